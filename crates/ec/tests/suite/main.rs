//! hayate-ec's integration tests, one module per topic, linked into a single test binary:
//! the generic curve code is then instantiated and optimised once for all of them instead of
//! once per file (the CI build time is dominated by those instantiations).
//! (The constant-time evidence lives in `crates/ct`.)

#[path = "../common/mod.rs"]
mod common;
#[path = "../glv_checks/mod.rs"]
mod glv_checks;

mod fixed;
mod g2;
mod glv;
mod group;
mod hash_to_curve_nist;
mod hash_to_curve_p256;
mod jin_miyaji;
mod known_answers;
mod methods;
mod named_curves;
mod pool;
mod runtime_curves;
mod scalar;
mod signed_window;
mod tiny_exhaustive;
