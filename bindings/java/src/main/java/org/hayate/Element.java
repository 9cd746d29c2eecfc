package org.hayate;

import java.util.Arrays;
import java.util.Objects;

/** An immutable group or field element of one curve, held as its canonical encoding. */
abstract class Element {
    final Curve curve;
    final byte[] bytes;

    Element(Curve curve, byte[] bytes) {
        this.curve = Objects.requireNonNull(curve, "curve");
        this.bytes = bytes;
    }

    /** The curve this element belongs to. */
    public final Curve curve() {
        return curve;
    }

    /** The canonical encoding (a copy). */
    public final byte[] toBytes() {
        return bytes.clone();
    }

    final void sameCurve(Element o) {
        Objects.requireNonNull(o);
        if (o.curve != curve) {
            throw new InvalidInputException(
                    "elements of different curves: " + curve + " and " + o.curve);
        }
    }

    @Override
    public final boolean equals(Object o) {
        return o != null
                && o.getClass() == getClass()
                && ((Element) o).curve == curve
                && Arrays.equals(((Element) o).bytes, bytes);
    }

    @Override
    public final int hashCode() {
        return 31 * curve.hashCode() + Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(getClass().getSimpleName()).append('(').append(curve);
        s.append(", ");
        for (byte b : bytes) {
            s.append(String.format("%02x", b & 0xff));
        }
        return s.append(')').toString();
    }

    static byte[] nonNull(byte[] b, String what) {
        return Objects.requireNonNull(b, what).clone();
    }
}
