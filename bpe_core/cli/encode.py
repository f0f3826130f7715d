"""``bpe encode``: how a tokenizer cuts a text, as tokens or ids."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bpe_core.cli.errors import BadInputError
from bpe_core.cli.texts import add_text_arguments, read_text
from bpe_core.cli.tokenizers import load_tokenizer, pattern_help, tokenizer_help
from bpe_core.encoding.methods import METHODS, Methods, UncoverableError
from bpe_core.encoding.reference import reference_names
from bpe_core.pretokenize.patterns import PatternTimeoutError
from bpe_core.render.token_label import render_token

if TYPE_CHECKING:
    import numpy as np


def add_command(commands) -> None:
    """The ``encode`` subcommand, added to the program's subparsers."""
    encode = commands.add_parser("encode", help="show how a tokenizer cuts a text")
    encode.add_argument("tokenizer", metavar="TOKENIZER", help=tokenizer_help())
    add_text_arguments(encode)
    encode.add_argument("--ids", action="store_true", help="print token ids instead of tokens")
    encode.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="say on standard error which path encodes (our engine or the model's library) and why",
    )
    encode.add_argument("--pattern", metavar="P", help=pattern_help())
    encode.add_argument(
        "--method",
        choices=METHODS,
        default="bpe",
        help="bpe: the tokenizer's own encoding; greedy: longest token first; fewest: the fewest tokens; dropout: "
        "BPE skipping each merge with probability --dropout (default: bpe)",
    )
    encode.add_argument("--dropout", type=float, default=0.1, metavar="P", help="for --method dropout (0.1)")
    encode.add_argument("--seed", type=int, metavar="S", help="for --method dropout: the same draw each time")
    encode.add_argument(
        "--processes",
        type=int,
        metavar="N",
        help="cores encoding a long text cut by our own tokenizer: threads of this process where it is compiled "
        "(a text of 512 K characters or more), else processes (2 M or more), this one among them (default: 1)",
    )
    encode.set_defaults(run=_encode)


def _encode(args) -> int:
    pattern = None if args.tokenizer in reference_names() else args.pattern  # as load_tokenizer, in each worker
    if args.processes is not None:
        from bpe_core.encoding.parallel_encode import start_workers
        from bpe_core.spawning import check_processes

        check_processes(args.processes)  # before the tokenizer and the text are read
        if args.method == "bpe" and args.tokenizer in reference_names():
            start_workers(args.tokenizer, pattern, args.processes)  # they load theirs while this process does
    tokenizer = load_tokenizer(args.tokenizer, args.pattern)
    if args.verbose:
        from bpe_core.foreign.base import encoding_path

        print(f"bpe: {encoding_path(tokenizer)}", file=sys.stderr)
    if args.method == "bpe":
        from bpe_core.encoding.parallel_encode import encode_in_processes

        text = read_text(args)
        processes = 1 if args.processes is None else args.processes
        try:
            ids = encode_in_processes(args.tokenizer, pattern, tokenizer, text, processes)
        except PatternTimeoutError as exc:
            raise BadInputError(f"{args.tokenizer}: {exc}") from None
    else:
        if not 0.0 <= args.dropout <= 1.0:
            raise BadInputError(f"--dropout {args.dropout:g}: a probability, between 0 and 1")
        try:
            ids = Methods(tokenizer).encode(read_text(args), args.method, p=args.dropout, seed=args.seed)
        except (PatternTimeoutError, UncoverableError, TypeError) as exc:
            raise BadInputError(f"{args.tokenizer}: {exc}") from None
    if args.ids:
        print_blocks(ids, str)
    else:
        print_blocks(ids, functools.cache(lambda i: render_token(tokenizer.decode_bytes([i]))))
    print(f"{len(ids)} tokens", file=sys.stderr)
    return 0


def print_blocks(ids: Sequence[int] | np.ndarray, label: Callable[[int], str], block: int = 65_536) -> None:
    """Each id's label, a space between two and a line break at the end, written ``block`` ids at a time: the 15
    million ids of 31 MB of code never stand as 15 million strings at once (940 MB, where a block takes a few).

    >>> print_blocks([31373, 995, 0], str, block=2)
    31373 995 0
    """
    write = sys.stdout.write
    for start in range(0, len(ids), block):
        part = ids[start : start + block]
        write((" " if start else "") + " ".join(map(label, part.tolist() if hasattr(part, "tolist") else part)))
    write("\n")
