//! hayate-ec
