//! hayate-pairing
