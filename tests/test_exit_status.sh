#!/bin/sh
# test_exit_status.sh - README's one rule for every program and script:
# 2 when the command cannot run as given (a bad option or value, an
# unusable input; nothing written), 1 when the run fails or its output
# cannot be written, and messages name the user's files, never the
# internal FILE.tmp and FILE.lock.
tap_name=test_exit_status
. "${top_srcdir:-.}/tests/tap.sh"
speed=${top_builddir:-.}/experiments/wht-cpu-speed
oracle=${top_builddir:-.}/oracle/oracle-speed
host=${top_builddir:-.}/measure/host-speed
smoke=${top_srcdir:-.}/experiments/smoke.sh
grid="--algo folklore --format f64 --dist norm --op one-way --log2n 3:4"

# expect STATUS DESCRIPTION COMMAND...: exit STATUS with one line on stderr
expect() {
  want=$1 what=$2
  shift 2
  "$@" > "$dir/out" 2> "$dir/err"
  rc=$?
  check '[ $rc -eq $want ] && [ "$(wc -l < "$dir/err")" -eq 1 ]' "$what: exit $want, one line (got $rc: $(cat "$dir/err"))"
}

# wht-sweep: the output cannot be written -> 1, naming FILE only
mkdir "$dir/o1.h5.tmp"
expect 1 "wht-sweep, FILE.tmp in the way" "$sweep" $grid -o "$dir/o1.h5"
check '! grep -q "\.tmp" "$dir/err" && grep -q "o1.h5" "$dir/err" && [ ! -e "$dir/o1.h5" ]' \
  "... the message names FILE, not FILE.tmp, and FILE is not created"
mkdir "$dir/o2.h5.lock"
expect 1 "wht-sweep, FILE.lock in the way" "$sweep" $grid -o "$dir/o2.h5"
check '! grep -q "\.lock" "$dir/err" && grep -q "o2.h5" "$dir/err"' "... the message names FILE, not FILE.lock"
mkdir "$dir/ro"
chmod 555 "$dir/ro"
if [ -w "$dir/ro" ]; then
  skip "running as root: a read-only directory is writable"
else
  expect 1 "wht-sweep -o in a read-only directory" "$sweep" $grid -o "$dir/ro/x.h5"
fi
chmod 755 "$dir/ro"
# ... and cannot run as given -> 2
expect 2 "wht-sweep, a bad value" "$sweep" $grid --trials x -o "$dir/o3.h5"
expect 2 "wht-sweep, WHT_SWEEP_OVERLAP=yes" env WHT_SWEEP_OVERLAP=yes "$sweep" $grid -o "$dir/o3.h5"
check 'grep -q "WHT_SWEEP_OVERLAP=.yes.*0 or 1" "$dir/err" && [ ! -e "$dir/o3.h5" ]' "... named with the accepted values, no file"
expect 2 "wht-sweep, WHT_PROGRESS_INTERVAL=0" env WHT_PROGRESS_INTERVAL=0 "$sweep" $grid -o "$dir/o3.h5"
printf 'not hdf5\n' > "$dir/text.h5"
expect 2 "wht-sweep --resume of a file that is no results file" "$sweep" $grid --resume -o "$dir/text.h5"
expect 2 "wht-sweep --merge of a file that is no results file" "$sweep" --merge "$dir/m.h5" "$dir/text.h5"

# an option taken for the output's name (its value forgotten), a link to
# nothing as the output: 2, and no file of that name
sweep_abs=$(cd "$(dirname "$sweep")" && pwd)/$(basename "$sweep")
(cd "$dir" && "$sweep_abs" $grid -o --help > out 2> err; echo $? > rc)
check '[ "$(cat "$dir/rc")" -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && [ ! -e "$dir/--help" ] && grep -q "looks like an option" "$dir/err"' \
  "wht-sweep -o --help: exit 2, one line, no file --help ($(cat "$dir/err"))"
expect 2 "wht-sweep --merge --force (an option as OUT)" "$sweep" --merge --force "$dir/text.h5"
ln -s "$dir/nothing.h5" "$dir/dangling.h5"
expect 2 "wht-sweep -o a symbolic link to a missing file" "$sweep" $grid -o "$dir/dangling.h5"
check '[ -L "$dir/dangling.h5" ] && [ ! -e "$dir/nothing.h5" ]' "... the link and its target as they were"
bench=${top_builddir:-.}/experiments/wht-bench
if [ -x "$bench" ]; then
  expect 2 "wht-bench -o --reps (an option as the file)" "$bench" --log2n 4 -o --reps
  expect 2 "wht-bench --log --reps (an option as the log)" "$bench" --log2n 4 --log --reps
  expect 2 "wht-bench --log given twice" "$bench" --log "$dir/a.log" --log "$dir/b.log"
  expect 2 "wht-bench --log without a value" "$bench" --log
  check '[ ! -e "$dir/a.log" ] && [ ! -e "$dir/b.log" ] && [ ! -e "$dir/--reps" ]' "... and no log created"
