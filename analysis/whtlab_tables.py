"""whtlab_tables - the tables of wht-table as whtlab_render.Table: the
reduction of an error metric against a baseline algorithm, the metric per
cell, every row as stored, and speed."""

import math

import numpy as np

from whtlab_cells import (EXACT, EXACT_BASELINE_ONLY, INCOMPLETE, NO_BASELINE, OVERFLOW,
                          UNDEFINED, UNSUPPORTED, CELL_KEY, cells, summarize)
from whtlab_render import Table
from whtlab_results import RESULT_COLUMNS, ordered, uses_tau
from whtlab_metrics import METRICS

# Tag letters of cells left out of a median, in the order they are shown;
# {b} is the baseline, {m} the metric.
LEFT_OUT = ((EXACT, "e", "{b} and the algorithm are exact ({m} 0)"),
            (EXACT_BASELINE_ONLY, "w", "{b} is exact, the algorithm is not (worse; "
             "no ratio exists: wht-table --cells shows its {m})"),
            (OVERFLOW, "o", "overflow in the algorithm or in {b}"),
            (UNSUPPORTED, "u", "unsupported"),
            (UNDEFINED, "n", "undefined ({m} NaN in either or infinite in both: for a "
             "relative metric, every exact value is 0)"),
            (NO_BASELINE, "m", "no {b} row to compare with"),
            (INCOMPLETE, "i", "no ratio in some of the entry's trials (see the note on "
             "trials): left out so that every trial's median is over the same cells"))

SPREAD_NOTE = ("[q25, q75] = interquartile range over the trials (quartiles interpolated "
               "linearly between the sorted values, numpy.percentile's default; no interval "
               "with one trial)")


def _shown(text, x):
    """Whether text does not read as exactly 0, 1 or -1 unless x is."""
    v = float(text)
    return not ((v == 0 or abs(v) == 1) and v != x)


def fmt_sig(x, digits, conv="g"):
    """x to digits significant figures ('g') or digits decimals of an
    exponent form ('e'), more where that would read as exactly 0, 1 or -1
    while x is not (0.99999 is not 1); inf, -inf and nan as such."""
    if not math.isfinite(x):
        return repr(x)
    for d in range(digits, 18):
        text = "%.*{}".format(conv) % (d, x)
        if _shown(text, x):
            break
    return text


def fmt_fixed(x, decimals):
    """x with that many decimals, except where they would hide it: 3
    significant figures where they print a value that is not 0 as 0 (0.004
    is not 0.00, 1e-13 not 0.000000000000), more decimals where they print
    one that is not 1 as 1 (0.99996, 1 - 1e-13), 4 significant figures from
    5 integer digits on (9999.9996 is 1e+04, not 10000.000); inf, -inf and
    nan as such."""
    if not math.isfinite(x):
        return repr(x)
    text = "%.*f" % (decimals, x)
    if abs(float(text)) >= 1e4:
        return fmt_sig(x, 4)
    if float(text) == 0 and x != 0:
        return fmt_sig(x, 3)
    d = decimals
    while not _shown(text, x) and d < 17:
        d += 1
        text = "%.*f" % (d, x)
    return text


def _fmt_rel(x):
    return fmt_sig(x, 3, "e")


def fmt_reduction(x):
    """A reduction with 3 decimals (fmt_fixed)."""
    return fmt_fixed(x, 3)


def fmt_tau(tau):
    """tau of a smoothed cell, shortest text that reads back as the same
    double (taus that differ print differently); '-' for other cells."""
    return "-" if tau is None else repr(tau)


def _varies(rows, col):
    return len(set(rows[col].tolist())) > 1


def _trials_note(counts):
    counts = sorted(set(counts))
    if not counts:
        return []
    if len(counts) == 1:
        return ["Trials per entry: %d." % counts[0]]
    return ["Trials per entry: %d to %d (CSV column trials)." % (counts[0], counts[-1])]


# why a trial has no ratio, as the note says it
TRIAL_LEFT_OUT = ((UNDEFINED, "undefined ({m} NaN in the algorithm or in {b}, or infinite in "
                   "both)"),
                  (EXACT, "{b} and the algorithm exact"),
                  (EXACT_BASELINE_ONLY, "{b} exact, the algorithm not"),
                  (NO_BASELINE, "no {b} row"))


