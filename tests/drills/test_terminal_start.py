"""The terminal drill asks before the starting point changes; ``--assume`` overrides."""

from __future__ import annotations

import io
import json

import pytest

from tests.first_answers import seed_novice
from trainer.__main__ import main
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore


def _assumed() -> str:
    """The starting point the latest drill session was stored with."""
    with ProgressStore.open(database_path()) as store:
        rows = store._conn.execute("SELECT settings FROM sessions ORDER BY id").fetchall()
    return str(json.loads(rows[-1][0])["assume"])


def test_the_drill_asks_with_the_evidence_and_a_no_keeps_the_start(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    seed_novice(database_path())
    monkeypatch.setattr("sys.stdin", io.StringIO("n\nq\n"))
    assert main(["drill", "--count", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "you missed 6 of the 12 classic plays asked" in out
    assert "Change the starting point? [y/N] > " in out
    assert _assumed() == "classic"


def test_a_yes_teaches_from_the_start_suggested_and_names_the_option(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    seed_novice(database_path())
    monkeypatch.setattr("sys.stdin", io.StringIO("y\nq\n"))
    assert main(["drill", "--count", "1", "--seed", "3"]) == 0
    assert "pass --assume novice" in capsys.readouterr().out
    assert _assumed() == "novice"


def test_assume_overrides_and_nothing_is_asked(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    seed_novice(database_path())
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["drill", "--count", "1", "--seed", "3", "--assume", "classic"]) == 0
    assert "starting point" not in capsys.readouterr().out
    assert _assumed() == "classic"
