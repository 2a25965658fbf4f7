"""wht-plot's accuracy-versus-speed figures (tradeoff-METRIC-FORMAT) from a
small real CPU sweep (folklore, kahan, neumaier, alman-rao; f32 and f16)
and a /timings table written here with h5py in wht-bench's schema
(wht-bench needs CUDA): the files are written, one column wide; every
plotted point equals a computation made here from the raw rows with numpy
(per trial and cell 1 - algorithm / folklore, per trial the median over
the class's cells, R the median over the trials, y = 1 / (1 - R); median_ms
ratios per timing entry, median per class), as do the counts of cells left
out; an algorithm in one table only
is not drawn and is named in a note; --only tradeoff without /timings,
without /results, without folklore or without a common format is refused
(exit 2, one line, nothing created)."""

import csv
import io
import math
import os
import struct
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import numpy as np  # noqa: E402
import whtlab_testkit as tk  # noqa: E402
import whtlab_plotstyle  # noqa: E402,F401 - the Agg backend before pyplot
import whtlab_tradeoff as tt  # noqa: E402
import whtlab_tradeoff_plot as tp  # noqa: E402
from whtlab_results import load  # noqa: E402

DPI = 50
t = tk.Tap()
tmp = tempfile.TemporaryDirectory()
sweep = os.path.join(tmp.name, "sweep.h5")
rc, _, err = tk.run("experiments/wht-sweep", "--algo", "folklore,kahan,neumaier,alman-rao",
                    "--format", "f32,f16", "--dist", "norm,pmone", "--op", "one-way,two-way",
                    "--log2n", "3,8,14,15,16", "--trials", "3", "--backend", "cpu",
                    "--oracle", "cpu", "-o", sweep)
if not t.ok(rc == 0, "wht-sweep wrote the sweep (%s)" % err.strip().splitlines()[-1:]):
    t.done()

# Timings as wht-bench writes them: alman-rao has none, widened has only
# these (no /results rows); log2n 24 has no error cells (large class);
# kahan f32 at 11 has no folklore entry and neumaier f16 at 15 a NaN time.
rng = np.random.default_rng(5)
trows = []
for fmt in ("f32", "f16"):
    for k in (10, 14, 15, 16, 24):
        for batch in ((1, 64) if k == 10 else (1,)):
            for ip in (1, 0):
                memcpy = 1e-3 * batch * 2 ** (k - 10)
                for alg, slow in (("folklore", 1.0), ("kahan", 2.0), ("neumaier", 3.5),
                                  ("widened", 1.2)):
                    ms = memcpy * slow * rng.uniform(1.0, 1.6)
                    if (alg, fmt, k, ip) == ("neumaier", "f16", 15, 1):
                        ms = float("nan")
                    trows.append(tk.timing_row(alg, fmt, k, batch, ip, ms, memcpy,
                                               memcpy * 1.05, float("nan")))
trows.append(tk.timing_row("kahan", "f32", 11, 1, 1, 0.5, 0.2, 0.21, float("nan")))
timings = np.array(trows, dtype=tk.TIMING_DTYPE)
tfile = os.path.join(tmp.name, "bench.h5")
tk.write_file(tfile, timings=timings)
res = tk.read_rows(sweep)

t.ok([tt.size_class(k) for k in (0, 14, 15, 21, 22, 30)]
     == ["small", "small", "medium", "medium", "large", "large"],
     "size classes: small log2n <= 14, medium 15..21, large >= 22")


def cls(k):
    return "small" if k <= 14 else ("medium" if k <= 21 else "large")


