//! hayate vs gnark-crypto (Go, v0.22.0) on alt_bn128 and BLS12-381: pairing, Miller loop, final
//! exponentiation, four-pair multi-pairing, G2 scalar multiplication, Fp2 product and square.
//!
//! gnark-crypto is not a Rust crate: `gnark/main.go` (beside this crate) is a small Go program
//! that this command builds with `go build` (the module resolves through the Go proxy) and
//! drives over a pipe. Both sides get the same inputs (points made by hayate, sent as
//! big-endian coordinates), both results are checked equal before timing (the pairings up to the
//! power that relates the two libraries' definitions, see `pairing.rs`), and each batch is
//! timed with the thread CPU-time clock of the process that runs it, in the same interleaved
//! rounds as the other peers (`pairing::run_groups`): a batch of hayate, then a batch of gnark,
//! the order rotating each round, so that the host's speed drifts affect both alike.
//!
//! `cargo run --release -p hayate-bench -- gnark [--rounds N] [--batch-ms X]` (needs `go`).
//! `--peer NAME COMMAND` drives another peer instead (a shell command speaking the protocol of
//! `gnark/main.go`; BENCHMARKS.md records mcl's figures this way, with its driver built by
//! hand outside the repository).

use std::cell::RefCell;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::rc::Rc;

use hayate_pairing::{bls12_381 as hb, bn254 as hn, bn254_beuchat as hz, final_exp, miller};
use rand::{rngs::StdRng, SeedableRng};
use std::hint::black_box;

use crate::pairing::{
    exponent_relating, hex, limbs_be_bytes, median, rows_of, run_groups, timing_option, Group,
};

