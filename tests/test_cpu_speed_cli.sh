#!/bin/sh
# test_cpu_speed_cli.sh - wht-cpu-speed checks every ALGORITHM:FORMAT before
# it prints or times anything: a bad format, an unknown algorithm, one
# without a CPU path and a bad option (--threads out of range among them)
# each exit 2 with one line on stderr naming the bad value and the accepted
# ones, and nothing on stdout; a good run, on any thread count, prints the
# header and one row per argument. Numbers are plain digits, each option
# is given once, an ALGORITHM:FORMAT given twice is timed once. The other
# speed programs, oracle-speed and host-speed, are held to the same rules
# here. All three print first a comment line with the build's git
# revision, the thread count and the repetitions, and exit 1 with one line
# when their standard output cannot be written; --log FILE keeps their
# progress in a log file too. All three print progress
# on stderr, their standard output unchanged, and free what they allocated
# on their error paths (checked in a sanitizer build).
tap_name=test_cpu_speed_cli
. "${top_srcdir:-.}/tests/tap.sh"
speed=${top_builddir:-.}/experiments/wht-cpu-speed
oracle=${top_builddir:-.}/oracle/oracle-speed
host=${top_builddir:-.}/measure/host-speed
# the revision the build recorded (experiments/sweep.mk)
rev=$(sed -n 's/^#define WHT_GIT_REVISION "\(.*\)"$/\1/p' "${top_builddir:-.}/experiments/wht_build_info.h")

# expect_usage_of PROGRAM DESCRIPTION BAD-VALUE ACCEPTED-WORD ARGS...
expect_usage_of() {
  prog=$1 what=$2 bad=$3 want=$4
  shift 4
  "$prog" "$@" > "$dir/out" 2> "$dir/err"
  rc=$?
  check '[ $rc -eq 2 ] && [ ! -s "$dir/out" ] && [ "$(wc -l < "$dir/err")" -eq 1 ] &&
         grep -q -- "$bad" "$dir/err" && grep -q -- "$want" "$dir/err"' \
    "$what: exit 2, one line naming '$bad' and '$want', nothing on stdout ($(cat "$dir/err"))"
}
# expect_usage DESCRIPTION BAD-VALUE ACCEPTED-WORD ARGS...: of wht-cpu-speed
expect_usage() { expect_usage_of "$speed" "$@"; }
expect_usage "a bad format" "folklore:f8" "f64, f32, f16, bf16" --log2n 4 folklore:f8
expect_usage "an unknown algorithm" "bogus:f32" "folklore:f32" --log2n 4 bogus:f32
expect_usage "an algorithm without a CPU path" "tensor-core:f16" "alman-rao:f16" --log2n 4 tensor-core:f16
expect_usage "a bad argument after a good one" "kahan:f99" "bf16" --log2n 4 folklore:f64 kahan:f99
expect_usage "--log2n out of range" "99" "K <= 34" --log2n 99 folklore:f64
expect_usage "--log2n step 0" "3:9:0" "A:B:STEP" --log2n 3:9:0 folklore:f64
expect_usage "no ALGORITHM:FORMAT" "no ALGORITHM:FORMAT" "folklore:f64" --log2n 4
expect_usage "an unknown option" "--fast" "--log2n" --fast folklore:f64
# --threads: a count from 1 to WHT_MAX_THREADS, named in the message
expect_usage "--threads 0" "--threads '0'" "an integer from 1 to 1024" --threads 0 folklore:f64
expect_usage "--threads 1025" "'1025'" "from 1 to 1024" --threads 1025 folklore:f64
expect_usage "--threads -2" "'-2'" "from 1 to 1024" --threads -2 folklore:f64
expect_usage "--threads x" "'x'" "from 1 to 1024" --threads x folklore:f64
expect_usage "--threads 2x" "'2x'" "from 1 to 1024" --threads 2x folklore:f64
expect_usage "--threads ''" "''" "from 1 to 1024" --threads '' folklore:f64
expect_usage "--threads without a value" "missing value" "--threads N" --threads

