"""wht-table refuses what it cannot read: a missing file, a file that is not
HDF5, an HDF5 file of another or no schema_version, a file whose column
type is damaged (a float's exponent bias), and bad options (among them a
--metric that is no error column and a --baseline not in the files). Each
gets one line on stderr naming the file or value and exit status 2 (a bad
argument, as for wht-sweep --merge), and no output file is created or
changed."""

import os
import sys
import tempfile

import numpy as np

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import whtlab_testkit as tk  # noqa: E402

t = tk.Tap()
tmp = tempfile.TemporaryDirectory()
good, refusals = tk.write_refusal_cases(tmp.name)
text = refusals[0][1]

target = os.path.join(tmp.name, "out.md")
with open(target, "w") as f:
    f.write("previous table\n")

for label, path, words in refusals:
    for table in ("--reduction", "--cells"):
        rc, out, err = tk.run("analysis/wht-table", table, "--force", "-o", target, good, path)
        t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and path in err and words in err,
             "%s %s: exit 2, one line naming the file (%s)" % (label, table, err.strip()))
t.ok(open(target).read() == "previous table\n", "the -o file is unchanged after every refusal")
t.ok(sorted(os.listdir(tmp.name)) == sorted(["good.h5", "notes.h5", "v2.h5", "noschema.h5",
                                             "bias.h5", "strver.h5", "dangling.h5", "out.md"]),
     "no temporary or output file is left behind")
new = os.path.join(tmp.name, "new.md")
rc, _, _ = tk.run("analysis/wht-table", "-o", new, text)
t.ok(rc == 2 and not os.path.exists(new), "no -o file is created for a refused input")

for args, what in ((["--latex", "--csv", good], "two output styles"),
                   (["--cells", "--speed", good], "two tables"),
                   (["--bogus", good], "an unknown option"),
                   ([], "no file")):
    rc, out, err = tk.run("analysis/wht-table", *args)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1,
         "%s: exit 2 with one line (%s)" % (what, err.strip()))
# Bad --metric and --baseline values, and the options where they do not
# apply: one line naming the value and the accepted ones, no output file.
bad_out = os.path.join(tmp.name, "bad.md")
for args, value, accepted in (
        (["--metric", "mean"], "mean", "norm_rel,mean_rel,max_rel,mean_abs,max_abs,max_ulp"),
        (["--metric", "norm_rel,,max_ulp"], "norm_rel,,max_ulp", "max_ulp"),
        (["--metric", "n_zero", "--cells"], "n_zero", "norm_rel"),
        (["--baseline", "folklor"], "folklor", "folklore,kahan,neumaier,alman-rao"),
        (["--baseline", "kahan", "--cells"], "--baseline", "reduction"),
        (["--metric", "max_abs", "--speed"], "--metric", "error columns"),
        (["--metric", "max_abs", "--rows"], "--metric", "every column")):
    rc, out, err = tk.run("analysis/wht-table", "-o", bad_out, *(args + [good]))
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and value in err
         and accepted in err and "Traceback" not in err and not os.path.exists(bad_out),
         "%s: exit 2, one line naming it and what is accepted, no output file (%s)"
         % (" ".join(args), err.strip()))
rc, out, _ = tk.run("analysis/wht-table", "-o", tmp.name, good)
t.ok(rc == 2, "-o naming a folder is a usage error")
# -o that cannot be meant: refused before any input is read, the files as
# they were, no temporary file left or named
with open(good, "rb") as f:
    good_bytes = f.read()
