"""Free Bet Blackjack strategy trainer: rules core, drills, progress store and desktop app.

numpy's BLAS runs one thread unless the user chose otherwise (set here, before anything can
import numpy): the exact engine's matrix products are small and many, and BLAS threads made
them up to thirty times slower on a busy two-core machine (see ``strategy_charts/__init__.py``).
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
#: The program's name: its command, its folders (data, settings, caches) and the prefix of its
#: messages on standard error, stated once.
PROGRAM = "freebet-trainer"
