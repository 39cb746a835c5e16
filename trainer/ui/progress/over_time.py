"""The progress page's first chart: accuracy per day or session above what the player's play
costs (main bets per 100 rounds) at the end of each, beside classic basic strategy's."""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..plotting.frames import frame, set_margins, style_axes
from ..plotting.look import LIGHT, Look
from ..progress_service import DayStats, SessionStats
from .chart_parts import ACCURACY, date_axis, day_of, days_shown, gaps_broken, new_figure, top_of
from .headline import UNIT, CostLine

#: One colour per rule set on the cost chart (the first is the accuracy line's).
SERIES = ("#1565c0", "#6a1b9a", "#ef6c00", "#00838f")


def over_time_axes(target: Figure, look: Look, per: str) -> list[Axes]:
    """Accuracy above the cost of the player's play, sharing an x axis of days (dates) or
    sessions (numbers). Accuracy runs 0-100%."""
    def build(figure: Figure) -> list[Axes]:
        top, bottom = figure.subplots(2, 1, sharex=True)
        top.set_ylabel("accuracy %", fontsize=8)
        bottom.set_ylabel("cost /100 rounds", fontsize=8)
        top.set_ylim(0, 100)
        top.set_yticks([0, 25, 50, 75, 100])
        bottom.yaxis.set_major_locator(MaxNLocator(4))
        for ax in (top, bottom):
            style_axes(ax, look)
        if per == "day":
            date_axis(bottom, 7)
        else:
            bottom.set_xlabel("session", fontsize=8)
            bottom.xaxis.set_major_locator(MaxNLocator(8, integer=True))
        set_margins(figure, left=0.75, top=0.12, bottom=0.5 if per == "day" else 0.42)
        return [top, bottom]
    return frame(target, ("over_time", per), look, build)


def draw_over_time(stats: Sequence[DayStats] | Sequence[SessionStats], per: str = "day",
                   figure: Figure | None = None, look: Look = LIGHT,
                   costs: Sequence[CostLine] | None = ()) -> Figure | None:
    """Accuracy (%, 0-100) above what the player's play costs (main bets per 100 rounds, at
    the end of each day or session, beside classic basic strategy's), per day or session.

    ``per`` is "day" (``stats`` from ``review.by_day``) or "session" (``review.by_session``);
    ``costs`` come from :func:`~trainer.ui.progress.headline.cost_lines` (None: still being
    worked out). The accuracy line is broken over days without practice; the cost holds its
    value until the next answer, so it is drawn as steps.
    """
    if not stats:
        return None
    figure = new_figure(figure, (9, 4))
    top, bottom = over_time_axes(figure, look, per)
    if per == "day":
        x: list = [day_of(s.day) for s in stats]  # type: ignore[union-attr]
    else:
        x = list(range(1, len(stats) + 1))
    accuracy = [100 * s.accuracy for s in stats]
    marker = "o" if len(stats) <= 60 else None
    line_x, line_y = gaps_broken(x, accuracy) if per == "day" else (x, accuracy)
    top.plot(line_x, line_y, color=ACCURACY, marker=marker, markersize=3, linewidth=1.4,
             clip_on=False)
    top.set_ylim(0, 100)
    everything = list(x)
    if costs is None:
        bottom.text(0.5, 0.5, "Working out what your play costs…", transform=bottom.transAxes,
                    ha="center", va="center", fontsize=8, color=look.muted)
        bottom.set_ylim(0, 1)
    else:
        high = 0.0
        for colour, line in zip(SERIES, costs, strict=False):
            label = line.name if len(costs) > 1 else "your play"
            bottom.plot(line.x, line.y, color=colour, drawstyle="steps-post", linewidth=1.4,
                        marker="o" if len(line.x) <= 60 else None, markersize=3, label=label,
                        clip_on=False)
            bottom.axhline(line.classic, color=colour, linestyle="--", linewidth=0.9,
                           label=f"classic basic strategy ({line.classic:.2f})"
                           if len(costs) == 1 else None)
            everything.extend(line.x)
            high = max(high, line.classic, *line.y)
        bottom.set_ylim(0, top_of([high], 1.15))
        if costs:
            bottom.legend(fontsize=7, frameon=False, loc="lower left", ncols=3,
                          labelcolor=look.text)
    if per == "day":
        days_shown(bottom, everything)
    else:
        bottom.set_xlim(0.4, len(stats) + 0.6)
    return figure


def over_time_title(stats: Sequence[DayStats] | Sequence[SessionStats], per: str) -> str:
    """The heading of :func:`draw_over_time`."""
    decisions = sum(s.decisions for s in stats)
    if not decisions:
        return f"Accuracy and what your play costs, per {per}"
    right = sum(s.right for s in stats)
    shown = f"1 {per}" if len(stats) == 1 else f"{len(stats):,} {per}s"
    return (f"Accuracy per {per} ({shown}, {100 * right / decisions:.1f}% right "
            f"overall), and what your play costs in {UNIT} at the end of each {per} (perfect "
            "play: 0)")


__all__ = ["SERIES", "draw_over_time", "over_time_axes", "over_time_title"]
