package org.hayate;

/** An element of the target group GT (order-r subgroup of Fp12*), written multiplicatively. */
public final class Gt extends Element {
    Gt(Curve curve, byte[] bytes) {
        super(curve, bytes);
    }

    /** The neutral element 1. */
    public static Gt one(Curve curve) {
        return new Gt(curve, Native.gtOp(curve.id, Native.T_IDENTITY, null, null));
    }

    /** e(g1, g2) of the standard generators. */
    public static Gt generator(Curve curve) {
        return new Gt(curve, Native.gtOp(curve.id, Native.T_GENERATOR, null, null));
    }

    /** Decodes an element (as written by {@link #toBytes()}), checked to lie in GT. */
    public static Gt fromBytes(Curve curve, byte[] bytes) {
        return new Gt(curve, Native.gtOp(curve.id, Native.T_CHECK, nonNull(bytes, "bytes"), null));
    }

    public Gt mul(Gt o) {
        sameCurve(o);
        return new Gt(curve, Native.gtOp(curve.id, Native.T_MUL, bytes, o.bytes));
    }

    /** this^k, constant time in k. */
    public Gt pow(Scalar k) {
        sameCurve(k);
        return new Gt(curve, Native.gtOp(curve.id, Native.T_POW, bytes, k.bytes));
    }

    public Gt invert() {
        return new Gt(curve, Native.gtOp(curve.id, Native.T_INVERT, bytes, null));
    }

    public boolean isOne() {
        return equals(one(curve));
    }
}
