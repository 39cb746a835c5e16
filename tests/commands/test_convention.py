"""One convention for both programs, checked over every command they declare: numbers have
declared bounds, a preset goes with a rules file, bad input exits 2 and a failure 1 with the
program's name first, and a reader that goes away ends a command quietly."""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from strategy_charts.__main__ import CHARTS
from strategy_charts.__main__ import main as charts_main
from trainer import __version__
from trainer.__main__ import main as trainer_main
from trainer.cli.program import trainer_program
from trainer.commands import Program, Real, Whole

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = [CHARTS, trainer_program(__version__)]


def command_parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """Every command's parser under ``parser`` (a group's commands included)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                if any(isinstance(a, argparse._SubParsersAction) for a in sub._actions):
                    yield from command_parsers(sub)
                else:
                    yield sub


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_every_number_has_declared_bounds(program: Program) -> None:
    """No bare int or float: each number is a Whole or Real, refused with its range."""
    loose = [f"{parser.prog} {'/'.join(a.option_strings)}"
             for parser in command_parsers(program.parser()) for a in parser._actions
             if a.type in (int, float)]
    assert loose == []
    bounded = sum(isinstance(a.type, Whole | Real) for parser in command_parsers(
        program.parser()) for a in parser._actions)
    assert bounded >= 5


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_every_command_that_takes_a_preset_takes_a_rules_file_instead(program: Program) -> None:
    for parser in command_parsers(program.parser()):
        flags = {flag for action in parser._actions for flag in action.option_strings}
        if "--preset" in flags:
            assert "--rules" in flags, parser.prog
            together = [group for group in parser._mutually_exclusive_groups
                        if {"--preset", "--rules"} <= {f for a in group._group_actions
                                                        for f in a.option_strings}]
            assert together, f"{parser.prog}: --preset and --rules are not exclusive"


@pytest.mark.parametrize(("main", "prefix", "argv", "option"), [
    (trainer_main, "freebet-trainer", ["count", "shoe", "--bankroll", "inf"], "--bankroll"),
    (trainer_main, "freebet-trainer", ["count", "shoe", "--bankroll", "nan"], "--bankroll"),
    (trainer_main, "freebet-trainer", ["count", "running", "--seed", "-1"], "--seed"),
    (trainer_main, "freebet-trainer", ["count", "true", "--seed", "-1"], "--seed"),
    (trainer_main, "freebet-trainer", ["drill", "--seed", "-1"], "--seed"),
    (trainer_main, "freebet-trainer", ["count", "shoe", "--checks", "1.5"], "--checks"),
    (trainer_main, "freebet-trainer", ["stats", "--rules", ""], "--rules"),
    (charts_main, "freebet-charts", ["ramp", "--wong", "101"], "--wong"),
    (charts_main, "freebet-charts", ["ramp", "--trips", "0"], "--trips"),
    (charts_main, "freebet-charts", ["ramp", "--trips", "-1"], "--trips"),
    (charts_main, "freebet-charts", ["ramp", "--bankroll", "inf"], "--bankroll"),
    (charts_main, "freebet-charts", ["ramp", "--bankroll", "nan"], "--bankroll"),
    (charts_main, "freebet-charts", ["ramp", "--bankroll", "-1"], "--bankroll"),
    (charts_main, "freebet-charts", ["ramp", "--seed", "-1"], "--seed"),
    (charts_main, "freebet-charts", ["ramp", "--shoes", "0"], "--shoes"),
    (charts_main, "freebet-charts", ["ramp", "--rounds", "0"], "--rounds"),
    (charts_main, "freebet-charts", ["ramp", "--unit", "1e-300"], "--unit"),
    (charts_main, "freebet-charts", ["ramp", "--kelly", "1.5"], "--kelly"),
    (charts_main, "freebet-charts", ["ramp", "--spread", "0"], "--spread"),
    (charts_main, "freebet-charts", ["indices", "--top", "-1"], "--top"),
    (charts_main, "freebet-charts", ["indices", "--top", "-3"], "--top"),
    (charts_main, "freebet-charts", ["ev", "--rules", ""], "--rules"),
    (charts_main, "freebet-charts",
     ["hand", "--player", "7,5", "--dealer", "4", "--shoe", "-1,4,4,4,4,4,4,4,4,16"], "--shoe"),
])
def test_a_number_or_name_it_cannot_take_is_refused_as_it_is_parsed(
        main, prefix: str, argv: list[str], option: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 22, finding 7. Before: tracebacks (ZeroDivisionError, OverflowError), messages
    that named no option ("cannot convert float NaN to integer", "need at least one array to
    concatenate", "-0.0% (-1 trips)"), inputs taken silently (an empty rules file name played
    evolution, --top -3 dropped three rows), and ramp checked its bankroll only after minutes
    of simulated shoes. Now nothing runs: the program names the option and what it allows."""
    from strategy_charts.counting import player
    monkeypatch.setattr(player, "play_shoes", lambda *a: pytest.fail("simulated before checks"))
    with pytest.raises(SystemExit) as caught:
        main([*argv, "--data-dir", str(tmp_path)] if prefix == "freebet-trainer" else argv)
    said = capsys.readouterr().err
    assert caught.value.code == 2 and "Traceback" not in said
    last = said.strip().splitlines()[-1]
    assert last.startswith(f"{prefix}: argument {option}: ")
    assert "give " in last
    assert list(tmp_path.iterdir()) == []          # no progress file opened for it


