"""Work kept across launches (the catalog, the classic play, the study queue's plan): read
back as worked out, refused when stale or damaged, kept in the test's own cache folder, and
the same cards dealt with it as without it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from strategy_charts.tables import load_or_build
from tests.conftest import FakeClock
from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.rules import Action, RuleSet, preset
from trainer.scheduler import plan as plans
from trainer.scheduler.memory import MemoryParams, Trace
from trainer.scheduler.study import StudyQueue
from trainer.teaching import catalog as catalogs
from trainer.teaching import classic as classics
from trainer.teaching import kept
from trainer.teaching.catalog import Catalog
from trainer.teaching.curriculum import Curriculum, Prior
from trainer.teaching.kept import Shelf, pack

EVOLUTION = preset("evolution")


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own cache folder (the kept catalogs go under it)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("FREEBET_TABLE_CACHE", str(folder))
    return folder


@pytest.fixture
def worked_out(monkeypatch: pytest.MonkeyPatch) -> list[RuleSet]:
    """The rule sets whose catalog is worked out (not read back) from now on."""
    seen: list[RuleSet] = []
    real = catalogs.entry_weights

    def counted(rules: RuleSet, entries: dict[str, Any]) -> dict[str, float]:
        seen.append(rules)
        return real(rules, entries)

    monkeypatch.setattr(catalogs, "entry_weights", counted)
    return seen


def fresh(rules: RuleSet = EVOLUTION) -> Catalog:
    """The catalog as a new launch gets it (this process's memory of it passed by)."""
    return catalogs.catalog.function(rules)


def shelf(rules: RuleSet = EVOLUTION) -> Shelf:
    found = catalogs.kept_at(rules, load_or_build(rules))
    assert found is not None
    return found


def same(a: Catalog, b: Catalog) -> None:
    """Every value the two catalogs worked out, in the same order."""
    assert list(a.situations.items()) == list(b.situations.items())
    assert list(a.spots) == list(b.spots)
    for key, spots in a.spots.items():
        assert spots == b.spots[key]
        assert [s.table_key for s in spots] == [s.table_key for s in b.spots[key]]
    assert list(a.entry_weight.items()) == list(b.entry_weight.items())
    assert list(a.weight.items()) == list(b.weight.items())
    assert list(a.cost.items()) == list(b.cost.items())
    assert {k: a.miss_cost(k) for k in a.situations} == {k: b.miss_cost(k)
                                                         for k in b.situations}


def test_a_later_launch_reads_the_catalog_back_as_it_was_worked_out(
        cache: Path, worked_out: list[RuleSet]) -> None:
    first = fresh()
    assert worked_out == [EVOLUTION]
    assert shelf().path.is_relative_to(cache)
    later = fresh()
    assert worked_out == [EVOLUTION]            # read back, not worked out again
    assert len(later.miss) == len(later.situations)   # every miss cost read back too
    same(first, later)


def test_a_damaged_kept_catalog_is_worked_out_again_and_kept_anew(
        cache: Path, worked_out: list[RuleSet]) -> None:
    expected = fresh()
    path = shelf().path
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))
    found = fresh()
    assert worked_out == [EVOLUTION, EVOLUTION]
    same(expected, found)
    assert shelf().read() is not None           # kept anew: the next launch reads it back
    fresh()
    assert len(worked_out) == 2


@pytest.mark.parametrize("kept", [b"", b"not a catalog", None])
def test_a_kept_catalog_of_another_shape_is_worked_out_again(
        cache: Path, worked_out: list[RuleSet], kept: bytes | None) -> None:
    expected = fresh()
    where = shelf()
    # None: sealed under the right key, yet not a catalog (a list where its numbers go)
    where.path.write_bytes(pack({"situations": [[1, 2]], "spots": []}, where.key)
                           if kept is None else kept)
    same(expected, fresh())
    assert len(worked_out) == 2


@pytest.mark.parametrize("change", ["code", "table"])
def test_a_kept_catalog_of_other_code_or_another_table_is_stale(
        cache: Path, worked_out: list[RuleSet], monkeypatch: pytest.MonkeyPatch,
        change: str) -> None:
    fresh()
    before = shelf()
    if change == "code":
        monkeypatch.setattr(kept, "code_digest", lambda: "another version")
    else:       # the table file's bytes changed (its rules the same)
        source = cache / "table.json.gz"
        source.write_bytes(b"another build")
        monkeypatch.setattr(catalogs, "table_source", lambda rules: source)
    after = shelf()
    assert after.path == before.path and after.key != before.key
    assert after.read() is None
    fresh()
    assert len(worked_out) == 2                 # stale: worked out again
    assert after.read() is not None             # and kept under the new key


def test_a_cache_that_cannot_be_written_only_costs_the_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, worked_out: list[RuleSet]) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("FREEBET_TABLE_CACHE", str(blocked))
    expected = fresh()
    same(expected, fresh())
    assert len(worked_out) == 2
    assert blocked.read_text() == "not a folder"


