"""Each decision button's share (docs/rules/rulings.md#what-other-players-chose): the player's own
latest decisions in the exact situation, counted from the progress file written here, on the
shoe table's buttons and felt; off by the setting; in flashcards outside due mode only."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.progress.factories import FIXED_NOW, decision
from trainer import settings as cfg
from trainer.drills.flashcards import FlashMode
from trainer.drills.shares import Shares, Whose
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.rules import Action
from trainer.settings import Settings
from trainer.teaching.records import Mode
from trainer.ui.practice.shoe_page import ShoePhase

from .test_flashcards_page import make_page as flashcards
from .test_shoe_page import click, make_page

#: The pair of 8s against a 10 the stacked shoe deals first.
EIGHTS = "evolution|first|real|pair8|2|v10"


def write(data_dir: Path, key: str, actions: list[str]) -> None:
    """Earlier decisions in the situation of ``key``, kept in the progress file."""
    with ProgressStore.open(database_path(str(data_dir))) as saved:
        session = saved.start_session("evolution", Mode.SHOE, {})
        for minute, action in enumerate(actions):
            stamp = (FIXED_NOW + timedelta(minutes=minute)).strftime("%Y-%m-%dT%H:%M:%SZ")
            saved.record_decision(session, decision(situation_key=key, action=action,
                                                    time=stamp))


def test_the_shoe_tables_buttons_say_your_earlier_decisions_here(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    store.set(cfg.DEALER_SPEED_MS, 0)
    write(data_dir, EIGHTS, ["free_split"] * 3 + ["stand"] * 2)
    write(data_dir, "evolution|first|real|pair8|2|v9", ["hit"] * 4)   # another up card
    page = make_page(qtbot, store)
    assert page.phase is ShoePhase.DECIDING
    qtbot.waitUntil(lambda: page.shares.on_buttons is not None, timeout=10000)
    assert page.bar.button(Action.FREE_SPLIT).text() == "Free Split 3 of 5 (P)"
    assert page.bar.button(Action.STAND).text() == "Stand 2 of 5 (S)"
    assert page.bar.button(Action.HIT).text() == "Hit 0 of 5 (H)"
    assert page.table.view().message.endswith(" · your last 5 here")
    click(qtbot, page, Action.FREE_SPLIT)           # the next hand: 8 3 v 10, none counted
    assert page.phase is ShoePhase.DECIDING
    assert page.bar.button(Action.STAND).text() == "Stand (S)"
    page.shutdown()


def test_the_setting_turns_the_shares_off(qtbot, store: Settings, data_dir: Path,
                                          warnings) -> None:
    store.set(cfg.DEALER_SPEED_MS, 0)
    store.set(cfg.DECISION_SHARES, False)
    write(data_dir, EIGHTS, ["free_split"] * 3)
    page = make_page(qtbot, store)
    assert page.shares.reads == 0
    assert page.bar.button(Action.FREE_SPLIT).text() == "Free Split (P)"
    assert "your last" not in page.table.view().message
    page.shutdown()


def test_flashcards_show_the_shares_outside_due_mode(qtbot, store: Settings, data_dir: Path,
                                                     warnings) -> None:
    write(data_dir, EIGHTS, ["free_split"] * 2 + ["stand"])
    page = flashcards(qtbot, store, FlashMode.ALL)
    page.drill_on([EIGHTS])                       # deals exactly the pair of 8s v 10
    qtbot.waitUntil(lambda: page.awaiting and page.shares.on_buttons is not None,
                    timeout=20000)
    assert page.card is not None and page.card.situation.key == EIGHTS
    assert page.bar.button(Action.FREE_SPLIT).text() == "Free Split 2 of 3 (P)"
    assert page.table.view().message.endswith("your last 3 here")
    page.shutdown()


def test_due_mode_flashcards_never_show_the_shares(qtbot, store: Settings, data_dir: Path,
                                                   warnings) -> None:
    """Whatever card due mode deals has decisions kept in its situation, and none is shown:
    the share would give the answer away."""
    page = flashcards(qtbot, store, FlashMode.DUE)
    for _ in range(3):
        assert page.card is not None
        key = page.card.situation.key
        page.shutdown()
        write(data_dir, key, ["stand"] * 4)
        page = flashcards(qtbot, store, FlashMode.DUE)
        assert page.card is not None
        if page.card.situation.key == key:
            break
    assert page.card is not None and page.card.situation.key == key
    with ProgressStore.open(database_path(str(data_dir))) as saved:
        assert saved.tuples("SELECT COUNT(*) FROM decisions WHERE situation_key = ?",
                            (key,))[0][0] >= 4
    qtbot.wait(200)
    assert page.shares.reads == 0 and page.shares.on_buttons is None
    assert all("of" not in button.text() for button in page.bar.buttons.values())
    assert "your last" not in page.table.view().message
    page.shutdown()


def test_with_none_of_yours_the_computer_seats_decisions_are_shown(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    """Where you never decided, the seats' decisions in the situation this session are on the
    buttons, and the felt says whose."""
    store.set(cfg.DEALER_SPEED_MS, 0)
    page = make_page(qtbot, store)
    seats = Shares.of(Whose.SEATS, [Action.FREE_SPLIT, Action.FREE_SPLIT, Action.STAND])
    page.shares.ask(EIGHTS, seats)
    qtbot.waitUntil(lambda: page.shares.on_buttons is not None, timeout=10000)
    assert page.bar.button(Action.FREE_SPLIT).text() == "Free Split 2 of 3 (P)"
    assert page.table.view().message.endswith("the computer seats, 3 here this session")
    page.shutdown()
