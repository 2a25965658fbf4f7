"""whtlab_tradeoff - the numbers of wht-plot's accuracy-versus-speed figure
(whtlab_tradeoff_plot draws them): per format, for each algorithm other
than folklore and each size class, how many times smaller its error is than
folklore's and how many times longer it takes. Algorithms are taken by name
from the data; one missing from either table is not drawn and named in a
note.

Error (y): the reduction against folklore exactly as wht-table computes
it (whtlab_cells: the rows of the same inputs paired trial by trial,
r_t = 1 - e_t(alg) / e_t(folklore); per trial the median over the cells,
then the median R over the trials), with the size class in place of the
table's log2n: the cells are (dist, op, log2n, and tau for smoothed) of the
class. y = 1 / (1 - R), folklore's error over the algorithm's in the terms
of the median reduction, so that y >= 10/3 exactly when R >= 70 %, the
issue's goal, and a point reads as wht-table's entry for the same rows.
Cells left out of the table's median are left out here and counted by
reason in the notes, as are trials not common to the class's cells.

Backends in /results: an algorithm's CPU and GPU rows are bit-identical
(DESIGN.md), so each cell takes the reductions of one backend, the first
present of cpu, gpu, then others alphabetically.

Time (x): an entry of /timings is (backend, format, log2n, batch,
in_place); its ratio is the algorithm's median_ms / folklore's median_ms
of the same entry on the same device, the device attribute of the files
the two rows come from (< 1: faster than folklore): times of another GPU
are never divided. Several files of one device are one set of timings:
wht-bench never writes a case twice into a file, and copies of a row in
several files are one row when equal and refused when not
(whtlab_results), so an entry has one folklore time a device whatever the
order of the files. x is the median of these ratios over the entries of
the size class. Entries whose times are not positive and finite, and
entries without folklore's on the same device, are left out and counted.

Size classes (log2n of a cell or of a timing row, the row length n = 2^k
whatever the batch): small k <= 14 (every algorithm's row fits one GPU
tile: one pass, DESIGN.md section 5), medium 15..21, large k >= 22. A point
needs both an error ratio and a time ratio in its class, both finite and
positive (y is infinite where R = 1, 0 where R = -inf): others are not
drawn and named in a note."""

import math

import whtlab_cells as wc
from whtlab_results import InputError, attributes, ordered
from whtlab_stats import quantile

BASELINE = "folklore"
# (name, smallest log2n, largest log2n or None); see the module comment
SIZE_CLASSES = (("small", None, 14), ("medium", 15, 21), ("large", 22, None))
GOAL_RATIO = 1.0 / (1.0 - 0.7)   # issue 14: a median reduction of 70 %

# why a cell, a trial or a timing entry has no ratio (keys of
# Tradeoff.left_out), as wht-table's tags say it
LEFT_OUT = {
    wc.EXACT: "cells where folklore and the algorithm are exact (error 0)",
    wc.EXACT_BASELINE_ONLY: "cells where folklore is exact and the algorithm not "
                            "(worse; no ratio)",
    wc.OVERFLOW: "cells with overflow", wc.UNSUPPORTED: "cells unsupported",
    wc.UNDEFINED: "cells undefined (NaN, or infinite in both)",
    wc.NO_BASELINE: "cells folklore lacks",
    wc.INCOMPLETE: "cells without a ratio in some of the class's trials",
}
NOT_COMMON = "trials not in every cell of the class"
BAD_TIME, NO_BASE_TIME = ("timings not positive and finite",
                          "timings without folklore's on the same device")
# cells that enter, counted apart (table's reduction 1, not a tag)
ALG_EXACT = ("cells whose reduction is 1 in every trial (the algorithm exact and folklore "
             "not, folklore's error infinite, or a ratio below the doubles' resolution)")


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

    def __init__(self, algorithm, size, reduction, time_ratio, cells, timings):
        self.algorithm, self.size = algorithm, size
        self.reduction = reduction          # the median reduction R
        self.error_ratio = error_ratio(reduction)
        self.time_ratio = time_ratio
        self.cells, self.timings = cells, timings

    def __repr__(self):
        return "Point(%s, %s, error x%.4g (%d cells), time x%.4g (%d timings))" % (
            self.algorithm, self.size, self.error_ratio, self.cells, self.time_ratio,
            self.timings)


class Tradeoff:
    """The points of one format and metric, and what was left out."""

    def __init__(self):
        self.points = []
        self.left_out = {}      # reason -> number of cells, trials or timing entries
        self.entered = {}       # reason -> cells that entered, counted apart
        self.not_drawn = []     # (algorithm, why)
        self.not_finite = []    # Point not drawn: a ratio outside 1e-300..1e300 (0, inf, NaN included)
        self.one_sided = []     # (algorithm, size class, which side lacks)
        self.scope = ""         # what entered, for the figure

    def count(self, reason, n=1, where=None):
        where = self.left_out if where is None else where
        if n:
            where[reason] = where.get(reason, 0) + n

    def notes(self):
        """One line per thing left out, for stderr and the figure."""
        out = ["%s not drawn: %s" % (a, why) for a, why in self.not_drawn]
        out += ["%s, %s: no %s there, no point" % (a, class_label(s), side)
                for a, s, side in self.one_sided]
        out += ["%s, %s: not drawn, error ratio %s (median reduction %r), time ratio %s"
                % (p.algorithm, class_label(p.size), p.error_ratio, p.reduction, p.time_ratio)
                for p in self.not_finite]
        if self.left_out:
            out.append("left out of the medians: " + "; ".join(
                "%d %s" % (n, r) for r, n in sorted(self.left_out.items())))
        if self.entered:
            out.append("entered: " + "; ".join(
                "%d %s" % (n, r) for r, n in sorted(self.entered.items())))
        return out


