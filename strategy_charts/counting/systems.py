"""Card-counting systems: tags, running and true counts, and how well a count tracks the game.

A count gives each card value a *tag* (A, 2, ..., 9, ten-value; index 0 the ace, as in
:mod:`strategy_charts.composition`); the running count is the sum of the tags of the cards seen.
A *balanced* count's tags sum to 0 over a whole shoe, so the running count of the cards seen is
minus the tags of the cards left, and the **true count** is the running count per deck left:
``floor(running / (cards left / 52))`` — *floored*: true count +2 means 2 <= running / decks <
3, and -1 means -1 <= running / decks < 0. An *unbalanced* count (KO: +4 a deck) is kept from
an **initial running count** and never divided (:mod:`.scales`). A player's own tags are a count
too (:func:`parse_tags`, :func:`custom_count`).

How well a count tracks a game is measured the way the counting literature does (Griffin, *The
Theory of Blackjack*), from the exact effects of removal (:mod:`.removal`):

* **betting correlation**: the correlation, over the cards of a deck, between the tags and the
  effects of removal on the game's EV (both centred on the deck);
* **playing efficiency**: the EV a count's index plays win, as a share of what playing every
  decision by its exact linear estimate would win (Griffin's normal approximation, below).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

#: Cards of each value in one deck (A, 2..9, ten-values).
PER_DECK = np.array([4.0] * 9 + [16.0])
CARDS_PER_DECK = 52


@dataclass(frozen=True)
class CountSystem:
    """One count: its key (``hilo``), its name, a tag per card value, and a note."""

    key: str
    name: str
    tags: tuple[float, ...]
    note: str = ""

    def __post_init__(self) -> None:
        if len(self.tags) != 10:
            raise ValueError(f"{self.name}: a count tags 10 card values (A, 2..9, ten), "
                             f"not {len(self.tags)}")

    @property
    def level(self) -> float:
        """The largest tag, in size (1 for Hi-Lo)."""
        return max(abs(t) for t in self.tags)

    @property
    def imbalance(self) -> float:
        """What a whole deck's tags sum to (0 for a balanced count, +4 for KO)."""
        return float(PER_DECK @ np.array(self.tags, float))

    @property
    def balanced(self) -> bool:
        """True when a whole deck's tags sum to 0."""
        return abs(self.imbalance) < 1e-9

    def initial(self, decks: int) -> float:
        """The initial running count a shoe of ``decks`` decks starts from: 0 for a balanced
        count; -imbalance x (decks - 1) for an unbalanced one (KO's -4 x (decks - 1): a whole
        shoe then counts to the imbalance of one deck)."""
        return 0.0 if self.balanced else -self.imbalance * (decks - 1) + 0.0

    def pivot(self, decks: int) -> float:
        """The running count at which every depth has the same true count (the imbalance per
        deck: KO's +4): the initial running count plus a whole shoe's tags."""
        return self.initial(decks) + self.imbalance * decks

    @property
    def whole(self) -> int:
        """The least factor that makes every tag a whole number (2 for halves)."""
        for factor in (1, 2, 4):
            if all(abs(t * factor - round(t * factor)) < 1e-9 for t in self.tags):
                return factor
        raise ValueError(f"{self.name}: tags are whole numbers, halves or quarters")

    def tag(self, value: int) -> float:
        """The tag of a card of blackjack value ``value`` (ace 1, ten-values 10)."""
        return self.tags[value - 1]

    def running(self, values: Iterable[int]) -> float:
        """The running count of the cards of these values."""
        return sum(self.tags[v - 1] for v in values)

    def of_left(self, composition: Sequence[int]) -> float:
        """The running count of the cards seen when ``composition`` (counts A..ten) is left
        (a balanced count: minus the tags of what is left)."""
        return -float(np.dot(self.tags, composition))

    def describe(self) -> str:
        """E.g. 'A −1, 2–6 +1, 7–9 0, ten −1': the tags, equal neighbours grouped."""
        names = ["A", *map(str, range(2, 10)), "ten"]
        groups: list[tuple[int, int, float]] = []
        for i, tag in enumerate(self.tags):
            if groups and groups[-1][2] == tag and groups[-1][0] > 0 and i < 9:
                groups[-1] = (groups[-1][0], i, tag)
            else:
                groups.append((i, i, tag))
        parts = []
        for lo, hi, tag in groups:
            what = names[lo] if lo == hi else f"{names[lo]}–{names[hi]}"
            shown = f"{tag:+g}" if tag else "0"
            parts.append(f"{what} {shown.replace('-', '−')}")
        return ", ".join(parts)


