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
import whtlab_render  # noqa: E402
import whtlab_tables  # noqa: E402
from whtlab_results import InputError, UsageError, load  # noqa: E402

DESCRIPTION = """\
Print a table from one or more whtlab result files (HDF5, schema_version 1,
data/README.md). Several files are combined into one table: their rows are
concatenated; a row found twice is kept once when both copies agree and
refused (exit 2) when they differ.

Tables:
  --reduction  (default) per (format, log2n) and algorithm, the median over
               the (dist, op) cells of 1 - mean_rel(alg) / mean_rel(folklore),
               with the number of cells that entered it. Trials are averaged
               per cell first, over the trials both have (rows paired on
               backend, format, dist, op, log2n, trial, seed, tau). Cells where
               folklore is exact (mean_rel 0), overflow (in either), are
               unsupported or undefined are left out and counted by tags.
               Trials of several seeds (files of several sweeps) are trials
               of one cell; smoothed cells of different tau are different
               cells, and rows of the other operations, which tau does not
               enter, count once. A cell where folklore is exact and the
               algorithm is not has no ratio: tag w.
  --cells      mean_rel per cell (trials averaged), statuses shown for
               overflow / unsupported, NaN shown as undefined.
  --speed      from /timings: median_ms, GB/s and time ratios to memcpy,
               add-one and cuFFT measured in the same run.
"""

EPILOG = """\
Exit status: 0 success; 1 an output that cannot be written; 2 a usage
error: a bad option, a filter value that is not in the files, or an input
file that cannot be used (missing, not HDF5, another or no schema_version,
lacking the table's data, conflicting rows). Errors are one line on stderr; no output file is
created or changed on any error.
"""


def parse(argv):
    p = whtlab_cli.Parser(prog=PROG, description=DESCRIPTION, epilog=EPILOG,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+", metavar="FILE", help="HDF5 result files")
    t = p.add_mutually_exclusive_group()
    t.add_argument("--reduction", dest="table", action="store_const", const="reduction",
                   help="reduction against folklore (default)")
    t.add_argument("--cells", dest="table", action="store_const", const="cells",
                   help="mean_rel per cell")
    t.add_argument("--speed", dest="table", action="store_const", const="speed",
                   help="speed from /timings")
    o = p.add_mutually_exclusive_group()
    o.add_argument("--markdown", dest="style", action="store_const", const="markdown",
                   help="Markdown table (default)")
    o.add_argument("--latex", dest="style", action="store_const", const="latex",
                   help="LaTeX tabular with booktabs rules")
    o.add_argument("--csv", dest="style", action="store_const", const="csv",
                   help="CSV, one value per column (notes become columns)")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    whtlab_filters.add_arguments(p)
    a = p.parse_args(argv)
    a.table = a.table or "reduction"
    a.style = a.style or "markdown"
    return a


def build(a):
    if a.table == "speed":
        whtlab_filters.refuse(a, ("dist", "op"), "to --speed (timings have no dist or op)")
        rows = load(a.files, "timings")
        if rows is None:
            raise InputError("no /timings in %s (written by wht-bench)" % ", ".join(a.files))
        rows = whtlab_filters.apply(rows, a, names=("format", "algo", "log2n"))
        return whtlab_tables.speed(rows)
    rows = load(a.files, "results")
    if rows is None:
        raise InputError("no /results in %s (written by wht-sweep)" % ", ".join(a.files))
    if a.table == "cells":
        return whtlab_tables.cell_table(whtlab_filters.apply(rows, a))
    if a.algo is not None and [v.strip() for v in a.algo.split(",")] == ["folklore"]:
        raise UsageError("--algo folklore leaves no algorithm to compare with folklore; "
                         "name others, e.g. --algo kahan")
    rows = whtlab_filters.apply(rows, a, keep=("folklore",))
    return whtlab_tables.reduction(rows)


def main():
    a = parse(sys.argv[1:])
    if a.output is not None and os.path.isdir(a.output):
        raise UsageError("-o '%s' is a directory; give a file name" % a.output)
    text = whtlab_render.RENDERERS[a.style](build(a))
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