def error_ratio(reduction):
    """y of a median reduction R: 1 / (1 - R), folklore's error over the
    algorithm's; inf for R = 1 (the error removed), 0 for R = -inf."""
    return math.inf if reduction == 1.0 else 1.0 / (1.0 - reduction)


def _one_backend(pairs):
    """The keys of pairs (whtlab_cells.reductions) of the first backend
    present for each (algorithm, cell): CPU and GPU rows are bit-identical."""
    rank = {b: i for i, b in enumerate(ordered("backend", [k[1] for k in pairs]))}
    first = {}
    for key in pairs:
        cell = key[:1] + key[2:]
        if cell not in first or rank[key[1]] < rank[first[cell][1]]:
            first[cell] = key
    return set(first.values())


def error_summaries(results, metric, tr):
    """{algorithm: {size class: whtlab_cells.Summary}} of the reduction
    against folklore, as wht-table computes it; what they leave out counted
    in tr."""
    pairs = wc.reductions(results, metric, BASELINE)
    chosen = _one_backend(pairs)
    groups = wc.group(pairs, lambda k: (k[0], size_class(k[5])) if k in chosen else None)
    out = {}
    for (alg, size), s in groups.items():
        for status, n in s.left_out.items():
            tr.count(LEFT_OUT.get(status, "cells of status %s" % status), n)
        tr.count(NOT_COMMON, s.trials_not_common)
        tr.count(ALG_EXACT, sum(all(r == 1.0 for r in c.values()) for c in s.cells),
                 tr.entered)
        if s.spread.median is not None:
            out.setdefault(alg, {})[size] = s
    return out


def _time_ok(ms):
    return ms > 0 and not math.isinf(ms)


def _sources(rows):
    """{file: (device, git revision)} of the files rows came from."""
    out = {}
    for path in rows["file"].tolist():
        if path not in out:
            a = attributes(path)
            out[path] = (a["device"], a["git_revision"])
    return out


def time_ratios(timings, tr):
    """{algorithm: {size class: [algorithm median_ms / folklore median_ms]}},
    each ratio of two entries of one device (not of one file: a row
    deduplicated away keeps its copy's file, whichever came first)."""
    source = _sources(timings)
    entry = ("backend", "log2n", "batch", "in_place")

    def key(r):
        return (source[r["file"]][0],) + tuple(r[k] for k in entry)
    base = {key(r): r["median_ms"] for r in timings.records() if r["algorithm"] == BASELINE}
    out = {}
    for r in timings.records():
        if r["algorithm"] == BASELINE:
            continue
        ref = base.get(key(r))
        if ref is None:
            tr.count(NO_BASE_TIME)
        elif not (_time_ok(r["median_ms"]) and _time_ok(ref)):
            tr.count(BAD_TIME)
        else:
            out.setdefault(r["algorithm"], {}).setdefault(size_class(r["log2n"]), []).append(
                r["median_ms"] / ref)
    return out


def _source_text(rows):
    """'NVIDIA H100 (git 002ae6a)', each device and revision once."""
    pairs = sorted(set(_sources(rows).values()), key=str)
    return ", ".join("%s (git %s)" % (d or "device unknown", g or "unknown")
                     for d, g in pairs) or "none"


def compute(results, timings, fmt, metric):
    """The Tradeoff of format fmt for metric, from /results and /timings
    rows (whtlab_results.Rows, any formats)."""
    res = results.select(results["format"] == fmt)
    tim = timings.select(timings["format"] == fmt)
    tr = Tradeoff()
    tr.scope = "errors: dist %s; op %s; from %s. times: batch %s; %s; from %s." % (
        ",".join(res.distinct("dist")), ",".join(res.distinct("op")), _source_text(res),
        ",".join(str(b) for b in sorted(set(tim["batch"].tolist()))),
        " and ".join({1: "in place", 0: "out of place"}[m]
                     for m in sorted(set(tim["in_place"].tolist()), reverse=True)),
        _source_text(tim))
    errors = error_summaries(res, metric, tr)
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
                p = Point(alg, name, e[name].spread.median, quantile(t[name], 0.5),
                          len(e[name].cells), len(t[name]))
                # on a log axis inside the doubles' range (a ratio of 1e300 is a
                # broken timing or an overflowed error, counted as not drawn)
                drawable = all(1e-300 <= v <= 1e300 for v in (p.error_ratio, p.time_ratio))
                (tr.points if drawable else tr.not_finite).append(p)
            elif name in e or name in t:
                tr.one_sided.append((alg, name, "timing" if name in e else "error ratio"))
        if not any(p.algorithm == alg for p in tr.points + tr.not_finite):
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
