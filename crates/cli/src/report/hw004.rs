//! Section 004's hardware tables: the Verilog scalar multiplier in `hw/` (paper 004's circuit:
//! the Jin–Miyaji ladder with affine modules and a constant-time inverter), beside the paper's
//! Table 2 (cycles per unit and module), Table 4 (one 256-bit scalar multiplication at the
//! paper's 214 MHz) and Table 3 (FPGA resources).
//!
//! The numbers come from `hw/measure.py` (Verilator and iverilog simulation, Yosys
//! `synth_xilinx -family xcup`), run when the tools are installed; otherwise the tables keep the
//! paper's column, the section says what is missing and the one command that installs it, and
//! the report goes on. At the `Tiny` level the simulation is skipped; `--quick` skips synthesis.
//! Timing closure (the achievable clock) needs the vendor's place-and-route, which we do not
//! have: the logic depth of the mapped netlist stands in for it.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use super::model::{Cell, Section, Table};
use super::{Ctx, Level};
use crate::bench_ecc as ecc;

/// The one command that installs the simulators and the synthesizer (Debian).
pub const INSTALL: &str = "apt-get install -y verilator iverilog yosys";

/// Paper 004 Table 3 (Vivado 2019.2, ZU7EV): LUTs, registers, BRAM, DSPs.
const PAPER_TABLE3: [(&str, &str, f64); 4] = [
    ("CLB LUTs", "LUT", 55_878.0),
    ("registers (flip-flops)", "FF", 16_859.0),
    ("block RAM", "BRAM", 1.0),
    ("DSPs (DSP48E2)", "DSP", 390.0),
];

/// Paper 004 Table 2 rows as (our key in measure.py's JSON, paper unit, min, max cycles).
const PAPER_TABLE2: [(&str, &str, f64, f64); 10] = [
    ("ADD/SUB (ALU)", "ADD", 1.0, 1.0),
    (
        "MUL (256x64 partial product)",
        "MUL (288 x 288 bits)",
        6.0,
        6.0,
    ),
    ("MONT_MUL", "MONT_MUL", 40.0, 40.0),
    ("INVERSE", "INVERSE", 258.0, 290.0),
    ("INVERSE_vartime_control", "INVERSE", 258.0, 290.0),
    ("AFFINE_ADD", "AFFINE_ADD", 385.0, 417.0),
    ("AFFINE_DQ", "AFFINE_DQ", 788.0, 820.0),
    ("AFFINE_DBLCH", "AFFINE_DBLCH", 382.0, 414.0),
    ("EXTENDED_AFFINE", "EXTENDED_AFFINE", 422.0, 454.0),
    ("ITERATION (2 x ADD beside DQ)", "", f64::NAN, f64::NAN),
];

/// `hw/` in the source tree the binary was built from.
fn hw_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../hw")
}

fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join(tool).is_file()))
        .unwrap_or(false)
}

fn range(v: &Value) -> Option<(f64, f64)> {
    let a = v.as_array()?;
    Some((a.first()?.as_f64()?, a.get(1)?.as_f64()?))
}

fn range_text(lo: f64, hi: f64) -> String {
    if lo == hi {
        format!("{lo:.0}")
    } else {
        format!("{lo:.0}–{hi:.0}")
    }
}