def _trials_left_note(summaries, m, b):
    """Notes counting what the common trials leave out (whtlab_cells.Summary):
    the trials of some cells only, and why the cells left out with tag i
    lack a ratio, so that nothing is dropped unsaid."""
    total, beyond = {}, 0
    for s in summaries:
        beyond += s.trials_not_common
        for st, n in s.trials_left_out.items():
            total[st] = total.get(st, 0) + n
    out = []
    if beyond:
        out.append("Trials left out of their entry because some of its cells have no row "
                   "in them (an entry's trials are those, by seed and trial, common to all "
                   "its cells with a ratio): %d (CSV column trials_not_common)." % beyond)
    if total:
        parts = ["%d %s" % (total.pop(st), why.format(m=m, b=b))
                 for st, why in TRIAL_LEFT_OUT if st in total]
        parts += ["%d %s" % (n, st) for st, n in sorted(total.items())]
        out.append("Trials without a ratio in the cells left out with tag i (CSV column "
                   "trials_without_ratio): " + "; ".join(parts) + ".")
    return out


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
                           + [";".join("%s:%d" % (k, v) for k, v in sorted(s.trials_left_out.items())),
                              s.trials_not_common])
        disp.append(cells_)
    m, b = metric, baseline
    notes = ["Entry: for each trial, the median over the (dist, op) cells of 1 - %s(algorithm) / "
             "%s(%s) on the same inputs (paired on backend, format, dist, op, log2n, trial, "
             "seed, and tau for smoothed; the baseline's row of another backend, cpu first, where it has none "
             "on the algorithm's); then the median over the trials and %s. 1 = error removed, "
             "0 = as %s, < 0 = worse; (N) = number of cells that entered. The trials of "
             "several seeds are trials of one cell; smoothed cells of different tau are "
             "different cells. Every trial's median is over the same cells: the trials of an "
             "entry are those common to its cells, and a cell without a ratio in one of them "
             "(%s exact, no %s row, or undefined) is left out (tag i)."
             % (m, m, b, SPREAD_NOTE, b, b, b)]
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
                  + [st.replace("-", "_") for st, _, _ in LEFT_OUT]
                  + ["other_left_out", "trials_without_ratio", "trials_not_common"])
    title = "%s (%s): reduction against %s" % (m, METRICS[m], b)
    return Table(header, align, disp, notes, csv_header, machine, title=title)


def cell_table(rows, metric):
    """metric of each cell: median and quartiles over the trials; statuses
    instead of numbers."""
    cs = cells(rows, metric)
    # tau only where smoothed cells of several taus need it told apart
    tau_rows = rows.select(np.array([uses_tau(o) for o in rows["op"].tolist()], dtype=bool))
    optional = [c for c, r in (("backend", rows), ("tau", tau_rows)) if _varies(r, c)]
    shown_key = [k for k in CELL_KEY if k not in ("backend", "tau") or k in optional]
    order = {col: {v: i for i, v in enumerate(ordered(col, rows[col].tolist()))}
             for col in ("algorithm", "backend", "format", "dist", "op")}

    def sort_key(item):
        key = dict(zip(CELL_KEY, item[0]))
        return tuple(order[c][key[c]] if c in order else
                     (-1.0 if key[c] is None else key[c]) if c == "tau" else key[c]
                     for c in CELL_KEY)
    disp, machine = [], []
    for key, c in sorted(cs.items(), key=sort_key):
        kd = dict(zip(CELL_KEY, key))
        lead = [str(kd[k]) if k != "tau" else fmt_tau(kd[k]) for k in shown_key]
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
    notes = ["%s: median over the trials with status ok and a value (not NaN; inf is a value, "
             "max_abs beyond the double range), the trials of every seed pooled; %s; "
             "undefined = NaN in every trial (for a relative metric: every exact value is 0), "
             "never taken in; overflow / unsupported: a trial had that status; tau only for "
             "smoothed cells (- for the other operations, which do not read it)."
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
                       fmt_sig(r["median_ms"], 4), fmt_sig(r["gbps"], 4)]
                    + [fmt_fixed(x, 2) if x is not None else "n/a" for x in ratios])
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
