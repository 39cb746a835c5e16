"""The terminal drill, driven through stdin like a user at the keyboard."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from trainer.__main__ import main
from trainer.cli.flashcard_keys import action_for_key, prompt
from trainer.progress.store import ProgressStore
from trainer.rules import Action, preset
from trainer.teaching.records import Mode


def test_keys_as_in_the_app() -> None:
    offered = {Action.HIT, Action.STAND, Action.FREE_DOUBLE, Action.FREE_SPLIT}
    assert action_for_key("d", offered) is Action.FREE_DOUBLE
    assert action_for_key("P\n", offered) is Action.FREE_SPLIT
    assert action_for_key("D", {Action.HIT, Action.DOUBLE}) is Action.DOUBLE
    assert action_for_key("y", {Action.INSURE, Action.NO_INSURANCE}) is Action.INSURE
    assert action_for_key("x", offered) is None
    assert action_for_key("P", {Action.HIT, Action.STAND}) is None
    assert prompt((Action.HIT, Action.STAND)) == "[H]it [S]tand  [Q]uit > "
    assert action_for_key("r", {Action.HIT, Action.SURRENDER}) is Action.SURRENDER
    assert action_for_key("R", {Action.HIT, Action.STAND}) is None
    assert prompt((Action.HIT, Action.SURRENDER)) == "[H]it Su[R]render  [Q]uit > "


def test_what_changes_from_the_rules_practised(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """From the Pot of Gold table to the Golden Nugget's: only the fours change, and each
    answer says what was played there."""
    monkeypatch.setattr("sys.stdin", io.StringIO("h\nh\nh\n"))
    code = main(["drill", "--preset", "golden-nugget-2012", "--mode", "changes", "--from",
                 "pot-of-gold", "--count", "3", "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0 and "What changes from pot-of-gold" in out
    assert out.count("4♣ 4") + out.count("4♦ 4") + out.count("4♥ 4") + out.count("4♠ 4") == 3
    assert out.count("At pot-of-gold: Free Split") == 3


def test_what_changes_needs_other_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["drill", "--preset", "evolution", "--mode", "changes", "--from",
                 "evolution"]) == 2
    assert "--from" in capsys.readouterr().err


def test_drill_from_stdin(monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("h\nz\ns\nh\nh\n"))
    code = main(["drill", "--preset", "evolution", "--mode", "hard", "--count", "3",
                 "--seed", "5"])
    out = capsys.readouterr().out
    assert code == 0
    assert "mode hard, seed 5" in out
    assert "'z' is not a choice here" in out
    assert out.count("\n1. ") == 1 and "\n3. " in out and "\n4. " not in out
    assert "3 answered:" in out


def test_quit_and_end_of_input(monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("s\nq\n"))
    assert main(["drill", "--mode", "pairs", "--count", "5", "--seed", "1"]) == 0
    assert "1 answered:" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["drill", "--mode", "all", "--seed", "1"]) == 0
    assert "0 answered:" in capsys.readouterr().out


def test_a_mode_the_rules_lack(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["drill", "--preset", "pot-of-gold", "--mode", "charlie"]) == 2
    said = capsys.readouterr()
    assert "no situations" in said.err and said.out == ""   # errors go to stderr


def test_answers_are_kept_and_reviewed(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder = str(tmp_path / "data")
    monkeypatch.setattr("sys.stdin", io.StringIO("h\ns\nh\n"))
    assert main(["drill", "--mode", "soft", "--count", "3", "--seed", "9",
                 "--data-dir", folder]) == 0
    capsys.readouterr()
    with ProgressStore.open(tmp_path / "data" / "progress.sqlite3") as store:
        stored = [s.decision for s in store.decisions()]
    assert len(stored) == 3 and all(d.mode is Mode.FLASHCARDS for d in stored)
    assert main(["stats", "--data-dir", folder]) == 0
    out = capsys.readouterr().out
    assert out.startswith("evolution: your play costs ") and "3 decisions" in out
    assert "Costliest leaks" in out


def test_undo_takes_the_answer_back_and_marks_it(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """U takes the last answer back: the card comes again and the stored row is marked."""
    folder = str(tmp_path / "data")
    monkeypatch.setattr("sys.stdin", io.StringIO("s\nu\nd\ns\n"))
    assert main(["drill", "--count", "2", "--seed", "2", "--data-dir", folder]) == 0
    out = capsys.readouterr().out
    assert "Taken back: answer it again." in out
    assert out.count("1. 5") + out.count("1. ") >= 2          # the same card, asked twice
    assert "BLUNDER:" in out and "Why: Free double:" in out
    with ProgressStore.open(tmp_path / "data" / "progress.sqlite3") as store:
        rows = store.tuples("SELECT action, undone FROM decisions ORDER BY id")
    assert rows[:2] == [("stand", 1), ("free_double", 0)] and len(rows) == 3


def test_the_questions_are_numbered_one_to_count_across_an_undo(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Before: the numbers jumped after an undo and reached "11." with --count 10."""
    import re
    folder = str(tmp_path / "data")
    monkeypatch.setattr("sys.stdin", io.StringIO("s\nu\n" + "s\n" * 10))
    assert main(["drill", "--count", "10", "--seed", "2", "--data-dir", folder]) == 0
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", capsys.readouterr().out, re.M)]
    assert numbers == [1, 2, 1, *range(2, 11)]     # 2 asked, 1 taken back and asked again


