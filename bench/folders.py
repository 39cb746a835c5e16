"""Benches keep to temporary folders, as the tests do: a bench that builds a rules file's
tables, opens a progress file or reads settings must never write into the user's own data,
settings or cache folders (nor time a cold build against a warm user cache)."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

#: Each variable the trainer and platformdirs read a folder from, and its folder below the
#: bench's temporary one.
FOLDERS = {"FREEBET_TABLE_CACHE": "table-cache", "FREEBET_TRAINER_DATA": "data",
           "XDG_DATA_HOME": "share", "XDG_CONFIG_HOME": "config", "XDG_CACHE_HOME": "cache"}


def keep_to_temporary_folders() -> Path:
    """Point every folder of this process and its children at a new temporary folder,
    removed when the process ends; returns it."""
    base = Path(tempfile.mkdtemp(prefix="freebet-bench-"))
    for variable, name in FOLDERS.items():
        os.environ[variable] = str(base / name)
    atexit.register(shutil.rmtree, base, ignore_errors=True)
    return base
