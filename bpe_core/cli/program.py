"""The ``bpe`` program: its parser, made of each subcommand's, and :func:`main`, which runs one and turns what
goes wrong into one line on stderr and an exit status (see :mod:`bpe_core.cli`)."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
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
    interrupts: list[int] = []
    try:
        with _noting_interrupts(interrupts):
            return args.run(args)
    except KeyboardInterrupt:
        print("bpe: interrupted", file=sys.stderr)
        return 130
    except ImportError:
        if not interrupts:  # a Ctrl-C while a C extension imports arrives as an ImportError (see _noting_interrupts)
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


@contextlib.contextmanager
def _noting_interrupts(interrupts: list[int]):
    """Inside, SIGINT is put in ``interrupts`` before it raises KeyboardInterrupt as usual: numpy, interrupted while
    it imports the ``datetime`` module, raises an ImportError that names neither the interrupt nor its cause (the
    C-API's capsule import replaces the error), so only this list tells that Ctrl-C was pressed. Outside the main
    thread, or with SIGINT ignored or handled elsewhere, nothing changes.

    >>> seen = []
    >>> with _noting_interrupts(seen):
    ...     try:
    ...         signal.raise_signal(signal.SIGINT)
    ...     except KeyboardInterrupt:
    ...         pass
    >>> seen == [signal.SIGINT] and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    True
    """

    def note(number: int, frame) -> None:
        interrupts.append(number)
        signal.default_int_handler(number, frame)

    mine = threading.current_thread() is threading.main_thread()
    mine = mine and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if mine:
        signal.signal(signal.SIGINT, note)
    try:
        yield
    finally:
        if mine:
            signal.signal(signal.SIGINT, signal.default_int_handler)


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
