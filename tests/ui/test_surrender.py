"""Surrender in the window: its button and key R where the rules offer it, nowhere else
(docs/rules/surrender.md)."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import QEvent, Qt
from PyQt6.QtGui import QKeyEvent

from trainer import settings as cfg
from trainer.drills.flashcards import FlashMode
from trainer.rules import Action, Outcome
from trainer.settings import Settings
from trainer.ui.practice.flashcards_page import FlashcardsPage
from trainer.ui.practice.screen_states import shoe_surrender, use_rules_file
from trainer.ui.practice.shoe_page import ShoePage, ShoePhase
from trainer.ui.table.action_bar import ActionBar

from .conftest import gold_mask, pixels


def test_the_button_reads_surrender_and_r_takes_it(qtbot) -> None:
    bar = ActionBar()
    qtbot.addWidget(bar)
    assert bar.button(Action.SURRENDER).text() == "Surrender (R)"
    bar.set_actions({Action.HIT, Action.STAND, Action.SURRENDER})
    chosen: list[Action] = []
    bar.chosen.connect(chosen.append)
    press = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_R, Qt.KeyboardModifier.NoModifier)
    assert bar.handle_key(press) and chosen == [Action.SURRENDER]
    with qtbot.waitExposed(bar):
        bar.show()
    assert gold_mask(pixels(bar.button(Action.SURRENDER).grab())).sum() < 300   # not free
    bar.set_actions({Action.HIT, Action.STAND})
    assert not bar.handle_key(press) and chosen == [Action.SURRENDER]


def _flashcards(qtbot, store: Settings, surrender: bool) -> FlashcardsPage:
    page = FlashcardsPage(store, seed=3)
    qtbot.addWidget(page)
    if surrender:
        use_rules_file(page)
    else:
        page.rules_box.setCurrentIndex(page.rules_box.findData("pot-of-gold"))
    page.mode_box.setCurrentIndex(page.mode_box.findData(FlashMode.HARD.value))
    page.resize(1280, 800)
    with qtbot.waitExposed(page):
        page.show()
    page.load()
    qtbot.waitUntil(lambda: page.awaiting, timeout=120000)   # a rules file's tables: built
    return page


def test_flashcards_offer_surrender_on_a_table_that_has_it(qtbot, store: Settings,
                                                           data_dir: Path, warnings) -> None:
    page = _flashcards(qtbot, store, surrender=True)
    assert page.rules is not None and page.rules.surrender.offered
    while page.card.situation.context.value != "first":      # a first decision: surrender
        qtbot.keyClick(page.table, Qt.Key.Key_S)
        qtbot.keyClick(page.table, Qt.Key.Key_Space)
    assert Action.SURRENDER in page.card.actions
    assert page.bar.button(Action.SURRENDER).isVisible()
    qtbot.keyClick(page.table, Qt.Key.Key_R)
    assert page.session.decisions[-1].action == "surrender"
    page.shutdown()
    assert not warnings


def test_no_surrender_on_a_table_without_it(qtbot, store: Settings, data_dir: Path,
                                            warnings) -> None:
    page = _flashcards(qtbot, store, surrender=False)
    for _ in range(8):
        assert Action.SURRENDER not in page.card.actions
        assert not page.bar.button(Action.SURRENDER).isVisible()
        before = len(page.session.decisions)
        qtbot.keyClick(page.table, Qt.Key.Key_R)               # does nothing here
        assert len(page.session.decisions) == before and page.awaiting
        qtbot.keyClick(page.table, Qt.Key.Key_S)
        qtbot.keyClick(page.table, Qt.Key.Key_Space)
    page.shutdown()


def test_a_shoe_hand_surrendered_with_r(qtbot, store: Settings, data_dir: Path,
                                        warnings) -> None:
    store.set(cfg.DEALER_SPEED_MS, 0)
    page = ShoePage(store)
    qtbot.addWidget(page)
    page.resize(1280, 800)
    with qtbot.waitExposed(page):
        page.show()
    shoe_surrender(page, lambda done, what: qtbot.waitUntil(done, timeout=120000))
    assert page.bar.button(Action.SURRENDER).isVisible()
    qtbot.keyClick(page.table, Qt.Key.Key_R)
    qtbot.waitUntil(lambda: page.phase in (ShoePhase.SETTLED, ShoePhase.FINISHED))
    result = page.practice.rounds[-1].result.hands[0]
    assert result.outcome is Outcome.SURRENDER and result.net == -page.practice.round_bets.main / 2
    assert page.practice.decisions[-1].action == "surrender"
    page.shutdown()


def test_the_chart_colours_surrender_and_names_its_fallback() -> None:
    """A late-surrender table's first-decision chart: hard 16 v 10 surrenders (else hits),
    drawn in surrender's colour, the legend saying so; a chart without it says nothing."""
    from strategy_charts.chart_layout import chart_rows
    from strategy_charts.render import STYLE, cell_label
    from strategy_charts.tables import load_or_build
    from trainer.rules import PRESETS
    from trainer.ui.charts.legend import legend_html
    from trainer.ui.practice.screen_states import LATE_SURRENDER

    chart = load_or_build(LATE_SURRENDER)["charts"]["real"]
    cell = chart["hard"]["16"]["10"]
    assert (cell["action"], cell["fallback"], cell_label(cell)) == ("surrender", "hit", "Rh")
    assert STYLE["surrender"][1] not in {colour for name, (_, colour, _) in STYLE.items()
                                         if name != "surrender"}
    assert "Rh / Rs / Rp" in legend_html(chart, chart_rows(chart), False, "#0000ff")
    plain = load_or_build(PRESETS["pot-of-gold"])["charts"]["real"]
    assert "Rh" not in legend_html(plain, chart_rows(plain), False, "#0000ff")
