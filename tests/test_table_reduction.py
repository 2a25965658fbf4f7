"""wht-table --reduction: every entry of the table recomputed here with numpy
straight from the file (per trial 1 - alg/baseline on the same inputs, the
median over (dist, op), then median and quartiles over the trials; exact
baselines and non-ok cells left out), for every metric and several
baselines, on a real sweep and on a synthetic file whose error columns are
drawn independently; and the Markdown, LaTeX and CSV forms of the same
table agree."""

import csv
import io
import os
import re
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
synth = os.path.join(tmp.name, "synthetic.h5")
tk.write_file(synth, results=tk.synthetic_metrics())


def expected(path, metric="norm_rel", baseline="folklore"):
    """(format, log2n, algorithm) -> (median, q25, q75, trials, cells used,
    exact baselines (both exact), exact baselines only (the baseline exact,
    the algorithm not), overflow cells, undefined cells, cells left out for
    lacking a ratio in one of the trials common to the entry's cells),
    computed without the analysis modules. The files here have one tau and
    only the statuses ok and overflow, so a cell is (dist, op)."""
    a = tk.read_rows(path)
    s = {c: np.char.decode(a[c]) for c in ("algorithm", "format", "dist", "op", "status")}
    val = a[metric]
    out = {}
    for alg in sorted(set(s["algorithm"]) - {baseline}):
        for fmt in sorted(set(s["format"])):
            for k in sorted(set(a["log2n"].tolist())):
                candidates, seen = [], False
                exact = exact_only = overflow = undefined = 0
                for dist in sorted(set(s["dist"])):
                    for op in sorted(set(s["op"])):
                        cell = ((s["format"] == fmt) & (a["log2n"] == k)
                                & (s["dist"] == dist) & (s["op"] == op))
                        ia = {(int(a["seed"][i]), int(a["trial"][i])): i
                              for i in np.flatnonzero(cell & (s["algorithm"] == alg))}
                        ib = {(int(a["seed"][i]), int(a["trial"][i])): i
                              for i in np.flatnonzero(cell & (s["algorithm"] == baseline))}
                        if not ia:
                            continue
                        seen = True
                        both = sorted(set(ia) & set(ib))
                        if any(s["status"][m[tr]] != "ok" for tr in both for m in (ia, ib)):
                            overflow += 1
                            continue
                        ratios, zero_both, zero_base = {}, False, False
                        for tr in both:
                            x, y = val[ia[tr]], val[ib[tr]]
                            if np.isnan(x) or np.isnan(y) or (np.isinf(x) and np.isinf(y)):
                                continue
                            if y == 0:
                                zero_both |= x == 0
                                zero_base |= x != 0
                            else:
                                ratios[tr] = 1 - x / y
                        if ratios:
                            candidates.append((set(ia), ratios))
                        elif zero_base:
                            exact_only += 1
                        elif zero_both:
                            exact += 1
                        elif both:
                            undefined += 1
                if seen:
                    # the trials common to the cells with a ratio; a cell
                    # without a ratio in one of them does not enter
                    common = set.intersection(*[c[0] for c in candidates]) \
                        if candidates else set()
                    used = [c[1] for c in candidates if common <= set(c[1])]
                    m = [float(np.median([c[tr] for c in used])) for tr in common] \
                        if used else []
                    q = np.percentile(m, [50, 25, 75]) if m else [None] * 3
                    out[(fmt, k, alg)] = tuple(None if x is None else float(x) for x in q) + (
                        len(m), len(used), exact, exact_only, overflow, undefined,
                        len(candidates) - len(used))
    return out


def close(x, y):
    return (x is None) == (y is None) and (x is None or abs(x - y) <= 1e-12 * max(1.0, abs(y)))


def table_csv(*args):
    """{metric: {(format, log2n, algorithm): tuple as expected()}} of wht-table --csv."""
    rc, out, err = tk.run("analysis/wht-table", "--csv", *args)
    got = {}
    for r in csv.DictReader(io.StringIO(out)):
        num = [float(r[c]) if r[c] else None for c in ("median_reduction", "q25", "q75")]
        got.setdefault(r["metric"], {})[(r["format"], int(r["log2n"]), r["algorithm"])] = \
            tuple(num) + tuple(int(r[c]) for c in ("trials", "cells", "exact_baseline",
                                                    "exact_baseline_only", "overflow",
                                                    "undefined", "incomplete"))
    return rc, got, err


