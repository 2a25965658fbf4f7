#!/bin/sh
# test_sweep_shard.sh - wht-sweep --shard I/N (issue 11, the scheduler
# route without MPI): N shard runs take disjoint, non-empty parts of the
# grid's inputs whose union is the grid, and their --merge has the rows of
# the single run (every column but the timings), a merge without one of
# them is marked unfinished; a resumed shard completes
# its own part only; bad values are the usual one-line usage error (exit
# 2, nothing written).
tap_name=test_sweep_shard
. "${top_srcdir:-.}/tests/tap.sh"
grid="--backend cpu --algo folklore,kahan --format f32,f16 --dist norm,pmone --op all --log2n 3:9 --trials 2 --seed 5"

# shellcheck disable=SC2086
"$sweep" $grid -o "$dir/single.h5" 2> /dev/null
"$rows" --no-timing "$dir/single.h5" | sort > "$dir/single.txt"
total=$(wc -l < "$dir/single.txt")
for i in 1 2 3; do
  # shellcheck disable=SC2086
  "$sweep" $grid --shard $i/3 -o "$dir/s$i.h5" 2> "$dir/err$i"
  rc=$?
  "$rows" --no-timing "$dir/s$i.h5" | sort > "$dir/s$i.txt"
  got=$(wc -l < "$dir/s$i.txt")
  check '[ $rc -eq 0 ] && [ "$got" -gt 0 ] && [ "$got" -lt "$total" ]' "shard $i/3: $got of the $total rows (exit $rc)"
done
dups=$(cat "$dir/s1.txt" "$dir/s2.txt" "$dir/s3.txt" | sort | uniq -d | wc -l)
check '[ "$dups" -eq 0 ]' "the shards' rows are disjoint ($dups in two shards)"
"$sweep" --merge "$dir/merged.h5" "$dir/s1.h5" "$dir/s2.h5" "$dir/s3.h5" 2> "$dir/errm"
rc=$?
"$rows" --no-timing "$dir/merged.h5" | sort > "$dir/merged.txt"
check '[ $rc -eq 0 ] && cmp -s "$dir/merged.txt" "$dir/single.txt"' \
  "the merged shards are the single run ($(wc -l < "$dir/merged.txt") rows, exit $rc)"
# a shard missing: the rows of two, marked unfinished (tests/test_sweep_merge_integrity.sh has more)
"$sweep" --merge "$dir/merged2.h5" "$dir/s1.h5" "$dir/s3.h5" 2> "$dir/errm"
rc=$?
check '[ $rc -eq 0 ] && "$rows" --attr unfinished "$dir/merged2.h5" | grep -q "^missing shard 2 of 3 of the input sets of --log2n 3:9 " && grep -q "unfinished, without shard 2 of 3" "$dir/errm"' \
  "two of the three shards merged: unfinished, missing shard 2 (exit $rc: $(cat "$dir/errm"))"
# one shard of one: the whole grid
# shellcheck disable=SC2086
"$sweep" $grid --shard 1/1 -o "$dir/one.h5" 2> /dev/null
"$rows" --no-timing "$dir/one.h5" | sort > "$dir/one.txt"
check 'cmp -s "$dir/one.txt" "$dir/single.txt"' "--shard 1/1 is the whole grid"
# a shard cut short, resumed: its own part, no more
cp "$dir/s2.h5" "$dir/r2.h5"
# shellcheck disable=SC2086
"$sweep" $grid --log2n 3:10 --shard 2/3 --resume -o "$dir/r2.h5" 2> /dev/null
rc=$?
# shellcheck disable=SC2086
"$sweep" $grid --log2n 3:10 --shard 2/3 -o "$dir/w2.h5" 2> /dev/null
"$rows" --no-timing "$dir/r2.h5" | sort > "$dir/r2.txt"
"$rows" --no-timing "$dir/w2.h5" | sort > "$dir/w2.txt"
check '[ $rc -eq 0 ] && cmp -s "$dir/r2.txt" "$dir/w2.txt"' "--resume of shard 2/3 on a larger grid completes that shard only ($(wc -l < "$dir/r2.txt") rows)"

for bad in 0/3 4/3 1/0 a/3 1/b 1/ /3 3 1/2/3 "" -1/3 1/1000001; do
  "$sweep" --shard "$bad" --log2n 3 -o "$dir/bad.h5" > "$dir/out" 2> "$dir/err"
  rc=$?
  check '[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "^wht-sweep: --shard .*accepted: I/N" "$dir/err" && [ ! -e "$dir/bad.h5" ]' \
    "--shard '$bad': exit 2, one line naming the value and the accepted ones, nothing written ($(cat "$dir/err"))"
done
tap_done
