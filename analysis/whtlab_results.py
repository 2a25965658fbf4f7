"""whtlab_results - read /results and /timings of schema_version 1 files
(data/README.md) into columns of plain numpy arrays, several files combined.

Strings come back as Python str (fixed-length bytes decoded, cut at the first
NUL). Rows that occur in more than one place are kept once when they agree
and refused when they conflict, so combining a file with itself or with a
merge of itself is harmless but two different runs of one cell are not
silently mixed."""

import os
import sys

import h5py
import numpy as np

SCHEMA_VERSION = 1

# column -> kind: "s" string, "i" integer, "f" float64 (data/README.md)
RESULT_COLUMNS = {
    "algorithm": "s", "backend": "s", "format": "s", "dist": "s", "op": "s",
    "log2n": "i", "trial": "i", "seed": "i", "tau": "f",
    "max_abs": "f", "mean_abs": "f", "mean_rel": "f", "max_rel": "f",
    "n_zero": "i", "zero_miss": "i", "norm_rel": "f", "max_ulp": "f",
    "n_nonfinite": "i", "status": "s", "oracle_prec": "i",
    "oracle_s": "f", "run_s": "f",
}
# A row of /results is one (algorithm, backend, format, dist, op, log2n,
# trial) of one sweep (seed, tau). tau is read by smoothed only: rows of
# another operation that differ only in tau are the same computation, so
# their identity leaves tau out (identity_key).
RESULT_KEY = ("algorithm", "backend", "format", "dist", "op", "log2n",
              "trial", "seed", "tau")
TAU_OP = "smoothed"
# Two copies of one result row agree when their measured errors agree; the
# seconds spent differ between runs and do not make a conflict.
RESULT_COMPARED = ("max_abs", "mean_abs", "mean_rel", "max_rel", "n_zero",
                   "zero_miss", "norm_rel", "max_ulp", "n_nonfinite", "status",
                   "oracle_prec")

TIMING_COLUMNS = {
    "algorithm": "s", "backend": "s", "format": "s", "log2n": "i",
    "batch": "i", "in_place": "i", "median_ms": "f", "min_ms": "f",
    "reps": "i", "gbps": "f", "memcpy_ms": "f", "addone_ms": "f",
    "cufft_ms": "f",
}
TIMING_KEY = ("algorithm", "backend", "format", "log2n", "batch", "in_place")
TIMING_COMPARED = ("median_ms", "min_ms", "reps", "gbps", "memcpy_ms",
                   "addone_ms", "cufft_ms")

DATASETS = {
    "results": (RESULT_COLUMNS, RESULT_KEY, RESULT_COMPARED),
    "timings": (TIMING_COLUMNS, TIMING_KEY, TIMING_COMPARED),
}

# The byte layout of a row in the file: the columns in this order, packed
# (experiments/h5store_schema.c, wht_result_row / wht_timing_row). HDF5 1.10
# headers carry no checksum, so a damaged datatype message can move a
# column's offset and every row would read its value from the wrong bytes;
# the layout is compared exactly, as wht-sweep does.
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


# the HDF5 types of the numeric columns: compared as HDF5 types, since h5py
# maps a float type with a damaged exponent bias to '<f8' all the same
_H5_NUMERIC = {"<i4": h5py.h5t.STD_I32LE, "<i8": h5py.h5t.STD_I64LE,
               "<u8": h5py.h5t.STD_U64LE, "i1": h5py.h5t.STD_I8LE,
               "<f8": h5py.h5t.IEEE_F64LE}


def _layout_ok(ds, name):
    want = np.dtype(FILE_LAYOUT[name])
    dtype = ds.dtype
    if dtype.names != want.names or dtype.itemsize != want.itemsize:
        return False
    if any(dtype.fields[c][0].str != want.fields[c][0].str
           or dtype.fields[c][1] != want.fields[c][1] for c in want.names):
        return False
    tid = ds.id.get_type()
    if tid.get_nmembers() != len(want.names):
        return False
    for i, (c, kind) in enumerate(FILE_LAYOUT[name]):
        m = tid.get_member_type(i)
        if kind.startswith("S"):
            if m.get_class() != h5py.h5t.STRING or m.get_size() != int(kind[1:]):
                return False
        elif not m.equal(_H5_NUMERIC[kind]):
            return False
    return True

# Display orders of the known names; names not listed follow alphabetically.
ORDER = {
    "algorithm": ("folklore", "kahan", "neumaier", "alman-rao"),
    "format": ("f64", "f32", "f16", "bf16"),
    "dist": ("pmone", "norm", "relu-norm", "pagh-norm", "pagh-pmone"),
    "op": ("one-way", "two-way", "smoothed", "xor-conv"),
    "backend": ("cpu", "gpu"),
}


