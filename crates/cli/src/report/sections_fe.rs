//! Paper 000 Table 5 (functional encryption) inside section 000: hayate's Setup / KeyGen /
//! Encrypt / Decrypt beside the paper's PC and Android figures.

use super::model::{Cell, Table};
use super::Ctx;

/// Paper 000 Table 5 (ms): PC, Android C, Android asm, Android NEON.
pub const PAPER000_TABLE5: [(&str, [f64; 4]); 4] = [
    ("Setup", [473.1, 12941.5, 5133.3, 3231.7]),
    ("KeyGen", [149.6, 4315.9, 1636.9, 989.8]),
    ("Encrypt", [200.8, 4647.7, 1831.7, 1140.1]),
    ("Decrypt", [72.6, 2638.8, 980.1, 584.5]),
];

/// Table 5 with hayate's column (the OT10 scheme is not in hayate yet).
pub fn table5(_ctx: &mut Ctx, notes: &mut Vec<String>) -> Table {
    let mut t = Table::new(
        "000-table5",
        "Table 5 — functional encryption (ms; d = 5, n = 2, 10 ANDs, 10-byte plaintext, AES-128-CBC + SHA-256)",
        &[("operation", 0), ("paper PC", 1), ("paper Android C", 1), ("paper Android asm", 1), ("paper Android NEON", 1), ("hayate bn254-beuchat", 2), ("hayate bls12-381", 2)],
    );
    for (op, p) in PAPER000_TABLE5 {
        t.row(vec![op.into(), p[0].into(), p[1].into(), p[2].into(), p[3].into(), Cell::missing(), Cell::missing()]);
    }
    notes.push("Table 5 (Okamoto–Takashima CP-FE): not implemented yet in hayate, so its column is empty.".into());
    t
}
