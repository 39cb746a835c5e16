"""The strategy chart viewer: contexts, redraws, cell details, export, the differences view."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from matplotlib.collections import PathCollection
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtGui import QImage

from strategy_charts import tables
from strategy_charts.chart_layout import position_of
from strategy_charts.tables import load_or_build
from trainer.rules import PRESETS
from trainer.settings import Settings
from trainer.ui.charts import export as chart_export
from trainer.ui.charts import files as chart_files
from trainer.ui.charts import page as charts_page
from trainer.ui.charts.page import ChartsPage
from trainer.ui.plotting.look import DARK
from trainer.ui.theme import dark_palette

from .conftest import assert_not_blank


@pytest.fixture
def page(qtbot, store: Settings) -> ChartsPage:
    widget = ChartsPage(store)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    with qtbot.waitExposed(widget):
        widget.show()
    return widget


def title_of(page: ChartsPage) -> str:
    return page.figure.get_suptitle()


def test_the_chart_is_drawn_and_not_blank(page: ChartsPage, tmp_path: Path) -> None:
    page.canvas.draw()
    image = page.grab()
    assert image.save(str(tmp_path / "charts.png"))
    assert_not_blank(image, at_least=50)
    assert "first decision, real stake" in title_of(page)


def test_switching_context_redraws_and_nothing_else_does(page: ChartsPage) -> None:
    drawn = page.draw_count
    page.set_context("split")
    assert page.draw_count == drawn + 1
    assert "hand one after a split" in title_of(page)
    page.set_context("split")
    page.refresh()
    page.resize(1000, 700)
    assert page.draw_count == drawn + 1
    page.set_context("free")
    assert page.draw_count == drawn + 2
    assert "free-stake hand" in title_of(page)


def test_the_dark_theme_redraws_the_chart_on_a_dark_background(page: ChartsPage,
                                                                tmp_path: Path) -> None:
    drawn = page.draw_count
    page.setPalette(dark_palette())
    assert page.draw_count == drawn + 1
    page.canvas.draw()
    assert page.figure.get_facecolor()[:3] == pytest.approx((0x2B / 255, 0x2B / 255, 0x2E / 255))
    assert page.figure._suptitle.get_color() == DARK.text
    page.export(tmp_path / "exported.png")       # an export stays a light, printable chart
    assert QImage(str(tmp_path / "exported.png")).pixelColor(3, 3).name() == "#ffffff"


def test_every_cell_has_its_label_once(page: ChartsPage) -> None:
    """The cell labels are drawn as outlines: one at the centre of each cell, in two weights."""
    chart = page.chart()
    centres = sorted(position_of(chart, page.context, (kind, value, up))
                     for kind in ("hard", "soft", "pair") for value, ups in chart[kind].items()
                     for up in ups)
    labels = [c for c in page.figure.axes[0].collections if isinstance(c, PathCollection)]
    assert len(labels) == 2                                     # plain and bold (free plays)
    placed = sorted(tuple(xy) for c in labels for xy in c.get_offsets())
    assert placed == [pytest.approx(xy) for xy in centres]


def test_contexts_come_from_the_table_in_a_sensible_order(page: ChartsPage) -> None:
    contexts = [page.context_box.itemData(i) for i in range(page.context_box.count())]
    assert contexts[:3] == ["real", "split", "free"]
    assert set(contexts) == set(load_or_build(PRESETS["evolution"])["charts"])


def test_changing_preset_keeps_the_nearest_context(page: ChartsPage) -> None:
    page.set_context("drawn-real-4")
    page.set_preset("pot-of-gold")
    assert page.context == "drawn-real"           # no Charlie: one drawn chart per stake
    assert "pot-of-gold" in title_of(page)
    page.set_preset("evolution")
    assert page.context == "drawn-real-3"


def test_clicking_a_cell_shows_the_ev_of_every_action(page: ChartsPage) -> None:
    cell = ("hard", "16", "10")
    x, y = position_of(page.chart(), page.context, cell)
    assert page.select_at(x, y) == cell
    data = page.chart()["hard"]["16"]["10"]
    text = page.panel.text()
    assert "Hard 16 v 10" in text
    for action, ev in data["ev"].items():
        assert action.replace("_", " ").title() in text.replace("<b>", "").replace("</b>", "")
        assert f"{ev:+.4f}" in text
    best, second = sorted(data["ev"].values(), reverse=True)[:2]
    assert f"by {(best - second) * 100:.2f}% of the bet" in text


def test_a_mouse_press_on_the_canvas_selects_the_cell_under_it(page: ChartsPage, qtbot) -> None:
    page.canvas.draw()
    cell = ("pair", "8", "7")
    x, y = position_of(page.chart(), page.context, cell)
    axes = page.figure.axes[0]
    px, py = axes.transData.transform((x, y))
    ratio = page.canvas.device_pixel_ratio
    at = QPoint(round(px / ratio), round(page.canvas.height() - py / ratio))
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, pos=at)
    assert page.selected == cell
    assert "8,8 v 7" in page.panel.text()


def test_a_pair_cell_says_which_split_hands_play_otherwise_when_counted(page: ChartsPage,
                                                                       qtbot) -> None:
    """evolution's 9,9 against a 3: once found off the UI thread, the panel names the split
    hands a player who counts the 9s split plays otherwise, and the split's gain; 9,9
    against an 8, where none does, says nothing of it."""
    page.set_preset("evolution")
    page.set_context("real")
    cell = ("pair", "9", "3")
    page.select_at(*position_of(page.chart(), "real", cell))
    qtbot.waitUntil(lambda: page.split_cells.known(page.rules, cell), timeout=30_000)
    text = page.panel.text()
    assert "Counting the 9s split" in text
    assert "9,4 (hard 13): hit, not stand, with 1 other 9 gone" in text
    assert "9,9 v 3" in text
    other = ("pair", "9", "8")
    page.select_at(*position_of(page.chart(), "real", other))
    qtbot.waitUntil(lambda: page.split_cells.known(page.rules, other), timeout=30_000)
    assert "9,9 v 8" in page.panel.text() and "Counting" not in page.panel.text()


def test_clicks_outside_the_grid_select_nothing(page: ChartsPage) -> None:
    assert page.select_at(-1, 3) is None
    assert page.select_at(3, 999) is None
    assert page.selected is None


@pytest.mark.parametrize(("suffix", "magic"), [(".png", b"\x89PNG"), (".svg", b"<?xml"),
                                               (".pdf", b"%PDF")])
def test_export_writes_the_chart(page: ChartsPage, tmp_path: Path, suffix: str,
                                 magic: bytes) -> None:
    path = page.export(tmp_path / f"chart{suffix}")
    data = path.read_bytes()
    assert data.startswith(magic) and len(data) > 5000
    assert [p.name for p in tmp_path.iterdir()] == [f"chart{suffix}"]   # no temporary left


def test_export_refuses_other_formats(page: ChartsPage, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"extensions \.png, \.svg, \.pdf"):
        page.export(tmp_path / "chart.txt")
    assert list(tmp_path.iterdir()) == []


def test_the_window_and_the_command_line_write_a_chart_alike(
        page: ChartsPage, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One writer: the same chart comes out at the same size from Export… and from
    ``freebet-charts chart`` (before: the window at 200 dpi, the command line at 100)."""
    from strategy_charts.__main__ import main
    from strategy_charts.chart_files import DPI
    page.set_preset("evolution")
    window = page.export(tmp_path / "window.png")
    assert main(["chart", "--preset", "evolution", "--context", page.context, "--out",
                 str(tmp_path / "command.png")]) == 0
    shown, written = QImage(str(window)), QImage(str(tmp_path / "command.png"))
    assert not shown.isNull() and shown.size() == written.size()
    assert round(shown.dotsPerMeterX() * 0.0254) == DPI


