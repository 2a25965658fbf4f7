"""whtlab_tradeoff - the numbers of wht-plot's accuracy-versus-speed figure
(whtlab_tradeoff_plot draws them): per format, for each algorithm other
than folklore and each size class, how many times smaller its error is than
folklore's and how many times longer it takes. Algorithms are taken by name
from the data; one missing from either table is not drawn and named in a
note.

Error (y): a cell is (format, dist, op, log2n, and tau for smoothed); its
value is the median of the metric over the trials with status ok and a
finite value (whtlab_cells.Cell; the trials of every seed pooled). The
cell's ratio is folklore's median / the algorithm's median (> 1: more
accurate than folklore). y is the median of these ratios over the cells of
the size class (every dist and op of the selection). Left out, and counted
by reason in the notes: cells where either has no value (overflow,
unsupported, every trial undefined), where either median is 0 (no finite
ratio; e.g. both exact on pmone inputs at small n), and cells folklore
lacks. A median, as wht-table's reduction is, so that y >= 10/3 is the
issue's goal of a median reduction of at least 70 % (1 - 1/y >= 0.7).

Backends in /results: an algorithm's CPU and GPU rows are bit-identical
(DESIGN.md), so each cell takes the trials of one backend, the first
present of cpu, gpu, then others alphabetically.

Time (x): an entry of /timings is (backend, format, log2n, batch,
in_place); its ratio is the algorithm's median_ms / folklore's median_ms
of the same entry (< 1: faster than folklore). x is the median of these
ratios over the entries of the size class. Entries whose times are not
positive and finite, and entries folklore lacks, are left out and counted.

Size classes (log2n of a cell or of a timing row, the row length n = 2^k
whatever the batch): small k <= 14 (every algorithm's row fits one GPU
tile: one pass, DESIGN.md section 5), medium 15..21, large k >= 22. A point
needs both an error ratio and a time ratio in its class."""

import math

from whtlab_cells import Cell
from whtlab_results import InputError, ordered
from whtlab_stats import quantile

BASELINE = "folklore"
# (name, smallest log2n, largest log2n or None); see the module comment
SIZE_CLASSES = (("small", None, 14), ("medium", 15, 21), ("large", 22, None))
GOAL_RATIO = 1.0 / (1.0 - 0.7)   # issue 14: a median reduction of 70 %

# why a cell or a timing entry has no ratio (keys of Tradeoff.left_out)
NO_VALUE, ZERO, NO_BASE_CELL, BAD_TIME, NO_BASE_TIME = (
    "cells without a value (overflow, unsupported or undefined)",
    "cells with median error 0", "cells folklore lacks",
    "timings not positive and finite", "timings folklore lacks")


def size_class(log2n):
    """Name of the size class of log2n."""
    for name, lo, hi in SIZE_CLASSES:
        if (lo is None or log2n >= lo) and (hi is None or log2n <= hi):
            return name
    raise ValueError("log2n %d in no size class" % log2n)   # the classes cover every k


def class_label(name):
    """'small (log2n <= 14)' for legends and notes."""
    _, lo, hi = next(c for c in SIZE_CLASSES if c[0] == name)
    if hi is None:
        return "%s (log2n >= %d)" % (name, lo)
    if lo is None:
        return "%s (log2n <= %d)" % (name, hi)
    return "%s (log2n %d..%d)" % (name, lo, hi)


class Point:
    """One algorithm in one size class: y = error_ratio, x = time_ratio,
    and how many cells and timing entries entered their medians."""

    def __init__(self, algorithm, size, error_ratio, time_ratio, cells, timings):
        self.algorithm, self.size = algorithm, size
        self.error_ratio, self.time_ratio = error_ratio, time_ratio
        self.cells, self.timings = cells, timings

    def __repr__(self):
        return "Point(%s, %s, error x%.4g (%d cells), time x%.4g (%d timings))" % (
            self.algorithm, self.size, self.error_ratio, self.cells, self.time_ratio,
            self.timings)


class Tradeoff:
    """The points of one format and metric, and what was left out."""

    def __init__(self):
        self.points = []
        self.left_out = {}      # reason -> number of cells or timing entries
        self.not_drawn = []     # (algorithm, why)
        self.one_sided = []     # (algorithm, size class, which side lacks)
        self.scope = ""         # what entered, for the figure

    def count(self, reason):
        self.left_out[reason] = self.left_out.get(reason, 0) + 1

    def notes(self):
        """One line per thing left out, for stderr and the figure."""
        out = ["%s not drawn: %s" % (a, why) for a, why in self.not_drawn]
        out += ["%s, %s: no %s there, no point" % (a, class_label(s), side)
                for a, s, side in self.one_sided]
        if self.left_out:
            out.append("left out of the medians: " + "; ".join(
                "%d %s" % (n, r) for r, n in sorted(self.left_out.items())))
        return out


