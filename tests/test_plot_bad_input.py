"""wht-plot refuses bad input before creating anything: a non-HDF5 file, a
foreign or missing schema_version, a missing file (exit 1) and bad options
(exit 2) each get one line on stderr, and --outdir is not created."""

import os
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import h5py  # noqa: E402
import whtlab_testkit as tk  # noqa: E402

t = tk.Tap()
tmp = tempfile.TemporaryDirectory()
good = os.path.join(tmp.name, "good.h5")
tk.write_file(good, results=tk.synthetic_results(sizes=range(3, 5), trials=1))
text = os.path.join(tmp.name, "notes.txt")
with open(text, "w") as f:
    f.write("not a results file\n")
foreign = os.path.join(tmp.name, "v7.h5")
tk.write_file(foreign, results=tk.synthetic_results(sizes=range(3, 4), trials=1), schema_version=7)
noschema = os.path.join(tmp.name, "plain.h5")
with h5py.File(noschema, "w") as f:
    f["x"] = [1, 2, 3]
outdir = os.path.join(tmp.name, "figs")

for label, path, words in (("a non-HDF5 file", text, "not an HDF5 file"),
                           ("schema_version 7", foreign, "schema_version 7"),
                           ("an HDF5 file without schema_version", noschema, "schema_version"),
                           ("a missing file", os.path.join(tmp.name, "gone.h5"), "no such file")):
    rc, out, err = tk.run("analysis/wht-plot", "--outdir", outdir, good, path)
    t.ok(rc == 1 and out == "" and len(err.splitlines()) == 1 and path in err and words in err
         and not os.path.exists(outdir),
         "%s: exit 1, one line naming the file, no folder created (%s)" % (label, err.strip()))

for args, what in ((["--dpi", "5"], "--dpi 5"), (["--format", "f99"], "--format f99"),
                   (["--dist", "cauchy"], "--dist cauchy"), (["--only", "both"], "--only both"),
                   (["--log2n", "9:2"], "--log2n 9:2")):
    rc, out, err = tk.run("analysis/wht-plot", "--outdir", outdir, good, *args)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and not os.path.exists(outdir),
         "%s: exit 2, one line, no folder created (%s)" % (what, err.strip()))
rc, _, err = tk.run("analysis/wht-plot", good)
t.ok(rc == 2 and "--outdir" in err, "--outdir is required")
rc, _, err = tk.run("analysis/wht-plot", "--outdir", good, good)
t.ok(rc == 2 and "not a folder" in err, "--outdir naming a file is a usage error")
rc, out, _ = tk.run("analysis/wht-plot", "--help")
t.ok(rc == 0 and "accuracy-FORMAT.png" in out and "speed-FORMAT.png" in out
     and "Exit status" in out, "--help describes the figures and the exit statuses")
t.done()