def expected(fmt, metric):
    """{(alg, class): (y, x)} and the left-out cell counts, from the raw rows:
    per cell and trial 1 - alg / folklore; per class the trials common to
    its cells with a ratio, cells lacking one there left out; per trial the
    median over the cells, R the median over the trials, y = 1 / (1 - R)."""
    r = res[res["format"] == fmt.encode()]
    rows = {}
    for x in r:
        rows.setdefault((x["algorithm"].decode(), x["dist"], x["op"], int(x["log2n"])), {})[
            (int(x["seed"]), int(x["trial"]))] = (x["status"], float(x[metric]))
    groups, left = {}, {}
    for (alg, dist, op, k), trials in rows.items():
        if alg == "folklore":
            continue
        base = rows[("folklore", dist, op, k)]
        if any(v[0] != b"ok" for t in trials for v in (trials[t], base[t])):
            left["overflow"] = left.get("overflow", 0) + 1
            continue
        ratios, why = {}, set()
        for t, (_, a) in trials.items():
            b = base[t][1]
            if math.isnan(a) or math.isnan(b):
                why.add("undefined")
            elif b == 0:
                why.add("exact-baseline" if a == 0 else "exact-baseline-only")
            else:
                ratios[t] = 1 - a / b
        if ratios:
            groups.setdefault((alg, cls(k)), []).append((set(trials), ratios))
        else:
            st = next(w for w in ("exact-baseline-only", "exact-baseline", "undefined")
                      if w in why)
            left[st] = left.get(st, 0) + 1
    ys = {}
    for key, cands in groups.items():
        common = set.intersection(*[c[0] for c in cands])
        used = [c[1] for c in cands if common <= set(c[1])]
        if len(used) < len(cands):
            left["incomplete"] = left.get("incomplete", 0) + len(cands) - len(used)
        if used:
            red = float(np.median([np.median([c[t] for c in used]) for t in common]))
            ys[key] = 1 / (1 - red)
    tm = timings[timings["format"] == fmt.encode()]
    base = {(e["log2n"], e["batch"], e["in_place"]): e["median_ms"]
            for e in tm[tm["algorithm"] == b"folklore"]}
    xs = {}
    for e in tm[tm["algorithm"] != b"folklore"]:
        b = base.get((e["log2n"], e["batch"], e["in_place"]))
        if b is not None and math.isfinite(e["median_ms"]):
            xs.setdefault((e["algorithm"].decode(), cls(e["log2n"])), []).append(
                e["median_ms"] / b)
    pts = {k: (ys[k], float(np.median(xs[k]))) for k in ys if k in xs}
    return pts, left


results, trs = load([sweep], "results"), load([tfile], "timings")
algs = sorted(set(results["algorithm"].tolist()) | set(trs["algorithm"].tolist()))
bad_points, bad_drawn, bad_counts, seen = [], [], [], 0
for metric in ("norm_rel", "mean_rel"):
    for fmt in ("f32", "f16"):
        want, left = expected(fmt, metric)
        tr = tt.compute(results, trs, fmt, metric)
        got = {(p.algorithm, p.size): (p.error_ratio, p.time_ratio) for p in tr.points}
        if sorted(got) != sorted(want) or not all(
                np.allclose(got[k], want[k], rtol=1e-12, atol=0) for k in want):
            bad_points.append((metric, fmt, got, want))
        counted = {st: tr.left_out[why] for st, why in tt.LEFT_OUT.items() if why in tr.left_out}
        if counted != left:
            bad_counts.append((metric, fmt, tr.left_out, left))
        fig = tp.plot_format(tr, fmt, metric, algs)
        ax = fig.axes[0]
        drawn = {tuple(line.get_gid().split()[1:]): (float(line.get_xdata()[0]),
                                                     float(line.get_ydata()[0]))
                 for line in ax.lines if (line.get_gid() or "").startswith("point ")}
        if sorted(drawn) != sorted(want) or not all(
                np.allclose(drawn[k], want[k][::-1], rtol=1e-12, atol=0) for k in want) \
                or ax.get_xscale() != "log" or ax.get_yscale() != "log":
            bad_drawn.append((metric, fmt, drawn, want))
        seen += len(want)
t.ok(seen == 16 and not bad_points,
     "every point (kahan, neumaier x small, medium x f32, f16 x 2 metrics: %d) equals the "
     "numpy computation from the raw rows (%s)" % (seen, bad_points[:1]))
