#!/bin/sh
# test_sweep_adverse.sh - wht-sweep where things go wrong around its file:
# - over a file-size limit (ulimit -f: writes fail with EFBIG, or SIGXFSZ
#   ends the process) a sweep or a resume says one line and exits 1, with
#   FILE as last published (readable, never fewer rows) and no FILE.tmp or
#   FILE.lock left;
# - a file says when its last run has not (yet) put all its cells in it
#   (the root attribute `unfinished`): while it runs and after a kill,
#   after an interruption or a failed cell; not once a run or resume
#   completes; a merge of such a file says so too;
# - the logs `oracle` and `resumed` keep their lines and stay writable when
#   long: a resume of a file with long logs neither fails, nor loses the
#   first or the newest lines, nor (a log a few bytes short of 64 KiB,
#   which HDF5 1.10 writes as a header no reader opens) destroys the file;
# - each resume logs the build and the first row it adds;
# - a second writer of FILE is refused while a sweep writes it;
# - a reader of stderr that goes away (| head) does not end the sweep: it
#   completes its file and exits 0;
# - every publish syncs FILE.tmp before the rename (strace, where it runs).
tap_name=test_sweep_adverse
. "${top_srcdir:-.}/tests/tap.sh"

grid="--algo all --format all --dist norm,pmone --op one-way,two-way --log2n 3:9 --trials 2 --seed 4"
small="--algo folklore --format f64 --dist norm --op one-way --log2n 3"
attr() { "$rows" --attr "$1" "$2" 2> /dev/null; }
count() { "$rows" "$1" 2> /dev/null | wc -l; }

# --- a file-size limit: the file (about 40 KiB complete) may grow to 12 KiB
# (ulimit -f counts 512-byte blocks in dash, 1024 in bash: 24 KiB)
f=$dir/limit.h5
# shellcheck disable=SC2086
(ulimit -f 24 && exec "$sweep" $grid -o "$f") > /dev/null 2> "$dir/err"
rc=$?
check '[ $rc -eq 1 ] && grep -q "^wht-sweep: cannot write .*limit.h5: File too large$" "$dir/err"' \
  "over a file-size limit: exit 1 with the reason (exit $rc: $(head -n 1 "$dir/err"))"
check '[ ! -e "$f.tmp" ] && [ ! -e "$f.lock" ]' "over a file-size limit: no FILE.tmp or FILE.lock left"
before=$(count "$f")
check '"$rows" "$f" > /dev/null' "over a file-size limit: FILE readable as last published ($before rows)"
# shellcheck disable=SC2086
(ulimit -f 24 && exec "$sweep" $grid -o "$f" --resume) > /dev/null 2> "$dir/err"
rc=$?
after=$(count "$f")
check '[ $rc -eq 1 ] && grep -q "File too large" "$dir/err" && [ ! -e "$f.tmp" ] && [ "$after" -ge "$before" ]' \
  "a resume over the limit: exit 1, FILE readable with its rows ($before -> $after rows, exit $rc)"
check 'attr unfinished "$f" | grep -q "killed"' "a file whose last publish failed says it is unfinished"

# --- the note `unfinished`
# shellcheck disable=SC2086
"$sweep" $grid -o "$dir/whole.h5" 2> /dev/null
check '[ $? -eq 0 ] && ! attr unfinished "$dir/whole.h5"' "a finished sweep's file has no attribute unfinished"
# killed (no handler runs) as soon as its file exists: it says so
g=$dir/killed.h5
# shellcheck disable=SC2086
"$sweep" $grid --log2n 3:16 -o "$g" 2> /dev/null &
pid=$!
i=0
while [ ! -e "$g" ] && [ $i -lt 500 ]; do sleep 0.01; i=$((i + 1)); done
kill -KILL $pid 2> /dev/null
wait $pid 2> /dev/null
check 'attr unfinished "$g" | grep -q "or was killed"' "a sweep killed at once leaves a file that says it is unfinished ($(attr unfinished "$g"))"
# interrupted: how far it came
# shellcheck disable=SC2086
"$sweep" $grid --log2n 3:16 -o "$g" --resume 2> /dev/null &
pid=$!
sleep 0.3
kill -TERM $pid 2> /dev/null
wait $pid
rc=$?
note=$(attr unfinished "$g")
if [ $rc -eq 1 ]; then
  check 'echo "$note" | grep -q "interrupted after [0-9]* of its [0-9]* cells"' "an interrupted sweep's file says how far it came ($note)"
else
  skip "the sweep ended before SIGTERM came (exit $rc)"
