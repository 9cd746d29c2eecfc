//! The policy language shared by the FE schemes, and its compilation to span programs.
//!
//! # Syntax
//!
//! ```text
//! policy  := or
//! or      := and ( "or" and )*
//! and     := unary ( "and" unary )*
//! unary   := "not" unary | primary
//! primary := "(" or ")"
//!          | K "of" "(" or ( "," or )* ")"          threshold, 1 ≤ K ≤ number of children
//!          | NAME ( "<" | "<=" | ">" | ">=" | "==" ) NUMBER
//!          | NAME "=" NUMBER                          (written without spaces: same as NAME == NUMBER)
//!          | ATTRIBUTE
//! ```
//!
//! Keywords (`and`, `or`, `not`, `of`) are case-insensitive. An ATTRIBUTE is a run of ASCII
//! letters, digits and `_ - . : @ /`, and may contain single `=` signs between such characters
//! (`doctor`, `dept=cardiology`); `#` is reserved for the internal bit attributes below.
//! NUMBER is a decimal integer below 2^[`NUM_BITS`].
//!
//! # Numeric attributes (bag of bits)
//!
//! A key attribute `age=42` (a name, `=`, and a decimal value) is numeric. Following
//! Bethencourt–Sahai–Waters (IEEE S&P 2007, §4.3), it is expanded into [`NUM_BITS`] attributes
//! `age#i=b` (bit i of the value is b), and a comparison `age >= 18` into a formula over those bit
//! attributes of size linear in [`NUM_BITS`]. The two literals of a bit are complementary, so a
//! negated comparison is again monotone (`not (age >= 18)` is `age < 18`). A comparison on a
//! numeric attribute that the key does not carry is false, and so is its negation.
//!
//! # Span programs
//!
//! [`Policy::normalize`] pushes negations to the leaves (De Morgan; `not (K of n)` is
//! `(n − K + 1) of n` over the negated children), expands comparisons and folds constants into a
//! [`Formula`] of threshold gates over [`Literal`]s. [`Msp::build`] turns a formula into a
//! linear secret-sharing matrix with target vector (1, 0, …, 0) by the Lewko–Waters algorithm
//! (Eurocrypt 2011, Appendix G), generalised to thresholds:
//! * OR (1 of n): every child gets the parent's vector v;
//! * AND (n of n): the children get v‖1‖0…, 0‖−1‖1‖0…, …, 0‖…‖−1 (n − 1 new columns; every
//!   coefficient of the reconstruction is 1);
//! * K of n, 1 < K < n: child i ∈ 1..=n gets v‖(i, i², …, i^{K−1}) (K − 1 new columns); any K
//!   children reconstruct v‖0 with their Lagrange coefficients at 0, fewer cannot.
//!
//! The matrix is kept sparse (each row as its non-zero entries, [`SparseRow`]): memory and work
//! are those of the entries, bounded by [`MAX_ENTRIES`] and checked on the formula
//! ([`span_entries`]) before any row is built. Decryption needs no matrix: the reconstruction
//! coefficients ([`Msp::reconstruct`]) are read off the tree — 1 through OR and AND, Lagrange
//! coefficients at 0 for the k cheapest satisfied children of a threshold.
//!
//! # Limits
//!
//! [`MAX_POLICY_LEN`] bytes, [`MAX_DEPTH`] levels, [`MAX_ROWS`] rows, [`MAX_ENTRIES`]
//! span-program entries, [`MAX_ATTR_LEN`] bytes per attribute name, [`MAX_KEY_ATTRS`] key
//! attributes after expansion; each refused with its own error variant.
//!
//! For FAME every row label must be a positive literal (monotone span program:
//! [`Msp::require_monotone`]); Okamoto–Takashima's non-monotone span programs take negated
//! labels as they are.

use core::fmt;
use std::collections::{BTreeMap, BTreeSet};

use hayate_arith::Field;

/// Bit width of numeric attributes and comparison constants.
pub const NUM_BITS: u32 = 32;
/// Longest accepted policy string (bytes).
pub const MAX_POLICY_LEN: usize = 16 * 1024;
/// Deepest accepted nesting of parentheses, `not` and thresholds.
pub const MAX_DEPTH: usize = 64;
/// Most rows a span program may have (bounds work and ciphertext size).
pub const MAX_ROWS: usize = 4096;
/// Most non-zero entries a span program may have ([`span_entries`]). AND/OR formulas stay far
/// below (a row of an AND/OR formula has at most two entries of its own, and inherits
/// entries only from threshold ancestors); a k-of-n gate gives each of its n subtrees' rows
/// k − 1 entries, so this bounds the thresholds: `2048 of (…4096 attributes…)` (8·10⁶
/// entries) is refused, and the largest gate over 1024 attributes is `64 of (…)`. Encryption's public work is one
/// multiple of a column hash per entry (FAME) or one field product per entry (OT10).
pub const MAX_ENTRIES: usize = 1 << 16;
/// Most attribute strings a key may carry after expansion ([`Attributes::expanded_len`]:
/// a numeric attribute counts [`NUM_BITS`]). Bounds KeyGen's work and a user key's size
/// (8192 × 3 G1 points, 1.2 MB on BLS12-381) and the work of validating a key.
pub const MAX_KEY_ATTRS: usize = 8192;
/// Longest attribute name (bytes).
pub const MAX_ATTR_LEN: usize = 255;

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==` (or `=` written without spaces)
    Eq,
}

impl CmpOp {
    fn symbol(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Eq => "==",
        }
    }
    /// Does `x op c` hold?
    pub fn holds(self, x: u64, c: u64) -> bool {
        match self {
            CmpOp::Lt => x < c,
            CmpOp::Le => x <= c,
            CmpOp::Gt => x > c,
            CmpOp::Ge => x >= c,
            CmpOp::Eq => x == c,
        }
    }
}

/// A parsed policy (abstract syntax tree).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Policy {
    /// A string attribute the key must carry.
    Attr(String),
    /// A comparison on a numeric attribute.
    Cmp {
        /// The numeric attribute's name.
        name: String,
        /// The operator.
        op: CmpOp,
        /// The constant compared with, below 2^[`NUM_BITS`].
        value: u64,
    },
    /// Negation of a sub-policy.
    Not(Box<Policy>),
    /// Every child.
    And(Vec<Policy>),
    /// At least one child.
    Or(Vec<Policy>),
    /// At least `k` of the children.
    Threshold {
        /// The threshold, 1 ≤ k ≤ number of children.
        k: usize,
        /// The sub-policies.
        children: Vec<Policy>,
    },
}

/// Why a policy string does not parse; `pos` is a byte offset into the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyError {
    /// Byte offset into the input where the error was found.
    pub pos: usize,
    /// What is wrong.
    pub kind: PolicyErrorKind,
}

/// The reason of a [`PolicyError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PolicyErrorKind {
    /// Nothing but white space.
    Empty,
    /// Longer than [`MAX_POLICY_LEN`].
    TooLong {
        /// The limit, [`MAX_POLICY_LEN`].
        max: usize,
    },
    /// Nested deeper than [`MAX_DEPTH`].
    TooDeep {
        /// The limit, [`MAX_DEPTH`].
        max: usize,
    },
    /// A character that starts no token.
    UnexpectedChar(char),
    /// The input ended where something was still expected.
    UnexpectedEnd {
        /// A description of what was expected.
        expected: &'static str,
    },
    /// A token other than the one expected.
    Unexpected {
        /// The token found, as text.
        found: String,
        /// A description of what was expected.
        expected: &'static str,
    },
    /// A number that does not fit [`NUM_BITS`] bits (or a threshold that does not fit usize).
    NumberTooLarge,
    /// `K of (…)` with K = 0 or K larger than the number of children.
    ThresholdOutOfRange {
        /// The threshold K written.
        k: usize,
        /// The number of children.
        n: usize,
    },
    /// An attribute name that is too long or badly formed.
    InvalidAttribute(String),
    /// An attribute list of more than [`MAX_KEY_ATTRS`] attributes after expansion (a numeric
    /// attribute counts [`NUM_BITS`]).
    TooManyAttributes {
        /// The number of attribute strings after expansion, including the attribute that
        /// went over the limit.
        expanded: usize,
        /// The limit, [`MAX_KEY_ATTRS`].
        max: usize,
    },
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "policy error at byte {}: ", self.pos)?;
        match &self.kind {
            PolicyErrorKind::Empty => f.write_str("empty policy"),
            PolicyErrorKind::TooLong { max } => write!(f, "policy longer than {max} bytes"),
            PolicyErrorKind::TooDeep { max } => write!(f, "policy nested deeper than {max} levels"),
            PolicyErrorKind::UnexpectedChar(c) => write!(f, "unexpected character {c:?}"),
            PolicyErrorKind::UnexpectedEnd { expected } => {
                write!(f, "unexpected end of policy, expected {expected}")
            }
            PolicyErrorKind::Unexpected { found, expected } => {
                write!(f, "found {found:?}, expected {expected}")
            }
            PolicyErrorKind::NumberTooLarge => write!(f, "number does not fit in {NUM_BITS} bits"),
            PolicyErrorKind::ThresholdOutOfRange { k, n } => {
                write!(f, "threshold {k} of {n}: need 1 <= k <= number of children")
            }
            PolicyErrorKind::InvalidAttribute(a) => write!(f, "invalid attribute {a:?}"),
            PolicyErrorKind::TooManyAttributes { expanded, max } => write!(
                f,
                "too many attributes: {expanded} after expansion (a numeric attribute counts \
                 {NUM_BITS}), at most {max}"
            ),
        }
    }
}
impl std::error::Error for PolicyError {}