"$speed" --log2n 6 --reps 3 folklore:f64 neumaier:bf16 > "$dir/out" 2> "$dir/err"
rc=$?
check '[ $rc -eq 0 ] && [ "$(wc -l < "$dir/out")" -eq 4 ] && grep -q "^folklore  *f64  *6 " "$dir/out" &&
       grep -q "^neumaier  *bf16  *6 " "$dir/out" && [ ! -s "$dir/err" ]' \
  "a good run: a comment line, a header and one row per ALGORITHM:FORMAT"

# --log2n takes the shared list syntax: a row per size and ALGORITHM:FORMAT, ascending
"$speed" --log2n 4:8:2,10 --reps 1 folklore:f64 kahan:f32 > "$dir/out" 2> "$dir/err"
rc=$?
ks=$(grep -v '^#' "$dir/out" | awk 'NR > 1 {print $3}' | tr '\n' ' ')
check '[ $rc -eq 0 ] && [ "$ks" = "4 4 6 6 8 8 10 10 " ] && [ ! -s "$dir/err" ]' \
  "--log2n 4:8:2,10: rows for k = 4, 6, 8, 10, each per argument (got: $ks)"
# --threads N runs the transforms on N threads: a row per argument for each
# count, at a size that is threaded (2^16 and above)
for t in 1 2 3; do
  "$speed" --threads $t --log2n 16 --reps 1 folklore:f32 kahan:bf16 > "$dir/out" 2> "$dir/err"
  rc=$?
  check '[ $rc -eq 0 ] && [ "$(wc -l < "$dir/out")" -eq 4 ] && grep -q "^folklore  *f32  *16 " "$dir/out" &&
         grep -q "^kahan  *bf16  *16 " "$dir/out" && [ ! -s "$dir/err" ]' \
    "--threads $t: a comment line, a header and one row per ALGORITHM:FORMAT"
done


# --reps: plain decimal digits 1..100 (no space, sign or wrap-around)
expect_usage "--reps ' 5'" "' 5'" "from 1 to 100" --log2n 3 --reps ' 5' folklore:f64
expect_usage "--reps +5" "'+5'" "from 1 to 100" --log2n 3 --reps +5 folklore:f64
expect_usage "--reps -18446744073709551615" "'-18446744073709551615'" "from 1 to 100" --log2n 3 --reps -18446744073709551615 folklore:f64
expect_usage "--reps 18446744073709551617" "'18446744073709551617'" "from 1 to 100" --log2n 3 --reps 18446744073709551617 folklore:f64
# each option once: a second would silently replace the first
expect_usage "--log2n twice" "--log2n given twice" "--log2n once" --log2n 3 --log2n 4 folklore:f64
expect_usage "--reps twice" "--reps given twice" "--reps once" --reps 1 --log2n 3 --reps 2 folklore:f64
expect_usage "--threads twice" "--threads given twice" "--threads once" --threads 1 --threads 2 --log2n 3 folklore:f64
# an algorithm's name too long for any: unknown, not a bad format
long=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
expect_usage "an 80-character algorithm name" "unknown algorithm" "folklore:f64" --log2n 3 "$long:f64"
check '! grep -q "expected ALGORITHM:FORMAT" "$dir/err"' "... its message does not blame the format"
# an ALGORITHM:FORMAT given twice (the format in any case) is timed once
"$speed" --log2n 3:4 --reps 1 folklore:f64 kahan:f32 folklore:f64 folklore:F64 > "$dir/out" 2> "$dir/err"
rc=$?
rows=$(grep -v '^#' "$dir/out" | awk 'NR > 1 {print $1 ":" $2 ":" $3}' | tr '\n' ' ')
check '[ $rc -eq 0 ] && [ "$rows" = "folklore:f64:3 kahan:f32:3 folklore:f64:4 kahan:f32:4 " ] && [ ! -s "$dir/err" ]' \
  "folklore:f64 three times: one row per size (got: $rows)"

