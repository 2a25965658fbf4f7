"""whtlab_testkit - for the make check tests of wht-table and wht-plot only
(not installed): TAP output, running the built programs, and writing small
result files with h5py that follow data/README.md (schema_version 1) column
by column, for the edge cases a real sweep rarely produces."""

import os
import subprocess
import sys

import h5py
import numpy as np

from whtlab_metrics import UNIT_ROUNDOFF_LOG2

RESULT_DTYPE = np.dtype([
    ("algorithm", "S32"), ("backend", "S8"), ("format", "S8"), ("dist", "S16"),
    ("op", "S16"), ("log2n", "<i4"), ("trial", "<i4"), ("seed", "<u8"), ("tau", "<f8"),
    ("max_abs", "<f8"), ("mean_abs", "<f8"), ("mean_rel", "<f8"), ("max_rel", "<f8"),
    ("n_zero", "<i8"), ("zero_miss", "<i8"), ("norm_rel", "<f8"), ("max_ulp", "<f8"),
    ("n_nonfinite", "<i8"), ("status", "S12"), ("oracle_prec", "<i4"),
    ("oracle_s", "<f8"), ("run_s", "<f8")])

TIMING_DTYPE = np.dtype([
    ("algorithm", "S32"), ("backend", "S8"), ("format", "S8"), ("log2n", "<i4"),
    ("batch", "<i8"), ("in_place", "i1"), ("median_ms", "<f8"), ("min_ms", "<f8"),
    ("reps", "<i4"), ("gbps", "<f8"), ("memcpy_ms", "<f8"), ("addone_ms", "<f8"),
    ("cufft_ms", "<f8")])

UNIT_ROUNDOFF = {f: 2.0 ** e for f, e in UNIT_ROUNDOFF_LOG2.items()}
# How much of the folklore error each algorithm keeps in the synthetic files.
KEEP = {"folklore": 1.0, "kahan": 0.35, "neumaier": 0.3, "alman-rao": 0.6}


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def ok(self, cond, what):
        self.n += 1
        if not cond:
            self.failed += 1
        print("%s %d - %s" % ("ok" if cond else "not ok", self.n, what), flush=True)
        return cond

    def diag(self, text):
        for line in str(text).splitlines() or [""]:
            print("# " + line, flush=True)

    def done(self):
        print("1..%d" % self.n, flush=True)
        sys.exit(1 if self.failed else 0)


def builddir():
    return os.environ.get("top_builddir", ".")


def static_only_build():
    """True when libtool built libwht as a static archive only (its .la
    names no shared library): configure --disable-shared."""
    try:
        with open(os.path.join(builddir(), "lib", "libwht.la")) as f:
            return any(line.strip() == "library_names=''" for line in f)
    except OSError:
        return False


def use_built_libwht():
    """Make the package whtlab (python/) importable with the build tree's
    libwht.so (WHTLAB_LIBWHT, which programs started from the test
    inherit). In a sanitizer build that library needs the sanitizer
    runtimes first in the process, so the test re-executes itself with them
    preloaded (and so do the programs it starts)."""
    libwht = os.path.abspath(os.path.join(builddir(), "lib", ".libs", "libwht.so.0"))
    if static_only_build():
        # ctypes needs the shared library; a --disable-shared build has none
        print("1..0 # SKIP libwht built without a shared library (configure --disable-shared)", flush=True)
        sys.exit(0)
    os.environ["WHTLAB_LIBWHT"] = libwht
    if "WHTLAB_PRELOADED" not in os.environ:
        ldd = subprocess.run(["ldd", libwht], stdout=subprocess.PIPE, text=True).stdout
        runtimes = [w.split("=>")[1].split()[0] for w in ldd.splitlines()
                    if "=>" in w and ("libasan" in w or "libubsan" in w)]
        if runtimes:
            env = dict(os.environ, WHTLAB_PRELOADED="1", LD_PRELOAD=" ".join(runtimes),
                       ASAN_OPTIONS="detect_leaks=0")
            os.execve(sys.executable, [sys.executable] + sys.argv, env)
    sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "python"))


