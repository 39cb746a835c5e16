"""The warm-up after the first paint: pages that ask nothing are made ahead, drills only
imported (a drill's clock starts when it deals), and a page that fails is left for its visit."""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest

from trainer.settings import Settings
from trainer.ui.main_window import MainWindow
from trainer.ui.pages import PAGES
from trainer.ui.warm_up import LIBRARIES, WarmUp, import_libraries


def test_the_libraries_import() -> None:
    import_libraries()
    assert all(name in sys.modules for name in LIBRARIES)


def _window(qtbot, store: Settings) -> MainWindow:
    import_libraries()          # here, so the warm-up's import thread has nothing left to do
    window = MainWindow(store)
    qtbot.addWidget(window)
    window.resize(1024, 640)
    with qtbot.waitExposed(window):
        window.show()
    window.show_page("settings")
    return window


def test_pages_are_made_ahead_and_drills_only_imported(qtbot, store: Settings) -> None:
    window = _window(qtbot, store)
    assert window.pages["shoe"].page is None
    warm = WarmUp(window, pause_ms=0)
    with qtbot.waitSignal(warm.done, timeout=60_000):
        warm.start()
    for spec in PAGES:
        assert spec.factory.partition(":")[0] in sys.modules
        if spec.ahead:
            assert window.pages[spec.key].page is not None, spec.key
    assert window.pages["shoe"].page is None      # never dealt unseen
    assert window.current_page() == "settings"
    # the charts are rendered at the sizes they are shown at: the first visit only shows them
    charts, progress = window.pages["charts"].page, window.pages["progress"].page
    assert not charts.canvas.stale_figure  # type: ignore[union-attr]
    assert not any(c.stale_figure for c in progress.canvases.values())  # type: ignore[union-attr]
    size = charts.canvas.size()  # type: ignore[union-attr]
    window.show_page("charts")
    qtbot.wait(10)
    assert charts.canvas.size() == size  # type: ignore[union-attr]
    assert not charts.canvas.stale_figure  # type: ignore[union-attr]
    assert {spec.key for spec in PAGES if not spec.ahead} >= {"flashcards", "shoe"}


def test_a_page_that_fails_ahead_is_left_for_its_visit(qtbot, store: Settings) -> None:
    window = _window(qtbot, store)
    slot = window.pages["charts"]
    real = slot.spec
    slot.spec = replace(real, factory="trainer.ui.no_such_module:page")
    loading = slot._loading.text()
    warm = WarmUp(window, pause_ms=0)
    with qtbot.waitSignal(warm.done, timeout=60_000):
        warm.start()
    assert slot.page is None and slot._loading.text() == loading
    with pytest.raises(ModuleNotFoundError):
        window.show_page("charts")
    assert "could not be opened" in slot._loading.text()
    slot.spec = real                                # the page's own paint retries it
    qtbot.waitUntil(lambda: slot.page is not None, timeout=60_000)


def test_the_warm_up_waits_for_the_first_card_of_the_page_shown(qtbot, store: Settings,
                                                                 data_dir) -> None:
    """Nothing competes with the first card: the imports and pages start once it is dealt."""
    window = MainWindow(store)
    qtbot.addWidget(window)
    warm = WarmUp(window, pause_ms=0)
    warm.start_when_ready(longest_ms=600_000)
    slot = window.pages["flashcards"]
    with qtbot.waitSignal(slot.made, timeout=60_000):
        window.show()
    assert warm._imports.ident is None                  # made, but no card yet
    page = slot.page
    if page.card is None:                               # type: ignore[union-attr]
        with qtbot.waitSignal(page.dealt, timeout=120_000):  # type: ignore[union-attr]
            pass
    qtbot.waitUntil(lambda: warm._imports.ident is not None, timeout=5_000)
    warm.start()                                        # once only
    with qtbot.waitSignal(warm.done, timeout=120_000):
        pass


def test_on_a_page_that_deals_nothing_the_warm_up_starts_at_once(qtbot, store: Settings) -> None:
    window = _window(qtbot, store)                      # on Settings
    warm = WarmUp(window, pause_ms=0)
    with qtbot.waitSignal(warm.done, timeout=60_000):
        warm.start_when_ready(longest_ms=600_000)


def test_a_first_launch_builds_matplotlibs_font_cache_without_a_console_notice(
        tmp_path) -> None:
    """Before: "Matplotlib is building the font cache; this may take a moment." on the
    console of a fresh machine."""
    import os
    import subprocess
    env = {**os.environ, "MPLCONFIGDIR": str(tmp_path / "mpl"), "HOME": str(tmp_path),
           "XDG_CACHE_HOME": str(tmp_path / "cache"), "QT_QPA_PLATFORM": "offscreen"}
    code = "from trainer.ui.warm_up import import_libraries; import_libraries()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=300, check=True)
    assert list((tmp_path / "mpl").glob("fontlist-*.json"))       # the cache was built
    assert "font cache" not in done.stderr and done.stderr == ""
