"""``bpe export``: a tokenizer written in another format."""

from __future__ import annotations

import os
import sys

from bpe_core.cli.errors import UserError
from bpe_core.cli.tokenizers import load_tokenizer, tokenizer_help, tokenizer_inputs
from bpe_core.formats import EXPORT_FORMATS, export
from bpe_core.output_paths import check_outputs


def add_command(commands) -> None:
    """The ``export`` subcommand, added to the program's subparsers."""
    exporter = commands.add_parser("export", help="write a tokenizer in another format")
    exporter.add_argument("tokenizer", metavar="TOKENIZER", help=tokenizer_help())
    exporter.add_argument("directory", metavar="DIR", help="output folder (created if needed)")
    exporter.add_argument("--format", required=True, choices=list(EXPORT_FORMATS))
    exporter.set_defaults(run=_export)


def _export(args) -> int:
    from bpe_core.encoding.tokenizer import Tokenizer

    written = [("DIR", os.path.join(args.directory, name)) for name in EXPORT_FORMATS[args.format]]
    check_outputs(tokenizer_inputs("TOKENIZER", [args.tokenizer]), written)
    tokenizer = load_tokenizer(args.tokenizer)
    if not isinstance(tokenizer, Tokenizer):
        raise UserError(
            f"{args.tokenizer}: a {tokenizer.family} tokenizer is encoded by its own library and cannot be exported; "
            "export works on BPE Explorer, GPT-2 and reference tokenizers"
        )
    for path in export(tokenizer, args.directory, args.format):
        print(path)
    if args.format in ("gpt2", "tiktoken"):
        specials = ", ".join(f"{t}={i}" for t, i in tokenizer.special_tokens.items()) or "none"
        print(
            f"note: these files do not record the pattern ({tokenizer.pattern}) or the special tokens ({specials})",
            file=sys.stderr,
        )
    return 0
