"""The Counting page: each drill played with the mouse and keyboard, text typed as a count
refused in plain words with nothing stored, answers saved and reviewed; the page renders.

Runs offscreen with an injected clock, a fixed seed and the running count stepped by hand (no
timers)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from PyQt6.QtCore import Qt

from tests.conftest import FakeClock
from trainer import settings as cfg
from trainer.drills.counting.answers import count_record
from trainer.drills.counting.due import spans
from trainer.drills.counting.keys import CountingKey, decks_detail
from trainer.drills.when import due_text
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.settings import Settings
from trainer.teaching.records import Mode, Verdict
from trainer.ui.counting.page import CountingPage, counting_page
from trainer.ui.pages import PAGE_KEYS

from .conftest import assert_not_blank


def _open(qtbot, store: Settings, clock: FakeClock) -> CountingPage:
    """The page shown, its lab loaded and every drill started from the stored answers."""
    made = CountingPage(store, clock=clock, seed=7, paced=False)
    qtbot.addWidget(made)
    made.resize(1280, 800)
    with qtbot.waitExposed(made):
        made.show()
    qtbot.waitUntil(lambda: made.lab is not None, timeout=20000)
    qtbot.waitUntil(lambda: made.index.cards is not None, timeout=20000)  # spaced by the store
    qtbot.waitUntil(lambda: made.running.drill is not None and made.true.drill is not None,
                    timeout=20000)
    return made


@pytest.fixture
def page(qtbot, store: Settings, data_dir: Path, clock: FakeClock) -> CountingPage:
    return _open(qtbot, store, clock)


def saved(page: CountingPage, data_dir: Path) -> list[tuple[str, str, str, str, str]]:
    """Every stored decision: mode, key, action, best action, verdict."""
    page.link.close()
    with ProgressStore.open(database_path(str(data_dir))) as db:
        return db.tuples("SELECT mode, situation_key, action, best_action, verdict "
                         "FROM decisions ORDER BY id")


def test_the_page_is_registered_and_renders(qtbot, store: Settings, data_dir: Path) -> None:
    assert "counting" in PAGE_KEYS
    made = counting_page(store)
    qtbot.addWidget(made)
    made.resize(1024, 640)
    with qtbot.waitExposed(made):
        made.show()
    qtbot.waitUntil(lambda: made.lab is not None, timeout=20000)
    assert_not_blank(made.grab(), at_least=8, max_share=0.995)


def test_a_running_count_run_is_typed_graded_timed_and_saved(
        qtbot, page: CountingPage, data_dir: Path, clock: FakeClock) -> None:
    panel = page.running
    panel.cards.setValue(6)
    panel.at_once.setValue(2)
    panel.seconds.setValue(0.5)
    qtbot.mouseClick(panel.deal_button, Qt.MouseButton.LeftButton)
    run = panel.run
    assert run is not None and len(run.flashes) == 3
    assert len(panel.table.view().hands[0].cards) == 2       # two cards at once
    assert not panel.entry.box.isEnabled()                   # no answer while cards show
    panel.step()
    panel.step()
    panel.step()                                             # the run is over: the count?
    assert panel.entry.box.isEnabled()
    qtbot.keyClicks(panel.entry.box, "seven")
    qtbot.keyClick(panel.entry.box, Qt.Key.Key_Return)
    assert "not a running count" in panel.entry.line.text()
    assert panel.entry.box.text() == "seven" and panel.drill is not None
    assert panel.drill.decisions == []
    clock.advance(1.5 + 2.0)                                 # 3 showings of 0.5 s, then 2 s
    panel.entry.box.setText(f"{run.running:+d}")
    qtbot.keyClick(panel.entry.box, Qt.Key.Key_Return)
    assert panel.entry.line.text().startswith("<b>Right")
    decision = panel.drill.decisions[-1]
    assert decision.verdict is Verdict.CORRECT and decision.response_ms == 2000
    rows = saved(page, data_dir)
    assert [(r[0], r[1], r[4]) for r in rows] == [("count", "evolution|count|hilo|c2",
                                                   "correct")]


def test_true_count_out_of_range_is_refused_then_graded(qtbot, page: CountingPage,
                                                        data_dir: Path) -> None:
    page.tabs.setCurrentWidget(page.true)
    panel = page.true
    question = panel.drill.current if panel.drill else None
    assert question is not None
    assert f"{question.decks:g} decks left" in panel.left.text()
    assert panel.tray.left == question.decks
    panel.entry.box.setText("+40")
    qtbot.keyClick(panel.entry.box, Qt.Key.Key_Return)
    assert "out of range" in panel.entry.line.text()
    assert panel.drill.current is question                   # the same question stays
    panel.entry.box.setText(str(question.true_count + 1))
    qtbot.keyClick(panel.entry.box, Qt.Key.Key_Return)
    assert panel.entry.line.text().startswith("<b>Wrong")
    assert panel.drill.current is not question               # the next one is asked
    rows = saved(page, data_dir)
    assert len(rows) == 1 and rows[0][4] == "wrong"
    assert CountingKey.from_key(rows[0][1]).context == "truecount"


def test_the_decks_left_can_be_read_off_the_tray_alone(qtbot, page: CountingPage,
                                                        data_dir: Path) -> None:
    """Deck estimation: the figures go, the tray stays; the answer then says the decks."""
    page.tabs.setCurrentWidget(page.true)
    panel = page.true
    question = panel.drill.current
    panel.tray_only.setChecked(True)
    assert panel.drill.current is question                   # the same question, re-shown
    assert "decks left" not in panel.left.text() and "tray" in panel.left.text()
    assert not panel.tray.labelled and not panel.tray.toolTip()
    assert panel.tray.left == question.decks
    panel.entry.box.setText(str(question.true_count))
    qtbot.keyClick(panel.entry.box, Qt.Key.Key_Return)
    assert panel.entry.line.text().startswith("<b>Right")
    assert panel.entry.line.text().endswith(f"{question.decks:g} decks were left")
    panel.tray_only.setChecked(False)
    assert panel.tray.labelled and "decks left to deal" in panel.left.text()
    page.link.close()
    with ProgressStore.open(database_path(str(data_dir))) as store:
        (row,) = list(store.decisions())
        (settings,) = store.tuples("SELECT settings FROM sessions WHERE id = ?",
                                   [row.session_id])[0]
    assert json.loads(settings)["tray_only"] is True


def test_index_cards_are_graded_against_the_exact_evs_at_the_count(
        qtbot, page: CountingPage, data_dir: Path) -> None:
    page.tabs.setCurrentWidget(page.index)
    panel = page.index
    answered = []
    for _ in range(6):
        card = panel.card
        assert card is not None
        if card.up is not None:
            assert panel.table.view().dealer_cards[0].rank_text == card.up.rank.symbol
        wrong = next(a for a in card.actions if a != card.best)
        panel.answer(wrong if len(answered) % 2 else card.best)
        assert ("best is" if len(answered) % 2 else "<b>Correct: ") in panel.feedback.text()
        answered.append(card)
        assert panel.bar.go_on.isVisibleTo(panel)
        qtbot.keyClick(panel, Qt.Key.Key_Space)
    rows = saved(page, data_dir)
    assert [r[4] for r in rows] == ["correct", "wrong"] * 3
    assert all(r[0] == Mode.INDEX.value for r in rows)
    for row, card in zip(rows, answered, strict=True):
        assert row[3] == card.best
        assert CountingKey.from_key(row[1]).cell == card.cell


def test_count_a_shoe_opens_shoe_practice_counted_with_these_rules_and_count(
        qtbot, shown_window) -> None:
    from trainer.ui.practice.shoe_page import ShoePhase

    window = shown_window
    page = window.show_page("counting")
    page.rules_box.setCurrentIndex(page.rules_box.findData("pot-of-gold"))
    page.count_box.setCurrentIndex(page.count_box.findData("freebet"))
    qtbot.mouseClick(page.shoe_button, Qt.MouseButton.LeftButton)
    assert window.current_page() == "shoe"
    shoe = window.pages["shoe"].page
    assert shoe.count_key == "freebet" and shoe.rules_box.currentData() == "pot-of-gold"
    qtbot.waitUntil(lambda: shoe.phase is ShoePhase.BETTING, timeout=30000)
    assert shoe.counter is not None and shoe.counter.count.key == "freebet"
    assert shoe.rules is not None and shoe.rules.pot_of_gold is not None
    for key in ("counting", "shoe"):
        window.pages[key].page.shutdown()


def test_a_shoes_missed_index_plays_are_drilled_alone_until_all_are_asked_for(
        qtbot, page: CountingPage) -> None:
    page.drill_index("hilo", "evolution", ["hard:12:v5", "pair:8:v10"])   # 8,8 v 10: no index
    assert page.tabs.currentWidget() is page.index
    qtbot.waitUntil(lambda: page.index.cards is not None and page.index.only is not None,
                    timeout=20000)
    panel = page.index
    assert {play.cell.key for play in panel.cards.plays} == {"hard:12:v5"}
    assert panel.card.cell.key == "hard:12:v5"
    assert panel.scope.isVisible() and "(2)" in panel.scope.text()
    qtbot.mouseClick(panel.all_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.cards is not None, timeout=20000)
    assert len(panel.cards.plays) > 1 and not panel.scope.isVisible()


def test_a_pot_of_gold_card_says_the_chance_of_each_lammer_count(
        qtbot, page: CountingPage) -> None:
    """The wager's answer adds its distribution off a full shoe, each count with its chance,
    the table's figures; a card of the play has no such line."""
    from strategy_charts.tables import lammer_chances
    from trainer.rules import preset
    page.drill_index("hilo", "pot-of-gold", ["wager:pot_of_gold", "hard:12:v5"])
    qtbot.waitUntil(lambda: page.index.cards is not None and page.index.only is not None
                    and page.lammers is not None, timeout=20000)
    panel, chances = page.index, lammer_chances(preset("pot-of-gold"))
    assert chances is not None
    answered = {}
    for _ in range(6):
        card = panel.card
        assert card is not None
        panel.answer(card.best)
        answered.setdefault(card.cell.key, []).append(panel.feedback.text())
        qtbot.keyClick(panel, Qt.Key.Key_Space)
    assert set(answered) == {"wager:pot_of_gold", "hard:12:v5"}
    first = f"Off a full shoe: 0&nbsp;lammers&nbsp;{chances.by_count[0] * 100:#.3g}%, 1&nbsp;"
    assert all(first in text for text in answered["wager:pot_of_gold"])
    assert not any("Off a full shoe" in text for text in answered["hard:12:v5"])


