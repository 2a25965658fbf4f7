#!/bin/sh
# default.sh - the default experiment run by ./quickstart: every algorithm
# in every format on all distributions and operations, k = 3..16 on the CPU
# (k = 3..20 with the GPU when one is present), one trial, seed 1, written
# to data/default.h5 (resumed if it exists), then its mean_rel reduction
# table printed by wht-table. Usage: experiments/default.sh [OUTPUT.h5]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
. "$here/locate_sweep.sh"
table=${WHT_TABLE:-$top/analysis/wht-table}
out=${1:-$top/data/default.h5}
kmax=16
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then kmax=20; fi
mode=
test -e "$out" && mode=--resume
"$sweep" --algo all --format all --dist all --op all --log2n "3:$kmax" --trials 1 \
  --seed 1 --backend auto -o "$out" $mode
"$table" "$out"