else
  for t in 1 2 3 4 5; do skip "wht-bench not built (no CUDA)"; done
fi

# --resume of a file that cannot be continued: one line that says why
"$sweep" $grid -o "$dir/r.h5" > /dev/null 2>&1
chmod 444 "$dir/r.h5"
if [ -w "$dir/r.h5" ]; then
  skip "running as root: a read-only file is writable"
else
  expect 1 "wht-sweep --resume of a read-only file" "$sweep" $grid --log2n 3:5 --resume -o "$dir/r.h5"
  check 'grep -q "cannot write" "$dir/err"' "... the message says it cannot be written"
  chmod 000 "$dir/r.h5"
  expect 2 "wht-sweep --resume of an unreadable file" "$sweep" $grid --resume -o "$dir/r.h5"
  check 'grep -q "cannot read" "$dir/err"' "... the message says it cannot be read"
fi
chmod 644 "$dir/r.h5"
if "${PYTHON:-/usr/bin/python3}" -c 'import h5py, numpy, sys
with h5py.File(sys.argv[1], "a") as f: f.attrs["schema_version"] = numpy.bytes_("1")' "$dir/r.h5" 2> /dev/null; then
  expect 2 "wht-sweep --resume of a file whose schema_version is a string" "$sweep" $grid --resume -o "$dir/r.h5"
  check 'grep -q "not one integer" "$dir/err"' "... the message says it is not an integer"
else
  skip "no h5py to write a string schema_version"
fi

# the default experiment's script takes one output file at most
default=${top_srcdir:-.}/experiments/default.sh
expect 2 "default.sh with an unknown option" "$default" --bogus
expect 2 "default.sh with two arguments" "$default" "$dir/a.h5" "$dir/b.h5"
check '[ ! -e "$dir/a.h5" ] && [ ! -e "$dir/b.h5" ]' "... and no file written"
"$default" --help > "$dir/out" 2>&1; rc=$?
check '[ $rc -eq 0 ] && grep -q "usage: experiments/default.sh" "$dir/out"' "default.sh --help exits 0 with its usage"

# ... and refuses a WHT_TABLE that names no program before the sweep runs
printf '#!/bin/sh\necho "sweep $*" >> "%s/ran"\n' "$dir" > "$dir/log-sweep"
chmod +x "$dir/log-sweep"
rm -f "$dir/ran"
expect 2 "default.sh, WHT_TABLE naming no program" env WHT_SWEEP="$dir/log-sweep" WHT_TABLE="$dir/nothing" "$default" "$dir/t.h5"
check '[ ! -e "$dir/ran" ] && grep -q "WHT_TABLE=$dir/nothing" "$dir/err"' "... named, before the sweep runs"

# quickstart and tools/install-deps take no arguments: --help prints the
# usage (0), any other argument is refused (2, one line) before anything
# runs. Copies of them run beside stand-ins that log to $dir/ran: the
# tools, configure, default.sh, and on PATH make, dpkg-query, apt-get, sudo.
qs=$dir/qs
mkdir -p "$qs/tools" "$qs/experiments" "$qs/bin"
cp "${top_srcdir:-.}/quickstart" "$qs/quickstart"
cp "${top_srcdir:-.}/tools/install-deps" "$qs/install-deps"
for s in tools/install-deps tools/bootstrap tools/configure-if-changed configure experiments/default.sh \
  bin/make bin/dpkg-query bin/apt-get bin/sudo; do
  printf '#!/bin/sh\necho "%s $*" >> "%s/ran"\n' "$s" "$dir" > "$qs/$s"
  chmod +x "$qs/$s"
done
for s in quickstart install-deps; do
  for a in --bogus -x '' 'a b' 'help'; do
    rm -f "$dir/ran"
    expect 2 "$s '$a'" env PATH="$qs/bin:$PATH" "$qs/$s" "$a"
    check '[ ! -e "$dir/ran" ] && grep -qF "'"'$a'"'" "$dir/err"' "... names it, nothing ran"
  done
  rm -f "$dir/ran"
  expect 2 "$s --help --bogus" env PATH="$qs/bin:$PATH" "$qs/$s" --help --bogus
  check '[ ! -e "$dir/ran" ]' "... nothing ran"
  for a in -h --help; do
    env PATH="$qs/bin:$PATH" "$qs/$s" $a > "$dir/out" 2> "$dir/err"; rc=$?
    check '[ $rc -eq 0 ] && grep -q "^usage: .*$s" "$dir/out" && [ ! -s "$dir/err" ] && [ ! -e "$dir/ran" ]' "$s $a: exit 0 with its usage, nothing ran"
  done
