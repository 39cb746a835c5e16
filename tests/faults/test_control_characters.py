"""File names holding control characters (``ESC [2J`` clears the screen, ``ESC [31m`` paints it
red) are printed with them escaped, on standard error (every message) and where the commands
print a file's name on standard output. Before, they reached the terminal raw."""

from __future__ import annotations

from pathlib import Path

import pytest

from strategy_charts.__main__ import main as charts
from trainer.__main__ import main
from trainer.commands.plain import escaped

from .conftest import history

CLEAR = "\x1b[2J"


def raw(text: str) -> list[str]:
    """The control characters in ``text`` other than line breaks."""
    return [c for c in text if (ord(c) < 32 and c != "\n") or 127 <= ord(c) < 160]


def test_escaped_shows_every_control_character_and_keeps_the_rest() -> None:
    assert escaped(f"a{CLEAR}b\tc\nd\re\x07f\x7fg\x9bh ♠ é") == \
        "a\\x1b[2Jb\\tc\\nd\\re\\x07f\\x7fg\\x9bh ♠ é"
    assert escaped(f"two\nlines{CLEAR}", lines=True) == "two\nlines\\x1b[2J"


def test_a_message_naming_a_file_escapes_its_control_characters(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A data folder that is a file: the message names it."""
    folder = tmp_path / f"data{CLEAR}"
    folder.write_text("a file")
    assert main(["stats", "--data-dir", str(folder)]) == 1
    said = capsys.readouterr().err
    assert raw(said) == [] and "data\\x1b[2J" in said


def test_an_argument_the_parser_refuses_is_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["stats", f"more{CLEAR}"])
    said = capsys.readouterr().err
    assert ended.value.code == 2 and raw(said) == [] and "more\\x1b[2J" in said


def test_the_file_names_the_commands_print_are_escaped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / f"data{CLEAR}"
    history(folder)
    assert main(["stats", "--data-dir", str(folder)]) == 0
    shown = capsys.readouterr().out
    assert raw(shown) == [] and "data\\x1b[2J" in shown
    target = tmp_path / "all\x1b[31m.csv"
    assert main(["export", "--csv", str(target), "--data-dir", str(folder)]) == 0
    shown = capsys.readouterr().out
    assert raw(shown) == [] and shown.endswith("all\\x1b[31m.csv\n")
    assert target.exists()                     # the file itself has the name given
    empty = tmp_path / f"empty{CLEAR}"
    assert main(["stats", "--data-dir", str(empty)]) == 0
    shown = capsys.readouterr().out
    assert raw(shown) == [] and "No decisions yet in " in shown and "empty\\x1b[2J" in shown


def test_the_engine_escapes_the_file_it_wrote(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / f"chart{CLEAR}.png"
    assert charts(["chart", "--preset", "evolution", "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {tmp_path}/chart\\x1b[2J.png\n"
    assert out.exists()