def dealt(table: Catalog, clock: FakeClock) -> list[tuple[str, tuple[int, ...], str]]:
    """Forty due-mode cards of a new player dealt from ``table``, every third one missed
    (misses outside what is taught make the queue explore: the miss costs choose)."""
    course = Curriculum(table, Prior.CLASSIC)
    queue = StudyQueue(course, [], clock())
    session = FlashcardSession(table, FlashMode.DUE, seed=3, clock=clock, queue=queue)
    cards = []
    for number in range(40):
        card = session.next()
        cards.append((card.situation.key, card.spot.values, card.question()))
        evs, best = table.evs(card.spot)
        clock.advance(20.0)
        session.answer(Action(min(evs, key=lambda a: evs[a])) if number % 3 == 0
                       else Action(best))
    return cards


def test_the_same_cards_are_dealt_with_the_kept_catalog_as_without(
        cache: Path, worked_out: list[RuleSet]) -> None:
    table = load_or_build(EVOLUTION)
    without = Catalog(EVOLUTION, table)
    fresh()
    kept = fresh()
    assert len(worked_out) == 2                 # the one above and the first launch's
    assert dealt(without, FakeClock()) == dealt(kept, FakeClock())


# ----- the study queue's plan ---------------------------------------------------------------

PARAMS = MemoryParams(first=0.02, growth=10.0, lapse=0.3)


def test_a_later_launch_reads_the_plan_back_as_it_was_made(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = plans.plan.__wrapped__(PARAMS, 2.5)
    assert list((cache / "plans").glob("*.kept"))
    monkeypatch.setattr(plans.Plan, "__init__", refused)     # from now on: read back only
    later = plans.plan.__wrapped__(PARAMS, 2.5)
    assert later._value == made._value and later._unseen == made._unseen
    for trace in (None, Trace(0.5, 0.0), Trace(30.0, 1.0, 1)):
        assert later.gain(0.1, trace, 3.0, 5.5) == made.gain(0.1, trace, 3.0, 5.5)


def refused(*args: object) -> None:
    raise AssertionError("made again, not read back")


@pytest.mark.parametrize("change", ["damaged", "stale"])
def test_a_damaged_or_stale_plan_is_made_again(cache: Path, monkeypatch: pytest.MonkeyPatch,
                                               change: str) -> None:
    plans.plan.__wrapped__(PARAMS, 2.5)
    [path] = (cache / "plans").glob("*.kept")
    if change == "damaged":
        path.write_bytes(path.read_bytes()[:-1] + b"?")
    else:
        monkeypatch.setattr(kept, "code_digest", lambda: "another version")
    monkeypatch.setattr(plans.Plan, "__init__", refused)
    with pytest.raises(AssertionError, match="made again"):
        plans.plan.__wrapped__(PARAMS, 2.5)


def test_only_the_newest_plans_are_kept(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plans, "KEPT_PLANS", 2)
    for gap in (2.0, 2.25, 2.5):
        plans.plan.__wrapped__(PARAMS, gap)
    assert len(list((cache / "plans").glob("*.kept"))) == 2


# ----- the classic play ---------------------------------------------------------------------


def test_a_later_launch_reads_the_classic_play_back_as_it_was_worked_out(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = classics.classic_play.function(EVOLUTION)
    monkeypatch.setattr(classics, "_classic", refused)       # from now on: read back only
    later = classics.classic_play.function(EVOLUTION)
    assert list(later.play.items()) == list(made.play.items())
    assert list(later.loss.items()) == list(made.loss.items())
    assert later.leak_per_100() == made.leak_per_100()


@pytest.mark.parametrize("change", ["damaged", "standard table"])
def test_a_damaged_or_stale_classic_play_is_worked_out_again(
        cache: Path, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    classics.classic_play.function(EVOLUTION)
    [path] = (cache / "classic").glob("*.kept")
    if change == "damaged":
        path.write_bytes(path.read_bytes()[:-1] + b"?")
    else:
        other = cache / "standard.json.gz"
        other.write_bytes(b"another build")
        standard = EVOLUTION.standard_counterpart().fingerprint()
        real = classics.table_source
        monkeypatch.setattr(classics, "table_source", lambda rules: other
                            if rules.fingerprint() == standard else real(rules))
    monkeypatch.setattr(classics, "_classic", refused)
    with pytest.raises(AssertionError, match="made again"):
        classics.classic_play.function(EVOLUTION)


def test_without_source_files_nothing_is_kept(cache: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              worked_out: list[RuleSet]) -> None:
    """A bundle of compiled code only: no key could tell its code apart, so nothing is kept."""
    empty = tmp_path / "compiled"
    empty.mkdir()
    monkeypatch.setattr(kept, "sources", lambda: {"trainer.teaching": empty})
    kept.code_digest.cache_clear()
    try:
        assert kept.code_digest() is None
        fresh()
        fresh()
        assert len(worked_out) == 2
        assert not cache.exists() or not list(cache.rglob("*.kept"))
    finally:
        kept.code_digest.cache_clear()