/// The Go peer process.
struct Peer {
    _child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Peer {
    /// Builds `gnark/main.go` into the target directory and starts it, or starts `cmd` (a
    /// shell command speaking the same protocol: another peer built by hand for a measurement).
    fn start(cmd: Option<&str>) -> Result<Peer, String> {
        let mut command = if let Some(cmd) = cmd {
            let mut c = Command::new("sh");
            c.args(["-c", cmd]);
            c
        } else {
            let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/gnark");
            let exe = std::env::current_exe().map_err(|e| e.to_string())?;
            let bin = exe.with_file_name("hayate-bench-gnark");
            let st = Command::new("go")
                .args(["build", "-o"])
                .arg(&bin)
                .arg(".")
                .current_dir(dir)
                .status()
                .map_err(|e| format!("running `go build` in {dir}: {e} (is Go installed?)"))?;
            if !st.success() {
                return Err(format!("`go build` in {dir} failed"));
            }
            Command::new(&bin)
        };
        let mut child = command
            .env("GOMAXPROCS", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("starting the peer: {e}"))?;
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Ok(Peer {
            _child: child,
            stdin,
            stdout,
        })
    }

    /// Sends one command; the reply, or the peer's error line.
    fn try_cmd(&mut self, line: &str) -> Result<String, String> {
        writeln!(self.stdin, "{line}").expect("writing to the peer");
        self.stdin.flush().expect("writing to the peer");
        let mut reply = String::new();
        self.stdout
            .read_line(&mut reply)
            .expect("reading from the peer");
        let reply = reply.trim().to_string();
        if reply.is_empty() || reply.starts_with("error") {
            return Err(format!(
                "peer: `{}` → {reply:?}",
                line.split(' ').take(3).collect::<Vec<_>>().join(" ")
            ));
        }
        Ok(reply)
    }

    fn cmd(&mut self, line: &str) -> String {
        self.try_cmd(line).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// The inputs of one curve, made by hayate, and their hex for the peer.
struct Inputs<G1, G2, F2> {
    pairs: Vec<(G1, G2)>,
    k: [u64; 4],
    a: F2,
    b: F2,
}

/// One curve's groups. `shared`: both sides take hayate's inputs and the results are compared
/// first; otherwise (a curve the peer has only in a sister form of the same size and shape, such
/// as mcl's BN254 beside bn254-beuchat) the peer makes its own inputs (`gen`), nothing is
/// compared, and a peer without such a curve is skipped.
macro_rules! curve_groups {
    ($fn_name:ident, $m:ident, $E:ty, $N:literal, $name:literal, $shared:literal, $cands:expr) => {
        fn $fn_name<'a>(
            rng: &mut StdRng,
            peer: &Rc<RefCell<Peer>>,
            name: &'static str,
            checks: &mut Vec<String>,
        ) -> Vec<Group<'a>> {
            let s = |rng: &mut StdRng| $m::Fr::random(rng).to_limbs();
            let g1 = |rng: &mut StdRng| $m::G1Affine::generator().mul_vartime(&s(rng)).to_affine();
            let g2 = |rng: &mut StdRng| $m::G2Affine::generator().mul_vartime(&s(rng)).to_affine();
            let inp = Inputs {
                pairs: (0..4).map(|_| (g1(rng), g2(rng))).collect::<Vec<_>>(),
                k: s(rng),
                a: $m::Fp2::random(rng),
                b: $m::Fp2::random(rng),
            };
            let fp2 = |x: &$m::Fp2| [x.c0.to_bytes_be(), x.c1.to_bytes_be()].concat();
            let g2b = |q: &$m::G2Affine| [fp2(&q.x), fp2(&q.y)].concat();
            let (p, q) = inp.pairs[0];
            if $shared {
                let mut line = format!(
                    "load {} {} {} {}",
                    $name,
                    hex(&limbs_be_bytes(&inp.k)),
                    hex(&fp2(&inp.a)),
                    hex(&fp2(&inp.b))
                );
                for (p, q) in &inp.pairs {
                    let pb = [p.x.to_bytes_be(), p.y.to_bytes_be()].concat();
                    line += &format!(" {} {}", hex(&pb), hex(&g2b(q)));
                }
                peer.borrow_mut().cmd(&line);
                // the same values on both sides
                let got = peer.borrow_mut().cmd(&format!("check {}", $name));
                let got: Vec<&str> = got.split(' ').collect();
                let cands = $cands;
                let mut rel = |what: &str, h: $m::Gt, peer: &str| {
                    let m = exponent_relating(&h.to_bytes(), &hex_bytes(peer), &cands(h));
                    let ok = m.is_some();
                    checks.push(format!(
                        "{} {} {what}: {name} = hayate^m, m = {}",
                        if ok { "ok  " } else { "FAIL" },
                        $name,
                        m.unwrap_or("none found")
                    ));
                    ok
                };
                let mut ok = rel("pairing", $m::pairing(&p, &q), got[0]);
                ok &= rel("multi_pairing_4", $m::multi_pairing(&inp.pairs), got[1]);
                let kq = q.mul_vartime(&inp.k).to_affine();
                let same = [
                    ("g2_mul", g2b(&kq), got[2]),
                    ("fp2_mul", fp2(&(inp.a * inp.b)), got[3]),
                    ("fp2_sqr", fp2(&inp.a.square()), got[4]),
                ];
                for (what, h, g) in same {
                    let eq = hex(&h) == g;
                    ok &= eq;
                    checks.push(format!(
                        "{} {} {what}: {name} == hayate",
                        if eq { "ok  " } else { "FAIL" },
                        $name
                    ));
                }
                assert!(ok, "{name} and hayate disagree:\n{}", checks.join("\n"));
            } else if peer.borrow_mut().try_cmd(&format!("gen {}", $name)).is_ok() {
                checks.push(format!(
                    "--   {}: the peer's own inputs (its sister curve), not compared",
                    $name
                ));
            } else {
                checks.push(format!("--   {}: not in this peer, skipped", $name));
                return Vec::new();
            }

            let ext = |op: &'static str| {
                let peer = Rc::clone(peer);
                move |iters: u64| -> f64 {
                    let ns: f64 = peer
                        .borrow_mut()
                        .cmd(&format!("time {} {op} {iters}", $name))
                        .parse()
                        .expect("gnark peer: time");
                    ns / iters as f64
                }
            };
            let curve: &'static str = $name;
            let mut gs = Vec::new();
            let pairs = inp.pairs.clone();
            let f = miller::miller_loop::<$E, $N>(&p, &q);
            let k = inp.k;
            let (a, b) = (inp.a, inp.b);

            let mut g = Group::new(curve, "pairing");
            g.add("hayate", None, move || {
                black_box($m::pairing(black_box(&p), black_box(&q)));
            });
            g.add_external(name, None, ext("pairing"));
            gs.push(g);
            let mut g = Group::new(curve, "miller_loop");
            g.add("hayate", None, move || {
                black_box(miller::miller_loop::<$E, $N>(black_box(&p), black_box(&q)));
            });
            g.add_external(name, None, ext("miller"));
            gs.push(g);
            let mut g = Group::new(curve, "final_exp");
            g.add("hayate", None, move || {
                black_box(final_exp::final_exponentiation::<$E, $N>(black_box(&f)));
            });
            g.add_external(name, None, ext("finalexp"));
            gs.push(g);
            let mut g = Group::new(curve, "multi_pairing_4");
            g.add("hayate", None, move || {
                black_box($m::multi_pairing(black_box(&pairs)));
            });
            g.add_external(name, None, ext("multi4"));
            gs.push(g);
            let mut g = Group::new(curve, "g2_mul");
            g.add("hayate", Some(false), move || {
                black_box(black_box(&q).mul_vartime(black_box(&k)));
            });
            g.add("hayate", Some(true), move || {
                black_box(black_box(&q).mul_ct(black_box(&k)));
            });
            g.add_external(name, Some(false), ext("g2mul"));
            gs.push(g);
            let mut g = Group::new(curve, "fp2_mul");
            g.add("hayate", None, move || {
                black_box(black_box(a) * black_box(b));
            });
            g.add_external(name, None, ext("fp2mul"));
            gs.push(g);
            let mut g = Group::new(curve, "fp2_sqr");
            g.add("hayate", None, move || {
                black_box(black_box(a).square());
            });
            g.add_external(name, None, ext("fp2sqr"));
            gs.push(g);
            gs
        }
    };
}

