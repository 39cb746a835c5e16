"""Cold start to a shown window: seconds from starting the process to the window's first paint.

    python bench/startup.py [--runs 5] [--page charts]

Each run starts a fresh Python process that runs the app (``trainer.ui.app.run`` with
``--quit-after-show``) with empty settings in a temporary folder, so it opens on the
Flashcards page as on a first start (``--page`` opens another page instead). The app prints the
time of its first paint and quits. Target: under 1 s. Without a display (no ``DISPLAY`` or
``WAYLAND_DISPLAY``) Qt's offscreen platform is used.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODE = ("import sys; from trainer.ui.app import run; "
        "sys.exit(run(['freebet-trainer', '--quit-after-show']))")
TARGET = 1.0


def one_start(page: str | None) -> float:
    """Seconds from process start to first paint, in a fresh settings folder."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "XDG_CONFIG_HOME": home, "HOME": home}
        if sys.platform.startswith("linux") and not (
                os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            env["QT_QPA_PLATFORM"] = "offscreen"
        if page:
            ini = Path(home) / "freebet-trainer" / "Free Bet Trainer.ini"
            ini.parent.mkdir()
            ini.write_text(f"[window]\npage={page}\n")
        started = time.time()
        out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                             env=env, cwd=ROOT, timeout=120, check=True)
        for line in out.stdout.splitlines():
            if line.startswith("first-paint "):
                return float(line.split()[1]) - started
        raise RuntimeError(f"the app never painted its window:\n{out.stdout}\n{out.stderr}")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", choices=["flashcards", "shoe", "charts", "progress",
                                           "settings"])
    args = parser.parse_args(argv)
    one_start(args.page)                     # warm the disk cache: "cold" means a new process
    times = [one_start(args.page) for _ in range(args.runs)]
    median = statistics.median(times)
    print(f"start to first paint ({args.page or 'flashcards'} page, {args.runs} runs): "
          f"median {median:.3f} s, best {min(times):.3f} s, worst {max(times):.3f} s "
          f"(target < {TARGET:.1f} s)")
    return 0 if median < TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
