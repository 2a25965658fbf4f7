# locate_sweep.sh - sourced by the sweep scripts (smoke.sh, thesis.sh,
# default.sh) with $here set to their folder and $0 their name: sets $sweep
# to the wht-sweep program: $WHT_SWEEP, else the one next to the script, else
# ./experiments/wht-sweep (an out-of-tree build directory), else $PATH.
sweep=${WHT_SWEEP:-}
if [ -z "$sweep" ]; then
  for c in "$here/wht-sweep" ./experiments/wht-sweep; do
    if [ -x "$c" ]; then sweep=$c; break; fi
  done
fi
if [ -n "$sweep" ] && [ ! -x "$sweep" ]; then
  echo "$(basename "$0"): WHT_SWEEP=$sweep: not an executable (accepted: the path of a built wht-sweep)" >&2
  exit 2
fi
if [ -z "$sweep" ]; then
  sweep=$(command -v wht-sweep) || {
    echo "$(basename "$0"): wht-sweep not found: build it (make), or set WHT_SWEEP" >&2
    exit 2
  }
fi
