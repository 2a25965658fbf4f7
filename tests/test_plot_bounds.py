"""wht-plot --bounds on a small real sweep made here (every CPU algorithm,
every format, three distributions, one-way and two-way, k = 1..10, 3
trials): the program writes the figures; the figures built by the same
functions (whtlab_accuracy_plot.plot_format with a whtlab_bounds.Theory)
hold, in every one-way panel, each algorithm's bound curve in its line's
colour with the library's values (whtlab.bound) and the sqrt(k) u curve,
and nothing of the kind in the two-way panels or without --bounds; every
median drawn, and every trial of the file, lies at or under its
algorithm's bound (a measured error above a proved worst-case bound fails
here). Without libwht, --bounds is one line and exit 1."""

import math
import os
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import whtlab_testkit as tk  # noqa: E402
tk.use_built_libwht()
from matplotlib.legend import Legend  # noqa: E402
import whtlab  # noqa: E402
import whtlab_plotstyle  # noqa: E402,F401 - the Agg backend before pyplot
import whtlab_accuracy_plot as ap  # noqa: E402
import whtlab_bounds  # noqa: E402
from whtlab_results import load  # noqa: E402

t = tk.Tap()
tmp = tempfile.TemporaryDirectory()
path = os.path.join(tmp.name, "sweep.h5")
rc, _, err = tk.run("experiments/wht-sweep", "--algo", "all", "--format", "all", "--dist",
                    "norm,pmone,pagh-norm", "--op", "one-way,two-way", "--log2n", "1:10",
                    "--trials", "3", "--backend", "cpu", "--oracle", "cpu", "-o", path)
if not t.ok(rc == 0, "wht-sweep wrote the sweep (%s)" % err.strip().splitlines()[-1:]):
    t.done()

outdir = os.path.join(tmp.name, "figs")
rc, out, err = tk.run("analysis/wht-plot", "--bounds", "--dpi", 50, "--outdir", outdir, path)
t.ok(rc == 0 and err == "" and len(out.split()) == 8,
     "wht-plot --bounds exits 0 quietly and writes a PNG and a PDF per format (rc %d %s)"
     % (rc, err.strip()[-300:]))

rows = load([path], "results")
kinds = ap.line_kinds(rows)
all_kinds = rows.distinct("algorithm")
dists, ops = rows.distinct("dist"), rows.distinct("op")


def near(x, y):
    return x == y or abs(x - y) <= 1e-15 * abs(y)


