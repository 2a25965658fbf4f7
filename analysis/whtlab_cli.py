"""whtlab_cli - what wht-table and wht-plot share as command-line programs:
one-line errors, exit statuses (DESIGN.md section 11: 0 success, 1 failed
run, 2 usage error; an input file named on the command line that cannot be
used is a bad argument, 2, as for wht-sweep --merge) and outputs written under a temporary name and renamed,
so a failed or refused run never leaves a partial or changed file."""

import argparse
import os
import sys
import tempfile

from whtlab_results import InputError, UsageError


class Parser(argparse.ArgumentParser):
    """argparse with errors on one line and exit status 2."""

    def error(self, message):
        sys.stderr.write("%s: %s (see --help)\n" % (self.prog, message))
        sys.exit(2)


def run(prog, main):
    """Call main(); map the errors of this package to one line and a status."""
    try:
        sys.exit(main() or 0)
    except (UsageError, InputError) as e:
        sys.stderr.write("%s: %s\n" % (prog, e))
        sys.exit(2)
    except BrokenPipeError:
        # The reader went away (e.g. | head): stop quietly, no second error
        # when Python flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except OSError as e:
        sys.stderr.write("%s: %s%s\n" % (prog, e.strerror or e,
                                        (": " + e.filename) if e.filename else ""))
        sys.exit(1)
    except KeyboardInterrupt:
        sys.stderr.write("%s: interrupted\n" % prog)
        sys.exit(1)


def check_output_file(option, path, inputs, force):
    """Refuse (UsageError, exit 2) an output file that cannot be what the
    user meant: an empty name, an option's look ('-', '-x'), a folder (or a
    name ending in /), a missing folder, one of the inputs, or (without
    force) a file that exists."""
    if path == "":
        raise UsageError("%s '': an empty file name; give the output file" % option)
    if path.startswith("-"):
        raise UsageError("%s '%s' looks like an option, not a file name (stdout: leave %s out; "
                         "./%s for a file so named)" % (option, path, option, path))
    if path.endswith(os.sep) or os.path.isdir(path):
        raise UsageError("%s '%s' names a folder; give a file name" % (option, path))
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError("%s '%s': the folder %s does not exist" % (option, path, folder))
    if os.path.lexists(path):
        for src in inputs:
            if os.path.exists(src) and os.path.exists(path) and os.path.samefile(src, path):
                raise UsageError("%s '%s' is also an input file; name another output"
                                 % (option, path))
        if not force:
            raise UsageError("%s '%s' exists (not overwritten without --force)" % (option, path))


def write_atomic(path, write):
    """Call write(tmp_path) and rename tmp_path to path (same folder). An
    OSError names path, never the temporary file (README: messages name
    the files the user named)."""
    folder = os.path.dirname(os.path.abspath(path))
    base = os.path.basename(path)
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + base + ".", suffix=".tmp", dir=folder)
        os.close(fd)
        write(tmp)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException as e:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        if isinstance(e, OSError) and e.filename != path:
            raise OSError(e.errno, e.strerror or str(e), path) from None
        raise


def _umask():
    m = os.umask(0)
    os.umask(m)
    return m
