#!/bin/sh
# test_sweep_env.sh - the sweep scripts (thesis.sh, smoke.sh, default.sh) run
# wht-sweep with OMP_WAIT_POLICY=passive when the caller set no policy, and
# with the caller's when it did (experiments/sweep_env.sh). A stand-in
# wht-sweep (WHT_SWEEP) records the policy it was given, another its
# arguments: thesis.sh's and smoke.sh's caller's -o replaces their default
# output (experiments/sweep_args.sh), and smoke.sh's --force gives way to
# any spelling of --resume; default.sh finds its wht-table (or refuses)
# before the sweep; the Slurm scripts' array index and WHT_RESUME. And the real
# wht-sweep takes exactly the values of its environment knobs that their
# readers take, refusing the others at its start.
tap_name=test_sweep_env
. "${top_srcdir:-.}/tests/tap.sh"
ex=${top_srcdir:-.}/experiments
fake=$dir/fake-sweep
printf '#!/bin/sh\necho "${OMP_WAIT_POLICY-unset}" > "%s/policy"\n' "$dir" > "$fake"
chmod +x "$fake"

for s in thesis smoke default; do
  # default.sh prints a table of its file after the sweep: a no-op here
  rm -f "$dir/policy"
  env -u OMP_WAIT_POLICY WHT_SWEEP="$fake" WHT_TABLE=true "$ex/$s.sh" "$dir/out.h5" > /dev/null 2>&1
  got=$(cat "$dir/policy" 2> /dev/null)
  check '[ "$got" = passive ]' "$s.sh without OMP_WAIT_POLICY: wht-sweep runs with passive (got '$got')"
  rm -f "$dir/policy"
  env OMP_WAIT_POLICY=active WHT_SWEEP="$fake" WHT_TABLE=true "$ex/$s.sh" "$dir/out.h5" > /dev/null 2>&1
  got=$(cat "$dir/policy" 2> /dev/null)
  check '[ "$got" = active ]' "$s.sh with OMP_WAIT_POLICY=active: the caller's policy is kept (got '$got')"
done

# thesis.sh and smoke.sh pass the caller's options after their defaults;
# an output file among them takes the place of the default -o (wht-sweep
# would refuse a second one), in each spelling getopt_long takes
printf '#!/bin/sh\nfor a in "$@"; do echo "$a"; done > "%s/args"\n' "$dir" > "$dir/args-sweep"
chmod +x "$dir/args-sweep"
for s in thesis smoke; do
  for o in "-o $dir/mine.h5" "-o$dir/mine.h5" "--output $dir/mine.h5" "--output=$dir/mine.h5" "--ou $dir/mine.h5"; do
    rm -f "$dir/args"
    # shellcheck disable=SC2086
    env WHT_SWEEP="$dir/args-sweep" "$ex/$s.sh" --log2n 3 $o > /dev/null 2>&1
    cnt=$(grep -c -e "^-o" -e "^--ou" "$dir/args" 2> /dev/null)
    check '[ "$cnt" = 1 ] && grep -q "mine.h5" "$dir/args" && ! grep -q "data/$s.h5" "$dir/args"' \
      "$s.sh $o: one output option, the caller's ($(tr '\n' ' ' < "$dir/args" 2> /dev/null))"
  done
  rm -f "$dir/args"
  env WHT_SWEEP="$dir/args-sweep" WHT_OUTPUT="$dir/env.h5" "$ex/$s.sh" --log2n 3 > /dev/null 2>&1
  check '[ "$(grep -c "^-o" "$dir/args")" = 1 ] && grep -q "env.h5" "$dir/args"' "$s.sh without -o: WHT_OUTPUT's file"
done

# smoke.sh overwrites its file (--force) unless asked to resume, in any
# spelling of --resume that getopt_long takes (--r at the shortest)
for o in --resume --resum --res --r "" --trials; do
  rm -f "$dir/args"
  # shellcheck disable=SC2086
  env WHT_SWEEP="$dir/args-sweep" "$ex/smoke.sh" -o "$dir/s.h5" $o ${o:+2} > /dev/null 2>&1
  [ "$o" = --resume ] || [ "$o" = --resum ] || [ "$o" = --res ] || [ "$o" = --r ] && forced=0 || forced=1
  check '[ "$(grep -c "^--force$" "$dir/args" 2> /dev/null)" = $forced ]' \
    "smoke.sh ${o:-without options}: --force $([ $forced = 1 ] && echo given || echo left out) ($(tr '\n' ' ' < "$dir/args" 2> /dev/null))"
done

