"""A grade started ahead is picked up by the answer, worked out once, off the caller's thread;
an answer for another spot or shoe works its own out; an error reaches the answer."""

from __future__ import annotations

import os
import threading

import pytest

from strategy_charts.composition import Composition, full_shoe
from trainer.rules import preset
from trainer.teaching.ahead import Ahead
from trainer.teaching.catalog import Catalog
from trainer.teaching.situations import Spot


def _spots(evolution: Catalog) -> list[Spot]:
    return [evolution.spots[k][0] for k in sorted(evolution.spots)[:2]]


class Counted:
    """Work that says which thread ran it, and how often, for which spot and shoe."""

    def __init__(self, release: threading.Event | None = None) -> None:
        self.calls: list[tuple[Spot, Composition, str]] = []
        self.release = release

    def __call__(self, spot: Spot, unseen: Composition) -> tuple[str, int]:
        if self.release is not None:
            assert self.release.wait(10)
        self.calls.append((spot, unseen, threading.current_thread().name))
        return spot.situation.key, sum(unseen)


def test_the_answer_picks_up_the_grade_started_ahead(evolution: Catalog) -> None:
    spot, _ = _spots(evolution)
    shoe = full_shoe(preset("evolution").decks)
    release = threading.Event()
    work = Counted(release)
    ahead = Ahead(work)
    ahead.start(spot, shoe)
    ahead.start(spot, list(shoe))           # the same decision: not started again
    release.set()                           # the answer waits for the running grade
    assert ahead.result(spot, shoe) == (spot.situation.key, sum(shoe))
    assert ahead.result(spot, shoe) == (spot.situation.key, sum(shoe))
    assert len(work.calls) == 1
    assert work.calls[0][2] != threading.current_thread().name
    assert work.calls[0][2].startswith("grade-ahead")


def test_an_answer_for_another_spot_or_shoe_works_its_own_out(evolution: Catalog) -> None:
    spot, other = _spots(evolution)
    shoe = full_shoe(preset("evolution").decks)
    fewer = (shoe[0] - 1, *shoe[1:])
    work = Counted()
    ahead = Ahead(work)
    assert ahead.result(spot, shoe) == (spot.situation.key, sum(shoe))    # nothing started
    ahead.start(spot, shoe)
    assert ahead.result(other, shoe) == (other.situation.key, sum(shoe))
    assert ahead.result(spot, fewer) == (spot.situation.key, sum(fewer))
    here = threading.current_thread().name
    assert [(s, sum(u), t == here) for s, u, t in work.calls if t == here] == [
        (spot, sum(shoe), True), (other, sum(shoe), True), (spot, sum(fewer), True)]


def test_an_error_of_the_grade_ahead_reaches_the_answer(evolution: Catalog) -> None:
    spot, _ = _spots(evolution)
    shoe = full_shoe(preset("evolution").decks)

    def broken(spot: Spot, unseen: Composition) -> int:
        raise ValueError("no such shoe")

    ahead = Ahead(broken)
    ahead.start(spot, shoe)
    with pytest.raises(ValueError, match="no such shoe"):
        ahead.result(spot, shoe)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forking is POSIX's")
def test_a_forked_process_grades_ahead_on_a_worker_of_its_own(evolution: Catalog) -> None:
    """A process forked after the worker started (a pool of processes, say) has no thread
    behind the copy of it: work handed to the copy would never run, and the answer would wait
    for ever. It gets a worker of its own."""
    spot, _ = _spots(evolution)
    shoe = full_shoe(preset("evolution").decks)
    ahead = Ahead(Counted())
    ahead.start(spot, shoe)
    assert ahead.result(spot, shoe) == (spot.situation.key, sum(shoe))   # the worker is up
    fresh = (shoe[0] - 1, *shoe[1:])
    child = os.fork()
    if child == 0:                            # the child: grade ahead, answer, report by exit
        code = 1
        try:
            ahead.start(spot, fresh)
            done = threading.Event()
            threading.Thread(target=lambda: (ahead.result(spot, fresh), done.set()),
                             daemon=True).start()
            code = 0 if done.wait(20) else 3
        finally:
            os._exit(code)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