/// Why a parsed policy cannot be used by a scheme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConvertError {
    /// The policy is constant (always or never satisfied): nothing to encrypt to.
    Trivial(bool),
    /// A negated string attribute in a scheme that only takes monotone policies.
    NotMonotone {
        /// The negated attribute (the first negated row label).
        attr: String,
    },
    /// More than [`MAX_ROWS`] rows.
    TooLarge {
        /// The number of rows the span program would have.
        rows: usize,
    },
    /// More than [`MAX_ENTRIES`] non-zero span-program entries (large thresholds).
    TooManyEntries {
        /// The number of non-zero entries the span program would have ([`span_entries`];
        /// saturating).
        entries: usize,
    },
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::Trivial(b) => {
                write!(f, "policy is always {}", if *b { "true" } else { "false" })
            }
            ConvertError::NotMonotone { attr } => {
                write!(
                    f,
                    "negated attribute {attr:?}: this scheme supports monotone policies only"
                )
            }
            ConvertError::TooLarge { rows } => {
                write!(f, "policy too large ({rows} rows, at most {MAX_ROWS})")
            }
            ConvertError::TooManyEntries { entries } => write!(
                f,
                "policy too large: its span program has {entries} non-zero entries, at most \
                 {MAX_ENTRIES} (lower the threshold gates' k or their number of children)"
            ),
        }
    }
}
impl std::error::Error for ConvertError {}

// ---------------------------------------------------------------------------------------------
// Lexer

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    LParen,
    RParen,
    Comma,
    Op(CmpOp),
    Word(String),
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b':' | b'@' | b'/')
}

fn lex(s: &str) -> Result<Vec<(usize, Tok)>, PolicyError> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        match c {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'(' => {
                out.push((start, Tok::LParen));
                i += 1
            }
            b')' => {
                out.push((start, Tok::RParen));
                i += 1
            }
            b',' => {
                out.push((start, Tok::Comma));
                i += 1
            }
            b'<' | b'>' | b'=' => {
                let two = b.get(i + 1) == Some(&b'=');
                let op = match (c, two) {
                    (b'<', false) => CmpOp::Lt,
                    (b'<', true) => CmpOp::Le,
                    (b'>', false) => CmpOp::Gt,
                    (b'>', true) => CmpOp::Ge,
                    (b'=', true) => CmpOp::Eq,
                    _ => {
                        return Err(PolicyError {
                            pos: start,
                            kind: PolicyErrorKind::UnexpectedChar('='),
                        })
                    }
                };
                out.push((start, Tok::Op(op)));
                i += if two { 2 } else { 1 };
            }
            _ if is_ident_char(c) => {
                while i < b.len() {
                    // an identifier character, or '=' inside a name=value attribute
                    if is_ident_char(b[i])
                        || (b[i] == b'=' && i + 1 < b.len() && is_ident_char(b[i + 1]))
                    {
                        i += 1;
                    } else {
                        break;
                    }
                }
                out.push((start, Tok::Word(s[start..i].to_string())));
            }
            _ => {
                let ch = s[i..].chars().next().unwrap_or('?');
                return Err(PolicyError {
                    pos: start,
                    kind: PolicyErrorKind::UnexpectedChar(ch),
                });
            }
        }
    }
    Ok(out)
}

fn keyword(t: &Tok, kw: &str) -> bool {
    matches!(t, Tok::Word(w) if w.eq_ignore_ascii_case(kw))
}

fn is_keyword(w: &str) -> bool {
    ["and", "or", "not", "of"]
        .iter()
        .any(|k| w.eq_ignore_ascii_case(k))
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::LParen => "(".into(),
        Tok::RParen => ")".into(),
        Tok::Comma => ",".into(),
        Tok::Op(o) => o.symbol().into(),
        Tok::Word(w) => w.clone(),
    }
}

