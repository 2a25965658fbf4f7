#!/bin/sh
# test_sweep_resume.sh - crash safety and --resume: a sweep is killed with
# SIGKILL at random moments (once at once, then each time after it has
# written rows); after every kill the file must be readable (by the C
# reader tests/h5rows, and by h5dump when present), resumed runs only add
# rows, and the final file holds exactly the rows of an uninterrupted run
# (timing columns aside), with no FILE.tmp or FILE.lock left and the
# resumes logged in the attribute `resumed`.
tap_name=test_sweep_resume
. "${top_srcdir:-.}/tests/tap.sh"

grid="--algo all --format all --dist all --op all --log2n 3:14 --trials 1 --seed 7"
ref=$dir/ref.h5
f=$dir/killed.h5
# shellcheck disable=SC2086
"$sweep" $grid -o "$ref" 2>/dev/null || { echo "Bail out! the reference sweep failed"; exit 1; }
"$rows" --no-timing "$ref" | sort > "$dir/ref.txt"
total=$(wc -l < "$dir/ref.txt")
check '[ "$total" -gt 1000 ]' "the uninterrupted run wrote $total rows"

# a random delay in [0, $1) milliseconds, as seconds for sleep
rand_s() { od -An -N2 -tu2 /dev/urandom | awk -v m="$1" '{ printf "%.3f", ($1 % m) / 1000 }'; }
count() { "$rows" "$f" 2>/dev/null | wc -l; }

prev=0
partial=0
for cycle in 0 1 2 3; do
  mode=--resume
  [ "$cycle" -eq 0 ] && mode=
  # shellcheck disable=SC2086
  "$sweep" $grid -o "$f" $mode 2>/dev/null &
  pid=$!
  if [ "$cycle" -gt 0 ]; then
    # wait until this run has added rows (or finished), then a random moment
    i=0
    while kill -0 "$pid" 2>/dev/null && [ "$(count)" -le "$prev" ] && [ $i -lt 600 ]; do
      sleep 0.05
      i=$((i + 1))
    done
    sleep "$(rand_s 400)"
  else
    sleep "$(rand_s 50)"
  fi
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if [ ! -e "$f" ]; then
    check '[ "$cycle" -eq 0 ]' "cycle $cycle: killed before the file was created"
    continue
  fi
  "$rows" "$f" > "$dir/now.txt" 2> "$dir/err.txt"
  rc=$?
  now=$(wc -l < "$dir/now.txt")
  check '[ $rc -eq 0 ]' "cycle $cycle: the killed sweep's file is readable by the C reader ($now rows) $(cat "$dir/err.txt")"
  if command -v h5dump > /dev/null 2>&1; then
    check 'h5dump -H "$f" > /dev/null 2>&1' "cycle $cycle: h5dump reads the killed sweep's file"
  else
    skip "cycle $cycle: h5dump not installed"
  fi
  check '[ "$now" -ge "$prev" ] && [ "$now" -le "$total" ]' "cycle $cycle: rows only grow ($prev -> $now of $total)"
  [ "$now" -gt 0 ] && [ "$now" -lt "$total" ] && partial=$((partial + 1))
  prev=$now
done
# rows are published while a sweep runs: some kill lands between its
# first and its last row (else the cycles above would test nothing)
check '[ "$partial" -ge 1 ]' "$partial of 4 kills left a file with some but not all rows"

# many kills in the first milliseconds, where publishes are densest
g=$dir/stress.h5
bad=0
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
  # shellcheck disable=SC2086
  "$sweep" $grid --log2n 3:9 -o "$g" --resume 2>/dev/null &
  pid=$!
  sleep "$(rand_s 40)"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if [ -e "$g" ] && ! "$rows" "$g" > /dev/null 2>&1; then bad=$((bad + 1)); fi
done
check '[ $bad -eq 0 ]' "20 kills within 40 ms of the start: every file readable ($bad unreadable)"

# shellcheck disable=SC2086
"$sweep" $grid -o "$f" --resume 2> "$dir/err.txt"
rc=$?
check '[ $rc -eq 0 ]' "the last --resume completes: $(tail -n 1 "$dir/err.txt")"
"$rows" --no-timing "$f" | sort > "$dir/final.txt"
check 'cmp -s "$dir/ref.txt" "$dir/final.txt"' \
  "the resumed file holds the rows of the uninterrupted run ($(wc -l < "$dir/final.txt") of $total rows, timings aside)"
