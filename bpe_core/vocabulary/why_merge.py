"""Why a merge was made: where its pair occurs in the corpus (keyword in context), the runner-up pairs at that
step, and when counts tied, which rule chose.

An occurrence is real when the trainer counted it: the text is cut as the tokenizer cuts it (special tokens,
then its pre-tokenization pattern), each pre-token is merged with the merges *before* this rank, and the pair's
two tokens stand side by side (overlaps count, as in training: ``aaa`` holds two ``(a, a)``). Any tokenizer with
merges can be asked (a :class:`~bpe_core.encoding.protocol.ShownTokenizer`): a published model's text is cut and merged
by its own :meth:`~bpe_core.encoding.protocol.ShownTokenizer.view_at`; its counts are then those of the text given, not
of its training corpus, which is not published.

>>> from bpe_core.training.trainer import BpeTrainer
>>> trainer = BpeTrainer(259, pattern="none")
>>> trainer.count_text("aaabdaaabac")
>>> trainer.run()
>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> tok = Tokenizer(trainer.vocab, trainer.merges, pattern="none")
>>> tok.record = trainer.record
>>> corpus = [("demo", "aaabdaaabac")]
>>> [(o.line, o.column, o.before, o.pair, o.after) for o in find_occurrences(tok, 1, corpus)]
[(1, 0, '', 'aaa', 'bdaaabac'), (1, 5, 'aaabd', 'aaa', 'bac')]
>>> runner_ups(tok, 1)[:2]
[((b'aa', b'a'), 2), ((b'a', b'b'), 2)]
>>> print(tie_break(runner_ups(tok, 1)).explain())  # doctest: +NORMALIZE_WHITESPACE
2 pairs tied at count 2: the trainer takes the lexicographically greatest pair (left token's bytes, then
right token's bytes); aa + a wins over a + b by the left token's bytes
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from bpe_core.cancelled import Cancelled
from bpe_core.corpus.reader import CorpusInfo, CorpusReader
from bpe_core.encoding.token_spans import TokenSpan, TokenView
from bpe_core.pretokenize.specials import SpecialSplitter
from bpe_core.render.token_label import render_pair

#: A corpus as ``(name, text)`` pieces, in order; a file's pieces follow one another.
Pieces = Iterable[tuple[str, str]]
Pair = tuple[bytes, bytes]
LIMIT = 50
CONTEXT_CHARS = 40
_CACHE_LIMIT = 1 << 16


@dataclass(frozen=True)
class Occurrence:
    """One place the pair occurs: the file's name, the line (from 1) and column (characters, from 0) where the
    pair starts, and the line's text around it, cut at ``CONTEXT_CHARS`` characters each side."""

    source: str
    line: int
    column: int
    before: str
    pair: str
    after: str


@dataclass(frozen=True)
class TieBreak:
    """Pairs tied at the chosen pair's count (chosen first), and which part of the rule told them apart."""

    count: int
    tied: tuple[Pair, ...]
    decided_by: str  # "left" or "right"

    def explain(self) -> str:
        chosen, second = self.tied[0], self.tied[1]
        part = "left token's bytes" if self.decided_by == "left" else "right token's bytes"
        return (
            f"{len(self.tied)} pairs tied at count {self.count}: the trainer takes the lexicographically greatest "
            f"pair (left token's bytes, then right token's bytes); {render_pair(*chosen)} wins over "
            f"{render_pair(*second)} by the {part}"
        )


@dataclass
class MergeExplanation:
    """Everything the "why this merge" view shows. ``complete`` is True when the whole corpus was read (fewer
    than ``limit`` occurrences exist)."""

    rank: int
    pair: Pair
    count: int | None
    occurrences: list[Occurrence]
    complete: bool
    runner_ups: list[tuple[Pair, int]]
    tie: TieBreak | None


def corpus_pieces(
    tokenizer, paths: Iterable[str | os.PathLike], *, encoding: str = "utf-8"
) -> Iterator[tuple[str, str]]:
    """The pieces of corpus files, cut where the tokenizer's pre-tokens cannot change (as the trainer reads; a
    tokenizer whose library pre-tokenizes is cut only at its special tokens)."""
    splitter = tokenizer.pretokenizer
    pattern = splitter.pattern if splitter is not None else "none"
    reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(tokenizer.special_tokens), encoding=encoding)
    for path in paths:
        name = os.path.basename(os.fspath(path))
        for piece in reader.pieces_of_files([path], CorpusInfo()):
            yield name, piece


