"""``freebet-trainer settings`` lists, sets and resets the settings the window uses, checked as
the Settings page checks them; every terminal command takes its defaults from them."""

from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path

import pytest

from trainer import settings as cfg
from trainer.__main__ import main
from trainer.progress.store import ProgressStore
from trainer.rules import DEFAULT_PRESET
from trainer.settings import Settings


def test_set_then_list_then_reset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settings", "set", "play.timer_seconds", "4.5"]) == 0
    assert main(["settings", "set", "study.assume_classic", "false"]) == 0
    path = cfg.settings_path()
    assert tomllib.loads(path.read_text()) == {"play": {"timer_seconds": 4.5},
                                               "study": {"assume_classic": False}}
    capsys.readouterr()
    assert main(["settings"]) == 0
    listed = capsys.readouterr().out
    assert "play.timer_seconds = 4.5\n    default: 8\n" in listed.replace("8.0", "8")
    assert f"play.preset = {DEFAULT_PRESET} (default)" in listed
    assert cfg.TIMER_SECONDS.help in listed and str(path) in listed
    assert main(["settings", "--json"]) == 0
    shown = {row["key"]: row for row in json.loads(capsys.readouterr().out)["settings"]}
    assert set(shown) == {setting.key for setting in cfg.ALL}
    assert shown["play.timer_seconds"] == {
        "key": "play.timer_seconds", "value": 4.5, "default": 8.0, "set": True,
        "label": "Timer", "description": cfg.TIMER_SECONDS.help}
    assert main(["settings", "reset", "play.timer_seconds"]) == 0
    assert not Settings().is_set(cfg.TIMER_SECONDS)


@pytest.mark.parametrize(("key", "value", "said"), [
    ("play.timer_seconds", "90", "1 to 60"),
    ("play.timer_seconds", "soon", "takes a number"),
    ("play.preset", "casino", "not allowed for Preset"),
    ("table.chips", "5, 1", "lowest first"),
    ("data.dir", "relative/folder", "not allowed for Data location"),
    ("study.assume_classic", "perhaps", "takes true or false"),
    ("no.such", "1", "no setting 'no.such'"),
])
def test_a_refused_value_is_said_plainly_exit_2_and_the_file_unchanged(
        key: str, value: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settings", "set", "look.theme", "dark"]) == 0
    before = cfg.settings_path().read_bytes()
    capsys.readouterr()
    assert main(["settings", "set", key, value]) == 2
    err = capsys.readouterr().err
    assert err.startswith("freebet-trainer: ") and said in err and "Traceback" not in err
    assert cfg.settings_path().read_bytes() == before


def test_an_old_key_is_taken_by_its_new_name() -> None:
    assert main(["settings", "set", "table/side_maximum", "300"]) == 0
    assert Settings().get(cfg.SIDE_BET_MAXIMUM) == 300


def test_a_value_the_file_holds_that_cannot_be_used_is_said_by_any_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = cfg.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('[study]\nnew_per_day = "many"\n')
    assert main(["settings"]) == 0
    err = capsys.readouterr().err
    assert "New cards (study.new_per_day)" in err and str(path) in err


def _drill(monkeypatch: pytest.MonkeyPatch, *extra: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO("s\nq\n"))
    return main(["drill", "--mode", "hard", "--count", "1", "--seed", "3", *extra])


def _sessions(folder: Path) -> list[dict]:
    with ProgressStore.open(folder / "progress.sqlite3", read_only=True) as store:
        return store.rows("SELECT preset, settings FROM sessions ORDER BY id")


def test_the_drill_uses_the_data_folder_rules_and_starting_point_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "chosen"
    assert main(["settings", "set", "data.dir", str(folder)]) == 0
    assert main(["settings", "set", "play.preset", "pot-of-gold"]) == 0
    assert main(["settings", "set", "study.assume_classic", "false"]) == 0
    assert _drill(monkeypatch) == 0
    [played] = _sessions(folder)
    assert played["preset"] == "pot-of-gold"
    assert json.loads(played["settings"])["assume"] == "novice"
    # the options still override, for one run
    other = tmp_path / "other"
    assert _drill(monkeypatch, "--preset", "evolution", "--data-dir", str(other)) == 0
    assert [s["preset"] for s in _sessions(other)] == ["evolution"]
    assert len(_sessions(folder)) == 1


def test_the_drill_plays_the_custom_rules_file_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "mine.toml"
    rules.write_text('name = "mine"\nbase = "pot-of-gold"\n')
    folder = tmp_path / "data"
    settings = Settings()
    settings.set(cfg.DATA_DIR, str(folder))
    settings.set(cfg.RULES_FILE, str(rules))
    assert _drill(monkeypatch) == 0
    assert "Free Bet flashcards: mine, mode hard" in capsys.readouterr().out
    [played] = _sessions(folder)
    assert played["preset"].startswith("custom-")    # a rules file's answers, by its rules


def test_an_unreadable_file_is_said_then_kept_aside_by_the_first_set(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = cfg.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[look\ntheme = dark\n")
    assert main(["settings"]) == 0
    assert "cannot be read" in capsys.readouterr().err
    assert path.read_text() == "[look\ntheme = dark\n"       # not overwritten by a reading
    assert main(["settings", "set", "look.theme", "dark"]) == 0
    err = capsys.readouterr().err
    [kept] = path.parent.glob("settings.toml.unreadable-*")
    assert kept.read_text() == "[look\ntheme = dark\n" and f"kept as {kept}" in err
    assert Settings().get(cfg.THEME) == "dark"


def test_the_cut_card_set_deals_every_terminal_shoe_and_an_option_overrides_the_rules(
        tmp_path: Path) -> None:
    from trainer import __version__
    from trainer.cli.defaults import from_settings
    from trainer.cli.program import trainer_program
    from trainer.commands import rules_of
    from trainer.rules import preset

    settings = Settings(tmp_path / "settings.toml")
    settings.set(cfg.PRESET, "pot-of-gold")
    settings.set(cfg.PENETRATION, 0.6)
    parser = trainer_program(__version__).parser()
    args = parser.parse_args(["count", "shoe"])
    from_settings(args, settings)
    assert (rules_of(args).name, rules_of(args).penetration) == ("pot-of-gold", 0.6)
    args = parser.parse_args(["count", "shoe", "--preset", "evolution"])
    from_settings(args, settings)
    assert (rules_of(args).name, rules_of(args).penetration) == ("evolution", 0.6)
    settings.reset(cfg.PENETRATION)
    args = parser.parse_args(["count", "shoe"])
    from_settings(args, settings)
    assert rules_of(args).penetration == preset("pot-of-gold").penetration
