#!/bin/sh
# test_sweep_threads.sh - wht-sweep --threads 1, 2 and 3 give the same rows
# (every column but the timings, bit for bit), and those are the committed
# rows of data/thesis-gpu-h200.h5, written by the serial host code before
# the threads came (seed 1; folklore and kahan are bit for bit the same on
# the CPU and the GPU, DESIGN.md section 3, so only the backend column
# differs). k = 15 and 16 are above libwht's threshold for threading, so 2
# and 3 threads split the oracle (including the limb engine of f64
# xor-conv), the conversions, the operations' steps and the metrics. The
# attribute `oracle` records the thread count.
tap_name=test_sweep_threads
. "${top_srcdir:-.}/tests/tap.sh"
committed=${top_srcdir:-.}/data/thesis-gpu-h200.h5
grid="--backend cpu --algo folklore,kahan --format all --dist all --op all --log2n 3,15:16 --trials 1 --seed 1"

"$rows" --no-timing "$committed" |
  awk '($1 == "folklore" || $1 == "kahan") && ($6 == 3 || $6 == 15 || $6 == 16)' |
  sed 's/^\([^ ]*\) gpu /\1 cpu /' | sort > "$dir/committed.txt"
want=$(wc -l < "$dir/committed.txt")
check '[ "$want" -eq 480 ]' "the committed file has the 480 rows of the grid (got $want)"

for t in 1 2 3; do
  # shellcheck disable=SC2086
  "$sweep" $grid --threads $t -o "$dir/t$t.h5" 2> "$dir/err$t"
  rc=$?
  "$rows" --no-timing "$dir/t$t.h5" | sort > "$dir/t$t.txt"
  check '[ $rc -eq 0 ] && cmp -s "$dir/t$t.txt" "$dir/committed.txt"' \
    "--threads $t: the committed serial rows, bit for bit ($(wc -l < "$dir/t$t.txt") rows, exit $rc)"
  # (a build without OpenMP runs serial and says so)
  check '"$rows" --attr oracle "$dir/t$t.h5" |
         grep -q -e "; --threads $t\$" -e "; --threads 1 (asked for $t: libwht is built without OpenMP)\$"' \
    "--threads $t is recorded in the attribute oracle: $("$rows" --attr oracle "$dir/t$t.h5")"
done
check 'cmp -s "$dir/t1.txt" "$dir/t2.txt" && cmp -s "$dir/t1.txt" "$dir/t3.txt"' "1, 2 and 3 threads: identical rows"

# without --threads: libwht's default, which OMP_NUM_THREADS sets
default=3
"$rows" --attr oracle "$dir/t3.h5" | grep -q "without OpenMP" && default=1
OMP_NUM_THREADS=3 "$sweep" --algo folklore --format f64 --dist norm --op one-way --log2n 3 -o "$dir/d.h5" 2>/dev/null
check '"$rows" --attr oracle "$dir/d.h5" | grep -q -- "; --threads $default\$"' \
  "OMP_NUM_THREADS=3 sets the default count: $("$rows" --attr oracle "$dir/d.h5")"
tap_done