def _pair_of(tokenizer, rank: int) -> Pair:
    merges = tokenizer.merges
    if not 0 <= rank < len(merges):
        raise ValueError(f"no merge of rank {rank}: the tokenizer has {len(merges)} merges")
    return merges[rank]


def _spans(tokenizer, rank: int, pieces: Pieces, cancelled) -> Iterator[tuple[str, str, int, int, int]]:
    """``(name, piece, line at the piece's start, start, end)`` character spans of each occurrence, in order."""
    left, right = _pair_of(tokenizer, rank)
    cache: dict[str, list[tuple[int, int]]] = {}
    line, previous = 1, None
    for name, piece in pieces:
        if cancelled is not None and cancelled():
            raise Cancelled("looking for the merge's occurrences was cancelled")
        if name != previous:
            line, previous = 1, name
        for start, end in _piece_spans(tokenizer, rank, piece, left, right, cache):
            yield name, piece, line, start, end
        line += piece.count("\n")


def _piece_spans(tokenizer, rank: int, piece: str, left: bytes, right: bytes, cache: dict) -> list[tuple[int, int]]:
    """Character spans in ``piece`` where ``left`` and ``right`` stand side by side in one pre-token after the
    merges before ``rank``. Our engine merges each pre-token alone, so its answers are cached per pre-token (fast
    on a corpus of gigabytes); any other tokenizer cuts and merges the piece with its own ``view_at``."""
    if tokenizer.family != "ours":
        return [
            (a.start, b.end)
            for a, b in _adjacent(tokenizer.view_at(piece, rank))
            if (a.token, b.token) == (left, right)
        ]
    before, joined = tokenizer.truncated(rank), left + right
    found: list[tuple[int, int]] = []
    for start, word, is_special in tokenizer.pretokens(piece):
        if is_special:
            continue
        spans = cache.get(word)
        if spans is None:
            spans = _word_spans(before, word.encode("utf-8"), left, right, joined)
            if len(cache) >= _CACHE_LIMIT:
                cache.clear()
            cache[word] = spans
        found.extend((start + a, start + b) for a, b in spans)
    return found


def _adjacent(view: TokenView) -> Iterator[tuple[TokenSpan, TokenSpan]]:
    """Each two tokens side by side in one pre-token of ``view`` (special tokens left out)."""
    chunks = set(view.chunks)
    for a, b in zip(view.tokens, view.tokens[1:]):
        if not (a.special or b.special) and not (b.start in chunks and b.start >= a.end):
            yield a, b


def _word_spans(tokenizer, word: bytes, left: bytes, right: bytes, joined: bytes) -> list[tuple[int, int]]:
    """Character spans in ``word`` where ``left`` and ``right`` stand side by side after the merges."""
    if joined not in word:
        return []
    parts = tokenizer.merge_parts(word)
    spans, offset = [], 0
    for part, following in zip(parts, parts[1:]):
        if part == left and following == right:
            end = offset + len(joined)
            spans.append((len(word[:offset].decode("utf-8", "ignore")), len(word[:end].decode("utf-8", "replace"))))
        offset += len(part)
    return spans


def find_occurrences(
    tokenizer,
    rank: int,
    pieces: Pieces,
    *,
    limit: int = LIMIT,
    context: int = CONTEXT_CHARS,
    cancelled: Callable[[], bool] | None = None,
) -> list[Occurrence]:
    """Up to ``limit`` occurrences of merge ``rank``'s pair, in corpus order; reading stops at the limit."""
    found: list[Occurrence] = []
    for name, piece, line, start, end in _spans(tokenizer, rank, pieces, cancelled):
        if len(found) >= limit:
            break
        line_start = piece.rfind("\n", 0, start) + 1
        line_end = piece.find("\n", end)
        line_end = len(piece) if line_end < 0 else line_end
        found.append(
            Occurrence(
                source=name,
                line=line + piece.count("\n", 0, start),
                column=start - line_start,
                before=piece[max(line_start, start - context) : start],
                pair=piece[start:end],
                after=piece[end : min(line_end, end + context)],
            )
        )
    return found


