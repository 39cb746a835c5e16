#!/usr/bin/env python3
"""Render the app icon's PNGs, 16 to 512 px, from its SVG with Qt's SVG renderer, offscreen.

Run it inside the project's environment after changing the SVG
(``.venv/bin/python packaging/render_icons.py``); it rewrites every PNG in
``trainer/ui/icon-theme/hicolor/NxN/apps``. The PNGs are committed, so building a wheel or a bundle
needs no rendering step and no SVG support at run time.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PyQt6.QtCore import QRectF, Qt
from PyQt6.QtGui import QGuiApplication, QImage, QPainter
from PyQt6.QtSvg import QSvgRenderer

from trainer.ui.icon import SIZES, icon_file


def render(renderer: QSvgRenderer, size: int) -> QImage:
    """The SVG drawn on a transparent ``size`` x ``size`` image."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def main() -> int:
    """Write one PNG per size; returns the exit code."""
    app = QGuiApplication(sys.argv[:1])
    source = icon_file()
    renderer = QSvgRenderer(str(source))
    if not renderer.isValid():
        print(f"cannot read {source}", file=sys.stderr)
        return 1
    for size in SIZES:
        target = icon_file(size)
        target.parent.mkdir(parents=True, exist_ok=True)
        # quality 0: the strongest zlib compression Qt's PNG writer offers (still lossless)
        if not render(renderer, size).save(str(target), "PNG", 0):
            print(f"cannot write {target}", file=sys.stderr)
            return 1
        print(f"{os.path.relpath(target)}  {target.stat().st_size:,} bytes")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
