//! The CLI's front ends, compiled from the CLI's own sources: hex arguments
//! (`crates/cli/src/hexarg.rs`) and bounded reads (`crates/cli/src/files.rs`).
#[allow(dead_code)]
#[path = "../../crates/cli/src/files.rs"]
mod files;
#[path = "../../crates/cli/src/hexarg.rs"]
mod hexarg;

/// First byte: a read limit; the rest is read through `read_bounded_from` and, as text, parsed
/// as a hex argument.
pub fn hex(data: &[u8]) {
    let Some((&limit, rest)) = data.split_first() else {
        return;
    };
    let limit = limit as usize;
    let got = files::read_bounded_from(rest, limit).expect("reading a slice cannot fail");
    assert_eq!(got.is_some(), rest.len() <= limit);
    if let Some(v) = got {
        assert_eq!(v, rest);
    }
    let Ok(s) = std::str::from_utf8(rest) else {
        return;
    };
    if let Ok(v) = hexarg::decode(s) {
        // what decodes is exactly the digits between the whitespace and the prefix
        assert_eq!(hex::encode(&v), hexarg::strip(s).to_ascii_lowercase());
    }
}
