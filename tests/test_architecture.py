"""Project-wide checks: which layer may import which (one table, every pair), the UI's feature
folders and their circles, the pieces that must not load matplotlib, and the wheel's packages.

Layers, lowest first: the rules core, the command-line convention (trainer.commands: both
programs' commands use it), the engine (strategy_charts), what is taught (trainer.teaching),
the scheduler (trainer.scheduler), the drills, the progress store, the UI, and the shell (the
``freebet-trainer`` command); the top package ``trainer`` itself (its version) belongs to none.
Every import in a file counts, at the top or inside a function (a lazy import is a dependency
all the same).
"""

from __future__ import annotations

import ast
import itertools
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Layer -> the packages (or modules) it is made of.
LAYERS: dict[str, tuple[str, ...]] = {
    "rules":     ("trainer.rules",),
    "commands":  ("trainer.commands",),
    "engine":    ("strategy_charts",),
    "teaching":  ("trainer.teaching",),
    "scheduler": ("trainer.scheduler",),
    "drills":    ("trainer.drills",),
    "progress":  ("trainer.progress",),
    "session":   ("trainer.session",),
    "settings":  ("trainer.settings",),
    "ui":        ("trainer.ui",),
    "shell":     ("trainer.cli", "trainer.__main__"),
}
#: Libraries only some layers may use.
LIBRARIES: dict[str, tuple[str, ...]] = {"Qt": ("PyQt6", "PyQt5", "PySide6"),
                                         "matplotlib": ("matplotlib",)}

Y, N = True, False   # may import, may not
#: Who may import whom: each row is an importing layer, each column what it imports.
#: What is taught (trainer/teaching: situations, the catalog, the curriculum, grading) reads the
#: rules and the engine's tables; the scheduler (trainer/scheduler: the memory models, their
#: fits, the study queue) reads what is taught and values nothing itself (no engine); the
#: drills use both, never the other way round. The session layer composes drills and progress
#: for both front ends (trainer/session.py). The window follows the programs' conventions too
#: (trainer/commands: exit statuses, the signals that stop a program), so it may read them. The
#: player's settings (trainer/settings) are core, read by both front ends and the commands;
#: they ask the rules, what is taught and the scheduler for their choices and bounds.
#: The columns, in order: rules, commands, engine, teaching, scheduler, drills, progress,
#: session, settings, ui, shell, Qt, matplotlib.
ALLOWED: dict[str, tuple[bool, ...]] = {
    "rules":     (Y, N, N, N, N, N, N, N, N, N, N, N, N),
    "commands":  (Y, Y, N, N, N, N, N, N, Y, N, N, N, N),
    "engine":    (Y, Y, Y, N, N, N, N, N, N, N, N, N, Y),
    "teaching":  (Y, N, Y, Y, N, N, N, N, N, N, N, N, N),
    "scheduler": (Y, N, N, Y, Y, N, N, N, N, N, N, N, N),
    "drills":    (Y, N, Y, Y, Y, Y, N, N, N, N, N, N, N),
    "progress":  (Y, N, Y, Y, Y, Y, Y, N, N, N, N, N, N),
    "session":   (Y, N, Y, Y, Y, Y, Y, Y, N, N, N, N, N),
    "settings":  (Y, N, N, Y, Y, N, N, N, Y, N, N, N, N),
    "ui":        (Y, Y, Y, Y, Y, Y, Y, Y, Y, Y, N, Y, Y),
    "shell":     (Y, Y, Y, Y, Y, Y, Y, Y, Y, Y, Y, N, N),
}
COLUMNS = (*LAYERS, *LIBRARIES)
#: The engine draws charts with matplotlib in these modules only.
MATPLOTLIB_IN_ENGINE = {"strategy_charts.render", "strategy_charts.label_paths",
                        "strategy_charts.counting.chart"}

