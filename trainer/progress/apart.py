"""The plays kept apart from the chart's: graded at a depleted shoe whose best play differs.

A play of a counted shoe is graded against the cards not yet seen as well as against the chart
(:class:`~trainer.teaching.records.ShoeGrade`). Where that shoe's best play differs from the
chart's, the answer says nothing of the chart's play: the reviews, the leaks and the study queue
leave it out (:class:`~trainer.progress.filters.Filter`), and Progress and ``stats`` say how many
there are and show the latest as such ("at that shoe: stand; the chart: hit").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from trainer.progress.filters import EVERYTHING, Filter
from trainer.progress.store import DECISION_COLUMNS, ProgressStore, decision_from_row
from trainer.teaching.records import GradedDecision
from trainer.teaching.situations import Situation


@dataclass(frozen=True)
class KeptApart:
    """The plays kept apart from the chart's (graded at a depleted shoe whose best play
    differs): how many the filter covers, and the latest few, newest first."""

    count: int = 0
    latest: tuple[GradedDecision, ...] = ()

    def lines(self) -> list[str]:
        """The latest as a player reads them: "soft 18 v A, after drawing (3 cards): at that
        shoe: stand; the chart: hit"."""
        said = []
        for d in self.latest:
            try:
                what = Situation.from_key(d.situation_key).describe()
            except ValueError:
                what = d.situation_key
            said.append(f"{what}: {d.apart_words()}")
        return said


def kept_apart(store: ProgressStore, only: Filter = EVERYTHING, latest: int = 3) -> KeptApart:
    """The plays ``only`` covers that are kept apart from the chart's (:class:`KeptApart`)."""
    where, params = replace(only, with_apart=True).sql()
    where = f"{where} AND decisions.apart = 1"
    count = store.tuples(f"SELECT COUNT(*) FROM decisions WHERE {where}", params)[0][0]
    if not count:
        return KeptApart()
    rows = store.tuples(f"SELECT {', '.join(DECISION_COLUMNS)} FROM decisions WHERE {where} "
                        "ORDER BY time DESC, id DESC LIMIT ?", [*params, latest])
    return KeptApart(count, tuple(decision_from_row(dict(zip(DECISION_COLUMNS, row,
                                                              strict=True))) for row in rows))


__all__ = ["KeptApart", "kept_apart"]
