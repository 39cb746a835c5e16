"""The progress file's schema: ordered, recorded migrations and the version they reach.

Each step is a sqlite-utils ``Migrations`` step, recorded by name in ``_sqlite_migrations``; the
number of steps applied is also kept in ``PRAGMA user_version``, so a file written by a newer
trainer (a higher version, or a step this code does not know) is recognised and refused.
Steps are only ever appended: a released step never changes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from sqlite_utils import Database, Migrations

MIGRATION_SET = "freebet-progress"
APPLICATION_ID = 0x46425431  # "FBT1": marks the file as a Free Bet Trainer progress file

MIGRATIONS = Migrations(MIGRATION_SET)
_steps: list[str] = []


def _step(fn: Callable[[Database], None]) -> Callable[[Database], None]:
    """Register ``fn`` as the next migration step (its function name is its recorded name)."""
    _steps.append(fn.__name__)
    return MIGRATIONS(name=fn.__name__)(fn)


@_step
def create_sessions_decisions_cards(db: Database) -> None:
    """Version 1: practice sessions, every graded decision, and each situation's fsrs card."""
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.table("sessions").create(
        {"id": int, "started": str, "ended": str, "preset": str, "mode": str, "settings": str},
        pk="id", not_null={"started", "preset", "mode", "settings"},
    )
    db.table("decisions").create(
        {
            "id": int, "session_id": int, "time": str, "preset": str, "mode": str,
            "situation_key": str, "cards": str, "dealer_up": str, "action": str,
            "best_action": str, "verdict": str, "ev_loss": float, "response_ms": int,
            "evs": str, "weight": float, "timed_out": int,
            # the try before this one of the same situation (preset + key), NULL for the first;
            # kept at write time so retention is a plain aggregate, not a window over history
            "previous_time": str, "previous_session": int,
        },
        pk="id", foreign_keys=[("session_id", "sessions", "id")],
        not_null={"session_id", "time", "preset", "mode", "situation_key", "cards", "dealer_up",
                  "action", "best_action", "verdict", "ev_loss", "response_ms", "evs", "weight",
                  "timed_out"},
    )
    decisions = db.table("decisions")
    # Two covering indexes serve the reviews without touching the rows: one in time order
    # (days, date ranges), one by situation in time order (situations, leaks, retention).
    decisions.create_index(["time", "preset", "mode", "verdict", "ev_loss", "response_ms",
                            "timed_out"], index_name="idx_decisions_time")
    decisions.create_index(["preset", "situation_key", "time", "id", "session_id", "mode",
                            "verdict", "ev_loss", "weight", "response_ms", "timed_out",
                            "previous_time", "previous_session"],
                           index_name="idx_decisions_preset_situation")
    decisions.create_index(["situation_key"])
    decisions.create_index(["session_id"])
    db.table("cards").create(
        {"preset": str, "situation_key": str, "card": str, "updated": str},
        pk=("preset", "situation_key"), not_null={"card", "updated"},
    )


@_step
def create_shoe_rounds(db: Database) -> None:
    """Version 2: full-shoe rounds with their money, so skill can be told apart from luck."""
    db.table("shoe_rounds").create(
        {
            "id": int, "session_id": int, "round": int, "time": str, "bets": str,
            "net_result": float, "expected_result": float, "cards": str,
        },
        pk="id", foreign_keys=[("session_id", "sessions", "id")],
        not_null={"session_id", "round", "time", "bets", "net_result", "expected_result",
                  "cards"},
    )
    db.table("shoe_rounds").create_index(["session_id", "round"], unique=True)


_TIME_INDEX = ["time", "preset", "mode", "verdict", "ev_loss", "response_ms", "timed_out"]
_SITUATION_INDEX = ["preset", "situation_key", "time", "id", "session_id", "mode", "verdict",
                    "ev_loss", "weight", "response_ms", "timed_out", "previous_time",
                    "previous_session"]


@_step
def add_undone(db: Database) -> None:
    """Version 3: an answer can be undone; the row stays, marked, and reviews leave it out.

    The two covering indexes are rebuilt with the mark, so the reviews still read no rows.
    """
    decisions = db.table("decisions")
    decisions.add_column("undone", int, not_null_default=0)
    db.execute("DROP INDEX idx_decisions_time")
    db.execute("DROP INDEX idx_decisions_preset_situation")
    decisions.create_index([*_TIME_INDEX, "undone"], index_name="idx_decisions_time")
    decisions.create_index([*_SITUATION_INDEX, "undone"],
                           index_name="idx_decisions_preset_situation")


