package org.hayate;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Access to the third-party test vectors: {@code ../shared/vectors} beside the repository
 * (system property {@code hayate.vectors}, set by the pom) and the vector folders of the
 * Rust crates' tests (under {@code hayate.root}, the repository).
 */
final class Vectors {
    private Vectors() {}

    static Path shared(String relative) {
        return Path.of(System.getProperty("hayate.vectors", "../../../shared/vectors")).resolve(relative);
    }

    static Path repo(String relative) {
        return Path.of(System.getProperty("hayate.root", "../..")).resolve(relative);
    }

    static String text(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonElement json(Path p) {
        return JsonParser.parseString(text(p));
    }

    /** Every JSON file of a folder, sorted by name, as (file name, content) pairs. */
    static List<Object[]> jsonDir(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            List<Object[]> out = new ArrayList<>();
            for (Path p : s.sorted().collect(Collectors.toList())) {
                out.add(new Object[] {p.getFileName().toString(), json(p)});
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] hex(String s) {
        s = s.trim();
        if (s.startsWith("0x") || s.startsWith("0X")) {
            s = s.substring(2);
        }
        if (s.length() % 2 != 0) {
            throw new IllegalArgumentException("odd hex length: " + s);
        }
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }

    static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02x", x & 0xff));
        }
        return s.toString();
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int i = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, i, p.length);
            i += p.length;
        }
        return out;
    }

    /** {@code b} right-padded with zeros (or cut) to {@code n} bytes: the EVM's input rule. */
    static byte[] padded(byte[] b, int n) {
        return java.util.Arrays.copyOf(b, n);
    }

    static byte[] slice(byte[] b, int from, int to) {
        return java.util.Arrays.copyOfRange(b, from, to);
    }
}
