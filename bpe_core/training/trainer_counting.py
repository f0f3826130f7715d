"""How a training run counts its corpus: files (in worker processes, or on Ray), a text, counts made elsewhere, or
one text per language; the counts become the merge engine :class:`~bpe_core.training.trainer.BpeTrainer` merges on.

:class:`CorpusCounting` is the trainer's counting half (its base class), so that the trainer itself holds the
settings and the loop.
"""

from __future__ import annotations

import hashlib
import numbers
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from bpe_core.cancelled import Cancelled
from bpe_core.corpus import byte_pieces, tally_counting
from bpe_core.corpus.counting import WordCounts
from bpe_core.corpus.locations import total_size
from bpe_core.corpus.reader import CorpusError, CorpusInfo
from bpe_core.messages import Message
from bpe_core.training.compiled_merge import new_engine
from bpe_core.training.merging import Merging

if TYPE_CHECKING:  # the trainer's parts, named for the attributes below
    from bpe_core.corpus.reader import CorpusReader
    from bpe_core.pretokenize.specials import SpecialSplitter
    from bpe_core.training.steps import TrainingRecord
    from bpe_core.variants.base import Variant

Progress = Callable[[int, int], None]

#: The most bytes the vocabulary's tokens may hold together, whatever the corpus: every file written stays below
#: the 256 MB a tokenizer file may have (GPT-2's ASCII vocab.json spells a byte in up to 6 characters, ``\u0100``).
MAX_VOCAB_BYTES = 40_000_000
#: ...and at most the corpus's size (a real vocabulary holds far less), but never less than this.
MIN_VOCAB_BYTES = 1_000_000


def vocab_bytes_limit(corpus_bytes: int) -> int:
    """How many bytes the merged tokens of a vocabulary trained on ``corpus_bytes`` may hold together.

    BPE on long runs of one character makes tokens of thousands, then millions of bytes (10 MB of ``a``: 86 MB of
    tokens in 30 merges), whose vocabulary outgrows the corpus, memory, and any file that could be read back.
    Real corpora never come near: o200k's 200,000 tokens hold 1.5 MB.

    >>> vocab_bytes_limit(10_000), vocab_bytes_limit(10_000_000), vocab_bytes_limit(10**10)
    (1000000, 10000000, 40000000)
    """
    return max(MIN_VOCAB_BYTES, min(corpus_bytes, MAX_VOCAB_BYTES))


