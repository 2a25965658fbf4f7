"""whtlab_bounds - the theory that wht-plot --bounds draws over the measured
errors: each algorithm's worst-case bound and the probabilistic scale
sqrt(k) u, for the one-way transform.

Decision: the bounds come from libwht's algorithm registry through the
Python package whtlab (ctypes; whtlab.bound, lib/wht.h wht_error_bound),
the one place that holds them: tests/test_algorithms_bound.c checks the
algorithms against the same values, and a new algorithm's registry row
reaches the figures with no edit here. So --bounds needs the built or
installed libwht; the figures without it do not (wht-plot loads the
package only for --bounds).

What is bounded (DESIGN.md section 4, "Error bounds"; data/README.md):
only norm_rel, of the one-way transform, over every input:
(1 + u)^m - 1 for folklore, sqrt(n) gamma_m for the others. The other
columns have no worst-case bound a figure can draw: max_abs and mean_abs
are bounded relative to sum_j |x_j|, which a results file does not hold;
mean_rel, max_rel and max_ulp grow without limit as an exact output comes
near 0. The other operations compose transforms with steps (a product, a
threshold, a division by n that may underflow) that the bound does not
cover."""

import math
import os
import sys

from whtlab_results import UsageError

METRICS = ("norm_rel",)   # the metrics with a worst-case bound
OP = "one-way"            # the operation the bounds are of
# A bound on a relative error at or above 1 says nothing: such values do
# not widen the axis (the curve leaves the value region at its top).
CAP = 1.0


class LibraryMissing(Exception):
    """whtlab or libwht cannot be loaded: an installation problem (exit 1)."""


def check_metrics(metrics):
    """UsageError unless every metric has a bound."""
    for m in metrics:
        if m not in METRICS:
            raise UsageError("--bounds: metric '%s' has no worst-case bound; accepted with "
                             "--bounds: %s" % (m, ",".join(METRICS)))


def check_ops(ops):
    """UsageError unless the selection's operations hold OP."""
    if OP not in ops:
        raise UsageError("--bounds: the bounds are of the %s transform and the selection has no "
                         "%s rows (operations selected: %s)" % (OP, OP, ",".join(ops) or "none"))


def connect(package_dir, libwht=None):
    """The package whtlab with its library loaded, from package_dir (and
    libwht, a path to libwht.so.0, unless WHTLAB_LIBWHT names one);
    LibraryMissing with the reason."""
    if libwht and os.path.exists(libwht):
        os.environ.setdefault("WHTLAB_LIBWHT", libwht)
    sys.path.insert(0, package_dir)   # the package that came with this wht-plot first
    try:
        import whtlab
        whtlab.unit_roundoff("f64")   # loads libwht
    except (ImportError, AttributeError) as e:   # AttributeError: a whtlab without bound
        raise LibraryMissing("--bounds needs libwht through the Python package whtlab "
                             "(looked in %s): %s" % (package_dir, e))
    return whtlab


class Theory:
    """The curves of one format: bound(algorithm, k) and scale(k), the
    values cached (a figure asks for each several times)."""

    def __init__(self, whtlab, fmt, metric):
        self._whtlab, self.fmt, self.metric = whtlab, fmt, metric
        self._u = whtlab.unit_roundoff(fmt)
        self._cache = {}

    def bound(self, algorithm, k):
        """The worst-case bound, or None: no bound of this form (tensor-core),
        or an algorithm the library does not know (a whtlab.sweep row)."""
        key = (algorithm, k)
        if key not in self._cache:
            try:
                self._cache[key] = self._whtlab.bound(algorithm, self.fmt, int(k), self.metric)
            except self._whtlab.WhtlabError:
                self._cache[key] = None
        return self._cache[key]

    def scale(self, k):
        """sqrt(k) u: the size of an error of k independent roundings of
        relative size u each (probabilistic error analysis), not a bound."""
        return math.sqrt(k) * self._u
