"""Bets behind computer seats at the shoe table (docs/rules/bet-behind.md), and computer seats
that play the chart with an error rate: the money, the balance, the record, the report, and
a kept shoe played again."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from trainer.drills.round_history import round_detail
from trainer.drills.shoe_keeping import KeptShoe, keep, kept, read, resume
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.rules import Action, InsufficientBalanceError, Outcome, Round, RuleSet, preset
from trainer.rules.bet_behind import BetBehind
from trainer.teaching.situations import round_spot

RULES = preset("evolution")
POT = preset("pot-of-gold")
TEN = Fraction(10)
RATE = {Outcome.WIN: 1, Outcome.CHARLIE: 1, Outcome.BLACKJACK: Fraction(3, 2),
        Outcome.PUSH: 0, Outcome.PUSH_22: 0, Outcome.SURRENDER: Fraction(-1, 2),
        Outcome.LOSE: -1, Outcome.BUST: -1}


def hit_twos(practice: ShoePractice) -> Action:
    """The player hits a two-card hand, declines insurance, stands otherwise."""
    rnd = practice.round
    assert rnd is not None
    legal = rnd.legal_actions()
    if Action.NO_INSURANCE in legal:
        return Action.NO_INSURANCE
    return Action.HIT if Action.HIT in legal and len(rnd.hand.cards) == 2 else Action.STAND


def stand(practice: ShoePractice) -> Action:
    """The player declines insurance and stands."""
    assert practice.round is not None
    legal = practice.round.legal_actions()
    return Action.NO_INSURANCE if Action.NO_INSURANCE in legal else Action.STAND


def play_rounds(practice: ShoePractice, rounds: int) -> None:
    while len(practice.rounds) < rounds and not practice.finished:
        practice.deal()
        while practice.awaiting:
            practice.answer(hit_twos(practice))


def seat_hands(rnd: Round, seat: int) -> list[tuple[Fraction, Fraction, Fraction]]:
    """(net, real, free) of each settled hand of ``seat``."""
    return [(h.net, h.hand.stakes.real, h.hand.stakes.free) for h in rnd.results[seat].hands]


@pytest.mark.parametrize("rules", [RULES, POT], ids=["evolution", "pot-of-gold"])
def test_a_bet_behind_rides_on_the_seat_and_the_balance_adds_up(rules: RuleSet) -> None:
    """Following both, a bet behind of 5 on a seat betting 10 wins half of what the seat's
    real money won (its free wins left out); the balance moves by the seat's net and the bets
    behind's, round after round (the seats err often, so they double and split with money)."""
    behind = (BetBehind(0, Fraction(5), True, True), BetBehind(2, TEN))
    practice = ShoePractice(rules, ShoeSettings(bet=TEN, computer_seats=2, seat=1,
                                                seat_errors=0.4, behind=behind), seed=5)
    balance = practice.balance
    assert balance is not None
    free_won = staked_more = 0
    while not practice.finished:          # the whole shoe
        rnd = practice.deal()
        while practice.awaiting:
            practice.answer(stand(practice))
        record = practice.rounds[-1]
        first, last = record.behind
        hands = seat_hands(rnd, 0)
        free = sum(f for n, r, f in hands if n > 0)
        assert first.net == (sum(n for n, r, f in hands) - free) / 2
        assert first.staked == sum(r for n, r, f in hands) / 2
        dealt_first = rnd.results[2].hands[0]
        assert last.staked == TEN and last.net == TEN * RATE[dealt_first.outcome]
        assert record.net == record.result.net + first.net + last.net
        assert practice.balance == balance + record.net
        balance = practice.balance
        free_won += free > 0
        staked_more += first.staked > 5
    assert free_won and staked_more          # the shoe met free wins and followed real ones


def test_a_bet_behind_not_following_stays_on_the_first_hand_at_its_size() -> None:
    practice = ShoePractice(POT, ShoeSettings(bet=TEN, computer_seats=1, seat=1,
                                              behind=(BetBehind(0, TEN),)), seed=8)
    moved = 0
    while len(practice.rounds) < 60 and not practice.finished:
        rnd = practice.deal()
        while practice.awaiting:
            practice.answer(hit_twos(practice))
        (bet,) = practice.rounds[-1].behind
        assert bet.staked == TEN and [h.index for h in bet.hands] == [0]
        first = rnd.results[0].hands[0]
        moved += len(rnd.results[0].hands) > 1 or first.hand.doubled
        assert bet.hands[0].outcome is first.outcome
    assert moved


def test_the_balance_must_cover_the_most_a_bet_behind_can_come_to() -> None:
    """Following doubles and splits at the live game, 10 behind can come to 20: with 10 on
    the player's own hand a balance of 25 does not cover it, 30 does."""
    settings = ShoeSettings(bet=TEN, bankroll=Fraction(25), computer_seats=1, seat=1,
                            behind=(BetBehind(0, TEN, True, True),))
    with pytest.raises(InsufficientBalanceError, match="bets behind"):
        ShoePractice(RULES, settings, seed=1).deal()
    practice = ShoePractice(RULES, ShoeSettings(**{**settings.__dict__,
                                                   "bankroll": Fraction(30)}), seed=1)
    practice.deal()
    if practice.awaiting:                 # 10 on the hand, 20 held for the bet behind
        assert practice.available == 0


