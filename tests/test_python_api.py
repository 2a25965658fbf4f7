"""The Python package whtlab against the C programs (issue 13): for every
row of a real wht-sweep file (every CPU algorithm, every format, two
distributions, every operation without tau, k = 1..9), whtlab.inputs ->
transform -> exact -> errors gives that row's error columns exactly, which
pins inputs to the sweep's draws, exact to the oracle the sweep used,
transform to the C library and errors to the metrics; folklore written in
numpy (float64/float32/float16 arithmetic rounds each operation) equals
transform bit for bit; every function refuses bad input with WhtlabError;
load() gives every row with decoded strings. whtlab.sweep of a numpy
folklore gives wht-sweep's folklore rows (every error column, every op,
smoothed under two taus, f32 and f16), resumes after an exception in the
callable, extends a wht-sweep file that the C programs then still read, and
refuses bad arguments. Each call keeps a log (FILE.log, or log=): its first
line, its progress lines and how it ended, with the UTC time, appended to;
a refused call adds nothing. The attribute python_sweeps keeps its first and
latest lines below 64000 bytes, and a call whose attributes cannot fit is
refused with the file as it was. load() warns for an unfinished file.

The package loads the build tree's libwht.so (whtlab_testkit.use_built_libwht,
which preloads the sanitizer runtimes in a sanitizer build)."""

import contextlib
import csv
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import warnings

sys.dont_write_bytecode = True
top = os.environ.get("top_srcdir", ".")
sys.path.insert(0, os.path.join(top, "analysis"))
import whtlab_testkit as tk  # noqa: E402
tk.use_built_libwht()
import h5py  # noqa: E402
import numpy as np  # noqa: E402
import whtlab  # noqa: E402

t = tk.Tap()
tmp = tempfile.TemporaryDirectory()
path = os.path.join(tmp.name, "sweep.h5")
rc, _, err = tk.run("experiments/wht-sweep", "--algo", "all", "--format", "all", "--dist", "norm,pagh-pmone",
                    "--op", "one-way,two-way,xor-conv", "--log2n", "1:9", "--trials", "2", "--seed", "7",
                    "--backend", "cpu", "--oracle", "cpu", "-o", path)
if not t.ok(rc == 0, "wht-sweep wrote the reference file (%s)" % err.strip().splitlines()[-1:]):
    t.done()

rows = whtlab.load(path)
t.ok(len(rows) == len(tk.read_rows(path)) and rows["algorithm"].map(type).eq(str).all(),
     "load: %d rows, name columns decoded to str" % len(rows))

COLS = ("max_abs", "mean_abs", "mean_rel", "max_rel", "n_zero", "zero_miss", "norm_rel", "max_ulp",
        "n_nonfinite", "status")


def same(a, b):
    return a == b or (a != a and b != b)


def op_in_python(op, x, alg, fmt):
    """The sweep's pipeline of the operation (DESIGN.md section 6) through
    the package: transforms by the library, element steps rounded to fmt."""
    if op == "one-way":
        return whtlab.transform(x, alg, fmt)
    k = x[0].size.bit_length() - 1 if isinstance(x, tuple) else x.size.bit_length() - 1
    scale = 2.0 ** -k
    if op == "two-way":
        y = whtlab.transform(whtlab.transform(x, alg, fmt), alg, fmt)
    else:
        a, b = (whtlab.to_float64(whtlab.transform(v, alg, fmt), fmt) for v in x)
        y = whtlab.transform(whtlab.from_float64(a * b, fmt), alg, fmt)
    return whtlab.from_float64(whtlab.to_float64(y, fmt) * scale, fmt)


checked = bad = 0
for r in rows.itertuples():
    x = whtlab.inputs(r.dist, r.op, r.log2n, r.trial, r.seed, r.format)
    exact_in = tuple(whtlab.to_float64(v, r.format) for v in x) if isinstance(x, tuple) \
        else (whtlab.to_float64(x, r.format),)
    hi, lo = whtlab.exact(exact_in[0], r.op, b=exact_in[1] if len(exact_in) > 1 else None)
    y = op_in_python(r.op, x, r.algorithm, r.format)
    e = whtlab.errors(y, hi, lo, r.format)
    checked += 1
    if not all(same(e[c], getattr(r, c)) for c in COLS):
        bad += 1
        if bad <= 3:
            t.diag("%s %s %s %s k=%d trial %d: %s vs row %s" % (
                r.algorithm, r.format, r.dist, r.op, r.log2n, r.trial,
                [e[c] for c in COLS], [getattr(r, c) for c in COLS]))
t.ok(checked > 500 and bad == 0,
     "inputs -> transform -> exact -> errors equal the sweep's error columns in %d of %d rows"
     % (checked - bad, checked))

