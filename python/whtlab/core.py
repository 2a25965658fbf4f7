"""whtlab.core - the C library's transforms, exact oracle, input draws and
metrics on numpy arrays (whtlab/_lib.py loads libwht).

Formats and their numpy arrays: f64 float64, f32 float32, f16 float16 (IEEE
binary16, the same bits as the library's uint16 storage), bf16 uint16 bit
patterns (numpy has no bfloat16; `to_float64(a, "bf16")` converts)."""

import ctypes
import math

import numpy as np

from ._lib import DD, E_ALGORITHM, Metrics, OracleInfo, WhtlabError, lib

try:
    from ._config import VERSION
except ImportError:  # the source tree of an out-of-tree build
    VERSION = "unknown"

FORMATS = {"f64": (0, np.float64), "f32": (1, np.float32), "f16": (2, np.float16),
           "bf16": (3, np.uint16)}
BACKENDS = {"cpu": 0, "gpu": 1}
HOST_POINTER = 1
OPS = {"one-way": 0, "two-way": 1, "smoothed": 2, "xor-conv": 3}
METRICS = ("max_abs", "mean_abs", "mean_rel", "max_rel", "n_zero", "zero_miss",
           "norm_rel", "max_ulp", "n_nonfinite")


def _one_of(what, value, accepted):
    return WhtlabError("%s %r unknown (accepted: %s)" % (what, value, ", ".join(accepted)))


def _format(fmt):
    if not isinstance(fmt, str) or fmt.lower() not in FORMATS:
        raise _one_of("format", fmt, FORMATS)
    return FORMATS[fmt.lower()]


def _named(kind, name, from_name, accepted):
    """A name through the library's lookup; a str with a NUL is refused
    (ctypes would cut it there and look up another name)."""
    v = ctypes.c_int()
    if not isinstance(name, str) or "\0" in name or from_name(name.encode(), ctypes.byref(v)) != 0:
        raise _one_of(kind, name, accepted)
    return v.value


def algorithms():
    """The registry's algorithm names, in registry order."""
    return [lib.wht_algorithm_at(i).contents.name.decode() for i in range(lib.wht_algorithm_count())]


def _op(op):
    return _named("operation", op, lib.wht_op_from_name, ("one-way", "two-way", "smoothed", "xor-conv"))


def _dist(d):
    return _named("distribution", d, lib.wht_dist_from_name,
                  ("pmone", "norm", "relu-norm", "pagh-norm", "pagh-pmone"))


def integer(what, v, lo, hi):
    """v as an int in lo..hi; WhtlabError naming v otherwise. A bool, a
    float (even 4.0), a string or a value out of range is refused, never
    truncated or wrapped (a C argument of 32 or 64 bits would wrap)."""
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)) or not lo <= int(v) <= hi:
        raise WhtlabError("%s %r: accepted an integer %d..%d" % (what, v, lo, hi))
    return int(v)


def _text(what, v, accepted):
    """A name as the C library takes it: a str without NUL (ctypes would cut
    it there and run another name)."""
    if not isinstance(v, str) or "\0" in v:
        raise WhtlabError("%s %r unknown (accepted: %s)" % (what, v, accepted))
    return v


EXACT_INT = 2**53   # the integers float64 holds exactly, all of them: -2^53..2^53


def _int_beyond(what, v):
    return WhtlabError("%s holds the integer %d, beyond 2^53 (accepted: integers -2^53..2^53, which "
                       "float64 holds exactly; a larger one would be rounded)" % (what, v))


def real(what, v):
    """A real number as a float: an int or float (numpy's too), not a bool,
    string or array; an integer beyond 2^53 is refused, never rounded."""
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, float, np.integer, np.floating)):
        raise WhtlabError("%s %r: accepted a real number" % (what, v))
    if isinstance(v, (int, np.integer)) and not -EXACT_INT <= int(v) <= EXACT_INT:
        raise _int_beyond(what, int(v))
    return float(v)


def _values(v, what):
    """An array whose values float64 holds exactly, as float64: float16,
    float32, float64, or signed integers in -2^53..2^53 (a list of Python
    ints too; one beyond is refused by value, never rounded); anything else is refused, never rounded or cast: long
    double, complex, strings, and unsigned integers, which is how bf16
    data is stored (its bit patterns are no values)."""
    if not isinstance(v, np.ndarray):
        # a list mixing Python ints and floats becomes float64 in asarray,
        # its ints rounded there: look at the ints as given first
        try:
            given = np.asarray(v, dtype=object)
        except (ValueError, TypeError):
            given = np.zeros(0, dtype=object)
        for e in given.ravel():
            if isinstance(e, (int, np.integer)) and not isinstance(e, (bool, np.bool_)) \
                    and not -EXACT_INT <= int(e) <= EXACT_INT:
                raise _int_beyond(what, int(e))
    try:
        a = np.asarray(v)
    except (ValueError, TypeError) as e:   # a ragged list
        raise WhtlabError("%s is no array of numbers (%s; accepted: float16, float32 or float64 "
                          "values, or signed integers -2^53..2^53)" % (what, e)) from None
    if a.dtype in (np.float16, np.float32, np.float64):
        return a.astype(np.float64)
    if a.dtype.kind == "i" and a.size:
        # compared as integers: in float64, 2^53 + 1 would pass as 2^53
        for e in (int(a.min()), int(a.max())):
            if not -EXACT_INT <= e <= EXACT_INT:
                raise _int_beyond(what, e)
    if a.dtype.kind == "i":
        return a.astype(np.float64)
    raise WhtlabError("%s has dtype %s (accepted: float16, float32 or float64 values, or signed "
                      "integers -2^53..2^53, taken exactly; bf16 bit patterns through to_float64 "
                      "first)" % (what, a.dtype))


