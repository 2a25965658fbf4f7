"""wht-table on files a sweep rarely writes: overflow rows, no folklore
rows, folklore exact (error 0), rows of backend python paired with folklore
of another backend. None crashes, each shows as such, and such
cells stay out of the medians. Several files combine into one table; an
identical copy is harmless; conflicting duplicates are refused. A file
marked unfinished (root attribute unfinished) gives the same table and exit
status, and one warning line on stderr per such file."""

import csv
import io
import os
import re
import sys
import tempfile
import warnings

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import numpy as np  # noqa: E402
import whtlab_testkit as tk  # noqa: E402

t = tk.Tap()
tmp = tempfile.TemporaryDirectory()


def write(name, rows):
    p = os.path.join(tmp.name, name)
    tk.write_file(p, results=np.array(rows, dtype=tk.RESULT_DTYPE))
    return p


def csv_rows(*args):
    rc, out, err = tk.run("analysis/wht-table", "--csv", *args)
    return rc, list(csv.DictReader(io.StringIO(out))), err


R = tk.result_row
# Two (dist, op) cells at log2n 5: 'norm' normal, 'pmone' overflows in kahan.
over = write("overflow.h5", [
    R("folklore", "f16", "norm", "one-way", 5, 0, 4e-4),
    R("kahan", "f16", "norm", "one-way", 5, 0, 1e-4),
    R("folklore", "f16", "pmone", "one-way", 5, 0, 4e-4),
    R("kahan", "f16", "pmone", "one-way", 5, 0, 0, status="overflow")])
rc, rows, err = csv_rows(over)
t.ok(rc == 0 and len(rows) == 1 and rows[0]["overflow"] == "1" and rows[0]["cells"] == "1"
     and abs(float(rows[0]["median_reduction"]) - 0.75) < 1e-12,
     "overflow cell counted and left out: median 0.75 from the other cell (%s)" % rows)
rc, md, _ = tk.run("analysis/wht-table", over)
t.ok(rc == 0 and "0.750 (1) o1" in md and "oK overflow" in md,
     "Markdown marks it 'o1' and explains the tag")
rc, md, _ = tk.run("analysis/wht-table", "--cells", over)
t.ok(rc == 0 and re.search(r"\|\s*overflow\s*\|", md) is not None,
     "--cells shows the overflow status in place of mean_rel")

# Folklore exact (0) in one cell: marked, not in the median (1 - x/0).
zero = write("zero.h5", [
    R("folklore", "f32", "pmone", "two-way", 3, 0, 0.0),
    R("neumaier", "f32", "pmone", "two-way", 3, 0, 0.0),
    R("folklore", "f32", "norm", "two-way", 3, 0, 2e-8),
    R("neumaier", "f32", "norm", "two-way", 3, 0, 5e-9)])
rc, rows, _ = csv_rows(zero)
t.ok(rc == 0 and rows[0]["exact_baseline"] == "1" and rows[0]["cells"] == "1"
     and abs(float(rows[0]["median_reduction"]) - 0.75) < 1e-12,
     "exact folklore baseline counted and left out of the median (%s)" % rows)
rc, md, _ = tk.run("analysis/wht-table", zero)
t.ok(rc == 0 and "0.750 (1) e1" in md and "eK folklore and the algorithm are exact" in md,
     "Markdown marks it 'e1'")
allzero = write("allzero.h5", [R("folklore", "f32", "pmone", "two-way", 3, 0, 0.0),
                               R("kahan", "f32", "pmone", "two-way", 3, 0, 0.0)])
rc, md, _ = tk.run("analysis/wht-table", allzero)
t.ok(rc == 0 and "n/a (0) e1" in md, "only exact baselines: 'n/a (0) e1', no division by 0")

# Folklore exact, the algorithm not: no ratio, its own tag (not 'e').
worse = write("worse.h5", [
    R("folklore", "bf16", "pmone", "two-way", 16, 0, 0.0),
    R("alman-rao", "bf16", "pmone", "two-way", 16, 0, 3.33e-3),
    R("folklore", "bf16", "norm", "two-way", 16, 0, 2e-3),
    R("alman-rao", "bf16", "norm", "two-way", 16, 0, 3e-3)])
rc, rows, _ = csv_rows(worse)
t.ok(rc == 0 and rows[0]["exact_baseline"] == "0" and rows[0]["exact_baseline_only"] == "1"
     and rows[0]["cells"] == "1" and abs(float(rows[0]["median_reduction"]) + 0.5) < 1e-12,
     "folklore exact, algorithm not: counted as exact_baseline_only, not exact_baseline (%s)" % rows)
