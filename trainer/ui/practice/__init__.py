"""The practice pages, Flashcards and Shoe practice, built on one base (:mod:`.drill_page`):
the rule-set choice, the feedback panel, the saving of every answer (:mod:`.progress_link`)
and the shoe's settlement texts."""