@_step
def memory_fits_replace_cards(db: Database) -> None:
    """Version 4: the memory model fitted to each preset's answers replaces the fsrs cards.

    The cards were derived data (each situation's fsrs state, computed from the decisions); the
    study queue now rebuilds its picture of the player's memory from the decisions themselves,
    and keeps only the fitted parameters, so a session need not refit them every time.
    """
    db.table("cards").drop()
    db.table("memory_fits").create(
        {"preset": str, "first": float, "growth": float, "lapse": float, "cards": str,
         "log_likelihood": float, "answers": int, "updated": str},
        pk="preset", not_null={"first", "growth", "lapse", "cards", "log_likelihood",
                               "answers", "updated"},
    )


@_step
def counting_drills(db: Database) -> None:
    """Version 5: answers of the counting drills (modes ``count`` and ``index``; situation keys
    whose context is count, truecount, index or bet: :mod:`trainer.drills.counting.keys`).

    An older trainer cannot read those modes, so from this version on it refuses the file
    rather than misread it. The counting reviews read decisions by mode: an index serves them.
    """
    db.table("decisions").create_index(["mode", "preset", "time", "undone"],
                                       index_name="idx_decisions_mode")


@_step
def session_rules(db: Database) -> None:
    """Version 6: each session keeps the fingerprint of the rules its answers were graded by.

    A preset's name alone said which rules only while the preset never changed; with the
    fingerprint, a later release can change a preset and the reviews still tell the old rules
    from the new (:mod:`trainer.rules.releases`). Sessions already stored were graded by the
    rules the presets were first released with (version 0.1, frozen here like every released
    step), a custom rule set by the rules its label names; any other is left unknown (NULL).
    """
    db.table("sessions").add_column("rules", str)
    for name, fingerprint in _FIRST_RELEASED.items():
        db.execute("UPDATE sessions SET rules = ? WHERE preset = ?", [fingerprint, name])
    db.execute("UPDATE sessions SET rules = substr(preset, 8) WHERE preset LIKE 'custom-%' "
               "AND length(preset) > 7")


#: The presets' fingerprints as first released (version 0.1), for :func:`session_rules`: frozen
#: literals, since a released step must do the same to every file, whatever a later release's
#: presets are (``tests/progress/test_rule_versions.py`` ties them to the release list).
_FIRST_RELEASED = {"evolution": "8d5ec15c6387eead", "pot-of-gold": "d7585231ad7f29ba",
                   "pot-of-gold-8d": "7df75976b7fd98fe"}


@_step
def memory_pictures(db: Database) -> None:
    """Version 7: the study queue's picture of the player's memory, kept per preset, assumed
    play and memory model (:mod:`trainer.scheduler.picture`), with the last decision it took in
    (its time and id: a session then replays only the answers after it) and the rows it could
    not read.

    Derived data, never the only copy: triggers drop a preset's picture when a decision it took
    in changes (an undo, a row edited by hand) or is deleted, and when a decision is stored
    before its last one (a clock set back), so a picture never outlives what it was made of.
    """
    db.table("memory_pictures").create(
        {"preset": str, "prior": str, "model": str, "last_time": str, "last_id": int,
         "unreadable": int, "made": str, "picture": bytes},
        pk=("preset", "prior", "model"),
        not_null={"last_time", "last_id", "unreadable", "made", "picture"})
    took_in = "(preset = {row}.preset AND ({row}.time, {row}.id) <= (last_time, last_id))"
    db.execute("CREATE TRIGGER memory_pictures_on_insert AFTER INSERT ON decisions BEGIN "
               "DELETE FROM memory_pictures WHERE preset = new.preset AND new.time < last_time; "
               "END")
    db.execute("CREATE TRIGGER memory_pictures_on_update AFTER UPDATE OF time, preset, "
               "situation_key, cards, verdict, ev_loss, undone ON decisions BEGIN "
               f"DELETE FROM memory_pictures WHERE {took_in.format(row='old')} "
               f"OR {took_in.format(row='new')}; END")
    db.execute("CREATE TRIGGER memory_pictures_on_delete AFTER DELETE ON decisions BEGIN "
               f"DELETE FROM memory_pictures WHERE {took_in.format(row='old')}; END")


