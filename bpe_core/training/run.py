"""One training run: the corpus counted from where it is (counts files, languages, a text, Ray or files), then the
merges made, each told to ``on_event`` as it comes, the checkpoint saved along the way. ``bpe train`` runs one in
its own process (:mod:`bpe_core.cli`), the window in a training process (:mod:`bpe_core.training.process`).

>>> run = TrainingRun(TrainConfig(vocab_size=259, pattern="none"), Corpus(text="aaabdaaabac"))
>>> events = []
>>> trainer = run.run(events.append)
>>> [type(event).__name__ for event in events], trainer.merges
(['Counted', 'MergeStep', 'MergeStep', 'MergeStep'], [(b'a', b'a'), (b'aa', b'a'), (b'aaa', b'b')])
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from bpe_core.corpus.counting import WordCounts
from bpe_core.corpus.counts_file import Counts, CountsFileError, read_counts
from bpe_core.corpus.reader import CorpusInfo
from bpe_core.training.checkpoint import Checkpoint, snapshot
from bpe_core.training.config import TrainConfig
from bpe_core.training.steps import MergeStep
from bpe_core.variants.parity_languages import languages_of_files


@dataclass(frozen=True)
class Corpus:
    """What a run counts: corpus files (``paths``), a ``text``, or counts files (``counts``: Parquet or
    ``TEXT<TAB>COUNT``, summed; ``counted``: the same already read). A parity-aware run takes each of ``languages``
    (``(name, file)`` pairs) as one language, or else each file of ``paths``, named after it."""

    paths: tuple[str, ...] = ()
    text: str | None = None
    counts: tuple[str, ...] = ()
    counted: Counts | None = None
    languages: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Counting:
    """Counting progress: bytes read of the total."""

    done: int
    total: int


@dataclass(frozen=True)
class Counted:
    """The counting phase is over; merging begins."""

    corpus_bytes: int
    initial_tokens: int
    unique_words: int
    special_tokens: dict[str, int]
    seconds: float


#: What :meth:`TrainingRun.run` tells as it goes: counting progress, the end of counting, each merge.
Event = Counting | Counted | MergeStep


class TrainingRun:
    """The trainer of ``config`` on ``corpus``, made at once (bad settings raise here). ``resumed`` is the tokenizer
    ``config.resume`` names, if already read; ``checkpoint`` saves the merges so far as they are made."""

    def __init__(self, config: TrainConfig, corpus: Corpus, *, resumed=None, checkpoint: Checkpoint | None = None):
        from bpe_core.training.trainer import BpeTrainer  # here: numpy and the engine are for training only

        config.check()
        self.config, self.corpus, self.checkpoint = config, corpus, checkpoint
        self.started = time.perf_counter()
        if resumed is None and config.resume is not None:
            from bpe_core.formats import load_json

            resumed = load_json(config.resume)
        specials = config.special_tokens or (None if resumed is not None else ())  # continuing: the saved ones
        self.trainer = BpeTrainer(
            special_tokens=specials, resume=resumed, resume_name=config.resume or "", **config.trainer_arguments()
        )

    def cancel(self) -> None:
        """Stop soon (thread-safe): counting at once (:class:`~bpe_core.cancelled.Cancelled`), merging after the
        current merge, keeping the merges made so far."""
        self.trainer.cancel()

    def run(self, on_event: Callable[[Event], None]):
        """Count, then merge to the end, telling ``on_event`` everything; the trainer, with its merges."""
        self._count(lambda done, total: on_event(Counting(done, total)))
        trainer, record = self.trainer, self.trainer.record
        seconds = time.perf_counter() - self.started
        on_event(
            Counted(record.corpus_bytes, record.initial_tokens, record.unique_words, trainer.special_tokens, seconds)
        )
        for step in trainer.steps():
            on_event(step)
            if self.checkpoint is not None:
                self.checkpoint.maybe_save(lambda: snapshot(trainer))
        return trainer

    def _count(self, progress: Callable[[int, int], None]) -> None:
        trainer, config, corpus = self.trainer, self.config, self.corpus
        if corpus.counts or corpus.counted is not None:
            self._count_from_counts_files()
        elif config.parity and corpus.text is not None:
            trainer.count_language_texts({"text": corpus.text})
        elif config.parity:
            languages = dict(corpus.languages) if corpus.languages else languages_of_files(corpus.paths)
            trainer.count_languages(languages, progress=progress)
        elif corpus.text is not None:
            trainer.count_text(corpus.text)
        elif config.ray_address:
            address = None if config.ray_address == "local" else config.ray_address
            trainer.count_files_on_ray(list(corpus.paths), address, progress)
        else:
            trainer.count_files(list(corpus.paths), progress=progress)

    def _count_from_counts_files(self) -> None:
        """Train on counts files as if on the corpus they were counted from (the merges id for id)."""
        config = self.config
        if config.superword_after is not None:
            raise CountsFileError("SuperBPE counts the text again with a second pattern: counts files have no text")
        counts = self.corpus.counted or read_counts(self.corpus.counts, pattern=config.pattern)
        if counts.pattern is not None and counts.pattern != config.pattern:
            raise CountsFileError(f"the counts were cut with the pattern {counts.pattern!r}, not {config.pattern!r}")
        specials = tuple(self.trainer.splitter.tokens)
        if counts.special_tokens and specials and counts.special_tokens != specials:
            raise CountsFileError("the counts were cut with other special tokens: " + ", ".join(counts.special_tokens))
        info = CorpusInfo(list(counts.corpus_names), counts.corpus_bytes, counts.corpus_sha256)
        self.trainer.count_counts(WordCounts(counts.words, counts.specials), info)