fn parse_number(w: &str, pos: usize) -> Result<u64, PolicyError> {
    if w.is_empty() || !w.bytes().all(|c| c.is_ascii_digit()) {
        return Err(PolicyError {
            pos,
            kind: PolicyErrorKind::Unexpected {
                found: w.into(),
                expected: "a number",
            },
        });
    }
    let v: u64 = w.parse().map_err(|_| PolicyError {
        pos,
        kind: PolicyErrorKind::NumberTooLarge,
    })?;
    if NUM_BITS < 64 && v >> NUM_BITS != 0 {
        return Err(PolicyError {
            pos,
            kind: PolicyErrorKind::NumberTooLarge,
        });
    }
    Ok(v)
}

fn check_name(name: &str, pos: usize) -> Result<(), PolicyError> {
    if name.is_empty() || name.len() > MAX_ATTR_LEN || is_keyword(name) {
        return Err(PolicyError {
            pos,
            kind: PolicyErrorKind::InvalidAttribute(name.into()),
        });
    }
    Ok(())
}

/// Splits `name=digits` into a numeric attribute; `None` for anything else.
fn split_numeric(w: &str) -> Option<(&str, &str)> {
    let (name, val) = w.rsplit_once('=')?;
    if !name.is_empty()
        && !name.contains('=')
        && !val.is_empty()
        && val.bytes().all(|c| c.is_ascii_digit())
    {
        Some((name, val))
    } else {
        None
    }
}

struct Parser {
    toks: Vec<(usize, Tok)>,
    i: usize,
    end: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.i).map(|(_, t)| t)
    }
    fn pos(&self) -> usize {
        self.toks.get(self.i).map(|(p, _)| *p).unwrap_or(self.end)
    }
    fn next(&mut self, expected: &'static str) -> Result<(usize, Tok), PolicyError> {
        let t = self.toks.get(self.i).cloned().ok_or(PolicyError {
            pos: self.end,
            kind: PolicyErrorKind::UnexpectedEnd { expected },
        })?;
        self.i += 1;
        Ok(t)
    }
    fn expect(&mut self, want: Tok, expected: &'static str) -> Result<(), PolicyError> {
        let (pos, t) = self.next(expected)?;
        if t != want {
            return Err(PolicyError {
                pos,
                kind: PolicyErrorKind::Unexpected {
                    found: describe(&t),
                    expected,
                },
            });
        }
        Ok(())
    }
    fn depth_check(&self, depth: usize) -> Result<(), PolicyError> {
        if depth > MAX_DEPTH {
            return Err(PolicyError {
                pos: self.pos(),
                kind: PolicyErrorKind::TooDeep { max: MAX_DEPTH },
            });
        }
        Ok(())
    }

    fn or(&mut self, depth: usize) -> Result<Policy, PolicyError> {
        let mut v = vec![self.and(depth)?];
        while self.peek().is_some_and(|t| keyword(t, "or")) {
            self.i += 1;
            v.push(self.and(depth)?);
        }
        Ok(if v.len() == 1 {
            v.pop().expect("one element")
        } else {
            Policy::Or(v)
        })
    }

    fn and(&mut self, depth: usize) -> Result<Policy, PolicyError> {
        let mut v = vec![self.unary(depth)?];
        while self.peek().is_some_and(|t| keyword(t, "and")) {
            self.i += 1;
            v.push(self.unary(depth)?);
        }
        Ok(if v.len() == 1 {
            v.pop().expect("one element")
        } else {
            Policy::And(v)
        })
    }

    fn unary(&mut self, depth: usize) -> Result<Policy, PolicyError> {
        self.depth_check(depth)?;
        if self.peek().is_some_and(|t| keyword(t, "not")) {
            self.i += 1;
            return Ok(Policy::Not(Box::new(self.unary(depth + 1)?)));
        }
        self.primary(depth)
    }

    fn primary(&mut self, depth: usize) -> Result<Policy, PolicyError> {
        const EXPECTED: &str = "an attribute, a comparison, a threshold, \"not\" or \"(\"";
        let (pos, t) = self.next(EXPECTED)?;
        match t {
            Tok::LParen => {
                let p = self.or(depth + 1)?;
                self.expect(Tok::RParen, "\")\"")?;
                Ok(p)
            }
            Tok::Word(w) if is_keyword(&w) => Err(PolicyError {
                pos,
                kind: PolicyErrorKind::Unexpected {
                    found: w,
                    expected: EXPECTED,
                },
            }),
            Tok::Word(w) => {
                // threshold?
                if w.bytes().all(|c| c.is_ascii_digit())
                    && self.peek().is_some_and(|t| keyword(t, "of"))
                {
                    self.i += 1;
                    let k: usize = w.parse().map_err(|_| PolicyError {
                        pos,
                        kind: PolicyErrorKind::NumberTooLarge,
                    })?;
                    self.expect(Tok::LParen, "\"(\" after \"of\"")?;
                    let mut children = vec![self.or(depth + 1)?];
                    loop {
                        let (p2, t2) = self.next("\",\" or \")\"")?;
                        match t2 {
                            Tok::Comma => children.push(self.or(depth + 1)?),
                            Tok::RParen => break,
                            other => {
                                return Err(PolicyError {
                                    pos: p2,
                                    kind: PolicyErrorKind::Unexpected {
                                        found: describe(&other),
                                        expected: "\",\" or \")\"",
                                    },
                                })
                            }
                        }
                    }
                    if k == 0 || k > children.len() {
                        return Err(PolicyError {
                            pos,
                            kind: PolicyErrorKind::ThresholdOutOfRange {
                                k,
                                n: children.len(),
                            },
                        });
                    }
                    return Ok(Policy::Threshold { k, children });
                }
                // comparison with an operator token?
                if let Some(Tok::Op(op)) = self.peek().cloned() {
                    self.i += 1;
                    check_name(&w, pos)?;
                    if w.contains('=') {
                        return Err(PolicyError {
                            pos,
                            kind: PolicyErrorKind::InvalidAttribute(w),
                        });
                    }
                    let (vp, vt) = self.next("a number")?;
                    let value = match vt {
                        Tok::Word(v) => parse_number(&v, vp)?,
                        other => {
                            return Err(PolicyError {
                                pos: vp,
                                kind: PolicyErrorKind::Unexpected {
                                    found: describe(&other),
                                    expected: "a number",
                                },
                            })
                        }
                    };
                    return Ok(Policy::Cmp { name: w, op, value });
                }
                if let Some((name, val)) = split_numeric(&w) {
                    check_name(name, pos)?;
                    let value = parse_number(val, pos + name.len() + 1)?;
                    return Ok(Policy::Cmp {
                        name: name.to_string(),
                        op: CmpOp::Eq,
                        value,
                    });
                }
                check_name(&w, pos)?;
                Ok(Policy::Attr(w))
            }
            other => Err(PolicyError {
                pos,
                kind: PolicyErrorKind::Unexpected {
                    found: describe(&other),
                    expected: EXPECTED,
                },
            }),
        }
    }
}

