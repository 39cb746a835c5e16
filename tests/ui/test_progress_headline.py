"""The progress page's headline, trend, scope and cost lines (words and series, no Qt), and the
over-time chart's axes: accuracy 0-100, no line across days without practice, month labels."""

from __future__ import annotations

import math
from datetime import date

import numpy as np

from trainer.progress.review import SessionStats
from trainer.progress.trend import LeakTrend
from trainer.ui.progress import charts
from trainer.ui.progress.headline import (
    Direction,
    cost_lines,
    cost_sentence,
    headline,
    headline_direction,
    scope_sentence,
    summary_line,
    trend_direction,
    trend_sentence,
)

TREND = LeakTrend("evolution", now=1.234, start=2.6885, classic=2.6885,
                  days=(("2026-11-20", 2.5), ("2026-11-28", 1.9), ("2026-11-30", 1.234)),
                  sessions=((1, 2.5), (2, 1.9), (3, 1.234)))


def test_the_headline_gives_the_cost_in_main_bets_per_100_rounds_beside_classic_and_perfect(
        ) -> None:
    assert cost_sentence(TREND) == ("Your play costs 1.23 main bets per 100 rounds (classic "
                                    "basic strategy: 2.69; perfect play: 0)")
    assert trend_sentence(TREND, date(2026, 12, 1)) == (
        "Better by 1.27 in the last 7 days: the cost fell from 2.50 to 1.23; 2.69 before your "
        "first answer.")
    assert trend_sentence(TREND, date(2026, 11, 20)) == (
        "Better by 1.45 since your first answer: the cost fell from 2.69 to 1.23.")
    assert trend_sentence(TREND, date(2026, 12, 20)) == (
        "No answers in the last 7 days (the last on Nov 30); 2.69 before your first answer.")
    two = LeakTrend("pot-of-gold", 0.5, 3.0, 2.0, (("2026-11-30", 0.5),))
    text, moved = headline([TREND, two], date(2026, 12, 1))
    assert text.split("\n") == [cost_sentence(TREND, named=True), cost_sentence(two, named=True)]
    assert text.startswith("evolution: your play costs 1.23")
    assert moved.startswith("evolution: Better by 1.27") and "pot-of-gold: Better by 2.50" in moved


def test_a_cost_that_rose_is_said_as_worse_in_words_and_red() -> None:
    """The issue's headline, "Up 4.32 since your first answer (from 2.69)": up meant worse."""
    rose = LeakTrend("evolution", now=7.01, start=2.69, classic=2.69,
                     days=(("2026-11-29", 7.01),))
    today = date(2026, 11, 30)
    assert trend_sentence(rose, today) == (
        "Worse by 4.32 since your first answer: the cost rose from 2.69 to 7.01.")
    assert trend_direction(rose, today) is Direction.WORSE
    assert trend_direction(TREND, date(2026, 12, 1)) is Direction.BETTER
    steady = LeakTrend("evolution", 2.69, 2.69, 2.69, (("2026-11-29", 2.69),))
    assert trend_sentence(steady, today) == "No change since your first answer."
    assert trend_direction(steady, today) is Direction.SAME
    assert headline_direction([rose, steady], today) is Direction.WORSE
    assert headline_direction([rose, TREND], today) is Direction.SAME     # mixed: no colour
    assert headline_direction(None, today) is Direction.SAME


def test_the_trend_line_is_green_when_better_red_when_worse_in_either_theme(qapp) -> None:
    from trainer.ui.progress.panels import TREND_INK, TrendLabel
    from trainer.ui.theme import dark_palette, light_palette
    label = TrendLabel()
    for palette, shade in ((light_palette(qapp), 0), (dark_palette(), 1)):
        label.setPalette(palette)
        label.show_trend("Worse by 4.32", Direction.WORSE)
        assert TREND_INK[Direction.WORSE][shade] in label.styleSheet()
        label.show_trend("Better by 1.00", Direction.BETTER)
        assert TREND_INK[Direction.BETTER][shade] in label.styleSheet()
        label.show_trend("No change", Direction.SAME)
        assert label.styleSheet() == ""


def test_the_scope_says_which_rules_are_shown_and_why() -> None:
    counts = {"evolution": 240, "pot-of-gold": 3}
    assert scope_sentence("evolution", "evolution", counts, chosen_here=False) == (
        "Showing evolution (the rules you practise). Your history also holds pot-of-gold "
        "(3 decisions): choose All presets to see them.")
    assert scope_sentence("pot-of-gold", "evolution", counts, chosen_here=True).startswith(
        "Showing pot-of-gold (chosen here; you practise evolution). Your history also holds "
        "evolution (240 decisions)")
    assert scope_sentence(None, "no-free-hand", counts, chosen_here=False) == (
        "Showing all presets: you have no answers yet under no-free-hand, the rules you "
        "practise.")
    assert scope_sentence(None, "evolution", counts, chosen_here=True) == (
        "Showing all presets, as chosen here.")
    assert "pot-of-gold (1 decision):" in scope_sentence(          # before: "1 decisions"
        "evolution", "evolution", {"evolution": 2, "pot-of-gold": 1}, chosen_here=False)


