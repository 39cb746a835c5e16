"""One history, the same figures on every page and from every command.

As a tester met it on golden-nugget-1d-6to5 with a rules file of its own: Progress said "12
decisions · 83.3% right" while ``stats`` said "15 decisions, 73.3% right" (it counted the
counted shoe's bets and count checks as decisions); Progress named the rules file "custom rules
8b66b670" in its text while its filter said "my table (rules file)"; for that table Progress
said "0 flashcards due today" while Flashcards showed "Learning 1".

The test puts the Progress page, the Flashcards page and ``stats --json`` side by side on one
history (flashcards, shoe rounds, a counted shoe's bets, index plays and count checks, a rules
file) and compares every figure they share: decisions, % right, leak per 100 rounds, the
flashcards due and learning/new counts, the rule set's name.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from trainer import settings as cfg
from trainer.__main__ import main
from trainer.drills.counting.shoe import CountingSettings, CountingShoe
from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.rules import Action, RuleSet, preset, rules_file
from trainer.settings import Settings
from trainer.teaching.catalog import catalog
from trainer.teaching.records import GradedDecision, Mode
from trainer.teaching.situations import preset_label, round_spot
from trainer.ui.practice.flashcards_page import FlashcardsPage
from trainer.ui.progress.page import ProgressPage, progress_page
from trainer.ui.rules_files import rules_files

PRESET = preset("golden-nugget-1d-6to5")
TABLE = 'base = "golden-nugget-1d-6to5"\nname = "my table"\npenetration = 0.5\n'


def _flashcards(rules: RuleSet, count: int, seed: int) -> list[GradedDecision]:
    """``count`` cards answered, every third one with the worst legal play."""
    session = FlashcardSession(catalog(rules), FlashMode.ALL, seed=seed)
    answered = []
    for n in range(count):
        card = session.next()
        evs, best = session.catalog.evs(card.spot)
        offered = {a.value for a in card.actions}
        worst = min((a for a in evs if a in offered), key=lambda a: evs[a])
        answered.append(session.answer(Action(worst if n % 3 == 0 else best)))
    return answered


def _shoe(rules: RuleSet, rounds: int) -> list[GradedDecision]:
    """``rounds`` rounds of shoe practice, hitting every hand of two cards (some wrong)."""
    practice = ShoePractice(rules, ShoeSettings(bankroll=None), seed=3)
    while len(practice.rounds) < rounds and not practice.finished:
        practice.deal()
        while practice.awaiting:
            assert practice.round is not None
            legal = practice.round.legal_actions()
            _, best = practice.grader.evs(round_spot(practice.round))
            hit = Action.HIT in legal and len(practice.round.legal_actions()) > 2
            practice.answer(Action.HIT if hit else Action(best))
    return practice.decisions


def _counted_shoe(rules: RuleSet, rounds: int) -> list[GradedDecision]:
    """A counted shoe's bets (one unit, some wrong), plays, index plays and count checks."""
    kept: list[GradedDecision] = []
    shoe = CountingShoe(rules, ShoeSettings(bankroll=None),
                        CountingSettings(check_chance=0.5), seed=5, on_decision=kept.append)
    played = 0
    while played < rounds and not shoe.finished:
        if shoe.check_due:
            running, _ = shoe.seen()
            shoe.check(str(int(running) + played % 2))
        elif shoe.bet_due:
            shoe.bet(1)
            played += 1
        else:
            assert shoe.practice.round is not None
            _, best = shoe.practice.grader.evs(round_spot(shoe.practice.round))
            shoe.answer(Action(best))
    return kept


def _record(path: Path, mode: Mode, decisions: list[GradedDecision]) -> None:
    with ProgressStore.open(path) as store:
        session = store.start_session(decisions[0].preset, mode, {})
        for decision in decisions:
            store.record_decision(session, decision)


@pytest.fixture
def table(tmp_path: Path, store: Settings, data_dir: Path, qtbot) -> RuleSet:
    """The history: under the rules file, flashcards and shoe rounds; under the preset,
    flashcards, shoe rounds and a counted shoe (the rules file is the one practised)."""
    file = tmp_path / "table.toml"
    file.write_text(TABLE, encoding="utf-8")
    rules = rules_file.load(file)
    path = database_path(str(data_dir))
    _record(path, Mode.FLASHCARDS, _flashcards(rules, 12, seed=1))
    _record(path, Mode.SHOE, _shoe(rules, 6))
    _record(path, Mode.FLASHCARDS, _flashcards(PRESET, 9, seed=2))
    _record(path, Mode.SHOE, _shoe(PRESET, 5))
    _record(path, Mode.SHOE, _counted_shoe(PRESET, 8))
    store.set(cfg.RULES_FILE, str(file))
    with qtbot.waitSignal(rules_files().changed, timeout=30_000):
        rules_files().read(str(file))
    return rules


def _stats(data_dir: Path, *rules: str) -> dict:
    return _stats_out(["stats", "--json", *rules, "--data-dir", str(data_dir)])


def _stats_out(argv: list[str]) -> dict:
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return json.loads(out.getvalue())


