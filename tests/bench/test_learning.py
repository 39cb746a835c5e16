"""The learning bench's learners and schedulers (short runs; the bench itself is not run)."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import pytest
from learning import __main__ as command
from learning.families import named
from learning.learner import Learner
from learning.memory import FsrsMemory, curve
from learning.report import ratio
from learning.runs import DEFAULTS, Run, run
from learning.teachers import SCHEDULERS, AppTeacher, MassedTeacher, ToldTeacher
from learning.timetable import sessions
from learning.world import world

from trainer.drills.flashcards import FlashcardSession, FlashMode


def _params(**changes: object) -> dict:
    return {**DEFAULTS, **changes}


def test_the_learner_starts_at_its_priors_leak() -> None:
    classic = Learner(world("evolution", "classic", "situation"), _params(), seed=0)
    novice = Learner(world("evolution", "novice", "rule"),
                     _params(prior="novice", granularity="rule"), seed=0)
    unlucky = Learner(world("evolution", "novice", "rule", False),
                      _params(prior="novice", granularity="rule", lucky=False), seed=0)
    assert classic.leak(0.0) == pytest.approx(2.6885, abs=5e-4)
    assert novice.leak(0.0) == pytest.approx(45.72, abs=0.01)
    assert unlucky.leak(0.0) > 1.1 * novice.leak(0.0)     # only wrong picks: it loses more


def test_the_learner_model_as_written() -> None:
    """R = (1 + t/(9S))^-1; first review S = s0; recalled S(1 + g(1-R)) + s0; else
    max(s0, lapse S); a rule learner shares one item across a fact's situations."""
    w = world("evolution", "classic", "rule")
    learner = Learner(w, _params(granularity="rule"), seed=0)
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


def test_each_curve_is_point_nine_at_its_stability() -> None:
    for extra in ({"curve": "fsrs4"}, {"curve": "power", "decay": 0.2},
                  {"curve": "exponential", "base": 0.9}):
        r = curve(_params(**extra))
        assert r(3.0, 3.0) == pytest.approx(0.9)
        assert r(0.0, 3.0) == 1.0 and r(30.0, 3.0) < r(6.0, 3.0) < 0.9
    assert curve(_params(curve="exponential"))(2.0, 1.0) == pytest.approx(0.81)
    assert curve(_params(curve="power", decay=0.5))(1.0, 1.0) == pytest.approx(
        (1 + (0.9 ** -2 - 1)) ** -0.5)


def test_rows_cover_a_chart_row_and_a_column_group() -> None:
    w = world("evolution", "novice", "row")
    at = w.index
    two, six, seven = (w.item[at[f"evolution|first|real|hard12|2|v{u}"]] for u in (2, 6, 7))
    assert two == six != seven
    assert w.item[at["evolution|drawn|real|hard12|3|v2"]] == two     # any context
    assert w.item[at["evolution|first|real|hard13|2|v2"]] != two
    assert w.items < world("evolution", "novice", "rule").items


def test_unlucky_novices_never_guess_right() -> None:
    w = world("evolution", "novice", "rule", False)
    learner = Learner(w, _params(prior="novice", granularity="rule", lucky=False), seed=3)
    spot = w.catalog.spots["evolution|first|real|hard16|2|v10"][0]
    offered = list(w.catalog.evs(spot)[0])
    plays = {learner.answer(spot, offered, float(day)) for day in range(0, 2000, 100)}
    assert plays and not any(w.right(spot, a) for a in plays)


