"""The app's identity on the desktop: its id (also the name of its .desktop file) and its icon.

The icon files sit in ``icon-theme/hicolor`` laid out as in a freedesktop icon theme, so packagers
copy that folder as it is; the window icon is made from the same PNGs, one per size, so Qt
never has to scale a large picture down for the title bar or the task switcher.
"""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import QSize
from PyQt6.QtGui import QIcon

#: Reverse-DNS application id: the .desktop and metainfo file names, the icon's name and the
#: Wayland app id, kept equal so desktops match the window to its launcher.
APP_ID = "io.github.freebettrainer.FreeBetTrainer"

#: Pixel sizes shipped as PNGs (rendered from the SVG by ``packaging/render_icons.py``).
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

ICON_THEME = Path(__file__).with_name("icon-theme") / "hicolor"


def icon_file(size: int | None = None) -> Path:
    """The icon's PNG of ``size`` pixels square, or its SVG source when ``size`` is None."""
    if size is None:
        return ICON_THEME / "scalable" / "apps" / f"{APP_ID}.svg"
    return ICON_THEME / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def app_icon() -> QIcon:
    """The window icon with every shipped size."""
    icon = QIcon()
    for size in SIZES:
        icon.addFile(str(icon_file(size)), QSize(size, size))
    return icon
