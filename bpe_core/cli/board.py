"""``bpe board``: several tokenizers over a corpus, one row of measures per tokenizer.

    bpe board CORPUS... --tokenizer A --tokenizer B ... [--csv F] [--html F] [--reference-language L]
              [--processes N]

CORPUS is files, folders (every file under them), globs or URIs; each file's name up to its first dot is taken
as its language (``en.txt``, ``zh.wiki.txt``) for the tokens per character per language and the premiums over
the reference language (``en`` if there is one, else the first file's).
"""

from __future__ import annotations

import argparse
import sys

from bpe_core.cli.tokenizers import tokenizer_help


def add_command(commands) -> None:
    """The ``board`` subcommand, added to the CLI's subparsers."""
    board = commands.add_parser(
        "board", help="several tokenizers over a corpus: tokens, text per token, vocabulary used, Rényi efficiency"
    )
    board.add_argument("corpus", nargs="+", metavar="CORPUS", help="text files, folders, globs or URIs")
    board.add_argument(
        "--tokenizer", action="append", default=[], required=True, metavar="T", help=tokenizer_help() + " (repeatable)"
    )
    board.add_argument("--pattern", metavar="P", help="how a .tiktoken file or GPT-2 files pre-tokenize")
    board.add_argument("--csv", metavar="FILE", help="write one CSV row per tokenizer")
    board.add_argument("--html", metavar="FILE", help="write the board as an HTML page")
    board.add_argument(
        "--reference-language",
        metavar="L",
        help="the language premiums are measured against, a corpus file's name up to its first dot (default: en)",
    )
    board.add_argument("--processes", type=int, default=2, metavar="N", help="tasks run at once (default 2)")
    board.set_defaults(run=run_board_command)


def run_board_command(args: argparse.Namespace) -> int:
    """Check the outputs, encode, print the table and write the files asked for."""
    from bpe_core.board.encode_corpus import corpus_files, run_board
    from bpe_core.board.written import board_csv, board_html, board_table
    from bpe_core.formats.files import check_writable, write_text_atomically
    from bpe_core.formats.loader import source_file
    from bpe_core.output_paths import check_outputs

    if args.processes < 1:
        raise ValueError(f"--processes must be at least 1, not {args.processes}")
    outputs = [("--csv", args.csv), ("--html", args.html)]
    files = corpus_files(args.corpus, [path for _, path in outputs])
    tokenizer_files = [("--tokenizer", str(source_file(spec))) for spec in args.tokenizer if source_file(spec)]
    check_outputs([("CORPUS", path) for path in files] + tokenizer_files, outputs)
    for _, path in outputs:
        if path is not None:
            check_writable(path)
    line = _ProgressLine(len(args.tokenizer))
    board = run_board(
        files,
        args.tokenizer,
        reference=args.reference_language,
        processes=args.processes,
        pattern=args.pattern,
        progress=line.progress if sys.stderr.isatty() else None,
        row_done=line.row_done,
    )
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print("\n".join(board_table(board.rows)))
    print(f"words cut by: {', '.join(board.text.segmenters) or 'none'}; {_languages_line(board)}")
    if args.csv:
        write_text_atomically(args.csv, board_csv(board.rows))
        print(args.csv, file=sys.stderr)
    if args.html:
        write_text_atomically(
            args.html, board_html(board.rows, corpus=" ".join(args.corpus), segmenters=board.text.segmenters)
        )
        print(args.html, file=sys.stderr)
    return 0


def _languages_line(board) -> str:
    """Which languages the premiums compare, or how to name the files so that they do.

    >>> class Board:
    ...     languages, reference = {"a/en.txt": "en"}, "en"
    >>> _languages_line(Board())
    'one language (en): name a file per language (en.txt, zh.txt, ...) to compare languages'
    """
    languages = list(dict.fromkeys(board.languages.values()))
    if len(languages) < 2:
        return f"one language ({languages[0]}): name a file per language (en.txt, zh.txt, ...) to compare languages"
    return f"languages: {', '.join(languages)}; premiums over {board.reference}"


class _ProgressLine:
    """The line a terminal shows while the board runs: the share of the corpus read by all tasks, and how many of
    the ``tokenizers`` are measured (their rows come as they are, the references' first).

    >>> line = _ProgressLine(3)
    >>> line.text(40, 100), (line.row_done(1, None), line.text(50, 100))[1]
    ('board: 40%', 'board: 50%, 1 of 3 tokenizers measured')
    """

    def __init__(self, tokenizers: int):
        self.tokenizers = tokenizers
        self.measured = 0

    def row_done(self, _index: int, _row) -> None:
        self.measured += 1

    def text(self, done: int, total: int) -> str:
        said = f"board: {done / max(total, 1):.0%}"
        return said + (f", {self.measured} of {self.tokenizers} tokenizers measured" if self.measured else "")

    def progress(self, done: int, total: int) -> None:
        print(f"\r{self.text(done, total)}", end="", file=sys.stderr, flush=True)
