"""The learners the bench knows by name: issue 11's three, and one family per way a real player
may differ from them (each for a classic player and a novice), and two wrong starting points."""

from __future__ import annotations

from typing import Any

from .runs import complete

NOVICE: dict[str, Any] = {"prior": "novice", "granularity": "rule", "target": 1.0,
                          "max_reviews": 30000}
DEFAULT_LEARNERS: dict[str, dict[str, Any]] = {
    "classic-situation": {},
    "classic-rule": {"granularity": "rule"},
    "novice-rule": NOVICE,
}
_COMBINED: dict[str, Any] = {
    "curve": "exponential", "interference": 0.3, "interfere_stakes": True, "confusion": 0.2,
    "slip": 0.03, "granularity": "row", "difficulty_sigma": 0.7, "schedule": "irregular",
}
#: Each family's change from the default learner (classic-situation, or novice-rule).
FAMILIES: dict[str, dict[str, Any]] = {
    "power": {"curve": "power", "decay": 0.5},           # FSRS-4.5's curve
    # flatter and steeper power curves than FSRS-4.5's (FSRS-6 fits decays of 0.1 to 0.8)
    "power-0.2": {"curve": "power", "decay": 0.2},
    "power-0.3": {"curve": "power", "decay": 0.3},
    "power-0.7": {"curve": "power", "decay": 0.7},
    "exponential": {"curve": "exponential", "base": 0.9},
    "fsrs6": {"model": "fsrs6"},
    "fsrs6-irregular": {"model": "fsrs6", "schedule": "irregular", "gap_days": [1, 3],
                        "per_session": [30, 200]},
    "interference": {"interference": 0.3},
    "interference-stakes": {"interference": 0.3, "interfere_stakes": True},
    "confusion": {"confusion": 0.3},
    "slip": {"slip": 0.03},
    "row": {"granularity": "row"},
    "difficulty": {"difficulty_sigma": 0.7},
    "irregular": {"schedule": "irregular", "gap_days": [1, 3], "per_session": [30, 200]},
    "combined": _COMBINED,
}
#: Families only a novice has: for a classic player an unrecalled play is the classic one.
NOVICE_FAMILIES: dict[str, dict[str, Any]] = {
    "unlucky": {"lucky": False},
    "combined-unlucky": {**_COMBINED, "lucky": False},
}
WRONG_STARTS: dict[str, dict[str, Any]] = {
    "novice-told-classic": {**NOVICE, "assumed": "classic"},
    "classic-told-novice": {"assumed": "novice"},
}


def named() -> dict[str, dict[str, Any]]:
    """Every learner the bench knows, by name, with every parameter."""
    found = {name: complete(extra, name) for name, extra in DEFAULT_LEARNERS.items()}
    for family, extra in FAMILIES.items():
        found[f"classic-{family}"] = complete(extra, family)
        found[f"novice-{family}"] = complete({**NOVICE, **extra}, family)
    for family, extra in NOVICE_FAMILIES.items():
        found[f"novice-{family}"] = complete({**NOVICE, **extra}, family)
    for name, extra in WRONG_STARTS.items():
        found[name] = complete(extra, name)
    return found


GROUPS = {"defaults": tuple(DEFAULT_LEARNERS), "wrong-starts": tuple(WRONG_STARTS)}
