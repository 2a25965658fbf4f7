#!/bin/sh
# test_sweep_overlap.sh - the rows stage on a thread of its own (a GPU
# sweep's default, forced here by WHT_SWEEP_OVERLAP=1 so that a machine
# without a GPU runs it) gives the rows of the in-place stage, bit for bit
# and in the same order, with groups of several algorithms, every
# operation (xor-conv's second input) and cells that overflow, and so do
# several groups' metrics side by side (WHT_SWEEP_METRICS_WORKERS), and
# the draws of the next set made ahead on a thread (WHT_SWEEP_DRAW_AHEAD,
# on by default where the stages overlap); SIGINT
# stops it between cells with every finished row saved, and --resume
# completes the same rows; the summary says the phases overlapped.
tap_name=test_sweep_overlap
. "${top_srcdir:-.}/tests/tap.sh"
grid="--backend cpu --algo all --format all --dist all --op all --log2n 3:12 --trials 2 --seed 7"

# shellcheck disable=SC2086
WHT_SWEEP_OVERLAP=0 "$sweep" $grid -o "$dir/in_place.h5" 2> "$dir/err0"
rc0=$?
# shellcheck disable=SC2086
WHT_SWEEP_OVERLAP=1 WHT_PROGRESS_INTERVAL=0.001 "$sweep" $grid -o "$dir/thread.h5" 2> "$dir/err1"
rc1=$?
"$rows" --no-timing "$dir/in_place.h5" > "$dir/in_place.txt"
"$rows" --no-timing "$dir/thread.h5" > "$dir/thread.txt"
nrows=$(wc -l < "$dir/in_place.txt")
check '[ $rc0 -eq 0 ] && [ $rc1 -eq 0 ] && [ "$nrows" -gt 1000 ] && cmp -s "$dir/in_place.txt" "$dir/thread.txt"' \
  "a thread of its own: the in-place rows, bit for bit and in order ($nrows rows, exit $rc0/$rc1)"
check 'grep -q "overflow" "$dir/thread.txt"' "the grid has cells that overflow"
# three groups' metrics side by side on threads of their own: the rows in
# the submitted order
# shellcheck disable=SC2086
WHT_SWEEP_OVERLAP=1 WHT_SWEEP_METRICS_WORKERS=3 WHT_PROGRESS_INTERVAL=0.001 "$sweep" $grid -o "$dir/workers.h5" 2> "$dir/errw"
rc=$?
"$rows" --no-timing "$dir/workers.h5" > "$dir/workers.txt"
check '[ $rc -eq 0 ] && cmp -s "$dir/in_place.txt" "$dir/workers.txt"' \
  "three metrics workers: the in-place rows, bit for bit and in order (exit $rc)"
check 'grep -q "^wht-sweep: time split (metrics and file on 3 threads of their own, beside the rest): draw" "$dir/errw"' \
  "the summary names the three workers"
# an arena of one group of f64 outputs: the groups of the narrower formats
# share it (two f32, four f16 or bf16 groups), the ring wraps and waits
# shellcheck disable=SC2086
WHT_SWEEP_OVERLAP=1 WHT_SWEEP_METRICS_WORKERS=3 WHT_SWEEP_ARENA_GROUPS=1 "$sweep" $grid -o "$dir/arena.h5" 2> /dev/null
rc=$?
"$rows" --no-timing "$dir/arena.h5" > "$dir/arena.txt"
check '[ $rc -eq 0 ] && cmp -s "$dir/in_place.txt" "$dir/arena.txt"' \
  "an arena of one f64 group shared by three workers: the in-place rows, bit for bit and in order (exit $rc)"
# the next set drawn ahead on a thread of its own (the overlapped default,
# here without the rows thread): the same rows
# shellcheck disable=SC2086
WHT_SWEEP_OVERLAP=0 WHT_SWEEP_DRAW_AHEAD=1 "$sweep" $grid -o "$dir/ahead.h5" 2> /dev/null
rc=$?
"$rows" --no-timing "$dir/ahead.h5" > "$dir/ahead.txt"
check '[ $rc -eq 0 ] && cmp -s "$dir/in_place.txt" "$dir/ahead.txt"' \
  "draws ahead on a thread of their own: the in-place rows, bit for bit and in order (exit $rc)"
check 'grep -q "^wht-sweep: time split (metrics and file on a thread of their own, beside the rest): draw" "$dir/err1"' \
  "the summary says the phases overlapped"

# stop_midrun SIGNAL FILE ERR [VAR=VALUE...]: a sweep of the grid to 2^14
# into FILE (stderr to ERR), sent SIGNAL half a second after FILE appears;
# its exit status in rc
stop_midrun() {
  sig=$1 out=$2 err=$3
  shift 3
  # shellcheck disable=SC2086
  env "$@" "$sweep" $grid --log2n 3:14 --threads 2 -o "$out" 2> "$err" &
  pid=$!
  i=0
  while kill -0 "$pid" 2>/dev/null && [ ! -e "$out" ] && [ $i -lt 300 ]; do sleep 0.05; i=$((i + 1)); done
  sleep 0.5
  kill -"$sig" "$pid" 2>/dev/null
  wait "$pid"
  rc=$?
}
# interrupted between cells (three workers), then resumed: the same rows.
# Sizes to 2^14 on two threads: several seconds on any machine, so the
# SIGINT half a second in lands mid-run (to 2^16 the three runs took 80 s
# of a 2-core CI's check, with nothing more tested)
stop_midrun INT "$dir/int.h5" "$dir/err2" WHT_SWEEP_OVERLAP=1 WHT_SWEEP_METRICS_WORKERS=3
got=$("$rows" --no-timing "$dir/int.h5" 2>/dev/null | wc -l)
check '[ $rc -eq 1 ] && grep -q "interrupted: continue with --resume" "$dir/err2" && [ "$got" -ge 1 ]' \
  "SIGINT: exit 1, interrupted, $got rows saved ($(tail -n 1 "$dir/err2"))"
# a closed terminal (SIGHUP) stops it the same way: rows saved, no FILE.lock
# (not where SIGHUP is ignored, as under nohup: the sweep keeps it ignored)
if [ "$(sh -c 'kill -HUP $$; echo alive' 2> /dev/null)" = alive ]; then
  skip "SIGHUP is ignored here (nohup): a sweep runs on through it"
else
  stop_midrun HUP "$dir/hup.h5" "$dir/err4"
  check '[ $rc -eq 1 ] && grep -q "interrupted: continue with --resume" "$dir/err4" && [ ! -e "$dir/hup.h5.lock" ] && "$rows" --no-timing "$dir/hup.h5" > /dev/null' \
    "SIGHUP: exit 1, interrupted, the file readable and its lock removed ($(tail -n 1 "$dir/err4"))"
fi
# shellcheck disable=SC2086
WHT_SWEEP_OVERLAP=1 "$sweep" $grid --log2n 3:14 --resume -o "$dir/int.h5" 2> "$dir/err3"
rc=$?
# shellcheck disable=SC2086
WHT_SWEEP_OVERLAP=0 "$sweep" $grid --log2n 3:14 -o "$dir/whole.h5" 2> /dev/null
"$rows" --no-timing "$dir/int.h5" | sort > "$dir/int.txt"
"$rows" --no-timing "$dir/whole.h5" | sort > "$dir/whole.txt"
check '[ $rc -eq 0 ] && cmp -s "$dir/int.txt" "$dir/whole.txt"' \
  "--resume completes the rows of an uninterrupted run ($(wc -l < "$dir/int.txt") rows, exit $rc)"
tap_done