# progress with an ETA on stderr (experiments/sweep_progress.c's plain
# line, a size at a time) and a closing line, once the run takes longer
# than WHT_PROGRESS_INTERVAL; the short runs above print none
WHT_PROGRESS_INTERVAL=0.000001 "$speed" --log2n 14:16 --reps 1 folklore:f64 > "$dir/out" 2> "$dir/err"
rc=$?
check '[ $rc -eq 0 ] && grep -q "^wht-cpu-speed: \[[1-3]/3 sizes\] .* of the work after .*, ETA " "$dir/err" &&
       [ "$(tail -n 1 "$dir/err" | sed "s/ in .*//")" = "wht-cpu-speed: 3 sizes" ] && [ "$(grep -vc "^#" "$dir/out")" -eq 4 ]' \
  "progress lines with an ETA and a closing line on stderr, the rows on stdout (got: $(tr '\n' '|' < "$dir/err"))"

# oracle-speed (a call at a time) and host-speed (a step at a time) print
# the same progress and closing line, and their standard output is the one
# a run without progress prints, numbers aside
# expect_progress PROGRAM UNIT TOTAL ROW-PATTERN ARGS...: ROW-PATTERN
# matches every line of the output after the comment line
expect_progress() {
  prog=$1 unit=$2 total=$3 row=$4 name=$(basename "$1")
  shift 4
  WHT_PROGRESS_INTERVAL=0.000001 "$prog" "$@" > "$dir/out" 2> "$dir/err"
  rc=$?
  env -u WHT_PROGRESS_INTERVAL "$prog" "$@" > "$dir/out0" 2> "$dir/err0"
  rc0=$?
  check '[ $rc -eq 0 ] && grep -q "^$name: \[[1-9][0-9]*/$total $unit\] .* of the work after .*, ETA " "$dir/err" &&
         [ "$(tail -n 1 "$dir/err" | sed "s/ in .*//")" = "$name: $total $unit" ] &&
         [ "$(grep -vc "^$name: \[[0-9]*/$total $unit\] .* of the work after .*, ETA \|^$name: $total $unit in " "$dir/err")" -eq 0 ]' \
    "$name: progress lines with an ETA and a closing line on stderr (got: $(tr '\n' '|' < "$dir/err"))"
  check '[ $rc0 -eq 0 ] && [ ! -s "$dir/err0" ] && head -n 1 "$dir/out" | grep -q "^# $name git_revision=$rev threads=" &&
         [ "$(sed 1d "$dir/out" | grep -vc "$row")" -eq 0 ] &&
         [ "$(sed "s/[0-9][0-9.]*/N/g" "$dir/out")" = "$(sed "s/[0-9][0-9.]*/N/g" "$dir/out0")" ]' \
    "$name: standard output as without progress (got: $(tr '\n' '|' < "$dir/out"))"
}
expect_progress "$oracle" calls 4 \
  '^op=one-way format=f64 dist=norm log2n=6 path=.* width=[0-9]* threads=[0-9]*$\|^first call (fresh output array): wall [0-9.]* s, cpu [0-9.]* s$\|^best of 3 more calls:  *wall [0-9.]* s, cpu [0-9.]* s$' 6
check '[ "$(wc -l < "$dir/out")" -eq 4 ]' "oracle-speed: four lines on stdout"
expect_progress "$host" steps 13 \
  '^format=f32 dist=norm op=one-way log2n=6 threads=[0-9]*$\|^step  *first_s  *first_cpu  *best_s  *best_cpu$\|^[a-zA-Z].* [0-9]*\.[0-9]\{3\}  *[0-9]*\.[0-9]\{3\}  *[0-9]*\.[0-9]\{3\}  *[0-9]*\.[0-9]\{3\}$' 6 f32
check '[ "$(wc -l < "$dir/out")" -eq 16 ]' "host-speed: a comment line, a description, a header and 13 rows on stdout"

# --log FILE: the run's first line (the command line, the revision), the
# progress lines with the ETA whatever stderr is, and a last line, each
# with the UTC time; appended, so a second run adds its own lines; a
# refused run creates no log; a folder, a second --log and a missing value
# are refused
log="$dir/speed.log"
stamp='[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
WHT_PROGRESS_INTERVAL=0.000001 "$speed" --log2n 4:6 --reps 1 --log "$log" folklore:f64 > "$dir/out" 2> /dev/null
rc=$?
check '[ $rc -eq 0 ] && [ "$(wc -l < "$log")" -eq 5 ] &&
       head -n 1 "$log" | grep -q "^$stamp wht-cpu-speed started: .*wht-cpu-speed --log2n 4:6 --reps 1 --log $log folklore:f64 (git $rev)\$" &&
       [ "$(grep -c "^$stamp wht-cpu-speed: \[[1-3]/3 sizes\] .* of the work after .*, ETA " "$log")" -eq 3 ] &&
       tail -n 1 "$log" | grep -q "^$stamp wht-cpu-speed: done, 3 of 3 sizes in "' \
  "--log: the first line, three progress lines and the last, each with the UTC time (got: $(tr '\n' '|' < "$log"))"
"$speed" --log2n 4 --reps 1 --log "$log" folklore:f64 > "$dir/out" 2> "$dir/err"
rc=$?
check '[ $rc -eq 0 ] && [ ! -s "$dir/err" ] && [ "$(grep -c " started: " "$log")" -eq 2 ] &&
       [ "$(grep -c ": done, " "$log")" -eq 2 ] && tail -n 1 "$log" | grep -q "done, 1 of 1 sizes in "' \
  "--log: a second run appends its lines, the first run's kept; stderr quiet at the default interval"
"$speed" --log2n 4 --log "$dir/refused.log" bogus:f64 > /dev/null 2>&1
rc=$?
check '[ $rc -eq 2 ] && [ ! -e "$dir/refused.log" ]' "--log with a refused operand: exit 2, no log created"
expect_usage "--log a folder" "log '$dir': is a directory" "a file name" --log "$dir" folklore:f64
expect_usage "--log twice" "given twice" "--log" --log "$dir/a.log" --log "$dir/b.log" folklore:f64
expect_usage "--log without a value" "missing value" "--log FILE" --log
expect_usage "--log in a missing folder" "$dir/none/x.log" "an existing directory" --log "$dir/none/x.log" folklore:f64

# oracle-speed's and host-speed's --log FILE the same: the first line,
# progress lines, the last line; refused (2, no log) as wht-cpu-speed's
# expect_log PROGRAM UNIT TOTAL ARGS...
expect_log() {
  prog=$1 unit=$2 total=$3 name=$(basename "$1")
  shift 3
  args="$*"
  rm -f "$dir/p.log"
  WHT_PROGRESS_INTERVAL=0.000001 "$prog" --log "$dir/p.log" "$@" > /dev/null 2>&1
  rc=$?
  check '[ $rc -eq 0 ] && head -n 1 "$dir/p.log" | grep -q "^$stamp $name started: .*$name --log $dir/p.log $args (git $rev)\$" &&
         grep -q "^$stamp $name: \[[1-9][0-9]*/$total $unit\] .* of the work after .*, ETA " "$dir/p.log" &&
         tail -n 1 "$dir/p.log" | grep -q "^$stamp $name: done, .*$total .*$unit in "' \
    "$name --log: the first line, progress lines and the last (got: $(tr '\n' '|' < "$dir/p.log"))"
  "$prog" --log "$dir/q.log" 99 > /dev/null 2>&1
  rc=$?
  check '[ $rc -eq 2 ] && [ ! -e "$dir/q.log" ]' "$name --log with a refused LOG2N: exit 2, no log"
  expect_usage_of "$prog" "$name --log a folder" "is a directory" "a file name" --log "$dir" 4
  expect_usage_of "$prog" "$name --log twice" "given twice" "--log" --log "$dir/a.log" --log "$dir/b.log" 4
  expect_usage_of "$prog" "$name --log without a value" "missing value" "--log FILE" --log
  expect_usage_of "$prog" "$name --log after LOG2N" "options come first" "--log FILE" 4 --log "$dir/a.log"
}
expect_log "$oracle" calls 4 6
expect_log "$host" steps 13 6 f32

# an error path frees what the run allocated: in a sanitizer build (make
# distcheck) LeakSanitizer fails a run that leaks. ASan's cap on one
# allocation, CAP MiB, makes a large buffer fail after smaller ones were
# allocated.
# expect_clean_failure CAP DESCRIPTION MESSAGE PROGRAM ARGS...
expect_clean_failure() {
  cap=$1 what=$2 msg=$3
  shift 3
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1:max_allocation_size_mb=$cap:detect_leaks=1" \
    "$@" > "$dir/out" 2> "$dir/err"
  rc=$?
  check '[ $rc -eq 1 ] && grep -q -- "$msg" "$dir/err" && ! grep -q "LeakSanitizer" "$dir/err"' \
    "$what: exit 1 naming '$msg', no leak (got $rc: $(grep -v "^ *#\|^\$" "$dir/err" | head -n 4 | tr '\n' '|'))"
}
if grep -q '^#define WHT_CFLAGS_RECORD ".*-fsanitize=[a-z,]*address' "${top_builddir:-.}/experiments/wht_build_info.h"; then
  # 2^20 doubles are 8 MiB, the 16-byte exact values 16 MiB
  expect_clean_failure 12 "host-speed 20, its last buffer too large" "host-speed: out of memory for 2^20 elements" "$host" 20
  expect_clean_failure 12 "oracle-speed 20, its output too large" "oracle-speed: out of memory" "$oracle" 20
  # the xor-conv oracle's 4-limb values (32 MiB): the oracle fails after
  # every buffer of oracle-speed was allocated
  expect_clean_failure 16 "oracle-speed 20 xor-conv, the oracle out of memory" "oracle-speed: oracle: xor-conv: no memory" \
    "$oracle" 20 xor-conv
  # at 2^22 the first plan is made, kahan's work (32 MiB) fails
  expect_clean_failure 12 "wht-cpu-speed, a plan out of memory after another" "kahan:f64 at 2^22: out of memory" \
    "$speed" --log2n 10,22 --reps 1 folklore:f64 kahan:f64
  expect_clean_failure 12 "wht-cpu-speed, its data out of memory" "out of memory for 2^22 doubles" \
    "$speed" --log2n 10,22 --reps 1 folklore:f64
else
  for p in "host-speed" "oracle-speed" "oracle-speed xor-conv" "wht-cpu-speed plan" "wht-cpu-speed data"; do
    skip "$p out of memory without a leak: not a sanitizer build (make distcheck checks it)"
  done
fi

# provenance: the first line, a comment, names the revision, threads and reps
"$speed" --threads 2 --log2n 3 --reps 5 folklore:f64 > "$dir/out" 2> "$dir/err"
check '[ -n "$rev" ] && [ "$(head -n 1 "$dir/out")" = "# wht-cpu-speed git_revision=$rev threads=2 reps=5" ]' \
  "wht-cpu-speed: a first line '# wht-cpu-speed git_revision=$rev threads=2 reps=5' (got: $(head -n 1 "$dir/out"))"
"$oracle" --threads 2 4 one-way > "$dir/out" 2> "$dir/err"
check '[ "$(head -n 1 "$dir/out")" = "# oracle-speed git_revision=$rev threads=2 reps=4" ] && grep -q "threads=2\$" "$dir/out"' \
  "oracle-speed: a first line '# oracle-speed git_revision=$rev threads=2 reps=4' (got: $(head -n 1 "$dir/out"))"
env -u WHT_METRICS_CHUNK -u WHT_METRICS_PAIRS "$host" --threads 2 3 > "$dir/out" 2> "$dir/err"
check '[ "$(head -n 1 "$dir/out")" = "# host-speed git_revision=$rev threads=2 reps=4 metrics_chunk=auto metrics_pairs=0" ]' \
  "host-speed: a first line '# host-speed git_revision=$rev threads=2 reps=4 ...' (got: $(head -n 1 "$dir/out"))"

# a failed write of the output (standard output closed): exit 1, one line
# expect_closed PROGRAM ARGS...
expect_closed() {
  "$@" >&- 2> "$dir/err"
  rc=$?
  check '[ $rc -eq 1 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "standard output" "$dir/err"' \
    "$(basename "$1") with standard output closed: exit 1, one line (got $rc: $(cat "$dir/err"))"
}
expect_closed "$speed" --log2n 3 folklore:f64
expect_closed "$oracle" 4
expect_closed "$host" 3

# oracle-speed and host-speed: options first, each once, named as options
for p in "$oracle" "$host"; do
  name=$(basename "$p")
  expect_usage_of "$p" "$name --bogus" "unknown option '--bogus'" "--threads N" --bogus
  expect_usage_of "$p" "$name --threads=2 3" "unknown option '--threads=2'" "--threads N" --threads=2 3
  expect_usage_of "$p" "$name --threads twice" "--threads given twice" "--threads once" --threads 2 --threads 3 3
  expect_usage_of "$p" "$name 3 --threads 2" "'--threads' after LOG2N: options come first" "--threads N" 3 --threads 2
  expect_usage_of "$p" "$name LOG2N ' 3'" "log2n ' 3'" "0..30" ' 3'
  expect_usage_of "$p" "$name --threads +2" "--threads '+2'" "1..1024" --threads +2 3
done
# oracle-speed: a GPU path where the build has no CUDA is refused, not run on the CPU
if grep -q '^#define WHT_NVCC_FLAGS_RECORD "none"$' "${top_builddir:-.}/experiments/wht_build_info.h"; then
  expect_usage_of "$oracle" "oracle-speed 3 one-way gpu without CUDA" "path 'gpu': no GPU" "mpfr" 3 one-way gpu
  expect_usage_of "$oracle" "oracle-speed 3 one-way resident without CUDA" "path 'resident': no GPU" "mpfr" 3 one-way resident
else
  skip "oracle-speed gpu without a GPU: this build has CUDA"
  skip "oracle-speed resident without a GPU: this build has CUDA"
fi
# host-speed: libwht's knobs are checked at start, as wht-sweep checks them
# (every knob and program: tests/test_environment.sh)
expect_usage_of env "host-speed WHT_METRICS_CHUNK=9" "WHT_METRICS_CHUNK='9'" "10..24" WHT_METRICS_CHUNK=9 "$host" 3
expect_usage_of env "host-speed WHT_METRICS_CHUNK=garbage" "WHT_METRICS_CHUNK='garbage'" "10..24" WHT_METRICS_CHUNK=garbage "$host" 3
expect_usage_of env "host-speed WHT_METRICS_PAIRS=yes" "WHT_METRICS_PAIRS='yes'" "0 or 1" WHT_METRICS_PAIRS=yes "$host" 3
env WHT_METRICS_CHUNK=12 WHT_METRICS_PAIRS=1 "$host" 3 > "$dir/out" 2> "$dir/err"
rc=$?
check '[ $rc -eq 0 ] && [ ! -s "$dir/err" ] && head -n 1 "$dir/out" | grep -q "metrics_chunk=12 metrics_pairs=1\$"' \
  "host-speed WHT_METRICS_CHUNK=12 WHT_METRICS_PAIRS=1 runs and names them"
tap_done
