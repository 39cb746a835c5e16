"""Issue 24: a rules file chosen in Settings is offered on every page that takes rules as soon
as its tables are ready, under the name in the file, without a restart.

Before: Settings said "its strategy tables are ready" while Flashcards and Shoe practice
offered only the presets until a restart, and Strategy charts never offered it."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtWidgets import QComboBox

from trainer import settings as cfg
from trainer.rules import rules_file
from trainer.settings import Settings
from trainer.ui.main_window import MainWindow
from trainer.ui.progress.filters import FilterBar
from trainer.ui.rules_files import rules_files
from trainer.ui.settings.chosen import CUSTOM


def _labels(box: QComboBox) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


def test_a_rules_file_is_offered_on_every_page_once_its_tables_are_ready(
        qtbot, store: Settings, data_dir: Path, tmp_path: Path) -> None:
    """The pot-of-gold table's rules under another name: its table is the shipped one, so
    "ready" comes in a moment; what is checked is that every page hears it."""
    path = tmp_path / "house.toml"
    path.write_text('base = "pot-of-gold"\nname = "house rules"\n', encoding="utf-8")
    window = MainWindow(store)
    qtbot.addWidget(window)
    window.show()
    pages = {key: window.show_page(key) for key in ("flashcards", "shoe", "charts", "counting",
                                                     "settings")}
    flashcards, shoe, charts = pages["flashcards"], pages["shoe"], pages["charts"]
    counting, settings = pages["counting"], pages["settings"]
    qtbot.waitUntil(lambda: flashcards.awaiting, timeout=60_000)  # type: ignore[attr-defined]
    boxes = {"flashcards": flashcards.rules_box, "shoe": shoe.rules_box,  # type: ignore[attr-defined]
             "charts": charts.preset_box, "counting": counting.rules_box}  # type: ignore[attr-defined]
    assert all("house rules (rules file)" not in _labels(box) for box in boxes.values())

    with qtbot.waitSignal(rules_files().offered, timeout=60_000):
        settings.rules.choose_rules_file(path)  # type: ignore[attr-defined]
    for name, box in boxes.items():
        assert _labels(box)[-1] == "house rules (rules file)", name
        assert box.findData(CUSTOM) == box.count() - 1, name
    # the practice pages play what Settings chose; the others offer it and keep their choice
    for page in (flashcards, shoe):
        qtbot.waitUntil(lambda page=page: page.rules is not None  # type: ignore[attr-defined]
                        and page.rules.name == "house rules", timeout=60_000)
    assert charts.rules.name == "evolution"  # type: ignore[attr-defined]
    charts.set_preset(CUSTOM)  # type: ignore[attr-defined]
    assert charts.rules.name == "house rules"  # type: ignore[attr-defined]
    assert "house rules" in charts.title.text()  # type: ignore[attr-defined]

    with qtbot.waitSignal(rules_files().offered, timeout=10_000):
        settings.rules.clear_rules_file()  # type: ignore[attr-defined]
    for name, box in boxes.items():
        assert box.findData(CUSTOM) < 0, name
    assert charts.rules.name == "evolution"  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: flashcards.rules is not None  # type: ignore[attr-defined]
                    and flashcards.rules.name == "evolution", timeout=60_000)
    for page in (flashcards, shoe, counting):
        page.shutdown()  # type: ignore[attr-defined]


def test_the_progress_filter_offers_a_rules_file_under_its_name(
        qtbot, store: Settings, tmp_path: Path) -> None:
    """Its answers are filed under the fingerprint's label ("custom-…"), offered as soon as
    the file is read, named as in the file."""
    path = tmp_path / "two.toml"
    path.write_text('base = "evolution"\nname = "two decks"\ndecks = 2\n', encoding="utf-8")
    bar = FilterBar(store)
    qtbot.addWidget(bar)
    before = _labels(bar.preset_box)
    store.set(cfg.RULES_FILE, str(path))
    with qtbot.waitSignal(rules_files().changed, timeout=10_000):
        rules_files().read(str(path))
    rules = rules_file.load(path)
    label = bar.preset_box.itemData(bar.preset_box.count() - 1)
    assert _labels(bar.preset_box) == [*before, "two decks (rules file)"]
    assert label.startswith("custom-") and label[len("custom-"):] in rules.fingerprint()
    bar.set_preset(label)                         # the page following the practice
    assert bar.preset_box.currentText() == "two decks (rules file)"


def test_a_rules_file_set_before_this_run_is_offered_once_settings_has_read_it(
        qtbot, store: Settings, data_dir: Path, tmp_path: Path) -> None:
    """The Settings page (made by the warm-up, or visited) readies the file's tables without
    a word: the status says what is played, and Strategy charts offers the file."""
    path = tmp_path / "house.toml"
    path.write_text('base = "evolution"\nname = "my house"\n', encoding="utf-8")
    store.set(cfg.RULES_FILE, str(path))
    window = MainWindow(store)
    qtbot.addWidget(window)
    window.show()
    charts = window.show_page("charts")
    assert charts.preset_box.findData(CUSTOM) < 0  # type: ignore[attr-defined]
    with qtbot.waitSignal(rules_files().offered, timeout=60_000):
        settings = window.show_page("settings")
    assert settings.rules.status.text() == (  # type: ignore[attr-defined]
        "Using 'my house' (custom rules, instead of the preset).")
    assert charts.preset_box.itemText(  # type: ignore[attr-defined]
        charts.preset_box.findData(CUSTOM)) == "my house (rules file)"  # type: ignore
