"""The counting drills in the terminal: the runners driven through text streams, and the
``freebet-trainer count`` commands saving every answer."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import pytest

from tests.conftest import FakeClock
from tests.progress.factories import decision
from trainer.__main__ import main
from trainer.cli.counting_keys import run_running, run_shoe
from trainer.drills.counting.answers import count_record
from trainer.drills.counting.keys import CountingKey
from trainer.drills.counting.running import RunningCountDrill, RunSettings
from trainer.drills.counting.shoe import CountingSettings, CountingShoe
from trainer.drills.shoe_practice import ShoeSettings
from trainer.progress.store import ProgressStore
from trainer.rules import Action, preset
from trainer.teaching.records import Mode, Verdict


def test_running_counts_in_a_pipe(clock: FakeClock) -> None:
    drill = RunningCountDrill(preset("evolution"), RunSettings(cards=4, at_once=2, seconds=0.3),
                              seed=2, clock=clock)
    shown: list[float] = []

    class Keys(io.StringIO):
        """Answers each run right after a wrong try and a word."""

        answers = 0

        def readline(self, size: int = -1) -> str:
            del size
            self.answers += 1
            if self.answers > 6:
                return "q\n"
            run = drill.current
            assert run is not None
            return ["lots\n", f"{run.running + 1}\n", f"{run.running}\n"][(self.answers - 1) % 3]

    out = io.StringIO()
    decisions = run_running(drill, 3, Keys(), out, pause=shown.append)
    text = out.getvalue()
    assert shown == [0.3] * 6                    # two showings a run, three runs
    assert "'lots' is not a running count" in text and text.count("Run ") == 3
    assert [d.verdict for d in decisions] == [Verdict.WRONG, Verdict.CORRECT, Verdict.WRONG]
    assert "Wrong: it is" in text and "Right:" in text


class _Counter(io.StringIO):
    """A player at the keyboard of a counted shoe: the ramp's bets, the right counts, stand."""

    def __init__(self, shoe: CountingShoe) -> None:
        super().__init__()
        self.shoe = shoe

    def readline(self, size: int = -1) -> str:
        del size
        shoe = self.shoe
        if shoe.check_due:
            return f"{int(shoe.seen()[0])}\n"
        if shoe.bet_due:
            return f"{shoe.ramp.bet(shoe.true_count())}\n"
        legal = shoe.practice.round.legal_actions()
        return "n\n" if Action.NO_INSURANCE in legal else "s\n" if Action.STAND in legal \
            else "h\n"


def test_a_counted_shoe_in_the_terminal(clock: FakeClock) -> None:
    shoe = CountingShoe(preset("evolution"), ShoeSettings(bet=Fraction(10), bankroll=None),
                        CountingSettings(check_chance=0.1), seed=5, clock=clock)
    out = io.StringIO()
    run_shoe(shoe, _Counter(shoe), out)
    text = out.getvalue()
    assert shoe.finished and "Rounds " in text and "Count check" in text
    assert "the ramp bets" in text and "Dealer " in text
    counted = [d for d in shoe.decisions if "|count|" in d.situation_key
               or "|bet|" in d.situation_key]
    assert counted and all(d.verdict is Verdict.CORRECT for d in counted)


