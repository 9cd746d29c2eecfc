package org.hayate;

/** A point of G2 (the order-r subgroup of the sextic twist over Fp2) of a pairing curve. Immutable. */
public final class G2 extends Point<G2> {
    private G2(Curve curve, byte[] bytes) {
        super(curve, 2, bytes);
    }

    @Override
    G2 make(byte[] encoding) {
        return new G2(curve, encoding);
    }

    /** The standard generator. */
    public static G2 generator(Curve curve) {
        return new G2(curve, op(curve, 2, Native.P_GENERATOR, null));
    }

    /** The point at infinity. */
    public static G2 identity(Curve curve) {
        return new G2(curve, op(curve, 2, Native.P_IDENTITY, null));
    }

    /** Decodes a point in the curve's encoding ({@link Curve}), fully validated (subgroup included). */
    public static G2 fromBytes(Curve curve, byte[] bytes) {
        return new G2(curve, op(curve, 2, Native.P_CHECK, nonNull(bytes, "bytes")));
    }

    /** RFC 9380 {@code hash_to_curve}, suite {@code BLS12381G2_XMD:SHA-256_SSWU_RO_}; BLS12-381 only. */
    public static G2 hash(Curve curve, byte[] msg, byte[] dst) {
        return new G2(curve, Native.hash(curve.id, Native.H_HASH_G2, nonNull(msg, "msg"), nonNull(dst, "dst")));
    }

    /** RFC 9380 {@code encode_to_curve}, suite {@code BLS12381G2_XMD:SHA-256_SSWU_NU_}; BLS12-381 only. */
    public static G2 encode(Curve curve, byte[] msg, byte[] dst) {
        return new G2(curve, Native.hash(curve.id, Native.H_ENCODE_G2, nonNull(msg, "msg"), nonNull(dst, "dst")));
    }
}
