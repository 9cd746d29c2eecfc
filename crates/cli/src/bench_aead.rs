//! `hayate bench aead [--json] [--quick]`: the eBACS method of paper 003 §2.3.
//!
//! For every scheme of [`hayate_aead::ALGORITHMS`] and each direction (encryption,
//! decryption), associated data and message have the same length:
//!
//! | length   | bytes of AD and of message | reported per byte                       |
//! |----------|----------------------------|-----------------------------------------|
//! | `zero`   | 0                          | undefined: per-call cycles / ns instead  |
//! | `short`  | 64                         | t(64) / 64                               |
//! | `medium` | 1536                       | t(1536) / 1536                           |
//! | `long`   | 65536 and 64               | (t(65536) − t(64)) / (65536 − 64)        |
//!
//! Figures are per message byte (as eBACS does; the AD of the same length is part of the cost
//! but not of the divisor). Each t(·) is the median over many batches (see
//! [`crate::timing::measure`]) of the per-call time; cycles are TSC ticks (`rdtsc`), i.e.
//! reference cycles at the nominal clock, not core cycles under turbo.
//!
//! The schemes are driven through their in-place [`hayate_aead::Scheme`] API with a keyed
//! instance (key setup is not timed, as in SUPERCOP where it is part of every call but
//! negligible at these lengths — CLOC/SILC/JAMBU expand the AES key in `new`). Decryption is
//! timed as "copy the ciphertext into the work buffer, then decrypt in place with a valid tag"
//! (SUPERCOP's decrypt reads `c` and writes `m`, so it also touches both buffers).
//!
//! JSON lines (`--json`), one per (scheme, direction, length):
//! `{"suite":"aead","scheme":"ascon128v12","direction":"enc","length":"long","bytes":65536,
//!   "cycles_per_byte":…,"ns_per_byte":…,"cycles":…,"median_ns":…,"energy":"unavailable",
//!   "quick":false}`.
//! `cycles`/`median_ns` are the per-call medians at `bytes` (for `long`: the call at 65536
//! bytes); for `zero` the per-byte fields are `null`. `long` lines also carry
//! `cycles_per_byte_no_ad`: the same long-message figure with empty associated data (the
//! message-only cost, comparable with figures quoted for AD-free encryption).
//!
//! Energy: where Linux powercap/RAPL exposes a readable package energy counter
//! (`/sys/class/powercap/intel-rapl:0/energy_uj` and similar), each cell is also run for a
//! fixed wall time, the idle power (measured while sleeping, as the paper's idle baseline)
//! is subtracted and `nj_per_byte` (or `nj_per_call` for `zero`) is reported with
//! `"energy":"rapl"`. Otherwise every line carries `"energy":"unavailable"` and the table
//! says so; no figure is invented.

use crate::timing::{json_str, measure, Measurement};
use hayate_aead::{acorn, ascon, cloc, jambu, ketje, silc, Scheme};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The four eBACS lengths (name, bytes).
const LENGTHS: [(&str, usize); 4] = [
    ("zero", 0),
    ("short", 64),
    ("medium", 1536),
    ("long", 65536),
];
const LONG: usize = 65536;
const SHORT: usize = 64;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    Enc,
    Dec,
}

impl Dir {
    pub fn name(self) -> &'static str {
        match self {
            Dir::Enc => "enc",
            Dir::Dec => "dec",
        }
    }
}

/// Measurement settings.
#[derive(Clone, Copy)]
struct Cfg {
    samples: usize,
    target_ns: f64,
    energy: Option<&'static Rapl>,
}

/// One cell of the result table.
pub struct Cell {
    pub scheme: &'static str,
    pub dir: Dir,
    pub length: &'static str,
    pub bytes: usize,
    /// Per call at `bytes`.
    pub call: Measurement,
    pub cycles_per_byte: Option<f64>,
    pub ns_per_byte: Option<f64>,
    /// nJ per byte (or per call for `zero`), idle baseline subtracted.
    pub nj: Option<f64>,
    /// `long` only: cycles/byte of long messages with empty AD (supplementary).
    pub no_ad: Option<f64>,
    /// `zero` only: cycles of one key setup (`Scheme::new` + drop, i.e. key schedule and wipe).
    /// The timed calls above reuse one keyed instance; SUPERCOP's `crypto_aead_*` API keys every
    /// call, so add this figure when comparing per-call costs with C code measured that way.
    pub key_setup: Option<f64>,
    /// `short` only: cycles per byte of a 64-byte call (AD 64 B) that also sets up the key, the
    /// way SUPERCOP's API works (measured directly: the key schedule and the call overlap).
    pub short_keyed: Option<f64>,
}

