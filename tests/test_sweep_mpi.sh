#!/bin/sh
# test_sweep_mpi.sh - mpirun -n N wht-sweep (issue 11) on a grid with
# every operation (two taus), two formats and cells of uneven cost
# (k = 3..11): with 1, 2 and 3 ranks the file holds the serial program's
# rows in its order (every column but the timings), and rank 0 shows the
# progress of the whole job; a usage error is one
# line whatever N; a rank whose cell fails stops the job with one line
# naming the rank and the cell, the file keeps whole rows of the serial
# run only, and --resume under another N completes it; the MPI sbatch
# script writes the serial rows.
tap_name=test_sweep_mpi
. "${top_srcdir:-.}/tests/tap.sh"
. "${top_srcdir:-.}/tests/mpi.sh"
grid="--backend cpu --algo folklore,kahan --format f32,f16 --dist norm,pmone --op all --tau 0,0.5 --log2n 3:11 --trials 2 --seed 9"

# shellcheck disable=SC2086
"$sweep" $grid -o "$dir/serial.h5" 2> /dev/null
"$rows" --no-timing "$dir/serial.h5" > "$dir/serial.txt"
total=$(wc -l < "$dir/serial.txt")
check '[ "$total" -gt 500 ]' "the serial run wrote $total rows"
sort "$dir/serial.txt" > "$dir/serial.sorted"

for np in 1 2 3; do
  # shellcheck disable=SC2086
  WHT_PROGRESS_INTERVAL=0.02 mpi -n $np "$sweep" $grid -o "$dir/n$np.h5" 2> "$dir/err$np"
  rc=$?
  "$rows" --no-timing "$dir/n$np.h5" > "$dir/n$np.txt"
  check '[ $rc -eq 0 ] && cmp -s "$dir/n$np.txt" "$dir/serial.txt"' \
    "-n $np: the serial rows in the serial order ($(wc -l < "$dir/n$np.txt") rows, exit $rc)"
  check '[ "$(grep -c "^wht-sweep: .*cells run" "$dir/err$np")" -eq 1 ] && grep -q " $total cells run" "$dir/err$np"' \
    "-n $np: one summary line, for the whole job ($(tail -n 1 "$dir/err$np"))"
  check '"$rows" --attr mpi "$dir/n$np.h5" | grep -q "^$np rank"' \
    "-n $np: the attribute mpi records the ranks ($("$rows" --attr mpi "$dir/n$np.h5"))"
done
# progress of the whole job on rank 0: on a grid long enough for lines
# (k = 3..11 can end in a burst of rows shorter than any interval: three
# ranks on two cores, rank 0 woken after the workers finished), so 3..14
big=$(echo "$grid" | sed 's/--log2n 3:11/--log2n 3:14/')
# shellcheck disable=SC2086
WHT_PROGRESS_INTERVAL=0.001 mpi -n 3 "$sweep" $big -o "$dir/progress.h5" 2> "$dir/errp"
rc=$?
ptotal=$(sed -n 's/.* \([0-9][0-9]*\) cells run.*/\1/p' "$dir/errp")
check '[ $rc -eq 0 ] && [ -n "$ptotal" ] && grep -q "^wht-sweep: \[[0-9]*/$ptotal cells\] .* ETA " "$dir/errp"' \
  "-n 3: progress lines for the whole job ($(grep -m 1 "cells\]" "$dir/errp"))"

# --shard under MPI: the serial shard's rows, in order
# shellcheck disable=SC2086
"$sweep" $grid --shard 2/3 -o "$dir/shard.h5" 2> /dev/null
# shellcheck disable=SC2086
mpi -n 3 "$sweep" $grid --shard 2/3 -o "$dir/shard3.h5" 2> /dev/null
rc=$?
check '[ $rc -eq 0 ] && [ "$("$rows" --no-timing "$dir/shard3.h5")" = "$("$rows" --no-timing "$dir/shard.h5")" ] &&
       [ "$("$rows" "$dir/shard.h5" | wc -l)" -lt "$total" ]' \
  "-n 3 --shard 2/3: the serial shard's rows in order ($("$rows" "$dir/shard3.h5" | wc -l) rows, exit $rc)"

# a serial file cut short (the smaller sizes), completed under MPI
# shellcheck disable=SC2086
"$sweep" $grid --log2n 3:8 -o "$dir/part.h5" 2> /dev/null
# shellcheck disable=SC2086
mpi -n 2 "$sweep" $grid -o "$dir/part.h5" --resume 2> /dev/null
rc=$?
check '[ $rc -eq 0 ] && [ "$("$rows" --no-timing "$dir/part.h5" | sort)" = "$(cat "$dir/serial.sorted")" ]' \
  "-n 2 --resume of a serial file completes it with the serial rows (exit $rc)"