class CorpusCounting:
    """The counting half of :class:`~bpe_core.training.trainer.BpeTrainer`: each ``count_*`` method counts a corpus
    (once) and sets up ``_engine``, with the trainer's ``reader``, ``pattern``, ``processes``, ``record``, ``variants``,
    ``id_limit`` and ``_count_pieces``."""

    # set by the trainer (its __init__ and _count_pieces)
    reader: CorpusReader
    pattern: str
    processes: int
    splitter: SpecialSplitter
    record: TrainingRecord
    variants: list[Variant]
    id_limit: int
    corpus_source: tuple
    counting_seconds: float
    warning_message: Message | None
    _stop: threading.Event
    _engine: Merging | None
    _count_pieces: Callable[[Iterator[str], str, int], WordCounts]

    def count_files(self, paths: str | os.PathLike | Iterable[str | os.PathLike], progress: Progress | None = None):
        """Count the pre-tokens of one or more files, reporting ``progress(bytes_done, bytes_total)``."""
        paths = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)  # a generator is read once
        info = CorpusInfo()
        workers = self.processes if total_size(paths) > 2 * self.reader.piece_chars else 1
        if tally_counting.available(self.pattern) and byte_pieces.reads_bytes(self.reader):
            self._count(lambda: self._count_bytes(paths, info, progress, workers), info)
        else:
            pieces = self.reader.pieces_of_files(paths, info, progress)
            self._count(lambda: self._count_pieces(pieces, self.pattern, workers), info)
        self.corpus_source = ("files", paths, workers)

    def _count_bytes(self, paths: list, info: CorpusInfo, progress: Progress | None, workers: int) -> WordCounts:
        """The files' pre-tokens counted from their bytes in compiled code (:mod:`bpe_core.corpus.tally_counting`);
        a file that is not UTF-8 is said as the text reader says it
        (:func:`~bpe_core.corpus.byte_pieces.first_decode_error`)."""
        try:
            return tally_counting.count_byte_pieces(
                byte_pieces.byte_pieces_of_files(self.reader, paths, info, progress),
                pattern=self.pattern,
                special_tokens=tuple(self.splitter.tokens),
                errors=self.reader.errors,
                processes=workers,
                stop=self._stop,
            )
        except UnicodeDecodeError:
            byte_pieces.first_decode_error(self.reader, paths)
            raise  # pragma: no cover  (the text reader finds the same byte)

    def count_files_on_ray(
        self, paths: str | os.PathLike | Iterable[str | os.PathLike], address: str | None = None, progress=None
    ) -> None:
        """:meth:`count_files` on Ray (:mod:`bpe_core.corpus.ray_counting`): on the cluster at ``address``, else on a
        Ray started here. The pieces are cut by this trainer's own reader, so the counts -- and the merges -- are the
        local ones exactly."""
        from bpe_core.corpus.ray_counting import count_on_ray

        paths = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
        info = CorpusInfo()
        started = time.perf_counter()
        pieces = self.reader.pieces_of_files(paths, info, progress)
        counts = count_on_ray(
            pieces,
            pattern=self.pattern,
            special_tokens=tuple(self.splitter.tokens),
            address=address,
            cancelled=self._stop.is_set,
        )
        self._use_counts(counts, info, started)
        self.corpus_source = ("files", paths, self.processes)

    def count_text(self, text: str, name: str = "text") -> None:
        """Count the pre-tokens of a text in memory (one process)."""
        data = text.encode("utf-8", "surrogatepass")
        info = CorpusInfo(names=[name], total_bytes=len(data), sha256=hashlib.sha256(data).hexdigest())
        pieces = self.reader.pieces_of_text(text, name=name)
        self._count(lambda: self._count_pieces(pieces, self.pattern, 1), info)
        self.corpus_source = ("text", text, name)

    def count_languages(self, files, progress: Progress | None = None) -> None:
        """Count one file per language (``{name: path}``): with ``parity``, each language apart, its last tenth held
        out (:func:`~bpe_core.variants.parity_languages.held_out`); without, the files as one corpus
        (:meth:`count_files`)."""
        files = dict(files)
        if not self._counting_languages():
            self.count_files(list(files.values()), progress)
            return
        texts = {name: "".join(self.reader.pieces_of_files([path], CorpusInfo())) for name, path in files.items()}
        self.count_language_texts(texts)
        self.record.corpus_names = [os.fspath(path) for path in files.values()]

    def count_language_texts(self, texts) -> None:
        """:meth:`count_languages` for texts in memory (``{name: text}``)."""
        texts = dict(texts)
        variant = self._counting_languages()
        if variant is None:
            self.count_text("".join(texts.values()), name="+".join(texts))
            return
        self._not_counted_yet()
        started = time.perf_counter()
        self._engine = variant.count_languages(self, texts)
        self.counting_seconds = time.perf_counter() - started

    def _counting_languages(self):
        """The variant that counts each language apart, if any (parity-aware BPE)."""
        return next((variant for variant in self.variants if variant.counts_languages), None)

    def count_counts(self, counts: WordCounts, info: CorpusInfo) -> None:
        """Train on pre-token counts made elsewhere (a counts file, a cluster: :mod:`bpe_core.corpus.counts_file`) as if
        the corpus ``info`` names had been counted here: the same merges, id for id."""
        self._not_counted_yet()
        self._use_counts(_checked(counts, ", ".join(info.names) or "the counts"), info, time.perf_counter())

    def _count(self, count: Callable[[], WordCounts], info: CorpusInfo) -> None:
        """Count pre-tokens (``count()``) and set up the merge engine on them."""
        self._not_counted_yet()
        started = time.perf_counter()
        try:
            counts = count()
        except Cancelled:
            raise Cancelled("training was cancelled while counting pre-tokens") from None
        self._use_counts(counts, info, started)

    def _not_counted_yet(self) -> None:
        if self._engine is not None:
            raise RuntimeError("this trainer has already counted a corpus; make a new one")

    def _engine_of(self, counts: WordCounts) -> Merging:
        """A merge engine on ``counts`` (emptying their words) (the ids below ``id_limit``): the compiled one where it
        suits them (:func:`~bpe_core.training.compiled_merge.new_engine`)."""
        encoded = _encoded(counts.words) if counts.encoded is None else counts.encoded
        counts.encoded = None  # emptied too: the engine holds them now
        return new_engine(encoded, id_limit=self.id_limit, extra_tokens=counts.specials)

    def _use_counts(self, counts: WordCounts, info: CorpusInfo, started: float) -> None:
        """Set up the merge engine on the counts."""
        names = ", ".join(info.names) or "corpus"
        if info.total_bytes == 0:
            raise CorpusError(f"{names}: the corpus is empty")
        distinct = counts.distinct()
        if not distinct and counts.unmatched_chars:
            raise CorpusError(Message.of("corpus.matched_nothing", pattern=f"'{self.pattern}'", names=names))
        if not distinct:
            raise CorpusError(Message.of("corpus.only_special_tokens", names=names))
        record = self.record
        record.unique_words, record.unmatched_chars = distinct, counts.unmatched_chars
        self._engine = self._engine_of(counts)
        self.counting_seconds = time.perf_counter() - started
        record.corpus_names, record.corpus_bytes, record.corpus_sha256 = info.names, info.total_bytes, info.sha256
        record.initial_tokens = self._engine.total_tokens
        if counts.unmatched_chars:
            self.warning_message = Message.of("train.unmatched", chars=f"{counts.unmatched_chars:,}")


