"""Exceptions the rules core raises; each names what was wrong."""

from __future__ import annotations


class RulesError(Exception):
    """Base class for every error of the rules core."""


class IllegalActionError(RulesError):
    """An action that is not legal now; the round is left unchanged."""


class InsufficientBalanceError(IllegalActionError):
    """A paid double, split or insurance that the balance cannot cover."""


class ShoeEmptyError(RulesError):
    """The shoe ran out of cards."""


class RuleSetError(RulesError, ValueError):
    """A rule set or rules file with an unknown key or a bad value."""
