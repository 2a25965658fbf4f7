"""whtlab.bound and whtlab.unit_roundoff (python/whtlab/bounds.py, over
libwht's wht_error_bound and registry) against values worked out by hand
in exact rational arithmetic from the bound's definition (DESIGN.md
section 4, "Error bounds"): each returned bound lies at or above the exact
value and within the documented upward rounding (a relative 2^-40) of it;
None for tensor-core (no bound of the gamma form), inf where m u >= 1;
bad arguments raise WhtlabError naming the value and the accepted ones;
the analysis tools' table of unit roundoffs (whtlab_metrics, used by the
figures without libwht) equals the library's."""

import os
import sys
from fractions import Fraction

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import whtlab_testkit as tk  # noqa: E402
tk.use_built_libwht()
import whtlab  # noqa: E402
import whtlab_metrics  # noqa: E402

t = tk.Tap()
U = {"f64": Fraction(1, 2 ** 53), "f32": Fraction(1, 2 ** 24), "f16": Fraction(1, 2 ** 11),
     "bf16": Fraction(1, 2 ** 8)}


def gamma(m, u):
    return m * u / (1 - m * u)


# (algorithm, format, k, metric, exact value or its square for odd k, why):
# m = a k + b with folklore (1, 0) normwise, kahan and neumaier (2, 1),
# alman-rao (3, 3).
CASES = [
    ("folklore", "f32", 10, "norm_rel", (1 + U["f32"]) ** 10 - 1, "(1 + u)^k - 1"),
    ("folklore", "f16", 3, "max_abs/l1", gamma(3, U["f16"]), "gamma_k"),
    ("folklore", "bf16", 25, "norm_rel", (1 + U["bf16"]) ** 25 - 1, "(1 + u)^k - 1"),
    ("kahan", "f16", 4, "norm_rel", 4 * gamma(9, U["f16"]), "sqrt(16) gamma_9 = 36/2039"),
    ("neumaier", "f64", 5, "norm_rel", ("squared", 32 * gamma(11, U["f64"]) ** 2),
     "sqrt(32) gamma_11"),
    ("neumaier", "f32", 12, "max_abs/l1", gamma(25, U["f32"]), "gamma_25"),
    ("alman-rao", "bf16", 3, "max_abs/l1", Fraction(3, 61), "gamma_12 = 12/244"),
    ("alman-rao", "f64", 20, "norm_rel", 1024 * gamma(63, U["f64"]), "2^10 gamma_63"),
]
for algo, fmt, k, metric, exact, why in CASES:
    got = whtlab.bound(algo, fmt, k, metric)
    if isinstance(exact, tuple):   # sqrt(n) for odd k: compare squares
        lo, hi = exact[1], exact[1] * (1 + Fraction(1, 2 ** 39)) ** 2
        value = Fraction(got) ** 2 if got is not None else None
    else:
        lo, hi = exact, exact * (1 + Fraction(1, 2 ** 39))
        value = Fraction(got) if got is not None else None
    t.ok(value is not None and lo <= value <= hi,
         "bound(%s, %s, %d, %s) = %r: %s = %.17g, at most 2^-39 above" % (
             algo, fmt, k, metric, got, why, float(exact[1] ** 0.5 if isinstance(exact, tuple)
                                                     else exact)))

t.ok(whtlab.bound("folklore", "f32", 0) == 0.0,
     "bound(folklore, f32, 0) = 0: n = 1 takes no rounding")
t.ok(whtlab.bound("tensor-core", "f16", 8) is None and whtlab.bound("tensor-core", "bf16", 8,
                                                                       "max_abs/l1") is None,
     "tensor-core has no bound of this form: None (its bound: lib/tensor_core_model.c)")
a12 = whtlab.bound("kahan", "f32", 12)
t.ok(whtlab.bound("neumaier", "f32", 12) == a12 and whtlab.bound("folklore", "f32", 12) < a12,
     "kahan and neumaier share their bound; folklore's normwise one is below it")

for args, words in ((("kahan", "f32", 12, "mean_rel"), "'mean_rel' unknown (accepted: norm_rel, max_abs/l1)"),
                    (("kahan", "f8", 12), "'f8' unknown (accepted: f64, f32, f16, bf16)"),
                    (("nope", "f32", 12), "unknown algorithm name (accepted: folklore, kahan"),
                    (("", "f32", 12), "bound of '' f32: unknown algorithm name (accepted: folklore"),
                    (("kahan", "f32", 64), "64 (accepted: an integer 0 <= log2n <= 63)"),
                    (("kahan", "f32", -1), "-1 (accepted"),
                    (("kahan", "f32", 2.5), "2.5 (accepted"),
                    (("tensor-core-f16acc", "bf16", 8), "no implementation in this format")):
    try:
        whtlab.bound(*args)
        err = "no error"
    except whtlab.WhtlabError as e:
        err = str(e)
    t.ok(words in err and "\n" not in err, "bound%r raises one line naming the value (%s)" % (args, err))

ulp = {f: whtlab.unit_roundoff(f) for f in U}
t.ok(all(Fraction(ulp[f]) == U[f] for f in U),
     "unit_roundoff: f64 2^-53, f32 2^-24, f16 2^-11, bf16 2^-8 (%s)" % ulp)
t.ok({f: 2.0 ** e for f, e in whtlab_metrics.UNIT_ROUNDOFF_LOG2.items()} == ulp,
     "the analysis tools' UNIT_ROUNDOFF_LOG2 equals libwht's wht_format_unit_roundoff")
t.done()
