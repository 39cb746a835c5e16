"""Text colours that differ by theme: each colour a page writes on the light window and its twin
for the dark window, and text written for one theme re-inked for the other.

A page colours a word when it writes it (:func:`ink`: 'Blunder' red, a round's net, a count's
verdict). A theme switched at run time re-inks what is already written (:func:`reink`, called
by :func:`trainer.ui.theme.apply_theme` on every label, style sheet and tree), so a word
written for the light window never stays on the dark one (before: 'Blunder' #a50e0e on
#2b2b2e, 1.8:1). Each colour is at least 4.5:1 against its window (tests/ui/test_contrast.py).
"""

from __future__ import annotations

import re

#: Text colours on the light window (#efefef), and what replaces each on the dark (#2b2b2e).
ON_DARK = {"#137333": "#5bb974", "#995200": "#f6ae2d", "#a50e0e": "#ff6b5e",
           "#c5221f": "#f28b82", "#5f6368": "#bdc1c6", "#666666": "#a8a8a8",
           "#595959": "#b4b4b4"}
#: Cell fills of rich-text tables (``bgcolor``) on the light window, and their dark twins.
FILL_ON_DARK = {"#e6e6e6": "#3a3a3e"}

_ON_LIGHT = {dark: light for light, dark in (*ON_DARK.items(), *FILL_ON_DARK.items())}
#: A text colour in a style sheet or rich text ('color: #137333', "<font color='#137333'>"),
#: and a cell's fill ('bgcolor="#e6e6e6"'); never a background's own colour.
_COLOUR = re.compile(r"((?<![-\w])color\s*[:=]\s*['\"]?|\bbgcolor\s*=\s*['\"]?)"
                     r"(#[0-9a-fA-F]{6})\b")


def ink(colour: str, dark: bool) -> str:
    """``colour`` (either twin) as text on the page: the light window's on a light theme, its
    twin on a dark; a colour without a twin is itself."""
    light = _ON_LIGHT.get(colour.lower(), colour)
    return ON_DARK.get(light.lower(), light) if dark else light


def fill(colour: str, dark: bool) -> str:
    """A table cell's fill (either twin) for the theme: as :func:`ink`, for fills."""
    light = _ON_LIGHT.get(colour.lower(), colour)
    return FILL_ON_DARK.get(light.lower(), light) if dark else light


def reink(text: str, dark: bool) -> str:
    """``text`` (a style sheet or rich text) with each text colour and cell fill that has a
    twin written in the theme's: ``reink(text, True)`` of a light page's text is the dark
    page's."""
    def swap(found: re.Match[str]) -> str:
        lead, colour = found.group(1), found.group(2)
        twin = fill(colour, dark) if "bgcolor" in lead.lower() else ink(colour, dark)
        return lead + twin
    return _COLOUR.sub(swap, text)


__all__ = ["FILL_ON_DARK", "ON_DARK", "fill", "ink", "reink"]
