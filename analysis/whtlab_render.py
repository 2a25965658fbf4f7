"""whtlab_render - write tables as Markdown, LaTeX (booktabs) or CSV.

A table has display rows (strings, for Markdown and LaTeX) and, separately,
machine rows for CSV where numbers stay numbers and every note is its own
column, so a CSV can be read back without parsing '0.42 (20) e2'. Several
tables (one per metric) follow one another, each under its title; in CSV
they share one header (the metric is a column), so the output stays one
table that reads back in one go."""

import csv
import io
import re


class Table:
    def __init__(self, header, align, rows, notes=(), csv_header=None, csv_rows=None,
                 title=None):
        self.title = title
        self.header = list(header)
        self.align = align            # one of 'l' / 'r' per column
        self.rows = [list(r) for r in rows]
        self.notes = list(notes)
        self.csv_header = list(csv_header) if csv_header is not None else self.header
        self.csv_rows = [list(r) for r in csv_rows] if csv_rows is not None else self.rows


def markdown(t):
    def esc(s):
        return str(s).replace("|", "\\|")
    widths = [max([len(esc(h))] + [len(esc(r[i])) for r in t.rows]) for i, h in enumerate(t.header)]
    widths = [max(w, 3) for w in widths]

    def line(cells):
        out = []
        for c, w, a in zip(cells, widths, t.align):
            c = esc(c)
            out.append(c.rjust(w) if a == "r" else c.ljust(w))
        return "| " + " | ".join(out) + " |"
    rule = "|" + "|".join(("-" * (w + 1) + ":") if a == "r" else ("-" * (w + 2))
                          for w, a in zip(widths, t.align)) + "|"
    lines = ([t.title, ""] if t.title else []) + [line(t.header), rule] + [line(r) for r in t.rows]
    if t.notes:
        lines.append("")
        lines += t.notes
    return "\n".join(lines) + "\n"


_LATEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
          "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
          "^": r"\textasciicircum{}"}


def latex_escape(s):
    return "".join(_LATEX.get(ch, ch) for ch in str(s))


def latex_cell(s):
    """Escaped cell text; the minus of a number (at the start or after a
    space or '[', as in '0.1 [-0.2, 0.3]') is a math minus and a lone '-'
    (nothing to show) an en dash."""
    s = str(s)
    if s == "-":
        return "--"
    return re.sub(r"(^|(?<=[ \[]))-(?=\d|inf)", "$-$", latex_escape(s))


def latex(t):
    """A booktabs tabular; the notes go in comment lines above it so the
    tabular can be \\input into a table environment with its own caption."""
    lines = ["% " + n for n in ([t.title] if t.title else []) + t.notes]
    lines.append("% needs \\usepackage{booktabs}")
    lines.append("\\begin{tabular}{%s}" % "".join(t.align))
    lines.append("\\toprule")
    lines.append(" & ".join(latex_escape(h) for h in t.header) + " \\\\")
    lines.append("\\midrule")
    for r in t.rows:
        lines.append(" & ".join(latex_cell(c) for c in r) + " \\\\")
    lines.append("\\bottomrule")
    lines.append("\\end{tabular}")
    return "\n".join(lines) + "\n"


def csv_text(t):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(t.csv_header)
    for r in t.csv_rows:
        w.writerow(["" if v is None else (repr(v) if isinstance(v, float) else v) for v in r])
    return buf.getvalue()


def csv_tables(tables):
    """One CSV of several tables of one header: header once, rows in turn."""
    heads = {tuple(t.csv_header) for t in tables}
    if len(heads) != 1:
        raise ValueError("CSV tables of different columns cannot be joined")
    text = csv_text(tables[0])
    for t in tables[1:]:
        text += csv_text(t).split("\n", 1)[1]
    return text


def render(style, tables):
    """Text of the tables in style 'markdown', 'latex' or 'csv'."""
    if style == "csv":
        return csv_tables(tables)
    one = {"markdown": markdown, "latex": latex}[style]
    return "\n".join(one(t) for t in tables)


STYLES = ("markdown", "latex", "csv")
