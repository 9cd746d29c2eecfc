//! The Ethereum consensus BLS test suite (`ethereum/bls12-381-tests`, output of its generator
//! with the reference py_ecc; see `tests/vectors/eth-bls/README.md`): min-pk, PoP ciphersuite.
//! Every case's expected output comes from those files.

use std::path::{Path, PathBuf};

use hayate_bls::min_pk::{
    verify_multiple_aggregate_signatures, AggregateSignature, PublicKey, SecretKey, Signature,
};
use hayate_bls::{Error, Scheme};
use hayate_pairing::bls12_381::Fp;
use hayate_pairing::encoding::zcash;
use rand::SeedableRng;
use serde_json::Value;

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/eth-bls").join(name)
}

/// Every case of one suite (file name, parsed JSON), at least `min` of them.
fn cases(name: &str, min: usize) -> Vec<(String, Value)> {
    let mut out: Vec<(String, Value)> = std::fs::read_dir(dir(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .map(|e| {
            let p = e.unwrap().path();
            let v: Value = serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap();
            (p.file_name().unwrap().to_string_lossy().into_owned(), v)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(out.len() >= min, "{name}: only {} cases", out.len());
    out
}

fn hex0x(v: &Value) -> Vec<u8> {
    let s = v.as_str().expect("hex string");
    hex::decode(s.strip_prefix("0x").unwrap_or(s)).expect("hex")
}

fn list(v: &Value) -> Vec<Vec<u8>> {
    v.as_array().expect("list").iter().map(hex0x).collect()
}

fn pks(v: &Value) -> Result<Vec<PublicKey>, Error> {
    list(v).iter().map(|b| PublicKey::from_bytes(b)).collect()
}

#[test]
fn sign() {
    for (name, c) in cases("sign", 10) {
        let sk = SecretKey::from_bytes(&hex0x(&c["input"]["privkey"]));
        let msg = hex0x(&c["input"]["message"]);
        match (&c["output"], sk) {
            (Value::Null, Err(e)) => assert_eq!(e, Error::InvalidSecretKey, "{name}"),
            (Value::Null, Ok(_)) => panic!("{name}: key accepted"),
            (out, Ok(sk)) => {
                let sig = sk.sign(&msg, Scheme::Pop);
                assert_eq!(sig.to_bytes().to_vec(), hex0x(out), "{name}");
                assert!(sig.verify(&sk.sk_to_pk(), &msg, Scheme::Pop).is_ok(), "{name}");
            }
            (_, Err(e)) => panic!("{name}: {e}"),
        }
    }
}

fn verify_case(c: &Value) -> Result<(), Error> {
    let pk = PublicKey::from_bytes(&hex0x(&c["input"]["pubkey"]))?;
    let sig = Signature::from_bytes(&hex0x(&c["input"]["signature"]))?;
    sig.verify(&pk, &hex0x(&c["input"]["message"]), Scheme::Pop)
}

#[test]
fn verify() {
    let (mut valid, mut invalid) = (0, 0);
    for (name, c) in cases("verify", 29) {
        let want = c["output"].as_bool().expect("bool");
        let got = verify_case(&c);
        assert_eq!(got.is_ok(), want, "{name}: {got:?}");
        if want {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    assert!(valid >= 10 && invalid >= 19);
}

#[test]
fn aggregate() {
    for (name, c) in cases("aggregate", 6) {
        let sigs: Vec<Signature> = list(&c["input"])
            .iter()
            .map(|b| Signature::from_bytes(b).unwrap())
            .collect();
        let refs: Vec<&Signature> = sigs.iter().collect();
        let got = AggregateSignature::aggregate(&refs);
        match &c["output"] {
            Value::Null => assert_eq!(got, Err(Error::EmptyInput), "{name}"),
            out => assert_eq!(
                got.unwrap().to_signature().to_bytes().to_vec(),
                hex0x(out),
                "{name}"
            ),
        }
    }
}

fn fast_aggregate_verify_case(c: &Value) -> Result<(), Error> {
    let pks = pks(&c["input"]["pubkeys"])?;
    let sig = Signature::from_bytes(&hex0x(&c["input"]["signature"]))?;
    let refs: Vec<&PublicKey> = pks.iter().collect();
    sig.fast_aggregate_verify(&refs, &hex0x(&c["input"]["message"]))
}

#[test]
fn fast_aggregate_verify() {
    for (name, c) in cases("fast_aggregate_verify", 12) {
        let want = c["output"].as_bool().expect("bool");
        let got = fast_aggregate_verify_case(&c);
        assert_eq!(got.is_ok(), want, "{name}: {got:?}");
    }
}

fn aggregate_verify_case(c: &Value) -> Result<(), Error> {
    let pks = pks(&c["input"]["pubkeys"])?;
    let msgs = list(&c["input"]["messages"]);
    let sig = Signature::from_bytes(&hex0x(&c["input"]["signature"]))?;
    let refs: Vec<&PublicKey> = pks.iter().collect();
    let mrefs: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
    sig.aggregate_verify(&refs, &mrefs, Scheme::Pop)
}

#[test]
fn aggregate_verify() {
    for (name, c) in cases("aggregate_verify", 5) {
        let want = c["output"].as_bool().expect("bool");
        let got = aggregate_verify_case(&c);
        assert_eq!(got.is_ok(), want, "{name}: {got:?}");
    }
}

fn batch_case(c: &Value, threads: usize, seed: u64) -> Result<(), Error> {
    let pks = pks(&c["input"]["pubkeys"])?;
    let msgs = list(&c["input"]["messages"]);
    let sigs: Vec<Signature> = list(&c["input"]["signatures"])
        .iter()
        .map(|b| Signature::from_bytes(b))
        .collect::<Result<_, _>>()?;
    let refs: Vec<&PublicKey> = pks.iter().collect();
    let mrefs: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
    let srefs: Vec<&Signature> = sigs.iter().collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    verify_multiple_aggregate_signatures(&refs, &mrefs, &srefs, Scheme::Pop, &mut rng, threads)
}

#[test]
fn batch_verify() {
    for (name, c) in cases("batch_verify", 4) {
        let want = c["output"].as_bool().expect("bool");
        for threads in [1, 2, 3] {
            for seed in [1, 2] {
                let got = batch_case(&c, threads, seed);
                assert_eq!(got.is_ok(), want, "{name} threads {threads}: {got:?}");
            }
        }
    }
}

/// The suite's hash_to_G2 cases are RFC 9380's G2 RO vectors (the generator hashes with the
/// RFC's test DST); outputs are affine coordinates "c0,c1".
#[test]
fn hash_to_g2() {
    const DST: &[u8] = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";
    let fp2 = |v: &Value| -> (Fp, Fp) {
        let s = v.as_str().unwrap();
        let mut it = s.split(',').map(|h| {
            let b = hex::decode(h.strip_prefix("0x").unwrap()).unwrap();
            Option::<Fp>::from(Fp::from_bytes_be(&b)).unwrap()
        });
        (it.next().unwrap(), it.next().unwrap())
    };
    for (name, c) in cases("hash_to_G2", 4) {
        let msg = c["input"]["msg"].as_str().unwrap().as_bytes();
        let p = zcash::g2_from_compressed(&hayate_bls::hash_to_g2(msg, DST)).unwrap();
        let (x0, x1) = fp2(&c["output"]["x"]);
        let (y0, y1) = fp2(&c["output"]["y"]);
        assert_eq!((p.x.c0, p.x.c1, p.y.c0, p.y.c1), (x0, x1, y0, y1), "{name}");
    }
}

/// deserialization_G1 tests point decoding of public keys; our [`PublicKey::from_bytes`] also
/// runs KeyValidate, so the one valid encoding of the identity is rejected as
/// [`Error::IdentityKey`].
#[test]
fn deserialization_g1() {
    for (name, c) in cases("deserialization_G1", 16) {
        let want = c["output"].as_bool().expect("bool");
        let b = hex0x(&c["input"]["pubkey"]);
        let got = PublicKey::from_bytes(&b);
        let point_ok = match got {
            Ok(_) => true,
            Err(Error::IdentityKey) => true,
            Err(_) => false,
        };
        assert_eq!(point_ok, want, "{name}: {got:?}");
        if name.contains("infinity") && want {
            assert_eq!(got, Err(Error::IdentityKey), "{name}");
        }
    }
}

#[test]
fn deserialization_g2() {
    for (name, c) in cases("deserialization_G2", 18) {
        let want = c["output"].as_bool().expect("bool");
        let got = Signature::from_bytes(&hex0x(&c["input"]["signature"]));
        assert_eq!(got.is_ok(), want, "{name}: {got:?}");
    }
}
