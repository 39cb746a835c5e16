"""Strategy charts and exact game computations for Free Bet Blackjack.

The engine's matrix products are small and many; BLAS threads only add contention for the
cores (on a busy two-core machine a 8 x 332 by 332 x 1024 product took 0.34 ms on one thread
and 12.7 ms on two), so unless the user chose otherwise numpy's BLAS runs one thread when this
package (or ``trainer``) is imported before numpy. Its arrays are freed and built again hand
after hand, so the memory they free is kept for the next (:mod:`.freed_memory`).
"""

import os

from .freed_memory import keep_freed_memory

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
keep_freed_memory()
