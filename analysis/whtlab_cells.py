"""whtlab_cells - from /results rows to per-cell errors and to the reduction
against a baseline algorithm, for one error column (the metric). Shared by
wht-table and wht-plot so both report the same numbers.

A cell is (algorithm, backend, format, dist, op, log2n, tau), tau only for
smoothed (the one operation that reads it); the trials of every seed are
trials of the cell. Its value is the median over the trials with status ok
and a value of the metric that is not NaN, with the interquartile range as
its spread (whtlab_stats). A NaN (every exact value is 0 for a relative
metric) is 'undefined' and never enters; +-inf (max_abs beyond the double
range) is a value. A cell with any trial in status overflow or unsupported
carries that status instead of a number.

The reduction of an algorithm against the baseline is computed per trial,
on the rows of the same inputs: r_t = 1 - e_t(alg) / e_t(baseline) (an
infinite e_t(alg) against a finite one gives -inf, an infinite baseline
against a finite e_t(alg) 1, both infinite no ratio). For a (backend,
format, log2n, algorithm) the table's statistic is, per trial, the median
of r_t over the (dist, op) cells; the entry is the median of that over the
trials, with its interquartile range over the trials. Every trial's median
is over the same cells: the trials are those common to every cell's rows,
and a cell without a ratio in one of them is left out (INCOMPLETE)."""

import math

from whtlab_results import identity_keys, ordered, tau_free
from whtlab_stats import Spread, quantile

# tau None where the op does not read it (whtlab_results.identity_keys)
CELL_KEY = ("algorithm", "backend", "format", "dist", "op", "log2n", "tau")
# The baseline row a row is compared with has the same values of PAIR_KEY;
# where the baseline has no row on the row's backend (backend python, the
# rows of whtlab.sweep; a GPU-only algorithm beside CPU folklore), its row
# of the same inputs on another backend, cpu first: the inputs do not
# depend on the backend, and an algorithm's CPU and GPU rows are bit-identical.
# tau enters only for smoothed (_key): another op's rows of any tau pair.
PAIR_KEY = ("backend", "format", "dist", "op", "log2n", "trial", "seed", "tau")
# A reduction cell pools the trials of every seed (they are more trials of
# the same cell) and keeps tau apart only for smoothed, the one operation
# it enters: rows of other operations differing only in tau are the same
# computation, so they count once.
REDUCTION_KEY = ("algorithm", "backend", "format", "dist", "op", "log2n")
DEFAULT_BASELINE = "folklore"

# Why a cell has no value, in order of precedence; INCOMPLETE: a cell with
# ratios, but not in every trial of its entry (Summary).
UNSUPPORTED, OVERFLOW, NO_BASELINE, UNDEFINED, EXACT, EXACT_BASELINE_ONLY, INCOMPLETE = (
    "unsupported", "overflow", "no-baseline", "undefined", "exact-baseline",
    "exact-baseline-only", "incomplete")


def _key(r, names):
    """A record's values of names, tau None where its op does not read it."""
    return tau_free(tuple(r[k] for k in names), names, r["op"])


def _no_ratio(a, b):
    """Why the values a (algorithm) and b (baseline) give no ratio, or None."""
    if math.isnan(a) or math.isnan(b) or (math.isinf(a) and math.isinf(b)):
        return UNDEFINED
    if b == 0.0:
        # the trial says only whether the algorithm is exact too
        return EXACT if a == 0.0 else EXACT_BASELINE_ONLY
    return None


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
        if status == "ok" and math.isnan(value):
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
    keys = identity_keys(rows.columns, CELL_KEY)
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
        self.missing = {}        # trial -> why it has no ratio
        self.states = set()
        self.seen = set()

    def add(self, a, b, trial):
        """a, b: (status, value) of the algorithm and of the baseline, b None
        when the baseline has no row for this trial; trial: its identity
        ((seed, trial)). A trial already added is not added again."""
        if trial in self.seen:
            return
        self.seen.add(trial)
        if b is None:
            self._drop(trial, NO_BASELINE)
            return
        sa, sb = a[0], b[0]
        if UNSUPPORTED in (sa, sb):
            self.states.add(UNSUPPORTED)
        elif OVERFLOW in (sa, sb):
            self.states.add(OVERFLOW)
        elif sa != "ok" or sb != "ok":
            self.states.add(sa if sa != "ok" else sb)   # a status unknown here
        elif _no_ratio(a[1], b[1]):
            self._drop(trial, _no_ratio(a[1], b[1]))
        else:
            # inf / finite = inf (reduction -inf), finite / inf = 0 (reduction 1)
            self.ratios[trial] = 1.0 - a[1] / b[1]

    def _drop(self, trial, state):
        self.states.add(state)
        self.missing[trial] = state

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
    return tuple(r[k] for k in REDUCTION_KEY) + _key(r, ("tau",))


