"""The counting answers at a glance (the Progress page's counting lines): drills and counted
shoes together, per rule set and count, within the filter's dates; the misses costed from the
lab where one is at hand."""

from __future__ import annotations

from pathlib import Path

from strategy_charts.counting.lab import load_lab
from trainer.progress.counting import index_record
from trainer.progress.counting_glance import counting_glance
from trainer.progress.filters import Filter
from trainer.progress.store import ProgressStore
from trainer.rules import preset
from trainer.teaching.records import Mode, Verdict

from .factories import decision


def _answer(key: str, right: bool, time: str = "2026-03-01T12:00:00Z", ms: int = 2000,
            mode: Mode = Mode.COUNT, **more: object):
    return decision(situation_key=key, mode=mode, action="+1", best_action="+1" if right
                    else "+2", verdict=Verdict.CORRECT if right else Verdict.WRONG,
                    ev_loss=0.0, response_ms=ms, evs={}, weight=0.0, time=time, **more)


def test_counts_and_index_plays_at_a_glance_per_rules_and_count(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path / "p.sqlite3") as store:
        drills = store.start_session("evolution", Mode.COUNT, {})
        for right, ms in ((True, 1000), (False, 3000), (True, 2000)):
            store.record_decision(drills, _answer("evolution|count|hilo|c2", right, ms=ms))
        store.record_decision(drills, _answer("evolution|truecount|hilo|d3", True,
                                              time="2025-01-01T12:00:00Z"))   # too old below
        shoe = store.start_session("evolution", Mode.SHOE, {})
        store.record_decision(shoe, _answer("evolution|count|hilo|shoe", False, mode=Mode.SHOE))
        store.record_decision(shoe, _answer("evolution|bet|hilo|tc+2", False, mode=Mode.SHOE))
        store.record_decision(shoe, decision())                         # a play: not counting
        store.record_decision(shoe, decision(
            situation_key="evolution|index|hilo|hard:12:v5", mode=Mode.SHOE, action="stand",
            best_action="hit", verdict=Verdict.WRONG, ev_loss=0.004,
            evs={"hit": -0.2, "stand": -0.204}, weight=0.0))
        store.record_decision(shoe, decision(
            situation_key="evolution|index|hilo|insurance:0:v1", mode=Mode.INDEX,
            action="no_insurance", best_action="no_insurance", verdict=Verdict.CORRECT,
            evs={"insure": -0.1, "no_insurance": 0.0}, weight=0.0))
        custom = store.start_session("custom-abc", Mode.COUNT, {})
        store.record_decision(custom, _answer("custom-abc|index|freebet|hard:12:v5", False,
                                              mode=Mode.INDEX, preset="custom-abc"))
        taken_back = store.record_decision(drills, _answer("evolution|count|hilo|c1", False))
        store.undo_decision(taken_back)
        glances = counting_glance(store, Filter(since="2026-01-01"))
        lab = load_lab(preset("evolution"))
        expected = index_record(store, "evolution", "hilo", lab["counts"]["hilo"])
        only_custom = counting_glance(store, Filter(preset="custom-abc"))
    hilo, other = glances
    assert (hilo.preset, hilo.count, hilo.counts, hilo.counts_right) == ("evolution", "hilo", 4, 2)
    assert hilo.median_ms == 2000
    assert (hilo.index_answers, hilo.index_right) == (2, 1)
    assert hilo.leak_per_100 == expected.leak_per_100 > 0
    assert "Hi-Lo, evolution: counts 2 of 4 right (median 2.0 s); index plays 1 of 2 right, " \
           f"the misses cost {expected.leak_per_100:.3f} main bets per 100 rounds" == hilo.text()
    assert (other.preset, other.count, other.index_answers) == ("custom-abc", "freebet", 1)
    assert other.leak_per_100 is None and "cost" not in other.text()   # no lab at hand
    assert [g.preset for g in only_custom] == ["custom-abc"]
