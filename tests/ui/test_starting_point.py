"""The Flashcards page asks before the starting point changes; Settings shows what is in
force."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtWidgets import QComboBox, QMessageBox

from tests.conftest import FakeClock
from tests.first_answers import seed_novice
from trainer import settings as cfg
from trainer.drills.flashcards import FlashMode
from trainer.progress.location import database_path
from trainer.settings import Settings
from trainer.teaching.curriculum import Prior
from trainer.ui.settings.chosen import prior_of
from trainer.ui.settings.page import SettingsPage

from .test_flashcards_page import make_page


def _page(qtbot, store: Settings, data_dir: Path):  # type: ignore[no-untyped-def]
    seed_novice(database_path(str(data_dir)))
    return make_page(qtbot, store, FlashMode.DUE, FakeClock())   # the day after the answers


def test_the_page_asks_with_the_evidence_and_a_yes_is_the_setting(
        qtbot, store: Settings, data_dir: Path) -> None:
    settings = SettingsPage(store)
    qtbot.addWidget(settings)
    page = _page(qtbot, store, data_dir)
    box = page.question
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert "you missed 6 of the 12 classic plays asked" in box.text()
    assert page.prior is Prior.CLASSIC                       # nothing changed on its own
    box.button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: page.prior is Prior.NOVICE and page.awaiting, timeout=20000)
    assert prior_of(store) is Prior.NOVICE
    assert page.session is not None and page.session.course.prior is Prior.NOVICE
    settings.show()                                          # Settings shows what is in force
    combo = settings.editors[cfg.ASSUME_CLASSIC.key]
    assert isinstance(combo, QComboBox) and combo.currentText() == "I am new to blackjack"
    page.shutdown()


def test_a_no_keeps_the_start_and_is_not_asked_again_without_more_evidence(
        qtbot, store: Settings, data_dir: Path) -> None:
    page = _page(qtbot, store, data_dir)
    assert page.question is not None
    page.question.button(QMessageBox.StandardButton.No).click()
    assert prior_of(store) is Prior.CLASSIC and store.get(cfg.START_DECLINED) == 12
    page.load()
    qtbot.waitUntil(lambda: page.awaiting, timeout=20000)
    assert page.question is None and page.prior is Prior.CLASSIC
    page.shutdown()


def test_it_is_asked_in_any_mode(qtbot, store: Settings, data_dir: Path) -> None:
    seed_novice(database_path(str(data_dir)))
    page = make_page(qtbot, store, FlashMode.PAIRS, FakeClock())
    assert page.question is not None and page.question.isVisible()
    page.question.button(QMessageBox.StandardButton.No).click()
    page.shutdown()
