#!/bin/sh
# test_cpu_speed_cli.sh - wht-cpu-speed checks every ALGORITHM:FORMAT before
# it prints or times anything: a bad format, an unknown algorithm, one
# without a CPU path and a bad option each exit 2 with one line on stderr
# naming the bad value and the accepted ones, and nothing on stdout; a good
# run prints the header and one row per argument.
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
tap_done
