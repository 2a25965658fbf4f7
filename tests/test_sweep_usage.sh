#!/bin/sh
# test_sweep_usage.sh - every usage error of wht-sweep exits 2 with exactly
# one line on stderr that names the bad value and says what is accepted,
# prints nothing on stdout, and creates or changes no file (the test
# directory's listing and the existing files' checksums are compared); so
# does a bad value of an environment knob.
tap_name=test_sweep_usage
. "${top_srcdir:-.}/tests/tap.sh"

# a real results file, and a file that is not HDF5
"$sweep" --algo folklore --format f64 --dist pmone --op one-way --log2n 3 -o "$dir/existing.h5" 2>/dev/null ||
  { echo "Bail out! cannot make a results file with $sweep"; exit 1; }
echo "not hdf5" > "$dir/text.h5"
"$rows" --foreign "$dir/foreign.h5" || { echo "Bail out! tests/h5rows --foreign failed"; exit 1; }
state() { (cd "$dir" && ls -a && cksum existing.h5 text.h5 foreign.h5); }

# expect_usage DESCRIPTION EXPECTED-SUBSTRING ARGS...
expect_usage() {
  what=$1 want=$2
  shift 2
  before=$(state)
  "$sweep" "$@" > "$dir/.out" 2> "$dir/.err"
  rc=$?
  lines=$(wc -l < "$dir/.err")
  msg=$(head -n 1 "$dir/.err")
  outlen=$(wc -c < "$dir/.out")
  rm -f "$dir/.out" "$dir/.err"
  after=$(state)
  if [ "$rc" -ne 2 ]; then notok "$what: exit status $rc, expected 2 ($msg)"
  elif [ "$lines" -ne 1 ]; then notok "$what: $lines lines on stderr, expected 1"
  elif [ "$outlen" -ne 0 ]; then notok "$what: wrote to stdout"
  else
    case $msg in
      *"$want"*) case $msg in
                   *accepted*) if [ "$before" = "$after" ]; then ok "$what: $msg"
                               else notok "$what: files changed"; fi ;;
                   *) notok "$what: no accepted values named: $msg" ;;
                 esac ;;
      *) notok "$what: message does not name '$want': $msg" ;;
    esac
  fi
}

new=$dir/new.h5
expect_usage "unknown algorithm" "bogus" --algo folklore,bogus -o "$new"
expect_usage "unknown format" "f128" --format f128 -o "$new"
expect_usage "unknown distribution" "gauss" --dist gauss -o "$new"
expect_usage "unknown operation" "three-way" --op one-way,three-way -o "$new"
expect_usage "empty name in a list" "folklore,,kahan" --algo folklore,,kahan -o "$new"
expect_usage "empty list" "''" --dist '' -o "$new"
expect_usage "malformed range" "5-8" --log2n 5-8 -o "$new"
expect_usage "empty range" "8:5" --log2n 8:5 -o "$new"
expect_usage "range beyond the largest k" "3:41" --log2n 3:41 -o "$new"
expect_usage "k beyond memory" "k = 39" --log2n 3:39 -o "$new"
expect_usage "zero trials" "--trials 0" --trials 0 -o "$new"
expect_usage "non-numeric trials" "two" --trials two -o "$new"
expect_usage "negative seed" "-1" --seed -1 -o "$new"
expect_usage "seed beyond 64 bits" "18446744073709551616" --seed 18446744073709551616 -o "$new"
expect_usage "seed with junk" "12abc" --seed 12abc -o "$new"
expect_usage "negative tau" "-0.5" --tau -0.5 -o "$new"
expect_usage "non-finite tau" "nan" --tau nan -o "$new"
expect_usage "tau that rounds to inf in f16" "1e+06" --tau 1e6 --format f16 --op smoothed -o "$new"
expect_usage "unknown backend" "tpu" --backend tpu -o "$new"
expect_usage "zero threads" "'0'" --threads 0 -o "$new"
expect_usage "negative threads" "'-2'" --threads -2 -o "$new"
expect_usage "threads beyond the largest count" "'1025'" --threads 1025 -o "$new"
expect_usage "threads that are no number" "'two'" --threads two -o "$new"
expect_usage "threads with junk" "'2x'" --threads 2x -o "$new"
expect_usage "empty threads" "''" --threads '' -o "$new"
expect_usage "missing thread count" "--threads" -o "$new" --threads
expect_usage "missing argument" "--algo" -o "$new" --algo
expect_usage "unknown option" "--bogus" --bogus -o "$new"
expect_usage "unexpected argument" "extra" -o "$new" extra
expect_usage "missing output directory" "nodir" -o "$dir/nodir/x.h5"
expect_usage "existing output without --resume or --force" "existing.h5" -o "$dir/existing.h5"
expect_usage "--resume with --force" "--force" -o "$dir/existing.h5" --resume --force
expect_usage "--resume of a non-HDF5 file" "not an HDF5 file" --resume -o "$dir/text.h5"
expect_usage "--resume of an HDF5 file of another kind" "no schema_version" --resume -o "$dir/foreign.h5"
expect_usage "--resume with another seed" "seed" --algo folklore --format f64 --dist pmone --op one-way \
  --log2n 3:4 --seed 2 --resume -o "$dir/existing.h5"
