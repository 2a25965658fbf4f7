"""whtlab - the whtlab harness from Python: the C library's transforms, its
certified exact oracle, the input draws of every wht-sweep cell and the
metrics of a results row on numpy arrays, and results files as pandas
DataFrames.

    import whtlab
    x = whtlab.inputs("norm", "one-way", 12, trial=0, seed=1, format="f32")
    y = whtlab.transform(x, "kahan", "f32")
    hi, lo = whtlab.exact(x)
    whtlab.errors(y, hi, lo, "f32")["norm_rel"]

From a built tree: PYTHONPATH=$PWD/python /usr/bin/python3 (README)."""

from ._lib import WhtlabError
from .core import (FORMATS, algorithms, errors, exact, from_float64, inputs, to_float64,
                   transform)
from .results import load
from .sweep import sweep

__all__ = ["WhtlabError", "FORMATS", "algorithms", "errors", "exact", "from_float64", "inputs",
           "load", "sweep", "to_float64", "transform"]
