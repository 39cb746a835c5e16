"""Every text is legible: in every state packaging/take_screenshots.py takes, light and dark,
each visible label's text colours meet 4.5:1 against what they are drawn on (3:1 for large
text; :mod:`.legibility`), and still do after the theme is switched at run time (the Settings
page and View ▸ Theme apply it to widgets already built: before, a grade word coloured for the
light window stayed that colour on the dark one)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PyQt6.QtWidgets import QApplication

from trainer.ui.theme import apply_theme

from .legibility import faint
from .test_clipping import screenshot_window, settle

OTHER = {"light": "dark", "dark": "light"}


@pytest.mark.slow
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_is_legible_in_every_screenshot_state(qtbot, tmp_path: Path, warnings,
                                                         theme: str) -> None:
    """Each state in ``theme``, then switched to the other theme, then switched back."""
    shots, window, app = screenshot_window(qtbot, tmp_path, (1280, 800), theme)
    found: dict[str, list[str]] = {}
    try:
        for state in shots.walk(window, lambda done, what: qtbot.waitUntil(done, timeout=60000),
                                settle):
            for shown, label in ((theme, state), (OTHER[theme], f"{state} ({theme} → "
                                                  f"{OTHER[theme]})"),
                                 (theme, f"{state} ({theme} → {OTHER[theme]} → {theme})")):
                if shown != app_theme(app):
                    apply_theme(app, shown)
                    settle(window)
                if faint(window):
                    found[label] = faint(window)
    finally:
        shots.close_window(window)
        apply_theme(app, "light")
    assert found == {}, "\n".join(f"{state}: {line}" for state, lines in found.items()
                                  for line in lines)


def app_theme(app: QApplication) -> str:
    """The theme the application shows now."""
    from trainer.ui.theme import is_dark
    return "dark" if is_dark(app.palette()) else "light"
