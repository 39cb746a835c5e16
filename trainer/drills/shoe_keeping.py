"""A shoe in progress, kept between runs of the program and offered again.

The shoe is kept as what makes it: its rules' label, its seed, its settings, the count kept
through it and the player's steps (:mod:`.shoe_steps`), with what the offer says of it (rounds
played, balance, cards seen). :func:`resume` deals the seeded shoe again and replays the steps
without saving anything, so the rounds, the balance, the cards seen and the report are exactly
as they were. The file is plain JSON in the data folder, written whole or not at all
(:func:`trainer.rules.atomic_file.atomic_write`); never the progress file, which only SQLite
opens.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from trainer.rules import RuleSet, SideBet
from trainer.rules.atomic_file import atomic_write
from trainer.rules.former_labels import label_then
from trainer.teaching.situations import preset_label

from .shoe_practice import ShoePractice, ShoeSettings
from .shoe_steps import Step, StepKind, behind_from, behind_plain

#: The kept shoe's file, in the data folder beside the progress file.
FILE_NAME = "shoe-in-progress.json"
FORMAT = 1


def _money(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def _settings_plain(settings: ShoeSettings) -> dict[str, Any]:
    plain = asdict(settings)
    plain.update(bet=str(settings.bet), bankroll=_money(settings.bankroll),
                 minimum=_money(settings.minimum),
                 side_bets={b.value: str(v) for b, v in settings.side_bets.items()},
                 behind=[behind_plain(b) for b in settings.behind])
    return plain


def _settings_from(plain: Mapping[str, Any]) -> ShoeSettings:
    def money(value: Any) -> Fraction | None:
        return None if value is None else Fraction(value)
    return ShoeSettings(
        bet=Fraction(plain["bet"]), bankroll=money(plain["bankroll"]),
        side_bets={SideBet(b): Fraction(v) for b, v in plain["side_bets"].items()},
        computer_seats=int(plain["computer_seats"]), seat=int(plain["seat"]),
        perfect_play=bool(plain["perfect_play"]),
        penetration=None if plain["penetration"] is None else float(plain["penetration"]),
        minimum=money(plain["minimum"]), seat_errors=float(plain.get("seat_errors", 0.0)),
        behind=tuple(behind_from(b) for b in plain.get("behind", [])))


@dataclass(frozen=True)
class KeptShoe:
    """A shoe in progress as kept: enough to deal it again to where it was."""

    rules: str                    # the label its answers are filed under
    seed: int
    settings: ShoeSettings        # as the shoe started (the steps carry each round's bets)
    steps: tuple[Step, ...]
    count: str = ""               # the count kept through it ("" none)
    rounds: int = 0               # what the offer says: rounds played, balance, cards seen
    balance: Fraction | None = None
    cards_seen: int = 0

    def words(self) -> str:
        """'19 rounds played, balance 870, 31 cards seen' (what the offer to go on says)."""
        played = f"{self.rounds} round{'s' if self.rounds != 1 else ''} played"
        balance = "" if self.balance is None else f", balance {_amount(self.balance)}"
        return f"{played}{balance}, {self.cards_seen} cards seen"

    def to_plain(self) -> dict[str, Any]:
        """As JSON values."""
        return {"format": FORMAT, "rules": self.rules, "seed": self.seed,
                "settings": _settings_plain(self.settings), "count": self.count,
                "steps": [step.to_plain() for step in self.steps], "rounds": self.rounds,
                "balance": _money(self.balance), "cards_seen": self.cards_seen}

    @classmethod
    def from_plain(cls, plain: Mapping[str, Any]) -> KeptShoe:
        """The kept shoe of :meth:`to_plain`'s values; ValueError for values none has."""
        try:
            if plain["format"] != FORMAT:
                raise ValueError(f"a kept shoe of format {plain['format']!r}, not {FORMAT}")
            balance = plain["balance"]
            return cls(str(plain["rules"]), int(plain["seed"]), _settings_from(plain["settings"]),
                       tuple(Step.from_plain(s) for s in plain["steps"]), str(plain["count"]),
                       int(plain["rounds"]), None if balance is None else Fraction(balance),
                       int(plain["cards_seen"]))
        except (KeyError, TypeError, AttributeError, ZeroDivisionError) as exc:
            raise ValueError(f"not a kept shoe: {exc!r}") from exc