def test_the_review_shows_accuracy_speed_and_index_misses(qtbot, page: CountingPage,
                                                          data_dir: Path) -> None:
    panel = page.running
    panel.deal()
    while not panel.entry.box.isEnabled():
        panel.step()
    panel.entry.take(panel.drill.answer, "+99")                # wrong
    page.record(Mode.COUNT, panel.drill.settings.plain(), panel.drill.decisions[-1])
    index = page.index
    page.tabs.setCurrentWidget(index)                          # its first card dealt now
    card = index.card
    base = page.lab_count()["cells"][card.cell.key]["base"]
    miss = base if card.best != base else next(a for a in card.actions if a != card.best)
    index.answer(miss)
    page.tabs.setCurrentWidget(page.review)                   # refreshes
    qtbot.waitUntil(lambda: page.review.shown is not None, timeout=10000)
    review = page.review
    assert review.days.rowCount() == 1
    assert len(review.trend.figure.axes) == 2                 # accuracy and time by day
    assert review.days.item(0, 1).text() == "running" and review.days.item(0, 3).text() == "0%"
    assert review.days.item(0, 6).text() == "1.0"             # 1 card per 1.0 s
    assert review.plays.rowCount() == 1 and review.plays.item(0, 2).text() == "1"
    assert "main bets per 100 rounds" in review.headline.text()
    gain = sum(p["gain_per_100"] for p in page.lab_count()["indices"]
               if p["cell"] == card.cell.key)
    assert review.shown.index.leak_per_100 == pytest.approx(gain)