fi
# shellcheck disable=SC2086
"$sweep" $grid --log2n 3:16 -o "$g" --resume 2> /dev/null
check '[ $? -eq 0 ] && ! attr unfinished "$g"' "the resume that completes it removes the note"
# a failed cell
# shellcheck disable=SC2086
WHT_SWEEP_FAIL_LOG2N=7 "$sweep" $grid -o "$dir/failed.h5" 2> /dev/null
rc=$?
check '[ $rc -eq 1 ] && attr unfinished "$dir/failed.h5" | grep -q "failed after [0-9]* of its [0-9]* cells"' \
  "a sweep with a failed cell: exit $rc, its file says so ($(attr unfinished "$dir/failed.h5"))"
"$sweep" --merge "$dir/merged.h5" "$dir/whole.h5" "$dir/failed.h5" 2> "$dir/err"
rc=$?
check '[ $rc -eq 0 ] && attr unfinished "$dir/merged.h5" | grep -qF "failed.h5: its last run failed" &&
       grep -q "unfinished, like .*failed.h5" "$dir/err"' \
  "a merge of an unfinished file is unfinished and says which input (exit $rc: $(cat "$dir/err"))"
"$sweep" --merge "$dir/merged2.h5" "$dir/whole.h5" "$dir/limit.h5" 2> /dev/null
"$sweep" --merge "$dir/merged3.h5" "$dir/whole.h5" "$g" 2> /dev/null
check 'attr unfinished "$dir/merged2.h5" > /dev/null && ! attr unfinished "$dir/merged3.h5"' \
  "a merge with an unfinished file is unfinished, one of finished files is not"

# --- long logs. `oracle`: 140 runs' lines of 64 bytes (more than 8 KiB).
# `resumed`: lines of 64 bytes, so many that the next line brings it a few
# bytes short of 64 KiB, where HDF5 1.10 writes the attribute as a header
# no reader opens (the whole file lost); that line is the one the build
# before this test logged: time, host, command line
o=$dir/oracle.h5
# shellcheck disable=SC2086
"$sweep" $small -o "$o" 2> /dev/null
awk 'BEGIN { for (i = 0; i < 140; i++) printf "%s%-63s", i ? "\n" : "", "--oracle auto: run " i }' |
  "$rows" --set-attr oracle "$o"
# shellcheck disable=SC2086
"$sweep" $small --trials 2 -o "$o" --resume 2> /dev/null
check '[ "$(attr oracle "$o" | wc -l)" -eq 141 ] && attr oracle "$o" | head -n 1 | grep -q "run 0 *$"' \
  "the oracle log keeps its 140 lines and adds the run's ($(attr oracle "$o" | wc -l) lines)"