# folklore in numpy arithmetic of the format, against the library's bits
rng = np.random.default_rng(3)
for fmt, dt in (("f64", np.float64), ("f32", np.float32), ("f16", np.float16)):
    for k in (0, 1, 5, 11):
        x = (rng.standard_normal((3, 1 << k)) * 4).astype(dt)
        ref = x.copy()
        m = 1
        while m < x.shape[1]:
            v = ref.reshape(3, -1, 2, m)
            a, b = v[:, :, 0, :].copy(), v[:, :, 1, :].copy()
            v[:, :, 0, :], v[:, :, 1, :] = a + b, a - b
            m *= 2
        y = whtlab.transform(x, "folklore", fmt)
        t.ok(y.tobytes() == ref.tobytes() and (k == 0 or x.tobytes() != y.tobytes()),
             "folklore %s rows of 2^%d: numpy's per-operation rounding, bit for bit" % (fmt, k))
bf = whtlab.from_float64(np.array([1.0, 2.0 ** -7, 3.0, 1e-40]), "bf16")
t.ok(bf.dtype == np.uint16 and whtlab.to_float64(bf, "bf16").tolist()[:3] == [1.0, 2.0 ** -7, 3.0],
     "bf16 data are uint16 bit patterns, converted exactly")
# a misaligned view (libwht refuses misaligned arrays: WHT_E_ALIGN) is
# converted through an aligned copy, its values exact
raw = np.arange(1, 18, dtype=np.uint8).tobytes()
odd = np.frombuffer(raw, dtype=np.float32, count=4, offset=1)
t.ok(not odd.flags.aligned and whtlab.to_float64(odd, "f32").tolist() == odd.astype(np.float64).tolist(),
     "to_float64 of a misaligned float32 view: its exact values")


# ---- whtlab.sweep ----
def np_folklore(x, fmt):
    """folklore in the format's numpy arithmetic (one rounding per op)"""
    x = x.copy()
    m = 1
    while m < x.size:
        v = x.reshape(-1, 2, m)
        a, b = v[:, 0, :].copy(), v[:, 1, :].copy()
        v[:, 0, :], v[:, 1, :] = a + b, a - b
        m *= 2
    return x


grid = dict(formats=["f32", "f16"], dists=["norm", "pagh-pmone"], ops="all", log2n=range(1, 9), trials=2,
            seed=4, tau=[0.5, 2.0])
cgrid = ["--format", "f32,f16", "--dist", "norm,pagh-pmone", "--op", "all", "--log2n", "1:8", "--trials", "2",
         "--seed", "4", "--tau", "0.5,2"]
py_path, c_path = os.path.join(tmp.name, "py.h5"), os.path.join(tmp.name, "c.h5")
ran = whtlab.sweep(np_folklore, "np-folklore", out=py_path, progress=False, **grid)
rc, _, err = tk.run("experiments/wht-sweep", "--algo", "folklore", *cgrid, "-o", c_path)
KEYS = ["format", "dist", "op", "log2n", "trial", "seed", "tau"]


def same_rows(a, b):
    """rows of a and b pair one to one on KEYS and agree in COLS"""
    m = a.merge(b, on=KEYS, suffixes=("_a", "_b"))
    if not (len(m) == len(a) == len(b)):
        return False
    return all(same(x, y) for c in COLS for x, y in zip(m[c + "_a"], m[c + "_b"]))


py_rows, c_rows = whtlab.load(py_path), whtlab.load(c_path)
t.ok(rc == 0 and ran == len(c_rows) == 320 and same_rows(py_rows, c_rows) and
     set(py_rows["backend"]) == {"python"} and set(py_rows["algorithm"]) == {"np-folklore"},
     "sweep of a numpy folklore: %d rows, every error column equal to wht-sweep's folklore" % ran)
t.ok(whtlab.sweep(np_folklore, "np-folklore", out=py_path, progress=False, **grid) == 0,
     "the same sweep again runs no cell (resume)")

# the log beside the file: each call's first line (the call, as in
# command_line, and the package's version), its progress lines (progress
# off: in the log all the same) and how it ended, each after the UTC time
STAMP = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ "


def log_lines(p):
    """the lines of a log; none when it is missing"""
    return log_bytes(p).decode().splitlines()


