"""whtlab_speed_plot - the speed figure of one format from /timings: time
relative to a device memcpy of the same bytes (measured in the same run)
against log2 n, a line per (algorithm, batch kind), one panel per in-place /
out-of-place mode present.

Batch kind: 'batch 1' for single rows; for batched runs one line per
(algorithm, mode) when each size has one batch value ('batch B' when B is
the same for every size, else 'batched', e.g. a fixed total size), and one
line per batch value otherwise."""

import math

from matplotlib.lines import Line2D
from matplotlib.ticker import LogFormatter, MaxNLocator
import matplotlib.pyplot as plt

import whtlab_plotstyle as st

PANEL_H_IN = 2.4
LEGEND_COLUMNS = 3
BATCH_STYLES = ("-", "--", ":", "-.")
MEMCPY_LINE = dict(color="0.65", linestyle="-", linewidth=2.2, zorder=1)


def legend_height(n_entries, ncol):
    return 0.2 * -(-n_entries // ncol) + 0.2


def figure_height(n_entries, ncol):
    """Inches: title + panel + legend (documented in wht-plot --help)."""
    return 0.5 + PANEL_H_IN + legend_height(n_entries, ncol)


def batch_kinds(recs):
    """Batch label of each record (see the module comment)."""
    groups = {}
    for i, r in enumerate(recs):
        if r["batch"] > 1:
            groups.setdefault((r["algorithm"], r["backend"], r["in_place"]), []).append(i)
    labels = ["batch 1" if r["batch"] <= 1 else None for r in recs]
    for idx in groups.values():
        per_size = {}
        for i in idx:
            per_size.setdefault(recs[i]["log2n"], set()).add(recs[i]["batch"])
        values = {recs[i]["batch"] for i in idx}
        one_each = all(len(v) == 1 for v in per_size.values())
        for i in idx:
            if one_each and len(values) > 1:
                labels[i] = "batched"
            else:
                labels[i] = "batch %d" % recs[i]["batch"]
    return labels


def _batch_order(label):
    """batch 1, then batch B by B, then batched."""
    if label == "batched":
        return (2, 0)
    return (0 if label == "batch 1" else 1, int(label.split()[1]))


def plot_format(rows, fmt, all_algorithms):
    """The speed figure of format fmt (rows restricted to it)."""
    recs = rows.records()
    kinds = batch_kinds(recs)
    backends = len(set(rows["backend"].tolist())) > 1
    modes = [m for m in (1, 0) if any(r["in_place"] == m for r in recs)]
    batch_order = sorted(set(kinds), key=_batch_order)
    lines, no_ref = {}, set()
    for r, kind in zip(recs, kinds):
        label = r["algorithm"] + (" " + r["backend"] if backends else "")
        if not r["memcpy_ms"] > 0:
            # wht-bench has no memcpy where one copy of the data fills
            # the GPU: such sizes are named in the legend, not drawn
            no_ref.add(r["log2n"])
            continue
        lines.setdefault((r["in_place"], label, r["algorithm"], kind), {})[r["log2n"]] = (
            r["median_ms"] / r["memcpy_ms"])
    labels_here = sorted({k[1] for k in lines},
                         key=lambda s: (all_algorithms.index(s.split()[0]), s))

    handles = []
    for lab in labels_here:
        color, marker = st.style_for(all_algorithms.index(lab.split()[0]))
        handles.append(Line2D([], [], color=color, marker=marker, label=lab))
    for j, b in enumerate(batch_order):
        handles.append(Line2D([], [], color="0.3", linestyle=BATCH_STYLES[j % 4], label=b))
    handles.append(Line2D([], [], label="memcpy (ratio 1)", **MEMCPY_LINE))
    if no_ref:
        handles.append(Line2D([], [], linestyle="none", label="not drawn, no memcpy reference: "
                              "log2n " + ", ".join(str(k) for k in sorted(no_ref))))

    width = st.FULL_WIDTH_IN if len(modes) > 1 else st.COLUMN_WIDTH_IN
    ncol = LEGEND_COLUMNS if len(modes) > 1 else 2
    fig = plt.figure(figsize=(width, figure_height(len(handles), ncol)), layout="constrained")
    gs = fig.add_gridspec(2, len(modes),
                          height_ratios=[PANEL_H_IN, legend_height(len(handles), ncol)])
    first = None
    for c, mode in enumerate(modes):
        ax = fig.add_subplot(gs[0, c], sharex=first, sharey=first)
        first = first or ax
        ax.set_yscale("log")
        ax.axhline(1.0, **MEMCPY_LINE)
        for (m, lab, alg, kind), pts in sorted(lines.items(), key=lambda kv: (
                all_algorithms.index(kv[0][2]), kv[0][1], batch_order.index(kv[0][3]))):
            if m != mode:
                continue
            color, marker = st.style_for(all_algorithms.index(alg))
            xs = sorted(pts)
            ax.plot(xs, [pts[k] for k in xs], color=color, marker=marker,
                    linestyle=BATCH_STYLES[batch_order.index(kind) % 4], zorder=3)
        ax.set_title("in place" if mode else "out of place", fontweight="bold")
        ax.set_xlabel(r"$\log_2 n$")
        if c == 0:
            ax.set_ylabel("time / memcpy time")
        # Ratios read better as 0.5, 2, 3 than as 5x10^-1, 2x10^0; the
        # minor ticks get labels only while the axis spans few decades.
        ax.yaxis.set_major_formatter(LogFormatter())
        ax.yaxis.set_minor_formatter(LogFormatter(labelOnlyBase=False,
                                                  minor_thresholds=(1.2, 0.6)))
        ax.tick_params(which="both", labelleft=c == 0)
    first.xaxis.set_major_locator(MaxNLocator(integer=True))
    leg_ax = fig.add_subplot(gs[1, :])
    leg_ax.axis("off")
    leg_ax.legend(handles=st.row_major(handles, ncol), loc="center", ncol=ncol,
                  frameon=False, handlelength=2.4)
    # One line at full width; wrapped at column width, where it would not fit.
    fig.suptitle("%s: time relative to a device memcpy%sof the same bytes"
                 % (fmt, " " if len(modes) > 1 else "\n"))
    return fig
