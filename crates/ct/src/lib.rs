//! hayate-ct: constant-time evidence for the library crates, in one place (the shape of
//! libsecp256k1's `ctime_tests`). Nothing here is part of hayate's API.
//!
//! * `examples/ctgrind.rs` — the valgrind payload: secrets marked undefined with memcheck's
//!   client requests, so that every branch and memory address computed from a secret is
//!   reported; sections for hayate-ec, ECDH on every named curve, the pairing groups, BLS
//!   signatures and the FE schemes; controls that must be flagged.
//! * `tests/valgrind.rs` — builds the payload in release mode twice (CPU features detected at
//!   run time; `-C target-feature=+bmi2,+adx`, so that the MULX/ADCX/ADOX assembly runs under
//!   valgrind, whose CPU model hides ADX) and runs it under memcheck.
//! * `tests/disasm.rs` — the mechanical check for what valgrind cannot run (AVX-512 IFMA) and
//!   for every generated assembly kernel: disassembles the payload and checks conditional
//!   branches and data-indexed memory operands.
//!
//! `docs/constant-time.md` maps every secret-handling operation to the code path it takes on
//! each CPU class and to the evidence that covers it.
