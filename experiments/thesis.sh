#!/bin/sh
# thesis.sh - the thesis grid: every algorithm with a path on the backend,
# every format, all 5 distributions x 4 operations, k = 3..25, 5 trials.
#
# 5 trials for the interquartile ranges of the tables and figures (as in
# default.sh). Timed on the 2-core development machine (AMD EPYC, shared
# with other builds), --backend cpu, one process, CPU seconds (wall):
# k = 3..20 1 trial 167 s (204 s), 5 trials 839 s (1426 s); k = 21 alone,
# 1 trial, 179 s (219 s). Each k more about doubles, so k = 3..25 takes
# about 1.6 CPU hours a trial, 8 with 5 trials (extrapolated; split it by
# --dist across processes and merge). A file of this grid with 1 trial
# grows to 5 with the same command and --resume (its rows are trial 0's;
# checked: equal to a 5-trial run, timing columns aside). With the CPU
# transforms on both cores (issue 10, Intel Xeon VM, idle otherwise):
# k = 3..20 1 trial 141 s (75.9 s), docs/PERFORMANCE.md; the other figures
# above are from before. Again on the 2-core machine (AMD EPYC with
# AVX-512, session 47): k = 3..20, 5 trials, 223 CPU s (114 s); k = 21
# alone, 1 trial, 50 CPU s: k = 3..25, 5 trials, about 2.2 CPU hours
# (extrapolated).
#
# Usage: experiments/thesis.sh [WHT-SWEEP OPTION]...
#   Options given here follow the defaults and override them, e.g.
#   --log2n 3:20, --backend cpu, -o FILE (in WHT_OUTPUT's place),
#   --resume, --force.
# Environment: WHT_SWEEP  the wht-sweep program (default: next to this
#                         script, ./experiments/wht-sweep, then $PATH)
#              WHT_BACKEND cpu|gpu|auto (auto), WHT_SEED (1),
#              WHT_OUTPUT  results file (data/thesis.h5 of the source tree)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/locate_sweep.sh"
. "$here/sweep_env.sh"
. "$here/sweep_args.sh"
names_output "$@" || set -- -o "${WHT_OUTPUT:-$here/../data/thesis.h5}" "$@"
exec "$sweep" --algo all --format all --dist all --op all --log2n 3:25 --trials 5 \
  --seed "${WHT_SEED:-1}" --backend "${WHT_BACKEND:-auto}" "$@"
