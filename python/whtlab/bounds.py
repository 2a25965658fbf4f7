"""whtlab.bounds - the worst-case error bounds of the library's algorithms
(lib/wht.h, wht_error_bound) and the formats' unit roundoff, as the figures
draw them (wht-plot --bounds).

Nothing is restated here: the bound's facts are the registry rows of
lib/registry.c, evaluated by libwht (the arguments: DESIGN.md section 4,
"Error bounds"), the same values that tests/test_algorithms_bound.c checks
the algorithms against. So a new algorithm's row reaches the test and the
figures at once."""

import ctypes
import operator

import numpy as np

from ._lib import E_ALGORITHM, E_NO_BOUND, WhtlabError, lib
from .core import _format, _text, algorithms

# the quantity bounded -> wht_bound_kind (lib/wht.h)
BOUND_METRICS = {
    "norm_rel": 1,     # WHT_BOUND_NORM_REL: the column norm_rel, over every input
    "max_abs/l1": 0,   # WHT_BOUND_ELEMENTWISE: max_abs / sum_j |x_j| (mean_abs too)
}
MAX_LOG2N = 63


def bound(algorithm, format, log2n, metric="norm_rel"):
    """The worst-case bound of `metric` for the one-way transform of
    n = 2^log2n by `algorithm` in `format`, over every input without
    overflow: "norm_rel" bounds ||y - Hx||_2 / ||Hx||_2 ((1 + u)^m - 1 for
    folklore, sqrt(n) gamma_m otherwise), "max_abs/l1" bounds
    max_i |y_i - (Hx)_i| / sum_j |x_j| (gamma_m), with m = a log2n + b
    roundings from the algorithm's registry row. A float (inf when
    m u >= 1), rounded upwards; None when the algorithm has no bound of
    this form (tensor-core: its bound lives in lib/tensor_core_model.c)."""
    code, _ = _format(format)
    if not isinstance(metric, str) or metric not in BOUND_METRICS:
        raise WhtlabError("bound metric %r unknown (accepted: %s)" % (metric, ", ".join(BOUND_METRICS)))
    try:   # an int or numpy integer, never a float or a bool
        k = -1 if isinstance(log2n, (bool, np.bool_)) else operator.index(log2n)
    except TypeError:
        k = -1
    if not 0 <= k <= MAX_LOG2N:
        raise WhtlabError("log2n %r (accepted: an integer 0 <= log2n <= %d)" % (log2n, MAX_LOG2N))
    _text("algorithm", algorithm, ", ".join(algorithms()))
    out = ctypes.c_double()
    name = algorithm.encode()
    st = lib.wht_error_bound(name, code, k, BOUND_METRICS[metric], ctypes.byref(out))
    if st == E_NO_BOUND:
        return None
    if st != 0:
        why = lib.wht_strerror(st).decode()
        if st == E_ALGORITHM:
            why += " (accepted: %s)" % ", ".join(algorithms())
        raise WhtlabError("bound of %r %s: %s" % (algorithm, format, why))
    return out.value


def unit_roundoff(format):
    """u = 2^-p of the format (p significand bits): f64 2^-53, f32 2^-24,
    f16 2^-11, bf16 2^-8."""
    return lib.wht_format_unit_roundoff(_format(format)[0])
