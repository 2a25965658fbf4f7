"""wht-plot refuses bad input before creating anything: a non-HDF5 file, a
foreign or missing schema_version, a missing file and bad options (--bounds
with a metric that has no bound, or without one-way rows) each get exit 2
and one line on stderr, and --outdir is not created."""

import os
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import whtlab_testkit as tk  # noqa: E402

t = tk.Tap()
tmp = tempfile.TemporaryDirectory()
good, refusals = tk.write_refusal_cases(tmp.name)
outdir = os.path.join(tmp.name, "figs")

for label, path, words in refusals:
    rc, out, err = tk.run("analysis/wht-plot", "--outdir", outdir, good, path)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and path in err and words in err
         and not os.path.exists(outdir),
         "%s: exit 2, one line naming the file, no folder created (%s)" % (label, err.strip()))

for args, what in ((["--dpi", "5"], "--dpi 5"), (["--dpi", "\u00b2"], "--dpi \u00b2"),
                   (["--dpi", "\u0663\u0660\u0660"], "--dpi 300 in Arabic-Indic digits"),
                   (["--outdir", outdir + "2"], "--outdir given twice"),
                   (["--format", "f99"], "--format f99"),
                   (["--dist", "cauchy"], "--dist cauchy"), (["--only", "both"], "--only both"),
                   (["--log2n", "9:2"], "--log2n 9:2"),
                   (["--metric", "norm"], "--metric norm"),
                   (["--metric", "max_ulp,run_s"], "--metric max_ulp,run_s"),
                   (["--only", "speed", "--metric", "max_ulp"], "--only speed --metric max_ulp")):
    rc, out, err = tk.run("analysis/wht-plot", "--outdir", outdir, good, *args)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and not os.path.exists(outdir),
         "%s: exit 2, one line, no folder created (%s)" % (what, err.strip()))
# --bounds where no bound can be drawn: refused before libwht is loaded
for args, words in ((["--metric", "max_abs"], ("'max_abs'", "accepted with --bounds: norm_rel")),
                    (["--metric", "norm_rel,mean_rel"], ("'mean_rel'", "norm_rel")),
                    (["--metric", "all"], ("'mean_rel'", "norm_rel")),
                    (["--op", "two-way"], ("one-way", "two-way")),
                    (["--only", "speed"], ("--bounds", "--only speed"))):
    rc, out, err = tk.run("analysis/wht-plot", "--bounds", "--outdir", outdir, good, *args)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and all(w in err for w in words)
         and "Traceback" not in err and not os.path.exists(outdir),
         "--bounds %s: exit 2, one line naming %s, no folder created (%s)"
         % (" ".join(args), " and ".join(words), err.strip()))
# every option that takes a value, given twice, would keep the last (--dpi
# even where the first equals its default): refused naming both values and
# the one form accepted; an abbreviation (argparse would take --out for
# --outdir) is an unknown option; --log2n in non-ASCII digits is refused
for args, words in (
        (["--dpi", "100", "--dpi", "200"], ("--dpi given twice ('100', then '200')",
                                            "one --dpi N")),
        (["--dpi", "300", "--dpi=300"], ("--dpi given twice ('300', then '300')",)),
        (["--only", "speed", "--only", "accuracy"],
         ("--only given twice ('speed', then 'accuracy')", "accuracy,speed,tradeoff")),
        (["--metric", "max_abs", "--metric", "max_ulp"],
         ("--metric given twice", "--metric max_abs,max_ulp")),
        (["--format", "f32", "--format", "f16"], ("--format given twice", "--format f32,f16")),
        (["--dist", "norm", "--dist", "norm"], ("--dist given twice", "one --dist LIST")),
        (["--op", "one-way", "--op", "two-way"], ("--op given twice", "one --op LIST")),
        (["--algo", "kahan", "--algo", "folklore"], ("--algo given twice", "one --algo LIST")),
        (["--log2n", "3:4", "--log2n", "5"], ("--log2n given twice ('3:4', then '5')",
                                             "one --log2n A:B")),
        (["--dp", "100"], ("unknown option --dp;", "--dpi")),
        (["--on", "speed"], ("unknown option --on;", "--only")),
        (["--b", "--metric", "norm_rel"], ("unknown option --b;", "--bounds")),
        (["--log2n", "\u0663:\u0664"], ("'\u0663:\u0664'", "ASCII digits"))):
    rc, out, err = tk.run("analysis/wht-plot", "--outdir", outdir, good, *args)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and all(w in err for w in words)
         and "Traceback" not in err and not os.path.exists(outdir),
         "%s: exit 2, one line naming it and what is accepted, no folder created (%s)"
         % (" ".join(args), err.strip()))
rc, out, err = tk.run("analysis/wht-plot", "--out", outdir, good)
t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and "unknown option --out;" in err
     and "--outdir" in err and not os.path.exists(outdir),
     "--out (an abbreviation of --outdir): exit 2, one line, no folder created (%s)"
     % err.strip())
