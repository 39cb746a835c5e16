"""The study queue's picture of a player's memory, kept so a session replays only new answers.

A due-mode session needs every card's memory trace, and the trace is the whole history folded
through the memory model: at 300,000 answers that fold, not the player, set the pace. A
:class:`Picture` is the fold itself — each card's trace and first answer, each situation's
count, the tally of the situations answered outside what is taught — after some run of the
player's answers, under one model (:data:`~trainer.scheduler.memory.MODEL`), one curriculum
(:func:`course_digest`), one parameter set and one card mapping. :func:`advance` takes it on by
newer answers; the study queue (:mod:`trainer.scheduler.study`) is made from a picture, so a
queue from a kept picture advanced by the answers since is the queue the whole history makes
(``tests/scheduler/test_picture.py`` checks it, trace for trace, card for card).

One thing in the fold looks back: a situation outside what is taught becomes a card of its own
at the player's first costly miss there, and its earlier answers then count as well (as they
would in one fold of everything). :func:`advance` asks for those answers (``earlier``) and
replays that card alone.

The picture may also carry the memory fit's state (:class:`~trainer.scheduler.memory_fit.
FitState`), taken on by the same answers, so a refit reads only the answers since.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from trainer import __version__
from trainer.teaching.answers import Answer
from trainer.teaching.curriculum import Curriculum, Deck, deck

from .health import ROWS, Mark, Predicted
from .memory import FSRS6, MODEL, MemoryParams, Trace, fsrs6_learn, stability_after
from .memory_fit import GRID, FitState, Replay
from .spacing import Sessions

#: Bump when what a picture holds, or how the queue reads it, changes.
PICTURE_FORMAT = 11

#: The answers a picture took in, of the situations asked (``earlier(situations)``).
Earlier = Callable[[frozenset[str]], Sequence[Answer]]


@dataclass(frozen=True)
class Tally:
    """A situation's answers outside what is taught: how many, the EV lost, any wrong, how
    many wrong."""

    answers: int = 0
    loss: float = 0.0
    wrong: bool = False
    wrongs: int = 0

    def add(self, answer: Answer) -> Tally:
        """The tally with ``answer`` too."""
        return Tally(self.answers + 1, self.loss + answer.loss, self.wrong or not answer.right,
                     self.wrongs + (not answer.right))


NOTHING = Tally()


@dataclass(frozen=True)
class Picture:
    """The memory model's fold of a run of answers (see the module docstring)."""

    course: str                     # course_digest of the curriculum
    params: MemoryParams
    mapping: str                    # the card mapping (a name of Curriculum.decks)
    answers: int = 0                # answers taken in
    traces: Mapping[str, Trace] = field(default_factory=dict)
    first: Mapping[str, float] = field(default_factory=dict)   # card -> its first answer's day
    asked: Mapping[str, int] = field(default_factory=dict)     # situation -> answers
    tried: Mapping[str, Tally] = field(default_factory=dict)   # situations outside the taught
    fit_state: FitState | None = None
    model: str = MODEL
    sessions: Sessions = field(default_factory=Sessions)   # when the latest sessions began

    def fits(self, course: Curriculum, params: MemoryParams, mapping: str) -> bool:
        """True when this picture is of ``course`` under this model, parameters and mapping."""
        return (self.model == MODEL and self.course == course_digest(course)
                and self.params == params and self.mapping == mapping)


def empty(course: Curriculum, params: MemoryParams, mapping: str,
          fit_state: FitState | None = None) -> Picture:
    """The picture before any answer."""
    return Picture(course_digest(course), params, mapping, fit_state=fit_state)


def own_worth(course: Curriculum, tried: Mapping[str, Tally]) -> dict[str, float]:
    """The situations outside what is taught that the player's own mistakes make worth teaching:
    natural frequency x the EV their answers there lost on average (any of them wrong)."""
    weight = course.catalog.weight
    own = {key: weight.get(key, 0.0) * t.loss / t.answers
           for key, t in tried.items() if t.wrong}
    return {key: worth for key, worth in own.items() if worth > 0}


def deck_of(course: Curriculum, mapping: str, tried: Mapping[str, Tally]) -> Deck:
    """The mapping's cards with the player's own mistakes outside what the assumed play gets
    wrong (:func:`own_worth`), each a card of its own or joining its fact's."""
    taught = course.decks[mapping]
    own = own_worth(course, tried)
    if not own:
        return taught
    cards = {**taught.card_of, **{k: course.card_key(mapping, k) for k in own}}
    return deck(cards, {**course.leak, **own})


