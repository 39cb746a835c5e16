"""Free Bet Blackjack strategy trainer: rules core, drills, progress store and desktop app."""

__version__ = "0.1.0"
