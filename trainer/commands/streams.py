"""Standard streams a program was started without (``freebet-trainer drill <&-``, ``stats >&-``).

Python starts with ``sys.stdin``, ``sys.stdout`` or ``sys.stderr`` set to None when its file
descriptor 0, 1 or 2 is closed, and the next file the program opens takes that number: a stray
write meant for the terminal would then land in it (SQLite's "How To Corrupt An SQLite Database
File" tells of exactly this). :func:`hold_closed` puts the null device on every standard file
descriptor that is closed, so no file ever takes one, and says which streams were closed; a
command that needs one of them is refused in words (:func:`refusal`), an unseen error stream
is simply written to the null device.
"""

from __future__ import annotations

import os
import sys
from enum import Enum


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


__all__ = ["Stream", "hold_closed", "refusal"]
