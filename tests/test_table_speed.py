"""wht-table --speed: one row per (algorithm, format, log2n, batch, in_place)
of /timings, ratios median_ms / reference_ms recomputed here, cuFFT only
where it was measured, and options that do not apply are refused."""

import csv
import io
import math
import os
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import numpy as np  # noqa: E402
import whtlab_testkit as tk  # noqa: E402

t = tk.Tap()
tmp = tempfile.TemporaryDirectory()
path = os.path.join(tmp.name, "bench.h5")
tk.write_file(path, timings=tk.synthetic_timings())
a = tk.read_rows(path, "timings")

rc, out, err = tk.run("analysis/wht-table", "--speed", "--csv", path)
rows = list(csv.DictReader(io.StringIO(out)))
t.ok(rc == 0 and len(rows) == len(a), "--speed lists every timing row (%d of %d, rc %d %s)"
     % (len(rows), len(a), rc, err.strip()))
index = {(r["algorithm"], r["format"], int(r["log2n"]), int(r["batch"]), int(r["in_place"])): r
         for r in rows}
bad = []
for x in a:
    key = (x["algorithm"].decode(), x["format"].decode(), int(x["log2n"]), int(x["batch"]),
           int(x["in_place"]))
    r = index.get(key)
    if r is None:
        bad.append("%s missing" % (key,))
        continue
    for col, ref in (("ratio_memcpy", "memcpy_ms"), ("ratio_addone", "addone_ms"),
                     ("ratio_cufft", "cufft_ms")):
        want = x["median_ms"] / x[ref]
        got = float(r[col]) if r[col] else float("nan")
        if not (math.isclose(got, want, rel_tol=1e-12) or (math.isnan(want) and math.isnan(got))):
            bad.append("%s %s: %s vs %s" % (key, col, got, want))
t.ok(not bad, "ratios to memcpy, add-one and cuFFT equal median_ms / reference_ms"
     + ("; " + "; ".join(bad[:3]) if bad else ""))
t.ok(all((r["ratio_cufft"] == "") == (r["format"] in ("f16", "bf16")) for r in rows),
     "cuFFT ratio is empty exactly where cuFFT was not measured (f16)")

rc, md, _ = tk.run("analysis/wht-table", "--speed", "--format", "f16", "--algo", "kahan",
                   "--log2n", "12", path)
body = [ln for ln in md.splitlines() if ln.startswith("|")][2:]
want = int(np.sum((a["format"] == b"f16") & (a["algorithm"] == b"kahan") & (a["log2n"] == 12)))
t.ok(rc == 0 and len(body) == want and all(ln.rstrip(" |").endswith("n/a") for ln in body),
     "Markdown --speed with filters: %d rows, cuFFT shown as n/a for f16" % want)
head = [c.strip() for c in md.splitlines()[0].strip("|").split("|")]
t.ok(head[-5:] == ["median_ms", "GB/s", "vs memcpy", "vs add-one", "vs cuFFT"],
     "columns median_ms, GB/s and the three ratios (%s)" % head)

rc, out, err = tk.run("analysis/wht-table", "--speed", "--dist", "norm", path)
t.ok(rc == 2 and out == "" and "--dist" in err, "--dist with --speed is a usage error")
res = os.path.join(tmp.name, "results-only.h5")
tk.write_file(res, results=tk.synthetic_results(sizes=range(3, 4), trials=1))
rc, out, err = tk.run("analysis/wht-table", "--speed", res)
t.ok(rc == 2 and out == "" and "/timings" in err and res in err,
     "--speed on a file without /timings: exit 2 naming the file (%s)" % err.strip())
rc, out, err = tk.run("analysis/wht-table", path)
t.ok(rc == 2 and "/results" in err, "the reduction on a timings-only file: exit 2 (%s)"
     % err.strip())

# Ratios that %.2f would print as 0.00 or 1.00: significant figures instead.
small = os.path.join(tmp.name, "small.h5")
tk.write_file(small, timings=np.array([tk.timing_row("kahan", "f32", 10, 1, 1, 0.004, 1.0,
                                                     0.004004, 2.0)], dtype=tk.TIMING_DTYPE))
rc, md, _ = tk.run("analysis/wht-table", "--speed", small)
line = [c.strip() for c in md.splitlines()[2].strip("|").split("|")]
t.ok(rc == 0 and line[-3:] == ["0.004", "0.999", "0.002"],
     "speed ratios 0.004 and 0.999 are not printed 0.00 and 1.00 (%s)" % line[-3:])
t.done()