#: The UI's feature folders, and the other feature folders each may import (every feature may
#: use the shared modules beside them: background, errors, widgets, theme, plotting, pages).
FEATURES: dict[str, set[str]] = {
    "table": set(),
    "practice": {"table", "settings"},
    "charts": {"settings"},
    "counting": {"table", "practice", "settings"},
    "progress": {"settings"},
    "settings": set(),
}
#: The UI's folders of shared modules, which every feature may use.
SHARED_FOLDERS = {"plotting"}


def module_name(path: Path) -> str:
    """``trainer/ui/app.py`` -> ``trainer.ui.app`` (a package by its ``__init__``)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def imports_of(path: Path) -> frozenset[str]:
    """Every module ``path`` imports, absolute (relative imports resolved)."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return frozenset(found)


def sources() -> list[Path]:
    return sorted(p for top in ("trainer", "strategy_charts") for p in (ROOT / top).rglob("*.py"))


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def layer_of(name: str) -> str | None:
    """The layer a module belongs to (the most specific match), or a library's column."""
    matches = [(len(p), layer) for layer, packages in LAYERS.items() for p in packages
               if _within(name, (p,))]
    if matches:
        return max(matches)[1]
    return next((lib for lib, packages in LIBRARIES.items() if _within(name, packages)), None)


@pytest.mark.parametrize(("importer", "imported"), list(itertools.product(LAYERS, COLUMNS)))
def test_each_layer_imports_only_what_the_table_allows(importer: str, imported: str) -> None:
    allowed = ALLOWED[importer][COLUMNS.index(imported)]
    offenders = []
    for path in sources():
        name = module_name(path)
        if layer_of(name) != importer:
            continue
        hits = sorted(m for m in imports_of(path) if layer_of(m) == imported)
        may = (allowed and (importer, imported) != ("engine", "matplotlib")) or (
            name in MATPLOTLIB_IN_ENGINE)
        if hits and not may:
            offenders.append(f"{name}: {', '.join(hits)}")
    assert offenders == []


def test_every_name_the_progress_service_offers_is_found() -> None:
    """The adapter imports each name on first use: each must exist where its table says."""
    import importlib
    service = importlib.import_module("trainer.ui.progress_service")
    for name in service._FROM:
        assert getattr(service, name) is not None, name
    source = (ROOT / "trainer" / "ui" / "progress_service.py").read_text(encoding="utf-8")
    checked = {alias.asname for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.ImportFrom) for alias in node.names if alias.asname}
    assert checked == set(service._FROM)      # the type checker sees what runs


def _ui_modules() -> dict[str, Path]:
    return {module_name(p): p for p in (ROOT / "trainer" / "ui").rglob("*.py")}


def test_every_ui_folder_is_a_declared_feature_or_shared() -> None:
    """A new folder of the window's code is declared above (a feature, with what it may
    import, or shared): one left out would escape the feature rule below."""
    folders = {path.parent.relative_to(ROOT / "trainer" / "ui").parts[0]
               for path in (ROOT / "trainer" / "ui").rglob("*.py")
               if path.parent != ROOT / "trainer" / "ui"}
    assert folders - set(FEATURES) - SHARED_FOLDERS == set()
    assert SHARED_FOLDERS.isdisjoint(FEATURES)


def test_feature_folders_import_only_the_features_they_build_on() -> None:
    offenders = []
    for name, path in _ui_modules().items():
        feature = name.split(".")[2] if name.count(".") >= 2 else None
        if feature not in FEATURES:
            continue
        for target in imports_of(path):
            other = target.split(".")[2] if target.startswith("trainer.ui.") else None
            if other in FEATURES and other != feature and other not in FEATURES[feature]:
                offenders.append(f"{name} -> {target}")
    assert offenders == []


