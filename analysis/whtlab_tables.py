"""whtlab_tables - the tables of wht-table as whtlab_render.Table: the
reduction of an error metric against a baseline algorithm, the metric per
cell, every row as stored, and speed."""

import math

from whtlab_cells import (EXACT, EXACT_BASELINE_ONLY, NO_BASELINE, OVERFLOW,
                          UNDEFINED, UNSUPPORTED, CELL_KEY, cells, summarize)
from whtlab_render import Table
from whtlab_results import RESULT_COLUMNS, ordered
from whtlab_metrics import METRICS

# Tag letters of cells left out of a median, in the order they are shown;
# {b} is the baseline, {m} the metric.
LEFT_OUT = ((EXACT, "e", "{b} and the algorithm are exact ({m} 0)"),
            (EXACT_BASELINE_ONLY, "w", "{b} is exact, the algorithm is not (worse; "
             "no ratio exists: wht-table --cells shows its {m})"),
            (OVERFLOW, "o", "overflow in the algorithm or in {b}"),
            (UNSUPPORTED, "u", "unsupported"),
            (UNDEFINED, "n", "undefined ({m} NaN or infinite: for a relative metric, "
             "every exact value is 0)"),
            (NO_BASELINE, "m", "no {b} row to compare with"))

SPREAD_NOTE = ("[q25, q75] = interquartile range over the trials (quartiles interpolated "
               "linearly between the sorted values, numpy.percentile's default; no interval "
               "with one trial)")


def _fmt_rel(x):
    return "%.3e" % x


def fmt_reduction(x):
    """A reduction with 3 decimals, more where 3 would print a value as 0
    or 1 that is not (e.g. -3e-5 as -0.00003, 0.99996 as 0.99996), and 4
    significant digits in exponent form when it is very large."""
    if abs(x) >= 1e4:
        return "%.4g" % x
    d = 3
    while d < 12 and ((x != 0 and round(x, d) == 0) or (x != 1 and round(x, d) == 1)):
        d += 1
    return "%.*f" % (d, x)


def _varies(rows, col):
    return len(set(rows[col].tolist())) > 1


def _trials_note(counts):
    counts = sorted(set(counts))
    if not counts:
        return []
    if len(counts) == 1:
        return ["Trials per entry: %d." % counts[0]]
    return ["Trials per entry: %d to %d (CSV column trials)." % (counts[0], counts[-1])]


# why a trial of a cell that entered has no ratio, as the note says it
TRIAL_LEFT_OUT = ((UNDEFINED, "undefined ({m} NaN or infinite in the algorithm or in {b})"),
                  (EXACT, "{b} and the algorithm exact"),
                  (EXACT_BASELINE_ONLY, "{b} exact, the algorithm not"),
                  (NO_BASELINE, "no {b} row"))


def _trials_left_note(summaries, m, b):
    """A note counting the trials without a ratio inside cells that
    entered (the cell's median is over its other trials), so that none is
    dropped unsaid."""
    total = {}
    for s in summaries:
        for st, n in s.trials_left_out.items():
            total[st] = total.get(st, 0) + n
    if not total:
        return []
    parts = ["%d %s" % (total.pop(st), why.format(m=m, b=b))
             for st, why in TRIAL_LEFT_OUT if st in total]
    parts += ["%d %s" % (n, st) for st, n in sorted(total.items())]
    return ["Trials without a ratio in cells that entered (each such cell counts its other "
            "trials): " + "; ".join(parts) + "."]


