"""One learner taught by one scheduler, and the learners' parameters."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .learner import Learner
from .teachers import TEACHERS, AppTeacher, Make
from .timetable import sessions
from .world import world

DEFAULTS: dict[str, Any] = {
    "preset": "evolution", "prior": "classic", "granularity": "situation", "s0_days": 0.02,
    "growth": 10, "lapse": 0.3, "per_day": 100, "target": 0.1, "max_reviews": 20000, "seeds": 5,
    "curve": "fsrs4", "decay": 0.5, "base": 0.9, "model": "formula", "w": None,
    "interference": 0.0, "interfere_stakes": False, "confusion": 0.0, "slip": 0.0,
    "lucky": True, "difficulty_sigma": 0.0, "schedule": "daily", "gap_days": [1, 3],
    "per_session": [30, 200], "assumed": None,
}
CHECKPOINTS = (500, 1000, 2000, 5000)
ANSWER_GAP_DAYS = 10 / 86400
RESPONSE_DAYS = 5 / 86400


@dataclass(frozen=True)
class Run:
    """One learner taught by one scheduler: the leak at each session start, and when it hit
    the target."""

    leaks: tuple[tuple[int, float], ...]      # (answers given, leak) at each session start
    reviews_to_target: int | None
    days_to_target: int | None
    #: the memory model's health check on the run's answers (the app's schedulers only):
    #: :meth:`trainer.scheduler.health.Health.to_plain`, FSRS-6 fitted among the models
    health: dict[str, Any] | None = None

    def leak_after(self, answers: int) -> float | None:
        """The leak at the first session start after ``answers`` answers."""
        return next((leak for n, leak in self.leaks if n >= answers), None)

    def area(self, upto: int = CHECKPOINTS[-1]) -> float:
        """The mean leak over the first ``upto`` answers (the area under the leak curve, leak
        linear between session starts, over ``upto``; over the answers run, if fewer)."""
        total, end = 0.0, 0
        for (n0, y0), (n1, y1) in itertools.pairwise(self.leaks):
            if n0 >= upto:
                break
            top = min(n1, upto)
            y_top = y0 + (y1 - y0) * (top - n0) / (n1 - n0) if n1 > n0 else y1
            total += (y0 + y_top) / 2 * (top - n0)
            end = top
        return total / end if end else self.leaks[0][1]


def run(params: dict[str, Any], scheduler: str, seed: int,
        teachers: dict[str, Make] = TEACHERS) -> Run:
    """Teach one learner with one scheduler until it reaches the target (and at least the last
    checkpoint) or ``max_reviews``."""
    w = world(params["preset"], params["prior"], params["granularity"], bool(params["lucky"]))
    learner = Learner(w, params, seed)
    teacher = teachers[scheduler](w, params, seed)
    target, limit = float(params["target"]), int(params["max_reviews"])
    leaks: list[tuple[int, float]] = []
    reached: tuple[int, int] | None = None
    answers = 0
    for day, count in sessions(params, seed):
        leak = learner.leak(day)
        leaks.append((answers, leak))
        if reached is None and leak <= target:
            reached = (answers, day)
        if (reached is not None and answers >= CHECKPOINTS[-1]) or answers >= limit:
            break
        teacher.start_day(day)
        for i in range(count):
            shown = day + i * ANSWER_GAP_DAYS
            spot, offered = teacher.ask(shown)
            answered = shown + RESPONSE_DAYS
            teacher.tell(spot, learner.answer(spot, offered, answered), answered)
        answers += count
    check = teacher.health_check() if isinstance(teacher, AppTeacher) else None
    return Run(tuple(leaks), reached[0] if reached else None, reached[1] if reached else None,
               None if check is None else check.to_plain())


def job(args: tuple[str, dict[str, Any], str, int]) -> tuple[str, str, int, Run]:
    """One run of the bench's pool: (learner name, parameters, scheduler, seed)."""
    name, params, scheduler, seed = args
    return name, scheduler, seed, run(params, scheduler, seed)


def complete(extra: dict[str, Any], where: str) -> dict[str, Any]:
    """A learner's parameters: the defaults with ``extra`` (unknown keys refused)."""
    unknown = set(extra) - set(DEFAULTS)
    if unknown:
        raise SystemExit(f"{where}: unknown learner parameters {sorted(unknown)}")
    return {**DEFAULTS, **extra}


def from_files(files: Sequence[str]) -> dict[str, dict[str, Any]]:
    """One learner per ``--learner`` file, named by the file's stem."""
    return {Path(f).stem: complete(json.loads(Path(f).read_text()), f) for f in files}
