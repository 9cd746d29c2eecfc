package org.hayate;

import static org.hayate.Vectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Ascon designers' LWC known-answer files ({@code shared/vectors/aead}) in both
 * directions, round trips and error cases for all seven schemes.
 */
class AeadTest {
    @ParameterizedTest
    @ValueSource(strings = {"ascon128v12", "asconaead128"})
    void lwcKat(String name) {
        Aead alg = Aead.of(name);
        String text = Vectors.text(Vectors.shared("aead/" + name + "_LWC_AEAD_KAT_128_128.txt")).replace("\r\n", "\n");
        int n = 0;
        for (String block : text.split("\n\n")) {
            if (block.isBlank()) {
                continue;
            }
            Map<String, String> f = new HashMap<>();
            for (String line : block.trim().split("\n")) {
                int eq = line.indexOf('=');
                f.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
            }
            byte[] key = hex(f.get("Key"));
            byte[] nonce = hex(f.get("Nonce"));
            byte[] pt = hex(f.get("PT"));
            byte[] ad = hex(f.get("AD"));
            byte[] ct = hex(f.get("CT"));
            String where = name + " Count = " + f.get("Count");
            assertArrayEquals(ct, alg.encrypt(key, nonce, pt, ad), where);
            assertArrayEquals(pt, alg.decrypt(key, nonce, ct, ad), where);
            byte[] bad = ct.clone();
            bad[n % bad.length] ^= (byte) (1 << (n % 8));
            assertThrows(DecryptionException.class, () -> alg.decrypt(key, nonce, bad, ad), where);
            n++;
        }
        assertEquals(1089, n, name + ": every PT/AD length 0..32");
    }

    @Test
    void allSevenRoundTrip() {
        List<String> names = Aead.names();
        assertEquals(List.of("aes128n12t8clocv3", "aes128n12t8silcv3", "aesjambuv2", "ketjesrv2",
                "ascon128v12", "acorn128v3", "asconaead128"), names);
        for (String name : names) {
            Aead a = Aead.of(name);
            byte[] key = new byte[a.keyLength()];
            byte[] nonce = new byte[a.nonceLength()];
            key[0] = 1;
            byte[] pt = "attack at dawn, or a little later".getBytes();
            byte[] ct = a.encrypt(key, nonce, pt, "hdr".getBytes());
            assertEquals(pt.length + a.tagLength(), ct.length, name);
            assertArrayEquals(pt, a.decrypt(key, nonce, ct, "hdr".getBytes()), name);
            assertThrows(DecryptionException.class, () -> a.decrypt(key, nonce, ct, "hdR".getBytes()), name);
            assertArrayEquals(new byte[0], a.decrypt(key, nonce, a.encrypt(key, nonce, new byte[0])), name);
            assertThrows(InvalidInputException.class, () -> a.encrypt(new byte[3], nonce, pt), name);
            assertThrows(InvalidInputException.class, () -> a.encrypt(key, new byte[a.nonceLength() + 1], pt), name);
            assertThrows(InvalidInputException.class, () -> a.decrypt(key, nonce, new byte[a.tagLength() - 1]), name);
        }
    }

    @Test
    void unknownName() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Aead.of("rot13"));
        assertEquals(true, e.getMessage().contains("rot13"));
    }

    @Test
    void tagFailureMessageIsTheLibrarys() {
        Aead a = Aead.of("asconaead128");
        DecryptionException e = assertThrows(DecryptionException.class,
                () -> a.decrypt(new byte[16], new byte[16], new byte[16]));
        assertEquals(false, e.getMessage().isEmpty());
    }
}
