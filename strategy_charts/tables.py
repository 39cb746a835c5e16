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

from trainer.rules import PRESETS, Action, RuleSet
from trainer.rules.atomic_file import atomic_write
from trainer.rules.ruleset import to_plain

from . import side_bets
from .charts_data import ChartBuilder
from .composition import Composition, add, fits, full_shoe, of_values, size, total, unbusted_hands
from .game import StartingHand, hand_ev, starting_hands, up_card_values
from .hand_values import FREE, REAL, UpCardValues
from .initial_hand import action_values
from .pot_of_gold import deal_lammers, rtp_from_lammers
from .splits import SplitValues
from .total_dependent import TotalDependent, chart_choice, composition_weight, drawn_context

#: Bump when a change to the engine changes any number in a table.
ENGINE_VERSION = "3"
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
                  split_card: int | None = None) -> str:
    """The table key of one decision: context, stakes, the player's cards, the dealer's up card.

    A split hand's cards list the split card first ("3,8": a split 3 that drew an 8), since
    the same two cards are a different situation after splitting 8s.
    """
    if context == "split":
        if split_card is None or not hand[split_card - 1]:
            raise ValueError(f"a split hand's key needs its split card, not {split_card!r}")
        rest = list(hand)
        rest[split_card - 1] -= 1
        return f"{context}:{stakes}:{split_card},{cards_key(tuple(rest))}:v{up}"
    return f"{context}:{stakes}:{cards_key(hand)}:v{up}"


def split_card_of(key: str) -> int:
    """The split card of a split hand's table key."""
    return int(key.split(":")[2].split(",")[0])


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
        for up in range(1, 11):
            values = up_card_values(self.rules, self.shoe, up)
            deals = self._first_decisions(values)
            self._split_hands(values)
            self._drawn_hands(values)
            td_ev += self._chart_ev(values, deals)
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

    def _chart_ev(self, values: UpCardValues,
                  deals: list[tuple[StartingHand, dict[Action, float]]]) -> float:
        """EV contribution of this up card when every decision follows the charts."""
        td = TotalDependent(values, self.charts)
        peek = values.peek
        ev = 0.0
        for deal, actions in deals:
            hand = deal.hand
            bj = values.dealer_blackjack(hand)
            if not actions:   # a blackjack: no decision
                ev += deal.probability * float(self.rules.blackjack_pays) * (1.0 - bj)
                continue
            chosen = chart_choice(self.charts, hand, values.up, actions)
            value = td.first_decision(hand, chosen) - (bj if peek else 0.0)
            ev += deal.probability * value
        return ev

    def _first_decisions(self, values: UpCardValues
                         ) -> list[tuple[StartingHand, dict[Action, float]]]:
        deals = []
        for deal in starting_hands(self.shoe):
            if deal.up != values.up:
                continue
            hand = deal.hand
            ev, actions = hand_ev(values, deal)
            self.cd_ev += deal.probability * ev
            bj = values.dealer_blackjack(hand)
            deals.append((deal, actions))
            if actions:
                self.situations[situation_key("first", "real", hand, values.up)] = _entry(
                    actions, deal.probability)
                self.charts.add("real", hand, values.up, actions, deal.probability)
            if values.up == 1 and self.rules.insurance:
                insure = 1.5 * bj - 0.5
                self.situations[situation_key("insurance", "real", hand, 1)] = _entry(
                    {Action.INSURE: insure, Action.NO_INSURANCE: 0.0}, deal.probability)
            if self.rules.pot_of_gold is not None:
                for count, p in deal_lammers(values, deal).items():
                    self.lammers[count] = self.lammers.get(count, 0.0) + deal.probability * p
        return deals

    def _split_hands(self, values: UpCardValues) -> None:
        """Two-card hands made by splitting a pair: hand one (real) and free-split hands.

        A hand that receives the pair card again (where resplits are allowed) also gets the
        value of resplitting: this hand and a new one, with one hand fewer left to make.
        """
        removals: set[Composition] = set()
        jobs = []
        for pair in range(1, 11):
            known = first = of_values([pair])
            if not fits(add(add(first, known), of_values([values.up])), self.shoe):
                continue
            for second in range(1, 11):
                hand = add(first, of_values([second]))
                if fits(add(hand, known), values.shoe):
                    removals |= values.reachable(hand, known)
                    jobs.append((pair, second, hand, known))
        values.prepare(removals)
        for pair, second, hand, known in jobs:
            if total(hand)[0] == 21 or (pair == 1 and not self.rules.resplit_aces):
                continue
            free = self.rules.free_split and (pair != 10 or self.rules.free_split_tens)
            p_second = dict(values.draws(add(first_card(pair), known)))[second]
            mass = values.mass(add(hand, known))
            for label, stakes in [("real", REAL)] + ([("free", FREE)] if free else []):
                acts = action_values(values, hand, stakes, after_split=True, known=known)
                if second == pair and self.rules.max_hands > 2:
                    split = SplitValues(values, pair, known, hands_limit=self.rules.max_hands - 1)
                    split.prepare()
                    action = Action.FREE_SPLIT if free else Action.SPLIT
                    acts[action] = split.value(free=free, first=stakes)
                evs = {a: x / mass for a, x in acts.items()}
                key = situation_key("split", label, hand, values.up, split_card=pair)
                self.situations[key] = _entry(evs)
                self.charts.add("split" if label == "real" else "free", hand, values.up, evs,
                                p_second)

    def _drawn_hands(self, values: UpCardValues) -> None:
        """Hands of 3 to 5 cards (after hits): stand or hit, for real and free stakes."""
        for hand in unbusted_hands(5):
            if size(hand) < 3 or total(hand)[0] >= 21 or not fits(hand, values.shoe):
                continue
            mass = values.mass(hand)
            weight = composition_weight(values.shoe, hand)
            for label, stakes in (("real", REAL), ("free", FREE)):
                evs = {Action.STAND: values.stand(hand, stakes) / mass,
                       Action.HIT: values.hit(hand, stakes) / mass}
                self.situations[situation_key("drawn", label, hand, values.up)] = _entry(evs)
                context = drawn_context(stakes, size(hand), self.rules.six_card_charlie)
                self.charts.add(context, hand, values.up, evs, weight)

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


def first_card(pair: int) -> Composition:
    """The split card alone, as a composition."""
    return of_values([pair])


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


def file_name(rules: RuleSet) -> str:
    """The table's file name: a preset's name for exactly that preset's rules; any other rule
    set is named by its fingerprint, so no rules file (whatever ``name`` it gives) can replace
    a shipped table or reach outside the table folder."""
    if PRESETS.get(rules.name) == rules:
        return f"{rules.name}.json.gz"
    return f"custom-{rules.fingerprint()}.json.gz"


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
    """The table for ``rules``: the shipped one for a preset, else a cached or new build.

    Custom tables are cached under :func:`cache_dir` by the rule set's fingerprint, so a changed
    rules file gets its own table and an unchanged one is built only once. Only a build reports
    to ``progress``.
    """
    shipped = data_dir() / file_name(rules)
    if shipped.exists():
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
    "load_or_build",
    "load_table",
    "situation_key",
    "split_card_of",
    "write_table",
]
