"""A seeded progress history (written with the store API) for the dashboard, progress page and
settings tests, and the screenshots."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from trainer.progress.store import ProgressStore
from trainer.progress.study_tables import StudyTables
from trainer.teaching.records import GradedDecision, Mode, Verdict

#: The situation the seeded player always gets wrong (and loses the most on).
ALWAYS_MISSED = "evolution|first|real|hard14|2|v10"
UPS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
CLASSES = ("hard12", "hard13", "hard15", "hard16", "soft17", "soft18", "hard9", "hard11",
           "pair8", "pairA")
START = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)
#: Cards as dealt for each class (what the study queue reads back into table entries).
CARDS = {"hard12": "10♠ 2♦", "hard13": "10♠ 3♦", "hard14": "10♠ 4♦", "hard15": "10♠ 5♦",
         "hard16": "10♠ 6♦", "soft17": "A♠ 6♦", "soft18": "A♠ 7♦", "hard9": "5♠ 4♦",
         "hard11": "8♠ 3♦", "pair8": "8♠ 8♦", "pairA": "A♠ A♦"}


def keys() -> list[str]:
    """The seeded situations: ten classes against every up card, first decision."""
    return [f"evolution|first|real|{c}|2|v{u}" for c in CLASSES for u in UPS] + [ALWAYS_MISSED]


def seed(path: Path, days: int = 20, per_day: int = 40, seed_value: int = 7) -> list[str]:
    """Write ``days`` days of practice (one session a day) to a new progress file at
    ``path``: about one answer in six wrong, and :data:`ALWAYS_MISSED` wrong every time; the
    first answer in each chart row is classic basic strategy's (a player who knows it, as the
    trainer assumes by default). Returns the keys."""
    from trainer.rules import preset
    from trainer.teaching.curriculum import Prior, curriculum

    course = curriculum(preset("evolution"), Prior.CLASSIC)
    rows: set[str] = set()
    rng = random.Random(seed_value)
    situations = keys()
    missed = situations[-1]
    with ProgressStore.open(path) as store:
        for day in range(days):
            began = START + timedelta(days=day)
            mode = Mode.FLASHCARDS if day % 3 else Mode.SHOE
            session = store.start_session("evolution", mode, {}, at=began)
            for i in range(per_day):
                key = missed if i % 8 == 0 else rng.choice(situations[:-1])
                wrong = key == missed or rng.random() < 0.15
                if course.row(key) not in rows and key != missed:
                    rows.add(course.row(key))
                    wrong = course.opening_odds(key)[1] < 0.5
                moment = began + timedelta(seconds=20 * i)
                store.record_decision(session, GradedDecision(
                    time=moment.isoformat().replace("+00:00", "Z"), preset="evolution",
                    mode=mode, situation_key=key, cards=CARDS[key.split("|")[3]],
                    dealer_up=key.rsplit("|v", 1)[1],
                    action="stand" if wrong else "hit", best_action="hit",
                    verdict=Verdict.WRONG if wrong else Verdict.CORRECT,
                    ev_loss=(0.08 if key == missed else rng.uniform(0.005, 0.05)) if wrong
                    else 0.0, response_ms=int(rng.lognormvariate(7.6 - day * 0.02, 0.4)),
                    weight=0.01 if key == missed else rng.uniform(0.001, 0.004)))
            store.end_session(session, at=began + timedelta(minutes=20))
    return situations


def count_study_rows(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """From now on, how many answer rows each read of the study queue's answers returns (one
    entry per read): 0 when a kept picture held everything."""
    read: list[int] = []
    rows_of = StudyTables.study_rows

    def counted(self: StudyTables, preset: str, **marks: object) -> list:
        rows = rows_of(self, preset, **marks)      # type: ignore[arg-type]
        read.append(len(rows))
        return rows
    monkeypatch.setattr(StudyTables, "study_rows", counted)
    return read
