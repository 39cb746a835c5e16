"""The drill pages' states a screenshot (or a look at the screen) shows, each set up by one small
function: a flashcard asked and answered, the day done; a shoe's betting, its question, side
bets paid at the deal, a free split on the felt, a settled round, the round history and the
end-of-shoe report; a surrender offered and taken at a table with late surrender; a counted
shoe's bet, decision, count check and report; the decision shares on the buttons, timed play's
betting time, a bet behind a computer seat settled, the computer seats' Bet Behind spots while
bets are placed, and their hands (a double, a split) with the bets behind them settled beside
their cards.

Each function takes the page and ``wait(done, what)``, which runs the event loop until
``done()`` (the caller's: a screenshot script's loop with a deadline, or a test's
``qtbot.waitUntil``). Cards come from fixed seeds and stacked shoes, so each run shows the same.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from trainer import settings as cfg
from trainer.drills.flashcards import FlashMode
from trainer.rules import POT_OF_GOLD, Action, RuleSet, Shoe, Surrender, cards, rules_file

from .flashcards_page import FlashcardsPage
from .rules_choice import CUSTOM, rules_choices, rules_for
from .shoe_page import ShoePage, ShoePhase

Wait = Callable[[Callable[[], bool], str], None]

#: Player 8♥ 8♦ against the dealer's 10♠: a free split, then a 3 to the first hand, a 10 to the
#: second, the dealer's hole card a 6 and a 5 drawn to 21.
PAIR_OF_EIGHTS = "8h 10s 8d 6c 3h 10d 5c 9c"
#: Player 10♥ 2♦ against dealer 5♠ (hole 10♣), then 9♣ and 8♣: hard 12 v 5, a Hi-Lo index
#: play (stand from 0, hit below); the count after these cards is +1 over about 8 decks: true
#: count 0, stand.
TWELVE_V_FIVE = "10h 5s 2d 10c 9c 8c"
#: Player 10♥ 6♦ against the dealer's 10♠ (hole 7♣): hard 16 against a ten, where late
#: surrender is the best play at the Pot of Gold table.
SIXTEEN_V_TEN = "10h 10s 6d 7c"
#: A table with late surrender ("S17 with late surrender is reported" at some Free Bet tables;
#: here the Pot of Gold rules with late surrender added, as a rules file states it).
LATE_SURRENDER = replace(POT_OF_GOLD, name="pot-of-gold, late surrender",
                         surrender=Surrender.LATE, pot_of_gold=None)
#: The flashcards' seed (the same cards every run).
FLASHCARD_SEED = 11


def flashcard_question(page: FlashcardsPage, wait: Wait) -> None:
    """A flashcard asked (all situations, a fixed seed)."""
    page.seed = FLASHCARD_SEED
    page.mode_box.setCurrentIndex(page.mode_box.findData(FlashMode.ALL.value))
    page.load()
    wait(lambda: page.awaiting, "a flashcard")


def flashcard_answer(page: FlashcardsPage, wait: Wait) -> None:
    """A flashcard answered with a play that is not the best: the verdict on the felt, the
    EVs, the reason and the cost in the feedback."""
    flashcard_question(page, wait)
    card, session = page.card, page.session
    assert card is not None and session is not None
    evs, best = session.catalog.evs(card.spot)
    others = [a for a in card.actions if a.value != best and a.value in evs]
    page.answer(max(others, key=lambda a: evs[a.value]) if others else card.actions[0])


def flashcards_done_for_today(page: FlashcardsPage, wait: Wait) -> None:
    """Due mode with today's cards all answered: "done for today" and "keep going"."""
    page.mode_box.setCurrentIndex(page.mode_box.findData(FlashMode.DUE.value))
    page.load()
    wait(lambda: page.session is not None, "the study queue")
    for _ in range(400):
        if page.card is None and not page.awaiting and page.session is not None:
            counts = page.session.counts()
            if counts is not None and counts.done:
                return
        wait(lambda: page.awaiting or page.card is None, "a due card")
        if page.awaiting and page.card is not None:
            page.answer(page.card.actions[0])
            page.deal()
    raise RuntimeError("the day's cards did not run out")


def _choose(page: ShoePage, count: str, timed: bool = False, seats: int = 0) -> None:
    """The count kept, timed play or not, and the computer seats of the next shoe (chosen
    quietly: the caller deals it)."""
    for box, change in ((page.count_box, lambda: page.count_box.setCurrentIndex(
            page.count_box.findData(count))), (page.timed_box, lambda: page.timed_box.setChecked(
            timed)), (page.seat.others, lambda: page.seat.others.setValue(seats))):
        box.blockSignals(True)
        change()
        box.blockSignals(False)


