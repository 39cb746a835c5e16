"""Standard streams a program was started without (``freebet-trainer drill <&-``, ``stats >&-``),
and standard output named when the system refuses a write to it (``stats > FILE`` on a full disk).

Python starts with ``sys.stdin``, ``sys.stdout`` or ``sys.stderr`` set to None when its file
descriptor 0, 1 or 2 is closed, and the next file the program opens takes that number: a stray
write meant for the terminal would then land in it (SQLite's "How To Corrupt An SQLite Database
File" tells of exactly this). :func:`hold_closed` puts the null device on every standard file
descriptor that is closed, so no file ever takes one, and says which streams were closed; a
command that needs one of them is refused in words (:func:`refusal`), an unseen error stream
is simply written to the null device. While a command runs, :func:`named_output` has a refused
write to standard output name it ("standard output (/mnt/full/out.txt)"), as a file is named,
and :func:`plain_errors` escapes the control characters of what it writes to standard error.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from enum import Enum
from typing import TYPE_CHECKING, Any, TextIO, cast

from .plain import escaped

if TYPE_CHECKING:   # collections.abc.Buffer from Python 3.12
    from typing_extensions import Buffer


class Stream(Enum):
    """A standard stream: its file descriptor, its name in ``sys``, its shell redirection."""

    INPUT = (0, "stdin", "<&-")
    OUTPUT = (1, "stdout", ">&-")
    ERRORS = (2, "stderr", "2>&-")

    @property
    def descriptor(self) -> int:
        return self.value[0]

    @property
    def words(self) -> str:
        return {Stream.INPUT: "standard input", Stream.OUTPUT: "standard output",
                Stream.ERRORS: "standard error"}[self]

    def closed(self) -> bool:
        """True when the program was started without this stream (Python's None)."""
        return getattr(sys, self.value[1]) is None


def hold_closed() -> frozenset[Stream]:
    """Put the null device on each standard file descriptor that is closed (so no file the
    program opens can take its number), and an error stream on the null device in ``sys``
    (so messages meant for it go nowhere, quietly). Returns the streams that were closed;
    ``sys.stdin`` and ``sys.stdout`` stay None for the commands to see."""
    closed = frozenset(stream for stream in Stream if stream.closed())
    for stream in sorted(closed, key=lambda s: s.descriptor):
        _fill(stream.descriptor)
    if Stream.ERRORS in closed:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (for the process)
    return closed


def _fill(descriptor: int) -> None:
    """The null device on ``descriptor``, if nothing is open there."""
    try:
        os.fstat(descriptor)
        return                   # something already took it: leave it be
    except OSError:
        pass
    null = os.open(os.devnull, os.O_RDWR)
    if null != descriptor:
        os.dup2(null, descriptor)
        os.close(null)


class _Output(io.FileIO):
    """Standard output's file descriptor, whose refused writes name it (the system names no
    file: "No space left on device")."""

    def __init__(self) -> None:
        super().__init__(Stream.OUTPUT.descriptor, "w", closefd=False)

    def write(self, data: Buffer) -> int:
        try:
            return super().write(data)
        except OSError as error:
            if error.filename is None and error.errno is not None:
                error.filename = output_name()
            raise


def output_name() -> str:
    """Standard output in words, with the file it goes to where the system says (Linux)."""
    with suppress(OSError):
        target = os.readlink(f"/proc/self/fd/{Stream.OUTPUT.descriptor}")
        if target.startswith("/"):
            return f"{Stream.OUTPUT.words} ({target})"
    return Stream.OUTPUT.words


@contextmanager
def named_output() -> Iterator[None]:
    """While it lasts, a write to standard output that the system refuses (a full disk) names
    it (:func:`output_name`), as every file the programs write is named. Only the process's own
    standard output is wrapped (a test's capture is left as it is); what cannot be written at
    the end goes to the null device, once said."""
    before = sys.stdout
    try:
        own = isinstance(before, io.TextIOWrapper) and before.fileno() == 1
    except (OSError, ValueError):       # no descriptor: a capture
        own = False
    if not own or not isinstance(before, io.TextIOWrapper):
        yield
        return
    before.flush()
    named = io.TextIOWrapper(io.BufferedWriter(_Output()), encoding=before.encoding,
                             errors=before.errors, line_buffering=bool(before.line_buffering),
                             write_through=before.write_through)
    sys.stdout = named
    try:
        yield
    finally:
        sys.stdout = before
        try:
            named.flush()
        except OSError:                 # said already: the rest goes nowhere
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, Stream.OUTPUT.descriptor)
            os.close(null)
            with suppress(OSError):
                named.flush()


class _Escaping:
    """A text stream whose writes have their control characters escaped, line breaks kept
    (:func:`~trainer.commands.plain.escaped`); everything else is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(escaped(text, lines=True))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def plain_errors() -> Iterator[None]:
    """While it lasts, what is written to standard error (messages naming files, the notes of
    a drill) has its control characters escaped: a file name never acts on the terminal."""
    before = sys.stderr
    sys.stderr = cast(TextIO, _Escaping(before))
    try:
        yield
    finally:
        sys.stderr = before


def refusal(stream: Stream, reads: str) -> str:
    """What a program says when it was started without ``stream``, which it ``reads`` ("the
    drill reads your answers from it")."""
    if stream is Stream.INPUT:
        remedy = ("Run it in a terminal, or give it input from a file (< answers.txt) or none "
                  "at all (< /dev/null)")
    else:
        remedy = ("Send the output to the terminal, to a file (> out.txt), or to /dev/null to "
                  "discard it")
    return (f"{stream.words} is closed (the command was started with {stream.value[2]}), "
            f"and {reads}: nothing was done. {remedy}.")


__all__ = ["Stream", "hold_closed", "named_output", "output_name", "plain_errors", "refusal"]
