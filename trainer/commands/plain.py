"""Text from outside the programs (a file's name, a folder's) as a terminal should show it.

A file name may hold control characters, and a terminal acts on them: ESC [2J clears the
screen, a carriage return writes over the line. :func:`escaped` writes each as Python writes it
in a string (``\\x1b``, ``\\r``), so the name is seen, not obeyed; every other character (a
card suit, an accent) is kept.
"""

from __future__ import annotations

#: Python's own escapes of the control characters it names; the rest are ``\\xNN``.
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}
#: C0 controls, DEL and the C1 controls (U+0080 to U+009F: 0x9B is a terminal's CSI).
_CONTROLS = {code: _NAMED.get(chr(code), f"\\x{code:02x}")
             for code in (*range(0x20), *range(0x7F, 0xA0))}
_KEEP_LINES = {**_CONTROLS, ord("\n"): "\n"}


def escaped(text: object, *, lines: bool = False) -> str:
    """``text`` with its control characters escaped (``lines``: line breaks kept, for a
    message of several lines)."""
    return str(text).translate(_KEEP_LINES if lines else _CONTROLS)


__all__ = ["escaped"]