rc, md, _ = tk.run("analysis/wht-table", worse)
t.ok(rc == 0 and "-0.500 (1) w1" in md and "wK folklore is exact, the algorithm is not" in md,
     "Markdown marks it 'w1' and explains the tag")

# Two seeds are trials of one cell; rows of one-way differing only in tau
# count once; smoothed cells of two taus are two cells.
seeds = write("seeds.h5", [
    R("folklore", "f32", "norm", "one-way", 5, 0, 4e-8, seed=1),
    R("kahan", "f32", "norm", "one-way", 5, 0, 1e-8, seed=1),
    R("folklore", "f32", "norm", "one-way", 5, 0, 4e-8, seed=2),
    R("kahan", "f32", "norm", "one-way", 5, 0, 3e-8, seed=2)])
rc, rows, _ = csv_rows(seeds)
t.ok(rc == 0 and rows[0]["cells"] == "1" and rows[0]["trials"] == "2"
     and abs(float(rows[0]["median_reduction"]) - 0.5) < 1e-12,
     "two seeds: two trials of one cell, the median of their reductions 0.75 and 0.25 "
     "(%s)" % rows)
taus = write("taus.h5", [
    R("folklore", "f32", "norm", "one-way", 5, 0, 4e-8, tau=0.5),
    R("kahan", "f32", "norm", "one-way", 5, 0, 0.4e-8, tau=0.5),
    R("folklore", "f32", "norm", "one-way", 5, 0, 4e-8, tau=1.0),
    R("kahan", "f32", "norm", "one-way", 5, 0, 0.4e-8, tau=1.0),
    R("folklore", "f32", "norm", "smoothed", 5, 0, 4e-8, tau=0.5),
    R("kahan", "f32", "norm", "smoothed", 5, 0, 2e-8, tau=0.5),
    R("folklore", "f32", "norm", "smoothed", 5, 0, 4e-8, tau=1.0),
    R("kahan", "f32", "norm", "smoothed", 5, 0, 3.2e-8, tau=1.0)])
rc, rows, _ = csv_rows(taus)
t.ok(rc == 0 and rows[0]["cells"] == "3" and abs(float(rows[0]["median_reduction"]) - 0.5) < 1e-12,
     "two taus: one one-way cell, two smoothed cells, the median (not the mean 0.533) of "
     "(0.9, 0.5, 0.2) (%s)" % rows)

# Finding 4: tau is not read by one-way; rows of one sweep with tau 1.0 and
# of another with tau 0.5 pair, and copies differing only in tau are one.
t1 = write("tau1.h5", [R(a, "f32", "norm", "one-way", 5, tri, v, tau=1.0) for tri in range(3)
                       for a, v in (("folklore", 1e-7), ("kahan", .5e-7))])
t2 = write("tau2.h5", [R("neumaier", "f32", "norm", "one-way", 5, tri, .4e-7, tau=0.5)
                       for tri in range(3)])
rc, rows, err = csv_rows(t1, t2)
got = {r["algorithm"]: (r["median_reduction"], r["no_baseline"]) for r in rows}
t.ok(rc == 0 and got.get("neumaier") == ("0.6", "0") and got.get("kahan") == ("0.5", "0"),
     "one-way rows of another tau pair with folklore's: neumaier 0.6, not n/a m1 (%s %s)"
     % (got, err.strip()))
t2b = write("tau2b.h5", [R(a, "f32", "norm", "one-way", 5, tri, v, tau=0.5) for tri in range(3)
                         for a, v in (("folklore", 1e-7), ("kahan", .5e-7))])
rc1, once, _ = tk.run("analysis/wht-table", "--cells", t1)
rc2, twice, _ = tk.run("analysis/wht-table", "--cells", t1, t2b)
t.ok(rc1 == rc2 == 0 and once == twice and "|      3 |" in twice,
     "an identical copy with another (unread) tau is the same row: 3 trials, not 6")
t2c = write("tau2c.h5", [R("kahan", "f32", "norm", "one-way", 5, 0, .7e-7, tau=0.5)])
rc, out, err = tk.run("analysis/wht-table", t1, t2c)
t.ok(rc == 2 and "conflicting" in err and len(err.splitlines()) == 1,
     "a row differing only in an unread tau but in its errors is refused (%s)" % err.strip())

# Finding 5: +inf max_abs (status ok) is a value, not undefined.
inf = float("inf")