def _log2(n):
    if n < 1 or n & (n - 1):
        raise WhtlabError("length %d is not a power of two (accepted: n = 2^k, k >= 0)" % n)
    return n.bit_length() - 1


def _array(x, dtype, what):
    a = np.asarray(x)
    if a.dtype != dtype:
        raise WhtlabError("%s has dtype %s (accepted: %s for this format)" % (what, a.dtype, np.dtype(dtype)))
    return a


def _converted(st):
    """A conversion's status: the arrays given are contiguous, aligned and
    apart, so a refusal is a bug, raised rather than returned as an
    unfilled array."""
    if st != 0:
        raise WhtlabError("format conversion: %s" % lib.wht_strerror(st).decode())


def to_float64(a, fmt):
    """The exact values of format data as float64 (bf16 from its bit
    patterns), in the data's shape (0-d too)."""
    code, dtype = _format(fmt)
    # contiguous and aligned, as libwht takes arrays (ascontiguousarray makes 0-d 1-d)
    a = np.require(_array(a, dtype, "the data"), requirements=("C", "A"))
    out = np.empty(a.shape, dtype=np.float64)
    _converted(lib.wht_load_doubles(code, out.ctypes.data, a.ctypes.data, a.size))
    return out


def from_float64(x, fmt):
    """float64 values rounded to the format (nearest-even, subnormals kept),
    as the format's numpy array, in x's shape (0-d too)."""
    code, dtype = _format(fmt)
    x = np.require(_values(x, "x"), requirements=("C", "A"))
    out = np.empty(x.shape, dtype=dtype)
    _converted(lib.wht_store_doubles(code, out.ctypes.data, x.ctypes.data, x.size))
    return out


def transform(x, algorithm, format, backend="cpu"):
    """y = H_n x (unnormalised) of every row of x (1-D: one vector; 2-D: rows
    of length n = 2^k) with the library's algorithm in the format; a new
    array, bit for bit what the C library computes."""
    code, dtype = _format(format)
    if not isinstance(backend, str) or backend not in BACKENDS:
        raise _one_of("backend", backend, BACKENDS)
    _text("algorithm", algorithm, ", ".join(algorithms()))
    a = np.array(_array(x, dtype, "x"), order="C", copy=True)
    if a.ndim not in (1, 2) or a.shape[-1] == 0:
        raise WhtlabError("x has shape %s (accepted: n or (rows, n), n = 2^k)" % (a.shape,))
    _log2(a.shape[-1])
    rows = 1 if a.ndim == 1 else a.shape[0]
    if rows == 0:
        return a
    st = ctypes.c_int()
    flags = HOST_POINTER if backend == "gpu" else 0
    plan = lib.wht_plan_create_batched(a.shape[-1], rows, code, algorithm.encode() if isinstance(
        algorithm, str) else b"", BACKENDS[backend], flags, ctypes.byref(st))
    if not plan:
        why = lib.wht_strerror(st.value).decode()
        if st.value == E_ALGORITHM:
            why += " (accepted: %s)" % ", ".join(algorithms())
        raise WhtlabError("%r %s %s: %s" % (algorithm, format, backend, why))
    try:
        rc = lib.wht_execute(plan, a.ctypes.data)
    finally:
        lib.wht_plan_destroy(plan)
    if rc != 0:
        raise WhtlabError("%r %s %s: %s" % (algorithm, format, backend, lib.wht_strerror(rc).decode()))
    return a


def exact(x, op="one-way", tau=1.0, b=None):
    """The certified exact result of the operation on the exact values x
    (and b for xor-conv): (hi, lo) float64 arrays, the exact value being
    hi + lo (hi the value rounded to double). x may be any float array; its
    values are taken exactly (bf16 data: to_float64 first). tau is used as
    given (wht-sweep passes tau rounded to the cell's format)."""
    hi, lo, _ = exact_info(x, op, tau, b)
    return hi, lo


