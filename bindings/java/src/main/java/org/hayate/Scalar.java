package org.hayate;

import java.math.BigInteger;

/** An element of the scalar field (integers modulo the group order r) of a curve. */
public final class Scalar extends Element {
    private Scalar(Curve curve, byte[] bytes) {
        super(curve, bytes);
    }

    /** A 32-byte big-endian integer below r; anything else is an {@link InvalidInputException}. */
    public static Scalar fromBytes(Curve curve, byte[] bytes) {
        return new Scalar(curve, Native.scalarOp(curve.id, Native.S_CHECK, nonNull(bytes, "bytes"), null));
    }

    /** A big-endian integer of any length, reduced modulo r. */
    public static Scalar reduce(Curve curve, byte[] bigEndian) {
        return new Scalar(curve, Native.scalarOp(curve.id, Native.S_REDUCE, nonNull(bigEndian, "bytes"), null));
    }

    /** {@code value} modulo r (negative values wrap). */
    public static Scalar of(Curve curve, long value) {
        return reduce(curve, BigInteger.valueOf(value).abs().toByteArray()).negIf(value < 0);
    }

    /** A uniformly random scalar from the operating system's generator. */
    public static Scalar random(Curve curve) {
        return new Scalar(curve, Native.scalarOp(curve.id, Native.S_RANDOM, null, null));
    }

    private Scalar negIf(boolean neg) {
        return neg ? neg() : this;
    }

    private Scalar op(int op, Scalar o) {
        if (o != null) {
            sameCurve(o);
        }
        return new Scalar(curve, Native.scalarOp(curve.id, op, bytes, o == null ? null : o.bytes));
    }

    public Scalar add(Scalar o) {
        return op(Native.S_ADD, o);
    }

    public Scalar sub(Scalar o) {
        return op(Native.S_SUB, o);
    }

    public Scalar mul(Scalar o) {
        return op(Native.S_MUL, o);
    }

    public Scalar neg() {
        return op(Native.S_NEG, null);
    }

    /** The multiplicative inverse; zero has none ({@link InvalidInputException}). */
    public Scalar invert() {
        return op(Native.S_INVERT, null);
    }

    /** The value as a non-negative integer. */
    public BigInteger toBigInteger() {
        return new BigInteger(1, bytes);
    }
}
