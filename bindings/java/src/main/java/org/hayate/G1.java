package org.hayate;

/** A point of G1 (the order-r subgroup of E(Fp)) of a pairing curve. Immutable. */
public final class G1 extends Point<G1> {
    private G1(Curve curve, byte[] bytes) {
        super(curve, 1, bytes);
    }

    @Override
    G1 make(byte[] encoding) {
        return new G1(curve, encoding);
    }

    /** The standard generator. */
    public static G1 generator(Curve curve) {
        return new G1(curve, op(curve, 1, Native.P_GENERATOR, null));
    }

    /** The point at infinity. */
    public static G1 identity(Curve curve) {
        return new G1(curve, op(curve, 1, Native.P_IDENTITY, null));
    }

    /**
     * Decodes a point in the curve's encoding ({@link Curve}), fully validated (length,
     * canonical coordinates, on the curve, in the subgroup).
     */
    public static G1 fromBytes(Curve curve, byte[] bytes) {
        return new G1(curve, op(curve, 1, Native.P_CHECK, nonNull(bytes, "bytes")));
    }

    /**
     * Hash onto G1. BLS12-381: RFC 9380 {@code hash_to_curve}, suite
     * {@code BLS12381G1_XMD:SHA-256_SSWU_RO_}. The BN curves, which have no RFC 9380 suite:
     * the try-and-increment hash of hayate's FE schemes (variable time in the message).
     */
    public static G1 hash(Curve curve, byte[] msg, byte[] dst) {
        return new G1(curve, Native.hash(curve.id, Native.H_HASH_G1, nonNull(msg, "msg"), nonNull(dst, "dst")));
    }

    /** RFC 9380 {@code encode_to_curve}, suite {@code BLS12381G1_XMD:SHA-256_SSWU_NU_}; BLS12-381 only. */
    public static G1 encode(Curve curve, byte[] msg, byte[] dst) {
        return new G1(curve, Native.hash(curve.id, Native.H_ENCODE_G1, nonNull(msg, "msg"), nonNull(dst, "dst")));
    }
}
