"""wht-table --cells: the metric per cell is the median over the cell's
trials with the quartiles (recomputed here with numpy), for the metric
asked and for the default norm_rel; the filters select exactly the asked
cells, NaN is shown as 'undefined' and never taken in, and a filter value
that is not in the files is a one-line usage error naming the values that
are."""

import csv
import io
import os
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import numpy as np  # noqa: E402
import whtlab_testkit as tk  # noqa: E402

t = tk.Tap()
tmp = tempfile.TemporaryDirectory()
path = os.path.join(tmp.name, "sweep.h5")
t.diag("input " + tk.sweep_or_synthetic(path))
a = tk.read_rows(path)
s = {c: np.char.decode(a[c]) for c in ("algorithm", "format", "dist", "op", "status")}

alg = "kahan" if "kahan" in s["algorithm"] else sorted(set(s["algorithm"]))[0]
for metric in ("mean_rel", None):
    rc, out, err = tk.run("analysis/wht-table", "--cells", "--csv", "--format", "f16",
                          "--dist", "norm", "--op", "two-way", "--algo", alg, "--log2n", "4:5",
                          *(["--metric", metric] if metric else []), path)
    metric = metric or "norm_rel"
    rows = list(csv.DictReader(io.StringIO(out)))
    t.ok(rc == 0 and {r["metric"] for r in rows} == {metric},
         "--cells with every filter exits 0, metric %s (rc %d %s)" % (metric, rc, err.strip()))
    t.ok(sorted(int(r["log2n"]) for r in rows) == [4, 5]
         and {(r["algorithm"], r["format"], r["dist"], r["op"]) for r in rows}
         == {(alg, "f16", "norm", "two-way")}, "the filters select exactly the 2 asked cells")
    bad = []
    for r in rows:
        m = ((s["algorithm"] == alg) & (s["format"] == "f16") & (s["dist"] == "norm")
             & (s["op"] == "two-way") & (a["log2n"] == int(r["log2n"])))
        vals = a[metric][m & (s["status"] == "ok")]
        vals = vals[np.isfinite(vals)]
        want = [float(x) for x in np.percentile(vals, [50, 25, 75])] if len(vals) else [None] * 3
        got = [float(r[c]) if r[c] else None for c in ("median", "q25", "q75")]
        if int(r["trials"]) != int(m.sum()) or int(r["trials_used"]) != len(vals) or any(
                (w is None) != (g is None) or (w is not None and abs(g - w) > 1e-15 * abs(w))
                for w, g in zip(want, got)):
            bad.append("log2n %s: got %s expected %s" % (r["log2n"], got, want))
    t.ok(not bad and rows, "%s per cell is the median over its trials, with the quartiles"
         % metric + ("; " + "; ".join(bad) if bad else ""))

rc, all_cells, _ = tk.run("analysis/wht-table", "--cells", "--csv", path)
n_cells = len({(x, f, d, o, k) for x, f, d, o, k in zip(s["algorithm"], s["format"], s["dist"],
                                                       s["op"], a["log2n"].tolist())})
t.ok(rc == 0 and len(list(csv.DictReader(io.StringIO(all_cells)))) == n_cells,
     "without filters every cell of the file is listed once (%d)" % n_cells)

for opt, value, present in (("--format", "f99", "f16"), ("--dist", "nosuch", "norm"),
                            ("--op", "sideways", "two-way"), ("--algo", "magic", alg)):
    rc, out, err = tk.run("analysis/wht-table", "--cells", opt, value, path)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and value in err
         and present in err, "%s %s: exit 2, one line naming it and the present values (%s)"
         % (opt, value, err.strip()))
for bad_range in ("40:50", "6:3", "x"):
    rc, out, err = tk.run("analysis/wht-table", "--cells", "--log2n", bad_range, path)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and bad_range in err,
         "--log2n %s is a one-line usage error (%s)" % (bad_range, err.strip()))

# Undefined (NaN) values: shown as such, never taken in.
rows = [tk.result_row("kahan", "f32", "norm", "one-way", 5, 0, float("nan")),
        tk.result_row("kahan", "f32", "norm", "one-way", 5, 1, float("nan")),
        tk.result_row("kahan", "f32", "norm", "one-way", 6, 0, float("nan")),
        tk.result_row("kahan", "f32", "norm", "one-way", 6, 1, 3e-8),
        tk.result_row("kahan", "f32", "norm", "one-way", 7, 0, 0, status="overflow"),
        tk.result_row("kahan", "f32", "norm", "one-way", 8, 0, 0, status="unsupported")]