def _stacked_shoe(page: ShoePage, wait: Wait, top: str | None, count: str, *,
                  timed: bool = False, seats: int = 0) -> None:
    """A shoe dealt from ``top`` (None: the shoe of seed 1), counted with ``count`` ("" for
    none), timed or not, with ``seats`` computer seats, once the page's first shoe is in (a
    shot may follow another's shoe, counted, timed or not); betting is open."""
    wait(lambda: page.phase not in (ShoePhase.IDLE, ShoePhase.LOADING), "the first shoe")
    _choose(page, count, timed, seats)
    page.start_shoe(seed=1, shoe=Shoe.stacked(cards(top), decks=8) if top else None)
    wait(lambda: page.phase is ShoePhase.BETTING, "the stacked shoe's betting")


def place(page: ShoePage, *chips: tuple[int, int]) -> None:
    """Place chips as a player clicks them: (chip, spot) pairs, chip 0 the lowest, spot 0 the
    main bet and then the side bets in order."""
    for chip, spot in chips:
        page.bets.click_chip(chip)
        page.bets.click_spot(spot)


def shoe_betting(page: ShoePage, wait: Wait) -> None:
    """A shoe's first round before the deal: 25 on the main bet, 5 on Perfect Pairs and Hot 3,
    the 5 chip in hand; nothing is dealt yet."""
    _stacked_shoe(page, wait, PAIR_OF_EIGHTS, "")
    place(page, (3, 0), (1, 1), (1, 3))


def use_rules_file(page: ShoePage | FlashcardsPage, rules: RuleSet = LATE_SURRENDER) -> None:
    """Write ``rules`` as the rules file Settings names (in the data folder) and choose it on
    the page, without starting anything (the caller deals)."""
    folder = Path(page.settings.get(cfg.DATA_DIR) or tempfile.gettempdir())
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "late-surrender.toml"
    rules_file.save(rules, path)
    page.settings.set(cfg.RULES_FILE, str(path))
    page.rules_box.blockSignals(True)
    if page.rules_box.findData(CUSTOM) < 0:
        label = dict(rules_choices(page.settings))[CUSTOM]
        page.rules_box.addItem(label, CUSTOM)
    page.rules_box.setCurrentIndex(page.rules_box.findData(CUSTOM))
    page.rules_box.blockSignals(False)


def shoe_surrender(page: ShoePage, wait: Wait) -> None:
    """A table with late surrender: hard 16 against a ten, Surrender (R) among the plays."""
    wait(lambda: page.phase not in (ShoePhase.IDLE, ShoePhase.LOADING), "the first shoe")
    use_rules_file(page)
    wait(lambda: rules_for(CUSTOM, page.settings) is not None, "the rules file read")
    _choose(page, "")                                            # no count kept
    page.start_shoe(seed=1, shoe=Shoe.stacked(cards(SIXTEEN_V_TEN), decks=6))
    wait(lambda: page.phase is ShoePhase.BETTING, "the stacked shoe's betting")
    place(page, (2, 0))
    page.deal()
    wait(lambda: page.phase is ShoePhase.DECIDING, "the hand to surrender")


def shoe_surrendered(page: ShoePage, wait: Wait) -> None:
    """The 16 surrendered: half the bet back, the round settled."""
    shoe_surrender(page, wait)
    page.act(Action.SURRENDER)
    wait(lambda: page.phase in (ShoePhase.SETTLED, ShoePhase.FINISHED), "the settlement")


def shoe_question(page: ShoePage, wait: Wait) -> None:
    """A shoe's first round: 10 bet, a pair of eights against a ten, the player to act."""
    _stacked_shoe(page, wait, PAIR_OF_EIGHTS, "")
    place(page, (2, 0))
    page.deal()
    wait(lambda: page.phase is ShoePhase.DECIDING, "the stacked hand")


def shoe_side_bets_paid(page: ShoePage, wait: Wait) -> None:
    """Side bets paid at the deal: 10 on the main bet, 5 on Perfect Pairs and 5 on 21+3; the
    eights of hearts and diamonds make a colored pair, paid on its circle before the first
    decision (21+3 lost)."""
    _stacked_shoe(page, wait, PAIR_OF_EIGHTS, "")
    place(page, (2, 0), (1, 1), (1, 2))
    page.deal()
    wait(lambda: page.phase is ShoePhase.DECIDING, "the stacked hand")


