"""The project's scripts outside any package (dev.py, packaging/, bench/), loaded from their
files as modules for the tests that drive them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(path: str, name: str | None = None) -> ModuleType:
    """The script at ``path`` (from the project's root) as a fresh module called ``name``
    (default: its file's stem), registered in ``sys.modules`` so its dataclasses and pickles
    find it."""
    file = ROOT / path
    spec = importlib.util.spec_from_file_location(name or file.stem, file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
