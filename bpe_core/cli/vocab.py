"""``bpe vocab``: what a vocabulary holds (scripts, longest tokens, overlap, audit) and its X-ray on a text."""

from __future__ import annotations

from collections.abc import Iterator

from bpe_core.cli.errors import BadInputError
from bpe_core.cli.texts import MAX_TEXT_BYTES, read_text_blocks
from bpe_core.cli.tokenizers import load_tokenizer, pattern_help, tokenizer_help, tokenizer_inputs
from bpe_core.formats import check_writable
from bpe_core.formats.files import size_text, write_bytes_atomically
from bpe_core.output_paths import check_outputs
from bpe_core.pretokenize.patterns import PatternTimeoutError
from bpe_core.render.token_label import render_token


def add_command(commands) -> None:
    """The ``vocab`` subcommand, added to the program's subparsers."""
    vocab = commands.add_parser("vocab", help="what a vocabulary holds: scripts, longest tokens, overlap, audit")
    vocab.add_argument("tokenizer", metavar="A", help=tokenizer_help())
    vocab.add_argument("--vs", metavar="B", help="compare with tokenizer B: shared tokens, Jaccard, per script")
    vocab.add_argument("--audit", action="store_true", help="unreachable, partial-UTF-8 and duplicate tokens")
    vocab.add_argument("--text", metavar="FILE", help="count each token's usage in this UTF-8 file (implies --audit)")
    vocab.add_argument("--pattern", metavar="P", help=pattern_help() + " (for A and B)")
    vocab.add_argument(
        "--xray",
        action="store_true",
        help="on the --text file: tokens formed while encoding but almost never left (residues), the frequent "
        "words cut into the most tokens, tokens per word",
    )
    vocab.add_argument("--xray-out", metavar="FILE", help="also write the X-ray as CSV or JSON (by the suffix)")
    vocab.set_defaults(run=_vocab)


def _vocab(args) -> int:
    from bpe_core.vocabulary.report import vocab_report
    from bpe_core.vocabulary.text_pieces import WholeTextTooLong

    inputs = tokenizer_inputs("TOKENIZER", [args.tokenizer]) + tokenizer_inputs("--vs", [args.vs])
    check_outputs([*inputs, ("--text", args.text)], [("--xray-out", args.xray_out)])
    blocks = read_text_blocks(args.text) if args.text else None  # read as it is counted, a block at a time
    try:
        if args.xray or args.xray_out:
            return _xray(args, blocks)
        lines = vocab_report(args.tokenizer, vs=args.vs, audit=args.audit, text=blocks, pattern=args.pattern)
    except WholeTextTooLong:
        raise BadInputError(
            f"bpe vocab reads at most {size_text(MAX_TEXT_BYTES)} of text for {args.tokenizer}, which encodes its text "
            f"whole (only ours and OpenAI's, with a shipped pattern, read it a piece at a time); {args.text} holds more"
        ) from None
    print("\n".join(lines))
    return 0


def _xray(args, blocks: Iterator[str] | None) -> int:
    from bpe_core.vocabulary.xray import record_residues, xray, xray_csv, xray_json, xray_report

    if blocks is None:
        raise BadInputError("--xray needs a text to encode: give it with --text FILE")
    if args.xray_out is not None:
        if not args.xray_out.endswith((".csv", ".json")):
            raise BadInputError(f"--xray-out {args.xray_out}: name a .csv or .json file")
        check_writable(args.xray_out)
    tokenizer = load_tokenizer(args.tokenizer, args.pattern)
    try:
        ray = xray(tokenizer, blocks)
    except PatternTimeoutError as exc:
        raise BadInputError(f"{args.tokenizer}: {exc}") from None
    lines = xray_report(ray)
    if tokenizer.record is not None:
        residues = record_residues(tokenizer.record, tokenizer.vocab)
        lines.append(
            f"  from the training record: {len(residues):,} tokens whose later merges consumed them almost all"
        )
        lines += [
            f"    {r.token_id:>7} {render_token(r.token):<16} made {r.formed:,}, left {r.final:,}"
            for r in residues[:15]
        ]
    print("\n".join(lines))
    if args.xray_out is not None:
        data = xray_json(ray) if args.xray_out.endswith(".json") else xray_csv(ray)
        write_bytes_atomically(args.xray_out, data.encode("utf-8"))
        print(args.xray_out)
    return 0