nanfile = os.path.join(tmp.name, "nan.h5")
tk.write_file(nanfile, results=np.array(rows, dtype=tk.RESULT_DTYPE))
rc, md, err = tk.run("analysis/wht-table", "--cells", "--metric", "mean_rel", nanfile)
by_k = {}
for ln in md.splitlines()[2:]:
    if ln.startswith("|"):
        c = [x.strip() for x in ln.strip("|").split("|")]
        by_k[c[4]] = c
t.ok(rc == 0 and by_k.get("5", [""] * 9)[6] == "undefined",
     "a cell whose trials are all NaN shows 'undefined' (%s)" % by_k.get("5"))
t.ok(by_k.get("6", [""] * 9)[6:9] == ["3.000e-08", "-", "-"] and "1 undefined of 2" in by_k["6"][9],
     "a NaN trial is left out of the median and counted; one usable trial has no "
     "interval (%s)" % by_k.get("6"))
t.ok(by_k.get("7", [""] * 9)[6] == "overflow" and by_k.get("8", [""] * 9)[6] == "unsupported",
     "overflow and unsupported cells show their status")
rc, c, _ = tk.run("analysis/wht-table", "--cells", "--csv", "--metric", "mean_rel", nanfile)
r5 = [r for r in csv.DictReader(io.StringIO(c)) if r["log2n"] == "5"][0]
t.ok(r5["median"] == r5["q25"] == r5["q75"] == "" and r5["status"] == "undefined"
     and r5["trials"] == "2" and r5["trials_used"] == "0",
     "CSV leaves an undefined cell's median and quartiles empty with status 'undefined'")

# Seeds are more trials of the same cell (data/README.md): two 1-trial
# sweeps of seeds 1 and 2 give one cell of 2 trials, no seed column.
def srow(alg, v, seed=1, op="one-way", tau=0.5):
    r = tk.result_row(alg, "f32", "norm", op, 5, 0, 1.0, seed=seed, tau=tau)
    for c in tk.ERROR_COLUMNS:
        r[c] = v
    return r


s1, s2 = (os.path.join(tmp.name, "s%d.h5" % i) for i in (1, 2))
tk.write_file(s1, results=np.array([srow("folklore", 1e-7), srow("kahan", 1e-8)],
                                   dtype=tk.RESULT_DTYPE))
tk.write_file(s2, results=np.array([srow("folklore", 1e-7, 2), srow("kahan", 3e-8, 2)],
                                   dtype=tk.RESULT_DTYPE))
rc, out, err = tk.run("analysis/wht-table", "--cells", "--csv", s1, s2)
rows = list(csv.DictReader(io.StringIO(out)))
k = [r for r in rows if r["algorithm"] == "kahan"]
t.ok(rc == 0 and len(rows) == 2 and "seed" not in rows[0] and len(k) == 1
     and k[0]["trials"] == "2" and float(k[0]["median"]) == 2e-8,
     "--cells pools the seeds: one kahan cell of 2 trials, median 2e-8 (%s %s)"
     % (rows, err.strip()))
# tau: shown for smoothed cells only, with every digit that tells taus apart
taus = os.path.join(tmp.name, "taus.h5")
tk.write_file(taus, results=np.array(
    [srow("kahan", 1e-8, op="smoothed", tau=0.1), srow("kahan", 2e-8, op="smoothed",
                                                       tau=0.1000001),
     srow("kahan", 3e-8, tau=0.1)], dtype=tk.RESULT_DTYPE))
rc, md, _ = tk.run("analysis/wht-table", "--cells", taus)
lines = [[c.strip() for c in ln.strip("|").split("|")] for ln in md.splitlines()
         if ln.startswith("| kahan")]
head = [c.strip() for c in md.splitlines()[2].strip("|").split("|")]
tau = [ln[head.index("tau")] for ln in lines] if "tau" in head else []
t.ok(rc == 0 and sorted(tau) == ["-", "0.1", "0.1000001"],
     "--cells: tau '-' for one-way, 0.1 and 0.1000001 apart for smoothed (%s)" % tau)
t.done()