def advance(course: Curriculum, picture: Picture, answers: Sequence[Answer],
            earlier: Earlier | None = None) -> Picture:
    """The picture after ``answers`` too (given after those it took in, oldest first).

    When they make a card of a situation outside what is taught (or change a card's
    situations), that card is replayed from all its answers: ``earlier`` gives those the
    picture took in (needed only then)."""
    if not answers:
        return picture
    mapping, params = picture.mapping, picture.params
    taught = course.decks[mapping].card_of
    asked = dict(picture.asked)
    tried = dict(picture.tried)
    for answer in answers:
        key = answer.situation
        asked[key] = asked.get(key, 0) + 1
        if key not in taught:
            tried[key] = tried.get(key, NOTHING).add(answer)
    before = deck_of(course, mapping, picture.tried).card_of
    after = deck_of(course, mapping, tried).card_of
    moved = before.keys() ^ after.keys()
    affected = {after.get(key) or before[key] for key in moved}
    traces = {card: (t.stability, t.last, t.misses, t.difficulty)
              for card, t in picture.traces.items() if card not in affected}
    first = {card: day for card, day in picture.first.items() if card not in affected}
    if affected and picture.answers:
        if earlier is None:
            raise ValueError("advancing this picture needs the answers it took in")
        faces = frozenset(key for key, card in after.items() if card in affected)
        _replay(params, taught, after, [a for a in earlier(faces) if a.situation in faces],
                traces, first)
    _replay(params, taught, after, answers, traces, first)
    fit_state = picture.fit_state
    if fit_state is not None:
        fit_state = fit_state.extend(answers, course.mappings())
    return Picture(picture.course, params, mapping, picture.answers + len(answers),
                   {card: Trace(*held) for card, held in traces.items()},
                   first, asked, tried, fit_state, picture.model,
                   picture.sessions.after(a.day for a in answers))


def _replay(params: MemoryParams, taught: Mapping[str, str], card_of: Mapping[str, str],
            answers: Sequence[Answer],
            traces: dict[str, tuple[float, float, int, float]], first: dict[str, float]) -> None:
    """Fold ``answers`` into ``traces`` (card -> stability, last day, misses in a row,
    difficulty) and ``first``: what :func:`~trainer.scheduler.memory.learn` does, an answer
    outside what is taught read with no chance of a lucky guess (the player's habit is wrong
    there)."""
    start = params.first
    on_fsrs6 = params.curve == FSRS6
    for answer in answers:
        card = card_of.get(answer.situation)
        if card is None:
            continue
        held = traces.get(card)
        if held is None:
            first[card] = answer.day
        if on_fsrs6:
            t = fsrs6_learn(params, None if held is None else Trace(*held), answer.day,
                            answer.right)
            traces[card] = (t.stability, t.last, t.misses, t.difficulty)
            continue
        if held is None:
            traces[card] = (start, answer.day, 0 if answer.right else 1, 0.0)
            continue
        guess = answer.guess if answer.situation in taught else 0.0
        traces[card] = (stability_after(params, held[0], held[1], answer.day, answer.right,
                                        guess, held[2]), answer.day,
                        0 if answer.right else held[2] + 1, 0.0)


@cache
def course_digest(course: Curriculum) -> str:
    """What a picture of ``course`` depends on besides the answers, as one digest: the rules,
    their table, the assumed play (each situation's worth and each hand's assumed action),
    the cards of each mapping, this trainer's version and the picture format."""
    table = course.catalog.table
    plain = [PICTURE_FORMAT, MODEL, __version__, course.prior.value, course.catalog.preset,
             table.get("fingerprint"), table.get("engine_version"), table.get("format"),
             sorted(course.leak.items()), sorted(course.classic.play.items()),
             {name: sorted(d.card_of.items()) for name, d in course.decks.items()}]
    return hashlib.sha256(json.dumps(plain).encode()).hexdigest()


# ----- kept as bytes ------------------------------------------------------------------------


def encode(picture: Picture) -> bytes:
    """The picture as bytes (:func:`decode` reads them back exactly): a JSON header, then the
    fit state's arrays as raw float64."""
    arrays: list[np.ndarray] = []
    fit: dict[str, Any] | None = None
    if picture.fit_state is not None:
        state = picture.fit_state.kept()
        fit = {"answers": state.answers, "replays": {}, "tallies": {}, "columns": {},
               "mark": None if state.mark is None else state.mark.to_plain(),
               "held": state.held.size, "moving": state.moving}
        for name, replay in state.replays.items():
            fit["replays"][name] = list(replay.cards)
            fit["tallies"][name] = list(replay.tallies)
            fit["columns"][name] = None if replay.columns is None else replay.columns.tolist()
            arrays += [replay.stability, replay.last, replay.total, replay.fsrs, replay.misses,
                       replay.scored, replay.counts]
        arrays.append(state.held.rows)
    header = json.dumps({
        "format": PICTURE_FORMAT, "model": picture.model, "course": picture.course,
        "params": [picture.params.first, picture.params.growth, picture.params.lapse,
                   picture.params.share, picture.params.slip],
        "curve": picture.params.curve, "w": list(picture.params.w),
        "mapping": picture.mapping, "answers": picture.answers,
        "traces": {c: [t.stability, t.last, t.misses, t.difficulty]
                   for c, t in picture.traces.items()},
        "first": picture.first, "asked": picture.asked,
        "tried": {k: [t.answers, t.loss, t.wrong, t.wrongs] for k, t in picture.tried.items()},
        "fit": fit, "candidates": int(GRID.first.size),
        "sessions": [list(picture.sessions.starts), picture.sessions.latest]}).encode()
    body = b"".join(np.ascontiguousarray(a, dtype="<f8").tobytes() for a in arrays)
    return _seal(_content(header, body))


