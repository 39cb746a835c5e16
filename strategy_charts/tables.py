"""The precomputed strategy tables the trainer grades against: build, save, load and verify.

One table per rule set, built from a full shoe (the first hand of the shoe): the exact EV of every
legal action in every situation the trainer deals, the total-dependent charts, the whole-game
return and the side bets' returns. A table records the rule set's fingerprint and the engine
version; loading it for another rule set raises :class:`TableMismatchError`. Files are gzipped
JSON with sorted keys, rounded values and a fixed gzip header, so rebuilding is byte-identical.
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from trainer.rules import PRESETS, Action, RuleSet
from trainer.rules.atomic_file import atomic_write
from trainer.rules.ruleset import to_plain

from . import side_bets
from .charts_data import ChartBuilder
from .composition import Composition, add, fits, full_shoe, of_values, size, total, unbusted_hands
from .game import StartingHand, hand_ev, starting_hands
from .hand_values import FREE, REAL
from .pot_of_gold import deal_lammers, rtp_from_lammers
from .split_hands import SplitHands
from .total_dependent import chart_ev, composition_weight, drawn_context
from .up_card import UpCard, dealer_cache

#: Bump when a change to the engine changes any number in a table.
ENGINE_VERSION = "4"
FORMAT = 1
DIGITS = 10


class TableError(Exception):
    """A table file is missing, unreadable or malformed."""


class TableMismatchError(TableError):
    """A table was built for another rule set or engine version than the one asked for."""


#: How a player gets a shipped table back (said by every error about one).
RESTORE = ("Reinstall the trainer to restore it, or rebuild it with "
           "'python -m strategy_charts build --preset {name}'.")


class DamagedTableError(TableError):
    """A table file that cannot be read as a table (truncated, empty, overwritten)."""

    def __init__(self, source: str, detail: str) -> None:
        name = Path(source).name.removesuffix(".json.gz")
        restore = (RESTORE.format(name=name) if name in PRESETS
                   else "Delete it: it is rebuilt when next needed.")
        super().__init__(f"The strategy table {source} is damaged: {detail}. {restore}")
        self.source = source


class MissingTableError(TableError):
    """A table file that is not there or cannot be opened."""

    def __init__(self, source: str, detail: str) -> None:
        name = Path(source).name.removesuffix(".json.gz")
        restore = RESTORE.format(name=name) if name in PRESETS else (
            "Build it with 'python -m strategy_charts build'.")
        super().__init__(f"No strategy table at {source} ({detail}). {restore}")
        self.source = source


def cards_key(hand: Composition) -> str:
    """Card values of a hand, high to low, as text: "10,6" or "7,5,2" (aces are 1)."""
    values = [v for v in range(10, 0, -1) for _ in range(hand[v - 1])]
    return ",".join(map(str, values))


def situation_key(context: str, stakes: str, hand: Composition, up: int,
                  split_card: int | None = None, hands: int = 2) -> str:
    """The table key of one decision: context, stakes, the player's cards, the dealer's up card.

    A split hand's cards list the split card first ("3,8": a split 3 that drew an 8), since
    the same two cards are a different situation after splitting 8s. A split hand's key is
    for a seat of two hands; a pair that may be resplit in a seat of more hands has its own
    entry, the count appended ("split:free:8,8:v6:h3"), since its resplit can make fewer hands.
    """
    if context == "split":
        if split_card is None or not hand[split_card - 1]:
            raise ValueError(f"a split hand's key needs its split card, not {split_card!r}")
        rest = list(hand)
        rest[split_card - 1] -= 1
        seat = f":h{hands}" if hands > 2 else ""
        return f"{context}:{stakes}:{split_card},{cards_key(tuple(rest))}:v{up}{seat}"
    return f"{context}:{stakes}:{cards_key(hand)}:v{up}"


def split_card_of(key: str) -> int:
    """The split card of a split hand's table key."""
    return int(key.split(":")[2].split(",")[0])


def hands_of(key: str) -> int:
    """How many hands the seat holds in a split hand's table key (two unless it says)."""
    parts = key.split(":")
    return int(parts[4][1:]) if len(parts) > 4 else 2


def _round(x: float) -> float:
    return round(x, DIGITS) + 0.0


def _entry(evs: dict[Action, float], probability: float | None = None) -> dict[str, Any]:
    ev = {a.value: _round(x) for a, x in evs.items()}
    best = max(evs, key=lambda a: (round(evs[a], DIGITS), -list(evs).index(a)))
    entry: dict[str, Any] = {"ev": ev, "best": best.value}
    if probability is not None:
        entry["probability"] = _round(probability)
    return entry


