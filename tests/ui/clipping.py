"""Which visible buttons and labels of a window show text cut by their own box: font metrics
against geometry, never a picture.

A push button's text must fit the contents rectangle its style gives it (padding and border
taken off, its icon beside the text); a tool button or check box must be at least as wide as
its size hint (the text's width and the style's margins); a label's text must fit its contents
rectangle (its margin and indent taken off), a word-wrapped or rich label by the height its
text takes at its width (QLabel.heightForWidth).
"""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QFontMetrics, QTextDocument
from PyQt6.QtWidgets import (
    QAbstractButton,
    QLabel,
    QPushButton,
    QStyle,
    QStyleOptionButton,
    QWidget,
)

#: Pixels of rounding a text may pass its box by.
SLACK = 1


def _shown_text(text: str) -> str:
    """A button's text as drawn: a mnemonic's & gone, && shown as one."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _lines_width(metrics: QFontMetrics, text: str) -> int:
    return max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0)


def _button(button: QAbstractButton) -> str | None:
    text = _shown_text(button.text())
    if not text:
        return None
    metrics = button.fontMetrics()
    if isinstance(button, QPushButton):
        option = QStyleOptionButton()        # as initStyleOption fills it (protected: Qt's
        option.initFrom(button)                # own dialogs' buttons refuse it from Python)
        option.text, option.icon, option.iconSize = button.text(), button.icon(), button.iconSize()
        if button.isFlat():
            option.features |= QStyleOptionButton.ButtonFeature.Flat
        style = button.style()
        assert style is not None
        room = style.subElementRect(QStyle.SubElement.SE_PushButtonContents, option, button)
        need = _lines_width(metrics, text)
        if not button.icon().isNull():
            need += button.iconSize().width() + 4
        if need > room.width() + SLACK:
            return f"needs {need} px, has {room.width()}"
        return None
    hint = button.sizeHint().width()
    if hint > button.width() + SLACK:
        return f"needs {hint} px, has {button.width()}"
    return None


def _label(label: QLabel) -> str | None:
    text = label.text()
    if not text or not label.pixmap().isNull():
        return None
    if label.wordWrap():
        need = label.heightForWidth(label.width())
        if need > label.height() + SLACK:
            return f"wrapped, needs {need} px high, has {label.height()}"
        return None
    room = label.contentsRect()
    width = room.width() - 2 * label.margin() - max(0, label.indent())
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and Qt.mightBeRichText(text))
    if rich:
        document = QTextDocument()
        document.setDefaultFont(label.font())
        document.setDocumentMargin(0)
        document.setHtml(text)
        need_w, need_h = round(document.idealWidth()), round(document.size().height())
    else:
        metrics = label.fontMetrics()
        need_w = _lines_width(metrics, text)
        need_h = metrics.height() * (text.count("\n") + 1)
    if need_w > width + SLACK:
        return f"needs {need_w} px, has {width}"
    if need_h > room.height() + SLACK:
        return f"needs {need_h} px high, has {room.height()}"
    return None


def clipped(window: QWidget) -> list[str]:
    """Every visible button and label of ``window`` whose text its box cuts, described."""
    found = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
            continue
        if isinstance(widget, QAbstractButton):
            problem, text = _button(widget), widget.text()
        elif isinstance(widget, QLabel):
            problem, text = _label(widget), widget.text()
        else:
            continue
        if problem is not None:
            name = widget.objectName() or type(widget).__name__
            found.append(f"{name} {text[:60]!r}: {problem}")
    return found


__all__ = ["clipped"]
