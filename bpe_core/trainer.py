"""Training a byte-level BPE tokenizer: count pre-tokens, then merge the best pair again and again.

:class:`BpeTrainer` streams one :class:`~bpe_core.steps.MergeStep` per merge, for a GUI to show as it happens;
:func:`train_bpe` is the one-call form with the contract of Stanford CS336 assignment 1.

Ids: 0-255 are the bytes, merge ``r`` creates id ``256 + r``, special tokens come last. Ties between pairs of
equal count go to the lexicographically greatest pair ``(left bytes, right bytes)``.

>>> trainer = BpeTrainer(259, pattern="none")
>>> trainer.count_text("aaabdaaabac")
>>> [(s.token, s.count, s.tokens_after) for s in trainer.steps()]
[(b'aa', 4, 9), (b'aaa', 2, 7), (b'aaab', 2, 5)]
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from bpe_core.cancelled import Cancelled
from bpe_core.corpus import CorpusError, CorpusInfo, CorpusReader
from bpe_core.counting import WordCounts, count_pieces
from bpe_core.merge_engine import MergeEngine
from bpe_core.messages import Message
from bpe_core.patterns import get_pattern
from bpe_core.specials import SpecialSplitter
from bpe_core.steps import MergeStep, TrainingRecord
from bpe_core.vocab import vocab_from_merges

Progress = Callable[[int, int], None]

#: The largest vocabulary: ids stay below the 2^24 a tokenizer file may hold (bpe_core.formats.checks.MAX_ID).
MAX_VOCAB_SIZE = 1 << 24


def max_processes() -> int:
    """The most counting processes a run may start: four per core, and at least 64 (each takes ~40 MB).

    >>> max_processes() >= 64
    True
    """
    return max(64, 4 * (os.cpu_count() or 1))


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


def minimum_vocab_size(special_tokens: Iterable[str] | None = None) -> int:
    """The smallest vocabulary: the 256 bytes plus the special tokens.

    >>> minimum_vocab_size(["<|endoftext|>"])
    257
    """
    return 256 + len(list(special_tokens or []))


class BpeTrainer:
    """One training run: :meth:`count_files` (or :meth:`count_text`), then iterate :meth:`steps`.

    :meth:`cancel` may be called from any thread: counting raises :class:`~bpe_core.cancelled.Cancelled`,
    ``steps()`` ends after the current merge and keeps the merges made so far.
    """

    def __init__(
        self,
        vocab_size: int,
        special_tokens: Iterable[str] | None = None,
        *,
        pattern: str = "gpt2",
        processes: int | None = None,
        top_k: int = 20,
        errors: str = "strict",
        encoding: str = "utf-8",
    ):
        self.splitter = SpecialSplitter(special_tokens)
        minimum = minimum_vocab_size(self.splitter.tokens)
        if not isinstance(vocab_size, int) or vocab_size < minimum:
            raise ValueError(
                f"vocab_size {vocab_size} is too small: the minimum is {minimum} "
                f"(256 bytes + {len(self.splitter.tokens)} special tokens)"
            )
        if vocab_size > MAX_VOCAB_SIZE:
            raise ValueError(
                f"vocab_size {vocab_size:,} is too large: the maximum is {MAX_VOCAB_SIZE:,} (the largest id a "
                "tokenizer file holds); real vocabularies have 30,000 to 300,000 tokens"
            )
        get_pattern(pattern)  # raises PatternError for an invalid regex
        if processes is not None and processes < 1:
            raise ValueError(f"processes must be at least 1, not {processes}")
        if processes is not None and processes > max_processes():
            raise ValueError(
                f"processes must be at most {max_processes()} on this machine ({os.cpu_count() or 1} cores), "
                f"not {processes:,}"
            )
        self.vocab_size = vocab_size
        self.pattern = pattern
        self.processes = processes or os.cpu_count() or 1
        self.top_k = top_k
        self.reader = CorpusReader(pattern=pattern, splitter=self.splitter, errors=errors, encoding=encoding)
        self.record = TrainingRecord(
            settings={
                "vocab_size": vocab_size,
                "pattern": pattern,
                "special_tokens": list(self.splitter.tokens),
                "top_k": top_k,
                "errors": errors,
                "encoding": encoding,
            }
        )
        self.merges: list[tuple[bytes, bytes]] = []
        self.stop_message: Message | None = None  # why training ended, once it has
        self.warning_message: Message | None = None  # e.g. that the pattern left characters unmatched
        self.counting_seconds = 0.0
        self._stop = threading.Event()
        self._engine: MergeEngine | None = None

    # -- control -------------------------------------------------------------------------------------------------
    def cancel(self) -> None:
        """Ask the run to stop (thread-safe)."""
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    @property
    def stop_reason(self) -> str:
        """Why training ended, in English ("" until it has): :attr:`stop_message` as text."""
        return str(self.stop_message or "")

    @property
    def warning(self) -> str:
        """What the CLI or a window warns of, in English ("" if nothing): :attr:`warning_message` as text."""
        return str(self.warning_message or "")

    # -- counting ------------------------------------------------------------------------------------------------
    def count_files(self, paths: str | os.PathLike | Iterable[str | os.PathLike], progress: Progress | None = None):
        """Count the pre-tokens of one or more files, reporting ``progress(bytes_done, bytes_total)``."""
        paths = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)  # a generator is read once
        info = CorpusInfo()
        pieces = self.reader.pieces_of_files(paths, info, progress)
        workers = self.processes if self._large(paths) else 1
        self._count(pieces, workers, info)

    def count_text(self, text: str, name: str = "text") -> None:
        """Count the pre-tokens of a text in memory (one process)."""
        data = text.encode("utf-8", "surrogatepass")
        info = CorpusInfo(names=[name], total_bytes=len(data), sha256=hashlib.sha256(data).hexdigest())
        self._count(self.reader.pieces_of_text(text, name=name), 1, info)

    def _large(self, paths) -> bool:
        """Worth spawning processes: more than two pieces' worth of bytes."""
        return sum(os.path.getsize(p) for p in paths if os.path.isfile(p)) > 2 * self.reader.piece_chars

    def _count(self, pieces: Iterator[str], workers: int, info: CorpusInfo) -> None:
        """Count the pieces' pre-tokens and set up the merge engine on them.

        With ``pattern="none"`` a piece is one pre-token: counting it in a worker process would only ship the
        whole text there and back, so it is counted here.
        """
        if self._engine is not None:
            raise RuntimeError("this trainer has already counted a corpus; make a new one")
        started = time.perf_counter()
        try:
            counts: WordCounts = count_pieces(
                pieces,
                pattern=self.pattern,
                special_tokens=tuple(self.splitter.tokens),
                processes=1 if self.pattern == "none" else workers,
                stop=self._stop,
            )
        except Cancelled:
            raise Cancelled("training was cancelled while counting pre-tokens") from None
        names = ", ".join(info.names) or "corpus"
        if info.total_bytes == 0:
            raise CorpusError(f"{names}: the corpus is empty")
        if not counts.words and counts.unmatched_chars:
            raise CorpusError(Message.of("corpus.matched_nothing", pattern=f"'{self.pattern}'", names=names))
        if not counts.words:
            raise CorpusError(Message.of("corpus.only_special_tokens", names=names))
        sequences = _encoded(counts.words)
        self._engine = MergeEngine(sequences, id_limit=self.vocab_size, extra_tokens=counts.specials)
        self.counting_seconds = time.perf_counter() - started
        record = self.record
        record.corpus_names, record.corpus_bytes, record.corpus_sha256 = info.names, info.total_bytes, info.sha256
        record.unique_words = len(sequences)
        record.initial_tokens = self._engine.total_tokens
        record.unmatched_chars = counts.unmatched_chars
        if counts.unmatched_chars:
            self.warning_message = Message.of("train.unmatched", chars=f"{counts.unmatched_chars:,}")

    # -- merging -------------------------------------------------------------------------------------------------
    def steps(self) -> Iterator[MergeStep]:
        """Yield one :class:`MergeStep` per merge until the vocabulary is full, no pair is left, or cancelled."""
        engine = self._engine
        if engine is None:
            raise RuntimeError("count a corpus first (count_files or count_text)")
        target_merges = self.vocab_size - 256 - len(self.splitter.tokens)
        limit = vocab_bytes_limit(self.record.corpus_bytes)
        held = sum(len(left) + len(right) for left, right in self.merges)
        while len(self.merges) < target_merges:
            if self._stop.is_set():
                self.stop_message = Message.of("train.cancelled", merges=len(self.merges))
                break
            top = engine.top_pairs(self.top_k)
            if not top:
                self.stop_message = Message.of(
                    "train.no_pair_left",
                    merges=len(self.merges),
                    reached=self.vocab_size_reached,
                    asked=self.vocab_size,
                )
                break
            (left, right), count = top[0]
            size = len(engine.token_bytes[left]) + len(engine.token_bytes[right])
            if held + size > limit:
                self.stop_message = Message.of(
                    "train.vocabulary_bytes_limit",
                    limit=f"{limit:,}",
                    merges=len(self.merges),
                    size=f"{size:,}",
                    corpus=f"{self.record.corpus_bytes:,}",
                )
                break
            held += size
            new_id = 256 + len(self.merges)
            engine.merge((left, right), new_id)
            self.merges.append((engine.token_bytes[left], engine.token_bytes[right]))
            step = MergeStep(
                rank=new_id - 256,
                new_id=new_id,
                left=left,
                right=right,
                token=engine.token_bytes[new_id],
                count=count,
                tokens_after=engine.total_tokens,
                top_pairs=tuple((a, b, c) for (a, b), c in top),
            )
            self.record.steps.append(step)
            yield step
        else:
            self.stop_message = Message.of("train.vocabulary_reached", size=self.vocab_size)
        self.record.stop_reason = self.stop_reason

    def run(self) -> None:
        """Make all the merges (the non-streaming form of :meth:`steps`)."""
        for _ in self.steps():
            pass

    # -- results -------------------------------------------------------------------------------------------------
    @property
    def vocab_size_reached(self) -> int:
        return 256 + len(self.merges) + len(self.splitter.tokens)

    @property
    def special_tokens(self) -> dict[str, int]:
        """Special token -> id; they come after the last merge."""
        first = 256 + len(self.merges)
        return {token: first + i for i, token in enumerate(self.splitter.tokens)}

    @property
    def vocab(self) -> dict[int, bytes]:
        """Id -> token bytes: the 256 bytes, the merges in rank order, then the special tokens."""
        return vocab_from_merges(self.merges, self.special_tokens)


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


def train_bpe(
    input_path: str | os.PathLike | Iterable[str | os.PathLike],
    vocab_size: int,
    special_tokens: list[str] | None = None,
    *,
    pattern: str = "gpt2",
    processes: int | None = None,
    errors: str = "strict",
    encoding: str = "utf-8",
    progress: Progress | None = None,
) -> tuple[dict[int, bytes], list[tuple[bytes, bytes]]]:
    """Train on one or more files; return ``(vocab, merges)`` (the CS336 assignment-1 contract).

    ``pattern`` is a name from :data:`~bpe_core.patterns.PATTERNS` or a custom regex. Only the best pair is
    looked up at each step (``top_k=1``): nobody sees the runners-up here. ``encoding`` is the files' encoding,
    one of :data:`bpe_core.corpus.ENCODINGS` ("utf-8", "utf-16", "utf-32", …).
    """
    trainer = BpeTrainer(
        vocab_size, special_tokens, pattern=pattern, processes=processes, errors=errors, encoding=encoding, top_k=1
    )
    trainer.count_files(input_path, progress)
    trainer.run()
    return trainer.vocab, trainer.merges
