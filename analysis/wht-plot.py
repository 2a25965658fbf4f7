#!/usr/bin/python3
"""wht-plot - figures for papers (PNG and PDF) from whtlab HDF5 result files.

The build writes analysis/wht-plot from this file: the first line becomes
the configured Python and the @...@ paths below are filled in."""

import argparse
import os
import re
import sys

PROG = "wht-plot"
DEFAULT_DPI = 200


def _module_dir():
    """Where the whtlab_*.py modules are (see wht-table.py)."""
    here = os.path.dirname(os.path.realpath(__file__))
    pkgdata, srcdir, builddir = "@pkgdatadir@", "@abs_top_srcdir@", "@abs_top_builddir@"
    if pkgdata.startswith("@"):
        return here
    if os.path.realpath(os.path.join(builddir, "analysis")) == here:
        return os.path.join(srcdir, "analysis")
    return os.path.join(pkgdata, "python")


def _whtlab_paths():
    """(folder holding the package whtlab, libwht.so.0 to load or None) for
    --bounds: the source tree's python/ and the build's library when run
    from the source or the build tree (as the tests do), else the package
    installed with wht-plot, which finds its library itself."""
    here = os.path.dirname(os.path.realpath(__file__))
    pythondir, srcdir, builddir = "@pythondir@", "@abs_top_srcdir@", "@abs_top_builddir@"
    if pythondir.startswith("@"):
        return os.path.join(here, "..", "python"), None
    if os.path.realpath(os.path.join(builddir, "analysis")) == here:
        return (os.path.join(srcdir, "python"),
                os.path.join(builddir, "lib", ".libs", "libwht.so.0"))
    return pythondir, None


sys.dont_write_bytecode = True   # no __pycache__ in the source or install tree
sys.path.insert(0, _module_dir())
try:
    import whtlab_deps
except ImportError:
    sys.stderr.write("%s: cannot find the whtlab Python modules in %s: reinstall whtlab\n"
                     % (PROG, _module_dir()))
    sys.exit(1)
whtlab_deps.require(PROG, "numpy", "h5py", "matplotlib")

import whtlab_bounds  # noqa: E402
import whtlab_cli  # noqa: E402
import whtlab_filters  # noqa: E402
import whtlab_metrics  # noqa: E402
import whtlab_tradeoff  # noqa: E402
from whtlab_results import InputError, UsageError, load, check_all, ordered, warn_unfinished  # noqa: E402

DESCRIPTION = """\
Draw figures from one or more whtlab result files (HDF5, schema_version 1,
data/README.md; several files are combined as by wht-table) into --outdir
(created if missing):

  accuracy-METRIC-FORMAT.png/.pdf  for each metric (--metric, default
      norm_rel) and each format in /results: a grid, rows = input
      distributions, columns = operations, the metric against log2 n on a log
      axis, a line per algorithm through each cell's median over the trials
      and a shaded band over the interquartile range of the trials (from
      the lower to the upper quartile, interpolated linearly between the
      sorted values as numpy.percentile does; zero width with one trial; a
      lower quartile of 0 reaches the bottom of the value region), a dashed
      line at the format's unit roundoff for a relative metric (f64 2^-53,
      f32 2^-24, f16 2^-11, bf16 2^-8) or at 1/2 for max_ulp, none for an
      absolute one. Cells with median error exactly 0
      are drawn as 'v' in a band along the bottom edge and overflow cells
      (and infinite medians, max_abs beyond the double range) as
      'X' in a band along the top edge (a log axis cannot show them; the
      algorithms' markers side by side); tick labels only between the bands;
      undefined cells (NaN in every trial: every exact value 0) are not
      drawn. 7 in wide, 1.5 in per distribution row plus title and legend.
  speed-FORMAT.png/.pdf     for each format in /timings: time relative to a
      device memcpy of the same bytes against log2 n, a line per (algorithm,
      batch kind), a panel per in-place / out-of-place mode; sizes without a
      memcpy reference (the largest, in place only) are named in the legend,
      not drawn. 7 in wide with both modes, else 3.5 in (one column).
  tradeoff-METRIC-FORMAT.png/.pdf  when the files hold both /results and
      /timings, for each metric and each format with folklore rows in both:
      accuracy against speed, log-log, a point per algorithm (folklore
      aside) and size class (small log2n <= 14, medium 15..21, large >= 22;
      larger marker, larger class). y = 1 / (1 - R), R the median
      reduction of wht-table computed over the class's cells (dist, op,
      log2n; tau for smoothed) in place of one log2n (> 1: more accurate);
      x = the median over the class's /timings entries (backend, log2n,
      batch, in place) of the algorithm's median_ms / folklore's of the same
      device (the files' device attribute; the files of one device are one
      set of timings) (< 1: faster). Grey lines at x = 1 and y = 1, dotted
      at y = 10/3 (R = 70 %). Cells wht-table leaves out (tags), trials not
      common to the class's cells, timings without folklore's on the same
      device and points with a ratio not finite and positive are left out
      and counted; an algorithm missing from either table is not drawn; both
      are written under the figure's legend and on stderr, with the devices
      and git revisions of the sources. 3.5 in wide (one column).

--bounds adds the theory to the one-way panels of the accuracy figures:
each algorithm's worst-case bound of norm_rel over every input, dashed in
the algorithm's colour ((1 + u)^k - 1 for folklore, sqrt(n) gamma_m for
the others, m = a k + b roundings from the library's registry; none for
tensor-core, whose bound has an absolute term, nor for algorithms the
library does not know), and the probabilistic scale sqrt(k) u, grey and
dotted, with u the format's unit roundoff. The bounds come from libwht
through the Python package whtlab (DESIGN.md section 4, "Error bounds").
Only norm_rel has a worst-case bound (data/README.md, "Error bounds").

Metrics: norm_rel (default; bounded, no single output dominates it),
mean_rel (the thesis's figure; heavy-tailed, data/README.md), max_rel,
mean_abs, max_abs, max_ulp, or all; a comma list draws a set of figures per
metric.

Filters select what is drawn; a value must be present in the files (in
/results or /timings, where it applies), and filters that select no row
together are a usage error; the tradeoff figures keep folklore whatever
--algo says. The paths written are printed.
"""