# default.sh finds wht-table before the sweep: WHT_TABLE, the build's next
# to the script, ./analysis/wht-table of the current (out-of-tree) build
# directory; none: exit 2, one line, and the sweep does not run. A copy of
# the scripts in a tree without a build, run from another folder.
mkdir -p "$dir/xp/experiments" "$dir/bt/analysis"
cp "$ex/default.sh" "$ex/locate_sweep.sh" "$ex/sweep_env.sh" "$dir/xp/experiments/"
printf '#!/bin/sh\necho "table $*" >> "%s/ran"\n' "$dir" > "$dir/bt/analysis/wht-table"
printf '#!/bin/sh\necho "sweep $*" >> "%s/ran"\n' "$dir" > "$dir/log-sweep"
chmod +x "$dir/bt/analysis/wht-table" "$dir/log-sweep"
rm -f "$dir/ran"
(cd "$dir/bt" && env WHT_SWEEP="$dir/log-sweep" "$dir/xp/experiments/default.sh" "$dir/d.h5" > /dev/null 2> "$dir/err")
rc=$?
check '[ $rc -eq 0 ] && grep -q "^sweep " "$dir/ran" && grep -q "^table $dir/d.h5\$" "$dir/ran"' \
  "default.sh in an out-of-tree build directory runs its ./analysis/wht-table (exit $rc)"
if command -v wht-table > /dev/null 2>&1; then
  skip "a wht-table on PATH"
else
  rm -f "$dir/ran"
  (cd "$dir" && env WHT_SWEEP="$dir/log-sweep" "$dir/xp/experiments/default.sh" "$dir/d.h5" > /dev/null 2> "$dir/err")
  rc=$?
  check '[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "wht-table not found" "$dir/err" && [ ! -e "$dir/ran" ]' \
    "default.sh without a wht-table: exit 2, one line, no sweep (exit $rc: $(cat "$dir/err"))"
fi

# experiments/slurm/thesis-array.sbatch: task ID of an array A-B:S is shard
# (ID - MIN) / STEP + 1 of COUNT (into data/thesis-part-I.h5); an ID off
# the range, or an array that is no range A-B[:S] (a list: MAX is not
# MIN + (COUNT - 1) STEP) is refused with one line before anything runs.
# WHT_RESUME: 1 resumes, 0 or unset does not, another value is refused
# (and so in thesis-mpi.sbatch).
slurm=$(cd "${top_srcdir:-.}" && pwd)/experiments/slurm
root=$(cd "${top_srcdir:-.}" && pwd)
# task VAR=VALUE...: run the array script as one task with the stand-in wht-sweep
task() {
  rm -f "$dir/args"
  env -u SLURM_ARRAY_TASK_MIN -u SLURM_ARRAY_TASK_MAX -u SLURM_ARRAY_TASK_STEP -u SLURM_CPUS_PER_TASK -u WHT_RESUME \
    -u WHT_OUTPUT SLURM_SUBMIT_DIR="$dir/submit" WHT_ROOT="$root" WHT_SWEEP="$dir/args-sweep" "$@" \
    sh "$slurm/thesis-array.sbatch" > /dev/null 2> "$dir/err"
}
mkdir -p "$dir/submit"
got=
for sid in 1 3 5 7 9 11 13 15; do # --array=1-15:2: 8 tasks
  task SLURM_ARRAY_TASK_ID=$sid SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=15 SLURM_ARRAY_TASK_STEP=2 SLURM_ARRAY_TASK_COUNT=8
  got="$got $(tr '\n' ' ' < "$dir/args" 2> /dev/null | sed -n 's|.*-o data/thesis-part-\([0-9]*\)\.h5 --shard \([0-9/]*\) .*|\1:\2|p')"
done
check '[ "$got" = " 1:1/8 2:2/8 3:3/8 4:4/8 5:5/8 6:6/8 7:7/8 8:8/8" ]' "--array=1-15:2: tasks 1,3,..,15 are shards 1/8..8/8 (got$got)"
task SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_MIN=4 SLURM_ARRAY_TASK_COUNT=3
check 'grep -q "^--shard$" "$dir/args" && grep -q "^2/3$" "$dir/args" && ! grep -q "^--resume$" "$dir/args"' "--array=4-6 without STEP: task 5 is shard 2/3, no --resume"
for bad in "SLURM_ARRAY_TASK_ID=4 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_STEP=2 SLURM_ARRAY_TASK_COUNT=8" \
  "SLURM_ARRAY_TASK_ID=17 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_STEP=2 SLURM_ARRAY_TASK_COUNT=8" \
  "SLURM_ARRAY_TASK_ID=4 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=9 SLURM_ARRAY_TASK_STEP=1 SLURM_ARRAY_TASK_COUNT=3" \
  "SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_STEP=0 SLURM_ARRAY_TASK_COUNT=3" \
  "SLURM_ARRAY_TASK_ID=x SLURM_ARRAY_TASK_COUNT=3" "SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=3 WHT_RESUME=yes"; do
  # shellcheck disable=SC2086
  task $bad
  rc=$?
  check '[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && [ ! -e "$dir/args" ] && grep -q accepted "$dir/err"' \
    "thesis-array.sbatch, $bad: exit 2, one line, nothing run (exit $rc: $(cat "$dir/err"))"
