#!/usr/bin/python3
"""ncu_opcodes.py - each kernel's warp instructions by opcode, from the
text that Nsight Compute prints for sass__inst_executed_per_opcode with
`--print-metric-instances details` (the `opcodes` step of
experiments/bench_gpu_host.sh).

usage: ncu_opcodes.py FILE [...]

Prints, per profiled launch, the kernel, its time, its warp instructions,
the share of the issue slots it used, and its opcodes that make 0.5 % or
more of its instructions, with their shares. Showed the compensated
kernels bound by their additions (docs/PERFORMANCE.md)."""
import re
import sys


def report(path):
    text = open(path).read()
    for launch in re.split(r'\n  void ', text)[1:]:
        name = launch.split('(')[0]
        time = re.search(r'gpu__time_duration\.sum\s+(\S+)\s+([\d.,]+)', launch)
        issue = re.search(r'issue_active\.avg\.pct_of_peak_sustained_active\s+%\s+([\d.]+)', launch)
        ops = re.search(r'sass__inst_executed_per_opcode\s+([\d,]+) \((.*?)\)\n', launch, re.S)
        if not (time and issue and ops):
            print('%s: no per-opcode counts' % name)
            continue
        total = int(ops.group(1).replace(',', ''))
        pairs = re.findall(r'([A-Z][A-Z0-9_.]*): ([\d,]+)', re.sub(r'\s+', ' ', ops.group(2)))
        counts = sorted(((int(v.replace(',', '')), k) for k, v in pairs), reverse=True)
        print('%s: %s %s, %d warp instructions, issue %s %%' % (name, time.group(2), time.group(1), total,
                                                               issue.group(1)))
        print('   ' + ', '.join('%s %.1f %%' % (k, 100.0 * v / total) for v, k in counts if v * 200 >= total))


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.stderr.write('usage: ncu_opcodes.py FILE [...]\n')
        sys.exit(2)
    for p in sys.argv[1:]:
        try:
            report(p)
        except OSError as e:
            sys.stderr.write('ncu_opcodes.py: %s: %s\n' % (p, e.strerror))
            sys.exit(1)