/// Runs `hw/measure.py` (when it can) and returns its JSON, or a note saying why not.
fn measure(ctx: &mut Ctx<'_>) -> Result<Value, String> {
    let dir = hw_dir();
    let script = dir.join("measure.py");
    if !script.exists() {
        return Err(format!(
            "hardware not measured: {} not found (the report runs from a source checkout).",
            script.display()
        ));
    }
    if ctx.level == Level::Tiny {
        return Err("hardware simulation skipped at the test level (run `hayate report --quick --only 004` to simulate, or `python3 hw/measure.py --json OUT`).".into());
    }
    let missing: Vec<&str> = ["python3", "verilator", "iverilog"]
        .into_iter()
        .filter(|t| !on_path(t))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "hardware not simulated: missing {} — install with `{INSTALL}`.",
            missing.join(", ")
        ));
    }
    let synth = ctx.level == Level::Full && on_path("yosys");
    let out = tempfile::NamedTempFile::new().map_err(|e| format!("hardware: {e}"))?;
    ctx.progress.step(if synth {
        "hw: Verilator simulation + Yosys synthesis (minutes; the whole design about 10 more the first time)"
    } else {
        "hw: Verilator simulation"
    });
    let mut cmd = Command::new("python3");
    cmd.arg(&script).arg("--json").arg(out.path());
    if synth {
        // the whole design's synthesis (8–15 minutes here) is kept in target/hw-synth,
        // keyed by the hash of its sources, and reused while they do not change
        cmd.arg("--cache").arg(dir.join("../target/hw-synth"));
    } else {
        cmd.arg("--no-synth");
    }
    if ctx.level != Level::Full {
        cmd.args(["--runs", "2"]);
    }
    let st = cmd
        .output()
        .map_err(|e| format!("hardware: cannot run measure.py: {e}"))?;
    if !st.status.success() {
        let err = String::from_utf8_lossy(&st.stderr);
        let last = err.lines().last().unwrap_or("").to_string();
        return Err(format!("hardware: measure.py failed: {last}"));
    }
    let txt = std::fs::read_to_string(out.path()).map_err(|e| format!("hardware: {e}"))?;
    let mut v: Value = serde_json::from_str(&txt).map_err(|e| format!("hardware: {e}"))?;
    if !synth {
        v["synth_note"] = Value::String(if ctx.level != Level::Full {
            "synthesis skipped at --quick (the full report runs Yosys)".into()
        } else {
            format!("synthesis skipped: yosys missing — install with `{INSTALL}`")
        });
    }
    Ok(v)
}

