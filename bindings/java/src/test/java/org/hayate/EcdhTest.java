package org.hayate;

import static org.hayate.Vectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Wycheproof's ECDH "ecpoint" tests ({@code shared/vectors/wycheproof}), round trips, errors. */
class EcdhTest {
    @ParameterizedTest
    @CsvSource({"secp256r1,ecdh_secp256r1_ecpoint_test.json", "secp224r1,ecdh_secp224r1_ecpoint_test.json"})
    void wycheproof(String curve, String file) {
        JsonObject v = Vectors.json(Vectors.shared("wycheproof/" + file)).getAsJsonObject();
        int total = 0;
        int accepted = 0;
        for (JsonElement g : v.getAsJsonArray("testGroups")) {
            for (JsonElement te : g.getAsJsonObject().getAsJsonArray("tests")) {
                JsonObject t = te.getAsJsonObject();
                String id = file + " tcId " + t.get("tcId").getAsInt() + " (" + t.get("comment").getAsString() + ")";
                byte[] priv = hex(t.get("private").getAsString());
                byte[] pub = hex(t.get("public").getAsString());
                String result = t.get("result").getAsString();
                total++;
                if (result.equals("invalid")) {
                    assertThrows(InvalidInputException.class, () -> Ecdh.sharedSecret(curve, priv, pub), id);
                } else {
                    // valid, and acceptable (compressed public keys, which SEC 1 allows)
                    try {
                        assertArrayEquals(hex(t.get("shared").getAsString()), Ecdh.sharedSecret(curve, priv, pub), id);
                        accepted++;
                    } catch (HayateException e) {
                        fail(id + ": rejected: " + e.getMessage());
                    }
                }
            }
        }
        assertEquals(v.get("numberOfTests").getAsInt(), total);
        assertTrue(accepted > 0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"secp192r1", "secp224r1", "P-256", "secp384r1", "secp521r1", "secp256k1",
        "brainpoolP256r1", "brainpoolP384r1"})
    void roundTrip(String curve) {
        Ecdh.KeyPair a = Ecdh.generateKeyPair(curve);
        Ecdh.KeyPair b = Ecdh.generateKeyPair(curve);
        byte[] ab = Ecdh.sharedSecret(curve, a.privateKey(), b.publicKey());
        assertArrayEquals(ab, Ecdh.sharedSecret(curve, b.privateKey(), a.publicKey()));
        assertArrayEquals(a.publicKey(), Ecdh.publicKey(curve, a.privateKey(), false));
        byte[] compressed = Ecdh.publicKey(curve, a.privateKey(), true);
        assertArrayEquals(ab, Ecdh.sharedSecret(curve, b.privateKey(), compressed));
        assertThrows(InvalidInputException.class, () -> Ecdh.sharedSecret(curve, new byte[] {0}, b.publicKey()));
        byte[] bad = b.publicKey();
        bad[bad.length - 1] ^= 1;
        assertThrows(InvalidInputException.class, () -> Ecdh.sharedSecret(curve, a.privateKey(), bad));
    }

    @ParameterizedTest
    @ValueSource(strings = {"curve25519", ""})
    void unknownCurve(String curve) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Ecdh.generateKeyPair(curve));
        assertTrue(e.getMessage().contains("unknown curve"), e.getMessage());
    }
}