def _practised(data_dir: Path, clock: FakeClock, held: list[str], missed: list[str]) -> None:
    """Store counting answers on five days up to yesterday: right throughout for ``held``,
    with yesterday's missed for ``missed`` (as the drills' own records)."""
    with ProgressStore.open(database_path(str(data_dir))) as db:
        session = db.start_session("evolution", Mode.COUNT, {"drill": "true"})
        for ago in (9, 8, 6, 3, 1):
            when = clock() - timedelta(days=ago)
            for key in held + missed:
                typed = 1 if ago == 1 and key in missed else 0
                db.record_decision(session, count_record(CountingKey.from_key(key), typed, 0,
                                                         when, 2000, Mode.COUNT, "shown"))


TRUE_DETAILS = [f"evolution|truecount|hilo|{decks_detail(x / 2)}" for x in range(4, 17)]


def test_a_new_player_has_every_true_count_due_and_the_line_follows_the_answers(
        qtbot, page: CountingPage) -> None:
    assert page.due.text() == "Due today: true count with 2–8 decks left"
    page.tabs.setCurrentWidget(page.true)
    panel = page.true
    question = panel.drill.current
    panel.entry.box.setText(str(question.true_count))
    qtbot.keyClick(panel.entry.box, Qt.Key.Key_Return)
    left = [x / 2 for x in range(4, 17) if x / 2 != question.decks]
    assert page.due.text() == f"Due today: true count with {spans(left, 0.5)} decks left"


