"""whtlab - the whtlab harness from Python: the C library's transforms, its
certified exact oracle, the input draws of every wht-sweep cell and the
metrics of a results row on numpy arrays, a Python transform swept like a
built-in algorithm, and results files as pandas DataFrames.

    import whtlab
    x = whtlab.inputs("norm", "one-way", 12, trial=0, seed=1, format="f32")
    y = whtlab.transform(x, "kahan", "f32")
    hi, lo = whtlab.exact(x)
    whtlab.errors(y, hi, lo, "f32")["norm_rel"]
    whtlab.bound("kahan", "f32", 12)     # the worst case of that norm_rel

From a built tree: PYTHONPATH=$PWD/python /usr/bin/python3 (README). The
library (libwht) is loaded on first use of a function that needs it, so
whtlab.load works without it."""

from ._errors import WhtlabError
from .results import load

_CORE = ("FORMATS", "algorithms", "errors", "exact", "from_float64", "inputs", "to_float64",
         "transform")
_BOUNDS = ("bound", "unit_roundoff")
__all__ = ["WhtlabError", "load", "sweep"] + list(_CORE) + list(_BOUNDS)


def __getattr__(name):
    """The functions over libwht, imported (and the library loaded) lazily."""
    if name in _CORE:
        from . import core
        return getattr(core, name)
    if name in _BOUNDS:
        from . import bounds
        return getattr(bounds, name)
    if name == "sweep":
        from .sweeper import sweep
        return sweep
    raise AttributeError("module 'whtlab' has no attribute %r" % name)