def true_count(running: float, cards_left: int) -> int:
    """The floored true count: running count per deck left."""
    if cards_left <= 0:
        raise ValueError("no cards are left to count a true count over")
    return math.floor(running * CARDS_PER_DECK / cards_left + 1e-9)


KO = CountSystem("ko", "KO", (-1, 1, 1, 1, 1, 1, 1, 0, 0, -1),
                 "Knock-Out (Vancura and Fuchs): Hi-Lo with sevens counted +1, so unbalanced, +4 "
                 "a deck; kept from an initial running count of -4 x (decks - 1), never divided")
HI_LO = CountSystem("hilo", "Hi-Lo", (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1),
                    "the standard level-1 count; also the best level-1 count for Free Bet")
FREE_BET = CountSystem(
    "freebet", "Free Bet count", (-2, 1, 1, 1, 2, 1, 0, 0, 0, -1),
    "Hi-Lo with aces and fives counted twice: the level-2 count with the highest mean betting "
    "correlation over the two games (the live 8-deck game and the Pot of Gold table at 6 "
    "decks), chosen from their exact effects of removal")

#: The counts the lab builds index tables for and the drills teach.
TRAINED: dict[str, CountSystem] = {c.key: c for c in (HI_LO, FREE_BET, KO)}

#: Well-known counts, compared with the trained ones (``freebet-charts counts``); all but KO
#: are balanced.
KNOWN: dict[str, CountSystem] = {c.key: c for c in (
    HI_LO, FREE_BET, KO,
    CountSystem("hiopt1", "Hi-Opt I", (0, 0, 1, 1, 1, 1, 0, 0, 0, -1)),
    CountSystem("hiopt2", "Hi-Opt II", (0, 1, 1, 2, 2, 1, 1, 0, 0, -2)),
    CountSystem("omega2", "Omega II", (0, 1, 1, 2, 2, 2, 1, 0, -1, -2)),
    CountSystem("zen", "Zen", (-1, 1, 1, 2, 2, 2, 1, 0, 0, -2)),
    CountSystem("halves", "Wong Halves", (-1, 0.5, 1, 1, 1.5, 1, 0.5, 0, -0.5, -1)),
)}


def count_named(key: str, known: dict[str, CountSystem] = TRAINED) -> CountSystem:
    """The count called ``key`` (a trained one, or a player's tags by their key,
    ``tags(-1,1,...)``); the error lists the counts there are."""
    if key in known:
        return known[key]
    if key.startswith(_CUSTOM) and key.endswith(")"):
        try:
            tags = tuple(float(x) for x in key[len(_CUSTOM):-1].split(","))
        except ValueError:
            pass
        else:
            if len(tags) == 10:
                found = custom_count(tags)
                if found.key == key:
                    return found
    raise ValueError(f"unknown count {key!r}; the counts are: {', '.join(known)} (or your own "
                     "tags, --tags)")


# ----- a player's own tags --------------------------------------------------------------------

_CUSTOM = "tags("
_VALUE_NAMES = {"a": 1, "ace": 1, "t": 10, "ten": 10, "10": 10, "j": 10, "q": 10, "k": 10,
                **{str(v): v for v in range(2, 10)}}
#: The largest tag a player's count may give a card, in size.
MOST_TAG = 4


def _tag_text(tag: float) -> str:
    return f"{tag:g}" if tag else "0"


