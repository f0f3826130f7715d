"""``bpe numbers``: how tokenizers cut numbers — the rule each follows, a small table, the outliers.

    bpe numbers TOKENIZER... [--from N] [--to N] [--csv FILE]

For each tokenizer: how it cuts the numbers from ``--from`` to ``--to`` (0 to 9,999 by default; at most 100,000
numbers), then a table with a column per tokenizer: the most common cut of the numbers of each length and its share,
the count of numbers in an unusual number of tokens, and the cuts of long numbers, decimals, dates and numbers
with separators. ``--csv`` writes every number and sample (:func:`bpe_core.numbers.analysis.numbers_csv`).
"""

from __future__ import annotations

import argparse
import sys

from bpe_core.cli.tokenizers import tokenizer_help
from bpe_core.numbers.analysis import (
    DEFAULT_FIRST,
    DEFAULT_LAST,
    MAX_NUMBERS,
    NumbersRangeError,
    NumbersReport,
    check_range,
    common_cut,
    numbers_csv,
    numbers_report,
)

#: Outliers printed per tokenizer (the CSV has them all).
SHOWN_OUTLIERS = 8


def add_command(commands) -> None:
    """The ``numbers`` subcommand, added to the program's subparsers."""
    numbers = commands.add_parser(
        "numbers", help="how tokenizers cut numbers: digit groups, the rule they follow, unusual numbers"
    )
    numbers.add_argument("tokenizer", nargs="+", metavar="TOKENIZER", help=tokenizer_help())
    numbers.add_argument("--from", dest="first", type=int, default=DEFAULT_FIRST, metavar="N", help="first number (0)")
    numbers.add_argument(
        "--to",
        dest="last",
        type=int,
        default=DEFAULT_LAST,
        metavar="N",
        help=f"last number (9999; {MAX_NUMBERS:,} at most)",
    )
    numbers.add_argument("--csv", metavar="FILE", help="write every number's and sample's cut as CSV")
    numbers.set_defaults(run=run_numbers)


def run_numbers(args: argparse.Namespace) -> int:
    """Check, cut, print and write (see the module's documentation); a bad range exits with 2."""
    from bpe_core.formats import check_writable, load_any
    from bpe_core.formats.files import write_text_atomically
    from bpe_core.formats.loader import source_file
    from bpe_core.output_paths import check_outputs

    try:
        check_range(args.first, args.last)
    except NumbersRangeError as exc:
        print(f"bpe: error: --from {args.first} --to {args.last}: {exc}", file=sys.stderr)
        return 2
    files = [(spec, source_file(spec)) for spec in args.tokenizer]
    check_outputs([("TOKENIZER", str(path)) for _, path in files if path is not None], [("--csv", args.csv)])
    if args.csv is not None:
        check_writable(args.csv)
    reports = []
    count = args.last - args.first + 1
    for spec in dict.fromkeys(args.tokenizer):
        print(f"bpe: cutting {counted(count, 'number')} with {spec}…", file=sys.stderr, flush=True)
        tokenizer = load_any(spec, progress=lambda message: print(message, file=sys.stderr, flush=True))
        reports.append(numbers_report(spec, tokenizer, args.first, args.last))
    for report in reports:
        print(f"{report.tokenizer}: {report.chunking.message()}")
    print()
    print(numbers_table(reports))
    for report in reports:
        print(outliers_line(report))
    if args.csv is not None:
        write_text_atomically(args.csv, numbers_csv(reports))
        print(args.csv)
    return 0


def numbers_table(reports: list[NumbersReport]) -> str:
    """A column per report: the most common cut of the numbers of each length (its groups, its share), the count
    of outliers, then each sample's cut."""
    rows = [["", *(report.tokenizer for report in reports)]]
    lengths = sorted({digits for report in reports for digits in report.usual})
    for digits in lengths:
        rows.append(
            [
                f"{digits} digit{'s' if digits > 1 else ''}",
                *(common_cut(report.cuts, digits) or "-" for report in reports),
            ]
        )
    rows.append(["outliers", *(f"{report.outlier_count:,}" for report in reports)])
    for index, (kind, cut) in enumerate(reports[0].samples):
        rows.append([f"{kind} {cut.text}", *(report.samples[index][1].shown() for report in reports)])
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows)


def outliers_line(report: NumbersReport) -> str:
    """How many numbers have an unusual number of tokens, and the first few.

    >>> from bpe_core.numbers.analysis import NumberCut, NumbersReport, classify
    >>> odd = NumberCut("13", (b"1", b"3"))
    >>> outliers_line(NumbersReport("t", (odd,), classify([]), {2: 1}, (odd,), 1, ()))
    't: 1 number in an unusual number of tokens: 13 (1|3: 2 tokens, usually 1)'
    >>> whole = NumberCut("1000", (b"1000",))
    >>> outliers_line(NumbersReport("t", (whole,), classify([]), {4: 2}, (whole,), 1, ()))
    't: 1 number in an unusual number of tokens: 1000 (1000: 1 token, usually 2)'
    """
    count = report.outlier_count
    if not count:
        return f"{report.tokenizer}: no number in an unusual number of tokens"
    shown = ", ".join(
        f"{cut.text} ({cut.shown()}: {counted(cut.tokens, 'token')}, usually {report.usual[cut.digits]})"
        for cut in report.outliers[:SHOWN_OUTLIERS]
    )
    more = f", … ({count - SHOWN_OUTLIERS:,} more)" if count > SHOWN_OUTLIERS else ""
    return f"{report.tokenizer}: {counted(count, 'number')} in an unusual number of tokens: {shown}{more}"


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun``, singular or plural.

    >>> counted(1, "token"), counted(2, "token"), counted(1_000, "number")
    ('1 token', '2 tokens', '1,000 numbers')
    """
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"
