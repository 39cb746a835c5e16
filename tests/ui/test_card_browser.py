"""The card browser: every card with what the trainer believes, searched, sorted, suspended,
reset and drilled; and the Flashcards page's last verdict folded as the next card is dealt."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QMessageBox

from tests.progress.history import seed
from trainer import settings as cfg
from trainer.drills.flashcards import FlashMode
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.settings import Settings
from trainer.ui.practice.card_browser import COLUMNS, CardBrowser
from trainer.ui.practice.flashcards_page import LEAKS, FlashcardsPage

from .test_flashcards_page import key_for, make_page


def _browser(qtbot, page: FlashcardsPage) -> CardBrowser:
    browser = page.browse()
    qtbot.waitUntil(lambda: browser.table_data is not None and not browser.loading.running,
                    timeout=30000)
    return browser


def test_the_browser_lists_searches_sorts_and_marks(qtbot, store: Settings, data_dir: Path,
                                                    warnings, monkeypatch) -> None:
    path = database_path(str(data_dir))
    path.parent.mkdir(parents=True, exist_ok=True)
    seed(path, days=3, per_day=30)
    page = make_page(qtbot, store, FlashMode.DUE)
    browser = _browser(qtbot, page)
    rows = browser.model.rows
    assert rows and browser.model.columnCount() == len(COLUMNS)
    assert browser.proxy.rowCount() == len(rows)
    assert f"{len(rows):,} of {len(rows):,} cards" == browser.count.text()
    answered = [r for r in rows if r.state != "new"]
    assert answered and any(r.last for r in answered)
    # search: every word must match
    browser.search.setText("hard 16")
    shown = [browser.model.rows[browser.proxy.mapToSource(browser.proxy.index(i, 0)).row()]
             for i in range(browser.proxy.rowCount())]
    assert shown and all("hard 16" in r.text() for r in shown)
    browser.search.setText("")
    browser.state_box.setCurrentIndex(browser.state_box.findData("new"))
    assert 0 < browser.proxy.rowCount() < len(rows)
    browser.state_box.setCurrentIndex(0)
    # sort by recall: the highest first after a descending sort
    browser.view.sortByColumn(COLUMNS.index("Recall now"), Qt.SortOrder.DescendingOrder)
    top = browser.model.rows[browser.proxy.mapToSource(browser.proxy.index(0, 0)).row()]
    assert top.recall == max(r.recall or 0 for r in rows)
    # suspend the top card: stored, shown, the page's queue never asks it
    browser.view.selectRow(0)
    assert browser.suspend_button.text() == "Suspend" and "Situations:" in \
        browser.details.text()
    browser.suspend_button.click()
    qtbot.waitUntil(lambda: any(r.card == top.card and r.state == "suspended"
                                for r in browser.model.rows), timeout=30000)
    qtbot.waitUntil(lambda: page.session is not None and page.awaiting, timeout=30000)
    assert page.session.queue is not None and not page.session.queue.open(top.card)
    # reset, after the player says yes
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Yes)
    taught = next(r for r in browser.model.rows if not r.own and r.recall is not None)
    browser.view.clearSelection()
    browser._select({taught.card})
    browser.reset_button.click()
    qtbot.waitUntil(lambda: any(r.card == taught.card and r.recall is None
                                for r in browser.model.rows), timeout=30000)
    with ProgressStore.open(path) as saved:
        marks = saved.tuples("SELECT mark FROM card_marks ORDER BY id")
    assert {m for (m,) in marks} == {"suspend", "reset"}
    # drill these: the page drills exactly the card's situations
    browser._select({rows[0].card})
    browser.drill_button.click()
    qtbot.waitUntil(lambda: page.awaiting, timeout=30000)
    assert page.mode_box.currentData() == LEAKS
    assert page.card is not None and page.card.situation.key in rows[0].faces
    page.shutdown()
    assert not warnings


def test_the_last_verdict_leaves_the_felt_and_the_panel_head(qtbot, store: Settings,
                                                            data_dir: Path, warnings) -> None:
    store.set(cfg.FEEDBACK, "decision")
    page = make_page(qtbot, store)
    asked = page.card.situation.describe()
    qtbot.keyClick(page.table, key_for(page))
    assert page.table.view().message                     # the verdict on the felt
    qtbot.keyClick(page.table, Qt.Key.Key_Space)         # the next card
    assert page.awaiting
    body = page.feedback.body.text()
    assert body.count("Last:") == 1 and asked in body     # one quiet line, named
    assert "You played" not in body                      # the full verdict is gone
    page.shutdown()
    assert not warnings


def test_new_cards_a_day_changed_in_settings_apply_when_the_page_shows_again(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    page = make_page(qtbot, store, FlashMode.DUE)
    assert page.session is not None and page.session.counts().new == 20
    page.hide()
    store.set(cfg.NEW_PER_DAY, 5)
    with qtbot.waitExposed(page):
        page.show()
    assert page.session.counts().new == 5
    assert "(of 5 a day)" in page.day_label.text()
    page.shutdown()
    assert not warnings