def custom_count(tags: Sequence[float]) -> CountSystem:
    """A count of these tags: a known count when they are its tags, else the player's own,
    keyed ``tags(-1,1,...)`` (the key stored with its answers)."""
    found = tuple(float(t) + 0.0 for t in tags)
    for count in KNOWN.values():
        if count.tags == found:
            return count
    key = _CUSTOM + ",".join(_tag_text(t) for t in found) + ")"
    count = CountSystem(key, "", found)
    return CountSystem(key, f"your tags ({count.describe()})", found,
                       "a tag set given by the player")


def parse_tags(text: str) -> CountSystem:
    """A count from text such as ``A:-1,2-6:1,7:0,8:0,9:0,T:-1`` (values A, 2..9 and T, 10 or
    ten, single or as a range; a value not named is tagged 0; tags whole numbers or halves, at
    most 4 in size). ValueError says what is wrong."""
    tags: list[float | None] = [None] * 10
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if ":" not in part:
            raise ValueError(f"{part!r}: give each card as VALUE:TAG, e.g. A:-1 or 2-6:1")
        where, _, tag_text = part.partition(":")
        try:
            tag = float(tag_text)
        except ValueError:
            raise ValueError(f"{part!r}: the tag {tag_text.strip()!r} is not a number") from None
        if not math.isfinite(tag) or abs(tag) > MOST_TAG or abs(tag * 2 - round(tag * 2)) > 1e-9:
            raise ValueError(f"{part!r}: a tag is a whole number or a half from -{MOST_TAG} to "
                             f"{MOST_TAG}")
        first, dash, last = where.strip().lower().partition("-")
        try:
            lo = _VALUE_NAMES[first.strip()]
            hi = _VALUE_NAMES[last.strip()] if dash else lo
        except KeyError:
            raise ValueError(f"{part!r}: card values are A, 2..9 and T (or 10)") from None
        for value in range(min(lo, hi), max(lo, hi) + 1):
            if tags[value - 1] is not None and tags[value - 1] != tag:
                raise ValueError(f"{part!r}: {'A' if value == 1 else value} is tagged twice")
            tags[value - 1] = tag
    found = tuple(0.0 if t is None else t for t in tags)
    if not any(found):
        raise ValueError(f"{text!r}: give at least one card a tag other than 0")
    return custom_count(found)


# ----- how well a count tracks the game -----------------------------------------------------


def _centred(x: np.ndarray) -> np.ndarray:
    """``x`` minus its mean over a deck's cards."""
    return x - (PER_DECK @ x) / PER_DECK.sum()


def correlation(tags: npt.ArrayLike, effects: npt.ArrayLike) -> float:
    """The correlation over a deck's cards of ``tags`` and ``effects`` (0 if either is flat)."""
    t, e = _centred(np.asarray(tags, float)), _centred(np.asarray(effects, float))
    scale = math.sqrt(float(PER_DECK @ (t * t)) * float(PER_DECK @ (e * e)))
    return float(PER_DECK @ (t * e)) / scale if scale > 0 else 0.0


def betting_correlation(count: CountSystem, effects: Sequence[float]) -> float:
    """Correlation of the count's tags with the game's effects of removal."""
    return correlation(count.tags, effects)


def _gain(z: np.ndarray) -> np.ndarray:
    """E[max(0, X - z)] for a standard normal X: the normal approximation's unit gain."""
    phi = np.exp(-z * z / 2) / math.sqrt(2 * math.pi)
    tail = 0.5 * np.vectorize(math.erfc)(z / math.sqrt(2))
    return phi - z * tail


@dataclass(frozen=True)
class Decision:
    """One decision for playing efficiency: how often it comes (per round), the EV the usual
    play leads the other by at the full shoe (``gap`` >= 0), and the change of that gap when one
    card of each value is removed from the full shoe of ``cards`` cards."""

    frequency: float
    gap: float
    effects: tuple[float, ...]