def test_export_dialog_adds_the_suffix_of_the_chosen_format_and_says_where_it_saved(
        page: ChartsPage, tmp_path: Path, monkeypatch) -> None:
    """Before: the chart was written without a word."""
    monkeypatch.setattr(chart_export.QFileDialog, "getSaveFileName",
                        lambda *args: (str(tmp_path / "mine"), "SVG image (*.svg)"))
    assert page.export_with_dialog() == tmp_path / "mine.svg"
    assert (tmp_path / "mine.svg").stat().st_size > 5000
    assert page.status.text() == f"Saved the chart as SVG image to {tmp_path / 'mine.svg'}."
    monkeypatch.setattr(chart_export.QFileDialog, "getSaveFileName", lambda *args: ("", ""))
    assert page.export_with_dialog() is None
    folder = tmp_path / "a folder.png"
    folder.mkdir()
    monkeypatch.setattr(chart_export.QFileDialog, "getSaveFileName",
                        lambda *args: (str(folder), "PNG image (*.png)"))
    assert page.export_with_dialog() is None
    assert page.status.text().startswith(f"Not saved: {folder} cannot be written")


def test_an_exported_chart_with_outlines_explains_them_in_its_legend(
        page: ChartsPage, tmp_path: Path) -> None:
    """Before: the exported PNG had the outlines and no word on what they mean."""
    from strategy_charts.render import OUTLINE_LABEL, draw_chart
    chart = page.chart()
    cells = {("hard", "16", "10")}
    outlined = draw_chart(chart, page.rules, page.context, differences=cells)
    plain = draw_chart(chart, page.rules, page.context)
    texts = [t.get_text() for t in outlined.axes[0].get_legend().get_texts()]
    assert OUTLINE_LABEL in texts
    assert OUTLINE_LABEL not in [t.get_text() for t in plain.axes[0].get_legend().get_texts()]


def test_choices_persist(qtbot, page: ChartsPage, store: Settings) -> None:
    page.set_preset("pot-of-gold")
    page.set_context("free")
    again = ChartsPage(store)
    qtbot.addWidget(again)
    assert (again.rules.name, again.context) == ("pot-of-gold", "free")