class InputError(Exception):
    """An input file that cannot be used: a bad argument (exit status 2)."""


class UsageError(Exception):
    """A bad argument (exit status 2)."""


def ordered(column, values):
    """The distinct values in display order (known names first)."""
    known = ORDER.get(column, ())
    values = set(values)
    first = [v for v in known if v in values]
    return first + sorted(v for v in values if v not in known)


class Rows:
    """Columns of equal length; 'file' holds each row's source path."""

    def __init__(self, columns):
        self.columns = columns

    def __len__(self):
        return len(self.columns["file"])

    def __getitem__(self, name):
        return self.columns[name]

    def select(self, mask):
        return Rows({k: v[mask] for k, v in self.columns.items()})

    def distinct(self, column):
        return ordered(column, self.columns[column].tolist())

    def records(self):
        """Rows as dicts of Python values (for grouping loops)."""
        names = list(self.columns)
        lists = [self.columns[n].tolist() for n in names]
        return [dict(zip(names, vals)) for vals in zip(*lists)]


def _decode(col):
    """Fixed-length (or variable-length) strings to an array of str."""
    out = []
    for s in col.tolist():
        if isinstance(s, bytes):
            s = s.split(b"\0", 1)[0].decode("ascii", "replace")
        out.append(s)
    return np.array(out, dtype=object)


def open_checked(path):
    """Open path read-only as a schema_version 1 file or raise InputError."""
    if not os.path.exists(path):
        raise InputError("%s: no such file" % path)
    if os.path.isdir(path):
        raise InputError("%s: is a directory, not an HDF5 results file" % path)
    try:
        is_h5 = h5py.is_hdf5(path)
    except OSError as e:
        raise InputError("%s: cannot read: %s" % (path, e.strerror or e))
    if not is_h5:
        raise InputError("%s: not an HDF5 file (expected a results file of "
                         "schema_version %d, data/README.md)" % (path, SCHEMA_VERSION))
    try:
        f = h5py.File(path, "r")
    except OSError as e:
        raise InputError("%s: cannot open as HDF5: %s" % (path, e))
    if "schema_version" not in f.attrs:
        f.close()
        raise InputError("%s: no root attribute schema_version: not a whtlab "
                         "results file (expected schema_version %d)" % (path, SCHEMA_VERSION))
    v = np.asarray(f.attrs["schema_version"]).ravel()
    if v.size != 1 or not np.issubdtype(v.dtype, np.integer):
        f.close()
        shown = v.tolist() if v.size != 1 else v[0]
        if isinstance(shown, bytes):
            shown = shown.decode("ascii", "replace")
        raise InputError("%s: schema_version %r is not one integer (%s; this program reads "
                         "schema_version %d, an integer attribute)"
                         % (path, shown, "a string" if v.dtype.kind in "SUO" else
                            "%d values" % v.size if v.size != 1 else v.dtype, SCHEMA_VERSION))
    if int(v[0]) != SCHEMA_VERSION:
        f.close()
        raise InputError("%s: schema_version %d is not supported (this program reads "
                         "schema_version %d)" % (path, int(v[0]), SCHEMA_VERSION))
    return f


def _read_one(f, path, name):
    """Columns of /name in file f, or None when the file has no /name."""
    columns, _, _ = DATASETS[name]
    if name not in f:
        return None
    try:
        ds = f[name]
    except (KeyError, OSError) as e:   # e.g. a link to nothing
        raise InputError("%s is damaged: /%s cannot be opened (%s)" % (path, name, e)) from None
    if not isinstance(ds, h5py.Dataset) or ds.dtype.names is None or ds.ndim != 1:
        raise InputError("%s: /%s is not a 1-D table of compound rows" % (path, name))
    missing = [c for c in columns if c not in ds.dtype.names]
    if missing:
        raise InputError("%s: /%s lacks column(s) %s (schema_version %d, data/README.md)"
                         % (path, name, ", ".join(missing), SCHEMA_VERSION))
    if not _layout_ok(ds, name):
        raise InputError("%s is damaged or not written by whtlab: /%s has the columns but "
                         "not the byte layout of schema_version %d (data/README.md)"
                         % (path, name, SCHEMA_VERSION))
    try:
        data = ds[...]
    except OSError as e:
        raise InputError("%s is damaged: /%s cannot be read (%s)" % (path, name, e)) from None
    out = {}
    for c, kind in columns.items():
        if kind == "s":
            out[c] = _decode(data[c])
        elif kind == "i":
            out[c] = np.asarray(data[c]).astype(np.int64) if c != "seed" \
                else np.asarray(data[c]).astype(np.uint64)
        else:
            out[c] = np.asarray(data[c]).astype(np.float64)
    out["file"] = np.array([path] * len(data), dtype=object)
    return out


