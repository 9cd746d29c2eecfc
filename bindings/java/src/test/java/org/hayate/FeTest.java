package org.hayate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** FAME and OT10 on byte arrays: round trips, policies not satisfied, tampering, bad input. */
class FeTest {
    private static final byte[] MSG = "patient notes: all well".getBytes(StandardCharsets.UTF_8);

    @ParameterizedTest
    @EnumSource(Curve.class)
    void fame(Curve c) {
        Fe.Keys keys = Fe.fameSetup(c);
        byte[] alice = Fe.keygen(keys.masterKey(), "doctor, cardiology, age=42");
        byte[] bob = Fe.keygen(keys.masterKey(), "nurse, oncology, age=30");
        byte[] ct = Fe.encrypt(keys.publicKey(), "(doctor or nurse) and cardiology and age >= 18", MSG);
        assertArrayEquals(MSG, Fe.decrypt(alice, ct));
        assertThrows(DecryptionException.class, () -> Fe.decrypt(bob, ct));
        byte[] tampered = ct.clone();
        tampered[tampered.length - 1] ^= 1;
        assertThrows(DecryptionException.class, () -> Fe.decrypt(alice, tampered));
        assertThrows(InvalidInputException.class, () -> Fe.encrypt(keys.publicKey(), "doctor and (", MSG));
        assertThrows(InvalidInputException.class, () -> Fe.keygen(keys.masterKey(), "age=notanumber,,"));
        assertThrows(InvalidInputException.class, () -> Fe.keygen(keys.publicKey(), "doctor"));
        assertThrows(InvalidInputException.class, () -> Fe.decrypt(alice, new byte[7]));
    }

    @Test
    void ot10() {
        Fe.Keys keys = Fe.ot10Setup(Curve.BN254_BEUCHAT, 4, 2);
        byte[] bob = Fe.keygen(keys.masterKey(), "t1=3, t2=7, t3=cardiology");
        byte[] eve = Fe.keygen(keys.masterKey(), "t1=3, t2=5, t3=cardiology");
        byte[] ct = Fe.encrypt(keys.publicKey(), "t1=3 and not t2=5 and (t3=cardiology or t4=1)", MSG);
        assertArrayEquals(MSG, Fe.decrypt(bob, ct));
        assertThrows(DecryptionException.class, () -> Fe.decrypt(eve, ct));
        assertThrows(InvalidInputException.class, () -> Fe.ot10Setup(Curve.BN254, 0, 2));
        assertThrows(InvalidInputException.class, () -> Fe.ot10Setup(Curve.BN254, 2, 1));
        Fe.Keys fame = Fe.fameSetup(Curve.BN254_BEUCHAT);
        byte[] fameKey = Fe.keygen(fame.masterKey(), "t1");
        assertThrows(InvalidInputException.class, () -> Fe.decrypt(fameKey, ct));
    }
}
