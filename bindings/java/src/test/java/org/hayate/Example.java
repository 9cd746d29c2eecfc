package org.hayate;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The Java example of README.md and bindings/java/README.md: the lines between the markers are
 * quoted there verbatim ({@link ReadmeTest} checks that, and runs them).
 */
final class Example {
    private Example() {}

    static void run() {
        // README-BEGIN
        // pairing on BLS12-381: e(aP, Q) = e(P, aQ)
        Curve c = Curve.BLS12_381;
        Scalar a = Scalar.random(c);
        G1 p = G1.generator(c);
        G2 q = G2.generator(c);
        assert Pairing.pairing(p.mul(a), q).equals(Pairing.pairing(p, q.mul(a)));

        // BLS signatures, min-pk, proof-of-possession scheme
        byte[] sk = Bls.MIN_PK.keyGen(new byte[32], null);
        byte[] pk = Bls.MIN_PK.skToPk(sk);
        byte[] sig = Bls.MIN_PK.sign(sk, "hello".getBytes(StandardCharsets.UTF_8), Bls.Scheme.POP);
        assert Bls.MIN_PK.verify(pk, "hello".getBytes(StandardCharsets.UTF_8), sig, Bls.Scheme.POP);

        // AEAD: a wrong tag throws DecryptionException
        Aead ascon = Aead.of("asconaead128");
        byte[] key = new byte[16], nonce = new byte[16];
        byte[] ct = ascon.encrypt(key, nonce, "secret".getBytes(StandardCharsets.UTF_8));
        assert Arrays.equals(ascon.decrypt(key, nonce, ct), "secret".getBytes(StandardCharsets.UTF_8));

        // attribute-based encryption (FAME)
        Fe.Keys keys = Fe.fameSetup(Curve.BLS12_381);
        byte[] alice = Fe.keygen(keys.masterKey(), "doctor, cardiology, age=42");
        byte[] enc = Fe.encrypt(keys.publicKey(), "(doctor or nurse) and age >= 18", "notes".getBytes());
        assert Arrays.equals(Fe.decrypt(alice, enc), "notes".getBytes());
        // README-END
    }
}
