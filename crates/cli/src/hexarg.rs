//! Hex arguments on the command line: surrounding whitespace and one `0x`/`0X` prefix are
//! ignored; digits of either case; an even number of them. Each command words its own error
//! message around [`decode`]'s.

/// Decodes a command-line hex argument.
pub fn decode(s: &str) -> Result<Vec<u8>, hex::FromHexError> {
    hex::decode(strip(s))
}

/// The digits of a hex argument: trimmed, without its `0x`/`0X` prefix.
pub fn strip(s: &str) -> &str {
    let s = s.trim();
    s.strip_prefix("0x")
        .or_else(|| s.strip_prefix("0X"))
        .unwrap_or(s)
}
