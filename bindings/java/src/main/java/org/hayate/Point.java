package org.hayate;

/** The group operations shared by {@link G1} and {@link G2}. */
abstract class Point<P extends Point<P>> extends Element {
    private final int group;

    Point(Curve curve, int group, byte[] bytes) {
        super(curve, bytes);
        this.group = group;
    }

    /** A point of the same group and curve from its (checked) encoding. */
    abstract P make(byte[] encoding);

    static byte[] op(Curve curve, int group, int op, byte[] a) {
        return Native.pointOp(curve.id, group, op, a, null);
    }

    public final P add(P o) {
        sameCurve(o);
        return make(Native.pointOp(curve.id, group, Native.P_ADD, bytes, o.bytes));
    }

    public final P neg() {
        return make(op(curve, group, Native.P_NEG, bytes));
    }

    public final P sub(P o) {
        return add(o.neg());
    }

    /** [k]P, constant time in k. */
    public final P mul(Scalar k) {
        sameCurve(k);
        return make(Native.pointOp(curve.id, group, Native.P_MUL, bytes, k.bytes));
    }

    /** Whether this is the point at infinity. */
    public final boolean isIdentity() {
        return java.util.Arrays.equals(bytes, op(curve, group, Native.P_IDENTITY, null));
    }

    /** The Zcash/IETF uncompressed encoding (G1 96 bytes, G2 192 bytes); BLS12-381 only. */
    public final byte[] toUncompressed() {
        return op(curve, group, Native.P_UNCOMPRESSED, bytes);
    }
}
