#!/bin/sh
# test_sweep_merge_integrity.sh - what --merge must not let pass unseen.
# Shards: a --shard I/N run's file names its shard and the grid of the
# index (attribute `shard`); a merge of shards of one grid and N without
# all N of them is written but unfinished (exit 0, its note `unfinished`
# naming the missing numbers, one line on stderr); shards of other grids
# or N are other sets of rows, each checked alone; a file that is no shard
# is merged as before. Timings: /timings rows carry no device, so a merge
# of /timings from files that name other devices is refused (exit 2, one
# line naming both devices and files, OUT untouched), while /results rows
# of several devices still merge, the merge's `device` naming each.
tap_name=test_sweep_merge_integrity
. "${top_srcdir:-.}/tests/tap.sh"
grid="--backend cpu --algo folklore --format f32 --dist norm,pmone --op one-way,two-way --log2n 3:7 --trials 2 --seed 5"
attr() { "$rows" --attr "$1" "$2" 2> /dev/null; }
sorted() { "$rows" --no-timing "$1" | sort; }
# shellcheck disable=SC2086
"$sweep" $grid -o "$dir/whole.h5" 2> /dev/null || { echo "Bail out! the sweep failed"; exit 1; }
for i in 1 2 3; do
  # shellcheck disable=SC2086
  "$sweep" $grid --shard $i/3 -o "$dir/s$i.h5" 2> /dev/null || { echo "Bail out! shard $i/3 failed"; exit 1; }
done
for i in 1 2; do
  # shellcheck disable=SC2086
  "$sweep" $grid --shard $i/2 -o "$dir/h$i.h5" 2> /dev/null || { echo "Bail out! shard $i/2 failed"; exit 1; }
done

# --- what a shard run records
want="2/3 of the input sets of --log2n 3:7 --dist pmone,norm --op one-way,two-way --trials 2"
check '[ "$(attr shard "$dir/s2.h5")" = "$want" ]' "a shard's file names its shard and grid: $(attr shard "$dir/s2.h5")"
# shellcheck disable=SC2086
"$sweep" $grid --shard 1/1 -o "$dir/one.h5" 2> /dev/null
check '! attr shard "$dir/whole.h5" && ! attr shard "$dir/one.h5"' "a run of the whole grid (--shard 1/1 too) is no shard"
"$sweep" --backend cpu --algo folklore --format f32 --dist norm --op all --log2n 3,4,6,8 --trials 1 --shard 2/4 \
  -o "$dir/list.h5" 2> /dev/null
check '[ "$(attr shard "$dir/list.h5")" = "2/4 of the input sets of --log2n 3,4:8:2 --dist norm --op one-way,two-way,smoothed,xor-conv --trials 1" ]' \
  "the grid's sizes as a list --log2n takes: $(attr shard "$dir/list.h5")"
# a resume names its own command's shard; without --shard it runs the whole grid and is none
cp "$dir/s1.h5" "$dir/r1.h5"
# shellcheck disable=SC2086
"$sweep" $grid --log2n 3:8 --shard 1/3 --resume -o "$dir/r1.h5" 2> /dev/null
check 'attr shard "$dir/r1.h5" | grep -q "^1/3 of the input sets of --log2n 3:8 "' "a resumed shard names the resume's grid"
# shellcheck disable=SC2086
"$sweep" $grid --resume -o "$dir/r1.h5" 2> /dev/null
rc=$?
sorted "$dir/r1.h5" > "$dir/r1.txt"
check '[ $rc -eq 0 ] && ! attr shard "$dir/r1.h5" && [ -z "$(sorted "$dir/whole.h5" | comm -23 - "$dir/r1.txt")" ]' \
  "a resume without --shard completes the whole grid and is no shard"

# --- the merge of shards
"$sweep" --merge "$dir/m123.h5" "$dir/s1.h5" "$dir/s3.h5" "$dir/s2.h5" 2> "$dir/err"
rc=$?
check '[ $rc -eq 0 ] && ! attr unfinished "$dir/m123.h5" && ! attr shard "$dir/m123.h5" && [ "$(sorted "$dir/m123.h5")" = "$(sorted "$dir/whole.h5")" ] && ! grep -q unfinished "$dir/err"' \
  "all 3 shards, in any order: the whole grid, finished, no shard (exit $rc)"
