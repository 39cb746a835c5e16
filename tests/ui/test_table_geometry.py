"""The table is the screen: its share of the window, the sizes of what it paints, nothing over a
card face, nothing moving between question and answer.

The window tests measure the pages as laid out in the main window (offscreen). The paint tests
record every text the table actually draws (QPainter.drawText, wrapped), with its font's pixel
height and its rectangle on the device, so they check what is painted, not what a layout meant.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

import pytest
from PyQt6.QtCore import QPointF, QRect, QRectF, QSizeF
from PyQt6.QtGui import QImage, QPainter

from trainer import settings as cfg
from trainer.rules import Action, Bets, Round, Shoe, cards, preset
from trainer.settings import Settings
from trainer.ui.main_window import MainWindow
from trainer.ui.practice.flashcards_page import FlashcardsPage
from trainer.ui.practice.screen_states import STATES
from trainer.ui.practice.shoe_page import ShoePage
from trainer.ui.table.model import TableView, view_from_round
from trainer.ui.table.places import Layout
from trainer.ui.table.widget import TableWidget

RANKS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}


@dataclass(frozen=True)
class Painted:
    """One text the table drew: the words, the font's height and the box, in device pixels."""

    text: str
    pixels: float
    box: QRectF


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Painted]]:
    """Every drawText call while the fixture is in use."""
    found: list[Painted] = []
    original = QPainter.drawText

    def record(painter: QPainter, *args: object) -> None:
        first = args[0]
        if isinstance(first, QRectF | QRect):
            box, text = QRectF(first), args[-1]
        else:
            assert isinstance(first, QPointF)
            box, text = QRectF(first, QSizeF(1, 1)), args[-1]
        t = painter.transform()
        scale = math.hypot(t.m12(), t.m22())        # the text's height as drawn
        found.append(Painted(str(text), painter.font().pixelSize() * scale, t.mapRect(box)))
        original(painter, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(QPainter, "drawText", record)
    yield found


def paint(table: TableWidget) -> Layout:
    """Paint ``table`` at its size into an image (the texts go to ``recorded``)."""
    image = QImage(table.width(), table.height(), QImage.Format.Format_ARGB32)
    image.fill(0)
    table.render(image)
    return table.table_layout()


def on_card(painted: Painted, lay: Layout) -> bool:
    """True if the text lies on a card (its centre on a face): a card's own index."""
    return any(face.rect.contains(painted.box.center()) for face in lay.faces())


def sizes(found: list[Painted], lay: Layout) -> dict[str, float]:
    """The smallest painted height of ranks, totals, lammer words and chip amounts."""
    least: dict[str, float] = {}

    def note(kind: str, pixels: float) -> None:
        least[kind] = min(least.get(kind, pixels), pixels)

    totals = [h.total for h in lay.hands]
    discs = [d for h in lay.hands for d in h.discs] + [s.chip for s in lay.side_bets if s.chip]
    for p in found:
        centre = p.box.center()
        if on_card(p, lay):
            if p.text in RANKS:
                note("rank", p.pixels)
        elif any(t.contains(centre) for t in totals):
            note("total", p.pixels)
        elif any(d.rect.contains(centre) and d.lammer for d in discs):
            note("lammer", p.pixels)
        elif any(d.rect.contains(centre) for d in discs):
            note("chip", p.pixels)
    return least


def assert_nothing_on_a_face(found: list[Painted], lay: Layout) -> None:
    """No mark of the layout and no text off the cards overlaps a card face."""
    faces = lay.faces()
    for what, rect in lay.marks():
        for face in faces:
            assert not rect.intersects(face.rect), f"the {what} lies on a card"
    for p in found:
        if not on_card(p, lay):
            for face in faces:
                assert not p.box.intersects(face.rect), f"'{p.text}' is painted on a card"


# ----- the pages in the window -------------------------------------------------------------

@pytest.fixture
def window(qtbot, store: Settings, tmp_path: Path, warnings) -> Iterator[MainWindow]:
    store.set(cfg.DATA_DIR, str(tmp_path / "data"))
    store.set(cfg.DEALER_SPEED_MS, 0)
    win = MainWindow(store)
    qtbot.addWidget(win)
    yield win
    for key in ("flashcards", "shoe"):
        page = win.pages[key].page
        if page is not None:
            page.shutdown()  # type: ignore[attr-defined]


def show(qtbot, win: MainWindow, width: int, height: int, state: str
         ) -> FlashcardsPage | ShoePage:
    """The window at ``width`` x ``height`` showing ``state`` (see screen_states)."""
    win.resize(width, height)
    with qtbot.waitExposed(win):
        win.show()
    key, prepare = STATES[state]
    page = win.show_page(key)
    prepare(page, lambda done, what: qtbot.waitUntil(done, timeout=20000))
    qtbot.waitUntil(lambda: page.table.width() > 0)
    assert (win.width(), win.height()) == (width, height)
    return page  # type: ignore[return-value]


@pytest.mark.parametrize("state", ["flashcard-question", "shoe-question"])
def test_the_felt_takes_sixty_percent_of_a_1280_window(qtbot, window: MainWindow,
                                                       state: str) -> None:
    page = show(qtbot, window, 1280, 800, state)
    assert page.table.width() >= 0.6 * 1280, page.table.width()


@pytest.mark.parametrize("question, answer", [("flashcard-question", "flashcard-answer"),
                                              ("shoe-question", "shoe-free-split")])
def test_nothing_on_the_felt_moves_between_question_and_answer(
        qtbot, window: MainWindow, question: str, answer: str) -> None:
    page = show(qtbot, window, 1280, 800, question)
    before = (page.table.geometry(), page.feedback.width(), page.table.table_layout())
    STATES[answer][1](page, lambda done, what: qtbot.waitUntil(done, timeout=20000))
    qtbot.wait(10)
    after = (page.table.geometry(), page.feedback.width(), page.table.table_layout())
    assert page.feedback.body.text() != "" and "You played" in page.feedback.body.text()
    assert after[0] == before[0], "the table moved"
    assert after[1] == before[1], "the feedback panel changed its width"
    assert after[2].card_h == before[2].card_h
    assert [f.rect for f in after[2].dealer] == [f.rect for f in before[2].dealer]
    if len(after[2].hands) == len(before[2].hands):     # (a split makes room for its hand)
        assert [f.rect for f in after[2].hands[0].faces] == [
            f.rect for f in before[2].hands[0].faces]


@pytest.mark.parametrize("state", ["flashcard-answer", "side-bets-paid", "shoe-free-split",
                                   "shoe-settled"])
def test_painted_sizes_at_1280_by_800(qtbot, window: MainWindow, recorded: list[Painted],
                                      state: str) -> None:
    page = show(qtbot, window, 1280, 800, state)
    recorded.clear()
    lay = paint(page.table)
    least = sizes(recorded, lay)
    assert least["rank"] >= 20 and least["total"] >= 14 and least["chip"] >= 10, least
    if state == "shoe-free-split":
        assert least["lammer"] >= 10, least
    assert_nothing_on_a_face(recorded, lay)


@pytest.mark.parametrize("state", ["flashcard-answer", "shoe-settled"])
def test_ranks_are_readable_at_1024_by_640(qtbot, window: MainWindow, recorded: list[Painted],
                                           state: str) -> None:
    page = show(qtbot, window, 1024, 640, state)
    recorded.clear()
    lay = paint(page.table)
    assert sizes(recorded, lay)["rank"] >= 14
    assert_nothing_on_a_face(recorded, lay)


def test_side_panels_fold_on_a_narrow_window_and_open_on_a_wide_one(
        qtbot, window: MainWindow) -> None:
    page = show(qtbot, window, 1280, 800, "shoe-question")
    assert isinstance(page, ShoePage)
    assert not page.seat.isVisible() and not page.seat_button.isChecked()
    page.seat_button.click()                    # the player opens it
    assert page.seat.isVisible()
    page.seat_button.click()
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: page.width() > 1500)
    assert not page.seat.isVisible(), "folded by the player: it stays folded"
    page._seat_by_hand = False
    window.resize(1910, 1080)
    qtbot.waitUntil(lambda: page.seat.isVisible())
    assert page.table.width() >= 0.6 * 1910


