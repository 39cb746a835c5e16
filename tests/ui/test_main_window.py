"""The main window: every page renders, size, position and page persist, pages are lazy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PyQt6.QtCore import QPoint, QSize, Qt

from trainer.settings import Settings
from trainer.ui.lazy_page import LazyPage
from trainer.ui.main_window import MainWindow
from trainer.ui.pages import PAGE_KEYS

from .conftest import assert_not_blank


@pytest.mark.parametrize("key", PAGE_KEYS)
def test_each_page_renders_to_a_non_blank_image(qtbot, store: Settings, tmp_path: Path,
                                                key: str) -> None:
    window = MainWindow(store)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    with qtbot.waitExposed(window):
        window.show()
    page = window.show_page(key)
    qtbot.wait(10)
    assert window.current_page() == key
    image = window.grab()
    path = tmp_path / f"{key}.png"
    assert image.save(str(path)) and path.stat().st_size > 1000
    assert_not_blank(image)
    # a page whose contents come later is mostly background, but it has its words on it
    assert_not_blank(page.grab(), at_least=8, max_share=0.995)


def test_geometry_and_page_persist_between_runs(qtbot, store: Settings) -> None:
    first = MainWindow(store)
    qtbot.addWidget(first)
    # the offscreen screen is 800 x 600: a larger window would be fitted to it on restore
    first.resize(760, 520)
    first.move(QPoint(30, 40))
    with qtbot.waitExposed(first):
        first.show()
    first.show_page("progress")
    first.close()

    second = MainWindow(store)
    qtbot.addWidget(second)
    assert second.current_page() == "progress"
    assert second.size() == QSize(760, 520)
    # within the few pixels a window frame takes (the offscreen platform fakes one)
    shift = second.pos() - QPoint(30, 40)
    assert abs(shift.x()) <= 8 and abs(shift.y()) <= 8
    assert second.nav.currentItem().data(Qt.ItemDataRole.UserRole) == "progress"


def test_a_bad_stored_page_falls_back_to_flashcards(qtbot, store: Settings) -> None:
    store.path.write_text('[window]\npage = "no-such-page"\ngeometry = "rubbish"\n')
    window = MainWindow(Settings(store.path))
    qtbot.addWidget(window)
    assert window.current_page() == "flashcards"
    assert window.size() == QSize(1180, 760)


def test_keyboard_shortcuts_switch_pages(qtbot, store: Settings) -> None:
    window = MainWindow(store)
    qtbot.addWidget(window)
    with qtbot.waitExposed(window):
        window.show()
    with qtbot.waitActive(window):
        window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page() == "progress"


def test_pages_are_made_when_first_shown(qtbot, store: Settings) -> None:
    window = MainWindow(store)
    qtbot.addWidget(window)
    charts = window.pages["charts"]
    assert isinstance(charts, LazyPage) and charts.page is None
    with qtbot.waitExposed(window):
        window.show()
    assert charts.page is None
    window.show_page("charts")
    assert charts.page is not None


def test_opening_the_window_does_not_import_matplotlib(tmp_path: Path) -> None:
    """The start stays light: matplotlib and the tables load with the charts page only."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from trainer.settings import Settings\n"
        "from trainer.ui.app import make_app\n"
        "from trainer.ui.main_window import MainWindow\n"
        "app = make_app(sys.argv)\n"
        f"w = MainWindow(Settings(Path({str(tmp_path / 's.toml')!r})))\n"
        "w.show(); app.processEvents()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('matplotlib', 'strategy_charts')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, check=True)
    assert out.stdout.strip() == "[]"


def test_nothing_of_matplotlib_loads_before_the_first_paint(tmp_path: Path) -> None:
    """The app as started (theme applied, error hook, window shown), up to its first paint:
    the heavy modules load only after it (the warm-up) or with the pages that need them (the
    strategy tables may: the first card's head start reads them in a thread from the start)."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from PyQt6.QtCore import QEvent\n"
        "from trainer.ui import app\n"
        "seen = []\n"
        "original = app._FirstPaint.eventFilter\n"
        "def first_paint(self, watched, event):\n"
        "    if event is not None and event.type() == QEvent.Type.Paint and not seen:\n"
        "        seen.append(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'"
        " or m == 'strategy_charts.render'))\n"
        "    return original(self, watched, event)\n"
        "app._FirstPaint.eventFilter = first_paint\n"
        "app.run(['freebet-trainer', '--quit-after-show'])\n"
        "print(seen)\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path),
           "HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, env=env, check=True)
    assert out.stdout.splitlines()[-1] == "[[]]"


def test_the_dark_theme_reaches_the_navigation_at_once(qtbot, shown_window, qapp) -> None:
    """Before: switching the theme live left the sidebar white until a restart (its style
    sheet's palette(base) was resolved once)."""
    from trainer.ui.theme import apply_theme, dark_palette, light_palette
    before = qapp.palette()
    nav = shown_window.nav
    try:
        for theme, palette in (("dark", dark_palette()), ("light", light_palette(qapp))):
            apply_theme(qapp, theme)
            qtbot.wait(10)
            corner = nav.grab().toImage().pixelColor(nav.width() - 4, nav.height() - 4)
            assert corner.name() == palette.color(palette.ColorRole.Base).name(), theme
    finally:
        apply_theme(qapp, "light")
        qapp.setPalette(before)
