#!/bin/sh
# default.sh - the default experiment run by ./quickstart: every algorithm
# in every format on all distributions and operations, k = 3..16 on the CPU
# (k = 3..20 with the GPU when one is present), 5 trials, seed 1, written
# to data/default.h5 (resumed if it exists), then its reduction table
# (norm_rel against folklore, median and interquartile range over the
# trials) printed by wht-table. Usage: experiments/default.sh [OUTPUT.h5]
# Environment: WHT_SWEEP (as thesis.sh), WHT_TABLE the wht-table program
# (default: the build's next to this script, ./analysis/wht-table, then
# $PATH); both are checked before the sweep starts (exit 2 when missing).
#
# 5 trials: wht-table's intervals and wht-plot's bands are interquartile
# ranges over the trials, and from 5 trials on neither quartile depends on
# the smallest or the largest trial (data/README.md). Timed on the 2-core development machine (AMD EPYC,
# shared with other builds), this sweep on the CPU, CPU seconds (wall):
# 1 trial 9.2 s (9.5 s), 3 trials 27 s (30 s), 5 trials 45 s (54 s); with
# the CPU transforms on both cores (issue 10, Intel Xeon VM, idle
# otherwise) 5 trials 38 s (29.5 s).
set -eu
usage="usage: experiments/default.sh [OUTPUT.h5] (default data/default.h5; resumed if it exists)"
case $# in
  0) ;;
  1) case $1 in
       -h|--help) echo "$usage"; exit 0;;
       -*) echo "default.sh: '$1' is not an option of this script ($usage)" >&2; exit 2;;
       '') echo "default.sh: '': an empty file name ($usage)" >&2; exit 2;;
     esac;;
  *) echo "default.sh: $# arguments, at most one accepted ($usage)" >&2; exit 2;;
esac
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
. "$here/locate_sweep.sh"
. "$here/sweep_env.sh"
# the table program, found before the sweep runs: $WHT_TABLE (a path, or a
# command on $PATH), else the build's next to this script, else
# ./analysis/wht-table (an out-of-tree build directory), else $PATH
table=${WHT_TABLE:-}
if [ -n "$table" ]; then
  case $table in
    */*) [ -f "$table" ] && [ -x "$table" ] ;;
    *) command -v "$table" > /dev/null 2>&1 ;;
  esac || {
    echo "default.sh: WHT_TABLE=$table: not an executable (accepted: the path of a built wht-table, or a command on \$PATH)" >&2
    exit 2
  }
else
  for c in "$top/analysis/wht-table" ./analysis/wht-table; do
    if [ -f "$c" ] && [ -x "$c" ]; then table=$c; break; fi
  done
  if [ -z "$table" ]; then
    table=$(command -v wht-table) || {
      echo "default.sh: wht-table not found (accepted: WHT_TABLE, analysis/wht-table of the build next to this script or of the current directory, or wht-table on \$PATH): build it (make), or set WHT_TABLE" >&2
      exit 2
    }
  fi
fi
out=${1:-$top/data/default.h5}
kmax=16
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then kmax=20; fi
mode=
test -e "$out" && mode=--resume
"$sweep" --algo all --format all --dist all --op all --log2n "3:$kmax" --trials 5 \
  --seed 1 --backend auto -o "$out" $mode
"$table" "$out"
