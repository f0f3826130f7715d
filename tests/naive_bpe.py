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
