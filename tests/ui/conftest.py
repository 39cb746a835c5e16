"""UI tests run headless: Qt's offscreen platform is chosen before any Qt module loads.

Also: a temporary settings store per test, warning dialogs captured instead of shown, and image
checks (not blank, gold pixels).
"""

from __future__ import annotations

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"

from pathlib import Path

import numpy as np
import pytest
from PyQt6.QtGui import QImage, QPixmap
from PyQt6.QtWidgets import QMessageBox

from trainer import settings as cfg
from trainer.settings import Settings

#: Qt's offscreen platform warns about these when any window is shown or a menu pops up (it
#: cannot raise a window or grab the keyboard); real platforms do not.
OFFSCREEN_NOISE = "This plugin does not support (propagateSizeHints|raise|grabbing the keyboard)"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """UI tests fail on Qt warnings (pyproject), except the offscreen platform's own."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))


@pytest.fixture
def store(tmp_path: Path) -> Settings:
    """The player's settings in a temporary settings file (never the user's)."""
    return Settings(tmp_path / "settings.toml")


@pytest.fixture
def data_dir(tmp_path: Path, store: Settings) -> Path:
    """The progress file's folder, set in ``store`` (made when first written)."""
    folder = tmp_path / "data"
    store.set(cfg.DATA_DIR, str(folder))
    return folder


@pytest.fixture
def dealer_at_once(store: Settings) -> None:
    """The dealer draws without a pause between cards (``usefixtures`` of the shoe tests)."""
    store.set(cfg.DEALER_SPEED_MS, 0)


def photograph(box: QMessageBox, path: Path) -> None:
    """Lay a dialog out as shown, save its picture to ``path``, close it."""
    box.show()
    box.grab().save(str(path))
    box.close()


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """Warning dialogs ("title\ntext"), captured (and photographed into the test's folder)
    instead of waiting for a click."""
    seen: list[str] = []

    def warning(parent: object, title: str, text: str) -> None:
        seen.append(f"{title}\n{text}")
        photograph(QMessageBox(QMessageBox.Icon.Warning, title, text),
                   tmp_path / f"warning-{len(seen)}.png")
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warning))
    return seen


def pixels(image: QImage | QPixmap) -> np.ndarray:
    """The image as an array of shape (height, width, 3): red, green, blue."""
    if isinstance(image, QPixmap):
        image = image.toImage()
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    data = image.constBits()
    assert data is not None
    raw = np.frombuffer(data.asstring(stride * height), dtype=np.uint8)
    return raw.reshape(height, stride)[:, : width * 3].reshape(height, width, 3).copy()


def distinct_colours(image: QImage | QPixmap) -> int:
    """How many different colours the image has."""
    rgb = pixels(image).reshape(-1, 3).astype(np.uint32)
    return len(np.unique((rgb[:, 0] << 16) | (rgb[:, 1] << 8) | rgb[:, 2]))


def assert_not_blank(image: QImage | QPixmap, at_least: int = 20,
                     max_share: float = 0.97) -> None:
    """The image has some size, many colours, and no single colour covers more than
    ``max_share`` of it."""
    rgb = pixels(image).reshape(-1, 3).astype(np.uint32)
    assert len(rgb) > 0, "empty image"
    keys = (rgb[:, 0] << 16) | (rgb[:, 1] << 8) | rgb[:, 2]
    values, counts = np.unique(keys, return_counts=True)
    assert len(values) >= at_least, f"only {len(values)} colours"
    assert counts.max() / len(keys) < max_share, "one colour covers almost the whole image"


def gold_mask(rgb: np.ndarray) -> np.ndarray:
    """Pixels of the lammers' gold: strong red, medium green, little blue."""
    r, g, b = (rgb[..., i].astype(int) for i in range(3))
    return (r > 190) & (g > 130) & (g < 225) & (b < 110) & (r - b > 120)


@pytest.fixture(autouse=True)
def no_modal_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """A modal message box the test did not expect fails the test instead of waiting for a
    click until the run's timeout kills the worker (a test that means to see one asks for the
    ``warnings`` fixture, which replaces this for warnings)."""
    def shown(kind: str) -> object:
        def fail(_parent: object, title: str, text: str, *_: object) -> None:
            pytest.fail(f"a modal {kind} box was shown: {title}: {text}")
        return staticmethod(fail)
    for kind in ("warning", "critical", "information", "question"):
        monkeypatch.setattr(QMessageBox, kind, shown(kind))


@pytest.fixture(autouse=True)
def no_quit_question(monkeypatch: pytest.MonkeyPatch) -> None:
    """A window asking, on close, whether to lose unsaved answers fails the test instead of
    waiting for a click (a test that means to see the question replaces this)."""
    def asked(_parent: object, waiting: object, failure: object = None) -> bool:
        pytest.fail(f"closing asked whether to quit with answers unsaved: {waiting}")
    monkeypatch.setattr("trainer.ui.main_window.confirm_quitting", asked)


@pytest.fixture(autouse=True)
def _windows_close_at_teardown(monkeypatch: pytest.MonkeyPatch):
    """Every main window a test makes lives until the test's teardown and is closed there, as
    the app closes it (its pages' loads cancelled). pytest-qt keeps only a weak reference, so a
    window whose test ended could otherwise be garbage-collected at any moment, even inside a
    callback of one of its own background loads."""
    from PyQt6 import sip

    from trainer.ui.main_window import MainWindow

    made: list[MainWindow] = []
    original = MainWindow.__init__

    def init(self: MainWindow, *args, **kwargs) -> None:
        original(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(MainWindow, "__init__", init)
    yield
    for window in made:
        if not sip.isdeleted(window):
            window.close()
            window.deleteLater()
    made.clear()


@pytest.fixture
def shown_window(qtbot, store: Settings, data_dir: Path):
    """The app's main window on the test's settings and data folder, shown at its saved size."""
    from trainer.ui.main_window import MainWindow

    window = MainWindow(store)
    qtbot.addWidget(window)
    window.show()
    return window
