"""wht-plot accuracy figures: accuracy-<metric>-<format>.png and .pdf for
each metric (default norm_rel) and format in a folder it creates, PNGs of
the documented size (7 in wide, 1.5 in per distribution row plus title and
legend, at --dpi), the reference line of the metric, the cells' medians
over trials as lines and their interquartile ranges as shaded bands (checked
against hand-computed quartiles), and zero-error and overflow points drawn
as edge markers rather than dropped; files without folklore rows do not
stop it, nor does a file marked unfinished (one warning line on stderr)."""

import ast
import os
import shutil
import struct
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import h5py  # noqa: E402
import numpy as np  # noqa: E402
import whtlab_testkit as tk  # noqa: E402

DPI = 60   # small PNGs keep the test fast; sizes scale with it
t = tk.Tap()
tmp = tempfile.TemporaryDirectory()
path = os.path.join(tmp.name, "sweep.h5")
t.diag("input " + tk.sweep_or_synthetic(path))
a = tk.read_rows(path)


def png_size(p):
    with open(p, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


outdir = os.path.join(tmp.name, "figs", "new")
rc, out, err = tk.run("analysis/wht-plot", "--outdir", outdir, "--dpi", DPI, "--only",
                      "accuracy", path)
formats = sorted(set(np.char.decode(a["format"])))
t.ok(rc == 0 and err == "", "wht-plot exits 0 quietly (rc %d %s)" % (rc, err.strip()))
want = sorted("accuracy-norm_rel-%s.%s" % (f, e) for f in formats for e in ("png", "pdf"))
t.ok(os.path.isdir(outdir) and sorted(os.listdir(outdir)) == want,
     "the missing folder is created and holds exactly %s" % ", ".join(want))
t.ok(sorted(out.split()) == sorted(os.path.join(outdir, w) for w in want),
     "the written paths are printed")
for fmt in formats:
    size = png_size(os.path.join(outdir, "accuracy-norm_rel-%s.png" % fmt))
    rows = len(set(a["dist"][a["format"] == fmt.encode()].tolist()))
    lo, hi = (0.45 + 1.5 * rows) * DPI, (0.45 + 1.5 * rows + 1.6) * DPI
    t.ok(size is not None and size[0] == 7 * DPI and lo <= size[1] <= hi,
         "accuracy-norm_rel-%s.png is a PNG 7 in wide (%d px) and %d rows high (%s px, %g..%g)"
         % (fmt, 7 * DPI, rows, size, lo, hi))
    with open(os.path.join(outdir, "accuracy-norm_rel-%s.pdf" % fmt), "rb") as f:
        t.ok(f.read(5) == b"%PDF-", "accuracy-norm_rel-%s.pdf is a PDF" % fmt)
mdir = os.path.join(tmp.name, "metrics")
rc, out, err = tk.run("analysis/wht-plot", "--outdir", mdir, "--dpi", DPI, "--format", "f16",
                      "--metric", "max_ulp,mean_rel", path)
t.ok(rc == 0 and sorted(os.listdir(mdir)) == ["accuracy-max_ulp-f16.pdf", "accuracy-max_ulp-f16.png",
                                              "accuracy-mean_rel-f16.pdf",
                                              "accuracy-mean_rel-f16.png"],
     "--metric max_ulp,mean_rel: one set of figures per metric, named by it (rc %d %s)"
     % (rc, err.strip()))

# Edge cases through the program: overflow, exact zeros, no folklore rows.
R = tk.result_row
edge = os.path.join(tmp.name, "edge.h5")
rows = []
for k in range(3, 7):
    rows += [R("folklore", "f16", "pmone", "one-way", k, 0, 0.0 if k == 3 else 1e-4 * k),
             R("kahan", "f16", "pmone", "one-way", k, 0, 0.0 if k == 3 else 4e-5 * k),
             R("kahan", "f16", "norm", "two-way", k, 0, 2e-4,
               status="overflow" if k == 6 else "ok"),
             R("neumaier", "bf16", "norm", "two-way", k, 0, 1e-3)]   # bf16: no folklore
tk.write_file(edge, results=np.array(rows, dtype=tk.RESULT_DTYPE))
edir = os.path.join(tmp.name, "edge")
rc, out, err = tk.run("analysis/wht-plot", "--outdir", edir, "--dpi", DPI, edge)
t.ok(rc == 0 and sorted(os.listdir(edir)) == ["accuracy-norm_rel-bf16.pdf",
                                              "accuracy-norm_rel-bf16.png",
                                              "accuracy-norm_rel-f16.pdf",
                                              "accuracy-norm_rel-f16.png"],
     "zero errors, overflow and a format without folklore are drawn (rc %d %s)"
     % (rc, err.strip()))

# Files whose tau (or backend) differs between formats: each format's lines
# are labelled as over all the files, and every line is drawn.
mixed_a = os.path.join(tmp.name, "tau05.h5")
mixed_b = os.path.join(tmp.name, "tau1.h5")
tk.write_file(mixed_a, results=np.array(
    [R(a, "f32", "norm", "one-way", k, 0, 1e-7 * k, tau=0.5) for a in ("folklore", "kahan")
     for k in range(3, 6)], dtype=tk.RESULT_DTYPE))
tk.write_file(mixed_b, results=np.array(
    [R(a, "f16", "norm", "one-way", k, 0, 1e-3 * k, tau=1.0) for a in ("folklore", "kahan")
     for k in range(3, 6)], dtype=tk.RESULT_DTYPE))
mdir = os.path.join(tmp.name, "mixed")
rc, out, err = tk.run("analysis/wht-plot", "--outdir", mdir, "--dpi", DPI, mixed_a, mixed_b)
t.ok(rc == 0 and err == "" and sorted(os.listdir(mdir)) == [
    "accuracy-norm_rel-f16.pdf", "accuracy-norm_rel-f16.png", "accuracy-norm_rel-f32.pdf",
    "accuracy-norm_rel-f32.png"],
     "files of another tau per format: both figures drawn (rc %d %s)" % (rc, err.strip()[-200:]))

# What the f16 figure holds, inspected through the module wht-plot uses.
probe = r"""
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[2])
import whtlab_plotstyle, whtlab_accuracy_plot as ap
from whtlab_results import load
rows = load([sys.argv[1]], "results")
rows = rows.select(rows["format"] == "f16")
fig = ap.plot_format(rows, "f16", ["folklore", "kahan", "neumaier"], ap.line_kinds(rows),
                     "mean_rel")
axes = [ax for ax in fig.axes if ax.axison]
from matplotlib.legend import Legend
texts = [t.get_text() for ax in fig.axes for c in ax.get_children() if isinstance(c, Legend)
         for t in c.get_texts()]
marks = {m: sum(len(l.get_xdata()) for ax in axes for l in ax.lines if l.get_marker() == m)
         for m in ("v", "X")}
u = [l.get_ydata()[0] for l in axes[0].lines if l.get_linestyle() == "--"]
import math
points = sorted((float(x), float(y)) for ax in axes for l in ax.lines
                if l.get_marker() not in ("v", "X", "None", None, "")
                for x, y in zip(l.get_xdata(), l.get_ydata()) if math.isfinite(y))
lo, hi = axes[0].get_ylim()
frac = [(math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))
        for v in axes[0].get_yticks() if lo <= v <= hi]
print(repr(dict(texts=texts, marks=marks, u=u, title=fig._suptitle.get_text(), frac=frac,
                points=points,
                xlabel=axes[-1].get_xlabel(), ylabel=axes[0].get_ylabel(),
                ylog=axes[0].get_yscale())))
"""
p = subprocess.run([os.environ.get("PYTHON", sys.executable), "-c", probe, edge,
                    os.path.join(os.environ.get("top_srcdir", "."), "analysis")],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
info = ast.literal_eval(p.stdout) if p.returncode == 0 else {}
ap_band = 0.07   # whtlab_accuracy_plot.EDGE_BAND: the zero and overflow marker bands
if p.returncode:
    t.diag(p.stderr)
t.ok(info.get("marks", {}).get("v") == 2, "the two zero-error points (folklore and kahan at "
     "log2n 3) are drawn as bottom-edge markers (%s)" % info.get("marks"))
t.ok(info.get("marks", {}).get("X") == 1, "the overflow point is drawn as a top-edge marker")
texts = " | ".join(info.get("texts", []))
t.ok("error 0 (exact)" in texts and "overflow" in texts and "kahan" in texts
     and "folklore" in texts, "the legend names the algorithms and both marker kinds (%s)" % texts)
t.ok(len(info.get("frac", [])) >= 2 and all(ap_band < f < 1 - ap_band for f in info["frac"]),
     "at least two y ticks, none in the marker bands (axes fractions %s)" % info.get("frac"))
# the f16 cells with a positive mean: folklore and kahan pmone one-way at
# k = 4..6 (1e-4 k and 4e-5 k), kahan norm two-way at k = 3..5 (2e-4)
want = sorted([(float(k), 1e-4 * k) for k in (4, 5, 6)] + [(float(k), 4e-5 * k) for k in (4, 5, 6)]
              + [(float(k), 2e-4) for k in (3, 4, 5)])
got = info.get("points", [])
t.ok(len(got) == len(want) and all(gx == wx and abs(gy - wy) <= 1e-15 * wy
                                   for (gx, gy), (wx, wy) in zip(got, want)),
     "the drawn points are the cells' mean_rel (%s)" % got)
t.ok(info.get("u") == [2.0 ** -11],
     "the unit roundoff line of f16 is at 2^-11 (%s)" % info.get("u"))
t.ok("f16" in info.get("title", "") and info.get("ylog") == "log"
     and "log" in info.get("xlabel", "") and "mean_rel" in info.get("ylabel", ""),
     "title names the format; axes labelled; y axis logarithmic")

# The band: on the file of known numbers (whtlab_testkit.SPREAD_CELLS, kahan
# f32 norm one-way, norm_rel by trial), each cell's line point is its
# median and the shaded band spans its quartiles, computed by hand in
# tests/test_table_spread.py: k = 5 median 3, band 2..4; k = 6 median 2.5,
# band 1.75..4.75; k = 7 median 2, band 1.5..3 (units of 1e-8).
spread = os.path.join(tmp.name, "spread.h5")
tk.write_file(spread, results=tk.spread_rows())
band_probe = r"""
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[2])
import whtlab_plotstyle, whtlab_accuracy_plot as ap
from matplotlib.collections import PolyCollection
from matplotlib.legend import Legend
from whtlab_results import load
rows = load([sys.argv[1]], "results")
rows = rows.select(rows["format"] == "f32")
out = {}
for metric in ("norm_rel", "max_abs", "max_ulp"):
    fig = ap.plot_format(rows, "f32", ["kahan"], ap.line_kinds(rows), metric)
    axes = [ax for ax in fig.axes if ax.axison]
    bands = {}
    for ax in axes:
        for c in ax.collections:
            if isinstance(c, PolyCollection):
                for path in c.get_paths():
                    for x, y in path.vertices:
                        bands.setdefault(float(x), set()).add(float(y))
    line = [(float(x), float(y)) for ax in axes for l in ax.lines if l.get_marker() not in
            ("v", "X", "None", None, "") for x, y in zip(l.get_xdata(), l.get_ydata())]
    refs = [float(l.get_ydata()[0]) for ax in axes for l in ax.lines if l.get_linestyle() == "--"]
    texts = [t.get_text() for ax in fig.axes for c in ax.get_children()
             if isinstance(c, Legend) for t in c.get_texts()]
    out[metric] = dict(bands={x: (min(v), max(v)) for x, v in bands.items()}, line=line,
                       refs=sorted(set(refs)), texts=texts)
print(repr(out))
"""
p = subprocess.run([os.environ.get("PYTHON", sys.executable), "-c", band_probe, spread,
                    os.path.join(os.environ.get("top_srcdir", "."), "analysis")],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
if p.returncode:
    t.diag(p.stderr)
info = ast.literal_eval(p.stdout) if p.returncode == 0 else {}
norm = info.get("norm_rel", {})
hand = {5.0: (3e-8, 2e-8, 4e-8), 6.0: (2.5e-8, 1.75e-8, 4.75e-8), 7.0: (2e-8, 1.5e-8, 3e-8)}


def near(x, y):
    return abs(x - y) <= 1e-12 * abs(y)


bands = norm.get("bands", {})
t.ok(sorted(bands) == sorted(hand) and all(near(bands[x][0], lo) and near(bands[x][1], hi)
                                           for x, (_, lo, hi) in hand.items()),
     "the shaded band (fill_between) spans the hand-computed quartiles at k = 5, 6, 7 (%s)"
     % bands)
line = dict(norm.get("line", []))
t.ok(sorted(line) == sorted(hand) and all(near(line[x], m) for x, (m, _, _) in hand.items()),
     "the line runs through the hand-computed medians (%s)" % line)
t.ok(any("interquartile range" in s for s in norm.get("texts", [])),
     "the legend explains the band (%s)" % norm.get("texts"))
t.ok(norm.get("refs") == [2.0 ** -24] and info.get("max_ulp", {}).get("refs") == [0.5]
     and info.get("max_abs", {}).get("refs") == [],
     "reference lines: u = 2^-24 for norm_rel, 1/2 for max_ulp, none for max_abs (%s)"
     % [info.get(m, {}).get("refs") for m in ("norm_rel", "max_ulp", "max_abs")])

# Lines by tau only where the op reads it: one-way rows of tau 0.5 (seed 1)
# and 1.0 (seed 2) are one line a algorithm, as wht-table's cells; smoothed
# rows of two taus are two lines.
taus = os.path.join(tmp.name, "taus.h5")
trows = []
for seed, tau in ((1, 0.5), (2, 1.0)):
    for op in ("one-way", "smoothed"):
        r = R("kahan", "f32", "norm", op, 5, 0, 1e-7, tau=tau)
        r["seed"] = seed
        trows.append(r)
tk.write_file(taus, results=np.array(trows, dtype=tk.RESULT_DTYPE))
kinds_probe = r"""
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[2])
import whtlab_accuracy_plot as ap
from whtlab_results import load
rows = load([sys.argv[1]], "results")
print(repr(sorted(zip(rows["op"].tolist(), ap.line_kinds(rows)))))
"""
p = subprocess.run([os.environ.get("PYTHON", sys.executable), "-c", kinds_probe, taus,
                    os.path.join(os.environ.get("top_srcdir", "."), "analysis")],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
kinds = ast.literal_eval(p.stdout) if p.returncode == 0 else p.stderr
t.ok(kinds == [("one-way", "kahan"), ("one-way", "kahan"), ("smoothed", "kahan tau=0.5"),
               ("smoothed", "kahan tau=1.0")],
     "lines: one-way rows of two taus one line, smoothed rows one line a tau (%s)" % (kinds,))
# A file whose last wht-sweep run left cells out (attribute unfinished,
# data/README.md): the same figures and exit status, one warning line.
cut = os.path.join(tmp.name, "cut.h5")
shutil.copy(path, cut)
with h5py.File(cut, "a") as f:
    f.attrs["unfinished"] = np.bytes_("a wht-sweep run is writing this file, or was killed: started at "
                                      "2000-01-01T00:00:00Z")
same = os.path.join(tmp.name, "figs", "unfinished")
(rc0, out0, err0), (rc1, out1, err1) = (
    tk.run("analysis/wht-plot", "--outdir", same, "--dpi", DPI, "--only", "accuracy", "--format", "f32", f)
    for f in (path, cut))
t.ok(rc0 == rc1 == 0 and out0 == out1 and out1.count(".png") == 1 and err0 == ""
     and err1 == "wht-plot: warning: %s is unfinished: a wht-sweep run is writing this file, or was killed: "
     "started at 2000-01-01T00:00:00Z\n" % cut,
     "an unfinished file: the same figures and exit status, one warning line (%s)" % err1.strip())
rc, out, err = tk.run("analysis/wht-plot", "--outdir", same, "--dpi", DPI, "--only", "accuracy", "--format",
                      "f32", cut, cut)
t.ok(rc == 0 and len(err.splitlines()) == 1, "the same unfinished file twice: one warning line (%s)"
     % " | ".join(err.splitlines()))
t.done()
