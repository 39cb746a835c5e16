"""The player's own earlier decisions in one situation, as a decision button's share.

The live game shows other players' choices on its buttons; the trainer shows the player's own
(:mod:`trainer.drills.shares`): the last :data:`LAST` decisions kept in the exact situation
(rules, hand, stakes, dealer's up card), undone answers left out. The query walks the store's
index by situation in time order (``idx_decisions_preset_situation``) from the newest back, so
it reads only those rows, however long the history (bench/shares.py measures it).
"""

from __future__ import annotations

from trainer.drills.shares import Shares, Whose
from trainer.drills.shoe_practice import ShoePractice
from trainer.rules import Action
from trainer.teaching.situations import Situation, round_spot

from .store import ProgressStore

#: How many of the player's latest decisions in a situation a share counts.
LAST = 20

_QUERY = ("SELECT action FROM decisions WHERE preset = ? AND situation_key = ? AND undone = 0 "
          "ORDER BY time DESC, id DESC LIMIT ?")


def own_shares(store: ProgressStore, situation_key: str, last: int = LAST) -> Shares:
    """The player's latest ``last`` kept decisions in the situation of ``situation_key``
    (an action no longer known is left out)."""
    preset = Situation.from_key(situation_key).preset
    taken = []
    for (value,) in store.tuples(_QUERY, (preset, situation_key, int(last))):
        try:
            taken.append(Action(value))
        except ValueError:
            continue
    return Shares.of(Whose.YOURS, taken)


def table_shares(store: ProgressStore, practice: ShoePractice) -> tuple[Shares, Shares]:
    """The shares of the decision ``practice`` awaits: the player's own (from ``store``) and
    the computer seats' this shoe (none counted at a table without them). RuntimeError when
    no decision is awaited."""
    if practice.round is None or not practice.awaiting:
        raise RuntimeError("no decision is awaited")
    key = round_spot(practice.round).situation.key
    return own_shares(store, key), practice.seat_decisions.shares(key)


__all__ = ["LAST", "own_shares", "table_shares"]
