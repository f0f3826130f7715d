"""Cut a tokenized text again, pre-token by pre-token, another way: the tokenizer's own view gives each pre-token's
bytes (after its normalizer, as its library cut them); a cutting function gives new pieces of those bytes; each
piece keeps the characters of the text its bytes came from. The vocabulary slider of a published model
(:mod:`bpe_core.foreign.first_merges`) and the encoding methods (:mod:`bpe_core.encoding.methods`) are built on it.

>>> from bpe_core.encoding.token_spans import view_from_spans
>>> view = view_from_spans("ab c", [0, 1, 2], [b"ab", b" ", b"c"], [0, 2, 3], [2, 3, 4], set(), [0, 2])
>>> cut = resegment(view, lambda t: False, lambda word: [bytes([b]) for b in word], lambda piece: piece[0])
>>> [(t.id, t.start, t.end) for t in cut.tokens], cut.chunks
([(97, 0, 1), (98, 1, 2), (32, 2, 3), (99, 3, 4)], (0, 2))
"""

from __future__ import annotations

from collections.abc import Callable

from bpe_core.encoding.token_spans import TokenSpan, TokenView, view_from_spans


def resegment(
    view: TokenView,
    kept_whole: Callable[[TokenSpan], bool],
    cut: Callable[[bytes], list[bytes]],
    id_of: Callable[[bytes], int],
) -> TokenView:
    """``view`` with each pre-token's bytes cut by ``cut`` (pieces that join to the bytes) and each piece's id
    from ``id_of``; a token ``kept_whole`` (a special or added token) stays as it is."""
    data = view.text.encode("utf-8")
    ids: list[int] = []
    tokens: list[bytes] = []
    starts: list[int] = []
    ends: list[int] = []
    specials = {t.id for t in view.tokens if t.special}
    for run in runs(view, kept_whole):
        if len(run) == 1 and kept_whole(run[0]):
            ids.append(run[0].id)
            tokens.append(run[0].token)
            starts.append(run[0].byte_start)
            ends.append(run[0].byte_end)
            continue
        sources = _byte_sources(data, run)
        position = 0
        for piece in cut(b"".join(t.token for t in run)):
            covered = sources[position : position + len(piece)]
            position += len(piece)
            ids.append(id_of(piece))
            tokens.append(piece)
            starts.append(min(a for a, _ in covered))
            ends.append(max(b for _, b in covered))
    return view_from_spans(view.text, ids, tokens, starts, ends, specials, view.chunks)


def runs(view: TokenView, kept_whole: Callable[[TokenSpan], bool]) -> list[list[TokenSpan]]:
    """The tokens of each pre-token chunk; a token ``kept_whole`` is a run of its own."""
    starts = set(view.chunks)
    found: list[list[TokenSpan]] = []
    alone = False
    for token in view.tokens:
        own = kept_whole(token)
        if not found or own or alone or (token.start in starts and token.start >= found[-1][-1].end):
            found.append([token])
        else:
            found[-1].append(token)
        alone = own
    return found


def _byte_sources(data: bytes, run: list[TokenSpan]) -> list[tuple[int, int]]:
    """For each byte of the run's tokens, the bytes of the text (``data``, UTF-8) it comes from: itself where the
    token is the text's bytes, else the token's whole span (the text was normalized)."""
    sources: list[tuple[int, int]] = []
    for token in run:
        if data[token.byte_start : token.byte_end] == token.token:
            sources.extend((token.byte_start + j, token.byte_start + j + 1) for j in range(len(token.token)))
        else:
            sources.extend([(token.byte_start, token.byte_end)] * len(token.token))
    return sources