def inf_row(alg, tri, v, dist="norm"):
    r = R(alg, "f64", dist, "one-way", 5, tri, 1e-16)
    r["max_abs"] = v
    return r


infs = write("inf.h5", [inf_row("kahan", tri, v) for tri, v in enumerate((1e300, inf, inf))]
             + [inf_row("folklore", tri, 1e300) for tri in range(3)])
rc, md, err = tk.run("analysis/wht-table", "--metric", "max_abs", infs)
t.ok(rc == 0 and "-inf [-inf, -inf] (1)" in md,
     "an infinite max_abs against a finite one is a reduction of -inf, and the median "
     "and quartiles of (0, -inf, -inf) are -inf, not NaN and not 0 from trial 0 alone (%s)"
     % [ln for ln in md.splitlines() if "f64" in ln])
rc, tex, _ = tk.run("analysis/wht-table", "--latex", "--metric", "max_abs", infs)
t.ok(rc == 0 and "$-$inf [$-$inf, $-$inf]" in tex and " -inf" not in tex,
     "--latex: -inf with a math minus, never a bare hyphen")
rc, md, _ = tk.run("analysis/wht-table", "--cells", "--metric", "max_abs", infs)
kline = [ln for ln in md.splitlines() if "kahan" in ln]
t.ok(rc == 0 and len(kline) == 1 and re.search(r"\|\s+inf \|.*\| ok\s+\|$", kline[0]),
     "--cells: the median of (1e300, inf, inf) is inf, a value (%s)"
     % [ln for ln in md.splitlines() if "kahan" in ln])
infs2 = write("inf2.h5", [inf_row("folklore", 0, inf), inf_row("kahan", 0, 1e300),
                          inf_row("folklore", 0, inf, "pmone"), inf_row("kahan", 0, inf, "pmone")])
rc, rows, _ = csv_rows("--metric", "max_abs", infs2)
t.ok(rc == 0 and rows[0]["median_reduction"] == "1.0" and rows[0]["undefined"] == "1",
     "folklore infinite, the algorithm finite: reduction 1; both infinite: undefined (%s)"
     % rows)

# A row of backend python (whtlab.sweep) pairs with folklore's row of the
# same inputs on the cpu; a gpu row with the gpu folklore row where there is
# one. (The two folklore rows differ here only to show which one is used.)
cross = write("cross.h5", [
    R("folklore", "f16", "norm", "one-way", 5, 0, 4e-4),
    R("folklore", "f16", "norm", "one-way", 5, 0, 8e-4, backend="gpu"),
    R("widened", "f16", "norm", "one-way", 5, 0, 1e-4, backend="python"),
    R("kahan", "f16", "norm", "one-way", 5, 0, 6e-4, backend="gpu")])
rc, rows, err = csv_rows(cross)
got = {(r["backend"], r["algorithm"]): (r["median_reduction"], r["no_baseline"]) for r in rows
       if r["cells"] == "1"}
t.ok(rc == 0 and set(got) == {("python", "widened"), ("gpu", "kahan")}
     and abs(float(got[("python", "widened")][0]) - 0.75) < 1e-12
     and abs(float(got[("gpu", "kahan")][0]) - 0.25) < 1e-12,
     "python rows pair with the cpu folklore (1 - 1/4), gpu rows with the gpu one (1 - 6/8) "
     "(%s %s)" % (got, err.strip()))

# Reductions that 3 decimals would print as 0 or 1, or as 10000.000.
edges = write("edges.h5", [
    R("folklore", "f32", "norm", "one-way", 5, 0, 1.0),
    R("kahan", "f32", "norm", "one-way", 5, 0, 1.00003),
    R("neumaier", "f32", "norm", "one-way", 5, 0, 0.00004),
    R("alman-rao", "f32", "norm", "one-way", 5, 0, 1 - 1e-13),
    R("widened", "f32", "norm", "one-way", 5, 0, 1e-13),
    R("kahan-block", "f32", "norm", "one-way", 5, 0, 10000.9996)])
rc, md, _ = tk.run("analysis/wht-table", edges)
cells = dict(zip(*[[c.strip() for c in ln.strip("|").split("|")]
                   for ln in md.splitlines()[2:5:2]]))
t.ok(rc == 0 and cells.get("kahan") == "-3e-05 (1)" and cells.get("neumaier") == "0.99996 (1)"
     and cells.get("alman-rao") == "%.3g (1)" % (1 - (1 - 1e-13))
     and cells.get("widened") == "0.9999999999999 (1)"
     and cells.get("kahan-block") == "-1e+04 (1)",
     "reductions never print as 0 or 1 unless they are, nor 9999.9996 as 10000.000: -3e-5, "
     "0.99996, 1e-13, 1 - 1e-13, -9999.9996 (%s)" % cells)

