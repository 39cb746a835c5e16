"""Finding 1 (the core) and 11, and issue 22's finding 4: a rules file that cannot be read is
refused with a message naming it, never a traceback (a named pipe or a device without waiting);
values that only look right are refused too."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from trainer.rules import RuleSetError, rules_file

from .conftest import run


@pytest.mark.parametrize(("content", "says"), [
    (b'name = "x"\ndecks = 1\n\xff\xfe\n', "not a text file in UTF-8"),
    (b"a = " + b"[" * 20_000 + b"]" * 20_000 + b"\n", "nested too deeply"),
    (b"# padding\n" * 10_000, "larger than 64 KiB"),
    (b"decks = \n", "not a valid TOML rules file"),
])
def test_an_unreadable_rules_file_is_a_rules_error_naming_it(tmp_path: Path, content: bytes,
                                                             says: str) -> None:
    path = tmp_path / "custom.toml"
    path.write_bytes(content)
    with pytest.raises(RuleSetError, match=says) as caught:
        rules_file.load(path)
    assert str(caught.value).startswith(f"{path}: ")


def test_a_folder_or_a_missing_file_is_a_rules_error(tmp_path: Path) -> None:
    with pytest.raises(RuleSetError, match=f"cannot read rules file {tmp_path}"):
        rules_file.load(tmp_path)
    with pytest.raises(RuleSetError, match="No such file"):
        rules_file.load(tmp_path / "gone.toml")


@pytest.mark.parametrize("bad", ['"-3:-2"', '"1e20:1"', '"100000000000000000000:1"', '"3:0"',
                                 '"11:1"', '"3/2"', "1.5", '"3:2:1"'])
def test_a_blackjack_payout_must_be_a_plain_sensible_ratio(bad: str) -> None:
    with pytest.raises(RuleSetError, match="blackjack_pays"):
        rules_file.loads(f"blackjack_pays = {bad}\n")


@pytest.mark.parametrize(("text", "numerator", "denominator"), [
    ('"3:2"', 3, 2), ('"6:5"', 6, 5), ('" 7 : 5 "', 7, 5), ('"10:1"', 10, 1), ('"1:1"', 1, 1)])
def test_sensible_payouts_still_load(text: str, numerator: int, denominator: int) -> None:
    pays = rules_file.loads(f"blackjack_pays = {text}\n").blackjack_pays
    assert (pays.numerator, pays.denominator) == (numerator, denominator)


@pytest.mark.parametrize("bad", ["true", "false", "2.0", "1.0", '"1"', "3"])
def test_pot_of_gold_takes_only_the_whole_numbers_1_or_2(bad: str) -> None:
    with pytest.raises(RuleSetError, match="pot_of_gold"):
        rules_file.loads(f"pot_of_gold = {bad}\n")
    assert rules_file.loads("pot_of_gold = 2\n").pot_of_gold == 2


@pytest.mark.parametrize("content", [b"\xff\xfe", b"a = " + b"[" * 20_000 + b"]" * 20_000])
def test_the_engine_command_line_names_the_file_without_a_traceback(tmp_path: Path,
                                                                    content: bytes) -> None:
    path = tmp_path / "custom.toml"
    path.write_bytes(content)
    out = run(["strategy_charts", "ev", "--rules", str(path)])
    assert out.returncode == 2
    assert out.stderr.startswith(f"freebet-charts: {path}: ") and "Traceback" not in out.stderr


def _load_within(path: Path, seconds: float = 20) -> BaseException | None:
    """What ``rules_file.load(path)`` raised, from a thread given ``seconds`` to return (a hang
    fails the test instead of stalling the suite)."""
    raised: list[BaseException] = []

    def load() -> None:
        try:
            rules_file.load(path)
        except BaseException as exc:  # handed to the test
            raised.append(exc)

    reader = threading.Thread(target=load, daemon=True)
    reader.start()
    reader.join(seconds)
    assert not reader.is_alive(), f"loading {path} blocked"
    return raised[0] if raised else None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    """Finding 4. Before: open() waited forever for a writer (the app hung at start)."""
    fifo = tmp_path / "rules.toml"
    os.mkfifo(fifo)
    raised = _load_within(fifo)
    assert isinstance(raised, RuleSetError)
    assert str(raised) == (f"cannot read rules file {fifo}: it is a named pipe (FIFO), not a "
                           "rules file; give the path of a TOML rules file")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused_before_anything_is_read() -> None:
    raised = _load_within(Path("/dev/zero"))
    assert isinstance(raised, RuleSetError) and "it is a device" in str(raised)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_the_engine_command_line_refuses_a_named_pipe(tmp_path: Path) -> None:
    fifo = tmp_path / "rules.toml"
    os.mkfifo(fifo)
    out = run(["strategy_charts", "ev", "--rules", str(fifo)], timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert f"cannot read rules file {fifo}: it is a named pipe (FIFO)" in out.stderr