t.ok(not bad_counts, "cells left out (exact, overflow, incomplete, ...) counted as computed "
     "here (%s)" % bad_counts[:1])
t.ok(not bad_drawn, "the figure's markers sit at those points on log-log axes (%s)"
     % bad_drawn[:1])
tr = tt.compute(results, trs, "f32", "norm_rel")
t.ok(all(p.error_ratio > 1 for p in tr.points if p.algorithm == "neumaier")
     and tr.left_out.get(tt.NO_BASE_TIME) == 1,
     "neumaier is more accurate than folklore in every class; the entry without folklore "
     "is counted (%s)" % tr.notes())
t.ok(("alman-rao", "no /timings rows in f32") in tr.not_drawn
     and ("widened", "no /results rows in f32") in tr.not_drawn,
     "algorithms of one table only are not drawn and named (%s)" % tr.not_drawn)


def png_width(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])[0] if head[:8] == b"\x89PNG\r\n\x1a\n" else None


outdir = os.path.join(tmp.name, "figs")
rc, out, err = tk.run("analysis/wht-plot", "--dpi", DPI, "--outdir", outdir, sweep, tfile)
files = sorted(os.listdir(outdir)) if os.path.isdir(outdir) else []
want = sorted("%s-%s.%s" % (kind, fmt, ext) for kind in ("accuracy-norm_rel", "speed",
                                                          "tradeoff-norm_rel")
              for fmt in ("f32", "f16") for ext in ("png", "pdf"))
t.ok(rc == 0 and files == want, "results and timings give accuracy, speed and tradeoff "
     "figures (rc %d, %s)" % (rc, files))
notes = err.splitlines()
t.ok(notes and all(x.startswith("wht-plot: note: tradeoff-norm_rel-") for x in notes)
     and any("alman-rao not drawn: no /timings rows" in x for x in notes)
     and any("widened not drawn: no /results rows" in x for x in notes),
     "the notes on stderr name the algorithms not drawn (%s)" % notes[:3])
t.ok(png_width(os.path.join(outdir, "tradeoff-norm_rel-f16.png")) == int(3.5 * DPI),
     "a tradeoff figure is one column, 3.5 in wide")

# one file holding both tables: the same figures
both = os.path.join(tmp.name, "both.h5")
tk.write_file(both, results=res, timings=timings)
out2 = os.path.join(tmp.name, "only")
rc, out, err = tk.run("analysis/wht-plot", "--dpi", DPI, "--only", "tradeoff", "--metric",
                      "norm_rel,mean_rel", "--outdir", out2, both)
t.ok(rc == 0 and sorted(os.listdir(out2)) == sorted(
    "tradeoff-%s-%s.%s" % (m, f, e) for m in ("norm_rel", "mean_rel") for f in ("f32", "f16")
    for e in ("png", "pdf")), "--only tradeoff on one file with both tables: a figure per "
     "metric and format, nothing else (rc %d %s)" % (rc, err.strip()[:200]))

nofolk = os.path.join(tmp.name, "nofolk.h5")
tk.write_file(nofolk, timings=timings[timings["algorithm"] != b"folklore"])
f64 = os.path.join(tmp.name, "f64.h5")
tk.write_file(f64, timings=np.array([tk.timing_row(a, "f64", 10, 1, 1, 1.0, 0.5, 0.5, 2.0)
                                     for a in ("folklore", "kahan")], dtype=tk.TIMING_DTYPE))
# timings only where the sweep has no sizes (large class): no point at all
t24 = os.path.join(tmp.name, "t24.h5")
tk.write_file(t24, timings=timings[timings["log2n"] == 24])
resnofolk = os.path.join(tmp.name, "resnofolk.h5")
tk.write_file(resnofolk, results=res[res["algorithm"] != b"folklore"])
refusals = (([sweep], "no /timings"), ([tfile], "no /results"),
            ([sweep, nofolk], "no folklore rows in /timings"),
            ([resnofolk, tfile], "no folklore rows in /results"),
            ([sweep, f64], "f64: no /results rows"),
            ([sweep, t24], "no tradeoff point can be drawn"),
            ([sweep, tfile, "--algo", "alman-rao"], "alman-rao"),
            ([sweep, tfile, "--bounds"], "--bounds"))
