"""Findings 4, 7 and 8: a damaged table is named with its remedy; a build never writes where it
must not and checks its folder first; the engine's command line answers bad requests in words."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from strategy_charts import __main__ as charts_cli
from strategy_charts import tables
from trainer.__main__ import main as trainer_main
from trainer.teaching.catalog import catalog


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the shipped tables the code reads instead of data/ (no catalog cached)."""
    folder = tmp_path / "shipped"
    shutil.copytree(tables.data_dir(), folder, ignore=shutil.ignore_patterns("__*"))
    monkeypatch.setattr(tables, "data_dir", lambda: folder)
    catalog.cache_clear()
    yield folder
    catalog.cache_clear()


DAMAGE = {
    "truncated": lambda data: data[: len(data) // 2],
    "random bytes": lambda data: random.Random(7).randbytes(len(data)),
    "empty": lambda data: b"",
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize("command", [["ev", "--strategy", "td"], ["sidebets"]])
def test_a_damaged_table_is_named_with_its_remedy(shipped: Path, damage: str,
                                                  command: list[str],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Before: a TableError traceback."""
    path = shipped / "evolution.json.gz"
    path.write_bytes(DAMAGE[damage](path.read_bytes()))
    assert charts_cli.main([*command, "--preset", "evolution"]) == 1
    said = capsys.readouterr().err
    assert said.startswith(f"freebet-charts: The strategy table {path} is damaged")
    assert "Reinstall the trainer to restore it, or rebuild it with 'python -m " \
           "strategy_charts build --preset evolution'" in said


def test_the_drill_names_a_damaged_table_too(shipped: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = shipped / "evolution.json.gz"
    path.write_bytes(b"")
    assert trainer_main(["drill", "--mode", "hard", "--count", "1"]) == 1
    said = capsys.readouterr().err
    assert f"The strategy table {path} is damaged" in said and "Traceback" not in said


def test_a_rules_file_named_like_a_preset_never_replaces_its_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Before: name = "evolution" overwrote data/evolution.json.gz, and a name with ../ wrote
    outside --out."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "evolution.json.gz").write_bytes(b"the shipped table")
    monkeypatch.setattr(tables, "build_table", lambda rules, progress=None: {"name": rules.name})
    for name in ("evolution", "../../escaped"):
        rules = tmp_path / "rules.toml"
        rules.write_text(f'base = "evolution"\nname = "{name}"\nperfect_pairs = false\n')
        assert charts_cli.main(["build", "--rules", str(rules), "--out", str(out)]) == 0
    assert (out / "evolution.json.gz").read_bytes() == b"the shipped table"
    written = sorted(p.name for p in out.iterdir())   # both rule sets play alike: one file
    assert len(written) == 2 and written[0].startswith("custom-")
    assert not (tmp_path / "escaped.json.gz").exists()
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize("where", ["a file", "missing"])
def test_a_build_checks_its_folder_before_the_work(tmp_path: Path, where: str,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Before: a folder that cannot be written failed only after the build's 10 s of work."""
    out = tmp_path / "out"
    if where == "a file":
        out.write_text("not a folder")
    monkeypatch.setattr(tables, "build_table", lambda *_: pytest.fail("built before checking"))
    assert charts_cli.main(["build", "--preset", "evolution", "--out", str(out)]) == 1
    assert capsys.readouterr().err.startswith("freebet-charts: cannot use ")


@pytest.mark.parametrize(("args", "says"), [
    (["--player", "10,10", "--dealer", "10", "--shoe", "0,0,0,0,0,0,0,0,0,3"],
     "the shoe is too small: 0 cards left"),
    (["--player", "7,5", "--dealer", "4", "--shoe", "0,0,0,1,1,0,1,0,0,0"],
     "the shoe is too small: 0 cards left"),
    (["--player", "7,5", "--dealer", "4", "--shoe", "0,0,0,1,1,0,1,0,0,2"],
     "the shoe is too small: 2 cards left"),
    (["--player", "10,A", "--dealer", "4"], "a blackjack is paid at once; there is no decision"),
    (["--player", "10,5,9", "--dealer", "4"], "the hand is busted (24); there is no decision"),
    (["--player", "7,4,10", "--dealer", "4"], "a 21 stands; there is no decision"),
    (["--player", "2,2,2,2,2,2", "--dealer", "4"], "a Six Card Charlie wins at once"),
])
def test_a_hand_with_nothing_to_value_is_an_error(args: list[str], says: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Before: ZeroDivisionError, every EV printed as +0.000000, or "best: None" with exit 0."""
    assert charts_cli.main(["hand", *args]) == 2
    said = capsys.readouterr().err
    assert said.startswith("freebet-charts: ") and says in said


def test_a_small_shoe_that_can_finish_is_still_valued(capsys: pytest.CaptureFixture[str]) -> None:
    """Four tens left: 7,5 v 4 ends however the tens fall."""
    assert charts_cli.main(["hand", "--player", "7,5", "--dealer", "4",
                            "--shoe", "0,0,0,1,1,0,1,0,0,4"]) == 0
    assert "best: stand" in capsys.readouterr().out


@pytest.mark.parametrize(("name", "code", "says"), [
    ("missing/folder/c.png", 1, "does not exist"), ("chart", 2, "name the file with one of"),
    ("folder.png", 1, "it is a folder")])
def test_a_chart_target_is_checked_before_drawing(tmp_path: Path, name: str, code: int,
                                                  says: str, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Before: a FileNotFoundError traceback; "wrote X" for a name without an extension (or a
    folder) that wrote X.png. A name without a chart's extension is bad input (2), a place
    that cannot be written a failure (1)."""
    (tmp_path / "folder.png").mkdir()
    monkeypatch.chdir(tmp_path)
    assert charts_cli.main(["chart", "--out", name]) == code
    said = capsys.readouterr().err
    assert said.startswith("freebet-charts: ") and says in said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.png"]


def test_a_chart_is_written_whole_where_asked(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "c.svg"
    assert charts_cli.main(["chart", "--out", str(target)]) == 0
    assert target.read_text().lstrip().startswith("<?xml") and capsys.readouterr().out == (
        f"wrote {target}\n")
