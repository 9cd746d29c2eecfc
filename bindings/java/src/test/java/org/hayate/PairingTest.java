package org.hayate;

import static org.hayate.Vectors.hex;
import static org.hayate.Vectors.padded;
import static org.hayate.Vectors.slice;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Pairing groups: go-ethereum's EIP-196/197 precompile vectors for alt_bn128
 * ({@code shared/vectors/evm}), and algebraic round trips and error cases on all three curves.
 */
class PairingTest {
    private static List<JsonObject> evm(String name) {
        List<JsonObject> out = new ArrayList<>();
        for (JsonElement e : Vectors.json(Vectors.shared("evm/" + name + ".json")).getAsJsonArray()) {
            out.add(e.getAsJsonObject());
        }
        assertTrue(out.size() >= 10, name + ": too few cases");
        return out;
    }

    @Test
    void bn256Add() {
        for (JsonObject c : evm("bn256Add")) {
            byte[] in = padded(hex(c.get("Input").getAsString()), 128);
            G1 a = G1.fromBytes(Curve.BN254, slice(in, 0, 64));
            G1 b = G1.fromBytes(Curve.BN254, slice(in, 64, 128));
            assertEquals(c.get("Expected").getAsString(), Vectors.hex(a.add(b).toBytes()), c.get("Name").getAsString());
        }
    }

    @Test
    void bn256ScalarMul() {
        for (JsonObject c : evm("bn256ScalarMul")) {
            byte[] in = padded(hex(c.get("Input").getAsString()), 96);
            G1 p = G1.fromBytes(Curve.BN254, slice(in, 0, 64));
            Scalar k = Scalar.reduce(Curve.BN254, slice(in, 64, 96));
            assertEquals(c.get("Expected").getAsString(), Vectors.hex(p.mul(k).toBytes()), c.get("Name").getAsString());
        }
    }

    @Test
    void bn256Pairing() {
        int checked = 0;
        for (JsonObject c : evm("bn256Pairing")) {
            byte[] in = hex(c.get("Input").getAsString());
            assertEquals(0, in.length % 192);
            List<G1> ps = new ArrayList<>();
            List<G2> qs = new ArrayList<>();
            for (int i = 0; i < in.length; i += 192) {
                ps.add(G1.fromBytes(Curve.BN254, slice(in, i, i + 64)));
                qs.add(G2.fromBytes(Curve.BN254, slice(in, i + 64, i + 192)));
            }
            boolean one = Pairing.multiPairing(Curve.BN254, ps, qs).isOne();
            byte[] want = hex(c.get("Expected").getAsString());
            assertEquals(want[31] == 1, one, c.get("Name").getAsString());
            checked += one ? 1 : 0;
        }
        assertTrue(checked > 0);
    }

    @ParameterizedTest
    @EnumSource(Curve.class)
    void bilinearity(Curve c) {
        Scalar a = Scalar.random(c);
        Scalar b = Scalar.of(c, 12345);
        G1 p = G1.generator(c);
        G2 q = G2.generator(c);
        Gt e = Pairing.pairing(p, q);
        assertEquals(Gt.generator(c), e);
        assertFalse(e.isOne());
        assertEquals(Pairing.pairing(p.mul(a), q.mul(b)), e.pow(a.mul(b)));
        assertEquals(Pairing.pairing(p.mul(a), q), Pairing.pairing(p, q.mul(a)));
        // e(aP, Q) · e(−aP, Q) = 1 as one product
        assertTrue(Pairing.multiPairing(List.of(p.mul(a), p.mul(a).neg()), List.of(q, q)).isOne());
        assertEquals(Gt.one(c), e.mul(e.invert()));
        assertEquals(e, Gt.fromBytes(c, e.toBytes()));
        assertTrue(Pairing.multiPairing(c, List.of(), List.of()).isOne());
    }

