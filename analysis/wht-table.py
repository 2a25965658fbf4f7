#!/usr/bin/python3
"""wht-table - tables for papers from whtlab HDF5 result files.

The build writes analysis/wht-table from this file: the first line becomes
the configured Python and the @...@ paths below are filled in."""

import argparse
import os
import sys

PROG = "wht-table"


def _module_dir():
    """Where the whtlab_*.py modules are: beside this source when run
    unbuilt, the source tree when run from the build tree, else the
    installed copy in $(pkgdatadir)/python."""
    here = os.path.dirname(os.path.realpath(__file__))
    pkgdata, srcdir, builddir = "@pkgdatadir@", "@abs_top_srcdir@", "@abs_top_builddir@"
    if pkgdata.startswith("@"):
        return here
    if os.path.realpath(os.path.join(builddir, "analysis")) == here:
        return os.path.join(srcdir, "analysis")
    return os.path.join(pkgdata, "python")


sys.dont_write_bytecode = True   # no __pycache__ in the source or install tree
sys.path.insert(0, _module_dir())
try:
    import whtlab_deps
except ImportError:
    sys.stderr.write("%s: cannot find the whtlab Python modules in %s: reinstall whtlab\n"
                     % (PROG, _module_dir()))
    sys.exit(1)
whtlab_deps.require(PROG, "numpy", "h5py")

import whtlab_cli  # noqa: E402
import whtlab_filters  # noqa: E402
import whtlab_metrics  # noqa: E402
import whtlab_render  # noqa: E402
import whtlab_tables  # noqa: E402
from whtlab_cells import DEFAULT_BASELINE  # noqa: E402
from whtlab_results import InputError, UsageError, load, warn_unfinished  # noqa: E402

DESCRIPTION = """\
Print a table from one or more whtlab result files (HDF5, schema_version 1,
data/README.md). Several files are combined into one table: their rows are
concatenated; a row found twice is kept once when both copies agree and
refused (exit 2) when they differ.

Tables:
  --reduction  (default) per (format, log2n) and algorithm, the reduction of
               the metric against the baseline algorithm (--baseline,
               default folklore): for each trial, the median over the
               (dist, op) cells of 1 - METRIC(alg) / METRIC(baseline), the
               rows paired on backend, format, dist, op, log2n, trial, seed,
               and tau for smoothed (the same inputs; the baseline's row of another backend,
               cpu first, where it has none on the algorithm's, as for the
               python rows of whtlab.sweep); the entry is the median of that
               over the trials, [q25, q75] the interquartile range over the
               trials, (N) the number of cells that entered. Cells where the baseline is
               exact (METRIC 0), overflow (in either), are unsupported or
               undefined are left out and counted by tags; a trial where the
               baseline is exact, or the metric is NaN (or infinite in both),
               has no ratio; inf is a value (reduction -inf where only the
               algorithm's is infinite, 1 where only the baseline's is). The
               trials of an entry are those common to its cells; a cell
               without a ratio in one of them is left out (tag i) and the
               notes count those trials and the ones not common to all.
               Trials of several seeds (files
               of several sweeps) are trials of one cell; smoothed cells of
               different tau are different cells, and rows of the other
               operations, which tau does not enter, count once. A cell where
               the baseline is exact and the algorithm is not has no ratio:
               tag w.
  --cells      the metric per cell (the trials of every seed pooled; tau
               only for smoothed): median over the trials and the
               interquartile range, statuses shown for overflow /
               unsupported, NaN shown as undefined.
  --rows       every /results row as stored, every column (strings decoded,
               NaN as nan, floats in the shortest form that reads back
               exactly), plus the file it came from; use with --csv.
  --speed      from /timings: median_ms, GB/s and time ratios to memcpy,
               add-one and cuFFT measured in the same run.

Spread: quartiles interpolate linearly between the sorted trial values
(numpy.percentile's default); from 5 trials on neither depends on the
smallest or the largest trial. With one trial there is no interval.

Metrics (--metric, reduction and cells; a comma list gives one table per
metric, one after another; in CSV one table with a metric column):
  norm_rel  (default) ||y - v||_2 / ||v||_2: bounded for every input (it
            divides by no single output), so no one output can dominate it
  mean_rel  mean of |y_i - v_i| / |v_i| (the thesis's figure): heavy-tailed,
            one output v_i near 0 can dominate a trial (data/README.md)
  max_rel, mean_abs, max_abs, max_ulp, or all
"""

EPILOG = """\
Exit status: 0 success; 1 an output that cannot be written (permissions, a
full disk); 2 a usage error: a bad option, a metric that is no error
column, a baseline or filter value that is not in the files, an option
that takes a value given twice (-o, --metric, --baseline, the filters;
a list is one comma list), an abbreviated option (--base for --baseline),
an -o that is empty, a folder, in a missing folder, not a regular file (a
FIFO, a device, a link to nothing; a link to a file is followed and its
target replaced), one of the inputs or (without --force) a file that
exists, or an input file that cannot be used
(missing, not HDF5, another or no schema_version, no /results or no rows
in it, --speed: no /timings or no rows, conflicting rows), or filters whose
values are present but select no row together. Without folklore
rows the reduction table prints n/a with a note naming the algorithms
present. Errors are one line on stderr; no output file is created or
changed on any error. A file whose last wht-sweep run has not put all its
cells in it (its attribute unfinished, data/README.md) is read all the
same, with one line on stderr: 'wht-table: warning: FILE is unfinished:
' and the attribute's text; the table and the exit status are unchanged.
"""