def _checked(counts: WordCounts, names: str) -> WordCounts:
    """``counts`` made elsewhere, without the pre-tokens counted 0 times, refused (:class:`CorpusError`, naming
    ``names``) if a count or ``specials`` is not a whole number of at least 0, or if they stand for more than
    :data:`~bpe_core.corpus.counts_file.MAX_TOKENS` tokens: the merge engine's pair counts would no longer be exact.

    >>> _checked(WordCounts(Counter(ab=2, c=0), specials=1), "c.tsv").words
    Counter({'ab': 2})
    >>> _checked(WordCounts(Counter(ab=-2)), "c.tsv")
    Traceback (most recent call last):
    ...
    bpe_core.corpus.reader.CorpusError: c.tsv: 'ab' is counted -2 times; expected a whole number of at least 0
    """
    from bpe_core.corpus.counts_file import MAX_TOKENS

    def whole(n: object) -> bool:
        return isinstance(n, numbers.Integral) and not isinstance(n, bool) and int(n) >= 0

    if not whole(counts.specials):
        raise CorpusError(f"{names}: {counts.specials!r} special tokens; expected a whole number of at least 0")
    tokens, words = int(counts.specials), Counter[str]()
    for word, n in counts.words.items():
        if not whole(n):
            raise CorpusError(f"{names}: {word!r:.60} is counted {n!r} times; expected a whole number of at least 0")
        if n:
            words[word] = int(n)
            tokens += int(n) * len(word.encode("utf-8", "surrogatepass"))
    if tokens > MAX_TOKENS:
        raise CorpusError(
            f"{names}: the counts stand for {tokens:,} tokens, more than the 2**53 ({MAX_TOKENS:,}) training counts "
            "exactly"
        )
    return WordCounts(words, int(counts.specials), counts.unmatched_chars)


def _encoded(words: Counter) -> dict[bytes, int]:
    """Each pre-token's UTF-8 bytes with its count. Empties ``words`` as it goes, so that a text is never held
    both as ``str`` and as ``bytes`` (with ``pattern="none"`` a pre-token may be the whole corpus).

    >>> words = Counter({"ab": 2, "中": 1})
    >>> _encoded(words), words
    ({b'\\xe4\\xb8\\xad': 1, b'ab': 2}, Counter())
    """
    encoded = {}
    while words:
        word, count = words.popitem()
        encoded[word.encode("utf-8")] = count
    return encoded