# usage errors and --help: rank 0 speaks, once
mpi -n 3 "$sweep" --log2n 3:99 -o "$dir/bad.h5" > /dev/null 2> "$dir/err"
rc=$?
check '[ $rc -eq 2 ] && [ "$(grep -c "^wht-sweep:" "$dir/err")" -eq 1 ] && grep -q "^wht-sweep: --log2n .*accepted" "$dir/err" && [ ! -e "$dir/bad.h5" ]' \
  "-n 3, a bad --log2n: exit 2, one line, nothing written (exit $rc: $(grep "^wht-sweep:" "$dir/err"))"
mpi -n 2 "$sweep" --help > "$dir/help" 2> /dev/null
rc=$?
"$sweep" --help > "$dir/help1"
check '[ $rc -eq 0 ] && cmp -s "$dir/help" "$dir/help1"' "-n 2 --help: the help, once (exit $rc)"

# a failing cell (injected at k = 10, as a device error would be)
# shellcheck disable=SC2086
WHT_SWEEP_FAIL_LOG2N=10 mpi -n 3 "$sweep" $grid -o "$dir/fail.h5" 2> "$dir/err"
rc=$?
"$rows" --no-timing "$dir/fail.h5" | sort > "$dir/fail.txt"
got=$(wc -l < "$dir/fail.txt")
check '[ $rc -eq 1 ] && [ "$(grep -c "^wht-sweep: rank" "$dir/err")" -eq 1 ] &&
       grep -q "^wht-sweep: rank [0-9]: cell (.*, k=10, trial [01]) failed: WHT_SWEEP_FAIL_LOG2N" "$dir/err"' \
  "a failing cell: exit 1, one line naming the rank and the cell (exit $rc: $(grep "^wht-sweep: rank" "$dir/err"))"
check '[ "$got" -gt 0 ] && [ "$got" -lt "$total" ] && [ -z "$(comm -23 "$dir/fail.txt" "$dir/serial.sorted")" ] &&
       [ "$(awk '"'"'$6 == 10'"'"' "$dir/fail.txt" | wc -l)" -eq 0 ] && [ ! -e "$dir/fail.h5.tmp" ]' \
  "its file holds $got whole rows of the serial run, none of k = 10"
# shellcheck disable=SC2086
mpi -n 2 "$sweep" $grid -o "$dir/fail.h5" --resume 2> /dev/null
rc=$?
check '[ $rc -eq 0 ] && [ "$("$rows" --no-timing "$dir/fail.h5" | sort)" = "$(cat "$dir/serial.sorted")" ]' \
  "--resume under -n 2 completes it: the serial rows (exit $rc)"

# experiments/slurm/thesis-mpi.sbatch by hand (Slurm's variables, mpirun
# as the launcher, a small grid through its arguments): data/thesis.h5
# under the submit directory, the serial rows in their order
src=$(cd "${top_srcdir:-.}" && pwd)
sweep_abs=$(cd "$(dirname "$sweep")" && pwd)/wht-sweep
small="--backend cpu --algo folklore,neumaier --format f32 --dist norm --op one-way,xor-conv --log2n 3:9 --trials 2"
mkdir -p "$dir/submit"
# shellcheck disable=SC2086
env SLURM_SUBMIT_DIR="$dir/submit" SLURM_CPUS_PER_TASK=1 WHT_ROOT="$src" WHT_SWEEP="$sweep_abs" \
  WHT_LAUNCH="env $mpi_asan mpirun --oversubscribe -n 2" sh "$src/experiments/slurm/thesis-mpi.sbatch" $small \
  > "$dir/out" 2>&1
rc=$?
# shellcheck disable=SC2086
"$sweep" --algo all --format all --dist all --op all --log2n 3:25 --trials 5 --seed 1 $small -o "$dir/single.h5" 2> /dev/null
check '[ $rc -eq 0 ] && [ -s "$dir/submit/data/thesis.h5" ] &&
       [ "$("$rows" --no-timing "$dir/submit/data/thesis.h5")" = "$("$rows" --no-timing "$dir/single.h5")" ] &&
       "$rows" --attr mpi "$dir/submit/data/thesis.h5" | grep -q "^2 ranks (--threads 1 each)"' \
  "thesis-mpi.sbatch: 2 ranks write data/thesis.h5 with the serial rows in order (exit $rc)"
tap_done
