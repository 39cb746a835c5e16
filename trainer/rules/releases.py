"""Each preset's rules as released: their identities in each version of the trainer.

A player's history is filed under the rules of play it was graded by (the history identity,
:meth:`RuleSet.history_fingerprint`: side bets do not count). For a preset that is its name,
but only while its rules of play stay the same: if a later version changes how a preset is
played (a ruling revised), answers graded under the old rules must not merge with the new ones;
a side bet offered, withdrawn or paid otherwise changes no answer and takes no new release. So
the rules of every released preset are listed here by identity, oldest first, and only ever
appended to:

* the first rules a preset was released with are filed under its plain name (``evolution``);
* rules it took in a later version under ``name@version`` (``evolution@0.2``), so the
  situation keys made from them are new keys and old keys never change meaning;
* the reviews call the current rules by the plain name, and older ones "evolution, rules of
  version 0.1" (:func:`title`).

Any other rule set is filed under ``custom-`` and its history identity, so two custom rules
played differently never share a history, and two that differ only in side bets share one
(:func:`history_label`; situation keys start with it). Changing how a preset is played is
therefore a two-line change: the preset, and one entry here (a test fails until both agree).
Each stored session also keeps the identity its label names (:func:`label_fingerprint`).
Answers filed before the history identity was declared apart are found by
:mod:`trainer.rules.former_labels`.
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
    fingerprint: str     # RuleSet.fingerprint() of those rules as shipped (their tables)
    history: str         # RuleSet.history_fingerprint() of those rules (their answers)


#: Every preset's released rules, oldest first. Append only: an entry never changes.
RELEASES: dict[str, tuple[Release, ...]] = {
    "evolution": (Release("0.1", "8d5ec15c6387eead", "8d5ec15c6387eead"),),
    "pot-of-gold": (Release("0.1", "d7585231ad7f29ba", "7fe3c3ae8cd6d9d6"),),
    "pot-of-gold-8d": (Release("0.1", "7df75976b7fd98fe", "70196c66194811f5"),),
    "golden-nugget-2012": (Release("0.1.0", "13e64779d701c9c4", "388bcd9e0fd08497"),),
    "golden-nugget-1d-6to5": (Release("0.1.0", "fc61edee5ce2f5ea", "9bb9d1c9fc19aa9f"),),
    "uk-6d": (Release("0.1.0", "dbe1105399a355f6", "90a786f3c1094621"),),
}
#: Between a preset's name and a later release's version in a label.
SEPARATOR = "@"
#: The label of a rule set that is no released preset's, before its history identity.
CUSTOM_PREFIX = "custom-"


def history_label(rules: RuleSet) -> str:
    """The label ``rules``' answers are filed under (the preset part of situation keys): a
    released preset's name (``name@version`` for rules of play it took in a later release),
    else ``custom-`` and the history identity (:meth:`RuleSet.history_fingerprint`)."""
    history = rules.history_fingerprint()
    release = release_of(rules.name, history)
    if release is not None:
        return label(rules.name, release)
    return f"{CUSTOM_PREFIX}{history}"


def label_fingerprint(text: str) -> str | None:
    """The identity of the rules a label files answers under: a preset release's table
    identity as shipped, a custom label's history identity; None for a label of no known
    rules."""
    if text.startswith(CUSTOM_PREFIX):
        return text.removeprefix(CUSTOM_PREFIX) or None
    parsed = parse(text)
    return None if parsed is None else parsed[1].fingerprint


def release_of(name: str, history: str) -> Release | None:
    """The release of preset ``name`` with the rules of play of this history identity, or
    None (not a preset's rules)."""
    return next((r for r in RELEASES.get(name, ()) if r.history == history), None)


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
