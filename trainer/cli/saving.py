"""The terminal's side of the progress file: opening it with every fault in words, and saving a
session's answers as they are given, retried while the file cannot take them.

The progress file is found by :mod:`trainer.progress.location` (``--data-dir``, else
``$FREEBET_TRAINER_DATA``, else the user data folder).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from trainer import PROGRAM
from trainer.commands import BAD_INPUT, FAILED, CommandError
from trainer.commands.stopping import held

if TYPE_CHECKING:   # imported when used: the app's start parses its command line too
    from trainer.progress.saving import SaveState, SessionSaver
    from trainer.progress.store import ProgressStore


def open_store(data_dir: str | None, *, read_only: bool = False) -> ProgressStore:
    """The progress store; a CommandError (exit 1) saying what is wrong with the file or its
    folder (an operating-system fault too: a folder name too long, say)."""
    from trainer.progress.errors import ProgressStoreError, translate_os
    from trainer.progress.location import database_path
    from trainer.progress.store import ProgressStore
    path = database_path(data_dir)
    try:
        return ProgressStore.open(path, read_only=read_only)
    except ProgressStoreError as exc:
        raise CommandError(str(exc), FAILED) from exc
    except OSError as exc:   # before the store's own checks could name it
        raise CommandError(str(translate_os(path, exc)), FAILED) from exc


def tell(state: SaveState, told: str, err: TextIO) -> str:
    """Say what is not saved, or that it now is, when that changed; returns what was said."""
    text = state.text()
    if text != told:
        err.write(f"   {text}\n" if text else "   Saved: the answers that waited are saved now.\n")
    return text


def finish(saver: SessionSaver, keys: TextIO, out: TextIO, err: TextIO, path: Path, *,
           ask: bool = True) -> int:
    """End the session and save what waits (waiting up to the busy timeout for a lock); while
    it cannot be saved and ``ask`` (someone at the keyboard), offer to retry. What still
    cannot be saved is kept beside the progress file ``path`` for the next start
    (:mod:`trainer.progress.unsaved`). A signal meanwhile waits until this is done. Returns
    the answers not saved in the progress file (the player was told)."""
    with held():
        saver.end()
        state = saver.save(wait=True)
        while ask and not state.saved and not state.stopped:
            if not _say(out, f"{state.text()}\n[R]etry (Enter), or [Q]uit (they are kept and "
                             "saved the next time the trainer opens the file) > "):
                break
            line = _line(keys)
            if not line or line.strip().upper()[:1] == "Q":   # Q, or no one at the keyboard
                break
            state = saver.save(wait=True)
        state = saver.close(try_again=False)
        if not state.saved:
            reason = state.problem.reason if state.problem else "not saved"
            kept = _kept(saver, path)
            one = state.answers == 1
            they = "it is" if one else "they are"
            fate = (f"{they} kept in {kept} and will be saved the next time the trainer opens "
                    "the progress file" if kept else f"{they} lost")
            _say(err, f"{PROGRAM}: {state.answers} answer{'' if one else 's'} "
                      f"{'was' if one else 'were'} not saved ({reason}); {fate}.\n")
        elif state.problem is not None:   # all saved, but closing found the file damaged
            _say(err, f"{PROGRAM}: {state.problem}\n")
        return state.answers


def _kept(saver: SessionSaver, path: Path) -> Path | None:
    """Keep what waits beside ``path``; None when even that fails (a full disk)."""
    try:
        return saver.keep_unsaved(path)
    except OSError:
        return None


def _say(stream: TextIO, text: str) -> bool:
    """Write and flush ``text``; False when the stream is gone (a closed terminal)."""
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError):
        return False
    return True


def _line(keys: TextIO) -> str:
    """A line from the keyboard ("" when it is gone)."""
    try:
        return keys.readline()
    except (OSError, ValueError):
        return ""


def streams(reads: str = "") -> tuple[TextIO, TextIO, TextIO]:
    """The keyboard, the output and the error stream as they are now (a test's too). A
    command that ``reads`` the keyboard (what it reads, in words) is refused when the program
    was started without standard input (``<&-``)."""
    from trainer.commands.streams import Stream, refusal
    if sys.stdin is None and reads:
        raise CommandError(refusal(Stream.INPUT, reads), BAD_INPUT)
    if sys.stdout is None:
        raise CommandError(refusal(Stream.OUTPUT, "the command prints there"), BAD_INPUT)
    return sys.stdin, sys.stdout, sys.stderr


__all__ = ["finish", "open_store", "streams", "tell"]
