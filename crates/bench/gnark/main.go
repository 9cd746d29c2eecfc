// Command hayate-bench-gnark is the gnark-crypto side of `hayate-bench gnark` (crates/bench):
// a peer that the Rust harness drives over standard input and output, so that both libraries
// are measured in back-to-back rounds of the same run. Bench-only; not part of any build.
//
// Protocol, one command per line, one reply line each (hex strings, big-endian field elements;
// Fp2 as c0 || c1; G1 as x || y; G2 as x.c0 || x.c1 || y.c0 || y.c1; GT as its 12 Fp
// coordinates c0.c0.c0, c0.c0.c1, c0.c1.c0, …, c1.c2.c1):
//
//	load CURVE SCALAR A B P1 Q1 P2 Q2 P3 Q3 P4 Q4   → "ok" (CURVE: bn254 | bls12-381)
//	check CURVE                                     → "PAIR MULTI G2MUL FP2MUL FP2SQR"
//	time CURVE OP ITERS                             → thread CPU nanoseconds for ITERS calls
//	gen CURVE                                       → "ok" after making its own inputs for a
//	                                                  sister curve hayate lacks (not here: gnark
//	                                                  has no curve beside bn254-beuchat, so it
//	                                                  answers "error" and the curve is skipped)
//
// OP: pairing (e(P1, Q1)), miller (its Miller loop), finalexp (the final exponentiation of
// that Miller loop's value), multi4 (the product of the four pairings: one shared final
// exponentiation), g2mul (SCALAR·Q1, gnark's variable-time GLS method), fp2mul (A·B), fp2sqr
// (A²). The goroutine is locked to its thread and the time is that thread's CPU time
// (CLOCK_THREAD_CPUTIME_ID), the clock the Rust side uses; work of the Go runtime on other
// threads (garbage collection) is not counted, which can only favour gnark.
package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"math/big"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"unsafe"

	bls "github.com/consensys/gnark-crypto/ecc/bls12-381"
	blsfp "github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	bn "github.com/consensys/gnark-crypto/ecc/bn254"
	bnfp "github.com/consensys/gnark-crypto/ecc/bn254/fp"
)

// The results of the timed calls, kept where the compiler must write them.
var (
	sinkBn    bn.GT
	sinkBnG2  bn.G2Affine
	sinkBnE2  bn.E2
	sinkBls   bls.GT
	sinkBlsG2 bls.G2Affine
	sinkBlsE2 bls.E2
)

func threadCPUNanos() int64 {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	_, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	if e != 0 {
		panic(e)
	}
	return ts.Nano()
}

// curve is one curve's loaded inputs, as operations and checks.
type curve struct {
	ops   map[string]func()
	check func() string
}