def _same(a, b):
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (a != a and b != b)
    return a == b


def uses_tau(op):
    """Whether an operation reads tau (only smoothed does)."""
    return op == TAU_OP


def tau_free(values, key, op):
    """values (of the columns key, in order) with tau None where op does not
    read it: the one rule for every key that identifies, pairs or groups rows."""
    if "tau" not in key or uses_tau(op):
        return values
    i = key.index("tau")
    return values[:i] + (None,) + values[i + 1:]


def identity_keys(columns, key):
    """Each row's values of key, tau None where the row's op does not read it."""
    keys = list(zip(*[columns[k].tolist() for k in key]))
    if "tau" not in key:   # /timings has no op column
        return keys
    return [tau_free(k, key, op) for k, op in zip(keys, columns["op"].tolist())]


def _dedupe(columns, name):
    """Keep one copy of agreeing duplicates; raise InputError on conflicts."""
    _, key, compared = DATASETS[name]
    n = len(columns["file"])
    keys = identity_keys(columns, key)
    cmp = list(zip(*[columns[k].tolist() for k in compared]))
    first = {}
    keep = np.ones(n, dtype=bool)
    for i, k in enumerate(keys):
        j = first.setdefault(k, i)
        if j == i:
            continue
        if all(_same(a, b) for a, b in zip(cmp[i], cmp[j])):
            keep[i] = False
            continue
        diff = next(c for c, a, b in zip(compared, cmp[i], cmp[j]) if not _same(a, b))
        where = ("%s and %s" % (columns["file"][j], columns["file"][i])
                 if columns["file"][j] != columns["file"][i] else columns["file"][i])
        raise InputError(
            "conflicting duplicate rows in /%s for %s: %s differs (%r vs %r) in %s; "
            "combine only files of different cells or identical copies"
            % (name, ", ".join("%s=%s" % kv if kv != ("tau", None) else "tau not read by the op"
                               for kv in zip(key, k)),
               diff, cmp[j][compared.index(diff)], cmp[i][compared.index(diff)], where))
    return {k: v[keep] for k, v in columns.items()}


def load(paths, name):
    """Rows of /name ("results" or "timings") from every file, combined.

    Every file is checked (HDF5, schema_version 1) even if it lacks /name,
    so a wrong file is reported whatever table is asked for. Returns None
    when no file has /name."""
    columns, _, _ = DATASETS[name]
    parts = []
    for path in paths:
        f = open_checked(path)
        try:
            part = _read_one(f, path, name)
        finally:
            f.close()
        if part is not None:
            parts.append(part)
    if not parts:
        return None
    merged = {c: np.concatenate([p[c] for p in parts]) for c in list(columns) + ["file"]}
    return Rows(_dedupe(merged, name))


def attributes(path, names=("device", "git_revision")):
    """{name: str or None} of the root attributes of a file already checked
    (open_checked): which device and build a table came from."""
    with h5py.File(path, "r") as f:
        out = {}
        for n in names:
            v = f.attrs.get(n)
            if isinstance(v, np.ndarray) and v.size == 1:
                v = v.ravel()[0]
            out[n] = v.decode("ascii", "replace") if isinstance(v, bytes) else \
                (None if v is None else str(v))
    return out


def unfinished(paths):
    """[(path, note)] of the files (each once, in order) whose last wht-sweep
    run has not put all its cells in them: the root attribute `unfinished`
    (data/README.md; a file without it is finished), as one line (a merge's
    note has a line per unfinished input). The files are checked already."""
    out = []
    for path in dict.fromkeys(paths):
        note = attributes(path, ("unfinished",))["unfinished"]
        if note is not None:
            out.append((path, "; ".join(x.strip() for x in note.split("\n") if x.strip())))
    return out


def warn_unfinished(prog, paths):
    """One line on stderr per unfinished file: its rows are read all the
    same, but its last run left cells out."""
    for path, note in unfinished(paths):
        sys.stderr.write("%s: warning: %s is unfinished: %s\n" % (prog, path, note))


def check_all(paths):
    """Check that every path is a readable schema_version 1 file."""
    for path in paths:
        open_checked(path).close()
