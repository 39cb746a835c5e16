"""Peers sharing one progress file, each moved one step at a time by the test (no sleeps).

:class:`DrillPeer` is the real ``freebet-trainer drill`` in its own process, stepped by its
prompts: a step returns once the drill has printed its next prompt (or ended), so the test
knows exactly what the other process has done. :class:`ScriptPeer` runs a few lines of store
calls in its own process, one command at a time, each acknowledged. :class:`App` is the window's
pattern in this process: a writer kept open through the session saver, with read-only stores
opened and closed beside it (as the Progress page does).
"""

from __future__ import annotations

import os
import selectors
import subprocess
import sys
from pathlib import Path

from tests.progress.factories import decision
from trainer.progress.saving import SessionSaver
from trainer.progress.store import ProgressStore
from trainer.teaching.records import Mode

ROOT = Path(__file__).resolve().parents[2]
#: At most this long for a peer's step (a hung peer fails the test instead of hanging it).
STEP_TIMEOUT = 60.0


def _read_until(process: subprocess.Popen[bytes], ends: tuple[bytes, ...]) -> bytes:
    """What ``process`` prints until its output ends with one of ``ends`` or it closes."""
    assert process.stdout is not None
    fd = process.stdout.fileno()
    selector = selectors.DefaultSelector()
    selector.register(fd, selectors.EVENT_READ)
    seen = b""
    try:
        while not seen.endswith(ends):
            if not selector.select(STEP_TIMEOUT):
                raise AssertionError(f"peer gave no output for {STEP_TIMEOUT} s: {seen[-300:]!r}")
            chunk = os.read(fd, 4096)
            if not chunk:
                return seen
            seen += chunk
    finally:
        selector.close()
    return seen


def _close(process: subprocess.Popen[bytes] | None) -> None:
    """End ``process`` if it still runs (a failed test) and close its pipes."""
    if process is None:
        return
    if process.poll() is None:
        process.kill()
        process.wait(STEP_TIMEOUT)
    for pipe in (process.stdin, process.stdout):
        if pipe is not None:
            pipe.close()


def stop(peers: list[DrillPeer] | list[ExportPeer]) -> None:
    """Stop every peer still running and close its pipes (after a test, failed or not)."""
    for peer in peers:
        _close(peer.process)


class DrillPeer:
    """``freebet-trainer drill --mode all`` on the shared folder: started, answered card by
    card (stand, or no insurance), ended by its last answer."""

    def __init__(self, data_dir: Path, seed: int, count: int = 3) -> None:
        self.args = [sys.executable, "-u", "-m", "trainer", "drill", "--mode", "all",
                     "--count", str(count), "--seed", str(seed), "--data-dir", str(data_dir)]
        self.count = count
        self.answered = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.last = b""

    def start(self) -> None:
        """Start the drill and wait for its first card: the store is open, the session begun."""
        self.process = subprocess.Popen(self.args, cwd=ROOT, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.last = _read_until(self.process, (b"> ",))

    def answer(self) -> None:
        """Answer the card shown and wait for the next (or, after the last, for the drill to
        end and exit)."""
        assert self.process is not None and self.process.stdin is not None
        key = b"N\n" if b"Insurance: [N]o" in self.last.rsplit(b"\n", 1)[-1] else b"S\n"
        self.process.stdin.write(key)
        self.process.stdin.flush()
        self.answered += 1
        self.last = _read_until(self.process, (b"> ",))
        if self.answered == self.count:
            self.process.stdin.close()
            code = self.process.wait(STEP_TIMEOUT)
            _close(self.process)
            assert code == 0, self.last.decode(errors="replace")

    def steps(self) -> list[str]:
        return ["start", *["answer"] * self.count]

    def step(self, name: str) -> None:
        getattr(self, name)()


_SCRIPT = """
import sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from trainer.progress.export import export_csv
from trainer.progress.store import ProgressStore
path, target = Path(sys.argv[2]), Path(sys.argv[3])
store = None
for line in sys.stdin:
    command = line.strip()
    if command == "open":
        store = ProgressStore.open(path, read_only=True)
        print("ok", store.tuples("SELECT COUNT(*) FROM decisions")[0][0], flush=True)
    elif command == "export":
        print("ok", export_csv(store, target), flush=True)
    elif command == "close":
        store.close()
        print("ok", flush=True)
        break
"""


class ExportPeer:
    """An export in another process, in three steps: open the file read-only, write the CSV,
    close (``freebet-trainer export`` does the same in one go)."""

    def __init__(self, data_dir: Path, target: Path) -> None:
        self.target = target
        self.args = [sys.executable, "-u", "-c", _SCRIPT, str(ROOT),
                     str(data_dir / "progress.sqlite3"), str(target)]
        self.process: subprocess.Popen[bytes] | None = None
        self.exported: int | None = None

    def _send(self, command: str) -> str:
        if self.process is None:
            self.process = subprocess.Popen(self.args, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert self.process.stdin is not None
        self.process.stdin.write(command.encode() + b"\n")
        self.process.stdin.flush()
        reply = _read_until(self.process, (b"\n",)).decode()
        assert reply.startswith("ok"), reply
        return reply

    def steps(self) -> list[str]:
        return ["open", "export", "close"]

    def step(self, name: str) -> None:
        reply = self._send(name)
        if name == "export":
            self.exported = int(reply.split()[1])
        if name == "close":
            assert self.process is not None and self.process.stdin is not None
            self.process.stdin.close()
            code = self.process.wait(STEP_TIMEOUT)
            _close(self.process)
            assert code == 0


class App:
    """The window's pattern: the saver's writer store kept open, answers saved one by one,
    read-only stores opened and closed beside it."""

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / "progress.sqlite3"
        self.saver = SessionSaver(lambda: ProgressStore.open(self.path))
        self.saver.start("evolution", Mode.FLASHCARDS, {"flashcards": "all"})
        self.keys: list[str] = []

    def answer(self) -> None:
        key = f"app answer {len(self.keys) + 1}"
        self.saver.decision(decision(situation_key=key))
        state = self.saver.save(wait=True)
        assert state.saved, state.text()
        self.keys.append(key)

    def read(self) -> None:
        with ProgressStore.open(self.path, read_only=True) as reader:
            reader.tuples("SELECT COUNT(*) FROM decisions")

    def step(self, name: str) -> None:
        getattr(self, name)()

    def close(self) -> None:
        state = self.saver.close()
        assert state.saved and state.problem is None, state.text()
