//! hayate-bls: BLS signatures (draft-irtf-cfrg-bls-signature-05) on hayate's BLS12-381.