def test_count_commands_save_every_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    folder = str(tmp_path / "data")
    monkeypatch.setattr("sys.stdin", io.StringIO("+3\nthree\n0\n-2\n"))
    assert main(["count", "true", "--questions", "3", "--seed", "4", "--data-dir",
                 folder]) == 0
    said = capsys.readouterr().out
    assert "'three' is not a true count" in said and said.count("True count?") == 4
    monkeypatch.setattr("sys.stdin", io.StringIO("n\ns\nh\nd\nx\ns\nq\n"))
    assert main(["count", "index", "--cards", "5", "--top", "4", "--seed", "1", "--data-dir",
                 folder]) == 0
    said = capsys.readouterr().out
    assert "Hi-Lo true count" in said and " — " in said
    monkeypatch.setattr("sys.stdin", io.StringIO("4\n"))
    assert main(["count", "running", "--cards", "5", "--runs", "1", "--seconds", "0.05",
                 "--seed", "2", "--data-dir", folder]) == 0
    capsys.readouterr()
    with ProgressStore.open(Path(folder) / "progress.sqlite3") as store:
        stored = [s.decision for s in store.decisions()]
        modes = [row["mode"] for row in store.rows("SELECT mode FROM sessions ORDER BY id")]
    assert modes == ["count", "index", "count"]
    assert sum(d.mode is Mode.COUNT for d in stored) == 4
    assert any("|index|hilo|" in d.situation_key for d in stored)
    assert main(["count", "stats", "--json", "--data-dir", folder]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert {d["drill"] for d in stats["days"]} == {"true", "running"}
    assert stats["indices"] and stats["deviation_leak_per_100"] >= 0
    assert main(["count", "stats", "--data-dir", folder]) == 0
    assert "missed index plays cost" in capsys.readouterr().out


def test_a_bad_setting_is_a_plain_message(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Refused as it is parsed, naming the option and its range (exit 2)."""
    with pytest.raises(SystemExit) as caught:
        main(["count", "running", "--seconds", "0", "--data-dir", str(tmp_path)])
    said = capsys.readouterr()
    assert caught.value.code == 2 and "Traceback" not in said.err
    assert ("freebet-trainer: argument --seconds: 0 is out of range: give a number from 0.05 "
            "to 60") in said.err
    assert not (tmp_path / "progress.sqlite3").exists()   # nothing opened for it
    assert main(["count", "running", "--cards", "2", "--at-once", "3",
                 "--data-dir", str(tmp_path)]) == 2
    assert "freebet-trainer: --cards 2 is fewer than --at-once 3" in capsys.readouterr().err


def test_the_count_drills_open_with_what_is_due(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A new player: every decks left due. Then with the running count shown two at a time
    missed yesterday after four good days, a due-mode run shows two at a time; --no-due keeps
    the cards at once asked for. (Answers stored relative to the moment the test runs.)"""
    folder = str(tmp_path / "data")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["count", "true", "--seed", "1", "--data-dir", folder]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("seed 1. Due today: true count with 2–8 decks left")
    now = datetime.now(UTC)
    with ProgressStore.open(Path(folder) / "progress.sqlite3") as store:
        session = store.start_session("evolution", Mode.COUNT, {"drill": "running"})
        for ago in (9, 8, 6, 3, 1):
            store.record_decision(session, count_record(
                CountingKey.from_key("evolution|count|hilo|c2"), 1 if ago == 1 else 0, 0,
                now - timedelta(days=ago), 2000, Mode.COUNT, "shown"))
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["count", "running", "--cards", "4", "--runs", "1", "--seconds", "0.05",
                 "--seed", "2", "--data-dir", folder]) == 0
    said = capsys.readouterr().out
    assert said.splitlines()[0].endswith("Due today: true count with 2–8 decks left; running "
                                         "count 2 cards at a time")
    assert "Run 1 of 1: 2 showings, 2 at a time (due)" in said
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["count", "running", "--cards", "4", "--runs", "1", "--seconds", "0.05",
                 "--no-due", "--data-dir", folder]) == 0
    assert "Run 1 of 1: 4 showings\n" in capsys.readouterr().out


def test_a_count_drill_of_a_rules_file_finds_its_answers_under_its_former_label(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A rules file without side bets filed its answers by its table identity; its drill reads
    them (moved to its label now) with the answers it saves."""
    rules = tmp_path / "mine.toml"
    rules.write_text('name = "mine"\nperfect_pairs = false\ntwenty_one_plus_three = false\n'
                     'hot_3 = false\n', encoding="utf-8")
    then, now = "custom-47f368a1251dc621", "custom-8d5ec15c6387eead"
    folder = tmp_path / "data"
    with ProgressStore.open(folder / "progress.sqlite3") as store:
        session = store.start_session(then, Mode.COUNT, {})
        store.record_decision(session, decision(
            preset=then, mode=Mode.COUNT, situation_key=f"{then}|truecount|hilo|d3"))
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n"))
    assert main(["count", "true", "--questions", "1", "--seed", "4", "--rules", str(rules),
                 "--data-dir", str(folder)]) == 0
    capsys.readouterr()
    with ProgressStore.open(folder / "progress.sqlite3") as store:
        keys = [s.decision.situation_key for s in store.decisions()]
        assert store.presets() == [now]
    assert keys[0] == f"{now}|truecount|hilo|d3" and len(keys) == 2
