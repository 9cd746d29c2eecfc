//! hayate-fe's integration tests (FAME and OT10), linked into a single test binary so that the
//! generic pairing and scheme code is instantiated and optimised once, not once per file.

mod fame;
mod ot10;
