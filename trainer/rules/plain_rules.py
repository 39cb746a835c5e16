"""Reading a rule set from plain values (a rules file's TOML table): each value turned into
its field's type, or refused naming the key and what is allowed."""

from __future__ import annotations

import re
from dataclasses import fields, replace
from fractions import Fraction
from typing import Any

from .errors import RuleSetError
from .ruleset import ALL_BUT_TENS, OLDER_SPLIT_KEYS, PAIR_LABELS, Peek, RuleSet, Surrender


def from_plain(data: dict[str, Any], base: RuleSet | None = None) -> RuleSet:
    """Build a rule set from plain values, starting from ``base``; names the first bad key."""
    known = {f.name: f for f in fields(RuleSet)}
    changes: dict[str, Any] = {}
    older = {key: data[key] for key in OLDER_SPLIT_KEYS if key in data}
    for key, value in data.items():
        if key in older:
            continue
        if key not in known:
            raise RuleSetError(
                f"unknown rule {key!r}; the rules are: {', '.join(sorted(known))}")
        changes[key] = _convert(key, value)
    if older:
        if "free_split_pairs" in changes:
            raise RuleSetError("give free_split_pairs or the older free_split and "
                               "free_split_tens, not both")
        changes["free_split_pairs"] = _older_splits(older, (base or RuleSet()).free_split_pairs)
    try:
        return replace(base or RuleSet(), **changes)
    except TypeError as exc:  # pragma: no cover - replace() only fails on unknown keys
        raise RuleSetError(str(exc)) from exc


def _older_splits(older: dict[str, Any], base: frozenset[int]) -> frozenset[int]:
    """The free splits a file's older keys say, over the base's: ``free_split = false`` none,
    ``true`` the base's (every pair but tens if it had none); ``free_split_tens`` then adds or
    removes ten-values where pairs split free."""
    for key, value in older.items():
        if not isinstance(value, bool):
            raise RuleSetError(f"rule {key!r} = {value!r} is not allowed; expected true or false")
    pairs = base
    if "free_split" in older:
        pairs = (base or ALL_BUT_TENS) if older["free_split"] else frozenset()
    if "free_split_tens" in older and pairs:
        pairs = pairs | {10} if older["free_split_tens"] else pairs - {10}
    return pairs


#: A payout in a rules file: two whole numbers "N:D" (no signs, no exponents).
_PAYOUT = re.compile(r"\s*(\d{1,3})\s*:\s*(\d{1,3})\s*")


def _convert(key: str, value: Any) -> Any:
    """Turn one plain value into the field's type, or raise naming the key and allowed values."""
    def bad(allowed: str) -> RuleSetError:
        return RuleSetError(f"rule {key!r} = {value!r} is not allowed; expected {allowed}")

    if key == "peek":
        try:
            return Peek(value)
        except ValueError:
            raise bad(" or ".join(repr(p.value) for p in Peek)) from None
    if key == "surrender":
        try:
            return Surrender(value)
        except ValueError:
            raise bad(" or ".join(repr(s.value) for s in Surrender)) from None
    if key == "free_split_pairs":
        labels = {label: v for v, label in PAIR_LABELS.items()}
        if not isinstance(value, list) or not all(
                isinstance(v, str) and v.upper() in labels for v in value):
            raise bad('a list of pairs by card such as ["A", "2", "3", "5", "6", "7", "8", '
                      '"9"] ("10" for ten-values)')
        return frozenset(labels[v.upper()] for v in value)
    if key == "blackjack_pays":
        match = _PAYOUT.fullmatch(value) if isinstance(value, str) else None
        if match is None or int(match[2]) == 0:
            raise bad('a payout such as "3:2" or "6:5" (whole numbers up to 999)')
        return Fraction(int(match[1]), int(match[2]))
    if key == "free_double_totals":
        if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
            raise bad("a list of hard totals such as [9, 10, 11]")
        return frozenset(value)
    if key == "pot_of_gold":
        if isinstance(value, bool) or not isinstance(value, int) or value not in (1, 2):
            raise bad("1 or 2 (the pay table); leave the key out for no Pot of Gold")
        return value
    expected = {f.name: f.type for f in fields(RuleSet)}[key]
    if expected == "bool" and not isinstance(value, bool):
        raise bad("true or false")
    if expected == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        raise bad("a whole number")
    if expected == "float" and (isinstance(value, bool) or not isinstance(value, int | float)):
        raise bad("a number")
    if expected == "str" and not isinstance(value, str):
        raise bad("text")
    return float(value) if expected == "float" else value
