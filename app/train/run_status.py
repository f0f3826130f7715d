"""The status line of a run, worded from a :class:`~app.train.merge_history.MergeHistory`: corpus size, unique
pre-tokens, merges, elapsed time and compression at the current step, in the interface's language.

>>> from bpe_core.training.steps import MergeStep
>>> h = MergeHistory()
>>> status_texts(h, 0.0, None)["compression"]
'Compression: –'
>>> h.reset(corpus_bytes=12, initial_tokens=12, unique_words=3)
>>> h.extend([MergeStep(0, 256, 108, 111, b"lo", 3, 9, ((108, 111, 3),))])
>>> texts = status_texts(h, 2.5, 0)
>>> texts["words"], texts["merges"], texts["compression"]
('Unique pre-tokens: 3', 'Merges: 1', 'Compression: 1.33 bytes/token')
>>> status_texts(h, 2.5, 0, last_run=True)["corpus"].split(":")[0]  # its corpus is no longer the one selected
"Last run's corpus"
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from app.common.wording.sizes import format_bytes
from app.train.merge_history import MergeHistory
from app.train.progress import format_seconds

#: The status line's fields, left to right.
STATUS_KEYS = ("corpus", "words", "merges", "elapsed", "compression")


def status_texts(history: MergeHistory, elapsed: float, rank: int | None, last_run: bool = False) -> dict[str, str]:
    """Each field's text (``elapsed`` in seconds, 0 when unknown; ``rank`` the current step or None); ``last_run``:
    the history is of the last run, whose corpus is no longer the one selected ("Last run's corpus: 1.9 MB")."""
    h = history
    per_token = QCoreApplication.translate("RunStatus", "Compression: {value} bytes/token")
    if rank is not None and rank < len(h) and h.corpus_bytes:
        compression = per_token.format(value=f"{h.bytes_per_token(rank):.2f}")
    elif h.corpus_bytes and h.initial_tokens:
        compression = per_token.format(value=f"{h.corpus_bytes / h.initial_tokens:.2f}")
    else:
        compression = QCoreApplication.translate("RunStatus", "Compression: –")
    if last_run:
        corpus = QCoreApplication.translate("RunStatus", "Last run's corpus: {size}")
    else:
        corpus = QCoreApplication.translate("RunStatus", "Corpus: {size}")
    corpus = corpus.format(size=format_bytes(h.corpus_bytes))
    words = QCoreApplication.translate("RunStatus", "Unique pre-tokens: {count}").format(count=f"{h.unique_words:,}")
    elapsed_text = QCoreApplication.translate("RunStatus", "Elapsed: {time}")
    elapsed_text = elapsed_text.format(time=format_seconds(elapsed, tenths=True))
    return {
        "corpus": corpus if h.corpus_bytes else QCoreApplication.translate("RunStatus", "Corpus: –"),
        "words": words if h.unique_words else QCoreApplication.translate("RunStatus", "Unique pre-tokens: –"),
        "merges": QCoreApplication.translate("RunStatus", "Merges: {count}").format(count=f"{len(h):,}"),
        "elapsed": elapsed_text if elapsed else QCoreApplication.translate("RunStatus", "Elapsed: –"),
        "compression": compression,
    }
