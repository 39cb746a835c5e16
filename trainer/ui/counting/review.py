"""The counting review: count accuracy and speed day by day, the index plays answered and
missed, and what the misses cost in main bets per 100 rounds (:mod:`trainer.progress.counting`).

It reads the progress file off the UI thread, after saving what waits, each time the tab is
shown or refreshed."""

from __future__ import annotations

from dataclasses import dataclass

from PyQt6.QtCore import QEvent
from PyQt6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.rules.plural import counted
from trainer.teaching.situations import preset_label

from ..background import Job, Latest
from ..progress_service import CountDay, IndexRecord, ProgressStore, count_days, index_record
from ..theme import chart_look
from .host import CountingHost
from .trend import CountTrend

DAY_COLUMNS = ("Day", "Drill", "Answers", "Right", "Mean miss", "Median time", "Cards / s")
INDEX_COLUMNS = ("Decision", "Answers", "Wrong", "Deviations missed", "Wrong deviations",
                 "EV lost", "Costs / 100 rounds")


@dataclass(frozen=True)
class CountingReview:
    """What the tab shows for one rule set and count."""

    days: list[CountDay]
    index: IndexRecord


def day_row(day: CountDay) -> tuple[str, ...]:
    """One day's row as shown."""
    speed = f"{day.cards_per_second:.1f}" if day.cards_per_second is not None else "–"
    return (day.day, day.drill, str(day.answers), f"{day.accuracy:.0%}",
            f"{day.mean_error:.2f}", f"{day.median_ms / 1000:.1f} s", speed)


def _table(columns: tuple[str, ...], name: str) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(columns)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    rows, header = table.verticalHeader(), table.horizontalHeader()
    assert rows is not None and header is not None
    rows.hide()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    return table


def _fill(table: QTableWidget, rows: list[tuple[str, ...]]) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            table.setItem(r, c, QTableWidgetItem(text))


class ReviewPanel(QWidget):
    """The headline cost, then the count drills by day and the index plays, costliest first."""

    def __init__(self, page: CountingHost) -> None:
        super().__init__()
        self.page = page
        self.loading = Latest()
        self.shown: CountingReview | None = None
        self.headline = QLabel()
        self.headline.setObjectName("counting-headline")
        self.headline.setWordWrap(True)
        font = self.headline.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.headline.setFont(font)
        self.refresh_button = QPushButton("Refresh")
        self.trend = CountTrend()
        self.days = _table(DAY_COLUMNS, "count-days")
        self.plays = _table(INDEX_COLUMNS, "index-plays")
        top = QHBoxLayout()
        top.addWidget(self.headline, 1)
        top.addWidget(self.refresh_button)
        column = QVBoxLayout(self)
        column.addLayout(top)
        column.addWidget(QLabel("Counting, day by day (accuracy, how far off, speed)"))
        column.addWidget(self.trend, 1)
        column.addWidget(self.days, 1)
        column.addWidget(QLabel("Index plays answered (flashcards and counted shoes)"))
        column.addWidget(self.plays, 1)
        self.refresh_button.clicked.connect(self.refresh)

    def changeEvent(self, event: QEvent | None) -> None:
        """A new palette (the theme setting): the chart drawn again in its look (the canvas
        keeps a palette of its own, so the page watches)."""
        super().changeEvent(event)
        if event is not None and event.type() == QEvent.Type.PaletteChange:
            self.trend.restyle(chart_look(self.palette()))

    def refresh(self) -> None:
        """Read the review again (off the UI thread)."""
        rules, lab_count = self.page.rules, self.page.lab_count()
        if rules is None or lab_count is None:
            return
        preset, count, saver = preset_label(rules), self.page.count, self.page.link.saver

        def query(store: ProgressStore) -> CountingReview:
            return CountingReview(count_days(store, preset, count),
                                  index_record(store, preset, count, lab_count))

        def work() -> CountingReview | None:
            saver.save(wait=True)
            return saver.read(query, None)

        job: Job[CountingReview | None] = Job(self, work, name="counting: review")
        self.loading.start(job.succeeded(self.show_review))

    def show_review(self, review: CountingReview | None) -> None:
        """Fill the tab (None: the progress file could not be read; the status line says why)."""
        self.shown = review
        if review is None:
            self.headline.setText("The progress file cannot be read now.")
            return
        record = review.index
        name = self.page.count_name
        if not record.plays and not review.days:
            self.headline.setText(f"No {name} answers yet for these rules: drill a tab, then "
                                  "come back.")
        else:
            self.headline.setText(
                f"Missed {name} index plays cost {record.leak_per_100:.3f} main bets per 100 "
                f"rounds ({counted(sum(p.missed for p in record.plays), 'deviation missed')}, "
                f"{sum(p.deviated for p in record.plays)} made wrongly)")
        self.trend.show_days(review.days, chart_look(self.palette()))
        _fill(self.days, [day_row(d) for d in reversed(review.days)])
        _fill(self.plays, [(p.describe, str(p.answers), str(p.wrong), str(p.missed),
                            str(p.deviated), f"{p.ev_lost:.3f}", f"{p.leak_per_100:.4f}")
                           for p in record.plays])


__all__ = ["CountingReview", "ReviewPanel", "day_row"]
