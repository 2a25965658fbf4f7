#!/bin/sh
# test_sweep_damaged.sh - a damaged results file is refused, never rewritten
# (issue 12): copies of a sweep's file with bytes overwritten (the issue's
# 2000..6000, the superblock, the rows' compressed chunks) or cut short make
# `wht-sweep --resume` and `--merge` print one line naming the file and exit
# 2, and the file stays byte-identical (no OUT, FILE.tmp or FILE.lock left).
# An HDF5 file also holds bytes no reader looks at (the unused slots of the
# chunk index node, space the allocator left): where such bytes lie depends
# on the file's layout (the length of the command_line attribute moves it),
# so the ranges that must be refused are located in the file (h5rows
# --chunks); a range that may fall in unused space must be refused or
# harmless (the same rows), never a changed row.
# A file that HDF5 reads without complaint but whose rows are impossible (an
# unknown status, written through h5py) is refused the same way.
tap_name=test_sweep_damaged
. "${top_srcdir:-.}/tests/tap.sh"

grid="--algo all --format f32,f16 --dist norm,pmone --op one-way,two-way --log2n 3:8 --trials 2 --seed 3"
good=$dir/good.h5
# shellcheck disable=SC2086
"$sweep" $grid -o "$good" 2>/dev/null || { echo "Bail out! the sweep failed"; exit 1; }
size=$(wc -c < "$good")
check '[ "$size" -gt 8000 ]' "the sweep wrote a file of $size bytes"

# damage FROM COUNT: COUNT pseudo-random bytes written at FROM (seeded, so
# every run damages alike); a negative COUNT truncates the file at FROM
damage() { # src dst from count seed
  cp "$1" "$2"
  if [ "$4" -lt 0 ]; then
    truncate -s "$3" "$2"
  else
    awk -v n="$4" -v s="$5" 'BEGIN { srand(s); for (i = 0; i < n; i++) printf "%c", int(rand() * 256) }' \
      | LC_ALL=C dd of="$2" bs=1 seek="$3" conv=notrunc status=none
  fi
}

# refused CASE FILE: --resume and --merge each exit 2 with one stderr line
# naming FILE, and leave it byte-identical with nothing beside it
refused() {
  what=$1 f=$2
  before=$(cksum < "$f")
  # shellcheck disable=SC2086
  "$sweep" $grid -o "$f" --resume > /dev/null 2> "$dir/err"
  rc=$?
  check '[ $rc -eq 2 ]' "$what: --resume exits 2 (got $rc)"
  check '[ "$(wc -l < "$dir/err")" -eq 1 ] && grep -qF "$f" "$dir/err"' "$what: --resume says one line naming the file"
  check '[ "$(cksum < "$f")" = "$before" ] && [ ! -e "$f.tmp" ] && [ ! -e "$f.lock" ]' \
    "$what: --resume leaves the file byte-identical"
  rm -f "$dir/out.h5"
  "$sweep" --merge "$dir/out.h5" "$good" "$f" > /dev/null 2> "$dir/err"
  rc=$?
  check '[ $rc -eq 2 ] && [ ! -e "$dir/out.h5" ]' "$what: --merge exits 2 and writes no OUT (got $rc)"
  check '[ "$(wc -l < "$dir/err")" -eq 1 ] && grep -qF "$f" "$dir/err"' "$what: --merge says one line naming the file"
  check '[ "$(cksum < "$f")" = "$before" ]' "$what: --merge leaves the file byte-identical"
}

"$rows" --no-timing "$good" | sort > "$dir/good.txt"