l=$dir/logs.h5
# shellcheck disable=SC2086
"$sweep" $small -o "$l" 2> /dev/null
next="2026-01-01T00:00:00Z $(uname -n) wht-sweep $small --trials 2 -o $l --resume"
awk -v n=$((65499 - ${#next} - 1)) 'BEGIN {
  for (i = 0; n > 0; i++) { s = sprintf("%s%-63s", i ? "\n" : "", "2026-01-01T00:00:00Z host resume " i);
    if (length(s) > n) s = substr(s, 1, n); printf "%s", s; n -= length(s) } }' | "$rows" --set-attr resumed "$l"
for t in 2 3; do
  # shellcheck disable=SC2086
  "$sweep" $small --trials $t -o "$l" --resume 2> "$dir/err"
  rc=$?
  got=$(count "$l")
  check '[ $rc -eq 0 ] && [ "$got" -eq $t ]' "a resume of a file with a long resumed log: exit $rc, the file readable, $got of $t rows"
done
attr resumed "$l" > "$dir/resumed"
check '[ "$(wc -c < "$dir/resumed")" -le 64000 ] && head -n 1 "$dir/resumed" | grep -q "resume 0 *$" &&
       sed -n 2p "$dir/resumed" | grep -q "^([0-9]* earlier lines left out" &&
       tail -n 1 "$dir/resumed" | grep -q -- "--trials 3 -o .*--resume$"' \
  "the resumed log fits: its first line, a count of those left out, the newest ($(wc -c < "$dir/resumed") bytes)"
check 'tail -n 1 "$dir/resumed" | grep -q " git_revision [^ ]*, from row 2: wht-sweep "' \
  "a resume logs its build and the first row it adds ($(tail -n 1 "$dir/resumed" | cut -c 1-90))"

# --- a merge whose merged_from would be a few bytes short of 64 KiB (an
# input that is a merge of many files): refused, OUT left as it was, never
# written as a file no reader opens
q=$dir/bigmerge.h5
# shellcheck disable=SC2086
"$sweep" $small -o "$q" 2> /dev/null
first="$q: 1 rows, created $(attr created "$q"), host $(attr host "$q"), device $(attr device "$q"), git_revision $(attr git_revision "$q"), command_line $(attr command_line "$q")"
awk -v n=$((65491 - ${#first} - 3)) 'BEGIN { while (n-- > 0) printf "a" }' | "$rows" --set-attr merged_from "$q"
cp "$dir/whole.h5" "$dir/out.h5"
before=$(cksum < "$dir/out.h5")
"$sweep" --merge "$dir/out.h5" --force "$q" 2> "$dir/err"
rc=$?
check '[ $rc -eq 1 ] && grep -q "cannot write attribute merged_from of .*out.h5: [0-9]* bytes, more than" "$dir/err" &&
       [ "$(cksum < "$dir/out.h5")" = "$before" ] && "$rows" "$dir/out.h5" > /dev/null' \
  "a merge whose merged_from would not fit: exit $rc, OUT as it was ($(head -n 1 "$dir/err"))"

# --- a merge of an input whose merged_from has many lines (a merge of
# hundreds of shards): the merge is written, its merged_from cut to the first
# line, one line counting those left out and the latest ones
m=$dir/manymerge.h5
# shellcheck disable=SC2086
"$sweep" $small --seed 9 -o "$m" 2> /dev/null
# (890 lines of 70 bytes: the input holds them, the merge's two-space
# indents and its own line take them past 64000 bytes)
awk 'BEGIN { for (i = 1; i <= 890; i++) printf "%sshard%04d.h5: 1 rows, created 2026-12-05T00:00:00Z, host node%04d....", (i > 1 ? "\n" : ""), i, i }' |
  "$rows" --set-attr merged_from "$m"
"$sweep" --merge "$dir/many-out.h5" "$m" 2> "$dir/err"
rc=$?
from=$(attr merged_from "$dir/many-out.h5")
check '[ $rc -eq 0 ] && [ ${#from} -lt 64000 ] && printf "%s\n" "$from" | grep -q "^([0-9]* earlier lines left out: an attribute holds 64000 bytes)" &&
       printf "%s\n" "$from" | grep -q "^  shard0890.h5" && printf "%s\n" "$from" | head -n 1 | grep -q "manymerge.h5: 1 rows"' \
  "a merge of an input with 890 merged_from lines: exit $rc, its merged_from cut to ${#from} bytes with the count of the lines left out"

# --- a second writer while a sweep writes FILE
w=$dir/busy.h5
# shellcheck disable=SC2086
"$sweep" $grid --log2n 3:16 -o "$w" 2> /dev/null &
pid=$!
i=0
while [ ! -e "$w" ] && [ $i -lt 500 ]; do sleep 0.01; i=$((i + 1)); done
# shellcheck disable=SC2086
"$sweep" $grid --log2n 3:16 -o "$w" --resume 2> "$dir/err"
rc=$?
if kill -0 $pid 2> /dev/null; then
  check '[ $rc -eq 1 ] && grep -q "is being written by another process" "$dir/err"' \
    "a second writer is refused while a sweep writes FILE (exit $rc: $(cat "$dir/err"))"
else
  skip "the first sweep ended before the second started"
fi
kill -TERM $pid 2> /dev/null
wait $pid

# --- stderr a pipe whose reader is gone: SIGPIPE ignored, the sweep done
# shellcheck disable=SC2086
(WHT_PROGRESS_INTERVAL=0.000001 "$sweep" $grid -o "$dir/pipe.h5" 2>&1 > /dev/null; echo $? > "$dir/pipe.rc") | true
# shellcheck disable=SC2086
"$sweep" $grid -o "$dir/whole.h5" > /dev/null 2>&1
check '[ "$(cat "$dir/pipe.rc")" -eq 0 ] && [ "$(count "$dir/pipe.h5")" -eq "$(count "$dir/whole.h5")" ] &&
       [ ! -e "$dir/pipe.h5.lock" ]' \
  "stderr a pipe closed by its reader: exit 0 (got $(cat "$dir/pipe.rc")), every row in FILE, no lock left"

# --- each rename of FILE.tmp over FILE follows an fsync (the image on disk)
if command -v strace > /dev/null 2>&1 && strace -f -o /dev/null true 2> /dev/null; then
  # shellcheck disable=SC2086
  strace -f -e trace=fsync,rename,renameat,renameat2 -o "$dir/trace" "$sweep" $small -o "$dir/sync.h5" > /dev/null 2>&1
  check 'awk "/sync.h5.tmp/ && /rename/ { n++; if (last != \"fsync\") bad++ } { last = \$2 ~ /^fsync/ ? \"fsync\" : \"other\" }
             END { exit !(n >= 2 && !bad) }" "$dir/trace"' \
    "every rename of FILE.tmp over FILE follows its fsync ($(grep -c rename "$dir/trace") renames)"
else
  skip "strace missing or not permitted here"
fi
tap_done