@_step
def shoe_round_details(db: Database) -> None:
    """Version 8: each full-shoe round keeps its detail for the round history: the cards of
    every hand and the dealer's, each decision with its grade, each bet's result, the side bets
    apart (JSON: :class:`trainer.drills.round_history.RoundDetail`). Rounds stored before it
    have none (NULL): the history lists their cards and net as stored. An index serves the
    history's newest-first read.
    """
    db.table("shoe_rounds").add_column("detail", str)
    db.table("shoe_rounds").create_index(["time", "id"], index_name="idx_shoe_rounds_time")


@_step
def study_card_marks(db: Database) -> None:
    """Version 9: what the player did to cards in the card browser, one row per situation and
    action, only ever appended: ``suspend`` and ``unsuspend`` (the latest counts: a suspended
    situation is never asked in due mode), ``reset`` (the answers of that situation up to the
    reset are left out of the study queue: it is new again).

    A reset changes what a picture of the player's memory is made of: a trigger drops the
    preset's pictures as one is stored.
    """
    db.table("card_marks").create(
        {"id": int, "preset": str, "situation_key": str, "mark": str, "time": str},
        pk="id", not_null={"preset", "situation_key", "mark", "time"})
    db.table("card_marks").create_index(["preset", "situation_key", "id"],
                                        index_name="idx_card_marks_preset_situation")
    db.execute("CREATE TRIGGER card_marks_reset AFTER INSERT ON card_marks "
               "WHEN new.mark = 'reset' BEGIN "
               "DELETE FROM memory_pictures WHERE preset = new.preset; END")


@_step
def memory_fit_models(db: Database) -> None:
    """Version 10: the memory fit keeps the model it chose beyond its three parameters: the
    starting point the player's first answers show (``prior``; NULL for a fit stored before,
    made for the one assumed), the share of a novice's luck (``share``; NULL: all of it), and
    the fit's health check (``health``, JSON: the held-out log loss of the model, of a fixed
    guess and of FSRS-6, and the answers they were measured on; NULL: not measured).
    """
    fits = db.table("memory_fits")
    fits.add_column("prior", str)
    fits.add_column("share", float)
    fits.add_column("health", str)


@_step
def memory_fit_slip_curve(db: Database) -> None:
    """Version 11: the memory fit keeps the player's slip chance (``slip``: how often an answer
    comes out wrong whatever they hold) and forgetting curve (``curve``: ``power`` or
    ``exponential``); NULL for a fit stored before, read as no slips on the power curve.
    """
    fits = db.table("memory_fits")
    fits.add_column("slip", float)
    fits.add_column("curve", str)


@_step
def restored_files(db: Database) -> None:
    """Version 12: the files of answers kept when the trainer had to stop before it could save
    them (:mod:`trainer.progress.unsaved`), by name, once they are saved here: a file is saved
    once, even if the trainer is stopped again before it can remove it."""
    db.execute("CREATE TABLE restored_files (name TEXT PRIMARY KEY, time TEXT NOT NULL)")


#: A decision's key has six parts (a play), a counting answer's four (schema step 5).
_PLAY_KEY = "length(situation_key) - length(replace(situation_key, '|', '')) = 5"
#: A session of a shoe counted in the app: graded against the cards not yet seen, till v13.
_COUNTED_SHOE = ("CASE WHEN json_valid(settings) THEN json_type(settings, '$.shoe_seed') IS NOT "
                 "NULL AND coalesce(json_extract(settings, '$.count'), '') != '' ELSE 0 END")


@_step
def shoe_grades_apart(db: Database) -> None:
    """Version 13: a play's stored grade is the chart's; a play graded against a depleted
    shoe also keeps that grade (``shoe_best``, ``shoe_verdict``, ``shoe_ev_loss``,
    ``shoe_evs``; NULL when graded against the chart only), and ``apart`` marks a play kept
    apart from the chart's: the shoe's best play differs from the chart's, so the answer says
    nothing of the chart's play (the reviews and the study queue leave it out).

    Before, a shoe counted in the app stored its plays graded against the cards not yet seen
    alone, and the reviews merged them with the chart's answers of the same situation. Those
    plays are marked apart (their grade stays the shoe's: the chart was not asked). The two
    covering indexes are rebuilt with the mark, a small one finds the plays kept apart, the
    memory pictures (derived data) are dropped and the trigger that drops them is remade to
    watch the mark too.
    """
    decisions = db.table("decisions")
    for column, kind in (("shoe_best", str), ("shoe_verdict", str), ("shoe_ev_loss", float),
                         ("shoe_evs", str)):
        decisions.add_column(column, kind)
    decisions.add_column("apart", int, not_null_default=0)
    db.execute(f"UPDATE decisions SET apart = 1 WHERE {_PLAY_KEY} AND session_id IN "
               f"(SELECT id FROM sessions WHERE {_COUNTED_SHOE})")
    db.execute("DROP INDEX idx_decisions_time")
    db.execute("DROP INDEX idx_decisions_preset_situation")
    decisions.create_index([*_TIME_INDEX, "undone", "apart"], index_name="idx_decisions_time")
    decisions.create_index([*_SITUATION_INDEX, "undone", "apart"],
                           index_name="idx_decisions_preset_situation")
    db.execute("CREATE INDEX idx_decisions_apart ON decisions (preset, time) WHERE apart = 1")
    db.execute("DROP TRIGGER memory_pictures_on_update")
    took_in = "(preset = {row}.preset AND ({row}.time, {row}.id) <= (last_time, last_id))"
    db.execute("CREATE TRIGGER memory_pictures_on_update AFTER UPDATE OF time, preset, "
               "situation_key, cards, verdict, ev_loss, undone, apart ON decisions BEGIN "
               f"DELETE FROM memory_pictures WHERE {took_in.format(row='old')} "
               f"OR {took_in.format(row='new')}; END")
    db.execute("DELETE FROM memory_pictures")