@pytest.mark.slow
@pytest.mark.timeout(600)    # the build may take two waits of 240 s
def test_differences_view_builds_the_standard_table_off_the_ui_thread(
        qtbot, store: Settings, tmp_path: Path, monkeypatch) -> None:
    """Ticking "differences" starts the standard table's build (cache: tmp_path) in the
    background: the page stays usable, shows it is busy, then outlines the differing cells.

    The presets' standard tables ship in data/ (loaded, not built); here evolution's is taken
    as not shipped, as for a custom rules file, so the build path is what runs."""
    monkeypatch.setenv("FREEBET_TABLE_CACHE", str(tmp_path))
    monkeypatch.setattr(chart_files, "_STANDARD", {})
    monkeypatch.setattr(tables, "shipped_rules", lambda presets=None: list(PRESETS.values()))
    page = ChartsPage(store)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    with qtbot.waitExposed(page):
        page.show()

    go = threading.Event()
    built_on: list[threading.Thread] = []

    def held_build(rules, report):
        built_on.append(threading.current_thread())
        assert go.wait(60)
        return tables.load_standard(rules, report)

    monkeypatch.setattr(charts_page, "load_standard", held_build)
    page.diff_box.setChecked(True)                  # returns while the build waits
    assert page.is_building() and page.busy.isVisible()
    assert "Building the standard table" in page.status.text()
    drawn = page.draw_count
    page.set_context("split")                       # the window answers meanwhile
    assert page.draw_count == drawn + 1
    page.set_context("real")
    go.set()

    qtbot.waitUntil(lambda: page.busy.maximum() == 11 and page.busy.value() >= 1,
                    timeout=240_000)                # the build reports its steps
    assert "step" in page.status.text()
    qtbot.waitUntil(lambda: not page.is_building(), timeout=240_000)
    assert not page.busy.isVisible()
    outlined = page.outlined()
    assert ("hard", "9", "2") in outlined           # free double 9 v 2; standard hits
    assert ("hard", "11", "6") not in outlined      # free double v double: the same family
    assert f"{len(outlined)} outlined cells" in page.status.text()
    assert list((tmp_path / "tables").glob("*.json.gz"))
    assert built_on and built_on[0] is not threading.main_thread()

    x, y = position_of(page.chart(), page.context, ("hard", "9", "2"))
    page.select_at(x, y)
    assert "Standard blackjack: Hit" in page.panel.text()

    drawn = page.draw_count
    second = ChartsPage(store)                      # the session keeps the built table
    qtbot.addWidget(second)
    assert not second.is_building() and second.outlined() == outlined
    assert page.draw_count == drawn


def test_arrow_keys_move_between_cells_and_enter_shows_the_cells_evs(page: ChartsPage,
                                                                     qtbot) -> None:
    page.resize(1000, 500)                                     # the chart scrolls
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Return)             # nothing framed: the first cell
    assert page.selected == ("hard", "5", "2")
    assert "Hit" in page.panel.text()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Right)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Down)
    assert page.selected == ("hard", "6", "3")
    qtbot.keyClick(page.canvas, Qt.Key.Key_Left)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Left)               # the first column stops it
    assert page.selected == ("hard", "6", "2")
    for _ in range(60):
        qtbot.keyClick(page.canvas, Qt.Key.Key_Down)           # down to the last row, in view
    last = page.selected
    assert last is not None and last[0] == "pair" and last[2] == "2"
    assert page.chart_area.verticalScrollBar().value() > 0
    qtbot.keyClick(page.canvas, Qt.Key.Key_Return)
    assert page.selected == last and "v 2" in page.panel.text()


def test_at_1024_by_640_labels_fit_their_cells_and_title_and_legend_stay_in_view(
        qtbot, store: Settings) -> None:
    from trainer.ui.main_window import MainWindow
    window = MainWindow(store)
    qtbot.addWidget(window)
    window.resize(1024, 640)
    window.show()
    page = window.show_page("charts")
    assert isinstance(page, ChartsPage)
    qtbot.waitUntil(page.isVisible)
    qtbot.wait(50)                                             # laid out
    page.canvas.draw()
    assert window.width() == 1024
    assert page.canvas.label_room() >= 1.0                     # points on each side
    assert "8 decks" in page.title.text() and page.title.height() > page.title.fontMetrics(
        ).height() * 1.5                                       # the rules line wrapped, whole
    assert not page.figure.texts or all(not t.get_visible() for t in page.figure.texts)
    assert page.figure.axes[0].get_legend() is None
    assert "Free double" in page.legend.text() and "Blue frame" in page.legend.text()
    legend_bottom = page.legend.mapTo(window, page.legend.rect().bottomLeft()).y()
    assert page.legend.isVisible() and legend_bottom <= window.height()
    for control in (page.diff_box, page.export_button):           # the top bar's words whole
        assert control.width() >= control.sizeHint().width(), control.text()


def test_a_canvas_too_small_for_its_labels_lays_out_without_a_warning(page: ChartsPage,
                                                                     qtbot) -> None:
    """Before: matplotlib's "Tight layout not applied" in the log when the window was short."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for width, height in ((12, 12), (40, 300), (300, 20), (200, 200)):
            page.canvas.figure.set_size_inches(width / 110, height / 110)
            page.canvas._fit()