# ----- the table alone ---------------------------------------------------------------------

def _round(stack: str, bets: Bets, *actions: Action, rules: str = "evolution") -> Round:
    rnd = Round(preset(rules), Shoe.stacked(cards(stack), decks=8), bets)
    for action in actions:
        rnd.act(action)
    return rnd


def doubled_and_settled() -> TableView:
    """6 4 against a ten, doubled free: the third card sideways; Hot 3 won."""
    rnd = _round("6h 10s 4d 7c 9h 10d", Bets(main=Fraction(10), hot_3=Fraction(5)),
                 Action.FREE_DOUBLE)
    return view_from_round(rnd)


def split_with_side_bets() -> TableView:
    rnd = _round("8h 10s 8d 6c 3h 10d 5c 9c",
                 Bets(main=Fraction(10), perfect_pairs=Fraction(5),
                      twenty_one_plus_three=Fraction(25)), Action.FREE_SPLIT)
    return view_from_round(rnd)


def many_cards() -> TableView:
    """A five-card hand and a dealer who ends with six cards."""
    rnd = _round("2h 2s 3d 2c 2d 3s 3h 2d 3c 4h 4s", Bets(main=Fraction(10)),
                 Action.HIT, Action.HIT, Action.HIT, Action.STAND)
    assert len(rnd.dealer_cards) == 6
    return view_from_round(rnd)


