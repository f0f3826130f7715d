"""A tokenizer's encoding of ordinary text in compiled code (``bpe_core/_encode.c``): the shipped pattern's
pre-tokens, a bounded cache of their ids and BPE for the ones not seen yet, all in C, for either merge rule.

:class:`~bpe_core.encoding.tokenizer.Tokenizer` uses it where it was built (``pip install`` with a C compiler) and its
pattern is a shipped one (``gpt2``, ``cl100k``, ``o200k``); otherwise the Python path encodes, which stays the
reference: the tests compare the two (``tests/test_compiled_encode.py``).

>>> ids = {bytes([i]): i for i in range(256)} | {b"lo": 256, b"low": 257}
>>> encoder = compiled_encoder("gpt2", ids, "pairs", {}, [(b"l", b"o"), (b"lo", b"w")])
>>> encoder is None or encoder.encode("low lot", 2) == [257, 32, 256, 116]
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from bpe_core.pretokenize import scanner

try:  # built by pip where a C compiler is found; without it the Python path encodes
    from bpe_core import _encode
except ImportError:  # pragma: no cover - the extension is optional
    _encode = None


Buffer = Any  # an object lending its memory (collections.abc.Buffer from Python 3.12)


class CompiledEncoder(Protocol):
    def encode(self, text: str, limit: int, specials: object = None, start: int = 0, stop: int = -1) -> list[int]:
        """The ids of ``text[start:stop]`` (read in place; ``stop`` -1: the end) under the tokenizer's first ``limit``
        merges, the special tokens of ``specials`` (made by :func:`compiled_specials`; none if None) split out first.
        A lone surrogate is U+FFFD (as ``fix_surrogates`` makes it) where that gives the Python path's ids; a
        surrogate pair, or a lone one elsewhere, raises UnicodeEncodeError."""
        ...

    def encode_array(self, text: str, limit: int, specials: object = None, start: int = 0, stop: int = -1) -> Buffer:
        """:meth:`encode`'s ids as one array of uint32 lent through the buffer protocol (``numpy.frombuffer``); an id
        that does not fit raises OverflowError."""
        ...


def available() -> bool:
    """Whether the compiled encoder was built (and the scanner it uses)."""
    return _encode is not None and scanner.available()


def compiled_encoder(
    pattern: str,
    ids: Mapping[bytes, int],
    merge_rule: str,
    priority: Mapping[bytes, int],
    merges: Iterable[tuple[bytes, bytes]],
    *,
    ignore_merges: bool = False,
) -> CompiledEncoder | None:
    """The compiled encoder of a tokenizer's ordinary text, or ``None`` where the Python path must encode: not
    built, or a ``pattern`` that is no shipped one (a custom regex, ``none``).

    Its tables are the tokenizer's: ``ids``, its ordinary tokens (bytes -> id, one id per bytes), and for the ranks
    rule ``priority`` (each multi-byte token's rank), for the pairs rule ``merges`` (all of them, in rank order).
    ``ignore_merges`` (a tokenizer.json's option): a pre-token that is a token itself is that token, under either rule.
    ``pattern`` may also be a scanner of a published pipeline (:data:`bpe_core.pretokenize.scanner.PATTERNS`).

    >>> ids = {bytes([i]): i for i in range(256)} | {b"lo": 256, b"low": 257}
    >>> whole = compiled_encoder("gpt2", ids, "pairs", {}, [(b"l", b"o")], ignore_merges=True)
    >>> whole is None or whole.encode("low lot", 1) == [257, 32, 256, 116]
    True
    """
    number = scanner.PATTERNS.get(pattern)
    if number is None or not available():
        return None
    scanner._ready()
    tokens = list(ids)
    if merge_rule == "ranks":
        ranks = [priority.get(token, -1) for token in tokens]
        return _encode.encoder(number, tokens, list(ids.values()), ranks, None, ignore_merges)
    place = {token: k for k, token in enumerate(tokens)}
    joined = [(place[left], place[right], place[left + right]) for left, right in merges]
    return _encode.encoder(number, tokens, list(ids.values()), None, joined, ignore_merges)


def compiled_specials(special_tokens: Mapping[str, int]) -> object:
    """A tokenizer's special tokens (text -> id) for :meth:`CompiledEncoder.encode`, or None without the compiled
    encoder.

    >>> specials = compiled_specials({"<|endoftext|>": 50256})
    >>> ids = {bytes([i]): i for i in range(256)}
    >>> encoder = compiled_encoder("gpt2", ids, "pairs", {}, [])
    >>> encoder is None or encoder.encode("a<|endoftext|>", 0, specials) == [97, 50256]
    True
    """
    if not available():
        return None
    return _encode.specials(list(special_tokens), list(special_tokens.values()))
