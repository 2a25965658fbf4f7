"""wht-table --reduction: every entry of the table recomputed here with numpy
straight from the file (trial means per cell, 1 - alg/folklore, median over
(dist, op), exact baselines and non-ok cells left out), and the Markdown,
LaTeX and CSV forms of the same table agree."""

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


def expected(path):
    """(format, log2n, algorithm) -> (median or None, cells used, exact
    baselines (folklore and the algorithm exact), exact baselines only
    (folklore exact, the algorithm not)), computed without the analysis
    modules."""
    a = tk.read_rows(path)
    s = {c: np.char.decode(a[c]) for c in ("algorithm", "format", "dist", "op", "status")}
    rel = a["mean_rel"]
    out = {}
    folk = s["algorithm"] == "folklore"
    for alg in sorted(set(s["algorithm"]) - {"folklore"}):
        for fmt in sorted(set(s["format"])):
            for k in sorted(set(a["log2n"].tolist())):
                vals, exact, exact_only, seen = [], 0, 0, False
                for dist in sorted(set(s["dist"])):
                    for op in sorted(set(s["op"])):
                        cell = ((s["format"] == fmt) & (a["log2n"] == k)
                                & (s["dist"] == dist) & (s["op"] == op))
                        ma, mf = cell & (s["algorithm"] == alg), cell & folk
                        if not ma.any():
                            continue
                        seen = True
                        ta, tf = a["trial"][ma], a["trial"][mf]
                        both = sorted(set(ta.tolist()) & set(tf.tolist()))
                        if not both:
                            continue
                        ia = [np.flatnonzero(ma)[ta == tr][0] for tr in both]
                        ib = [np.flatnonzero(mf)[tf == tr][0] for tr in both]
                        if any(s["status"][i] != "ok" for i in ia + ib):
                            continue
                        ok = [(rel[i], rel[j]) for i, j in zip(ia, ib)
                              if np.isfinite(rel[i]) and np.isfinite(rel[j])]
                        if not ok:
                            continue
                        ea = np.mean([x for x, _ in ok])
                        ef = np.mean([y for _, y in ok])
                        if ef == 0:
                            if ea == 0:
                                exact += 1
                            else:
                                exact_only += 1
                            continue
                        vals.append(1 - ea / ef)
                if seen:
                    out[(fmt, k, alg)] = (float(np.median(vals)) if vals else None,
                                          len(vals), exact, exact_only)
    return out


def printed_as(text, m, n):
    """Whether text is 'median (n) ...' with the median m rounded to 3
    decimals, or to more where 3 would show 0 or 1 for a value that is not."""
    num, _, rest = text.partition(" (")
    if not rest.startswith("%d)" % n):
        return False
    if m is None:
        return num == "n/a"
    dec = len(num.split(".")[1]) if "." in num else 0
    return (dec >= 3 and abs(float(num) - m) <= 0.5 * 10.0 ** -dec * (1 + 1e-9)
            and (dec == 3 or round(m, dec - 1) in (0.0, 1.0)))


exp = expected(path)
rc, out, err = tk.run("analysis/wht-table", "--csv", path)
t.ok(rc == 0 and err == "",
     "wht-table --csv exits 0 without messages (rc %d %s)" % (rc, err.strip()))
got = {}
for r in csv.DictReader(io.StringIO(out)):
    got[(r["format"], int(r["log2n"]), r["algorithm"])] = (
        float(r["median_reduction"]) if r["median_reduction"] else None,
        int(r["cells"]), int(r["exact_baseline"]), int(r["exact_baseline_only"]))
t.ok(set(got) == set(exp), "the table has one entry per (format, log2n, algorithm) of the "
     "file (%d entries, expected %d)" % (len(got), len(exp)))
bad = []
for key, (m, n, e, w) in exp.items():
    g = got.get(key)
    if g is None or g[1] != n or g[2] != e or g[3] != w or (m is None) != (g[0] is None) or \
            (m is not None and abs(g[0] - m) > 1e-12 * max(1.0, abs(m))):
        bad.append("%s: got %s expected %s" % (key, g, (m, n, e, w)))
t.ok(not bad, "every median, cell count and exact-baseline count equals the numpy "
     "recomputation" + ("; " + "; ".join(bad[:3]) if bad else ""))
t.ok(any(n > 1 for _, n, _, _ in exp.values()), "the recomputed medians span several cells")

# Markdown: the same numbers as "median (cells)".
rc, md, err = tk.run("analysis/wht-table", path)
t.ok(rc == 0, "Markdown is the default output (rc %d)" % rc)
lines = [ln for ln in md.splitlines() if ln.startswith("|")]
head = [c.strip() for c in lines[0].strip("|").split("|")]
algs = head[2:]
wrong = []
for ln in lines[2:]:
    cells = [c.strip() for c in ln.strip("|").split("|")]
    for alg, text in zip(algs, cells[2:]):
        m, n = exp[(cells[0], int(cells[1]), alg)][:2]
        if not printed_as(text, m, n):
            wrong.append("%s %s %s: %r, want %s (%d)" % (cells[0], cells[1], alg, text, m, n))
t.ok(not wrong and len(lines) - 2 == len({(f, k) for f, k, _ in exp}),
     "Markdown rows are (format, log2n), columns the algorithms, entries 'median (cells)'"
     + ("; " + "; ".join(wrong[:3]) if wrong else ""))
t.ok("folklore" not in algs, "folklore, the baseline, is not a column")
t.ok("median over the (dist, op) cells" in md, "Markdown carries the note explaining entries")

rc, tex, _ = tk.run("analysis/wht-table", "--latex", path)
body = [ln for ln in tex.splitlines() if ln.endswith("\\\\")]
t.ok(rc == 0 and "\\toprule" in tex and "\\midrule" in tex and "\\bottomrule" in tex
     and "\\begin{tabular}" in tex, "--latex writes a booktabs tabular")
t.ok(len(body) == len(lines) - 1, "--latex has the header and the same rows as Markdown "
     "(%d vs %d)" % (len(body), len(lines) - 1))

t.ok(re.search(r"(^|& )-[0-9]", tex, re.M) is None,
     "--latex writes negative numbers with a math minus, never a bare hyphen")

outfile = os.path.join(tmp.name, "table.md")
rc, so, _ = tk.run("analysis/wht-table", "-o", outfile, path)
t.ok(rc == 0 and so == "" and open(outfile).read() == md, "-o FILE writes what stdout shows")

alg = algs[0]
rc, one, _ = tk.run("analysis/wht-table", "--algo", alg, path)
h1 = [c.strip() for c in one.splitlines()[0].strip("|").split("|")]
t.ok(rc == 0 and h1[2:] == [alg], "--algo %s keeps that column (folklore stays the baseline)" % alg)
rc, _, err = tk.run("analysis/wht-table", "--algo", "folklore", path)
t.ok(rc == 2 and len(err.splitlines()) == 1, "--algo folklore alone is a usage error (rc %d)" % rc)
t.done()
