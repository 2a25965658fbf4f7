"""whtlab_testkit - for the make check tests of wht-table and wht-plot only
(not installed): TAP output, running the built programs, and writing small
result files with h5py that follow data/README.md (schema_version 1) column
by column, for the edge cases a real sweep rarely produces."""

import os
import subprocess
import sys

import h5py
import numpy as np

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

UNIT_ROUNDOFF = {"f64": 2.0 ** -53, "f32": 2.0 ** -24, "f16": 2.0 ** -11, "bf16": 2.0 ** -8}
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
    return good, [("a non-HDF5 file", text, "not an HDF5 file"),
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