#: Called as ``progress(done, total)`` while a table is built (steps: each up card, then the
#: side bets), so a caller can show how far a build that may take a minute has come.
Progress = Callable[[int, int], None]
BUILD_STEPS = 11


@dataclass
class _Builder:
    rules: RuleSet
    progress: Progress | None = None

    def _step(self, done: int) -> None:
        if self.progress is not None:
            self.progress(done, BUILD_STEPS)

    def __post_init__(self) -> None:
        self.shoe = full_shoe(self.rules.decks)
        self.situations: dict[str, dict[str, Any]] = {}
        self.charts = ChartBuilder(self.rules)
        self.cd_ev = 0.0
        self.lammers: dict[int, float] = {}

    def build(self) -> dict[str, Any]:
        td_ev = 0.0
        dealer = dealer_cache(self.rules, self.shoe)
        for up in range(1, 11):
            card = UpCard(self.rules, self.shoe, up, dealer)
            deals = self._first_decisions(card)
            self._split_hands(card)
            for seat in range(3, self.rules.max_hands):
                self._resplit_hands(card, seat)
            self._drawn_hands(card)
            td_ev += chart_ev(card, self.charts, deals)
            self._step(up)
        side_bets = self._side_bets()
        self._step(BUILD_STEPS)
        table: dict[str, Any] = {
            "format": FORMAT,
            "engine_version": ENGINE_VERSION,
            "rules": to_plain(self.rules),
            "fingerprint": self.rules.fingerprint(),
            "decks": self.rules.decks,
            "game": {"cd": {"ev": _round(self.cd_ev), "rtp": _round(1 + self.cd_ev)},
                     "td": {"ev": _round(td_ev), "rtp": _round(1 + td_ev)}},
            "side_bets": side_bets,
            "situations": self.situations,
            "charts": self.charts.charts(),
        }
        return table

    def _first_decisions(self, card: UpCard) -> list[tuple[StartingHand, dict[Action, float]]]:
        deals = []
        values = card.values
        for deal in starting_hands(self.shoe):
            if deal.up != card.up:
                continue
            hand = deal.hand
            numerators = card.first_actions(hand)
            ev, actions = hand_ev(values, deal, numerators=numerators)
            self.cd_ev += deal.probability * ev
            bj = values.dealer_blackjack(hand)
            deals.append((deal, actions))
            if actions:
                self.situations[situation_key("first", "real", hand, card.up)] = _entry(
                    actions, deal.probability)
                self.charts.add("real", hand, card.up, actions, deal.probability)
            if card.up == 1 and self.rules.insurance:
                insure = 1.5 * bj - 0.5
                self.situations[situation_key("insurance", "real", hand, 1)] = _entry(
                    {Action.INSURE: insure, Action.NO_INSURANCE: 0.0}, deal.probability)
            if self.rules.pot_of_gold is not None:
                for count, p in deal_lammers(card, deal, numerators).items():
                    self.lammers[count] = self.lammers.get(count, 0.0) + deal.probability * p
        return deals

    def _split_hands(self, card: UpCard) -> None:
        """Two-card hands made by splitting a pair: hand one (real) and free-split hands.

        A hand that receives the pair card again (where resplits are allowed) also gets the
        value of resplitting: this hand and a new one, with one hand fewer left to make.
        """
        rules, values = self.rules, card.values
        hands = SplitHands(card)
        resplits = hands.resplits(rules.max_hands - 1) if rules.max_hands > 2 else {}
        for pair in hands.pairs:
            known = first = of_values([pair])
            if pair == 1 and not rules.resplit_aces:
                continue
            free = rules.free_split and (pair != 10 or rules.free_split_tens)
            draws = dict(values.draws(add(first, known)))
            for second in range(1, 11):
                hand = add(first, of_values([second]))
                if not fits(add(hand, known), values.shoe) or total(hand)[0] == 21:
                    continue
                mass = values.mass(add(hand, known))
                for label, stakes in [("real", REAL)] + ([("free", FREE)] if free else []):
                    acts = hands.actions(pair, hand, stakes)
                    if second == pair and pair in resplits:
                        action = Action.FREE_SPLIT if free else Action.SPLIT
                        acts[action] = resplits[pair].value(free=free, first=stakes)
                    evs = {a: x / mass for a, x in acts.items()}
                    key = situation_key("split", label, hand, card.up, split_card=pair)
                    self.situations[key] = _entry(evs)
                    self.charts.add("split" if label == "real" else "free", hand, card.up, evs,
                                    draws[second])

    def _resplit_hands(self, card: UpCard, seat: int) -> None:
        """A pair that may be resplit while the seat holds ``seat`` hands (more than two): the
        other hands' pair cards are gone and the resplit can make ``max_hands - seat + 1``."""
        rules, values = self.rules, card.values
        hands = SplitHands(card, known=seat - 1)
        resplits = hands.resplits(rules.max_hands - seat + 1)
        for pair in hands.pairs:
            hand = of_values([pair, pair])
            known = of_values([pair] * (seat - 1))
            if (pair == 1 and not rules.resplit_aces) or not fits(add(hand, known), values.shoe):
                continue
            free = rules.free_split and (pair != 10 or rules.free_split_tens)
            mass = values.mass(add(hand, known))
            for label, stakes in [("real", REAL)] + ([("free", FREE)] if free else []):
                acts = hands.actions(pair, hand, stakes)
                action = Action.FREE_SPLIT if free else Action.SPLIT
                acts[action] = resplits[pair].value(free=free, first=stakes)
                key = situation_key("split", label, hand, card.up, split_card=pair, hands=seat)
                self.situations[key] = _entry({a: x / mass for a, x in acts.items()})

    def _drawn_hands(self, card: UpCard) -> None:
        """Hands of 3 to 5 cards (after hits): stand or hit, for real and free stakes."""
        values = card.values
        hands = [h for h in unbusted_hands(5)
                 if size(h) >= 3 and total(h)[0] < 21 and fits(h, values.shoe)]
        nodes = np.array([card.node(h) for h in hands])
        mass = card.hands.mass[nodes]
        for label, stakes in (("real", REAL), ("free", FREE)):
            stand = (card.hands.stand(stakes)[nodes] / mass).tolist()
            hit = (card.optimal(stakes)[0][nodes] / mass).tolist()
            for i, hand in enumerate(hands):
                evs = {Action.STAND: stand[i], Action.HIT: hit[i]}
                self.situations[situation_key("drawn", label, hand, card.up)] = _entry(evs)
                context = drawn_context(stakes, size(hand), self.rules.six_card_charlie)
                self.charts.add(context, hand, card.up, evs,
                                composition_weight(values.shoe, hand))

    def _side_bets(self) -> dict[str, float | None]:
        shoe = side_bets.full_shoe(self.rules.decks)
        out: dict[str, float | None] = {
            "perfect_pairs": float(side_bets.perfect_pairs_rtp(shoe))
            if self.rules.perfect_pairs else None,
            "twenty_one_plus_three": float(side_bets.twenty_one_plus_three_rtp(shoe))
            if self.rules.twenty_one_plus_three else None,
            "hot_3": float(side_bets.hot_3_rtp(shoe)) if self.rules.hot_3 else None,
            "pot_of_gold": None,
        }
        if self.rules.pot_of_gold is not None:
            out["pot_of_gold"] = rtp_from_lammers(self.lammers, self.rules.pot_of_gold)
        return {k: (None if v is None else _round(v)) for k, v in out.items()}


