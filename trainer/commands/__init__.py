"""The command-line convention of ``freebet-trainer`` and ``freebet-charts``: commands declared
beside their handlers, options declared once, numbers checked against declared bounds as they
are parsed, one error type and one set of exit codes and prefixes (:mod:`.program`).

No Qt, no engine: the rules core is the one part of the project it uses (the rules option).
"""

from .numbers import Real, Whole
from .options import (
    DATA_DIR,
    JSON,
    RULES,
    SEED,
    Option,
    RulesOption,
    chosen_rules,
    how_many,
    rules_of,
)
from .program import (
    BAD_INPUT,
    FAILED,
    INTERRUPTED,
    Command,
    CommandError,
    Group,
    Program,
    command,
    commands_in,
)

__all__ = ["BAD_INPUT", "DATA_DIR", "FAILED", "INTERRUPTED", "JSON", "RULES", "SEED", "Command",
           "CommandError", "Group", "Option", "Program", "Real", "RulesOption", "Whole",
           "chosen_rules", "command", "commands_in", "how_many", "rules_of"]
