"""whtlab_frame - the rows of result files as a pandas DataFrame, for
analyses of one's own (data/README.md, "Reading results in Python"): the
rows wht-table reads, checked and combined the same way (whtlab_results)."""

import warnings

from whtlab_results import DATASETS, InputError, load, unfinished


def load_frame(paths, name="results"):
    """DataFrame of /name ("results" or "timings") of every file in paths
    (one path or a list): one row per stored row in file order, a row found
    in several files once; every column of data/README.md with strings as
    str, integers as int64 (seed as uint64), floats as float64 with NaN as
    stored; and 'file', the path the row came from. Raises InputError (with
    the message wht-table prints) for a file wht-table would refuse, or when
    no file has /name; warns (UserWarning) for each unfinished file, as
    wht-table does on stderr."""
    import pandas as pd   # only here: wht-table and wht-plot do not need it
    if isinstance(paths, str):
        paths = [paths]
    rows = load(paths, name)
    if rows is None:
        raise InputError("no /%s in %s" % (name, ", ".join(paths)))
    for path, note in unfinished(paths):
        warnings.warn("%s is unfinished: %s" % (path, note), stacklevel=2)
    return pd.DataFrame({c: rows[c] for c in list(DATASETS[name][0]) + ["file"]})