def _no_circle(graph: dict[str, set[str]]) -> None:
    """Fail naming the first import circle of ``graph`` (module -> the modules it imports)."""
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        if name in trail:
            pytest.fail("import circle: " + " -> ".join((*trail[trail.index(name):], name)))
        if name in done:
            return
        for target in sorted(graph[name]):
            visit(target, (*trail, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())


def test_the_ui_has_no_import_circles() -> None:
    modules = _ui_modules()
    graph = {name: {m for m in imports_of(path) if m in modules and m != name}
             for name, path in modules.items()}
    _no_circle(graph)


def _executed_imports(path: Path, modules: set[str]) -> set[str]:
    """The project modules ``path`` imports when it runs, at the top or in a function: an
    import under ``if TYPE_CHECKING`` never runs, and ``from package import module`` imports
    that module (the package is only its parent)."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {id(node) for guard in ast.walk(tree) if isinstance(guard, ast.If)
               and ast.unparse(guard.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
               for stmt in guard.body for node in ast.walk(stmt)}

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    found: set[str | None] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(known(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            found.update(f"{target}.{alias.name}" if f"{target}.{alias.name}" in modules
                         else known(target) for alias in node.names)
    return {name for name in found if name is not None} - {module_name(path)}


def test_no_module_of_the_project_imports_itself_in_a_circle() -> None:
    """Over trainer/ and strategy_charts/ (the command-line modules included: before, the two
    programs' command modules imported each other)."""
    paths = {module_name(path): path for path in sources()}
    graph = {name: _executed_imports(path, set(paths)) for name, path in paths.items()}
    _no_circle(graph)


def test_the_pages_registry_imports_no_page() -> None:
    """Nothing of the window's (the settings its factories take are the Qt-free core's)."""
    pages = ROOT / "trainer" / "ui" / "pages.py"
    assert not [m for m in imports_of(pages)
                if m.startswith("trainer") and layer_of(m) != "settings"]


def test_what_runs_before_the_first_paint_or_off_the_ui_loads_no_matplotlib() -> None:
    """The chart grid, the comparison with standard blackjack, the progress dashboard's data,
    the settings declarations and the theme: none loads the plotting library."""
    code = ("import sys\n"
            "import strategy_charts.chart_layout, strategy_charts.comparison\n"
            "import trainer.progress.dashboard, trainer.progress.heat_grid\n"
            "import trainer.settings, trainer.ui.theme, trainer.ui.main_window\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT, timeout=60)
    assert out.stdout.strip() == "[]"


def test_every_package_is_listed_for_the_wheel() -> None:
    """pyproject's package list names every folder with an __init__.py (data/ as freebet_data)."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("trainer", "strategy_charts") for init in (ROOT / top).rglob("__init__.py")
    }
    assert found | {"freebet_data"} == listed


def test_only_the_progress_files_module_connects_to_sqlite() -> None:
    """Every SQLite connection is made by trainer.progress.files, which keeps the rule that
    nothing in a process touches a progress file outside SQLite while it holds a connection
    (see that module's docstring): no other product module calls ``sqlite3.connect``."""
    offenders = []
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = node.func if isinstance(node, ast.Call) else None
            if (isinstance(called, ast.Attribute) and called.attr == "connect"
                    and isinstance(called.value, ast.Name) and called.value.id == "sqlite3"):
                offenders.append(module_name(path))
    assert sorted(set(offenders)) == ["trainer.progress.files"]


def test_only_the_progress_service_adapter_imports_the_progress_core() -> None:
    """The window reaches the progress core through one seam (trainer.ui.progress_service), as
    Anki's front end reaches its collection through its operations: a change inside
    trainer.progress shows there, not in every page."""
    offenders = sorted(
        module_name(path) for path in sources()
        if module_name(path).startswith("trainer.ui")
        and module_name(path) != "trainer.ui.progress_service"
        and any(_within(name, ("trainer.progress",)) for name in imports_of(path)))
    assert offenders == []


#: The most lines a module of the product may have (modules around 100-300 lines, one idea each).
MAX_LINES = 400
#: Modules still over it, left whole while other work reshapes them (remove each once split).
OVER_MAX_LINES: set[str] = set()


def test_no_module_of_the_product_is_over_400_lines() -> None:
    lengths = {str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
               for path in sources()}
    over = {name: n for name, n in lengths.items() if n > MAX_LINES and name not in OVER_MAX_LINES}
    assert over == {}
