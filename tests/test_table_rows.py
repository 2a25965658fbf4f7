"""wht-table --rows: the raw export. --csv writes every /results row of the
files, every column, strings decoded, and reads back to the stored values
exactly (NaN, infinity, the largest uint64 seed, every status), with the
file each row came from; filters select rows; Markdown and LaTeX have one
line per row. whtlab_frame.load_frame gives the same rows as a pandas
DataFrame, and the example in data/README.md runs."""

import csv
import io
import math
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
srcdir = os.environ.get("top_srcdir", ".")
sys.path.insert(0, os.path.join(srcdir, "analysis"))
import numpy as np  # noqa: E402
import whtlab_testkit as tk  # noqa: E402

t = tk.Tap()
tmp = tempfile.TemporaryDirectory()
first = os.path.join(tmp.name, "first.h5")
second = os.path.join(tmp.name, "second.h5")
a = tk.synthetic_metrics(formats=("f16",), sizes=range(3, 6), trials=2)
R = tk.result_row
extra = [R("kahan", "f64", "norm", "smoothed", 30, 0, 1e-17, tau=0.25, seed=2 ** 64 - 1),
         R("kahan", "f64", "norm", "one-way", 30, 0, 0, status="unsupported"),
         R("folklore", "f64", "norm", "one-way", 30, 0, 1e-16, backend="gpu")]
extra[0]["max_abs"] = math.inf
b = np.array(extra, dtype=tk.RESULT_DTYPE)
tk.write_file(first, results=a)
tk.write_file(second, results=b)
stored = [(r, first) for r in a] + [(r, second) for r in b]
COLUMNS = list(tk.RESULT_DTYPE.names)


def same(text, v):
    """Whether a CSV field reads back as the stored value v exactly."""
    if isinstance(v, bytes):
        return text == v.split(b"\0", 1)[0].decode("ascii")
    if isinstance(v, (float, np.floating)):
        x = float(text)
        return x == float(v) or (math.isnan(x) and math.isnan(v))
    return int(text) == int(v)


rc, out, err = tk.run("analysis/wht-table", "--rows", "--csv", first, second, first)
reader = csv.DictReader(io.StringIO(out))
got = list(reader)
t.ok(rc == 0 and err == "", "--rows --csv exits 0 without messages (rc %d %s)" % (rc, err.strip()))
t.ok(reader.fieldnames == COLUMNS + ["file"],
     "the header is every /results column in data/README.md's order, then file (%s)"
     % reader.fieldnames)
t.ok(len(got) == len(stored), "one line per stored row, a file given twice counted once "
     "(%d lines, %d rows)" % (len(got), len(stored)))
bad = []
for i, (g, (r, f)) in enumerate(zip(got, stored)):
    wrong = [c for c in COLUMNS if not same(g[c], r[c])] + (["file"] if g["file"] != f else [])
    if wrong:
        bad.append("row %d: %s" % (i, ", ".join("%s %r vs %r" % (c, g.get(c), r[c] if c in COLUMNS
                                                                 else f) for c in wrong[:2])))
t.ok(not bad, "every field of every row reads back as the stored value, in file order"
     + ("; " + "; ".join(bad[:3]) if bad else ""))
kinds = {g["status"] for g in got}
t.ok(kinds == {"ok", "overflow", "unsupported"} and any(g["max_abs"] == "inf" for g in got)
     and any(g["mean_rel"] == "nan" for g in got)
     and any(g["seed"] == str(2 ** 64 - 1) for g in got),
     "the export covers every status, NaN, infinity and the largest seed (%s)" % sorted(kinds))

rc, out, _ = tk.run("analysis/wht-table", "--rows", "--csv", "--format", "f64", "--op",
                    "one-way", first, second)
sel = list(csv.DictReader(io.StringIO(out)))
t.ok(rc == 0 and [(g["algorithm"], g["backend"]) for g in sel]
     == [("kahan", "cpu"), ("folklore", "gpu")], "filters select the rows exported (%s)"
     % [(g["algorithm"], g["backend"]) for g in sel])
rc, md, _ = tk.run("analysis/wht-table", "--rows", first, second)
lines = [ln for ln in md.splitlines() if ln.startswith("|")]
t.ok(rc == 0 and len(lines) == len(stored) + 2
     and any(c.strip() == "inf" for ln in lines for c in ln.split("|")),
     "Markdown: header, rule and one line per row, values as in CSV (%d lines)" % len(lines))
rc, tex, _ = tk.run("analysis/wht-table", "--rows", "--latex", second)
t.ok(rc == 0 and len([ln for ln in tex.splitlines() if ln.endswith("\\\\")]) == len(b) + 1
     and "\\_" in tex, "LaTeX: a header and one line per row, names escaped")

try:
    import pandas  # noqa: F401
    have_pandas = True
except ImportError:
    have_pandas = False
if have_pandas:
    from whtlab_frame import load_frame
    df = load_frame([first, second, first])
    frame_ok = (list(df.columns) == COLUMNS + ["file"] and len(df) == len(stored)
                and str(df["seed"].dtype) == "uint64" and str(df["log2n"].dtype) == "int64"
                and all(isinstance(v, str) for v in df["algorithm"]))
    mism = [i for i, (row, (r, f)) in enumerate(zip(df.itertuples(index=False), stored))
            if not all(same(repr(v) if isinstance(v, float) else str(v), r[c])
                       for c, v in zip(COLUMNS, row)) or row[-1] != f]
    t.ok(frame_ok and not mism, "load_frame: the same rows and columns as DataFrame, strings "
         "as str, seed uint64 (mismatched rows %s)" % mism[:3])
else:
    t.ok(True, "load_frame: # SKIP pandas is not installed")

# The example of data/README.md, "Reading results in Python", on a file here.
readme = open(os.path.join(srcdir, "data", "README.md")).read()
m = re.search(r"## Reading results in Python.*?```python\n(.*?)```", readme, re.S)
code = m.group(1) if m else ""
t.ok(m is not None and len(code.strip().splitlines()) == 5,
     "data/README.md has a 5-line pandas example (%d lines)" % len(code.strip().splitlines()))
if have_pandas and m:
    code = code.replace('"data/default.h5"', repr(first)).replace(
        '"analysis"', repr(os.path.join(srcdir, "analysis")))
    p = subprocess.run([os.environ.get("PYTHON", sys.executable), "-c", code],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    t.ok(p.returncode == 0 and "kahan" in p.stdout and "f16" in p.stdout,
         "the example runs and prints a table by format and algorithm (rc %d %s)"
         % (p.returncode, p.stderr.strip()[-300:]))
else:
    t.ok(True, "the data/README.md example runs # SKIP pandas is not installed")
t.done()