impl Policy {
    /// Parses a policy string.
    pub fn parse(s: &str) -> Result<Policy, PolicyError> {
        if s.len() > MAX_POLICY_LEN {
            return Err(PolicyError {
                pos: MAX_POLICY_LEN,
                kind: PolicyErrorKind::TooLong {
                    max: MAX_POLICY_LEN,
                },
            });
        }
        let toks = lex(s)?;
        if toks.is_empty() {
            return Err(PolicyError {
                pos: 0,
                kind: PolicyErrorKind::Empty,
            });
        }
        let mut p = Parser {
            toks,
            i: 0,
            end: s.len(),
        };
        let policy = p.or(0)?;
        if let Some((pos, t)) = p.toks.get(p.i) {
            return Err(PolicyError {
                pos: *pos,
                kind: PolicyErrorKind::Unexpected {
                    found: describe(t),
                    expected: "\"and\", \"or\" or the end",
                },
            });
        }
        Ok(policy)
    }

    /// The plain evaluator (reference semantics, used to test the schemes): does a holder of
    /// `attrs` satisfy the policy? A comparison on a numeric attribute the holder lacks is
    /// false, and so is its negation.
    pub fn eval(&self, attrs: &Attributes) -> bool {
        self.eval_neg(attrs, false)
    }

    fn eval_neg(&self, a: &Attributes, neg: bool) -> bool {
        match self {
            Policy::Attr(s) => a.strings.contains(s) != neg,
            Policy::Cmp { name, op, value } => match a.numbers.get(name) {
                None => false,
                Some(&x) => op.holds(x, *value) != neg,
            },
            Policy::Not(p) => p.eval_neg(a, !neg),
            Policy::And(v) => {
                if neg {
                    v.iter().any(|c| c.eval_neg(a, true))
                } else {
                    v.iter().all(|c| c.eval_neg(a, false))
                }
            }
            Policy::Or(v) => {
                if neg {
                    v.iter().all(|c| c.eval_neg(a, true))
                } else {
                    v.iter().any(|c| c.eval_neg(a, false))
                }
            }
            Policy::Threshold { k, children } => {
                if neg {
                    children.iter().filter(|c| c.eval_neg(a, true)).count() > children.len() - k
                } else {
                    children.iter().filter(|c| c.eval_neg(a, false)).count() >= *k
                }
            }
        }
    }

    /// Negations pushed to the leaves, comparisons expanded to bit attributes, constants folded.
    pub fn normalize(&self) -> Formula {
        self.norm(false)
    }

    fn norm(&self, neg: bool) -> Formula {
        match self {
            Policy::Attr(s) => Formula::Lit(Literal {
                attr: s.clone(),
                negated: neg,
            }),
            Policy::Cmp { name, op, value } => compare(name, *op, *value, neg),
            Policy::Not(p) => p.norm(!neg),
            Policy::And(v) => {
                let c: Vec<Formula> = v.iter().map(|c| c.norm(neg)).collect();
                if neg {
                    Formula::gate(1, c)
                } else {
                    let n = c.len();
                    Formula::gate(n, c)
                }
            }
            Policy::Or(v) => {
                let c: Vec<Formula> = v.iter().map(|c| c.norm(neg)).collect();
                if neg {
                    let n = c.len();
                    Formula::gate(n, c)
                } else {
                    Formula::gate(1, c)
                }
            }
            Policy::Threshold { k, children } => {
                let c: Vec<Formula> = children.iter().map(|c| c.norm(neg)).collect();
                let n = c.len();
                Formula::gate(if neg { n - k + 1 } else { *k }, c)
            }
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn list(f: &mut fmt::Formatter<'_>, v: &[Policy], sep: &str) -> fmt::Result {
            f.write_str("(")?;
            for (i, c) in v.iter().enumerate() {
                if i > 0 {
                    f.write_str(sep)?;
                }
                write!(f, "{c}")?;
            }
            f.write_str(")")
        }
        match self {
            Policy::Attr(s) => f.write_str(s),
            Policy::Cmp { name, op, value } => write!(f, "{name} {} {value}", op.symbol()),
            Policy::Not(p) => write!(f, "not ({p})"),
            Policy::And(v) => list(f, v, " and "),
            Policy::Or(v) => list(f, v, " or "),
            Policy::Threshold { k, children } => {
                write!(f, "{k} of ")?;
                list(f, children, ", ")
            }
        }
    }
}

/// The name of the internal attribute "bit `i` of numeric attribute `name` is `b`".
pub fn bit_attr(name: &str, i: u32, b: bool) -> String {
    format!("{name}#{i}={}", b as u8)
}

/// `name op value` (negated if `neg`) as a formula over bit attributes (BSW §4.3).
fn compare(name: &str, op: CmpOp, value: u64, neg: bool) -> Formula {
    let bit = |i: u32, b: bool| {
        Formula::Lit(Literal {
            attr: bit_attr(name, i, b),
            negated: false,
        })
    };
    let cbit = |i: u32| (value >> i) & 1 == 1;
    // x > c (or ≥ c when `or_equal`): from the least significant bit up,
    // f ← (c_i = 1) ? (x_i = 1 ∧ f) : (x_i = 1 ∨ f).
    let greater = |or_equal: bool| {
        let mut f = Formula::Const(or_equal);
        for i in 0..NUM_BITS {
            f = if cbit(i) {
                Formula::gate(2, vec![bit(i, true), f])
            } else {
                Formula::gate(1, vec![bit(i, true), f])
            };
        }
        f
    };
    // x < c (or ≤ c): f ← (c_i = 0) ? (x_i = 0 ∧ f) : (x_i = 0 ∨ f).
    let less = |or_equal: bool| {
        let mut f = Formula::Const(or_equal);
        for i in 0..NUM_BITS {
            f = if cbit(i) {
                Formula::gate(1, vec![bit(i, false), f])
            } else {
                Formula::gate(2, vec![bit(i, false), f])
            };
        }
        f
    };
    let op = if neg {
        match op {
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
            CmpOp::Eq => {
                // x ≠ c: some bit differs.
                let v: Vec<Formula> = (0..NUM_BITS).map(|i| bit(i, !cbit(i))).collect();
                return Formula::gate(1, v);
            }
        }
    } else {
        op
    };
    let f = match op {
        CmpOp::Gt => greater(false),
        CmpOp::Ge => greater(true),
        CmpOp::Lt => less(false),
        CmpOp::Le => less(true),
        CmpOp::Eq => {
            let v: Vec<Formula> = (0..NUM_BITS).map(|i| bit(i, cbit(i))).collect();
            let n = v.len();
            Formula::gate(n, v)
        }
    };
    // A comparison true for every value (`x >= 0`) still requires the attribute: "bit 0 is
    // 0 or 1". Any other formula here already mentions a bit literal in every satisfying set.
    if f == Formula::Const(true) {
        Formula::gate(1, vec![bit(0, false), bit(0, true)])
    } else {
        f
    }
}

/// A leaf of a normalized policy: an attribute, possibly negated.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Literal {
    /// The attribute string (for a numeric attribute, a bit attribute `name#i=b`).
    pub attr: String,
    /// Whether the literal is the attribute's negation (true when the key lacks it).
    pub negated: bool,
}

