"""whtlab_filters - the --format/--dist/--op/--algo/--log2n selections shared
by wht-table and wht-plot. A value that is not in the input files is a usage
error naming the values that are, so a typo never yields an empty table."""

import re

import numpy as np

from whtlab_cli import Once
from whtlab_results import UsageError

NAME_FILTERS = (("format", "format"), ("dist", "dist"), ("op", "op"),
                ("algo", "algorithm"))


def add_arguments(parser, names=("format", "dist", "op", "algo", "log2n")):
    helps = {
        "format": "comma list of formats (f64,f32,f16,bf16), default all present",
        "dist": "comma list of input distributions, default all present",
        "op": "comma list of operations, default all present",
        "algo": "comma list of algorithms, default all present",
        "log2n": "sizes A:B (inclusive) or A, default all present",
    }
    # Each given once (Once): a repeat is refused, not merged nor the last
    # kept; --format f32 --format f16 is written --format f32,f16 (as -o
    # given twice is refused, one spelling per option).
    for n in names:
        parser.add_argument("--" + n, metavar="LIST" if n != "log2n" else "A:B",
                            action=Once, help=helps[n])


def parse_log2n(text):
    """'A:B' or 'A' -> (A, B); UsageError otherwise. ASCII digits only
    (re.ASCII; without it the pattern takes Arabic-Indic and other Unicode
    digits, and Unicode spaces), as --dpi."""
    m = re.fullmatch(r"\s*(\d+)\s*(?::\s*(\d+)\s*)?", text or "", re.ASCII)
    why = "--log2n '%s' is not A:B or A with integers A <= B in ASCII digits 0-9 (e.g. 3:20)"
    if not m:
        raise UsageError(why % text)
    a = int(m.group(1))
    b = int(m.group(2)) if m.group(2) is not None else a
    if a > b:
        raise UsageError(why % text)
    return a, b


def _fold(name):
    """The spelling wht_name_matches (lib/names.c) compares."""
    return name.lower().replace("_", "-")


def resolve(opt, value, present):
    """The name of present that value means, as wht-sweep takes names (case
    ignored, '_' and '-' alike); UsageError naming value and present."""
    canon = {_fold(p): p for p in present}
    if _fold(value) not in canon:
        raise UsageError("--%s '%s' is not in the input files; accepted "
                         "(present): %s" % (opt, value, ",".join(present)))
    return canon[_fold(value)]


def apply(rows, args, names=("format", "dist", "op", "algo", "log2n"), keep=()):
    """Rows restricted by the filters given in args (argparse namespace).

    keep: values of 'algorithm' kept whatever --algo says (the baseline of
    the reduction table). Filters whose values are each present but that
    select no row together (e.g. a format and a size never run together)
    are a UsageError naming them: an empty table would read as a result."""
    mask = np.ones(len(rows), dtype=bool)    # with the rows keep lets through
    asked = np.ones(len(rows), dtype=bool)   # without them
    given = []
    for opt, col in NAME_FILTERS:
        if opt not in names:
            continue
        text = getattr(args, opt, None)
        if text is None:
            continue
        present = rows.distinct(col)
        items = [v.strip() for v in text.split(",")]
        if items == ["all"]:
            continue
        if not any(items) or not all(items):
            raise UsageError("--%s '%s': empty name in the list; accepted (present in the "
                             "input): %s" % (opt, text, ",".join(present)))
        wanted = [resolve(opt, v, present) for v in items]
        given.append("--%s %s" % (opt, text))
        asked &= np.isin(rows[col], wanted)
        mask &= np.isin(rows[col], wanted + [k for k in keep if col == "algorithm"])
    if "log2n" in names and getattr(args, "log2n", None) is not None:
        a, b = parse_log2n(args.log2n)
        sizes = rows["log2n"]
        inside = (sizes >= a) & (sizes <= b)
        if not inside.any():
            present = sorted(set(sizes.tolist()))
            raise UsageError("--log2n '%s' selects no size in the input files; present: %s"
                             % (args.log2n, _ranges(present)))
        given.append("--log2n %s" % args.log2n)
        mask &= inside
        asked &= inside
    if len(given) > 1 and len(rows) and not asked.any():
        raise UsageError("%s: each value is in the input files, but no row has them all; "
                         "nothing to show" % " ".join(given))
    return rows.select(mask)


def refuse(args, names, why):
    """UsageError when any of the options in names was given (not applicable)."""
    for n in names:
        if getattr(args, n, None) is not None:
            raise UsageError("--%s does not apply %s" % (n, why))


def _ranges(values):
    """[3,4,5,8] -> '3:5,8'."""
    out, start, prev = [], None, None
    for v in values:
        if start is None:
            start = prev = v
        elif v == prev + 1:
            prev = v
        else:
            out.append("%d:%d" % (start, prev) if prev != start else str(start))
            start = prev = v
    if start is not None:
        out.append("%d:%d" % (start, prev) if prev != start else str(start))
    return ",".join(out) or "none"
