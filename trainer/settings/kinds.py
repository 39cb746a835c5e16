"""What a setting is: its key, type, default and meaning, and the values it allows.

A :class:`Setting` is generic in its value's type, so ``settings.get(PRESET)`` is a ``str`` and
``settings.get(TIMER_SECONDS)`` a ``float`` to the type checker too. The allowed values
(:class:`Choices`, :class:`Range`, :class:`Amounts`, :class:`Folder`) check a value and say
their bounds in words (:meth:`Range.words`), which the settings page and the terminal both show:
a description never restates them.
"""

from __future__ import annotations

import base64
import binascii
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar, cast

T = TypeVar("T")


class SettingError(ValueError):
    """A value a setting cannot take; its text is the plain message said to the player."""


class Allowed(Protocol):
    """The values a setting allows."""

    def allows(self, value: Any) -> bool:
        """True for an allowed value."""

    def words(self) -> str:
        """The allowed values in words ("" when the description says enough)."""


@dataclass(frozen=True)
class Choices:
    """The values a setting may hold, each with the words the settings page shows for it."""

    labels: Mapping[Any, str]

    def allows(self, value: Any) -> bool:
        """True for one of the choices."""
        return value in self.labels

    def words(self) -> str:
        """The choices as stored: "light or dark"."""
        names = [str(value).lower() if isinstance(value, bool) else str(value)
                 for value in self.labels]
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


@dataclass(frozen=True)
class Range:
    """A number from ``minimum`` to ``maximum``; the page steps by ``step`` and shows the value
    times ``scale`` (0.75 as 75 %) followed by ``suffix``."""

    minimum: float
    maximum: float
    step: float = 1.0
    scale: float = 1.0
    suffix: str = ""

    def allows(self, value: Any) -> bool:
        """True for a number within the range."""
        return self.minimum <= value <= self.maximum

    def words(self) -> str:
        """The bounds, as the page shows them: "1 to 60", "80% to 95%"."""
        if self.scale == 100:
            return f"{self.minimum:.0%} to {self.maximum:.0%}"
        return f"{self.minimum:,g} to {self.maximum:,g}"


@dataclass(frozen=True)
class Amounts:
    """A list of whole amounts written "1, 5, 10": from one to ``most`` of them, different,
    lowest first, each from ``minimum`` to ``maximum``."""

    minimum: int
    maximum: int
    most: int

    def parse(self, value: str) -> tuple[int, ...]:
        """The amounts of ``value``; ValueError saying what is wrong."""
        parts = [part.strip() for part in str(value).split(",")]
        if not all(part.isdigit() for part in parts):
            raise ValueError("write whole amounts separated by commas, as 1, 5, 10")
        amounts = tuple(int(part) for part in parts)
        if not 1 <= len(amounts) <= self.most:
            raise ValueError(f"give 1 to {self.most} amounts")
        if any(not self.minimum <= a <= self.maximum for a in amounts):
            raise ValueError(f"each amount lies from {self.minimum:,} to {self.maximum:,}")
        if list(amounts) != sorted(set(amounts)):
            raise ValueError("give each amount once, lowest first")
        return amounts

    def allows(self, value: Any) -> bool:
        """True for a text of such amounts."""
        try:
            self.parse(value)
        except ValueError:
            return False
        return True

    def words(self) -> str:
        """How many amounts, and their bounds."""
        return f"1 to {self.most} amounts, each {self.minimum:,} to {self.maximum:,}"


@dataclass(frozen=True)
class Folder:
    """A folder named by its whole path (from the file system's root), or empty for the
    default: a relative name would move the history with the folder the trainer starts in."""

    def allows(self, value: Any) -> bool:
        """True for "" or an absolute path of printable characters."""
        return isinstance(value, str) and (value == "" or (
            os.path.isabs(value) and value.isprintable()))

    def words(self) -> str:
        """What a folder must be."""
        return "a whole path from the file system's root, or empty"