def _progress(qtbot, store: Settings) -> ProgressPage:
    page = progress_page(store)
    assert isinstance(page, ProgressPage)
    qtbot.addWidget(page)
    page.resize(1280, 800)
    with qtbot.waitSignals([page.loaded, page.cards_loaded, page.costs_loaded],
                           timeout=120_000):
        page.show()
    qtbot.waitUntil(lambda: not page.reading(), timeout=120_000)
    return page


def _progress_figures(page: ProgressPage) -> dict:
    summary = page.summary.text()
    found = re.match(r"([\d,]+) decisions? match(?:es)? these filters · ([\d.]+)% right · "
                     r"(\d+) flashcards? due today", summary)
    assert found, summary
    cost = re.search(r"costs ([\d.]+) main bets per 100 rounds", page.headline.text())
    assert cost, page.headline.text()
    return {"decisions": int(found[1].replace(",", "")), "right": found[2],
            "due": int(found[3]), "leak": cost[1],
            "name": page.filters.preset_box.currentText(), "scope": page.scope.text()}


def _flashcards_counts(qtbot, store: Settings) -> tuple[str, dict]:
    page = FlashcardsPage(store, seed=7)
    qtbot.addWidget(page)
    page.mode_box.setCurrentIndex(page.mode_box.findData(FlashMode.DUE.value))
    with qtbot.waitExposed(page):
        page.show()
    qtbot.waitUntil(lambda: page.session is not None and page.rules is not None
                    and page.rules.name == "my table", timeout=60_000)
    text = page.day_label.text()
    found = re.search(r"Due (\d+) · Learning (\d+) · New (\d+)", text)
    assert found, text
    name = page.rules_box.currentText()
    page.shutdown()
    return name, {"due": int(found[1]), "learning": int(found[2]), "new": int(found[3])}


def test_progress_flashcards_and_stats_give_the_same_figures(
        qtbot, store: Settings, data_dir: Path, table: RuleSet, tmp_path: Path) -> None:
    store.set(cfg.ASSUME_CLASSIC, True)
    file = store.get(cfg.RULES_FILE)
    stats = _stats(data_dir, "--rules", file, "--assume", "classic")
    name, counts = _flashcards_counts(qtbot, store)
    page = _progress(qtbot, store)
    shown = _progress_figures(page)
    label = preset_label(table)
    assert page.query().preset == label                     # it follows the practice
    # one name for the rule set: Progress' filter and text, Flashcards, stats
    assert shown["name"] == name == stats["rule_set"] == "my table (rules file)"
    assert "my table (rules file)" in shown["scope"] and "custom rules" not in shown["scope"]
    # the same decisions, % right and cost
    assert shown["decisions"] == stats["decisions"] > 0
    assert shown["right"] == f"{100 * stats['right'] / stats['decisions']:.1f}"
    assert shown["leak"] == f"{stats['leak_per_100']:.2f}"
    # the same flashcards due today, learning and new
    assert counts == stats["counts"]
    assert shown["due"] == counts["due"] + counts["learning"] == stats["due"]
    assert shown["due"] > 0

    # the preset, with the counted shoe: its bets and count checks are no decisions of play
    page.filters.preset_box.setCurrentIndex(page.filters.preset_box.findData(PRESET.name))
    qtbot.waitUntil(lambda: not page.reading() and page.data is not None
                    and page.data.query.preset == PRESET.name and page.cards is not None
                    and page.trends is not None, timeout=120_000)
    qtbot.wait(50)
    qtbot.waitUntil(lambda: not page.reading(), timeout=120_000)
    shown = _progress_figures(page)
    stats = _stats(data_dir, "--preset", PRESET.name, "--assume", "classic")
    assert shown["name"] == stats["rule_set"] == PRESET.name
    assert shown["decisions"] == stats["decisions"] > 0
    assert shown["right"] == f"{100 * stats['right'] / stats['decisions']:.1f}"
    assert shown["leak"] == f"{stats['leak_per_100']:.2f}"
    assert shown["due"] == stats["due"]
    with ProgressStore.open(database_path(str(data_dir)), read_only=True) as saved:
        every = saved.tuples("SELECT COUNT(*) FROM decisions WHERE preset = ?", (PRESET.name,))
    assert every[0][0] > stats["decisions"]      # the counting answers are kept, not counted


def test_settings_shows_the_preset_a_practice_page_chose(
        qtbot, store: Settings, data_dir: Path) -> None:
    """Before: Shoe practice's Rules combo set the preset practised (Progress followed it)
    while Settings, made earlier, still said evolution."""
    from trainer.ui.practice.shoe_page import ShoePage
    from trainer.ui.settings.chosen import practised_rules
    from trainer.ui.settings.page import SettingsPage
    settings = SettingsPage(store)
    qtbot.addWidget(settings)
    box = settings.editors[cfg.PRESET.key]
    assert box.currentData() == "evolution"  # type: ignore[attr-defined]
    shoe = ShoePage(store)
    qtbot.addWidget(shoe)
    shoe.rules_box.setCurrentIndex(shoe.rules_box.findData("pot-of-gold"))
    assert practised_rules(store).name == "pot-of-gold"          # what Progress follows
    settings.show()
    assert box.currentData() == "pot-of-gold"  # type: ignore[attr-defined]
    shoe.shutdown()
