#!/bin/sh
# test_sweep_determinism.sh - reproducibility: two sweeps with the same
# seed give identical rows (every column but the timings, bit for bit), a
# different seed gives different errors; the sweep split by each key (algo,
# format, dist, op, log2n, trials) and merged equals the single sweep as a
# set of rows; --merge refuses other seeds, conflicting duplicates (of
# /results and of /timings) and an existing output, and records its inputs in merged_from; with --supersede
# the last input's row of a shared cell wins, in any order, and merged_from
# counts the rows it replaced; a merged input's merged_from is kept.
tap_name=test_sweep_determinism
. "${top_srcdir:-.}/tests/tap.sh"
run() { "$sweep" --trials 2 --log2n 3:7 --seed 42 "$@" 2>/dev/null; }
sorted() { "$rows" --no-timing "$1" | sort; }

run -o "$dir/a.h5" && run -o "$dir/b.h5" || { echo "Bail out! sweeps failed"; exit 1; }
sorted "$dir/a.h5" > "$dir/a.txt"
"$rows" --no-timing "$dir/b.h5" | sort > "$dir/b.txt"
total=$(wc -l < "$dir/a.txt")
check 'cmp -s "$dir/a.txt" "$dir/b.txt" && [ "$total" -gt 0 ]' "same seed: identical rows, timings aside ($total rows)"
check '[ "$(awk "{print \$5}" "$dir/a.txt" | sort -u | wc -l)" -eq 4 ] && [ "$(awk "{print \$7}" "$dir/a.txt" | sort -u | wc -l)" -eq 2 ]' \
  "the grid has every operation and both trials"
"$sweep" --trials 2 --log2n 3:7 --seed 43 -o "$dir/c.h5" 2>/dev/null
rc=$?
sorted "$dir/c.h5" | sed 's/ 43 / 42 /' > "$dir/c.txt"
check '[ $rc -eq 0 ] && [ "$(wc -l < "$dir/c.txt")" -eq "$total" ] && ! cmp -s "$dir/a.txt" "$dir/c.txt"' \
  "another seed gives other errors (the same $total rows, exit $rc)"

# split_merge NAME ARGS-OF-PART-1 -- ARGS-OF-PART-2
split_merge() {
  name=$1
  shift
  p1=
  while [ "$1" != -- ]; do p1="$p1 $1"; shift; done
  shift
  # shellcheck disable=SC2086
  run $p1 -o "$dir/$name.1.h5" && run "$@" -o "$dir/$name.2.h5" &&
    "$sweep" --merge "$dir/$name.h5" "$dir/$name.1.h5" "$dir/$name.2.h5" 2>/dev/null
  rc=$?
  sorted "$dir/$name.h5" > "$dir/$name.txt" 2>/dev/null
  check '[ $rc -eq 0 ] && cmp -s "$dir/a.txt" "$dir/$name.txt"' "split by $name and merged equals one sweep"
}
# the algorithms with a CPU path, from the registry (--list), alternately
# into two parts: a new algorithm needs no edit here
algos=$("$sweep" --list | awk '/^algorithms/ {on = 1; next} /^[^ ]/ {on = 0} on && $3 ~ /(^|,)cpu(,|$)/ {print $1}')
half1=$(echo "$algos" | awk 'NR % 2 == 1' | paste -sd, -)
half2=$(echo "$algos" | awk 'NR % 2 == 0' | paste -sd, -)
[ -n "$half1" ] && [ -n "$half2" ] || { echo "Bail out! fewer than 2 algorithms in wht-sweep --list: $algos"; exit 1; }
split_merge algo --algo "$half1" -- --algo "$half2"
split_merge format --format f64,bf16 -- --format f32,f16
split_merge dist --dist pmone,norm -- --dist relu-norm,pagh-norm,pagh-pmone
split_merge op --op one-way -- --op two-way,smoothed,xor-conv
split_merge log2n --log2n 3:5 -- --log2n 6:7
# trial 0 in both parts: equal duplicates are kept once
split_merge trials --trials 1 -- --trials 2

check '"$rows" --attr merged_from "$dir/algo.h5" | grep -q "algo.1.h5" && "$rows" --attr merged_from "$dir/algo.h5" | grep -q "algo.2.h5"' \
  "merged_from names each input"
check '"$rows" --attr command_line "$dir/algo.h5" | grep -q -- "--merge"' "the merge's command_line is the merge"

"$sweep" --merge "$dir/m1.h5" "$dir/a.h5" "$dir/c.h5" 2> "$dir/err.txt"
rc=$?
check '[ $rc -eq 2 ] && [ ! -e "$dir/m1.h5" ] && grep -q "seed 43" "$dir/err.txt"' \
  "merge refuses files of different seeds, writes nothing: $(cat "$dir/err.txt")"
"$rows" --perturb "$dir/a.h5" "$dir/p.h5"
"$sweep" --merge "$dir/m2.h5" "$dir/a.h5" "$dir/p.h5" 2> "$dir/err.txt"
rc=$?
check '[ $rc -eq 2 ] && [ ! -e "$dir/m2.h5" ] && grep -q "disagree" "$dir/err.txt"' \
  "merge refuses a duplicate cell with other values: $(cat "$dir/err.txt")"
sorted "$dir/p.h5" > "$dir/p.txt"
"$sweep" --merge "$dir/s1.h5" --supersede "$dir/a.h5" "$dir/p.h5" 2> "$dir/err.txt"
rc=$?
check '[ $rc -eq 0 ] && [ "$(sorted "$dir/s1.h5")" = "$(cat "$dir/p.txt")" ] && ! cmp -s "$dir/p.txt" "$dir/a.txt"' \
  "merge --supersede: the last input's rows replace the earlier ones (exit $rc)"
