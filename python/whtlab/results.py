"""whtlab.results - a results file (data/README.md, schema_version 1) as a
pandas DataFrame: one row per /results row, every column, the name columns
decoded to str, status kept as written ("ok", "overflow", "unsupported");
rows whose metrics are NaN (status overflow or undefined metrics) stay and
say so through their status and NaN values, never dropped or averaged."""

import os

import h5py
import numpy as np

from ._lib import WhtlabError

SCHEMA_VERSION = 1


def load(path, table="results"):
    """The rows of /results (or /timings) of path as a pandas DataFrame."""
    import pandas as pd
    if table not in ("results", "timings"):
        raise WhtlabError("table %r unknown (accepted: results, timings)" % (table,))
    if not os.path.isfile(path):
        raise WhtlabError("%s: no such file" % path)
    try:
        f = h5py.File(path, "r")
    except OSError as e:
        raise WhtlabError("%s: not a readable HDF5 file (%s)" % (path, e))
    with f:
        v = np.asarray(f.attrs.get("schema_version", -1)).ravel()
        if v.size != 1 or int(v[0]) != SCHEMA_VERSION:
            raise WhtlabError("%s: schema_version %s (accepted: %d, data/README.md)"
                              % (path, v.tolist(), SCHEMA_VERSION))
        if table not in f:
            raise WhtlabError("%s: no /%s table" % (path, table))
        try:
            data = f[table][...]
        except OSError as e:
            raise WhtlabError("%s is damaged (/%s unreadable: %s)" % (path, table, e))
    frame = pd.DataFrame({c: data[c] for c in data.dtype.names})
    for c in data.dtype.names:
        if data.dtype[c].kind == "S":
            frame[c] = [s.split(b"\0", 1)[0].decode("ascii", "replace") for s in data[c]]
    return frame