def reduction(rows, metric, baseline):
    """Per trial the median over (dist, op) of 1 - metric(alg) /
    metric(baseline); median and quartiles of that over the trials."""
    row_keys, algs, table = summarize(rows, metric, baseline)
    by_backend = _varies(rows, "backend")
    lead = (["backend"] if by_backend else []) + ["format", "log2n"]
    header = lead + algs
    align = "l" * (len(lead) - 1) + "r" + "r" * len(algs)
    known = {s for s, _, _ in LEFT_OUT}
    shown, disp, machine, ntrials = set(), [], [], []
    for (backend, fmt, log2n) in row_keys:
        cells_ = ([backend] if by_backend else []) + [fmt, str(log2n)]
        for alg in algs:
            s = table.get((backend, fmt, log2n, alg))
            if s is None:
                cells_.append("-")
                shown.add("-")
                continue
            sp = s.spread
            if sp.median is None:
                text = "n/a"
            else:
                text = fmt_reduction(sp.median)
                if sp.n > 1:
                    text += " [%s, %s]" % (fmt_reduction(sp.q25), fmt_reduction(sp.q75))
                ntrials.append(sp.n)
            text += " (%d)" % len(s.cells)
            for status, letter, _ in LEFT_OUT:
                if s.left_out.get(status):
                    text += " %s%d" % (letter, s.left_out[status])
                    shown.add(status)
            for status in sorted(set(s.left_out) - known):
                text += " %s:%d" % (status, s.left_out[status])
                shown.add(status)
            cells_.append(text)
            machine.append([metric, baseline, backend, fmt, log2n, alg, sp.median, sp.q25,
                            sp.q75, sp.n, len(s.cells)]
                           + [s.left_out.get(st, 0) for st, _, _ in LEFT_OUT]
                           + [";".join("%s:%d" % (k, v) for k, v in sorted(s.left_out.items())
                                       if k not in known)]
                           + [";".join("%s:%d" % (k, v) for k, v in sorted(s.trials_left_out.items()))])
        disp.append(cells_)
    m, b = metric, baseline
    notes = ["Entry: for each trial, the median over the (dist, op) cells of 1 - %s(algorithm) / "
             "%s(%s) on the same inputs (paired on backend, format, dist, op, log2n, trial, "
             "seed, tau; the baseline's row of another backend, cpu first, where it has none "
             "on the algorithm's); then the median over the trials and %s. 1 = error removed, "
             "0 = as %s, < 0 = worse; (N) = number of cells that entered. The trials of "
             "several seeds are trials of one cell; smoothed cells of different tau are "
             "different cells; a trial where %s is exact has no ratio and leaves the cell."
             % (m, m, b, SPREAD_NOTE, b, b)]
    notes += _trials_note(ntrials)
    notes += _trials_left_note(table.values(), m, b)
    tags = ["%sK %s" % (letter, why.format(b=b, m=m)) for status, letter, why in LEFT_OUT
            if status in shown]
    tags += ["%s:K status %s" % (st, st) for st in sorted(shown - known - {"-"})]
    if tags:
        notes.append("Tags, K cells left out of the median: " + "; ".join(tags) + ".")
    if "-" in shown:
        notes.append("- = the algorithm has no rows for this format and size.")
    present = ordered("algorithm", rows["algorithm"].tolist())
    if baseline not in present:
        notes.append("The input has no %s rows: no reduction can be computed; choose a "
                     "baseline with --baseline (present: %s)." % (b, ",".join(present)))
    csv_header = (["metric", "baseline", "backend", "format", "log2n", "algorithm",
                   "median_reduction", "q25", "q75", "trials", "cells"]
                  + [st.replace("-", "_") for st, _, _ in LEFT_OUT] + ["other_left_out",
                                                                         "trials_without_ratio"])
    title = "%s (%s): reduction against %s" % (m, METRICS[m], b)
    return Table(header, align, disp, notes, csv_header, machine, title=title)


def cell_table(rows, metric):
    """metric of each cell: median and quartiles over the trials; statuses
    instead of numbers."""
    cs = cells(rows, metric)
    optional = [c for c in ("backend", "seed", "tau") if _varies(rows, c)]
    shown_key = [k for k in CELL_KEY if k not in ("backend", "seed", "tau") or k in optional]
    order = {col: {v: i for i, v in enumerate(ordered(col, rows[col].tolist()))}
             for col in ("algorithm", "backend", "format", "dist", "op")}

    def sort_key(item):
        key = dict(zip(CELL_KEY, item[0]))
        return tuple(order[c][key[c]] if c in order else key[c] for c in CELL_KEY)
    disp, machine = [], []
    for key, c in sorted(cs.items(), key=sort_key):
        kd = dict(zip(CELL_KEY, key))
        lead = [str(kd[k]) if k != "tau" else "%g" % kd[k] for k in shown_key]
        sp = c.spread
        if sp is None:
            shown = [c.status, "-", "-"]
            nums = [None, None, None]
        else:
            nums = [sp.median, sp.q25, sp.q75]
            shown = [_fmt_rel(sp.median)] + ([_fmt_rel(sp.q25), _fmt_rel(sp.q75)]
                                              if sp.n > 1 else ["-", "-"])
        disp.append(lead + [str(c.trials)] + shown + [c.note()])
        machine.append([metric] + [kd[k] for k in CELL_KEY] + [c.trials, len(c.used)] + nums
                       + [c.status, c.note()])
    header = shown_key + ["trials", "median", "q25", "q75", "status"]
    align = "".join("r" if k in ("log2n", "seed", "tau") else "l" for k in shown_key) + "rrrrl"
    notes = ["%s: median over the trials with status ok and a finite value; %s; "
             "undefined = NaN or infinite in every trial (for a relative metric: every exact "
             "value is 0), never taken in; overflow / unsupported: a trial had that status."
             % (metric, SPREAD_NOTE)]
    csv_header = (["metric"] + list(CELL_KEY)
                  + ["trials", "trials_used", "median", "q25", "q75", "status", "note"])
    title = "%s (%s) per cell" % (metric, METRICS[metric])
    return Table(header, align, disp, notes, csv_header, machine, title=title)


