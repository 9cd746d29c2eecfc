//! hayate's fuzz targets: one libFuzzer binary, the target chosen by the environment variable
//! `HAYATE_FUZZ_TARGET` (see `fuzz/run.sh` and `docs/fuzzing.md`).
//!
//! Every target states a property that must hold for **every** input, beyond "does not panic":
//! decoders accept only canonical encodings (whatever decodes re-encodes to the same bytes),
//! streaming and one-shot decryption agree, and the differential targets agree with a peer
//! implementation on both the result and the accept/reject decision. A violated property is an
//! `assert!`, so libFuzzer records the input as a crash.
#![no_main]

mod aead_targets;
mod cli_targets;
mod decoders;
mod diff_bls12;
mod diff_bn;
mod diff_ecdh;
mod fe_targets;

use std::sync::OnceLock;

/// A fuzz target: a name and a function that must not panic on any input.
type Target = (&'static str, fn(&[u8]));

/// Every target, by name.
const TARGETS: &[Target] = &[
    ("evm", decoders::evm),
    ("zcash", decoders::zcash),
    ("eip_encodings", decoders::eip_encodings),
    ("sec1", decoders::sec1),
    ("bls_objects", decoders::bls_objects),
    ("fe_objects", fe_targets::fe_objects),
    ("fe_decrypt", fe_targets::fe_decrypt),
    ("policy", fe_targets::policy),
    ("aead_stream", aead_targets::aead_stream),
    ("cli_hex", cli_targets::hex),
    ("diff_bn256", diff_bn::bn256),
    ("diff_bls12", diff_bls12::bls12),
    ("diff_ecdh", diff_ecdh::ecdh),
    ("diff_ascon", aead_targets::diff_ascon),
];

fn selected() -> fn(&[u8]) {
    static SEL: OnceLock<fn(&[u8])> = OnceLock::new();
    *SEL.get_or_init(|| {
        let name = std::env::var("HAYATE_FUZZ_TARGET").unwrap_or_default();
        match TARGETS.iter().find(|(n, _)| *n == name) {
            Some((_, f)) => *f,
            None => {
                let names: Vec<&str> = TARGETS.iter().map(|(n, _)| *n).collect();
                eprintln!(
                    "set HAYATE_FUZZ_TARGET to one of: {}",
                    names.join(" ")
                );
                std::process::exit(2);
            }
        }
    })
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    selected()(data);
});