check '"$rows" --attr merged_from "$dir/s1.h5" | grep -q "p.h5: $total rows.*superseded $total rows of earlier inputs, 1 of them with other values" && grep -q "superseded $total rows" "$dir/err.txt"' \
  "merge --supersede counts the replaced rows and those with other values in merged_from and on stderr"
"$sweep" --merge "$dir/s2.h5" --supersede "$dir/p.h5" "$dir/a.h5" 2>/dev/null
check '[ "$(sorted "$dir/s2.h5")" = "$(cat "$dir/a.txt")" ]' "merge --supersede in the other order keeps the other file's rows"
"$sweep" --merge "$dir/nest.h5" "$dir/algo.h5" 2>/dev/null
check '"$rows" --attr merged_from "$dir/nest.h5" | grep -q "^  .*algo.1.h5: " && "$rows" --attr merged_from "$dir/nest.h5" | grep -q "^  .*algo.2.h5: "' \
  "a merge of a merged file keeps its inputs' lines of merged_from, indented"
"$sweep" --trials 2 --log2n 3:7 --seed 42 --supersede -o "$dir/s3.h5" 2> "$dir/err.txt"
rc=$?
check '[ $rc -eq 2 ] && [ ! -e "$dir/s3.h5" ] && grep -q "only with --merge" "$dir/err.txt"' \
  "--supersede without --merge is a usage error: $(cat "$dir/err.txt")"
before=$(cksum < "$dir/b.h5")
"$sweep" --merge "$dir/b.h5" "$dir/a.h5" 2>/dev/null
rc=$?
check '[ $rc -eq 2 ] && [ "$before" = "$(cksum < "$dir/b.h5")" ]' "merge does not overwrite an existing file"
"$sweep" --merge "$dir/b.h5" --force "$dir/a.h5" "$dir/a.h5" 2>/dev/null
rc=$?
check '[ $rc -eq 0 ] && [ "$(sorted "$dir/b.h5")" = "$(cat "$dir/a.txt")" ]' "merge --force overwrites; a file merged with itself is itself"
# ... its timings too: a file named twice (by any path) is taken once
py=${PYTHON:-/usr/bin/python3}
if "$py" -c 'import sys; sys.path.insert(0, sys.argv[1]); import whtlab_testkit as tk
tk.write_file(sys.argv[2], results=tk.synthetic_results(sizes=range(3, 4), trials=1),
              timings=tk.synthetic_timings())' "${top_srcdir:-.}/analysis" "$dir/t.h5" 2> /dev/null; then
  "$sweep" --merge "$dir/t2.h5" "$dir/t.h5" "$dir/./t.h5" 2> "$dir/err.txt"
  rc=$?
  ntim=$("$py" -c 'import h5py, sys; print(len(h5py.File(sys.argv[1], "r")["timings"]))' "$dir/t.h5")
  ntim2=$("$py" -c 'import h5py, sys; print(len(h5py.File(sys.argv[1], "r")["timings"]))' "$dir/t2.h5")
  check '[ $rc -eq 0 ] && [ "$ntim" = "$ntim2" ] && grep -q "merged 1 files" "$dir/err.txt"' \
    "a file named twice in --merge is merged once: $ntim2 timing rows of $ntim ($(cat "$dir/err.txt"))"
  # /timings rows are taken by their case as /results rows by their cell: a
  # copy (another file, the same times) kept once, other times of one case
  # refused before OUT is written (the analysis refuses them), or with
  # --supersede the last input's row
  "$py" -c 'import sys; sys.path.insert(0, sys.argv[1]); import whtlab_testkit as tk
res = tk.synthetic_results(sizes=range(3, 4), trials=1)
tim = tk.synthetic_timings()
tk.write_file(sys.argv[2], results=res, timings=tim)
tim["median_ms"][0] *= 1.5
tk.write_file(sys.argv[3], results=res, timings=tim)' "${top_srcdir:-.}/analysis" "$dir/tc.h5" "$dir/tp.h5"
  "$sweep" --merge "$dir/t3.h5" "$dir/t.h5" "$dir/tc.h5" 2> "$dir/err.txt"
  rc=$?
  ntim3=$("$py" -c 'import h5py, sys; print(len(h5py.File(sys.argv[1], "r")["timings"]))' "$dir/t3.h5" 2> /dev/null)
  check '[ $rc -eq 0 ] && [ "$ntim3" = "$ntim" ]' "timings of one case with the same times in two inputs: kept once ($ntim3 rows of $ntim, exit $rc)"
  "$sweep" --merge "$dir/t4.h5" "$dir/t.h5" "$dir/tp.h5" 2> "$dir/err.txt"
  rc=$?
  check '[ $rc -eq 2 ] && [ ! -e "$dir/t4.h5" ] && [ "$(wc -l < "$dir/err.txt")" -eq 1 ] && grep -q "disagree on the timing of (folklore, gpu, f32, k=10, batch 1, in place).*accepted" "$dir/err.txt"' \
    "merge refuses a case timed with other times, writes nothing: $(cat "$dir/err.txt")"
  "$sweep" --merge "$dir/t5.h5" --supersede "$dir/t.h5" "$dir/tp.h5" 2> "$dir/err.txt"
  rc=$?
  same=$("$py" -c 'import h5py, sys
a, b = (sorted(map(repr, h5py.File(p, "r")["timings"][...].tolist())) for p in sys.argv[1:])
print(int(a == b))' "$dir/t5.h5" "$dir/tp.h5" 2> /dev/null)
  check '[ $rc -eq 0 ] && [ "$same" = 1 ] && grep -q "1 of them with other times" "$dir/err.txt"' \
    "merge --supersede: the last input's timings replace the earlier ones (exit $rc)"
else
  skip "no h5py to write a file with /timings"
fi
tap_done
