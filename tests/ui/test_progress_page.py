"""The progress page: each chart from a seeded history, the heatmap's worst cell, the leak drill,
the start screen, a bad progress file, redraws only on change."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import numpy as np
import pytest
from matplotlib.figure import Figure
from PyQt6.QtCore import Qt
from PyQt6.QtGui import QImage

from tests.progress.factories import decision
from tests.progress.history import ALWAYS_MISSED, seed
from trainer import settings as cfg
from trainer.progress import review
from trainer.progress.dashboard import ProgressQuery, due_load, grid_rows, leak_list
from trainer.progress.heat_grid import heatmap_grid
from trainer.progress.store import ProgressStore
from trainer.progress.study_store import due_times
from trainer.settings import Settings
from trainer.teaching.curriculum import Prior
from trainer.teaching.records import Mode, Verdict
from trainer.ui.plotting.look import DARK, LIGHT
from trainer.ui.progress import charts
from trainer.ui.progress.page import ProgressPage, progress_page
from trainer.ui.theme import dark_palette

from .conftest import assert_not_blank


@pytest.fixture
def settings_for(store: Settings):
    def point(folder: Path) -> Settings:
        store.set(cfg.DATA_DIR, str(folder))
        return store
    return point


def open_page(qtbot, store: Settings) -> ProgressPage:
    page = progress_page(store)
    assert isinstance(page, ProgressPage)
    qtbot.addWidget(page)
    page.resize(1090, 800)
    with qtbot.waitSignal(page.loaded, timeout=60_000):
        page.show()
    if page.data is not None and page.data.history:     # then what the play costs, the cards
        qtbot.waitUntil(lambda: page.trends is not None and page.cards is not None,
                        timeout=60_000)
    return page


def saved_png(figure: Figure, path: Path) -> QImage:
    figure.savefig(path, dpi=80)
    image = QImage(str(path))
    assert not image.isNull()
    return image


# ----- the drawing functions, without a page ---------------------------------------------

def test_each_chart_draws_from_the_seeded_history(seeded: Path, tmp_path: Path) -> None:
    with ProgressStore.open(seeded / "progress.sqlite3") as store:
        days = review.by_day(store)
        sessions = review.by_session(store)
        situations = review.by_situation(store)
        retention = review.retention(store)
        response = review.response_times(store)
        due = due_times(store, ["evolution"], Prior.CLASSIC, datetime.now(UTC))
    _, rows = grid_rows("evolution")
    figures = {
        "per-day": charts.draw_over_time(days, "day"),
        "per-session": charts.draw_over_time(sessions, "session"),
        "heatmap": charts.draw_heatmap(heatmap_grid(situations, rows)),
        "retention": charts.draw_retention(retention),
        "response": charts.draw_response_times(response),
        "due": charts.draw_due_load(due_load(due, date.today()), len(due)),
    }
    for name, figure in figures.items():
        assert figure is not None, name
        assert_not_blank(saved_png(figure, tmp_path / f"{name}.png"), at_least=20)


def test_nothing_to_draw_gives_none_not_empty_axes() -> None:
    empty = review.Retention(*(review.Tally(0, 0),) * 4)
    assert charts.draw_over_time([], "day") is None
    assert charts.draw_retention(empty) is None
    assert charts.draw_response_times([]) is None
    assert charts.draw_due_load([], 0) is None
    _, rows = grid_rows("evolution")
    assert charts.draw_heatmap(heatmap_grid([], rows)) is None


def test_the_always_missed_situation_has_the_highest_error_on_the_heatmap(
        seeded: Path) -> None:
    with ProgressStore.open(seeded / "progress.sqlite3") as store:
        situations = review.by_situation(store)
    _, rows = grid_rows("evolution")
    grid = heatmap_grid(situations, rows)
    row, col = grid.cell("hard", "14", 10)
    errors = grid.error_rate
    assert errors[row, col] == 1.0
    assert errors[row, col] == np.nanmax(errors)
    often = grid.tries >= 5          # a cell tried once (its chart row's first answer) may
    assert np.count_nonzero((errors == np.nanmax(errors)) & often) == 1   # be missed once
    assert grid.cost_per_100[row, col] == np.nanmax(grid.cost_per_100)
    assert np.isnan(errors[grid.cell("hard", "5", 2)])          # never tried: grey, not 0
    figure = charts.draw_heatmap(grid)
    assert figure is not None
    shown = figure.axes[0].images[0].get_array()               # the data behind the picture
    assert shown[row, col] == shown.max() == 100.0


def test_a_redraw_keeps_the_axes_and_replaces_only_the_data(seeded: Path) -> None:
    with ProgressStore.open(seeded / "progress.sqlite3") as store:
        days = review.by_day(store)
        situations = review.by_situation(store)
    figure = charts.draw_over_time(days, "day")
    assert figure is not None
    axes = list(figure.axes)
    artists = [len(ax.lines) + len(ax.patches) + len(ax.collections) for ax in axes]
    assert charts.draw_over_time(days[:5], "day", figure) is figure
    assert figure.axes == axes                                 # the frame was kept
    assert axes[0].lines[0].get_xydata().shape == (5, 2)       # with only the new data
    assert charts.draw_over_time(days, "day", figure) is figure
    assert [len(ax.lines) + len(ax.patches) + len(ax.collections) for ax in axes] == artists
    assert charts.draw_over_time(days, "session", figure) is figure
    assert figure.axes != axes                                 # another kind: a new frame
    _, rows = grid_rows("evolution")
    grid = heatmap_grid(situations, rows)
    heat = charts.draw_heatmap(grid)
    assert heat is not None
    labels = [c for c in heat.axes[0].collections if c.get_gid() == "frame"]
    assert charts.draw_heatmap(grid, heat) is heat
    assert [c for c in heat.axes[0].collections if c.get_gid() == "frame"] == labels
    assert len(heat.axes[0].images) == 2
    assert len(labels[1].get_paths()) == len(rows)             # one outline per row label


@pytest.mark.parametrize("count", [1, 2, 3, 5])
def test_a_few_days_of_practice_get_a_day_axis(count: int, tmp_path: Path) -> None:
    """One to five days: whole-day ticks (no hours, no years) and no locator warning (which
    the test configuration turns into an error)."""
    days = [review.DayStats(f"2026-10-0{1 + i}", 10, 7, 0.7, 0.3) for i in range(count)]
    response = [review.ResponseDay(d.day, 10, 2000.0, 1900.0) for d in days]
    for figure in (charts.draw_over_time(days, "day"), charts.draw_response_times(response)):
        assert figure is not None
        saved_png(figure, tmp_path / "few.png")
        ticks = [t.get_text() for t in figure.axes[-1].get_xticklabels()]
        assert ticks and not any(":" in t or (t.isdigit() and len(t) == 4) for t in ticks), ticks


def test_the_dark_look_draws_light_on_dark(seeded: Path, tmp_path: Path) -> None:
    with ProgressStore.open(seeded / "progress.sqlite3") as store:
        retention = review.retention(store)
    figure = charts.draw_retention(retention, look=DARK)
    assert figure is not None
    assert saved_png(figure, tmp_path / "dark.png").pixelColor(2, 2).name() == DARK.background
    assert figure.axes[0].texts[0].get_color() == DARK.text
    assert charts.draw_retention(retention, figure, LIGHT) is figure
    assert saved_png(figure, tmp_path / "light.png").pixelColor(2, 2).name() == LIGHT.background


# ----- the page ---------------------------------------------------------------------------

def test_the_page_shows_every_chart_and_the_leaks(qtbot, seeded: Path, settings_for,
                                                   tmp_path: Path) -> None:
    page = open_page(qtbot, settings_for(seeded))
    assert page.stack.currentWidget() is page.dashboard
    assert page.error is None
    # the cost line and the cards come in later reads: "working out…" first, then the chart
    assert page.draw_counts == {**dict.fromkeys(page.draw_counts, 1), "over_time": 2, "due": 2}
    assert page.headline.text().startswith("Your play costs ")
    assert page.headline.text().endswith(
        " main bets per 100 rounds (classic basic strategy: 2.69; perfect play: 0)")
    assert page.trend.text()
    assert page.scope.text() == "Showing evolution (the rules you practise)."
    assert "per 100 decisions" not in page.summary.text()
    assert page.drill_button.text() == "Drill these 10"
    for name, canvas in page.canvases.items():
        canvas.draw()
        image = canvas.grab()
        assert image.save(str(tmp_path / f"page-{name}.png"))
        assert_not_blank(image, at_least=15)
    assert "800 decisions" in page.summary.text()
    assert page.summary.text().split("\n")[1].startswith("The trainer ")   # its memory check
    assert page.leak_list.count() == 10
    assert page.leak_keys()[0] == ALWAYS_MISSED


def test_the_dark_theme_redraws_the_charts_dark(qtbot, seeded: Path, settings_for) -> None:
    page = open_page(qtbot, settings_for(seeded))
    assert page.look == LIGHT
    before = dict(page.draw_counts)
    page.setPalette(dark_palette())
    assert page.look == DARK
    assert all(page.draw_counts[name] == before[name] + 1 for name in before)
    for name, figure in page.figures.items():
        assert figure.get_facecolor()[:3] == pytest.approx((0x2B / 255, 0x2B / 255, 0x2E / 255)
                                                           ), name


def test_drill_these_emits_exactly_the_listed_leaks(qtbot, seeded: Path,
                                                    settings_for) -> None:
    page = open_page(qtbot, settings_for(seeded))
    with ProgressStore.open(seeded / "progress.sqlite3") as store:
        expected = [leak.situation for leak in leak_list(
            review.recent_leaks(store, ProgressQuery("evolution").filter()))]
    role = Qt.ItemDataRole.UserRole
    listed = [page.leak_list.item(i).data(role) for i in range(page.leak_list.count())]
    assert listed == expected
    with qtbot.waitSignal(page.drill_requested, timeout=2000) as signal:
        page.drill_button.click()
    assert signal.args == [expected]


def test_filters_reload_off_the_ui_thread_and_redraw_only_what_changed(
        qtbot, seeded: Path, settings_for) -> None:
    page = open_page(qtbot, settings_for(seeded))
    before = dict(page.draw_counts)
    with qtbot.waitSignal(page.loaded, timeout=60_000):
        page.reload()                         # same filters, same data: nothing redrawn
    assert page.draw_counts == before
    with qtbot.waitSignal(page.loaded, timeout=60_000):
        page.mode_box.setCurrentIndex(page.mode_box.findText("Shoe"))
    assert page.data is not None and page.data.query.mode is not None
    assert page.draw_counts["over_time"] == before["over_time"] + 1
    assert page.draw_counts["due"] == before["due"]          # cards do not depend on mode
    page.per_box.setCurrentIndex(1)                           # per session: no query
    assert page.draw_counts["over_time"] == before["over_time"] + 2


def test_custom_rules_history_has_its_own_preset_filter(qtbot, settings_for,
                                                        tmp_path: Path) -> None:
    seed(tmp_path / "progress.sqlite3", days=3, per_day=10)
    custom = "custom-0123456789abcdef"
    key = f"{custom}|first|real|hard16|2|v10"
    with ProgressStore.open(tmp_path / "progress.sqlite3") as store:
        session = store.start_session(custom, Mode.FLASHCARDS, {})
        for _ in range(7):
            store.record_decision(session, decision(preset=custom, situation_key=key,
                                                    verdict=Verdict.WRONG, ev_loss=0.1))
    page = open_page(qtbot, settings_for(tmp_path))
    page.preset_box.setCurrentIndex(0)                       # all presets
    qtbot.waitUntil(lambda: not page.is_loading() and page.data is not None
                    and page.data.query.preset is None, timeout=60_000)
    assert page.data.decisions == 37
    qtbot.waitUntil(lambda: page.cards is not None, timeout=60_000)
    assert page.cards[1] > 0
    index = page.preset_box.findData(custom)
    assert index >= 0 and page.preset_box.itemText(index) == "custom rules 01234567"
    with qtbot.waitSignal(page.loaded, timeout=60_000):
        page.preset_box.setCurrentIndex(index)
    assert page.data is not None and page.data.decisions == 7
    qtbot.waitUntil(lambda: page.cards is not None, timeout=60_000)
    assert page.cards[1] == 0             # a custom rule set's cards: its rules are not known
    assert page.leak_keys() == [key]
    assert page.draw_counts["heatmap"] >= 1
    row, col = heatmap_grid(page.data.situations, page.data.rows).cell("hard", "16", 10)
    assert heatmap_grid(page.data.situations, page.data.rows).tries[row, col] == 7


def test_an_empty_history_shows_the_start_screen(qtbot, settings_for,
                                                 tmp_path: Path) -> None:
    page = open_page(qtbot, settings_for(tmp_path))
    assert page.stack.currentWidget() is page.start_screen
    assert not page.filters.isVisible()
    assert all(count == 0 for count in page.draw_counts.values())
    assert str(tmp_path) in page.start_where.text()


def test_a_damaged_progress_file_is_named_with_what_to_do(qtbot, settings_for,
                                                          tmp_path: Path) -> None:
    (tmp_path / "progress.sqlite3").write_bytes(b"this is not a database" * 200)
    page = open_page(qtbot, settings_for(tmp_path))
    assert page.stack.currentWidget() is page.error_screen
    text = page.error_label.text()
    assert str(tmp_path / "progress.sqlite3") in text
    assert "Move it somewhere safe" in text


def test_drill_these_starts_a_flashcard_drill_on_exactly_those_situations(
        qtbot, seeded: Path, settings_for) -> None:
    """In the window: 'Drill these' opens Flashcards and deals only the listed leaks."""
    from trainer.ui.main_window import MainWindow
    from trainer.ui.practice.flashcards_page import FlashcardsPage

    window = MainWindow(settings_for(seeded))
    qtbot.addWidget(window)
    window.show()
    progress = window.show_page("progress")
    assert isinstance(progress, ProgressPage)
    qtbot.waitUntil(lambda: progress.leak_list.count() == 10, timeout=60_000)
    wanted = set(progress.leak_keys())
    progress.drill_button.click()
    flashcards = window.pages["flashcards"].page
    assert isinstance(flashcards, FlashcardsPage)
    assert window.current_page() == "flashcards"
    qtbot.waitUntil(lambda: flashcards.session is not None, timeout=60_000)
    assert set(flashcards.session.keys) <= wanted and flashcards.session.keys
    for _ in range(5):
        card = flashcards.session.next()
        assert card.situation.key in wanted
        flashcards.session.answer(card.actions[0])
    assert flashcards.mode_box.currentText() == f"Your leaks ({len(wanted)})"
    flashcards.session = None
    flashcards.timed_box.setChecked(True)                 # timed keeps the restriction
    qtbot.waitUntil(lambda: flashcards.session is not None, timeout=60_000)
    assert flashcards.timed is not None
    assert set(flashcards.session.keys) <= wanted and flashcards.session.keys
    flashcards.shutdown()


def test_the_page_opens_on_all_presets_when_the_practised_rules_have_no_answers_and_says_so(
        qtbot, seeded: Path, settings_for) -> None:
    store = settings_for(seeded)
    store.set(cfg.PRESET, "pot-of-gold")
    page = open_page(qtbot, store)
    assert page.data is not None and page.data.query.preset is None
    assert page.data.decisions == 800
    assert page.scope.text() == ("Showing all presets: you have no answers yet under "
                                 "pot-of-gold, the rules you practise.")
    assert page.leak_list.item(0).text().split("\n")[0].endswith("[evolution]")
    assert store.get(cfg.PRESET) == "pot-of-gold"        # Settings untouched
    with qtbot.waitSignal(page.loaded, timeout=60_000):
        page.preset_box.setCurrentIndex(page.preset_box.findData("evolution"))
        page.preset_box.activated.emit(page.preset_box.currentIndex())
    assert page.scope.text() == ("Showing evolution (chosen here; you practise "
                                 "pot-of-gold).")
    assert store.get(cfg.PRESET) == "pot-of-gold"


def test_a_lazy_canvas_renders_only_when_painted_on_screen(qtbot) -> None:
    from trainer.ui.plotting.canvas import LazyCanvas
    canvas = LazyCanvas(Figure())
    qtbot.addWidget(canvas)
    renders: list[object] = []
    canvas.mpl_connect("draw_event", renders.append)
    canvas.figure.add_subplot().plot([1, 2, 3])
    canvas.draw_idle()
    canvas.draw_when_shown()
    qtbot.wait(20)
    assert renders == [] and canvas.stale_figure           # not on screen: nothing rendered
    with qtbot.waitExposed(canvas):
        canvas.show()
    qtbot.waitUntil(lambda: len(renders) == 1)
    assert not canvas.stale_figure
    canvas.repaint()
    assert len(renders) == 1                               # unchanged: painted, not rendered


def test_counting_answers_get_their_own_lines_and_review_counting_opens_the_review(
        qtbot, tmp_path: Path, settings_for) -> None:
    """Counting answers stay out of the play charts but are not lost from view: a line per
    count, and "Review counting" opens the Counting page's review."""
    from trainer.progress.location import database_path
    from trainer.ui.main_window import MainWindow

    folder = tmp_path / "data"
    with ProgressStore.open(database_path(str(folder))) as saved:
        plays = saved.start_session("evolution", Mode.FLASHCARDS, {})
        saved.record_decision(plays, decision(time="2026-03-01T08:00:00Z"))
        counts = saved.start_session("evolution", Mode.COUNT, {})
        for right in (True, False, True):
            saved.record_decision(counts, decision(
                situation_key="evolution|count|hilo|c1", mode=Mode.COUNT, action="+1",
                best_action="+1" if right else "+2", evs={}, weight=0.0, ev_loss=0.0,
                verdict=Verdict.CORRECT if right else Verdict.WRONG,
                time="2026-03-01T09:00:00Z"))
    window = MainWindow(settings_for(folder))
    qtbot.addWidget(window)
    window.show()
    page = window.show_page("progress")
    assert isinstance(page, ProgressPage)
    qtbot.waitUntil(lambda: page.data is not None, timeout=60_000)
    assert page.data.decisions == 1                      # the play alone in the play reviews
    assert page.counting.isVisible()
    assert page.counting.lines.text().startswith("Hi-Lo, evolution: counts 2 of 3 right")
    page.counting.review_button.click()
    assert window.current_page() == "counting"
    counting = window.pages["counting"].page
    assert counting.tabs.currentWidget() is counting.review
    counting.shutdown()