# A trial whose metric is NaN (an edited or imported row: wht-sweep writes
# such outputs as overflow) leaves its cell's median without a tag of the
# cell, so the note counts it.
nan = write("nan.h5", [
    R("folklore", "f32", "norm", "one-way", 5, 0, 4e-8),
    R("kahan", "f32", "norm", "one-way", 5, 0, 1e-8),
    R("folklore", "f32", "norm", "one-way", 5, 1, 4e-8),
    R("kahan", "f32", "norm", "one-way", 5, 1, float("nan"))])
rc, md, err = tk.run("analysis/wht-table", nan)
t.ok(rc == 0 and "n/a (0) i1" in md and "Trials without a ratio in the cells left out" in md
     and "1 undefined" in md,
     "a NaN trial leaves its cell out of the entry (tag i, not a median over other trials "
     "than the other cells') and the note counts it (rc %d: %s)"
     % (rc, [x for x in md.splitlines() if "Trials" in x]))
rc, rows, _ = csv_rows(nan)
t.ok(rc == 0 and len(rows) == 1 and rows[0]["trials_without_ratio"] == "undefined:1",
     "... and in CSV, column trials_without_ratio (%s)" % rows)
rc, md, _ = tk.run("analysis/wht-table", over)
t.ok(rc == 0 and "Trials without a ratio" not in md, "... and no such note where every trial has one")

# No folklore rows at all.
nofolk = write("nofolk.h5", [R("kahan", "f64", "norm", "one-way", 4, 0, 1e-17),
                             R("kahan", "f64", "norm", "two-way", 4, 0, 1e-17)])
rc, md, err = tk.run("analysis/wht-table", nofolk)
t.ok(rc == 0 and "n/a (0) m2" in md and "no folklore rows" in md
     and "--baseline (present: kahan)" in md,
     "no folklore rows: entries 'n/a (0) m2' and a note (rc %d %s)" % (rc, err.strip()))
rc, md, _ = tk.run("analysis/wht-table", "--cells", "--metric", "mean_rel", nofolk)
t.ok(rc == 0 and md.count("1.000e-17") == 2, "--cells still lists the cells")

# Several files: one table; the same file twice changes nothing.
rc, both, _ = csv_rows(over, zero)
t.ok(rc == 0 and {r["format"] for r in both} == {"f16", "f32"} and len(both) == 2,
     "two files of different cells give one table of both")
rc1, once, _ = tk.run("analysis/wht-table", over)
rc2, twice, _ = tk.run("analysis/wht-table", over, over)
t.ok(rc1 == rc2 == 0 and once == twice, "a file given twice gives the same table")
conflict = write("conflict.h5", [R("kahan", "f16", "norm", "one-way", 5, 0, 2e-4)])
target = os.path.join(tmp.name, "table.csv")
rc, out, err = tk.run("analysis/wht-table", "-o", target, over, conflict)
t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and "conflicting" in err
     and over in err and conflict in err and not os.path.exists(target),
     "conflicting duplicate rows: exit 2, one line naming both files, no output (%s)"
     % err.strip())
# The rules data/README.md states for cells with trials of mixed states
# (3 trials each, log2n 6): overflow in one trial of three leaves the whole
# cell out (o, not i; --cells shows the status, counting it); a NaN in one
# trial of three leaves a --cells median of the other two; a cell without a
# ratio in any trial is w before e before n before m.
def trio(alg, dist, values, status=("ok",) * 3, k=6):
    return [R(alg, "f64", dist, "one-way", k, tr, v, status=st)
            for tr, (v, st) in enumerate(zip(values, status))]


nan = float("nan")
mixed = write("mixed.h5",
              trio("folklore", "norm", (4e-16, 4e-16, 4e-16))
              + trio("kahan", "norm", (1e-16, 1e-16, 1e-16))
              + trio("folklore", "pmone", (4e-16, 4e-16, 4e-16))
              + trio("kahan", "pmone", (1e-16, 0, 1e-16), ("ok", "overflow", "ok"))
              + trio("folklore", "relu-norm", (0.0, nan, 0.0))
              + trio("kahan", "relu-norm", (0.0, 1e-16, 1e-16))
              + trio("folklore", "pagh-norm", (0.0, nan, 4e-16))
              + trio("kahan", "pagh-norm", (0.0, 1e-16, nan))
              + trio("kahan", "pagh-pmone", (1e-16, 1e-16, 1e-16)))
