package org.hayate;

/**
 * Elliptic-curve Diffie–Hellman (SEC 1 §3.3.1) on the named curves of {@code hayate-ec}:
 * secp192r1, secp224r1, secp256r1, secp384r1, secp521r1, secp256k1, brainpoolP256r1,
 * brainpoolP384r1 (case-insensitive; aliases such as {@code P-256} work). Private keys are
 * big-endian integers in [1, n − 1]; public keys SEC 1 points (compressed or uncompressed),
 * fully validated.
 */
public final class Ecdh {
    private Ecdh() {}

    /** A key pair: the private key (big-endian) and the public key (SEC 1). */
    public static final class KeyPair {
        private final byte[] privateKey;
        private final byte[] publicKey;

        KeyPair(byte[] privateKey, byte[] publicKey) {
            this.privateKey = privateKey;
            this.publicKey = publicKey;
        }

        public byte[] privateKey() {
            return privateKey.clone();
        }

        public byte[] publicKey() {
            return publicKey.clone();
        }
    }

    /** A fresh key pair from the operating system's generator (uncompressed public key). */
    public static KeyPair generateKeyPair(String curve) {
        byte[][] r = Native.ecdh(curve, Native.E_GENERATE, false, null, null);
        return new KeyPair(r[0], r[1]);
    }

    /** The public key of {@code privateKey}, SEC 1 compressed or uncompressed. */
    public static byte[] publicKey(String curve, byte[] privateKey, boolean compressed) {
        return Native.ecdh(curve, Native.E_PUBLIC, compressed, privateKey, null)[0];
    }

    /** The shared secret: the x-coordinate of [d]Q, ⌈log₂ p / 8⌉ bytes. */
    public static byte[] sharedSecret(String curve, byte[] privateKey, byte[] peerPublicKey) {
        return Native.ecdh(curve, Native.E_SHARED, false, privateKey, peerPublicKey)[0];
    }
}
