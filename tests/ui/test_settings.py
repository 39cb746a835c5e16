"""Settings are declared once and read back safely: defaults for missing or invalid values."""

from __future__ import annotations

import pytest

from trainer import settings as cfg
from trainer.settings import SettingError, Settings
from trainer.settings.chosen import feedback_of
from trainer.ui.pages import PAGES
from trainer.ui.settings.window import WINDOW_PAGE


def test_missing_values_read_as_defaults(store: Settings) -> None:
    for setting in (*cfg.ALL, WINDOW_PAGE):
        assert store.get(setting) == setting.default


def test_values_round_trip_through_the_file(store: Settings) -> None:
    store.set(cfg.WINDOW_GEOMETRY, b"\x01\x02geometry")
    store.set(WINDOW_PAGE, "charts")
    store.set(cfg.CHARTS_DIFFERENCES, True)
    again = Settings(store.path)
    assert again.get(cfg.WINDOW_GEOMETRY) == b"\x01\x02geometry"
    assert again.get(WINDOW_PAGE) == "charts"
    assert again.get(cfg.CHARTS_DIFFERENCES) is True


def test_invalid_values_fall_back_to_the_default(store: Settings) -> None:
    store.path.write_text('[window]\npage = "casino"\n[charts]\ndifferences = "perhaps"\n')
    again = Settings(store.path)
    assert again.get(WINDOW_PAGE) == "flashcards"
    assert again.get(cfg.CHARTS_DIFFERENCES) is False


def test_writing_the_wrong_type_is_refused(store: Settings) -> None:
    with pytest.raises(SettingError, match=r"window\.page takes a str"):
        store.set(WINDOW_PAGE, 3)  # type: ignore[arg-type]


def test_every_setting_is_documented() -> None:
    keys = [s.key for s in (*cfg.ALL, WINDOW_PAGE)]
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
        "0.95 is not allowed for Penetration: Share of the shoe dealt before the cut card, "
        "the rule set's own until set here (50% to 90%).")
    from trainer.rules.ruleset import PENETRATIONS, RuleSet
    assert isinstance(cfg.PENETRATION.allowed, cfg.Range)
    assert (cfg.PENETRATION.default, cfg.PENETRATION.allowed.minimum,
            cfg.PENETRATION.allowed.maximum) == (PENETRATIONS.usual, PENETRATIONS.lowest,
                                                 PENETRATIONS.highest)
    assert RuleSet().penetration == PENETRATIONS.usual
    assert cfg.DEALER_SPEED_MS.problem("fast") == "Dealer speed takes a int, not 'fast'."
    assert isinstance(WINDOW_PAGE.allowed, cfg.Choices)
    assert list(WINDOW_PAGE.allowed.labels) == [page.key for page in PAGES]


def test_the_feedback_setting_reads_as_its_enum(store: Settings) -> None:
    assert feedback_of(store) is cfg.Feedback.DECISION
    store.set(cfg.FEEDBACK, "hand")
    assert feedback_of(store) is cfg.Feedback.HAND and cfg.Feedback.HAND.after_each_card
    assert not cfg.Feedback.SHOE.after_each_card


def test_a_value_held_for_one_run_is_read_but_never_stored(qtbot, store: Settings,
                                                          tmp_path) -> None:
    """``freebet-trainer --data-dir DIR``: the window's pages read DIR, Settings keeps its own
    folder, and a folder chosen in Settings replaces the held one."""
    from PyQt6.QtWidgets import QWidget

    from trainer.ui.practice.progress_link import ProgressLink
    store.set(cfg.DATA_DIR, str(tmp_path / "settings"))
    store.hold(cfg.DATA_DIR, str(tmp_path / "this run"))
    assert store.get(cfg.DATA_DIR) == str(tmp_path / "this run")
    page = QWidget()
    qtbot.addWidget(page)
    assert ProgressLink(store, page).path == tmp_path / "this run" / "progress.sqlite3"
    assert Settings(store.path).get(cfg.DATA_DIR) == str(tmp_path / "settings")
    store.set(cfg.DATA_DIR, str(tmp_path / "chosen"))
    assert store.get(cfg.DATA_DIR) == str(tmp_path / "chosen")
