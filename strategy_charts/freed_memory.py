"""Memory a hand frees kept for the next one, instead of handed back to the system.

A live hand's grade builds arrays of hundreds of kilobytes, frees them, and builds them again for
the next hand. glibc's ``malloc`` gives the freed memory at the top of its heap back to the
system once more than a little is free, so the next grade takes a page fault for each page it
touches again: some 1,300 faults for a pair split against an ace, a fifth of the grade's CPU
time (``bench/live_hand.py``). Keeping 16 MiB of padding at the heap's top removes them.

Asking for the padding also stops glibc from raising, as arrays are freed, the size from which
it maps each array afresh from the system (128 KiB at the start): every array larger than that,
a whole round's split hands' of megabytes each, was then mapped, faulted in page by page and
handed back (some 100,000 faults in the analyzers' CDP of a six-deck game, a third of its CPU
time). So arrays up to :data:`MAPPED_FROM` come from the heap, whose freed memory is kept.
Under another C library (or where the user set ``MALLOC_TOP_PAD_`` or
``MALLOC_MMAP_THRESHOLD_``) nothing is changed.
"""

from __future__ import annotations

import ctypes
import os

#: ``mallopt``'s parameter for the padding kept at the heap's top (glibc's ``M_TOP_PAD``)
M_TOP_PAD = -2
#: ... and for the size from which an allocation is mapped on its own (``M_MMAP_THRESHOLD``)
M_MMAP_THRESHOLD = -3
#: Bytes kept: more than a live hand's largest arrays together
KEPT_BYTES = 16 * 1024 * 1024
#: Allocations mapped on their own from this size: glibc's largest (on 64 bits), as its own
#: rising threshold would reach
MAPPED_FROM = 32 * 1024 * 1024


def keep_freed_memory() -> bool:
    """Ask glibc to keep :data:`KEPT_BYTES` of freed memory at its heap's top, and to take
    arrays below :data:`MAPPED_FROM` from the heap; whether it did (False under another C
    library, or where the user chose either)."""
    if "MALLOC_TOP_PAD_" in os.environ or "MALLOC_MMAP_THRESHOLD_" in os.environ:
        return False
    if not _glibc():
        return False
    mallopt = getattr(ctypes.CDLL(None), "mallopt", None)
    return (mallopt is not None and bool(mallopt(M_TOP_PAD, KEPT_BYTES))
            and bool(mallopt(M_MMAP_THRESHOLD, MAPPED_FROM)))


def _glibc() -> bool:
    """Whether this process runs on glibc (asked of the C library, not guessed)."""
    try:
        return os.confstr("CS_GNU_LIBC_VERSION") is not None
    except (AttributeError, ValueError, OSError):    # no confstr, or no such name here
        return False