// ---------------------------------------------------------------------------------------------
// Energy (Linux powercap / RAPL)
// ---------------------------------------------------------------------------------------------

/// A readable cumulative energy counter (microjoules) and the idle power measured at start-up.
pub struct Rapl {
    pub path: String,
    max_uj: u64,
    pub idle_w: f64,
}

const RAPL_PATHS: &[&str] = &[
    "/sys/class/powercap/intel-rapl:0/energy_uj",
    "/sys/class/powercap/intel-rapl/intel-rapl:0/energy_uj",
    "/sys/class/powercap/amd-rapl:0/energy_uj",
    "/sys/class/powercap/amd-rapl/amd-rapl:0/energy_uj",
];

impl Rapl {
    fn read(&self) -> Option<u64> {
        std::fs::read_to_string(&self.path)
            .ok()?
            .trim()
            .parse()
            .ok()
    }

    /// Energy in joules consumed between two readings (handles one counter wrap).
    fn joules(&self, a: u64, b: u64) -> f64 {
        let d = if b >= a {
            b - a
        } else {
            b + self.max_uj.saturating_sub(a)
        };
        d as f64 * 1e-6
    }

    /// Finds a readable counter and measures the idle baseline (sleeping for `idle`).
    fn probe(idle: Duration) -> Option<Rapl> {
        for p in RAPL_PATHS {
            let Ok(s) = std::fs::read_to_string(p) else {
                continue;
            };
            if s.trim().parse::<u64>().is_err() {
                continue;
            }
            let max_path = p.replace("energy_uj", "max_energy_range_uj");
            let max_uj = std::fs::read_to_string(max_path)
                .ok()
                .and_then(|s| s.trim().parse().ok())
                .unwrap_or(u64::MAX);
            let mut r = Rapl {
                path: (*p).to_string(),
                max_uj,
                idle_w: 0.0,
            };
            let a = r.read()?;
            let t = Instant::now();
            std::thread::sleep(idle);
            let b = r.read()?;
            r.idle_w = r.joules(a, b) / t.elapsed().as_secs_f64();
            return Some(r);
        }
        None
    }

    /// Runs `f` repeatedly for about `wall` and returns joules per call above the idle baseline.
    fn per_call<F: FnMut()>(&self, wall: Duration, mut f: F) -> Option<f64> {
        let a = self.read()?;
        let t = Instant::now();
        let mut calls = 0u64;
        while t.elapsed() < wall {
            for _ in 0..16 {
                f();
            }
            calls += 16;
        }
        let secs = t.elapsed().as_secs_f64();
        let b = self.read()?;
        let e = self.joules(a, b) - self.idle_w * secs;
        Some(e / calls as f64)
    }
}

// ---------------------------------------------------------------------------------------------
// Measuring one scheme
// ---------------------------------------------------------------------------------------------

/// Deterministic filler (xorshift), so inputs are not all-zero.
fn fill(buf: &mut [u8], mut x: u64) {
    for b in buf {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = x as u8;
    }
}

/// Per-call measurement (and energy per call) of one direction at one length.
fn time_call<S: Scheme>(
    s: &S,
    dir: Dir,
    len: usize,
    ad_len: usize,
    cfg: Cfg,
) -> (Measurement, Option<f64>) {
    let mut key_nonce = vec![0u8; S::NONCE_LEN];
    fill(&mut key_nonce, 0x9e37_79b9_7f4a_7c15 ^ len as u64);
    let nonce = key_nonce;
    let mut ad = vec![0u8; ad_len];
    fill(&mut ad, 1 + len as u64);
    let mut buf = vec![0u8; len];
    fill(&mut buf, 2 + len as u64);
    let mut tag = vec![0u8; S::TAG_LEN];
    let run_energy = |f: &mut dyn FnMut()| -> Option<f64> {
        let r = cfg.energy?;
        let wall = Duration::from_millis(if cfg.samples < 20 { 100 } else { 400 });
        r.per_call(wall, f)
    };
    match dir {
        Dir::Enc => {
            let mut f = || {
                s.encrypt_detached(
                    black_box(&nonce),
                    black_box(&ad),
                    black_box(&mut buf),
                    &mut tag,
                )
                .expect("encrypt");
                black_box(&tag);
            };
            let m = measure(cfg.samples, cfg.target_ns, &mut f);
            let e = run_energy(&mut f);
            (m, e)
        }
        Dir::Dec => {
            s.encrypt_detached(&nonce, &ad, &mut buf, &mut tag)
                .expect("encrypt");
            let ct = buf.clone();
            let mut f = || {
                buf.copy_from_slice(black_box(&ct));
                s.decrypt_detached(black_box(&nonce), black_box(&ad), black_box(&mut buf), &tag)
                    .expect("a valid tag must verify");
                black_box(&buf);
            };
            let m = measure(cfg.samples, cfg.target_ns, &mut f);
            let e = run_energy(&mut f);
            (m, e)
        }
    }
}

