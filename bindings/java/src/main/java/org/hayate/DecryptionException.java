package org.hayate;

/**
 * A ciphertext did not open: an AEAD tag that does not verify (no plaintext is released), or an
 * FE ciphertext whose policy the key does not satisfy or whose encrypted body was altered.
 */
public class DecryptionException extends HayateException {
    private static final long serialVersionUID = 1L;

    public DecryptionException(String message) {
        super(message);
    }
}
