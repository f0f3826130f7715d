"""A run that survives a crash: while training, the merges so far are saved in a folder every few seconds, with
what the run was asked to do; the same run started again finds them and goes on from there (its merges replayed
on the corpus, :mod:`bpe_core.variants.resume`), ending with the merges of an uninterrupted run, id for id.

A checkpoint is used only by the run it belongs to: the same settings and the same corpus files (names, sizes and
modification times); any other run starts afresh and replaces it. A finished run removes it.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> checkpoint = Checkpoint(folder, {"vocab_size": 300, "corpus": ["a.txt", 10, 0]})
>>> checkpoint.saved() is None
True
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from bpe_core.corpus_files import is_uri, remote_fingerprint
from bpe_core.formats import load_json, save_json, write_text_atomically

#: Seconds between two saves of the merges so far (``BPE_CHECKPOINT_SECONDS`` sets another).
EVERY_SECONDS = 2.0


def corpus_fingerprint(paths) -> list:
    """Each corpus file's name, size and modification time: a changed file is another corpus."""
    found = []
    for path in paths:
        if is_uri(path):
            found.append(remote_fingerprint(path))
            continue
        stat = os.stat(path)
        found.append([os.path.abspath(path), stat.st_size, stat.st_mtime_ns])
    return found


class Checkpoint:
    """The checkpoint of one run in ``folder``; ``run`` says what the run is (settings and corpus, as JSON data)."""

    def __init__(self, folder: str | os.PathLike, run: dict, *, every: float | None = None):
        self.folder = Path(folder)
        self.run = json.loads(json.dumps(run))  # as it reads back (tuples are lists in JSON)
        self.every = every if every is not None else float(os.environ.get("BPE_CHECKPOINT_SECONDS") or EVERY_SECONDS)
        self._last = time.monotonic()
        self._tokenizer = self.folder / "merges-so-far.json"
        self._about = self.folder / "run.json"

    def saved(self):
        """The tokenizer with the merges saved by an interrupted run of this same ``run``, or None."""
        try:
            about = json.loads(self._about.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if about.get("run") != self.run or not self._tokenizer.exists():
            return None
        try:
            return load_json(self._tokenizer)
        except (OSError, ValueError):
            return None  # a checkpoint cut short: start afresh

    def maybe_save(self, make_tokenizer) -> bool:
        """Save ``make_tokenizer()`` if the last save is older than ``every`` seconds; True if it saved."""
        if time.monotonic() - self._last < self.every:
            return False
        self.save(make_tokenizer())
        return True

    def save(self, tokenizer) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        save_json(tokenizer, self._tokenizer)
        write_text_atomically(self._about, json.dumps({"run": self.run}))
        self._last = time.monotonic()

    @property
    def merges_file(self) -> Path:
        """Where the merges so far are (a tokenizer file of ours: ``resume`` takes it)."""
        return self._tokenizer

    def remove(self) -> None:
        """The run finished: nothing to resume."""
        for path in (self._about, self._tokenizer):
            path.unlink(missing_ok=True)


def snapshot(trainer):
    """Our tokenizer with ``trainer``'s merges so far, and their record (what a checkpoint saves)."""
    from bpe_core.tokenizer import Tokenizer

    tokenizer = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern=trainer.pattern_now)
    tokenizer.record = trainer.record
    return tokenizer


def interrupted(folder: str | os.PathLike) -> tuple[dict, Path] | None:
    """What the run interrupted in ``folder`` was asked to do and where its merges are, or None if none was.

    >>> interrupted("/nonexistent") is None
    True
    """
    folder = Path(folder)
    try:
        about = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    merges = folder / "merges-so-far.json"
    return (about.get("run") or {}, merges) if merges.exists() else None