/// Cycles per byte of a Short call (64-byte message and AD) that keys a fresh instance first.
fn time_short_keyed<S: Scheme>(key: &[u8], dir: Dir, cfg: Cfg) -> f64 {
    let mut nonce = vec![0u8; S::NONCE_LEN];
    fill(&mut nonce, 0x9e37_79b9_7f4a_7c15 ^ SHORT as u64);
    let mut ad = vec![0u8; SHORT];
    fill(&mut ad, 1 + SHORT as u64);
    let mut buf = vec![0u8; SHORT];
    fill(&mut buf, 2 + SHORT as u64);
    let mut tag = vec![0u8; S::TAG_LEN];
    let m = match dir {
        Dir::Enc => measure(cfg.samples, cfg.target_ns, || {
            let s = S::new(black_box(key)).expect("key length");
            s.encrypt_detached(
                black_box(&nonce),
                black_box(&ad),
                black_box(&mut buf),
                &mut tag,
            )
            .expect("encrypt");
            black_box(&tag);
        }),
        Dir::Dec => {
            let s = S::new(key).expect("key length");
            s.encrypt_detached(&nonce, &ad, &mut buf, &mut tag)
                .expect("encrypt");
            let ct = buf.clone();
            measure(cfg.samples, cfg.target_ns, || {
                buf.copy_from_slice(black_box(&ct));
                let s = S::new(black_box(key)).expect("key length");
                s.decrypt_detached(black_box(&nonce), black_box(&ad), black_box(&mut buf), &tag)
                    .expect("a valid tag must verify");
                black_box(&buf);
            })
        }
    };
    m.cycles / SHORT as f64
}

/// All lengths and both directions of scheme `S`.
fn bench_scheme<S: Scheme>(cfg: Cfg, out: &mut Vec<Cell>, emit: &mut dyn FnMut(&Cell)) {
    let mut key = vec![0u8; S::KEY_LEN];
    fill(&mut key, 0x0123_4567_89ab_cdef);
    let s = S::new(&key).expect("key length");
    let key_setup = measure(cfg.samples, cfg.target_ns, &mut || {
        black_box(S::new(black_box(&key)).expect("key length"));
    })
    .cycles;
    for dir in [Dir::Enc, Dir::Dec] {
        let mut at = std::collections::HashMap::new();
        for &(_, len) in &LENGTHS {
            at.insert(len, time_call(&s, dir, len, len, cfg));
        }
        // Supplementary: long messages without associated data (message-only cost).
        let short_keyed = time_short_keyed::<S>(
            &key,
            dir,
            Cfg {
                energy: None,
                ..cfg
            },
        );
        let no_ad_long = {
            let cfg = Cfg {
                energy: None,
                ..cfg
            };
            let (l, _) = time_call(&s, dir, LONG, 0, cfg);
            let (sh, _) = time_call(&s, dir, SHORT, 0, cfg);
            (l.cycles - sh.cycles) / (LONG - SHORT) as f64
        };
        for &(name, len) in &LENGTHS {
            let (m, e) = at[&len];
            let (cpb, npb, nj) = match len {
                0 => (None, None, e.map(|j| j * 1e9)),
                LONG => {
                    let (ms, es) = at[&SHORT];
                    let d = (LONG - SHORT) as f64;
                    (
                        Some((m.cycles - ms.cycles) / d),
                        Some((m.median_ns - ms.median_ns) / d),
                        e.zip(es).map(|(a, b)| (a - b) * 1e9 / d),
                    )
                }
                _ => {
                    let d = len as f64;
                    (
                        Some(m.cycles / d),
                        Some(m.median_ns / d),
                        e.map(|j| j * 1e9 / d),
                    )
                }
            };
            let cell = Cell {
                scheme: S::NAME,
                dir,
                length: name,
                bytes: len,
                call: m,
                cycles_per_byte: cpb,
                ns_per_byte: npb,
                nj,
                no_ad: (len == LONG).then_some(no_ad_long),
                key_setup: (len == 0).then_some(key_setup),
                short_keyed: (len == SHORT).then_some(short_keyed),
            };
            emit(&cell);
            out.push(cell);
        }
    }
}

