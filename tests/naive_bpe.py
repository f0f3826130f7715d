"""A deliberately naive BPE trainer: full recount every merge. The reference the fast trainer must match.

>>> naive_merges({b"aaabdaaabac": 1}, 3)
[(b'a', b'a'), (b'aa', b'a'), (b'aaa', b'b')]
"""

from __future__ import annotations

from collections import Counter


def naive_merges(words: dict[bytes, int], n_merges: int) -> list[tuple[bytes, bytes]]:
    """Merge ``n_merges`` times (or until no pair is left) over weighted byte sequences."""
    seqs = [([bytes([b]) for b in w], n) for w, n in words.items()]
    merges = []
    for _ in range(n_merges):
        pairs: Counter = Counter()
        for toks, n in seqs:
            for pair in zip(toks, toks[1:]):
                pairs[pair] += n
        if not pairs:
            break
        best = max(pairs, key=lambda p: (pairs[p], p))
        merges.append(best)
        joined = best[0] + best[1]
        for toks, _ in seqs:
            i = 0
            while i < len(toks) - 1:
                if toks[i] == best[0] and toks[i + 1] == best[1]:
                    toks[i : i + 2] = [joined]
                i += 1
    return merges


def apply_merges(word: bytes, merges: list[tuple[bytes, bytes]]) -> list[bytes]:
    """The tokens of ``word`` after applying ``merges`` in order, each left to right."""
    toks = [bytes([b]) for b in word]
    for a, b in merges:
        i = 0
        while i < len(toks) - 1:
            if toks[i] == a and toks[i + 1] == b:
                toks[i : i + 2] = [a + b]
            i += 1
    return toks


def naive_token_count(words: dict[bytes, int], merges: list[tuple[bytes, bytes]]) -> int:
    """Tokens in the corpus after applying ``merges`` in order to every word."""
    return sum(len(apply_merges(w, merges)) * n for w, n in words.items())


def naive_pair_counts(words: dict[bytes, int], merges: list[tuple[bytes, bytes]]) -> Counter:
    """Every adjacent pair's count (overlaps included) after applying ``merges``."""
    pairs: Counter = Counter()
    for w, n in words.items():
        toks = apply_merges(w, merges)
        for pair in zip(toks, toks[1:]):
            pairs[pair] += n
    return pairs


def naive_picky(words: dict[bytes, int], n_kept: int, tau: float) -> list[tuple[tuple[bytes, bytes], tuple, int]]:
    """PickyBPE recounted from scratch at every step: ``(merge, removed tokens, tokens after)`` per merge, until
    ``n_kept`` merged tokens are kept (or no pair is left).

    Tokens are creation ids (byte b is b, merge k makes 256 + k); after merging ``(x, y)`` ``a`` times, each merged
    part ``t`` (``x`` first) with ``a / (count of t now + a) > tau`` is removed: its occurrences become the parts
    its string was first made of, each a kept token of that string (the oldest) or split again the same way.

    >>> naive_picky({b"abcabcabd": 1}, 2, 0.5)
    [((b'a', b'b'), (), 6), ((b'c', b'ab'), (b'ab',), 5), ((b'cab', b'd'), (), 4)]
    """
    token = [bytes([b]) for b in range(256)]
    seqs = [(list(w), n) for w, n in words.items()]
    origin: dict[bytes, tuple[bytes, bytes]] = {}
    kept: set[int] = set()
    steps = []

    def expand(string: bytes) -> list[int]:
        if len(string) == 1:
            return [string[0]]
        live = sorted(i for i in kept if token[i] == string)
        return live[:1] or expand(origin[string][0]) + expand(origin[string][1])

    while len(kept) < n_kept:
        pairs: Counter = Counter()
        for toks, n in seqs:
            for pair in zip(toks, toks[1:]):
                pairs[pair] += n
        if not pairs:
            break
        best = max(pairs, key=lambda p: (pairs[p], token[p[0]], token[p[1]], -p[0], -p[1]))
        new = len(token)
        token.append(token[best[0]] + token[best[1]])
        origin.setdefault(token[new], (token[best[0]], token[best[1]]))
        kept.add(new)
        merged = 0
        for toks, n in seqs:
            i = 0
            while i < len(toks) - 1:
                if (toks[i], toks[i + 1]) == best:
                    toks[i : i + 2] = [new]
                    merged += n
                i += 1
        removed = []
        for part in dict.fromkeys(best):
            if part < 256:
                continue
            frequency = sum(n * toks.count(part) for toks, n in seqs)
            if merged / (frequency + merged) > tau:
                kept.discard(part)
                left, right = origin[token[part]]
                parts = expand(left) + expand(right)
                for toks, _ in seqs:
                    toks[:] = [p for t in toks for p in (parts if t == part else [t])]
                removed.append(token[part])
        steps.append(((token[best[0]], token[best[1]]), tuple(removed), sum(len(t) * n for t, n in seqs)))
    return steps