def test_a_read_that_fails_is_said_never_shown_as_data(qtbot, settings_for, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: a failed cost read said the costs "need their rules: choose their file in
    Settings", and a failed read of the cards due showed "0 flashcards due"."""
    from trainer.progress.errors import DatabaseLockedError
    from trainer.ui.progress import page as page_module

    db = tmp_path / "data" / "progress.sqlite3"
    db.parent.mkdir()
    seed(db, days=3, per_day=10)
    real_trends, real_cards = page_module.load_trends, page_module.load_cards

    def locked(*args: object, **kwargs: object) -> object:
        raise DatabaseLockedError(db)
    monkeypatch.setattr(page_module, "load_trends", locked)
    monkeypatch.setattr(page_module, "load_cards", locked)
    page = progress_page(settings_for(tmp_path / "data"))
    assert isinstance(page, ProgressPage)
    qtbot.addWidget(page)
    page.resize(1090, 800)
    with qtbot.waitSignal(page.loaded, timeout=60_000):
        page.show()
    qtbot.waitUntil(lambda: page.costs_error is not None and page.cards_error is not None,
                    timeout=60_000)
    assert page.headline.text() == ("What your play costs could not be read: the progress "
                                    "file is locked by another program.")
    assert "needs their rules" not in page.headline.text()
    assert "flashcards due could not be read" in page.summary.text()
    assert "0 flashcards due" not in page.summary.text()
    assert page.fault.isVisible() and "is locked by another program" in page.fault_label.text()
    monkeypatch.setattr(page_module, "load_trends", real_trends)
    monkeypatch.setattr(page_module, "load_cards", real_cards)
    page.read_again()                                   # the lock is gone: Try again
    qtbot.waitUntil(lambda: bool(page.trends) and page.cards is not None, timeout=60_000)
    assert page.costs_error is None and page.cards_error is None and page.fault.isHidden()
    assert "could not be read" not in page.headline.text() + page.summary.text()


def test_the_flashcards_due_are_read_beside_the_data_and_said_to_be_coming(
        qtbot, settings_for, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: the cards due were read only once what the play costs was worked out (seconds
    on a long history), and the summary said nothing of them meanwhile."""
    import threading

    from trainer.ui.progress import page as page_module

    db = tmp_path / "data" / "progress.sqlite3"
    db.parent.mkdir()
    seed(db, days=3, per_day=10)
    real_trends, real_cards = page_module.load_trends, page_module.load_cards
    costs_go, cards_go = threading.Event(), threading.Event()

    def held_trends(*args: object, **kwargs: object) -> object:
        costs_go.wait(120)
        return real_trends(*args, **kwargs)

    def held_cards(*args: object, **kwargs: object) -> object:
        cards_go.wait(120)
        return real_cards(*args, **kwargs)
    monkeypatch.setattr(page_module, "load_trends", held_trends)
    monkeypatch.setattr(page_module, "load_cards", held_cards)
    try:
        page = progress_page(settings_for(tmp_path / "data"))
        assert isinstance(page, ProgressPage)
        qtbot.addWidget(page)
        page.resize(1090, 800)
        with qtbot.waitSignal(page.loaded, timeout=60_000):
            page.show()
        assert page.cards is None and page.trends is None
        assert page.summary.text().endswith(" · flashcards due today: being worked out…")
        cards_go.set()
        qtbot.waitUntil(lambda: page.cards is not None, timeout=30_000)
        assert page.trends is None                      # the costs are still being worked out
        assert page.cards is not None
        assert f" · {page.cards.today} flashcards due today" in page.summary.text()
        assert "being worked out" not in page.summary.text()
    finally:
        cards_go.set()
        costs_go.set()
    qtbot.waitUntil(lambda: page.trends is not None, timeout=60_000)


def test_the_flashcards_due_show_before_the_rest_of_the_page_is_read(
        qtbot, settings_for, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a long history the page's other reads take longer than the cards due (kept pictures):
    the count is shown as it comes, not once the charts' data is in."""
    import threading

    from trainer.ui.progress import page as page_module

    db = tmp_path / "data" / "progress.sqlite3"
    db.parent.mkdir()
    seed(db, days=3, per_day=10)
    real_progress = page_module.load_progress
    data_go = threading.Event()

    def held_progress(*args: object, **kwargs: object) -> object:
        data_go.wait(120)
        return real_progress(*args, **kwargs)
    monkeypatch.setattr(page_module, "load_progress", held_progress)
    try:
        page = progress_page(settings_for(tmp_path / "data"))
        assert isinstance(page, ProgressPage)
        qtbot.addWidget(page)
        page.resize(1090, 800)
        page.show()
        qtbot.waitUntil(lambda: page.cards is not None, timeout=30_000)
        assert page.data is None and page.cards is not None
        assert page.summary.text().startswith(f"{page.cards.today} flashcards due today")
    finally:
        data_go.set()
    qtbot.waitUntil(lambda: page.data is not None, timeout=60_000)
    assert page.summary.text().startswith("30 decisions match these filters")
    assert f" · {page.cards.today} flashcards due today" in page.summary.text()
