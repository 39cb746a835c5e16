"""The window and terminal drills share one progress file: nothing lost, nothing damaged.

Before: the window held its writer open while its Progress page opened and closed read-only
stores; opening read the file's header with Python's ``open`` and closed it, which dropped the
process's SQLite locks, so a terminal drill beside it checkpointed and deleted the write-ahead
log under the window — a whole session lost, later answers invisible to other readers, and at
last "database disk image is malformed". Here the peers (the real terminal drill, an export, the
window's pattern in this process) move step by step in forced orders, every read must see every
answer committed before it, and at the end the file must pass ``PRAGMA integrity_check`` with
every answer in it.
"""

from __future__ import annotations

import csv
import itertools
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from trainer.progress.store import ProgressStore

from .sharing import App, DrillPeer, ExportPeer, stop


class Table:
    """The app and its peers on one data folder, and what each has committed so far."""

    def __init__(self, folder: Path, drills: int = 2, exports: int = 1) -> None:
        self.folder = folder
        self.app = App(folder)
        self.drills = [DrillPeer(folder, seed=11 + n) for n in range(drills)]
        self.exports = [ExportPeer(folder, folder.parent / f"export-{n}.csv")
                        for n in range(exports)]

    def committed(self) -> int:
        return len(self.app.keys) + sum(d.answered for d in self.drills)

    def app_step(self, name: str) -> None:
        self.app.step(name)
        if name == "read":     # the window's reader sees every answer committed anywhere
            with ProgressStore.open(self.app.path, read_only=True) as reader:
                assert reader.tuples("SELECT COUNT(*) FROM decisions")[0][0] == self.committed()

    def export_step(self, peer: ExportPeer, name: str) -> None:
        peer.step(name)
        if name == "export":
            assert peer.exported == self.committed()

    def finish(self) -> None:
        self.app.close()
        with ProgressStore.open(self.app.path, read_only=True) as store:
            assert store.tuples("PRAGMA integrity_check") == [("ok",)]
            keys = [row[0] for row in store.tuples(
                "SELECT situation_key FROM decisions ORDER BY id")]
            sessions = store.tuples("SELECT COUNT(*) FROM sessions")[0][0]
        assert len(keys) == self.committed() == len(self.app.keys) + 3 * len(self.drills)
        assert [k for k in keys if k.startswith("app answer")] == self.app.keys
        assert sessions == 1 + len(self.drills)
        for peer in self.exports:
            with peer.target.open(encoding="utf-8-sig") as handle:
                assert len(list(csv.reader(handle))) == 1 + (peer.exported or 0)


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Callable[..., Table]]:
    """Make the test's table of peers; every peer process is stopped at teardown."""
    made: list[Table] = []

    def make(**kwargs: int) -> Table:
        made.append(Table(tmp_path / "data", **kwargs))
        return made[-1]

    yield make
    for table in made:
        stop(table.drills)
        stop(table.exports)


def test_the_reported_sequence_loses_nothing(tables: Callable[..., Table]) -> None:
    """The issue's reduction: two answers, a read, a drill, a read, two answers, a drill."""
    table = tables(exports=0)
    first, second = table.drills
    for step in ("answer", "answer", "read"):
        table.app_step(step)
    for step in first.steps():
        first.step(step)
    for step in ("read", "answer", "answer"):
        table.app_step(step)
    for step in second.steps():
        second.step(step)
    table.app_step("read")
    table.finish()


WHOLE_LIVES = sorted(set(itertools.permutations(("drill", "drill", "export"))))


@pytest.mark.slow
@pytest.mark.parametrize("order", WHOLE_LIVES, ids=["-".join(o) for o in WHOLE_LIVES])
def test_two_drills_and_an_export_in_every_order_beside_the_window(
        tables: Callable[..., Table], order: tuple[str, ...]) -> None:
    """Each peer's whole life between the window's answers and reads."""
    table = tables()
    drills = iter(table.drills)
    table.app_step("answer")
    for name in order:
        table.app_step("read")
        if name == "drill":
            peer = next(drills)
            for step in peer.steps():
                peer.step(step)
        else:
            for step in table.exports[0].steps():
                table.export_step(table.exports[0], step)
        table.app_step("answer")
        table.app_step("read")
    table.finish()


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_peers_interleaved_step_by_step(tables: Callable[..., Table], seed: int) -> None:
    """Every peer alive at once, their steps merged in a seeded random order with the window's:
    drills open while the window reads, an export open across answers, and so on."""
    table = tables()
    queues: list[tuple[str, list[str]]] = [
        ("app", ["answer", "read", "answer", "read", "answer", "read", "answer"]),
        *((f"drill {n}", drill.steps()) for n, drill in enumerate(table.drills)),
        ("export", table.exports[0].steps()),
    ]
    chooser = random.Random(seed)
    while queues:
        who, steps = chooser.choice(queues)
        step = steps.pop(0)
        if who == "app":
            table.app_step(step)
        elif who == "export":
            table.export_step(table.exports[0], step)
        else:
            table.drills[int(who.split()[1])].step(step)
        queues = [(w, s) for w, s in queues if s]
    table.finish()
