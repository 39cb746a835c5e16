"""The settings file both programs share: typed values, checked writes, renamed keys, refused
values said, two writers on one file, an unreadable file kept, changes announced."""

from __future__ import annotations

import tomllib
from datetime import datetime
from pathlib import Path

import pytest

from trainer import settings as cfg
from trainer.rules import DEFAULT_PRESET
from trainer.settings import SettingError, Settings


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "config" / "settings.toml"


def test_the_users_file_is_in_the_config_folder_the_tests_point_at(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    import os
    assert cfg.settings_path().is_relative_to(Path(os.environ["XDG_CONFIG_HOME"]))
    assert cfg.settings_path().name == "settings.toml"


def test_defaults_until_set_then_the_value_in_a_plain_toml_file(path: Path) -> None:
    settings = Settings(path)
    assert settings.get(cfg.PRESET) == DEFAULT_PRESET
    assert not path.exists()
    settings.set(cfg.TIMER_SECONDS, 5.5)
    settings.set(cfg.THEME, "dark")
    assert tomllib.loads(path.read_text()) == {"play": {"timer_seconds": 5.5},
                                               "look": {"theme": "dark"}}
    again = Settings(path)
    assert (again.get(cfg.TIMER_SECONDS), again.get(cfg.THEME)) == (5.5, "dark")
    assert again.is_set(cfg.THEME) and not again.is_set(cfg.PRESET)


def test_a_value_not_allowed_is_refused_with_the_pages_message_and_nothing_written(
        path: Path) -> None:
    settings = Settings(path)
    settings.set(cfg.TIMER_SECONDS, 10.0)
    before = path.read_bytes()
    with pytest.raises(SettingError) as refused:
        settings.set(cfg.TIMER_SECONDS, 90.0)
    assert str(refused.value) == cfg.TIMER_SECONDS.problem(90.0)
    assert "1 to 60" in str(refused.value)
    with pytest.raises(SettingError, match="takes a str"):
        settings.set(cfg.PRESET, 3)  # type: ignore[arg-type]
    assert path.read_bytes() == before


def test_bounds_are_said_by_the_range_not_by_the_description() -> None:
    assert cfg.TIMER_SECONDS.help == "Seconds per decision in timed play (1 to 60)."
    for setting in cfg.ALL:
        if isinstance(setting.allowed, cfg.Range):
            assert setting.allowed.words() not in setting.description
            assert setting.allowed.words() in setting.help


def test_reset_goes_back_to_the_default(path: Path) -> None:
    settings = Settings(path)
    settings.set(cfg.NEW_PER_DAY, 35)
    settings.reset(cfg.NEW_PER_DAY)
    assert settings.get(cfg.NEW_PER_DAY) == cfg.NEW_PER_DAY.default
    assert not Settings(path).is_set(cfg.NEW_PER_DAY)


def test_a_renamed_key_is_read_as_its_new_key_and_written_under_it(path: Path) -> None:
    (old, new), = ((o, n) for o, n in cfg.RENAMED.items() if n == cfg.SIDE_BET_MAXIMUM.key)
    table, name = old.split(".")
    path.parent.mkdir(parents=True)
    path.write_text(f"[{table}]\n{name} = 250\n")
    settings = Settings(path)
    assert settings.get(cfg.SIDE_BET_MAXIMUM) == 250
    settings.set(cfg.TABLE_MINIMUM, 25)
    written = tomllib.loads(path.read_text())
    assert written["table"] == {"side_bet_maximum": 250, "minimum": 25}
    assert new == cfg.SIDE_BET_MAXIMUM.key


def test_a_value_of_the_wrong_type_is_refused_to_the_default_and_said_naming_the_file(
        path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.write_text('[play]\ntimer_seconds = "fast"\ndealer_speed_ms = 99999\n'
                    'preset = "pot-of-gold"\n')
    settings = Settings(path)
    assert settings.get(cfg.TIMER_SECONDS) == cfg.TIMER_SECONDS.default
    assert settings.get(cfg.DEALER_SPEED_MS) == cfg.DEALER_SPEED_MS.default
    assert settings.get(cfg.PRESET) == "pot-of-gold"
    said = settings.refused()
    assert len(said) == 2
    assert "Timer" in said[0] and "'fast'" in said[0] and str(path) in said[0]
    assert "Dealer speed" in said[1] and "99999" in said[1] and "0 to 3,000" in said[1]


def test_a_whole_number_stands_for_a_float_and_bytes_are_base64(path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.write_text("[play]\ntimer_seconds = 12\n")
    settings = Settings(path)
    assert settings.get(cfg.TIMER_SECONDS) == 12.0
    assert isinstance(settings.get(cfg.TIMER_SECONDS), float)
    settings.set(cfg.WINDOW_GEOMETRY, b"\x01\xd9\xd0\xcb\x00")
    assert tomllib.loads(path.read_text())["window"]["geometry"] == "AdnQywA="
    assert Settings(path).get(cfg.WINDOW_GEOMETRY) == b"\x01\xd9\xd0\xcb\x00"


def test_two_programs_setting_different_keys_keep_both(path: Path) -> None:
    window, terminal = Settings(path), Settings(path)
    window.set(cfg.THEME, "dark")
    terminal.set(cfg.NEW_PER_DAY, 40)      # read before the window's change
    window.set(cfg.TIMER_SECONDS, 3.0)     # read before the terminal's
    final = Settings(path)
    assert (final.get(cfg.THEME), final.get(cfg.NEW_PER_DAY),
            final.get(cfg.TIMER_SECONDS)) == ("dark", 40, 3.0)


def test_reload_takes_in_another_programs_change_and_announces_it(path: Path) -> None:
    window, terminal = Settings(path), Settings(path)
    heard: list[str] = []
    window.subscribe(heard.append)
    assert window.reload() == []
    terminal.set(cfg.THEME, "dark")
    assert window.reload() == [cfg.THEME.key]
    assert heard == [cfg.THEME.key] and window.get(cfg.THEME) == "dark"
    assert window.reload() == []
    window.set(cfg.FEEDBACK, "off")
    assert heard == [cfg.THEME.key, cfg.FEEDBACK.key]


def test_a_value_held_for_one_run_is_not_stored_and_gives_way_to_one_set(path: Path) -> None:
    settings = Settings(path)
    settings.hold(cfg.DATA_DIR, "/somewhere/else")
    assert settings.get(cfg.DATA_DIR) == "/somewhere/else"
    assert Settings(path).get(cfg.DATA_DIR) == ""
    settings.set(cfg.DATA_DIR, "/chosen")
    assert settings.get(cfg.DATA_DIR) == "/chosen"


def test_an_unreadable_file_is_said_and_kept_not_overwritten(path: Path) -> None:
    path.parent.mkdir(parents=True)
    broken = b'[play\npreset = "pot-of-gold"\n'
    path.write_bytes(broken)
    settings = Settings(path, clock=lambda: datetime(2026, 3, 4, 5, 6, 7))
    assert settings.get(cfg.PRESET) == DEFAULT_PRESET
    said = settings.refused()
    assert len(said) == 1 and str(path) in said[0] and "cannot be read" in said[0]
    assert path.read_bytes() == broken          # reading changes nothing
    settings.set(cfg.THEME, "dark")
    kept = path.with_name("settings.toml.unreadable-20260304-050607")
    assert kept.read_bytes() == broken
    assert tomllib.loads(path.read_text()) == {"look": {"theme": "dark"}}
    assert any(str(kept) in line for line in settings.refused())


def test_a_file_that_turns_unreadable_while_in_use_changes_nothing_in_force(
        path: Path, tmp_path: Path) -> None:
    """Half written by an editor, say: before, a reload put every setting back to its default
    (the data folder too, so the window's answers went to another file)."""
    settings = Settings(path, clock=lambda: datetime(2026, 3, 4, 5, 6, 7))
    settings.set(cfg.DATA_DIR, str(tmp_path / "mine"))
    heard: list[str] = []
    settings.subscribe(heard.append)
    path.write_bytes(b'[data\ndir = "/elsewhere"\n')
    assert settings.reload() == [] and heard == []
    assert settings.get(cfg.DATA_DIR) == str(tmp_path / "mine")
    assert any("cannot be read" in line for line in settings.refused())
    settings.set(cfg.THEME, "dark")            # the broken file kept aside, nothing lost
    assert heard == [cfg.THEME.key]
    assert tomllib.loads(path.read_text()) == {"data": {"dir": str(tmp_path / "mine")},
                                               "look": {"theme": "dark"}}


def test_listeners_hear_each_change_once_and_can_stop(path: Path) -> None:
    settings = Settings(path)
    heard: list[str] = []
    stop = settings.subscribe(heard.append)
    settings.set(cfg.THEME, "dark")
    settings.set(cfg.THEME, "dark")          # no change: nothing said
    settings.reset(cfg.THEME)
    stop()
    settings.set(cfg.THEME, "dark")
    assert heard == [cfg.THEME.key, cfg.THEME.key]


def test_a_file_that_cannot_be_opened_is_said_and_never_replaced(path: Path) -> None:
    path.mkdir(parents=True)                  # a folder where the file should be
    (path / "mine").write_text("kept")
    settings = Settings(path)
    assert settings.get(cfg.THEME) == cfg.THEME.default
    [said] = settings.refused()
    assert "cannot be opened" in said and str(path) in said
    with pytest.raises(OSError):
        settings.set(cfg.THEME, "dark")
    assert (path / "mine").read_text() == "kept"
    assert settings.reload() == []
