"""Each page has the hooks the window asks of it (typed protocols, not attribute names in
strings): a page that lost one (a renamed method or signal) fails here, not at a click."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.settings import Settings
from trainer.ui import page_hooks as hooks
from trainer.ui.pages import PAGES

EXPECTED: dict[str, set[type]] = {
    "flashcards": {hooks.DrillsSituations, hooks.Loads, hooks.Ends, hooks.FollowsDataFolder,
                   hooks.Deals},
    "shoe": {hooks.CountsShoes, hooks.Ends, hooks.FollowsDataFolder, hooks.AsksForLeakDrills,
             hooks.AsksForIndexDrills},
    "charts": {hooks.RendersAhead, hooks.Refreshes},
    "progress": {hooks.AsksForLeakDrills, hooks.AsksForCountingReview, hooks.RendersAhead,
                 hooks.Reads},
    "counting": {hooks.DrillsIndices, hooks.Ends, hooks.FollowsDataFolder, hooks.Loads,
                 hooks.AsksForCountedShoes},
    "settings": {hooks.Refreshes},
}
ALL = {getattr(hooks, name) for name in hooks.__all__}


@pytest.mark.parametrize("spec", PAGES, ids=lambda spec: spec.key)
def test_each_page_has_exactly_the_hooks_the_window_asks_of_it(
        qtbot, store: Settings, data_dir: Path, spec) -> None:
    page = spec.make(store)
    qtbot.addWidget(page)
    has = {kind for kind in ALL if isinstance(page, kind)}
    assert has == EXPECTED[spec.key]
    if isinstance(page, hooks.Ends):
        page.shutdown()


def test_every_page_is_listed() -> None:
    assert set(EXPECTED) == {spec.key for spec in PAGES}
