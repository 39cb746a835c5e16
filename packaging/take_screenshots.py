#!/usr/bin/env python3
"""Take screenshots of the real window, offscreen: every page and the states a player meets.

    .venv/bin/python packaging/take_screenshots.py [--size WxH] [--theme light|dark] [--out DIR]
                                                   [--state NAME] [--list]

Without ``--out`` it refreshes the shots the AppStream metainfo lists, in
``packaging/screenshots`` (1280x800, light); with ``--out DIR`` it takes every shot, or with
``--state NAME`` that one (``--list`` names them). Each state's set-up is a small function of
the window and a ``wait(done, what)`` in :data:`SHOTS`, taken in that order (progress before any
drill adds answers; the states before a chosen one are set up all the same). The window gets a
temporary data folder and settings, never the user's; the progress page reads the seeded history
the UI tests use (``tests/progress/history.py``), and the flashcards and the shoe are dealt from
fixed seeds and stacked shoes, so each run shows the same hands. A dialog open when a shot is
taken is drawn over the window's centre, as a desktop shows it. PNGs are recompressed with
Pillow (a matplotlib dependency), losslessly.
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from xml.etree import ElementTree

os.environ["QT_QPA_PLATFORM"] = "offscreen"

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # for tests.progress.history

import tomli_w
from PIL import Image
from PyQt6.QtCore import QBuffer, QIODevice, QPoint
from PyQt6.QtGui import QPainter, QPixmap
from PyQt6.QtWidgets import QApplication, QDialog, QMenu

from strategy_charts.chart_layout import position_of
from tests.progress.history import seed
from trainer import settings as cfg
from trainer.settings.store import flat, nested
from trainer.ui.app import make_app
from trainer.ui.main_window import MainWindow
from trainer.ui.practice.screen_states import STATES
from trainer.ui.theme import apply_theme

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "packaging" / "screenshots"
METAINFO = ROOT / "packaging" / "io.github.freebettrainer.FreeBetTrainer.metainfo.xml"
SIZE = (1280, 800)
#: The data folder (the pages show its path, so it has a fixed name; emptied before and after).


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


# ----- the states: each sets the window up for one shot ------------------------------------

Wait = Callable[[Callable[[], bool], str], None]


def progress(window: MainWindow, wait: Wait) -> None:
    """Progress over the seeded history: what the play costs, accuracy, the leaks."""
    page = window.show_page("progress")
    wait(lambda: page.data is not None and not page.is_loading()  # type: ignore[attr-defined]
         and page.trends is not None, "the progress page")  # type: ignore[attr-defined]


def progress_heatmap(window: MainWindow, wait: Wait) -> None:
    """The progress page scrolled to the errors on the strategy chart, a leak selected."""
    page = window.show_page("progress")
    page.board.charts_area.ensureWidgetVisible(page.canvases["heatmap"])  # type: ignore[attr-defined]
    page.leak_list.setCurrentRow(0)  # type: ignore[attr-defined]


def drill_state(name: str) -> Callable[[MainWindow, Wait], None]:
    """The drill pages' state ``name`` (:data:`trainer.ui.practice.screen_states.STATES`) on
    its page of the window."""
    key, prepare = STATES[name]

    def shot(window: MainWindow, wait: Wait) -> None:
        prepare(window.show_page(key), wait)
    shot.__doc__ = STATES[name][1].__doc__
    return shot


def flashcards_done(window: MainWindow, wait: Wait) -> None:
    """Due mode under rules never practised, with no new cards a day: done for today at once."""
    page = window.show_page("flashcards")
    window.store.set(cfg.NEW_PER_DAY, 0)
    page.rules_box.setCurrentIndex(page.rules_box.findData("pot-of-gold"))  # type: ignore
    drill_state("flashcards-done-for-today")(window, wait)


def charts(window: MainWindow, wait: Wait) -> None:
    """The evolution chart with hard 16 against a ten selected and its EVs beside it."""
    page = window.show_page("charts")
    page.set_context("real")  # type: ignore[attr-defined]
    x, y = position_of(page.chart(), "real", ("hard", "16", "10"))  # type: ignore[attr-defined]
    page.select_at(x, y)  # type: ignore[attr-defined]
    page.canvas.draw()  # type: ignore[attr-defined]


def charts_split(window: MainWindow, wait: Wait) -> None:
    """The evolution chart with 9,9 against a 3 selected: the split hands a player who counts
    the 9s split plays otherwise than the chart, and what that gains."""
    page = window.show_page("charts")
    page.set_preset("evolution")  # type: ignore[attr-defined]
    page.set_context("real")  # type: ignore[attr-defined]
    cell = ("pair", "9", "3")
    x, y = position_of(page.chart(), "real", cell)  # type: ignore[attr-defined]
    page.select_at(x, y)  # type: ignore[attr-defined]
    wait(lambda: page.split_cells.known(page.rules, cell),  # type: ignore[attr-defined]
         "the counted split of 9,9 v 3")
    page.canvas.draw()  # type: ignore[attr-defined]
    page.chart_area.ensureVisible(*page.canvas.pixel_of(x, y), 40, 60)  # type: ignore


def settings(window: MainWindow, wait: Wait) -> None:
    """The settings page."""
    window.show_page("settings")


def _counting(window: MainWindow, wait: Wait):  # type: ignore[no-untyped-def]
    """The Counting page with its lab and drills ready."""
    page = window.show_page("counting")
    wait(lambda: page.lab is not None and page.running.drill is not None  # type: ignore
         and page.index.cards is not None, "the counting page")  # type: ignore[attr-defined]
    return page


def counting_missed_run(window: MainWindow, wait: Wait) -> None:
    """A running count missed: the run's cards again, the count after each showing."""
    page = _counting(window, wait)
    page.tabs.setCurrentWidget(page.running)
    panel = page.running
    panel.cards.setValue(8)
    panel.at_once.setValue(2)
    panel.due.setChecked(False)
    panel.deal()
    while not panel.entry.box.isEnabled():
        panel.step()
    panel.entry.box.setText(f"{panel.run.running + 2:+d}")
    panel.entry.typed.emit(panel.entry.box.text())


