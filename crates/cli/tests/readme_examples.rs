//! The library examples of README.md, compiled and run.

#[test]
fn pairing_example() {
    use hayate_pairing::bls12_381::{multi_pairing, pairing, Fr, G1Affine, G2Affine};

    let a = Fr::from_u64(7);
    let p = G1Affine::generator();
    let q = G2Affine::generator();
    let pa = p.mul_ct(&a.to_limbs()).to_affine();
    assert_eq!(pairing(&pa, &q), pairing(&p, &q).pow(&a.to_limbs()));
    assert!(bool::from(
        multi_pairing(&[(pa, q), (p, q.mul_ct(&a.to_limbs()).to_affine().neg())]).is_identity()
    ));
}

#[test]
fn aead_example() {
    let ascon = hayate_aead::by_name("asconaead128").unwrap();
    let (key, nonce) = ([0u8; 16], [1u8; 16]);
    let ct = ascon.encrypt(&key, &nonce, b"header", b"hello").unwrap();
    assert_eq!(
        ascon.decrypt(&key, &nonce, b"header", &ct).unwrap(),
        b"hello"
    );
}

#[test]
fn bls_example() {
    use hayate_bls::{
        min_pk::{AggregateSignature, SecretKey},
        Scheme,
    };

    let sk = SecretKey::key_gen(&[7u8; 32], b"").unwrap();
    let pk = sk.sk_to_pk();
    let sig = sk.sign(b"hello", Scheme::Pop);
    assert!(sig.verify(&pk, b"hello", Scheme::Pop).is_ok());
    let sk2 = SecretKey::key_gen(&[9u8; 32], b"").unwrap();
    let agg = AggregateSignature::aggregate(&[&sig, &sk2.sign(b"hello", Scheme::Pop)]).unwrap();
    assert!(agg
        .to_signature()
        .fast_aggregate_verify(&[&pk, &sk2.sk_to_pk()], b"hello")
        .is_ok());
}
