"""The Counting page: running count, true count, index flashcards, a counted shoe, and the
counting review (the drills are :mod:`trainer.drills.counting`; the numbers the count lab's)."""