def build_table(rules: RuleSet, progress: Progress | None = None) -> dict[str, Any]:
    """Compute the whole table for ``rules`` (a full shoe of its decks), reporting each step
    to ``progress``."""
    return _Builder(rules, progress).build()


def encode(table: dict[str, Any]) -> bytes:
    """The table as deterministic gzipped JSON."""
    text = json.dumps(table, sort_keys=True, separators=(",", ":"))
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def decode(data: bytes, source: str = "table") -> dict[str, Any]:
    """Read a table from gzipped JSON bytes; DamagedTableError names ``source`` if they are not
    one."""
    try:
        table = json.loads(gzip.decompress(data))
    except (OSError, EOFError, ValueError, RecursionError) as exc:
        raise DamagedTableError(source, f"it is not a valid strategy table ({exc})") from exc
    if not isinstance(table, dict) or table.get("format") != FORMAT:
        raise DamagedTableError(source, "it has an unknown table format")
    return table


def shipped_rules(presets: list[RuleSet] | None = None) -> list[RuleSet]:
    """The rule sets whose tables ship in ``data/``: each preset (default: all) and its
    standard-blackjack counterpart (for the differences between the two games)."""
    return [rules for base in (presets or list(PRESETS.values()))
            for rules in (base, base.standard_counterpart())]


def file_name(rules: RuleSet) -> str:
    """The table's file name: a preset's name for exactly that preset's rules
    ("evolution.json.gz"), the preset's name and "standard" for its standard counterpart
    ("evolution.standard.json.gz"); any other rule set is named by its fingerprint, so no rules
    file (whatever ``name`` it gives) can replace a shipped table or reach outside the table
    folder."""
    for name, base in PRESETS.items():
        if rules == base:
            return f"{name}.json.gz"
        if rules == base.standard_counterpart():
            return f"{name}.standard.json.gz"
    return f"custom-{rules.fingerprint()}.json.gz"