expect_usage "tau with a leading space" "' 2'" --tau ' 2' -o "$new"
expect_usage "--list with --merge" "choose one" --merge "$new" --list "$dir/existing.h5"
expect_usage "--list with an output" "--list alone" --list -o "$new"
expect_usage "--list with an operand" "--list alone" --list "$dir/existing.h5"
expect_usage "--merge given twice" "given twice" --merge "$new" "$dir/existing.h5" --merge "$dir/m2.h5" "$dir/existing.h5"
expect_usage "-o given twice" "given twice" -o "$new" -o "$dir/o2.h5"
expect_usage "-o of blanks only" "blanks only" -o ' '
expect_usage "--force over a file that is not a results file" "not a results file" \
  --algo folklore --format f64 --dist pmone --op one-way --log2n 3 --force -o "$dir/text.h5"
expect_usage "--merge --force over a file that is not a results file" "not a results file" \
  --merge "$dir/text.h5" --force "$dir/existing.h5"
if mkfifo "$dir/fifo.h5" 2>/dev/null; then
  expect_usage "a FIFO as -o with --resume (it would block the HDF5 probe)" "not a regular file" \
    --algo folklore --format f64 --dist pmone --op one-way --log2n 3 --resume -o "$dir/fifo.h5"
  expect_usage "a FIFO as -o with --force" "not a regular file" \
    --algo folklore --format f64 --dist pmone --op one-way --log2n 3 --force -o "$dir/fifo.h5"
  rm -f "$dir/fifo.h5"
else
  skip "mkfifo not available: the FIFO cases"
  skip "mkfifo not available: the FIFO cases"
fi
expect_usage "--resume with another tau" "tau" --algo folklore --format f64 --dist pmone --op one-way \
  --log2n 3:4 --tau 0.5 --resume -o "$dir/existing.h5"
expect_usage "--merge onto an existing file" "existing.h5" --merge "$dir/existing.h5" "$dir/text.h5"
expect_usage "--merge without inputs" "no input files" --merge "$dir/m.h5"
expect_usage "--merge with a sweep option" "--algo" --merge "$dir/m.h5" --algo folklore "$dir/existing.h5"
expect_usage "--merge of a non-HDF5 file" "not an HDF5 file" --merge "$dir/m.h5" "$dir/existing.h5" "$dir/text.h5"

# the environment's knobs of a run: a value the run would not take is
# refused at the start (it ran with the default); empty is unset
for kv in WHT_SWEEP_ARENA_GROUPS=abc WHT_SWEEP_ARENA_GROUPS=0 WHT_SWEEP_ARENA_GROUPS=10 WHT_SWEEP_INPUT_COPY=yes \
  WHT_SWEEP_FAIL_LOG2N=3x WHT_SWEEP_METRICS_WORKERS=+3; do
  export "$kv"
  expect_usage "environment $kv" "${kv%%=*}='${kv#*=}'" --algo folklore --format f64 --dist pmone --op one-way \
    --log2n 3 -o "$new"
  unset "${kv%%=*}"
done

# GPU and registry combinations: from what --list says is here
list=$("$sweep" --list)
case $list in
  *"gpu: available"*) echo "ok $((n = n + 1)) # SKIP --backend gpu without a GPU: a GPU is present" ;;
  *) expect_usage "--backend gpu without a GPU" "gpu" --backend gpu -o "$new" ;;
esac
# "  name  f64,f32,...  cpu,gpu  notes": an algorithm lacking a format / a CPU path
nofmt=$(echo "$list" | awk '/^  [a-z]/ && $2 !~ /f64/ { print $1; exit }')
if [ -n "$nofmt" ]; then
  expect_usage "algorithm without that format" "f64" --algo "$nofmt" --format f64 -o "$new"
else
  echo "ok $((n = n + 1)) # SKIP algorithm without that format: every algorithm here has f64"
fi
nocpu=$(echo "$list" | awk '/^  [a-z]/ && $3 !~ /cpu/ { print $1; exit }')
if [ -n "$nocpu" ]; then
  expect_usage "algorithm without that backend" "$nocpu" --algo "$nocpu" --backend cpu -o "$new"
else
  echo "ok $((n = n + 1)) # SKIP algorithm without that backend: every algorithm here has a CPU path"
fi

# the help is not an error
"$sweep" --help > "$dir/help" 2>&1; rc=$?
check '[ $rc -eq 0 ] && grep -q -- "--log2n" "$dir/help"' "--help prints the options and exits 0 (got $rc)"
tap_done
