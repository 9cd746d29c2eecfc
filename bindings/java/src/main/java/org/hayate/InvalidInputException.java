package org.hayate;

/**
 * An input was rejected: a malformed or non-canonical encoding, a point off the curve or outside
 * the prime-order subgroup, a wrong key or nonce length, an unknown algorithm or curve name, a
 * policy or attribute list that does not parse.
 */
public class InvalidInputException extends HayateException {
    private static final long serialVersionUID = 1L;

    public InvalidInputException(String message) {
        super(message);
    }
}
