"""The ``bpe`` program: its parser, made of each subcommand's, and :func:`main`, which runs one and turns what
goes wrong into one line on stderr and an exit status (see :mod:`bpe_core.cli`)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping

from bpe_core.cli import board, chat, compare, count, decode, encode, export, numbers, train, vocab
from bpe_core.cli.errors import BadInputError, UserError
from bpe_core.cli.wording import error_text
from bpe_core.corpus.reader import CorpusError
from bpe_core.encoding.reference import EncodingFileError
from bpe_core.formats import TokenizerFileError
from bpe_core.output_paths import OutputPathError
from bpe_core.pretokenize.patterns import PatternTimeoutError


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        # argparse gives an optional positional TEXT its empty value before later options (`encode T --ids hi`)
        if extra and getattr(args, "text", "") is None and getattr(args, "file", None) is None and len(extra) == 1:
            args.text = extra.pop()
        # ... and `decode` its ids given after an option (`decode FILE --pattern gpt2 15947 24486`)
        if extra and args.command == "decode" and all(word.isdigit() for word in extra):
            args.ids, extra = [*args.ids, *extra], []
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exc:  # --help, or a usage error already printed by argparse
        return int(exc.code or 0)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        print("bpe: interrupted", file=sys.stderr)
        return 130
    except ImportError as exc:
        if not _caused_by_interrupt(exc):  # a Ctrl-C while a C extension imports arrives as an ImportError
            raise
        print("bpe: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`bpe vocab X | head`): stop quietly, as `cat` does
        _quiet_stdout()
        return 128 + 13  # as if ended by SIGPIPE
    except (BadInputError, PatternTimeoutError, OutputPathError) as exc:
        print(f"bpe: error: {_one_line(exc, args.flags)}", file=sys.stderr)
        return 2
    except (UserError, TokenizerFileError, EncodingFileError, CorpusError, ValueError, OSError) as exc:
        print(f"bpe: error: {_one_line(exc, args.flags)}", file=sys.stderr)
        return 1


def _caused_by_interrupt(error: BaseException | None) -> bool:
    """Whether ``error`` comes from a KeyboardInterrupt (numpy, interrupted while importing, raises ImportError).

    >>> try:
    ...     try:
    ...         raise KeyboardInterrupt
    ...     except KeyboardInterrupt as interrupt:
    ...         raise ImportError("numpy") from interrupt
    ... except ImportError as error:
    ...     _caused_by_interrupt(error), _caused_by_interrupt(ImportError("x"))
    (True, False)
    """
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def _quiet_stdout() -> None:
    """Point standard output at the null device, so that flushing it at exit does not fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _one_line(exc: BaseException, flags: Mapping[str, str]) -> str:
    """What ``exc`` says in one line, a setting it names as the subcommand's flag (``flags``)."""
    if isinstance(exc, OSError) and exc.filename:
        return f"{exc.filename}: {exc.strerror or exc}"
    return " ".join(error_text(exc, flags).split())


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: each subcommand's module adds its own."""
    parser = argparse.ArgumentParser(prog="bpe", description="Train, inspect and export byte-level BPE tokenizers.")
    parser.set_defaults(flags={})  # a subcommand's flag for each setting the engine's messages may name
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in (train, encode, decode, compare, export, vocab, count, chat, numbers, board):
        command.add_command(commands)
    return parser