def test_slips_confusion_and_interference() -> None:
    w = world("evolution", "novice", "situation")
    spot_of = {k: w.catalog.spots[k][0] for k in w.keys}
    key = next(k for i, k in enumerate(w.keys) if w.near[i])
    here = w.index[key]
    near = w.keys[w.near[here][0]]
    offered = list(w.catalog.evs(spot_of[near])[0])
    params = _params(prior="novice", confusion=1.0, interference=0.5)
    learner = Learner(w, params, seed=0)
    learner.answer(spot_of[near], offered, 0.0)           # the neighbour has memory
    s = learner.stability[w.item[w.index[near]]]
    learner.answer(spot_of[key], list(w.catalog.evs(spot_of[key])[0]), 0.5)   # R was 0
    assert learner.stability[w.item[w.index[near]]] == pytest.approx(s * 0.5)
    assert learner.confused[w.index[near]] == w.play[here]
    leak = learner.leak(0.6)
    if w.play[here] in offered:
        assert learner.answer(spot_of[near], offered, 0.6) == w.play[here]   # c = 1
        assert learner.leak(0.6) != leak
    slipping = Learner(w, _params(prior="novice", slip=1.0), seed=0)
    plays = {slipping.answer(spot_of[key], offered, 0.0) for _ in range(30)}
    assert plays <= set(offered) and len(plays) > 1


def test_the_fsrs6_learner_is_py_fsrs() -> None:
    memory = FsrsMemory(3, _params(model="fsrs6"), 0)
    memory.review(0, 1.0, True)
    card = memory.cards[0]
    assert card is not None and card.stability == pytest.approx(2.3065)   # w2: Good first
    assert memory.recall(0, 1.0 + 2.3065 * 0) == 1.0
    assert memory.recall(0, 3.0) < 1.0 and memory.recall(1, 3.0) == 0.0


def test_irregular_sessions_follow_their_ranges() -> None:
    found = []
    for day, count in sessions(_params(schedule="irregular"), 4):
        found.append((day, count))
        if len(found) == 50:
            break
    days = [d for d, _ in found]
    assert all(30 <= n <= 200 for _, n in found)
    assert {b - a for a, b in itertools.pairwise(days)} <= {1, 2, 3}
    assert len({n for _, n in found}) > 10


@pytest.mark.parametrize("scheduler", SCHEDULERS)
def test_every_scheduler_teaches_a_short_run_repeatably(scheduler: str) -> None:
    params = _params(max_reviews=300)
    first = run(params, scheduler, 1)
    assert first == run(params, scheduler, 1)
    assert [n for n, _ in first.leaks] == [0, 100, 200, 300]
    assert first.leaks[0][1] == pytest.approx(2.6885, abs=5e-4)
    assert first.reviews_to_target is None


def test_the_app_scheduler_is_the_apps_own_session() -> None:
    w = world("evolution", "classic", "situation")
    teacher = AppTeacher(w, _params(), 0)
    teacher.start_day(0.0)
    assert type(teacher.session) is FlashcardSession and teacher.session.mode is FlashMode.DUE
    spot, offered = teacher.ask(0.0)
    assert "hit" in offered and spot.situation.key in teacher.session.course.leak


def test_the_told_app_starts_each_session_from_the_learners_own_memory() -> None:
    params = named()["novice-irregular"]
    w = world("evolution", "novice", "rule")
    teacher = ToldTeacher(w, params, 0)
    teacher.start_day(0.0)
    for i in range(60):
        spot, offered = teacher.ask(i / 8640)
        teacher.tell(spot, offered[0], i / 8640 + 1e-5)
    teacher.start_day(2.0)
    queue = teacher.session.queue if teacher.session else None
    assert queue is not None and queue.fit is not None and not queue.refitted
    p = queue.params
    assert (p.first, p.growth, p.lapse, p.slip, p.curve) == (0.02, 10.0, 0.3, 0.0, "power")
    assert queue.mapping == "facts" and queue.fit.answers == 60
    assert p.share == queue.origin.share


@pytest.mark.parametrize("change", [{"curve": "power"}, {"model": "fsrs6"},
                                    {"curve": "exponential", "base": 0.8},
                                    {"difficulty_sigma": 0.7}])
def test_the_told_app_refuses_a_memory_the_app_cannot_state(change: dict) -> None:
    w = world("evolution", "classic", "situation")
    with pytest.raises(SystemExit, match="cannot state this learner"):
        ToldTeacher(w, _params(**change), 0)


def test_the_app_is_told_the_assumed_start_not_the_learners() -> None:
    w = world("evolution", "novice", "rule")
    told = AppTeacher(w, named()["novice-told-classic"], 0)
    told.start_day(0.0)
    assert told.session is not None and told.session.course.prior.value == "classic"


