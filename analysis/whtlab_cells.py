"""whtlab_cells - from /results rows to per-cell errors and to the reduction
against folklore. Shared by wht-table and wht-plot so both report the same
numbers.

A cell is (algorithm, backend, format, dist, op, log2n, seed, tau); its
trials are averaged first: mean_rel of the cell is the mean over the trials
with status ok and a defined (finite) mean_rel. A NaN mean_rel (every exact
value is 0) is 'undefined' and never averaged in. A cell with any trial in
status overflow or unsupported carries that status instead of a number."""

import math

from whtlab_results import ordered

CELL_KEY = ("algorithm", "backend", "format", "dist", "op", "log2n", "seed", "tau")
# The folklore row a row is compared with has the same values of PAIR_KEY.
PAIR_KEY = ("backend", "format", "dist", "op", "log2n", "trial", "seed", "tau")
# A reduction cell pools the trials of every seed (they are more trials of
# the same cell) and keeps tau apart only for smoothed, the one operation
# it enters: rows of other operations differing only in tau are the same
# computation, so they count once.
REDUCTION_KEY = ("algorithm", "backend", "format", "dist", "op", "log2n")
BASELINE = "folklore"

# Why a cell has no value, in order of precedence.
UNSUPPORTED, OVERFLOW, NO_BASELINE, UNDEFINED, EXACT, EXACT_BASELINE_ONLY = (
    "unsupported", "overflow", "no-baseline", "undefined", "exact-baseline",
    "exact-baseline-only")


def _finite(x):
    return not (math.isnan(x) or math.isinf(x))


class Cell:
    """One cell: mean over its usable trials, or the status that replaces it."""

    def __init__(self, key):
        self.key = key
        self.trials = 0          # rows of the cell
        self.used = []           # mean_rel of trials that enter the mean
        self.counts = {}         # status (or 'undefined') -> number of trials

    def add(self, status, mean_rel):
        self.trials += 1
        if status == "ok" and not _finite(mean_rel):
            status = UNDEFINED
        if status == "ok":
            self.used.append(mean_rel)
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
    def mean(self):
        """Mean mean_rel over the usable trials (None when the cell has none)."""
        if self.status != "ok":
            return None
        return math.fsum(self.used) / len(self.used)

    def note(self):
        """'ok' or e.g. '1 of 3 trials overflow' for the tables."""
        if not self.counts:
            return "ok"
        parts = ["%d %s" % (n, s) for s, n in sorted(self.counts.items())]
        return "%s of %d trials" % (", ".join(parts), self.trials)


def cells(rows):
    """dict cell key -> Cell for every cell of rows."""
    out = {}
    keys = list(zip(*[rows[k].tolist() for k in CELL_KEY]))
    for key, status, rel in zip(keys, rows["status"].tolist(), rows["mean_rel"].tolist()):
        c = out.get(key)
        if c is None:
            c = out[key] = Cell(key)
        c.add(status, rel)
    return out


class Pairing:
    """One (algorithm, cell) against folklore over the trials both have."""

    def __init__(self):
        self.alg, self.base = [], []
        self.states = set()
        self.seen = set()

    def add(self, a, b, trial=None):
        """a, b: (status, mean_rel) of the algorithm and of folklore, b None
        when folklore has no row for this trial. A trial (an identity such
        as (seed, trial)) already added is not added again."""
        if trial is not None:
            if trial in self.seen:
                return
            self.seen.add(trial)
        if b is None:
            self.states.add(NO_BASELINE)
            return
        sa, sb = a[0], b[0]
        if UNSUPPORTED in (sa, sb):
            self.states.add(UNSUPPORTED)
        elif OVERFLOW in (sa, sb):
            self.states.add(OVERFLOW)
        elif sa != "ok" or sb != "ok":
            self.states.add(sa if sa != "ok" else sb)   # a status unknown here
        elif not (_finite(a[1]) and _finite(b[1])):
            self.states.add(UNDEFINED)
        else:
            self.alg.append(a[1])
            self.base.append(b[1])

    def result(self):
        """(status, reduction) with reduction 1 - mean(alg) / mean(folklore)
        over the paired usable trials, None unless status is 'ok'."""
        for s in (UNSUPPORTED, OVERFLOW):
            if s in self.states:
                return s, None
        other = sorted(self.states - {NO_BASELINE, UNDEFINED})
        if other:
            return other[0], None
        if not self.alg:
            return (NO_BASELINE if NO_BASELINE in self.states and UNDEFINED not in self.states
                    else UNDEFINED), None
        ea = math.fsum(self.alg) / len(self.alg)
        ef = math.fsum(self.base) / len(self.base)
        if ef == 0.0:
            return (EXACT if ea == 0.0 else EXACT_BASELINE_ONLY), None
        return "ok", 1.0 - ea / ef


def reduction_key(r):
    """(algorithm, backend, format, dist, op, log2n, tau or None) of a row:
    the cell of the reduction table it belongs to (see REDUCTION_KEY)."""
    return tuple(r[k] for k in REDUCTION_KEY) + (r["tau"] if r["op"] == "smoothed" else None,)


def reductions(rows):
    """dict (algorithm, backend, format, dist, op, log2n, tau or None) ->
    (status, reduction) for every non-folklore cell of rows."""
    base = {}
    recs = rows.records()
    for r in recs:
        if r["algorithm"] == BASELINE:
            base[tuple(r[k] for k in PAIR_KEY)] = (r["status"], r["mean_rel"])
    pairs = {}
    for r in recs:
        if r["algorithm"] == BASELINE:
            continue
        key = reduction_key(r)
        p = pairs.get(key)
        if p is None:
            p = pairs[key] = Pairing()
        p.add((r["status"], r["mean_rel"]), base.get(tuple(r[k] for k in PAIR_KEY)),
              trial=(r["seed"], r["trial"]))
    return {k: p.result() for k, p in pairs.items()}


def median(values):
    v = sorted(values)
    n = len(v)
    if n == 0:
        return None
    return v[n // 2] if n % 2 else 0.5 * (v[n // 2 - 1] + v[n // 2])


class Summary:
    """Median reduction of one (backend, format, log2n, algorithm) over its
    (dist, op) cells, with how many cells entered and why others did not."""

    def __init__(self):
        self.values = []
        self.left_out = {}

    def add(self, status, value):
        if status == "ok":
            self.values.append(value)
        else:
            self.left_out[status] = self.left_out.get(status, 0) + 1

    @property
    def median(self):
        return median(self.values)


def summarize(rows):
    """(row keys, algorithms, dict (backend, format, log2n, algorithm) ->
    Summary) of the reduction table; row keys in display order."""
    red = reductions(rows)
    table = {}
    for key, (status, value) in red.items():
        alg, backend, fmt, _dist, _op, log2n, _tau = key
        s = table.get((backend, fmt, log2n, alg))
        if s is None:
            s = table[(backend, fmt, log2n, alg)] = Summary()
        s.add(status, value)
    algs = [a for a in ordered("algorithm", rows["algorithm"].tolist()) if a != BASELINE]
    fmts = ordered("format", rows["format"].tolist())
    backs = ordered("backend", rows["backend"].tolist())
    present = {(b, f, n) for (b, f, n, _a) in table}
    row_keys = [(b, f, n) for b in backs for f in fmts
                for n in sorted({k[2] for k in present if k[0] == b and k[1] == f})]
    return row_keys, algs, table
