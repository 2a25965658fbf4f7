#!/bin/sh
# sass_hist.sh BINARY REGEX - static SASS opcode counts of each kernel of
# BINARY whose mangled name matches REGEX (cuobjdump -sass): lines
# "count kernel opcode", most frequent first per kernel; where a kernel's
# instructions go, for docs/PERFORMANCE.md.
cuobjdump -sass "$1" | awk -v re="$2" '
  /Function : / { name = $3; keep = name ~ re; next }
  keep && /^ +\/\*[0-9a-f]+\*\/ / {
    line = $0; sub(/^ +\/\*[0-9a-f]+\*\/ +/, "", line); sub(/^@!?U?P[0-9T] +/, "", line);
    split(line, w, /[ .;]/); if (w[1] != "") c[name " " w[1]]++ }
  END { for (k in c) print c[k], k }' | sort -k2,2 -k1,1nr
