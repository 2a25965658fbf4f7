"""whtlab_cells - from /results rows to per-cell errors and to the reduction
against a baseline algorithm, for one error column (the metric). Shared by
wht-table and wht-plot so both report the same numbers.

A cell is (algorithm, backend, format, dist, op, log2n, seed, tau); its
value is the median over the trials with status ok and a finite value of
the metric, with the interquartile range as its spread (whtlab_stats). A
NaN value (every exact value is 0 for a relative metric) or an infinite one
(max_abs beyond the double range) is 'undefined' and never enters. A cell
with any trial in status overflow or unsupported carries that status
instead of a number.

The reduction of an algorithm against the baseline is computed per trial,
on the rows of the same inputs: r_t = 1 - e_t(alg) / e_t(baseline). For a
(backend, format, log2n, algorithm) the table's statistic is, per trial,
the median of r_t over the (dist, op) cells; the entry is the median of
that over the trials, with its interquartile range over the trials."""

import math

from whtlab_results import ordered
from whtlab_stats import Spread, quantile

CELL_KEY = ("algorithm", "backend", "format", "dist", "op", "log2n", "seed", "tau")
# The baseline row a row is compared with has the same values of PAIR_KEY;
# where the baseline has no row on the row's backend (backend python, the
# rows of whtlab.sweep; a GPU-only algorithm beside CPU folklore), its row
# of the same inputs on another backend, cpu first: the inputs do not
# depend on the backend, and an algorithm's CPU and GPU rows are bit-identical.
PAIR_KEY = ("backend", "format", "dist", "op", "log2n", "trial", "seed", "tau")
# A reduction cell pools the trials of every seed (they are more trials of
# the same cell) and keeps tau apart only for smoothed, the one operation
# it enters: rows of other operations differing only in tau are the same
# computation, so they count once.
REDUCTION_KEY = ("algorithm", "backend", "format", "dist", "op", "log2n")
DEFAULT_BASELINE = "folklore"

# Why a cell has no value, in order of precedence.
UNSUPPORTED, OVERFLOW, NO_BASELINE, UNDEFINED, EXACT, EXACT_BASELINE_ONLY = (
    "unsupported", "overflow", "no-baseline", "undefined", "exact-baseline",
    "exact-baseline-only")


def _finite(x):
    return not (math.isnan(x) or math.isinf(x))


class Cell:
    """One cell: median and quartiles over its usable trials, or the status
    that replaces them."""

    def __init__(self, key):
        self.key = key
        self.trials = 0          # rows of the cell
        self.used = []           # values of the trials that enter
        self.counts = {}         # status (or 'undefined') -> number of trials

    def add(self, status, value):
        self.trials += 1
        if status == "ok" and not _finite(value):
            status = UNDEFINED
        if status == "ok":
            self.used.append(value)
        else:
            self.counts[status] = self.counts.get(status, 0) + 1

    @property
    def status(self):
        """'ok', or what keeps the cell from having a value."""
        for s in (UNSUPPORTED, OVERFLOW):
            if self.counts.get(s):
                return s
        other = [s for s in self.counts if s != UNDEFINED]
        if other:
            return sorted(other)[0]   # a status this program does not know
        return "ok" if self.used else UNDEFINED

    @property
    def spread(self):
        """Spread of the usable trials (None when the cell has no value)."""
        return Spread(self.used) if self.status == "ok" else None

    @property
    def median(self):
        s = self.spread
        return s.median if s is not None else None

    def note(self):
        """'ok' or e.g. '1 overflow of 3 trials' for the tables."""
        if not self.counts:
            return "ok"
        parts = ["%d %s" % (n, s) for s, n in sorted(self.counts.items())]
        return "%s of %d trials" % (", ".join(parts), self.trials)


def cells(rows, metric):
    """dict cell key -> Cell of metric for every cell of rows."""
    out = {}
    keys = list(zip(*[rows[k].tolist() for k in CELL_KEY]))
    for key, status, value in zip(keys, rows["status"].tolist(), rows[metric].tolist()):
        c = out.get(key)
        if c is None:
            c = out[key] = Cell(key)
        c.add(status, value)
    return out