"$sweep" --merge "$dir/m12.h5" "$dir/s1.h5" "$dir/s2.h5" 2> "$dir/err"
rc=$?
note=$(attr unfinished "$dir/m12.h5")
check '[ $rc -eq 0 ] && [ "$note" = "missing shard 3 of 3 of the input sets of --log2n 3:7 --dist pmone,norm --op one-way,two-way --trials 2 (the inputs hold shards 1-2)" ]' \
  "shards 1 and 2 of 3: written, exit $rc, unfinished: $note"
check '[ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "^wht-sweep: merged 2 files into .*m12.h5: .*; unfinished, without shard 3 of 3 (attribute unfinished)$" "$dir/err"' \
  "... and one line on stderr says so: $(cat "$dir/err")"
cp "$dir/s1.h5" "$dir/s1-copy.h5"
"$sweep" --merge "$dir/m113.h5" "$dir/s1.h5" "$dir/s1-copy.h5" "$dir/s3.h5" 2> /dev/null
rc=$?
check '[ $rc -eq 0 ] && attr unfinished "$dir/m113.h5" | grep -q "^missing shard 2 of 3 .*(the inputs hold shards 1, 3)$"' \
  "a shard twice is one shard: 1, 1, 3 of 3 miss 2"
"$sweep" --merge "$dir/m2.h5" "$dir/s2.h5" 2> "$dir/err"
rc=$?
check '[ $rc -eq 0 ] && attr unfinished "$dir/m2.h5" | grep -q "^missing shards 1, 3 of 3 .*(the inputs hold shard 2)$" && grep -q "without shards 1, 3 of 3" "$dir/err"' \
  "one shard alone: $(attr unfinished "$dir/m2.h5")"
# a merge of an incomplete merge stays unfinished (its note names it)
"$sweep" --merge "$dir/mm.h5" "$dir/m12.h5" "$dir/s3.h5" 2> "$dir/err"
rc=$?
check '[ $rc -eq 0 ] && attr unfinished "$dir/mm.h5" | grep -q "m12.h5: missing shard 3 of 3" && grep -q "unfinished, like .*m12.h5, and without shards 1-2 of 3" "$dir/err"' \
  "a merge of an incomplete merge and the last shard: unfinished, naming both ($(cat "$dir/err"))"
# other N, other grids: other sets, each complete or not
"$sweep" --merge "$dir/mn.h5" "$dir/s1.h5" "$dir/h1.h5" "$dir/s2.h5" "$dir/h2.h5" "$dir/s3.h5" 2> /dev/null
rc=$?
check '[ $rc -eq 0 ] && ! attr unfinished "$dir/mn.h5" && [ "$(sorted "$dir/mn.h5")" = "$(sorted "$dir/whole.h5")" ]' \
  "all shards of 3 and all of 2 of one grid: finished"
"$sweep" --merge "$dir/mn2.h5" "$dir/s1.h5" "$dir/s2.h5" "$dir/s3.h5" "$dir/h2.h5" 2> "$dir/err"
rc=$?
check '[ $rc -eq 0 ] && [ "$(attr unfinished "$dir/mn2.h5")" = "missing shard 1 of 2 of the input sets of --log2n 3:7 --dist pmone,norm --op one-way,two-way --trials 2 (the inputs hold shard 2)" ]' \
  "all of 3, one of 2: the shards of 2 are incomplete ($(attr unfinished "$dir/mn2.h5"))"
# shellcheck disable=SC2086
"$sweep" $grid --trials 3 --shard 3/3 -o "$dir/t3.h5" 2> /dev/null
"$sweep" --merge "$dir/mg.h5" "$dir/s1.h5" "$dir/s2.h5" "$dir/s3.h5" "$dir/t3.h5" 2> /dev/null
rc=$?
check '[ $rc -eq 0 ] && [ "$(attr unfinished "$dir/mg.h5" | wc -l)" -eq 1 ] && attr unfinished "$dir/mg.h5" | grep -q "^missing shards 1-2 of 3 of the input sets of .* --trials 3 (the inputs hold shard 3)$"' \
  "another grid (--trials 3) is another set of shards: $(attr unfinished "$dir/mg.h5")"