@_step
def timeouts_are_misses(db: Database) -> None:
    """Version 14: a decision the timer ran out on is a miss of its own kind (``timed_out``),
    stored WRONG whatever the grade of the auto-decision the table took; before, it kept that
    grade (a time-out on hard 19 v 10, where the table stands, read as correct). The change
    drops the memory pictures that took those answers in (the schema's trigger)."""
    db.execute("UPDATE decisions SET verdict = 'wrong' WHERE timed_out = 1 "
               "AND verdict != 'wrong'")



@_step
def memory_fit_fsrs6(db: Database) -> None:
    """Version 15: the memory fit keeps FSRS-6's parameters where it chose FSRS-6 fitted to the
    player over its own model (``fsrs6``, JSON: 21 numbers; NULL: its own model)."""
    db.table("memory_fits").add_column("fsrs6", str)

STEPS: tuple[str, ...] = tuple(_steps)
SCHEMA_VERSION = len(STEPS)


@dataclass(frozen=True)
class FileState:
    """What an existing file says about itself, read without changing it."""

    version: int                 # PRAGMA user_version (steps applied)
    application_id: int
    has_tables: bool             # False for a new, empty file
    unknown_steps: tuple[str, ...]  # recorded steps this code does not know (a newer trainer)

    @property
    def is_newer(self) -> bool:
        """True when a newer trainer wrote the file: refuse it, never touch it."""
        return self.version > SCHEMA_VERSION or bool(self.unknown_steps)

    @property
    def is_foreign(self) -> bool:
        """True for an SQLite file that some other program made (not ours, not empty)."""
        return self.has_tables and self.application_id != APPLICATION_ID


def inspect(conn: sqlite3.Connection) -> FileState:
    """Read the file's version, owner and recorded steps (read-only queries only).

    All in one read transaction (unless the caller's is open): read apart, another process
    creating the file between two queries would show its tables but not yet its owner, and a
    new history would look like some other program's file.
    """
    own = not conn.in_transaction
    if own:
        conn.execute("BEGIN")
    try:
        return _inspect(conn)
    finally:
        if own:
            conn.rollback()


def _inspect(conn: sqlite3.Connection) -> FileState:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    application_id = conn.execute("PRAGMA application_id").fetchone()[0]
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    recorded: list[str] = []
    if Migrations.migrations_table in tables:
        recorded = [row[0] for row in conn.execute(
            f"SELECT name FROM {Migrations.migrations_table} WHERE migration_set = ?",
            [MIGRATION_SET])]
    unknown = tuple(name for name in recorded if name not in STEPS)
    return FileState(version, application_id, bool(tables), unknown)


def migrate(db: Database, upto: int = SCHEMA_VERSION) -> list[str]:
    """Apply the pending steps up to version ``upto`` and record the version; returns their names.

    Runs inside the caller's transaction when one is open (each step then uses a savepoint).
    """
    before = [step.name for step in MIGRATIONS.pending(db)]
    stop = STEPS[upto] if upto < SCHEMA_VERSION else None
    MIGRATIONS.apply(db, stop_before=stop)
    applied = [name for name in before if name not in {s.name for s in MIGRATIONS.pending(db)}]
    version = len(MIGRATIONS.applied(db))
    db.execute(f"PRAGMA user_version = {version}")
    return applied
