package org.hayate;

import static org.hayate.Vectors.concat;
import static org.hayate.Vectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** RFC 9380 Appendix J test vectors for BLS12-381 ({@code shared/vectors/hash-to-curve}). */
class HashToCurveTest {
    private interface Hash {
        byte[] uncompressed(byte[] msg, byte[] dst);
    }

    /** "0xc0,0xc1" → c1 ‖ c0 (the Zcash order); a plain "0x.." stays as it is. */
    private static byte[] coordinate(String s) {
        String[] parts = s.split(",");
        return parts.length == 1 ? hex(parts[0]) : concat(hex(parts[1]), hex(parts[0]));
    }

    private static void run(String file, Hash h) {
        JsonObject suite = Vectors.json(Vectors.shared("hash-to-curve/" + file)).getAsJsonObject();
        byte[] dst = suite.get("dst").getAsString().getBytes(StandardCharsets.UTF_8);
        int n = 0;
        for (JsonElement e : suite.getAsJsonArray("vectors")) {
            JsonObject v = e.getAsJsonObject();
            byte[] msg = v.get("msg").getAsString().getBytes(StandardCharsets.UTF_8);
            JsonObject p = v.getAsJsonObject("P");
            byte[] want = concat(coordinate(p.get("x").getAsString()), coordinate(p.get("y").getAsString()));
            assertArrayEquals(want, h.uncompressed(msg, dst), file + " msg " + v.get("msg"));
            n++;
        }
        assertTrue(n >= 5, file);
    }

    @Test
    void g1RandomOracle() {
        run("BLS12381G1_XMD_SHA-256_SSWU_RO_.json", (m, d) -> G1.hash(Curve.BLS12_381, m, d).toUncompressed());
    }

    @Test
    void g1NonUniform() {
        run("BLS12381G1_XMD_SHA-256_SSWU_NU_.json", (m, d) -> G1.encode(Curve.BLS12_381, m, d).toUncompressed());
    }

    @Test
    void g2RandomOracle() {
        run("BLS12381G2_XMD_SHA-256_SSWU_RO_.json", (m, d) -> G2.hash(Curve.BLS12_381, m, d).toUncompressed());
    }
}