def counting_index(window: MainWindow, wait: Wait) -> None:
    """An index card answered with the chart's play where the index play is best: the
    verdict a banner on the felt, the EVs and the index under it."""
    page = _counting(window, wait)
    page.tabs.setCurrentWidget(page.index)
    panel = page.index
    card = panel.card
    wrong = next(a for a in card.actions if a != card.best)
    panel.answer(wrong)


def card_browser(window: MainWindow, wait: Wait) -> None:
    """Flashcards ▸ Browse cards over the seeded history: every card with what the trainer
    believes of it (state, recall now, stability, due), the first one selected."""
    page = window.show_page("flashcards")
    # the seeded history's rules (the state before leaves the page on rules never practised)
    page.rules_box.setCurrentIndex(page.rules_box.findData("evolution"))  # type: ignore
    browser = page.browse()  # type: ignore[attr-defined]
    wait(lambda: any(row.answers for row in browser.model.rows), "the card browser's cards")
    browser.view.selectRow(0)


def welcome(window: MainWindow, wait: Wait) -> None:
    """The first run's welcome over the Flashcards page: Free Bet's three differences as
    small tables, the starting point and the new cards a day."""
    window.show_page("flashcards")
    dialog = window.show_welcome()
    wait(lambda: dialog.facts is not None, "the welcome's tables")


def menu_help(window: MainWindow, wait: Wait) -> None:
    """The Help menu open over the window."""
    window.show_page("flashcards")
    window.menus.help_menu.popup(window.mapToGlobal(window.menus.help_at()))
    wait(window.menus.help_menu.isVisible, "the Help menu")


