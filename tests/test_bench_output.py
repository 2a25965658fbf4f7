"""wht-bench -o FILE where FILE exists (experiments/bench_output.c): a file
whose /timings already holds a row this run would write is refused (exit 2,
one line naming the case, the file's bytes unchanged) before anything runs,
so no GPU is needed for it; rows of other cases (another size, batch, place,
algorithm, an algorithm without the format) are no clash, and such a run
goes on to the GPU check (here: exit 2, "no GPU") or, with a GPU, to the
device check (the file names another device: exit 2). None of these
refused runs leaves a log (FILE.log beside -o FILE). With a GPU, a run
into a new file keeps its log beside it: the first line with the command
line and the revision, the last with "done", each with the UTC time.
Skips where wht-bench is not built (no CUDA)."""

import hashlib
import os
import re
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import numpy as np  # noqa: E402
import whtlab_testkit as tk  # noqa: E402

if not os.access(tk.program("experiments/wht-bench"), os.X_OK):
    print("1..0 # SKIP wht-bench not built (CUDA not compiled in)")
    sys.exit(0)

t = tk.Tap()
tmp = tempfile.TemporaryDirectory()
path = os.path.join(tmp.name, "bench.h5")
rows = [tk.timing_row("folklore", "f32", 10, 1, 1, 1.0, 1.0, 1.0, 1.0),
        tk.timing_row("kahan", "f16", 10, 2 ** 18, 1, 1.0, 1.0, 1.0, float("nan")),
        tk.timing_row("tensor-core", "f32", 12, 1, 1, 1.0, 1.0, 1.0, 1.0)]  # no such format: no clash
tk.write_file(path, results=np.zeros(0, dtype=tk.RESULT_DTYPE), timings=np.array(rows, dtype=tk.TIMING_DTYPE),
              attrs={"device": "Another GPU"})


def digest():
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


before = digest()
CLASHES = [
    (("--algo", "folklore", "--format", "f32", "--log2n", "10", "--place", "in"),
     "folklore f32 log2n=10 batch=1 in place"),
    (("--algo", "folklore,kahan", "--format", "f16,f32", "--log2n", "9:11", "--total-log2", "28"),
     "kahan f16 log2n=10 batch=262144 in place"),
    (("--algo", "folklore", "--format", "f32", "--log2n", "10", "--batch", "4,1"),
     "folklore f32 log2n=10 batch=1 in place"),
]
for args, case in CLASHES:
    rc, out, err = tk.run("experiments/wht-bench", *args, "-o", path)
    t.ok(rc == 2 and len(err.splitlines()) == 1 and case in err and "already holds" in err
         and "a new file" in err and out == "",
         "%s: exit 2, one line naming %s (rc %d: %s)" % (" ".join(args), case, rc, err.strip()))
    t.ok(digest() == before, "%s: the file unchanged" % " ".join(args))

GPU = None
OTHERS = [("--algo", "folklore", "--format", "f32", "--log2n", "11", "--place", "in"),   # another size
          ("--algo", "folklore", "--format", "f32", "--log2n", "10", "--batch", "2"),    # another batch
          ("--algo", "folklore", "--format", "f32", "--log2n", "10", "--place", "out"),  # another place
          ("--algo", "kahan", "--format", "f16", "--log2n", "10", "--batch", "1"),       # f16 rows of another batch
          ("--algo", "neumaier", "--format", "f32", "--log2n", "10"),                    # another algorithm
          ("--algo", "tensor-core,folklore", "--format", "f16", "--log2n", "12")]        # f32 is not tensor-core's
for args in OTHERS:
    rc, out, err = tk.run("experiments/wht-bench", *args, "-o", path)
    nogpu = "no GPU" in err
    ok = rc == 2 and "already holds" not in err and len(err.splitlines()) == 1 and \
        (nogpu or ("Another GPU" in err and "holds timings of device" in err))
    t.ok(ok, "%s: no clash; then %s (rc %d: %s)" % (" ".join(args), "no GPU" if nogpu else
                                                    "the file's other device refused", rc, err.strip()))
    t.ok(digest() == before, "%s: the file unchanged" % " ".join(args))
    GPU = not nogpu
t.ok(not os.path.exists(path + ".log"), "the refused runs left no log beside the file")

if GPU:
    fresh = os.path.join(tmp.name, "fresh.h5")
    rc, out, err = tk.run("experiments/wht-bench", "--algo", "folklore", "--format", "f32", "--log2n", "10",
                          "--place", "in", "--reps", "2", "--warmup", "1", "-o", fresh)
    try:
        with open(fresh + ".log") as f:
            lines = f.read().splitlines()
    except OSError:
        lines = []
    stamp = r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ "
    t.ok(rc == 0 and len(lines) >= 2 and re.match(stamp + "wht-bench started: .*wht-bench .* -o " + re.escape(fresh)
                                                  + r" \(git .*\)$", lines[0])
         and re.match(stamp + "wht-bench: done, 1 size groups in ", lines[-1]) is not None,
         "a run into a new file: its log beside it, first and last line (rc %d, log %r)" % (rc, lines))
else:
    print("ok %d - a run's log beside its file # SKIP no GPU" % (t.n + 1))
    t.n += 1
t.done()
