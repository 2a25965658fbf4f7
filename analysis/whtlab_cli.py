"""whtlab_cli - what wht-table and wht-plot share as command-line programs:
one-line errors, exit statuses (DESIGN.md section 11: 0 success, 1 failed
run, 2 usage error; an input file named on the command line that cannot be
used is a bad argument, 2, as for wht-sweep --merge) and outputs written under a temporary name and renamed,
so a failed or refused run never leaves a partial or changed file."""

import argparse
import os
import stat
import sys
import tempfile

from whtlab_results import InputError, UsageError


class Parser(argparse.ArgumentParser):
    """argparse with errors on one line and exit status 2; an unknown or a
    missing argument is named with the options accepted. Only the options'
    full names are taken (allow_abbrev off): argparse would otherwise read
    --b 2 as --baseline 2, and a later option sharing the prefix would
    change what an old command line means."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message):
        sys.stderr.write("%s: %s (see --help)\n" % (self.prog, self._reword(message)))
        sys.exit(2)

    def parse_args(self, args=None, namespace=None):
        # parse_known_args hands back the unknown arguments as given (argparse's
        # own message joins them with spaces); name the options among them.
        # What is required is checked after them: --out figs (no
        # abbreviations) is named as unknown, not reported as missing --outdir.
        required = [x for x in self._actions if x.required]
        for x in required:
            x.required = False
        try:
            a, extra = self.parse_known_args(args, namespace)
        finally:
            for x in required:
                x.required = True
        extra = [x for x in extra if x != "--"]   # a bare '--' with no file after it
        if extra:
            unknown = [x for x in extra if x.startswith("-")]
            if unknown:
                self.error("unknown option%s %s; options: %s" % (
                    "s" if len(unknown) > 1 else "", ", ".join(unknown), self.options()))
            self.error("unexpected argument '%s' (the files go together, before or after "
                       "the options); options: %s" % (extra[0], self.options()))
        missing = [x for x in required if getattr(a, x.dest, None) is None]
        if missing:
            self.error("the following arguments are required: %s"
                       % ", ".join("/".join(x.option_strings) or x.metavar or x.dest
                                   for x in missing))
        if hasattr(a, Once._SEEN):
            delattr(a, Once._SEEN)
        return a

    def options(self):
        """'-h/--help, --cells, -o/--output, ...': the options accepted."""
        return ", ".join("/".join(a.option_strings) for a in self._actions if a.option_strings)

    def _reword(self, message):
        required = "the following arguments are required: "
        if message.startswith(required):
            return "missing %s (required); options: %s" % (message[len(required):],
                                                           self.options())
        return message


class Once(argparse.Action):
    """Store an option's value, refusing it a second time: -o a -o b would
    otherwise write b only, silently (wht-sweep: "--output given twice").
    An option with a default (--dpi) is refused a second time too: the
    options given are counted, not compared with the default. A comma list
    (--format f32 --format f16) is refused as well, not merged: one
    spelling per option, as -o; the message says to join the values."""

    _SEEN = "_whtlab_once_given"   # on the namespace; Parser.parse_args drops it

    def __call__(self, parser, namespace, value, option_string=None):
        given = getattr(namespace, self._SEEN, None)
        if given is None:
            given = {}
            setattr(namespace, self._SEEN, given)
        if self.dest in given:
            parser.error("%s given twice ('%s', then '%s'); accepted: one %s %s%s"
                         % (option_string, given[self.dest], value, option_string,
                            self._metavar(),
                            " (one comma list: %s %s,%s)" % (option_string, given[self.dest],
                                                             value)
                            if self.metavar == "LIST" else ""))
        given[self.dest] = value
        setattr(namespace, self.dest, value)

    def _metavar(self):
        if self.metavar is not None:
            return self.metavar
        if self.choices is not None:
            return "{%s}" % ",".join(self.choices)
        return self.dest.upper()


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
    name ending in /), a missing folder, anything but a regular file (a
    FIFO or a device would be replaced by a plain file, even with force),
    one of the inputs, or (without force) a file that exists."""
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
        what = not_regular(path)
        if what:
            raise UsageError("%s '%s' is %s; accepted: a new file name, or a regular file "
                             "with --force" % (option, path, what))
        if same_as_input(path, inputs):
            raise UsageError("%s '%s' is also an input file; name another output"
                             % (option, path))
        if not force:
            raise UsageError("%s '%s' exists (not overwritten without --force)" % (option, path))


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))


def not_regular(path):
    """None where path is a regular file (through a symbolic link too) or
    nothing; else what it is, in words, for the refusal."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        if os.path.islink(path):
            return "a symbolic link to a missing file"
        return None
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def same_as_input(path, inputs):
    """True where path is one of the input files (a link or another name
    of it too): writing it would destroy what was read."""
    return os.path.exists(path) and any(
        os.path.exists(src) and os.path.samefile(src, path) for src in inputs)


def write_atomic(path, write):
    """Call write(tmp_path) and rename tmp_path to path (same folder). An
    OSError names path, never the temporary file (README: messages name
    the files the user named). A symbolic link is followed: its target is
    replaced and the link kept, as the HDF5 writers do (experiments/h5store.c),
    since a link to a results folder elsewhere is a usual setup and
    replacing the link by a plain file would lose it."""
    real = os.path.realpath(path) if os.path.islink(path) else path
    folder = os.path.dirname(os.path.abspath(real))
    base = os.path.basename(real)
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + base + ".", suffix=".tmp", dir=folder)
        os.close(fd)
        write(tmp)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, real)
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