def setting_refused(window: MainWindow, wait: Wait) -> None:
    """A hand-edited setting of the wrong kind, refused and said (the default used)."""
    path = window.store.path               # as a player would edit the file by hand
    values = flat(tomllib.loads(path.read_text(encoding="utf-8")))
    path.write_text(tomli_w.dumps(nested({**values, cfg.NEW_PER_DAY.key: "lots"})),
                    encoding="utf-8")
    window.store.reload()
    window.tell_refused_settings()


def help_rules(window: MainWindow, wait: Wait) -> None:
    """Help ▸ The rules of this game: the rules practised, every rule in words."""
    window.menus.show_rules()


def help_keys(window: MainWindow, wait: Wait) -> None:
    """Help ▸ Keys."""
    window.menus.show_keys()


def help_teaching(window: MainWindow, wait: Wait) -> None:
    """Help ▸ How the trainer teaches: grading, the study queue, where it starts."""
    window.menus.show_teaching()


def about(window: MainWindow, wait: Wait) -> None:
    """Help ▸ About: version, data folder, each table's fingerprint."""
    window.menus.show_about()


#: File stem -> how the window is set up for it, in this order (progress before any drill).
SHOTS: dict[str, Callable[[MainWindow, Wait], None]] = {
    "progress": progress, "progress-heatmap": progress_heatmap,
    "flashcards-question": drill_state("flashcard-question"),
    "flashcards": drill_state("flashcard-answer"),
    "betting": drill_state("betting"),
    "shoe-practice": drill_state("shoe-free-split"),
    "side-bets-paid": drill_state("side-bets-paid"),
    "shoe-settled": drill_state("shoe-settled"), "history": drill_state("history"),
    "shoe-report": drill_state("shoe-report"),
    "counted-shoe-bet": drill_state("counted-shoe-bet"),
    "counted-shoe-question": drill_state("counted-shoe-question"),
    "counted-shoe-check": drill_state("counted-shoe-check"),
    "counted-shoe-report": drill_state("counted-shoe-report"),
    "decision-shares": drill_state("decision-shares"),
    "bet-behind": drill_state("bet-behind"),
    "seats-betting": drill_state("seats-betting"),
    "seat-hands": drill_state("seat-hands"),
    "betting-timer": drill_state("betting-timer"),
    "strategy-charts": charts, "strategy-charts-split": charts_split, "settings": settings,
    "flashcards-done-for-today": flashcards_done,
    "counting-missed-run": counting_missed_run, "counting-index": counting_index,
    "card-browser": card_browser,
    "welcome": welcome, "menu-help": menu_help, "help-rules": help_rules,
    "help-keys": help_keys, "help-teaching": help_teaching, "about": about,
    # last: they set a rules file with late surrender, which the pages above must not read
    "shoe-surrender": drill_state("shoe-surrender"),
    "shoe-surrendered": drill_state("shoe-surrendered"),
    "setting-refused": setting_refused,       # last: it leaves a bad value in the settings
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


def grab(window: MainWindow) -> QPixmap:
    """The window as shown, with an open dialog drawn over its centre (then closed, so the
    next state starts without it)."""
    shot = window.grab()
    for dialog in window.findChildren(QDialog):
        if dialog.isVisible():
            picture = dialog.grab()
            painter = QPainter(shot)
            painter.drawPixmap(QPoint((shot.width() - picture.width()) // 2,
                                      (shot.height() - picture.height()) // 2), picture)
            painter.end()
            dialog.reject()
    for menu in window.findChildren(QMenu):     # an open menu, where it drops down
        if menu.isVisible():
            painter = QPainter(shot)
            painter.drawPixmap(window.mapFromGlobal(menu.pos()), menu.grab())
            painter.end()
            menu.hide()
    return shot


def shipped() -> set[str]:
    """The file stems of the screenshots the AppStream metainfo lists."""
    urls = ElementTree.parse(METAINFO).getroot().iterfind("screenshots/screenshot/image")
    return {Path((url.text or "").strip()).stem for url in urls}


def open_window(folder: Path, size: tuple[int, int], theme: str) -> MainWindow:
    """The window on a seeded data ``folder`` (its settings there too), shown at ``size``."""
    seed(folder / "progress.sqlite3")
    store = cfg.Settings(folder / "settings.toml")
    store.set_all([(cfg.DATA_DIR, str(folder)), (cfg.DEALER_SPEED_MS, 0), (cfg.THEME, theme)])
    window = MainWindow(store)
    window.resize(*size)
    window.show()
    return window


def close_window(window: MainWindow) -> None:
    """Stop the drill pages' timers and files, and close the window."""
    for key in ("flashcards", "shoe"):
        page = window.pages[key].page
        if page is not None:
            page.shutdown()  # type: ignore[attr-defined]
    window.close()


def walk(window: MainWindow, wait: Wait, settle_down: Callable[[MainWindow], None],
         names: set[str] | None = None) -> Iterator[str]:
    """Set the window up for each state of :data:`SHOTS` in order and yield its name once it
    is shown (each of ``names`` only; the states before them are set up all the same)."""
    last = max((list(SHOTS).index(n) for n in names), default=-1) if names else len(SHOTS)
    for index, (name, prepare) in enumerate(SHOTS.items()):
        if index > last:
            return
        prepare(window, wait)
        settle_down(window)
        if names is None or name in names:
            yield name


def take_all(folder: Path, out: Path, size: tuple[int, int], theme: str,
             names: set[str] | None = None) -> None:
    """Open the window on a seeded data ``folder`` and take each shot in :data:`SHOTS` (or
    those of ``names``; the states before them are set up all the same, in order)."""
    window = open_window(folder, size, theme)
    try:
        for name in walk(window, wait, settle, names):
            shot = grab(window)
            if (shot.width(), shot.height()) != size:
                raise RuntimeError(f"{name}: the window is {shot.width()} x {shot.height()}, "
                                   f"not {size[0]} x {size[1]}")
            written = save(shot, out / f"{name}.png")
            print(f"{out / name}.png  {written:,} bytes")
    finally:
        close_window(window)


def window_size(text: str) -> tuple[int, int]:
    """'1024x640' -> (1024, 640)."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800") from None
    if width < 200 or height < 200:
        raise argparse.ArgumentTypeError(f"{text!r} is too small for the window")
    return width, height


def main(argv: list[str] | None = None) -> int:
    """Take every screenshot; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=window_size, default=SIZE, help="WxH, e.g. 1024x640")
    parser.add_argument("--theme", choices=("light", "dark"), default="light")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder for every shot (default: the metainfo's shots in "
                             "packaging/screenshots)")
    parser.add_argument("--state", action="append", choices=list(SHOTS), metavar="NAME",
                        help="take only this state's shot (again for more; --list names "
                             "them)")
    parser.add_argument("--list", action="store_true", help="name every state, in order")
    args = parser.parse_args(argv)
    if args.list:
        for name, prepare in SHOTS.items():
            print(f"{name:26} {' '.join((prepare.__doc__ or '').split())}")
        return 0
    app = make_app(["freebet-trainer"])
    apply_theme(app, args.theme)
    out, names = (OUT, shipped()) if args.out is None else (args.out, None)
    if args.state:
        names = set(args.state)
    out.mkdir(parents=True, exist_ok=True)
    # a folder of this run's own: two runs at once must not share (one's start emptied the
    # other's, settings file included, and its pages went on in the default data folder)
    data = Path(tempfile.mkdtemp(prefix="freebet-trainer-screenshots-"))
    # tables a state builds (a rules file's) go beside the data, never to the user's cache
    os.environ["FREEBET_TABLE_CACHE"] = str(data / "table-cache")
    try:
        take_all(data, out, args.size, args.theme, names)
    finally:
        shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
