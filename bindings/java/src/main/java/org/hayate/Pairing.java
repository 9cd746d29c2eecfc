package org.hayate;

import java.util.Collections;
import java.util.List;

/** The optimal Ate pairing e: G1 × G2 → GT. */
public final class Pairing {
    private Pairing() {}

    /** e(p, q). */
    public static Gt pairing(G1 p, G2 q) {
        return multiPairing(Collections.singletonList(p), Collections.singletonList(q));
    }

    /**
     * ∏ e(ps[i], qs[i]), with one shared final exponentiation (cheaper than separate
     * pairings); the lists must not be empty (see {@link #multiPairing(Curve, List, List)}).
     */
    public static Gt multiPairing(List<G1> ps, List<G2> qs) {
        if (ps.isEmpty()) {
            throw new InvalidInputException("multiPairing: no pairs (use the overload naming the curve)");
        }
        return multiPairing(ps.get(0).curve(), ps, qs);
    }

    /** ∏ e(ps[i], qs[i]) on {@code curve}; the empty product is 1. */
    public static Gt multiPairing(Curve curve, List<G1> ps, List<G2> qs) {
        if (ps.size() != qs.size()) {
            throw new InvalidInputException("multiPairing: as many G1 as G2 points are needed");
        }
        byte[][] a = new byte[ps.size()][];
        byte[][] b = new byte[qs.size()][];
        for (int i = 0; i < a.length; i++) {
            a[i] = checked(curve, ps.get(i)).bytes;
            b[i] = checked(curve, qs.get(i)).bytes;
        }
        return new Gt(curve, Native.multiPairing(curve.id, a, b));
    }

    private static <T extends Element> T checked(Curve curve, T e) {
        if (e.curve() != curve) {
            throw new InvalidInputException("multiPairing: a point of " + e.curve() + " in a pairing on " + curve);
        }
        return e;
    }
}