def test_the_due_line_and_the_running_count_from_the_store(
        qtbot, store: Settings, data_dir: Path, clock: FakeClock) -> None:
    _practised(data_dir, clock, [*TRUE_DETAILS[1:], "evolution|count|hilo|c3"],
               [TRUE_DETAILS[0], "evolution|count|hilo|c2"])
    made = _open(qtbot, store, clock)
    assert made.due.text() == ("Due today: true count with 2 decks left; running count 2 cards "
                               "at a time")
    made.tabs.setCurrentWidget(made.true)                          # asked when shown
    question = made.true.drill.current
    assert question is not None and question.decks == 2            # the due detail first
    made.tabs.setCurrentWidget(made.running)
    panel = made.running
    assert panel.at_once.value() == 1 and panel.due.isChecked()
    panel.deal()
    assert panel.run is not None and panel.run.at_once == 2        # the due skill
    assert "2 at a time, due" in panel.table.view().message
    assert len(panel.table.view().hands[0].cards) == 2


def test_nothing_due_says_when_the_next_is(qtbot, store: Settings, data_dir: Path,
                                          clock: FakeClock) -> None:
    _practised(data_dir, clock, [*TRUE_DETAILS, "evolution|count|hilo|c1"], [])
    made = _open(qtbot, store, clock)
    running, true = made.running.drill, made.true.drill
    assert running is not None and true is not None and not true.due()
    when = min(running.next_due(), true.next_due())
    assert when > clock()
    assert made.due.text() == f"Nothing due: next {due_text(when, clock())}"
    made.running.deal()
    assert made.running.run is not None and not made.running.run.scheduled


def test_ko_is_counted_without_a_true_count(qtbot, page: CountingPage) -> None:
    """KO in the count box: its index cards ask running counts; the True count tab says why
    it has none; what is due still shows (the running count's)."""
    page.count_box.setCurrentIndex(page.count_box.findData("ko"))
    page.tabs.setCurrentWidget(page.index)        # a card is dealt when its tab shows
    qtbot.waitUntil(lambda: page.index.card is not None and page.running.drill is not None,
                    timeout=20000)
    assert "KO running count" in page.index.card.question()
    assert page.true.drill is None and "KO is unbalanced" in page.true.left.text()
    qtbot.waitUntil(lambda: bool(page.due.text()), timeout=20000)


