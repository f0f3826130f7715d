"""A byte-level BPE vocabulary from its merges: ids 0-255 are the bytes, merge ``r`` makes id ``256 + r``, special
tokens come last.

>>> vocab = vocab_from_merges([(b"l", b"o"), (b"lo", b"w")], ["<|endoftext|>"])
>>> vocab[108], vocab[256], vocab[257], vocab[258], len(vocab)
(b'l', b'lo', b'low', b'<|endoftext|>', 259)
>>> merge_pairs([(108, 111), (256, 119)])
[(b'l', b'o'), (b'lo', b'w')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def vocab_from_merges(
    merges: Iterable[tuple[bytes, bytes]], special_tokens: Mapping[str, int] | Iterable[str] = ()
) -> dict[int, bytes]:
    """Id -> bytes for ``merges`` (pairs of bytes, in rank order). ``special_tokens`` is a mapping token -> id, or
    the tokens alone, which then take the ids after the last merge.

    >>> vocab_from_merges([], {"<s>": 300})[300], len(vocab_from_merges([]))
    (b'<s>', 256)
    """
    vocab = {i: bytes([i]) for i in range(256)}
    for left, right in merges:
        vocab[len(vocab)] = left + right
    first = len(vocab)
    placed = (
        special_tokens
        if isinstance(special_tokens, Mapping)
        else {token: first + i for i, token in enumerate(special_tokens)}
    )
    for token, token_id in placed.items():
        vocab[token_id] = token.encode("utf-8")
    return vocab


def merge_pairs(id_pairs: Iterable[tuple[int, int]]) -> list[tuple[bytes, bytes]]:
    """Merges given by the ids they join (merge ``r`` making id ``256 + r``) as pairs of bytes."""
    tokens = [bytes([i]) for i in range(256)]
    pairs = []
    for left, right in id_pairs:
        pairs.append((tokens[left], tokens[right]))
        tokens.append(tokens[left] + tokens[right])
    return pairs
