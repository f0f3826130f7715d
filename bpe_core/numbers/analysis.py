"""How a tokenizer cuts numbers: the digit groups of each number of a range (0 to 9,999 by default), the rule they
follow (:class:`Chunking`: single digits, groups of three from the left as cl100k/o200k, from the right, whole
numbers, or whatever the vocabulary merged as GPT-2), the numbers cut into an unusual number of tokens, and the
cuts of long numbers, decimals, dates and numbers with separators (:data:`SAMPLES`).

A tokenizer is given as ``pieces(text)``: the bytes of each token of ``text`` (:func:`pieces_of` makes it from any
:class:`~bpe_core.encoding.protocol.ShownTokenizer`). A group is the digits one token holds; tokens without digits (a
SentencePiece word start ``▁``) are no group.

>>> from bpe_core.foreign import TiktokenTokenizer
>>> cl100k = pieces_of(TiktokenTokenizer.reference("cl100k_base"))
>>> cut = cut_text(cl100k, "1234567")
>>> cut.shown(), cut.groups
('123|456|7', (3, 3, 1))
>>> chunking = classify(cut_range(cl100k, 0, 9999))
>>> chunking.kind, chunking.size, chunking.fitting, chunking.numbers
('left', 3, 9990, 9990)
>>> str(chunking.message()).split(": ")[0]
'left-to-right groups of 3'
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from bpe_core.cancelled import Cancelled
from bpe_core.messages import EngineError, Message
from bpe_core.render.csv_cells import safe_record

#: ``pieces(text)``: the bytes of each token a tokenizer cuts ``text`` into.
Pieces = Callable[[str], Sequence[bytes]]

#: The range shown unless another is asked for (inclusive).
DEFAULT_FIRST, DEFAULT_LAST = 0, 9_999
#: At most this many numbers are cut at once (100,000 numbers: 3 to 4 s per reference tokenizer on a loaded 2-core
#: machine; 10,000 in 0.5 to 0.8 s).
MAX_NUMBERS = 100_000
#: The largest number a range may hold (18 digits: beyond, a number is a long number, see :data:`SAMPLES`).
MAX_NUMBER = 10**18 - 1
#: The share of numbers a rule must fit to name a tokenizer's chunking.
FITS = 0.99
#: The most outliers kept per tokenizer (the count of all is kept too).
MAX_OUTLIERS = 500

_DIGITS = frozenset(b"0123456789")


class NumbersRangeError(EngineError, ValueError):
    """A range of numbers that is not cut (see :func:`check_range`)."""


#: Texts with numbers in them, by kind: how a tokenizer cuts what is no plain number, and numbers in a sentence.
SAMPLES: tuple[tuple[str, str], ...] = (
    ("long", "12345678"),
    ("long", "3141592653589793"),
    ("long", "100000000000000000000"),
    ("decimal", "3.14159"),
    ("decimal", "0.5"),
    ("decimal", "1234.5678"),
    ("decimal", "-2.75"),
    ("date", "2026-11-28"),
    ("date", "28/11/2026"),
    ("date", "11/28/2026"),
    ("date", "28.11.2026"),
    ("separators", "1,234,567"),
    ("separators", "1 234 567"),
    ("separators", "1.234.567"),
    ("separators", "1_234_567"),
    ("separators", "1,234,567.89"),
    ("text", "In 2026 it cost $1,234.56."),  # a number after a space: GPT-2 glues the space to it
)


def pieces_of(tokenizer) -> Pieces:
    """``pieces`` for a :class:`~bpe_core.encoding.protocol.ShownTokenizer`: its tokens' bytes.

    >>> from bpe_core.foreign import TiktokenTokenizer
    >>> pieces_of(TiktokenTokenizer.reference("gpt2"))("2026")
    [b'20', b'26']
    """
    return lambda text: [tokenizer.token_bytes(token_id) for token_id in tokenizer.encode(text)]


def digit_count(data: bytes) -> int:
    """The ASCII digits in ``data``.

    >>> digit_count(b"\\xe2\\x96\\x81123"), digit_count(b"abc")
    (3, 0)
    """
    return sum(byte in _DIGITS for byte in data)


@dataclass(frozen=True)
class NumberCut:
    """``text`` cut into tokens (``pieces``: their bytes). ``groups``: the digits each token holding digits holds;
    ``lost``: digits of the text no token holds (a token for an unknown word, a dropped character)."""

    text: str
    pieces: tuple[bytes, ...]
    groups: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        groups = tuple(n for n in map(digit_count, self.pieces) if n)
        object.__setattr__(self, "groups", groups)

    @property
    def tokens(self) -> int:
        return len(self.pieces)

    @property
    def digits(self) -> int:
        return digit_count(self.text.encode())

    @property
    def lost(self) -> int:
        return max(self.digits - sum(self.groups), 0)

    def shown(self) -> str:
        """The tokens as text, ``|`` between them (bytes that are no UTF-8 as U+FFFD).

        >>> NumberCut("2026", (b"20", b"26")).shown()
        '20|26'
        """
        return "|".join(piece.decode("utf-8", "replace") for piece in self.pieces)


def cut_text(pieces: Pieces, text: str) -> NumberCut:
    """``text`` as ``pieces`` cuts it.

    >>> cut_text(lambda text: [text[:1].encode(), text[1:].encode()], "123").groups
    (1, 2)
    """
    return NumberCut(text, tuple(pieces(text)))


def check_range(first: int, last: int) -> None:
    """Refuse a range that cannot be cut: negative, backwards, beyond :data:`MAX_NUMBER` or of more than
    :data:`MAX_NUMBERS` numbers (a :class:`NumbersRangeError` naming the range).

    >>> check_range(0, 9_999)
    >>> check_range(0, 10**6)
    Traceback (most recent call last):
    ...
    bpe_core.numbers.analysis.NumbersRangeError: the range 0 to 1,000,000 holds 1,000,001 numbers; at most ...
    """
    if first < 0:
        raise NumbersRangeError(Message.of("numbers.range_negative", first=f"{first:,}"))
    if last < first:
        raise NumbersRangeError(Message.of("numbers.range_backwards", first=f"{first:,}", last=f"{last:,}"))
    if last > MAX_NUMBER:
        raise NumbersRangeError(Message.of("numbers.range_too_high", last=f"{last:,}", most=f"{MAX_NUMBER:,}"))
    if last - first + 1 > MAX_NUMBERS:
        raise NumbersRangeError(
            Message.of(
                "numbers.range_too_large",
                first=f"{first:,}",
                last=f"{last:,}",
                count=f"{last - first + 1:,}",
                most=f"{MAX_NUMBERS:,}",
            )
        )


def cut_range(
    pieces: Pieces, first: int = DEFAULT_FIRST, last: int = DEFAULT_LAST, cancelled: Callable[[], bool] = bool
) -> list[NumberCut]:
    """The cut of every number from ``first`` to ``last`` (inclusive), written plainly (``1234``); ``cancelled()``
    is asked every 1,000 numbers (:class:`~bpe_core.cancelled.Cancelled` when it says so). The range is checked
    first (:func:`check_range`).

    >>> [cut.shown() for cut in cut_range(lambda text: [text.encode()], 9, 11)]
    ['9', '10', '11']
    """
    check_range(first, last)
    cuts = []
    for number in range(first, last + 1):
        if number % 1000 == 0 and cancelled():
            raise Cancelled(f"cutting the numbers was cancelled at {number:,}")
        cuts.append(cut_text(pieces, str(number)))
    return cuts


def rule_groups(digits: int, side: str, size: int) -> tuple[int, ...]:
    """The groups of a ``digits``-digit number cut in groups of ``size`` from the ``"left"`` or the ``"right"``.

    >>> rule_groups(7, "left", 3), rule_groups(7, "right", 3), rule_groups(3, "right", 1)
    ((3, 3, 1), (1, 3, 3), (1, 1, 1))
    """
    whole, rest = divmod(digits, size)
    groups = (size,) * whole
    if not rest:
        return groups
    return groups + (rest,) if side == "left" else (rest,) + groups


def shown_rule(side: str, size: int, text: str = "1234567") -> str:
    """``text`` cut by a rule, ``|`` between its groups.

    >>> shown_rule("right", 3), shown_rule("left", 2, "12345")
    ('1|234|567', '12|34|5')
    """
    parts, start = [], 0
    for group in rule_groups(len(text), side, size):
        parts.append(text[start : start + group])
        start += group
    return "|".join(parts)


@dataclass(frozen=True)
class Chunking:
    """How a tokenizer cuts the numbers of a range, with the evidence. ``kind``: ``"single"`` (digit by digit),
    ``"left"`` / ``"right"`` (groups of ``size`` from the first / the last digit), ``"groups"`` (groups of
    ``size``, the same from either side for the range's numbers), ``"whole"`` (one token each),
    ``"vocabulary"`` (no rule fits: what the vocabulary merged, as GPT-2), ``"no_digits"`` (digits lost: the
    vocabulary has no token for them), ``"too_few"`` (no number of two digits or more to tell by). ``fitting`` of
    ``numbers`` (those of two digits or more) fit the rule; ``largest`` is the largest group seen, ``ways`` the
    number of different cuts, ``lost`` the numbers whose digits no token holds, ``longest_token`` the most digits
    of a token of the vocabulary (None: not known)."""

    kind: str
    size: int
    fitting: int
    numbers: int
    largest: int
    ways: int
    lost: int
    longest_token: int | None = None

    def message(self) -> Message:
        """The chunking said as an engine message (``str()`` is English)."""
        counts = {"fitting": f"{self.fitting:,}", "numbers": f"{self.numbers:,}"}
        if self.kind == "single":
            if self.longest_token is None:
                return Message.of("numbers.single", **counts)
            if self.longest_token <= 1:
                return Message.of("numbers.single_bytes", **counts)
            return Message.of("numbers.single_split", longest=f"{self.longest_token:,}", **counts)
        if self.kind in ("left", "right"):
            example = f"1234567 → {shown_rule(self.kind, self.size)}"
            return Message.of(f"numbers.{self.kind}", size=self.size, example=example, **counts)
        if self.kind == "whole":
            return Message.of("numbers.whole", largest=self.largest, **counts)
        if self.kind == "groups":
            return Message.of("numbers.groups", size=self.size, **counts)
        if self.kind == "too_few":
            return Message.of("numbers.too_few")
        if self.kind == "no_digits":
            return Message.of("numbers.no_digits", lost=f"{self.lost:,}")
        return Message.of("numbers.vocabulary", largest=self.largest, ways=f"{self.ways:,}", **counts)


#: The rules tried, in order: the first that fits :data:`FITS` of the numbers names the chunking.
RULES = (("single", 1), ("left", 3), ("right", 3), ("left", 2), ("right", 2), ("left", 4), ("right", 4))


def classify(cuts: Sequence[NumberCut], longest_token: int | None = None) -> Chunking:
    """The rule the cuts follow (see :class:`Chunking`); ``longest_token`` is passed on as evidence.

    >>> cuts = [NumberCut(str(n), tuple(c.encode() for c in str(n))) for n in range(100)]
    >>> classify(cuts).kind, classify(cuts).fitting, classify(cuts).numbers
    ('single', 90, 90)
    """
    several = [cut for cut in cuts if cut.digits >= 2]
    lost = sum(1 for cut in cuts if cut.lost)
    largest = max((max(cut.groups, default=0) for cut in cuts), default=0)
    ways = len({cut.groups for cut in several})

    def found(kind: str, size: int, fitting: int) -> Chunking:
        return Chunking(kind, size, fitting, len(several), largest, ways, lost, longest_token)

    if cuts and lost * 2 > len(cuts):
        return found("no_digits", 0, len(cuts) - lost)
    if not several:
        return found("too_few", 0, 0)
    if all(len(cut.groups) == 1 for cut in several):
        return found("whole", 0, len(several))
    fits = {rule: sum(1 for cut in several if cut.groups == rule_groups(cut.digits, *rule)) for rule in RULES}
    for side, size in RULES:
        fitting = fits[(side, size)]
        if fitting >= FITS * len(several):
            both = size > 1 and fits[("left", size)] == fits[("right", size)]  # numbers too short to tell the side
            return found("single" if size == 1 else "groups" if both else side, size, fitting)
    return found("vocabulary", 0, max(fits.values()))


def longest_digit_token(tokens: Iterable[bytes]) -> int:
    """The most digits of a token made of digits only (a leading space or ``▁`` allowed), 0 if none.

    >>> longest_digit_token([b"12", b" 2017", b"\\xe2\\x96\\x81123", b"a1"])
    4
    """
    longest = 0
    for token in tokens:
        digits = token.removeprefix(b" ").removeprefix("▁".encode())
        if digits and digits.isdigit():  # bytes.isdigit: ASCII digits only
            longest = max(longest, len(digits))
    return longest


def usual_tokens(cuts: Iterable[NumberCut]) -> dict[int, int]:
    """For each number of digits, the most common number of tokens (the smaller on a tie).

    >>> usual_tokens([NumberCut("10", (b"10",)), NumberCut("11", (b"1", b"1")), NumberCut("12", (b"12",))])
    {2: 1}
    """
    seen: dict[int, Counter[int]] = {}
    for cut in cuts:
        seen.setdefault(cut.digits, Counter())[cut.tokens] += 1
    return {digits: min(counts, key=lambda n: (-counts[n], n)) for digits, counts in sorted(seen.items())}


def outliers(cuts: Iterable[NumberCut], usual: dict[int, int]) -> list[NumberCut]:
    """The cuts whose number of tokens is not the usual one for their digits, the farthest first.

    >>> cuts = [NumberCut("10", (b"10",)), NumberCut("11", (b"1", b"1")), NumberCut("12", (b"12",))]
    >>> [cut.text for cut in outliers(cuts, usual_tokens(cuts))]
    ['11']
    """
    odd = [cut for cut in cuts if cut.tokens != usual.get(cut.digits)]
    return sorted(odd, key=lambda cut: -abs(cut.tokens - usual[cut.digits]))


def group_positions(cuts: Iterable[NumberCut]) -> dict[int, list[float]]:
    """For each number of digits, the mean size of the group that holds each digit, first digit first: what the
    heat map shows (3 for every digit of a 3-digit token; left-to-right groups of 3 give 4-digit numbers
    ``[3, 3, 3, 1]``, right-to-left ``[1, 3, 3, 3]``).

    >>> group_positions([NumberCut("1234", (b"123", b"4")), NumberCut("5678", (b"5", b"678"))])
    {4: [2.0, 3.0, 3.0, 2.0]}
    """
    sums: dict[int, list[int]] = {}
    counts: Counter[int] = Counter()
    for cut in cuts:
        if cut.lost or not cut.groups:
            continue
        row = sums.setdefault(cut.digits, [0] * cut.digits)
        position = 0
        for group in cut.groups:
            for _ in range(group):
                row[position] += group
                position += 1
        counts[cut.digits] += 1
    return {digits: [total / counts[digits] for total in row] for digits, row in sorted(sums.items())}


def cut_patterns(cuts: Iterable[NumberCut]) -> dict[int, Counter[tuple[int, ...]]]:
    """For each number of digits, how often each cut (its groups) occurs.

    >>> cut_patterns([NumberCut("12", (b"12",)), NumberCut("34", (b"3", b"4"))])
    {2: Counter({(2,): 1, (1, 1): 1})}
    """
    patterns: dict[int, Counter[tuple[int, ...]]] = {}
    for cut in cuts:
        patterns.setdefault(cut.digits, Counter())[cut.groups] += 1
    return dict(sorted(patterns.items()))


def common_cut(cuts: Iterable[NumberCut], digits: int) -> str:
    """The most common groups of the ``digits``-digit numbers among ``cuts`` and their share ('' if none).

    >>> common_cut([NumberCut("12", (b"12",)), NumberCut("13", (b"1", b"3")), NumberCut("14", (b"14",))], 2)
    '2 (67%)'
    """
    counts = cut_patterns(cuts).get(digits)
    if not counts:
        return ""
    groups, count = counts.most_common(1)[0]
    return f"{'+'.join(map(str, groups)) or '-'} ({count / sum(counts.values()):.0%})"


@dataclass(frozen=True)
class NumbersReport:
    """One tokenizer's numbers: the range's cuts, their chunking, the usual token count per number of digits, the
    outliers (at most :data:`MAX_OUTLIERS`, of ``outlier_count``), the samples' cuts (kind, cut)."""

    tokenizer: str
    cuts: tuple[NumberCut, ...]
    chunking: Chunking
    usual: dict[int, int]
    outliers: tuple[NumberCut, ...]
    outlier_count: int
    samples: tuple[tuple[str, NumberCut], ...]

    @cached_property
    def positions(self) -> dict[int, list[float]]:
        """The heat map's rows (:func:`group_positions`), computed once."""
        return group_positions(self.cuts)


def numbers_report(
    name: str,
    tokenizer,
    first: int = DEFAULT_FIRST,
    last: int = DEFAULT_LAST,
    cancelled: Callable[[], bool] = bool,
) -> NumbersReport:
    """The :class:`NumbersReport` of a :class:`~bpe_core.encoding.protocol.ShownTokenizer` named ``name``.

    >>> from bpe_core.foreign import TiktokenTokenizer
    >>> report = numbers_report("gpt2", TiktokenTokenizer.reference("gpt2"))
    >>> report.chunking.kind, report.usual[3], report.outlier_count, report.outliers[0].shown()
    ('vocabulary', 1, 298, '5|21')
    """
    check_range(first, last)
    pieces = pieces_of(tokenizer)
    cuts = cut_range(pieces, first, last, cancelled)
    chunking = classify(cuts, longest_digit_token(tokenizer.tokens().values()))
    usual = usual_tokens(cuts)
    odd = outliers(cuts, usual)
    samples = tuple((kind, cut_text(pieces, text)) for kind, text in SAMPLES)
    return NumbersReport(name, tuple(cuts), chunking, usual, tuple(odd[:MAX_OUTLIERS]), len(odd), samples)


CSV_FIELDS = ("tokenizer", "kind", "text", "digits", "tokens", "groups", "cut", "usual_tokens", "outlier")


def numbers_csv(reports: Iterable[NumbersReport]) -> str:
    """Every number and sample of each report, one row each: its kind (``number`` or the sample's kind), its
    digits and tokens, its groups (``3+1``), its cut (``123|4``), the usual tokens for its digits and whether it
    is an outlier (cells a spreadsheet would run as a formula are neutralised).

    >>> report = NumbersReport("t", (NumberCut("12", (b"12",)),), classify([]), {2: 1}, (), 0, ())
    >>> numbers_csv([report]).splitlines()[1]
    't,number,12,2,1,2,12,1,no'
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for report in reports:
        rows = [("number", cut) for cut in report.cuts] + list(report.samples)
        for kind, cut in rows:
            usual = report.usual.get(cut.digits) if kind == "number" else None
            record = {
                "tokenizer": report.tokenizer,
                "kind": kind,
                "text": cut.text,
                "digits": cut.digits,
                "tokens": cut.tokens,
                "groups": "+".join(map(str, cut.groups)),
                "cut": cut.shown(),
                "usual_tokens": "" if usual is None else usual,
                "outlier": "" if usual is None else ("yes" if cut.tokens != usual else "no"),
            }
            writer.writerow(safe_record(record))
    return out.getvalue()
