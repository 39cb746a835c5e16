"""The desktop bundle's program: ``freebet-trainer`` as the installed command runs it.

PyInstaller starts a script, not a ``module:function`` entry point, and ``trainer/__main__.py``
imports relative to its package, so the bundle starts here instead.
"""

import sys

from trainer.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
