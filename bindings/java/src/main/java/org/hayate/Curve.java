package org.hayate;

/**
 * The pairing-friendly curves, with their point encodings.
 *
 * <ul>
 *   <li>{@link #BLS12_381}: Zcash/IETF compressed encodings (G1 48 bytes, G2 96 bytes; the
 *       uncompressed 96/192-byte forms are accepted on input);</li>
 *   <li>{@link #BN254}: Ethereum's alt_bn128, EIP-196/EIP-197 encodings (G1 x‖y, 64 bytes;
 *       G2 x_im‖x_re‖y_im‖y_re, 128 bytes; all zero = the identity);</li>
 *   <li>{@link #BN254_BEUCHAT}: the 254-bit BN curve of Beuchat et al. (Pairing 2010),
 *       uncompressed x‖y (G1 64 bytes, G2 128 bytes with Fp2 written c0‖c1).</li>
 * </ul>
 * Scalars are 32-byte big-endian integers below the group order r.
 */
public enum Curve {
    BLS12_381(1, "bls12-381", 48, 96),
    BN254_BEUCHAT(2, "bn254-beuchat", 64, 128),
    BN254(3, "bn254", 64, 128);

    final int id;
    private final String libName;
    private final int g1Bytes;
    private final int g2Bytes;

    Curve(int id, String libName, int g1Bytes, int g2Bytes) {
        this.id = id;
        this.libName = libName;
        this.g1Bytes = g1Bytes;
        this.g2Bytes = g2Bytes;
    }

    /** The library's (and the CLI's) name of the curve. */
    public String libraryName() {
        return libName;
    }

    /** Bytes of an encoded G1 point. */
    public int g1Bytes() {
        return g1Bytes;
    }

    /** Bytes of an encoded G2 point. */
    public int g2Bytes() {
        return g2Bytes;
    }
}