def _cell_medians(results, metric):
    """{algorithm: {(dist, op, log2n, tau or None): Cell}}, one backend each."""
    by_backend = {}
    for r in results.records():
        key = (r["dist"], r["op"], r["log2n"], r["tau"] if r["op"] == "smoothed" else None)
        cell = by_backend.setdefault((r["algorithm"], key), {}).setdefault(
            r["backend"], Cell(key))
        cell.add(r["status"], r[metric])
    out = {}
    for (alg, key), cells in by_backend.items():
        first = ordered("backend", cells)[0]
        out.setdefault(alg, {})[key] = cells[first]
    return out


def error_ratios(results, metric, tr):
    """{algorithm: {size class: [folklore median / algorithm median]}}."""
    cells = _cell_medians(results, metric)
    base = cells.get(BASELINE, {})
    out = {}
    for alg, mine in cells.items():
        if alg == BASELINE:
            continue
        for key, cell in mine.items():
            ref = base.get(key)
            if ref is None:
                tr.count(NO_BASE_CELL)
            elif cell.median is None or ref.median is None:
                tr.count(NO_VALUE)
            elif cell.median == 0.0 or ref.median == 0.0:
                tr.count(ZERO)
            else:
                out.setdefault(alg, {}).setdefault(size_class(key[2]), []).append(
                    ref.median / cell.median)
    return out


def _time_ok(ms):
    return ms > 0 and not math.isinf(ms)


def time_ratios(timings, tr):
    """{algorithm: {size class: [algorithm median_ms / folklore median_ms]}}."""
    entry = ("backend", "log2n", "batch", "in_place")
    base = {tuple(r[k] for k in entry): r["median_ms"] for r in timings.records()
            if r["algorithm"] == BASELINE}
    out = {}
    for r in timings.records():
        if r["algorithm"] == BASELINE:
            continue
        ref = base.get(tuple(r[k] for k in entry))
        if ref is None:
            tr.count(NO_BASE_TIME)
        elif not (_time_ok(r["median_ms"]) and _time_ok(ref)):
            tr.count(BAD_TIME)
        else:
            out.setdefault(r["algorithm"], {}).setdefault(size_class(r["log2n"]), []).append(
                r["median_ms"] / ref)
    return out


def compute(results, timings, fmt, metric):
    """The Tradeoff of format fmt for metric, from /results and /timings
    rows (whtlab_results.Rows, any formats)."""
    res = results.select(results["format"] == fmt)
    tim = timings.select(timings["format"] == fmt)
    tr = Tradeoff()
    tr.scope = "errors: dist %s; op %s. times: batch %s; %s." % (
        ",".join(res.distinct("dist")), ",".join(res.distinct("op")),
        ",".join(str(b) for b in sorted(set(tim["batch"].tolist()))),
        " and ".join({1: "in place", 0: "out of place"}[m]
                     for m in sorted(set(tim["in_place"].tolist()), reverse=True)))
    errors = error_ratios(res, metric, tr)
    times = time_ratios(tim, tr)
    in_res, in_tim = set(res["algorithm"].tolist()), set(tim["algorithm"].tolist())
    for alg in ordered("algorithm", (in_res | in_tim) - {BASELINE}):
        if alg not in in_tim:
            tr.not_drawn.append((alg, "no /timings rows in %s" % fmt))
            continue
        if alg not in in_res:
            tr.not_drawn.append((alg, "no /results rows in %s" % fmt))
            continue
        e, t = errors.get(alg, {}), times.get(alg, {})
        for name, _, _ in SIZE_CLASSES:
            if name in e and name in t:
                tr.points.append(Point(alg, name, quantile(e[name], 0.5),
                                       quantile(t[name], 0.5), len(e[name]), len(t[name])))
            elif name in e or name in t:
                tr.one_sided.append((alg, name, "timing" if name in e else "error ratio"))
        if not any(p.algorithm == alg for p in tr.points):
            tr.not_drawn.append((alg, "no size class with both an error ratio and a time ratio"))
    return tr


def formats(results, timings):
    """(formats that can have a figure, a note per format that cannot): a
    format needs rows in both tables and folklore's among them. InputError
    when no format qualifies."""
    usable, notes = [], []
    for fmt in ordered("format", results["format"].tolist() + timings["format"].tolist()):
        lacking = []
        for rows, table in ((results, "/results"), (timings, "/timings")):
            algs = set(rows["algorithm"][rows["format"] == fmt].tolist())
            if not algs:
                lacking.append("no %s rows" % table)
            elif BASELINE not in algs:
                lacking.append("no %s rows in %s (its reference)" % (BASELINE, table))
        if lacking:
            notes.append("%s: %s" % (fmt, ", ".join(lacking)))
        else:
            usable.append(fmt)
    if not usable:
        raise InputError("no format has rows in both /results and /timings with "
                         "folklore's among them: " + "; ".join(notes))
    return usable, notes
