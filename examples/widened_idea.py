"""widened_idea.py - a stabilization idea prototyped in numpy and measured
by the harness (README, "From Python"): f16 butterflies computed in float32
and rounded back to f16 after every third stage. Swept with whtlab.sweep
into a results file, to which wht-sweep adds folklore, kahan and neumaier
on the same cells; wht-table then lists them side by side.
    PYTHONPATH=$PWD/python /usr/bin/python3 examples/widened_idea.py data/idea.h5"""
import sys

import numpy as np

import whtlab


def widened3(x, fmt):
    y, m, s = x.astype(np.float32), 1, 0     # f16 values are exact in f32
    while m < y.size:
        v = y.reshape(-1, 2, m)
        a, b = v[:, 0].copy(), v[:, 1].copy()
        v[:, 0], v[:, 1] = a + b, a - b      # one f32 rounding each
        m, s = 2 * m, s + 1
        if s % 3 == 0:                       # back to the storage format
            y = y.astype(np.float16).astype(np.float32)
    return y.astype(np.float16)


if __name__ == "__main__":
    whtlab.sweep(widened3, "widened3", formats=["f16"], dists=["norm", "pmone"],
                 ops=["one-way", "xor-conv"], log2n=range(3, 15), trials=3, seed=1,
                 out=sys.argv[1] if len(sys.argv) > 1 else "data/idea.h5")
