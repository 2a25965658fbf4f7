#!/bin/sh
# test_sweep_lists.sh - wht-sweep's --log2n lists and steps and --tau lists:
# exactly the named sizes run; the smoothed operation once per tau, the
# other operations once (their rows carry the first tau), each smoothed
# cell equal to a sweep of that tau alone; a resume with the taus in
# another order runs nothing, one with a tau more runs only its smoothed
# cells. And the plain progress line when stderr is no terminal.
tap_name=test_sweep_lists
. "${top_srcdir:-.}/tests/tap.sh"
base="--algo folklore --format f64,f16 --dist norm"

# sizes: "LOG2N OP" pairs of a file's rows, sorted and unique
pairs() { "$rows" --no-timing "$1" | awk '{print $6, $5, $9}' | sort -u; }

"$sweep" $base --op one-way --log2n 3:9:3,5,12 -o "$dir/k.h5" 2>/dev/null
rc=$?
got=$("$rows" --no-timing "$dir/k.h5" | awk '{print $6}' | sort -n | uniq | tr '\n' ' ')
check '[ $rc -eq 0 ] && [ "$got" = "3 5 6 9 12 " ]' "--log2n 3:9:3,5,12 runs k = 3 5 6 9 12 (got: $got)"
check '[ "$("$rows" "$dir/k.h5" | wc -l)" -eq 10 ]' "each size once per format (10 rows)"

"$sweep" $base --op one-way,smoothed --log2n 4,6 --tau 0.5,2 -o "$dir/t.h5" 2>/dev/null
rc=$?
want="4 one-way 0x1p-1
4 smoothed 0x1p+1
4 smoothed 0x1p-1
6 one-way 0x1p-1
6 smoothed 0x1p+1
6 smoothed 0x1p-1"
check '[ $rc -eq 0 ] && [ "$(pairs "$dir/t.h5")" = "$want" ] && [ "$("$rows" "$dir/t.h5" | wc -l)" -eq 12 ]' \
  "--tau 0.5,2: smoothed once per tau, one-way once under the first tau (12 rows: $(pairs "$dir/t.h5" | tr '\n' ';'))"

# each tau's smoothed rows are those of a sweep of that tau alone
"$sweep" $base --op smoothed --log2n 4,6 --tau 2 -o "$dir/t2.h5" 2>/dev/null
"$rows" --no-timing "$dir/t2.h5" | sort > "$dir/alone.txt"
"$rows" --no-timing "$dir/t.h5" | awk '$5 == "smoothed" && $9 == "0x1p+1"' | sort > "$dir/inlist.txt"
check '[ -s "$dir/alone.txt" ] && cmp -s "$dir/alone.txt" "$dir/inlist.txt"' \
  "the smoothed rows of tau 2 in the list equal a --tau 2 sweep's, bit for bit"

cp "$dir/t.h5" "$dir/t_copy.h5"
"$sweep" $base --op one-way,smoothed --log2n 4,6 --tau 2,0.5 --resume -o "$dir/t.h5" 2> "$dir/err"
rc=$?
check '[ $rc -eq 0 ] && grep -q " 0 cells run, 12 already there" "$dir/err" && [ "$("$rows" "$dir/t.h5" | wc -l)" -eq 12 ]' \
  "--resume with the taus in another order runs nothing ($(cat "$dir/err"))"

"$sweep" $base --op one-way,smoothed --log2n 4,6 --tau 1,0.5,2 --resume -o "$dir/t.h5" 2> "$dir/err"
rc=$?
new=$("$rows" --no-timing "$dir/t.h5" | awk '$9 == "0x1p+0" {print $5}' | sort | uniq -c | tr -s ' ')
check '[ $rc -eq 0 ] && grep -q " 4 cells run, 12 already there" "$dir/err" && [ "$new" = " 4 smoothed" ]' \
  "--resume with a tau more (first in the list) runs only its 4 smoothed cells, no one-way again ($new)"

expect2() {
  "$sweep" "$@" -o "$dir/never.h5" > "$dir/out" 2> "$dir/err"
  rc=$?
  check '[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && [ ! -e "$dir/never.h5" ] && grep -q "accepted" "$dir/err"' \
    "$* refused: exit 2, one line with the accepted forms, no file ($(cat "$dir/err"))"
}
expect2 --log2n 3:9:0
expect2 --log2n 3,,9
expect2 --tau 0.5,,1
expect2 --tau 0.5,x
expect2 --tau 0.5,

# progress: plain lines (no \r, no escape) with an ETA when stderr is a file
WHT_PROGRESS_INTERVAL=0.001 "$sweep" --algo folklore,kahan --format f64,f32 --dist norm --op one-way,two-way \
  --log2n 10:14 --trials 2 -o "$dir/p.h5" 2> "$dir/err"
rc=$?
lines=$(grep -c "^wht-sweep: \[[0-9]*/[0-9]* cells\] .*% of the work after .*, ETA " "$dir/err")
check '[ $rc -eq 0 ] && [ "$lines" -ge 2 ] && ! grep -q "$(printf "\r")" "$dir/err" && ! grep -q "$(printf "\033")" "$dir/err"' \
  "stderr not a terminal: plain progress lines with an ETA ($lines lines, no carriage return or escape)"
split=$(grep "^wht-sweep: time split: draw [0-9.]*s, rounding [0-9.]*s, oracle [0-9.]*s, operation [0-9.]*s, metrics [0-9.]*s, file [0-9.]*s$" "$dir/err")
check '[ -n "$split" ] && [ "$(tail -n 1 "$dir/err")" = "$split" ]' \
  "a run that showed progress ends with the time split by phase ($split)"
"$sweep" --algo folklore --format f64 --dist norm --op one-way --log2n 3:6 -o "$dir/q.h5" 2> "$dir/err"
check '[ "$(wc -l < "$dir/err")" -eq 1 ]' "a sweep shorter than the default 15 s prints only its summary ($(cat "$dir/err"))"
tap_done
