"""The terminal's defaults are the player's settings (the file the window writes too): the data
folder, the rules (a custom rules file, else the preset), the cut card, the starting point
(``args.prior``; ``--assume`` overrides it) and the study queue's new cards a day and desired
retention (``args.study``). An option given (``--data-dir``, ``--preset``, ``--rules``)
overrides its setting for that run alone.

:func:`from_settings` fills in what the command line left unset, before the command runs; a
value of the settings file that cannot be used is said on standard error (its default used).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from trainer import PROGRAM
from trainer import settings as cfg
from trainer.commands import DATA_DIR as ANY_DATA_DIR
from trainer.commands import RulesOption
from trainer.commands.plain import escaped
from trainer.rules import DEFAULT_PRESET
from trainer.settings import Settings
from trainer.settings.chosen import fallback_preset, penetration, prior_of, study_of

#: The rules, the ones set in the settings unless told otherwise.
RULES = RulesOption(shown=f"the rules set in the settings, else {DEFAULT_PRESET}")
#: The folder of the progress file, the one set in the settings unless told otherwise.
DATA_DIR = ANY_DATA_DIR.but(help="folder of the progress file (default: the one set in the "
                                 "settings, else $FREEBET_TRAINER_DATA, else the user data "
                                 "folder)")


def from_settings(args: argparse.Namespace, settings: Settings | None = None) -> None:
    """Fill in ``args`` what the command line left unset from ``settings`` (the user's
    file by default), and say what of the file cannot be used."""
    settings = settings if settings is not None else Settings()
    args.settings = settings
    for line in settings.refused():
        sys.stderr.write(escaped(f"{PROGRAM}: {line}", lines=True) + "\n")
    if getattr(args, "data_dir", "given") is None:
        args.data_dir = settings.get(cfg.DATA_DIR) or None
    if _rules_unset(args):
        path = settings.get(cfg.RULES_FILE)
        if path:
            args.rules = Path(path)
        else:
            args.preset = fallback_preset(settings)
    if hasattr(args, "preset"):
        args.penetration = penetration(settings)
    args.study = study_of(settings)
    args.prior = prior_of(settings)


def _rules_unset(args: argparse.Namespace) -> bool:
    """No ``--preset`` or ``--rules`` given, and the command plays a default rule set (or,
    ``stats``, the one practised last unless rules are set in the settings)."""
    if not hasattr(args, "preset") or args.preset is not None or args.rules is not None:
        return False
    if args.default_preset is not None:
        return True
    settings: Settings = args.settings
    return settings.is_set(cfg.PRESET) or bool(settings.get(cfg.RULES_FILE))


__all__ = ["DATA_DIR", "RULES", "from_settings"]