EPILOG = """\
Exit status: 0 success; 1 a figure that cannot be written, or libwht not
found for --bounds; 2 a usage error: a bad option or --metric value,
--bounds with a metric other than norm_rel or without one-way rows, or an
input file that cannot be used (missing, not HDF5,
another or no schema_version, no /results or /timings, conflicting rows;
--only tradeoff: no /results or no /timings, or no format with folklore
rows in both; an option that takes a value given twice (--outdir, --only,
--dpi, --metric, the filters; a list is one comma list); an abbreviated
option (--out for --outdir); a figure's path that is a folder, a
FIFO, a device or one of the inputs). Errors are one line on
stderr; nothing is created when the input or the arguments are refused.
Figures of the same names in --outdir are replaced (regenerating a folder
of figures is the usual run), each written under a temporary name and
renamed, so a figure is either the old one or the new one, never partial.
Notes (what a tradeoff figure leaves out) are lines on stderr starting
'wht-plot: note:'. A file whose last wht-sweep run has not put all its
cells in it (its attribute unfinished, data/README.md) is drawn all the
same, with one line on stderr: 'wht-plot: warning: FILE is unfinished: '
and the attribute's text; the figures and the exit status are unchanged.
"""


def parse(argv):
    p = whtlab_cli.Parser(prog=PROG, description=DESCRIPTION, epilog=EPILOG,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+", metavar="FILE", help="HDF5 result files")
    p.add_argument("--outdir", required=True, metavar="DIR", action=whtlab_cli.Once,
                   help="folder for the figures (created if missing; the figures it "
                   "already holds under the same names are replaced)")
    p.add_argument("--only", choices=("accuracy", "speed", "tradeoff"), action=whtlab_cli.Once,
                   help="draw only the accuracy, the speed or the tradeoff figures")
    p.add_argument("--dpi", default=str(DEFAULT_DPI), metavar="N", action=whtlab_cli.Once,
                   help="PNG resolution, 50..1200 (default %d)" % DEFAULT_DPI)
    p.add_argument("--metric", metavar="LIST", action=whtlab_cli.Once,
                   help="error column(s) of the accuracy and tradeoff figures: %s "
                   "(default %s)"
                   % (whtlab_metrics.accepted(), whtlab_metrics.DEFAULT))
    p.add_argument("--bounds", action="store_true", default=None,
                   help="draw each algorithm's worst-case bound and the probabilistic "
                   "scale sqrt(k) u on the one-way panels (metric norm_rel; needs libwht)")
    whtlab_filters.add_arguments(p)
    a = p.parse_args(argv)
    if a.only == "speed":
        whtlab_filters.refuse(a, ("metric", "bounds"),
                              "to --only speed (timings have no error columns)")
    if a.only == "tradeoff":
        whtlab_filters.refuse(a, ("bounds",), "to --only tradeoff (the bounds are drawn "
                              "on the accuracy figures)")
    a.metrics = whtlab_metrics.parse(whtlab_metrics.DEFAULT if a.metric is None else a.metric)
    if a.bounds:
        whtlab_bounds.check_metrics(a.metrics)
    # ASCII digits only: str.isdigit takes '²', which int() refuses
    if not re.fullmatch(r"[0-9]{1,5}", a.dpi) or not 50 <= int(a.dpi) <= 1200:
        raise UsageError("--dpi '%s' is not an integer in 50..1200" % a.dpi)
    a.dpi = int(a.dpi)
    if a.outdir == "":
        raise UsageError("--outdir '': an empty folder name; give the figures' folder")
    if os.path.exists(a.outdir) and not os.path.isdir(a.outdir):
        raise UsageError("--outdir '%s' exists and is not a folder" % a.outdir)
    return a


def _select(results, timings, a, keep=(), strict=False):
    """Filtered (results, timings); a value may be absent from one of them
    as long as the other has it, unless strict (the tradeoff figure needs
    both). keep: algorithms kept whatever --algo says."""
    acc = ("format", "dist", "op", "algo", "log2n")
    spd = ("format", "algo", "log2n")
    out, errors = [], []
    for rows, names in ((results, acc), (timings, spd)):
        if rows is None:
            out.append(None)
            continue
        try:
            out.append(whtlab_filters.apply(rows, a, names=names, keep=keep))
        except UsageError as e:
            if strict:
                raise
            out.append(None)
            errors.append(e)
    if out == [None, None]:
        raise errors[0] if errors else InputError("nothing to draw")
    if out[0] is None and (a.dist is not None or a.op is not None):
        raise UsageError("--dist and --op apply to accuracy figures; the selection "
                         "has no /results rows")
    return out


def _stem(*parts):
    """File stem; a format name from a file never leaves the folder."""
    return "-".join(re.sub(r"[^A-Za-z0-9._-]", "_", p) for p in parts)


def _nonempty(rows):
    return rows if rows is not None and len(rows) else None


def _tradeoffs(pair, a):
    """[(stem, Tradeoff, format, metric)] that have points, and notes, for
    the tradeoff figures of the (results, timings) selection; InputError
    with --only tradeoff when there is none to draw (elsewhere a note)."""
    results, timings = (_nonempty(r) for r in pair)
    try:
        if results is None or timings is None:
            raise InputError("the selection has no %s rows for the tradeoff figure"
                             % ("/results" if results is None else "/timings"))
        fmts, notes = whtlab_tradeoff.formats(results, timings)
    except InputError as e:
        if a.only == "tradeoff":
            raise
        return [], ["no tradeoff figure: %s" % e]   # the other figures go on
    notes = ["tradeoff: " + x for x in notes]
    out = []
    for metric in a.metrics:
        for fmt in fmts:
            tr = whtlab_tradeoff.compute(results, timings, fmt, metric)
            stem = _stem("tradeoff", metric, fmt)
            notes += ["%s: %s" % (stem, x) for x in tr.notes()]
            if tr.points:
                out.append((stem, tr, fmt, metric))
            else:
                notes.append("%s: no point to draw, no figure" % stem)
    if not out and a.only == "tradeoff":
        sizes = [",".join(str(k) for k in sorted(set(r["log2n"].tolist())))
                 for r in (results, timings)]
        raise InputError("no tradeoff point can be drawn from %s: no algorithm has both an "
                         "error ratio and a time ratio in one size class, finite and positive "
                         "(log2n of /results: %s; of /timings: %s)%s"
                         % (", ".join(a.files), sizes[0], sizes[1],
                            "".join(" [%s]" % n for n in notes
                                    if not n.startswith("tradeoff: ")
                                    and not n.endswith("no point to draw, no figure"))))
    return out, notes


def _check_figure_path(path, inputs):
    """UsageError for a figure's path that replacing would lose something:
    anything but a regular file (a folder, a FIFO, a device) or one of the
    inputs (its rows are read, then the file would become a PNG)."""
    what = whtlab_cli.not_regular(path)
    if what:
        raise UsageError("%s is %s, where a figure would be written; accepted: a regular "
                         "file or none (move it or choose another --outdir)" % (path, what))
    if whtlab_cli.same_as_input(path, inputs):
        raise UsageError("%s is also an input file, where a figure would be written; accepted: "
                         "an --outdir without the inputs' names (move the input or choose "
                         "another --outdir)" % path)


def main():
    a = parse(sys.argv[1:])
    check_all(a.files)
    results = load(a.files, "results") if a.only != "speed" else None
    timings = load(a.files, "timings") if a.only != "accuracy" else None
    if a.only == "tradeoff" and (results is None or timings is None):
        raise InputError("--only tradeoff needs /results (written by wht-sweep) and /timings "
                         "(written by wht-bench); no %s in %s"
                         % ("/results" if results is None else "/timings", ", ".join(a.files)))
    if results is None and timings is None:
        raise InputError("no %s in %s" % ({"speed": "/timings (written by wht-bench)",
                                           "accuracy": "/results (written by wht-sweep)"}
                                          .get(a.only, "/results or /timings"),
                                          ", ".join(a.files)))
    tradeoffs, notes = [], []
    if results is not None and timings is not None and a.only in (None, "tradeoff"):
        tradeoffs, notes = _tradeoffs(
            _select(results, timings, a, keep=(whtlab_tradeoff.BASELINE,),
                    strict=a.only == "tradeoff"), a)
        all_algorithms = ordered("algorithm", results["algorithm"].tolist()
                                 + timings["algorithm"].tolist())
    if a.only == "tradeoff":
        results = timings = None
    else:
        results, timings = (_nonempty(r) for r in _select(results, timings, a))
        if results is None and timings is None:
            raise InputError("the files have no rows to draw: %s" % ", ".join(a.files))
    whtlab = None
    if a.bounds:
        whtlab_bounds.check_ops(results.distinct("op") if results is not None else [])
        try:
            whtlab = whtlab_bounds.connect(*_whtlab_paths())
        except whtlab_bounds.LibraryMissing as e:
            sys.stderr.write("%s: %s\n" % (PROG, e))
            return 1
    # pyplot only now: refusing bad input stays quick.
    import whtlab_plotstyle as st
    import whtlab_accuracy_plot
    import whtlab_speed_plot
    import whtlab_tradeoff_plot
    # Every figure as (stem, draw), so that a path that cannot be a figure
    # is refused before any is written.
    jobs = []
    if results is not None:
        kinds = whtlab_accuracy_plot.line_kinds(results)
        all_kinds = sorted(set(kinds), key=lambda k: (
            results.distinct("algorithm").index(k.split()[0]), k))
        for metric in a.metrics:
            for fmt in results.distinct("format"):
                def draw(metric=metric, fmt=fmt):
                    mask = results["format"] == fmt
                    theory = whtlab_bounds.Theory(whtlab, fmt, metric) if whtlab else None
                    return whtlab_accuracy_plot.plot_format(
                        results.select(mask), fmt, all_kinds,
                        [k for k, m in zip(kinds, mask.tolist()) if m], metric, theory)
                jobs.append((_stem("accuracy", metric, fmt), draw))
    if timings is not None:
        algs = timings.distinct("algorithm")
        for fmt in timings.distinct("format"):
            jobs.append((_stem("speed", fmt), lambda fmt=fmt: whtlab_speed_plot.plot_format(
                timings.select(timings["format"] == fmt), fmt, algs)))
    for stem, tr, fmt, metric in tradeoffs:
        jobs.append((stem, lambda tr=tr, fmt=fmt, metric=metric:
                     whtlab_tradeoff_plot.plot_format(tr, fmt, metric, all_algorithms)))
    for stem, _ in jobs:
        for ext in st.EXTENSIONS:
            _check_figure_path(os.path.join(a.outdir, "%s.%s" % (stem, ext)), a.files)
    warn_unfinished(PROG, a.files)   # the inputs accepted: said once per file
    os.makedirs(a.outdir, exist_ok=True)
    written = []
    for stem, draw in jobs:
        written += st.save(draw(), a.outdir, stem, a.dpi)
    for note in notes:
        sys.stderr.write("%s: note: %s\n" % (PROG, note))
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    whtlab_cli.run(PROG, main)
