"""The ``bpe`` command (also ``python -m bpe_core``): train, encode, compare and export tokenizers.

    bpe train corpus.txt --vocab-size 1000 --special "<|endoftext|>" -o tok.json
    bpe encode tok.json "Hello world"          # tokens, whitespace made visible: Hello ␣world
    bpe encode cl100k_base --file notes.txt --ids
    bpe encode hf:Qwen/Qwen2.5-7B-Instruct --ids "你好"   # any tokenizer source: see bpe_core.formats.load_any
    bpe encode qwen.tiktoken --pattern qwen2 "Hello"
    bpe compare --file notes.txt --tokenizer tok.json --tokenizer tokenizer.model
    bpe compare "你好, world" --tokenizer tok.json --html tokens.html --svg tokens.svg --width 700
    bpe decode tok.json 256 257 258            # the text of token ids
    bpe export tok.json out/ --format huggingface

Exit status: 0 success, 1 error (one line on stderr: ``bpe: error: ...``), 2 bad usage or a pre-tokenization
regex that takes too long, 130 / 143 interrupted by SIGINT / SIGTERM (``bpe train`` keeps the merges made so far).
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import os
import signal
import stat
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from bpe_core.cancelled import Cancelled
from bpe_core.chat.command import add_chat_command
from bpe_core.comparison import FORMATS as COMPARISON_FORMATS
from bpe_core.comparison import Comparison
from bpe_core.corpus import ENCODINGS, CorpusError, CorpusInfo, InvalidTextError, WrongEncodingError
from bpe_core.corpus_files import expand, is_uri, total_size
from bpe_core.formats import EXPORT_FORMATS, TokenizerFileError, check_writable, export, load_any, load_json, save_json
from bpe_core.formats.files import kind_of, size_text, write_bytes_atomically
from bpe_core.formats.loader import source_file, takes_pattern
from bpe_core.html_tokens import DEFAULT_WIDTH, MAX_PICTURE_CHARS, MAX_WIDTH, MIN_WIDTH, PictureError
from bpe_core.messages import Message
from bpe_core.methods import METHODS, Methods, UncoverableError
from bpe_core.output_paths import OutputPathError, check_outputs
from bpe_core.patterns import PATTERNS, PatternTimeoutError
from bpe_core.reference import EncodingFileError, reference_names
from bpe_core.token_label import render_token
from bpe_core.training.config import ConfigError, Problem, TrainConfig
from bpe_core.training.run import Corpus, Counted, Counting, TrainingRun
from bpe_core.variants.superword import SUPERBPE_STAGE2

if TYPE_CHECKING:
    from bpe_core.trainer import BpeTrainer

#: The largest token id ``bpe decode`` reads (ids are int64 in our files and the libraries').
MAX_TOKEN_ID = 2**63 - 1
#: ``bpe encode`` and ``bpe compare`` read at most this much text (a file, a pipe or standard input).
MAX_TEXT_BYTES = 256_000_000
_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)
_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM") if hasattr(signal, name))


class UserError(Exception):
    """A problem to report in one line, without a traceback."""


class BadInputError(UserError):
    """A problem with what the user gave that exits with status 2."""


class ProgressBar:
    """Progress on stderr with the rate and the time left: redrawn in place on a terminal, a line every 10%
    otherwise."""

    def __init__(self, label: str, unit: str = "", scale: float = 1.0, stream=None):
        self.label, self.unit, self.scale = label, unit, scale
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.started = time.monotonic()
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
        """``done/total`` in the bar's unit, then the rate and the time left once they mean something.

        >>> import io
        >>> bar = ProgressBar("counting", " MB", 1e6, stream=io.StringIO())
        >>> bar.started -= 2.0  # two seconds in
        >>> bar._amount(50_000_000, 200_000_000)
        '50.0/200.0 MB, 25.0 MB/s, about 6 s left'
        """
        if self.scale == 1:
            amount = f"{done}/{total}{self.unit}"
        else:
            amount = f"{done / self.scale:.1f}/{total / self.scale:.1f}{self.unit}"
        seconds = time.monotonic() - self.started
        if seconds < 1 or not done or done >= total:
            return amount
        rate = done / seconds
        return f"{amount}, {rate / self.scale:.1f}{self.unit}/s, about {(total - done) / rate:.0f} s left"


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
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
        print(f"bpe: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except (UserError, TokenizerFileError, EncodingFileError, CorpusError, ValueError, OSError) as exc:
        print(f"bpe: error: {_one_line(exc)}", file=sys.stderr)
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


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.filename:
        return f"{exc.filename}: {exc.strerror or exc}"
    return " ".join(str(exc).split())


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bpe", description="Train, inspect and export byte-level BPE tokenizers.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    references = ", ".join(reference_names())
    tokenizer_help = (
        "a tokenizer file (ours, tokenizer.json, tekken.json, SentencePiece .model, .tiktoken, GPT-2 vocab.json), "
        f"a folder holding one, hf:ORG/NAME, or a reference: {references}"
    )
    pattern_help = f"how a .tiktoken file or GPT-2 files pre-tokenize: {', '.join(PATTERNS)} or a regex"

    train = commands.add_parser("train", help="train a tokenizer on text files")
    train.add_argument(
        "corpus",
        nargs="*",
        metavar="CORPUS",
        help="UTF-8 text file(s), globs, or URIs pyarrow reads (s3://, gs://, hdfs://)",
    )
    train.add_argument(
        "--counts",
        action="append",
        default=[],
        metavar="FILE",
        help="train from pre-token counts (bpe count's .parquet, or TEXT<TAB>COUNT) instead of a corpus: files, "
        "globs or URIs, as the corpus (repeatable)",
    )
    train.add_argument("--vocab-size", type=int, required=True, metavar="N", help="256 bytes + merges + specials")
    train.add_argument(
        "--pattern",
        metavar="P",
        help=f"pre-tokenization: {', '.join(PATTERNS)} or a regex (default gpt2, or the --resume tokenizer's)",
    )
    train.add_argument(
        "--special", action="append", metavar="TOKEN", help="a special token (repeatable; --resume: the saved ones)"
    )
    train.add_argument("--processes", type=int, metavar="N", help="worker processes for counting (default: all cores)")
    train.add_argument(
        "--replace-invalid",
        action="store_true",
        help="replace bytes that are not valid UTF-8 with U+FFFD instead of stopping",
    )
    train.add_argument(
        "--encoding", default="utf-8", choices=ENCODINGS, help="the corpus files' encoding (default utf-8)"
    )
    train.add_argument(
        "--resume", metavar="TOKENIZER", help="continue this saved run of ours: replay its merges, then train on"
    )
    train.add_argument(
        "--min-count", type=int, default=1, metavar="M", help="stop when the best pair is seen fewer than M times"
    )
    train.add_argument(
        "--forbid",
        action="append",
        default=[],
        metavar="REGEX",
        help="never make a token whose text matches REGEX; take the next best pair (repeatable)",
    )
    train.add_argument(
        "--add-tokens",
        metavar="FILE",
        help="after training, add each token of FILE (UTF-8, one a line) as merges of the pieces it is cut into, "
        "so that a pre-token that is exactly it encodes as one token",
    )
    train.add_argument(
        "--superword-after",
        type=int,
        metavar="T",
        help="SuperBPE: from vocabulary T on, pre-tokenize with --superword-pattern, so tokens can span words",
    )
    train.add_argument(
        "--superword-pattern",
        default=SUPERBPE_STAGE2,
        metavar="P",
        help="SuperBPE's second-stage regex: its matches and the text between them are the pre-tokens "
        "(default: the SuperBPE authors')",
    )
    train.add_argument(
        "--picky",
        type=float,
        metavar="TAU",
        help="PickyBPE: after each merge, remove a part whose intersection-over-self exceeds TAU "
        "(the paper: 0.6 to 0.9; 1 or more never removes); its id goes to the next merge",
    )
    train.add_argument(
        "--language",
        action="append",
        default=[],
        metavar="NAME=FILE",
        help="a language's text (repeatable); without --parity the files are simply the corpus",
    )
    train.add_argument(
        "--parity",
        action="store_true",
        help="parity-aware BPE: each merge is the best pair of the language whose held-out tenth has the most "
        "tokens per character",
    )
    train.add_argument(
        "--checkpoint",
        metavar="DIR",
        help="save the merges so far in DIR every few seconds; the same command run again after a crash resumes",
    )
    train.add_argument("-o", "--output", default="tokenizer.json", metavar="FILE", help="default tokenizer.json")
    train.set_defaults(run=_train)

    encode = commands.add_parser("encode", help="show how a tokenizer cuts a text")
    encode.add_argument("tokenizer", metavar="TOKENIZER", help=tokenizer_help)
    _add_text_arguments(encode)
    encode.add_argument("--ids", action="store_true", help="print token ids instead of tokens")
    encode.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="say on standard error which path encodes (our engine or the model's library) and why",
    )
    encode.add_argument("--pattern", metavar="P", help=pattern_help)
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
        help="worker processes for a text of 24 M characters or more cut by our own tokenizer (default: 1; one "
        "process encodes 31.5 MB in 2.1 s, two took 4.4 s on 2 cores)",
    )
    encode.set_defaults(run=_encode)

    decode = commands.add_parser("decode", help="show the text of token ids")
    decode.add_argument("tokenizer", metavar="TOKENIZER", help=tokenizer_help)
    decode.add_argument("ids", nargs="*", metavar="ID", help="token ids (default: read them from standard input)")
    decode.add_argument("--pattern", metavar="P", help=pattern_help)
    decode.set_defaults(run=_decode)

    compare = commands.add_parser("compare", help="token counts of a text under several tokenizers")
    _add_text_arguments(compare)
    compare.add_argument(
        "--tokenizer",
        action="append",
        default=[],
        metavar="T",
        help=f"also this tokenizer source (repeatable); the references {references} are always shown",
    )
    compare.add_argument("--pattern", metavar="P", help=pattern_help + " (for each --tokenizer that takes one)")
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

    exporter = commands.add_parser("export", help="write a tokenizer in another format")
    exporter.add_argument("tokenizer", metavar="TOKENIZER", help=tokenizer_help)
    exporter.add_argument("directory", metavar="DIR", help="output folder (created if needed)")
    exporter.add_argument("--format", required=True, choices=list(EXPORT_FORMATS))
    exporter.set_defaults(run=_export)

    vocab = commands.add_parser("vocab", help="what a vocabulary holds: scripts, longest tokens, overlap, audit")
    vocab.add_argument("tokenizer", metavar="A", help=tokenizer_help)
    vocab.add_argument("--vs", metavar="B", help="compare with tokenizer B: shared tokens, Jaccard, per script")
    vocab.add_argument("--audit", action="store_true", help="unreachable, partial-UTF-8 and duplicate tokens")
    vocab.add_argument("--text", metavar="FILE", help="count each token's usage in this UTF-8 file (implies --audit)")
    vocab.add_argument("--pattern", metavar="P", help=pattern_help + " (for A and B)")
    vocab.add_argument(
        "--xray",
        action="store_true",
        help="on the --text file: tokens formed while encoding but almost never left (residues), the frequent "
        "words cut into the most tokens, tokens per word",
    )
    vocab.add_argument("--xray-out", metavar="FILE", help="also write the X-ray as CSV or JSON (by the suffix)")
    vocab.set_defaults(run=_vocab)

    count = commands.add_parser("count", help="count the pre-tokens of text files once, to train from the counts")
    count.add_argument(
        "corpus",
        nargs="+",
        metavar="CORPUS",
        help="UTF-8 text file(s), globs, or URIs pyarrow reads (s3://, gs://, hdfs://)",
    )
    count.add_argument(
        "--pattern", default="gpt2", metavar="P", help=f"pre-tokenization: {', '.join(PATTERNS)} or a regex"
    )
    count.add_argument("--special", action="append", default=[], metavar="TOKEN", help="a special token (repeatable)")
    count.add_argument("--processes", type=int, metavar="N", help="local worker processes (default: all cores)")
    count.add_argument(
        "--ray",
        nargs="?",
        const="local",
        metavar="ADDRESS",
        help="count on Ray: on this machine, or on the cluster at ADDRESS (auto, ray://host:10001)",
    )
    count.add_argument("-o", "--output", required=True, metavar="FILE", help="COUNTS.parquet, or a TEXT<TAB>COUNT file")
    count.set_defaults(run=_count)

    add_chat_command(commands, tokenizer_help)
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
        if sys.stdin.isatty():
            print("bpe: reading the text from standard input; end it with Ctrl-D", file=sys.stderr)
        return decode_text(_read_capped(sys.stdin.buffer, "standard input", args.command), "standard input")
    return decode_text(read_text_bytes(args.file, args.command), args.file)


def read_text_bytes(path: str, command: str) -> bytes:
    """The bytes of a text file, a pipe (``/dev/stdin``, ``<(...)``) or a terminal, at most ``MAX_TEXT_BYTES``.

    A folder, a device such as ``/dev/zero``, or a socket is refused before reading; so is a file over the limit.
    """
    try:
        info = os.stat(path)
        if stat.S_ISREG(info.st_mode) and info.st_size > MAX_TEXT_BYTES:
            raise UserError(
                f"bpe {command} reads at most {size_text(MAX_TEXT_BYTES)} of text; {path} is {size_text(info.st_size)}"
            )
        if not (stat.S_ISREG(info.st_mode) or stat.S_ISFIFO(info.st_mode) or stat.S_ISCHR(info.st_mode)):
            raise UserError(f"{path}: is {kind_of(info.st_mode)}, not a text file")
        with open(path, "rb") as f:  # a named pipe waits here for its writer, as with cat; Ctrl-C stops it
            if stat.S_ISCHR(info.st_mode) and not f.isatty():
                raise UserError(f"{path}: is {kind_of(info.st_mode)}, not a text file")
            return _read_capped(f, path, command)
    except OSError as exc:
        raise UserError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _read_capped(stream, name: str, command: str) -> bytes:
    """At most ``MAX_TEXT_BYTES`` of ``stream``, read a megabyte at a time (``read(n)`` would take n bytes of
    memory at once, whatever the text's size: an error under a memory limit)."""
    chunks, total = [], 0
    while total <= MAX_TEXT_BYTES:
        chunk = stream.read(min(1 << 20, MAX_TEXT_BYTES + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    data = b"".join(chunks)
    if len(data) > MAX_TEXT_BYTES:
        raise UserError(f"bpe {command} reads at most {size_text(MAX_TEXT_BYTES)} of text; {name} holds more")
    return data


def decode_text(data: bytes, name: str) -> str:
    """UTF-8 text, or a :class:`UserError` naming ``name`` and the first bad byte (or the file's encoding).

    >>> decode_text(b"caf\\xc3\\xa9", "t.txt")
    'café'
    >>> decode_text("hi".encode("utf-16"), "t.txt")
    Traceback (most recent call last):
    ...
    bpe_core.cli.UserError: t.txt: is UTF-16 text (it starts with a UTF-16 byte-order mark); convert it to UTF-8
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            raise UserError(
                f"{name}: is {encoding} text (it starts with a {encoding} byte-order mark); convert it to UTF-8"
            )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(f"{name}: not UTF-8 text (bad byte at offset {exc.start})") from None


def load_tokenizer(spec: str, pattern: str | None = None):
    """Any tokenizer source :func:`bpe_core.formats.load_any` takes; ``pattern`` only where the source needs one."""
    if pattern is not None and spec in reference_names():
        pattern = None  # a reference has its own; `compare --pattern` is meant for the .tiktoken files
    tokenizer = load_any(spec, pattern=pattern, progress=lambda message: print(message, file=sys.stderr, flush=True))
    warning = getattr(tokenizer, "warning", None)  # what the file does silently (drops characters it has no token for)
    if warning is not None:
        print(f"bpe: warning: {warning}", file=sys.stderr)
    return tokenizer


def _encode_with(tokenizer, spec: str, text: str) -> list[int]:
    try:
        return tokenizer.encode(text)
    except PatternTimeoutError as exc:
        raise BadInputError(f"{spec}: {exc}") from None


def _train(args) -> int:
    languages = _languages(args)
    outputs = _train_outputs(args)
    args.corpus = expand(args.corpus, [path for _, path in outputs])
    args.counts = expand(args.counts, [path for _, path in outputs])  # globs and URIs, as the corpus's
    check_outputs(_train_inputs(args, languages), outputs)
    if bool(args.corpus or languages) == bool(args.counts):
        raise BadInputError("give the corpus files, or --counts files, not both and not neither")
    if args.parity and args.corpus:
        raise BadInputError("--parity trains on the --language files: give the corpus as NAME=FILE, not as CORPUS")
    if args.picky is not None and args.add_tokens:
        raise BadInputError("--add-tokens cannot extend a PickyBPE tokenizer (--picky) yet: leave one out")
    counts = _read_counts(args) if args.counts else None
    args.corpus = args.corpus + ([] if args.parity else list(languages.values()))
    for path in args.corpus:
        if not is_uri(path) and not os.path.lexists(path):
            raise UserError(f"{path}: no such file")
    check_writable(args.output)  # now, not after hours of training
    added = _token_list(args.add_tokens) if args.add_tokens else None
    started = time.monotonic()
    resumed = load_json(args.resume) if args.resume else None
    checkpoint = _checkpoint(args, counts) if args.checkpoint else None
    if checkpoint is not None and (saved := _resumable(checkpoint, args, counts)) is not None:
        print(
            f"bpe: resuming the interrupted run from its {len(saved.merges)} merges ({args.checkpoint})",
            file=sys.stderr,
        )
        resumed, args.resume = saved, str(checkpoint.folder)
    corpus = Corpus(paths=tuple(args.corpus), counted=counts, languages=tuple(languages.items()))
    try:
        run = TrainingRun(_train_config(args, resumed, counts), corpus, resumed=resumed, checkpoint=checkpoint)
    except ConfigError as exc:
        raise UserError(_problem_text(exc.problem)) from None
    trainer = run.trainer
    target = max(args.vocab_size - 256 - len(trainer.special_tokens), 1)
    with _signals_cancel(trainer) as caught:
        show = _TrainProgress(trainer, target)
        try:
            run.run(show)
        except InvalidTextError as exc:  # the library's option names, spelt as this command's
            raise UserError(str(exc).replace("(errors='replace')", "(--replace-invalid)")) from None
        except WrongEncodingError as exc:
            family = exc.encoding[:6]
            raise UserError(str(exc).replace(f"(encoding='{family}')", f"(--encoding {family})")) from None
        except PatternTimeoutError as exc:
            raise BadInputError(str(exc)) from None
        except Cancelled:
            if not caught:  # cancelled by something other than our signal handlers
                raise KeyboardInterrupt from None
            show.counting.finish()
            print("bpe: interrupted while counting pre-tokens; nothing was trained", file=sys.stderr)
            return 128 + caught[0]
        finally:
            show.counting.finish()
        show.merging.finish()
        tokenizer = trainer.tokenizer()  # with its record, and how a SuperBPE or PickyBPE run encodes
        if added is not None and not caught:
            tokenizer = _add_tokens(tokenizer, added)
        save_json(tokenizer, args.output)
    if caught:
        n = len(trainer.merges)
        print(f"bpe: interrupted after {n} of {target} merges; saved the {n} merges to {args.output}", file=sys.stderr)
        if checkpoint is not None:
            checkpoint.save(tokenizer)  # the same command run again goes on from here
        return 128 + caught[0]
    if checkpoint is not None:
        checkpoint.remove()
    record = trainer.record
    tokens = record.steps[-1].tokens_after if record.steps else record.initial_tokens
    ratio = record.corpus_bytes / tokens if tokens else 0.0
    print(
        f"{len(trainer.merges)} merges, vocabulary {len(tokenizer.vocab)}; "
        f"{record.corpus_bytes} bytes -> {tokens} tokens ({ratio:.2f} bytes/token); "
        f"{time.monotonic() - started:.1f} s; stopped: {trainer.stop_reason}\n"
        f"saved {args.output}"
    )
    _report_variants(trainer)
    return 0


#: The flag of each :class:`~bpe_core.training.config.TrainConfig` field in ``bpe train`` (problems are worded with
#: them).
TRAIN_FLAGS = {
    "vocab_size": "--vocab-size",
    "special_tokens": "--special",
    "pattern": "--pattern",
    "processes": "--processes",
    "errors": "--replace-invalid",
    "encoding": "--encoding",
    "min_count": "--min-count",
    "forbid": "--forbid",
    "resume": "--resume",
    "superword_after": "--superword-after",
    "superword_pattern": "--superword-pattern",
    "checkpoint": "--checkpoint",
    "picky": "--picky",
    "parity": "--parity",
}
#: How ``bpe train`` names a variant that cannot be combined with another.
_VARIANTS = {"picky": "PickyBPE", "parity": "parity-aware BPE"}


def _train_config(args, resumed, counts) -> TrainConfig:
    """``bpe train``'s options as a run's settings, read through :data:`TRAIN_FLAGS`; the pattern, special tokens
    and superword stage not given are the counts' or the resumed run's (a SuperBPE run goes on as it was set up)."""
    stages = getattr(resumed, "superword", None)
    pattern = args.pattern or (stages.first_pattern if stages else resumed.pattern if resumed else "gpt2")
    if counts is not None:
        pattern = counts.pattern or pattern
        args.special = args.special or list(counts.special_tokens)
    if stages is not None and args.superword_after is None:
        args.superword_after = 256 + stages.transition + len(resumed.special_tokens)
        args.superword_pattern = stages.pattern
    values = {name: getattr(args, flag.lstrip("-").replace("-", "_")) for name, flag in TRAIN_FLAGS.items()}
    values |= {"special_tokens": tuple(values["special_tokens"] or ()), "forbid": tuple(values["forbid"])}
    return TrainConfig(**values | {"pattern": pattern, "errors": "replace" if args.replace_invalid else "strict"})


class _TrainProgress:
    """``bpe train``'s progress bars (counting, then merging towards ``target``), fed a run's events."""

    def __init__(self, trainer, target: int):
        self.trainer, self.target = trainer, target
        self.counting = ProgressBar("counting", " MB", scale=1e6)
        self.merging = ProgressBar("merging ", " merges")

    def __call__(self, event) -> None:
        if isinstance(event, Counting):
            self.counting(event.done, event.total)
        elif isinstance(event, Counted):
            self.counting.finish()
            _report_warning(self.trainer)
            self.merging = ProgressBar("merging ", " merges")  # its rate from now
        else:
            self.merging(event.rank + 1, self.target)


def _problem_text(problem: Problem) -> str:
    """A problem of the settings, its fields named by their flags.

    >>> said = Message.of("config.cannot_combine", variant="picky", other="resume")
    >>> _problem_text(Problem("picky", said))
    'PickyBPE (--picky) cannot be combined with --resume yet: leave one out'
    >>> _problem_text(Problem("processes", Message.of("config.at_least", field="processes", minimum=1, value=0)))
    '--processes must be at least 1, not 0'
    """
    fields = dict(problem.message.fields)
    if problem.message.code == "config.cannot_combine":
        variant, other = fields["variant"], TRAIN_FLAGS[fields["other"]]
        return f"{_VARIANTS[variant]} ({TRAIN_FLAGS[variant]}) cannot be combined with {other} yet: leave one out"
    flags = {key: TRAIN_FLAGS.get(value, value) for key, value in fields.items() if key == "field"}
    return str(Message(problem.message.code, tuple((fields | flags).items())))


def _train_outputs(args) -> list[tuple[str, str]]:
    """The files ``bpe train`` writes: the tokenizer (a ``--checkpoint``'s files are in a folder of the program's
    own, where ``-o`` is refused: see :func:`_checkpoint`)."""
    return [("-o", args.output)]


def _train_inputs(args, languages: dict[str, str]) -> list[tuple[str, str]]:
    """The files ``bpe train`` reads (its corpus already expanded), each with the option that names it."""
    inputs = [("CORPUS", path) for path in args.corpus] + [("--counts", path) for path in args.counts]
    inputs += [(f"--language {name}", path) for name, path in languages.items()]
    return inputs + [("--resume", args.resume), ("--add-tokens", args.add_tokens)]


def _tokenizer_inputs(option: str, sources: list[str | None]) -> list[tuple[str, str]]:
    """The tokenizer files ``sources`` name (a folder's tokenizer file; none for a reference or a model id)."""
    files = [(option, source_file(source)) for source in sources if source is not None]
    return [(option, str(path)) for option, path in files if path is not None]


def _languages(args) -> dict[str, str]:
    """``--language NAME=FILE`` options as ``{name: file}``, each file checked now."""
    from bpe_core.messages import Message
    from bpe_core.variants.errors import VariantSettingError
    from bpe_core.variants.parity import parse_language

    languages: dict[str, str] = {}
    for value in args.language:
        name, path = parse_language(value)
        if name in languages:
            raise VariantSettingError(Message.of("train.language_twice", name=name))
        if not os.path.lexists(path):
            raise UserError(f"--language {name}: {path}: no such file")
        languages[name] = path
    if args.parity and not languages:
        raise VariantSettingError(Message.of("train.parity_languages", count=0))
    return languages


def _report_variants(trainer) -> None:
    """What a PickyBPE or parity-aware run did, beyond the merges."""
    if trainer.picky is not None:
        print(f"PickyBPE (tau {trainer.picky.tau:g}): {trainer.removed_count} tokens removed")
    parity = trainer.record.parity
    if parity is not None:
        from bpe_core.variants.parity import compression_curves

        ratios = {name: curve[-1] for name, curve in compression_curves(parity).items()}
        shown = ", ".join(f"{name} {ratio:.3f}" for name, ratio in ratios.items())
        served = ", ".join(f"{name} {parity['chosen'].count(i)}" for i, name in enumerate(parity["languages"]))
        worst_best = max(ratios.values()) / min(ratios.values())
        print(f"held-out tokens per character: {shown} (worst/best {worst_best:.3f}); merges served: {served}")


def _token_list(path: str) -> list[str]:
    """The tokens ``--add-tokens`` adds, read before training (a missing file is said now, not after the run)."""
    from bpe_core.variants.added_tokens import read_token_list
    from bpe_core.variants.errors import VariantSettingError

    try:
        return read_token_list(path)
    except VariantSettingError as exc:  # a line too long to be a token
        raise UserError(f"--add-tokens {path}: {exc}") from None
    except UnicodeDecodeError as exc:
        raise UserError(f"--add-tokens {path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise UserError(f"--add-tokens {path}: cannot read: {exc.strerror or exc}") from None


#: ``--add-tokens`` names this many tokens it skipped, then counts the others.
_SKIPS_SHOWN = 20


def _add_tokens(tokenizer, texts: list[str]):
    """``tokenizer`` with ``texts`` added as merges; says what was added and what was skipped, and why."""
    from bpe_core.variants.added_tokens import add_tokens, shown

    result = add_tokens(tokenizer, texts)
    merges = sum(added.merges for added in result.added)
    print(f"added {len(result.added)} tokens ({merges} merges)", file=sys.stderr)
    for text, reason in result.skipped[:_SKIPS_SHOWN]:
        print(f"bpe: --add-tokens: skipped {shown(text)}: {reason}", file=sys.stderr)
    if len(result.skipped) > _SKIPS_SHOWN:
        print(f"bpe: --add-tokens: skipped {len(result.skipped) - _SKIPS_SHOWN:,} more", file=sys.stderr)
    return result.tokenizer


@contextlib.contextmanager
def _signals_cancel(trainer: BpeTrainer):
    """While inside, SIGINT and SIGTERM cancel ``trainer`` (once; a second signal acts as usual).

    Yields the list the caught signal's number is put in.
    """
    caught: list[int] = []
    if threading.current_thread() is not threading.main_thread():  # only the main thread may set handlers
        yield caught
        return
    previous: dict[int, Callable | int | None] = {}  # signal handlers

    def restore() -> None:
        for number, handler in previous.items():
            signal.signal(number, handler)

    def cancel(number, _frame) -> None:
        caught.append(number)
        trainer.cancel()
        restore()

    for number in _SIGNALS:
        previous[number] = signal.signal(number, cancel)
    try:
        yield caught
    finally:
        restore()


def _report_warning(trainer: BpeTrainer) -> None:
    """Pass on what the trainer warns about (such as characters the pattern left unmatched, which are dropped)."""
    if trainer.warning:
        print(f"bpe: warning: {trainer.warning}", file=sys.stderr)


def _encode(args) -> int:
    if args.processes is not None:
        from bpe_core.spawning import check_processes

        check_processes(args.processes)  # before the tokenizer and the text are read
    tokenizer = load_tokenizer(args.tokenizer, args.pattern)
    if args.verbose:
        from bpe_core.foreign.base import encoding_path

        print(f"bpe: {encoding_path(tokenizer)}", file=sys.stderr)
    if args.method == "bpe":
        from bpe_core.parallel_encode import encode_in_processes

        text = _read_text(args)
        pattern = None if args.tokenizer in reference_names() else args.pattern  # as load_tokenizer, in each worker
        processes = 1 if args.processes is None else args.processes  # one compiled pre-tokenizer outruns workers
        try:
            ids = encode_in_processes(args.tokenizer, pattern, tokenizer, text, processes)
        except PatternTimeoutError as exc:
            raise BadInputError(f"{args.tokenizer}: {exc}") from None
    else:
        if not 0.0 <= args.dropout <= 1.0:
            raise BadInputError(f"--dropout {args.dropout:g}: a probability, between 0 and 1")
        try:
            ids = Methods(tokenizer).encode(_read_text(args), args.method, p=args.dropout, seed=args.seed)
        except (PatternTimeoutError, UncoverableError, TypeError) as exc:
            raise BadInputError(f"{args.tokenizer}: {exc}") from None
    if args.ids:
        print(" ".join(map(str, ids)))
    else:
        print(" ".join(render_token(tokenizer.decode_bytes([i])) for i in ids))
    print(f"{len(ids)} tokens", file=sys.stderr)
    return 0


def _decode(args) -> int:
    tokenizer = load_tokenizer(args.tokenizer, args.pattern)
    if args.ids:
        ids = [token_id(word, f"ID {number}") for number, word in enumerate(args.ids, 1)]
    else:
        lines = _read_capped(sys.stdin.buffer, "standard input", "decode").decode("utf-8", "replace").splitlines()
        where = "line {} of standard input".format
        ids = [token_id(word, where(number)) for number, line in enumerate(lines, 1) for word in line.split()]
    try:
        text = tokenizer.decode(ids)
    except ValueError as exc:  # an unknown id
        raise UserError(f"{args.tokenizer}: {exc}") from None
    sys.stdout.write(text + "\n")
    return 0


def token_id(word: str, where: str) -> int:
    """``word`` as a token id: ASCII digits (``int`` takes ``²`` and ``٣`` too, and refuses 5,000 digits with a
    message of its own) short enough for an id; else a :class:`BadInputError` naming ``where``.

    >>> token_id("15947", "ID 1")
    15947
    >>> token_id("²", "line 2 of standard input")
    Traceback (most recent call last):
    ...
    bpe_core.cli.BadInputError: line 2 of standard input: '²' is not a token id (a whole number in the digits 0-9)
    """
    if not (word.isascii() and word.isdigit()):
        raise BadInputError(f"{where}: {word!r:.40} is not a token id (a whole number in the digits 0-9)")
    if len(word) > len(str(MAX_TOKEN_ID)):
        shown = word if len(word) <= 24 else f"{word[:20]}..."
        raise BadInputError(f"{where}: {shown} ({len(word):,} digits) is not a token id: ids are below 2**63")
    return int(word)


def _vocab(args) -> int:
    from bpe_core.vocabulary.report import vocab_report

    inputs = _tokenizer_inputs("TOKENIZER", [args.tokenizer]) + _tokenizer_inputs("--vs", [args.vs])
    check_outputs([*inputs, ("--text", args.text)], [("--xray-out", args.xray_out)])
    text = decode_text(read_text_bytes(args.text, "vocab"), args.text) if args.text else None
    if args.xray or args.xray_out:
        return _xray(args, text)
    print("\n".join(vocab_report(args.tokenizer, vs=args.vs, audit=args.audit, text=text, pattern=args.pattern)))
    return 0


def _count(args) -> int:
    from bpe_core.corpus import CorpusReader
    from bpe_core.counting import count_pieces
    from bpe_core.counts_file import Counts, write_counts
    from bpe_core.specials import SpecialSplitter
    from bpe_core.trainer import max_processes

    paths = expand(args.corpus, [args.output])
    check_outputs([("CORPUS", path) for path in paths], [("-o", args.output)])
    check_writable(args.output)
    reader = CorpusReader(pattern=args.pattern, splitter=SpecialSplitter(args.special))
    info = CorpusInfo()
    reading = ProgressBar("counting", " MB", scale=1e6)  # bytes read and sent to the counters, locally or on Ray
    pieces = reader.pieces_of_files(paths, info, progress=reading)
    specials = tuple(args.special)
    if args.ray is not None:
        from bpe_core.ray_counting import NoRayClusterError, count_on_ray

        address = None if args.ray == "local" else args.ray
        try:
            counts = count_on_ray(pieces, pattern=args.pattern, special_tokens=specials, address=address)
        except NoRayClusterError:
            raise UserError(  # in this command's words: Ray's own suggests an --address option bpe does not have
                "--ray auto: no Ray cluster runs on this machine: start one with `ray start --head`, give its "
                "address (--ray HOST:6379, --ray ray://HOST:10001), or give --ray alone to start Ray for this count"
            ) from None
    else:
        large = total_size(paths) > 2 * reader.piece_chars  # as the trainer: a small corpus is counted here
        processes = args.processes or (max_processes() if large else 1)
        counts = count_pieces(pieces, pattern=args.pattern, special_tokens=specials, processes=processes)
    reading.finish()
    meta = (tuple(info.names), info.total_bytes, info.sha256)
    write_counts(args.output, Counts(counts.words, args.pattern, specials, counts.specials, *meta))
    total = sum(counts.words.values())
    print(f"{args.output}: {len(counts.words):,} distinct pre-tokens, {total:,} in all ({size_text(info.total_bytes)})")
    return 0


def _checkpoint(args, counts):
    """The checkpoint of this run in ``--checkpoint DIR``: what the run is asked to do, and on which files. A DIR
    that cannot hold one, or an output in the checkpoint's own folder, is refused before any work."""
    from bpe_core.checkpoint import Checkpoint, CheckpointError, corpus_fingerprint

    if args.superword_after is not None:
        raise BadInputError("--checkpoint cannot resume a SuperBPE run (--superword-after) yet: leave one out")
    if args.picky is not None or args.parity:
        option = "--picky" if args.picky is not None else "--parity"
        raise BadInputError(f"--checkpoint cannot resume a {option} run yet (it replays merges only): leave one out")
    settings = ("vocab_size", "pattern", "special", "min_count", "forbid", "resume", "encoding", "replace_invalid")
    run = {name: getattr(args, name) for name in settings}
    run["corpus"] = corpus_fingerprint(args.corpus or args.counts)
    checkpoint = Checkpoint(args.checkpoint, run, warn=lambda said: print(f"bpe: warning: {said}", file=sys.stderr))
    try:
        checkpoint.check()
    except CheckpointError as exc:
        raise UserError(f"--checkpoint {args.checkpoint}: {exc}") from None
    if checkpoint.contains(args.output):
        raise UserError(f"-o {args.output}: it is in the checkpoint's folder {checkpoint.folder}: write it elsewhere")
    return checkpoint


def _resumable(checkpoint, args, counts):
    """The tokenizer an interrupted run of the same command saved, if its checkpoint is whole and made with the
    settings asked for (its pattern and special tokens too); otherwise None, and why, in one line."""
    from bpe_core.specials import check_special_tokens

    pattern = (counts.pattern if counts is not None else None) or args.pattern
    special = args.special or (list(counts.special_tokens) if counts is not None else None)
    if args.resume is None:  # then the run's own (with --resume, the resumed file's unless given)
        pattern, special = pattern or "gpt2", check_special_tokens(special)
    saved = checkpoint.saved(pattern=pattern, special_tokens=special)
    if checkpoint.not_resumed is not None:
        print(f"bpe: {checkpoint.not_resumed}", file=sys.stderr)
    return saved


def _read_counts(args):
    """The counts ``bpe train --counts`` trains from, checked against the options given."""
    from bpe_core.counts_file import read_counts

    if args.superword_after is not None:
        raise BadInputError(
            "--superword-after counts the corpus again with a second pattern: give the corpus, not --counts"
        )
    if args.parity:
        raise BadInputError("--parity holds out part of each language's text: give the --language files, not --counts")
    counts = read_counts(args.counts, pattern=args.pattern)
    if args.pattern and counts.pattern and args.pattern != counts.pattern:
        raise BadInputError(f"--pattern {args.pattern}: the counts were cut with {counts.pattern}")
    if args.special and counts.special_tokens and tuple(args.special) != counts.special_tokens:
        raise BadInputError(
            "--special: the counts were cut with other special tokens: " + ", ".join(counts.special_tokens)
        )
    return counts


def _xray(args, text: str | None) -> int:
    from bpe_core.vocabulary.xray import record_residues, xray, xray_csv, xray_json, xray_report

    if text is None:
        raise BadInputError("--xray needs a text to encode: give it with --text FILE")
    if args.xray_out is not None:
        if not args.xray_out.endswith((".csv", ".json")):
            raise BadInputError(f"--xray-out {args.xray_out}: name a .csv or .json file")
        check_writable(args.xray_out)
    tokenizer = load_tokenizer(args.tokenizer, args.pattern)
    try:
        ray = xray(tokenizer, text)
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


def _compare(args) -> int:
    inputs = [("--file", args.file), *_tokenizer_inputs("--tokenizer", args.tokenizer)]
    check_outputs(inputs, [(f"--{fmt}", getattr(args, fmt)) for fmt in COMPARISON_FORMATS])
    outputs = _comparison_outputs(args)
    text = _read_text(args)
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
        count = len(_encode_with(_compared_tokenizer(args, name), name, text))
        per_char, per_byte = (f"{n / count:.2f}" if count else "-" for n in (n_chars, n_bytes))
        rows.append((name, str(count), per_char, per_byte))
    header = ("tokenizer", "tokens", "chars/token", "bytes/token")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(4)]
    for row in [header, *rows]:
        print(row[0].ljust(widths[0]) + "".join("  " + cell.rjust(w) for cell, w in zip(row[1:], widths[1:])))
    return 0


def _compared_tokenizer(args, name: str):
    """A tokenizer ``bpe compare`` shows: ``--pattern`` goes to the ``--tokenizer`` files that take one."""
    return load_tokenizer(name, args.pattern if name in args.tokenizer and takes_pattern(name) else None)


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
    from bpe_core.messages import Message

    return str(Message.of("picture.too_long", limit=f"{MAX_PICTURE_CHARS:,}", count=f"{count:,}"))


def _export(args) -> int:
    from bpe_core.tokenizer import Tokenizer

    written = [("DIR", os.path.join(args.directory, name)) for name in EXPORT_FORMATS[args.format]]
    check_outputs(_tokenizer_inputs("TOKENIZER", [args.tokenizer]), written)
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
