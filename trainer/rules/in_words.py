"""A rule set in words: every rule, as its field's documentation states it, with its value here.

Each :class:`~trainer.rules.ruleset.RuleSet` field documents itself once (``metadata["doc"]``,
which also writes the comments of a saved rules file); the window's Help ▸ The rules of this
game reads the rule set from here, so a rule added to the rule set is said there too. A yes/no
rule documented as ``true: A; false: B`` is said as A, then "yes" or "no: B"; other values
are said plainly (a set of totals as "9, 10, 11", a payout as "3:2", a share as a percentage).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from enum import Enum
from fractions import Fraction
from typing import Any

from .ruleset import RuleSet, to_plain


@dataclass(frozen=True)
class RuleInWords:
    """One rule: its field's name, what it is (its documentation) and what it is here."""

    name: str
    doc: str
    value: str


def value_in_words(value: Any) -> str:
    """A rule's value as a player reads it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, Fraction):
        return f"{value.numerator}:{value.denominator}"
    if isinstance(value, frozenset | set | tuple | list):
        return ", ".join(str(v) for v in value) if value else "none"
    if isinstance(value, float):
        return f"{value:.0%}"
    return str(value)


#: The parts of a rule's documentation that speak of the rules file's syntax, not the game.
_FILE_SYNTAX = (r";\s*\[\] for none", r",?\s*e\.g\. [^.;)]*", r";\s*absent for [^.;)]*",
                r",\s*see [a-z_0-9]+", r"\s*Older files' [^.]*\.")


def plain(doc: str) -> str:
    """A rule's documentation without the rules file's syntax ("[] for none", "e.g. "3:2"",
    "see free_split_tens")."""
    for pattern in _FILE_SYNTAX:
        doc = re.sub(pattern, "", doc)
    return doc


def _said(doc: str, value: Any) -> tuple[str, str]:
    """(the rule, its value) for one field; a yes/no rule documented as 'true: A; false: B'
    is said as A, its value "yes", or "no: B"."""
    if isinstance(value, bool) and doc.startswith("true:") and "; false:" in doc:
        yes, no = (half.strip().rstrip(".") for half in
                   doc.removeprefix("true:").split("; false:", 1))
        return f"{yes[:1].upper()}{yes[1:]}.", "yes" if value else f"no: {no}"
    return doc, value_in_words(value)


def rules_in_words(rules: RuleSet) -> list[RuleInWords]:
    """Every rule of ``rules`` but its name, in the rule set's own order."""
    said = []
    written = to_plain(rules)        # each value as a rules file writes it ("A" for an ace)
    for field in fields(RuleSet):
        if field.name == "name":
            continue
        value = getattr(rules, field.name)
        if not isinstance(value, bool | float):
            value = written.get(field.name)
        doc, words = _said(plain(field.metadata["doc"]), value)
        said.append(RuleInWords(field.name, doc, words))
    return said


__all__ = ["RuleInWords", "plain", "rules_in_words", "value_in_words"]
