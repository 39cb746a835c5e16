#!/usr/bin/env python3
"""Take the screenshots the AppStream metainfo shows: the real window, offscreen, 1280 x 800.

Run it inside the project's environment after a visible change to the app
(``.venv/bin/python packaging/take_screenshots.py``); it rewrites ``packaging/screenshots``.
The window gets a temporary data folder and settings, never the user's; the progress page
reads the seeded history the UI tests use (``tests/progress/history.py``), and the flashcards and
the shoe are dealt from fixed seeds, so each run shows the same hands. PNGs are recompressed
with Pillow (a matplotlib dependency), losslessly.
"""

from __future__ import annotations

import io
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # for tests.progress.history

from PIL import Image
from PyQt6.QtCore import QBuffer, QIODevice, QSettings
from PyQt6.QtGui import QPixmap
from PyQt6.QtWidgets import QApplication

from strategy_charts.chart_layout import position_of
from tests.progress.history import seed
from trainer.drills.flashcards import FlashMode
from trainer.rules import Action, Shoe, cards
from trainer.ui.app import make_app
from trainer.ui.main_window import MainWindow
from trainer.ui.practice.shoe_page import ShoePhase
from trainer.ui.settings import declarations as cfg
from trainer.ui.theme import apply_theme

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "packaging" / "screenshots"
SIZE = (1280, 800)
#: Player 8♥ 8♦ against the dealer's 10♠: a free split, then a 3 to the first hand.
PAIR_OF_EIGHTS = "8h 10s 8d 6c 3h 10d 5c 9c"
FLASHCARD_SEED = 11
ANSWERED = 6
#: The data folder (the pages show its path, so it has a fixed name; emptied before and after).
DATA = Path(tempfile.gettempdir()) / "freebet-trainer-screenshots"


def wait(done: Callable[[], bool], what: str, seconds: float = 120) -> None:
    """Process Qt events until ``done()``; raise after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        QApplication.processEvents()
        time.sleep(0.01)


def settle(window: MainWindow) -> None:
    """Let queued paints and layouts run."""
    for _ in range(20):
        QApplication.processEvents()
        time.sleep(0.01)
    window.repaint()


def progress(window: MainWindow) -> None:
    """Progress over the seeded history: accuracy, EV lost and the error heatmap."""
    page = window.show_page("progress")
    wait(lambda: page.data is not None and not page.is_loading(),  # type: ignore[attr-defined]
         "the progress page")


def flashcards(window: MainWindow) -> None:
    """A few flashcards answered, the last one's feedback showing."""
    page = window.show_page("flashcards")
    page.seed = FLASHCARD_SEED  # type: ignore[attr-defined]
    page.mode_box.setCurrentIndex(page.mode_box.findData(FlashMode.ALL.value))  # type: ignore
    page.load()  # type: ignore[attr-defined]
    for n in range(ANSWERED):
        wait(lambda: page.awaiting, "a flashcard")  # type: ignore[attr-defined]
        card = page.card  # type: ignore[attr-defined]
        page.answer(card.actions[n % len(card.actions)])  # type: ignore[attr-defined]
        if n < ANSWERED - 1:
            page.deal()  # type: ignore[attr-defined]


def shoe(window: MainWindow) -> None:
    """Shoe practice: a pair of eights split for free, the golden lammer on the second hand."""
    page = window.show_page("shoe")
    wait(lambda: page.phase in (ShoePhase.DECIDING, ShoePhase.SETTLED),  # type: ignore
         "the first shoe")
    page.start_shoe(seed=1, shoe=Shoe.stacked(cards(PAIR_OF_EIGHTS), decks=8))  # type: ignore
    wait(lambda: page.phase is ShoePhase.DECIDING,  # type: ignore[attr-defined]
         "the stacked hand")
    page.bar.button(Action.FREE_SPLIT).click()  # type: ignore[attr-defined]


def charts(window: MainWindow) -> None:
    """The evolution chart with hard 16 against a ten selected and its EVs beside it."""
    page = window.show_page("charts")
    page.set_context("real")  # type: ignore[attr-defined]
    x, y = position_of(page.chart(), "real", ("hard", "16", "10"))  # type: ignore[attr-defined]
    page.select_at(x, y)  # type: ignore[attr-defined]
    page.canvas.draw()  # type: ignore[attr-defined]


#: File stem -> how the window is set up for it (in this order: progress before any drill).
SHOTS: dict[str, Callable[[MainWindow], None]] = {
    "progress": progress, "flashcards": flashcards, "shoe-practice": shoe,
    "strategy-charts": charts,
}


def save(pixmap: QPixmap, path: Path) -> int:
    """Write ``pixmap`` as an RGB PNG, compressed as far as Pillow goes; returns its size."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not pixmap.save(buffer, "PNG"):
        raise OSError(f"cannot encode {path.name}")
    image = Image.open(io.BytesIO(bytes(buffer.data().data()))).convert("RGB")
    image.save(path, optimize=True)
    return path.stat().st_size


def take_all(folder: Path) -> None:
    """Open the window on a seeded data ``folder`` and take each shot in :data:`SHOTS`."""
    seed(folder / "progress.sqlite3")
    store = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    cfg.write(store, cfg.DATA_DIR, str(folder))
    cfg.write(store, cfg.DEALER_SPEED_MS, 0)
    window = MainWindow(store)
    window.resize(*SIZE)
    window.show()
    try:
        for name, prepare in SHOTS.items():
            prepare(window)
            settle(window)
            shot = window.grab()
            if (shot.width(), shot.height()) != SIZE:
                raise RuntimeError(f"{name}: the window is {shot.width()} x {shot.height()}")
            size = save(shot, OUT / f"{name}.png")
            print(f"{OUT.relative_to(ROOT)}/{name}.png  {size:,} bytes")
    finally:
        for key in ("flashcards", "shoe"):
            page = window.pages[key].page
            if page is not None:
                page.shutdown()  # type: ignore[attr-defined]
        window.close()


def main() -> int:
    """Take every screenshot; returns the exit code."""
    app = make_app(["freebet-trainer"])
    apply_theme(app, "light")
    OUT.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(DATA, ignore_errors=True)
    DATA.mkdir()
    try:
        take_all(DATA)
    finally:
        shutil.rmtree(DATA, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
