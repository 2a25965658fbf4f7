"""whtlab_accuracy_plot - the accuracy figure of one format and one error
metric: a grid with a row per input distribution and a column per
operation, the metric against log2 n on a log axis, a line per algorithm
through the cells' medians over the trials with the interquartile range as
a shaded band around it (whtlab_cells), a reference line (the format's unit
roundoff for a relative metric, 1/2 for max_ulp), one legend for the grid.
With a whtlab_bounds.Theory (wht-plot --bounds) the one-way panels also get
its curves (whtlab_bounds_plot), and the value region widens to hold them
up to whtlab_bounds.CAP.

A log axis cannot show 0, so a cell whose median error is exactly 0 is drawn
as a 'v' in a band along the bottom edge, and an overflow cell as an 'X' in
a band along the top edge, both in the algorithm's colour (the algorithms'
markers side by side, shifted in x) and both explained in the legend. Tick
labels sit only in the region between the bands, where values are; a band
whose lower quartile is 0 reaches down to the region's bottom."""

import math

from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.transforms import Bbox, TransformedBbox
from matplotlib.ticker import MaxNLocator, NullLocator
import matplotlib.pyplot as plt

from whtlab_cells import OVERFLOW, UNDEFINED, UNSUPPORTED, Cell
from whtlab_results import uses_tau
import whtlab_bounds
import whtlab_bounds_plot
import whtlab_metrics
import whtlab_plotstyle as st

BAND_ALPHA = 0.2
ROW_IN = 1.5            # height of one distribution row
ALG_COLUMNS = 5        # legend columns of the algorithms' lines, at most
REF_COLUMNS = 3        # legend columns of the reference line and markers
REF_COLUMNS_THEORY = 2  # the same with the theory's longer labels (--bounds)
LEGEND_ROW_IN = 0.2
# Width of a legend entry at 8 pt: handle and gaps, plus one character.
LEGEND_ENTRY_IN, LEGEND_CHAR_IN = 0.55, 0.062