impl Literal {
    /// Is the literal true for a key holding `attrs`?
    pub fn holds(&self, attrs: &BTreeSet<String>) -> bool {
        attrs.contains(&self.attr) != self.negated
    }
}

/// A normalized policy: threshold gates (AND = n of n, OR = 1 of n) over literals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Formula {
    /// A constant: always (`true`) or never (`false`) satisfied.
    Const(bool),
    /// A literal.
    Lit(Literal),
    /// At least `k` of the children (AND = n of n, OR = 1 of n).
    Gate {
        /// The threshold.
        k: usize,
        /// The sub-formulas.
        children: Vec<Formula>,
    },
}

impl Formula {
    /// A k-of-n gate with constants folded and same-kind AND/OR gates flattened.
    pub fn gate(k: usize, children: Vec<Formula>) -> Formula {
        let mut k = k;
        let mut kept = Vec::with_capacity(children.len());
        let n0 = children.len();
        for c in children {
            match c {
                Formula::Const(true) => k = k.saturating_sub(1),
                Formula::Const(false) => {}
                other => kept.push(other),
            }
        }
        if k == 0 {
            return Formula::Const(true);
        }
        if k > kept.len() {
            return Formula::Const(false);
        }
        if kept.len() == 1 {
            return kept.pop().expect("one element");
        }
        let _ = n0;
        let n = kept.len();
        let is_and = k == n;
        let is_or = k == 1;
        let mut flat = Vec::with_capacity(n);
        for c in kept {
            match c {
                Formula::Gate {
                    k: ck,
                    children: cc,
                } if (is_and && ck == cc.len()) || (is_or && ck == 1) => flat.extend(cc),
                other => flat.push(other),
            }
        }
        let k = if is_and { flat.len() } else { k };
        Formula::Gate { k, children: flat }
    }

    /// Evaluation on a set of (expanded) key attributes.
    pub fn eval(&self, attrs: &BTreeSet<String>) -> bool {
        match self {
            Formula::Const(b) => *b,
            Formula::Lit(l) => l.holds(attrs),
            Formula::Gate { k, children } => {
                children.iter().filter(|c| c.eval(attrs)).count() >= *k
            }
        }
    }

    /// Number of literal leaves.
    pub fn leaves(&self) -> usize {
        match self {
            Formula::Const(_) => 0,
            Formula::Lit(_) => 1,
            Formula::Gate { children, .. } => children.iter().map(|c| c.leaves()).sum(),
        }
    }
}

/// The attributes of a key: string attributes and numeric attributes.
///
/// Built only by [`Attributes::parse`] and [`Attributes::insert`], which enforce the attribute
/// syntax, [`MAX_KEY_ATTRS`] and [`MAX_POLICY_LEN`] (on the printed list): every value of this
/// type prints (its `Display`) as a list that parses back to it, so a key made from it is one the
/// key decoders accept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attributes {
    strings: BTreeSet<String>,
    numbers: BTreeMap<String, u64>,
    /// The length of the `Display` form, at most [`MAX_POLICY_LEN`].
    printed_len: usize,
}

/// An attribute [`Attributes::insert`] is about to add (not yet in the list).
enum NewAttribute {
    Number(String, u64),
    Name(String),
}

impl Attributes {
    /// Parses a comma-separated list such as `doctor, dept=cardiology, age=42`
    /// (`name=digits` is numeric, below 2^[`NUM_BITS`]). Positions in errors are byte offsets.
    pub fn parse(s: &str) -> Result<Attributes, PolicyError> {
        if s.len() > MAX_POLICY_LEN {
            return Err(PolicyError {
                pos: MAX_POLICY_LEN,
                kind: PolicyErrorKind::TooLong {
                    max: MAX_POLICY_LEN,
                },
            });
        }
        let mut a = Attributes::default();
        let mut off = 0;
        for item in s.split(',') {
            let lead = item.len() - item.trim_start().len();
            let t = item.trim();
            let pos = off + lead;
            off += item.len() + 1;
            if t.is_empty() {
                if s.trim().is_empty() {
                    return Err(PolicyError {
                        pos,
                        kind: PolicyErrorKind::Empty,
                    });
                }
                return Err(PolicyError {
                    pos,
                    kind: PolicyErrorKind::UnexpectedEnd {
                        expected: "an attribute",
                    },
                });
            }
            a.insert_at(t, pos)?;
        }
        Ok(a)
    }

    /// Adds one item of the list syntax of [`Attributes::parse`]: a string attribute such as
    /// `doctor` or `dept=cardiology`, or a numeric one such as `age=42`. Refuses an invalid
    /// name, a numeric value of [`NUM_BITS`] bits or more, a second value for a numeric name, and
    /// an item that would take the list above [`MAX_KEY_ATTRS`] attributes after expansion or its
    /// printed form above [`MAX_POLICY_LEN`] bytes (the list is then unchanged). Positions in
    /// errors are byte offsets into `item`.
    pub fn insert(&mut self, item: &str) -> Result<(), PolicyError> {
        let lead = item.len() - item.trim_start().len();
        let t = item.trim();
        if t.is_empty() {
            return Err(PolicyError {
                pos: lead,
                kind: PolicyErrorKind::UnexpectedEnd {
                    expected: "an attribute",
                },
            });
        }
        self.insert_at(t, lead)
    }