def test_your_own_tags_are_read_counted_and_kept(qtbot, page: CountingPage,
                                                 store: Settings) -> None:
    """'Your tags…' asks for tags; bad ones are said plainly and nothing changes; good ones
    become a count in the box, kept in the settings; a known count's tags choose it."""
    page.count_box.setCurrentIndex(page.count_box.findData("own-tags"))
    assert page.tags.isVisible()
    page.tags.edit.setText("A:-1, 2-6:9")
    qtbot.mouseClick(page.tags.use, Qt.MouseButton.LeftButton)
    assert "a tag is a whole number" in page.tags.problem.text()
    page.tags.edit.setText("A:-1, 2-6:1, T:-1")             # Hi-Lo's own tags
    qtbot.mouseClick(page.tags.use, Qt.MouseButton.LeftButton)
    assert page.count == "hilo" and not page.tags.isVisible()
    page.count_box.setCurrentIndex(page.count_box.findData("own-tags"))
    page.tags.edit.setText("A:-1, 2-7:1, 9:-1, T:-1")
    qtbot.keyClick(page.tags.edit, Qt.Key.Key_Return)
    assert page.count == "tags(-1,1,1,1,1,1,1,0,-1,-1)"
    assert page.count_box.currentText().startswith("your tags (A −1")
    assert Settings(store.path).get(cfg.OWN_TAGS) == "A:-1, 2-7:1, 9:-1, T:-1"


def test_the_ramp_and_risk_tab_shows_the_figures_of_the_ramp(qtbot, page: CountingPage) -> None:
    page.tabs.setCurrentWidget(page.risk)
    panel = page.risk
    panel.bankroll.setValue(1_000_000)
    panel.unit.setValue(25)
    text = panel.figures.text()
    for words in ("Bets (units) from: TC -10: 1", "SCORE", "N0", "CE", "risk of ruin",
                  "within 10,000 rounds", "before losing"):
        assert words in text, words
    panel.bankroll.setValue(1000)
    assert "N0 never (no edge)" in panel.figures.text()      # one unit a round: no edge
    assert "none suffices (no edge)" in panel.figures.text()
    panel.unit.setValue(2000)
    assert panel.figures.text() == "A bankroll holds at least one unit."


def test_a_tab_takes_the_keys_when_shown_and_space_deals_from_anywhere_on_it(
        qtbot, page: CountingPage) -> None:
    """Before: on opening a tab the focus sat in a spin box, Space did not deal, and a click
    on the felt did not help."""
    panel = page.running
    page.tabs.setCurrentWidget(page.true)
    page.tabs.setCurrentWidget(panel)
    assert panel.hasFocus()
    panel.cards.setFocus()                       # the pace changed: the focus in its box
    qtbot.keyClick(panel.cards, Qt.Key.Key_Space)
    assert panel.run is not None                 # dealt all the same
    panel.run = None
    qtbot.mouseClick(panel.table, Qt.MouseButton.LeftButton)
    assert panel.table.hasFocus()
    qtbot.keyClick(panel.table, Qt.Key.Key_Space)
    assert panel.run is not None
    page.tabs.setCurrentWidget(page.true)
    assert page.true.entry.box.hasFocus()        # digits go to the count box
    page.tabs.setCurrentWidget(page.index)
    assert page.index.hasFocus()


def test_a_questions_clock_starts_when_its_tab_shows_it(qtbot, page: CountingPage,
                                                        clock: FakeClock) -> None:
    """Before: the true count's question was drawn, and timed, while its tab was hidden (an
    answer given in 3 s was stored as 352.1 s)."""
    panel = page.true
    assert panel.drill is not None and panel.drill.current is None   # not asked unseen
    clock.advance(350)
    page.tabs.setCurrentWidget(panel)
    question = panel.drill.current
    assert question is not None and question.asked_at == clock.now
    clock.advance(3)
    panel.entry.box.setText(str(question.true_count))
    qtbot.keyClick(panel.entry.box, Qt.Key.Key_Return)
    assert panel.drill.decisions[-1].response_ms == 3000
    page.tabs.setCurrentWidget(page.running)                 # away from the next question
    clock.advance(120)
    page.tabs.setCurrentWidget(panel)                        # and back: timed from now
    clock.advance(2)
    panel.entry.box.setText("0")
    qtbot.keyClick(panel.entry.box, Qt.Key.Key_Return)
    assert panel.drill.decisions[-1].response_ms == 2000


