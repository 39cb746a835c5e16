"""A command-line program as a list of commands, each declared beside its handler, run under one
convention (qutebrowser's ``@cmdutils.register`` and ``CommandError`` are the model).

    @command("stats", help="your leaks", options=(RULES, JSON, DATA_DIR))
    def cmd_stats(args: argparse.Namespace) -> int:
        ...
        raise CommandError("no such thing", BAD_INPUT)

    TRAINER = Program("freebet-trainer", "...", commands_in(flashcards, counting))

The convention, the same for every command of every program:

* exit 0 when the command did what was asked; :data:`BAD_INPUT` (2) for input it cannot take
  (an option out of range, a rules file that is not one, a request with nothing to answer),
  whether argparse or the command finds it; :data:`FAILED` (1) for what went wrong with a file
  or the machine (a damaged table, a folder that cannot be written); 130 after Ctrl-C (129
  after a closed terminal, 143 after SIGTERM: :mod:`.stopping`);
* every message on stderr starts with the program's name (``freebet-charts: …``), never a
  traceback for a fault the program knows (:class:`CommandError`, a
  :class:`~trainer.rules.errors.RuleSetError`, and what the program's ``translate`` names);
* a reader that goes away (``freebet-charts indices --json | head -3``) ends the command
  quietly: no traceback, no message, exit 1.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, NoReturn, Protocol

from trainer.rules.errors import RuleSetError

from .plain import escaped
from .stopping import exit_status, stop_signals
from .streams import Stream, hold_closed, named_output, plain_errors, refusal

#: Exit codes: input the command cannot take, a fault of a file or the machine, Ctrl-C.
BAD_INPUT = 2
FAILED = 1
INTERRUPTED = exit_status(KeyboardInterrupt())


class CommandError(Exception):
    """What a command cannot do, said in words for its user; ``code`` is the exit code
    (:data:`BAD_INPUT` or :data:`FAILED`)."""

    def __init__(self, message: str, code: int = FAILED) -> None:
        super().__init__(message)
        self.code = code


class Declares(Protocol):
    """An option declared once, added to each command that takes it."""

    def add(self, parser: argparse.ArgumentParser) -> None:
        """Add the option to ``parser``."""


Handler = Callable[[argparse.Namespace], int]
#: A program's own faults as command errors (None: not one it knows, so a bug: re-raised).
Translate = Callable[[Exception], "CommandError | None"]
#: Fills in, before a command runs, what its command line left to the program (the trainer:
#: its settings).
Prepare = Callable[[argparse.Namespace], None]


@dataclass(frozen=True)
class Group:
    """Commands under one name (``freebet-trainer count running``)."""

    name: str
    help: str
    description: str = ""


@dataclass(frozen=True)
class Command:
    """One command: its name, what it does, the options it takes, and its handler."""

    name: str
    handler: Handler
    help: str
    description: str = ""
    options: tuple[Declares, ...] = ()
    group: Group | None = None

    def __call__(self, args: argparse.Namespace) -> int:
        return self.handler(args)


def command(name: str, *, help: str, description: str = "",
            options: Sequence[Declares] = (), group: Group | None = None
            ) -> Callable[[Handler], Command]:
    """Declare the decorated handler as the command ``name`` (in ``group``, if any)."""
    def declare(handler: Handler) -> Command:
        return Command(name, handler, help, description or help, tuple(options), group)
    return declare


def commands_in(*modules: ModuleType) -> list[Command]:
    """The commands declared in ``modules``, in the order they are written."""
    return [value for module in modules for value in vars(module).values()
            if isinstance(value, Command)]


_NEGATIVE = re.compile(r"^-(\.?\d|inf|nan)", re.IGNORECASE)


class Parser(argparse.ArgumentParser):
    """argparse's parser with the convention's message: ``program: argument --x: …``, exit 2."""

    def __init__(self, *args: Any, program: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.program = program or self.prog
        # a value starting with a minus and a digit is a value, not an option: --seed -1 and
        # --shoe -1,4,... reach their type's check (argparse alone takes only -1 and -1.5)
        self._negative_number_matcher = _NEGATIVE

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(BAD_INPUT, escaped(f"{self.program}: {message}", lines=True) + "\n")


class Program:
    """A program's commands under the one convention (see the module docstring)."""

    def __init__(self, name: str, description: str, commands: Iterable[Command], *,
                 options: Sequence[Declares] = (), version: str | None = None,
                 translate: Translate | None = None, prepare: Prepare | None = None) -> None:
        self.name = name
        self.description = description
        self.commands = tuple(commands)
        self.options = tuple(options)
        self.version = version
        self.translate: Translate = translate or (lambda exc: None)
        self.prepare: Prepare = prepare or (lambda args: None)

    def parser(self, *, commands: bool = True) -> Parser:
        """The parser of every command (without ``commands``: of the program's own options
        alone, for a program that does something of its own when no command is named)."""
        root = Parser(prog=self.name, program=self.name, description=self.description,
                      formatter_class=argparse.RawDescriptionHelpFormatter)
        if self.version is not None:
            root.add_argument("--version", action="version", version=self.version)
        for option in self.options:
            option.add(root)
        if not commands:
            return root
        top = root.add_subparsers(dest="command", required=True, metavar="COMMAND")
        groups: dict[str, argparse._SubParsersAction[Parser]] = {}
        for declared in self.commands:
            where = top
            if declared.group is not None:
                group = declared.group
                if group.name not in groups:
                    holder = top.add_parser(group.name, program=self.name, help=group.help,
                                            description=group.description or group.help)
                    groups[group.name] = holder.add_subparsers(dest=f"{group.name}_command",
                                                               required=True, metavar="DRILL")
                where = groups[group.name]
            parser = where.add_parser(declared.name, program=self.name, help=declared.help,
                                      description=declared.description)
            for option in declared.options:
                option.add(parser)
            parser.set_defaults(run=declared)
        return root

    def main(self, argv: Sequence[str] | None = None) -> int:
        """Parse ``argv`` (argparse exits 2 on bad input) and run the command named."""
        return self.run(self.parser().parse_args(argv))

    def run(self, args: argparse.Namespace) -> int:
        """Run the parsed command under the convention; returns the exit code. Every
        command prints: started without standard output (``>&-``), it is refused."""
        if Stream.OUTPUT in hold_closed():
            return self.say(CommandError(refusal(Stream.OUTPUT, "the command prints there"),
                                         BAD_INPUT))
        try:
            # a full disk under ``> FILE`` is named; SIGHUP and SIGTERM end it as Ctrl-C does
            with stop_signals(), named_output(), plain_errors():
                self.prepare(args)
                code = int(args.run(args))
                sys.stdout.flush()    # a reader gone away shows here, not at exit
            return code
        except CommandError as exc:
            return self.say(exc)
        except KeyboardInterrupt as stop:
            with contextlib.suppress(OSError, ValueError):   # a terminal gone away
                sys.stderr.write("\n")
            return exit_status(stop)
        except BrokenPipeError:
            _quiet_stdout()
            return FAILED
        except RuleSetError as exc:
            return self.say(CommandError(str(exc), BAD_INPUT))
        except Exception as exc:
            error = self.translate(exc)
            if error is None:
                raise
            return self.say(error)

    def say(self, error: CommandError) -> int:
        """Print ``error`` after the program's name (a control character in it, from a file's
        name, escaped); returns its exit code."""
        sys.stderr.write(escaped(f"{self.name}: {error}", lines=True) + "\n")
        return error.code


def _quiet_stdout() -> None:
    """Point stdout at the null device, so the flush at exit meets no closed pipe again
    (Python's advice for SIGPIPE)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):   # stdout is no file (a test's capture): nothing to flush
        pass
    finally:
        os.close(devnull)


__all__ = ["BAD_INPUT", "FAILED", "INTERRUPTED", "Command", "CommandError", "Declares", "Group",
           "Parser", "Prepare", "Program", "command", "commands_in"]
