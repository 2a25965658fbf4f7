#!/bin/sh
# test_sweep_log.sh - wht-sweep's log file (experiments/sweep_log.h): a run
# keeps beside -o FILE (or in --log LOGFILE) its first line (the command
# line and the build's revision), its progress lines with the ETA and its
# summary lines, each with the UTC time; a resume appends to it; a refused
# run adds nothing and creates nothing; a log path that cannot be one is
# refused before the output is touched; --log is not an option of --merge
# or --list and is given once.
tap_name=test_sweep_log
. "${top_srcdir:-.}/tests/tap.sh"
grid="--algo folklore,kahan --format f32 --dist norm --op one-way --log2n 3:10 --trials 2"
stamp='[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
rev=$(sed -n 's/^#define WHT_GIT_REVISION "\(.*\)"$/\1/p' "${top_builddir:-.}/experiments/wht_build_info.h")

f=$dir/r.h5
# shellcheck disable=SC2086
WHT_PROGRESS_INTERVAL=0.000001 "$sweep" $grid -o "$f" > /dev/null 2> "$dir/err"
rc=$?
check '[ $rc -eq 0 ] && head -n 1 "$f.log" | grep -q "^$stamp wht-sweep started: wht-sweep $grid -o $f (git $rev)\$"' \
  "a run: FILE.log's first line names the command and the revision (got: $(head -n 1 "$f.log"))"
check '[ "$(grep -c "^$stamp wht-sweep: \[[0-9]*/32 cells\] .* of the work after .*, ETA " "$f.log")" -ge 2 ]' \
  "... then the progress lines with the ETA, each with the UTC time ($(grep -c ETA "$f.log") lines)"
check 'grep -q "^$stamp wht-sweep: $f: 32 cells run, 0 already there, 32 of 32 done, 0 overflow, " "$f.log" &&
       tail -n 1 "$f.log" | grep -q "^$stamp wht-sweep: time split: draw "' \
  "... and the summary lines last ($(tail -n 2 "$f.log" | tr '\n' '|'))"
check '[ "$(grep -c "^wht-sweep: " "$dir/err")" -eq "$(grep -c " wht-sweep: .*cells\]\| wht-sweep: $f: \| time split" "$f.log")" ] &&
       [ "$(grep -c "^wht-sweep: " "$dir/err")" -ge 4 ]' \
  "... the same lines as on stderr ($(grep -c "^wht-sweep: " "$dir/err") there)"
lines=$(wc -l < "$f.log")

# a refused run (FILE exists, neither --resume nor --force; a bad value):
# the log as it was
# shellcheck disable=SC2086
"$sweep" $grid -o "$f" > /dev/null 2>&1
rc1=$?
# shellcheck disable=SC2086
"$sweep" $grid --trials x -o "$f" > /dev/null 2>&1
rc2=$?
check '[ $rc1 -eq 2 ] && [ $rc2 -eq 2 ] && [ "$(wc -l < "$f.log")" -eq "$lines" ]' \
  "refused runs (an existing FILE, a bad value): exit 2, nothing added to the log"

# a resume appends its own lines
# shellcheck disable=SC2086
"$sweep" $grid --log2n 3:11 --resume -o "$f" > /dev/null 2>&1
rc=$?
check '[ $rc -eq 0 ] && [ "$(grep -c " wht-sweep started: " "$f.log")" -eq 2 ] && [ "$(sed -n "1,${lines}p" "$f.log" | wc -l)" -eq "$lines" ] &&
       grep -q "wht-sweep: $f: 4 cells run, 32 already there, 36 of 36 done" "$f.log"' \
  "a resume: its lines appended after the first run's, which stay"

# --log LOGFILE: the log there, none beside FILE
# shellcheck disable=SC2086
"$sweep" $grid -o "$dir/s.h5" --log "$dir/elsewhere.log" > /dev/null 2>&1
rc=$?
check '[ $rc -eq 0 ] && [ ! -e "$dir/s.h5.log" ] && grep -q " wht-sweep started: .* --log $dir/elsewhere.log" "$dir/elsewhere.log"' \
  "--log LOGFILE: the log there, none beside FILE"

# a log path that cannot be one: refused before the output is created
mkdir "$dir/t.h5.log"
# shellcheck disable=SC2086
"$sweep" $grid -o "$dir/t.h5" > /dev/null 2> "$dir/err"
rc=$?
check '[ $rc -eq 2 ] && [ ! -e "$dir/t.h5" ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "t.h5.log.*--log LOGFILE" "$dir/err"' \
  "FILE.log a folder: exit 2, one line naming it and --log, no FILE ($(cat "$dir/err"))"
# shellcheck disable=SC2086
"$sweep" $grid -o "$dir/u.h5" --log "$dir/none/u.log" > /dev/null 2> "$dir/err"
rc=$?
check '[ $rc -eq 2 ] && [ ! -e "$dir/u.h5" ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "none/u.log" "$dir/err"' \
  "--log in a missing folder: exit 2, one line naming it, no FILE ($(cat "$dir/err"))"
# shellcheck disable=SC2086
"$sweep" $grid -o "$dir/none/v.h5" > /dev/null 2> "$dir/err"
check '[ $? -eq 2 ] && grep -q "none/v.h5" "$dir/err" && ! grep -q "v.h5.log" "$dir/err"' \
  "-o in a missing folder: the output's own message, not the log's ($(cat "$dir/err"))"

# --log naming the results file or one of its own (FILE.tmp, FILE.lock),
# by any spelling: refused before the output is touched (the lines would
# go into the results file, or to a file the next save unlinks)
"$sweep" $grid -o "$dir/x.h5" > /dev/null 2>&1
cp "$dir/x.h5" "$dir/x.h5.before"
ln -s x.h5 "$dir/x-link.h5"
for args in "-o $dir/y.h5 --log $dir/y.h5" "-o $dir/y.h5 --log $dir/./y.h5.tmp" "-o $dir/y.h5 --log $dir/y.h5.lock" \
            "-o $dir/x.h5 --resume --log $dir/x.h5" "-o $dir/x.h5 --resume --log $dir/x-link.h5" \
            "-o $dir/x.h5 --resume --log $dir/../$(basename "$dir")/x.h5.tmp"; do
  # shellcheck disable=SC2086
  "$sweep" $grid --log2n 3:11 $args > /dev/null 2> "$dir/err"
  rc=$?
  check '[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "results file" "$dir/err" && [ ! -e "$dir/y.h5" ] &&
         [ ! -e "$dir/y.h5.tmp" ] && [ ! -e "$dir/x.h5.tmp" ] && cmp -s "$dir/x.h5" "$dir/x.h5.before"' \
    "wht-sweep ... $args: exit 2, one line, nothing created or changed ($(cat "$dir/err"))"
done

# --log with --merge, --list; twice; empty
for args in "--merge $dir/m.h5 $f --log $dir/m.log" "--list --log $dir/l.log" \
            "--log $dir/a.log --log $dir/b.log $grid -o $dir/w.h5" "--log= $grid -o $dir/w.h5"; do
  # shellcheck disable=SC2086
  "$sweep" $args > /dev/null 2> "$dir/err"
  rc=$?
  check '[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && [ ! -e "$dir/m.h5" ] && [ ! -e "$dir/w.h5" ] &&
         [ ! -e "$dir/m.log" ] && [ ! -e "$dir/l.log" ] && [ ! -e "$dir/a.log" ] && [ ! -e "$dir/b.log" ]' \
    "wht-sweep $args: exit 2, one line, nothing created ($(cat "$dir/err"))"
done
tap_done
