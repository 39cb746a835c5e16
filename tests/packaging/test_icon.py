"""The app icon: a PNG per size, each the current SVG rendered at that size, and the app and
its window wear it with every size (offscreen)."""

from __future__ import annotations

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from PyQt6.QtGui import QIcon, QImage
from PyQt6.QtSvg import QSvgRenderer
from PyQt6.QtWidgets import QApplication

from tests.scripts import load_script
from trainer.settings import Settings
from trainer.ui.app import make_app
from trainer.ui.icon import APP_ID, SIZES, icon_file
from trainer.ui.main_window import MainWindow


def render_icons() -> ModuleType:
    """``packaging/render_icons.py``, loaded from its file (packaging/ is no package)."""
    return load_script("packaging/render_icons.py")


def rgba(image: QImage) -> np.ndarray:
    """The image as an array of shape (height, width, 4): red, green, blue, alpha."""
    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    data = image.constBits()
    assert data is not None
    raw = np.frombuffer(data.asstring(image.sizeInBytes()), dtype=np.uint8)
    rows = raw.reshape(image.height(), image.bytesPerLine())
    return rows[:, : image.width() * 4].reshape(image.height(), image.width(), 4).copy()


def test_each_png_is_the_svg_rendered_at_its_size(qapp: QApplication) -> None:
    renderer = QSvgRenderer(str(icon_file()))
    assert renderer.isValid()
    render = render_icons().render
    for size in SIZES:
        shipped = rgba(QImage(str(icon_file(size))))
        assert shipped.shape == (size, size, 4), f"{size} px"
        fresh = rgba(render(renderer, size))
        gap = np.abs(shipped.astype(int) - fresh.astype(int)).mean()
        assert gap < 1.0, f"{size} px differs from the SVG: run packaging/render_icons.py"
        assert shipped[0, 0, 3] == 0, "the corners are transparent (a rounded square)"
        assert shipped[size // 2, size // 2, 3] == 255
        r, g, b = (shipped[..., i].astype(int) for i in range(3))
        gold = (r > 190) & (g > 130) & (g < 225) & (b < 110)
        assert gold.mean() > 0.05, f"{size} px: no golden lammer"


@pytest.fixture
def named_app(qapp: QApplication) -> Iterator[QApplication]:
    """The test QApplication set up by ``make_app``; its names and icon restored after."""
    saved = (qapp.applicationName(), qapp.organizationName(), qapp.applicationDisplayName(),
             qapp.desktopFileName(), qapp.windowIcon())
    yield make_app(["freebet-trainer"])
    qapp.setApplicationName(saved[0])
    qapp.setOrganizationName(saved[1])
    qapp.setApplicationDisplayName(saved[2])
    qapp.setDesktopFileName(saved[3])
    qapp.setWindowIcon(saved[4] if not saved[4].isNull() else QIcon())


def test_the_app_and_its_window_wear_the_icon_in_every_size(named_app: QApplication, qtbot,
                                                            tmp_path: Path) -> None:
    assert named_app.desktopFileName() == APP_ID
    icon = named_app.windowIcon()
    assert not icon.isNull()
    assert [(s.width(), s.height()) for s in icon.availableSizes()] == [(n, n) for n in SIZES]
    window = MainWindow(Settings(tmp_path / "settings.toml"))
    qtbot.addWidget(window)
    shown = window.windowIcon()
    assert [s.width() for s in shown.availableSizes()] == list(SIZES)
    drawn = rgba(shown.pixmap(48).toImage())
    assert np.array_equal(drawn, rgba(QImage(str(icon_file(48)))))
