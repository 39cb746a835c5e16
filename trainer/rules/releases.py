"""Each preset's rules as released: the fingerprint it had in each version of the trainer.

A player's history is filed under the rules it was graded by. For a preset that is its name,
but only while its rules stay the same: if a later version changes a preset (a ruling revised,
a side bet added), answers graded under the old rules must not merge with the new ones. So the
rules of every released preset are listed here by fingerprint, oldest first, and only ever
appended to:

* the first rules a preset was released with are filed under its plain name (``evolution``);
* rules it took in a later version under ``name@version`` (``evolution@0.2``), so the
  situation keys made from them are new keys and old keys never change meaning;
* the reviews call the current rules by the plain name, and older ones "evolution, rules of
  version 0.1" (:func:`title`).

Any other rule set is filed under ``custom-FINGERPRINT``, so two different custom rules never
share a history (:func:`history_label`; situation keys start with it). Changing a preset's
rules is therefore a two-line change: the preset, and one entry here (a test fails until both
agree). Each stored session also keeps its rules' fingerprint (:func:`label_fingerprint`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .ruleset import RuleSet


@dataclass(frozen=True)
class Release:
    """A preset's rules in one version of the trainer."""

    version: str         # the trainer's version that first shipped these rules ("0.1")
    fingerprint: str     # RuleSet.fingerprint() of those rules


#: Every preset's released rules, oldest first. Append only: an entry never changes.
RELEASES: dict[str, tuple[Release, ...]] = {
    "evolution": (Release("0.1", "8d5ec15c6387eead"),),
    "pot-of-gold": (Release("0.1", "d7585231ad7f29ba"),),
    "pot-of-gold-8d": (Release("0.1", "7df75976b7fd98fe"),),
    "golden-nugget-2012": (Release("0.1.0", "13e64779d701c9c4"),),
    "golden-nugget-1d-6to5": (Release("0.1.0", "fc61edee5ce2f5ea"),),
    "uk-6d": (Release("0.1.0", "dbe1105399a355f6"),),
}
#: Between a preset's name and a later release's version in a label.
SEPARATOR = "@"
#: The label of a rule set that is no released preset's, before its fingerprint.
CUSTOM_PREFIX = "custom-"


def history_label(rules: RuleSet) -> str:
    """The label ``rules``' answers are filed under (the preset part of situation keys): a
    released preset's name (``name@version`` for rules it took in a later release), else
    ``custom-FINGERPRINT``."""
    fingerprint = rules.fingerprint()
    release = release_of(rules.name, fingerprint)
    if release is not None:
        return label(rules.name, release)
    return f"{CUSTOM_PREFIX}{fingerprint}"


def label_fingerprint(text: str) -> str | None:
    """The fingerprint of the rules a label files answers under (:func:`history_label`'s
    inverse); None for a label of no known rules."""
    if text.startswith(CUSTOM_PREFIX):
        return text.removeprefix(CUSTOM_PREFIX) or None
    parsed = parse(text)
    return None if parsed is None else parsed[1].fingerprint


def release_of(name: str, fingerprint: str) -> Release | None:
    """The release of preset ``name`` with these rules, or None (not a preset's rules)."""
    return next((r for r in RELEASES.get(name, ()) if r.fingerprint == fingerprint), None)


def label(name: str, release: Release) -> str:
    """How a release's history is filed: the plain name for the first, ``name@version``."""
    return name if release == RELEASES[name][0] else f"{name}{SEPARATOR}{release.version}"


def parse(text: str) -> tuple[str, Release] | None:
    """The preset and release a label names, or None for a label of no released preset."""
    name, _, version = text.partition(SEPARATOR)
    releases = RELEASES.get(name, ())
    if not releases:
        return None
    if not version:
        return name, releases[0]
    found = next((r for r in releases if r.version == version), None)
    return None if found is None else (name, found)


def known_rules(text: str) -> RuleSet | None:
    """The rules a label files answers of, when this version has them: a preset's current
    rules; None for a preset's older rules and for custom rules (not known here)."""
    from .presets import PRESETS
    parsed = parse(text)
    if parsed is None or parsed[1] != RELEASES[parsed[0]][-1]:
        return None
    return PRESETS[parsed[0]]


def rules_file_title(rules: RuleSet) -> str:
    """How the rules of a rules file are named on every page and by every command: the name in
    the file, said to be a file's ("my table (rules file)")."""
    return f"{rules.name} (rules file)"


def title(text: str) -> str | None:
    """A preset label as a player reads it: the name for the current rules, "name, rules of
    version V" for older ones; None for a label of no released preset."""
    parsed = parse(text)
    if parsed is None:
        return None
    name, release = parsed
    if release == RELEASES[name][-1]:
        return name
    return f"{name}, rules of version {release.version}"


__all__ = ["CUSTOM_PREFIX", "RELEASES", "Release", "history_label", "known_rules", "label",
           "label_fingerprint", "parse", "release_of", "rules_file_title", "title"]