def test_a_cross_check_comes_before_the_work(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    from strategy_charts.counting import player
    monkeypatch.setattr(player, "play_shoes", lambda *a: pytest.fail("simulated before checks"))
    assert charts_main(["ramp", "--unit", "100", "--bankroll", "50"]) == 2
    assert capsys.readouterr().err == ("freebet-charts: --unit 100 is more than --bankroll 50: "
                                       "a bankroll holds at least one unit\n")


@pytest.mark.parametrize(("module", "argv", "code", "says"), [
    ("strategy_charts", ["ev", "--rules", "missing.toml"], 2,
     "freebet-charts: cannot read rules file missing.toml: "),
    ("strategy_charts", ["chart", "--out", "folder.png"], 1, "freebet-charts: cannot use "),
    ("strategy_charts", ["ramp", "--wong", "101"], 2, "freebet-charts: argument --wong: "),
    # the count's own range (a true count's, or KO's running counts) is checked once it is known
    ("strategy_charts", ["ramp", "--wong", "11"], 2,
     "freebet-charts: --wong 11: give a true count from -10 to 10"),
    ("trainer", ["drill", "--preset", "pot-of-gold", "--mode", "charlie"], 2,
     "freebet-trainer: "),
    ("trainer", ["stats", "--rules", "missing.toml"], 2,
     "freebet-trainer: cannot read rules file missing.toml: "),
    ("trainer", ["stats", "--data-dir", "notes.txt"], 1, "freebet-trainer: The progress file "),
])
def test_bad_input_exits_2_and_a_failure_1_each_said_after_the_programs_name(
        tmp_path: Path, module: str, argv: list[str], code: int, says: str) -> None:
    """Before: SystemExit("…") exited 1 with no prefix, "freebet-trainer count:" exited 2,
    "error:" came first in the engine's messages."""
    (tmp_path / "folder.png").mkdir()
    (tmp_path / "notes.txt").write_text("mine")
    out = subprocess.run([sys.executable, "-m", module, *argv], cwd=tmp_path, text=True,
                         capture_output=True, timeout=120,
                         env={"PYTHONPATH": str(ROOT), "HOME": str(tmp_path),
                              "FREEBET_TRAINER_DATA": str(tmp_path / "data"),
                              "PATH": "/usr/bin:/bin"})
    assert out.returncode == code, out.stderr
    assert out.stderr.strip().splitlines()[-1].startswith(says), out.stderr
    assert "Traceback" not in out.stderr and "error:" not in out.stderr


@pytest.mark.parametrize("argv", [["strategy_charts", "indices", "--json"],
                                  ["strategy_charts", "counts", "--preset", "pot-of-gold"],
                                  ["trainer", "count", "stats", "--json"]])
def test_a_reader_that_goes_away_ends_any_command_quietly(tmp_path: Path,
                                                          argv: list[str]) -> None:
    """``freebet-charts indices --json | head -3``: before, "error: cannot use: Broken pipe"."""
    with subprocess.Popen([sys.executable, "-m", *argv, *(
            ["--data-dir", str(tmp_path)] if argv[0] == "trainer" else [])], cwd=ROOT,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None and child.stderr is not None
        child.stdout.close()               # the reader is gone before the first line
        err = child.stderr.read()
        child.wait(120)
    assert err == "" and child.returncode == 1
