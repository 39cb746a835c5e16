"""The practice pages' coloured words stay readable on the dark theme (WCAG AA, 4.5:1)."""

from __future__ import annotations

from PyQt6.QtGui import QColor, QPalette

from trainer.teaching.records import Severity
from trainer.ui.inks import ON_DARK, ink
from trainer.ui.practice.feedback import SEVERITY_LOOK
from trainer.ui.theme import dark_palette


def luminance(colour: QColor) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return (0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF())
            + 0.0722 * channel(colour.blueF()))


def contrast(a: QColor, b: QColor) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_coloured_word_has_a_readable_twin_on_the_dark_window() -> None:
    window = dark_palette().color(QPalette.ColorRole.Window)
    for light, dark in ON_DARK.items():
        assert contrast(QColor(dark), window) >= 4.5, (light, dark)
    for severity in Severity:
        colour = SEVERITY_LOOK[severity][1]
        assert colour in ON_DARK and ink(colour, True) == ON_DARK[colour]
        assert ink(colour, False) == colour
