#!/bin/sh
# test_environment.sh - libwht's environment knobs, one table
# (lib/environment.c): the sources of the library (lib/, measure/, oracle/,
# kernels/) read no variable the table lacks (every getenv takes a quoted
# name of the table, every quoted "WHT_..." name is one, and the table has
# no name the sources never read: a new knob without its entry fails here);
# and every program refuses at its start each knob set to a value its
# reader would not take (exit 2, one line "PROG: environment NAME='VALUE':
# not accepted (accepted: ..., or unset)", nothing on stdout, no file), and
# runs with every knob set to a value it takes. The values one by one are
# tests/test_environment.c's; the table's names and values come from it
# (--table).
tap_name=test_environment
. "${top_srcdir:-.}/tests/tap.sh"
src=${top_srcdir:-.}
bld=${top_builddir:-.}
"$bld/tests/test_environment" --table > "$dir/table" || { echo "1..0 # SKIP tests/test_environment not built"; exit 99; }
cut -d' ' -f1 "$dir/table" | sort > "$dir/names"

# ---- completeness: the sources against the table ----
find "$src/lib" "$src/measure" "$src/oracle" "$src/kernels" -type f \
  \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' \) ! -name environment.c | sort > "$dir/files"
# quoted "WHT_..." names: each a knob of the table
xargs grep -ohE '"WHT_[A-Z0-9_]+"' < "$dir/files" | tr -d '"' | sort -u > "$dir/quoted"
missing=$(comm -23 "$dir/quoted" "$dir/names" | tr '\n' ' ')
check '[ -z "$missing" ]' "every quoted WHT_* name of lib/, measure/, oracle/, kernels/ is in lib/environment.c's table (missing: ${missing:-none})"
# every getenv call: a quoted name of the table (a reader of its own, e.g.
# getenv(name), goes through wht__env_get / wht__env_uint, wht_env.h)
xargs grep -nH 'getenv *(' < "$dir/files" > "$dir/getenv" || :
bad=$(sed -n 's/.*getenv *( *"\([A-Za-z0-9_]*\)" *).*/\1/p' "$dir/getenv" | sort -u | comm -23 - "$dir/names" | tr '\n' ' ')
unquoted=$(grep -v 'getenv *( *"[A-Za-z0-9_]*" *)' "$dir/getenv" | sed "s|^$src/||" | tr '\n' ' ')
check '[ -z "$bad" ] && [ -z "$unquoted" ]' \
  "every getenv there takes a quoted name of the table (not in it: ${bad:-none}; not a quoted name: ${unquoted:-none})"
stale=$(comm -13 "$dir/quoted" "$dir/names" | tr '\n' ' ')
check '[ -z "$stale" ]' "every knob of the table is read somewhere (never read: ${stale:-none})"
# the check below covers the same names (a sanity bound: the table is not empty)
count=$(wc -l < "$dir/names")
check '[ "$count" -ge 4 ]' "the table has $count knobs"

# ---- the programs: a value refused at the start, a value taken runs ----
# run PROG ARGS...: PROG with the arguments of a short run
sweep_args="--algo folklore --format f64 --dist pmone --op one-way --log2n 3 --backend cpu -o $dir/out.h5"
bench=$bld/experiments/wht-bench
progs="wht-sweep wht-cpu-speed oracle-speed host-speed"
[ -x "$bench" ] && progs="$progs wht-bench"
run() {
  p=$1
  shift
  case $p in
    wht-sweep) "$@" "$bld/experiments/wht-sweep" $sweep_args ;;
    wht-cpu-speed) "$@" "$bld/experiments/wht-cpu-speed" --log2n 3 --reps 1 folklore:f64 ;;
    oracle-speed) "$@" "$bld/oracle/oracle-speed" 3 ;;
    host-speed) "$@" "$bld/measure/host-speed" 3 ;;
    wht-bench) "$@" "$bench" --algo folklore --format f32 --log2n 10 --reps 1 --warmup 0 --place in ;;
  esac > "$dir/out" 2> "$dir/err"
}
# bad values in turn, one a knob: the forms a strtoul or atoi would take
# (a suffix, a space, a sign, a fraction, hex, overflow) and the integer
# just above the knob's values
set -- "20x" " 1" "1 " "+1" "1.0" "0x1" "-1" "yes" "99999999999"
for p in $progs; do
  i=0 wrong=0 first=
  while read -r name least above; do
    i=$((i + 1))
    case $((i % 10)) in
      0) v=$above ;; 1) v=$1 ;; 2) v=$2 ;; 3) v=$3 ;; 4) v=$4 ;; 5) v=$5 ;; 6) v=$6 ;; 7) v=$7 ;; 8) v=$8 ;; *) v=$9 ;;
    esac
    rm -f "$dir/out.h5"
    run "$p" env "$name=$v"
    rc=$?
    line=$(cat "$dir/err")
    case $line in
      "$p: environment $name='$v': not accepted (accepted: "*", or unset)") ok=1 ;;
      *) ok=0 ;;
    esac
    if [ $rc -ne 2 ] || [ $ok = 0 ] || [ "$(wc -l < "$dir/err")" -ne 1 ] || [ -s "$dir/out" ] || [ -e "$dir/out.h5" ]; then
      wrong=$((wrong + 1))
      [ -n "$first" ] || first="$name='$v': exit $rc, $line"
    fi
  done < "$dir/table"
  check '[ $wrong -eq 0 ]' "$p refuses each of the $i knobs set to a value it does not take: exit 2, the one line, nothing done (${first:-all right})"
  # every knob at once at its least value (a value each takes); wht-bench
  # without a GPU stops after the check (no GPU: exit 2, another line)
  set -- env
  while read -r name least above; do set -- "$@" "$name=$least"; done < "$dir/table"
  rm -f "$dir/out.h5"
  run "$p" "$@"
  rc=$?
  if [ "$p" = wht-bench ] && [ $rc -eq 2 ] && grep -q "no GPU" "$dir/err"; then
    check '! grep -q "environment [A-Z]" "$dir/err"' "wht-bench takes every knob at its least value (then: no GPU here)"
  else
    check '[ $rc -eq 0 ] && ! grep -q "environment [A-Z]" "$dir/err" && { [ $p != wht-sweep ] || [ -s "$dir/out.h5" ]; }' "$p runs with every knob set to its least value (exit $rc: $(head -n 1 "$dir/err"))"
  fi
  set -- "20x" " 1" "1 " "+1" "1.0" "0x1" "-1" "yes" "99999999999"
done
tap_done