def test_cost_lines_follow_the_chosen_dates_and_the_sessions_shown() -> None:
    [line] = cost_lines([TREND], "day", since=date(2026, 11, 25))
    assert line.x == (date(2026, 11, 28), date(2026, 11, 30)) and line.y == (1.9, 1.234)
    assert line.classic == 2.6885
    shown = [SessionStats(s, "evolution", "shoe", "", None, 10, 9, 0.9, 0.1) for s in (2, 3)]
    [line] = cost_lines([TREND], "session", shown)
    assert line.x == (1, 2) and line.y == (1.9, 1.234)
    assert cost_lines([TREND], "day", until=date(2026, 11, 1)) == ()


def test_accuracy_runs_0_to_100_and_its_line_breaks_over_days_without_practice() -> None:
    from trainer.progress.review import DayStats
    days = [DayStats(d, 10, r, r / 10, 0.1) for d, r in
            (("2026-10-30", 10), ("2026-10-31", 8), ("2026-11-03", 9))]
    figure = charts.draw_over_time(days, "day", costs=cost_lines([TREND], "day"))
    assert figure is not None
    top, bottom = figure.axes
    assert top.get_ylim() == (0, 100)
    y = list(top.lines[0].get_ydata())
    assert y[:2] == [100, 80] and math.isnan(y[2]) and y[3] == 90
    figure.canvas.draw()
    labels = [t.get_text() for t in bottom.get_xticklabels() if t.get_text()]
    assert labels and all("Dec" not in text for text in labels)       # November data only
    assert labels[0][:3] in ("Oct", "Nov") and any(t.startswith("Nov") for t in labels)


def test_month_ticks_name_the_year_where_it_changes() -> None:
    formatter = charts.DayFormatter()
    ticks = [date(2026, 11, 1), date(2026, 12, 1), date(2027, 1, 1)]
    from matplotlib.dates import date2num
    assert formatter.format_ticks([date2num(d) for d in ticks]) == ["Nov 2026", "Dec",
                                                                    "Jan 2027"]


def test_a_shown_trend_line_takes_its_colour_and_a_new_theme_once(qtbot, qapp) -> None:
    """Shown, its style sheet's colour changes the label's palette; that change does not set
    the sheet again (it recursed without end), and a theme switched live still recolours it."""
    from trainer.ui.progress.panels import TREND_INK, TrendLabel
    from trainer.ui.theme import apply_theme
    label = TrendLabel()
    qtbot.addWidget(label)
    label.show()
    qtbot.waitExposed(label)
    label.show_trend("Worse by 4.32", Direction.WORSE)
    assert TREND_INK[Direction.WORSE][0] in label.styleSheet()
    try:
        apply_theme(qapp, "dark")
        qtbot.waitUntil(lambda: TREND_INK[Direction.WORSE][1] in label.styleSheet())
        label.show_trend("Better by 1.00", Direction.BETTER)
        assert TREND_INK[Direction.BETTER][1] in label.styleSheet()
    finally:
        apply_theme(qapp, "light")
    qtbot.waitUntil(lambda: TREND_INK[Direction.BETTER][0] in label.styleSheet())


def test_one_decision_and_one_day_are_said_in_agreement() -> None:
    from types import SimpleNamespace

    from trainer.progress.review import DayStats
    from trainer.ui.progress.headline import summary_line
    from trainer.ui.progress.over_time import over_time_title
    one_day = [DayStats("2026-12-02", 1, 0, 0.0, 0.5)]
    assert over_time_title(one_day, "day").startswith("Accuracy per day (1 day, 0.0% right")
    two = [*one_day, DayStats("2026-12-03", 2, 2, 1.0, 0.0)]
    assert over_time_title(two, "day").startswith("Accuracy per day (2 days, 66.7% right")
    data = SimpleNamespace(decisions=1, days=one_day, history=1)
    assert summary_line(data, None) == ("1 decision matches these filters · 0.0% right · "
                                        "flashcards due today: being worked out…")
    data = SimpleNamespace(decisions=3, days=two, history=3)
    assert summary_line(data, None).startswith("3 decisions match these filters · 66.7% right")


def test_the_summary_says_the_memory_health_check_on_a_line_of_its_own() -> None:
    from pathlib import Path

    from trainer.progress.dashboard import DueLoad, ProgressData, ProgressQuery
    from trainer.progress.review import DayStats

    data = ProgressData(ProgressQuery("evolution"), Path("unused.sqlite3"), 10,
                        days=(DayStats("2026-11-30", 10, 8, 0.8, 0.1),))
    said = "The trainer predicts your answers better than a fixed guess: it knows your memory."
    assert summary_line(data, DueLoad((), 3, 1, said)).split("\n") == [
        "10 decisions match these filters · 80.0% right · 1 flashcard due today", said]
    assert "\n" not in summary_line(data, DueLoad((), 3, 2))      # no check read: no line


def test_the_heatmaps_title_names_the_rules_and_says_one_decision_as_one() -> None:
    """Before: "Your errors on the my table (rules file) strategy chart; 1 decisions are
    not on the chart"."""
    from trainer.progress.heat_grid import HeatGrid
    from trainer.ui.progress.heatmap import heatmap_title
    grid = HeatGrid((), np.zeros((0, 10)), np.zeros((0, 10)), np.zeros((0, 10)), 1)
    title = heatmap_title(grid, "my table (rules file)")
    assert title.startswith("Your errors on the strategy chart of 'my table (rules file)' (")
    assert "; 1 decision is not on the chart" in title
