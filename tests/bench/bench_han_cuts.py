"""Measure: how much of a cold encode's merging Chinese would be left if pre-tokens were cut where no token crosses.

    $ python tests/bench/bench_han_cuts.py [--chars N] [--check]

o200k's letter runs are whole Chinese clauses, each seen once, so a first encode merges nearly every byte of the
text (issue 44's Chinese row). A position p of a pre-token that no token of the vocabulary crosses (no token's
bytes stand at some s < p < e) is one no merge crosses either (every merge makes a token), so BPE of the pre-token
is BPE of its two sides, joined; the sides (words, mostly) repeat where the clauses do not. This counts, on the
Chinese corpus with o200k's tokens, the distinct pre-tokens and their bytes against the distinct pieces left by
cutting at every such position that starts a character, and with ``--check`` verifies that BPE of each pre-token
equals its pieces' BPE joined (a plain rank BPE here, no shortcut for a pre-token that is a token).

    >>> cuts(b"abcd", {b"ab", b"cd"}, 2)
    [0, 2, 4]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

import corpora  # noqa: E402  (tests/bench/corpora.py)


def cuts(word: bytes, tokens: set[bytes], longest: int) -> list[int]:
    """The positions of word (0 and len(word) included) that no token crosses and that start a character."""
    found, reach = [0], 0
    for start in range(len(word)):
        for length in range(min(longest, len(word) - start), 1, -1):
            if word[start : start + length] in tokens:
                reach = max(reach, start + length)
                break
        after = start + 1
        if reach <= after < len(word) and word[after] & 0xC0 != 0x80:
            found.append(after)
    return found + [len(word)]


def rank_bpe(word: bytes, ranks: dict[bytes, int]) -> list[bytes]:
    """BPE of word by ranks (the lowest-ranked pair first, the leftmost of equals), no whole-word shortcut."""
    parts = [word[i : i + 1] for i in range(len(word))]
    while len(parts) > 1:
        pairs = [(ranks.get(parts[i] + parts[i + 1], -1), i) for i in range(len(parts) - 1)]
        rank, i = min((r, i) for r, i in pairs if r >= 0) if any(r >= 0 for r, _ in pairs) else (-1, -1)
        if rank < 0:
            break
        parts[i : i + 2] = [parts[i] + parts[i + 1]]
    return parts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=0, help="only the corpus's first N characters (0: all)")
    parser.add_argument("--check", action="store_true", help="verify BPE of each pre-token = its pieces' BPE")
    args = parser.parse_args(argv)
    from bpe_core.encoding.reference import get_encoding
    from bpe_core.pretokenize import scanner

    ranks = dict(get_encoding("o200k_base")._mergeable_ranks)
    tokens, longest = set(ranks), max(map(len, ranks))
    text = corpora.chinese_corpus().read_text(encoding="utf-8")
    text = text[: args.chars] if args.chars else text
    started = time.process_time()
    words = {piece.encode() for piece in scanner.findall("o200k", text)}
    pieces: set[bytes] = set()
    wrong = 0
    for word in words:
        at = cuts(word, tokens, longest)
        word_pieces = [word[a:z] for a, z in zip(at, at[1:])]
        pieces.update(word_pieces)
        if args.check and len(word_pieces) > 1:
            joined = [part for piece in word_pieces for part in rank_bpe(piece, ranks)]
            wrong += joined != rank_bpe(word, ranks)
    print(
        f"{len(text):,} characters: {len(words):,} distinct pre-tokens ({sum(map(len, words)):,} bytes), "
        f"{len(pieces):,} distinct pieces ({sum(map(len, pieces)):,} bytes) after the cuts"
        + (f"; pieces' BPE differs from the pre-token's for {wrong}" if args.check else "")
        + f" ({time.process_time() - started:.1f} s)"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
