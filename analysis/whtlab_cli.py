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


def write_atomic(path, write):
    """Call write(tmp_path) and rename tmp_path to path (same folder)."""
    folder = os.path.dirname(os.path.abspath(path))
    base = os.path.basename(path)
    fd, tmp = tempfile.mkstemp(prefix="." + base + ".", suffix=".tmp", dir=folder)
    os.close(fd)
    try:
        write(tmp)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _umask():
    m = os.umask(0)
    os.umask(m)
    return m
