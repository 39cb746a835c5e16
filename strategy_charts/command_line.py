"""What every engine command shares: choosing the rules (a preset or a rules file) and printing
a result as text or JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from trainer.rules import PRESETS, RuleSet, preset, rules_file


def rules_of(args: argparse.Namespace) -> RuleSet:
    """The rules a command was given: ``--rules FILE``, else ``--preset`` (evolution)."""
    if args.rules:
        return rules_file.load(args.rules)
    return preset(args.preset or "evolution")


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """``--preset NAME`` or ``--rules FILE``, and ``--json``."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--preset", choices=sorted(PRESETS), help="a built-in rule set")
    group.add_argument("--rules", metavar="FILE", help="a TOML rules file")
    parser.add_argument("--json", action="store_true", help="print JSON")


def print_result(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    """``data`` as JSON with ``--json``, else ``text``."""
    print(json.dumps(data, indent=2) if args.json else text)
