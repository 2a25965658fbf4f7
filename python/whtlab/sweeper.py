"""whtlab.sweeper - whtlab.sweep: a Python transform measured exactly as wht-sweep measures
the library's algorithms: the same cells, draws, oracle, operations and
metrics, written as rows of backend "python" into a results file that
wht-table, wht-plot and wht-sweep --merge read like any other.

The operation's pipeline is the library's (wht_op_execute_fn): the
callable fn(x, format) -> y is the transform T inside it, and the scaling,
the soft threshold and the products are the C steps, rounded to the format,
with the same inf/NaN checks. So a numpy folklore gives wht-sweep's
folklore rows bit for bit (tests/test_python_api.py).

The file is written the way wht-sweep writes it: the whole file to
FILE.tmp, renamed over FILE (atomic), every `save_every` seconds and at the
end, under FILE.lock (flock, the lock wht-sweep takes), so an interrupted
sweep leaves every row of its last save and the same call again (resume is
always on) runs only the missing cells. An existing file must have the
sweep's seed; its other rows, its /timings and its attributes are kept.

Progress also goes to a log file, FILE.log beside FILE (log= elsewhere), as
wht-sweep keeps its own (README.md): appended to, never truncated, one line
per event with the UTC time, so a resumed sweep's log continues the
interrupted one's; a refused call adds nothing to it."""

import ctypes
import datetime
import fcntl
import os
import re
import socket
import sys
import time

import h5py
import numpy as np

from . import core
from ._lib import TRANSFORM_FN, WhtlabError, lib
from .results import FILE_LAYOUT, open_results, read_table

ALL = {"formats": ("f64", "f32", "f16", "bf16"),
       "dists": ("pmone", "norm", "relu-norm", "pagh-norm", "pagh-pmone"),
       "ops": ("one-way", "two-way", "smoothed", "xor-conv")}
KEY = ("algorithm", "backend", "format", "dist", "op", "log2n", "trial", "seed", "tau")
STRING_ATTRS = ("whtlab_version", "git_revision", "command_line", "created", "host", "device",
                "compiler", "cflags", "nvcc_flags", "mpfr_version", "gsl_version", "hdf5_version")
# A string attribute stays under ATTR_MAX bytes: HDF5 1.10 keeps it in one
# object header message of at most 64 KiB and writes one a few bytes short
# of that as a header no reader opens (the file lost at the next save). The
# C store has the same rule (experiments/h5store.h, WHT_H5_ATTR_MAX).
ATTR_MAX = 64000
_LEFT_OUT = "(%d earlier lines left out: an attribute holds 64000 bytes)"
_LEFT_OUT_RE = re.compile(rb"\((\d+) earlier lines left out")


def _names(kind, value):
    """A name, "all", or names in a list, tuple or 1-D numpy array (any
    iterable of str) as a list of str without repeats; anything else (None,
    a number, a 2-D array) is refused, never compared as a whole."""
    if isinstance(value, str):
        vals = list(ALL[kind]) if value == "all" else [value]
    else:
        try:
            if isinstance(value, bytes) or (isinstance(value, np.ndarray) and value.ndim != 1):
                raise TypeError
            vals = list(value)
        except TypeError:
            raise WhtlabError("%s %r: accepted a name of %s, all, or a list of names"
                              % (kind, value, ", ".join(ALL[kind]))) from None
    for v in vals:
        if not isinstance(v, str) or v not in ALL[kind]:
            raise WhtlabError("%s: %r unknown (accepted: %s, or all)" % (kind, v, ", ".join(ALL[kind])))
    if not vals:
        raise WhtlabError("%s: empty (accepted: %s, or all)" % (kind, ", ".join(ALL[kind])))
    return list(dict.fromkeys(str(v) for v in vals))   # a repeated name would repeat its cells


