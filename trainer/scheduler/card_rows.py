"""A run of answers grouped by card, as the memory fit's replay reads them: each card's answers
in day order, one row a card, padded to the longest (:class:`~trainer.scheduler.memory_fit.
Replay` replays every card at once, one answer-number at a time)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

import numpy as np

from trainer.teaching.answers import Answer


def by_card(answers: Sequence[Answer], card_of: Mapping[str, str], known: Mapping[str, int]
             ) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Answers grouped by card, each card's in day order, as padded (cards x answers) arrays:
    the cards (in order of first answer), day, right, guess, present, and each answer's place
    in ``answers``. Cards in ``known`` come in the order of their rows there, before new ones."""
    rows: dict[str, list[tuple[int, Answer]]] = defaultdict(list)
    for number, answer in enumerate(answers):
        card = card_of.get(answer.situation)
        if card is not None:
            rows[card].append((number, answer))
    order = sorted(rows, key=lambda c: known.get(c, len(known)))   # stable: new cards after
    width = max((len(r) for r in rows.values()), default=0)
    shape = (len(rows), width)
    day, right, guess = np.zeros(shape), np.zeros(shape), np.zeros(shape)
    present = np.zeros(shape, dtype=bool)
    place = np.zeros(shape, dtype=int)
    for i, card in enumerate(order):
        row = rows[card]
        row.sort(key=lambda pair: pair[1].day)
        n = len(row)
        day[i, :n] = [a.day for _, a in row]
        right[i, :n] = [a.right for _, a in row]
        guess[i, :n] = [a.guess for _, a in row]
        place[i, :n] = [number for number, _ in row]
        present[i, :n] = True
    return order, day, right, guess, present, place
