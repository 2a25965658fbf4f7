"""wht-table's spread over trials against hand computations on a small file
of known numbers (whtlab_testkit.SPREAD_CELLS, SPREAD_REDUCTIONS): the
median and quartiles (linear interpolation between the sorted values) of a
cell's trials, and the reduction table's median over trials of the
per-trial median over cells, with its quartiles. The default metric is
norm_rel: the file's mean_rel is 9e-8 everywhere, so reading it would show."""

import csv
import io
import os
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import whtlab_testkit as tk  # noqa: E402

t = tk.Tap()
tmp = tempfile.TemporaryDirectory()
path = os.path.join(tmp.name, "spread.h5")
tk.write_file(path, results=tk.spread_rows())


def close(x, y):
    return abs(x - y) <= 1e-12 * abs(y)


# Cells (in units of 1e-8), by hand: quartile p of m sorted values sits at
# position h = p (m - 1), between values floor(h) and floor(h) + 1.
#   k = 5: sorted 1 2 3 4 5: median 3, q25 at h = 1 -> 2, q75 at h = 3 -> 4
#   k = 6: sorted 1 2 3 10: median at h = 1.5 -> 2.5, q25 at h = 0.75 ->
#          1 + 0.75 (2 - 1) = 1.75, q75 at h = 2.25 -> 3 + 0.25 (10 - 3) = 4.75
#   k = 7: sorted 1 2 4: median 2, q25 at h = 0.5 -> 1.5, q75 at h = 1.5 -> 3
HAND_CELLS = {5: (3e-8, 2e-8, 4e-8), 6: (2.5e-8, 1.75e-8, 4.75e-8), 7: (2e-8, 1.5e-8, 3e-8)}
rc, out, err = tk.run("analysis/wht-table", "--cells", "--csv", "--format", "f32", path)
rows = {int(r["log2n"]): r for r in csv.DictReader(io.StringIO(out))}
t.ok(rc == 0 and sorted(rows) == [5, 6, 7], "--cells --csv lists the three f32 cells (rc %d %s)"
     % (rc, err.strip()))
for k, (med, q25, q75) in HAND_CELLS.items():
    r = rows.get(k, {})
    got = [float(r.get(c) or "nan") for c in ("median", "q25", "q75")]
    t.ok(r.get("metric") == "norm_rel" and all(close(g, w) for g, w in zip(got, (med, q25, q75)))
         and r.get("trials_used") == str(len(tk.SPREAD_CELLS[k])),
         "k = %d, %d trials: norm_rel median %g, quartiles %g, %g (got %s)"
         % (k, len(tk.SPREAD_CELLS[k]), med, q25, q75, got))
rc, md, _ = tk.run("analysis/wht-table", "--cells", "--format", "f32", "--log2n", "6", path)
t.ok(rc == 0 and "| 2.500e-08 | 1.750e-08 | 4.750e-08 |" in md
     and "interquartile range" in md and "numpy.percentile" in md,
     "Markdown shows median, q25, q75 and a note saying how the quartiles are taken")

# Reduction (f16, k = 7), by hand. Per trial the median over the 3 cells:
#   trial 0: 0.1 0.2 0.6 -> 0.2; trial 1: 0.5 0.2 0.3 -> 0.3;
#   trial 2: 0.3 0.9 0.5 -> 0.5; trial 3: 0.7 0.4 0.1 -> 0.4.
# Over the trials, sorted 0.2 0.3 0.4 0.5: median 0.35, q25 at h = 0.75 ->
# 0.275, q75 at h = 2.25 -> 0.425. (The median over the cells of each
# cell's median over trials would be 0.4, as would the old mean-based
# figure: the table's definition shows.)
rc, out, err = tk.run("analysis/wht-table", "--csv", "--format", "f16", path)
rows = list(csv.DictReader(io.StringIO(out)))
r = rows[0] if len(rows) == 1 else {}
got = [float(r.get(c) or "nan") for c in ("median_reduction", "q25", "q75")]
t.ok(rc == 0 and all(close(g, w) for g, w in zip(got, (0.35, 0.275, 0.425)))
     and r.get("trials") == "4" and r.get("cells") == "3",
     "reduction: median over 4 trials 0.35, quartiles 0.275 and 0.425, 3 cells (got %s, rc %d %s)"
     % (rows, rc, err.strip()))
rc, md, _ = tk.run("analysis/wht-table", "--format", "f16", path)
t.ok(rc == 0 and "0.350 [0.275, 0.425] (3)" in md and "Trials per entry: 4." in md,
     "Markdown shows '0.350 [0.275, 0.425] (3)' and the trial count")
rc, md, _ = tk.run("analysis/wht-table", "--format", "f16", "--log2n", "7", "--dist", "pmone",
                   path)
t.ok(rc == 0 and "0.400 [0.250, 0.550] (1)" in md,
     "one cell: the median and quartiles of its 4 reductions 0.1 0.3 0.5 0.7 (0.4, 0.25, 0.55)")
rc, help_text, _ = tk.run("analysis/wht-table", "--help")
t.ok(rc == 0 and "interquartile range" in help_text and "numpy.percentile" in help_text,
     "--help documents the spread")

# Infinities are values: a quartile that interpolates towards one is it
# (weight > 0), the finite neighbour with weight 0; never NaN.
from whtlab_stats import quantile  # noqa: E402
inf = float("inf")
cases = [(([-inf, -inf, 0.0], 0.75), -inf), (([-inf, -inf, 0.0], 0.25), -inf),
         (([1.0, inf], 0.5), inf), (([1.0, 2.0, inf], 0.5), 2.0), (([1.0, inf], 0.0), 1.0),
         (([-inf, 0.0, 1.0], 0.5), 0.0), (([1.0, 2.0, 3.0, inf], 0.5), 2.5)]
got = [quantile(v, p) for (v, p), _ in cases]
t.ok(got == [w for _, w in cases], "quantiles next to infinities: %s" % got)
t.done()
