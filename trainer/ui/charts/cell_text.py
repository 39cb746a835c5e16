"""What the chart viewer's side panel says about a cell: every action's EV, how close the call
is, the fallback, and the standard blackjack play. No Qt: tests read it without a screen."""

from __future__ import annotations

from typing import Any

from strategy_charts.chart_layout import Cell, context_label, up_text
from strategy_charts.comparison import same_play
from strategy_charts.post_split import PostSplit
from strategy_charts.split_play import SplitDifferences, describe, pair_name
from trainer.rules import Action

#: How each post-split strategy's split hands decide, in words (of the pair card's plural).
KNOWING = {PostSplit.CDP1: "playing as the first split hand, which knows the other {} gone",
           PostSplit.CDPN: "knowing how many {} were split when each hand begins its play",
           PostSplit.CDP: "valued as the analyzers' CDP (by the {} the whole split removes)"}
#: Hands of a split listed in the panel at most; the rest are counted.
SHOWN = 5


def closeness(gap: float) -> str:
    """Words for how close a decision is, from the EV gap in units of the bet."""
    percent = gap * 100
    if percent < 0.5:
        return "a very close call"
    if percent < 2:
        return "close"
    if percent < 5:
        return "clear"
    return "clear-cut"


def cell_summary(cell: Cell, label: str, data: dict[str, Any], context: str,
                 standard: dict[str, Any] | None = None,
                 after_hit: dict[str, Any] | None = None,
                 split_plays: SplitDifferences | None = None) -> str:
    """The side panel's text for one cell, as simple HTML.

    Every action's EV (in units of the bet, best first), the best action, the gap to the second
    best in % of the bet and how close that is, the fallback when doubling is not allowed, the
    standard blackjack play where ``standard`` (that chart's cell) is given, and the play of
    three or more cards where ``after_hit`` (that cell, where it differs:
    :func:`strategy_charts.total_dependent.after_hit_cell`) is given, and the split hands
    that play otherwise when they count the pair cards split where ``split_plays``
    (:func:`strategy_charts.split_play.split_differences`) is given.
    """
    kind, _, up = cell
    evs = sorted(data["ev"].items(), key=lambda item: -item[1])
    best = data["action"]
    rows = "".join(
        f"<tr><td>{'<b>' if a == best else ''}{Action(a).title}{'</b>' if a == best else ''}"
        f"</td><td align='right'>{ev:+.4f}</td><td align='right'>{ev * 100:+.2f}%</td></tr>"
        for a, ev in evs)
    head = label if kind != "hard" else label.capitalize()
    parts = [f"<h3>{head} v {up_text(up)}</h3>", f"<p>{context_label(context)}</p>",
             "<table cellspacing='6'><tr><th align='left'>Action</th><th>EV</th>"
             f"<th>% of bet</th></tr>{rows}</table>"]
    if len(evs) > 1:
        gap = data["ev"][best] - max(ev for a, ev in evs if a != best)
        second = max((a for a, _ in evs if a != best), key=lambda a: data["ev"][a])
        parts.append(f"<p>Best: <b>{Action(best).title}</b>, ahead of {Action(second).title} "
                     f"by {gap * 100:.2f}% of the bet: {closeness(gap)}.</p>")
    else:
        parts.append(f"<p>Only play: <b>{Action(best).title}</b>.</p>")
    if data.get("fallback"):
        parts.append(f"<p>If doubling is not allowed: {Action(data['fallback']).title}.</p>")
    if after_hit is not None:
        play = after_hit["action"]
        parts.append(f"<p>After a hit (three or more cards): <b>{Action(play).title}</b> "
                     f"({after_hit['ev'][play] * 100:+.2f}% of the bet), not "
                     f"{Action(best).title}.</p>")
    if split_plays is not None:
        parts.append(split_text(split_plays))
    if standard is not None:
        same = same_play(standard["action"], best)
        verdict = "the same play" if same else "<b>a different play</b>"
        parts.append(f"<p>Standard blackjack: {Action(standard['action']).title} "
                     f"({verdict}).</p>")
    parts.append("<p><small>EVs are in units of the main bet, averaged over the hands of this "
                 "cell.</small></p>")
    return "".join(parts)


def split_text(found: SplitDifferences) -> str:
    """The split hands that play otherwise than the chart's (CDZ-) split hands, at most
    :data:`SHOWN` of them, and what that does to the split's EV, in % of the bet."""
    pairs = pair_name(found.pair)
    up = up_text(str(found.up))
    items = "".join(f"<li>{describe(play)}</li>" for play in found.plays[:SHOWN])
    more = len(found.plays) - SHOWN
    if more > 0:
        items += f"<li>and {more} more hand{'s' if more > 1 else ''}</li>"
    gain = found.gain * 100
    worth = f"{gain:+.4f}%" if abs(gain) >= 0.00005 else "less than 0.0001%"
    return (f"<p><b>Counting the {pairs} split</b> ({found.post_split.name}): after splitting "
            f"{pairs} against {'an' if up in ('A', '8') else 'a'} {up} from a full shoe, "
            f"{KNOWING[found.post_split].format(pairs)}, these split hands play otherwise "
            f"than this chart's, which play as unsplit hands:</p><ul>{items}</ul>"
            f"<p>That changes the split's EV by {worth} of the bet "
            f"({found.ev * 100:+.4f}% beside {found.chart_ev * 100:+.4f}%).</p>")


__all__ = ["cell_summary", "closeness", "split_text"]
