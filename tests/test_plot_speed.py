"""wht-plot speed figures from /timings: speed-<format>.png and .pdf, 7 in
wide with an in-place and an out-of-place panel, 3.5 in (one column) with
one; the plotted values are median_ms / memcpy_ms, one line per (algorithm,
batch kind) in each panel."""

import ast
import os
import struct
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import numpy as np  # noqa: E402
import whtlab_testkit as tk  # noqa: E402

DPI = 60
t = tk.Tap()
tmp = tempfile.TemporaryDirectory()


def png_size(p):
    with open(p, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24]) if head[:8] == b"\x89PNG\r\n\x1a\n" else None


both = os.path.join(tmp.name, "bench.h5")
timings = tk.synthetic_timings(formats=("f32", "bf16"))
tk.write_file(both, timings=timings)
out1 = os.path.join(tmp.name, "figs")
rc, out, err = tk.run("analysis/wht-plot", "--outdir", out1, "--dpi", DPI, both)
t.ok(rc == 0 and sorted(os.listdir(out1)) == ["speed-bf16.pdf", "speed-bf16.png",
                                              "speed-f32.pdf", "speed-f32.png"],
     "a timings-only file gives speed-<format>.png/.pdf per format (rc %d %s)"
     % (rc, err.strip()))
size = png_size(os.path.join(out1, "speed-f32.png"))
t.ok(size is not None and size[0] == 7 * DPI and 2.4 * DPI < size[1] < 4.5 * DPI,
     "with both modes the figure is 7 in wide (%s px)" % (size,))

one = os.path.join(tmp.name, "inplace.h5")
tk.write_file(one, timings=timings[timings["in_place"] == 1])
out2 = os.path.join(tmp.name, "figs2")
rc, _, err = tk.run("analysis/wht-plot", "--outdir", out2, "--dpi", DPI, "--format", "f32", one)
size = png_size(os.path.join(out2, "speed-f32.png"))
t.ok(rc == 0 and size is not None and size[0] == int(3.5 * DPI),
     "with one mode the figure is one column, 3.5 in wide (%s px)" % (size,))
t.ok(sorted(os.listdir(out2)) == ["speed-f32.pdf", "speed-f32.png"], "--format f32 draws only f32")

probe = r"""
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[2])
import whtlab_plotstyle, whtlab_speed_plot as sp
from whtlab_results import load
rows = load([sys.argv[1]], "timings")
rows = rows.select(rows["format"] == "f32")
fig = sp.plot_format(rows, "f32", rows.distinct("algorithm"))
panels = [ax for ax in fig.axes if ax.axison]
lines = {}
for ax in panels:
    for l in ax.lines:
        if l.get_marker() not in ("None", None, ""):
            lines.setdefault(ax.get_title(), []).append(
                (l.get_linestyle(), list(map(float, l.get_xdata())),
                 list(map(float, l.get_ydata()))))
print(repr(dict(lines=lines, ylabel=panels[0].get_ylabel(), xlabel=panels[0].get_xlabel(),
                titles=[ax.get_title() for ax in panels])))
"""
p = subprocess.run([os.environ.get("PYTHON", sys.executable), "-c", probe, both,
                    os.path.join(os.environ.get("top_srcdir", "."), "analysis")],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
info = ast.literal_eval(p.stdout) if p.returncode == 0 else {}
if p.returncode:
    t.diag(p.stderr)
t.ok(info.get("titles") == ["in place", "out of place"], "panels: in place, out of place")
algs, batches = 2, 2
t.ok(all(len(v) == algs * batches for v in info.get("lines", {}).values())
     and len(info.get("lines", {})) == 2,
     "each panel has one line per (algorithm, batch kind): %d" % (algs * batches))
f32 = timings[timings["format"] == b"f32"]
ratios = sorted((f32["median_ms"] / f32["memcpy_ms"]).tolist())
drawn = sorted(y for v in info.get("lines", {}).values() for _, _, ys in v for y in ys)
t.ok(len(drawn) == len(ratios) and np.allclose(drawn, ratios, rtol=1e-12),
     "the points are median_ms / memcpy_ms of every f32 timing row (%d)" % len(ratios))
t.ok("memcpy" in info.get("ylabel", "") and "log" in info.get("xlabel", ""),
     "axes labelled (%s / %s)" % (info.get("xlabel"), info.get("ylabel")))

# The largest sizes have no memcpy reference (NaN): named, not drawn.
big = os.path.join(tmp.name, "big.h5")
tk.write_file(big, timings=np.concatenate([
    timings[(timings["format"] == b"f32") & (timings["in_place"] == 1)],
    np.array([tk.timing_row("folklore", "f32", 35, 1, 1, 300.0, float("nan"), 64.0,
                            float("nan"))], dtype=tk.TIMING_DTYPE)]))
probe_big = r"""
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[2])
import whtlab_plotstyle, whtlab_speed_plot as sp
from whtlab_results import load
from matplotlib.legend import Legend
rows = load([sys.argv[1]], "timings")
fig = sp.plot_format(rows, "f32", rows.distinct("algorithm"))
xs = [x for ax in fig.axes if ax.axison for l in ax.lines for x in l.get_xdata()]
texts = [t.get_text() for ax in fig.axes for c in ax.get_children() if isinstance(c, Legend)
         for t in c.get_texts()]
print(repr(dict(maxx=max(xs), texts=texts)))
"""
p = subprocess.run([os.environ.get("PYTHON", sys.executable), "-c", probe_big, big,
                    os.path.join(os.environ.get("top_srcdir", "."), "analysis")],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
binfo = ast.literal_eval(p.stdout) if p.returncode == 0 else {}
if p.returncode:
    t.diag(p.stderr)
t.ok(binfo.get("maxx", 99) < 35
     and any("no memcpy reference" in s and "35" in s for s in binfo.get("texts", [])),
     "a size without a memcpy reference is not drawn and the legend names it (%s)"
     % binfo.get("texts"))

res = os.path.join(tmp.name, "results.h5")
tk.write_file(res, results=tk.synthetic_results(sizes=range(3, 4), trials=1))
out3 = os.path.join(tmp.name, "figs3")
rc, out, err = tk.run("analysis/wht-plot", "--outdir", out3, "--only", "speed", res)
t.ok(rc == 2 and "/timings" in err and not os.path.exists(out3),
     "--only speed on a file without /timings: exit 2, nothing created (%s)" % err.strip())
t.done()
