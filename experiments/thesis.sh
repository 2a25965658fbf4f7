#!/bin/sh
# thesis.sh - the thesis grid: every algorithm with a path on the backend,
# every format, all 5 distributions x 4 operations, k = 3..25, one trial.
#
# Usage: experiments/thesis.sh [WHT-SWEEP OPTION]...
#   Options given here follow the defaults and override them, e.g.
#   --log2n 3:20, --backend cpu, -o FILE, --resume, --force.
# Environment: WHT_SWEEP  the wht-sweep program (default: next to this
#                         script, ./experiments/wht-sweep, then $PATH)
#              WHT_BACKEND cpu|gpu|auto (auto), WHT_SEED (1),
#              WHT_OUTPUT  results file (data/thesis.h5 of the source tree)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/locate_sweep.sh"
exec "$sweep" --algo all --format all --dist all --op all --log2n 3:25 --trials 1 \
  --seed "${WHT_SEED:-1}" --backend "${WHT_BACKEND:-auto}" \
  -o "${WHT_OUTPUT:-$here/../data/thesis.h5}" "$@"