fn hex_bytes(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex from the gnark peer"))
        .collect()
}

type Cands = Vec<(&'static str, Box<dyn Fn() -> Vec<u8>>)>;

// hayate's BLS12-381 pairing is the textbook pairing cubed (see pairing.rs)
curve_groups!(bls_groups, hb, hb::Bls12381, 6, "bls12-381", true, {
    let inv3 = hb::Fr::from_u64(3).invert().unwrap().to_limbs();
    move |x: hb::Gt| -> Cands {
        vec![
            ("1", Box::new(move || x.to_bytes())),
            (
                "1/3 mod r",
                Box::new(move || x.pow_vartime(&inv3).to_bytes()),
            ),
            ("3", Box::new(move || x.pow_vartime(&[3]).to_bytes())),
        ]
    }
});
// alt_bn128: hayate's hard part is Fuentes-Castañeda–Knapp–Rodríguez-Henríquez's, the
// textbook pairing to the power 2z(6z² + 3z + 1)
curve_groups!(bn_groups, hn, hn::Bn254, 4, "bn254", true, {
    let z = hn::Fr::from_u64(4965661367192848881);
    let m = z.double() * (z.square() * hn::Fr::from_u64(6) + z * hn::Fr::from_u64(3) + hn::Fr::ONE);
    let (mm, mi) = (m.to_limbs(), m.invert().unwrap().to_limbs());
    move |x: hn::Gt| -> Cands {
        vec![
            (
                "2z(6z²+3z+1) mod r",
                Box::new(move || x.pow_vartime(&mm).to_bytes()),
            ),
            (
                "1/(2z(6z²+3z+1)) mod r",
                Box::new(move || x.pow_vartime(&mi).to_bytes()),
            ),
        ]
    }
});

// the papers' curve: mcl's BN254 (z = −(2^62 + 2^55 + 1)) is of the same size and shape
curve_groups!(
    beuchat_groups,
    hz,
    hz::Bn254Beuchat,
    4,
    "bn254-beuchat",
    false,
    { move |_: hz::Gt| -> Cands { Vec::new() } }
);

pub fn run(args: &[String]) -> ExitCode {
    let usage = || {
        eprintln!("usage: hayate-bench gnark [--rounds N] [--batch-ms X] [--peer NAME COMMAND]");
        ExitCode::from(2)
    };
    let mut rounds = 31usize;
    let mut batch_ms = 10.0f64;
    let mut peer_cmd: Option<(&'static str, String)> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            // another peer speaking gnark/main.go's protocol (e.g. mcl built by hand)
            "--peer" => match (it.next(), it.next()) {
                (Some(n), Some(c)) => peer_cmd = Some((n.clone().leak(), c.clone())),
                _ => return usage(),
            },
            other => {
                if timing_option(other, &mut it, &mut rounds, &mut batch_ms) != Some(true) {
                    return usage();
                }
            }
        }
    }
    let name: &'static str = peer_cmd.as_ref().map_or("gnark-crypto", |p| p.0);
    let peer = match Peer::start(peer_cmd.as_ref().map(|p| p.1.as_str())) {
        Ok(p) => Rc::new(RefCell::new(p)),
        Err(e) => {
            eprintln!("hayate-bench gnark: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut rng = StdRng::seed_from_u64(0x0067_6e61_726b);
    let mut checks = Vec::new();
    let mut groups = bn_groups(&mut rng, &peer, name, &mut checks);
    groups.extend(bls_groups(&mut rng, &peer, name, &mut checks));
    groups.extend(beuchat_groups(&mut rng, &peer, name, &mut checks));
    for c in &checks {
        eprintln!("{c}");
    }
    let t0 = std::time::Instant::now();
    run_groups(&mut groups, rounds, batch_ms * 1e6);
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "hayate vs {name}: interleaved, {rounds} rounds × ~{batch_ms} ms batches ({secs:.0} s \
         wall); medians of thread CPU time per call; ratio = hayate / {name} (below 1 = hayate \
         faster)"
    );
    println!();
    println!(
        "{:<10} {:<16} {:>12} {:>12} {:>9}   hayate's other variant / peer",
        "curve", "op", "hayate µs", "peer µs", "ratio"
    );
    for r in rows_of(&groups).iter().filter(|r| r.lib == name) {
        let h = groups
            .iter()
            .find(|g| g.curve == r.curve && g.op == r.op)
            .and_then(|g| g.entries.iter().find(|e| e.lib == "hayate" && e.ct == r.ct))
            .map(|e| median(&e.samples))
            .unwrap_or(f64::NAN);
        println!(
            "{:<10} {:<16} {:>12.3} {:>12.3} {:>9.3}   {}",
            r.curve,
            r.op,
            h / 1e3,
            r.median_ns / 1e3,
            r.ratio,
            r.ratio_other
                .map_or(String::new(), |x| format!("{x:.3} (constant time)"))
        );
    }
    ExitCode::SUCCESS
}
