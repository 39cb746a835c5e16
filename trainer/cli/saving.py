"""The terminal's side of the progress file: opening it with every fault in words, and saving a
session's answers as they are given, retried while the file cannot take them.

The progress file is found by :mod:`trainer.progress.location` (``--data-dir``, else
``$FREEBET_TRAINER_DATA``, else the user data folder).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from trainer.commands import BAD_INPUT, FAILED, CommandError

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


def finish(saver: SessionSaver, keys: TextIO, out: TextIO, err: TextIO) -> int:
    """End the session and save what waits; while it cannot be saved, offer to retry. Returns
    the answers lost (the player was told)."""
    saver.end()
    state = saver.save()
    while not state.saved and not state.stopped:
        out.write(f"{state.text()}\n[R]etry (Enter), or [Q]uit and lose them > ")
        out.flush()
        line = keys.readline()
        if not line or line.strip().upper()[:1] == "Q":   # Q, or no one at the keyboard
            break
        state = saver.save()
    state = saver.close(try_again=False)
    if not state.saved:
        err.write(f"freebet-trainer: {state.answers} answers were not saved "
                  f"({state.problem.reason if state.problem else 'not saved'}).\n")
    elif state.problem is not None:   # all saved, but closing found the file damaged
        err.write(f"freebet-trainer: {state.problem}\n")
    return state.answers


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