done
for r in 0 1 ""; do
  task SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=2 WHT_RESUME=$r
  check '[ "$(grep -c "^--resume$" "$dir/args")" = "$([ "$r" = 1 ] && echo 1 || echo 0)" ]' "thesis-array.sbatch, WHT_RESUME='$r': --resume $([ "$r" = 1 ] && echo given || echo left out)"
done
for r in 0 1 yes; do
  rm -f "$dir/args"
  env -u SLURM_CPUS_PER_TASK -u WHT_OUTPUT SLURM_SUBMIT_DIR="$dir/submit" WHT_ROOT="$root" WHT_SWEEP="$dir/args-sweep" \
    WHT_LAUNCH=env WHT_RESUME=$r \
    sh "$slurm/thesis-mpi.sbatch" > /dev/null 2> "$dir/err"
  rc=$?
  case $r in
    yes) check '[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "WHT_RESUME=.yes" "$dir/err" && [ ! -e "$dir/args" ]' \
      "thesis-mpi.sbatch, WHT_RESUME=yes: exit 2, one line, nothing run (exit $rc: $(cat "$dir/err"))" ;;
    *) check '[ $rc -eq 0 ] && [ "$(grep -c "^--resume$" "$dir/args")" = $r ]' "thesis-mpi.sbatch, WHT_RESUME=$r: --resume $([ $r = 1 ] && echo given || echo left out)" ;;
  esac
done

# The knobs of a run read in libwht with a silent default (measure/metrics.c,
# measure/ops.c, lib/tensor_core_model.c; the library's table,
# lib/environment.c, whose every knob tests/test_environment.sh runs), and
# the sweep's own: a value their reader takes runs, any other is refused at
# the start (exit 2, one line naming it and the accepted values, no file),
# not run with the default. "VAR taken... -- refused..."
grid="--algo folklore --format f64 --dist pmone --op one-way --log2n 3"
for knob in "WHT_METRICS_CHUNK 10 24 -- 9 25 12x" "WHT_METRICS_PAIRS 0 1 -- yes 2" "WHT_OPS_HOST_STEPS 0 1 -- on" \
  "WHT_TC_SHORT12_MIN 16 64 -- 15 65 ' 20'" "WHT_SWEEP_ARENA_GROUPS 1 9 --" "WHT_SWEEP_INPUT_COPY 0 1 --" \
  "WHT_SWEEP_FAIL_LOG2N 40 -- 0 41" "WHT_SWEEP_METRICS_WORKERS 8 -- 9"; do
  eval "set -- $knob"
  var=$1 taken=1
  shift
  for v in "$@"; do
    [ "$v" = -- ] && { taken=0; continue; }
    rm -f "$dir/k.h5"
    env "$var=$v" "$sweep" $grid -o "$dir/k.h5" > /dev/null 2> "$dir/err"
    rc=$?
    if [ $taken = 1 ]; then
      check '[ $rc -eq 0 ] && [ -s "$dir/k.h5" ]' "$var='$v' is taken: the sweep runs (exit $rc)"
    else
      check '[ $rc -eq 2 ] && [ ! -e "$dir/k.h5" ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -qF "$var='"'"'$v'"'"'" "$dir/err" && grep -q accepted "$dir/err"' \
        "$var='$v' is refused: exit 2, one line naming it, no file (exit $rc: $(cat "$dir/err"))"
    fi
  done
done
env WHT_SWEEP_FAIL_LOG2N=3 "$sweep" $grid -o "$dir/f.h5" > /dev/null 2> "$dir/err"
rc=$?
check '[ $rc -eq 1 ] && grep -q "k=3.*WHT_SWEEP_FAIL_LOG2N" "$dir/err"' "WHT_SWEEP_FAIL_LOG2N=3 fails the cell of size 2^3 (exit $rc)"
tap_done
