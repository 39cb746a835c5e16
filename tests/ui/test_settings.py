"""Settings are declared once and read back safely: defaults for missing or invalid values."""

from __future__ import annotations

import pytest
from PyQt6.QtCore import QSettings

from trainer.ui.pages import PAGES
from trainer.ui.settings import declarations as cfg


def test_missing_values_read_as_defaults(store: QSettings) -> None:
    for setting in cfg.ALL:
        assert cfg.read(store, setting) == setting.default


def test_values_round_trip_through_the_file(store: QSettings, tmp_path) -> None:
    cfg.write(store, cfg.WINDOW_GEOMETRY, b"\x01\x02geometry")
    cfg.write(store, cfg.WINDOW_PAGE, "charts")
    cfg.write(store, cfg.CHARTS_DIFFERENCES, True)
    store.sync()
    again = QSettings(store.fileName(), QSettings.Format.IniFormat)
    assert cfg.read(again, cfg.WINDOW_GEOMETRY) == b"\x01\x02geometry"
    assert cfg.read(again, cfg.WINDOW_PAGE) == "charts"
    assert cfg.read(again, cfg.CHARTS_DIFFERENCES) is True


def test_invalid_values_fall_back_to_the_default(store: QSettings) -> None:
    store.setValue(cfg.WINDOW_PAGE.key, "casino")
    store.setValue(cfg.CHARTS_DIFFERENCES.key, "perhaps")
    assert cfg.read(store, cfg.WINDOW_PAGE) == "flashcards"
    assert cfg.read(store, cfg.CHARTS_DIFFERENCES) is False


def test_writing_the_wrong_type_is_refused(store: QSettings) -> None:
    with pytest.raises(TypeError, match="window/page takes str"):
        cfg.write(store, cfg.WINDOW_PAGE, 3)


def test_every_setting_is_documented() -> None:
    keys = [s.key for s in cfg.ALL]
    assert len(keys) == len(set(keys))
    assert all(s.description for s in cfg.ALL)


def test_each_setting_on_the_page_is_declared_whole() -> None:
    """Label, section, allowed values or range (or a special editor) in one declaration, and
    its default passes its own validation."""
    shown = cfg.on_the_page()
    assert shown and {s.section for s in shown} == set(cfg.SECTIONS)
    for setting in cfg.ALL:
        assert setting.problem(setting.default) is None, setting.key
    for setting in shown:
        assert setting.editor is not cfg.Editor.VALUE or setting.allowed is not None
    assert cfg.PENETRATION.problem(0.95) == (
        "0.95 is not allowed for Penetration: Share of the shoe dealt before the cut card "
        "(50% to 90%; until set here, the rule set's own).")
    from trainer.rules.ruleset import PENETRATIONS, RuleSet
    assert (cfg.PENETRATION.default, cfg.PENETRATION.allowed.minimum,
            cfg.PENETRATION.allowed.maximum) == (PENETRATIONS.usual, PENETRATIONS.lowest,
                                                 PENETRATIONS.highest)
    assert RuleSet().penetration == PENETRATIONS.usual
    assert cfg.DEALER_SPEED_MS.problem("fast") == "Dealer speed takes a int, not 'fast'."
    assert list(cfg.WINDOW_PAGE.allowed.labels) == [page.key for page in PAGES]


def test_the_feedback_setting_reads_as_its_enum(store: QSettings) -> None:
    assert cfg.feedback(store) is cfg.Feedback.DECISION
    cfg.write(store, cfg.FEEDBACK, "hand")
    assert cfg.feedback(store) is cfg.Feedback.HAND and cfg.Feedback.HAND.after_each_card
    assert not cfg.Feedback.SHOE.after_each_card


def test_a_value_held_for_one_run_is_read_but_never_stored(qtbot, store: QSettings,
                                                          tmp_path) -> None:
    """``freebet-trainer --data-dir DIR``: the window's pages read DIR, Settings keeps its own
    folder, and a folder chosen in Settings replaces the held one."""
    from PyQt6.QtWidgets import QWidget

    from trainer.ui.practice.progress_link import ProgressLink
    cfg.write(store, cfg.DATA_DIR, str(tmp_path / "settings"))
    cfg.hold(store, cfg.DATA_DIR, str(tmp_path / "this run"))
    assert cfg.read(store, cfg.DATA_DIR) == str(tmp_path / "this run")
    page = QWidget()
    qtbot.addWidget(page)
    assert ProgressLink(store, page).path == tmp_path / "this run" / "progress.sqlite3"
    store.sync()
    again = QSettings(store.fileName(), QSettings.Format.IniFormat)
    assert cfg.read(again, cfg.DATA_DIR) == str(tmp_path / "settings")
    cfg.write(store, cfg.DATA_DIR, str(tmp_path / "chosen"))
    assert cfg.read(store, cfg.DATA_DIR) == str(tmp_path / "chosen")
