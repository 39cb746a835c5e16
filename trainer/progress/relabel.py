"""Moving a rule set's answers from the label they were filed under to the label they are
filed under now, once, in one transaction, nothing lost.

A rule set's answers are filed by its rules of play (:func:`trainer.rules.releases.
history_label`); before that by its table identity, side bets included
(:mod:`trainer.rules.former_labels`). When a rule set whose two labels differ is used, its
answers under the former label are moved to the new one (:func:`adopt`): the sessions, every
answer with its situation key (the key starts with the label), the card browser's marks and
the memory fit. The rest is kept as it was (each session keeps the identity of the rules it was
graded by); where the new label has answers already (a rules file that only took away a side
bet joins its base's history), each situation's tries are linked again in time order, and the
pictures of the player's memory of both labels (derived data) are dropped, to be made again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.progress.study_tables import _Store
from trainer.rules import RuleSet, releases
from trainer.rules.former_labels import former_label

if TYPE_CHECKING:
    from trainer.progress.store import ProgressStore


@dataclass(frozen=True)
class Moved:
    """What a relabelling moved: sessions, answers and card marks."""

    sessions: int = 0
    answers: int = 0
    marks: int = 0


#: A situation key under the label ``?1`` given a label ``?2`` (the key's first part).
_KEY = "CASE WHEN substr(situation_key, 1, length(?1) + 1) = ?1 || '|' " \
       "THEN ?2 || substr(situation_key, length(?1) + 1) ELSE situation_key END"
#: Each kept try of a label linked to the one before it (as ``store._relink`` links one).
_LINKS = ("WITH tries AS (SELECT id, LAG(time) OVER w AS before_time, "
          "LAG(session_id) OVER w AS before_session FROM decisions "
          "WHERE preset = ? AND undone = 0 "
          "WINDOW w AS (PARTITION BY situation_key ORDER BY time, id)) "
          "UPDATE decisions SET previous_time = tries.before_time, "
          "previous_session = tries.before_session FROM tries WHERE decisions.id = tries.id "
          "AND (previous_time IS NOT tries.before_time "
          "OR previous_session IS NOT tries.before_session)")
_TABLES = ("sessions", "decisions", "card_marks", "memory_fits")


class Relabelling:
    """The store's relabelling (a part of :class:`~trainer.progress.store.ProgressStore`)."""

    def relabel(self: _Store, old: str, new: str) -> Moved:
        """Move everything filed under ``old`` to ``new`` in one transaction."""
        if old == new or not any(self.tuples(f"SELECT 1 FROM {table} WHERE preset = ? LIMIT 1",
                                             (old,)) for table in _TABLES):
            return Moved()
        with self._transaction() as conn:
            joining = conn.execute("SELECT 1 FROM decisions WHERE preset = ? LIMIT 1",
                                   (new,)).fetchone() is not None
            sessions = conn.execute("UPDATE sessions SET preset = ? WHERE preset = ?",
                                    (new, old)).rowcount
            answers = conn.execute(f"UPDATE decisions SET preset = ?2, situation_key = {_KEY} "
                                   "WHERE preset = ?1", (old, new)).rowcount
            marks = conn.execute(f"UPDATE card_marks SET preset = ?2, situation_key = {_KEY} "
                                 "WHERE preset = ?1", (old, new)).rowcount
            conn.execute("DELETE FROM memory_fits WHERE preset = ?1 AND EXISTS (SELECT 1 FROM "
                         "memory_fits WHERE preset = ?2)", (old, new))
            conn.execute("UPDATE memory_fits SET preset = ? WHERE preset = ?", (new, old))
            conn.execute("DELETE FROM memory_pictures WHERE preset IN (?, ?)", (old, new))
            if joining:
                conn.execute(_LINKS, (new,))
        return Moved(sessions, answers, marks)


def adopt(store: ProgressStore, rules: RuleSet) -> Moved:
    """File ``rules``' answers kept under their former label under their label now (nothing
    when the two labels are one, or nothing is under the former). Call it before their
    answers are read for a session; a read-only store is left as it is."""
    now = releases.history_label(rules)
    former = former_label(rules, now)
    if former is None or store.read_only:
        return Moved()
    return store.relabel(former, now)


__all__ = ["Moved", "Relabelling", "adopt"]