for args, words in refusals:
    bad = os.path.join(tmp.name, "refused")
    rc, out, err = tk.run("analysis/wht-plot", "--only", "tradeoff", "--outdir", bad, *args)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and words in err
         and "Traceback" not in err and not os.path.exists(bad),
         "--only tradeoff %s: exit 2, one line with '%s', nothing created (%s)"
         % (" ".join(os.path.basename(a) for a in args), words, err.strip()))
out3 = os.path.join(tmp.name, "plain")
rc, out, err = tk.run("analysis/wht-plot", "--dpi", DPI, "--outdir", out3, sweep, nofolk)
t.ok(rc == 0 and not any(f.startswith("tradeoff") for f in os.listdir(out3))
     and "note: no tradeoff figure: no format has rows in both" in err
     and "no folklore rows in /timings" in err,
     "without --only, a tradeoff figure that cannot be drawn is a note; the others are "
     "drawn (rc %d %s)" % (rc, err.strip()))
rc, out, _ = tk.run("analysis/wht-plot", "--help")
t.ok(rc == 0 and "tradeoff-METRIC-FORMAT.png" in out and "size class" in out
     and "median_ms" in out, "--help describes the tradeoff figure")
# The times pair on the device (files of one device are one set of timings,
# data/README.md), not on the file: --help must not say otherwise.
flat = " ".join(out.split())
t.ok("same file" not in flat and "in the same file" not in flat
     and "folklore's of the same device" in flat
     and "timings without folklore's on the same device" in flat,
     "--help pairs the times on the device, as the figure does, not on the file")

# --- review findings: the figure's y is wht-table's reduction, times pair
# on one device (not one file), notes count each case apart, no traceback.
def rr(alg, v, k=10, t=0, dist="norm", backend="cpu", fmt="f32"):
    r = tk.result_row(alg, fmt, dist, "one-way", k, t, 1.0, backend=backend)
    for c in tk.ERROR_COLUMNS:
        r[c] = v
    return r


TIMES = [tk.timing_row(a, "f32", 10, 1, 1, ms, 0.5, 0.5, 2.0)
         for a, ms in (("folklore", 1.0), ("kahan", 1.5))]


def tradeoff_file(name, rows, timings=TIMES, attrs=None):
    path = os.path.join(tmp.name, name)
    tk.write_file(path, results=np.array(rows, dtype=tk.RESULT_DTYPE),
                  timings=None if timings is None else np.array(timings, dtype=tk.TIMING_DTYPE),
                  attrs=attrs)
    return path


def plotted(path, *args):
    """(rc, {(alg, class): (x, y)} drawn, stderr) of wht-plot --only tradeoff."""
    out = os.path.join(tmp.name, "fig-" + os.path.basename(path))
    rc, _, err = tk.run("analysis/wht-plot", "--dpi", DPI, "--only", "tradeoff", "--outdir",
                        out, path, *args)
    tr = tt.compute(load([path] + [a for a in args if a.endswith(".h5")], "results"),
                    load([path] + [a for a in args if a.endswith(".h5")], "timings"),
                    "f32", "norm_rel")
    fig = tp.plot_format(tr, "f32", "norm_rel", ["folklore", "kahan"]) if tr.points else None
    pts = {} if fig is None else {
        tuple(ln.get_gid().split()[1:]): (float(ln.get_xdata()[0]), float(ln.get_ydata()[0]))
        for ln in fig.axes[0].lines if (ln.get_gid() or "").startswith("point ")}
    return rc, pts, err


