"""The felt table: what it shows as plain values (:mod:`.model`, :mod:`.flashcard_view`), the
widget that paints them (:mod:`.widget`, :mod:`.paint`) and the decision buttons
(:mod:`.action_bar`)."""
