#!/bin/sh
# test_cpu_speed_cli.sh - wht-cpu-speed checks every ALGORITHM:FORMAT before
# it prints or times anything: a bad format, an unknown algorithm, one
# without a CPU path and a bad option (--threads out of range among them)
# each exit 2 with one line on stderr naming the bad value and the accepted
# ones, and nothing on stdout; a good run, on any thread count, prints the
# header and one row per argument.
tap_name=test_cpu_speed_cli
. "${top_srcdir:-.}/tests/tap.sh"
speed=${top_builddir:-.}/experiments/wht-cpu-speed

# expect_usage DESCRIPTION BAD-VALUE ACCEPTED-WORD ARGS...
expect_usage() {
  what=$1 bad=$2 want=$3
  shift 3
  "$speed" "$@" > "$dir/out" 2> "$dir/err"
  rc=$?
  check '[ $rc -eq 2 ] && [ ! -s "$dir/out" ] && [ "$(wc -l < "$dir/err")" -eq 1 ] &&
         grep -q -- "$bad" "$dir/err" && grep -q -- "$want" "$dir/err"' \
    "$what: exit 2, one line naming '$bad' and '$want', nothing on stdout ($(cat "$dir/err"))"
}
expect_usage "a bad format" "folklore:f8" "f64, f32, f16, bf16" --log2n 4 folklore:f8
expect_usage "an unknown algorithm" "bogus:f32" "folklore:f32" --log2n 4 bogus:f32
expect_usage "an algorithm without a CPU path" "tensor-core:f16" "alman-rao:f16" --log2n 4 tensor-core:f16
expect_usage "a bad argument after a good one" "kahan:f99" "bf16" --log2n 4 folklore:f64 kahan:f99
expect_usage "--log2n out of range" "99" "K <= 34" --log2n 99 folklore:f64
expect_usage "--log2n step 0" "3:9:0" "A:B:STEP" --log2n 3:9:0 folklore:f64
expect_usage "no ALGORITHM:FORMAT" "no ALGORITHM:FORMAT" "folklore:f64" --log2n 4
expect_usage "an unknown option" "--fast" "--log2n" --fast folklore:f64
# --threads: a count from 1 to WHT_MAX_THREADS, named in the message
expect_usage "--threads 0" "--threads '0'" "an integer from 1 to 1024" --threads 0 folklore:f64
expect_usage "--threads 1025" "'1025'" "from 1 to 1024" --threads 1025 folklore:f64
expect_usage "--threads -2" "'-2'" "from 1 to 1024" --threads -2 folklore:f64
expect_usage "--threads x" "'x'" "from 1 to 1024" --threads x folklore:f64
expect_usage "--threads 2x" "'2x'" "from 1 to 1024" --threads 2x folklore:f64
expect_usage "--threads ''" "''" "from 1 to 1024" --threads '' folklore:f64
expect_usage "--threads without a value" "missing value" "--threads N" --threads

"$speed" --log2n 6 --reps 3 folklore:f64 neumaier:bf16 > "$dir/out" 2> "$dir/err"
rc=$?
check '[ $rc -eq 0 ] && [ "$(wc -l < "$dir/out")" -eq 3 ] && grep -q "^folklore  *f64  *6 " "$dir/out" &&
       grep -q "^neumaier  *bf16  *6 " "$dir/out" && [ ! -s "$dir/err" ]' \
  "a good run: a header and one row per ALGORITHM:FORMAT"

# --log2n takes the shared list syntax: a row per size and ALGORITHM:FORMAT, ascending
"$speed" --log2n 4:8:2,10 --reps 1 folklore:f64 kahan:f32 > "$dir/out" 2> "$dir/err"
rc=$?
ks=$(awk 'NR > 1 {print $3}' "$dir/out" | tr '\n' ' ')
check '[ $rc -eq 0 ] && [ "$ks" = "4 4 6 6 8 8 10 10 " ] && [ ! -s "$dir/err" ]' \
  "--log2n 4:8:2,10: rows for k = 4, 6, 8, 10, each per argument (got: $ks)"
# --threads N runs the transforms on N threads: a row per argument for each
# count, at a size that is threaded (2^16 and above)
for t in 1 2 3; do
  "$speed" --threads $t --log2n 16 --reps 1 folklore:f32 kahan:bf16 > "$dir/out" 2> "$dir/err"
  rc=$?
  check '[ $rc -eq 0 ] && [ "$(wc -l < "$dir/out")" -eq 3 ] && grep -q "^folklore  *f32  *16 " "$dir/out" &&
         grep -q "^kahan  *bf16  *16 " "$dir/out" && [ ! -s "$dir/err" ]' \
    "--threads $t: a header and one row per ALGORITHM:FORMAT"
done
tap_done