def _amount(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else f"{float(value):.2f}"


def in_progress(practice: ShoePractice) -> bool:
    """True when ending ``practice`` now would throw rounds away: a round played or in play,
    and the shoe not finished."""
    return bool(practice.steps) and not practice.finished


def kept(practice: ShoePractice, count: str = "") -> KeptShoe | None:
    """``practice`` as kept, or None when there is nothing to keep (no round dealt, the shoe
    finished) or it cannot be dealt again (shuffled without a seed)."""
    if practice.seed is None or not in_progress(practice):
        return None
    first = practice.settings
    deals = [s for s in practice.steps if s.kind is StepKind.DEAL]
    if deals:       # the settings as the shoe started: the steps carry each round's bets
        first = replace(first, bet=deals[0].bet, side_bets=deals[0].side_bets,
                        behind=deals[0].behind)
    return KeptShoe(preset_label(practice.rules), practice.seed, first,
                    tuple(practice.steps), count, len(practice.rounds), practice.balance,
                    practice.shoe.position)


def kept_for(shoe: KeptShoe, rules: RuleSet) -> bool:
    """True when ``shoe`` was kept playing ``rules``: under their label, or under the label
    their answers had before the history identity (:mod:`trainer.rules.former_labels`)."""
    return shoe.rules in (preset_label(rules), label_then(rules))


def resume(rules: RuleSet, shoe: KeptShoe, **hooks: Any) -> ShoePractice:
    """The kept shoe dealt again and played to where it was (nothing saved while it is
    replayed; ``hooks``, the :class:`ShoePractice` keywords, heard from then on).
    ValueError when ``rules`` are not the kept shoe's or a step cannot be played."""
    if not kept_for(shoe, rules):
        raise ValueError(f"the kept shoe is of {shoe.rules}, not {preset_label(rules)}")
    on_decision, on_round = hooks.pop("on_decision", None), hooks.pop("on_round", None)
    practice = ShoePractice(rules, shoe.settings, seed=shoe.seed, **hooks)
    try:
        for step in shoe.steps:
            if step.kind is StepKind.DEAL:
                practice.change_bets(step.bet, step.side_bets, step.behind)
                practice.deal()
            else:
                assert step.action is not None
                practice.answer(step.action, step.response_ms, step.timed_out)
    except (RuntimeError, AssertionError) as exc:
        raise ValueError(f"the kept shoe cannot be played again: {exc}") from exc
    practice.on_decision, practice.on_round = on_decision, on_round
    return practice


def keep(folder: Path, shoe: KeptShoe) -> Path:
    """Write ``shoe`` to its file in the data ``folder`` (whole or not at all)."""
    path = folder / FILE_NAME
    with atomic_write(path, encoding="utf-8") as out:
        json.dump(shoe.to_plain(), out)
    return path


def read(folder: Path) -> KeptShoe | None:
    """The shoe kept in the data ``folder``, or None: none kept, or a file that is not one
    (left as it is; the next shoe kept replaces it)."""
    try:
        return KeptShoe.from_plain(json.loads((folder / FILE_NAME).read_text(encoding="utf-8")))
    except (OSError, ValueError, UnicodeDecodeError):
        return None


def forget(folder: Path) -> None:
    """No shoe is kept any more (it ended, or the player chose a new one)."""
    (folder / FILE_NAME).unlink(missing_ok=True)


__all__ = ["FILE_NAME", "KeptShoe", "forget", "in_progress", "keep", "kept", "read", "resume"]
