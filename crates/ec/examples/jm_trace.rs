//! Step-by-step trace of paper 004's Jin–Miyaji ladder (SEEDS.md §004, Algorithm 1), for
//! co-verifying another implementation of the same ladder (the `hw/` circuit) module by module.
//!
//! ```text
//! cargo run --release -p hayate-ec --example jm_trace -- CURVE SCALAR_HEX POINT
//! ```
//!
//! * CURVE: a named curve ([`hayate_ec::curves::CurveId::from_name`]: secp256r1, secp256k1,
//!   brainpoolP256r1, …).
//! * SCALAR_HEX: big-endian hex (optional `0x`), read exactly as `hayate ecmul` reads it: the
//!   ladder runs over l = 64·⌈bytes/8⌉ bits, rounded up to odd (257 for a 32-byte scalar).
//! * POINT: SEC 1 hex (uncompressed `04 ‖ X ‖ Y`; compressed is accepted too), `00` for the
//!   point at infinity, or `G` for the generator; validated like `hayate ecmul --point`.
//!
//! Output: after the initial R\[k0\] ← R\[k0\] + A (index 0) and after each loop iteration
//! (index i = 1, 3, 5, …, l − 2) one line `i R0 R1 A A1`, each point as uncompressed SEC 1
//! lowercase hex (`00` for infinity); then `result <point>`, which equals
//! `hayate ecmul --method jin-miyaji` for the same inputs. The trace comes from the library's
//! ladder itself ([`hayate_ec::ladder::jin_miyaji_traced`] with safegcd inversion), not from a
//! second copy of the algorithm. Bad arguments: one line on standard error, exit 1.

use std::process::ExitCode;

use hayate_ec::curves::{CurveId, CurveVisitor, NamedCurve};
use hayate_ec::ladder::{jin_miyaji_traced, SafeGcd};
use hayate_ec::sec1::{decode_point, encode_point};
use hayate_ec::Affine;

fn parse_hex(what: &str, s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim();
    let s = s
        .strip_prefix("0x")
        .or_else(|| s.strip_prefix("0X"))
        .unwrap_or(s);
    if s.is_empty() {
        return Err(format!("invalid {what}: empty"));
    }
    let padded;
    let s = if s.len() % 2 == 1 && what == "scalar" {
        padded = format!("0{s}");
        padded.as_str()
    } else {
        s
    };
    hex::decode(s).map_err(|e| format!("invalid {what}: bad hex ({e})"))
}

/// Big-endian bytes → little-endian limbs (as `hayate ecmul`).
fn limbs_of(be: &[u8]) -> Vec<u64> {
    be.rchunks(8)
        .map(|c| c.iter().fold(0u64, |acc, &b| (acc << 8) | b as u64))
        .collect()
}

struct Trace {
    k: Vec<u64>,
    point: Option<Vec<u8>>,
}

fn hex_point<C: NamedCurve>(p: &Affine<C>) -> String {
    hex::encode(encode_point(p, false))
}

impl CurveVisitor for &Trace {
    type Output = Result<Vec<String>, String>;
    fn visit<C: NamedCurve>(self) -> Self::Output {
        let p: Affine<C> = match &self.point {
            None => Affine::generator(),
            Some(b) if b.as_slice() == [0] => Affine::identity(),
            Some(b) => decode_point::<C>(b).map_err(|e| format!("invalid point: {e}"))?,
        };
        let mut lines = Vec::new();
        let r = jin_miyaji_traced::<C, SafeGcd, _>(
            &p,
            &self.k,
            64 * self.k.len(),
            |i, r0, r1, a, a1| {
                lines.push(format!(
                    "{i} {} {} {} {}",
                    hex_point(r0),
                    hex_point(r1),
                    hex_point(a),
                    hex_point(a1)
                ))
            },
        );
        lines.push(format!("result {}", hex_point(&r)));
        Ok(lines)
    }
}

fn run(args: &[String]) -> Result<Vec<String>, String> {
    let [curve, scalar, point] = args else {
        return Err("usage: jm_trace CURVE SCALAR_HEX POINT_SEC1_HEX|G".into());
    };
    let id = CurveId::from_name(curve).ok_or_else(|| {
        let names: Vec<&str> = CurveId::ALL.iter().map(|c| c.name()).collect();
        format!(
            "unknown curve {curve:?} (expected one of {})",
            names.join(", ")
        )
    })?;
    let k = limbs_of(&parse_hex("scalar", scalar)?);
    let point = if point.trim().eq_ignore_ascii_case("g") {
        None
    } else {
        Some(parse_hex("point", point)?)
    };
    id.visit(&Trace { k, point })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(lines) => {
            for l in lines {
                println!("{l}");
            }
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
    }
}