def _grid(name, formats, dists, ops, log2n, trials, seed, tau):
    if not isinstance(name, str) or not (0 < len(name) < 32) or \
            any(c <= " " or c > "~" for c in name):
        raise WhtlabError("name %r: accepted 1..31 printable ASCII characters without blanks" % (name,))
    ks, taus = _listed(log2n), _listed(tau)
    if not ks or any(isinstance(k, (bool, np.bool_)) or not isinstance(k, (int, np.integer))
                     or not 1 <= k <= 30 for k in ks):
        raise WhtlabError("log2n %r: accepted integers 1..30 (an int or a list)" % (log2n,))
    if not taus or any(isinstance(t, (bool, np.bool_)) or not isinstance(t, (int, float, np.integer,
                                                                             np.floating))
                       or not np.isfinite(core.real("tau", t)) or t < 0 for t in taus):
        raise WhtlabError("tau %r: accepted finite values >= 0 (a number or a list)" % (tau,))
    core.integer("trials", trials, 1, 1000000)   # wht-sweep's --trials range
    core.integer("seed", seed, 0, 2**64 - 1)
    formats, dists, ops = _names("formats", formats), _names("dists", dists), _names("ops", ops)
    taus = [core.real("tau", t) for t in taus]
    # smoothed thresholds at tau rounded to each format (wht-sweep's check,
    # experiments/sweep_grid.c): one that rounds to inf is refused here,
    # before anything is written, not by the oracle in the middle of a run
    for f in (formats if "smoothed" in ops else ()):
        for t in taus:
            if not np.isfinite(core.round_to_format(t, f)):
                raise WhtlabError("tau %r: rounds to inf in %s (accepted with ops smoothed and %s: a tau >= 0 "
                                  "that rounds to at most %g)" % (t, f, f, core.format_max(f)))
    return formats, dists, ops, sorted(set(int(k) for k in ks)), taus


def _listed(v):
    """One value or an iterable of values as a list; a value that is
    neither (e.g. a string) as a one-item list, which the checks refuse."""
    if isinstance(v, (str, bytes, int, float, np.integer, np.floating)):
        return [v]
    try:
        return list(v)
    except TypeError:
        return [v]


def _cells(formats, dists, ops, ks, trials, taus):
    """wht-sweep's order: log2n > dist > op > trial > tau > format; tau only
    for smoothed (the others once, under the first tau)."""
    for k in ks:
        for d in dists:
            for op in ops:
                for t in range(trials):
                    for tau in (taus if op == "smoothed" else taus[:1]):
                        for fmt in formats:
                            yield fmt, d, op, k, t, tau


class _Lock:
    def __init__(self, out):
        self.path = out + ".lock"
        self.fd = os.open(self.path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o666)
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.fd)
            raise WhtlabError("cannot write %s: another writer holds it" % out)

    def release(self):
        os.unlink(self.path)
        os.close(self.fd)


def _provenance(fn, name, seed, call):
    def ver(sym):
        try:
            return ctypes.c_char_p.in_dll(lib, sym).value.decode()
        except ValueError:
            return "unknown"
    return {"whtlab_version": core.VERSION, "git_revision": "unknown (whtlab.sweep)",
            "command_line": call, "created": datetime.datetime.now(datetime.timezone.utc)
            .strftime("%Y-%m-%dT%H:%M:%SZ"), "host": socket.gethostname(), "device": "none",
            "compiler": "python %s, numpy %s" % (sys.version.split()[0], np.__version__),
            "cflags": "none", "nvcc_flags": "none",
            "mpfr_version": lib.mpfr_get_version().decode(), "gsl_version": ver("gsl_version"),
            "hdf5_version": h5py.version.hdf5_version}


def _log_fit(log):
    """log (bytes: a first line, then a line per call, each ending in a
    newline) cut below ATTR_MAX bytes as the C store cuts its logs
    (experiments/sweep_finish.c, log_fit): the first line stays, the oldest
    of the others make way for one line that counts them (an earlier cut's
    count carried on), the newest line always stays."""
    if len(log) < ATTR_MAX or b"\n" not in log:
        return log
    first, rest = log.split(b"\n", 1)
    lines = rest.split(b"\n")   # the last one b"" after a final newline
    left_out = 0
    m = _LEFT_OUT_RE.match(lines[0])
    if m and len(lines) > 1:
        left_out, lines = int(m.group(1)), lines[1:]
    newest = len(lines) - (2 if len(lines) > 1 and lines[-1] == b"" else 1)
    body = sum(len(v) + 1 for v in lines) - 1
    cut = 0
    while cut < newest and len(first) + len(_LEFT_OUT % (left_out + cut)) + 2 + body >= ATTR_MAX:
        body -= len(lines[cut]) + 1
        cut += 1
    return b"\n".join([first, (_LEFT_OUT % (left_out + cut)).encode()] + lines[cut:])


