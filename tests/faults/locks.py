"""Another process holding the progress file's write lock for as long as a test says, a store
that gives up waiting for it quickly, and a count of the stores opened to write."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import TracebackType

import pytest

from trainer.progress.store import ProgressStore

_HOLDER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
conn.close()
"""


def give_up_on_locks_quickly(monkeypatch: pytest.MonkeyPatch, seconds: float = 0.2) -> None:
    """Make every progress store opened from now on wait ``seconds`` for a lock (not 5 s)."""
    real = ProgressStore.open

    def opener(path: object, **kwargs: object) -> ProgressStore:
        return real(path, **{**kwargs, "busy_timeout": seconds})  # type: ignore[arg-type]
    monkeypatch.setattr(ProgressStore, "open", staticmethod(opener))


def writers_opened(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files every progress store opened from now on to write was opened on, in order
    (read-only stores are not counted)."""
    opened: list[Path] = []
    real = ProgressStore.open

    def counted(path: object, **kwargs: object) -> ProgressStore:
        if not kwargs.get("read_only"):
            opened.append(Path(str(path)))
        return real(path, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(ProgressStore, "open", staticmethod(counted))
    return opened


class LockHolder:
    """``with LockHolder(path):`` a second process holds ``path``'s write lock (BEGIN
    IMMEDIATE, as another trainer saving would) until :meth:`release` or the block ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.process: subprocess.Popen[str] | None = None

    def __enter__(self) -> LockHolder:
        self.process = subprocess.Popen([sys.executable, "-c", _HOLDER, str(self.path)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if line.strip() != "locked":
            self.release()
            raise RuntimeError(f"the lock holder did not lock {self.path}")
        return self

    def release(self) -> None:
        """Let go of the lock (the process ends)."""
        process, self.process = self.process, None
        if process is not None:
            assert process.stdin is not None
            process.stdin.write("\n")
            process.stdin.close()
            process.wait(10)
            if process.stdout is not None:
                process.stdout.close()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.release()