def reductions(rows, metric, baseline):
    """dict (algorithm, backend, format, dist, op, log2n, tau or None) ->
    Pairing for every cell of rows that is not the baseline's."""
    base, elsewhere = {}, {}
    recs = rows.records()
    rank = {b: i for i, b in enumerate(ordered("backend", rows["backend"].tolist()))}
    for r in sorted((r for r in recs if r["algorithm"] == baseline),
                    key=lambda r: rank[r["backend"]]):
        key = _key(r, PAIR_KEY)
        base[key] = (r["status"], r[metric])
        elsewhere.setdefault(key[1:], base[key])   # PAIR_KEY[0] is the backend
    pairs = {}
    for r in recs:
        if r["algorithm"] == baseline:
            continue
        p = pairs.setdefault(reduction_key(r), Pairing())
        key = _key(r, PAIR_KEY)
        p.add((r["status"], r[metric]), base.get(key, elsewhere.get(key[1:])),
              (r["seed"], r["trial"]))
    return pairs


class Summary:
    """The reductions of one group of cells (the table's (backend, format,
    log2n, algorithm), the tradeoff's size class): per trial the median over
    its cells, then median and quartiles over the trials; how many cells
    entered and why others did not. The trials are those common to every
    cell that has a ratio (by seed and trial); such a cell without a ratio
    in one of them is left out (INCOMPLETE), so that every trial's median is
    over the same cells. Call finish() after the last add()."""

    def __init__(self):
        self.candidates = []     # Pairing of each cell with a ratio
        self.cells = []          # {trial: reduction} of each cell that entered
        self.left_out = {}       # status -> cells
        self.trials_left_out = {}   # state -> trials without a ratio in INCOMPLETE cells
        self.trials = []         # the common trials, sorted
        self.trials_not_common = 0  # trials of some cells only, left out

    def add(self, pairing):
        status, _ = pairing.result()
        if status == "ok":
            self.candidates.append(pairing)
        else:
            self._count(self.left_out, status, 1)

    @staticmethod
    def _count(d, key, n):
        d[key] = d.get(key, 0) + n

    def finish(self):
        seen = [p.seen for p in self.candidates]
        common = set.intersection(*seen) if seen else set()
        self.trials = sorted(common)
        self.trials_not_common = len(set().union(*seen) - common)
        for p in self.candidates:
            lacking = [t for t in self.trials if t not in p.ratios]
            if not lacking and self.trials:
                self.cells.append(p.ratios)
                continue
            # no trial common to the cells (e.g. one seed a dist): none enters
            # (every trial a cell has is then counted in trials_not_common)
            self._count(self.left_out, INCOMPLETE, 1)
            for t in lacking:
                self._count(self.trials_left_out, p.missing[t], 1)
        return self

    def per_trial(self):
        """{trial: median over the cells that entered}."""
        if not self.cells:
            return {}
        return {t: quantile([c[t] for c in self.cells], 0.5) for t in self.trials}

    @property
    def spread(self):
        return Spread(list(self.per_trial().values()))


def group(pairs, group_of):
    """{group: finished Summary} of the cells of pairs (reductions());
    group_of(cell key) -> the group's key, None to leave the cell out."""
    out = {}
    for key, p in pairs.items():
        g = group_of(key)
        if g is not None:
            out.setdefault(g, Summary()).add(p)
    return {g: s.finish() for g, s in out.items()}


def summarize(rows, metric, baseline):
    """(row keys, algorithms, dict (backend, format, log2n, algorithm) ->
    Summary) of the reduction table; row keys in display order."""
    table = group(reductions(rows, metric, baseline),
                  lambda k: (k[1], k[2], k[5], k[0]))   # REDUCTION_KEY's order
    algs = [a for a in ordered("algorithm", rows["algorithm"].tolist()) if a != baseline]
    fmts = ordered("format", rows["format"].tolist())
    backs = ordered("backend", rows["backend"].tolist())
    present = {(b, f, n) for (b, f, n, _a) in table}
    row_keys = [(b, f, n) for b in backs for f in fmts
                for n in sorted({k[2] for k in present if k[0] == b and k[1] == f})]
    return row_keys, algs, table