def alg_columns(labels, width_in):
    """Legend columns for the algorithms' labels that fit in width_in."""
    longest = max((len(s) for s in labels), default=1)
    fit = int(width_in // (LEGEND_ENTRY_IN + LEGEND_CHAR_IN * longest))
    return max(1, min(ALG_COLUMNS, fit, len(labels) or 1))


def legend_height(n_algorithms, n_references, alg_cols=ALG_COLUMNS, ref_cols=REF_COLUMNS):
    rows = -(-n_algorithms // alg_cols) + -(-n_references // ref_cols)
    return LEGEND_ROW_IN * rows + 0.2


def figure_height(n_rows, n_algorithms, n_references, alg_cols=ALG_COLUMNS,
                  ref_cols=REF_COLUMNS):
    """Inches: title + rows + legend (documented in wht-plot --help)."""
    return 0.45 + ROW_IN * n_rows + legend_height(n_algorithms, n_references, alg_cols,
                                                  ref_cols)


def line_kinds(rows):
    """Label of each row's line: the algorithm, plus the backend when the
    input has more than one, and tau on the smoothed rows when they have
    more than one (the other operations do not read tau: their rows of
    any tau are one line, as wht-table's cells)."""
    ops, taus = rows["op"].tolist(), rows["tau"].tolist()
    many_backends = len(set(rows["backend"].tolist())) > 1
    many_taus = len({t for o, t in zip(ops, taus) if uses_tau(o)}) > 1
    labels = []
    for alg, backend, op, tau in zip(rows["algorithm"].tolist(), rows["backend"].tolist(), ops, taus):
        parts = [alg] + (["backend=%s" % backend] if many_backends else []) \
            + (["tau=%r" % tau] if many_taus and uses_tau(op) else [])
        labels.append(" ".join(parts))
    return labels


def cell_points(rows, kinds, metric):
    """dict (kind, dist, op) -> {log2n: Cell} of metric; the trials of
    every seed pooled."""
    out = {}
    for kind, dist, op, k, status, rel in zip(kinds, rows["dist"].tolist(), rows["op"].tolist(),
                                               rows["log2n"].tolist(), rows["status"].tolist(),
                                               rows[metric].tolist()):
        cells = out.setdefault((kind, dist, op), {})
        c = cells.get(k)
        if c is None:
            c = cells[k] = Cell((kind, dist, op, k))
        c.add(status, rel)
    return out


EDGE_BAND = 0.07        # axes fraction of a marker band (zero or overflow)
EDGE_MARGIN = 0.035     # axes fraction from the edge to the band's markers
EDGE_DX = 0.16          # x shift (in log2 n) between algorithms' edge markers


def _y_limits(values, ref, bottom_band, top_band):
    """(limits, value region) of a log axis: the region (log10 lo, hi) spans
    the values and the reference line (None: none), at least 2.05 decades
    so that two powers of ten fall in it; below it a band for zero markers,
    above it one for overflow markers, when those exist."""
    logs = [math.log10(v) for v in values] + ([math.log10(ref)] if ref else [])
    if not logs:
        logs = [0.0]
    lo, hi = min(logs), max(logs)
    fb = EDGE_BAND if bottom_band else 0.03
    ft = EDGE_BAND if top_band else 0.03
    span = max(hi - lo, 2.05)
    lo = 0.5 * (hi + lo) - 0.5 * span
    total = span / (1.0 - fb - ft)
    # the limits stay inside the doubles' range (max_abs from 1e-300 to
    # 1e300 would put them past it): 10^-320 is a subnormal, 10^307 finite
    return (10 ** max(lo - fb * total, -320.0), 10 ** min(lo + span + ft * total, 307.0)), (lo, lo + span)


def _data_ticks(region):
    """Powers of ten inside the value region (log10 bounds), at most about
    six: no tick in the marker bands, where it would read like a value."""
    lo, hi = math.ceil(region[0] - 1e-9), math.floor(region[1] + 1e-9)
    step = max(1, math.ceil((hi - lo) / 5))
    return [10.0 ** e for e in range(lo, hi + 1, step)]


def _edge_dx(kind, kinds):
    """x shift of kind's edge markers, so equal points of several lines in
    one band stay side by side."""
    return (kinds.index(kind) - 0.5 * (len(kinds) - 1)) * EDGE_DX


def reference(metric, fmt):
    """(value, legend label) of the reference line, or (None, None): the
    unit roundoff for a relative error, half an ulp (a correctly rounded
    result) for max_ulp; an absolute error has no scale of its own."""
    if metric in whtlab_metrics.RELATIVE:
        e = whtlab_metrics.UNIT_ROUNDOFF_LOG2.get(fmt, -53)   # an unknown format: drawn as f64
        return 2.0 ** e, "unit roundoff u = " + st.pow2_label(e)
    if metric == "max_ulp":
        return 0.5, "1/2 ulp (correctly rounded)"
    return None, None


def plot_format(rows, fmt, all_kinds, kinds, metric=whtlab_metrics.DEFAULT, theory=None):
    """The figure of format fmt (rows already restricted to it) for metric.
    all_kinds: every line label over all formats, for stable styles; kinds:
    the label of each of rows (line_kinds over all formats, restricted);
    theory: a whtlab_bounds.Theory of fmt and metric, or None (no curves)."""
    points = cell_points(rows, kinds, metric)
    dists, ops = rows.distinct("dist"), rows.distinct("op")
    shown = [k for k in all_kinds if k in set(kinds)]
    ref, ref_label = reference(metric, fmt)

    # Which lines have zero / overflow points: their markers share one band
    # per edge, shifted in x so that equal points of different lines stay
    # visible.
    positive, zero_kinds, over_kinds, undefined, spread = [], [], [], False, False
    infinite = False
    unsupported_only = set(shown)
    for (kind, _d, _o), cells in points.items():
        for c in cells.values():
            sp = c.spread
            m = sp.median if sp is not None else None
            if sp is not None:
                positive += [v for v in (sp.median, sp.q25, sp.q75) if 0 < v < math.inf]
                spread |= sp.q75 > sp.q25
            if m == 0.0 and kind not in zero_kinds:
                zero_kinds.append(kind)
            if _top(c) and kind not in over_kinds:
                over_kinds.append(kind)
            infinite |= m == math.inf
            undefined |= c.status == UNDEFINED
            if c.status != UNSUPPORTED:
                unsupported_only.discard(kind)
    zero_kinds = [k for k in shown if k in zero_kinds]
    over_kinds = [k for k in shown if k in over_kinds]
    if theory is not None:
        values, missing = whtlab_bounds_plot.axis_values(points, shown, theory)
        positive += values
    handles, refs = [], []
    for kind in shown:
        color, marker = st.style_for(all_kinds.index(kind))
        handles.append(Line2D([], [], color=color, marker=marker,
                              label=kind + (" (unsupported)" if kind in unsupported_only else "")))
    if ref is not None:
        refs.append(Line2D([], [], color="0.35", linestyle="--", linewidth=0.9,
                           label=ref_label))
    if spread:
        refs.append(Patch(facecolor="0.35", alpha=BAND_ALPHA, linewidth=0,
                          label="band: interquartile range over trials"))
    if zero_kinds:
        refs.append(Line2D([], [], color="0.35", marker="v", linestyle="none",
                           label="error 0 (exact): bottom band"))
    if over_kinds:
        refs.append(Line2D([], [], color="0.35", marker="X", linestyle="none",
                           label="overflow%s: top band" % (" or infinite" if infinite else "")))
    if undefined:
        refs.append(Line2D([], [], linestyle="none",
                           label="undefined (every exact output 0): not drawn"))
    if theory is not None:
        refs += whtlab_bounds_plot.legend_entries(shown, all_kinds, missing)

    ncol = alg_columns([h.get_label() for h in handles], st.FULL_WIDTH_IN - 0.3)
    rcol = REF_COLUMNS if theory is None else REF_COLUMNS_THEORY
    fig = plt.figure(figsize=(st.FULL_WIDTH_IN,
                              figure_height(len(dists), len(handles), len(refs), ncol, rcol)),
                     layout="constrained")
    legend_in = legend_height(len(handles), len(refs), ncol, rcol)
    gs = fig.add_gridspec(len(dists) + 1, len(ops),
                          height_ratios=[ROW_IN] * len(dists) + [legend_in])
    ylim, region = _y_limits(positive, ref, bool(zero_kinds), bool(over_kinds))
    span = math.log10(ylim[1]) - math.log10(ylim[0])
    # the value region in axes fractions: the theory curves stay inside it
    clip = Bbox([[0.0, (region[0] - math.log10(ylim[0])) / span],
                 [1.0, (region[1] - math.log10(ylim[0])) / span]])
    first = None
    for r, dist in enumerate(dists):
        for c, op in enumerate(ops):
            ax = fig.add_subplot(gs[r, c], sharex=first, sharey=first)
            first = first or ax
            ax.set_yscale("log")
            if ref is not None:
                ax.axhline(ref, color="0.35", linestyle="--", linewidth=0.9, zorder=1)
            _draw_panel(ax, points, shown, all_kinds, dist, op, zero_kinds, over_kinds,
                        10.0 ** region[0])
            if theory is not None and op == whtlab_bounds.OP:
                whtlab_bounds_plot.draw(ax, points, shown, all_kinds, dist, op, theory,
                                        TransformedBbox(clip, ax.transAxes))
            if r == 0:
                ax.set_title(op, fontweight="bold")
            if c == 0:
                ax.set_ylabel("%s\n%s" % (dist, metric))
            if r == len(dists) - 1:
                ax.set_xlabel(r"$\log_2 n$")
            # Only the outer panels carry tick labels (label_outer would
            # count the legend row as the bottom row).
            ax.tick_params(labelbottom=r == len(dists) - 1, labelleft=c == 0)
    first.set_ylim(*ylim)
    # Ticks only in the value region: the marker bands above and below are
    # not values, and a tick there would read like one.
    first.set_yticks(_data_ticks(region))
    first.yaxis.set_minor_locator(NullLocator())
    first.xaxis.set_major_locator(MaxNLocator(integer=True))
    leg_ax = fig.add_subplot(gs[len(dists), :])
    leg_ax.axis("off")
    # Two legends: the algorithms above, what the reference marks mean below.
    top = leg_ax.legend(handles=st.row_major(handles, ncol), loc="upper center",
                        ncol=ncol, frameon=False, handlelength=2.2,
                        columnspacing=1.5, borderaxespad=0.0)
    leg_ax.add_artist(top)
    if refs:   # none for an absolute metric without zeros, overflow or spread
        leg_ax.legend(handles=st.row_major(refs, rcol), loc="lower center",
                      ncol=min(rcol, len(refs)), frameon=False, handlelength=2.2,
                      columnspacing=1.5, borderaxespad=0.0)
    fig.suptitle("%s: %s against the exact result, median over trials, by input "
                 "distribution (rows) and operation (columns)" % (fmt, metric))
    return fig


def _top(cell):
    """Whether the cell is drawn in the top band: overflow, or an infinite
    median (max_abs beyond the double range, a value a log axis cannot show)."""
    return cell.status == OVERFLOW or cell.median == math.inf


def _band(cells, xs, floor):
    """(lower, upper) edges of the interquartile band at xs: NaN where a
    cell has no value (a gap), a lower quartile of 0 clipped to floor."""
    lo, hi = [], []
    for k in xs:
        sp = cells[k].spread
        if sp is None or not 0 < sp.q75 < math.inf:
            lo.append(math.nan)
            hi.append(math.nan)
        else:
            lo.append(sp.q25 if sp.q25 > 0 else floor)
            hi.append(sp.q75)
    return lo, hi


def _draw_panel(ax, points, shown, all_kinds, dist, op, zero_kinds, over_kinds, floor):
    drew = False
    tr = ax.get_xaxis_transform()    # x in data, y in axes fraction
    for kind in shown:
        cells = points.get((kind, dist, op))
        if not cells:
            continue
        color, marker = st.style_for(all_kinds.index(kind))
        xs = sorted(cells)
        ys = [cells[k].median if cells[k].median and cells[k].median < math.inf else math.nan
              for k in xs]
        lo, hi = _band(cells, xs, floor)
        ax.fill_between(xs, lo, hi, color=color, alpha=BAND_ALPHA, linewidth=0, zorder=2)
        ax.plot(xs, ys, color=color, marker=marker, zorder=3)
        zx = [k for k in xs if cells[k].median == 0.0]
        ox = [k for k in xs if _top(cells[k])]
        if zx:
            dx = _edge_dx(kind, zero_kinds)
            ax.plot([x + dx for x in zx], [EDGE_MARGIN] * len(zx), transform=tr, color=color,
                    marker="v", linestyle="none", zorder=4)
        if ox:
            dx = _edge_dx(kind, over_kinds)
            ax.plot([x + dx for x in ox], [1.0 - EDGE_MARGIN] * len(ox), transform=tr,
                    color=color, marker="X", linestyle="none", zorder=4)
        drew = drew or any(cells[k].status != UNSUPPORTED for k in xs)
    if not drew:
        ax.text(0.5, 0.5, "no data", transform=ax.transAxes, ha="center", va="center",
                color="0.4")
