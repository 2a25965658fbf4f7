# tap.sh - shared start of the shell tests, sourced after setting tap_name:
#   tap_name=test_sweep_resume; . "${top_srcdir:-.}/tests/tap.sh"
# It sets $sweep and $rows (the built wht-sweep and tests/h5rows), $dir (a
# temporary folder removed at exit), and the TAP helpers ok, notok,
# check CONDITION DESCRIPTION (CONDITION is eval'ed), skip WHY and tap_done.
set -u
sweep=${top_builddir:-.}/experiments/wht-sweep
rows=${top_builddir:-.}/tests/h5rows
dir=$(mktemp -d "${TMPDIR:-/tmp}/$tap_name.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
n=0
fail=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
notok() { n=$((n + 1)); fail=1; echo "not ok $n - $*"; }
check() { if eval "$1"; then ok "$2"; else notok "$2"; fi; }
skip() { n=$((n + 1)); echo "ok $n # SKIP $*"; }
tap_done() { echo "1..$n"; exit $fail; }