def _fmt_value(v):
    """Exact, reversible text of a stored value (repr of a float is the
    shortest string that reads back as the same double)."""
    return repr(v) if isinstance(v, float) else str(v)


def rows_table(rows):
    """Every row as stored: every column of /results, strings decoded, and
    the file it came from."""
    header = list(RESULT_COLUMNS) + ["file"]
    lists = [rows[c].tolist() for c in header]
    machine = [list(r) for r in zip(*lists)]
    disp = [[_fmt_value(v) for v in r] for r in machine]
    align = "".join("l" if RESULT_COLUMNS.get(c, "s") == "s" else "r" for c in header)
    notes = ["Every /results row as stored (data/README.md explains each column and "
             "status); a row found in several files is listed once, with the first file."]
    return Table(header, align, disp, notes, header, machine, title="/results rows")


def _ratio(num, den):
    if not (den > 0) or math.isnan(num) or math.isinf(den):
        return None
    return num / den


def speed(rows):
    """Timings per (algorithm, format, log2n, batch, in_place) with ratios."""
    by_backend = _varies(rows, "backend")
    order = {col: {v: i for i, v in enumerate(ordered(col, rows[col].tolist()))}
             for col in ("algorithm", "backend", "format")}
    recs = sorted(rows.records(), key=lambda r: (
        order["algorithm"][r["algorithm"]], order["backend"][r["backend"]],
        order["format"][r["format"]], r["log2n"], r["batch"], -r["in_place"]))
    lead = ["algorithm"] + (["backend"] if by_backend else []) + ["format", "log2n",
                                                                  "batch", "in place"]
    header = lead + ["median_ms", "GB/s", "vs memcpy", "vs add-one", "vs cuFFT"]
    align = "l" * (len(lead) - 3) + "rrl" + "rrrrr"
    disp, machine = [], []
    for r in recs:
        ratios = [_ratio(r["median_ms"], r[c]) for c in ("memcpy_ms", "addone_ms", "cufft_ms")]
        disp.append([r["algorithm"]] + ([r["backend"]] if by_backend else [])
                    + [r["format"], str(r["log2n"]), str(r["batch"]),
                       "yes" if r["in_place"] else "no",
                       "%.4g" % r["median_ms"], "%.4g" % r["gbps"]]
                    + ["%.2f" % x if x is not None else "n/a" for x in ratios])
        machine.append([r["algorithm"], r["backend"], r["format"], r["log2n"], r["batch"],
                        r["in_place"], r["median_ms"], r["gbps"]] + ratios)
    notes = ["vs X = median_ms / X_ms, X measured in the same run on the same bytes "
             "(1 = as fast as X, 2 = twice the time): memcpy = device-to-device copy, "
             "add-one = in-place add-one kernel, cuFFT = R2C (f32) / D2Z (f64); "
             "n/a where there is no reference: cuFFT for f16/bf16, and memcpy and cuFFT "
             "at the largest sizes, where one copy of the data fills the GPU."]
    csv_header = ["algorithm", "backend", "format", "log2n", "batch", "in_place",
                  "median_ms", "gbps", "ratio_memcpy", "ratio_addone", "ratio_cufft"]
    return Table(header, align, disp, notes, csv_header, machine)
