"""Strategy charts and exact game computations for Free Bet Blackjack.

The engine's matrix products are small and many; BLAS threads only add contention for the
cores (on a busy two-core machine they made a whole-game EV three times slower), so unless the
user chose otherwise numpy's BLAS runs one thread when this package is imported first.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