# no shard: as before; a shard with an unfinished input: both said
"$sweep" --merge "$dir/mw.h5" "$dir/whole.h5" "$dir/one.h5" 2> /dev/null
rc=$?
check '[ $rc -eq 0 ] && ! attr unfinished "$dir/mw.h5"' "files that are no shards: finished as before"
printf 'half of it' | "$rows" --set-attr shard "$dir/s1-copy.h5"
before=$(cksum < "$dir/m12.h5")
"$sweep" --merge "$dir/m12.h5" --force "$dir/s1-copy.h5" "$dir/s2.h5" "$dir/s3.h5" > "$dir/out" 2> "$dir/err"
rc=$?
check '[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "s1-copy.h5 has the attribute shard .half of it. (accepted: .I/N of the input sets of OPTIONS." "$dir/err" && [ "$before" = "$(cksum < "$dir/m12.h5")" ]' \
  "a shard attribute that is none: refused (exit $rc), OUT untouched: $(cat "$dir/err")"

# --- devices: /results of several merge, /timings of several do not
cp "$dir/h1.h5" "$dir/g1.h5"
cp "$dir/h2.h5" "$dir/g2.h5"
printf 'NVIDIA H200 NVL' | "$rows" --set-attr device "$dir/g1.h5"
printf 'NVIDIA H200' | "$rows" --set-attr device "$dir/g2.h5"
"$sweep" --merge "$dir/gg.h5" "$dir/g1.h5" "$dir/g2.h5" "$dir/whole.h5" 2> /dev/null
rc=$?
check '[ $rc -eq 0 ] && [ "$(attr device "$dir/gg.h5")" = "NVIDIA H200 NVL, NVIDIA H200, none" ]' \
  "results of several devices merge, device names each, one that holds another's name too: $(attr device "$dir/gg.h5")"
bench=${top_srcdir:-.}/data/stabilization-h100-bench.h5
if [ -r "$bench" ]; then
  cp "$bench" "$dir/b1.h5"
  cp "$bench" "$dir/b2.h5"
  printf 'NVIDIA H200' | "$rows" --set-attr device "$dir/b2.h5"
  for opt in "" --supersede; do
    rm -f "$dir/bb.h5"
    # shellcheck disable=SC2086
    "$sweep" --merge "$dir/bb.h5" $opt "$dir/b1.h5" "$dir/b2.h5" > "$dir/out" 2> "$dir/err"
    rc=$?
    check '[ $rc -eq 2 ] && [ ! -s "$dir/out" ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && [ -z "$(ls "$dir" | grep "^bb\.h5")" ] &&
           grep -q "^wht-sweep: --merge: .*b1.h5 has /timings of device .NVIDIA H100 80GB HBM3., .*b2.h5 of device .NVIDIA H200. (accepted: " "$dir/err"' \
      "timings of two devices${opt:+ with $opt}: refused, exit $rc, nothing written: $(cat "$dir/err")"
  done
  before=$(cksum < "$dir/m12.h5")
  "$sweep" --merge "$dir/m12.h5" --force "$dir/b1.h5" "$dir/b2.h5" 2> /dev/null
  rc=$?
  check '[ $rc -eq 2 ] && [ "$before" = "$(cksum < "$dir/m12.h5")" ]' "... and an existing OUT with --force is left as it was"
  "$sweep" --merge "$dir/b11.h5" "$dir/b1.h5" "$bench" 2> /dev/null
  rc=$?
  check '[ $rc -eq 0 ] && [ "$(attr device "$dir/b11.h5")" = "NVIDIA H100 80GB HBM3" ]' "timings of one device merge"
  # the timings' device beside the results of another: the rows of one GPU's timings only
  # shellcheck disable=SC2086
  "$sweep" $grid --seed 20250101 --shard 1/1 -o "$dir/r.h5" 2> /dev/null
  printf 'NVIDIA H200' | "$rows" --set-attr device "$dir/r.h5"
  "$sweep" --merge "$dir/br.h5" "$dir/b1.h5" "$dir/r.h5" 2> /dev/null
  rc=$?
  check '[ $rc -eq 0 ] && [ "$(attr device "$dir/br.h5")" = "NVIDIA H100 80GB HBM3, NVIDIA H200" ]' \
    "timings of one device and results of another merge"
else
  skip "no $bench to take /timings from"
fi
tap_done