def count_occurrences(tokenizer, rank: int, pieces: Pieces, *, cancelled: Callable[[], bool] | None = None) -> int:
    """How many times merge ``rank``'s pair occurs in the corpus: the count the trainer had for it."""
    return sum(1 for _ in _spans(tokenizer, rank, pieces, cancelled))


def pair_counts_at(
    tokenizer, rank: int, pieces: Pieces, *, cancelled: Callable[[], bool] | None = None
) -> list[tuple[Pair, int]]:
    """Every adjacent pair's count at step ``rank`` (after the merges before it), recounted on the corpus, best
    first in the trainer's order: the highest count, then the lexicographically greatest pair."""
    counts: Counter[Pair] = Counter()
    if tokenizer.family != "ours":  # cut and merged by its own library (see _piece_spans)
        for _, piece in pieces:
            if cancelled is not None and cancelled():
                raise Cancelled("recounting the pairs was cancelled")
            counts.update((a.token, b.token) for a, b in _adjacent(tokenizer.view_at(piece, rank)))
        return sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    words: Counter[str] = Counter()
    for _, piece in pieces:
        if cancelled is not None and cancelled():
            raise Cancelled("recounting the pairs was cancelled")
        words.update(word for _, word, is_special in tokenizer.pretokens(piece) if not is_special)
    before = tokenizer.truncated(rank)
    for word, n in words.items():
        parts = before.merge_parts(word.encode("utf-8"))
        for pair in zip(parts, parts[1:]):
            counts[pair] += n
    return sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)


def runner_ups(tokenizer, rank: int, pieces: Pieces | None = None, *, top: int = 10) -> list[tuple[Pair, int]]:
    """The best pairs at step ``rank`` (the chosen one first) with their counts: from the training record when it
    kept more than the chosen pair, else recounted on ``pieces``."""
    record = tokenizer.record
    if record is not None and rank < len(record.steps) and len(record.steps[rank].top_pairs) > 1:
        vocab = tokenizer.vocab
        return [((vocab[a], vocab[b]), count) for a, b, count in record.steps[rank].top_pairs[:top]]
    if pieces is None:
        raise ValueError("the training record does not keep the runner-up pairs: give the corpus to recount them")
    return pair_counts_at(tokenizer, rank, pieces)[:top]


def tie_break(ranked: Sequence[tuple[Pair, int]]) -> TieBreak | None:
    """How a tie was broken among ``ranked`` pairs (best first), or ``None`` when the best count was alone.

    >>> tie_break([((b"a", b"b"), 3), ((b"a", b"a"), 3), ((b"c", b"d"), 1)]).decided_by
    'right'
    >>> tie_break([((b"a", b"b"), 3), ((b"a", b"a"), 2)]) is None
    True
    """
    if len(ranked) < 2 or ranked[1][1] != ranked[0][1]:
        return None
    count = ranked[0][1]
    tied = tuple(pair for pair, n in ranked if n == count)
    decided_by = "left" if tied[0][0] != tied[1][0] else "right"
    return TieBreak(count, tied, decided_by)


def explain_merge(
    tokenizer,
    rank: int,
    pieces: Callable[[], Pieces],
    *,
    limit: int = LIMIT,
    cancelled: Callable[[], bool] | None = None,
) -> MergeExplanation:
    """The occurrences, runner-ups and tie-break of merge ``rank``. ``pieces()`` gives a fresh pass over the
    corpus (e.g. ``lambda: corpus_pieces(tok, paths)``); it is read twice only when the runner-ups must be
    recounted."""
    occurrences = find_occurrences(tokenizer, rank, pieces(), limit=limit + 1, cancelled=cancelled)
    record = tokenizer.record
    count = record.steps[rank].count if record is not None and rank < len(record.steps) else None
    ranked = runner_ups(tokenizer, rank, pieces() if _needs_recount(record, rank) else None)
    return MergeExplanation(
        rank=rank,
        pair=_pair_of(tokenizer, rank),
        count=count,
        occurrences=occurrences[:limit],
        complete=len(occurrences) <= limit,
        runner_ups=ranked,
        tie=tie_break(ranked),
    )


def _needs_recount(record, rank: int) -> bool:
    return record is None or rank >= len(record.steps) or len(record.steps[rank].top_pairs) < 2
