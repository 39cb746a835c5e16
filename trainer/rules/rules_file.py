"""Rules files: a rule set as TOML, optionally starting from a preset.

A rules file is a TOML table of rule names (the fields of :class:`RuleSet`) and values. The
optional key ``base`` names a preset to start from; every other key overrides one rule::

    base = "pot-of-gold"
    name = "pot-of-gold, resplit aces"
    resplit_aces = true
    blackjack_pays = "6:5"

An unknown key or a bad value raises :class:`RuleSetError` naming the key and what is allowed.
"""

from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import fields
from pathlib import Path

import tomli_w

from .atomic_file import atomic_write
from .errors import RuleSetError
from .plain_rules import from_plain
from .presets import preset
from .ruleset import RuleSet, to_plain

#: A rules file is a few dozen lines; anything far larger is not one (and is not read whole).
MAX_BYTES = 64 * 1024


def loads(text: str) -> RuleSet:
    """Read a rule set from TOML text."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleSetError(f"not a valid TOML rules file: {exc}") from exc
    except RecursionError:
        raise RuleSetError("not a rules file: its values are nested too deeply") from None
    base_name = data.pop("base", None)
    if base_name is not None and not isinstance(base_name, str):
        raise RuleSetError(f"rule 'base' = {base_name!r} is not allowed; expected a preset name")
    base = preset(base_name) if base_name else RuleSet()
    return from_plain(data, base)


def load(path: str | os.PathLike[str]) -> RuleSet:
    """Read a rule set from a TOML file; every error (unreadable, not a regular file, not UTF-8
    text, too large, not TOML, a bad rule) is a RuleSetError naming the file."""
    path = Path(path)
    try:
        raw = _read_regular(path)
    except OSError as exc:
        raise RuleSetError(f"cannot read rules file {path}: {exc.strerror or exc}") from exc
    try:
        if len(raw) > MAX_BYTES:
            raise RuleSetError(f"not a rules file: larger than {MAX_BYTES // 1024} KiB")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RuleSetError(f"not a text file in UTF-8 (byte {exc.start} is "
                               f"{raw[exc.start]:#04x})") from None
        return loads(text)
    except RuleSetError as exc:
        raise RuleSetError(f"{path}: {exc}") from exc


#: What a path that is not a regular file is, by its file type (the rest: "a special file").
_KINDS = {stat.S_IFDIR: "a folder", stat.S_IFIFO: "a named pipe (FIFO)",
          stat.S_IFCHR: "a device", stat.S_IFBLK: "a device", stat.S_IFSOCK: "a socket"}


def _read_regular(path: Path) -> bytes:
    """The first ``MAX_BYTES + 1`` bytes of ``path``, refusing anything but a regular file.

    The file is opened without blocking (``O_NONBLOCK``: a named pipe with no writer would
    otherwise wait forever in ``open``) and its type checked on the open descriptor, so it
    cannot change between the check and the read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    with os.fdopen(descriptor, "rb") as handle:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            kind = _KINDS.get(stat.S_IFMT(mode), "a special file")
            raise RuleSetError(f"cannot read rules file {path}: it is {kind}, not a rules "
                               "file; give the path of a TOML rules file")
        return handle.read(MAX_BYTES + 1)


def dumps(rules: RuleSet) -> str:
    """The rule set as a complete, commented TOML rules file (every rule written out)."""
    docs = {f.name: f.metadata["doc"] for f in fields(RuleSet)}
    lines = ["# Free Bet Blackjack rules file (every rule; see trainer.rules.rules_file)."]
    for key, value in to_plain(rules).items():
        lines.append(f"# {docs[key]}")
        lines.append(tomli_w.dumps({key: value}).rstrip())
    if rules.pot_of_gold is None:
        lines.append(f"# {docs['pot_of_gold']}")
        lines.append("# pot_of_gold = 1")
    return "\n".join(lines) + "\n"


def save(rules: RuleSet, path: str | os.PathLike[str]) -> None:
    """Write the rules file atomically (see :mod:`trainer.rules.atomic_file`)."""
    with atomic_write(path, encoding="utf-8") as handle:
        handle.write(dumps(rules))