class Editor(Enum):
    """How the settings page edits a setting: by its allowed values (a menu for choices, a spin
    box for a range), or with a special editor."""

    VALUE = "value"
    RULES_FILE = "rules file"     # choose or clear a TOML file; its tables are built
    FOLDER = "folder"             # choose a folder, or go back to the default


_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


@dataclass(frozen=True)
class Setting(Generic[T]):
    """One stored value: ``key`` in the settings file (``table.name``), its type, default and
    meaning; ``label`` and ``section`` place it on the settings page (no label: not on the
    page, such as the window's size)."""

    key: str
    type: type[T]
    default: T
    description: str
    label: str = ""
    section: str = ""
    allowed: Choices | Range | Amounts | Folder | None = None
    editor: Editor = field(default=Editor.VALUE)

    @property
    def name(self) -> str:
        """What the player calls it: its label, else its key."""
        return self.label or self.key

    @property
    def help(self) -> str:
        """The description with the allowed values in words (the page's tooltip, the
        terminal's listing)."""
        words = self.allowed.words() if self.allowed is not None else ""
        if not words or self.type is bool:    # a choice of two, named by the description
            return self.description
        return f"{self.description.rstrip('.')} ({words})."

    def problem(self, value: Any) -> str | None:
        """Why ``value`` may not be stored (None: it may)."""
        if not isinstance(value, self.type) or (self.type is not bool
                                                and isinstance(value, bool)):
            return f"{self.name} takes a {self.type.__name__}, not {value!r}."
        if isinstance(self.allowed, Amounts):
            try:
                self.allowed.parse(str(value))
            except ValueError as exc:
                return f"{value!r} is not allowed for {self.name}: {exc}."
        if self.allowed is not None and not self.allowed.allows(value):
            return f"{value!r} is not allowed for {self.name}: {self.help}"
        return None

    def check(self, value: Any) -> T:
        """``value`` if the setting may hold it, else SettingError saying why."""
        problem = self.problem(value)
        if problem is not None:
            raise SettingError(problem)
        return cast(T, value)

    def from_file(self, raw: Any) -> T:
        """The value a settings file's ``raw`` entry stands for (bytes are base64 text, a
        whole number stands for a float); SettingError when it cannot be used."""
        value = raw
        if self.type is bytes and isinstance(raw, str):
            try:
                value = base64.b64decode(raw.encode("ascii"), validate=True)
            except (binascii.Error, UnicodeEncodeError):
                raise SettingError(f"{self.name} takes base64 text, not {raw!r}.") from None
        elif self.type is float and isinstance(raw, int) and not isinstance(raw, bool):
            value = float(raw)
        return self.check(value)

    def to_file(self, value: T) -> Any:
        """``value`` as the settings file writes it (bytes as base64 text)."""
        if isinstance(value, bytes):
            return base64.b64encode(value).decode("ascii")
        return value

    def parse(self, text: str) -> T:
        """The value typed as ``text`` (in a terminal), checked as the page checks it;
        SettingError saying why not."""
        value: Any = text
        if self.type is bool:
            word = text.strip().lower()
            if word not in _TRUE + _FALSE:
                raise SettingError(f"{self.name} takes true or false, not {text!r}.")
            value = word in _TRUE
        elif self.type is int or self.type is float:
            number: type[int] | type[float] = int if self.type is int else float
            try:
                value = number(text.strip())
            except ValueError:
                kind = "a whole number" if self.type is int else "a number"
                raise SettingError(f"{self.name} takes {kind}, not {text!r}.") from None
        elif self.type is bytes:
            return self.from_file(text)
        return self.check(value)

    def shown(self, value: T) -> str:
        """``value`` as the terminal shows it (and :meth:`parse` reads it back)."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, bytes):
            return base64.b64encode(value).decode("ascii")
        return str(value)


__all__ = ["Allowed", "Amounts", "Choices", "Editor", "Folder", "Range", "Setting",
           "SettingError"]
