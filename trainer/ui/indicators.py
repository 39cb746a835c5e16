"""Check boxes and radio buttons drawn with a border one can see, in either theme.

Qt's Fusion style frames an indicator in the window colour made darker: on the dark theme's
grey that frame all but vanishes (issue 24: "near-black squares without a border on dark
grey"), and on the light theme it is under 3:1 against the window. :class:`IndicatorStyle`
wraps the application's style and draws only the indicators itself: a border, a fill and a
mark whose colours (:data:`LOOKS`) meet WCAG's 3:1 for user-interface components against the
window and the fill behind them (tests/ui/test_contrast.py measures the drawn pixels); every
other element is the wrapped style's.
"""

from __future__ import annotations

from dataclasses import dataclass

from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import QColor, QPainter, QPainterPath, QPalette, QPen
from PyQt6.QtWidgets import QProxyStyle, QStyle, QStyleOption, QWidget

PE = QStyle.PrimitiveElement
State = QStyle.StateFlag
#: The elements drawn here: a check box's, a radio button's, a checkable item's indicator.
DRAWN = (PE.PE_IndicatorCheckBox, PE.PE_IndicatorRadioButton, PE.PE_IndicatorItemViewItemCheck)


@dataclass(frozen=True)
class IndicatorLook:
    """One theme's indicator colours: the border when off (and under the mouse), the fill and
    border when on, the mark on that fill, and the border of a disabled indicator."""

    border: str
    hover: str
    checked: str
    checked_border: str
    mark: str
    disabled: str


LOOKS = {
    "light": IndicatorLook(border="#6b6b6b", hover="#1a5fb4", checked="#1a5fb4",
                           checked_border="#1a5fb4", mark="#ffffff", disabled="#a8a8a8"),
    "dark": IndicatorLook(border="#a6a6a6", hover="#8ab4f8", checked="#2f6bc4",
                          checked_border="#8ab4f8", mark="#ffffff", disabled="#5c5c5c"),
}


def look_of(palette: QPalette) -> IndicatorLook:
    """The indicator look for a widget's palette (dark when its window colour is dark)."""
    dark = palette.color(QPalette.ColorRole.Window).lightness() < 128
    return LOOKS["dark" if dark else "light"]


class IndicatorStyle(QProxyStyle):
    """The application's style, with check box and radio button indicators drawn here."""

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption | None,
                      painter: QPainter | None, widget: QWidget | None = None) -> None:
        if element in DRAWN and option is not None and painter is not None:
            draw_indicator(painter, option, round_=element is PE.PE_IndicatorRadioButton)
            return
        super().drawPrimitive(element, option, painter, widget)


def draw_indicator(painter: QPainter, option: QStyleOption, round_: bool) -> None:
    """Draw one indicator in ``option.rect``: its state from ``option.state``."""
    look = look_of(option.palette)
    state = option.state
    enabled = bool(state & State.State_Enabled)
    on = bool(state & (State.State_On | State.State_NoChange))
    box = QRectF(option.rect).adjusted(1, 1, -1, -1)
    side = min(box.width(), box.height())
    box = QRectF(box.center().x() - side / 2, box.center().y() - side / 2, side, side)
    if not enabled:
        border, fill = look.disabled, option.palette.color(QPalette.ColorRole.Window).name()
    elif on:
        border, fill = look.checked_border, look.checked
    else:
        hovered = bool(state & State.State_MouseOver)
        border = look.hover if hovered else look.border
        fill = option.palette.color(QPalette.ColorRole.Base).name()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor(border), 1.5))
    painter.setBrush(QColor(fill))
    inner = box.adjusted(0.75, 0.75, -0.75, -0.75)
    if round_:
        painter.drawEllipse(inner)
    else:
        painter.drawRoundedRect(inner, 2.5, 2.5)
    if on:
        mark = QColor(look.mark if enabled else look.disabled)
        _draw_mark(painter, inner, mark, round_, bool(state & State.State_NoChange))
    painter.restore()


def _draw_mark(painter: QPainter, box: QRectF, colour: QColor, round_: bool,
               partly: bool) -> None:
    """A dot (radio button), a dash (partly checked) or a tick (check box)."""
    if round_:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        radius = box.width() * 0.22
        painter.drawEllipse(box.center(), radius, radius)
        return
    pen = QPen(colour, max(1.6, box.width() * 0.14))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    x, y, w, h = box.x(), box.y(), box.width(), box.height()
    if partly:
        painter.drawLine(QPointF(x + 0.25 * w, y + 0.5 * h), QPointF(x + 0.75 * w, y + 0.5 * h))
        return
    tick = QPainterPath(QPointF(x + 0.22 * w, y + 0.52 * h))
    tick.lineTo(QPointF(x + 0.42 * w, y + 0.72 * h))
    tick.lineTo(QPointF(x + 0.78 * w, y + 0.3 * h))
    painter.drawPath(tick)


__all__ = ["LOOKS", "IndicatorLook", "IndicatorStyle", "draw_indicator", "look_of"]
