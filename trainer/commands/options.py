"""The options both programs share, each declared once: the rules (a preset or a rules file),
the data folder, a seed, ``--json``, and how many of something to ask.

A command lists the ones it takes (``options=(RULES, SEED, JSON)``); an option whose default or
help differs for one command is the shared one with that changed (``SEED.but(default=0)``), so
its name, its type and its bounds stay the same everywhere.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from trainer.rules import DEFAULT_PRESET, PRESETS, RuleSet, preset, rules_file

from .numbers import Whole


@dataclass(frozen=True)
class Option:
    """One option: its flags and what argparse is told about it (type, default, help)."""

    flags: tuple[str, ...]
    settings: Mapping[str, Any] = field(default_factory=dict)

    def add(self, parser: argparse.ArgumentParser) -> None:
        """Add the option to ``parser``."""
        parser.add_argument(*self.flags, **self.settings)

    def but(self, **changes: Any) -> Option:
        """The same option with some of what argparse is told changed (a default, the help)."""
        return Option(self.flags, {**self.settings, **changes})


def rules_path(text: str) -> Path:
    """A rules file's path as typed (an argparse type): an empty name is refused, not taken
    as "no file"."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name is not a rules file: give the path of "
                                         "a TOML rules file")
    return Path(text)


@dataclass(frozen=True)
class RulesOption:
    """``--preset NAME`` or ``--rules FILE`` (never both). ``default``: the preset played when
    neither is given; None leaves the choice to the command, and ``unset`` says what it takes
    (``stats``: the last practised)."""

    default: str | None = DEFAULT_PRESET
    unset: str = ""
    #: the default in words, when a program chooses it (the trainer: its settings)
    shown: str = ""

    def add(self, parser: argparse.ArgumentParser) -> None:
        """Add both options, mutually exclusive, to ``parser``."""
        group = parser.add_mutually_exclusive_group()
        group.add_argument("--preset", choices=sorted(PRESETS), default=None,
                           help=f"a built-in rule set (default: "
                                f"{self.shown or self.default or self.unset})")
        group.add_argument("--rules", metavar="FILE", type=rules_path, default=None,
                           help="a TOML rules file instead of a preset")
        parser.set_defaults(default_preset=self.default)


def chosen_rules(args: argparse.Namespace) -> RuleSet | None:
    """The rules ``--rules FILE`` or ``--preset`` names, else the option's default preset
    (None when it has none), dealt to ``args.penetration`` when a program set one (the
    trainer's cut card setting); a rules file that cannot be read raises RuleSetError."""
    if args.rules is not None:
        rules = rules_file.load(args.rules)
    else:
        name = args.preset or args.default_preset
        if not name:
            return None
        rules = preset(name)
    cut = getattr(args, "penetration", None)
    return rules if cut is None else replace(rules, penetration=cut)


def rules_of(args: argparse.Namespace) -> RuleSet:
    """The rules of a command whose rules option has a default preset."""
    rules = chosen_rules(args)
    if rules is None:
        raise RuntimeError("this command's rules option has no default preset")
    return rules


#: The rules, the default preset unless told otherwise.
RULES = RulesOption()
#: The folder of the progress file.
DATA_DIR = Option(("--data-dir",), {
    "metavar": "DIR", "default": None,
    "help": "folder of the progress file (default: $FREEBET_TRAINER_DATA, else the user data "
            "folder)"})
#: A seed: the same seed deals the same cards again.
SEED = Option(("--seed",), {"type": Whole(0, 2**32 - 1), "default": None,
                            "help": "replay a session's deals (default: a random seed)"})
#: The figures as a JSON object instead of text.
JSON = Option(("--json",), {"action": "store_true", "help": "print the figures as JSON"})


def how_many(flag: str, default: int | None, what: str, *, most: int) -> Option:
    """How many of something a command asks or lists: a whole number from 1 to ``most``."""
    shown = f" (default: {default})" if default is not None else ""
    return Option((flag,), {"type": Whole(1, most), "default": default, "metavar": "N",
                            "help": f"{what}{shown}"})


__all__ = ["DATA_DIR", "JSON", "RULES", "SEED", "Option", "RulesOption", "chosen_rules",
           "how_many", "rules_of", "rules_path"]
