//! hayate-arith
