"""Classic word-level BPE (Sennrich, Haddow and Birch, 2016): characters, not bytes, and a table of words.

The text is split on whitespace; each distinct word becomes a row of the table -- its characters followed by an
end-of-word marker, and how often the word occurs. Each round counts the adjacent symbol pairs over the table
(weighted by word frequency, overlaps included), merges the most frequent pair everywhere, left to right, and the
table is updated. This is the algorithm of the paper's Figure 1 / Algorithm 1, with its example vocabulary.

Tie-break: among pairs of equal count, the pair met first when reading the table top to bottom (rows in order of
the words' first appearance), each row left to right. That is the order the paper's reference code finds pairs in
(a Python dict filled row by row), so its example and the textbook's (Jurafsky and Martin, *Speech and Language
Processing*, 3rd ed., ch. 2) come out round by round as printed. (The byte-level trainer breaks ties differently:
the lexicographically greatest pair.)

>>> bpe = learn_classic_bpe(SENNRICH_EXAMPLE, 5)
>>> [" ".join(r.pair) for r in bpe.rounds]
['e s', 'es t', 'est </w>', 'l o', 'lo w']
>>> [" ".join(row.symbols) for row in bpe.rounds[-1].table]
['low </w>', 'low e r </w>', 'n e w est</w>', 'w i d est</w>']
>>> bpe.segment("lowest")
('low', 'est</w>')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

#: The paper's example: word -> frequency (Algorithm 1 of Sennrich et al., 2016).
SENNRICH_EXAMPLE: dict[str, int] = {"low": 5, "lower": 2, "newest": 6, "widest": 3}
#: The textbook's example (Jurafsky and Martin, SLP 3rd ed., ch. 2), written with "_" as the end-of-word marker.
TEXTBOOK_EXAMPLE: dict[str, int] = {"low": 5, "lowest": 2, "newer": 6, "wider": 3, "new": 2}
END_OF_WORD = "</w>"

Pair = tuple[str, str]


@dataclass(frozen=True, slots=True)
class WordRow:
    """One row of the table: a word, how often it occurs, and the symbols it is made of now."""

    word: str
    count: int
    symbols: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ClassicRound:
    """Round ``number`` (1-based): ``pair`` was merged, with ``count`` occurrences.

    ``candidates`` are all the pairs counted before the merge, best first (by count, then the tie-break);
    ``table`` is the table after the merge; ``changed`` the indices of the rows the merge changed.
    """

    number: int
    pair: Pair
    count: int
    candidates: tuple[tuple[Pair, int], ...]
    table: tuple[WordRow, ...]
    changed: tuple[int, ...]

    @property
    def symbol(self) -> str:
        """The new symbol this round made."""
        return self.pair[0] + self.pair[1]


@dataclass(frozen=True)
class ClassicBpe:
    """The rounds of a classic BPE run: the initial table, then one :class:`ClassicRound` per merge."""

    initial: tuple[WordRow, ...]
    rounds: tuple[ClassicRound, ...]
    end_marker: str

    @property
    def merges(self) -> list[Pair]:
        return [r.pair for r in self.rounds]

    def table(self, after: int) -> tuple[WordRow, ...]:
        """The table after ``after`` rounds (0: the initial table)."""
        return self.initial if after == 0 else self.rounds[after - 1].table

    def segment(self, word: str) -> tuple[str, ...]:
        """A word (seen or not) cut into this run's symbols: apply the merges in the order they were learned."""
        symbols = list(word) + [self.end_marker]
        for pair in self.merges:
            symbols = _merge(symbols, pair)
        return tuple(symbols)


def word_counts(text: str) -> dict[str, int]:
    """Words split on whitespace, with their frequencies, in order of first appearance.

    >>> word_counts("low lower low")
    {'low': 2, 'lower': 1}
    """
    counts: dict[str, int] = {}
    for word in text.split():
        counts[word] = counts.get(word, 0) + 1
    return counts


def initial_table(words: Mapping[str, int], end_marker: str = END_OF_WORD) -> tuple[WordRow, ...]:
    """Each word as its characters plus the end-of-word marker (in the order of ``words``)."""
    rows = []
    for word, count in words.items():
        if not word or any(ch.isspace() for ch in word):
            raise ValueError(f"a word must be non-empty and hold no whitespace: {word!r}")
        if count < 1:
            raise ValueError(f"the frequency of {word!r} must be at least 1, not {count}")
        rows.append(WordRow(word, int(count), tuple(word) + (end_marker,)))
    return tuple(rows)


def pair_counts(table: Iterable[WordRow]) -> dict[Pair, int]:
    """Adjacent symbol pairs over the table, weighted by word frequency, in the order they are first met.

    >>> pair_counts(initial_table({"aaa": 2}, "_"))
    {('a', 'a'): 4, ('a', '_'): 2}
    """
    counts: dict[Pair, int] = {}
    for row in table:
        for pair in zip(row.symbols, row.symbols[1:]):
            counts[pair] = counts.get(pair, 0) + row.count
    return counts


def best_pairs(counts: Mapping[Pair, int]) -> list[tuple[Pair, int]]:
    """Pairs best first: highest count, then first met (``counts`` must be in the order pairs were met)."""
    order = {pair: i for i, pair in enumerate(counts)}
    return sorted(counts.items(), key=lambda item: (-item[1], order[item[0]]))


def _merge(symbols: Sequence[str], pair: Pair) -> list[str]:
    """Replace each occurrence of ``pair``, left to right (in "a a a", only the first two merge)."""
    out: list[str] = []
    i = 0
    while i < len(symbols):
        if i + 1 < len(symbols) and symbols[i] == pair[0] and symbols[i + 1] == pair[1]:
            out.append(pair[0] + pair[1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


def learn_classic_bpe(words: Mapping[str, int] | str, num_merges: int, end_marker: str = END_OF_WORD) -> ClassicBpe:
    """Run up to ``num_merges`` rounds on ``words`` (word -> frequency, or a text to split on whitespace).

    Stops early when every word is a single symbol.
    """
    if isinstance(words, str):
        words = word_counts(words)
    if num_merges < 0:
        raise ValueError(f"num_merges must be at least 0, not {num_merges}")
    table = initial_table(words, end_marker)
    first = table
    rounds: list[ClassicRound] = []
    while len(rounds) < num_merges:
        candidates = best_pairs(pair_counts(table))
        if not candidates:
            break
        pair, count = candidates[0]
        new_rows, changed = [], []
        for i, row in enumerate(table):
            symbols = tuple(_merge(row.symbols, pair))
            if symbols != row.symbols:
                changed.append(i)
                row = WordRow(row.word, row.count, symbols)
            new_rows.append(row)
        table = tuple(new_rows)
        rounds.append(ClassicRound(len(rounds) + 1, pair, count, tuple(candidates), table, tuple(changed)))
    return ClassicBpe(first, tuple(rounds), end_marker)