def _string_bytes(v):
    """The bytes of a string attribute's value; None for another type."""
    a = np.asarray(v)
    if a.dtype.kind == "S":
        return a.nbytes
    if a.dtype.kind in "UO" and all(isinstance(x, (str, bytes)) for x in a.ravel().tolist()):
        return sum(len(x.encode() if isinstance(x, str) else x) for x in a.ravel().tolist())
    return None


def _check_attrs(out, attrs, call):
    """WhtlabError, before anything is written, for a string attribute the
    file cannot hold (ATTR_MAX); the file stays as it was."""
    for k, v in attrs.items():
        n = _string_bytes(v)
        if n is not None and n >= ATTR_MAX:
            why = " (this call's line is %d bytes of it: fewer tau values per call)" % len(call) \
                if k in ("command_line", "python_sweeps") and call else ""
            raise WhtlabError("cannot write attribute %s of %s: %d bytes, and an attribute must stay below %d "
                              "(HDF5 1.10, data/README.md)%s; nothing written" % (k, out, n, ATTR_MAX, why))


def _utc():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _one_line(e):
    """An exception as one line of the log."""
    text = " ".join(str(e).split())
    return "%s: %s" % (type(e).__name__, text) if text else type(e).__name__


class _Log:
    """The sweep's log (experiments/run_log.c in Python): lines with the UTC
    time, each flushed, so a killed sweep's log says how far it came."""

    def __init__(self, path, call):
        self.path, self.failed = path, False
        try:
            self.f = open(path, "a", encoding="utf-8", errors="backslashreplace")
        except OSError as e:
            raise WhtlabError("cannot write the log %s: %s (accepted: log= a file to append to in a "
                              "writable folder)" % (path, e.strerror)) from None
        self.line("whtlab.sweep started: %s (whtlab %s)" % (call, core.VERSION))

    def line(self, text):
        try:
            self.f.write("%s %s\n" % (_utc(), text))
            self.f.flush()
        except OSError as e:
            # a full disk costs the log, not the sweep (wht-sweep's rule); said once
            if not self.failed:
                self.failed = True
                print("whtlab.sweep: log %s: write failed (%s); the sweep goes on, its log is incomplete"
                      % (self.path, e.strerror), file=sys.stderr, flush=True)

    def close(self):
        try:
            self.f.close()
        except OSError:
            pass


def _publish(out, attrs, rows, timings):
    _check_attrs(out, attrs, "")   # never a header no reader opens
    tmp = out + ".tmp"
    # whatever FILE.tmp is (a stale file, a link), it is removed first, so
    # nothing is written through it (wht-sweep's publish does the same)
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass
    except OSError as e:
        raise WhtlabError("cannot write %s: %s in the way of its temporary file (%s)"
                          % (out, "a folder" if os.path.isdir(tmp) else "a file", e.strerror)) from None
    with h5py.File(tmp, "w-") as f:
        for k, v in attrs.items():
            f.attrs[k] = v
        for table, data in (("results", rows), ("timings", timings)):
            if table == "timings" and data is None:
                continue
            f.create_dataset(table, data=data, maxshape=(None,), chunks=(256,), shuffle=True,
                             compression="gzip", compression_opts=4)
    os.replace(tmp, out)