fn num(x: Option<f64>, prec: usize) -> String {
    match x {
        Some(v) if v.is_finite() => format!("{v:.prec$}"),
        _ => "null".to_string(),
    }
}

fn json_line(c: &Cell, quick: bool, energy: bool) -> String {
    let mut s = format!(
        "{{\"suite\":\"aead\",\"scheme\":{},\"direction\":\"{}\",\"length\":\"{}\",\"bytes\":{},\
         \"cycles_per_byte\":{},\"ns_per_byte\":{},\"cycles\":{},\"median_ns\":{},",
        json_str(c.scheme),
        c.dir.name(),
        c.length,
        c.bytes,
        num(c.cycles_per_byte, 3),
        num(c.ns_per_byte, 4),
        num(Some(c.call.cycles), 1),
        num(Some(c.call.median_ns), 1),
    );
    if let Some(x) = c.no_ad {
        s.push_str(&format!("\"cycles_per_byte_no_ad\":{},", num(Some(x), 3)));
    }
    if let Some(x) = c.key_setup {
        s.push_str(&format!("\"key_setup_cycles\":{},", num(Some(x), 1)));
    }
    if let Some(x) = c.short_keyed {
        s.push_str(&format!("\"cycles_per_byte_keyed\":{},", num(Some(x), 3)));
    }
    if energy {
        let field = if c.bytes == 0 {
            "nj_per_call"
        } else {
            "nj_per_byte"
        };
        s.push_str(&format!(
            "\"energy\":\"rapl\",\"{field}\":{},",
            num(c.nj, 3)
        ));
    } else {
        s.push_str("\"energy\":\"unavailable\",");
    }
    s.push_str(&format!("\"quick\":{quick}}}"));
    s
}

/// CPU model from /proc/cpuinfo (for the table header).
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}

fn print_table(cells: &[Cell], energy: Option<&Rapl>, quick: bool) {
    println!("AEAD speed, eBACS method (paper 003 §2.3): AD and message of equal length");
    println!(
        "CPU: {}; cycles = TSC ticks (rdtsc); medians of {} runs{}",
        cpu_model(),
        if quick { "few (--quick)" } else { "many" },
        if quick {
            " — QUICK, indicative only"
        } else {
            ""
        }
    );
    match energy {
        Some(r) => println!(
            "energy: RAPL counter {} (idle baseline {:.2} W subtracted); nJ/byte in brackets",
            r.path, r.idle_w
        ),
        None => println!(
            "energy: unavailable (no readable powercap/RAPL energy counter on this platform); \
             no nJ/byte figures"
        ),
    }
    println!();
    println!(
        "{:<18} {:>3}  {:>8}  {:>14}  {:>10} {:>9} {:>10} {:>10}  {:>10}   {:>9} {:>9} {:>9}",
        "scheme",
        "dir",
        "key cyc",
        "zero cyc(ns)",
        "short c/B",
        "(keyed)",
        "medium c/B",
        "long c/B",
        "(no AD)",
        "short ns/B",
        "med ns/B",
        "long ns/B"
    );
    for chunk in cells.chunks(LENGTHS.len()) {
        let c = |i: usize| &chunk[i];
        let cb = |i: usize| num(c(i).cycles_per_byte, 2);
        let nb = |i: usize| num(c(i).ns_per_byte, 3);
        println!(
            "{:<18} {:>3}  {:>8}  {:>14}  {:>10} {:>9} {:>10} {:>10}  {:>10}   {:>9} {:>9} {:>9}",
            c(0).scheme,
            c(0).dir.name(),
            num(c(0).key_setup, 0),
            format!("{:.0}({:.0})", c(0).call.cycles, c(0).call.median_ns),
            cb(1),
            num(c(1).short_keyed, 2),
            cb(2),
            cb(3),
            num(c(3).no_ad, 2),
            nb(1),
            nb(2),
            nb(3)
        );
        if energy.is_some() {
            println!(
                "{:<18} {:>3}  {:>8}  {:>14}  {:>10} {:>9} {:>10} {:>10}",
                "",
                "nJ",
                "",
                num(c(0).nj, 1),
                num(c(1).nj, 2),
                "",
                num(c(2).nj, 2),
                num(c(3).nj, 2)
            );
        }
    }
    println!();
    println!("zero: per call (no per-byte figure); long = (t(65536) − t(64)) / 65472;");
    println!("(no AD): long-message cycles/byte with empty associated data (supplementary)");
    println!(
        "key cyc: one key setup (key schedule + wipe); the timed calls reuse a keyed instance;"
    );
    println!("(keyed): short calls that key a fresh instance each time (as SUPERCOP's API does)");
}

