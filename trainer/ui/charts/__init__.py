"""The Strategy charts page: a preset's chart per context on a matplotlib canvas, each cell's
EVs, the differences from standard blackjack, and export."""
