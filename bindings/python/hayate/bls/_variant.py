"""The functional BLS API shared by :mod:`hayate.bls.min_pk` and :mod:`hayate.bls.min_sig`."""

from typing import Any, Dict, Sequence


def export(ns: Dict[str, Any], native: Any) -> None:
    """Defines the classes and functions of one variant in the module namespace ``ns``."""
    SecretKey = native.SecretKey
    PublicKey = native.PublicKey
    Signature = native.Signature

    def keygen(ikm: bytes, key_info: bytes = b"") -> Any:
        """KeyGen (draft §2.3): a secret key from at least 32 bytes of secret ``ikm``."""
        return SecretKey.key_gen(ikm, key_info)

    def sk_to_pk(sk: Any) -> Any:
        """SkToPk (draft §2.4)."""
        return sk.public_key()

    def sign(sk: Any, msg: bytes, scheme: str = "pop") -> Any:
        """Sign ``msg`` with ``sk`` under ``scheme``."""
        return sk.sign(msg, scheme)

    def verify(pk: Any, msg: bytes, sig: Any, scheme: str = "pop") -> bool:
        """Does ``sig`` verify for ``pk`` and ``msg`` under ``scheme``?"""
        return sig.verify(pk, msg, scheme)

    def aggregate(sigs: Sequence[Any]) -> Any:
        """Aggregate (draft §2.8); raises :class:`hayate.Error` for an empty list."""
        return Signature.aggregate(list(sigs))

    def aggregate_public_keys(pks: Sequence[Any]) -> Any:
        """The sum of the public keys."""
        return PublicKey.aggregate(list(pks))

    def aggregate_verify(pks: Sequence[Any], msgs: Sequence[bytes], sig: Any, scheme: str = "pop") -> bool:
        """AggregateVerify (draft §2.9): signer ``pks[i]`` signed ``msgs[i]``."""
        return sig.aggregate_verify(list(pks), list(msgs), scheme)

    def fast_aggregate_verify(pks: Sequence[Any], msg: bytes, sig: Any) -> bool:
        """FastAggregateVerify (draft §3.3.4): every key in ``pks`` signed ``msg`` (PoP scheme)."""
        return sig.fast_aggregate_verify(list(pks), msg)

    def batch_verify(
        pks: Sequence[Any], msgs: Sequence[bytes], sigs: Sequence[Any], scheme: str = "pop", threads: int = 1
    ) -> bool:
        """Verifies many (pk, msg, sig) triples at once (random linear combination)."""
        return native.batch_verify(list(pks), list(msgs), list(sigs), scheme, threads)

    def pop_prove(sk: Any) -> Any:
        """PopProve (draft §3.3.2)."""
        return sk.pop_prove()

    def pop_verify(pk: Any, proof: Any) -> bool:
        """PopVerify (draft §3.3.3)."""
        return pk.pop_verify(proof)

    ns.update(
        SecretKey=SecretKey,
        PublicKey=PublicKey,
        Signature=Signature,
        keygen=keygen,
        sk_to_pk=sk_to_pk,
        sign=sign,
        verify=verify,
        aggregate=aggregate,
        aggregate_public_keys=aggregate_public_keys,
        aggregate_verify=aggregate_verify,
        fast_aggregate_verify=fast_aggregate_verify,
        batch_verify=batch_verify,
        pop_prove=pop_prove,
        pop_verify=pop_verify,
        ciphersuite_id=native.ciphersuite_id,
        PK_LEN=native.PK_LEN,
        SIG_LEN=native.SIG_LEN,
        POP_DST=native.POP_DST,
    )
    for f in ns.values():
        if callable(f) and getattr(f, "__module__", None) == __name__:
            f.__module__ = ns["__name__"]
