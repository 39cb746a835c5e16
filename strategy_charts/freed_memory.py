"""Memory a hand frees kept for the next one, instead of handed back to the system.

A live hand's grade builds arrays of hundreds of kilobytes, frees them, and builds them again for
the next hand. glibc's ``malloc`` gives the freed memory at the top of its heap back to the
system once more than a little is free, so the next grade takes a page fault for each page it
touches again: some 1,300 faults for a pair split against an ace, a fifth of the grade's CPU
time (``bench/live_hand.py``). Keeping 16 MiB of padding at the heap's top removes them. Under
another C library (or where the user set ``MALLOC_TOP_PAD_``) nothing is changed.
"""

from __future__ import annotations

import ctypes
import os

#: ``mallopt``'s parameter for the padding kept at the heap's top (glibc's ``M_TOP_PAD``)
M_TOP_PAD = -2
#: Bytes kept: more than a live hand's largest arrays together
KEPT_BYTES = 16 * 1024 * 1024


def keep_freed_memory() -> bool:
    """Ask glibc to keep :data:`KEPT_BYTES` of freed memory at its heap's top; whether it did
    (False under another C library, or where the user chose the padding)."""
    if "MALLOC_TOP_PAD_" in os.environ or not _glibc():
        return False
    mallopt = getattr(ctypes.CDLL(None), "mallopt", None)
    return mallopt is not None and bool(mallopt(M_TOP_PAD, KEPT_BYTES))


def _glibc() -> bool:
    """Whether this process runs on glibc (asked of the C library, not guessed)."""
    try:
        return os.confstr("CS_GNU_LIBC_VERSION") is not None
    except (AttributeError, ValueError, OSError):    # no confstr, or no such name here
        return False