def table_reduction(path):
    rc, out, _ = tk.run("analysis/wht-table", "--csv", path)
    return {(r["backend"], r["algorithm"]): float(r["median_reduction"])
            for r in csv.DictReader(io.StringIO(out)) if r["median_reduction"]}


# A 1-trial CPU check of folklore beside the full 3-trial GPU run: the
# table pairs GPU with GPU (reduction 0.5); the figure must say the same.
rows = [rr("folklore", 1e-7, backend="cpu")]
for tri, v in enumerate((1e-7, 4e-7, 4e-7)):
    rows += [rr("folklore", v, t=tri, backend="gpu"), rr("kahan", v / 2, t=tri, backend="gpu")]
back = tradeoff_file("back.h5", rows)
rc, pts, err = plotted(back)
red = table_reduction(back).get(("gpu", "kahan"))
y = pts.get(("kahan", "small"), (0, 0))[1]
t.ok(rc == 0 and red == 0.5 and abs(y - 1 / (1 - red)) < 1e-12,
     "the figure's point is wht-table's reduction of the same file: y = 1 / (1 - %s) = %s "
     "(drawn %s; %s)" % (red, 1 / (1 - red) if red else None, y, err.strip()))

# The goal line: two cells of reductions 0.9 and 0.45 (median 0.675 < 70 %)
# have error ratios 10 and 1.8 whose median (5.9) is above 10/3.
goal = tradeoff_file("goal.h5", [rr("folklore", 1.0, dist="norm"), rr("kahan", 0.1, dist="norm"),
                                 rr("folklore", 1.0, dist="pmone"), rr("kahan", 0.55, dist="pmone")])
rc, pts, err = plotted(goal)
y = pts.get(("kahan", "small"), (0, 0))[1]
t.ok(rc == 0 and abs(y - 1 / (1 - 0.675)) < 1e-12 and y < tt.GOAL_RATIO,
     "a median reduction of 67.5 %% is drawn below the 70 %% line (y %s, line %s)"
     % (y, tt.GOAL_RATIO))

# Timings of kahan in another file from another GPU: never divided.
res_only = tradeoff_file("res.h5", [rr(a, v, t=tri) for tri in range(3)
                                    for a, v in (("folklore", 1e-7), ("kahan", 5e-8))],
                         timings=None, attrs={"device": "NVIDIA H100", "git_revision": "aaaa"})
bench_a = tradeoff_file("benchA.h5", [], timings=TIMES[:1],
                        attrs={"device": "NVIDIA H100", "git_revision": "aaaa"})
bench_b = tradeoff_file("benchB.h5", [], timings=TIMES[1:],
                        attrs={"device": "NVIDIA H200", "git_revision": "bbbb"})
tr = tt.compute(load([res_only], "results"), load([bench_a, bench_b], "timings"), "f32",
                "norm_rel")
t.ok(not tr.points and tr.left_out.get(tt.NO_BASE_TIME) == 1,
     "a timing whose folklore entry is in another file (another GPU) is left out and "
     "counted, no point (%s)" % tr.notes())
both_b = tradeoff_file("benchAB.h5", [], timings=TIMES,
                       attrs={"device": "NVIDIA H200", "git_revision": "bbbb"})
tr = tt.compute(load([res_only], "results"), load([both_b], "timings"), "f32", "norm_rel")
t.ok(len(tr.points) == 1 and "from NVIDIA H100 (git aaaa)" in tr.scope
     and "from NVIDIA H200 (git bbbb)" in tr.scope,
     "the scope note names the device and git revision of the results and of the "
     "timings (%s)" % tr.scope)

# A file and a later copy of it with one more algorithm (wht-bench -o
# extends a file of its device): the equal rows are one row, and the new
# algorithm's timing pairs with folklore's whichever file is named first.
res3 = tradeoff_file("res3.h5", [rr(a, v, t=tri) for tri in range(3)
                                 for a, v in (("folklore", 1e-7), ("kahan", 5e-8), ("neumaier", 2e-8))],
                     timings=None, attrs={"device": "NVIDIA H200"})
