"""Children the tests stop by a signal start with the signals' default handling, as from a
terminal's foreground: a test run started by a shell's ``&`` or ``nohup`` inherits SIGINT or
SIGHUP ignored, and an ignored signal would never reach the child the test sends it to."""

from __future__ import annotations

import signal

#: What a shell leaves ignored in what it starts: ``&`` SIGINT and SIGQUIT, ``nohup`` SIGHUP.
SHELL_IGNORED = (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP)


def default_signals() -> None:
    """A child's ``preexec_fn``: every signal a shell may have left ignored handled as by
    default again (Python then installs its own Ctrl-C handler at start)."""
    for signum in SHELL_IGNORED:
        signal.signal(signum, signal.SIG_DFL)
