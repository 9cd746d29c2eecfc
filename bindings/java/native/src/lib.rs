//! JNI bindings of hayate: the native half of the Maven project in `bindings/java`.