@pytest.mark.parametrize("behind", [
    (BetBehind(1, TEN),),                         # the player's own seat
    (BetBehind(3, TEN),),                         # no such seat
    (BetBehind(0, TEN), BetBehind(0, TEN)),       # two on one seat
])
def test_a_bet_behind_goes_on_another_computer_seat(behind: tuple[BetBehind, ...]) -> None:
    with pytest.raises(ValueError):
        ShoeSettings(computer_seats=2, seat=1, behind=behind)


def test_a_bet_behind_below_the_table_minimum_is_refused() -> None:
    with pytest.raises(ValueError, match="table minimum"):
        ShoeSettings(computer_seats=1, seat=1, minimum=TEN, behind=(BetBehind(0, Fraction(5)),))


def computer_actions(practice: ShoePractice, rounds: int) -> list[tuple[str, ...]]:
    """Each round's computer seat 0's hands as dealt and played (their cards)."""
    out = []
    while len(practice.rounds) < rounds and not practice.finished:
        rnd = practice.deal()
        while practice.awaiting:
            practice.answer(hit_twos(practice))
        out.append(tuple(" ".join(map(str, h.cards)) for h in rnd.seats[0].hands))
    return out


def test_computer_seats_err_at_the_chosen_rate_seeded() -> None:
    """With an error rate the seats leave the chart (their hands differ from the chart's
    play of the same shoe); the same seed plays the same again; 0 is the chart."""
    def shoe(rate: float, seed: int = 4) -> ShoePractice:
        return ShoePractice(RULES, ShoeSettings(computer_seats=1, seat=1, seat_errors=rate,
                                                bankroll=None), seed=seed)
    chart = computer_actions(shoe(0.0), 15)
    erring = computer_actions(shoe(0.5), 15)
    assert erring != chart
    assert computer_actions(shoe(0.5), 15) == erring
    assert computer_actions(shoe(0.0), 15) == chart
    with pytest.raises(ValueError, match="error rate"):
        ShoeSettings(seat_errors=1.5)


def test_the_record_the_history_and_the_report_carry_bets_behind() -> None:
    practice = ShoePractice(RULES, ShoeSettings(bet=TEN, computer_seats=1, seat=1,
                                                behind=(BetBehind(0, Fraction(5)),)), seed=3)
    play_rounds(practice, 12)
    record = practice.rounds[-1]
    lines = round_detail(record).bets
    assert lines[-1].title == "Bet Behind seat 1" and lines[-1].net == record.behind_net
    assert round_detail(record).net == record.net
    report = practice.report()
    assert report.behind is not None and report.behind.placed == 12
    assert report.behind.net == sum(r.behind_net for r in practice.rounds)
    assert report.total_net == sum(r.net for r in practice.rounds)
    assert report.net == sum(r.result.net for r in practice.rounds)  # the player's own bets
    assert "Bet Behind: 12 placed" in report.text()
    assert ShoePractice(RULES, ShoeSettings(), seed=3).report().behind is None


def test_a_kept_shoe_keeps_its_bets_behind_and_seats_errors(tmp_path: Path) -> None:
    settings = ShoeSettings(bet=TEN, computer_seats=2, seat=1, seat_errors=0.3,
                            behind=(BetBehind(0, Fraction(5), True, False),))
    practice = ShoePractice(RULES, settings, seed=9)
    play_rounds(practice, 6)
    practice.change_bets(TEN, {}, (BetBehind(2, TEN, False, True),))
    play_rounds(practice, 11)
    shoe = kept(practice)
    assert shoe is not None
    keep(tmp_path, shoe)
    again = read(tmp_path)
    assert again == shoe and again.settings.behind == settings.behind
    resumed = resume(RULES, again)
    assert resumed.balance == practice.balance
    assert [r.behind for r in resumed.rounds] == [r.behind for r in practice.rounds]
    assert resumed.report() == practice.report()
    plain = shoe.to_plain()              # a shoe kept before bets behind still reads
    del plain["settings"]["behind"], plain["settings"]["seat_errors"]
    assert KeptShoe.from_plain(plain).settings.behind == ()


def test_the_computer_seats_decisions_are_counted_for_the_shares() -> None:
    """Every decision the seats took is noted under its situation (counted here apart, by
    listening to the seats' play)."""
    practice = ShoePractice(RULES, ShoeSettings(computer_seats=2, seat=1, bankroll=None),
                            seed=6)
    seen: list[str] = []
    policy = practice._policy
    practice._policy = lambda rnd: seen.append(round_spot(rnd).situation.key) or policy(rnd)
    play_rounds(practice, 10)
    noted = practice.seat_decisions
    assert len(noted) == len(seen) > 10
    for key in noted.situations():
        shares = noted.shares(key)
        assert shares.total == seen.count(key)
        assert shares.words.startswith("the computer seats")
    assert noted.shares("evolution|first|real|hard4|2|v2").total == 0