    /// [`Attributes::insert`] of a trimmed, non-empty item found at byte `pos` of a list.
    fn insert_at(&mut self, t: &str, pos: usize) -> Result<(), PolicyError> {
        let toks = lex(t).map_err(|e| PolicyError {
            pos: pos + e.pos,
            ..e
        })?;
        let [(_, Tok::Word(w))] = toks.as_slice() else {
            return Err(PolicyError {
                pos,
                kind: PolicyErrorKind::InvalidAttribute(t.to_string()),
            });
        };
        let new = if let Some((name, val)) = split_numeric(w) {
            check_name(name, pos)?;
            let v = parse_number(val, pos + name.len() + 1)?;
            match self.numbers.get(name) {
                Some(&old) if old != v => {
                    return Err(PolicyError {
                        pos,
                        kind: PolicyErrorKind::InvalidAttribute(w.clone()),
                    })
                }
                Some(_) => return Ok(()),
                None => NewAttribute::Number(name.to_string(), v),
            }
        } else {
            check_name(w, pos)?;
            if self.strings.contains(w.as_str()) {
                return Ok(());
            }
            NewAttribute::Name(w.clone())
        };
        // the printed list (`Display`) is what a user key stores and its decoder parses
        let (printed, expanded) = match &new {
            NewAttribute::Number(name, v) => {
                (name.len() + 1 + v.to_string().len(), NUM_BITS as usize)
            }
            NewAttribute::Name(w) => (w.len(), 1),
        };
        let printed_len = self.printed_len + usize::from(self.printed_len > 0) + printed;
        if printed_len > MAX_POLICY_LEN {
            return Err(PolicyError {
                pos,
                kind: PolicyErrorKind::TooLong {
                    max: MAX_POLICY_LEN,
                },
            });
        }
        let expanded = self.expanded_len().saturating_add(expanded);
        if expanded > MAX_KEY_ATTRS {
            return Err(PolicyError {
                pos,
                kind: PolicyErrorKind::TooManyAttributes {
                    expanded,
                    max: MAX_KEY_ATTRS,
                },
            });
        }
        match new {
            NewAttribute::Number(name, v) => {
                self.numbers.insert(name, v);
            }
            NewAttribute::Name(w) => {
                self.strings.insert(w);
            }
        }
        self.printed_len = printed_len;
        Ok(())
    }

    /// The string attributes.
    pub fn strings(&self) -> &BTreeSet<String> {
        &self.strings
    }

    /// The numeric attributes, by name.
    pub fn numbers(&self) -> &BTreeMap<String, u64> {
        &self.numbers
    }

    /// The number of attribute strings [`Attributes::expand`] gives (string attributes, and
    /// [`NUM_BITS`] per numeric attribute), without expanding.
    pub fn expanded_len(&self) -> usize {
        self.strings
            .len()
            .saturating_add(self.numbers.len().saturating_mul(NUM_BITS as usize))
    }

    /// The set of attribute strings a key carries: string attributes as they are, numeric ones
    /// as their [`NUM_BITS`] bit attributes.
    pub fn expand(&self) -> BTreeSet<String> {
        let mut out = self.strings.clone();
        for (name, v) in &self.numbers {
            for i in 0..NUM_BITS {
                out.insert(bit_attr(name, i, (v >> i) & 1 == 1));
            }
        }
        out
    }
}

impl fmt::Display for Attributes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for s in &self.strings {
            if !first {
                f.write_str(",")?;
            }
            first = false;
            f.write_str(s)?;
        }
        for (n, v) in &self.numbers {
            if !first {
                f.write_str(",")?;
            }
            first = false;
            write!(f, "{n}={v}")?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Span programs

/// How a gate of the tree shares its vector among its children.
#[derive(Clone, Debug)]
enum Node {
    Leaf(usize),
    /// 1 of n: children share v.
    Or(Vec<Node>),
    /// n of n: Lewko–Waters chain, reconstruction coefficients 1.
    And(Vec<Node>),
    /// k of n: Vandermonde; child i has evaluation point i + 1.
    Thr(usize, Vec<Node>),
}

/// A row of the span program as its non-zero entries (column, coefficient), columns
/// increasing. A row never holds two entries of one column.
pub type SparseRow<F> = Vec<(usize, F)>;

/// A linear secret-sharing scheme (M, ρ) with target vector (1, 0, …, 0): row i is labelled
/// with `labels[i]`; the tree is kept to compute reconstruction coefficients.
///
/// The matrix is stored sparsely: the Lewko–Waters rows of an AND/OR formula have at most
/// one or two entries of their own beside those inherited from threshold ancestors, so the
/// memory and the work of [`Msp::build`] are those of the entries (bounded by
/// [`MAX_ENTRIES`]), never rows × columns.
#[derive(Clone, Debug)]
pub struct Msp<F: Field> {
    /// Row i, sparse ([`SparseRow`]).
    pub matrix: Vec<SparseRow<F>>,
    /// The label ρ(i) of row i.
    pub labels: Vec<Literal>,
    /// The number of columns.
    pub cols: usize,
    tree: Node,
}

/// The number of non-zero entries of the span program of `f` (what [`Msp::build`] stores),
/// computed from the formula without building anything; saturates instead of overflowing.
/// `inherited` is the number of entries of the vector the node receives.
pub fn span_entries(f: &Formula) -> usize {
    fn go(f: &Formula, inherited: usize) -> usize {
        match f {
            Formula::Const(_) => 0,
            Formula::Lit(_) => inherited,
            Formula::Gate { k, children } => {
                let n = children.len();
                children
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let own = if *k == 1 {
                            inherited
                        } else if *k == n {
                            // v‖1 for the first child, −1‖1 in between, −1 for the last
                            match (i == 0, i + 1 == n) {
                                (true, _) => inherited.saturating_add(1),
                                (false, false) => 2,
                                (false, true) => 1,
                            }
                        } else {
                            inherited.saturating_add(k.saturating_sub(1))
                        };
                        go(c, own)
                    })
                    .fold(0usize, |a, b| a.saturating_add(b))
            }
        }
    }
    go(f, 1)
}

impl<F: Field> Msp<F> {
    /// Builds the span program of a formula. Refuses (before allocating any row) formulas of
    /// more than [`MAX_ROWS`] rows or more than [`MAX_ENTRIES`] non-zero entries.
    pub fn build(f: &Formula) -> Result<Msp<F>, ConvertError> {
        if let Formula::Const(b) = f {
            return Err(ConvertError::Trivial(*b));
        }
        let rows = f.leaves();
        if rows > MAX_ROWS {
            return Err(ConvertError::TooLarge { rows });
        }
        let entries = span_entries(f);
        if entries > MAX_ENTRIES {
            return Err(ConvertError::TooManyEntries { entries });
        }
        let mut m = Msp {
            matrix: Vec::with_capacity(rows),
            labels: Vec::with_capacity(rows),
            cols: 1,
            tree: Node::Leaf(0),
        };
        m.tree = build_node(
            f,
            vec![(0, F::ONE)],
            &mut m.cols,
            &mut m.matrix,
            &mut m.labels,
        )?;
        Ok(m)
    }

    /// Parses, normalizes and builds in one step.
    pub fn from_policy(p: &Policy) -> Result<Msp<F>, ConvertError> {
        Self::build(&p.normalize())
    }

    /// Fails if a row is labelled with a negated literal.
    pub fn require_monotone(&self) -> Result<(), ConvertError> {
        match self.labels.iter().find(|l| l.negated) {
            Some(l) => Err(ConvertError::NotMonotone {
                attr: l.attr.clone(),
            }),
            None => Ok(()),
        }
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.matrix.len()
    }

