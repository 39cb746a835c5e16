"""The key of kept work covers the code that does it: every package the work is computed by
(:data:`trainer.teaching.kept.WORKERS`) and nothing it reads lies outside them, and a change to
any file of any of them makes a new key."""

from __future__ import annotations

import importlib
import shutil
from collections.abc import Iterator
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


@pytest.fixture
def bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A process as a bundle runs it: frozen, its packages holding compiled code only, its
    built digest at a file of the test's."""
    built = tmp_path / kept.BUILT
    monkeypatch.setattr(kept.sys, "frozen", True, raising=False)
    monkeypatch.setattr(kept, "sources", lambda: None)
    monkeypatch.setattr(kept, "built_file", lambda: built)
    kept.code_digest.cache_clear()
    yield built
    kept.code_digest.cache_clear()


def test_a_bundle_keys_kept_work_on_the_digest_it_was_built_with(bundle: Path) -> None:
    """A bundle's code cannot be read back into the digest of its sources, so it carries the
    one its build took from them (packaging/freebet-trainer.spec writes it), and kept work
    is keyed on it; another build's digest makes another key."""
    digest = kept.digest_of(_roots())
    assert digest is not None
    bundle.write_text(digest + "\n", encoding="ascii")
    assert kept.code_digest() == digest
    shelf = Shelf.of("plans", "one", [1])
    assert shelf is not None
    bundle.write_text("0" * 64, encoding="ascii")
    kept.code_digest.cache_clear()
    other = Shelf.of("plans", "one", [1])
    assert other is not None and other.key != shelf.key


@pytest.mark.parametrize("text", [None, "", "not a digest", "A" * 64, "0" * 63])
def test_a_bundle_without_a_digest_keeps_nothing(bundle: Path, text: str | None) -> None:
    if text is not None:
        bundle.write_text(text, encoding="ascii")
    assert kept.code_digest() is None
    assert Shelf.of("plans", "one", [1]) is None


def test_a_checkout_never_reads_a_built_digest(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside a bundle the digest is of the sources or nothing: a built digest left lying
    about could be of other code."""
    built = tmp_path / kept.BUILT
    built.write_text("0" * 64, encoding="ascii")
    monkeypatch.setattr(kept, "built_file", lambda: built)
    monkeypatch.setattr(kept, "sources", lambda: None)
    kept.code_digest.cache_clear()
    try:
        assert not getattr(kept.sys, "frozen", False)
        assert kept.code_digest() is None
    finally:
        kept.code_digest.cache_clear()


def _roots() -> dict[str, Path]:
    """The worker packages' folders in this checkout."""
    return {name: ROOT.joinpath(*name.split(".")) for name in WORKERS}
