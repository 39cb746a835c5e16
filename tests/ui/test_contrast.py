"""Text contrast (WCAG 2 AA: at least 4.5:1) of every text colour on the backgrounds it is drawn
on: the dark palette whole, the light palette's own colours, the charts' looks, and the style
sheets that name a text colour (resolved through the palette where they name a role)."""

from __future__ import annotations

import re

import pytest
from PyQt6.QtGui import QColor, QPalette
from PyQt6.QtWidgets import QApplication, QLabel

from trainer.ui import widgets
from trainer.ui.plotting.look import DARK, LIGHT, Look
from trainer.ui.table import action_bar
from trainer.ui.theme import dark_palette, light_palette

AA = 4.5
R = QPalette.ColorRole
#: (text, background) roles drawn together by the widgets.
PAIRS = [(R.WindowText, R.Window), (R.Text, R.Base), (R.Text, R.AlternateBase),
         (R.ButtonText, R.Button), (R.ToolTipText, R.ToolTipBase),
         (R.HighlightedText, R.Highlight), (R.PlaceholderText, R.Window),
         (R.PlaceholderText, R.Base), (R.PlaceholderText, R.AlternateBase),
         (R.BrightText, R.Window), (R.BrightText, R.Base), (R.Link, R.Window), (R.Link, R.Base),
         (R.LinkVisited, R.Base)]
#: The pairs whose colours the light theme sets itself (the rest are the style's own).
LIGHT_PAIRS = [(R.PlaceholderText, R.Window), (R.PlaceholderText, R.Base),
               (R.BrightText, R.Window), (R.BrightText, R.Base)]


def luminance(colour: QColor) -> float:
    """WCAG relative luminance of an opaque sRGB colour."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return (0.2126 * linear(colour.redF()) + 0.7152 * linear(colour.greenF())
            + 0.0722 * linear(colour.blueF()))


def contrast(text: QColor | str, background: QColor | str) -> float:
    """WCAG contrast ratio, 1 to 21; a translucent text colour is blended onto the background
    first (as it is painted)."""
    text, background = QColor(text), QColor(background)
    alpha = text.alphaF()
    if alpha < 1:
        text = QColor.fromRgbF(*(alpha * t + (1 - alpha) * b for t, b in zip(
            (text.redF(), text.greenF(), text.blueF()),
            (background.redF(), background.greenF(), background.blueF()), strict=True)))
    high, low = sorted((luminance(text), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_contrast_formula_gives_the_published_figures() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#ffffff", "#ffffff") == pytest.approx(1)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)   # the AA grey
    assert contrast("#666666", "#2b2b2e") < 3        # the status line the issue found


@pytest.mark.parametrize(("text", "background"), PAIRS)
def test_every_text_of_the_dark_palette_meets_aa(text, background) -> None:
    palette = dark_palette()
    assert contrast(palette.color(text), palette.color(background)) >= AA, (text, background)


@pytest.mark.parametrize(("text", "background"), LIGHT_PAIRS)
def test_the_light_palettes_secondary_and_error_text_meet_aa(qapp, text, background) -> None:
    palette = light_palette(qapp)
    assert contrast(palette.color(text), palette.color(background)) >= AA, (text, background)


@pytest.mark.parametrize("look", [LIGHT, DARK], ids=["light", "dark"])
def test_chart_text_meets_aa_on_the_chart_background(look: Look) -> None:
    for colour in (look.text, look.muted):
        assert contrast(colour, look.background) >= AA, colour


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("style", [widgets.QUIET, widgets.WARNING, widgets.ERROR_STYLE])
def test_status_and_error_lines_meet_aa_in_both_themes(qapp: QApplication, theme: str,
                                                       style: str) -> None:
    """A style sheet's palette(role) is read from the application's palette, as the theme
    sets it."""
    palette = dark_palette() if theme == "dark" else light_palette(qapp)
    before = qapp.palette()
    qapp.setPalette(palette)
    try:
        label = QLabel("status")
        label.setStyleSheet(style)
        label.ensurePolished()
        shown = label.palette().color(R.WindowText)
    finally:
        qapp.setPalette(before)
    assert shown != palette.color(R.WindowText)            # the style sheet's own colour
    assert contrast(shown, palette.color(R.Window)) >= AA


def test_the_progress_trend_colours_meet_aa_on_their_window(qapp: QApplication) -> None:
    from trainer.ui.progress.panels import TREND_INK
    light, dark = light_palette(qapp).color(R.Window), dark_palette().color(R.Window)
    for on_light, on_dark in TREND_INK.values():
        assert contrast(on_light, light) >= AA and contrast(on_dark, dark) >= AA


@pytest.mark.parametrize("sheet", [action_bar._GOLD, action_bar._PROCEED])
def test_the_action_bars_own_colours_meet_aa(sheet: str) -> None:
    """A button that sets its text colour sets its backgrounds too: each pair is checked."""
    for rule in re.findall(r"\{([^}]*)\}", sheet):
        text = re.search(r"(?<![-\w])color:\s*(#[0-9a-f]{6}|white)", rule)
        backgrounds = re.findall(r"#[0-9a-f]{6}", rule.split("background", 1)[-1]) \
            if "background" in rule else []
        colour = (text.group(1) if text else None) or _text_of(sheet)
        for background in backgrounds:
            assert contrast(colour, background) >= AA, (colour, background)


def _text_of(sheet: str) -> str:
    return re.search(r"(?<![-\w])color:\s*(#[0-9a-f]{6}|white)", sheet).group(1)


#: WCAG 2 AA for the parts of a control one must see to use it (1.4.11 non-text contrast).
UI = 3.0


def _grab_indicator(qapp: QApplication, widget, theme: str):
    """The widget drawn in ``theme`` (as the app applies it), and its indicator's rectangle."""
    from PyQt6.QtWidgets import QStyle, QStyleOptionButton

    from trainer.ui.theme import apply_theme
    apply_theme(qapp, theme)
    widget.setPalette(qapp.palette())
    widget.resize(widget.sizeHint())
    option = QStyleOptionButton()
    widget.initStyleOption(option)
    element = (QStyle.SubElement.SE_RadioButtonIndicator if "Radio" in type(widget).__name__
               else QStyle.SubElement.SE_CheckBoxIndicator)
    rect = widget.style().subElementRect(element, option, widget)
    return widget.grab().toImage(), rect


