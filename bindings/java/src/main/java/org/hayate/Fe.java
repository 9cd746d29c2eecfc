package org.hayate;

/**
 * Functional (attribute-based) encryption of {@code hayate-fe} on byte arrays, with the objects
 * of the {@code hayate fe} command line (the same serialized keys; a ciphertext is the
 * serialized FE ciphertext followed by the AES-128-GCM body bound to it, the layout of a
 * {@code hayate fe encrypt} file).
 *
 * <ul>
 *   <li>FAME CP-ABE (Agrawal–Chase, CCS 2017): attributes such as
 *       {@code "doctor, cardiology, age=42"}, policies such as
 *       {@code "(doctor or nurse) and cardiology and age >= 18"};</li>
 *   <li>OT10 CP-FE (Okamoto–Takashima, CRYPTO 2010): {@code categories} categories
 *       {@code t1..td} of dimension {@code dim}; attributes {@code "t1=3, t2=7"}, policies of
 *       equalities and negated equalities such as {@code "t1=3 and not t2=5"}.</li>
 * </ul>
 * Keygen, encryption and decryption read the scheme and curve from the key's header.
 */
public final class Fe {
    private Fe() {}

    /** A public key and its master secret key. */
    public static final class Keys {
        private final byte[] publicKey;
        private final byte[] masterKey;

        Keys(byte[][] keys) {
            this.publicKey = keys[0];
            this.masterKey = keys[1];
        }

        public byte[] publicKey() {
            return publicKey.clone();
        }

        public byte[] masterKey() {
            return masterKey.clone();
        }
    }

    /** FAME setup on {@code curve}. */
    public static Keys fameSetup(Curve curve) {
        return new Keys(Native.feSetup(Native.FE_FAME, curve.id, 0, 0));
    }

    /** OT10 setup: {@code categories} (1..256) categories of dimension {@code dim} (2..32). */
    public static Keys ot10Setup(Curve curve, int categories, int dim) {
        return new Keys(Native.feSetup(Native.FE_OT10, curve.id, categories, dim));
    }

    /** A user key for {@code attributes}. */
    public static byte[] keygen(byte[] masterKey, String attributes) {
        return Native.feOp(Native.FE_KEYGEN, masterKey, attributes, null);
    }

    /** Encrypts {@code plaintext} under {@code policy}. */
    public static byte[] encrypt(byte[] publicKey, String policy, byte[] plaintext) {
        return Native.feOp(Native.FE_ENCRYPT, publicKey, policy, plaintext);
    }

    /**
     * Decrypts with a user key; a key whose attributes do not satisfy the policy, or an altered
     * ciphertext, is a {@link DecryptionException}.
     */
    public static byte[] decrypt(byte[] userKey, byte[] ciphertext) {
        return Native.feOp(Native.FE_DECRYPT, userKey, null, ciphertext);
    }
}
