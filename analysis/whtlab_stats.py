"""whtlab_stats - the median and interquartile range over trials that the
tables print and the figures draw as a line and a band.

Quartiles interpolate linearly between order statistics (Hyndman and Fan's
type 7, numpy.percentile's default): q(p) of sorted x_0..x_{m-1} is
x_j + f (x_{j+1} - x_j) with j + f = p (m - 1). So 1 trial gives
q25 = q75 = the value, 3 trials (a, b, c) give ((a+b)/2, (b+c)/2), and 5
trials give the 2nd and 4th values: from 5 trials on, neither quartile
depends on the smallest or the largest trial. An infinite value (max_abs
beyond the double range) is a value, and a quartile next to it is that
infinity (quantile below)."""

import math


def quantile(values, p):
    """The p-quantile (0 <= p <= 1) of values, type 7; None when empty.
    Infinities are values: where the interpolation gives an infinity a
    weight > 0 the result is that infinity (with weight 0, the other
    neighbour), never NaN; between -inf and +inf, the nearer one (the lower
    at equal weights)."""
    v = sorted(values)
    if not v:
        return None
    h = p * (len(v) - 1)
    j = int(math.floor(h))
    if j + 1 >= len(v):
        return v[-1]
    f = h - j
    lo, hi = v[j], v[j + 1]
    if f == 0 or lo == hi:
        return lo
    if math.isinf(lo) and math.isinf(hi):
        return hi if f > 0.5 else lo
    if math.isinf(lo) or math.isinf(hi):
        return lo if math.isinf(lo) else hi
    # lo + f (hi - lo) keeps an equal pair exact; hi - lo may overflow
    x = lo + f * (hi - lo)
    return x if not math.isinf(x) else (1 - f) * lo + f * hi


class Spread:
    """Median and quartiles of some values (each None when there are none)."""

    def __init__(self, values):
        self.n = len(values)
        self.median = quantile(values, 0.5)
        self.q25 = quantile(values, 0.25)
        self.q75 = quantile(values, 0.75)
