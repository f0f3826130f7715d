"""Files kept in the user's cache, ``$XDG_CACHE_HOME/bpe-explorer/<kind>/`` (``~/.cache`` by default): data that
is slow to make again (derived merges, the compiled scanner's character classes, unpacked corpora), never code.

A checked file starts with a magic line and the SHA-256 of the rest, and is written whole or not at all (another
process may read it meanwhile); one that is missing, cut short or damaged reads as ``None``, and its data is made
again.

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "example" / "numbers.bin"
>>> write_checked(path, b"example 1\\n", b"123")
>>> read_checked(path, b"example 1\\n"), read_checked(path, b"example 2\\n")
(b'123', None)
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path


def cache_dir(kind: str) -> Path:
    """The folder of one ``kind`` of cached data (not created here)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "bpe-explorer" / kind


def write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` at once, its folder made if needed: two processes writing it at the same time
    both leave a whole file (``OSError`` if it cannot be written)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def write_checked(path: Path, magic: bytes, body: bytes) -> None:
    """Write ``magic``, the SHA-256 of ``body`` and ``body`` to ``path`` at once (``OSError`` if it cannot be)."""
    write_whole(path, magic + hashlib.sha256(body).digest() + body)


def read_checked(path: Path, magic: bytes) -> bytes | None:
    """The body written by :func:`write_checked` with ``magic``, or ``None`` if the file is missing or not whole."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    start = len(magic) + 32
    if (
        not data.startswith(magic)
        or len(data) < start
        or hashlib.sha256(data[start:]).digest() != data[len(magic) : start]
    ):
        return None
    return data[start:]