def compare(got, exp):
    """Descriptions of the entries where got differs from exp."""
    bad = [] if set(got) == set(exp) else ["entries %s" % sorted(set(got) ^ set(exp))[:3]]
    for key, e in exp.items():
        g = got.get(key)
        if g is None or g[3:] != e[3:] or not all(close(x, y) for x, y in zip(g[:3], e[:3])):
            bad.append("%s: got %s expected %s" % (key, g, e))
    return bad


exp = expected(path)
rc, got, err = table_csv(path)
t.ok(rc == 0 and err == "" and list(got) == ["norm_rel"],
     "wht-table --csv exits 0 without messages, one table of the default metric norm_rel "
     "(rc %d %s %s)" % (rc, err.strip(), list(got)))
got = got.get("norm_rel", {})
t.ok(set(got) == set(exp), "the table has one entry per (format, log2n, algorithm) of the "
     "file (%d entries, expected %d)" % (len(got), len(exp)))
bad = compare(got, exp)
t.ok(not bad, "every median, quartile, trial and cell count and the counts of cells left "
     "out (exact baseline, overflow, undefined) equal the numpy recomputation" + ("; " + "; ".join(bad[:3]) if bad else ""))
t.ok(any(e[4] > 1 for e in exp.values()) and any(e[3] > 1 for e in exp.values()),
     "the recomputed medians span several cells and several trials")

# Every metric and several baselines, on both files: the metric's column
# and the baseline's rows, nothing else, make the numbers.
for name, f in (("sweep", path), ("synthetic", synth)):
    algs = sorted(set(np.char.decode(tk.read_rows(f)["algorithm"])))
    for base in ("folklore", "kahan", algs[-1]):
        rc, got, err = table_csv("--metric", "all", "--baseline", base, f)
        t.ok(rc == 0 and list(got) == list(tk.ERROR_COLUMNS[4:5] + ("mean_rel", "max_rel",
                                                                      "mean_abs", "max_abs",
                                                                      "max_ulp")),
             "%s, --baseline %s --metric all: one table per metric in the documented order "
             "(rc %d %s %s)" % (name, base, rc, err.strip(), list(got)))
        for metric in tk.ERROR_COLUMNS:
            bad = compare(got.get(metric, {}), expected(f, metric, base))
            t.ok(not bad, "%s, --baseline %s, %s: every entry equals the numpy recomputation"
                 % (name, base, metric) + ("; " + "; ".join(bad[:2]) if bad else ""))
rc, got, _ = table_csv("--metric", "all", synth)
medians = {m: [v[0] for v in tab.values()] for m, tab in got.items()}
t.ok(rc == 0 and len({tuple(v) for v in medians.values()}) == len(tk.ERROR_COLUMNS),
     "the synthetic file's metrics give six different tables (a column mixed up would show)")
e = expected(synth)
t.ok(all(any(v[i] for v in e.values()) for i in (5, 6, 7)),
     "the synthetic file has exact baselines, exact-baseline-only and overflow cells")
rc, md, _ = tk.run("analysis/wht-table", "--metric", "mean_rel,max_ulp", synth)
t.ok(rc == 0 and md.index("mean_rel (") < md.index("max_ulp (")
     and md.count("| format | log2n |") == 2,
     "Markdown with two metrics: two tables, each under its metric's title")

def rounded_ok(num, m):
    """Whether num is m rounded to 3 decimals, or to more where 3 would show
    0 or 1 for a value that is not."""
    dec = len(num.split(".")[1]) if "." in num else 0
    return (dec >= 3 and abs(float(num) - m) <= 0.5 * 10.0 ** -dec * (1 + 1e-9)
            and (dec == 3 or round(m, dec - 1) in (0.0, 1.0)))


