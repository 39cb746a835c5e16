"""The rule pages in docs/rules/ against the code: every rule-set field described there as the
code declares it, every citation of them naming a section that exists, and no code citing the
rule documents themselves (they are not in the repository; docs/rules/README.md names them).
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path

import pytest

from trainer.rules import PRESETS, RuleSet
from trainer.rules.ruleset import to_plain

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"
#: A citation of a rule page: ``docs/rules/evolution.md#the-peek`` (the section optional).
CITATION = re.compile(r"docs/rules/([\w.-]+\.md)(?:#([\w-]+))?")
#: A link between the pages: ``[text](evolution.md#the-peek)``.
LINK = re.compile(r"\]\(([\w.-]+\.md)?(?:#([\w-]+))?\)")
#: What citing the documents themselves looks like.
OLD_CITATION = re.compile(r"RULINGS|\b[Dd]oc(ument)? 00[01]\b|00[01]_[0-9a-f]{16}")


def anchor(heading: str) -> str:
    """The anchor a Markdown heading gets (as GitHub makes them)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def sections(page: Path) -> set[str]:
    """The anchors of a page's headings."""
    return {anchor(line.lstrip("#")) for line in page.read_text(encoding="utf-8").splitlines()
            if line.startswith("#")}


def project_files() -> list[Path]:
    """Every source, test, bench and top-level document of the project (the README, docs/)."""
    found = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for top in ("trainer", "strategy_charts", "tests", "bench", "packaging"):
        found.extend(sorted((ROOT / top).rglob("*.py")))
    return found


def field_rows() -> dict[str, list[str]]:
    """The rows of rule-set.md's table, by field: meaning, one value per preset, the links."""
    rows = {}
    for line in (DOCS / "rule-set.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 3 + len(PRESETS):
            rows[cells[0].strip("`")] = cells[1:]
    return rows


def shown(rules: RuleSet, name: str) -> str:
    """A preset's value of a field as the table writes it."""
    plain = to_plain(rules)
    return "absent" if name not in plain else f"`{json.dumps(plain[name])}`"


@pytest.mark.parametrize("field", fields(RuleSet), ids=lambda f: f.name)
def test_every_rule_set_field_is_described_as_the_code_declares_it(field) -> None:
    row = field_rows().get(field.name)
    assert row is not None, f"docs/rules/rule-set.md has no row for {field.name}"
    meaning, *values, links = row
    assert meaning == field.metadata["doc"]
    assert values == [shown(rules, field.name) for rules in PRESETS.values()]
    assert LINK.search(links), f"{field.name}: no link to the rules it decides"


def test_the_table_describes_no_field_the_rule_set_lacks() -> None:
    assert set(field_rows()) == {f.name for f in fields(RuleSet)}


def test_every_link_between_the_pages_names_a_section_that_exists() -> None:
    broken = []
    for page in sorted(DOCS.glob("*.md")):
        for target, section in LINK.findall(page.read_text(encoding="utf-8")):
            linked = DOCS / target if target else page
            if not linked.exists() or (section and section not in sections(linked)):
                broken.append(f"{page.name}: {target}#{section}")
    assert broken == []


def test_every_citation_in_the_code_names_a_section_that_exists() -> None:
    broken, cited = [], 0
    for path in project_files():
        for target, section in CITATION.findall(path.read_text(encoding="utf-8")):
            cited += 1
            page = DOCS / target
            if not page.exists() or (section and section not in sections(page)):
                broken.append(f"{path.relative_to(ROOT)}: {target}#{section}")
    assert broken == []
    assert cited > 100            # the tests of the rules cite their rule, each


def test_nothing_cites_the_rule_documents_themselves() -> None:
    """They live outside the repository; docs/rules/ states their rules (and names them)."""
    here = Path(__file__).resolve()
    offenders = [f"{path.relative_to(ROOT)}:{n}" for path in project_files() if path != here
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if OLD_CITATION.search(line)]
    assert offenders == []


@pytest.mark.parametrize("name", ["money.md", "evolution.md", "pot-of-gold.md"])
def test_every_rule_names_its_source(name: str) -> None:
    """Each section of a rule page says where its rules come from."""
    text = (DOCS / name).read_text(encoding="utf-8")
    parts = re.split(r"^#{2,} (.*)$", text, flags=re.MULTILINE)[1:]
    unsourced = [heading for heading, body in zip(parts[::2], parts[1::2], strict=True)
                 if "Source" not in body]
    assert len(parts) > 10 and unsourced == []
