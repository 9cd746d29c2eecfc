package org.hayate;

import java.util.Collections;
import java.util.List;

/**
 * BLS signatures on BLS12-381 (draft-irtf-cfrg-bls-signature-05, the {@code hayate-bls} crate),
 * on byte arrays: 32-byte secret keys, public keys and signatures in the Zcash compressed
 * encoding. {@link #MIN_PK}: 48-byte public keys, 96-byte signatures (Ethereum's choice);
 * {@link #MIN_SIG}: 96-byte public keys, 48-byte signatures.
 *
 * <p>Verification methods return {@code false} for every failure, malformed encodings included
 * (the draft's INVALID); the other methods throw {@link InvalidInputException}.
 */
public final class Bls {
    /** The three schemes of the draft (§3.1 basic, §3.2 message augmentation, §3.3 proof of possession). */
    public enum Scheme {
        BASIC,
        AUG,
        POP
    }

    /** Minimal-pubkey-size variant. */
    public static final Bls MIN_PK = new Bls(0);
    /** Minimal-signature-size variant. */
    public static final Bls MIN_SIG = new Bls(1);

    private final int variant;

    private Bls(int variant) {
        this.variant = variant;
    }

    private static List<byte[]> one(byte[] b) {
        return Collections.singletonList(b);
    }

    private byte[] op(int op, Scheme scheme, byte[] a, byte[] b, List<byte[]> list) {
        return Native.blsOp(
                variant, op, scheme == null ? 0 : scheme.ordinal(), a, b,
                list == null ? null : list.toArray(new byte[0][]));
    }

    private boolean check(int op, Scheme scheme, List<byte[]> pks, List<byte[]> msgs, List<byte[]> sigs) {
        return Native.blsVerify(
                variant, op, scheme.ordinal(),
                pks.toArray(new byte[0][]), msgs.toArray(new byte[0][]), sigs.toArray(new byte[0][]));
    }

    /** KeyGen (draft §2.3) from at least 32 bytes of input keying material. */
    public byte[] keyGen(byte[] ikm, byte[] keyInfo) {
        return op(Native.B_KEYGEN, null, ikm, keyInfo == null ? new byte[0] : keyInfo, null);
    }

    /** SkToPk (draft §2.4). */
    public byte[] skToPk(byte[] sk) {
        return op(Native.B_SK_TO_PK, null, sk, null, null);
    }

    /** Sign under {@code scheme} (Aug prepends the signer's public key to the message). */
    public byte[] sign(byte[] sk, byte[] msg, Scheme scheme) {
        return op(Native.B_SIGN, scheme, sk, msg, null);
    }

    /** Verify (draft §3.1/§3.2/§3.3). */
    public boolean verify(byte[] pk, byte[] msg, byte[] sig, Scheme scheme) {
        return check(Native.V_VERIFY, scheme, one(pk), one(msg), one(sig));
    }

    /** Aggregate (draft §2.8): the sum of the signatures; an empty list is an error. */
    public byte[] aggregate(List<byte[]> sigs) {
        return op(Native.B_AGGREGATE_SIGS, null, null, null, sigs);
    }

    /** The sum of the public keys (for FastAggregateVerify's single key). */
    public byte[] aggregatePublicKeys(List<byte[]> pks) {
        return op(Native.B_AGGREGATE_PKS, null, null, null, pks);
    }

    /** FastAggregateVerify (draft §3.3.4): every key signed {@code msg} (PoP scheme). */
    public boolean fastAggregateVerify(List<byte[]> pks, byte[] msg, byte[] sig) {
        return check(Native.V_FAST_AGGREGATE_VERIFY, Scheme.POP, pks, one(msg), one(sig));
    }

    /** AggregateVerify (draft §2.9): key i signed message i; basic requires distinct messages. */
    public boolean aggregateVerify(List<byte[]> pks, List<byte[]> msgs, byte[] sig, Scheme scheme) {
        return check(Native.V_AGGREGATE_VERIFY, scheme, pks, msgs, one(sig));
    }

    /**
     * Verifies many (pk, msg, sig) triples at once by a random linear combination (one
     * multi-pairing); a batch containing an invalid triple passes with probability ≤ 2⁻⁶³.
     */
    public boolean batchVerify(List<byte[]> pks, List<byte[]> msgs, List<byte[]> sigs, Scheme scheme) {
        return check(Native.V_BATCH_VERIFY, scheme, pks, msgs, sigs);
    }

    /** PopProve (draft §3.3.2). */
    public byte[] popProve(byte[] sk) {
        return op(Native.B_POP_PROVE, null, sk, null, null);
    }

    /** PopVerify (draft §3.3.3). */
    public boolean popVerify(byte[] pk, byte[] proof) {
        return check(Native.V_POP_VERIFY, Scheme.POP, one(pk), Collections.<byte[]>emptyList(), one(proof));
    }

    /** Checks a secret key (32 bytes, in [1, r − 1]); throws {@link InvalidInputException} with the reason. */
    public void validateSecretKey(byte[] sk) {
        op(Native.B_CHECK_SK, null, sk, null, null);
    }

    /** KeyValidate (draft §2.5); throws {@link InvalidInputException} with the reason. */
    public void validatePublicKey(byte[] pk) {
        op(Native.B_CHECK_PK, null, pk, null, null);
    }

    /** Checks a signature's encoding (on the curve, in the subgroup); throws with the reason. */
    public void validateSignature(byte[] sig) {
        op(Native.B_CHECK_SIG, null, sig, null, null);
    }
}
