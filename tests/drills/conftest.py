"""Drill fixtures: the preset catalogs (the private folders, the table cache and the clock moved
by hand come from tests/conftest.py)."""

from __future__ import annotations

import pytest

from trainer.rules import preset
from trainer.teaching.catalog import Catalog, catalog


@pytest.fixture(scope="session")
def evolution() -> Catalog:
    """The evolution preset's catalog (loaded from data/ once)."""
    return catalog(preset("evolution"))


@pytest.fixture(scope="session")
def pot_of_gold() -> Catalog:
    """The pot-of-gold preset's catalog."""
    return catalog(preset("pot-of-gold"))


@pytest.fixture(scope="session")
def evolution_differences(evolution: Catalog) -> frozenset[str]:
    """Where evolution differs from its standard counterpart (built once per session)."""
    return evolution.differences()
