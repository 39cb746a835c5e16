"""Strategy charts and exact game computations for Free Bet Blackjack.

The engine's matrix products are small and many; BLAS threads only add contention for the
cores (on a busy two-core machine a 8 x 332 by 332 x 1024 product took 0.34 ms on one thread
and 12.7 ms on two), so unless the user chose otherwise numpy's BLAS runs one thread when this
package (or ``trainer``) is imported before numpy.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