def program(name):
    """Path of a built program: analysis/wht-table, experiments/wht-sweep."""
    return os.path.join(builddir(), name)


def run(prog, *args):
    """(exit status, stdout, stderr) of a built program."""
    p = subprocess.run([program(prog)] + [str(a) for a in args],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, p.stderr


def result_row(algorithm, fmt, dist, op, log2n, trial, mean_rel, status="ok",
               backend="cpu", seed=1, tau=0.5):
    r = np.zeros((), RESULT_DTYPE)
    for k, v in (("algorithm", algorithm), ("backend", backend), ("format", fmt),
                 ("dist", dist), ("op", op), ("status", status)):
        r[k] = v.encode("ascii")
    r["log2n"], r["trial"], r["seed"], r["tau"] = log2n, trial, seed, tau
    nan = float("nan")
    bad = status != "ok"
    for k, scale in (("max_abs", 3.0), ("mean_abs", 1.0), ("max_rel", 4.0),
                     ("norm_rel", 1.2), ("max_ulp", 2 ** 10)):
        r[k] = nan if bad else mean_rel * scale
    r["mean_rel"] = nan if bad else mean_rel
    r["n_nonfinite"] = 1 if status == "overflow" else 0
    r["oracle_prec"] = 200
    r["oracle_s"], r["run_s"] = 1e-3, 1e-4
    return r


def synthetic_results(algorithms=("folklore", "kahan", "neumaier", "alman-rao"),
                      formats=("f32", "f16"), dists=("pmone", "norm"),
                      ops=("one-way", "two-way"), sizes=range(3, 7), trials=2, seed=7):
    """A small full grid with errors near the format's roundoff, random but
    fixed by seed, each algorithm keeping KEEP[alg] of folklore's error."""
    rng = np.random.default_rng(seed)
    rows = []
    for fmt in formats:
        for dist in dists:
            for op in ops:
                for k in sizes:
                    for t in range(trials):
                        base = UNIT_ROUNDOFF[fmt] * (k ** 0.5) * rng.uniform(0.2, 1.0)
                        for alg in algorithms:
                            jitter = rng.uniform(0.8, 1.2)
                            rows.append(result_row(alg, fmt, dist, op, k, t,
                                                   base * KEEP.get(alg, 0.5) * jitter))
    return np.array(rows, dtype=RESULT_DTYPE)


ERROR_COLUMNS = ("max_abs", "mean_abs", "mean_rel", "max_rel", "norm_rel", "max_ulp")


def synthetic_metrics(algorithms=("folklore", "kahan", "neumaier", "alman-rao"),
                      formats=("f32", "f16"), dists=("pmone", "norm", "relu-norm"),
                      ops=("one-way", "two-way"), sizes=range(3, 6), trials=4, seed=11):
    """A small grid whose error columns are drawn each on its own (a table
    that reads the wrong column shows other numbers), with the cases the
    reduction must leave out or treat per trial: pmone at k = 3 exact in
    every algorithm but alman-rao; folklore exact in trial 2 only of pmone
    at k = 4; neumaier overflowing in trial 1 of relu-norm at k = 4; the
    relative columns NaN (every exact value 0) in trial 0 of norm at k = 5."""
    rng = np.random.default_rng(seed)
    nan = float("nan")
    rows = []
    for fmt in formats:
        for dist in dists:
            for op in ops:
                for k in sizes:
                    for t in range(trials):
                        for alg in algorithms:
                            over = (dist, k, t, alg) == ("relu-norm", 4, 1, "neumaier")
                            r = result_row(alg, fmt, dist, op, k, t, 1.0,
                                           status="overflow" if over else "ok")
                            if over:
                                rows.append(r)
                                continue
                            for c in ERROR_COLUMNS:
                                r[c] = UNIT_ROUNDOFF[fmt] * rng.lognormal(0.0, 0.7)
                            if (dist, k) == ("pmone", 3) and alg != "alman-rao" or \
                                    (dist, k, t, alg) == ("pmone", 4, 2, "folklore"):
                                for c in ERROR_COLUMNS:
                                    r[c] = 0.0
                            if (dist, k, t) == ("norm", 5, 0):
                                for c in ("mean_rel", "max_rel", "norm_rel", "max_ulp"):
                                    r[c] = nan
                            rows.append(r)
    return np.array(rows, dtype=RESULT_DTYPE)


# Known numbers for the spread tests (hand computations in the tests).
# norm_rel of kahan f32 norm one-way per trial, at k = 5 (5 trials), k = 6
# (4 trials) and k = 7 (3 trials); mean_rel is 9e-8 in every trial, so a
# table of the wrong column shows it.
SPREAD_CELLS = {5: (5e-8, 1e-8, 4e-8, 2e-8, 3e-8), 6: (1e-8, 2e-8, 3e-8, 10e-8),
                7: (1e-8, 2e-8, 4e-8)}
# Reductions 1 - kahan / folklore of f16 at k = 7 in three (dist, op)
# cells, per trial (4 trials), folklore's norm_rel being 1 everywhere.
SPREAD_REDUCTIONS = {("pmone", "one-way"): (0.10, 0.50, 0.30, 0.70),
                     ("norm", "one-way"): (0.20, 0.20, 0.90, 0.40),
                     ("norm", "two-way"): (0.60, 0.30, 0.50, 0.10)}


def spread_rows():
    """The rows of SPREAD_CELLS and SPREAD_REDUCTIONS."""
    rows = []
    for k, values in SPREAD_CELLS.items():
        for t, v in enumerate(values):
            r = result_row("kahan", "f32", "norm", "one-way", k, t, 9e-8)
            r["norm_rel"] = v
            rows.append(r)
    for (dist, op), reductions in SPREAD_REDUCTIONS.items():
        for t, red in enumerate(reductions):
            for alg, v in (("folklore", 1.0), ("kahan", 1.0 - red)):
                r = result_row(alg, "f16", dist, op, 7, t, 0.5)
                r["norm_rel"] = v
                rows.append(r)
    return np.array(rows, dtype=RESULT_DTYPE)


def timing_row(algorithm, fmt, log2n, batch, in_place, median_ms, memcpy_ms, addone_ms,
               cufft_ms, backend="gpu"):
    r = np.zeros((), TIMING_DTYPE)
    r["algorithm"], r["backend"], r["format"] = (algorithm.encode(), backend.encode(),
                                                 fmt.encode())
    r["log2n"], r["batch"], r["in_place"] = log2n, batch, in_place
    r["median_ms"], r["min_ms"], r["reps"] = median_ms, median_ms * 0.95, 20
    size = {"f64": 8, "f32": 4, "f16": 2, "bf16": 2}[fmt]
    r["gbps"] = 2.0 * size * batch * 2 ** log2n / (median_ms * 1e-3) / 1e9
    r["memcpy_ms"], r["addone_ms"], r["cufft_ms"] = memcpy_ms, addone_ms, cufft_ms
    return r


def synthetic_timings(algorithms=("folklore", "kahan"), formats=("f32", "f16"),
                      sizes=range(10, 15), batches=(1, 64), seed=3):
    rng = np.random.default_rng(seed)
    rows = []
    for alg in algorithms:
        for fmt in formats:
            for k in sizes:
                for b in batches:
                    for ip in (1, 0):
                        memcpy = 1e-3 * b * 2 ** (k - 10) * rng.uniform(0.9, 1.1)
                        cufft = memcpy * 4.7 if fmt in ("f32", "f64") else float("nan")
                        rows.append(timing_row(alg, fmt, k, b, ip,
                                               memcpy * rng.uniform(1.1, 3.0), memcpy,
                                               memcpy * 1.05, cufft))
    return np.array(rows, dtype=TIMING_DTYPE)


def write_file(path, results=None, timings=None, schema_version=1, attrs=None):
    """A results file as wht-sweep / wht-bench write it (data/README.md)."""
    with h5py.File(path, "w") as f:
        if schema_version is not None:
            f.attrs["schema_version"] = np.int32(schema_version)
        base = {"whtlab_version": "test", "git_revision": "unknown",
                "command_line": "whtlab_testkit", "created": "2000-01-01T00:00:00Z",
                "host": "test", "device": "none", "compiler": "none", "cflags": "none",
                "nvcc_flags": "none", "mpfr_version": "none", "gsl_version": "none",
                "hdf5_version": "none"}
        base.update(attrs or {})
        for k, v in base.items():
            f.attrs[k] = np.bytes_(v)
        f.attrs["seed"] = np.uint64(1)
        for name, data, dtype in (("results", results, RESULT_DTYPE),
                                  ("timings", timings, TIMING_DTYPE)):
            if data is None:
                continue
            f.create_dataset(name, data=data.astype(dtype), maxshape=(None,),
                             chunks=(max(1, min(len(data), 256)),), compression="gzip")


def flip_exponent_bias(path, column):
    """Damage the file's type of a float64 column as a bit flip in its
    header would: its exponent bias 1023 (stored after the exponent and
    mantissa fields 52 11 0 52) becomes 1007. h5py still reports '<f8' and
    HDF5 converts every value with the wrong bias, without complaint."""
    data = bytearray(open(path, "rb").read())
    at = data.find(column.encode() + b"\0")
    at = data.find(bytes([52, 11, 0, 52, 0xff, 0x03, 0, 0]), at) if at >= 0 else -1
    if at < 0:
        raise RuntimeError("%s: the type of column %s was not found" % (path, column))
    data[at + 4] ^= 0x10
    with open(path, "wb") as f:
        f.write(data)


def write_refusal_cases(folder):
    """A readable results file and the inputs both analysis programs must
    refuse (not HDF5, another schema_version, none, missing), written into
    folder. Returns (good, [(label, path, words the error must hold)]); the
    missing file is only named."""
    good = os.path.join(folder, "good.h5")
    write_file(good, results=synthetic_results(sizes=range(3, 5), trials=1))
    text = os.path.join(folder, "notes.h5")
    with open(text, "w") as f:
        f.write("format,log2n\nf32,3\n")
    foreign = os.path.join(folder, "v2.h5")
    write_file(foreign, results=synthetic_results(sizes=range(3, 4), trials=1), schema_version=2)
    noschema = os.path.join(folder, "noschema.h5")
    with h5py.File(noschema, "w") as f:
        f.create_dataset("results", data=synthetic_results(sizes=range(3, 4), trials=1))
    bias = os.path.join(folder, "bias.h5")
    write_file(bias, results=synthetic_results(sizes=range(3, 4), trials=1))
    flip_exponent_bias(bias, "max_abs")
    strver = os.path.join(folder, "strver.h5")
    write_file(strver, results=synthetic_results(sizes=range(3, 4), trials=1))
    with h5py.File(strver, "a") as f:
        f.attrs["schema_version"] = np.bytes_("1")
    dangling = os.path.join(folder, "dangling.h5")
    write_file(dangling)
    with h5py.File(dangling, "a") as f:
        f["results"] = h5py.SoftLink("/nothing")
    return good, [("a non-HDF5 file", text, "not an HDF5 file"),
                  ("a string schema_version", strver, "not one integer"),
                  ("/results a link to nothing", dangling, "damaged"),
                  ("a damaged column type", bias, "byte layout"),
                  ("schema_version 2", foreign, "schema_version 2"),
                  ("no schema_version", noschema, "schema_version"),
                  ("a missing file", os.path.join(folder, "absent.h5"), "no such file")]


def read_rows(path, name="results"):
    """The file's rows as a numpy structured array (for recomputing)."""
    with h5py.File(path, "r") as f:
        return f[name][...]


def sweep_or_synthetic(path):
    """Write a small grid to path with the built wht-sweep when it is there
    (the real writer), else with write_file. Returns a description."""
    sweep = program("experiments/wht-sweep")
    if os.access(sweep, os.X_OK):
        p = subprocess.run([sweep, "--algo", "all", "--format", "f32,f16", "--dist",
                            "pmone,norm", "--op", "one-way,two-way", "--log2n", "3:6",
                            "--trials", "2", "-o", path],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            raise RuntimeError("wht-sweep failed (%d): %s" % (p.returncode, p.stderr.strip()))
        return "written by wht-sweep"
    write_file(path, results=synthetic_results())
    return "written by whtlab_testkit (wht-sweep is not built)"
