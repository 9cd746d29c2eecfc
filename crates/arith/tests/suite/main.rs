//! hayate-arith's integration tests, one module per topic, linked into a single test binary
//! (the generic field and tower code is instantiated and optimised once, not once per file).

mod avx2;
mod backend;
mod fp;
mod generated;
mod layering;
mod lazy;
mod safegcd;
mod tower;