old = tradeoff_file("bench-old.h5", [], timings=TIMES, attrs={"device": "NVIDIA H200"})
new = tradeoff_file("bench-new.h5", [], timings=TIMES + [tk.timing_row("neumaier", "f32", 10, 1, 1, 3.0, 0.5,
                                                                        0.5, 2.0)],
                    attrs={"device": "NVIDIA H200"})
drawn = []
for order in ([old, new], [new, old]):
    tr = tt.compute(load([res3], "results"), load(order, "timings"), "f32", "norm_rel")
    drawn.append(sorted((p.algorithm, p.time_ratio) for p in tr.points))
t.ok(drawn[0] == drawn[1] == [("kahan", 1.5), ("neumaier", 3.0)],
     "the timings of two files of one device pair whatever their order (%s)" % drawn)

# Folklore exact: the notes say which of the three cases, as the tags do.
rows = []
for tri in range(3):
    rows += [rr("folklore", 1e-7, t=tri), rr("kahan", .5e-7, t=tri),
             rr("folklore", 0.0, t=tri, dist="pmone"), rr("kahan", 3e-7, t=tri, dist="pmone"),
             rr("folklore", 0.0, t=tri, dist="relu-norm"), rr("kahan", 0.0, t=tri, dist="relu-norm"),
             rr("folklore", 1e-7, t=tri, dist="pagh-norm"), rr("kahan", 0.0, t=tri, dist="pagh-norm")]
zero = tradeoff_file("zero.h5", rows)
rc, pts, err = plotted(zero)
t.ok(rc == 0 and "1 cells where folklore is exact and the algorithm not" in err
     and "1 cells where folklore and the algorithm are exact" in err
     and "1 cells whose reduction is 1 in every trial (the algorithm exact and folklore not" in err
     and "median error 0" not in err,
     "folklore exact and the algorithm not, both exact, and the algorithm exact are "
     "counted apart (%s)" % err.strip())

# A median reduction of 1 (the algorithm's error underflows to 0 against
# folklore's): an infinite y is not drawn and is named, no traceback.
ext = tradeoff_file("ext.h5", [rr("folklore", 1e300, fmt="f64"), rr("kahan", 5e-324, fmt="f64"),
                               rr("folklore", 1e-7), rr("kahan", .5e-7)],
                    timings=TIMES + [tk.timing_row(a, "f64", 10, 1, 1, ms, 0.5, 0.5, 2.0)
                                     for a, ms in (("folklore", 1.0), ("kahan", 1.5))])
outdir = os.path.join(tmp.name, "ext")
rc, out, err = tk.run("analysis/wht-plot", "--dpi", DPI, "--only", "tradeoff", "--outdir",
                      outdir, ext)
t.ok(rc == 0 and "Traceback" not in err and "tradeoff-norm_rel-f32.png" in out
     and "tradeoff-norm_rel-f64.png" not in out
     and "kahan, small (log2n <= 14): not drawn, error ratio inf" in err,
     "an infinite error ratio is left out and named; the other format is drawn (rc %d %s)"
     % (rc, err.strip()[-300:]))

# A huge but finite time ratio (folklore timed at 1e-300 ms): not drawn,
# named, no traceback from the axis limits.
huge = tradeoff_file("huge.h5", [rr("folklore", 1e-7), rr("kahan", .5e-7)],
                     timings=[tk.timing_row(a, "f32", 10, 1, 1, ms, 0.5, 0.5, 2.0)
                              for a, ms in (("folklore", 1e-300), ("kahan", 1.5))])
rc, out, err = tk.run("analysis/wht-plot", "--dpi", DPI, "--only", "tradeoff", "--outdir",
                      os.path.join(tmp.name, "huge"), huge)
t.ok(rc == 2 and "Traceback" not in err and "not drawn" in err and "time ratio 1.5e+300" in err,
     "a time ratio of 1.5e300 is not drawn and is named, no traceback (rc %d %s)"
     % (rc, err.strip()[-300:]))
t.done()
