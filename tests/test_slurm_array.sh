#!/bin/sh
# test_slurm_array.sh - experiments/slurm/thesis-array.sbatch run as three
# array tasks by hand (the variables Slurm sets, a small grid through its
# arguments): each task writes its part under the submit directory, and
# --merge of the parts has the rows of the single run; outside an array it
# refuses with one line.
tap_name=test_slurm_array
. "${top_srcdir:-.}/tests/tap.sh"
src=$(cd "${top_srcdir:-.}" && pwd)
sweep_abs=$(cd "$(dirname "$sweep")" && pwd)/wht-sweep
grid="--backend cpu --algo folklore --format f32 --dist norm,pmone --op one-way,xor-conv --log2n 3:8 --trials 2"
mkdir -p "$dir/submit"
for id in 4 5 6; do # an array 4-6: shards 1..3
  # shellcheck disable=SC2086
  env SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_MIN=4 SLURM_ARRAY_TASK_COUNT=3 SLURM_SUBMIT_DIR="$dir/submit" \
    SLURM_CPUS_PER_TASK=2 WHT_ROOT="$src" WHT_SWEEP="$sweep_abs" \
    sh "$src/experiments/slurm/thesis-array.sbatch" $grid > "$dir/out$id" 2>&1
  rc=$?
  part=$dir/submit/data/thesis-part-$((id - 3)).h5
  check '[ $rc -eq 0 ] && [ -s "$part" ] && "$rows" --attr command_line "$part" | grep -q -- "--shard $((id - 3))/3 --threads 2"' \
    "array task $id: shard $((id - 3))/3 with --threads 2 into data/thesis-part-$((id - 3)).h5 (exit $rc)"
done
"$sweep" --merge "$dir/merged.h5" "$dir"/submit/data/thesis-part-*.h5 2> /dev/null
# shellcheck disable=SC2086
"$sweep" --algo all --format all --dist all --op all --log2n 3:25 --trials 5 --seed 1 $grid -o "$dir/single.h5" 2> /dev/null
"$rows" --no-timing "$dir/merged.h5" | sort > "$dir/merged.txt"
"$rows" --no-timing "$dir/single.h5" | sort > "$dir/single.txt"
check '[ -s "$dir/single.txt" ] && cmp -s "$dir/merged.txt" "$dir/single.txt"' \
  "the merged parts are the single run ($(wc -l < "$dir/merged.txt") rows)"
env -u SLURM_ARRAY_TASK_ID sh "$src/experiments/slurm/thesis-array.sbatch" > "$dir/out" 2> "$dir/err"
rc=$?
check '[ $rc -ne 0 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "not an array task" "$dir/err"' \
  "outside an array: one line, exit $rc ($(cat "$dir/err"))"
tap_done