    /// Row i as a dense vector of [`Msp::cols`] entries (for tests and small programs; the
    /// schemes use the sparse rows).
    pub fn dense_row(&self, i: usize) -> Vec<F> {
        let mut row = vec![F::ZERO; self.cols];
        for &(j, x) in &self.matrix[i] {
            row[j] = x;
        }
        row
    }

    /// Reconstruction coefficients (row, γ) with Σ γ·M_row = (1, 0, …, 0), using only rows whose
    /// predicate `ok(row)` is true; `None` if those rows do not span the target.
    ///
    /// Read off the tree (no elimination over the matrix): an OR passes its factor to its
    /// cheapest satisfied child, an AND to every child, a k-of-n gate to the k cheapest
    /// satisfied children times their Lagrange coefficients at 0 (evaluation points i + 1).
    /// "Cheapest" counts the rows a subtree's reconstruction uses, so the result uses as few
    /// rows as this tree allows. The work is linear in the tree plus k² per threshold gate.
    pub fn reconstruct(&self, ok: &dyn Fn(usize) -> bool) -> Option<Vec<(usize, F)>> {
        let cost = Cost::of(&self.tree, ok);
        cost.rows?;
        let mut out = Vec::new();
        collect(&self.tree, &cost, F::ONE, &mut out);
        Some(out)
    }
}

fn build_node<F: Field>(
    f: &Formula,
    v: SparseRow<F>,
    cols: &mut usize,
    rows: &mut Vec<SparseRow<F>>,
    labels: &mut Vec<Literal>,
) -> Result<Node, ConvertError> {
    match f {
        Formula::Const(b) => Err(ConvertError::Trivial(*b)),
        Formula::Lit(l) => {
            rows.push(v);
            labels.push(l.clone());
            Ok(Node::Leaf(rows.len() - 1))
        }
        Formula::Gate { k, children } => {
            let n = children.len();
            if *k == 0 || *k > n {
                // not produced by Formula::gate (it folds these to constants)
                return Err(ConvertError::Trivial(*k == 0));
            }
            if *k == 1 {
                let c = children
                    .iter()
                    .map(|c| build_node(c, v.clone(), cols, rows, labels))
                    .collect::<Result<_, _>>()?;
                Ok(Node::Or(c))
            } else if *k == n {
                let base = *cols;
                *cols += n - 1;
                let mut out = Vec::with_capacity(n);
                for (i, c) in children.iter().enumerate() {
                    let mut w = if i == 0 { v.clone() } else { Vec::new() };
                    if i > 0 {
                        w.push((base + i - 1, -F::ONE));
                    }
                    if i + 1 < n {
                        w.push((base + i, F::ONE));
                    }
                    out.push(build_node(c, w, cols, rows, labels)?);
                }
                Ok(Node::And(out))
            } else {
                let base = *cols;
                *cols += k - 1;
                let mut out = Vec::with_capacity(n);
                for (i, c) in children.iter().enumerate() {
                    let x = F::from_u64(i as u64 + 1);
                    let mut w = Vec::with_capacity(v.len() + k - 1);
                    w.extend_from_slice(&v);
                    let mut p = x;
                    for j in 0..k - 1 {
                        w.push((base + j, p));
                        p *= x;
                    }
                    out.push(build_node(c, w, cols, rows, labels)?);
                }
                Ok(Node::Thr(*k, out))
            }
        }
    }
}

/// Per node of the tree (in pre-order), the number of rows its cheapest reconstruction uses,
/// `None` where the node is not satisfied; computed bottom-up in one pass.
struct Cost {
    /// The root's entry.
    rows: Option<usize>,
    /// Pre-order: each node's entry, then its children's subtrees.
    nodes: Vec<Option<usize>>,
}

impl Cost {
    fn of(tree: &Node, ok: &dyn Fn(usize) -> bool) -> Cost {
        fn go(n: &Node, ok: &dyn Fn(usize) -> bool, out: &mut Vec<Option<usize>>) -> Option<usize> {
            let at = out.len();
            out.push(None);
            let c = match n {
                Node::Leaf(i) => ok(*i).then_some(1),
                Node::Or(c) => c.iter().filter_map(|c| go(c, ok, out)).min(),
                Node::And(c) => c
                    .iter()
                    .map(|c| go(c, ok, out))
                    .collect::<Vec<_>>()
                    .into_iter()
                    .try_fold(0usize, |a, b| Some(a.saturating_add(b?))),
                Node::Thr(k, c) => {
                    let mut sat: Vec<usize> = c.iter().filter_map(|c| go(c, ok, out)).collect();
                    if sat.len() < *k {
                        None
                    } else {
                        sat.sort_unstable();
                        Some(sat[..*k].iter().fold(0usize, |a, b| a.saturating_add(*b)))
                    }
                }
            };
            out[at] = c;
            c
        }
        let mut nodes = Vec::new();
        let rows = go(tree, ok, &mut nodes);
        Cost { rows, nodes }
    }
}

/// Number of nodes of a subtree (to skip it in the pre-order of [`Cost`]).
fn subtree_len(n: &Node) -> usize {
    match n {
        Node::Leaf(_) => 1,
        Node::Or(c) | Node::And(c) | Node::Thr(_, c) => {
            1 + c.iter().map(subtree_len).sum::<usize>()
        }
    }
}

/// The reconstruction coefficients of the satisfied subtree `n` (its [`Cost`] entries start at
/// `cost.nodes[at]`), each multiplied by `factor`.
fn collect<F: Field>(n: &Node, cost: &Cost, factor: F, out: &mut Vec<(usize, F)>) {
    // an explicit stack of (node, pre-order index, factor): the tree may be deep
    let mut stack = vec![(n, 0usize, factor)];
    while let Some((n, at, factor)) = stack.pop() {
        // the children with their pre-order indices and costs
        let children = |c: &'_ [Node]| -> Vec<(usize, Option<usize>)> {
            let mut idx = at + 1;
            c.iter()
                .map(|ch| {
                    let here = idx;
                    idx += subtree_len(ch);
                    (here, cost.nodes[here])
                })
                .collect()
        };
        match n {
            Node::Leaf(i) => out.push((*i, factor)),
            Node::Or(c) => {
                let ix = children(c);
                if let Some((k, &(at_c, _))) = ix
                    .iter()
                    .enumerate()
                    .filter(|(_, (_, r))| r.is_some())
                    .min_by_key(|(_, (_, r))| *r)
                {
                    stack.push((&c[k], at_c, factor));
                }
            }
            Node::And(c) => {
                for (ch, (at_c, _)) in c.iter().zip(children(c)) {
                    stack.push((ch, at_c, factor));
                }
            }
            Node::Thr(k, c) => {
                let ix = children(c);
                let mut sat: Vec<usize> = (0..c.len()).filter(|&i| ix[i].1.is_some()).collect();
                sat.sort_by_key(|&i| (ix[i].1, i));
                sat.truncate(*k);
                sat.sort_unstable();
                let xs: Vec<F> = sat.iter().map(|&i| F::from_u64(i as u64 + 1)).collect();
                // Lagrange coefficients at 0: λ_a = Π_{b≠a} x_b / (x_b − x_a); the
                // denominators inverted together (one inversion for the gate)
                let mut nums = Vec::with_capacity(xs.len());
                let mut dens = Vec::with_capacity(xs.len());
                for (a, xa) in xs.iter().enumerate() {
                    let mut num = F::ONE;
                    let mut den = F::ONE;
                    for (b, xb) in xs.iter().enumerate() {
                        if b != a {
                            num *= *xb;
                            den *= *xb - *xa;
                        }
                    }
                    nums.push(num);
                    dens.push(den);
                }
                let inv = batch_invert(&dens);
                for ((&i, num), inv) in sat.iter().zip(nums).zip(inv) {
                    stack.push((&c[i], ix[i].0, factor * num * inv));
                }
            }
        }
    }
    out.sort_unstable_by_key(|(i, _)| *i);
}