def _shipped_file(rules: RuleSet) -> Path | None:
    """The shipped table of these rules (by fingerprint, whatever their name), if any."""
    fingerprint = rules.fingerprint()
    for shipped in shipped_rules():
        if shipped.fingerprint() == fingerprint:
            return data_dir() / file_name(shipped)
    return None


def data_dir() -> Path:
    """The shipped ``data/`` folder (the ``freebet_data`` package once installed)."""
    return Path(str(resources.files("freebet_data")))


def write_table(rules: RuleSet, folder: Path) -> Path:
    """Build and atomically write the table of ``rules`` into ``folder``; returns its path.

    The folder is checked (and the temporary file made) before the build, so a folder that
    cannot be written is reported at once, not after the build's minute of work.
    """
    path = folder / file_name(rules)
    with atomic_write(path, "wb") as handle:
        handle.write(encode(build_table(rules)))
    return path


def check(table: dict[str, Any], rules: RuleSet, source: str) -> dict[str, Any]:
    """Return ``table`` if it was built for ``rules`` by this engine, else raise."""
    if table.get("fingerprint") != rules.fingerprint():
        raise TableMismatchError(
            f"{source} was built for other rules (fingerprint {table.get('fingerprint')}, "
            f"rules {rules.name!r} have {rules.fingerprint()}); rebuild it with "
            "'python -m strategy_charts build'")
    if table.get("engine_version") != ENGINE_VERSION:
        raise TableMismatchError(
            f"{source} was built by engine version {table.get('engine_version')}, this is "
            f"{ENGINE_VERSION}; rebuild it with 'python -m strategy_charts build'")
    return table


def load_table(rules: RuleSet, folder: Path | None = None) -> dict[str, Any]:
    """Load the table for ``rules`` from ``folder`` (default: the shipped data) and check it."""
    path = (folder or data_dir()) / file_name(rules)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise MissingTableError(str(path), exc.strerror or str(exc)) from exc
    return check(decode(data, str(path)), rules, str(path))


def cache_dir() -> Path:
    """Where tables built on demand for custom rule sets are kept (per user)."""
    from platformdirs import user_cache_dir
    return Path(os.environ.get("FREEBET_TABLE_CACHE") or user_cache_dir("freebet-trainer"))


def load_or_build(rules: RuleSet, progress: Progress | None = None) -> dict[str, Any]:
    """The table for ``rules``: the shipped one for a preset or a preset's standard
    counterpart (also for the same rules under another name), else a cached or new build.

    Custom tables are cached under :func:`cache_dir` by the rule set's fingerprint, so a changed
    rules file gets its own table and an unchanged one is built only once. Only a build reports
    to ``progress``.
    """
    shipped = _shipped_file(rules)
    if shipped is not None and shipped.exists():
        try:
            data = shipped.read_bytes()
        except OSError as exc:
            raise MissingTableError(str(shipped), exc.strerror or str(exc)) from exc
        table = decode(data, str(shipped))
        if table.get("fingerprint") == rules.fingerprint():
            return check(table, rules, str(shipped))
    folder = cache_dir() / "tables"
    path = folder / f"{rules.fingerprint()}-v{ENGINE_VERSION}.json.gz"
    with suppress(OSError, TableError):   # a damaged or unreadable cache entry is rebuilt
        return check(decode(path.read_bytes(), str(path)), rules, str(path))
    table = build_table(rules, progress)
    with suppress(OSError):   # a cache that cannot be written only costs a build next time
        folder.mkdir(parents=True, exist_ok=True)
        with atomic_write(path, "wb") as handle:
            handle.write(encode(table))
    return table


def load_standard(rules: RuleSet, progress: Progress | None = None) -> dict[str, Any]:
    """The standard-blackjack table of ``rules`` (:meth:`RuleSet.standard_counterpart`):
    shipped for the presets, else cached or built as :func:`load_or_build` does."""
    return load_or_build(rules.standard_counterpart(), progress)


__all__ = [
    "ENGINE_VERSION",
    "DamagedTableError",
    "MissingTableError",
    "TableError",
    "TableMismatchError",
    "build_table",
    "cache_dir",
    "check",
    "data_dir",
    "decode",
    "encode",
    "hands_of",
    "load_or_build",
    "load_standard",
    "load_table",
    "shipped_rules",
    "situation_key",
    "split_card_of",
    "write_table",
]
