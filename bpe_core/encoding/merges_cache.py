"""The merges derived from a big rank table, kept on disk: deriving o200k_base's 199,742 merges takes seconds, so the
second time a tokenizer's merges are needed (the Teach window, the vocabulary slider, merge trees) they are read
back instead, in a fraction of a second.

A table is known by the SHA-256 of its tokens in rank order (a shipped one by its file's official hash); its merges
live in ``$XDG_CACHE_HOME/bpe-explorer/merges/<key>.merges`` (``~/.cache`` by default) as plain bytes with their own
SHA-256 (no code is ever loaded from the cache). A missing, damaged or stale file is derived again and rewritten; a
cache that cannot be written is simply not kept.

>>> ranks = {bytes([i]): i for i in range(256)} | {b"ab": 256, b"abc": 257}
>>> cached_merges(ranks, lambda: [(b"a", b"b"), (b"ab", b"c")], minimum=1)
[(b'a', b'b'), (b'ab', b'c')]
"""

from __future__ import annotations

import hashlib
import struct
from array import array
from collections.abc import Callable, Mapping
from itertools import accumulate
from pathlib import Path

from bpe_core import cache_files

MAGIC = b"bpe-explorer merges 2\n"
#: Tables smaller than this are derived every time (in milliseconds).
MINIMUM = 20_000

Merges = list[tuple[bytes, bytes]]


def cache_dir() -> Path:
    return cache_files.cache_dir("merges")


def cached_merges(
    ranks: Mapping[bytes, int], derive: Callable[[], Merges], *, minimum: int = MINIMUM, key: str | None = None
) -> Merges:
    """``derive()``'s merges of ``ranks``, read from the cache when they were derived before. ``key`` names the
    table when it is known by other means (a shipped file's SHA-256); by default the table is hashed."""
    if len(ranks) < minimum:
        return derive()
    path = cache_dir() / f"{key or _key(ranks)}.merges"
    merges = _read(path, ranks)
    if merges is None:
        merges = derive()
        try:
            cache_files.write_checked(path, MAGIC, _encoded(merges))
        except OSError:
            pass  # a read-only home: derived again next time
    return merges


def _key(ranks: Mapping[bytes, int]) -> str:
    digest = hashlib.sha256()
    for token, rank in sorted(ranks.items(), key=lambda item: item[1]):
        digest.update(struct.pack("<IH", rank, len(token)) + token)
    return digest.hexdigest()


def _encoded(merges: Merges) -> bytes:
    """The count, the parts' lengths (two 16-bit numbers a merge), the parts."""
    lengths = array("H", [n for left, right in merges for n in (len(left), len(right))])
    return struct.pack("<I", len(merges)) + lengths.tobytes() + b"".join(left + right for left, right in merges)


def _read(path: Path, ranks: Mapping[bytes, int]) -> Merges | None:
    """The merges in ``path`` if the file is whole (its hash) and they are as many as the table has merges."""
    data = cache_files.read_checked(path, MAGIC)
    if data is None or len(data) < 4:
        return None
    (count,) = struct.unpack_from("<I", data)
    lengths = array("H")
    lengths.frombytes(data[4 : 4 + 4 * count])
    if len(lengths) != 2 * count or count != sum(1 for token in ranks if len(token) > 1):
        return None
    ends = list(accumulate(lengths, initial=4 + 4 * count))
    parts = [data[a:b] for a, b in zip(ends, ends[1:])]
    if ends[-1] != len(data):
        return None
    return list(zip(parts[0::2], parts[1::2]))
