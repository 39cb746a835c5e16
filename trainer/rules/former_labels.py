"""The label a rule set's answers were filed under before its history identity was declared
apart from its table identity: frozen here, so that answers filed then are always found.

Until then a player's answers were filed by the table identity (side bets included): a released
preset's name when its name and table identity were a release's, else ``custom-`` and the
table identity. Now they are filed by the rules of play alone
(:func:`trainer.rules.releases.history_label`). For most rule sets the two labels are one (the
presets', and any rule set offering the side bets every rule set offered then); for the others
(a rules file with the Pot of Gold table's side bets, or one that took a side bet away),
:func:`former_label` names the label their answers may still be under, and the progress store
moves them to the new one (:mod:`trainer.progress.relabel`). The derivation below never changes:
it states what the labels were.
"""

from __future__ import annotations

import hashlib
import json

from .releases import CUSTOM_PREFIX, RELEASES, label
from .ruleset import RuleSet, canonical_plain

#: The keys of the canonical form then (:func:`~trainer.rules.ruleset.canonical_plain`): a
#: rule set stating any other was not a rule set then, and had no label.
KEYS_THEN = frozenset({
    "name", "decks", "penetration", "dealer_hits_soft_17", "peek", "insurance", "surrender",
    "push_22", "blackjack_pays", "free_double_totals", "free_double_after_split",
    "double_after_split", "free_split_pairs", "free_split", "free_split_tens", "max_hands",
    "resplit_aces", "six_card_charlie", "auto_stand_21", "perfect_pairs",
    "twenty_one_plus_three", "hot_3", "pot_of_gold"})
#: The keys the table identity left out then.
_LEFT_OUT_THEN = ("name", "penetration")


def label_then(rules: RuleSet) -> str | None:
    """The label ``rules``' answers were filed under then; None when they could not be stated
    then."""
    data = canonical_plain(rules)
    if not data.keys() <= KEYS_THEN:
        return None
    for key in _LEFT_OUT_THEN:
        data.pop(key)
    fingerprint = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]
    release = next((r for r in RELEASES.get(rules.name, ()) if r.fingerprint == fingerprint),
                   None)
    return label(rules.name, release) if release is not None else CUSTOM_PREFIX + fingerprint


def former_label(rules: RuleSet, now: str) -> str | None:
    """The label ``rules``' answers were filed under then, when it is not ``now`` (their label
    now); else None: nothing of theirs is anywhere else."""
    then = label_then(rules)
    return None if then == now else then


__all__ = ["KEYS_THEN", "former_label", "label_then"]