def test_stats_json_gives_the_leak_and_the_day(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A player who knows classic strategy starts at its leak; hitting hard 11 against a ten
    (classic play) is the first leak listed, with what they played."""
    import json
    folder = str(tmp_path / "data")
    assert main(["stats", "--json", "--data-dir", folder]) == 0
    fresh = json.loads(capsys.readouterr().out)
    assert fresh["decisions"] == 0 and fresh["leaks"] == []
    assert fresh["leak_per_100"] == pytest.approx(fresh["classic_leak_per_100"])
    assert fresh["classic_leak_per_100"] == pytest.approx(2.6885, abs=1e-3)
    assert (fresh["due"], fresh["new_today"], fresh["next_due"]) == (0, 20, None)
    assert fresh["memory"]["model"] is None and fresh["memory"]["answers"] == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("h\nh\n"))
    assert main(["drill", "--count", "2", "--seed", "2", "--data-dir", folder]) == 0
    capsys.readouterr()
    assert main(["stats", "--json", "--data-dir", folder]) == 0
    after = json.loads(capsys.readouterr().out)
    assert after["decisions"] == 2 and after["new_today"] <= 19
    assert after["next_due"] is not None
    top = after["leaks"][0]
    assert top["situation"] == "evolution|first|real|hard11|2|v10"
    assert top["best"] == "free_double" and top["played"] == {"hit": 1}
    assert set(top) == {"situation", "best", "played", "per_100"}


def test_stats_json_says_how_well_the_model_predicts_held_out_answers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The memory model's health check: fitted to all but the latest 20% of the answers, it
    is checked on those of them its cards hold (what the assumed play gets wrong), beside a
    fixed guess, a moving average and FSRS-6, by log loss, AUC and RMSE (bins); the figures
    and the sentence agree."""
    import json

    from tests.progress.history import seed
    from trainer.scheduler.health import MODELS, Health
    from trainer.scheduler.scores import Score

    folder = tmp_path / "data"
    folder.mkdir()
    seed(folder / "progress.sqlite3", days=12, per_day=40)
    assert main(["stats", "--json", "--data-dir", str(folder)]) == 0
    memory = json.loads(capsys.readouterr().out)["memory"]
    heads = ["" if name == "model" else f"{name}_" for name in MODELS]
    figures = {f"{head}{what}" for head in heads for what in ("log_loss", "auc", "rmse_bins")}
    assert set(memory) == {"model", "answers", "held_out", "held_out_same_day", "scored",
                           "says"} | figures
    assert memory["answers"] == 480 and memory["scored"] == "a day or more after the card's last"
    held = memory["held_out"] + memory["held_out_same_day"]
    assert 0 < memory["held_out"] <= held <= 480 - int(0.8 * 480)
    assert "you learn" in memory["model"] and "classic basic strategy" in memory["model"]
    assert min(memory["log_loss"], memory["avg_log_loss"], memory["fsrs6_log_loss"]) > 0
    assert memory["avg_auc"] == 0.5 and 0 < memory["auc"] < 1 and memory["fsrs6_rmse_bins"] > 0
    assert memory["fsrs6_fitted_log_loss"] is None     # made by the bench, not the app

    def told(head: str) -> Score:
        return Score(*(memory[f"{head}{what}"] for what in ("log_loss", "auc", "rmse_bins")))

    health = Health(memory["held_out"], told(""), told("avg_"), told("moving_avg_"),
                    told("fsrs6_"), same_day=memory["held_out_same_day"])
    assert memory["says"] == health.sentence()
    assert main(["stats", "--data-dir", str(folder)]) == 0
    assert memory["says"] in capsys.readouterr().out


def test_stats_without_history_and_a_damaged_file(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert "No decisions yet" in capsys.readouterr().out
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "progress.sqlite3").write_bytes(b"not a database at all" * 10)
    assert main(["stats", "--data-dir", str(bad)]) == 1
    assert "cannot be used" in capsys.readouterr().err
    assert (bad / "progress.sqlite3").read_bytes() == b"not a database at all" * 10


def test_export_writes_every_answered_decision(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """freebet-trainer export --csv FILE: one row per decision, with its situation key."""
    import csv

    folder = str(tmp_path / "data")
    monkeypatch.setattr("sys.stdin", io.StringIO("h\ns\n"))
    assert main(["drill", "--mode", "hard", "--count", "2", "--seed", "4",
                 "--data-dir", folder]) == 0
    out = tmp_path / "decisions.csv"
    assert main(["export", "--csv", str(out), "--data-dir", folder]) == 0
    assert "wrote 2 decisions" in capsys.readouterr().out
    with out.open(encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 2 and all(r["situation_key"].startswith("evolution|") for r in rows)


def test_drill_and_stats_take_a_rules_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Before: only --preset. A rules file's answers are its own (a custom rule set's key),
    and --preset with --rules is refused as any two exclusive options are."""
    rules = tmp_path / "mine.toml"
    rules.write_text('base = "evolution"\nname = "my evolution"\n', encoding="utf-8")
    folder = str(tmp_path / "data")
    monkeypatch.setattr("sys.stdin", io.StringIO("h\ns\n"))
    assert main(["drill", "--rules", str(rules), "--mode", "hard", "--count", "2",
                 "--seed", "4", "--data-dir", folder]) == 0
    assert "Free Bet flashcards: my evolution, mode hard, seed 4" in capsys.readouterr().out
    with ProgressStore.open(tmp_path / "data" / "progress.sqlite3") as store:
        assert {s.decision.preset for s in store.decisions()} == {
            f"custom-{preset('evolution').fingerprint()}"}
    assert main(["stats", "--rules", str(rules), "--data-dir", folder]) == 0
    out = capsys.readouterr().out
    assert out.startswith("my evolution (rules file): your play costs ") and "2 decisions" in out
    assert main(["stats", "--data-dir", folder]) == 0          # the presets' own: none yet
    assert "No decisions yet" in capsys.readouterr().out
    with pytest.raises(SystemExit) as caught:
        main(["stats", "--preset", "evolution", "--rules", str(rules)])
    assert caught.value.code == 2
    assert "freebet-trainer: argument --rules: not allowed with argument --preset" in (
        capsys.readouterr().err)
