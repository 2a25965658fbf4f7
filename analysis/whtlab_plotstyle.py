"""whtlab_plotstyle - what every figure of wht-plot shares: the Agg backend
(no display), sizes and fonts readable at a paper's column width, a fixed
colour and marker per algorithm (the same in every figure), and saving PNG
and PDF under temporary names renamed into place."""

import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from whtlab_cli import write_atomic  # noqa: E402

FULL_WIDTH_IN = 7.0      # a two-column paper's full text width
COLUMN_WIDTH_IN = 3.5    # one column

RC = {
    "font.size": 8, "axes.titlesize": 8, "axes.labelsize": 8,
    "xtick.labelsize": 7.5, "ytick.labelsize": 7.5, "legend.fontsize": 8,
    "figure.titlesize": 9, "lines.linewidth": 1.1, "lines.markersize": 3.5,
    "axes.grid": True, "grid.linewidth": 0.4, "grid.alpha": 0.5,
    "pdf.fonttype": 42,   # TrueType in the PDF: text stays text for journals
}
plt.rcParams.update(RC)

_COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
           "#e377c2", "#17becf", "#7f7f7f", "#bcbd22")
# 'v' and 'X' stay free: they mark zero-error and overflow points.
_MARKERS = ("o", "s", "^", "D", "P", "*", "h", "<", ">", "p")


def style_for(index):
    """(colour, marker) of the index-th line kind, stable across figures."""
    return _COLORS[index % len(_COLORS)], _MARKERS[index % len(_MARKERS)]


EXTENSIONS = ("png", "pdf")


def save(fig, outdir, stem, dpi):
    """Write outdir/stem.png and outdir/stem.pdf; returns their paths."""
    paths = []
    for ext in EXTENSIONS:
        path = os.path.join(outdir, "%s.%s" % (stem, ext))
        write_atomic(path, lambda tmp, ext=ext: fig.savefig(tmp, format=ext, dpi=dpi))
        paths.append(path)
    plt.close(fig)
    return paths


def pow2_label(e):
    """'2^-24' for axis annotations (mathtext)."""
    return r"$2^{%d}$" % e


def row_major(handles, ncol):
    """Reorder legend handles so they read left to right, row by row
    (matplotlib fills a legend's columns top to bottom)."""
    nrow = -(-len(handles) // ncol)
    rows = [handles[i:i + ncol] for i in range(0, len(handles), ncol)]
    out = []
    for c in range(ncol):
        out += [rows[r][c] for r in range(nrow) if c < len(rows[r])]
    return out