check '[ ! -e "$f.tmp" ] && [ ! -e "$f.lock" ]' "no FILE.tmp or FILE.lock is left"
check '"$rows" --attr resumed "$f" | grep -c -- "--resume" | grep -q "^[1-9]"' \
  "the file's resumed attribute logs the resumes ($("$rows" --attr resumed "$f" | wc -l) lines)"
# shellcheck disable=SC2086
"$sweep" $grid -o "$f" --resume 2> "$dir/err.txt"
check 'grep -q " 0 cells run" "$dir/err.txt" && [ "$("$rows" "$f" | wc -l)" -eq "$total" ]' \
  "a --resume of a complete file runs nothing and adds no row"

# Paths around FILE: -0 and 0 are one --tau; -o through a symbolic link
# updates the link's target; a planted FILE.tmp link is never written through.
small="--algo folklore --format f64 --dist pmone --op one-way,smoothed --log2n 3:5"
# shellcheck disable=SC2086
"$sweep" $small --tau -0 -o "$dir/tz.h5" 2>/dev/null &&
  "$sweep" $small --tau 0 -o "$dir/tz.h5" --resume 2>/dev/null
rc=$?
check '[ $rc -eq 0 ] && [ "$("$rows" "$dir/tz.h5" | wc -l)" -eq 6 ]'   "--tau 0 resumes a --tau -0 file without running its cells again (6 rows)"
mkdir "$dir/real"
# shellcheck disable=SC2086
"$sweep" $small --log2n 3:4 -o "$dir/real/t.h5" 2>/dev/null && ln -s real/t.h5 "$dir/link.h5" &&
  "$sweep" $small --log2n 3:6 -o "$dir/link.h5" --resume 2>/dev/null
rc=$?
check '[ $rc -eq 0 ] && [ -L "$dir/link.h5" ] && [ "$("$rows" "$dir/real/t.h5" | wc -l)" -eq 8 ] &&
       [ ! -e "$dir/real/t.h5.lock" ] && [ ! -e "$dir/link.h5.tmp" ]'   "--resume through a symbolic link updates its target (8 rows) and leaves the link a link"
echo "not to be overwritten" > "$dir/victim.txt"
ln -s victim.txt "$dir/s.h5.tmp"
# shellcheck disable=SC2086
"$sweep" $small -o "$dir/s.h5" 2>/dev/null
rc=$?
check '[ $rc -eq 0 ] && [ "$(cat "$dir/victim.txt")" = "not to be overwritten" ] && "$rows" "$dir/s.h5" > /dev/null'   "a stale FILE.tmp symbolic link is removed, its target left alone"

# a merge of two taus resumes with either; a third is refused, naming both
# shellcheck disable=SC2086
"$sweep" $small --log2n 3:4 --tau 0.5 -o "$dir/ta.h5" 2>/dev/null &&
  "$sweep" $small --log2n 3:4 --tau 1 -o "$dir/tb.h5" 2>/dev/null &&
  "$sweep" --merge "$dir/tab.h5" "$dir/ta.h5" "$dir/tb.h5" 2>/dev/null &&
  "$sweep" $small --log2n 3:5 --tau 1 -o "$dir/tab.h5" --resume 2>/dev/null
rc=$?
check '[ $rc -eq 0 ] && [ "$("$rows" "$dir/tab.h5" | wc -l)" -eq 10 ]' \
  "a merged file of --tau 0.5 and 1 resumes with --tau 1 (4 + 4 rows, 2 added)"
# shellcheck disable=SC2086
"$sweep" $small --tau 2 -o "$dir/tab.h5" --resume 2> "$dir/err.txt"
rc=$?
check '[ $rc -eq 2 ] && grep -q "accepted: --tau 0.5, 1" "$dir/err.txt"' \
  "--resume with a tau the file lacks: exit 2 naming the file's taus ($(cat "$dir/err.txt"))"

# command_line is the command as the shell takes it back, quotes included
q="$dir/it's a \$file.h5"
# shellcheck disable=SC2086
"$sweep" $small -o "$q" 2>/dev/null
cmd=$("$rows" --attr command_line "$q")
eval "set -- $cmd"
first=$1
for last; do :; done
check '[ "$first" = wht-sweep ] && [ "$last" = "$q" ]' \
  "command_line re-parses to the same words, a quote, a space and a \$ included ($cmd)"
tap_done
