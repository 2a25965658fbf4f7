"""whtlab_metrics - the error columns wht-table and wht-plot can report
(--metric), the default and how each is described.

The default is norm_rel: it divides by no single output, so it is bounded
for every input and no one output can dominate it. mean_rel, the thesis's figure,
averages |y_i - v_i| / |v_i| and is heavy-tailed where exact outputs come
near 0 (data/README.md, "Which metric")."""

from whtlab_results import UsageError

# column -> words for titles and notes (data/README.md, /results)
METRICS = {
    "norm_rel": "norm-wise relative error ||y - v||_2 / ||v||_2",
    "mean_rel": "mean relative error, mean |y_i - v_i| / |v_i| over v_i != 0",
    "max_rel": "largest relative error, max |y_i - v_i| / |v_i| over v_i != 0",
    "mean_abs": "mean absolute error, mean |y_i - v_i|",
    "max_abs": "largest absolute error, max |y_i - v_i|",
    "max_ulp": "largest error in units in the last place of v_i, over v_i != 0",
}
DEFAULT = "norm_rel"
# relative to the exact values: the format's unit roundoff is their scale
RELATIVE = ("norm_rel", "mean_rel", "max_rel")
# u = 2^-p of each format, for figures drawn without libwht; libwht's
# wht_format_unit_roundoff is the authority (tests/test_python_bounds.py
# compares them)
UNIT_ROUNDOFF_LOG2 = {"f64": -53, "f32": -24, "f16": -11, "bf16": -8}


def accepted():
    return ",".join(METRICS) + ",all"


def parse(text):
    """--metric's comma list -> metric names in the order given (each
    once); 'all' is every metric. UsageError naming the bad value."""
    items = [v.strip() for v in (text or "").split(",")]
    if items == ["all"]:
        return list(METRICS)
    out = []
    for v in items:
        if v not in METRICS:
            what = "an empty name" if not v else "'%s'" % v
            raise UsageError("--metric '%s': %s is not an error column; accepted: %s"
                             % (text, what, accepted()))
        if v not in out:
            out.append(v)
    return out
