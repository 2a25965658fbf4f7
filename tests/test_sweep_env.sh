#!/bin/sh
# test_sweep_env.sh - the sweep scripts (thesis.sh, smoke.sh, default.sh) run
# wht-sweep with OMP_WAIT_POLICY=passive when the caller set no policy, and
# with the caller's when it did (experiments/sweep_env.sh). A stand-in
# wht-sweep (WHT_SWEEP) records the policy it was given, another its
# arguments: thesis.sh's and smoke.sh's caller's -o replaces their default
# output (experiments/sweep_args.sh). And the real
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

# The knobs of a run read in libwht with a silent default (measure/metrics.c,
# measure/ops.c, lib/tensor_core_model.c), and the sweep's own: a value
# their reader takes runs, any other is refused at the start (exit 2, one
# line naming it and the accepted values, no file), not run with the
# default. "VAR taken... -- refused..."
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