def _run_cell(fn, name, fmt, d, op, k, t, tau, seed):
    x = core.inputs(d, op, k, t, seed, fmt)
    xs = x if isinstance(x, tuple) else (x,)
    exact_in = [core.to_float64(v, fmt) for v in xs]
    tau_f = core.round_to_format(tau, fmt)
    hi, lo, info = core.exact_info(exact_in[0], op, tau_f, exact_in[1] if len(xs) > 1 else None)
    code, dtype = core.FORMATS[fmt]
    n = 1 << k
    failure = []

    def transform(_ctx, ptr, count):
        try:
            view = np.ctypeslib.as_array((ctypes.c_char * (count * np.dtype(dtype).itemsize))
                                         .from_address(ptr)).view(dtype)
            # an overflow is a result (status overflow), not a warning
            with np.errstate(over="ignore", invalid="ignore"):
                y = np.asarray(fn(view.copy(), fmt))
            if y.dtype != dtype or y.shape != (count,):
                raise WhtlabError("%s returned %s %s (accepted: %s of shape (%d,))"
                                  % (name, y.dtype, y.shape, np.dtype(dtype), count))
            view[:] = y
            return 0
        except BaseException as e:  # noqa: BLE001 - re-raised after the C call returns
            failure.append(e)
            return 1

    a = np.ascontiguousarray(xs[0]).copy()
    b = np.ascontiguousarray(xs[1]).copy() if len(xs) > 1 else None
    nonfinite = ctypes.c_int()
    cb = TRANSFORM_FN(transform)
    t0 = time.perf_counter()
    st = lib.wht_op_execute_fn(core.OPS[op], code, k, tau, a.ctypes.data,
                               b.ctypes.data if b is not None else None, cb, None, ctypes.byref(nonfinite))
    run_s = time.perf_counter() - t0
    if failure:
        raise failure[0]
    if st != 0:
        raise WhtlabError("%s %s %s %s k=%d: %s" % (name, fmt, d, op, k, lib.wht_strerror(st).decode()))
    m = core.errors(a, hi, lo, fmt, nonfinite.value)
    row = dict(algorithm=name, backend="python", format=fmt, dist=d, op=op, log2n=k, trial=t, seed=seed,
               tau=tau, oracle_prec=info["prec"], oracle_s=info["seconds"], run_s=run_s, **m)
    assert n == a.size
    return row


def sweep(fn, name, formats=("f32",), dists=("norm",), ops=("one-way",), log2n=range(3, 13),
          trials=1, seed=1, tau=1.0, out=None, save_every=10.0, progress=True, log=None):
    """Run fn(x, format) -> y (the transform H x of one vector, in the
    format's numpy dtype; bf16 as uint16 bit patterns) over the grid and
    write a row per cell (algorithm `name`, backend "python") into out, as
    wht-sweep would. Cells already in out are skipped. The progress lines
    (on stderr unless progress=False) and how the call ended go to the log
    out + ".log", or the file log names. Returns the number of cells run."""
    if not isinstance(out, str) or not out:
        raise WhtlabError("out %r: accepted the path of a results file (new or existing)" % (out,))
    formats, dists, ops, ks, taus = _grid(name, formats, dists, ops, log2n, trials, seed, tau)
    if not callable(fn):
        raise WhtlabError("fn %r is not callable (accepted: fn(x, format) -> y)" % (fn,))
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        raise WhtlabError("%s: the folder %s does not exist" % (out, folder))
    log = _log_path(out, log)
    call = "whtlab.sweep(%s.%s, %r, formats=%r, dists=%r, ops=%r, log2n=%r, trials=%d, seed=%d, tau=%r)" % (
        getattr(fn, "__module__", "?"), getattr(fn, "__qualname__", "?"), name, formats, dists, ops, ks,
        trials, seed, taus)
    lock = _Lock(out)
    try:
        return _sweep_locked(fn, name, formats, dists, ops, ks, trials, seed, taus, out, save_every,
                             progress, call, log)
    finally:
        lock.release()


def _log_path(out, log):
    """The log's path: out + ".log" for None, else a file to append to that
    is none of the sweep's own files (a sweep always keeps its log)."""
    if log is None:
        log = out + ".log"
    elif not isinstance(log, str) or not log:
        raise WhtlabError("log %r: accepted the path of a log file to append to (default: out + '.log'; "
                          "a sweep always keeps its log)" % (log,))
    if os.path.exists(log) and not os.path.isfile(log):
        # a FIFO would block, a folder cannot take lines
        raise WhtlabError("log %s: not a regular file (accepted: a log file to append to, or a new file name)"
                          % log)
    folder = os.path.dirname(os.path.abspath(log))
    if not os.path.isdir(folder):
        raise WhtlabError("log %s: the folder %s does not exist" % (log, folder))
    if os.path.realpath(log) in {os.path.realpath(out + x) for x in ("", ".tmp", ".lock")}:
        raise WhtlabError("log %s: is the results file or one of its own (accepted: another path)" % log)
    return log