rc, _, err = tk.run("analysis/wht-plot", "--outdir", outdir, good, "--metric", "norm")
t.ok("'norm'" in err and "norm_rel,mean_rel,max_rel,mean_abs,max_abs,max_ulp" in err,
     "a bad --metric is named with the accepted metrics (%s)" % err.strip())
rc, _, err = tk.run("analysis/wht-plot", good)
t.ok(rc == 2 and len(err.splitlines()) == 1 and "missing --outdir" in err
     and "options: -h/--help, --outdir, --only, --dpi" in err,
     "--outdir is required: one line naming it and the options (%s)" % err.strip())
rc, _, err = tk.run("analysis/wht-plot", "--outdir", outdir, "--bogus", good)
t.ok(rc == 2 and len(err.splitlines()) == 1 and "unknown option --bogus" in err
     and "--outdir, --only, --dpi" in err and not os.path.exists(outdir),
     "an unknown option: one line naming it and the options (%s)" % err.strip())
rc, _, err = tk.run("analysis/wht-plot", "--outdir", good, good)
t.ok(rc == 2 and "not a folder" in err, "--outdir naming a file is a usage error")
for args, words, what in ((["--outdir", ""], "empty folder name", "an empty --outdir"),
                          (["--outdir", outdir, "--metric", ""], "an empty name",
                           "an empty --metric")):
    rc, out, err = tk.run("analysis/wht-plot", good, *args)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and words in err
         and not os.path.exists(outdir), "%s: exit 2, one line, nothing created (%s)"
         % (what, err.strip()))
# a figure's path that is a folder: refused before any figure is written
# (the figures are replaced one by one otherwise)
blocked = os.path.join(tmp.name, "blocked")
os.makedirs(os.path.join(blocked, "accuracy-norm_rel-f32.pdf"))
rc, out, err = tk.run("analysis/wht-plot", "--outdir", blocked, good)
t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1
     and "accuracy-norm_rel-f32.pdf is a folder" in err and ".tmp" not in err
     and os.listdir(blocked) == ["accuracy-norm_rel-f32.pdf"],
     "a figure's path that is a folder: exit 2, one line naming it, no figure written (%s)"
     % err.strip())
# an input whose name is a figure's, or a FIFO there: refused before any
# figure is written (the input would become a PNG, the FIFO a plain file)
with open(good, "rb") as f:
    good_bytes = f.read()
same = os.path.join(tmp.name, "same")
os.makedirs(same)
inside = os.path.join(same, "accuracy-norm_rel-f32.png")
with open(inside, "wb") as f:
    f.write(good_bytes)
for args, what in (([inside], "as named"), ([os.path.join(same, "..", "same",
                                                          os.path.basename(inside))],
                                            "through another name")):
    rc, out, err = tk.run("analysis/wht-plot", "--outdir", same, *args)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and "is also an input" in err
         and os.listdir(same) == [os.path.basename(inside)]
         and open(inside, "rb").read() == good_bytes,
         "an input where a figure would be written (%s): exit 2, one line, the input "
         "unchanged, no figure written (%s)" % (what, err.strip()))
rc, out, err = tk.run("analysis/wht-plot", "--outdir", same, "--only", "accuracy",
                      "--format", "f16", good, inside)
t.ok(rc == 0 and open(inside, "rb").read() == good_bytes,
     "an input named as a figure that is not drawn is kept (%s)" % err.strip())
fifos = os.path.join(tmp.name, "fifos")
os.makedirs(fifos)
os.mkfifo(os.path.join(fifos, "accuracy-norm_rel-f32.pdf"))
rc, out, err = tk.run("analysis/wht-plot", "--outdir", fifos, good)
t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1
     and "accuracy-norm_rel-f32.pdf is a FIFO" in err
     and os.listdir(fifos) == ["accuracy-norm_rel-f32.pdf"]
     and not os.path.isfile(os.path.join(fifos, "accuracy-norm_rel-f32.pdf")),
     "a figure's path that is a FIFO: exit 2, one line naming it, no figure written (%s)"
     % err.strip())
rc, out, _ = tk.run("analysis/wht-plot", "--help")
t.ok(rc == 0 and "accuracy-METRIC-FORMAT.png" in out and "speed-FORMAT.png" in out
     and "interquartile range" in out and "--metric" in out and "Exit status" in out
     and "--bounds" in out and "sqrt(k) u" in out,
     "--help describes the figures, their band, --bounds and the exit statuses")

# Filters whose values are each present but select no row together.
import numpy as np  # noqa: E402
mix = os.path.join(tmp.name, "mix.h5")
tk.write_file(mix, results=np.array(
    [tk.result_row(a, f, "norm", "one-way", k, 0, 1e-3) for a in ("folklore", "kahan")
     for f, k in (("f32", 3), ("f16", 8))], dtype=tk.RESULT_DTYPE))
rc, out, err = tk.run("analysis/wht-plot", "--outdir", outdir, "--format", "f16", "--log2n", "3",
                      mix)
t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and "--format f16 --log2n 3" in err
     and not os.path.exists(outdir),
     "--format f16 --log2n 3 (each present, never together): exit 2, one line, no folder (%s)"
     % err.strip())
t.done()