/// Measures every scheme (`samples` batches of about `target_ns` each; `idle` is how long to
/// sleep for the energy counter's idle baseline). `step` is called with each scheme's name
/// before it is measured, `emit` with each finished cell. Stops early (fewer cells) when a stop
/// was requested.
pub fn collect(
    samples: usize,
    target_ns: f64,
    idle: Duration,
    step: &mut dyn FnMut(&str),
    emit: &mut dyn FnMut(&Cell),
) -> (Vec<Cell>, Option<&'static Rapl>) {
    let rapl: Option<&'static Rapl> = Rapl::probe(idle).map(|r| &*Box::leak(Box::new(r)));
    let cfg = Cfg {
        samples,
        target_ns,
        energy: rapl,
    };
    let mut cells = Vec::new();
    macro_rules! each {
        ($($s:ty),*) => {$(
            if !crate::timing::stop_requested() {
                step(<$s as Scheme>::NAME);
                bench_scheme::<$s>(cfg, &mut cells, emit);
            }
        )*};
    }
    each!(
        cloc::Clocv3,
        silc::Silcv3,
        jambu::Jambuv2,
        ketje::KetjeSrv2,
        ascon::Ascon128v12,
        acorn::Acorn128v3,
        ascon::AsconAead128
    );
    (cells, rapl)
}

/// The number of schemes [`collect`] measures (for progress bars).
pub const SCHEMES: usize = 7;

/// Entry point of `hayate bench aead`.
pub fn run(json: bool, quick: bool) -> ExitCode {
    // Short batches (~0.1 ms) and many of them: on a shared machine most batches then run
    // without being preempted, and the median is the undisturbed speed.
    let (samples, target_ns) = if quick { (21, 5.0e4) } else { (201, 1.0e5) };
    let idle = Duration::from_millis(if quick { 200 } else { 1000 });
    // A cell carries an energy figure exactly when a RAPL counter was found.
    let mut emit = |c: &Cell| {
        if json {
            println!("{}", json_line(c, quick, c.nj.is_some()));
        }
    };
    let (cells, rapl) = collect(samples, target_ns, idle, &mut |_| {}, &mut emit);
    // Every registered scheme must be covered (the list above is typed, the registry dynamic).
    debug_assert_eq!(
        cells.len(),
        hayate_aead::ALGORITHMS.len() * 2 * LENGTHS.len()
    );
    if !json {
        print_table(&cells, rapl, quick);
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_zero_has_null_per_byte() {
        let m = Measurement {
            median_ns: 100.0,
            cycles: 300.0,
            min_ns: 90.0,
            max_ns: 120.0,
            samples: 3,
        };
        let c = Cell {
            scheme: "ascon128v12",
            dir: Dir::Dec,
            length: "zero",
            bytes: 0,
            call: m,
            cycles_per_byte: None,
            ns_per_byte: None,
            nj: None,
            no_ad: None,
            key_setup: Some(90.0),
            short_keyed: None,
        };
        let line = json_line(&c, true, false);
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["suite"], "aead");
        assert_eq!(v["direction"], "dec");
        assert!(v["cycles_per_byte"].is_null());
        assert!(v["ns_per_byte"].is_null());
        assert_eq!(v["cycles"], 300.0);
        assert_eq!(v["key_setup_cycles"], 90.0);
        assert_eq!(v["energy"], "unavailable");
    }
}
