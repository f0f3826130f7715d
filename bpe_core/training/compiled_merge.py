"""The merge loop compiled (``bpe_core/_merge.c``) behind :class:`~bpe_core.training.merge_engine.MergeEngine`'s
interface, and :func:`new_engine`, the one place that chooses between the two.

Both give the same merges, counts and totals (the tests drive them side by side). The compiled engine keeps each
distinct pre-token as a word and reads, for a merge, the words its pair was seen in, whole: fast when the words are
short (pre-tokens), slow when a few words hold the corpus (``pattern="none"``), which MergeEngine's position index
merges at the cost of its occurrences alone.

>>> engine = new_engine({b"aaabdaaabac": 1}, id_limit=300)
>>> engine.top_pairs(2), engine.merge((97, 97), 256), engine.total_tokens
([((97, 97), 4), ((97, 98), 2)], 2, 9)
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from bpe_core.training.merge_engine import MergeEngine

try:
    from bpe_core._merge import Engine
except ImportError:  # not built (no C compiler): MergeEngine merges alone
    Engine = None

#: A sequence longer than this many bytes is *long*: the compiled engine reads it whole at each merge it takes part in.
LONG = 1024
#: The share of the bytes long sequences may hold for the compiled engine to be chosen.
LONG_SHARE = 0.1
#: The environment variable that, set to ``python``, chooses MergeEngine whatever is built: to compare the two on a
#: corpus, or to make a run last (the tests that kill a run in the middle of its merges).
CHOICE = "BPE_MERGE_ENGINE"


def compiled_suits(sequences: Mapping[bytes, int]) -> bool:
    """Whether the compiled engine is built, not set aside (``BPE_MERGE_ENGINE=python``), and suits these sequences
    (long ones hold at most a tenth of the bytes).

    >>> compiled_suits({b"ab" * 600: 1, b"ab": 1})  # 1,200 of the 1,202 bytes in a long sequence
    False
    >>> compiled_suits({b"ab": 1}) == (Engine is not None)
    True
    """
    if Engine is None or os.environ.get(CHOICE, "").strip().lower() == "python":
        return False
    lengths = list(map(len, sequences))
    return sum(n for n in lengths if n > LONG) <= LONG_SHARE * sum(lengths)


def new_engine(sequences: Mapping[bytes, int], *, id_limit: int, extra_tokens: int = 0):
    """The merge engine for ``sequences``: the compiled one where it suits (:func:`compiled_suits`), else
    :class:`~bpe_core.training.merge_engine.MergeEngine`."""
    if compiled_suits(sequences):
        return CompiledMergeEngine(sequences, id_limit=id_limit, extra_tokens=extra_tokens)
    return MergeEngine(sequences, id_limit=id_limit, extra_tokens=extra_tokens)


class CompiledMergeEngine:
    """:class:`~bpe_core.training.merge_engine.MergeEngine`'s interface over ``bpe_core._merge.Engine``: the same
    arguments, methods and attributes the trainer and the variants use (``token_bytes``, ``banned``, ``limit``,
    ``total_tokens``, ``sequence_count``).

    >>> engine = CompiledMergeEngine({b"abab": 3}, id_limit=300, extra_tokens=1)
    >>> engine.merge((97, 98), 256), engine.frequency(256), engine.count_of((256, 256)), engine.total_tokens
    (6, 6, 3, 7)
    """

    def __init__(self, sequences: Mapping[bytes, int], *, id_limit: int, extra_tokens: int = 0):
        if Engine is None:
            raise RuntimeError("bpe_core._merge is not built")
        self._engine = Engine(sequences if isinstance(sequences, dict) else dict(sequences), id_limit)  # no copy
        self.limit = id_limit
        self.token_bytes: list[bytes] = [bytes([i]) for i in range(256)]
        self.banned: set[int] = set()
        self.sequence_count = len(sequences)
        self._extra_tokens = extra_tokens

    @property
    def total_tokens(self) -> int:
        """The tokens of every sequence, weighted, and the extra tokens."""
        return self._engine.total_tokens() + self._extra_tokens

    def top_pairs(self, k: int) -> list[tuple[tuple[int, int], int]]:
        """The ``k`` best pairs not banned, best first, as ``((left, right), count)``."""
        return self._engine.top_pairs(k)

    def ban(self, pair: tuple[int, int]) -> None:
        """Never give ``pair`` as a best pair again (it is still counted, and :meth:`merge` may still merge it)."""
        self.banned.add(pair[0] * self.limit + pair[1])
        self._engine.ban(*pair)

    def count_of(self, pair: tuple[int, int]) -> int:
        """How often ``pair`` occurs now (overlaps included)."""
        return self._engine.count_of(*pair)

    def merge(self, pair: tuple[int, int], new_id: int) -> int:
        """Replace every occurrence of ``pair`` (left to right) by ``new_id``; return how many tokens that removed."""
        removed = self._engine.merge(pair[0], pair[1], new_id)
        self.token_bytes.append(self.token_bytes[pair[0]] + self.token_bytes[pair[1]])
        return removed

    def frequency(self, token_id: int) -> int:
        """How often ``token_id`` occurs now (weighted by its sequences' counts)."""
        return self._engine.frequency(token_id)

    def split(self, token_id: int, parts: list[int]) -> int:
        """Replace every occurrence of ``token_id`` by ``parts`` (ids whose bytes spell it) and forget ``token_id``;
        return how many tokens that added."""
        return self._engine.split(token_id, list(parts))
