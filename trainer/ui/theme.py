"""Light or dark look: a dark QPalette for the whole application, or the style's own palette
with readable secondary and error text.

Every text colour meets WCAG AA (a contrast of at least 4.5:1) on the backgrounds it is drawn
on, in both themes, and every check box and radio button has a border of at least 3:1
(tests/ui/test_contrast.py computes both). Status and error lines name
palette roles in their style sheets (``palette(placeholder-text)``, ``palette(bright-text)``),
so they follow the theme; disabled text is exempt, as WCAG exempts inactive controls. A text a
page coloured itself (a grade's word, a round's net) has a twin for each window
(:mod:`.inks`), and a switch at run time re-inks what is already shown.
"""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QBrush, QColor, QPalette
from PyQt6.QtWidgets import QApplication, QLabel, QTreeWidget, QTreeWidgetItemIterator, QWidget

from .indicators import IndicatorStyle
from .inks import ink, reink
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
    QPalette.ColorRole.Highlight: "#2f6bc4",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#7fb2ff",
    QPalette.ColorRole.LinkVisited: "#b99cff",
}
#: The light theme's changes to the style's palette: secondary text (the style's is the text
#: colour at half opacity, about 4:1) and error text (the style's bright text is white).
_LIGHT = {
    QPalette.ColorRole.PlaceholderText: "#5c5c5c",
    QPalette.ColorRole.BrightText: "#b3261e",
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


def light_palette(app: QApplication) -> QPalette:
    """The light theme's palette: the style's own, with readable secondary and error text."""
    style = app.style()
    palette = style.standardPalette() if style is not None else QPalette()
    for role, colour in _LIGHT.items():
        for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
            palette.setColor(group, role, QColor(colour))
    return palette


def apply_theme(app: QApplication, theme: str) -> None:
    """Give the whole application the ``theme`` ("light" or "dark") look, every widget at once:
    the palette, check boxes and radio buttons with a visible border
    (:class:`~trainer.ui.indicators.IndicatorStyle`), and each style sheet that names a
    palette role (the navigation's ``palette(base)``, status lines) read again, since Qt
    resolves those only when a widget is polished (before: the sidebar stayed white until a
    restart); and every text already coloured for the other theme (a grade's word, a round's
    net, a tree's rows) re-inked for this one (:func:`trainer.ui.inks.reink`; before:
    'Blunder' stayed #a50e0e on the dark window)."""
    if not isinstance(app.style(), IndicatorStyle):
        base = app.style()
        style = IndicatorStyle(base.name() if base is not None else "Fusion")
        app.setStyle(style)
        _KEPT[:] = [style]     # Python owns the proxy: kept while the application uses it
    app.setPalette(dark_palette() if theme == "dark" else light_palette(app))
    dark = theme == "dark"
    for widget in app.allWidgets():
        sheet = widget.styleSheet()
        inked = reink(sheet, dark)
        if inked != sheet or "palette(" in sheet:
            widget.setStyleSheet(inked)
        _reink_words(widget, dark)


def _reink_words(widget: QWidget, dark: bool) -> None:
    """A label's rich text, or a tree's rows, coloured for the other theme: re-inked."""
    if isinstance(widget, QLabel) and widget.textFormat() is not Qt.TextFormat.PlainText:
        text = widget.text()
        inked = reink(text, dark)
        if inked != text:
            widget.setText(inked)
    elif isinstance(widget, QTreeWidget):
        rows = QTreeWidgetItemIterator(widget)
        while (item := rows.value()) is not None:
            for column in range(item.columnCount()):
                brush = item.foreground(column)
                if brush.style() is not Qt.BrushStyle.NoBrush:
                    colour = brush.color().name()
                    if ink(colour, dark) != colour:
                        item.setForeground(column, QBrush(QColor(ink(colour, dark))))
            rows += 1


_KEPT: list[IndicatorStyle] = []


def is_dark(palette: QPalette) -> bool:
    """True when the palette's window colour is dark (the dark theme, or a dark desktop)."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def chart_look(palette: QPalette) -> Look:
    """The look of matplotlib charts drawn on a widget with ``palette``."""
    return DARK if is_dark(palette) else LIGHT
