//! Python bindings of hayate (PyO3); built by maturin from `bindings/python`.
