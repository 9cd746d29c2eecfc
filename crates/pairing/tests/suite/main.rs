//! hayate-pairing's integration tests, one module per topic, linked into a single test binary:
//! the generic tower, curve and pairing code is then instantiated and optimised once for all
//! of them instead of once per file (the CI build time is dominated by those instantiations).
//! (The constant-time evidence lives in `crates/ct`.)

#[path = "../../../ec/tests/common/mod.rs"]
mod common;
#[path = "../../../ec/tests/glv_checks/mod.rs"]
mod glv_checks;

mod encoding;
mod evm;
mod gls;
mod glv;
mod gt_membership;
mod hash_to_curve;
mod lines;
mod point_kernels;
mod scalar;
mod subgroup;
