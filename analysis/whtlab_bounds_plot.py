"""whtlab_bounds_plot - the theory curves of wht-plot --bounds on an accuracy
figure (whtlab_accuracy_plot): in each one-way panel, each line's
worst-case bound, dashed in the line's colour (gid 'bound KIND'), and the
probabilistic scale sqrt(k) u, grey and dotted (gid 'scale'), both over
the sizes the panel's lines ran at and clipped to the value region, so
that they never cross the bands of zero and overflow markers.

Algorithms with equal bounds (kahan and neumaier; folklore and
folklore-test) would hide each other's curve: such curves share the dash
period and are offset within it, so their dashes alternate and every
colour stays visible."""

import math

from matplotlib.lines import Line2D

from whtlab_cells import UNSUPPORTED
import whtlab_bounds
import whtlab_plotstyle as st

DASH, GAP = 4.0, 2.0    # a bound's dash and gap, in line widths
BOUND_STYLE = dict(linewidth=1.0, zorder=2.5)
SCALE_STYLE = dict(color="0.5", linestyle=":", linewidth=1.2, zorder=2.5)


def algorithm(kind):
    """The algorithm of a line label ('kahan backend=gpu' -> 'kahan')."""
    return kind.split()[0]


def _sizes(cells):
    """The sizes of a line's cells where it ran (not unsupported)."""
    return sorted(k for k, c in cells.items() if c.status != UNSUPPORTED)


def axis_values(points, shown, theory):
    """(the positive theory values below whtlab_bounds.CAP, which the
    axis must hold; the algorithms of shown without a bound), over the
    one-way cells of points (whtlab_accuracy_plot.cell_points)."""
    values, missing = [], []
    for (kind, _d, op), cells in points.items():
        if op != whtlab_bounds.OP:
            continue
        for k in _sizes(cells):
            b = theory.bound(algorithm(kind), k)
            if b is None and algorithm(kind) not in missing:
                missing.append(algorithm(kind))
            values += [v for v in (b, theory.scale(k))
                       if v is not None and 0 < v < whtlab_bounds.CAP]
    order = [algorithm(k) for k in shown]
    return values, sorted(missing, key=order.index)


def legend_entries(shown, all_kinds, missing):
    """Legend entries of the curves (and of the algorithms without one)."""
    bounded = [k for k in shown if algorithm(k) not in missing]
    refs = []
    if bounded:
        refs.append(Line2D([], [], color=st.style_for(all_kinds.index(bounded[0]))[0],
                           linestyle=(0, (DASH, GAP)),
                           label="worst-case bound, one-way (dashed, algorithm's colour)",
                           **BOUND_STYLE))
    refs.append(Line2D([], [], label=r"$\sqrt{k}\,u$, one-way: probabilistic scale",
                       **SCALE_STYLE))
    if missing:
        refs.append(Line2D([], [], linestyle="none",
                           label="no bound drawn: " + ", ".join(missing)))
    return refs


def draw(ax, points, shown, all_kinds, dist, op, theory, clip):
    """The curves of the panel (dist, op), clipped to clip (a bbox)."""
    curves, sizes = [], set()
    for kind in shown:
        cells = points.get((kind, dist, op))
        if not cells:
            continue
        xs = _sizes(cells)
        sizes.update(xs)
        bs = [theory.bound(algorithm(kind), k) for k in xs]
        if any(b is not None for b in bs):
            ys = tuple(b if b is not None and b > 0 else math.nan for b in bs)
            curves.append((kind, tuple(xs), ys))
    for kind, xs, ys in curves:
        twins = [c[0] for c in curves if c[1:] == (xs, ys)]
        j, g = twins.index(kind), len(twins)
        style = (j * (DASH + GAP), (DASH, g * (DASH + GAP) - DASH))
        line, = ax.plot(xs, ys, color=st.style_for(all_kinds.index(kind))[0], linestyle=style,
                        gid="bound " + kind, **BOUND_STYLE)
        line.set_clip_box(clip)
    xs = sorted(x for x in sizes if x > 0)
    if xs:
        line, = ax.plot(xs, [theory.scale(k) for k in xs], gid="scale", **SCALE_STYLE)
        line.set_clip_box(clip)
