"""whtlab.results - a results file (data/README.md, schema_version 1) as a
pandas DataFrame: one row per /results row, every column, the name columns
decoded to str, status kept as written ("ok", "overflow", "unsupported");
rows whose metrics are NaN (status overflow or undefined metrics) stay and
say so through their status and NaN values, never dropped or averaged. A
file whose last wht-sweep run has not put all its cells in it (its root
attribute `unfinished`, data/README.md) is read all the same, with a
warning that says so."""

import os
import warnings

import h5py
import numpy as np

from ._errors import WhtlabError

SCHEMA_VERSION = 1

# The byte layout of a row in the file: these columns in this order, packed
# (experiments/h5store_schema.c). HDF5 1.10 headers carry no checksum, so a
# damaged datatype can move a column or change a float's exponent bias and
# HDF5 would convert every value wrongly without complaint: the layout is
# compared exactly, as wht-sweep does. whtlab.sweep writes it.
FILE_LAYOUT = {
    "results": [("algorithm", "S32"), ("backend", "S8"), ("format", "S8"),
                ("dist", "S16"), ("op", "S16"), ("log2n", "<i4"),
                ("trial", "<i4"), ("seed", "<u8"), ("tau", "<f8"),
                ("max_abs", "<f8"), ("mean_abs", "<f8"), ("mean_rel", "<f8"),
                ("max_rel", "<f8"), ("n_zero", "<i8"), ("zero_miss", "<i8"),
                ("norm_rel", "<f8"), ("max_ulp", "<f8"),
                ("n_nonfinite", "<i8"), ("status", "S12"),
                ("oracle_prec", "<i4"), ("oracle_s", "<f8"), ("run_s", "<f8")],
    "timings": [("algorithm", "S32"), ("backend", "S8"), ("format", "S8"),
                ("log2n", "<i4"), ("batch", "<i8"), ("in_place", "i1"),
                ("median_ms", "<f8"), ("min_ms", "<f8"), ("reps", "<i4"),
                ("gbps", "<f8"), ("memcpy_ms", "<f8"), ("addone_ms", "<f8"),
                ("cufft_ms", "<f8")],
}
_H5_NUMERIC = {"<i4": h5py.h5t.STD_I32LE, "<i8": h5py.h5t.STD_I64LE,
               "<u8": h5py.h5t.STD_U64LE, "i1": h5py.h5t.STD_I8LE,
               "<f8": h5py.h5t.IEEE_F64LE}


def layout_ok(ds, table):
    """1 when dataset ds has the exact row layout of /table."""
    want = np.dtype(FILE_LAYOUT[table])
    if ds.dtype.names != want.names or ds.dtype.itemsize != want.itemsize:
        return False
    tid = ds.id.get_type()
    for i, (c, kind) in enumerate(FILE_LAYOUT[table]):
        m = tid.get_member_type(i)
        if tid.get_member_offset(i) != want.fields[c][1]:
            return False
        if kind.startswith("S"):
            if m.get_class() != h5py.h5t.STRING or m.get_size() != int(kind[1:]):
                return False
        elif not m.equal(_H5_NUMERIC[kind]):
            return False
    return True


def open_results(path):
    """An existing results file, open read-only and checked (schema_version
    1, the row layout of /results and /timings); WhtlabError otherwise."""
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise WhtlabError("path %r: accepted the name of a results file" % (path,))
    if os.path.isdir(path):
        raise WhtlabError("%s: is a directory, not a results file" % path)
    if not os.path.isfile(path):
        raise WhtlabError("%s: no such file" % path)
    try:
        f = h5py.File(path, "r")
    except OSError as e:
        raise WhtlabError("%s: not a readable HDF5 file (%s)" % (path, e))
    if "schema_version" not in f.attrs:
        f.close()
        raise WhtlabError("%s: no root attribute schema_version: not a whtlab results file "
                          "(accepted: schema_version %d, data/README.md)" % (path, SCHEMA_VERSION))
    v = np.asarray(f.attrs["schema_version"]).ravel()
    if v.size != 1 or not np.issubdtype(v.dtype, np.integer) or int(v[0]) != SCHEMA_VERSION:
        f.close()
        shown = v.tolist() if v.size != 1 else v.tolist()[0]
        raise WhtlabError("%s: schema_version %r%s (accepted: the integer %d, data/README.md)"
                          % (path, shown, "" if np.issubdtype(v.dtype, np.integer) and v.size == 1
                             else ", not one integer", SCHEMA_VERSION))
    for table in FILE_LAYOUT:
        if table not in f:
            continue
        try:
            ds = f[table]
        except (KeyError, OSError):   # e.g. a link to nothing
            ds = None
        if not (isinstance(ds, h5py.Dataset) and ds.dtype.names and ds.ndim == 1
                and layout_ok(ds, table)):
            f.close()
            raise WhtlabError("%s is damaged or not written by whtlab: /%s lacks the row layout of "
                              "schema_version %d" % (path, table, SCHEMA_VERSION))
    return f


def read_table(f, path, table):
    """The rows of /table (a structured array; empty when absent)."""
    if table not in f:
        return np.zeros(0, dtype=np.dtype(FILE_LAYOUT[table]))
    try:
        return f[table][...]
    except OSError as e:
        raise WhtlabError("%s is damaged (/%s unreadable: %s)" % (path, table, e))


def unfinished(f):
    """The root attribute `unfinished` of the open file f as one line (a
    merge's note has a line per unfinished input), or None: finished."""
    if "unfinished" not in f.attrs:
        return None
    v = np.asarray(f.attrs["unfinished"]).ravel()
    text = "\n".join(x.decode("ascii", "replace") if isinstance(x, bytes) else str(x) for x in v.tolist())
    return "; ".join(x.strip() for x in text.split("\n") if x.strip())


def load(path, table="results"):
    """The rows of /results (or /timings) of path as a pandas DataFrame;
    warns (UserWarning) when the file is unfinished."""
    import pandas as pd
    if table not in ("results", "timings"):
        raise WhtlabError("table %r unknown (accepted: results, timings)" % (table,))
    with open_results(path) as f:
        if table not in f:
            raise WhtlabError("%s: no /%s table" % (path, table))
        data = read_table(f, path, table)
        note = unfinished(f)
    if note is not None:
        # the rows are what the file holds; its last run left cells out
        warnings.warn("%s is unfinished: %s" % (os.fsdecode(path), note), stacklevel=2)
    frame = pd.DataFrame({c: data[c] for c in data.dtype.names})
    for c in data.dtype.names:
        if data.dtype[c].kind == "S":
            frame[c] = [s.split(b"\0", 1)[0].decode("ascii", "replace") for s in data[c]]
    return frame
