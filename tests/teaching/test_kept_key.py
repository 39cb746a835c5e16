"""The key of kept work covers the code that does it: every package the work is computed by
(:data:`trainer.teaching.kept.WORKERS`) and nothing it reads lies outside them, and a change to
any file of any of them makes a new key."""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import pytest

from tests.test_architecture import ROOT, imports_of, module_name, sources
from trainer.teaching import kept
from trainer.teaching.kept import WORKERS, Shelf


def _file_of(name: str) -> Path | None:
    """The source file of module ``name`` in this checkout (a package by its ``__init__``)."""
    base = ROOT.joinpath(*name.split("."))
    for found in (base.with_suffix(".py"), base / "__init__.py"):
        if found.is_file():
            return found
    return None


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def test_the_workers_are_found_where_they_are_imported_from() -> None:
    found = kept.sources()
    assert found is not None and list(found) == list(WORKERS)
    for name, folder in found.items():
        module = importlib.import_module(name)
        assert module.__file__ is not None
        assert folder == Path(module.__file__).parent


def test_everything_the_kept_work_reads_is_in_the_key() -> None:
    """Every project module the keepers import, and what those import in turn (each with the
    packages holding it), lies in a worker package; the top package ``trainer`` only gives
    its version, which the key holds besides."""
    keepers = [module_name(p) for p in sources() if "trainer.teaching.kept" in imports_of(p)]
    assert {"trainer.teaching.catalog", "trainer.teaching.classic",
            "trainer.scheduler.plan"} <= set(keepers)
    seen: set[str] = set()
    todo = list(keepers)
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            step = ".".join(parts[:i])
            path = _file_of(step)
            if path is None or step in seen:
                continue
            seen.add(step)
            todo.extend(m for m in imports_of(path) if _within(m, ("trainer", "strategy_charts")))
    outside = sorted(m for m in seen if m != "trainer" and not _within(m, WORKERS))
    assert outside == []
    assert all(any(_within(m, (w,)) for m in seen) for w in WORKERS)   # none listed in vain


@pytest.mark.parametrize("package", WORKERS)
def test_a_change_to_a_file_of_each_worker_package_makes_a_new_key(
        package: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = kept.sources()
    assert real is not None
    copy = tmp_path / package
    shutil.copytree(real[package], copy, ignore=shutil.ignore_patterns("__pycache__"))

    def key_with(roots: dict[str, Path]) -> str:
        monkeypatch.setattr(kept, "sources", lambda: roots)
        kept.code_digest.cache_clear()
        try:
            shelf = Shelf.of("catalogs", "evolution", ["the same rules"])
            assert shelf is not None
            return shelf.key
        finally:
            kept.code_digest.cache_clear()

    before = key_with(real)
    assert key_with({**real, package: copy}) == before      # the same bytes: the same key
    changed = sorted(copy.rglob("*.py"))[-1]
    changed.write_bytes(changed.read_bytes() + b"\n# changed\n")
    assert key_with({**real, package: copy}) != before
    changed.unlink()                                         # a file gone is a change too
    assert key_with({**real, package: copy}) != before