done
# the stand-ins see what the scripts run: without arguments, everything
rm -f "$dir/ran"
env PATH="$qs/bin:$PATH" "$qs/quickstart" > /dev/null 2>&1; rc=$?
check '[ $rc -eq 0 ] && [ "$(cut -d" " -f1 "$dir/ran" | tr "\n" " ")" = "tools/install-deps tools/configure-if-changed bin/make experiments/default.sh " ]' \
  "quickstart without arguments runs install-deps, configure-if-changed, make, default.sh (exit $rc)"
rm -f "$dir/ran"
env PATH="$qs/bin:$PATH" "$qs/install-deps" > /dev/null 2>&1; rc=$?
check '[ $rc -eq 0 ] && grep -q "^bin/dpkg-query" "$dir/ran" && grep -q "^bin/apt-get install" "$dir/ran"' \
  "install-deps without arguments looks the packages up and installs the missing (stand-ins, exit $rc)"

# the sweep scripts pass wht-sweep's status on, and refuse a bad WHT_SWEEP with 2
expect 2 "smoke.sh with a bad wht-sweep option" env WHT_SWEEP="$sweep" WHT_OUTPUT="$dir/s.h5" "$smoke" --log2n 9:3
expect 2 "smoke.sh with WHT_SWEEP naming no program" env WHT_SWEEP="$dir/nothing" "$smoke"
# smoke.sh --resume in any spelling getopt_long takes (--res): no --force
tiny="--algo folklore --format f64 --dist norm --op one-way --log2n 3"
env WHT_SWEEP="$sweep" "$smoke" $tiny -o "$dir/s1.h5" > /dev/null 2>&1
env WHT_SWEEP="$sweep" "$smoke" $tiny -o "$dir/s1.h5" --res > /dev/null 2> "$dir/err"; rc=$?
check '[ $rc -eq 0 ] && grep -q "1 already there" "$dir/err"' "smoke.sh --res of its file (wht-sweep takes the prefix of --resume): exit $rc, resumed ($(head -1 "$dir/err"))"

# wht-cpu-speed and oracle-speed
expect 2 "wht-cpu-speed --log2n without a value" "$speed" --log2n
check 'grep -q "missing value" "$dir/err"' "... the message says the value is missing"
expect 2 "wht-cpu-speed, a bad --reps" "$speed" --reps 0 folklore:f64
expect 2 "wht-cpu-speed, an option after the operands" "$speed" --log2n 4 folklore:f32 --log2n 5
check 'grep -q "options come first" "$dir/err"' "... the message says options come first"
"$speed" --help > "$dir/out" 2>&1
check 'grep -q -- "--reps R  *timed transforms" "$dir/out"' "wht-cpu-speed --help describes --reps"
expect 2 "oracle-speed, a log2n that is no number" "$oracle" abc
expect 2 "oracle-speed, an unknown operation" "$oracle" 4 three-way
expect 2 "oracle-speed, an unknown path" "$oracle" 4 one-way fast
expect 2 "oracle-speed --threads 0" "$oracle" --threads 0 4
check 'grep -q "1..1024" "$dir/err"' "... the message names the accepted counts"
expect 2 "oracle-speed --threads without a value" "$oracle" --threads
expect 2 "wht-cpu-speed --threads 0" "$speed" --threads 0 folklore:f64
check 'grep -q "1 to 1024" "$dir/err"' "... the message names the accepted counts"
expect 2 "wht-cpu-speed --threads x" "$speed" --threads x folklore:f64
"$oracle" --threads 3 4 one-way > "$dir/out" 2> "$dir/err"; rc=$?
check '[ $rc -eq 0 ] && grep -q "threads=[13]\$" "$dir/out"' "oracle-speed --threads 3 4 one-way runs and names its thread count"
"$oracle" 4 one-way > "$dir/out" 2> "$dir/err"; rc=$?
check '[ $rc -eq 0 ] && [ -s "$dir/out" ]' "oracle-speed 4 one-way runs (exit 0)"
expect 2 "host-speed --threads 0" "$host" --threads 0 4
expect 2 "host-speed, an unknown format" "$host" 4 f8
for p in "$sweep" "$speed" "$oracle" "$host"; do
  "$p" --help > "$dir/out" 2>&1; rc=$? # before the description's $(...), which sets $? in bash
  check '[ $rc -eq 0 ] && grep -q "Exit status: 0 ok" "$dir/out"' "$(basename "$p") --help exits 0 and states the exit statuses"
done
tap_done
