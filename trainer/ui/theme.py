"""Light or dark look: a dark QPalette for the whole application, or the style's own palette."""

from __future__ import annotations

from PyQt6.QtGui import QColor, QPalette
from PyQt6.QtWidgets import QApplication

from .plotting.look import DARK, LIGHT, Look

_DARK = {
    QPalette.ColorRole.Window: "#2b2b2e",
    QPalette.ColorRole.WindowText: "#e8e8e8",
    QPalette.ColorRole.Base: "#1f1f22",
    QPalette.ColorRole.AlternateBase: "#2f2f33",
    QPalette.ColorRole.ToolTipBase: "#3a3a3e",
    QPalette.ColorRole.ToolTipText: "#f0f0f0",
    QPalette.ColorRole.PlaceholderText: "#9a9a9a",
    QPalette.ColorRole.Text: "#e8e8e8",
    QPalette.ColorRole.Button: "#36363a",
    QPalette.ColorRole.ButtonText: "#e8e8e8",
    QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Light: "#4a4a4f",
    QPalette.ColorRole.Midlight: "#3d3d42",
    QPalette.ColorRole.Mid: "#2a2a2d",
    QPalette.ColorRole.Dark: "#1a1a1c",
    QPalette.ColorRole.Shadow: "#000000",
    QPalette.ColorRole.Highlight: "#3d7bd9",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#7fb2ff",
    QPalette.ColorRole.LinkVisited: "#b99cff",
}
_DISABLED = {
    QPalette.ColorRole.WindowText: "#7a7a7a",
    QPalette.ColorRole.Text: "#7a7a7a",
    QPalette.ColorRole.ButtonText: "#7a7a7a",
    QPalette.ColorRole.Highlight: "#505050",
}


def dark_palette() -> QPalette:
    """The dark theme's palette."""
    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(role, QColor(colour))
    for role, colour in _DISABLED.items():
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(colour))
    return palette


def apply_theme(app: QApplication, theme: str) -> None:
    """Give the whole application the ``theme`` ("light" or "dark") look."""
    if theme == "dark":
        app.setPalette(dark_palette())
    else:
        style = app.style()
        app.setPalette(style.standardPalette() if style is not None else QPalette())


def is_dark(palette: QPalette) -> bool:
    """True when the palette's window colour is dark (the dark theme, or a dark desktop)."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def chart_look(palette: QPalette) -> Look:
    """The look of matplotlib charts drawn on a widget with ``palette``."""
    return DARK if is_dark(palette) else LIGHT
