package org.hayate;

import static org.hayate.Vectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The Ethereum consensus BLS vectors (min-pk, proof-of-possession suite) that the Rust tests use
 * ({@code crates/bls/tests/vectors/eth-bls}, see its README), plus min-sig and scheme round trips.
 */
class BlsTest {
    private static final Bls B = Bls.MIN_PK;

    private static List<JsonObject> cases(String suite, int min) {
        Path dir = Vectors.repo("crates/bls/tests/vectors/eth-bls/" + suite);
        List<JsonObject> out = new ArrayList<>();
        for (Object[] f : Vectors.jsonDir(dir)) {
            JsonObject c = ((JsonElement) f[1]).getAsJsonObject();
            c.addProperty("_name", suite + "/" + f[0]);
            out.add(c);
        }
        assertTrue(out.size() >= min, suite + ": only " + out.size() + " cases");
        return out;
    }

    private static List<byte[]> list(JsonElement e) {
        List<byte[]> out = new ArrayList<>();
        for (JsonElement x : e.getAsJsonArray()) {
            out.add(hex(x.getAsString()));
        }
        return out;
    }

    private static byte[] in(JsonObject c, String k) {
        return hex(c.getAsJsonObject("input").get(k).getAsString());
    }

    private static String name(JsonObject c) {
        return c.get("_name").getAsString();
    }

    private static void boolSuite(String suite, int min, Predicate<JsonObject> run) {
        int valid = 0;
        for (JsonObject c : cases(suite, min)) {
            boolean want = c.get("output").getAsBoolean();
            assertEquals(want, run.test(c), name(c));
            valid += want ? 1 : 0;
        }
        assertTrue(valid > 0, suite + ": no valid case");
    }

    @Test
    void sign() {
        for (JsonObject c : cases("sign", 10)) {
            byte[] sk = in(c, "privkey");
            byte[] msg = in(c, "message");
            if (c.get("output").isJsonNull()) {
                assertThrows(InvalidInputException.class, () -> B.sign(sk, msg, Bls.Scheme.POP), name(c));
            } else {
                byte[] sig = B.sign(sk, msg, Bls.Scheme.POP);
                assertArrayEquals(hex(c.get("output").getAsString()), sig, name(c));
                assertTrue(B.verify(B.skToPk(sk), msg, sig, Bls.Scheme.POP), name(c));
            }
        }
    }

    @Test
    void verify() {
        boolSuite("verify", 29, c -> B.verify(in(c, "pubkey"), in(c, "message"), in(c, "signature"), Bls.Scheme.POP));
    }

    @Test
    void aggregate() {
        for (JsonObject c : cases("aggregate", 4)) {
            List<byte[]> sigs = list(c.get("input"));
            if (c.get("output").isJsonNull()) {
                assertThrows(InvalidInputException.class, () -> B.aggregate(sigs), name(c));
            } else {
                assertArrayEquals(hex(c.get("output").getAsString()), B.aggregate(sigs), name(c));
            }
        }
    }

    @Test
    void fastAggregateVerify() {
        boolSuite("fast_aggregate_verify", 10, c -> B.fastAggregateVerify(
                list(c.getAsJsonObject("input").get("pubkeys")), in(c, "message"), in(c, "signature")));
    }

    @Test
    void aggregateVerify() {
        boolSuite("aggregate_verify", 5, c -> B.aggregateVerify(
                list(c.getAsJsonObject("input").get("pubkeys")),
                list(c.getAsJsonObject("input").get("messages")),
                in(c, "signature"), Bls.Scheme.POP));
    }

    @Test
    void batchVerify() {
        boolSuite("batch_verify", 4, c -> B.batchVerify(
                list(c.getAsJsonObject("input").get("pubkeys")),
                list(c.getAsJsonObject("input").get("messages")),
                list(c.getAsJsonObject("input").get("signatures")), Bls.Scheme.POP));
    }

    /** Point decoding; the valid identity encoding decodes as a point (KeyValidate is separate). */
    @Test
    void deserializationG1() {
        boolSuite("deserialization_G1", 16, c -> {
            try {
                G1.fromBytes(Curve.BLS12_381, in(c, "pubkey"));
                return true;
            } catch (InvalidInputException e) {
                return false;
            }
        });
    }

