"""The ``bpe`` command (also ``python -m bpe_core``): train, encode, compare and export tokenizers.

    bpe train corpus.txt --vocab-size 1000 --special "<|endoftext|>" -o tok.json
    bpe encode tok.json "Hello world"          # tokens, whitespace made visible: Hello ␣world
    bpe encode cl100k_base --file notes.txt --ids
    bpe compare --file notes.txt --tokenizer tok.json
    bpe export tok.json out/ --format huggingface

Exit status: 0 success, 1 error (one line on stderr: ``bpe: error: ...``), 2 bad usage, 130 interrupted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bpe_core.corpus import CorpusError
from bpe_core.formats import EXPORT_FORMATS, TokenizerFileError, export, load_huggingface, load_json, save_json
from bpe_core.patterns import PATTERNS
from bpe_core.reference import EncodingFileError, reference_names
from bpe_core.trainer import BpeTrainer, TrainingCancelled

_VISIBLE = {" ": "␣", "\n": "↵", "\t": "⇥", "\r": "␍"}


class UserError(Exception):
    """A problem to report in one line, without a traceback."""


def show_token(token: bytes) -> str:
    """A token made readable: whitespace visible, bytes that are not whole UTF-8 characters as ``<E4>``.

    >>> show_token(" a\\n".encode()), show_token("中".encode()[:2]), show_token(b"\\x00")
    ('␣a↵', '<E4><B8>', '<00>')
    """
    out = []
    for char in token.decode("utf-8", errors="surrogateescape"):
        if "\udc80" <= char <= "\udcff":
            out.append(f"<{ord(char) - 0xDC00:02X}>")
        elif char in _VISIBLE:
            out.append(_VISIBLE[char])
        elif not char.isprintable():
            out.append("".join(f"<{b:02X}>" for b in char.encode("utf-8")))
        else:
            out.append(char)
    return "".join(out)


class ProgressBar:
    """Progress on stderr: redrawn in place on a terminal, a line every 10% otherwise."""

    def __init__(self, label: str, unit: str = "", scale: float = 1.0, stream=None):
        self.label, self.unit, self.scale = label, unit, scale
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.last_draw = 0.0
        self.last_decile = -1

    def __call__(self, done: int, total: int) -> None:
        fraction = done / total if total else 1.0
        if self.tty:
            now = time.monotonic()
            if now - self.last_draw < 0.1 and done < total:
                return
            self.last_draw = now
            bar = "#" * int(fraction * 30)
            self.stream.write(f"\r{self.label} [{bar:<30}] {self._amount(done, total)}")
        else:
            decile = int(fraction * 10)
            if decile == self.last_decile:
                return
            self.last_decile = decile
            self.stream.write(f"{self.label} {decile * 10:3d}% {self._amount(done, total)}\n")
        self.stream.flush()

    def finish(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()

    def _amount(self, done: int, total: int) -> str:
        if self.scale == 1:
            return f"{done}/{total}{self.unit}"
        return f"{done / self.scale:.1f}/{total / self.scale:.1f}{self.unit}"


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    try:
        args, extra = parser.parse_known_args(argv)
        # argparse gives an optional positional TEXT its empty value before later options (`encode T --ids hi`)
        if extra and getattr(args, "text", "") is None and getattr(args, "file", None) is None and len(extra) == 1:
            args.text = extra.pop()
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exc:  # --help, or a usage error already printed by argparse
        return int(exc.code or 0)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        print("bpe: interrupted", file=sys.stderr)
        return 130
    except (UserError, TokenizerFileError, EncodingFileError, CorpusError, ValueError, OSError) as exc:
        print(f"bpe: error: {_one_line(exc)}", file=sys.stderr)
        return 1


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.filename:
        return f"{exc.filename}: {exc.strerror or exc}"
    return " ".join(str(exc).split())


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bpe", description="Train, inspect and export byte-level BPE tokenizers.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    references = ", ".join(reference_names())
    tokenizer_help = f"our tokenizer .json, a Hugging Face tokenizer.json, or a reference: {references}"

    train = commands.add_parser("train", help="train a tokenizer on text files")
    train.add_argument("corpus", nargs="+", metavar="CORPUS", help="UTF-8 text file(s)")
    train.add_argument("--vocab-size", type=int, required=True, metavar="N", help="256 bytes + merges + specials")
    train.add_argument("--pattern", default="gpt2", metavar="P",
                       help=f"pre-tokenization: {', '.join(PATTERNS)} or a regex (default gpt2)")
    train.add_argument("--special", action="append", default=[], metavar="TOKEN", help="a special token (repeatable)")
    train.add_argument("--processes", type=int, metavar="N", help="worker processes for counting (default: all cores)")
    train.add_argument("--replace-invalid", action="store_true",
                       help="replace bytes that are not valid UTF-8 with U+FFFD instead of stopping")
    train.add_argument("-o", "--output", default="tokenizer.json", metavar="FILE", help="default tokenizer.json")
    train.set_defaults(run=_train)

    encode = commands.add_parser("encode", help="show how a tokenizer cuts a text")
    encode.add_argument("tokenizer", metavar="TOKENIZER", help=tokenizer_help)
    _add_text_arguments(encode)
    encode.add_argument("--ids", action="store_true", help="print token ids instead of tokens")
    encode.set_defaults(run=_encode)

    compare = commands.add_parser("compare", help="token counts of a text under several tokenizers")
    _add_text_arguments(compare)
    compare.add_argument("--tokenizer", action="append", default=[], metavar="T",
                         help=f"also this tokenizer (repeatable); the references {references} are always shown")
    compare.set_defaults(run=_compare)

    exporter = commands.add_parser("export", help="write a tokenizer in another format")
    exporter.add_argument("tokenizer", metavar="TOKENIZER", help=tokenizer_help)
    exporter.add_argument("directory", metavar="DIR", help="output folder (created if needed)")
    exporter.add_argument("--format", required=True, choices=list(EXPORT_FORMATS))
    exporter.set_defaults(run=_export)
    return parser


def _add_text_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", nargs="?", metavar="TEXT", help="the text (default: read standard input)")
    parser.add_argument("--file", metavar="F", help="read the text from a UTF-8 file (instead of TEXT)")


def _read_text(args) -> str:
    if args.text is not None:
        if args.file is not None:
            raise UserError("give a TEXT or --file, not both")
        return args.text
    if args.file is None:
        return sys.stdin.read()
    data = Path(args.file).read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(f"{args.file}: not UTF-8 text (bad byte at offset {exc.start})") from None


def load_tokenizer(spec: str):
    """A reference name, our JSON file, or a Hugging Face ``tokenizer.json``."""
    from bpe_core.tokenizer import Tokenizer

    if spec in reference_names():
        return Tokenizer.from_tiktoken(spec)
    try:
        return load_json(spec)
    except TokenizerFileError as exc:
        if "Hugging Face" not in exc.problem:
            raise
    return load_huggingface(spec)


def _train(args) -> int:
    for path in args.corpus:
        if not Path(path).is_file():
            raise UserError(f"{path}: no such file")
    started = time.monotonic()
    errors = "replace" if args.replace_invalid else "strict"
    trainer = BpeTrainer(args.vocab_size, args.special, pattern=args.pattern, processes=args.processes, errors=errors)
    counting = ProgressBar("counting", " MB", scale=1e6)
    try:
        trainer.count_files(args.corpus, progress=counting)
    except CorpusError as exc:
        if "UTF-8" in str(exc) and not args.replace_invalid:
            raise UserError(str(exc).replace("(errors='replace')", "(--replace-invalid)")) from None
        raise
    except TrainingCancelled:  # only if cancelled from elsewhere; Ctrl-C arrives as KeyboardInterrupt
        raise KeyboardInterrupt from None
    finally:
        counting.finish()
    target = max(args.vocab_size - 256 - len(args.special), 1)
    merging = ProgressBar("merging ", " merges")
    for step in trainer.steps():
        merging(step.rank + 1, target)
    merging.finish()
    from bpe_core.tokenizer import Tokenizer

    tokenizer = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern=args.pattern)
    tokenizer.record = trainer.record
    save_json(tokenizer, args.output)
    record = trainer.record
    tokens = record.steps[-1].tokens_after if record.steps else record.initial_tokens
    ratio = record.corpus_bytes / tokens if tokens else 0.0
    print(
        f"{len(trainer.merges)} merges, vocabulary {len(tokenizer.vocab)}; "
        f"{record.corpus_bytes} bytes -> {tokens} tokens ({ratio:.2f} bytes/token); "
        f"{time.monotonic() - started:.1f} s; stopped: {trainer.stop_reason}\n"
        f"saved {args.output}"
    )
    return 0


def _encode(args) -> int:
    tokenizer = load_tokenizer(args.tokenizer)
    ids = tokenizer.encode(_read_text(args))
    if args.ids:
        print(" ".join(map(str, ids)))
    else:
        print(" ".join(show_token(tokenizer.decode_bytes([i])) for i in ids))
    print(f"{len(ids)} tokens", file=sys.stderr)
    return 0


def _compare(args) -> int:
    text = _read_text(args)
    n_chars, n_bytes = len(text), len(text.encode("utf-8", "surrogatepass"))
    names = list(dict.fromkeys(args.tokenizer + list(reference_names())))
    rows = []
    for name in names:
        count = len(load_tokenizer(name).encode(text))
        per = (lambda n: f"{n / count:.2f}" if count else "-")
        rows.append((name, str(count), per(n_chars), per(n_bytes)))
    header = ("tokenizer", "tokens", "chars/token", "bytes/token")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(4)]
    for row in [header, *rows]:
        print(row[0].ljust(widths[0]) + "".join("  " + cell.rjust(w) for cell, w in zip(row[1:], widths[1:])))
    return 0


def _export(args) -> int:
    tokenizer = load_tokenizer(args.tokenizer)
    for path in export(tokenizer, args.directory, args.format):
        print(path)
    if args.format in ("gpt2", "tiktoken"):
        specials = ", ".join(f"{t}={i}" for t, i in tokenizer.special_tokens.items()) or "none"
        print(f"note: these files do not record the pattern ({tokenizer.pattern}) or the special tokens ({specials})",
              file=sys.stderr)
    return 0