def _colours(image, rect) -> tuple[list[QColor], list[QColor]]:
    """The colours on the indicator's outline (its outer two pixels) and inside it."""
    ring, inside = [], []
    for y in range(rect.top(), rect.bottom() + 1):
        for x in range(rect.left(), rect.right() + 1):
            edge = min(x - rect.left(), rect.right() - x, y - rect.top(), rect.bottom() - y)
            (ring if edge <= 2 else inside).append(image.pixelColor(x, y))
    return ring, inside


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("kind", ["check box", "radio button"])
@pytest.mark.parametrize("checked", [False, True], ids=["off", "on"])
def test_check_boxes_and_radio_buttons_have_a_visible_border(
        qapp: QApplication, theme: str, kind: str, checked: bool) -> None:
    """Before: on the dark theme a check box was a near-black square with no border on dark
    grey (Fusion's frame is the window colour made darker). The drawn border stands out
    from the window at 3:1, and a checked indicator's mark from its fill."""
    from PyQt6.QtWidgets import QCheckBox, QRadioButton
    before = qapp.palette()
    widget = (QCheckBox if kind == "check box" else QRadioButton)("Timed")
    widget.setChecked(checked)
    try:
        image, rect = _grab_indicator(qapp, widget, theme)
        window = qapp.palette().color(R.Window)
    finally:
        from trainer.ui.theme import apply_theme
        apply_theme(qapp, "light")
        qapp.setPalette(before)
    ring, inside = _colours(image, rect)
    assert max(contrast(c, window) for c in ring) >= UI, (theme, kind, checked)
    if checked:                 # the mark on its fill: the two colours furthest apart
        colours = [QColor(name) for name in {c.name() for c in inside}]
        assert max(contrast(a, b) for a in colours for b in colours) >= UI, (theme, kind)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_indicator_colours_meet_the_ui_contrast(qapp: QApplication, theme: str) -> None:
    from trainer.ui.indicators import LOOKS
    palette = dark_palette() if theme == "dark" else light_palette(qapp)
    look, window = LOOKS[theme], palette.color(R.Window)
    for border in (look.border, look.hover, look.checked_border):
        assert contrast(border, window) >= UI and contrast(border, palette.color(R.Base)) >= UI
    assert contrast(look.mark, look.checked) >= UI


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_welcomes_table_cells_meet_aa(dark: bool) -> None:
    from strategy_charts.chart_layout import STYLE
    from trainer.ui.welcome import CELL_INK, FADED
    ink, fill = FADED[dark]
    assert contrast(ink, fill) >= AA
    for _, colour, _ in STYLE.values():
        assert contrast(CELL_INK, colour) >= AA, colour
