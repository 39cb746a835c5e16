"""Strategy charts and exact game computations for Free Bet Blackjack."""
