"""``freebet-trainer --self-test``: prove an installation works, offscreen, in a few seconds.

Opens the main window on the offscreen platform, deals one flashcard, answers it into a
progress file in a temporary folder, reads the decision back, and exits 0; any failure prints
what went wrong and exits 1. Used to check wheels and desktop bundles on machines with no screen.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

SELF_TEST = "--self-test"


def _wait(app: object, done: Callable[[], bool], seconds: float, what: str) -> None:
    """Process Qt events until ``done()`` or raise after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {seconds:.0f} s waiting for {what}")
        app.processEvents()  # type: ignore[attr-defined]
        time.sleep(0.01)


def run_self_test() -> int:
    """Run the check; returns the process exit code."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        with tempfile.TemporaryDirectory(prefix="freebet-self-test-") as folder:
            count = _deal_and_answer(Path(folder))
    except Exception as exc:  # every failure is reported, none is raised
        traceback.print_exc()
        print(f"self-test FAILED: {exc}", file=sys.stderr)
        return 1
    print(f"self-test passed: window opened, {count} flashcard answered, saved and read back")
    return 0


def _deal_and_answer(folder: Path) -> int:

    from trainer import settings as cfg

    from .app import make_app
    from .main_window import MainWindow
    from .practice.flashcards_page import FlashcardsPage
    from .progress_service import stored_decisions

    app = make_app([sys.argv[0]])
    store = cfg.Settings(folder / "settings.toml")
    store.set(cfg.DATA_DIR, str(folder))
    window = MainWindow(store)
    window.show()
    page = window.show_page("flashcards")
    if not isinstance(page, FlashcardsPage):
        raise TypeError("the flashcards page did not open")
    _wait(app, lambda: page.card is not None and page.awaiting, 60, "a flashcard")
    assert page.card is not None
    page.answer(page.card.actions[0])
    page.shutdown()
    window.close()
    stored = stored_decisions(folder / "progress.sqlite3")
    if stored != 1:
        raise RuntimeError(f"expected 1 saved decision, found {stored}")
    return stored
