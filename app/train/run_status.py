"""The status line of a run, worded from a :class:`~app.train.merge_history.MergeHistory` (Qt-free): corpus size,
unique pre-tokens, merges, elapsed time and compression at the current step.

>>> from bpe_core.steps import MergeStep
>>> h = MergeHistory()
>>> status_texts(h, 0.0, None)["compression"]
'Compression: –'
>>> h.reset(corpus_bytes=12, initial_tokens=12, unique_words=3)
>>> h.extend([MergeStep(0, 256, 108, 111, b"lo", 3, 9, ((108, 111, 3),))])
>>> texts = status_texts(h, 2.5, 0)
>>> texts["words"], texts["merges"], texts["compression"]
('Unique pre-tokens: 3', 'Merges: 1', 'Compression: 1.33 bytes/token')
"""

from __future__ import annotations

from app.train.corpus_sources import format_bytes
from app.train.merge_history import MergeHistory
from app.train.progress import format_seconds

#: The status line's fields, left to right.
STATUS_KEYS = ("corpus", "words", "merges", "elapsed", "compression")


def status_texts(history: MergeHistory, elapsed: float, rank: int | None) -> dict[str, str]:
    """Each field's text (``elapsed`` in seconds, 0 when unknown; ``rank`` the current step or None)."""
    h = history
    if rank is not None and rank < len(h) and h.corpus_bytes:
        compression = f"Compression: {h.bytes_per_token(rank):.2f} bytes/token"
    elif h.corpus_bytes and h.initial_tokens:
        compression = f"Compression: {h.corpus_bytes / h.initial_tokens:.2f} bytes/token"
    else:
        compression = "Compression: –"
    return {
        "corpus": f"Corpus: {format_bytes(h.corpus_bytes)}" if h.corpus_bytes else "Corpus: –",
        "words": f"Unique pre-tokens: {h.unique_words:,}" if h.unique_words else "Unique pre-tokens: –",
        "merges": f"Merges: {len(h):,}",
        "elapsed": f"Elapsed: {format_seconds(elapsed)}" if elapsed else "Elapsed: –",
        "compression": compression,
    }
