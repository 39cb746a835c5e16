"""The settings of the trainer's first releases, carried once into the settings file.

They were kept by Qt (``QSettings``: an ini file in the platform's config folder). At the
window's start, when the settings file does not exist yet and that ini file holds values, each
declared setting's value is written to the settings file, once; a value that cannot be used
is left behind and said (as the settings file's own refused values are). The ini file is left
as it is.
"""

from __future__ import annotations

from typing import Any

from PyQt6.QtCore import QByteArray, QSettings

from trainer.settings import ALL, RENAMED, Setting, SettingError, Settings

from .window import APPLICATION, ORGANIZATION, WINDOW_PAGE

#: Every setting the old file may hold, the window's own too.
CARRIED: tuple[Setting, ...] = (*ALL, WINDOW_PAGE)


def old_store() -> QSettings:
    """The first releases' settings file (an ini file in the platform's config folder)."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION,
                     APPLICATION)


def ini_keys(setting: Setting) -> list[str]:
    """The keys ``setting`` had in the ini file: ``table/name``, and its old names."""
    return [key.replace(".", "/") for key in
            (setting.key, *(old for old, new in RENAMED.items() if new == setting.key))]


def carry_over(settings: Settings, old: QSettings | None = None) -> int:
    """Write the old ini file's values into ``settings``' file when that file does not exist
    yet; the number of values carried (0: nothing to carry, or already carried)."""
    if settings.path.exists():
        return 0
    old = old if old is not None else old_store()
    if not old.allKeys():
        return 0
    values: list[tuple[Setting, Any]] = []
    for setting in CARRIED:
        key = next((key for key in ini_keys(setting) if old.contains(key)), None)
        if key is None:
            continue
        raw = old.value(key)
        try:
            values.append((setting, setting.check(_convert(raw, setting.type))))
        except (TypeError, ValueError, SettingError) as exc:
            settings.tell(f"{setting.name}: the value {raw!r} of the old settings file "
                          f"{old.fileName()} cannot be used ({str(exc).rstrip('.')}); "
                          f"{setting.shown(setting.default) or 'the default'} is used instead.")
    settings.set_all(values)
    return len(values)


def _convert(raw: Any, kind: type) -> Any:
    """An ini file's value as ``kind`` (Qt gives texts for numbers and booleans)."""
    if kind is bytes:
        if isinstance(raw, QByteArray):
            return bytes(raw.data())
        if isinstance(raw, bytes):
            return raw
        raise TypeError("not bytes")
    if kind is str and not isinstance(raw, str):
        raise TypeError(f"not a text: {raw!r}")   # a list (an unquoted comma) or a number
    if kind is bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).lower()
        if text in ("true", "1"):
            return True
        if text in ("false", "0"):
            return False
        raise ValueError(f"not a bool: {raw!r}")
    return kind(raw)


__all__ = ["CARRIED", "carry_over", "ini_keys", "old_store"]
