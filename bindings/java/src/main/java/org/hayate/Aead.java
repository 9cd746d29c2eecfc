package org.hayate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The seven authenticated-encryption schemes of {@code hayate-aead}, by their SUPERCOP / CAESAR
 * names: {@code aes128n12t8clocv3}, {@code aes128n12t8silcv3}, {@code aesjambuv2},
 * {@code ketjesrv2}, {@code ascon128v12}, {@code acorn128v3}, {@code asconaead128}.
 * Ciphertexts are ciphertext ‖ tag.
 */
public final class Aead {
    private static final Map<String, Aead> ALL = load();

    private final String name;
    private final int keyLength;
    private final int nonceLength;
    private final int tagLength;

    private Aead(String name, int keyLength, int nonceLength, int tagLength) {
        this.name = name;
        this.keyLength = keyLength;
        this.nonceLength = nonceLength;
        this.tagLength = tagLength;
    }

    private static Map<String, Aead> load() {
        Map<String, Aead> m = new LinkedHashMap<>();
        for (String line : Native.aeadList().split("\n")) {
            String[] f = line.split(":");
            m.put(f[0], new Aead(f[0], Integer.parseInt(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3])));
        }
        return Collections.unmodifiableMap(m);
    }

    /** The scheme of that name; an unknown name is an {@link InvalidInputException}. */
    public static Aead of(String name) {
        Aead a = ALL.get(Objects.requireNonNull(name, "name"));
        if (a == null) {
            throw new InvalidInputException("unknown AEAD algorithm " + name + " (expected one of " + names() + ")");
        }
        return a;
    }

    /** Every scheme's name, in the library's order. */
    public static List<String> names() {
        return new ArrayList<>(ALL.keySet());
    }

    public String name() {
        return name;
    }

    public int keyLength() {
        return keyLength;
    }

    public int nonceLength() {
        return nonceLength;
    }

    public int tagLength() {
        return tagLength;
    }

    /** Encrypts {@code plaintext} with associated data {@code ad}: ciphertext ‖ tag. */
    public byte[] encrypt(byte[] key, byte[] nonce, byte[] plaintext, byte[] ad) {
        return Native.aead(name, false, key, nonce, ad, plaintext);
    }

    /** {@link #encrypt(byte[], byte[], byte[], byte[])} without associated data. */
    public byte[] encrypt(byte[] key, byte[] nonce, byte[] plaintext) {
        return encrypt(key, nonce, plaintext, new byte[0]);
    }

    /**
     * Decrypts ciphertext ‖ tag; a tag that does not verify is a {@link DecryptionException}
     * and no plaintext is released.
     */
    public byte[] decrypt(byte[] key, byte[] nonce, byte[] ciphertext, byte[] ad) {
        return Native.aead(name, true, key, nonce, ad, ciphertext);
    }

    /** {@link #decrypt(byte[], byte[], byte[], byte[])} without associated data. */
    public byte[] decrypt(byte[] key, byte[] nonce, byte[] ciphertext) {
        return decrypt(key, nonce, ciphertext, new byte[0]);
    }

    @Override
    public String toString() {
        return "Aead(" + name + ")";
    }
}
