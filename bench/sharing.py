"""Many processes sharing one progress file at once: nothing lost, nothing damaged.

Each of N processes is a window's pattern: a writer store kept open through the session saver,
M answers saved one by one, and between answers, at random, read-only stores opened and closed
beside it (as the Progress page does) or the writer closed and reopened (a page closed and
opened again). They run at the same time, unsynchronised, so every overlap the machine makes
happens. At the end the file must pass ``PRAGMA integrity_check`` and hold every answer.

Run: .venv/bin/python bench/sharing.py [--processes N] [--answers M] [--seed S] [--json]
(the suite runs a small one: tests/faults/test_sharing_stress.py).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Outcome:
    """What a run did and found."""

    processes: int
    answers_each: int
    expected: int              # answers given in all
    stored: int                # answers found in the file
    read_only_opens: int
    reopens: int
    integrity: str
    seconds: float

    @property
    def ok(self) -> bool:
        """True when nothing was lost and the file is intact."""
        return self.stored == self.expected and self.integrity == "ok"


def worker(path: Path, number: int, answers: int, seed: int) -> tuple[int, int]:
    """One process's share: returns (read-only opens, writer reopens)."""
    from trainer.progress.saving import SessionSaver
    from trainer.progress.store import ProgressStore
    from trainer.teaching.records import GradedDecision, Mode, Verdict

    rng = random.Random(seed * 1000 + number)
    saver = SessionSaver(lambda: ProgressStore.open(path, busy_timeout=30))
    saver.start("evolution", Mode.FLASHCARDS, {"worker": number})
    reads = reopens = 0
    for answer in range(answers):
        saver.decision(GradedDecision(
            time=f"2026-03-01T12:{answer // 60 % 60:02d}:{answer % 60:02d}Z",
            preset="evolution", mode=Mode.FLASHCARDS,
            situation_key=f"worker {number} answer {answer}", cards="10♠ 6♦", dealer_up="10",
            action="hit", best_action="hit", verdict=Verdict.CORRECT, ev_loss=0.0,
            response_ms=1000, evs={"hit": -0.5, "stand": -0.54}, weight=0.01))
        state = saver.save(wait=True)
        while not state.saved:          # a lock past 30 s: keep the answer and try again
            if state.stopped:
                raise SystemExit(f"worker {number}: {state.problem}")
            state = saver.save(wait=True)
        roll = rng.random()
        if roll < 0.4:
            with ProgressStore.open(path, read_only=True) as reader:
                reader.tuples("SELECT COUNT(*) FROM decisions")
            reads += 1
        elif roll < 0.5:
            final = saver.close()
            if not final.saved:
                raise SystemExit(f"worker {number}: {final.text()}")
            saver = SessionSaver(lambda: ProgressStore.open(path, busy_timeout=30))
            saver.start("evolution", Mode.FLASHCARDS, {"worker": number})
            reopens += 1
    final = saver.close()
    if not final.saved:
        raise SystemExit(f"worker {number}: {final.text()}")
    return reads, reopens


def run(folder: Path, processes: int, answers: int, seed: int) -> Outcome:
    """Run ``processes`` workers at once on ``folder``'s progress file and check it."""
    from trainer.progress.store import ProgressStore

    path = folder / "progress.sqlite3"
    ProgressStore.open(path).close()          # created once, so no worker races to make it
    start = time.perf_counter()
    children = [subprocess.Popen([sys.executable, __file__, "--worker", str(n),
                                  "--path", str(path), "--answers", str(answers),
                                  "--seed", str(seed)], stdout=subprocess.PIPE, text=True)
                for n in range(processes)]
    reads = reopens = 0
    for child in children:
        out, _ = child.communicate(timeout=600)
        if child.returncode:
            raise SystemExit(f"a worker failed (exit {child.returncode})")
        got = json.loads(out)
        reads += got["reads"]
        reopens += got["reopens"]
    seconds = time.perf_counter() - start
    with ProgressStore.open(path, read_only=True) as store:
        integrity = "; ".join(row[0] for row in store.tuples("PRAGMA integrity_check"))
        stored = store.tuples("SELECT COUNT(DISTINCT situation_key) FROM decisions")[0][0]
    return Outcome(processes, answers, processes * answers, stored, reads, reopens, integrity,
                   seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=8)
    parser.add_argument("--answers", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--path", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker is not None:
        reads, reopens = worker(args.path, args.worker, args.answers, args.seed)
        print(json.dumps({"reads": reads, "reopens": reopens}))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        outcome = run(Path(folder), args.processes, args.answers, args.seed)
    # the bench's folder, this script's own (imported here: the tests load the script)
    from yardstick import yardstick

    unit = yardstick()
    if args.json:
        print(json.dumps({**asdict(outcome), "ok": outcome.ok, "yardstick_s": unit}))
    else:
        print(f"{outcome.processes} processes x {outcome.answers_each} answers "
              f"({outcome.read_only_opens} read-only opens, {outcome.reopens} reopens) "
              f"in {outcome.seconds:.1f} s = {outcome.seconds / unit:.1f} yardstick units: "
              f"{outcome.stored} of {outcome.expected} answers stored, integrity "
              f"{outcome.integrity}")
    return 0 if outcome.ok else 1


if __name__ == "__main__":
    sys.exit(main())