# refused_or_harmless CASE FILE: --resume and --merge either refuse as above
# or succeed with the good file's rows (damage in bytes no reader uses)
refused_or_harmless() {
  what=$1 f=$2
  before=$(cksum < "$f")
  cp "$f" "$dir/copy.h5"
  # shellcheck disable=SC2086
  "$sweep" $grid -o "$f" --resume > /dev/null 2> "$dir/err"
  rc=$?
  if [ $rc -eq 2 ]; then
    ok=$([ "$(cksum < "$f")" = "$before" ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -qF "$f" "$dir/err" && echo 1)
  else
    ok=$([ $rc -eq 0 ] && "$rows" --no-timing "$f" | sort | cmp -s - "$dir/good.txt" && echo 1)
  fi
  check '[ "$ok" = 1 ]' "$what: --resume refuses (file unchanged) or gives the same rows (got $rc)"
  rm -f "$dir/out.h5"
  "$sweep" --merge "$dir/out.h5" "$good" "$dir/copy.h5" > /dev/null 2> "$dir/err"
  rc=$?
  if [ $rc -eq 2 ]; then
    ok=$([ ! -e "$dir/out.h5" ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -qF "$dir/copy.h5" "$dir/err" && echo 1)
  else
    ok=$([ $rc -eq 0 ] && "$rows" --no-timing "$dir/out.h5" | sort | cmp -s - "$dir/good.txt" && echo 1)
  fi
  check '[ "$ok" = 1 ]' "$what: --merge refuses (no OUT) or gives the same rows (got $rc)"
}

# where the rows lie: the first and the last compressed chunk
chunks=$("$rows" --chunks "$good") || { echo "Bail out! h5rows --chunks failed"; exit 1; }
# shellcheck disable=SC2086
set -- $chunks
first_at=$1 first_size=$2
last_end=$(echo "$chunks" | awk '{ e = $1 + $2; if (e > m) m = e } END { print m }')
check '[ "$first_size" -gt 200 ] && [ "$last_end" -le "$size" ]' \
  "the rows lie in compressed chunks (first at $first_at, $first_size bytes; the last ends at $last_end)"

i=0
for spec in "2000 4000" "1000 200" "0 64" "$((first_at + first_size / 2)) 100" "$((last_end - 60)) 60" \
            "4000 -1" "$((size / 2)) -1" "$((last_end - 1)) -1"; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  set -- $spec
  damage "$good" "$dir/bad$i.h5" "$1" "$2" "$i"
  refused "bytes $1 (+$2)" "$dir/bad$i.h5"
done
for spec in "6000 3000" "$((first_at > 3000 ? first_at - 3000 : 0)) 2500"; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  set -- $spec
  damage "$good" "$dir/bad$i.h5" "$1" "$2" "$i"
  refused_or_harmless "bytes $1 (+$2)" "$dir/bad$i.h5"
done

# one flipped bit in the table data or its metadata is refused or harmless,
# never a silently changed row: every flip either refuses or resumes to the
# same rows
bad_flips=0
for at in 400 1200 2500 3800 5100 7700; do
  cp "$good" "$dir/flip.h5"
  b=$(od -An -tu1 -j "$at" -N1 "$good" | tr -d ' ')
  printf "$(printf '\\%03o' $((b ^ 16)))" | dd of="$dir/flip.h5" bs=1 seek="$at" conv=notrunc status=none
  before=$(cksum < "$dir/flip.h5")
  # shellcheck disable=SC2086
  "$sweep" $grid -o "$dir/flip.h5" --resume > /dev/null 2>&1
  rc=$?
  if [ $rc -eq 2 ]; then
    [ "$(cksum < "$dir/flip.h5")" = "$before" ] || { bad_flips=$((bad_flips + 1)); echo "# flip at $at: refused, but the file changed"; }
  elif [ $rc -ne 0 ] || ! "$rows" --no-timing "$dir/flip.h5" | sort | cmp -s - "$dir/good.txt"; then
    bad_flips=$((bad_flips + 1))
    echo "# flip at $at: exit $rc, rows differ or unreadable"
  fi
done
check '[ $bad_flips -eq 0 ]' "flipped bits: each refused unchanged or harmless ($bad_flips otherwise)"

# rows HDF5 reads cleanly but no sweep writes
py=${PYTHON:-python3}
if "$py" -c 'import h5py' 2>/dev/null; then
  for col in "status zz" "backend qpu" "log2n -3"; do
    # shellcheck disable=SC2086
    set -- $col
    cp "$good" "$dir/odd.h5"
    "$py" - "$dir/odd.h5" "$1" "$2" <<'PY'
import sys, h5py
path, col, val = sys.argv[1:]
with h5py.File(path, "r+") as f:
    r = f["results"][5]
    r[col] = int(val) if col == "log2n" else val.encode()
    f["results"][5] = r
PY
    refused "row 5 with $1 $2" "$dir/odd.h5"
  done
  # a damaged type of one column, which HDF5 converts without complaint:
  # the exponent bias of max_abs's IEEE double (1023, stored after the
  # exponent and mantissa fields 52 11 0 52) with one bit flipped
  cp "$good" "$dir/bias.h5"
  "$py" - "$dir/bias.h5" <<'PY'
import sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
at = data.find(b"max_abs\0")
fields = bytes([52, 11, 0, 52, 0xff, 0x03, 0, 0])
at = data.find(fields, at) if at >= 0 else -1
if at < 0:
    sys.exit("the type of max_abs was not found")
data[at + 4] ^= 0x10
open(path, "wb").write(data)
PY
  rc=$?
  check '[ $rc -eq 0 ]' "the exponent bias of max_abs's type located and flipped"
  refused "max_abs's exponent bias 1023 -> 1007" "$dir/bias.h5"
else
  for c in 1 2 3 4; do skip "h5py absent: impossible rows"; done
fi
tap_done