def _prepare(fn, name, formats, dists, ops, ks, trials, seed, taus, out, call):
    """(attrs, rows, timings, cells to run) of the sweep into out; the
    refusals (another seed, an attribute too long) before anything is
    written."""
    timings = None
    if os.path.exists(out):
        with open_results(out) as f:
            attrs = dict(f.attrs)
            old = read_table(f, out, "results")
            timings = read_table(f, out, "timings") if "timings" in f else None
        fseed = int(np.asarray(attrs.get("seed", -1)).ravel()[0])
        if fseed != seed:
            raise WhtlabError("%s has seed %d, not seed=%d (accepted: seed=%d, or another file)"
                              % (out, fseed, seed, fseed))
        prev = attrs.get("python_sweeps", b"")
        prev = prev.encode() if isinstance(prev, str) else bytes(prev)
        # one line per call, its first and latest lines kept (_log_fit)
        attrs["python_sweeps"] = np.bytes_(_log_fit(prev + ("%s\n" % call).encode()))
    else:
        old = np.zeros(0, dtype=np.dtype(FILE_LAYOUT["results"]))
        attrs = {k: np.bytes_(v) for k, v in _provenance(fn, name, seed, call).items()}
        attrs["schema_version"] = np.int32(1)
        attrs["seed"] = np.uint64(seed)
    _check_attrs(out, attrs, call)
    done = set()
    for r in old:
        key = tuple(r[c].split(b"\0", 1)[0].decode() if isinstance(r[c], bytes) else r[c].item() for c in KEY)
        done.add(key)
        if key[4] != "smoothed":
            done.add(key[:8] + (None,))
    todo = [c for c in _cells(formats, dists, ops, ks, trials, taus)
            if (name, "python", c[0], c[1], c[2], c[3], c[4], seed, c[5]) not in done
            and (c[2] == "smoothed" or (name, "python", c[0], c[1], c[2], c[3], c[4], seed, None) not in done)]
    return attrs, list(old), timings, todo


def _sweep_locked(fn, name, formats, dists, ops, ks, trials, seed, taus, out, save_every, progress, call,
                  log_path):
    attrs, rows, timings, todo = _prepare(fn, name, formats, dists, ops, ks, trials, seed, taus, out, call)
    log = _Log(log_path, call)   # only now: a refused call adds nothing to it
    new = []
    try:
        try:
            _run(fn, name, seed, out, attrs, rows, timings, todo, new, save_every, progress, log)
        except BaseException as e:
            log.line("whtlab.sweep: failed after %d cells: %s" % (len(new), _one_line(e)))
            raise
        log.line("whtlab.sweep: done, %d cells run" % len(new))
    finally:
        log.close()
    return len(new)


def _run(fn, name, seed, out, attrs, rows, timings, todo, new, save_every, progress, log):
    """The cells of todo, their rows appended to new as they finish."""
    dtype = np.dtype(FILE_LAYOUT["results"])
    t_start = last_save = time.monotonic()
    finished = False
    try:
        for i, (fmt, d, op, k, t, tau) in enumerate(todo):
            r = _run_cell(fn, name, fmt, d, op, k, t, tau, seed)
            new.append(tuple(r[c].encode() if isinstance(r[c], str) else r[c] for c in dtype.names))
            now = time.monotonic()
            if now - last_save >= save_every or i + 1 == len(todo):
                left = (now - t_start) / (i + 1) * (len(todo) - i - 1)
                line = "whtlab.sweep: %s: %d of %d cells, ETA %.0f s" % (out, i + 1, len(todo), left)
                log.line(line)   # whatever progress says
                if progress:
                    print(line, file=sys.stderr, flush=True)
            if now - last_save >= save_every:
                _publish(out, attrs, np.array(rows + new, dtype=dtype), timings)
                last_save = now
        finished = True
    finally:
        # the finished cells are kept (resume); a call that failed before
        # its first cell leaves no file and an existing one as it was
        if new or (finished and not os.path.exists(out)):
            _publish(out, attrs, np.array(rows + new, dtype=dtype), timings)
