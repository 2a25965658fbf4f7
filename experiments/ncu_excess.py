#!/usr/bin/python3
"""ncu_excess.py - the SASS instructions whose global accesses touch more
L2 sectors than their bytes need, from the CSV that Nsight Compute's
source page writes (`ncu -i REPORT --page source --csv --print-source sass`,
the `sectors` step of experiments/bench_gpu_host.sh).

usage: ncu_excess.py FILE.csv [...]

Prints, per kernel, every instruction with global sectors (address, SASS,
times executed, sectors, ideal sectors, excess, shared-memory excess
wavefronts) and the kernel's totals. Found the tensor cores' tile pass
storing 16-byte vectors as four 4-byte stores (docs/PERFORMANCE.md)."""
import csv
import sys


def num(v):
    try:
        return int(v.replace(',', ''))
    except ValueError:
        return 0


def report(path):
    rows = list(csv.reader(open(path, newline='')))
    for h, row in enumerate(rows):
        if not row or row[0] != 'Address':
            continue
        kernel = rows[h - 1][1] if h and len(rows[h - 1]) > 1 else '?'
        ix = {name: i for i, name in enumerate(row)}
        need = ['Source', 'Instructions Executed', 'L2 Theoretical Sectors Global',
                'L2 Theoretical Sectors Global Ideal', 'L2 Theoretical Sectors Global Excessive',
                'L1 Wavefronts Shared Excessive']
        missing = [n for n in need if n not in ix]
        if missing:
            sys.exit(f"ncu_excess.py: {path}: no column {missing[0]!r} (expected the source page of a report with SourceCounters)")
        print(f"== {path}: {kernel}")
        tot = [0, 0, 0, 0]
        for r in rows[h + 1:]:
            if not r or r[0] in ('Address', 'Kernel Name'):
                break
            g, ideal, exc, sh = (num(r[ix[n]]) for n in need[2:])
            tot = [tot[0] + g, tot[1] + ideal, tot[2] + exc, tot[3] + sh]
            if g or sh:
                print(f"{r[0][-6:]}  {r[ix['Source']].strip()[:58]:58s} exec {r[ix['Instructions Executed']]:>9s}"
                      f"  sectors {g:>10d} ideal {ideal:>10d} excess {exc:>10d} shared excess {sh:>8d}")
        print(f"total: sectors {tot[0]}, ideal {tot[1]}, excess {tot[2]}, shared excess wavefronts {tot[3]}")


if __name__ == '__main__':
    if len(sys.argv) < 2:
        print("usage: ncu_excess.py FILE.csv [...]", file=sys.stderr)
        sys.exit(2)
    for p in sys.argv[1:]:
        try:
            report(p)
        except OSError as e:
            print(f"ncu_excess.py: {p}: {e.strerror}", file=sys.stderr)
            sys.exit(1)
