#!/bin/sh
# test_sweep_env.sh - the sweep scripts (thesis.sh, smoke.sh, default.sh) run
# wht-sweep with OMP_WAIT_POLICY=passive when the caller set no policy, and
# with the caller's when it did (experiments/sweep_env.sh). A stand-in
# wht-sweep (WHT_SWEEP) records the policy it was given.
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
tap_done