/// Appends the three hardware tables (and their figures) to section 004.
pub fn tables(ctx: &mut Ctx<'_>, s: &mut Section) {
    let data = match measure(ctx) {
        Ok(v) => Some(v),
        Err(note) => {
            s.notes.push(note);
            None
        }
    };
    let d = data.as_ref();
    let hz = ecc::PAPER004_CLOCK_HZ;

    // Table 2
    let mut t2 = Table::new(
        "004-hw-table2",
        "Table 2 (hardware) — cycles per unit and module: hw/ circuit vs paper",
        &[
            ("unit / module", 0),
            ("hw/ cycles (min–max)", 0),
            ("hw/ ns at 214 MHz", 1),
            ("paper unit", 0),
            ("paper cycles", 0),
            ("paper / hw/ (max)", 2),
        ],
    );
    for (key, unit, plo, phi) in PAPER_TABLE2 {
        let r = d.and_then(|d| range(&d["units"][key]).or_else(|| range(&d["modules"][key])));
        let label = match key {
            "INVERSE" => "INVERSE (constant time)".to_string(),
            "INVERSE_vartime_control" => "INVERSE, data-dependent control (paper's)".to_string(),
            k => k.to_string(),
        };
        if let Some((_, hi)) = r {
            let id = key
                .split(' ')
                .next()
                .unwrap_or(key)
                .to_ascii_lowercase()
                .replace('/', "_");
            ctx.fig(format!("004.hw.cycles.{id}"), hi, "cycles");
        }
        t2.row(vec![
            label.into(),
            r.map(|(lo, hi)| range_text(lo, hi))
                .map(Cell::from)
                .unwrap_or_else(Cell::missing),
            r.map(|(_, hi)| hi / hz * 1e9).into(),
            unit.into(),
            if plo.is_nan() {
                Cell::from("—")
            } else {
                range_text(plo, phi).into()
            },
            r.map(|(_, hi)| phi / hi).filter(|x| x.is_finite()).into(),
        ]);
    }
    t2.note = "hw/ counts are simulated (Verilator/iverilog) over random inputs on secp256r1, secp256k1 and brainpoolP256r1; min = max is the constant-time property (hw/test.sh asserts it). ALU = 256-bit modular add/sub, select and compare; MUL = one 256 × 64 partial product per cycle inside MONT_MUL (radix 2^64, 3 cycles per digit, + 2). The inverter is Pornin's constant-time binary GCD, 2 steps per cycle, 512 steps; the control keeps the paper's early exit. Modules are microprograms scheduled for intra-module parallelism; the iteration runs the two additions in sequence with the double-quadruple beside them (paper Section 4.1.5).".into();
    s.tables.push(t2);

    // Table 4
    let mut t4 = Table::new(
        "004-hw-table4",
        "Table 4 (hardware) — one 256-bit scalar multiplication, cycles and time at 214 MHz",
        &[
            ("design", 0),
            ("constant time", 0),
            ("cycles (min–max)", 0),
            ("µs at 214 MHz", 1),
            ("vs paper FPGA 0.638 ms", 2),
        ],
    );
    let paper_cycles = 0.638e-3 * hz;
    t4.row(vec![
        "paper 004 FPGA (ZCU104, 214 MHz; data-dependent inverter)".into(),
        "no".into(),
        format!("≈ {paper_cycles:.0} (0.638 ms × 214 MHz)").into(),
        638.0.into(),
        1.0.into(),
    ]);
    let full = d.and_then(|d| range(&d["scalar_mult"]["cycles"]));
    if let Some((_, hi)) = full {
        ctx.fig("004.hw.scalar_mult.cycles", hi, "cycles");
        ctx.fig("004.hw.scalar_mult.us_at_214mhz", hi / hz * 1e6, "us");
    }
    t4.row(vec![
        "hw/ circuit (Verilator, whole run through AXI4-Lite)".into(),
        (if full.map(|(lo, hi)| lo == hi).unwrap_or(false) {
            "yes (same count for every run)"
        } else {
            "—"
        })
        .into(),
        full.map(|(lo, hi)| range_text(lo, hi))
            .map(Cell::from)
            .unwrap_or_else(Cell::missing),
        full.map(|(_, hi)| hi / hz * 1e6).into(),
        full.map(|(_, hi)| paper_cycles / hi).into(),
    ]);
    t4.note = format!(
        "Target: constant time and fewer than {paper_cycles:.0} cycles. The µs column assumes the paper's 214 MHz clock; whether the hw/ design closes timing at 214 MHz is not known without vendor place-and-route (see the logic depth in Table 3). {} runs (random scalars and points on three curves).",
        d.and_then(|d| d["scalar_mult"]["runs"].as_u64()).unwrap_or(0)
    );
    s.tables.push(t4);

    // Table 3
    let mut t3 = Table::new(
        "004-hw-table3",
        "Table 3 (hardware) — FPGA resources: Yosys synth_xilinx -family xcup vs paper (Vivado)",
        &[
            ("resource", 0),
            ("hw/ (Yosys, xcup)", 0),
            ("paper (Vivado 2019.2, ZU7EV)", 0),
            ("hw/ / paper", 2),
        ],
    );
    let syn = d.map(|d| &d["synth"]).filter(|v| v.is_object());
    let whole = syn.filter(|v| v.get("LUT").is_some());
    for (name, key, paper) in PAPER_TABLE3 {
        let ours = whole.and_then(|v| v[key].as_f64());
        if let Some(x) = ours {
            ctx.fig(
                format!("004.hw.synth.{}", key.to_ascii_lowercase()),
                x,
                "count",
            );
        }
        t3.row(vec![
            name.into(),
            ours.map(|x| Cell::from(format!("{x:.0}")))
                .unwrap_or_else(Cell::missing),
            format!("{paper:.0}").into(),
            ours.map(|x| x / paper).into(),
        ]);
    }
    let ltp = whole.and_then(|v| v["ltp"].as_f64());
    if let Some(x) = ltp {
        ctx.fig("004.hw.synth.logic_depth", x, "cells");
    }
    t3.row(vec![
        "logic depth (LUT6 levels on the longest register-to-register path: yosys abc -lut 6, ltp -noff; adders without carry chains)".into(),
        ltp.map(|x| Cell::from(format!("{x:.0}")))
            .unwrap_or_else(Cell::missing),
        "— (214 MHz after place and route)".into(),
        Cell::missing(),
    ]);
    let scope = syn
        .and_then(|v| v["scope"].as_str())
        .map(|s| format!(" Scope: {s}."))
        .unwrap_or_default();
    let skipped = d
        .and_then(|d| d["synth_note"].as_str())
        .map(|s| format!(" {s}."))
        .unwrap_or_default();
    t3.note = format!(
        "Yosys maps to UltraScale+ primitives without placement; its LUT count is not Vivado's (no cross-boundary optimisation of the same quality, different carry and mux packing). Timing closure needs the vendor tools, which we do not have: the logic depth stands in for it, and the long paths are the 256-bit modular add/sub after the register-file multiplexers, the inverter's two unrolled steps and the 256 × 64 multiply-accumulate.{scope}{skipped}"
    );
    s.tables.push(t3);
}