def _content(header: bytes, body: bytes) -> bytes:
    """A picture's content: its JSON header's length once compressed, the header, the arrays."""
    packed = zlib.compress(header, 1)
    return len(packed).to_bytes(8, "little") + packed + body


def _seal(content: bytes) -> bytes:
    """``content`` after its checksum (:data:`SEAL` bytes of SHA-256), which :func:`decode`
    checks: a bit changed anywhere, in the file or on the way, and the picture is not used."""
    return hashlib.sha256(content).digest() + content


#: Bytes of the checksum a kept picture starts with.
SEAL = hashlib.sha256().digest_size


def decode(data: bytes) -> Picture | None:
    """A picture from :func:`encode`'s bytes, or None for bytes that are not one (changed since
    they were written, of any shape but a picture's, a number not finite, from another format
    or grid): it is then made again from the answers, never trusted."""
    content = memoryview(data)[SEAL:]
    if len(data) < SEAL or hashlib.sha256(content).digest() != data[:SEAL]:
        return None
    try:
        size = int.from_bytes(content[:8], "little")
        head = json.loads(zlib.decompress(content[8:8 + size]), parse_constant=_not_finite)
        if head["format"] != PICTURE_FORMAT or head["candidates"] != GRID.first.size:
            return None
        fit_state = _fit_state(head["fit"], content[8 + size:])
        return Picture(
            head["course"], _params(head), str(head["mapping"]),
            int(head["answers"]),
            {c: Trace(float(s), float(last), int(misses), float(d))
             for c, (s, last, misses, d) in head["traces"].items()},
            {c: float(d) for c, d in head["first"].items()},
            {k: int(n) for k, n in head["asked"].items()},
            {k: Tally(int(n), float(loss), bool(w), int(m))
             for k, (n, loss, w, m) in head["tried"].items()},
            fit_state, str(head["model"]), _sessions(head["sessions"]))
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
            RecursionError, zlib.error):   # a part of another shape: a list for a mapping, …
        return None


def _not_finite(word: str) -> float:
    """JSON's NaN or Infinity in a picture's header: never written by the trainer, refused."""
    raise ValueError(f"{word} in the picture")


def _sessions(plain: Sequence[Any]) -> Sessions:
    """The session starts of a picture's header."""
    starts, latest = plain
    return Sessions(tuple(map(float, starts)), None if latest is None else float(latest))


def _params(head: Mapping[str, Any]) -> MemoryParams:
    """The memory parameters of a picture's header."""
    first, growth, lapse, share, slip = map(float, head["params"])
    return MemoryParams(first, growth, lapse, share, slip, str(head["curve"]),
                        tuple(map(float, head["w"])))


def _columns(plain: object) -> np.ndarray | None:
    """The candidates a kept replay holds (None: all), ValueError unless ascending ones of the
    grid's."""
    if plain is None:
        return None
    if not isinstance(plain, list) or not all(type(c) is int for c in plain):
        raise ValueError("columns of another kind")
    columns = np.array(plain, dtype=np.intp)
    if not columns.size or columns[0] < 0 or columns[-1] >= GRID.first.size or (
            np.diff(columns) <= 0).any():
        raise ValueError("columns off the grid")
    return columns


def _fit_state(plain: dict[str, Any] | None, body: memoryview) -> FitState | None:
    """The fit state of a picture's header and its arrays (ValueError if they disagree)."""
    if plain is None:
        if len(body):
            raise ValueError("arrays without a fit state")
        return None
    at = 0

    def take(count: int) -> np.ndarray:
        nonlocal at
        found = np.frombuffer(body, dtype="<f8", count=count, offset=at * 8).astype(float)
        at += count
        if not np.isfinite(found).all():
            raise ValueError("a number in the picture is not finite")
        return found

    replays = {}
    for name, cards in plain["replays"].items():
        n = len(cards)
        columns = _columns(plain["columns"][name])
        width = GRID.first.size if columns is None else columns.size
        stability = take(n * width).reshape(n, width)
        last, total = take(n), take(width)
        answered, rights, same_day = plain["tallies"][name]
        fsrs = take(2 * n).reshape(n, 2)
        misses = take(n)
        later = take(width)
        counts = take(2 * n).reshape(n, 2)
        replays[str(name)] = Replay(tuple(map(str, cards)), stability, last, total, fsrs,
                                    (int(answered), int(rights), int(same_day)), misses,
                                    later, counts, columns)
    held = int(plain["held"])
    rows = Predicted(take(ROWS * held).reshape(ROWS, held))
    if at * 8 != len(body):
        raise ValueError("arrays of another size than the fit state's")
    mark = None if plain["mark"] is None else Mark.from_plain(plain["mark"])
    if mark is not None and mark.mapping in replays and not (
            0 <= mark.index < replays[mark.mapping].total.size):
        raise ValueError("a mark off its replay's candidates")
    return FitState(replays, int(plain["answers"]), mark, rows, float(plain["moving"]))