def shoe_free_split(page: ShoePage, wait: Wait) -> None:
    """The eights split for free: the golden lammer on the second hand."""
    shoe_question(page, wait)
    page.act(Action.FREE_SPLIT)


def shoe_settled(page: ShoePage, wait: Wait) -> None:
    """The split round played out and settled: results beside the cards, the settlement."""
    shoe_free_split(page, wait)
    while page.phase is ShoePhase.DECIDING:
        page.act(Action.STAND)
    wait(lambda: page.phase in (ShoePhase.SETTLED, ShoePhase.FINISHED), "the settlement")


def shoe_history(page: ShoePage, wait: Wait) -> None:
    """The round history after two rounds (the split round, then a repeated bet), the latest
    round opened."""
    shoe_settled(page, wait)
    assert page.bets.betting is not None
    page.bets.betting.repeat()
    page.bets.refresh()
    page.deal()
    while page.phase is ShoePhase.DECIDING:
        page.act(Action.STAND)
    wait(lambda: page.phase in (ShoePhase.SETTLED, ShoePhase.FINISHED), "the second round")
    page.toggle_history()
    wait(lambda: page.history_read, "the stored rounds")
    first = page.history.tree.topLevelItem(0)
    if first is not None:
        first.setExpanded(True)


def shoe_report(page: ShoePage, wait: Wait) -> None:
    """The end-of-shoe report after a one-round shoe with an error in it and two side bets
    (Perfect Pairs paid at the deal, 21+3 lost), each on its own line."""
    _stacked_shoe(page, wait, PAIR_OF_EIGHTS, "")
    place(page, (2, 0), (1, 1), (1, 2))
    page.deal()
    wait(lambda: page.phase is ShoePhase.DECIDING, "the stacked hand")
    assert page.practice is not None
    page.practice.shoe.cut_index = 0        # the cut card is out: this round is the last
    page.act(Action.FREE_SPLIT)
    page.act(Action.HIT)                    # 8 3 hits to 21 (no double after a split)
    while page.phase is ShoePhase.DECIDING:
        page.act(Action.STAND)          # 8 5 stands against a ten: hitting was best
    wait(lambda: page.phase is ShoePhase.FINISHED, "the shoe's end")
    page.finish()


def counted_shoe_bet(page: ShoePage, wait: Wait) -> None:
    """A shoe counted with Hi-Lo before its first deal: two units bet by the digit 2, said
    alike in the count box, on the deal button and in the money line."""
    _stacked_shoe(page, wait, TWELVE_V_FIVE, "hilo")
    assert page.bets.betting is not None and page.bets.unit is not None
    page.bets.betting.set_main(page.bets.unit * 2)
    page.bets.refresh()


def counted_shoe_question(page: ShoePage, wait: Wait) -> None:
    """A shoe counted with Hi-Lo, its last round: two units bet, hard 12 against a 5 to act."""
    counted_shoe_bet(page, wait)
    page.deal()
    assert page.practice is not None
    page.practice.shoe.cut_index = 0        # the cut card is out: this round is the last


def counted_shoe_check(page: ShoePage, wait: Wait) -> None:
    """The counted shoe's last round hit to 21 and settled: the running count asked."""
    counted_shoe_question(page, wait)
    page.act(Action.HIT)
    wait(lambda: page.phase is ShoePhase.CHECKING, "the count check")


def counted_shoe_report(page: ShoePage, wait: Wait) -> None:
    """The counted shoe's report, the count's part with it (the count typed right)."""
    counted_shoe_check(page, wait)
    assert page.counter is not None
    page.answer_check(str(int(page.counter.seen()[0])))
    page.finish()


def decision_shares(page: ShoePage, wait: Wait) -> None:
    """Your earlier decisions on the buttons: the pair of eights against a ten split twice
    and hit once before, the fourth time each button says its share ('Free Split 2 of 3') and
    the felt says whose ('your last 3 here')."""
    split, hit = "8h 10s 8d 6c 3h 10d 5c", "8h 10s 8d 6c 3h 10d"
    _stacked_shoe(page, wait, f"{split} {split} {hit} {PAIR_OF_EIGHTS}", "")
    for first in (Action.FREE_SPLIT, Action.FREE_SPLIT, Action.HIT):
        place(page, (2, 0))
        page.deal()
        wait(lambda: page.phase is ShoePhase.DECIDING, "the pair of eights")
        page.act(first)
        while page.phase is ShoePhase.DECIDING:
            page.act(Action.STAND)
        wait(lambda: page.phase is ShoePhase.SETTLED, "the round settled")
    page.link.save_soon()
    wait(lambda: page.link.saver.state.saved, "the decisions saved")
    place(page, (2, 0))
    page.deal()
    wait(lambda: page.shares.on_buttons is not None, "the shares read")