def test_an_index_card_is_dealt_when_shown_and_its_verdict_is_a_banner(
        qtbot, page: CountingPage, clock: FakeClock) -> None:
    """Before: index feedback was one small grey line where flashcards have a banner."""
    from trainer.ui.practice.feedback import SEVERITY_LOOK
    panel = page.index
    assert panel.card is None                    # nothing dealt behind the hidden tab
    clock.advance(200)
    page.tabs.setCurrentWidget(panel)
    card = panel.card
    assert card is not None and card.dealt_at == clock.now
    clock.advance(4)
    wrong = next(a for a in card.actions if a != card.best)
    panel.answer(wrong)
    decision = page.index.cards.decisions[-1]  # type: ignore[union-attr]
    assert decision.response_ms == 4000
    view = panel.table.view()
    assert view.message.startswith(SEVERITY_LOOK[decision.severity][0] + ": best is ")
    assert view.message_colour == SEVERITY_LOOK[decision.severity][1]
    assert panel.feedback.text().startswith(f"<b>{view.message}.</b>")
    from html import escape
    assert escape(card.explanation(wrong)) in panel.feedback.text()   # "TC >= +3" in full


def test_a_missed_running_count_shows_its_cards_again(qtbot, page: CountingPage) -> None:
    panel = page.running
    panel.cards.setValue(6)
    panel.at_once.setValue(2)
    panel.deal()
    run = panel.run
    assert run is not None
    for _ in run.flashes:
        panel.step()
    panel.step()
    panel.entry.box.setText(f"{run.running + 3:+d}")
    qtbot.keyClick(panel.entry.box, Qt.Key.Key_Return)
    shown = [c.rank_text for c in panel.table.view().hands[0].cards]
    assert len(shown) == 6 == sum(len(f) for f in run.flashes)
    assert panel.table.view().message.startswith(f"It was {run.running:+d}".replace("+0", "0"))
    assert "the count after each showing" in panel.entry.line.text()
    assert panel.entry.line.text().count("→") == 3


def test_counts_are_said_in_agreement() -> None:
    """Before: "1 deviations missed" in the review's headline."""
    from trainer.rules.plural import counted
    assert counted(1, "deviation missed") == "1 deviation missed"
    assert counted(2, "deviation missed") == "2 deviations missed"
    assert counted(0, "card") == "0 cards" and counted(1200, "card") == "1,200 cards"
    assert counted(3, "index play", "index plays") == "3 index plays"


@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
def test_the_running_counts_verdict_is_as_legible_as_the_index_drills(
        qtbot, page: CountingPage, right: bool) -> None:
    """Before: the running count's verdict was small grey text under the felt, where the index
    drill's is its severity's colour, larger, its words in bold."""
    from trainer.teaching.records import Severity
    from trainer.ui.practice.feedback import SEVERITY_LOOK, verdict_style
    panel = page.running
    panel.cards.setValue(4)
    panel.deal()
    run = panel.run
    assert run is not None
    for _ in range(len(run.flashes) + 1):
        panel.step()
    panel.entry.box.setText(f"{run.running + (0 if right else 2):+d}")
    qtbot.keyClick(panel.entry.box, Qt.Key.Key_Return)
    line = panel.entry.line
    severity = Severity.NONE if right else Severity.MISTAKE
    assert line.styleSheet() == verdict_style(severity, False)
    assert SEVERITY_LOOK[severity][1] in line.styleSheet() and "11pt" in line.styleSheet()
    assert line.text().startswith("<b>Right: " if right else "<b>Wrong: it is ")