    @ParameterizedTest
    @EnumSource(Curve.class)
    void groupLaws(Curve c) {
        G1 p = G1.generator(c);
        G2 q = G2.generator(c);
        Scalar two = Scalar.of(c, 2);
        Scalar k = Scalar.random(c);
        assertEquals(p.add(p), p.mul(two));
        assertEquals(q.add(q), q.mul(two));
        assertTrue(p.sub(p).isIdentity());
        assertTrue(q.add(q.neg()).isIdentity());
        assertEquals(G1.identity(c), p.mul(Scalar.of(c, 0)));
        assertEquals(p.mul(k).add(p.mul(k.neg())), G1.identity(c));
        assertEquals(p.mul(Scalar.of(c, -1)), p.neg());
        assertEquals(c.g1Bytes(), p.toBytes().length);
        assertEquals(c.g2Bytes(), q.toBytes().length);
        assertEquals(p.mul(k), G1.fromBytes(c, p.mul(k).toBytes()));
        assertEquals(q.mul(k), G2.fromBytes(c, q.mul(k).toBytes()));
        assertEquals(Scalar.of(c, 1), k.mul(k.invert()));
        assertEquals(k, k.add(two).sub(two));
        assertEquals(k, Scalar.fromBytes(c, k.toBytes()));
        G1 h = G1.hash(c, "abc".getBytes(), "DST".getBytes());
        assertEquals(h, G1.hash(c, "abc".getBytes(), "DST".getBytes()));
        assertNotEquals(h, G1.hash(c, "abd".getBytes(), "DST".getBytes()));
    }

    @ParameterizedTest
    @EnumSource(Curve.class)
    void badInputsThrow(Curve c) {
        byte[] g1 = G1.generator(c).toBytes();
        assertThrows(InvalidInputException.class, () -> G1.fromBytes(c, slice(g1, 0, g1.length - 1)));
        byte[] bad = g1.clone();
        bad[bad.length - 1] ^= 1; // off the curve (or, compressed, not a valid x / wrong flags)
        if (c != Curve.BLS12_381) {
            assertThrows(InvalidInputException.class, () -> G1.fromBytes(c, bad));
        }
        byte[] ff = new byte[c.g1Bytes()];
        java.util.Arrays.fill(ff, (byte) 0xff); // coordinates ≥ p
        assertThrows(InvalidInputException.class, () -> G1.fromBytes(c, ff));
        assertThrows(InvalidInputException.class, () -> G2.fromBytes(c, new byte[3]));
        byte[] big = new byte[32];
        java.util.Arrays.fill(big, (byte) 0xff);
        assertThrows(InvalidInputException.class, () -> Scalar.fromBytes(c, big));
        assertThrows(InvalidInputException.class, () -> Scalar.fromBytes(c, new byte[31]));
        assertThrows(InvalidInputException.class, () -> Scalar.of(c, 0).invert());
        assertThrows(InvalidInputException.class, () -> Gt.fromBytes(c, new byte[5]));
        Curve other = c == Curve.BN254 ? Curve.BLS12_381 : Curve.BN254;
        assertThrows(InvalidInputException.class, () -> G1.generator(c).add(G1.generator(other)));
        assertThrows(InvalidInputException.class, () -> G1.generator(c).mul(Scalar.of(other, 1)));
        assertThrows(InvalidInputException.class,
                () -> Pairing.multiPairing(List.of(G1.generator(c)), List.of(G2.generator(c), G2.generator(c))));
        if (c != Curve.BLS12_381) {
            assertThrows(InvalidInputException.class, () -> G2.hash(c, new byte[0], new byte[1]));
            assertThrows(InvalidInputException.class, () -> G1.generator(c).toUncompressed());
        }
    }

    @Test
    void g2OffCurveRejected() {
        byte[] q = G2.generator(Curve.BN254).toBytes();
        q[127] ^= 1; // y changed: off the twist
        assertThrows(InvalidInputException.class, () -> G2.fromBytes(Curve.BN254, q));
    }

    @Test
    void uncompressedRoundTrip() {
        G1 p = G1.hash(Curve.BLS12_381, "x".getBytes(), "D".getBytes());
        assertEquals(96, p.toUncompressed().length);
        assertEquals(p, G1.fromBytes(Curve.BLS12_381, p.toUncompressed()));
        G2 q = G2.hash(Curve.BLS12_381, "x".getBytes(), "D".getBytes());
        assertArrayEquals(q.toBytes(), G2.fromBytes(Curve.BLS12_381, q.toUncompressed()).toBytes());
    }
}