def test_the_massed_app_is_the_app_without_its_interleaving() -> None:
    w = world("evolution", "novice", "rule")

    def rows(kind: type[AppTeacher]) -> list[str]:
        teacher = kind(w, _params(prior="novice"), 0)
        teacher.start_day(0.0)
        assert teacher.session is not None
        seen = []
        for i in range(80):
            spot, offered = teacher.ask(i / 8640)
            seen.append(teacher.session.course.chart_row(spot.situation.key))
            teacher.tell(spot, offered[-1], i / 8640 + 1e-5)
        return seen

    def back_to_back(seen: list[str]) -> int:
        return sum(a == b for a, b in itertools.pairwise(seen))

    assert back_to_back(rows(AppTeacher)) == 0
    assert back_to_back(rows(MassedTeacher)) > 0


def test_ratios_are_per_matched_seed_and_bounded_where_the_other_misses() -> None:
    def runs(*reached: int | None) -> list[int | None]:
        return list(reached)

    got = ratio(runs(100, 200, 300), [runs(1000, 1000, None)], limit=2000)
    assert got["per_seed"] == [0.1, 0.2, 0.15] and got["bounded"] is True   # seed 3: ≤
    assert got["mean"] == pytest.approx(0.15)
    low, high = got["interval"]
    assert low < 0.15 < high
    assert ratio(runs(100, None), [runs(1000, 1000)], 2000)["mean"] is None
    assert ratio(runs(100), [runs(None), runs(None)], 2000)["bounded"] is True
    assert ratio(runs(100), [runs(400)], 2000)["bounded"] is False
    best = ratio(runs(100), [runs(400), runs(200)], 2000)
    assert best["per_seed"] == [0.5]


def test_the_area_is_the_mean_leak_over_the_first_answers() -> None:
    r = Run(((0, 4.0), (100, 2.0), (200, 2.0)), None, None)
    assert r.area(200) == pytest.approx((3.0 * 100 + 2.0 * 100) / 200)
    assert r.area(100) == pytest.approx(3.0)
    assert math.isclose(r.area(150), (300 + 100) / 150)


def test_every_named_learner_runs_a_few_answers() -> None:
    for name, params in named().items():
        got = run({**params, "max_reviews": 60, "per_day": 30, "per_session": [20, 30]},
                  "leitner", 0)
        assert got.leaks[0][1] > 0, name