missing, wrong, colour, over, stray, scale_bad, legend_bad, medians = [], [], [], [], [], [], [], 0
for fmt in rows.distinct("format"):
    mask = rows["format"] == fmt
    sub = rows.select(mask)
    sub_kinds = [k for k, m in zip(kinds, mask.tolist()) if m]
    u = whtlab.unit_roundoff(fmt)
    fig = ap.plot_format(sub, fmt, all_kinds, sub_kinds, "norm_rel",
                         whtlab_bounds.Theory(whtlab, fmt, "norm_rel"))
    axes = [ax for ax in fig.axes if ax.axison]
    texts = [x.get_text() for ax in fig.axes for c in ax.get_children()
             if isinstance(c, Legend) for x in c.get_texts()]
    if not (any("worst-case bound" in x for x in texts)
            and any("probabilistic scale" in x for x in texts)):
        legend_bad.append((fmt, texts))
    for i, ax in enumerate(axes):
        dist, op = dists[i // len(ops)], ops[i % len(ops)]
        lines = {l.get_gid(): l for l in ax.lines if l.get_gid()}
        data = {l.get_label(): l for l in ax.lines if not l.get_gid()
                and l.get_marker() not in ("v", "X", "None", None, "")}
        if op != "one-way":
            stray += [(fmt, dist, op, g) for g in lines]
            continue
        for alg in sub.distinct("algorithm"):
            b = lines.get("bound " + alg)
            if b is None:
                missing.append((fmt, dist, alg))
                continue
            xs, ys = b.get_xdata(), b.get_ydata()
            want = [whtlab.bound(alg, fmt, int(k)) for k in xs]
            if list(xs) != list(range(1, 11)) or not all(near(y, w) for y, w in zip(ys, want)):
                wrong.append((fmt, dist, alg, list(xs), list(ys)))
            line = [l for l in ax.lines if not l.get_gid() and l.get_marker() not in
                    ("v", "X", "None", None, "") and l.get_color() == b.get_color()]
            if len(line) != 1:
                colour.append((fmt, dist, alg, b.get_color()))
                continue
            bound_at = dict(zip(xs, ys))
            for x, y in zip(line[0].get_xdata(), line[0].get_ydata()):
                if math.isfinite(y):
                    medians += 1
                    if not y <= bound_at[x]:
                        over.append((fmt, dist, alg, x, y, bound_at[x]))
        s = lines.get("scale")
        if s is None or not all(near(y, math.sqrt(x) * u) for x, y in zip(s.get_xdata(),
                                                                          s.get_ydata())):
            scale_bad.append((fmt, dist))
    plain = ap.plot_format(sub, fmt, all_kinds, sub_kinds, "norm_rel")
    stray += [(fmt, "without --bounds", l.get_gid()) for ax in plain.axes for l in ax.lines
              if l.get_gid()]

t.ok(not missing, "every algorithm has its bound curve in every one-way panel (missing: %s)"
     % missing[:5])
t.ok(not wrong, "the curves hold whtlab.bound at k = 1..10 (wrong: %s)" % wrong[:3])
t.ok(not colour, "each curve has the colour of exactly one data line, its algorithm's (%s)"
     % colour[:5])
t.ok(not scale_bad, "every one-way panel has the sqrt(k) u curve (bad: %s)" % scale_bad[:5])
t.ok(not stray, "no theory curve in a two-way panel, nor without a Theory (%s)" % stray[:5])
t.ok(not legend_bad, "the legend names the bound and the probabilistic scale (%s)" % legend_bad[:1])
t.ok(medians > 0 and not over, "all %d medians drawn lie at or under their bound (over: %s)"
     % (medians, over[:5]))

# every trial, not only the medians: a worst-case bound holds for each input
a = tk.read_rows(path)
above = []
for r in a[(a["op"] == b"one-way") & (a["status"] == b"ok")]:
    alg, fmt = r["algorithm"].decode(), r["format"].decode()
    b = whtlab.bound(alg, fmt, int(r["log2n"]))
    if not r["norm_rel"] <= b:
        above.append((alg, fmt, r["dist"].decode(), int(r["log2n"]), int(r["trial"]),
                      float(r["norm_rel"]), b))
n_ok = int(((a["op"] == b"one-way") & (a["status"] == b"ok")).sum())
t.ok(n_ok > 0 and not above, "every one of %d one-way trials has norm_rel at or under its "
     "algorithm's bound (above: %s)" % (n_ok, above[:5]))
folk = a[(a["op"] == b"one-way") & (a["algorithm"] == b"folklore") & (a["status"] == b"ok")]
ratio = max(r["norm_rel"] / whtlab.bound("folklore", r["format"].decode(), int(r["log2n"]))
            for r in folk)
t.diag("folklore's largest norm_rel / bound here: %.3g" % ratio)

# no library: one line, exit 1, no folder
env_dir = os.path.join(tmp.name, "nolib")
saved = os.environ["WHTLAB_LIBWHT"]
os.environ["WHTLAB_LIBWHT"] = os.path.join(tmp.name, "absent", "libwht.so.0")
rc, out, err = tk.run("analysis/wht-plot", "--bounds", "--outdir", env_dir, path)
os.environ["WHTLAB_LIBWHT"] = saved
t.ok(rc == 1 and out == "" and len(err.splitlines()) == 1 and "libwht" in err
     and not os.path.exists(env_dir),
     "--bounds without libwht: exit 1, one line, no folder (%s)" % err.strip())
t.done()
