"""What the learner and the baselines know of a preset: situations, plays, items, neighbours."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from trainer.rules import preset
from trainer.teaching.catalog import Catalog, catalog
from trainer.teaching.classic import classic_play
from trainer.teaching.facts import Facts
from trainer.teaching.grading import grade
from trainer.teaching.records import Verdict
from trainer.teaching.situations import Situation, Spot, StakeLabel, card_label

GRANULARITIES = ("situation", "rule", "row")
_COLUMNS = [str(v) for v in range(2, 11)] + ["A"]


@dataclass(frozen=True, eq=False)
class World:
    """A preset's situations as one kind of learner meets them."""

    catalog: Catalog
    keys: tuple[str, ...]                      # every situation key
    index: dict[str, int]                      # situation key -> position in keys
    item: tuple[int, ...]                      # situation -> memory item
    items: int
    prior_leak: tuple[float, ...]              # situation -> frequency x EV the prior loses
    weight: tuple[float, ...]                  # situation -> natural frequency
    best: dict[str, str]                       # table key -> best play
    classic: dict[str, str]                    # table key -> classic play
    play: tuple[str, ...]                      # situation -> best play of its likeliest hand
    near: tuple[tuple[int, ...], ...]          # situation -> neighbours, other up card
    near_stakes: tuple[tuple[int, ...], ...]   # situation -> neighbours, other stakes

    def right(self, spot: Spot, action: str) -> bool:
        """Whether the app grades ``action`` right (correct or acceptable) at ``spot``."""
        evs, best = self.catalog.evs(spot)
        return grade(action, evs, best).verdict is not Verdict.WRONG

    def confused_loss(self, situation: int, play: str, prior: str, lucky: bool
                      ) -> tuple[float, float]:
        """At ``situation``, over the hands where ``play`` is offered: frequency x the EV that
        playing it loses, and frequency x the EV the prior loses (for a confused learner)."""
        return _confused(self, situation, play, prior, lucky)

    def wrong_actions(self, spot: Spot, offered: list[str]) -> list[str]:
        """The offered actions graded wrong at ``spot`` (all of them when none is)."""
        wrong = [a for a in offered if not self.right(spot, a)]
        return wrong or offered


def _novice_loss(evs: dict[str, float], best: str, lucky: bool) -> float:
    """What a pick among the offered actions loses: all of them (lucky), or only the wrong
    ones (an unrecalled answer is never right by luck)."""
    if lucky:
        return sum(evs[best] - ev for ev in evs.values()) / len(evs)
    wrong = [a for a in evs if grade(a, evs, best).verdict is Verdict.WRONG]
    return sum(evs[best] - evs[a] for a in wrong) / len(wrong) if wrong else 0.0


@cache
def _confused(w: World, situation: int, play: str, prior: str, lucky: bool
              ) -> tuple[float, float]:
    table = w.catalog
    classic = classic_play(table.rules)
    played = habit = 0.0
    for spot in table.spots[w.keys[situation]]:
        evs, top = table.evs(spot)
        if play in evs:
            weight = table.entry_weight.get(spot.table_key, 0.0)
            played += weight * (evs[top] - evs[play])
            habit += weight * (classic.loss[spot.table_key] if prior == "classic"
                               else _novice_loss(evs, top, lucky))
    return played, habit


def _column(up: int) -> int:
    return _COLUMNS.index(card_label(up))


def _row_group(up: int) -> str:
    """Up cards 2-6, 7-9, ten-ace."""
    return "low" if 2 <= up <= 6 else "mid" if 7 <= up <= 9 else "high"


def _items(table: Catalog, keys: tuple[str, ...], granularity: str) -> tuple[int, ...]:
    if granularity == "situation":
        return tuple(range(len(keys)))
    numbers: dict[str, int] = {}
    if granularity == "rule":
        facts = Facts.of(table)
        return tuple(numbers.setdefault(facts.of_situation[k], len(numbers)) for k in keys)
    if granularity == "row":
        rows = []
        for k in keys:
            s = table.situations[k]
            rows.append(numbers.setdefault(
                f"{s.stakes.value}|{s.hand_class}|{_row_group(s.up)}", len(numbers)))
        return tuple(rows)
    raise ValueError(f"granularity must be one of {GRANULARITIES}, not {granularity!r}")


def _neighbours(situations: list[Situation], play: tuple[str, ...]
                ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Each situation's neighbours with a different best play: the same context, stakes and
    hand class against the next up card either side; and the same with the other stakes."""
    at = {(s.context, s.stakes, s.hand_class, s.cards, s.up): i
          for i, s in enumerate(situations)}
    near, stakes = [], []
    for i, s in enumerate(situations):
        column = _column(s.up)
        ups = [u for u in range(1, 11) if abs(_column(u) - column) == 1]
        found = [at.get((s.context, s.stakes, s.hand_class, s.cards, u)) for u in ups]
        near.append(tuple(j for j in found if j is not None and play[j] != play[i]))
        other = StakeLabel.FREE if s.stakes is StakeLabel.REAL else StakeLabel.REAL
        j = at.get((s.context, other, s.hand_class, s.cards, s.up))
        stakes.append((j,) if j is not None and play[j] != play[i] else ())
    return tuple(near), tuple(stakes)


@cache
def world(preset_name: str, prior: str, granularity: str, lucky: bool = True) -> World:
    """The bench's picture of ``preset_name`` for one kind of learner (cached per process)."""
    table = catalog(preset(preset_name))
    classic = classic_play(table.rules)
    keys = tuple(sorted(table.situations))
    index = {k: i for i, k in enumerate(keys)}
    best: dict[str, str] = {}
    leak, play = [], []
    for key in keys:
        total = 0.0
        likeliest = max(table.spots[key], key=lambda s: (table.entry_weight.get(s.table_key,
                                                                                0.0), s.values))
        for spot in table.spots[key]:
            evs, top = table.evs(spot)
            best[spot.table_key] = top
            w = table.entry_weight.get(spot.table_key, 0.0)
            total += w * (classic.loss[spot.table_key] if prior == "classic"
                          else _novice_loss(evs, top, lucky))
        leak.append(total)
        play.append(best[likeliest.table_key])
    item = _items(table, keys, granularity)
    near, near_stakes = _neighbours([table.situations[k] for k in keys], tuple(play))
    return World(table, keys, index, item, max(item) + 1, tuple(leak),
                 tuple(table.weight[k] for k in keys), best, dict(classic.play), tuple(play),
                 near, near_stakes)
