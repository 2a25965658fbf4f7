#!/bin/sh
# smoke.sh - a quick sweep (about 10 s on a 2-core machine): every
# algorithm, format, distribution and operation for k = 3..18, one trial,
# into data/smoke.h5 (overwritten unless --resume is given; wht-sweep's
# --force replaces a results file only, so a WHT_OUTPUT that names another
# file is refused). A first check that a build measures.
#
# Usage: experiments/smoke.sh [WHT-SWEEP OPTION]...  (override the defaults;
#   -o FILE in WHT_OUTPUT's place)
# Environment: WHT_SWEEP, WHT_BACKEND, WHT_SEED, WHT_OUTPUT as thesis.sh.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/locate_sweep.sh"
. "$here/sweep_env.sh"
. "$here/sweep_args.sh"
# overwrite, unless asked to resume
force=--force
if names_resume "$@"; then force=; fi
names_output "$@" || set -- -o "${WHT_OUTPUT:-$here/../data/smoke.h5}" "$@"
exec "$sweep" --algo all --format all --dist all --op all --log2n 3:18 --trials 1 \
  --seed "${WHT_SEED:-1}" --backend "${WHT_BACKEND:-auto}" $force "$@"
