"""The computer seats' hands on the felt: each seat at its place, never over the player's or
the dealer's cards or another seat's (at the felt's sizes in 1024 x 640, 1280 x 800 and
1920 x 1080 windows), the player's hand where it is at a table alone, a bet behind's result
painted beside its seat's cards, and a seat's split hands each with its cards and total."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from PyQt6.QtCore import QRectF

from trainer.rules import Action, Bets, Round, Seat, Shoe, cards, preset
from trainer.ui.main_window import MainWindow
from trainer.ui.table.model import BehindView, TableView, view_from_round
from trainer.ui.table.places import Layout
from trainer.ui.table.widget import TableWidget

from .test_table_geometry import (  # noqa: F401  (the fixtures, by name)
    Painted,
    assert_nothing_on_a_face,
    paint,
    recorded,
    show,
    window,
)

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


def seat_marks(lay: Layout, index: int) -> list[tuple[str, QRectF]]:
    """Everything seat ``index`` paints: its cards, name, totals, spot and result."""
    seat = lay.seats[index]
    found = [(f"seat {index + 1} card", f.rect) for f in seat.faces]
    found += [(what, rect) for what, rect in lay.marks() if what.startswith(f"seat {index + 1} ")]
    return found


def clashes(lay: Layout) -> list[str]:
    """Every seat's card or mark over the player's or the dealer's cards and marks, another
    seat's, or past the felt's edge."""
    table = [("dealer card", f.rect) for f in lay.dealer]
    table += [(f"player card {i + 1}", f.rect) for i, h in enumerate(lay.hands)
              for f in h.faces]
    table += [(what, rect) for what, rect in lay.marks() if not what.startswith("seat ")]
    felt = QRectF(0, 0, lay.width, lay.height)
    found = []
    for index in range(len(lay.seats)):
        mine = seat_marks(lay, index)
        others = table + [m for j in range(index + 1, len(lay.seats)) for m in seat_marks(lay, j)]
        for what, rect in mine:
            if not felt.contains(rect):
                found.append(f"{what} leaves the felt")
            found += [f"{what} lies on the {other}" for other, theirs in others
                      if rect.intersects(theirs)]
    return found


def crowded(view: TableView) -> TableView:
    """``view``'s table made crowded: six computer seats (its seats over again, one split),
    the player's hand split in two."""
    seats = [replace(view.seats[i % len(view.seats)], number=i + 1) for i in range(6)]
    return replace(view, seats=tuple(seats), hands=(view.hands[0], view.hands[0]), current=0)


@pytest.mark.parametrize("width, height", SIZES)
def test_the_seats_never_lie_on_the_players_dealers_or_each_others_cards(
        qtbot, window: MainWindow, recorded: list[Painted], width: int,  # noqa: F811
        height: int) -> None:
    page = show(qtbot, window, width, height, "seat-hands")
    table = page.table
    shown = table.view()
    assert len(shown.seats) == 2
    recorded.clear()
    lay = paint(table)
    assert len(lay.seats) == 2 and clashes(lay) == []
    assert_nothing_on_a_face(recorded, lay)
    for seat in lay.seats:         # smaller than the player's, but cards a player reads
        assert 0.3 * lay.card_h <= seat.faces[0].rect.height() <= 0.6 * lay.card_h + 0.01
    table.set_view(crowded(shown))
    recorded.clear()
    lay = paint(table)
    assert len(lay.seats) == 6 and clashes(lay) == []
    assert_nothing_on_a_face(recorded, lay)


@pytest.mark.parametrize("width, height", SIZES)
def test_while_bets_are_placed_each_seats_spot_is_at_its_place_clear_of_the_others(
        qtbot, window: MainWindow, recorded: list[Painted], width: int,  # noqa: F811
        height: int) -> None:
    page = show(qtbot, window, width, height, "seats-betting")
    recorded.clear()
    lay = paint(page.table)
    assert clashes(lay) == []
    assert [s.bet.title for s in lay.spots] == [              # in the betting's order
        "Main bet", "Perfect Pairs", "21+3", "Hot 3", "Bet Behind seat 1", "Bet Behind seat 2"]
    assert lay.spots[-2:] == lay.seat_spots and len(lay.seat_spots) == 2
    painted = {p.text for p in recorded}
    assert {"Bet Behind seat 1", "Bet Behind seat 2", "10"} <= painted


