"""Rows SQLite calls fine that the trainer cannot use: a memory fit off its grid, a decision whose
time, verdict, EV lost or cards cannot be read. Each, as a tester met it, through the real
commands: no traceback, no silent "nothing due"; a damaged fit is fitted again, a damaged row
is left out and said in a plain line."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest

from tests.progress.history import seed
from trainer.__main__ import main
from trainer.progress.store import ProgressStore
from trainer.scheduler.memory_fit import checked_fit
from trainer.teaching.curriculum import MAPPINGS

FIT_LINE = "The stored memory model could not be read and is fitted again from your answers."
ROW_LINE = "1 stored answer could not be read (a damaged row) and is left out."


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """120 answers and the memory fit a first due-mode drill stored with them."""
    data = tmp_path / "data"
    data.mkdir()
    seed(data / "progress.sqlite3", days=3, per_day=40)
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["drill", "--count", "1", "--seed", "1", "--data-dir", str(data)]) == 0
    with ProgressStore.open(data / "progress.sqlite3", read_only=True) as store:
        assert checked_fit(store.load_fit("evolution"), MAPPINGS) is not None
    return data


def _damage(folder: Path, sql: str) -> None:
    with sqlite3.connect(folder / "progress.sqlite3") as conn:
        assert conn.execute(sql).rowcount == 1
    conn.close()


def _stats(folder: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    capsys.readouterr()
    assert main(["stats", "--data-dir", str(folder), *extra]) == 0
    return capsys.readouterr().out


def _drill(folder: Path, capsys: pytest.CaptureFixture[str],
           monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["drill", "--count", "1", "--seed", "2", "--data-dir", str(folder)]) == 0
    found = capsys.readouterr()
    assert "\n1. " in found.out                                       # a card is dealt
    return found.out, found.err


@pytest.mark.parametrize("damage", [
    "UPDATE memory_fits SET first = 0, growth = 0, lapse = 0, answers = 100000",  # ZeroDivision
    "UPDATE memory_fits SET first = 9e999",                                       # Overflow
    "UPDATE memory_fits SET first = 'NaN'",                 # silently never due: "due": 0
    "UPDATE memory_fits SET growth = 3.0",                  # a number, off the grid
    "UPDATE memory_fits SET cards = 'hands'",
    "UPDATE memory_fits SET log_likelihood = 'much'",
    "UPDATE memory_fits SET answers = 2.5",
])
def test_a_damaged_memory_fit_is_fitted_again(folder: Path, damage: str,
                                              capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _damage(folder, damage)
    shown = _stats(folder, capsys)
    assert FIT_LINE in shown and "Traceback" not in shown
    with ProgressStore.open(folder / "progress.sqlite3", read_only=True) as store:
        assert checked_fit(store.load_fit("evolution"), MAPPINGS) is not None   # kept by stats
    _damage(folder, damage)                        # each reader that meets it says it
    figures = json.loads(_stats(folder, capsys, "--json"))
    assert figures["notes"] == [FIT_LINE]
    assert figures["due"] > 0        # answered weeks ago: due, not "nothing due" for good
    _damage(folder, damage)
    _, err = _drill(folder, capsys, monkeypatch)
    assert f"freebet-trainer: {FIT_LINE}" in err
    with ProgressStore.open(folder / "progress.sqlite3", read_only=True) as store:
        assert checked_fit(store.load_fit("evolution"), MAPPINGS) is not None   # stored anew
    assert FIT_LINE not in _stats(folder, capsys)


@pytest.mark.parametrize("damage", [
    "UPDATE decisions SET time = 'yesterday' WHERE id = 60",
    "UPDATE decisions SET time = '2026-10-02 10:00:00' WHERE id = 60",   # no time zone
    "UPDATE decisions SET time = 20261002 WHERE id = 60",
    "UPDATE decisions SET verdict = 'maybe' WHERE id = 60",
    "UPDATE decisions SET ev_loss = 'a lot' WHERE id = 60",
    "UPDATE decisions SET ev_loss = -0.5 WHERE id = 60",
    "UPDATE decisions SET ev_loss = 9e999 WHERE id = 60",
    "UPDATE decisions SET ev_loss = 1e308 WHERE id = 60",   # finite, but no decision's cost
    "UPDATE decisions SET ev_loss = 100 WHERE id = 60",
    "UPDATE decisions SET cards = 'ten and six' WHERE id = 60",
    "UPDATE decisions SET cards = 1016 WHERE id = 60",
])
def test_a_row_that_cannot_be_read_is_left_out_and_said(folder: Path, damage: str,
                                                        capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    _damage(folder, damage)
    shown = _stats(folder, capsys)
    assert ROW_LINE in shown and "Traceback" not in shown
    figures = json.loads(_stats(folder, capsys, "--json"))
    assert figures["unreadable"] == 1 and figures["notes"] == [ROW_LINE]
    assert figures["due"] > 0
    _, err = _drill(folder, capsys, monkeypatch)
    assert f"freebet-trainer: {ROW_LINE}" in err


@pytest.mark.parametrize("loss", ["1e308", "9e999", "100.0", "-0.5", "'a lot'"])
def test_an_ev_lost_no_decision_can_have_is_in_no_figure(folder: Path, loss: str,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    """Before, ``ev_loss = 1e308`` was read as a cost: "EV lost inf main bets", and a leak of
    1.5e305 main bets per 100 rounds. The row is left out of every figure, as if it were not
    stored (and said); the export still writes it as stored."""
    _damage(folder, "UPDATE decisions SET ev_loss = 0.25, verdict = 'wrong' WHERE id = 60")
    with sqlite3.connect(folder / "progress.sqlite3") as conn:   # the history without it
        conn.execute("CREATE TABLE kept AS SELECT * FROM decisions WHERE id = 60")
        conn.execute("DELETE FROM decisions WHERE id = 60")
    conn.close()
    without = _stats(folder, capsys).replace("120 decisions", "119 decisions")
    without_figures = json.loads(_stats(folder, capsys, "--json"))
    with sqlite3.connect(folder / "progress.sqlite3") as conn:
        conn.execute("INSERT INTO decisions SELECT * FROM kept")
        conn.execute("DROP TABLE kept")
    conn.close()
    _damage(folder, f"UPDATE decisions SET ev_loss = {loss} WHERE id = 60")
    shown = _stats(folder, capsys)
    figures = json.loads(_stats(folder, capsys, "--json"))
    assert "inf" not in shown and "Traceback" not in shown
    assert figures["notes"] == [ROW_LINE]
    assert figures["leak_per_100"] == without_figures["leak_per_100"] < 10
    assert figures["leaks"] == without_figures["leaks"]
    assert shown.replace(f"{ROW_LINE}\n", "") == without
    target = folder.parent / "all.csv"
    assert main(["export", "--csv", str(target), "--data-dir", str(folder)]) == 0
    assert "wrote 120 decisions" in capsys.readouterr().out


def test_answers_given_under_a_clock_ahead_count_as_given_now(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten answers given under a clock 400 days ahead (``faketime '+400 days'``), then stats
    at the right time: before, next due was 400 days off and read "Wed 20:14". Now the ten
    count as given now, the line says so, and next due is within a day, named by day."""
    from datetime import UTC, datetime, timedelta

    from tests.progress.history import CARDS, keys
    from trainer.drills.when import due_text
    from trainer.teaching.records import GradedDecision, Mode, Verdict

    data = tmp_path / "data"
    data.mkdir()
    now = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
    ahead = now + timedelta(days=400)
    with ProgressStore.open(data / "progress.sqlite3") as store:
        session = store.start_session("evolution", Mode.FLASHCARDS, {}, at=ahead)
        for i, key in enumerate(keys()[:10]):
            store.record_decision(session, GradedDecision(
                time=(ahead + timedelta(seconds=20 * i)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                preset="evolution", mode=Mode.FLASHCARDS, situation_key=key,
                cards=CARDS[key.split("|")[3]], dealer_up=key.rsplit("|v", 1)[1],
                action="hit", best_action="hit", verdict=Verdict.CORRECT, ev_loss=0.0,
                response_ms=900, weight=0.002))
    monkeypatch.setattr("trainer.teaching.grading.utc_now", lambda: now)
    figures = json.loads(_stats(data, capsys, "--json"))
    assert figures["future"] == 10 and figures["notes"] == [
        "10 answers were timed in the future (a wrong clock?) and are counted as given now."]
    due = datetime.fromisoformat(figures["next_due"])
    assert now < due < now + timedelta(days=1)
    shown = _stats(data, capsys)
    assert f"; next due {due_text(due, now)}\n" in shown
    assert due_text(due, now).startswith(("today ", "tomorrow "))
