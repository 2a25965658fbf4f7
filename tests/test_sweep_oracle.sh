#!/bin/sh
# test_sweep_oracle.sh - wht-sweep --oracle cpu|gpu|auto: a bad value and a
# GPU asked for without one are usage errors (exit 2, no file); where the
# oracle ran is recorded in the root attribute `oracle`; on a GPU host, a
# sweep with --oracle gpu gives the same rows (every column but the timing
# ones) as with --oracle cpu, and records its GPU runs.
tap_name=test_sweep_oracle
. "${top_srcdir:-.}/tests/tap.sh"

grid="--algo folklore,kahan --format f64,f32,f16 --dist norm,pagh-pmone --op all --log2n 3:12 --seed 5"
"$sweep" $grid --oracle xx -o "$dir/x.h5" 2> "$dir/err"
rc=$?
check '[ $rc -eq 2 ] && [ ! -e "$dir/x.h5" ] && grep -q "accepted: cpu, gpu, auto" "$dir/err"' \
  "--oracle xx: exit 2 naming the accepted values, no file (got $rc)"

# shellcheck disable=SC2086
"$sweep" $grid --oracle cpu -o "$dir/cpu.h5" 2>/dev/null; rc=$?
check '[ $rc -eq 0 ]' "--oracle cpu runs"
if command -v h5dump > /dev/null 2>&1; then
  check 'h5dump -a oracle "$dir/cpu.h5" | grep -q "oracle cpu: 0 runs on the GPU, 240 on the CPU"' \
    "the attribute oracle records 240 CPU runs (3 formats x 2 dists x 4 ops x 10 sizes)"
else
  skip "h5dump absent: the oracle attribute"
fi
"$rows" --no-timing "$dir/cpu.h5" | sort > "$dir/cpu.txt"

# shellcheck disable=SC2086
if "$sweep" $grid --oracle gpu -o "$dir/gpu.h5" 2> "$dir/err"; then
  "$rows" --no-timing "$dir/gpu.h5" | sort > "$dir/gpu.txt"
  check 'cmp -s "$dir/cpu.txt" "$dir/gpu.txt" && [ -s "$dir/gpu.txt" ]' "--oracle gpu: the same rows as --oracle cpu"
  if command -v h5dump > /dev/null 2>&1; then
    check 'h5dump -a oracle "$dir/gpu.h5" | grep -q "oracle gpu: [1-9][0-9]* runs on the GPU"' \
      "the attribute oracle records GPU runs"
  else
    skip "h5dump absent: the oracle attribute"
  fi
else
  rc=$?
  check '[ $rc -eq 2 ] && [ ! -e "$dir/gpu.h5" ] && grep -q "no GPU" "$dir/err"' \
    "no GPU: --oracle gpu is a usage error, no file (got $rc)"
  skip "no GPU: the attribute of a GPU run"
fi
tap_done