def parse(argv):
    p = whtlab_cli.Parser(prog=PROG, description=DESCRIPTION, epilog=EPILOG,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+", metavar="FILE", help="HDF5 result files")
    t = p.add_mutually_exclusive_group()
    t.add_argument("--reduction", dest="table", action="store_const", const="reduction",
                   help="reduction against the baseline (default)")
    t.add_argument("--cells", dest="table", action="store_const", const="cells",
                   help="the metric per cell")
    t.add_argument("--rows", dest="table", action="store_const", const="rows",
                   help="every /results row, every column")
    t.add_argument("--speed", dest="table", action="store_const", const="speed",
                   help="speed from /timings")
    o = p.add_mutually_exclusive_group()
    o.add_argument("--markdown", dest="style", action="store_const", const="markdown",
                   help="Markdown table (default)")
    o.add_argument("--latex", dest="style", action="store_const", const="latex",
                   help="LaTeX tabular with booktabs rules")
    o.add_argument("--csv", dest="style", action="store_const", const="csv",
                   help="CSV, one value per column (notes become columns)")
    p.add_argument("--metric", metavar="LIST", action=whtlab_cli.Once,
                   help="error column(s): %s (default %s)"
                   % (whtlab_metrics.accepted(), whtlab_metrics.DEFAULT))
    p.add_argument("--baseline", metavar="ALGO", action=whtlab_cli.Once,
                   help="algorithm the reduction compares with (default %s)" % DEFAULT_BASELINE)
    p.add_argument("-o", "--output", metavar="FILE", action=whtlab_cli.Once,
                   help="write to FILE instead of stdout (a regular file that exists only "
                   "with --force; never one of the inputs; given once)")
    p.add_argument("--force", action="store_true", help="let -o replace a file that exists")
    whtlab_filters.add_arguments(p)
    a = p.parse_args(argv)
    a.table = a.table or "reduction"
    a.style = a.style or "markdown"
    if a.table in ("rows", "speed"):
        whtlab_filters.refuse(a, ("metric",), "to --%s (%s)" % (
            a.table, "every column is written" if a.table == "rows" else "timings have no "
            "error columns"))
    if a.table != "reduction":
        whtlab_filters.refuse(a, ("baseline",), "to --%s (only the reduction table has a "
                              "baseline)" % a.table)
    if a.force and a.output is None:
        p.error("--force applies to -o only (stdout is never replaced)")
    a.metrics = whtlab_metrics.parse(whtlab_metrics.DEFAULT if a.metric is None else a.metric)
    return a


def _baseline(a, rows):
    """The baseline's name as in the files: an explicit --baseline must be
    one of their algorithms; the default may be absent (the table says so)."""
    if a.baseline is None:
        return DEFAULT_BASELINE
    return whtlab_filters.resolve("baseline", a.baseline, rows.distinct("algorithm"))


def build(a):
    """The tables to print (a list of whtlab_render.Table)."""
    if a.table == "speed":
        whtlab_filters.refuse(a, ("dist", "op"), "to --speed (timings have no dist or op)")
        rows = load(a.files, "timings")
        if rows is None:
            raise InputError("no /timings in %s (written by wht-bench)" % ", ".join(a.files))
        if len(rows) == 0:
            raise InputError("no /timings rows in %s: nothing to tabulate" % ", ".join(a.files))
        rows = whtlab_filters.apply(rows, a, names=("format", "algo", "log2n"))
        return [whtlab_tables.speed(rows)]
    rows = load(a.files, "results")
    if rows is None:
        raise InputError("no /results in %s (written by wht-sweep)" % ", ".join(a.files))
    if len(rows) == 0:
        raise InputError("no /results rows in %s: nothing to tabulate" % ", ".join(a.files))
    if a.table == "rows":
        return [whtlab_tables.rows_table(whtlab_filters.apply(rows, a))]
    if a.table == "cells":
        rows = whtlab_filters.apply(rows, a)
        return [whtlab_tables.cell_table(rows, m) for m in a.metrics]
    base = _baseline(a, rows)
    if a.algo is not None and {v.strip().lower().replace("_", "-") for v in a.algo.split(",")} \
            == {base}:
        raise UsageError("--algo %s leaves no algorithm to compare with the baseline %s; "
                         "name others, e.g. --algo %s"
                         % (a.algo, base, next((x for x in rows.distinct("algorithm")
                                                if x != base), "kahan")))
    rows = whtlab_filters.apply(rows, a, keep=(base,))
    return [whtlab_tables.reduction(rows, m, base) for m in a.metrics]


def main():
    a = parse(sys.argv[1:])
    if a.output is not None:
        whtlab_cli.check_output_file("-o", a.output, a.files, a.force)
    text = whtlab_render.render(a.style, build(a))
    warn_unfinished(PROG, a.files)   # the inputs accepted: said once per file
    if a.output is None:
        sys.stdout.write(text)
        return 0

    def write(tmp):
        with open(tmp, "w") as f:
            f.write(text)
    whtlab_cli.write_atomic(a.output, write)
    return 0


if __name__ == "__main__":
    whtlab_cli.run(PROG, main)