def four_hands_settled() -> TableView:
    """Pot of gold: eights split for free to four hands, the first doubled free, all settled."""
    rnd = _round("8h 6s 8d 10c 8c 8s 3h 2d 10h 9c 5d 7h 10s",
                 Bets(main=Fraction(10), pot_of_gold=Fraction(5)),
                 Action.FREE_SPLIT, Action.FREE_SPLIT, Action.FREE_SPLIT, Action.FREE_DOUBLE,
                 Action.STAND, Action.STAND, Action.STAND, rules="pot-of-gold")
    view = view_from_round(rnd)
    assert len(view.hands) == 4 and all(h.outcome is not None for h in view.hands)
    return view


VIEWS = {"doubled": doubled_and_settled, "split": split_with_side_bets, "many": many_cards,
         "four": four_hands_settled}


def test_four_hands_keep_their_sizes_at_1280_by_800(qtbot, recorded: list[Painted]) -> None:
    """At the felt's size in a 1280 x 800 window, four hands' results go above their cards
    so the cards keep the sizes a player reads."""
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(782, 650)
    table.set_view(four_hands_settled())
    lay = paint(table)
    least = sizes(recorded, lay)
    assert least["rank"] >= 20 and least["total"] >= 14, least
    assert least["lammer"] >= 10 and least["chip"] >= 10, least
    assert lay.badges_above
    for hand in lay.hands:
        assert hand.badge.bottom() <= min(f.rect.top() for f in hand.faces)
        assert hand.slot.left() <= hand.badge.left() <= hand.badge.right() <= hand.slot.right()
    assert_nothing_on_a_face(recorded, lay)


@pytest.mark.parametrize("name", list(VIEWS))
@pytest.mark.parametrize("width, height", [(360, 240), (526, 500), (782, 650), (1422, 900)])
def test_nothing_is_painted_over_a_card_face(qtbot, recorded: list[Painted], name: str,
                                             width: int, height: int) -> None:
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(width, height)
    table.set_view(VIEWS[name]())
    recorded.clear()
    lay = paint(table)
    assert recorded, "nothing was painted"
    assert_nothing_on_a_face(recorded, lay)


def test_a_doubled_card_lies_sideways_and_the_result_sits_beside_the_cards(qtbot) -> None:
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(782, 650)
    view = doubled_and_settled()
    table.set_view(view)
    hand = table.table_layout().hands[0]
    doubled = hand.faces[-1]
    assert doubled.sideways and doubled.rect.width() > doubled.rect.height()
    assert not any(f.sideways for f in hand.faces[:-1])
    assert hand.badge.left() >= max(f.rect.right() for f in hand.faces)
    assert abs(hand.badge.center().y() - hand.faces[0].rect.center().y()) < 1


def test_the_up_card_shows_its_face_past_the_hole_card(qtbot) -> None:
    for view in (split_with_side_bets(), many_cards()):
        for width, height in ((526, 500), (782, 650)):
            table = TableWidget()
            qtbot.addWidget(table)
            table.resize(width, height)
            table.set_view(view)
            up, hole = table.table_layout().dealer[:2]
            assert not up.rect.intersects(hole.rect)


def test_side_bets_have_circles_chips_and_results(qtbot, recorded: list[Painted]) -> None:
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(782, 650)
    view = split_with_side_bets()
    table.set_view(view)
    lay = paint(table)
    titles = [s.bet.title for s in lay.side_bets]
    assert titles == ["Perfect Pairs", "21+3", "Hot 3"]
    chips = {s.bet.title: s.chip.amount for s in lay.side_bets if s.chip is not None}
    assert chips == {"Perfect Pairs": 65}, "paid at the deal: the pair's pay on its circle"
    texts = {p.text for p in recorded}
    # paid at the deal: mid-round, the circles already read their results
    assert {"65", "Colored Pair +60", "21+3 \u221225", "Hot 3: no bet"} <= texts
    settled = doubled_and_settled()
    table.set_view(replace(settled))
    recorded.clear()
    paint(table)
    assert any(p.text.startswith("Total 20 +10") for p in recorded), [p.text for p in recorded]
