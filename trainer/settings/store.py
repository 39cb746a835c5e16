"""The player's settings: one plain TOML file that the window and the terminal both read.

:class:`Settings` owns the file (one object per process; its path is injected in tests). A
value in the file of the wrong type or not allowed is refused: the default is used and
:meth:`Settings.refused` says it, naming the setting and the file. Both programs may run at
once, so :meth:`Settings.set` re-reads the file and changes only its own key, and
:meth:`Settings.reload` takes in what another program changed. A file that cannot be parsed is
never overwritten silently: the first change afterwards keeps it beside the new one.
"""

from __future__ import annotations

import os
import tempfile
import tomllib
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import platformdirs
import tomli_w

from trainer import PROGRAM

from .declarations import ALL, RENAMED
from .kinds import Setting, SettingError

T = TypeVar("T")
#: Told the key of each setting whose value changed.
Listener = Callable[[str], None]


def settings_path() -> Path:
    """The user's settings file, in the platform's config folder."""
    return platformdirs.user_config_path(PROGRAM) / "settings.toml"


def flat(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"play": {"preset": "x"}}`` as ``{"play.preset": "x"}``, old keys by their new names
    (a new key's own value wins)."""
    values: dict[str, Any] = {}
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict):
            values.update(flat(value, f"{key}."))
        else:
            values[key] = value
    if prefix:
        return values
    for old, new in RENAMED.items():
        if old in values:
            moved = values.pop(old)
            values.setdefault(new, moved)
    return values