def test_the_report_has_the_issues_shape(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    learner = tmp_path / "quick.json"
    learner.write_text(json.dumps({"max_reviews": 200, "seeds": 2}))
    assert command.main(["--json", "--learner", str(learner), "--schedulers",
                         "app,v0.1,natural", "--workers", "1",
                         "--plot", str(tmp_path / "leak.png")]) == 0
    report = json.loads(capsys.readouterr().out)
    entry = report["learners"]["quick"]
    assert entry["params"]["max_reviews"] == 200
    for scheduler in ("app", "v0.1", "natural"):
        got = entry["schedulers"][scheduler]
        assert {"reviews_to_target", "per_seed", "days_to_target", "leak_after",
                "mean_leak_5000"} <= set(got)
        assert set(got["leak_after"]) == {"500", "1000", "2000", "5000"}
        assert len(got["per_seed"]) == 2
    assert {"ratio_v01", "ratio_baselines"} <= set(entry["schedulers"]["app"])
    assert (tmp_path / "leak.png").read_bytes()[:4] == b"\x89PNG"


def test_the_table_shows_a_scheduler_asked_for_by_name(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    learner = tmp_path / "quick.json"
    learner.write_text(json.dumps({"max_reviews": 100, "seeds": 1}))
    assert command.main(["--learner", str(learner), "--schedulers", "app-told,v0.1",
                         "--workers", "1"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head.split(" | ")[1:7] == ["app", "v0.1", "random", "natural", "leitner", "app-told"]
    assert "app-told" not in SCHEDULERS


def test_the_new_families_are_power_curves_and_irregular_fsrs6() -> None:
    known = named()
    for decay in (0.2, 0.3, 0.7):
        for who in ("classic", "novice"):
            params = known[f"{who}-power-{decay}"]
            assert (params["curve"], params["decay"]) == ("power", decay)
    for who in ("classic", "novice"):
        params = known[f"{who}-fsrs6-irregular"]
        assert (params["model"], params["schedule"]) == ("fsrs6", "irregular")


def test_an_app_run_ends_with_the_health_check_of_every_model() -> None:
    """The app's scheduler's run is checked as the srs-benchmark scores a model: the five
    models on the same held-out answers; the report means them and counts the seeds where the
    trainer's log loss was no higher than fitted FSRS-6's; the table shows them."""
    from learning.health import health_text, summary

    from trainer.scheduler.health import MODELS
    pytest.importorskip("fsrs_rs_python")
    params = {**named()["classic-power-0.3"], "max_reviews": 1000}
    got = run(params, "app", 0)
    assert got.health is not None and got.health["held_out"] > 0
    figures = got.health["figures"]
    assert all(figures[m] is not None for m in MODELS)
    assert figures["avg"][1] == 0.5 and 0.0 < figures["model"][1] < 1.0
    assert run(params, "leitner", 0).health is None      # a baseline has no model to check
    mean = summary([got, got])
    assert mean is not None and mean["model"] == [round(v, 4) for v in figures["model"]]
    assert mean["trainer_not_worse_than_fitted"] == (
        [2, 2] if figures["model"][0] <= figures["fsrs6_fitted"][0] else [0, 2])
    # the model the app chose at the 80% mark is scored as "chosen" (FSRS-6 fitted, or its own)
    uses = got.health["uses"]
    assert uses in ("model", "fsrs6_fitted")
    assert mean["chosen"] == [round(v, 4) for v in figures[uses]]
    assert mean["chose_fitted"] == (2 if uses == "fsrs6_fitted" else 0)
    assert mean["chosen_not_worse_than_fitted"] == (
        [2, 2] if figures[uses][0] <= figures["fsrs6_fitted"][0] else [0, 2])
    table = health_text({"learners": {"quick": {"schedulers": {"app": {"health": mean}}}}})
    assert table.splitlines()[-1].startswith(f"| quick | {mean['held_out']:.0f} (")
    assert f"{mean['fsrs6_fitted'][0]:.3f} / " in table


def test_the_health_report_tells_a_tie_within_the_noise_from_a_worse_choice() -> None:
    """The chosen model's log loss against fitted FSRS-6's, seed by seed: higher at all (a
    fraction of a nat over 600 answers counts), and higher by more than the standard error of
    the difference (only a worse model, not a tie, counts)."""
    from learning.health import health_text, summary

    def seed(uses: str, model: float, fitted: float, error: float) -> Run:
        figures = {name: [0.3, 0.6, 0.05] for name in ("avg", "moving_avg", "fsrs6")}
        figures |= {"model": [model, 0.8, 0.02], "fsrs6_fitted": [fitted, 0.8, 0.02]}
        return Run((), None, None, {"held_out": 620, "same_day": 280, "uses": uses,
                                    "figures": figures, "margin": [model - fitted, error]})

    tie = seed("model", 0.083585, 0.083329, 0.00224)      # 0.16 nats of 52, 0.1 errors
    worse = seed("model", 0.0900, 0.0800, 0.0020)         # 5 errors worse
    fitted = seed("fsrs6_fitted", 0.0900, 0.0800, 0.0020)
    kept = Run((), None, None, {**worse.health, "margin": None})   # kept before the margin
    got = summary([tie, worse, fitted, kept])
    assert got is not None
    assert got["chosen_not_worse_than_fitted"] == [1, 4]
    assert got["chosen_not_worse_beyond_se"] == [2, 3]
    assert [s["uses"] for s in got["per_seed"]] == ["model", "model", "fsrs6_fitted", "model"]
    assert got["per_seed"][0] == {"uses": "model", "chosen": 0.083585, "fitted": 0.083329,
                                  "margin": [0.083585 - 0.083329, 0.00224]}
    table = health_text({"learners": {"told": {"schedulers": {"app": {"health": got}}}}})
    assert table.splitlines()[-1].endswith("| 1 of 4 | 1 of 4 | 2 of 3 |")
