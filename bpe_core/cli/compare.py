"""``bpe compare``: a text under several tokenizers: counts, or HTML, SVG, PNG, CSV and JSON."""

from __future__ import annotations

from bpe_core.cli.errors import BadInputError, UserError
from bpe_core.cli.texts import add_text_arguments, read_text
from bpe_core.cli.tokenizer_spec import MARKER, split_spec
from bpe_core.cli.tokenizers import encode_with, load_tokenizer, pattern_help, tokenizer_inputs
from bpe_core.corpus.sample_option import sample_files
from bpe_core.encoding.reference import reference_names
from bpe_core.formats import check_writable
from bpe_core.formats.loader import takes_pattern
from bpe_core.messages import Message
from bpe_core.output_paths import check_outputs
from bpe_core.pretokenize.patterns import PATTERNS, PatternTimeoutError
from bpe_core.render.comparison import FORMATS as COMPARISON_FORMATS
from bpe_core.render.comparison import Comparison
from bpe_core.render.html_tokens import DEFAULT_WIDTH, MAX_PICTURE_CHARS, MAX_WIDTH, MIN_WIDTH, PictureError


def add_command(commands) -> None:
    """The ``compare`` subcommand, added to the program's subparsers."""
    references = ", ".join(reference_names())
    compare = commands.add_parser("compare", help="token counts of a text under several tokenizers")
    add_text_arguments(compare)
    compare.add_argument(
        "--tokenizer",
        action="append",
        default=[],
        metavar="T",
        help=f"also this tokenizer source (repeatable); the references {references} are always shown. A .tiktoken "
        "file or GPT-2 files may carry their own pattern: FILE::pattern=P (whisper.tiktoken::pattern=gpt2)",
    )
    compare.add_argument(
        "--pattern", metavar="P", help=pattern_help() + " (for each --tokenizer that takes one and gives no ::pattern=)"
    )
    compare.add_argument("--html", metavar="FILE", help="write every tokenizer's tokens as an HTML page")
    compare.add_argument("--svg", metavar="FILE", help="write them as an SVG drawing (see --width)")
    compare.add_argument("--png", metavar="FILE", help="write them as a PNG image (twice --width pixels wide)")
    compare.add_argument("--csv", metavar="FILE", help="write one CSV row per token (id, bytes, spans)")
    compare.add_argument("--json", metavar="FILE", help="write the counts and the tokens as JSON")
    compare.add_argument(
        "--width",
        type=int,
        default=DEFAULT_WIDTH,
        metavar="N",
        help=f"the SVG's width in pixels ({DEFAULT_WIDTH}; {MIN_WIDTH:g} to {MAX_WIDTH:,}); a picture draws a text "
        f"of at most {MAX_PICTURE_CHARS:,} characters",
    )
    compare.set_defaults(run=_compare)


def _compare(args) -> int:
    sample = sample_files([args.sample] if args.sample else [])
    inputs = [("--file", args.file), *[("--sample", path) for path in sample]]
    inputs += tokenizer_inputs("--tokenizer", [split_spec(t)[0] for t in args.tokenizer])
    check_outputs(inputs, [(f"--{fmt}", getattr(args, fmt)) for fmt in COMPARISON_FORMATS])
    outputs = _comparison_outputs(args)
    text = read_text(args)
    pictures = [fmt for fmt in ("svg", "png") if fmt in outputs]
    if pictures and len(text) > MAX_PICTURE_CHARS:  # said before encoding, not after
        fmt = pictures[0]
        raise UserError(f"--{fmt} {outputs[fmt]}: " + _picture_too_long(len(text)))
    names = list(dict.fromkeys(args.tokenizer + list(reference_names())))
    if outputs:
        return _write_comparison(args, text, names, outputs)
    n_chars, n_bytes = len(text), len(text.encode("utf-8", "surrogatepass"))
    rows = []
    for name in names:
        count = len(encode_with(_compared_tokenizer(args, name), name, text))
        per_char, per_byte = (f"{n / count:.2f}" if count else "-" for n in (n_chars, n_bytes))
        rows.append((name, str(count), per_char, per_byte))
    header = ("tokenizer", "tokens", "chars/token", "bytes/token")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(4)]
    for row in [header, *rows]:
        print(row[0].ljust(widths[0]) + "".join("  " + cell.rjust(w) for cell, w in zip(row[1:], widths[1:])))
    return 0


def _compared_tokenizer(args, name: str):
    """A tokenizer ``bpe compare`` shows: a ``FILE::pattern=P`` its own pattern, ``--pattern`` to the other
    ``--tokenizer`` files that take one."""
    source, own = split_spec(name)
    if own is None:
        return load_tokenizer(name, args.pattern if name in args.tokenizer and takes_pattern(name) else None)
    if not own.strip():
        raise BadInputError(f"--tokenizer {name}: give a pattern after {MARKER} ({', '.join(PATTERNS)} or a regex)")
    if source in reference_names():
        raise BadInputError(f"--tokenizer {name}: {source} is a reference and has its own pattern")
    return load_tokenizer(source, own)


def _comparison_outputs(args) -> dict[str, str]:
    """The files ``bpe compare`` writes, by format; checked before any work (a device or FIFO is refused)."""
    outputs = {fmt: getattr(args, fmt) for fmt in COMPARISON_FORMATS if getattr(args, fmt) is not None}
    if ("svg" in outputs or "png" in outputs) and not args.width >= MIN_WIDTH:
        raise BadInputError(f"--width {args.width:g}: the SVG is at least {MIN_WIDTH:g} pixels wide")
    if ("svg" in outputs or "png" in outputs) and args.width > MAX_WIDTH:
        raise BadInputError(f"--width {args.width:,}: the SVG is at most {MAX_WIDTH:,} pixels wide")
    for path in outputs.values():
        check_writable(path)
    return outputs


def _write_comparison(args, text: str, names: list[str], outputs: dict[str, str]) -> int:
    """Write the tokens of ``text`` under each tokenizer ``names`` to each of ``outputs``; print the paths."""
    views = []
    for name in names:
        try:
            views.append((name, _compared_tokenizer(args, name).view(text)))
        except PatternTimeoutError as exc:
            raise BadInputError(f"{name}: {exc}") from None
    comparison = Comparison(views)
    for fmt, path in outputs.items():
        try:
            comparison.save(path, fmt, width=args.width)
        except PictureError as exc:  # a PNG of too many pixels
            raise UserError(f"--{fmt} {path}: {exc}") from None
        print(path)
    return 0


def _picture_too_long(count: int) -> str:

    return str(Message.of("picture.too_long", limit=f"{MAX_PICTURE_CHARS:,}", count=f"{count:,}"))