class Pairing:
    """One (algorithm, cell) against the baseline, trial by trial."""

    def __init__(self):
        self.ratios = {}         # trial -> 1 - e(alg) / e(baseline)
        self.states = set()
        self.seen = set()
        self.dropped = {}        # state -> trials without a ratio (of a cell that may enter)

    def add(self, a, b, trial):
        """a, b: (status, value) of the algorithm and of the baseline, b None
        when the baseline has no row for this trial; trial: its identity
        ((seed, trial)). A trial already added is not added again."""
        if trial in self.seen:
            return
        self.seen.add(trial)
        if b is None:
            self._drop(NO_BASELINE)
            return
        sa, sb = a[0], b[0]
        if UNSUPPORTED in (sa, sb):
            self.states.add(UNSUPPORTED)
        elif OVERFLOW in (sa, sb):
            self.states.add(OVERFLOW)
        elif sa != "ok" or sb != "ok":
            self.states.add(sa if sa != "ok" else sb)   # a status unknown here
        elif not (_finite(a[1]) and _finite(b[1])):
            self._drop(UNDEFINED)
        elif b[1] == 0.0:
            # no ratio: the trial says only whether the algorithm is exact too
            self._drop(EXACT if a[1] == 0.0 else EXACT_BASELINE_ONLY)
        else:
            self.ratios[trial] = 1.0 - a[1] / b[1]

    def _drop(self, state):
        self.states.add(state)
        self.dropped[state] = self.dropped.get(state, 0) + 1

    def result(self):
        """(status, {trial: reduction}), the dict None unless status is 'ok'.
        Trials where the baseline is exact have no ratio and do not enter;
        the cell is 'exact' only when no trial has a ratio."""
        for s in (UNSUPPORTED, OVERFLOW):
            if s in self.states:
                return s, None
        other = sorted(self.states - {NO_BASELINE, UNDEFINED, EXACT, EXACT_BASELINE_ONLY})
        if other:
            return other[0], None
        if self.ratios:
            return "ok", self.ratios
        for s in (EXACT_BASELINE_ONLY, EXACT):
            if s in self.states:
                return s, None
        return (NO_BASELINE if NO_BASELINE in self.states and UNDEFINED not in self.states
                else UNDEFINED), None


def reduction_key(r):
    """(algorithm, backend, format, dist, op, log2n, tau or None) of a row:
    the cell of the reduction table it belongs to (see REDUCTION_KEY)."""
    return tuple(r[k] for k in REDUCTION_KEY) + (r["tau"] if r["op"] == "smoothed" else None,)


def reductions(rows, metric, baseline):
    """dict (algorithm, backend, format, dist, op, log2n, tau or None) ->
    (status, {(seed, trial): reduction}, {state: trials}) for every cell of
    rows that is not the baseline's; the last, for a cell that enters
    (status ok), counts its trials that have no ratio, by why."""
    base, elsewhere = {}, {}
    recs = rows.records()
    rank = {b: i for i, b in enumerate(ordered("backend", rows["backend"].tolist()))}
    for r in sorted((r for r in recs if r["algorithm"] == baseline),
                    key=lambda r: rank[r["backend"]]):
        key = tuple(r[k] for k in PAIR_KEY)
        base[key] = (r["status"], r[metric])
        elsewhere.setdefault(key[1:], base[key])   # PAIR_KEY[0] is the backend
    pairs = {}
    for r in recs:
        if r["algorithm"] == baseline:
            continue
        key = reduction_key(r)
        p = pairs.get(key)
        if p is None:
            p = pairs[key] = Pairing()
        key = tuple(r[k] for k in PAIR_KEY)
        p.add((r["status"], r[metric]), base.get(key, elsewhere.get(key[1:])),
              (r["seed"], r["trial"]))
    out = {}
    for k, p in pairs.items():
        status, ratios = p.result()
        out[k] = (status, ratios, p.dropped if status == "ok" else {})
    return out


class Summary:
    """The reductions of one (backend, format, log2n, algorithm): per trial
    the median over its (dist, op) cells, then median and quartiles over
    the trials; how many cells entered and why others did not."""

    def __init__(self):
        self.cells = []          # {trial: reduction} of each cell that entered
        self.left_out = {}
        self.trials_left_out = {}   # state -> trials without a ratio in cells that entered

    def add(self, status, ratios, dropped=None):
        if status == "ok":
            self.cells.append(ratios)
            for st, n in (dropped or {}).items():
                self.trials_left_out[st] = self.trials_left_out.get(st, 0) + n
        else:
            self.left_out[status] = self.left_out.get(status, 0) + 1

    def per_trial(self):
        """{trial: median over the cells that have a reduction in it}."""
        by_trial = {}
        for ratios in self.cells:
            for trial, r in ratios.items():
                by_trial.setdefault(trial, []).append(r)
        return {t: quantile(v, 0.5) for t, v in by_trial.items()}

    @property
    def spread(self):
        return Spread(list(self.per_trial().values()))


def summarize(rows, metric, baseline):
    """(row keys, algorithms, dict (backend, format, log2n, algorithm) ->
    Summary) of the reduction table; row keys in display order."""
    red = reductions(rows, metric, baseline)
    table = {}
    for key, (status, ratios, dropped) in red.items():
        alg, backend, fmt, _dist, _op, log2n, _tau = key
        s = table.get((backend, fmt, log2n, alg))
        if s is None:
            s = table[(backend, fmt, log2n, alg)] = Summary()
        s.add(status, ratios, dropped)
    algs = [a for a in ordered("algorithm", rows["algorithm"].tolist()) if a != baseline]
    fmts = ordered("format", rows["format"].tolist())
    backs = ordered("backend", rows["backend"].tolist())
    present = {(b, f, n) for (b, f, n, _a) in table}
    row_keys = [(b, f, n) for b in backs for f in fmts
                for n in sorted({k[2] for k in present if k[0] == b and k[1] == f})]
    return row_keys, algs, table