rc, rows, _ = csv_rows(mixed)
r = rows[0] if rc == 0 and len(rows) == 1 else {}
t.ok(r.get("cells") == "1" and r.get("overflow") == "1" and r.get("incomplete") == "0"
     and r.get("exact_baseline_only") == "1" and r.get("exact_baseline") == "1"
     and r.get("no_baseline") == "1" and r.get("trials") == "3"
     and abs(float(r.get("median_reduction") or 0) - 0.75) < 1e-12,
     "one overflowed trial of three: the cell is o, not i; no ratio in any trial: w "
     "before e before m, as data/README.md says (%s)" % r)
rc, rows, _ = csv_rows("--cells", mixed)
by = {(c["algorithm"], c["dist"]): c for c in rows} if rc == 0 else {}
pm, rn = by.get(("kahan", "pmone"), {}), by.get(("folklore", "relu-norm"), {})
t.ok(pm.get("status") == "overflow" and pm.get("median") == "" and pm.get("trials") == "3"
     and pm.get("note") == "1 overflow of 3 trials"
     and rn.get("status") == "ok" and rn.get("median") == "0.0" and rn.get("trials_used") == "2"
     and rn.get("note") == "1 undefined of 3 trials",
     "--cells: one overflowed trial of three shows the status; one NaN of three a median "
     "of the other two, both counted (%s; %s)" % (pm, rn))

# A file whose last wht-sweep run left cells out (attribute unfinished,
# data/README.md): the same table, the same exit status, one warning line
# per such file (a merge's note of several lines on that one line).
done_rows = [R("folklore", "f32", "norm", "one-way", 4, 0, 4e-8), R("kahan", "f32", "norm", "one-way", 4, 0, 1e-8)]
finished = write("finished.h5", done_rows)
note = "its last run was interrupted after 2 of 8 cells: --resume runs the others"
cut = os.path.join(tmp.name, "cut.h5")
tk.write_file(cut, results=np.array(done_rows, dtype=tk.RESULT_DTYPE), attrs={"unfinished": note})
merged = os.path.join(tmp.name, "merged.h5")
tk.write_file(merged, results=np.array(done_rows, dtype=tk.RESULT_DTYPE),
              attrs={"unfinished": "a.h5: a wht-sweep run is writing this file, or was killed\nb.h5: " + note})
for args in ([], ["--cells"], ["--csv"], ["--rows", "--csv"]):
    rc0, out0, err0 = tk.run("analysis/wht-table", *(args + [finished]))
    rc1, out1, err1 = tk.run("analysis/wht-table", *(args + [cut]))
    t.ok(rc0 == rc1 == 0 and err0 == "" and out1 == out0.replace(finished, cut)
         and err1 == "wht-table: warning: %s is unfinished: %s\n" % (cut, note),
         "%san unfinished file: the same table and exit status, one warning line (%s)"
         % (" ".join(args) + ": " if args else "", err1.strip()))
rc, out, err = tk.run("analysis/wht-table", "--cells", cut, finished, merged, cut)
t.ok(rc == 0 and out and err.splitlines() == [
    "wht-table: warning: %s is unfinished: %s" % (cut, note),
    "wht-table: warning: %s is unfinished: a.h5: a wht-sweep run is writing this file, or was killed; "
    "b.h5: %s" % (merged, note)],
     "several files: one line per unfinished file, named once, a merge's note on one line (%s)"
     % " | ".join(err.splitlines()))
o = os.path.join(tmp.name, "cut.md")
rc, out, err = tk.run("analysis/wht-table", "-o", o, cut)
t.ok(rc == 0 and out == "" and os.path.isfile(o) and err.startswith("wht-table: warning: %s is unfinished" % cut),
     "-o: the table written, the warning on stderr (%s)" % err.strip())
rc, out, err = tk.run("analysis/wht-table", "--algo", "kahan,bogus", cut)
t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and "bogus" in err,
     "a refused call on an unfinished file: its one error line only (%s)" % err.strip())
try:
    import pandas  # noqa: F401
    from whtlab_frame import load_frame
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        frame = load_frame([cut, finished])
    said = [str(x.message) for x in w if x.category is UserWarning]
    t.ok(len(frame) == 2 and said == ["%s is unfinished: %s" % (cut, note)],
         "load_frame: the rows, and a warning for the unfinished file (%s)" % said)
except ImportError:
    t.ok(True, "load_frame: # SKIP pandas is not installed")

t.done()
