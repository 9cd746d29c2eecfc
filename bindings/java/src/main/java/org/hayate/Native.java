package org.hayate;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The native methods (bindings/java/native/src/lib.rs) and the loading of the library.
 *
 * <p>Loading order: the file named by the system property {@code hayate.jni.path}; else the
 * library packaged in the jar under {@code /native/} (copied to a temporary file); else
 * {@code System.loadLibrary("hayate_jni")} (java.library.path; on Android the library shipped
 * in the APK's {@code jniLibs}).
 */
final class Native {
    private Native() {}

    static {
        load();
    }

    private static void load() {
        String path = System.getProperty("hayate.jni.path");
        if (path != null && !path.isEmpty()) {
            System.load(new File(path).getAbsolutePath());
            return;
        }
        String name = System.mapLibraryName("hayate_jni");
        try (InputStream in = Native.class.getResourceAsStream("/native/" + name)) {
            if (in != null) {
                File tmp = File.createTempFile("hayate_jni", name);
                tmp.deleteOnExit();
                try (OutputStream out = new FileOutputStream(tmp)) {
                    byte[] buf = new byte[1 << 16];
                    for (int n; (n = in.read(buf)) > 0; ) {
                        out.write(buf, 0, n);
                    }
                }
                System.load(tmp.getAbsolutePath());
                return;
            }
        } catch (IOException e) {
            throw new HayateException("cannot extract the native library: " + e.getMessage());
        }
        System.loadLibrary("hayate_jni");
    }

    // point operations
    static final int P_ADD = 0, P_NEG = 1, P_MUL = 2, P_GENERATOR = 3, P_IDENTITY = 4, P_CHECK = 5,
            P_UNCOMPRESSED = 6;
    // scalar operations
    static final int S_ADD = 0, S_SUB = 1, S_MUL = 2, S_NEG = 3, S_INVERT = 4, S_REDUCE = 5,
            S_RANDOM = 6, S_CHECK = 7;
    // GT operations
    static final int T_MUL = 0, T_POW = 1, T_INVERT = 2, T_IDENTITY = 3, T_GENERATOR = 4,
            T_CHECK = 5;
    // hash-to-curve modes
    static final int H_HASH_G1 = 0, H_ENCODE_G1 = 1, H_HASH_G2 = 2, H_ENCODE_G2 = 3;
    // BLS operations returning bytes
    static final int B_KEYGEN = 0, B_SK_TO_PK = 1, B_SIGN = 2, B_POP_PROVE = 3, B_CHECK_PK = 4,
            B_CHECK_SIG = 5, B_AGGREGATE_SIGS = 6, B_AGGREGATE_PKS = 7, B_CHECK_SK = 8;
    // BLS verifications
    static final int V_VERIFY = 0, V_AGGREGATE_VERIFY = 1, V_FAST_AGGREGATE_VERIFY = 2,
            V_BATCH_VERIFY = 3, V_POP_VERIFY = 4;
    // ECDH modes
    static final int E_GENERATE = 0, E_PUBLIC = 1, E_SHARED = 2;
    // FE
    static final int FE_FAME = 0, FE_OT10 = 1;
    static final int FE_KEYGEN = 0, FE_ENCRYPT = 1, FE_DECRYPT = 2;

    static native byte[] pointOp(int curve, int group, int op, byte[] a, byte[] b);

    static native byte[] scalarOp(int curve, int op, byte[] a, byte[] b);

    static native byte[] gtOp(int curve, int op, byte[] a, byte[] b);

    static native byte[] multiPairing(int curve, byte[][] g1s, byte[][] g2s);

    static native byte[] hash(int curve, int mode, byte[] msg, byte[] dst);

    static native byte[] blsOp(int variant, int op, int scheme, byte[] a, byte[] b, byte[][] list);

    static native boolean blsVerify(
            int variant, int op, int scheme, byte[][] pks, byte[][] msgs, byte[][] sigs);

    static native byte[] aead(
            String name, boolean decrypt, byte[] key, byte[] nonce, byte[] ad, byte[] data);

    static native String aeadList();

    static native byte[][] ecdh(String curve, int mode, boolean compressed, byte[] a, byte[] b);

    static native byte[][] feSetup(int scheme, int curve, int categories, int dim);

    static native byte[] feOp(int op, byte[] key, String text, byte[] data);
}
