"""Progress store: every graded decision in SQLite, and the review queries over it."""