def betting_timer(page: ShoePage, wait: Wait) -> None:
    """Timed play's betting time: 10 on the main bet, the countdown running; at zero the
    round is dealt with it."""
    _stacked_shoe(page, wait, PAIR_OF_EIGHTS, "", timed=True)
    place(page, (2, 0))


def bet_behind(page: ShoePage, wait: Wait) -> None:
    """A table with two computer seats, 10 on the main bet and 10 behind seat 1, the round
    played and settled: the bet behind's result on its circle and on its own line."""
    _stacked_shoe(page, wait, None, "", seats=2)
    assert page.bets.betting is not None
    place(page, (2, 0), (2, len(page.bets.betting.spots) - 2))
    page.deal()
    while page.phase is ShoePhase.DECIDING:
        offered = page.bar.offered()
        page.act(Action.STAND if Action.STAND in offered else Action.NO_INSURANCE)
    wait(lambda: page.phase in (ShoePhase.SETTLED, ShoePhase.FINISHED), "the settlement")


#: Two computer seats before the player, the dealer's 5 up: seat 1's soft 17 (A♠ 6♦) doubles
#: with money and draws 4♣ to 21; seat 2's 8♥ 8♣ split free, the first hand 8 3 hits (no
#: double after a split) to 20 with 9♦, the second 8 10 stands; the player's 10♦ 9♣ stands,
#: the dealer's 5 10 draws 3♦ to 18.
SEATS_SPLIT_AND_DOUBLE = "As 8h 10d 5s 6d 8c 9c 10c 4c 3h 9d 10s 3d"


def seats_betting(page: ShoePage, wait: Wait) -> None:
    """Betting at a table with two computer seats: each seat's Bet Behind spot at its place,
    10 on the main bet and 10 behind seat 2, the ring on seat 2's spot; nothing dealt yet."""
    _stacked_shoe(page, wait, SEATS_SPLIT_AND_DOUBLE, "", seats=2)
    assert page.bets.betting is not None
    place(page, (2, 0), (2, len(page.bets.betting.spots) - 1))


def seat_hands(page: ShoePage, wait: Wait) -> None:
    """The computer seats' hands on the felt, settled: 10 behind each of two seats, the bets
    behind following doubles and splits; seat 1 doubles (its bet behind 20, won), seat 2
    splits (its free split carries none of the bet behind: 10 on its first hand, won; the
    second pushes), the player's 19 wins."""
    page.settings.set(cfg.BEHIND_FOLLOWS_DOUBLES, True)
    page.settings.set(cfg.BEHIND_FOLLOWS_SPLITS, True)
    _stacked_shoe(page, wait, SEATS_SPLIT_AND_DOUBLE, "", seats=2)
    assert page.bets.betting is not None
    behind = len(page.bets.betting.spots) - 2
    place(page, (2, 0), (2, behind), (2, behind + 1))
    page.deal()
    while page.phase is ShoePhase.DECIDING:
        page.act(Action.STAND)
    wait(lambda: page.phase in (ShoePhase.SETTLED, ShoePhase.FINISHED), "the settlement")


#: Each state by name, with the page it belongs to.
STATES: dict[str, tuple[str, Callable[..., None]]] = {
    "flashcard-question": ("flashcards", flashcard_question),
    "flashcard-answer": ("flashcards", flashcard_answer),
    "flashcards-done-for-today": ("flashcards", flashcards_done_for_today),
    "betting": ("shoe", shoe_betting),
    "shoe-question": ("shoe", shoe_question),
    "side-bets-paid": ("shoe", shoe_side_bets_paid),
    "shoe-free-split": ("shoe", shoe_free_split),
    "shoe-settled": ("shoe", shoe_settled),
    "history": ("shoe", shoe_history),
    "shoe-report": ("shoe", shoe_report),
    "shoe-surrender": ("shoe", shoe_surrender),
    "shoe-surrendered": ("shoe", shoe_surrendered),
    "counted-shoe-bet": ("shoe", counted_shoe_bet),
    "counted-shoe-question": ("shoe", counted_shoe_question),
    "counted-shoe-check": ("shoe", counted_shoe_check),
    "counted-shoe-report": ("shoe", counted_shoe_report),
    "decision-shares": ("shoe", decision_shares),
    "betting-timer": ("shoe", betting_timer),
    "bet-behind": ("shoe", bet_behind),
    "seats-betting": ("shoe", seats_betting),
    "seat-hands": ("shoe", seat_hands),
}