func fields(b []byte, size int) [][]byte {
	var out [][]byte
	for i := 0; i+size <= len(b); i += size {
		out = append(out, b[i:i+size])
	}
	return out
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func loadBn(args []string) curve {
	k := new(big.Int).SetBytes(mustHex(args[0]))
	var a, b bn.E2
	fa, fb := fields(mustHex(args[1]), 32), fields(mustHex(args[2]), 32)
	a.A0.SetBytes(fa[0])
	a.A1.SetBytes(fa[1])
	b.A0.SetBytes(fb[0])
	b.A1.SetBytes(fb[1])
	var ps []bn.G1Affine
	var qs []bn.G2Affine
	for i := 3; i+1 < len(args); i += 2 {
		var p bn.G1Affine
		var q bn.G2Affine
		f := fields(mustHex(args[i]), 32)
		p.X.SetBytes(f[0])
		p.Y.SetBytes(f[1])
		g := fields(mustHex(args[i+1]), 32)
		q.X.A0.SetBytes(g[0])
		q.X.A1.SetBytes(g[1])
		q.Y.A0.SetBytes(g[2])
		q.Y.A1.SetBytes(g[3])
		if !p.IsOnCurve() || !q.IsOnCurve() || !q.IsInSubGroup() {
			panic("bn254: input point not on the curve")
		}
		ps = append(ps, p)
		qs = append(qs, q)
	}
	ml, _ := bn.MillerLoop(ps[:1], qs[:1])
	sink, g2, e2 := &sinkBn, &sinkBnG2, &sinkBnE2
	gt := func(z *bn.GT) string {
		var s strings.Builder
		for _, c6 := range []*bn.E6{&z.C0, &z.C1} {
			for _, c2 := range []*bn.E2{&c6.B0, &c6.B1, &c6.B2} {
				for _, c := range []*bnfp.Element{&c2.A0, &c2.A1} {
					x := c.Bytes()
					s.WriteString(hex.EncodeToString(x[:]))
				}
			}
		}
		return s.String()
	}
	e2hex := func(z *bn.E2) string {
		x, y := z.A0.Bytes(), z.A1.Bytes()
		return hex.EncodeToString(x[:]) + hex.EncodeToString(y[:])
	}
	return curve{
		ops: map[string]func(){
			"pairing":  func() { *sink, _ = bn.Pair(ps[:1], qs[:1]) },
			"miller":   func() { *sink, _ = bn.MillerLoop(ps[:1], qs[:1]) },
			"finalexp": func() { *sink = bn.FinalExponentiation(&ml) },
			"multi4":   func() { *sink, _ = bn.Pair(ps, qs) },
			"g2mul":    func() { g2.ScalarMultiplication(&qs[0], k) },
			"fp2mul":   func() { e2.Mul(&a, &b) },
			"fp2sqr":   func() { e2.Square(&a) },
		},
		check: func() string {
			p, _ := bn.Pair(ps[:1], qs[:1])
			m, _ := bn.Pair(ps, qs)
			var r bn.G2Affine
			r.ScalarMultiplication(&qs[0], k)
			var x, y bn.E2
			x.Mul(&a, &b)
			y.Square(&a)
			return gt(&p) + " " + gt(&m) + " " + e2hex(&r.X) + e2hex(&r.Y) + " " + e2hex(&x) + " " + e2hex(&y)
		},
	}
}

func loadBls(args []string) curve {
	k := new(big.Int).SetBytes(mustHex(args[0]))
	var a, b bls.E2
	fa, fb := fields(mustHex(args[1]), 48), fields(mustHex(args[2]), 48)
	a.A0.SetBytes(fa[0])
	a.A1.SetBytes(fa[1])
	b.A0.SetBytes(fb[0])
	b.A1.SetBytes(fb[1])
	var ps []bls.G1Affine
	var qs []bls.G2Affine
	for i := 3; i+1 < len(args); i += 2 {
		var p bls.G1Affine
		var q bls.G2Affine
		f := fields(mustHex(args[i]), 48)
		p.X.SetBytes(f[0])
		p.Y.SetBytes(f[1])
		g := fields(mustHex(args[i+1]), 48)
		q.X.A0.SetBytes(g[0])
		q.X.A1.SetBytes(g[1])
		q.Y.A0.SetBytes(g[2])
		q.Y.A1.SetBytes(g[3])
		if !p.IsOnCurve() || !q.IsOnCurve() || !q.IsInSubGroup() {
			panic("bls12-381: input point not on the curve")
		}
		ps = append(ps, p)
		qs = append(qs, q)
	}
	ml, _ := bls.MillerLoop(ps[:1], qs[:1])
	sink, g2, e2 := &sinkBls, &sinkBlsG2, &sinkBlsE2
	gt := func(z *bls.GT) string {
		var s strings.Builder
		for _, c6 := range []*bls.E6{&z.C0, &z.C1} {
			for _, c2 := range []*bls.E2{&c6.B0, &c6.B1, &c6.B2} {
				for _, c := range []*blsfp.Element{&c2.A0, &c2.A1} {
					x := c.Bytes()
					s.WriteString(hex.EncodeToString(x[:]))
				}
			}
		}
		return s.String()
	}
	e2hex := func(z *bls.E2) string {
		x, y := z.A0.Bytes(), z.A1.Bytes()
		return hex.EncodeToString(x[:]) + hex.EncodeToString(y[:])
	}
	return curve{
		ops: map[string]func(){
			"pairing":  func() { *sink, _ = bls.Pair(ps[:1], qs[:1]) },
			"miller":   func() { *sink, _ = bls.MillerLoop(ps[:1], qs[:1]) },
			"finalexp": func() { *sink = bls.FinalExponentiation(&ml) },
			"multi4":   func() { *sink, _ = bls.Pair(ps, qs) },
			"g2mul":    func() { g2.ScalarMultiplication(&qs[0], k) },
			"fp2mul":   func() { e2.Mul(&a, &b) },
			"fp2sqr":   func() { e2.Square(&a) },
		},
		check: func() string {
			p, _ := bls.Pair(ps[:1], qs[:1])
			m, _ := bls.Pair(ps, qs)
			var r bls.G2Affine
			r.ScalarMultiplication(&qs[0], k)
			var x, y bls.E2
			x.Mul(&a, &b)
			y.Square(&a)
			return gt(&p) + " " + gt(&m) + " " + e2hex(&r.X) + e2hex(&r.Y) + " " + e2hex(&x) + " " + e2hex(&y)
		},
	}
}

func main() {
	runtime.LockOSThread()
	curves := map[string]curve{}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		w := strings.Fields(in.Text())
		if len(w) == 0 {
			continue
		}
		switch {
		case w[0] == "load" && len(w) == 13 && w[1] == "bn254":
			curves[w[1]] = loadBn(w[2:])
			fmt.Fprintln(out, "ok")
		case w[0] == "load" && len(w) == 13 && w[1] == "bls12-381":
			curves[w[1]] = loadBls(w[2:])
			fmt.Fprintln(out, "ok")
		case w[0] == "check" && len(w) == 2:
			fmt.Fprintln(out, curves[w[1]].check())
		case w[0] == "time" && len(w) == 4:
			op := curves[w[1]].ops[w[2]]
			n, err := strconv.Atoi(w[3])
			if op == nil || err != nil {
				fmt.Fprintln(out, "error: unknown curve or operation")
				break
			}
			t := threadCPUNanos()
			for i := 0; i < n; i++ {
				op()
			}
			fmt.Fprintln(out, threadCPUNanos()-t)
		default:
			fmt.Fprintln(out, "error: bad command")
		}
		out.Flush()
	}
}
