"""The felt table paints a split round: cards, a golden lammer on the free hand, crisp at 2x."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from PyQt6.QtGui import QImage

from trainer.rules import Action, Bets, Outcome, Round, Shoe, cards, preset
from trainer.ui.table.model import EMPTY, view_from_round
from trainer.ui.table.widget import BADGE, TableWidget

from .conftest import assert_not_blank, gold_mask, pixels


def split_round() -> Round:
    shoe = Shoe.stacked(cards("8h 10s 8d 6c 3h 10d 5c 9c"), decks=8)
    rnd = Round(preset("evolution"), shoe, Bets(main=Fraction(10)))
    rnd.act(Action.FREE_SPLIT)
    return rnd


def render(widget: TableWidget, width: int, height: int, ratio: float = 1.0) -> QImage:
    """Paint the widget at ``width`` x ``height`` logical pixels and device pixel ratio."""
    widget.resize(width, height)
    image = QImage(round(width * ratio), round(height * ratio), QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(ratio)
    image.fill(0)
    widget.render(image)
    return image


def test_split_round_renders_with_a_golden_lammer_on_the_free_hand(qtbot, tmp_path: Path):
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.set_view(view_from_round(split_round()))
    image = render(widget, 1280, 800)
    assert image.save(str(tmp_path / "split.png"))
    assert_not_blank(image, at_least=200)
    rgb = pixels(image)
    free_hand = widget.hand_rect(1).toRect()
    area = rgb[free_hand.top():free_hand.bottom(), free_hand.left():free_hand.right()]
    assert gold_mask(area).sum() > 500, "no golden lammer on the free-split hand"


def test_a_round_without_free_bets_has_no_gold(qtbot):
    shoe = Shoe.stacked(cards("10h 7s 8d 10c 5h"))
    rnd = Round(preset("evolution"), shoe, Bets(main=Fraction(10)))
    rnd.act(Action.STAND)                      # settled: no current-hand frame either
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.set_view(view_from_round(rnd))
    assert gold_mask(pixels(render(widget, 1280, 800))).sum() < 50


def test_red_and_black_cards_are_painted(qtbot):
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.set_view(view_from_round(split_round()))
    rgb = pixels(render(widget, 1280, 800)).astype(int)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    assert ((r > 170) & (g < 60) & (b < 80)).sum() > 1000      # hearts and diamonds
    assert ((r < 40) & (g < 40) & (b < 40)).sum() > 300        # the 10 of spades


def test_hi_dpi_rendering_uses_every_device_pixel(qtbot):
    """At device pixel ratio 2 the image has twice the pixels, and edges stay sharp: more
    distinct colours from antialiasing, no blocky upscaling."""
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.set_view(view_from_round(split_round()))
    hi = render(widget, 640, 400, ratio=2.0)
    assert (hi.width(), hi.height()) == (1280, 800)
    rgb = pixels(hi)
    # a blocky 2x upscale would have every 2x2 block equal; antialiased edges do not
    blocks_equal = (rgb[0::2, 0::2] == rgb[1::2, 1::2]).all(axis=2).mean()
    assert blocks_equal < 0.99
    assert_not_blank(hi, at_least=200)


def test_small_and_empty_tables_paint(qtbot):
    widget = TableWidget()
    qtbot.addWidget(widget)
    render(widget, 300, 200)                    # nothing dealt: felt only
    widget.set_view(view_from_round(split_round()))
    assert_not_blank(render(widget, 360, 240), at_least=50)


def test_set_view_repaints_only_on_change(qtbot):
    widget = TableWidget()
    qtbot.addWidget(widget)
    assert widget.view() == EMPTY
    view = view_from_round(split_round())
    widget.set_view(view)
    assert widget.view() is view
    assert "free bet 10" in widget.accessibleDescription()
    widget.set_view(view_from_round(split_round()))   # equal view: kept
    assert widget.view() is view


def test_the_shoe_never_covers_the_dealers_cards(qtbot) -> None:
    """On every table size, the shoe's box stays clear of the dealer's cards and inside the
    table, and reads the cards left."""
    from trainer.ui.table.layout import layout
    from trainer.ui.table.measures import shoe_words

    base = view_from_round(split_round())
    for dealt in (2, 3, 5, 7):
        view = replace(base, dealer_cards=(base.dealer_cards * 4)[:dealt])
        for width, height in ((360, 240), (428, 676), (640, 480), (900, 560), (1280, 800)):
            lay = layout(width, height, view)
            assert lay.shoe is not None
            for face in lay.dealer:
                assert not face.rect.intersects(lay.shoe), (dealt, width)
            assert lay.shoe.right() <= width and lay.shoe.top() >= 0
            assert str(view.cards_left) in shoe_words(view)[0]


def _has_colour(image: QImage, colour: str, at_least: int = 200) -> bool:
    rgb = pixels(image).astype(int)
    want = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return int((abs(rgb - want).sum(axis=2) <= 6).sum()) >= at_least


def test_the_settled_badge_takes_its_colour_from_the_outcome(qtbot):
    """Green for a win, grey for a push, red for a loss: read from the hand's outcome, whatever
    its words say."""
    shoe = Shoe.stacked(cards("10h 7s 8d 10c 5h"))
    rnd = Round(preset("evolution"), shoe, Bets(main=Fraction(10)))
    rnd.act(Action.STAND)                      # 18 against the dealer's 17: a win
    widget = TableWidget()
    qtbot.addWidget(widget)
    won = view_from_round(rnd)
    assert won.hands[0].outcome is Outcome.WIN
    for outcome, words in ((Outcome.WIN, "Win +10"), (Outcome.PUSH_22, "Push (dealer 22)"),
                           (Outcome.LOSE, "Six of one")):
        view = replace(won, hands=(replace(won.hands[0], outcome=outcome,
                                           outcome_text=words),))
        widget.set_view(view)
        image = render(widget, 1280, 800)
        assert _has_colour(image, BADGE[outcome]), outcome
        others = {BADGE[o] for o in Outcome} - {BADGE[outcome]}
        assert not any(_has_colour(image, colour) for colour in others), outcome
    assert set(BADGE) == set(Outcome)