def printed_as(text, e):
    """Whether text is 'median [q25, q75] (cells) ...' for the expected
    entry e (no interval with one trial, 'n/a' without a median)."""
    m = re.fullmatch(r"(\S+)(?: \[(\S+), (\S+)\])? \((\d+)\)( .*)?", text)
    if not m or int(m.group(4)) != e[4]:
        return False
    if e[0] is None:
        return m.group(1) == "n/a" and m.group(2) is None
    if (m.group(2) is not None) != (e[3] > 1):
        return False
    return rounded_ok(m.group(1), e[0]) and (e[3] == 1 or (
        rounded_ok(m.group(2), e[1]) and rounded_ok(m.group(3), e[2])))


def table_lines(md):
    return [ln for ln in md.splitlines() if ln.startswith("|")]


# Markdown: the same numbers as "median [q25, q75] (cells)".
rc, md, err = tk.run("analysis/wht-table", path)
t.ok(rc == 0, "Markdown is the default output (rc %d)" % rc)
lines = table_lines(md)
head = [c.strip() for c in lines[0].strip("|").split("|")]
algs = head[2:]
wrong = []
for ln in lines[2:]:
    cells = [c.strip() for c in ln.strip("|").split("|")]
    for alg, text in zip(algs, cells[2:]):
        e = exp[(cells[0], int(cells[1]), alg)]
        if not printed_as(text, e):
            wrong.append("%s %s %s: %r, want %s" % (cells[0], cells[1], alg, text, e))
t.ok(not wrong and len(lines) - 2 == len({(f, k) for f, k, _ in exp}),
     "Markdown rows are (format, log2n), columns the algorithms, entries "
     "'median [q25, q75] (cells)'" + ("; " + "; ".join(wrong[:3]) if wrong else ""))
t.ok("folklore" not in algs, "folklore, the baseline, is not a column")
t.ok("median over the (dist, op) cells" in md and "interquartile range over the trials" in md
     and md.startswith("norm_rel ("),
     "Markdown carries the metric as its title and the note explaining entries and spread")

rc, tex, _ = tk.run("analysis/wht-table", "--latex", path)
body = [ln for ln in tex.splitlines() if ln.endswith("\\\\")]
t.ok(rc == 0 and "\\toprule" in tex and "\\midrule" in tex and "\\bottomrule" in tex
     and "\\begin{tabular}" in tex, "--latex writes a booktabs tabular")
t.ok(len(body) == len(lines) - 1, "--latex has the header and the same rows as Markdown "
     "(%d vs %d)" % (len(body), len(lines) - 1))

t.ok(re.search(r"(^|& |\[|, )-[0-9]", tex, re.M) is None and "[$-$" in tex,
     "--latex writes negative numbers with a math minus, never a bare hyphen")

outfile = os.path.join(tmp.name, "table.md")
rc, so, _ = tk.run("analysis/wht-table", "-o", outfile, path)
t.ok(rc == 0 and so == "" and open(outfile).read() == md, "-o FILE writes what stdout shows")

alg = algs[0]
rc, one, _ = tk.run("analysis/wht-table", "--algo", alg, path)
h1 = [c.strip() for c in table_lines(one)[0].strip("|").split("|")]
t.ok(rc == 0 and h1[2:] == [alg], "--algo %s keeps that column (folklore stays the baseline)" % alg)
rc, _, err = tk.run("analysis/wht-table", "--algo", "folklore", path)
t.ok(rc == 2 and len(err.splitlines()) == 1, "--algo folklore alone is a usage error (rc %d)" % rc)
rc, one, _ = tk.run("analysis/wht-table", "--baseline", "kahan", "--algo", "folklore", path)
h1 = [c.strip() for c in table_lines(one)[0].strip("|").split("|")]
t.ok(rc == 0 and h1[2:] == ["folklore"] and "reduction against kahan" in one
     and "norm_rel(kahan)" in one,
     "--baseline kahan --algo folklore: folklore is the column, kahan the baseline, named "
     "in title and note")
rc, _, err = tk.run("analysis/wht-table", "--baseline", "KAHAN", "--algo", "kahan", path)
t.ok(rc == 2 and len(err.splitlines()) == 1 and "kahan" in err,
     "--baseline and --algo naming the same algorithm alone is a usage error (%s)" % err.strip())