def playing_efficiency(count: CountSystem, decisions: Sequence[Decision], cards: int,
                       penetration: float, depths: int = 24) -> float:
    """The EV a count's best linear estimate of each decision gains, as a share of what the
    exact linear estimate gains (Griffin's normal approximation).

    At a depth with ``m`` cards gone of ``n``, a decision's gap moves by the removed cards'
    effects, scaled by ``n / left`` as the shoe shrinks: a normal change of standard deviation
    ``s = n / left * sqrt(m * left / (n - 1) * var(effects))``. Deviating when the change
    overturns the gap gains ``s * G(gap / s)``, with ``G(z) = phi(z) - z * (1 - Phi(z))``; a count
    correlated ``rho`` with the effects sees only ``|rho| * s``. Both are averaged over depths
    spread evenly before the cut card and summed over decisions by frequency.
    """
    cut = penetration * cards
    ms = (np.arange(depths) + 0.5) * cut / depths
    left = cards - ms
    ideal = counted = 0.0
    for d in decisions:
        e = np.asarray(d.effects, float)
        var = float(PER_DECK @ (_centred(e) ** 2)) / PER_DECK.sum()
        if var <= 0 or d.frequency <= 0:
            continue
        s = cards / left * np.sqrt(ms * left / (cards - 1) * var)
        rho = abs(correlation(count.tags, e))
        with np.errstate(divide="ignore", invalid="ignore"):
            full = np.where(s > 0, s * _gain(d.gap / np.maximum(s, 1e-300)), 0.0)
            seen = np.where(rho * s > 0, rho * s * _gain(d.gap / np.maximum(rho * s, 1e-300)),
                            0.0)
        ideal += d.frequency * float(full.mean())
        counted += d.frequency * float(seen.mean())
    return counted / ideal if ideal > 0 else 0.0


# ----- choosing tags --------------------------------------------------------------------------


@dataclass(frozen=True)
class TagChoice:
    """A balanced tag set found by :func:`best_tags`, with its mean betting correlation."""

    tags: tuple[int, ...]
    correlation: float


def best_tags(effects: Sequence[Sequence[float]], level: int, top: int = 5) -> list[TagChoice]:
    """The balanced tag sets of whole numbers from ``-level`` to ``level`` with the highest mean
    betting correlation over the games whose effects of removal are ``effects``, best first.

    Every tag set is tried: the ace's and the 2..9's tags freely, the ten's the one that
    balances the deck (4 x the others' sum + 16 x the ten's = 0), when it is a whole number in
    range (about 2 million sets at level 2, a second or two).
    """
    if level not in (1, 2):
        raise ValueError(f"tags are searched at level 1 or 2, not {level}")
    values = np.arange(-level, level + 1, dtype=float)
    base = len(values)
    centred = [_centred(np.asarray(e, float)) for e in effects]
    spread = [math.sqrt(float(PER_DECK @ (e * e))) for e in centred]
    digits = np.empty((8, base ** 8), dtype=np.intp)      # the tags of 2..9, as digits
    rest = np.arange(base ** 8, dtype=np.int64)
    for i in range(7, -1, -1):
        digits[i] = rest % base
        rest //= base
    found: list[tuple[float, tuple[int, ...]]] = []
    for ace in values:
        tags = np.empty((10, base ** 8))
        tags[0] = ace
        tags[1:9] = values[digits]
        ten = -(PER_DECK[:9] @ tags[:9]) / PER_DECK[9]
        ok = (np.abs(ten - np.round(ten)) < 1e-9) & (np.abs(ten) <= level)
        tags = tags[:, ok]
        tags[9] = np.round(ten[ok])
        t = tags - ((PER_DECK @ tags) / PER_DECK.sum())[None, :]
        norm = np.sqrt(PER_DECK @ (t * t))
        score = np.zeros(tags.shape[1])
        for e, s in zip(centred, spread, strict=True):
            with np.errstate(divide="ignore", invalid="ignore"):
                score += np.where(norm > 0, ((PER_DECK * e) @ t) / (norm * s), -1.0)
        score /= len(centred)
        for i in np.argsort(-score, kind="stable")[:top]:
            found.append((float(score[i]), tuple(int(x) for x in tags[:, i])))
    found.sort(key=lambda x: (-round(x[0], 12), x[1]))
    return [TagChoice(tags_, score) for score, tags_ in found[:top]]
