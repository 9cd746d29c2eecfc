package org.hayate;

/**
 * Base class of every exception the hayate bindings throw. The message is the native
 * library's. Thrown as such only for failures that are neither bad input nor a failed
 * decryption (an internal error: a JNI failure, or a Rust panic caught at the boundary).
 */
public class HayateException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public HayateException(String message) {
        super(message);
    }
}