# Every trial's median is over the same cells: in comp.h5 folklore and
# kahan are both exact on pmone in trials 1-3 (equal otherwise, reduction
# 0) and kahan removes 40 % of the error on norm in every trial. The pmone
# cell has no ratio in 3 of the 5 common trials: left out (tag i), the
# entry 0.4 in every trial (not 0.2 in trials 0 and 4, 0.4 in the others).
def crow(alg, v, dist, tri):
    r = tk.result_row(alg, "f32", dist, "one-way", 5, tri, 1.0)
    for c in tk.ERROR_COLUMNS:
        r[c] = v
    return r


comp = os.path.join(tmp.name, "comp.h5")
tk.write_file(comp, results=np.array(
    [crow(a, v, d, tri) for tri in range(5)
     for a, v, d in (("folklore", 0.0 if tri in (1, 2, 3) else 1e-7, "pmone"),
                     ("kahan", 0.0 if tri in (1, 2, 3) else 1e-7, "pmone"),
                     ("folklore", 1e-7, "norm"), ("kahan", .6e-7, "norm"))],
    dtype=tk.RESULT_DTYPE))
rc, out, _ = tk.run("analysis/wht-table", "--csv", comp)
r = next(csv.DictReader(io.StringIO(out)), {})
t.ok(rc == 0 and [r.get(c) for c in ("median_reduction", "q25", "q75", "trials", "cells",
                                     "incomplete", "trials_without_ratio",
                                     "trials_not_common")]
     == ["0.4", "0.4", "0.4", "5", "1", "1", "exact-baseline:3", "0"],
     "a cell without a ratio in some trials leaves every trial's median: 0.4 [0.4, 0.4] "
     "over 1 cell, 1 incomplete, its 3 exact trials counted (%s)" % r)
rc, md, _ = tk.run("analysis/wht-table", comp)
t.ok(rc == 0 and "0.400 [0.400, 0.400] (1) i1" in md and "3 folklore and the algorithm exact"
     in md, "Markdown: tag i1 and the note counting its trials")
# Cells of different trial counts: norm 5 trials, pmone 3: the entry's
# trials are the 3 common ones, the other 2 counted.
uneven = os.path.join(tmp.name, "uneven.h5")
tk.write_file(uneven, results=np.array(
    [crow(a, v * (1 + tri), "norm", tri) for tri in range(5)
     for a, v in (("folklore", 1e-7), ("kahan", .6e-7))]
    + [crow(a, v, "pmone", tri) for tri in range(3)
       for a, v in (("folklore", 1e-7), ("kahan", .2e-7))], dtype=tk.RESULT_DTYPE))
rc, out, _ = tk.run("analysis/wht-table", "--csv", uneven)
r = next(csv.DictReader(io.StringIO(out)), {})
t.ok(rc == 0 and r.get("trials") == "3" and r.get("cells") == "2"
     and r.get("trials_not_common") == "2" and abs(float(r.get("median_reduction") or 0) - 0.6)
     < 1e-12, "cells of 5 and 3 trials: the 3 common trials enter (median of 0.4 and 0.8), "
     "the 2 others are counted (%s)" % r)
rc, md, _ = tk.run("analysis/wht-table", uneven)
t.ok(rc == 0 and "Trials left out of their entry because some of its cells have no row in "
     "them" in md and ": 2 (CSV column trials_not_common)" in md,
     "Markdown: a note counts the trials not common to the cells")
# Cells that share no trial (norm of seed 1, pmone of seed 2): none enters,
# both are counted (tag i), not an entry of n/a over 2 cells.
disjoint = os.path.join(tmp.name, "disjoint.h5")
dj = []
for dist, seed in (("norm", 1), ("pmone", 2)):
    for tri in range(2):
        for a, v in (("folklore", 1e-7), ("kahan", .5e-7)):
            r = crow(a, v, dist, tri)
            r["seed"] = seed
            dj.append(r)
tk.write_file(disjoint, results=np.array(dj, dtype=tk.RESULT_DTYPE))
rc, out, _ = tk.run("analysis/wht-table", "--csv", disjoint)
r = next(csv.DictReader(io.StringIO(out)), {})
t.ok(rc == 0 and r.get("cells") == "0" and r.get("incomplete") == "2" and r.get("trials_not_common") == "4",
     "cells with no trial in common: 0 cells entered, 2 incomplete, 4 trials not common (%s)" % r)
t.done()