for args, words, what in (
        (["-o", target, good], "exists (not overwritten without --force)",
         "an -o that exists, without --force"),
        (["--force", "-o", good, good], "is also an input",
         "an -o that is one of the inputs, even with --force"),
        (["-o", "", good], "empty file name", "an empty -o"),
        (["-o", "-", good], "looks like an option", "-o - (stdout is without -o)"),
        (["-o", os.path.join(tmp.name, "sub") + os.sep, good], "names a folder",
         "an -o ending in a slash"),
        (["-o", os.path.join(tmp.name, "nofolder", "t.md"), good], "does not exist",
         "an -o in a missing folder"),
        (["--force", good], "--force applies to -o", "--force without -o"),
        (["--metric", "", good], "an empty name", "an empty --metric")):
    rc, out, err = tk.run("analysis/wht-table", *args)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and words in err
         and ".tmp" not in err and "Traceback" not in err,
         "%s: exit 2, one line (%s)" % (what, err.strip()))
t.ok(open(target).read() == "previous table\n" and open(good, "rb").read() == good_bytes
     and not os.path.exists(os.path.join(tmp.name, "nofolder")),
     "the refused -o runs changed no file")
rc, out, err = tk.run("analysis/wht-table", "--force", "-o", target, good)
t.ok(rc == 0 and out == "" and "reduction against folklore" in open(target).read(),
     "--force lets -o replace a file that exists (%s)" % err.strip())
# --force replaces a regular file only: a FIFO (or a device, a socket) is
# refused, not turned into a plain file; a symbolic link is followed, its
# target replaced and the link kept (as the HDF5 writers do); a link to
# nothing is refused.
fifo = os.path.join(tmp.name, "fifo.md")
os.mkfifo(fifo)
rc, out, err = tk.run("analysis/wht-table", "--force", "-o", fifo, good)
t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and "'%s' is a FIFO" % fifo in err
     and "regular file" in err and os.path.exists(fifo) and not os.path.isfile(fifo),
     "-o a FIFO with --force: exit 2, one line naming it, the FIFO kept (%s)" % err.strip())
os.unlink(fifo)
link = os.path.join(tmp.name, "link.md")
os.symlink("out.md", link)
rc, out, err = tk.run("analysis/wht-table", "--force", "-o", link, good)
t.ok(rc == 0 and os.path.islink(link) and os.readlink(link) == "out.md"
     and "reduction against folklore" in open(target).read(),
     "-o a symbolic link with --force: its target replaced, the link kept (%s)" % err.strip())
os.unlink(link)
os.symlink("nothing.md", link)
rc, out, err = tk.run("analysis/wht-table", "--force", "-o", link, good)
t.ok(rc == 2 and len(err.splitlines()) == 1 and "link to a missing file" in err
     and os.path.islink(link) and not os.path.lexists(os.path.join(tmp.name, "nothing.md")),
     "-o a symbolic link to nothing: exit 2, one line, nothing created (%s)" % err.strip())
os.unlink(link)
# -o given twice would write only the last: refused, neither written
twice = [os.path.join(tmp.name, n) for n in ("o2.md", "o3.md")]
rc, out, err = tk.run("analysis/wht-table", "-o", twice[0], "-o", twice[1], good)
t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and "-o given twice" in err
     and "one -o FILE" in err and not any(os.path.exists(x) for x in twice),
     "-o given twice: exit 2, one line, no file written (%s)" % err.strip())
