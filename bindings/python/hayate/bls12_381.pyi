from ._groups import G1 as G1, G2 as G2, GT as GT, NAME as NAME, Scalar as Scalar
from ._groups import hash_to_g1 as hash_to_g1, hash_to_g1_many as hash_to_g1_many
from ._groups import multi_pairing as multi_pairing, pairing as pairing, pairings as pairings
from ._groups import hash_to_g2 as hash_to_g2, hash_to_g2_many as hash_to_g2_many, encode_to_g1 as encode_to_g1, encode_to_g2 as encode_to_g2
