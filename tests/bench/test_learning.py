"""The learning bench's learner model and schedulers (short runs; the bench itself is not run)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from trainer.drills.flashcards import FlashcardSession, FlashMode


def _bench() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "bench" / "learning.py"
    spec = importlib.util.spec_from_file_location("learning_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return _bench()


def _params(bench: ModuleType, **changes: object) -> dict:
    return {**bench.DEFAULTS, **changes}


def test_the_learner_starts_at_its_priors_leak(bench: ModuleType) -> None:
    classic = bench.Learner(bench.world("evolution", "classic", "situation"),
                            _params(bench), seed=0)
    novice = bench.Learner(bench.world("evolution", "novice", "rule"),
                           _params(bench, prior="novice", granularity="rule"), seed=0)
    assert classic.leak(0.0) == pytest.approx(2.6885, abs=5e-4)
    assert novice.leak(0.0) == pytest.approx(45.72, abs=0.01)


def test_the_learner_model_as_written(bench: ModuleType) -> None:
    """R = (1 + t/(9S))^-1; first review S = s0; recalled S(1 + g(1-R)) + s0; else
    max(s0, lapse S); a rule learner shares one item across a fact's situations."""
    w = bench.world("evolution", "classic", "rule")
    learner = bench.Learner(w, _params(bench, granularity="rule"), seed=0)
    table = w.catalog
    first = table.spots["evolution|first|real|hard16|2|v10"][0]
    drawn = table.spots["evolution|drawn|real|hard16|3|v10"][0]
    item = w.item[w.index[first.situation.key]]
    assert w.item[w.index[drawn.situation.key]] == item
    learner.answer(first, ["hit", "stand"], 1.0)
    assert learner.stability[item] == 0.02 and learner.last[item] == 1.0
    r = learner.recall(item, 1.5)
    assert r == pytest.approx(1 / (1 + 0.5 / 0.18))
    learner.rng.random = lambda: 0.0                    # recalls
    assert learner.answer(drawn, ["hit", "stand"], 1.5) == "hit"
    assert learner.stability[item] == pytest.approx(0.02 * (1 + 10 * (1 - r)) + 0.02)
    learner.rng.random = lambda: 0.999                  # does not recall: classic play
    s = learner.stability[item]
    learner.answer(first, ["hit", "stand"], 2.5)
    assert learner.stability[item] == pytest.approx(max(0.02, 0.3 * s))


@pytest.mark.parametrize("scheduler", ["app", "v0.1", "random", "natural", "leitner"])
def test_every_scheduler_teaches_a_short_run_repeatably(bench: ModuleType,
                                                        scheduler: str) -> None:
    params = _params(bench, max_reviews=300)
    first = bench.run(params, scheduler, 1)
    assert first == bench.run(params, scheduler, 1)
    assert [n for n, _ in first.leaks] == [0, 100, 200, 300]
    assert first.leaks[0][1] == pytest.approx(2.6885, abs=5e-4)
    assert first.reviews_to_target is None


def test_the_app_scheduler_is_the_apps_own_session(bench: ModuleType) -> None:
    w = bench.world("evolution", "classic", "situation")
    teacher = bench.AppTeacher(w, _params(bench), 0)
    teacher.start_day(0.0)
    assert type(teacher.session) is FlashcardSession and teacher.session.mode is FlashMode.DUE
    spot, offered = teacher.ask(0.0)
    assert spot.situation.key == "evolution|first|real|hard11|2|v10" and "hit" in offered


def test_the_report_has_the_issues_shape(bench: ModuleType, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    learner = tmp_path / "quick.json"
    learner.write_text(json.dumps({"max_reviews": 200, "seeds": 1}))
    assert bench.main(["--json", "--only", "quick", "--learner", str(learner),
                       "--schedulers", "app,natural", "--workers", "1",
                       "--plot", str(tmp_path / "leak.png")]) == 0
    report = json.loads(capsys.readouterr().out)
    entry = report["learners"]["quick"]
    assert entry["params"]["max_reviews"] == 200
    for scheduler in ("app", "natural"):
        got = entry["schedulers"][scheduler]
        assert set(got) == {"reviews_to_target", "days_to_target", "leak_after"}
        assert set(got["leak_after"]) == {"500", "1000", "2000"}
    assert (tmp_path / "leak.png").read_bytes()[:4] == b"\x89PNG"
