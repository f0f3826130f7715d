"""The merges derived from a big rank table, kept on disk: deriving o200k_base's 199,742 merges takes seconds, so the
second time a tokenizer's merges are needed (the Teach window, the vocabulary slider, merge trees) they are read
back instead, in a fraction of a second.

A table is known by the SHA-256 of its tokens in rank order; its merges live in
``$XDG_CACHE_HOME/bpe-explorer/merges/<sha256>.merges`` (``~/.cache`` by default) as plain bytes (no code is ever
loaded from the cache). A missing, damaged or stale file is derived again and rewritten; a cache that cannot be
written is simply not kept.

>>> ranks = {bytes([i]): i for i in range(256)} | {b"ab": 256, b"abc": 257}
>>> cached_merges(ranks, lambda: [(b"a", b"b"), (b"ab", b"c")], minimum=1)
[(b'a', b'b'), (b'ab', b'c')]
"""

from __future__ import annotations

import hashlib
import os
import struct
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

MAGIC = b"bpe-explorer merges 1\n"
#: Tables smaller than this are derived every time (in milliseconds).
MINIMUM = 20_000

Merges = list[tuple[bytes, bytes]]


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "bpe-explorer" / "merges"


def cached_merges(ranks: Mapping[bytes, int], derive: Callable[[], Merges], *, minimum: int = MINIMUM) -> Merges:
    """``derive()``'s merges of ``ranks``, read from the cache when they were derived before."""
    if len(ranks) < minimum:
        return derive()
    path = cache_dir() / f"{_key(ranks)}.merges"
    merges = _read(path, ranks)
    if merges is None:
        merges = derive()
        try:
            _write(path, _encoded(merges))
        except OSError:
            pass  # a read-only home: derived again next time
    return merges


def _key(ranks: Mapping[bytes, int]) -> str:
    digest = hashlib.sha256()
    for token, rank in sorted(ranks.items(), key=lambda item: item[1]):
        digest.update(struct.pack("<IH", rank, len(token)) + token)
    return digest.hexdigest()


def _encoded(merges: Merges) -> bytes:
    parts = [MAGIC, struct.pack("<I", len(merges))]
    for left, right in merges:
        parts.append(struct.pack("<HH", len(left), len(right)) + left + right)
    return b"".join(parts)


def _write(path: Path, data: bytes) -> None:
    """Write whole or not at all (another process may read the cache at the same time)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _read(path: Path, ranks: Mapping[bytes, int]) -> Merges | None:
    """The merges in ``path`` if it is whole and each merge makes a token of ``ranks``, else None."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + 4:
        return None
    (count,) = struct.unpack_from("<I", data, len(MAGIC))
    position, merges = len(MAGIC) + 4, []
    try:
        for _ in range(count):
            a, b = struct.unpack_from("<HH", data, position)
            position += 4
            left, right = data[position : position + a], data[position + a : position + a + b]
            position += a + b
            if len(left) != a or len(right) != b or left + right not in ranks:
                return None
            merges.append((left, right))
    except struct.error:
        return None
    return merges if position == len(data) else None