/// Inverses of non-zero field elements with one inversion (Montgomery's trick); a zero input
/// (never passed here: distinct evaluation points) gives zero.
fn batch_invert<F: Field>(xs: &[F]) -> Vec<F> {
    let mut prefix = Vec::with_capacity(xs.len());
    let mut acc = F::ONE;
    for x in xs {
        prefix.push(acc);
        acc *= *x;
    }
    let mut inv = acc.invert().unwrap_or(F::ZERO);
    let mut out = vec![F::ZERO; xs.len()];
    for i in (0..xs.len()).rev() {
        out[i] = inv * prefix[i];
        inv *= xs[i];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(s: &str) -> Attributes {
        Attributes::parse(s).unwrap()
    }

    #[test]
    fn parses_examples() {
        let p = Policy::parse("(doctor or nurse) and cardiology and age >= 18").unwrap();
        assert!(p.eval(&attrs("doctor,cardiology,age=42")));
        assert!(!p.eval(&attrs("doctor,cardiology,age=17")));
        assert!(!p.eval(&attrs("doctor,age=42")));
        let p = Policy::parse("2 of (a, b, dept=x) and not c").unwrap();
        assert!(p.eval(&attrs("a,dept=x")));
        assert!(!p.eval(&attrs("a,dept=x,c")));
        assert_eq!(
            Policy::parse("age=42").unwrap(),
            Policy::Cmp {
                name: "age".into(),
                op: CmpOp::Eq,
                value: 42
            }
        );
        assert_eq!(
            Policy::parse("AGE==42 OR x").unwrap().to_string(),
            "(AGE == 42 or x)"
        );
    }

    #[test]
    fn errors_have_positions() {
        let e = Policy::parse("a and (b or").unwrap_err();
        assert_eq!(e.pos, 11);
        assert!(matches!(e.kind, PolicyErrorKind::UnexpectedEnd { .. }));
        let e = Policy::parse("a and $").unwrap_err();
        assert_eq!((e.pos, e.kind), (6, PolicyErrorKind::UnexpectedChar('$')));
        let e = Policy::parse("3 of (a, b)").unwrap_err();
        assert_eq!(e.kind, PolicyErrorKind::ThresholdOutOfRange { k: 3, n: 2 });
        let e = Policy::parse("a b").unwrap_err();
        assert_eq!(e.pos, 2);
        let e = Policy::parse("age >= 99999999999").unwrap_err();
        assert_eq!((e.pos, e.kind), (7, PolicyErrorKind::NumberTooLarge));
        assert_eq!(
            Policy::parse("  ").unwrap_err().kind,
            PolicyErrorKind::Empty
        );
        let deep = "(".repeat(100) + "a" + &")".repeat(100);
        assert!(matches!(
            Policy::parse(&deep).unwrap_err().kind,
            PolicyErrorKind::TooDeep { .. }
        ));
        let nots = "not ".repeat(100) + "a";
        assert!(matches!(
            Policy::parse(&nots).unwrap_err().kind,
            PolicyErrorKind::TooDeep { .. }
        ));
        assert!(Policy::parse("a = b").is_err());
        assert!(Policy::parse("and").is_err());
        assert!(Policy::parse("a and or b").is_err());
    }

    #[test]
    fn comparisons_exhaustive_small() {
        for c in [0u64, 1, 2, 5, 17, 18, 255, u32::MAX as u64] {
            for op in [CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge, CmpOp::Eq] {
                for neg in [false, true] {
                    let f = compare("x", op, c, neg);
                    for x in [
                        0u64,
                        1,
                        2,
                        3,
                        4,
                        5,
                        6,
                        16,
                        17,
                        18,
                        19,
                        254,
                        255,
                        256,
                        u32::MAX as u64 - 1,
                        u32::MAX as u64,
                    ] {
                        let mut a = Attributes::default();
                        a.numbers.insert("x".into(), x);
                        assert_eq!(
                            f.eval(&a.expand()),
                            op.holds(x, c) != neg,
                            "x={x} {op:?} {c} neg={neg}"
                        );
                    }
                    // no attribute: never satisfied
                    assert!(!f.eval(&BTreeSet::new()));
                }
            }
        }
    }

    #[test]
    fn msp_reconstructs() {
        use hayate_pairing::bls12_381::Fr;
        for s in [
            "a",
            "a and b and c",
            "a or b",
            "2 of (a, b, c)",
            "(a or b) and 3 of (c, d, e, f) and g",
            "2 of (a and b, c or d, e)",
        ] {
            let p = Policy::parse(s).unwrap();
            let f = p.normalize();
            let m = Msp::<Fr>::build(&f).unwrap();
            let names: Vec<&str> = ["a", "b", "c", "d", "e", "f", "g"].to_vec();
            for mask in 0u32..128 {
                let set: BTreeSet<String> = names
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask >> i & 1 == 1)
                    .map(|(_, n)| n.to_string())
                    .collect();
                let r = m.reconstruct(&|i| m.labels[i].holds(&set));
                assert_eq!(r.is_some(), f.eval(&set), "{s} {set:?}");
                if let Some(r) = r {
                    let mut acc = vec![Fr::ZERO; m.cols];
                    for (i, g) in r {
                        assert!(m.labels[i].holds(&set));
                        for &(j, x) in &m.matrix[i] {
                            acc[j] += g * x;
                        }
                    }
                    assert_eq!(acc[0], Fr::ONE);
                    assert!(acc[1..].iter().all(|x| bool::from(x.is_zero())));
                }
            }
        }
    }
}