    @Test
    void deserializationG2() {
        boolSuite("deserialization_G2", 18, c -> {
            try {
                B.validateSignature(in(c, "signature"));
                return true;
            } catch (InvalidInputException e) {
                return false;
            }
        });
    }

    @Test
    void hashToG2() {
        byte[] dst = "QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_".getBytes(StandardCharsets.UTF_8);
        for (JsonObject c : cases("hash_to_G2", 4)) {
            byte[] msg = c.getAsJsonObject("input").get("msg").getAsString().getBytes(StandardCharsets.UTF_8);
            JsonObject out = c.getAsJsonObject("output");
            String[] x = out.get("x").getAsString().split(",");
            String[] y = out.get("y").getAsString().split(",");
            byte[] want = Vectors.concat(hex(x[1]), hex(x[0]), hex(y[1]), hex(y[0]));
            assertArrayEquals(want, G2.hash(Curve.BLS12_381, msg, dst).toUncompressed(), name(c));
        }
    }

    @Test
    void bothVariantsAllSchemes() {
        byte[] ikm = new byte[32];
        ikm[5] = 9;
        for (Bls v : List.of(Bls.MIN_PK, Bls.MIN_SIG)) {
            byte[] sk = v.keyGen(ikm, null);
            byte[] sk2 = v.keyGen(ikm, "other".getBytes());
            byte[] pk = v.skToPk(sk);
            byte[] pk2 = v.skToPk(sk2);
            assertEquals(v == Bls.MIN_PK ? 48 : 96, pk.length);
            byte[] m = "hello".getBytes();
            for (Bls.Scheme s : Bls.Scheme.values()) {
                byte[] sig = v.sign(sk, m, s);
                assertEquals(v == Bls.MIN_PK ? 96 : 48, sig.length);
                assertTrue(v.verify(pk, m, sig, s), s.toString());
                assertFalse(v.verify(pk2, m, sig, s), s.toString());
                assertFalse(v.verify(pk, "hellO".getBytes(), sig, s), s.toString());
                byte[] sig2 = v.sign(sk2, "world".getBytes(), s);
                byte[] agg = v.aggregate(List.of(sig, sig2));
                assertTrue(v.aggregateVerify(List.of(pk, pk2), List.of(m, "world".getBytes()), agg, s));
                assertTrue(v.batchVerify(List.of(pk, pk2), List.of(m, "world".getBytes()), List.of(sig, sig2), s));
                assertFalse(v.batchVerify(List.of(pk, pk2), List.of(m, "world".getBytes()), List.of(sig2, sig), s));
            }
            // basic scheme: AggregateVerify needs distinct messages
            byte[] s1 = v.sign(sk, m, Bls.Scheme.BASIC);
            byte[] s2 = v.sign(sk2, m, Bls.Scheme.BASIC);
            assertFalse(v.aggregateVerify(List.of(pk, pk2), List.of(m, m), v.aggregate(List.of(s1, s2)), Bls.Scheme.BASIC));
            // proof of possession and FastAggregateVerify
            assertTrue(v.popVerify(pk, v.popProve(sk)));
            assertFalse(v.popVerify(pk2, v.popProve(sk)));
            byte[] fa = v.aggregate(List.of(v.sign(sk, m, Bls.Scheme.POP), v.sign(sk2, m, Bls.Scheme.POP)));
            assertTrue(v.fastAggregateVerify(List.of(pk, pk2), m, fa));
            assertTrue(v.verify(v.aggregatePublicKeys(List.of(pk, pk2)), m, fa, Bls.Scheme.POP));
            assertFalse(v.fastAggregateVerify(List.of(pk), m, fa));
            // errors
            assertThrows(InvalidInputException.class, () -> v.keyGen(new byte[31], null));
            assertThrows(InvalidInputException.class, () -> v.sign(new byte[32], m, Bls.Scheme.POP));
            assertThrows(InvalidInputException.class, () -> v.validatePublicKey(new byte[pk.length]));
            assertThrows(InvalidInputException.class, () -> v.aggregate(List.of()));
            assertFalse(v.verify(new byte[5], m, s1, Bls.Scheme.BASIC));
            assertFalse(v.batchVerify(List.of(), List.of(), List.of(), Bls.Scheme.POP));
        }
    }
}