def log_bytes(p):
    try:
        with open(p, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return b""


def untimed(lines):
    """the lines without their time; None when one lacks it"""
    return [x[21:] for x in lines] if all(re.match(STAMP, x) for x in lines) else None


with h5py.File(py_path, "r") as f:
    py_call = f.attrs["command_line"].decode()
from whtlab.core import VERSION  # noqa: E402
lines = untimed(log_lines(py_path + ".log")) or None
started = "whtlab.sweep started: %s (whtlab %s)" % (py_call, VERSION)
t.ok(lines is not None and "np_folklore" in py_call and lines[0] == started and lines.count(started) == 2
     and lines[-4:] == ["whtlab.sweep: %s: 320 of 320 cells, ETA 0 s" % py_path,
                        "whtlab.sweep: done, 320 cells run", started, "whtlab.sweep: done, 0 cells run"],
     "FILE.log: the call, its progress (progress=False), done; the resume appended (%s)"
     % (lines if lines is None or len(lines) < 8 else lines[:1] + ["..."] + lines[-4:]))

calls = [0]


def dies(x, fmt):
    calls[0] += 1
    if calls[0] == 40:
        raise KeyboardInterrupt
    return np_folklore(x, fmt)


part = os.path.join(tmp.name, "part.h5")
try:
    whtlab.sweep(dies, "np-folklore", out=part, progress=False, save_every=0, **grid)
    t.ok(False, "an interrupt inside fn propagates")
except KeyboardInterrupt:
    kept = len(whtlab.load(part))
    t.ok(0 < kept < 320 and not os.path.exists(part + ".lock") and not os.path.exists(part + ".tmp"),
         "an interrupt inside fn propagates; the file keeps the %d finished cells, no lock or tmp left" % kept)
    lines = untimed(log_lines(part + ".log")) or None
    t.ok(lines is not None and lines[-1] == "whtlab.sweep: failed after %d cells: KeyboardInterrupt" % kept
         and lines[1:-1] == ["whtlab.sweep: %s: %d of 320 cells, ETA %s" % (part, i + 1, x.rsplit("ETA ", 1)[-1])
                             for i, x in enumerate(lines[1:-1])] and len(lines) == kept + 2,
         "its log: a progress line per save (save_every=0), then 'failed after %d cells' (%s)"
         % (kept, lines if lines is None else lines[-2:]))
whtlab.sweep(np_folklore, "np-folklore", out=part, progress=False, **grid)
t.ok(same_rows(whtlab.load(part), c_rows), "resumed after the interrupt: the rows of an uninterrupted run")
lines = untimed(log_lines(part + ".log")) or None
t.ok(lines is not None and len([x for x in lines if x.startswith("whtlab.sweep started: ")]) == 2
     and lines[-1] == "whtlab.sweep: done, %d cells run" % (320 - kept),
     "the resume's lines appended to that log, ending 'done, %d cells run' (%s)"
     % (320 - kept, (lines or [])[-1:]))

# a wht-sweep file extended by whtlab.sweep stays a file of the C programs
whtlab.sweep(np_folklore, "np-folklore", out=c_path, progress=False, **grid)
rc1, _, err1 = tk.run("experiments/wht-sweep", "--algo", "folklore", *cgrid, "-o", c_path, "--resume")
rc2, out2, err2 = tk.run("analysis/wht-table", "--cells", "--format", "f16", c_path)
t.ok(rc1 == 0 and "0 cells run" in err1 and rc2 == 0 and "np-folklore" in out2 and "folklore" in out2,
     "wht-sweep --resume and wht-table --cells read the extended file (%s)" % err1.strip()[:120])

# README's example: the numpy idea, wht-sweep's algorithms added, one table
idea = os.path.join(tmp.name, "idea.h5")
p = subprocess.run([sys.executable, os.path.join(top, "examples", "widened_idea.py"), idea],
                   env=dict(os.environ, PYTHONPATH=os.path.join(top, "python"), PYTHONDONTWRITEBYTECODE="1"),
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
rc1, _, _ = tk.run("experiments/wht-sweep", "--algo", "folklore,kahan,neumaier", "--format", "f16", "--dist",
                   "norm,pmone", "--op", "one-way,xor-conv", "--log2n", "3:14", "--trials", "3", "--seed", "1",
                   "-o", idea, "--resume")
rc2, table, _ = tk.run("analysis/wht-table", "--cells", "--csv", "--dist", "norm", "--op", "one-way",
                       "--log2n", "14", idea)
medians = {r["algorithm"]: float(r["median"]) for r in csv.DictReader(table.splitlines())}
t.ok(p.returncode == 0 and p.stderr.count("\n") <= 1 and rc1 == 0 and rc2 == 0 and len(medians) == 4
     and medians["neumaier"] < medians["widened3"] < medians["folklore"],
     "README's example: widened3's norm_rel between neumaier's and folklore's at f16 k = 14 (%s)"
     % medians)
rc3, table, _ = tk.run("analysis/wht-table", "--csv", "--log2n", "14", idea)
red = {(r["backend"], r["algorithm"]): float(r["median_reduction"])
       for r in csv.DictReader(table.splitlines()) if r["median_reduction"]}
t.ok(rc3 == 0 and set(red) == {("cpu", "kahan"), ("cpu", "neumaier"), ("python", "widened3")}
     and 0 < red[("python", "widened3")] < red[("cpu", "neumaier")],
     "README's example: the reduction table pairs the python rows with the cpu folklore (%s)" % red)

# reading results needs no libwht: the library is loaded on first use
p = subprocess.run([sys.executable, "-c", "import whtlab, sys; print(len(whtlab.load(sys.argv[1])))\n"
                    "try:\n    whtlab.transform\nexcept ImportError as e:\n    print('ImportError', e)", path],
                   env=dict(os.environ, PYTHONPATH=os.path.join(top, "python"), WHTLAB_LIBWHT="/nonexistent",
                            PYTHONDONTWRITEBYTECODE="1"),
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
t.ok(p.returncode == 0 and p.stdout.splitlines()[0] == str(len(rows)) and "/nonexistent" in p.stdout,
     "whtlab.load works without libwht; a function that needs it raises ImportError naming where it looked")


def raises(what, fn, words):
    try:
        fn()
    except whtlab.WhtlabError as e:
        msg = str(e)
        return t.ok("\n" not in msg and all(w in msg for w in words), "%s: WhtlabError '%s'" % (what, msg))
    except Exception as e:  # noqa: BLE001 - any other exception is the failure
        return t.ok(False, "%s: %s instead of WhtlabError" % (what, type(e).__name__))
    return t.ok(False, "%s: no exception" % what)


x32 = np.ones(8, dtype=np.float32)
raises("an unknown algorithm", lambda: whtlab.transform(x32, "bogus", "f32"), ["bogus", "folklore", "kahan"])
raises("an unknown format", lambda: whtlab.transform(x32, "folklore", "f8"), ["f8", "f64", "bf16"])
raises("a wrong dtype", lambda: whtlab.transform(x32, "folklore", "f64"), ["float32", "float64"])
raises("n = 6", lambda: whtlab.transform(np.ones(6, np.float32), "folklore", "f32"), ["6", "power of two"])
raises("a 3-D array", lambda: whtlab.transform(np.ones((2, 2, 2), np.float32), "folklore", "f32"), ["shape"])
raises("a GPU-only algorithm on the CPU", lambda: whtlab.transform(np.ones(8, np.float16), "tensor-core", "f16"),
       ["tensor-core"])
raises("an unknown backend", lambda: whtlab.transform(x32, "folklore", "f32", backend="tpu"), ["tpu", "cpu"])
try:
    whtlab.transform(x32, "folklore", "f32", backend="gpu")
    t.ok(True, "backend gpu: a GPU is present, it ran # SKIP the no-GPU refusal")
except whtlab.WhtlabError as e:
    t.ok("GPU" in str(e), "backend gpu without a GPU: WhtlabError '%s'" % e)
raises("exact of n = 3", lambda: whtlab.exact(np.ones(3)), ["3"])
raises("exact: unknown op", lambda: whtlab.exact(np.ones(4), "sideways"), ["sideways", "xor-conv"])
raises("exact: xor-conv without b", lambda: whtlab.exact(np.ones(4), "xor-conv"), ["b", "xor-conv"])
raises("exact: b with one-way", lambda: whtlab.exact(np.ones(4), b=np.ones(4)), ["b"])
raises("exact: an infinite input", lambda: whtlab.exact(np.array([1.0, np.inf])), ["one-way"])
raises("inputs: unknown dist", lambda: whtlab.inputs("cauchy", "one-way", 3, 0, 1, "f32"), ["cauchy", "norm"])
raises("inputs: log2n -1", lambda: whtlab.inputs("norm", "one-way", -1, 0, 1, "f32"), ["log2n"])
raises("errors: shapes differ", lambda: whtlab.errors(x32, np.ones(4), np.zeros(4), "f32"), ["shape"])
raises("load: a missing file", lambda: whtlab.load(os.path.join(tmp.name, "absent.h5")), ["absent.h5"])
raises("load: a table that is none", lambda: whtlab.load(path, "cells"), ["cells", "results"])
raises("load: a folder", lambda: whtlab.load(tmp.name), ["is a directory"])
strver = os.path.join(tmp.name, "strver.h5")
shutil.copy(path, strver)
with h5py.File(strver, "a") as f:
    f.attrs["schema_version"] = np.bytes_("1")
raises("load: schema_version the string '1'", lambda: whtlab.load(strver), ["not one integer", "1"])
with h5py.File(strver, "a") as f:
    del f.attrs["schema_version"]
raises("load: no schema_version", lambda: whtlab.load(strver), ["no root attribute schema_version"])
raises("load: None", lambda: whtlab.load(None), ["path None"])
dangling = os.path.join(tmp.name, "dangling.h5")
shutil.copy(path, dangling)
with h5py.File(dangling, "a") as f:
    del f["results"]
    f["results"] = h5py.SoftLink("/nothing")
raises("load: /results a link to nothing", lambda: whtlab.load(dangling), ["damaged", "/results"])
with h5py.File(path, "r") as f:
    row_dtype = f["results"].dtype
with h5py.File(dangling, "a") as f:
    del f["results"]
    f.create_dataset("results", data=np.zeros((2, 2), dtype=row_dtype))
raises("load: /results of two dimensions", lambda: whtlab.load(dangling), ["damaged", "/results"])
new = os.path.join(tmp.name, "new.h5")
raises("sweep: a bad name", lambda: whtlab.sweep(np_folklore, "my idea", out=new), ["my idea", "printable"])
raises("sweep: a bad format", lambda: whtlab.sweep(np_folklore, "x", formats=["f8"], out=new), ["f8", "bf16"])
raises("sweep: log2n 0", lambda: whtlab.sweep(np_folklore, "x", log2n=[0, 3], out=new), ["log2n", "1..30"])
raises("sweep: fn not callable", lambda: whtlab.sweep(3, "x", out=new), ["callable"])
raises("sweep: fn returns the wrong dtype",
       lambda: whtlab.sweep(lambda x, f: x.astype(np.float64), "x", log2n=3, out=new), ["float64", "float32"])
log_before = log_bytes(py_path + ".log")
raises("sweep: another seed than the file's", lambda: whtlab.sweep(np_folklore, "x", seed=9, out=py_path),
       ["seed", "4"])
t.ok(log_before and log_bytes(py_path + ".log") == log_before, "that refused sweep added nothing to FILE.log")
raises("sweep: a missing folder", lambda: whtlab.sweep(np_folklore, "x", out=os.path.join(tmp.name, "no", "x.h5")),
       ["does not exist"])
# values are taken exactly or refused, names whole, types as documented
bf = np.array([0x3f80, 0x3f80], np.uint16)
for what, fn, words in (
        ("exact: b of bf16 bit patterns", lambda: whtlab.exact(np.ones(2), "xor-conv", b=bf), ["b", "uint16"]),
        ("exact: b of strings", lambda: whtlab.exact(np.ones(2), "xor-conv", b=["1", "2"]), ["b", "<U1"]),
        ("exact: x of long doubles", lambda: whtlab.exact(np.ones(2, dtype=np.longdouble)), ["x", "float128"]),
        ("exact: one value, not a vector", lambda: whtlab.exact(np.float64(1)), ["shape ()"]),
        ("exact: tau a string", lambda: whtlab.exact(np.ones(4), "smoothed", tau="2"), ["tau", "'2'"]),
        ("exact: tau a bool", lambda: whtlab.exact(np.ones(4), "smoothed", tau=True), ["tau", "True"]),
        ("from_float64: complex values", lambda: whtlab.from_float64(np.ones(2, complex), "f32"),
         ["complex128"]),
        ("errors: lo not finite", lambda: whtlab.errors(np.ones(4, np.float32), np.ones(4),
                                                        np.array([np.nan, 0, 0, 0]), "f32"), ["finite"]),
        ("errors: an empty vector", lambda: whtlab.errors(np.ones(0, np.float32), np.ones(0), np.ones(0),
                                                          "f32"), ["shape (0,)"]),
        ("errors: nonfinite 'no'", lambda: whtlab.errors(np.ones(4, np.float32), np.ones(4), np.zeros(4),
                                                         "f32", nonfinite="no"), ["nonfinite", "'no'"]),
        ("errors: hi a string", lambda: whtlab.errors(np.ones(4, np.float32), "abcd", np.zeros(4), "f32"),
         ["hi", "<U4"]),
        ("transform: backend a list", lambda: whtlab.transform(x32, "folklore", "f32", backend=[]),
         ["backend", "[]"]),
        ("transform: a name with a NUL", lambda: whtlab.transform(x32, "folklore\0x", "f32"),
         ["folklore\\x00x"]),
        ("bound: metric a list", lambda: whtlab.bound("kahan", "f32", 5, metric=[]), ["metric", "[]"]),
        ("bound: a name with a NUL", lambda: whtlab.bound("kahan\0junk", "f32", 5), ["kahan\\x00junk"]),
        ("bound: log2n True", lambda: whtlab.bound("kahan", "f32", True), ["log2n True"])):
    raises(what, fn, words)
t.ok(whtlab.exact(np.array([1, 2], np.int64))[0].tolist() == [3.0, -1.0]
     and whtlab.from_float64([1, 2], "f32").tolist() == [1.0, 2.0],
     "integer inputs below 2^53 are still taken (exactly)")
# numbers are taken as given or refused, never truncated or wrapped
refused = os.path.join(tmp.name, "refused.h5")
for what, kw, words in (("trial 2^32 + 3", dict(trial=2**32 + 3), ["trial", "4294967295"]),
                        ("seed 2^64 + 1", dict(seed=2**64 + 1), ["seed", "18446744073709551615"]),
                        ("seed 1.5", dict(seed=1.5), ["seed", "1.5"]),
                        ("log2n 4.9", dict(log2n=4.9), ["log2n", "4.9"]),
                        ("log2n '4'", dict(log2n="4"), ["log2n", "'4'"]),
                        ("trial True", dict(trial=True), ["trial", "True"])):
    args = dict(dist="norm", op="one-way", log2n=4, trial=0, seed=1, format="f32")
    args.update(kw)
    raises("inputs: " + what, lambda args=args: whtlab.inputs(**args), words)
for what, kw, words in (("seed 2^64", dict(seed=2**64), ["seed", "18446744073709551616"]),
                        ("log2n 3.0", dict(log2n=3.0), ["log2n", "3.0"]),
                        ("log2n '5'", dict(log2n="5"), ["log2n", "'5'"]),
                        ("trials 2.0", dict(trials=2.0), ["trials", "2.0"]),
                        ("tau True", dict(tau=True), ["tau", "True"])):
    raises("sweep: " + what, lambda kw=kw: whtlab.sweep(np_folklore, "x", out=refused, **kw), words)
t.ok(not os.path.lexists(refused) and not os.path.lexists(refused + ".lock")
     and not os.path.lexists(refused + ".log"), "the refused sweeps left no file, no log")
# integers beyond 2^53 are refused by value (float64 would round them), at every
# entry that takes them; NULs in any name; arrays where a flag or names go
BIG = 2**53 + 1
for what, fn, words in (
        ("exact: x the Python ints [2^53 + 1, 0]", lambda: whtlab.exact([BIG, 0]), ["x", str(BIG), "2^53"]),
        ("exact: x int64 2^53 + 1", lambda: whtlab.exact(np.array([0, BIG], np.int64)), ["x", str(BIG)]),
        ("exact: x int64 -2^53 - 1", lambda: whtlab.exact(np.array([-BIG, 0], np.int64)), ["x", str(-BIG)]),
        ("exact: b 2^53 + 1 beside floats", lambda: whtlab.exact(np.ones(2), "xor-conv", b=[0.5, BIG]),
         ["b", str(BIG)]),
        ("exact: tau 2^53 + 1", lambda: whtlab.exact(np.ones(4), "smoothed", tau=BIG), ["tau", str(BIG)]),
        ("from_float64: 2^53 + 1 beside a float", lambda: whtlab.from_float64([BIG, 0.5], "f64"),
         ["x", str(BIG)]),
        ("errors: hi 2^53 + 1", lambda: whtlab.errors(np.ones(2, np.float32), [BIG, 0], [0, 0], "f32"),
         ["hi", str(BIG)]),
        ("errors: lo 2^53 + 1", lambda: whtlab.errors(np.ones(2, np.float32), [0, 0], np.array([0, BIG]),
                                                      "f32"), ["lo", str(BIG)]),
        ("inputs: a dist with a NUL", lambda: whtlab.inputs("norm\0bogus", "one-way", 3, 0, 1, "f32"),
         ["norm\\x00bogus", "pagh-pmone"]),
        ("inputs: an op with a NUL", lambda: whtlab.inputs("norm", "one-way\0bogus", 3, 0, 1, "f32"),
         ["one-way\\x00bogus", "xor-conv"]),
        ("exact: an op with a NUL", lambda: whtlab.exact(np.ones(4), "one-way\0zz"), ["one-way\\x00zz"]),
        ("errors: nonfinite an array", lambda: whtlab.errors(np.ones(4, np.float32), np.ones(4), np.zeros(4),
                                                             "f32", nonfinite=np.array([1, 1])),
         ["nonfinite", "True or False"]),
        ("transform: an empty algorithm name", lambda: whtlab.transform(x32, "", "f32"),
         ["'' f32 cpu", "folklore"]),
        ("sweep: formats None", lambda: whtlab.sweep(np_folklore, "x", formats=None, out=refused),
         ["formats None", "f64", "all"]),
        ("sweep: formats a 2-D array", lambda: whtlab.sweep(np_folklore, "x", formats=np.array([["f32"]]),
                                                            out=refused), ["formats", "f32", "all"]),
        ("sweep: dists a number", lambda: whtlab.sweep(np_folklore, "x", dists=3, out=refused),
         ["dists 3", "norm"]),
        ("sweep: tau 1e300 in f32", lambda: whtlab.sweep(np_folklore, "x", formats=["f64", "f32"], ops="smoothed",
                                                          tau=1e300, log2n=[3, 4], out=refused),
         ["tau 1e+300: rounds to inf in f32", "a tau >= 0 that rounds to at most 3.40282e+38"]),
        ("sweep: tau 65520 in f16", lambda: whtlab.sweep(np_folklore, "x", formats="f16", ops="all",
                                                          tau=[1.0, 65520], log2n=3, out=refused),
         ["tau 65520.0: rounds to inf in f16", "at most 65504"]),
        ("sweep: tau 2^53 + 1", lambda: whtlab.sweep(np_folklore, "x", ops="smoothed", tau=BIG, out=refused),
         ["tau", str(BIG)])):
    raises(what, fn, words)
t.ok(not os.path.lexists(refused) and not os.path.lexists(refused + ".lock")
     and not os.path.lexists(refused + ".log"),
     "the refused sweeps (tau rounding to inf, bad names) left no file, no log")
hi, lo = whtlab.exact([2**53, -2**53])
t.ok(hi.tolist() == [0.0, 2.0**54] and lo.tolist() == [0.0, 0.0], "integers -2^53..2^53 are still taken exactly")
try:
    ran = whtlab.sweep(np_folklore, "x", formats=np.array(["f32", "f16", "f32"]), log2n=3, out=refused,
                       progress=False)
    got = sorted(whtlab.load(refused)["format"])
    os.unlink(refused)
    if os.path.exists(refused + ".log"):   # its log: the tests of refusals look for none
        os.unlink(refused + ".log")
except Exception as e:  # noqa: BLE001 - reported as the failure
    ran, got = e, None
t.ok(ran == 2 and got == ["f16", "f32"], "sweep: formats a numpy array of names, a repeated name once (%r)" % (ran,))
with open(py_path, "rb") as f:
    before = f.read()
raises("sweep: fn fails in the first cell of an existing file",
       lambda: whtlab.sweep(lambda x, f: x.astype(np.float64), "y", log2n=3, seed=4, out=py_path), ["float64"])
with open(py_path, "rb") as f:
    t.ok(f.read() == before, "that failed sweep left the existing file as it was")
lines = untimed(log_lines(py_path + ".log")) or None
t.ok(lines is not None
     and lines[-2].startswith("whtlab.sweep started: whtlab.sweep(__main__.<lambda>.<locals>.<lambda>, 'y'")
     and re.fullmatch(r"whtlab.sweep: failed after 0 cells: WhtlabError: .*float64.*", lines[-1]) is not None,
     "its log: started, then 'failed after 0 cells' with the error on one line (%s)" % (lines or [])[-1:])
raises("sweep: fn fails in the first cell of a new file",
       lambda: whtlab.sweep(lambda x, f: x.astype(np.float64), "y", log2n=3, out=refused), ["float64"])
t.ok(not os.path.lexists(refused) and not os.path.lexists(refused + ".tmp"),
     "a sweep that failed before its first cell created no file")
lines = untimed(log_lines(refused + ".log")) or None
t.ok(lines is not None and len(lines) == 2
     and lines[1].startswith("whtlab.sweep: failed after 0 cells: WhtlabError"),
     "its log (a failure, not a refusal): started, failed after 0 cells (%s)" % lines)
if lines is not None:
    os.unlink(refused + ".log")
for fn, fmt, v in ((whtlab.to_float64, "f32", np.float32(1.5)), (whtlab.from_float64, "f16", np.float64(1.5)),
                   (whtlab.from_float64, "bf16", 3)):
    y = fn(v, fmt)
    t.ok(y.shape == () and (y.item() == 1.5 if fmt != "bf16" else y.item() == 0x4040),
         "%s of a 0-d %s value: 0-d out (%r)" % (fn.__name__, fmt, y))
t.ok(whtlab.to_float64(np.ones((2, 4), np.float16), "f16").shape == (2, 4), "to_float64 keeps a 2-D shape")
# the oracle's device refusal names every device it takes (oracle/oracle.c)
from whtlab._lib import lib as _libwht  # noqa: E402
import ctypes  # noqa: E402
run_on = _libwht["wht_oracle_run_on"]   # a fresh function object: the package's declarations untouched
run_on.restype = ctypes.c_int
msg = ctypes.create_string_buffer(256)
out = (ctypes.c_double * 8)()
ones = np.ones(4)
st = run_on(ctypes.c_int(7), ctypes.c_int(0), ctypes.c_uint(2), ctypes.c_void_p(ones.ctypes.data), None,
            ctypes.c_double(0), out, None, msg, ctypes.c_size_t(256))
t.ok(st != 0 and b"device 7" in msg.value and b"cpu, gpu, auto, emulated" in msg.value,
     "oracle: an unknown device's refusal names cpu, gpu, auto and emulated: %s" % msg.value.decode())
# FILE.tmp a link to another file: removed, never written through
victim = os.path.join(tmp.name, "victim.txt")
with open(victim, "w") as f:
    f.write("precious\n")
linked = os.path.join(tmp.name, "linked.h5")
os.symlink(victim, linked + ".tmp")
n = whtlab.sweep(np_folklore, "x", log2n=3, out=linked, progress=False)
t.ok(n == 1 and open(victim).read() == "precious\n" and not os.path.lexists(linked + ".tmp")
     and len(whtlab.load(linked)) == 1,
     "sweep with FILE.tmp a link: the link's target unchanged, FILE written (%d cell)" % n)
os.makedirs(os.path.join(tmp.name, "blocked.h5.tmp"))
raises("sweep: a folder where FILE.tmp goes",
       lambda: whtlab.sweep(np_folklore, "x", log2n=3, out=os.path.join(tmp.name, "blocked.h5"),
                            progress=False), ["blocked.h5", "a folder"])

# ---- the log of whtlab.sweep: log= elsewhere, stderr's lines the same ----
logged, elsewhere = os.path.join(tmp.name, "logged.h5"), os.path.join(tmp.name, "elsewhere.log")
with open(elsewhere, "w") as f:
    f.write("an earlier line\n")
printed = io.StringIO()
try:
    with contextlib.redirect_stderr(printed):
        n = whtlab.sweep(np_folklore, "x", log2n=[3, 4, 5], out=logged, save_every=0, log=elsewhere)
except Exception as e:  # noqa: BLE001 - reported as the failure
    n = e
lines = untimed(log_lines(elsewhere)[1:])
t.ok(n == 3 and log_lines(elsewhere)[0] == "an earlier line" and not os.path.exists(logged + ".log")
     and lines is not None and len(lines) == 5 and lines[0].startswith("whtlab.sweep started: ")
     and lines[1:4] == printed.getvalue().splitlines() and lines[4] == "whtlab.sweep: done, 3 cells run",
     "log=: appended to that file, none beside out; its progress lines are stderr's (%s)" % (lines or n,))
fifo = os.path.join(tmp.name, "fifo.log")
os.mkfifo(fifo)
os.makedirs(os.path.join(tmp.name, "folder.log"))
for what, lg, words in (("False", False, ["log False", "always"]), ("''", "", ["log ''"]),
                        ("a folder", os.path.join(tmp.name, "folder.log"), ["folder.log", "not a regular file"]),
                        ("a FIFO", fifo, ["fifo.log", "not a regular file"]),
                        ("in a missing folder", os.path.join(tmp.name, "no", "x.log"), ["does not exist"]),
                        ("the results file", refused, ["refused.h5", "results file"]),
                        ("its lock", refused + ".lock", ["refused.h5.lock", "results file"])):
    raises("sweep: log " + what, lambda lg=lg: whtlab.sweep(np_folklore, "x", log2n=3, out=refused, log=lg), words)
t.ok(not os.path.lexists(refused) and not os.path.lexists(refused + ".lock")
     and not os.path.lexists(refused + ".log"), "the refused logs: no file, no log")

# ---- python_sweeps below 64000 bytes (data/README.md), as the C logs ----
fit = os.path.join(tmp.name, "fit.h5")
whtlab.sweep(np_folklore, "x", log2n=3, out=fit, progress=False)
body = [b"whtlab.sweep(call %04d) " % i + b"." * 75 for i in range(639)]   # 100 bytes a line
with h5py.File(fit, "a") as f:
    f.attrs["python_sweeps"] = np.bytes_(b"whtlab.sweep(first)\n" + b"\n".join(body) + b"\n")   # 63920 bytes


def fitted():
    """(python_sweeps as lines, its count of lines left out, its bytes)"""
    with h5py.File(fit, "r") as f:
        v = bytes(f.attrs["python_sweeps"])
    m = re.fullmatch(rb"\((\d+) earlier lines left out: an attribute holds 64000 bytes\)", v.split(b"\n")[1])
    return v.split(b"\n"), int(m.group(1)) if m else None, len(v)


try:
    whtlab.sweep(np_folklore, "x", log2n=4, out=fit, progress=False)
    lines, left, size = fitted()
    t.ok(size < 64000 and lines[0] == b"whtlab.sweep(first)" and left is not None and left >= 1
         and lines[2] == body[left] and lines[-2].startswith(b"whtlab.sweep(__main__.np_folklore, 'x'")
         and lines[-2].endswith(b"log2n=[4], trials=1, seed=1, tau=[1.0])") and lines[-1] == b""
         and len(whtlab.load(fit)) == 2,
         "a resume past 64000 bytes: the first line, '(%s earlier lines left out ...)', the latest ones, "
         "this call's last; %d bytes, the file read back" % (left, size))
    whtlab.sweep(np_folklore, "x", log2n=5, out=fit, progress=False)
    lines2, left2, size2 = fitted()
    t.ok(size2 < 64000 and left2 is not None and left2 > left and left2 + len(lines2) - 3 == 639 + 2
         and lines2[-2].endswith(b"log2n=[5], trials=1, seed=1, tau=[1.0])") and len(whtlab.load(fit)) == 3,
         "the next resume carries the count on: %s then %s lines left out, none lost uncounted" % (left, left2))
except Exception as e:  # noqa: BLE001 - reported as the failure
    t.ok(False, "python_sweeps past 64000 bytes: %s: %s" % (type(e).__name__, e))
# a call whose line alone cannot fit: refused, nothing written
many = [1.0 + i / 4096 for i in range(6000)]
raises("sweep: a call of 90 kB, new file", lambda: whtlab.sweep(np_folklore, "x", log2n=3, tau=many, out=refused),
       ["command_line", "64000", "nothing written"])
t.ok(not os.path.lexists(refused) and not os.path.lexists(refused + ".lock")
     and not os.path.lexists(refused + ".log"), "that refused sweep: no file, no log")
with open(fit, "rb") as f:
    before = f.read(), log_bytes(fit + ".log")
raises("sweep: a call of 90 kB, existing file", lambda: whtlab.sweep(np_folklore, "x", log2n=6, tau=many, out=fit),
       ["python_sweeps", "64000", "nothing written"])
with open(fit, "rb") as f:
    t.ok((f.read(), log_bytes(fit + ".log")) == before and before[1],
         "that refused sweep: the file and its log as they were")

# ---- load() of an unfinished file (attribute unfinished, data/README.md) ----
cut = os.path.join(tmp.name, "cut.h5")
shutil.copy(fit, cut)
with h5py.File(cut, "a") as f:
    f.attrs["unfinished"] = np.bytes_("its last run failed after 1 of 4 cells: --resume runs the others")
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    n_cut, n_fit = len(whtlab.load(cut)), len(whtlab.load(fit))
said = [(str(x.message), os.path.basename(x.filename)) for x in w if x.category is UserWarning]
t.ok(n_cut == n_fit == 3 and said == [("%s is unfinished: its last run failed after 1 of 4 cells: --resume runs "
                                        "the others" % cut, "test_python_api.py")],
     "load of an unfinished file: its rows and one warning, at the caller's line (%s)" % said)
t.done()