def exact_info(x, op="one-way", tau=1.0, b=None):
    """exact, and the oracle's bits of precision and seconds (a row's
    oracle_prec and oracle_s)."""
    o = _op(op)
    tau = real("tau", tau)
    a = _values(x, "x")
    if a.ndim != 1:
        raise WhtlabError("x has shape %s (accepted: one vector of n = 2^k)" % (a.shape,))
    a = np.ascontiguousarray(a)
    k = _log2(a.size)
    two = lib.wht_op_inputs(o) == 2
    if two != (b is not None):
        raise WhtlabError("b is %s for %s (accepted: b with xor-conv only)" % (
            "missing" if two else "given", op))
    bb = None
    if two:
        bb = np.asarray(_values(b, "b"), order="C")   # a 0-d b stays 0-d, refused below
        if bb.shape != a.shape:
            raise WhtlabError("b has shape %s, x %s (accepted: the same)" % (bb.shape, a.shape))
    out = (DD * a.size)()
    info = OracleInfo()
    msg = ctypes.create_string_buffer(256)
    st = lib.wht_oracle_run(o, k, a.ctypes.data, bb.ctypes.data if two else None, float(tau), out,
                            ctypes.byref(info), msg, 256)
    if st != 0:
        raise WhtlabError("exact %s: %s" % (op, msg.value.decode() or "oracle status %d" % st))
    v = np.frombuffer(out, dtype=np.float64).reshape(a.size, 2)
    return v[:, 0].copy(), v[:, 1].copy(), {"prec": info.prec, "seconds": info.seconds}


def round_to_format(v, fmt):
    """A float rounded to the format (nearest-even), as a float."""
    return lib.wht_round_to_format(real("value", v), _format(fmt)[0])


def format_max(fmt):
    """The format's largest finite value, (2 - 2^(1-p)) 2^emax."""
    code = _format(fmt)[0]
    return math.ldexp(2.0 - math.ldexp(1.0, 1 - lib.wht_format_precision(code)), lib.wht_format_emax(code))


def inputs(dist, op, log2n, trial, seed, format):
    """The draws of a wht-sweep cell rounded to the format, as that cell
    uses them: one array, or (a, b) for xor-conv."""
    _, dtype = _format(format)
    d, o = _dist(dist), _op(op)
    log2n = integer("log2n", log2n, 0, 40)
    trial = integer("trial", trial, 0, 2**32 - 1)   # the library's unsigned trial index
    seed = integer("seed", seed, 0, 2**64 - 1)
    n = 1 << log2n
    out = []
    for i in range(lib.wht_op_inputs(o)):
        x = np.empty(n, dtype=np.float64)
        stream = lib.wht_cell_stream(int(seed), d, o, int(log2n), int(trial), i)
        if lib.wht_dist_fill(d, stream, x.ctypes.data, n) != 0:
            raise MemoryError("whtlab.inputs: out of memory for 2^%d draws" % log2n)
        out.append(from_float64(x, format))
    return out[0] if len(out) == 1 else tuple(out)


def errors(y, hi, lo, format, nonfinite=False):
    """The metrics of a results row (data/README.md) of output y (the
    format's array) against the exact hi + lo: a dict of max_abs, mean_abs,
    mean_rel, max_rel, n_zero, zero_miss, norm_rel, max_ulp, n_nonfinite and
    status ("ok", "overflow"). nonfinite: an intermediate was inf/NaN."""
    code, dtype = _format(format)
    yd = to_float64(y, format)
    if yd.ndim != 1 or yd.size == 0:
        raise WhtlabError("y has shape %s (accepted: one vector of at least one value)" % (yd.shape,))
    h, l = (np.asarray(_values(v, w), order="C") for v, w in ((hi, "hi"), (lo, "lo")))
    if h.shape != yd.shape or l.shape != yd.shape:
        raise WhtlabError("y, hi, lo have shapes %s, %s, %s (accepted: equal)" % (yd.shape, h.shape, l.shape))
    if not (np.all(np.isfinite(h)) and np.all(np.isfinite(l))):
        raise WhtlabError("hi, lo hold a value that is not finite (accepted: the exact result as "
                          "finite hi + lo, as exact() gives it)")
    if not isinstance(nonfinite, (bool, np.bool_)) and not (
            isinstance(nonfinite, (int, np.integer)) and int(nonfinite) in (0, 1)):
        # an array's truth is ambiguous, a float or string is no flag
        raise WhtlabError("nonfinite %r: accepted True or False (or 1, 0)" % (nonfinite,))
    v = np.empty((yd.size, 2), dtype=np.float64)
    v[:, 0], v[:, 1] = h, l
    m = Metrics()
    lib.wht_metrics_compute(code, yd.ctypes.data, v.ctypes.data, yd.size, int(bool(nonfinite)), ctypes.byref(m))
    out = {c: getattr(m, c) for c in METRICS}
    out["status"] = lib.wht_run_status_name(m.status).decode()
    return out
