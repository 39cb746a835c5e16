"""The README is the front door and docs/ holds the depth: the README stays short and keeps the
two commands a fresh machine runs (the test one is CI's), and every link in the README and the
pages under docs/ leads to a file that exists (and, into a page, to a section it has)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.rules.test_rule_documents import sections

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
#: The README's length at most: a front door, the depth in docs/.
FRONT_DOOR_LINES = 300
#: An inline Markdown link, ``[text](target)``: its target.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
#: Inline code, where brackets are options (``[--seed S]``), not links.
CODE = re.compile(r"`[^`\n]*`")


def documents() -> list[Path]:
    """The README and every page under docs/."""
    return [README, *sorted((ROOT / "docs").rglob("*.md"))]


def local_links(page: Path) -> list[str]:
    """The targets of a page's links to the project's own files (web addresses left out)."""
    text = CODE.sub("", page.read_text(encoding="utf-8"))
    return [target for target in LINK.findall(text)
            if not re.match(r"[a-z][a-z0-9+.-]*:", target)]


def broken_links(page: Path) -> list[str]:
    """The page's links whose file, or whose section in a Markdown file, does not exist."""
    broken = []
    for target in local_links(page):
        path, _, section = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif section and linked.suffix == ".md" and section not in sections(linked):
            broken.append(f"{target}: no such section")
    return broken


def test_every_link_of_the_readme_and_the_docs_leads_somewhere() -> None:
    broken = [f"{page.relative_to(ROOT)}: {link}"
              for page in documents() for link in broken_links(page)]
    assert broken == []
    assert sum(len(local_links(page)) for page in documents()) > 40


def test_a_link_to_a_missing_file_or_section_is_caught(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# There\n\n## A section\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("[ok](there.md#a-section), [gone](gone.md), [no](there.md#nowhere), "
                    "[up](#here), `[--seed S](not-a-link)`, [web](https://example.org)\n\n"
                    "## Here\n", encoding="utf-8")
    assert broken_links(page) == ["gone.md: no such file", "there.md#nowhere: no such section"]


def test_the_readme_is_a_front_door() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= FRONT_DOOR_LINES


def test_the_readme_gives_the_two_commands_and_ci_runs_its_test_command() -> None:
    """A fresh machine runs two commands, the README's only code lines; CI runs the second."""
    commands = [line.strip() for line in README.read_text(encoding="utf-8").splitlines()
                if line.startswith("    ")]
    assert commands == ["python3 dev.py app", "python3 dev.py test"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert [line for line in ci if line.startswith("python")] == ["python3 dev.py test"]


def test_the_readme_links_every_page_of_the_docs() -> None:
    """Where to read more: no page under docs/ is left for a reader to find alone."""
    linked = {(README.parent / link.partition("#")[0]).resolve()
              for link in local_links(README)}
    pages = set((ROOT / "docs").glob("*.md")) | {ROOT / "docs" / "rules" / "README.md"}
    assert sorted(p.relative_to(ROOT) for p in pages - linked) == []