@pytest.mark.parametrize("width, height", SIZES)
def test_the_players_hand_keeps_its_size_and_place_beside_the_seats(
        qtbot, window: MainWindow, width: int, height: int) -> None:  # noqa: F811
    page = show(qtbot, window, width, height, "seat-hands")
    table = page.table
    shown = table.view()
    with_seats = table.table_layout()
    table.set_view(replace(table.view(), seats=()))
    alone = table.table_layout()
    assert with_seats.card_h == alone.card_h
    assert [f.rect for f in with_seats.hands[0].faces] == [f.rect for f in alone.hands[0].faces]
    assert with_seats.hands[0].badge == alone.hands[0].badge
    assert [f.rect for f in with_seats.dealer] == [f.rect for f in alone.dealer]
    split = crowded(shown)                 # six seats, the player's hand split
    table.set_view(split)
    with_seats = table.table_layout()
    table.set_view(replace(split, seats=()))
    alone = table.table_layout()
    assert with_seats.card_h == alone.card_h
    assert [f.rect.size() for h in with_seats.hands for f in h.faces] == [
        f.rect.size() for h in alone.hands for f in h.faces]


def test_a_bet_behinds_result_is_painted_beside_its_seats_cards(
        qtbot, window: MainWindow, recorded: list[Painted]) -> None:  # noqa: F811
    page = show(qtbot, window, 1280, 800, "seat-hands")
    recorded.clear()
    lay = paint(page.table)
    view = page.table.view()
    for place, seat, (word, net) in zip(lay.seats, view.seats, [("Won", "+20"), ("Won", "+10")],
                                        strict=True):
        assert seat.behind is not None and seat.behind.settled
        result, spot = place.result, place.spot
        assert result is not None and spot is not None
        first_row = [f.rect for f in place.faces if f.rect.top() < place.faces[0].rect.bottom()]
        # beside the cards: to their right, level with them
        assert result.left() >= max(r.right() for r in first_row)
        assert result.top() < first_row[0].bottom() and result.bottom() > first_row[0].top()
        assert spot.left() >= max(r.right() for r in first_row)
        painted = {p.text for p in recorded if result.contains(p.box.center())}
        assert painted == {word, net}, painted
        chip = {p.text for p in recorded if spot.contains(p.box.center())}
        assert chip == {str(seat.behind.stake)}, chip
    assert view.seats[0].behind == BehindView(Fraction(20), settled=True, net=Fraction(20))
    said = page.table.accessibleDescription()           # and in words, for screen readers
    assert "Seat 1: A♠ 6♦ 4♣, soft 21, Win +20; bet behind 20: won +20" in said, said


def test_a_seat_after_a_split_shows_each_hand_with_its_cards_and_total(
        qtbot, recorded: list[Painted]) -> None:  # noqa: F811
    """A computer seat splits its eights free against a 6 (the first hand draws a 3 and
    stands, the second a 10): the seat shows two hands, each its own cards and total, side
    by side at its place; the free split's hand carries no real stake."""
    bets = Bets(main=Fraction(10))

    def split_then_stand(rnd: Round) -> Action:
        legal = rnd.legal_actions()
        return Action.FREE_SPLIT if Action.FREE_SPLIT in legal else Action.STAND

    rnd = Round(preset("evolution"),
                Shoe.stacked(cards("8h 10d 6s 8c 9c 10c 3h 10s 5d 4d"), decks=8),
                [Seat(bets, policy=split_then_stand), Seat(bets)])
    view = view_from_round(rnd, seat=1)
    seat, = view.seats
    assert seat.number == 1
    assert [[c.rank_text + c.suit_symbol for c in h.cards] for h in seat.hands] == [
        ["8♥", "3♥"], ["8♣", "10♠"]]
    assert [h.total_text for h in seat.hands] == ["11", "18"]
    assert [(h.real_stake, h.free_stake) for h in seat.hands] == [(10, 0), (0, 10)]
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(782, 650)
    table.set_view(view)
    lay = paint(table)
    place, = lay.seats
    assert len(place.faces) == 4 and len(place.totals) == 2
    first, second = place.faces[:2], place.faces[2:]
    assert max(f.rect.right() for f in first) < min(f.rect.left() for f in second) or (
        max(f.rect.bottom() for f in first) < min(f.rect.top() for f in second))
    for total, hand in zip(place.totals, (first, second), strict=True):  # under its own cards
        assert total.top() >= max(f.rect.bottom() for f in hand)
        assert min(f.rect.left() for f in hand) <= total.center().x() <= max(
            f.rect.right() for f in hand)
    painted = {p.text for p in recorded if any(t.contains(p.box.center())
                                                for t in place.totals)}
    assert painted == {"11", "18"}
    assert {p.text for p in recorded if place.caption.contains(p.box.center())} == {"Seat 1"}
    assert clashes(lay) == []
    assert_nothing_on_a_face(recorded, lay)