# every option that takes a value, given twice, would keep the last: refused
# naming both values and the one form accepted (a list: one comma list, not
# merged); an abbreviation (argparse would take --b for --baseline) is an
# unknown option; --log2n in non-ASCII digits is refused; no file written
for args, words in (
        (["--metric", "max_abs", "--metric", "max_ulp"],
         ("--metric given twice ('max_abs', then 'max_ulp')", "--metric max_abs,max_ulp")),
        (["--baseline", "kahan", "--baseline=folklore"],
         ("--baseline given twice ('kahan', then 'folklore')", "one --baseline ALGO")),
        (["--format", "f32", "--format", "f32"],
         ("--format given twice ('f32', then 'f32')", "one --format LIST")),
        (["--dist", "norm", "--dist", "norm"], ("--dist given twice", "one --dist LIST")),
        (["--op", "one-way", "--op", "one-way"], ("--op given twice", "one --op LIST")),
        (["--algo", "kahan", "--algo", "folklore"],
         ("--algo given twice ('kahan', then 'folklore')", "--algo kahan,folklore")),
        (["--log2n", "3", "--log2n", "4"],
         ("--log2n given twice ('3', then '4')", "one --log2n A:B")),
        (["--b", "folklore"], ("unknown option --b;", "--baseline")),
        (["--base", "kahan"], ("unknown option --base;", "--baseline")),
        (["--metr", "max_abs"], ("unknown option --metr;", "--metric")),
        (["--outp", os.path.join(tmp.name, "abbr.md")], ("unknown option --outp;", "-o/--output")),
        (["--log2n", "\u0663:\u0664"], ("'\u0663:\u0664'", "ASCII digits")),
        (["--log2n", "\u0663"], ("'\u0663'", "ASCII digits"))):
    rc, out, err = tk.run("analysis/wht-table", "-o", bad_out, *(args + [good]))
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and all(w in err for w in words)
         and "Traceback" not in err and not os.path.exists(bad_out)
         and not os.path.exists(os.path.join(tmp.name, "abbr.md")),
         "%s: exit 2, one line naming it and what is accepted, no file written (%s)"
         % (" ".join(args), err.strip()))
# an unknown option or a missing file: the line names the accepted options
for args, words in ((["--bogus", good], "unknown option --bogus"),
                    (["--bogus=1", "-x", good], "unknown options --bogus=1, -x"),
                    ([], "missing FILE")):
    rc, out, err = tk.run("analysis/wht-table", *args)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and words in err
         and "options: -h/--help, --reduction" in err and "-o/--output" in err,
         "%s: exit 2, one line naming it and the options (%s)" % (words, err.strip()))
empty = os.path.join(tmp.name, "empty.h5")
tk.write_file(empty, results=np.zeros(0, dtype=tk.RESULT_DTYPE))
rc, out, err = tk.run("analysis/wht-table", empty)
t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1 and "no /results rows" in err
     and empty in err, "a file whose /results has no rows: exit 2, one line (%s)" % err.strip())
os.unlink(empty)
rc, out, err = tk.run("analysis/wht-table", "--help")
t.ok(rc == 0 and "--reduction" in out and "--speed" in out and "--rows" in out
     and "Exit status" in out and "--metric" in out and "--baseline" in out
     and "norm_rel  (default)" in out,
     "--help describes the tables, the metrics and their default, and the exit statuses")

# Filters whose values are each present but select no row together: exit 2,
# one line naming them (not an empty table with a note).
def mrow(alg, fmt, k):
    return tk.result_row(alg, fmt, "norm", "one-way", k, 0, 1e-7 if fmt == "f32" else 1e-3)


mix = os.path.join(tmp.name, "mix.h5")
tk.write_file(mix, results=np.array([mrow(a, f, k) for a in ("folklore", "kahan")
                                     for f, k in (("f32", 3), ("f16", 8))],
                                    dtype=tk.RESULT_DTYPE),
              timings=np.array([tk.timing_row(a, f, k, 1, 1, 1.0, 0.5, 0.5, 2.0)
                                for a in ("folklore", "kahan") for f, k in (("f32", 3),
                                                                              ("f16", 8))],
                               dtype=tk.TIMING_DTYPE))
for table in ("--reduction", "--cells", "--speed", "--rows"):
    rc, out, err = tk.run("analysis/wht-table", table, "--format", "f16", "--log2n", "3", mix)
    t.ok(rc == 2 and out == "" and len(err.splitlines()) == 1
         and "--format f16 --log2n 3" in err and "Traceback" not in err,
         "%s --format f16 --log2n 3 (each present, never together): exit 2, one line naming "
         "both (%s)" % (table, err.strip()))
rc, out, err = tk.run("analysis/wht-table", "--algo", "kahan", "--format", "f16", mix)
t.ok(rc == 0 and "kahan" in out, "filters that select rows together still work")
os.remove(mix)
t.done()
