"""whtlab_tradeoff_plot - the accuracy-versus-speed figure of one format and
metric (numbers from whtlab_tradeoff): log-log, x = time relative to
folklore, y = 1 / (1 - R), R the median reduction of wht-table (folklore's
error / the algorithm's in its terms), a marker per
algorithm and size class in the algorithm's colour and marker, the marker
larger for a larger size class, a thin line joining an algorithm's classes
in size order; grey lines at x = 1 and y = 1 (folklore) and a dotted one at
y = 10/3 (a median reduction of 70 %). What was not drawn is written under
the legend. One column wide (3.5 in).

Lines carry gids for the tests: 'point ALG CLASS' (one marker), 'path ALG'."""

import math
import textwrap

from matplotlib.lines import Line2D
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter
import matplotlib.pyplot as plt

import whtlab_plotstyle as st
import whtlab_tradeoff as tt

AXES_IN = 2.8
LEGEND_ROW_IN = 0.19
NOTE_CHARS = 62          # characters per note line at 3.5 in and 7 pt
NOTE_LINE_IN = 0.13
MARKER_SIZES = dict(zip((c[0] for c in tt.SIZE_CLASSES), (3.5, 6.0, 8.5)))
REF = dict(color="0.45", linewidth=0.9, zorder=1)
GOAL = dict(color="0.45", linewidth=0.9, linestyle=":", zorder=1)


def _limits(values):
    """Log-axis limits holding values and 1, a little margin around (inside
    the doubles' range: compute() draws only ratios in 1e-300..1e300)."""
    lo, hi = min(values + [1.0]), max(values + [1.0])
    pad = max(0.08, 0.06 * (math.log10(hi) - math.log10(lo)))
    return 10.0 ** max(math.log10(lo) - pad, -307.0), 10.0 ** min(math.log10(hi) + pad, 307.0)


def _ticks(axis, decades):
    """Ratios read better as 0.5, 2, 3 than as 5x10^-1: plain numbers, and
    labelled minor ticks dense enough that a short axis has some."""
    plain = FuncFormatter(lambda v, _: "%g" % v)
    axis.set_major_formatter(plain)
    if decades < 0.5:
        subs = tuple(1 + i / 10 for i in range(1, 10)) + tuple(range(2, 10))
    elif decades < 1.3:
        subs = (1.5, 2, 3, 4, 5, 6, 7, 8, 9)
    elif decades < 2.5:
        subs = (2, 3, 5)
    else:
        axis.set_minor_formatter(NullFormatter())
        return
    axis.set_minor_locator(LogLocator(subs=subs))
    axis.set_minor_formatter(plain)


def _note_lines(notes):
    out = []
    for note in notes:
        out += textwrap.wrap(note, NOTE_CHARS, subsequent_indent="  ")
    return out


def plot_format(tradeoff, fmt, metric, all_algorithms):
    """The figure of one format's Tradeoff; all_algorithms: every algorithm
    name over both tables, for styles stable across figures."""
    algs = [a for a in all_algorithms if any(p.algorithm == a for p in tradeoff.points)]
    handles = []
    for alg in algs:
        color, marker = st.style_for(all_algorithms.index(alg))
        handles.append(Line2D([], [], color=color, marker=marker, label=alg))
    sizes = [c[0] for c in tt.SIZE_CLASSES if any(p.size == c[0] for p in tradeoff.points)]
    for s in sizes:
        handles.append(Line2D([], [], color="0.35", marker="o", linestyle="none",
                              markersize=MARKER_SIZES[s], label=tt.class_label(s)))
    handles.append(Line2D([], [], label="folklore (x = 1, y = 1)", **REF))
    handles.append(Line2D([], [], label="median reduction 70 %", **GOAL))
    notes = _note_lines([tradeoff.scope] + tradeoff.notes())
    legend_in = LEGEND_ROW_IN * -(-len(handles) // 2) + 0.1
    notes_in = NOTE_LINE_IN * len(notes) + (0.1 if notes else 0.0)
    fig = plt.figure(figsize=(st.COLUMN_WIDTH_IN, 0.55 + AXES_IN + legend_in + notes_in),
                     layout="constrained")
    gs = fig.add_gridspec(3, 1, height_ratios=[AXES_IN, legend_in, max(notes_in, 0.01)])
    ax = fig.add_subplot(gs[0])
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.axvline(1.0, **REF)
    ax.axhline(1.0, **REF)
    ax.axhline(tt.GOAL_RATIO, **GOAL)
    order = [c[0] for c in tt.SIZE_CLASSES]
    for alg in algs:
        color, marker = st.style_for(all_algorithms.index(alg))
        pts = sorted((p for p in tradeoff.points if p.algorithm == alg),
                     key=lambda p: order.index(p.size))
        ax.plot([p.time_ratio for p in pts], [p.error_ratio for p in pts], color=color,
                linewidth=0.7, alpha=0.6, marker="none", gid="path " + alg, zorder=2)
        for p in pts:
            ax.plot([p.time_ratio], [p.error_ratio], color=color, marker=marker,
                    markersize=MARKER_SIZES[p.size], markeredgecolor="white",
                    markeredgewidth=0.4, linestyle="none", gid="point %s %s" % (alg, p.size),
                    zorder=3)
    ax.set_xlim(*_limits([p.time_ratio for p in tradeoff.points]))
    ax.set_ylim(*_limits([p.error_ratio for p in tradeoff.points] + [tt.GOAL_RATIO]))
    ax.set_xlabel("time / folklore's time (median_ms, wht-bench)")
    ax.set_ylabel("1 / (1 - median reduction of %s)" % metric)
    for axis, lim in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
        _ticks(axis, math.log10(lim[1]) - math.log10(lim[0]))
    leg_ax = fig.add_subplot(gs[1])
    leg_ax.axis("off")
    leg_ax.legend(handles=st.row_major(handles, 2), loc="center", ncol=2, frameon=False,
                  handlelength=2.0, columnspacing=1.0, borderaxespad=0.0)
    note_ax = fig.add_subplot(gs[2])
    note_ax.axis("off")
    if notes:
        note_ax.text(0.0, 1.0, "\n".join(notes), transform=note_ax.transAxes, va="top",
                     ha="left", fontsize=6.5, color="0.25", gid="notes")
    fig.suptitle("%s: error reduction against time,\nboth relative to folklore" % fmt)
    return fig