def nested(values: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`flat`'s opposite: ``{"play.preset": "x"}`` as ``{"play": {"preset": "x"}}``."""
    table: dict[str, Any] = {}
    for key, value in values.items():
        *tables, name = key.split(".")
        here = table
        for part in tables:
            here = here.setdefault(part, {})
        here[name] = value
    return table


class Settings:
    """The settings file of ``path`` (default :func:`settings_path`): typed reads, checked
    writes, values held for one run, refused values said, changes announced."""

    def __init__(self, path: Path | None = None, *,
                 clock: Callable[[], datetime] = datetime.now) -> None:
        self.path = path if path is not None else settings_path()
        self._clock = clock
        self._values: dict[str, Any] = {}
        self._held: dict[str, Any] = {}
        self._refused: dict[str, str] = {}
        self._listeners: list[Listener] = []
        self._stamp: tuple[int, int, int] | None = None
        self._unreadable: str | None = None     # why the file cannot be read, in words
        self._unopened: OSError | None = None    # why it cannot be opened at all
        self._notes: list[str] = []              # more to say: an unreadable file kept
        self._values = self._read()

    # ----- reading ----------------------------------------------------------------------------

    def _read(self) -> dict[str, Any]:
        """The file's values by key ({} when missing or unreadable: :attr:`_unreadable`)."""
        self._unreadable, self._unopened = None, None
        self._stamp = self._stat()
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        except OSError as exc:        # a folder in its place, no permission: never replaced
            self._unopened = exc
            self._unreadable = (f"The settings file {self.path} cannot be opened "
                                f"({exc.strerror or exc}): the defaults are used.")
            return {}
        try:
            return flat(tomllib.loads(data.decode("utf-8")))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            self._unreadable = (
                f"The settings file {self.path} cannot be read ({exc}): the defaults are used. "
                "Correct it in a text editor, or change a setting and the file is kept beside "
                "the new one.")
        return {}

    def _stat(self) -> tuple[int, int, int] | None:
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return (found.st_mtime_ns, found.st_size, found.st_ino)

    def get(self, setting: Setting[T]) -> T:
        """The value held for this run (:meth:`hold`), else the file's value of ``setting``,
        else its default (also when the file's cannot be used: :meth:`refused`)."""
        if setting.key in self._held:
            held: T = self._held[setting.key]
            return held
        if setting.key not in self._values:
            return setting.default
        raw = self._values[setting.key]
        try:
            return setting.from_file(raw)
        except SettingError as exc:
            default = setting.shown(setting.default) or "empty (the default)"
            self._refused[setting.key] = (
                f"{setting.name} ({setting.key}): the value {raw!r} in {self.path} cannot be "
                f"used ({str(exc).rstrip('.')}); {default} is used instead.")
            return setting.default

    def is_set(self, setting: Setting[Any]) -> bool:
        """True when the file (or this run) gives ``setting`` a value of its own."""
        return setting.key in self._held or setting.key in self._values

    def keys(self) -> list[str]:
        """The keys the file holds."""
        return list(self._values)

    def refused(self, settings: Iterable[Setting[Any]] = ALL) -> list[str]:
        """What cannot be used, in words: the file, if it cannot be read, and the values of
        ``settings`` (and any read so far) refused; said once by the caller."""
        for setting in settings:
            self.get(setting)
        said = [self._unreadable] if self._unreadable else []
        return [*said, *self._notes, *self._refused.values()]

    # ----- changing -----------------------------------------------------------------------------

    def tell(self, text: str) -> None:
        """Have :meth:`refused` say ``text`` too (a value of the old settings file left
        behind)."""
        self._notes.append(text)

    def set(self, setting: Setting[T], value: T) -> None:
        """Store ``value`` for ``setting`` (SettingError, nothing written, when the setting
        does not allow it; OSError when the file or its folder cannot be written); a value
        held for this run gives way to it."""
        self.set_all([(setting, value)])

    def set_all(self, values: Iterable[tuple[Setting[Any], Any]]) -> None:
        """Store each setting's value at once, in one writing of the file (SettingError,
        nothing written, when one is not allowed)."""
        stored = {setting.key: setting.to_file(setting.check(value))
                  for setting, value in values}
        for key in stored:
            self._held.pop(key, None)
        if stored:
            self._change(stored)

    def reset(self, setting: Setting[Any]) -> None:
        """Remove ``setting`` from the file: its default is used."""
        self._held.pop(setting.key, None)
        self._change({setting.key: None})

    def hold(self, setting: Setting[T], value: T) -> None:
        """Give ``value`` for ``setting`` for as long as this object lives, without storing
        it (a command-line option for one run); :meth:`set` of the setting lets it go."""
        self._held[setting.key] = setting.check(value)

    def _change(self, changes: Mapping[str, Any]) -> None:
        """Write the file as it is now on disk with the keys of ``changes`` alone changed
        (a value None: removed)."""
        before = dict(self._values)
        now = self._read()
        if self._unopened is not None:
            raise self._unopened
        if self._unreadable is not None:
            self._keep_unreadable()
            now = dict(before)      # the values in force (none, if it never could be read)
        for key, stored in changes.items():
            if stored is None:
                now.pop(key, None)
            else:
                now[key] = stored
            self._refused.pop(key, None)
        self._write(now)
        self._values = now
        self._announce(before, now)

    def _keep_unreadable(self) -> None:
        """Move the file that cannot be read aside, beside the new one, and say so."""
        stamp = self._clock().strftime("%Y%m%d-%H%M%S")
        kept = self.path.with_name(f"{self.path.name}.unreadable-{stamp}")
        os.replace(self.path, kept)
        self._notes.append(f"The settings file {self.path} could not be read: it is kept as "
                          f"{kept}, and a new one holds the settings changed since.")
        self._unreadable = None

    def _write(self, values: Mapping[str, Any]) -> None:
        """Write ``values`` atomically: a temporary file in the same folder, synced, then
        put in the file's place."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{self.path.name}.",
                                             dir=self.path.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                tomli_w.dump(nested(values), out)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        self._stamp = self._stat()

    # ----- changes told -----------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Tell ``listener`` the key of each setting whose value changes, after it changed;
        returns the function that stops telling it."""
        self._listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)
        return stop

    def reload(self) -> list[str]:
        """Read the file again if it changed on disk (another program set something);
        announces and returns the keys whose values changed. A file that cannot be read now
        (half written by an editor, say) changes nothing: what is in force stays (the data
        folder above all: the answers would go elsewhere), and it is said."""
        if self._stat() == self._stamp:
            return []
        before = dict(self._values)
        found = self._read()
        if self._unreadable is not None:
            return []
        self._values = found
        return self._announce(before, self._values)

    def _announce(self, before: Mapping[str, Any], now: Mapping[str, Any]) -> list[str]:
        changed = [key for key in {**before, **now} if before.get(key) != now.get(key)]
        for key in changed:
            self._refused.pop(key, None)
            for listener in list(self._listeners):
                listener(key)
        return changed


__all__ = ["Listener", "Settings", "flat", "nested", "settings_path"]
