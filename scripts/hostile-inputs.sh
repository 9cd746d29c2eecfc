#!/usr/bin/env bash
# The hostile inputs of issue 32 §1 through the CLI, one row each of the table in
# docs/hostile-inputs.md: wall time, peak resident memory (GNU time), exit status and the first
# line of the error. Not a test (the limits are tested in crates/fe/tests/resources.rs and
# crates/cli/tests/hostile_io.rs); a measurement to re-run after changes.
#
#   cargo build --release -p hayate && scripts/hostile-inputs.sh [target/release/hayate]
set -uo pipefail
H=$(realpath "${1:-target/release/hayate}")
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cd "$W"
t() { # label, command...
  local label=$1 s kb x
  shift
  /usr/bin/time -f "%e %M %x" -o tm "$@" > out 2> err < "${STDIN:-/dev/null}"
  read s kb x < <(tail -1 tm)
  printf "| %s | %s s | %s MiB | %s | %s |\n" "$label" "$s" "$((kb/1024))" "$x" "$(grep -v '^Command exited' err | head -1 | cut -c1-110)"
}
$H fe setup --scheme fame --curve bls12-381 --pk pk --msk msk
$H fe setup --scheme fame --curve bn254-beuchat --pk pkb --msk mskb
$H fe setup --scheme ot10 --categories 5 --pk opk --msk omsk
echo hello > plain
eq128=$(python3 -c 'print(" and ".join(["a==1"]*128))')
thr=$(python3 -c 'print("2048 of (" + ", ".join(["a"]*4096) + ")")')
t64=$(python3 -c 'print("64 of (" + ", ".join("a%d"%i for i in range(1024)) + ")")')
t16=$(python3 -c 'print("16 of (" + ",".join(["a"]*4096) + ")")')
long=$(python3 -c '
s=[];i=0
while len(",".join(s)) < 16*1024-16: s.append("a%d=%d"%(i,i)); i+=1
print(",".join(s))')
maxkey=$(python3 -c 'print(",".join("n%d=%d"%(i,i) for i in range(256)))')
t "fe setup --scheme ot10 --categories 2305843009213693952" $H fe setup --scheme ot10 --categories 2305843009213693952 --pk x1 --msk x2
t "fe setup --scheme ot10 --categories 1000000000000" $H fe setup --scheme ot10 --categories 1000000000000 --pk x1 --msk x2
t "fe encrypt, policy a==1 and … ×128 (1,147 bytes), bls12-381" $H fe encrypt --pk pk --policy "$eq128" --in plain --out c128
t "fe encrypt, policy a==1 and … ×128, bn254-beuchat" $H fe encrypt --pk pkb --policy "$eq128" --in plain --out c128b
$H fe keygen --msk msk --attrs a=1 --out ka1
ls -la c128 | awk '{print "fame ciphertext file: " $5 " bytes"}'
t "fe decrypt of that ciphertext (4096 rows), key a=1" $H fe decrypt --key ka1 --in c128 --out d128
ot1800=$(python3 -c 'print(" and ".join(["t1=1"]*1800))')
t "fe encrypt, ot10, policy t1=1 and … ×1800 (16 KB, 1800 rows)" $H fe encrypt --pk opk --policy "$ot1800" --in plain --out co
$H fe keygen --msk omsk --attrs t1=1 --out ko
ls -la co | awk '{print "ot10 ciphertext file: " $5 " bytes"}'
t "fe decrypt of that ot10 ciphertext, key t1=1" $H fe decrypt --key ko --in co --out dco
t "fe encrypt, 2048 of (a, … ×4096)" $H fe encrypt --pk pk --policy "$thr" --in plain --out cthr
t "fe encrypt, 64 of (1024 attributes) (at the entry limit)" $H fe encrypt --pk pk --policy "$t64" --in plain --out c64
t "fe encrypt, 16 of (a,a,… ×4096) (at the row and entry limits)" $H fe encrypt --pk pk --policy "$t16" --in plain --out c16
t "fe keygen, 16 KB numeric attribute list" $H fe keygen --msk msk --attrs "$long" --out klong
t "fe keygen, largest key (256 numeric = 8192 bit attributes)" $H fe keygen --msk msk --attrs "$maxkey" --out kmax
ls -la kmax 2>/dev/null | awk '{print "largest key file: " $5 " bytes"}'
$H fe encrypt --pk pk --policy "n0 == 0" --in plain --out cn0
t "fe decrypt with the largest key (key decoding and validation included)" $H fe decrypt --key kmax --in cn0 --out dn0
t "ecmul --method split:4294967295" $H ecmul --curve secp256k1 --method split:4294967295 --scalar 5
big=$(python3 -c 'print("9"*100000)')
t "ecmul --method affine-ladder-ct, 100,000-digit scalar" $H ecmul --curve secp256k1 --method affine-ladder-ct --scalar "$big"
t "fe decrypt --key /dev/zero" $H fe decrypt --key /dev/zero --in c128 --out dz
STDIN=/dev/zero t "evm bn256Add - < /dev/zero" $H evm bn256Add -
t "aead decrypt --in /dev/zero" $H aead decrypt --alg asconaead128 --key 000102030405060708090a0b0c0d0e0f --nonce 000102030405060708090a0b0c0d0e0f --in /dev/zero --out az
