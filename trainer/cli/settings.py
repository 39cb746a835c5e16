"""``freebet-trainer settings``: the player's settings in the terminal, the same file and the
same checks as the window's Settings page.

    freebet-trainer settings [--json]          every setting: key, value, default, what it does
    freebet-trainer settings set KEY VALUE     VALUE read as the setting's type, checked
    freebet-trainer settings reset KEY         back to the default
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from trainer import PROGRAM
from trainer import settings as cfg
from trainer.commands import BAD_INPUT, JSON, CommandError, Option, command
from trainer.commands.plain import escaped
from trainer.settings import Setting, SettingError, Settings

from .saving import streams

WORDS = Option(("words",), {
    "nargs": "*", "metavar": "set KEY VALUE | reset KEY",
    "help": "set a setting (its value checked as the Settings page checks it), or reset it to "
            "its default; nothing: list every setting"})


@command("settings", help="list, set or reset your settings (the window's too)", description=(
    "Your settings, shared with the window's Settings page: without words, every setting "
    "with its value, default and what it does; 'set KEY VALUE' stores VALUE (checked as the "
    "page checks it: refused, nothing changes and the exit status is 2); 'reset KEY' goes "
    "back to the default. Keys are written table.name, as in the settings file."),
    options=(WORDS, JSON))
def cmd_settings(args: argparse.Namespace) -> int:
    """List, set or reset the settings."""
    settings: Settings = getattr(args, "settings", None) or Settings()
    words: list[str] = args.words
    if not words:
        return _list(settings, args.json)
    action, *rest = words
    said = settings.refused()
    if action == "set" and len(rest) == 2:
        setting = _named(rest[0])
        try:
            value = setting.parse(rest[1])
        except SettingError as exc:
            raise CommandError(str(exc), BAD_INPUT) from exc
        _write(settings, lambda: settings.set(setting, value))
    elif action == "reset" and len(rest) == 1:
        setting = _named(rest[0])
        _write(settings, lambda: settings.reset(setting))
    else:
        raise CommandError("give nothing (to list the settings), 'set KEY VALUE' or "
                           "'reset KEY'", BAD_INPUT)
    err = streams()[2]
    for line in settings.refused():     # an unreadable file kept aside, say
        if line not in said:
            err.write(escaped(f"{PROGRAM}: {line}", lines=True) + "\n")
    return 0


def _write(settings: Settings, change: Callable[[], None]) -> None:
    """Make ``change``; a settings file the system refuses is named."""
    try:
        change()
    except OSError as exc:
        raise CommandError(f"cannot write {escaped(settings.path)}: "
                           f"{exc.strerror or exc}") from exc


def _named(key: str) -> Setting[Any]:
    setting = cfg.named(key)
    if setting is None:
        keys = ", ".join(s.key for s in cfg.ALL)
        raise CommandError(f"no setting {key!r}; the settings are: {keys}", BAD_INPUT)
    return setting


def _list(settings: Settings, as_json: bool) -> int:
    out = streams()[1]
    rows = [(setting, settings.get(setting)) for setting in cfg.ALL]
    if as_json:
        json.dump({"file": str(settings.path), "settings": [
            {"key": s.key, "value": s.to_file(value), "default": s.to_file(s.default),
             "set": settings.is_set(s), "label": s.label, "description": s.help}
            for s, value in rows]}, out, indent=2, ensure_ascii=False)
        out.write("\n")
        return 0
    out.write(f"Settings file: {escaped(str(settings.path))}\n")
    for setting, value in rows:
        shown = escaped(setting.shown(value)) or '""'
        default = escaped(setting.shown(setting.default)) or '""'
        said = "" if settings.is_set(setting) else " (default)"
        out.write(f"\n{setting.key} = {shown}{said}\n")
        if settings.is_set(setting):
            out.write(f"    default: {default}\n")
        out.write(f"    {setting.help}\n")
    out.write(f"\nChange one with: {PROGRAM} settings set KEY VALUE\n")
    return 0


__all__ = ["cmd_settings"]
