"""Which decisions a listing or review covers (preset, mode, time range), and UTC time text.

Times are stored as ISO 8601 UTC text ("2026-11-29T13:50:26Z"), so a time range is a plain
text comparison that the ``time`` indexes serve.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time

from trainer.teaching.records import COUNTING_KEY_PARTS, MOST_LOST, Mode

TimeBound = datetime | date | str


def utc_text(moment: datetime) -> str:
    """``moment`` as stored: ISO 8601 in UTC with a Z, whole seconds unless it has a fraction.

    A naive datetime is taken to be UTC already.
    """
    moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    spec = "microseconds" if moment.microsecond else "seconds"
    return moment.replace(tzinfo=None).isoformat(timespec=spec) + "Z"


def canonical_time(text: str) -> str:
    """A decision's ISO 8601 time normalised to stored form; raises ValueError if not UTC-aware.

    "2026-11-29T13:50:26Z" is kept as it is; "+00:00" becomes "Z"; other offsets are
    converted to UTC.
    """
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise ValueError(f"decision time {text!r} has no time zone (expected UTC, e.g. ...Z)")
    return utc_text(moment)


def _bound(value: TimeBound) -> str:
    """A range bound as text comparable with stored times (whole seconds, no Z).

    Leaving the Z off makes a bound sort before every stored time of the same second, so
    ``since`` includes that second and ``until`` excludes it, fractions of a second included.
    """
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if not isinstance(value, datetime):
        value = datetime.combine(value, time(), tzinfo=UTC)
    return utc_text(value.replace(microsecond=0))[:-1]


def readable_loss_sql(table: str = "decisions") -> str:
    """SQL true for a row of ``table`` whose EV lost a graded decision can have
    (:func:`trainer.teaching.records.readable_loss`): a stored number from 0 to below
    :data:`~trainer.teaching.records.MOST_LOST`."""
    loss = f"{table}.ev_loss"
    return f"typeof({loss}) IN ('integer', 'real') AND {loss} >= 0 AND {loss} < {MOST_LOST!r}"


def counting_key_sql(table: str = "decisions") -> str:
    """SQL true for a row of ``table`` whose situation key has
    :data:`~trainer.teaching.records.COUNTING_KEY_PARTS` parts, a counting answer's (a play's
    has six): at least that many ``|``-separated parts and not one more.

    Two GLOBs rather than counting the separators with ``replace()``: the same rows (NULL for
    a NULL key, as before), read in about half the time, since no string is made per row; every
    play review tests each row it reads (bench/history.py, docs/speed.md)."""
    key = f"{table}.situation_key"
    fewest = "*" + "|*" * (COUNTING_KEY_PARTS - 1)
    return f"({key} GLOB '{fewest}' AND {key} NOT GLOB '{fewest}|*')"


@dataclass(frozen=True)
class Filter:
    """Decisions of one preset and/or mode, from ``since`` (inclusive) to ``until`` (exclusive),
    answers the player undid and plays kept apart from the chart's (graded at a depleted shoe
    whose best play differs: :attr:`~trainer.teaching.records.GradedDecision.apart`) left out,
    and rows whose EV lost no decision can have (damaged: :func:`readable_loss_sql`; the
    study queue leaves them out too, and says so).

    Bounds are datetimes (naive ones are UTC), dates (midnight UTC) or ISO 8601 text, to the
    whole second. ``None`` means no restriction.
    """

    preset: str | None = None
    mode: Mode | None = None
    since: TimeBound | None = None
    until: TimeBound | None = None
    with_undone: bool = False    # undone answers are left out unless asked for (the export)
    with_damaged: bool = False   # so are rows whose EV lost cannot be right (the export: as is)
    with_apart: bool = False     # so are plays kept apart from the chart's (the export)
    plays_only: bool = False     # leave every counting answer out (the play reviews): the
    #                              counting drills' and a counted shoe's bets, index plays, checks

    def sql(self, table: str = "decisions", *, time_and_mode: bool = True) -> tuple[str, list]:
        """A WHERE condition on ``table``'s columns and its parameters ("1" when unfiltered).

        ``time_and_mode=False`` keeps only the preset condition (for whole-history windows).
        """
        parts: list[str] = [] if self.with_undone else [f"{table}.undone = 0"]
        if not self.with_damaged:
            parts.append(readable_loss_sql(table))
        if not self.with_apart:
            parts.append(f"{table}.apart = 0")
        params: list[object] = []
        if self.preset is not None:
            parts.append(f"{table}.preset = ?")
            params.append(self.preset)
        if self.plays_only:     # a counting key has 4 parts, a decision's 6 (drills.counting.keys)
            parts.append(f"NOT {counting_key_sql(table)}")
        if time_and_mode and self.mode is not None:
            parts.append(f"{table}.mode = ?")
            params.append(self.mode.value)
        if time_and_mode and self.since is not None:
            parts.append(f"{table}.time >= ?")
            params.append(_bound(self.since))
        if time_and_mode and self.until is not None:
            parts.append(f"{table}.time < ?")
            params.append(_bound(self.until))
        return (" AND ".join(parts) or "1"), params


EVERYTHING = Filter()
