"""Training a byte-level BPE tokenizer: count pre-tokens, then merge the best pair again and again.

:class:`BpeTrainer` streams one :class:`~bpe_core.steps.MergeStep` per merge, for a GUI to show as it happens;
:func:`train_bpe` is the one-call form with the contract of Stanford CS336 assignment 1.

Ids: 0-255 are the bytes, merge ``r`` creates id ``256 + r``, special tokens come last. Ties between pairs of
equal count go to the lexicographically greatest pair ``(left bytes, right bytes)``.

>>> trainer = BpeTrainer(259, pattern="none")
>>> trainer.count_text("aaabdaaabac")
>>> [(s.token, s.count, s.tokens_after) for s in trainer.steps()]
[(b'aa', 4, 9), (b'aaa', 2, 7), (b'aaab', 2, 5)]

Variants (see :mod:`bpe_core.variants`): ``min_count`` stops when the best pair is rarer; ``forbid`` regexes name
tokens never made (the next best pair is taken); ``resume`` replays a saved tokenizer's merges first.

>>> trainer = BpeTrainer(259, pattern="none", forbid=["aaa"], min_count=2)
>>> trainer.count_text("aaabdaaabac")
>>> [(s.token, s.count) for s in trainer.steps()], trainer.stop_message.code
([(b'aa', 4), (b'ab', 2)], 'train.min_count')
"""

from __future__ import annotations

import hashlib
import numbers
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from bpe_core.cancelled import Cancelled
from bpe_core.corpus import CorpusError, CorpusInfo, CorpusReader
from bpe_core.corpus_files import total_size
from bpe_core.counting import WordCounts, count_pieces
from bpe_core.merge_engine import MergeEngine
from bpe_core.messages import Message
from bpe_core.patterns import get_pattern
from bpe_core.spawning import check_processes, max_processes  # noqa: F401 - also imported from here
from bpe_core.specials import SpecialSplitter
from bpe_core.steps import MAX_TOP_PAIRS, MergeStep, TrainingRecord
from bpe_core.tokenizer import Tokenizer
from bpe_core.variants.errors import VariantSettingError
from bpe_core.variants.forbid import ForbidRule
from bpe_core.variants.parity import Languages, held_out
from bpe_core.variants.picky import PickyHistory, PickyTokenizer, check_tau
from bpe_core.variants.resume import replayed_pairs
from bpe_core.variants.superword import SUPERBPE_STAGE2, SuperwordStages, isolated
from bpe_core.vocab import vocab_from_merges

Progress = Callable[[int, int], None]

#: The largest vocabulary: ids stay below the 2^24 a tokenizer file may hold (bpe_core.formats.checks.MAX_ID).
MAX_VOCAB_SIZE = 1 << 24


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

    ``min_count``: stop when the best pair occurs fewer times. ``forbid``: regexes; a merge whose token's text
    (UTF-8, invalid bytes replaced) matches one is never made. ``resume``: a tokenizer of ours whose merges are
    replayed first, as they were made (``resume_name`` names it in messages); its special tokens are the run's
    (``special_tokens`` may repeat them, in any order). Replayed steps are recorded with the counts they have on
    this corpus; on the same corpus and settings the run is the one-go run, step for step.
    ``superword_after``: SuperBPE (:mod:`bpe_core.variants.superword`): once the vocabulary reaches this size, the
    corpus is counted again with ``superword_pattern``'s coarser pre-tokens (default: the SuperBPE authors'),
    every merge so far applied inside them, and merging goes on; :attr:`pattern_now` is then the pattern the
    tokenizer encodes with, and :attr:`superword` says how.
    ``picky``: PickyBPE's threshold tau (:mod:`bpe_core.variants.picky`): after each merge, a part whose
    intersection-over-self exceeds it is removed (its id reused by the next merge); each step's ``removed`` says
    which, :attr:`picky` holds the events, and :meth:`tokenizer` encodes with them.
    ``parity``: parity-aware BPE (:mod:`bpe_core.variants.parity`): count with :meth:`count_languages` (or
    :meth:`count_language_texts`); each merge is chosen for the language whose held-out tenth has the most tokens
    per character, and ``record.parity`` keeps every language's held-out tokens after each merge. Without it,
    :meth:`count_languages` trains on the files as one corpus.
    """

    def __init__(
        self,
        vocab_size: int,
        special_tokens: Iterable[str] | None = None,
        *,
        pattern: str = "gpt2",
        processes: int | None = None,
        top_k: int = MAX_TOP_PAIRS,
        errors: str = "strict",
        encoding: str = "utf-8",
        min_count: int = 1,
        forbid: Iterable[str] = (),
        resume=None,
        resume_name: str = "the tokenizer",
        superword_after: int | None = None,
        superword_pattern: str = SUPERBPE_STAGE2,
        picky: float | None = None,
        parity: bool = False,
    ):
        if getattr(resume, "picky", None) is not None:
            why = "it removed tokens during training (PickyBPE), which replaying its merges would not"
            raise VariantSettingError(Message.of("train.resume_not_ours", name=resume_name, why=why))
        replay = [] if resume is None else replayed_pairs(resume, resume_name)
        if resume is not None:
            special_tokens = _resumed_special_tokens(resume, special_tokens, resume_name)
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
        if len(replay) > vocab_size - minimum:
            raise VariantSettingError(
                Message.of("train.resume_too_large", name=resume_name, size=minimum + len(replay), merges=len(replay))
            )
        if not isinstance(min_count, int) or min_count < 1:
            raise VariantSettingError(Message.of("train.min_count_invalid", value=min_count))
        if superword_after is not None and not (
            isinstance(superword_after, int) and minimum <= superword_after <= vocab_size
        ):
            raise VariantSettingError(
                Message.of("train.superword_after_invalid", after=superword_after, minimum=minimum, size=vocab_size)
            )
        if picky is not None:
            picky = check_tau(picky)
            other = "--resume" if resume is not None else "--superword-after" if superword_after is not None else ""
            if other:
                raise VariantSettingError(Message.of("train.picky_with", other=other))
        if parity:
            other = (
                "--resume"
                if resume is not None
                else "--superword-after"
                if superword_after is not None
                else "--picky"
                if picky is not None
                else ""
            )
            if other:
                raise VariantSettingError(Message.of("train.parity_with", other=other))
        get_pattern(pattern)  # raises PatternError for an invalid regex
        if superword_after is not None:
            get_pattern(isolated(superword_pattern))
        if processes is not None:
            check_processes(processes)
        self.vocab_size = vocab_size
        self.pattern = pattern
        self.processes = processes or os.cpu_count() or 1
        self.top_k = top_k
        self.min_count = min_count
        self.forbid = ForbidRule(forbid)
        self._replay = replay
        self.superword: SuperwordStages | None = None  # set at the transition
        self._superword = None if superword_after is None else (superword_after - minimum, superword_pattern)
        self._corpus: tuple = ()  # how to read the corpus again (for the second stage)
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
        if min_count > 1:
            self.record.settings["min_count"] = min_count
        if self.forbid:
            self.record.settings["forbid"] = list(self.forbid.patterns)
        if replay:
            self.record.settings["resumed_merges"] = len(replay)
        if superword_after is not None:
            self.record.settings.update(superword_after=superword_after, superword_pattern=superword_pattern)
        self.picky: PickyHistory | None = None if picky is None else PickyHistory(picky)
        if picky is not None:
            self.record.settings["picky"] = picky
        self.parity = parity
        self.languages: Languages | None = None  # a parity-aware run's, once counted
        if parity:
            self.record.settings["parity"] = True
        self.merges: list[tuple[bytes, bytes]] = []
        self.stop_message: Message | None = None  # why training ended, once it has
        self.warning_message: Message | None = None  # e.g. that the pattern left characters unmatched
        self.counting_seconds = 0.0
        self._stop = threading.Event()
        self._engine: MergeEngine | None = None
        self._allowed: set[tuple[int, int]] = set()  # pairs the forbid rule was asked about and allows
        self.removed_count = 0  # tokens PickyBPE removed

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
        self._corpus = ("files", paths, workers)

    def count_files_on_ray(
        self, paths: str | os.PathLike | Iterable[str | os.PathLike], address: str | None = None, progress=None
    ) -> None:
        """:meth:`count_files` on Ray (:mod:`bpe_core.ray_counting`): on the cluster at ``address``, else on a Ray
        started here. The pieces are cut by this trainer's own reader, so the counts -- and the merges -- are the
        local ones exactly."""
        from bpe_core.ray_counting import count_on_ray

        paths = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
        info = CorpusInfo()
        started = time.perf_counter()
        pieces = self.reader.pieces_of_files(paths, info, progress)
        counts = count_on_ray(
            pieces,
            pattern=self.pattern,
            special_tokens=tuple(self.splitter.tokens),
            address=address,
            cancelled=lambda: self.cancelled,
        )
        self._use_counts(counts, info, started)
        self._corpus = ("files", paths, self.processes)

    def count_text(self, text: str, name: str = "text") -> None:
        """Count the pre-tokens of a text in memory (one process)."""
        data = text.encode("utf-8", "surrogatepass")
        info = CorpusInfo(names=[name], total_bytes=len(data), sha256=hashlib.sha256(data).hexdigest())
        self._count(self.reader.pieces_of_text(text, name=name), 1, info)
        self._corpus = ("text", text, name)

    def count_languages(self, files, progress: Progress | None = None) -> None:
        """Count one file per language (``{name: path}``): with ``parity``, each language apart, its last tenth held
        out (:func:`~bpe_core.variants.parity.held_out`); without, the files as one corpus (:meth:`count_files`)."""
        files = dict(files)
        if not self.parity:
            self.count_files(list(files.values()), progress)
            return
        texts = {}
        for name, path in files.items():
            info = CorpusInfo()
            texts[name] = "".join(self.reader.pieces_of_files([path], info))
        self.count_language_texts(texts)
        self.record.corpus_names = [os.fspath(path) for path in files.values()]

    def count_language_texts(self, texts) -> None:
        """:meth:`count_languages` for texts in memory (``{name: text}``)."""
        texts = dict(texts)
        if not self.parity:
            self.count_text("".join(texts.values()), name="+".join(texts))
            return
        if not texts:
            raise VariantSettingError(Message.of("train.parity_languages", count=0))
        if self._engine is not None:
            raise RuntimeError("this trainer has already counted a corpus; make a new one")
        started = time.perf_counter()
        engines, held, chars, sizes, digest, total = [], [], [], [], hashlib.sha256(), 0
        for name, text in texts.items():
            train, test = held_out(text, name)
            data = train.encode("utf-8", "surrogatepass")
            digest.update(data)
            total += len(data)
            counts = self._counts_of(train, name)
            if not counts.words:
                raise CorpusError(Message.of("corpus.only_special_tokens", names=name))
            engines.append(MergeEngine(_encoded(counts.words), id_limit=self.vocab_size, extra_tokens=counts.specials))
            test_counts = self._counts_of(test, name)
            held.append(
                MergeEngine(_encoded(test_counts.words), id_limit=self.vocab_size, extra_tokens=test_counts.specials)
            )
            chars.append(len(test))
            sizes.append(len(test.encode("utf-8", "surrogatepass")))
        self.languages = Languages(list(texts), engines, held, chars, sizes)
        self._engine = engines[0]
        self.counting_seconds = time.perf_counter() - started
        record = self.record
        record.corpus_names, record.corpus_bytes, record.corpus_sha256 = list(texts), total, digest.hexdigest()
        record.initial_tokens = self.languages.total_tokens
        record.unique_words = sum(int(engine.starts_sequence.sum()) - 1 for engine in engines)
        record.parity = self.languages.record()

    def _counts_of(self, text: str, name: str) -> WordCounts:
        workers = self.processes if len(text) > 2 * self.reader.piece_chars else 1
        return count_pieces(
            self.reader.pieces_of_text(text, name=name),
            pattern=self.pattern,
            special_tokens=tuple(self.splitter.tokens),
            processes=1 if self.pattern == "none" else workers,
            stop=self._stop,
        )

    def _large(self, paths) -> bool:
        """Worth starting processes: more than two pieces' worth of bytes."""
        return total_size(paths) > 2 * self.reader.piece_chars

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
        self._use_counts(counts, info, started)

    def count_counts(self, counts: WordCounts, info: CorpusInfo) -> None:
        """Train on pre-token counts made elsewhere (a counts file, a cluster: :mod:`bpe_core.counts_file`) as if
        the corpus ``info`` names had been counted here: the same merges, id for id."""
        if self._engine is not None:
            raise RuntimeError("this trainer has already counted a corpus; make a new one")
        self._use_counts(_checked(counts, ", ".join(info.names) or "the counts"), info, time.perf_counter())

    def _use_counts(self, counts: WordCounts, info: CorpusInfo, started: float) -> None:
        """Set up the merge engine on the counts."""
        names = ", ".join(info.names) or "corpus"
        if info.total_bytes == 0:
            raise CorpusError(f"{names}: the corpus is empty")
        if not counts.words and counts.unmatched_chars:
            raise CorpusError(Message.of("corpus.matched_nothing", pattern=f"'{self.pattern}'", names=names))
        if not counts.words:
            raise CorpusError(Message.of("corpus.only_special_tokens", names=names))
        sequences = _encoded(counts.words)
        self._engine = MergeEngine(sequences, id_limit=self._id_limit(), extra_tokens=counts.specials)
        self.counting_seconds = time.perf_counter() - started
        record = self.record
        record.corpus_names, record.corpus_bytes, record.corpus_sha256 = info.names, info.total_bytes, info.sha256
        record.unique_words = len(sequences)
        record.initial_tokens = self._engine.total_tokens
        record.unmatched_chars = counts.unmatched_chars
        if counts.unmatched_chars:
            self.warning_message = Message.of("train.unmatched", chars=f"{counts.unmatched_chars:,}")

    def _id_limit(self) -> int:
        """The engine's ids: one per merge; a picky run may make up to eight merges per token it keeps (a low tau
        on a small corpus removes about two of every three tokens made)."""
        if self.picky is None:
            return self.vocab_size
        return min(MAX_VOCAB_SIZE, 256 + max(1024, 8 * (self.vocab_size - 256)))

    # -- merging -------------------------------------------------------------------------------------------------
    def steps(self) -> Iterator[MergeStep]:
        """Yield one :class:`MergeStep` per merge (the replayed ones first) until the vocabulary is full, no pair is
        left, the best is rarer than ``min_count``, or cancelled."""
        engine = self._engine
        if engine is None:
            raise RuntimeError("count a corpus first (count_files or count_text)")
        if self.languages is not None:
            yield from self._parity_steps()
            return
        target_merges = self.vocab_size - 256 - len(self.splitter.tokens)
        limit = vocab_bytes_limit(self.record.corpus_bytes)
        held = sum(len(left) + len(right) for left, right in self.merges)
        while len(self.merges) - self.removed_count < target_merges:
            if self._superword is not None and len(self.merges) == self._superword[0] and self.superword is None:
                try:
                    engine = self._second_stage()
                except Cancelled:
                    self.stop_message = Message.of("train.cancelled", merges=len(self.merges))
                    break
            if self._stop.is_set():
                self.stop_message = Message.of("train.cancelled", merges=len(self.merges))
                break
            top = self._top_pairs(engine)
            if len(self.merges) < len(self._replay):
                pair = self._replay[len(self.merges)]
                count = engine.count_of(pair)
                top = [(pair, count)] + [entry for entry in top if entry[0] != pair][: self.top_k - 1]
                held += len(engine.token_bytes[pair[0]]) + len(engine.token_bytes[pair[1]])
                yield self._merge(engine, pair, count, top)
                continue
            if not top:
                code = "train.only_forbidden_left" if engine.banned else "train.no_pair_left"
                self.stop_message = Message.of(
                    code, merges=len(self.merges), reached=self.vocab_size_reached, asked=self.vocab_size
                )
                break
            (left, right), count = top[0]
            size = len(engine.token_bytes[left]) + len(engine.token_bytes[right])
            stop = self._stop_before(count, size, held, limit)
            if stop is not None:
                self.stop_message = stop
                break
            held += size
            if self.picky is not None and 256 + len(self.merges) >= engine.limit:
                self.stop_message = Message.of(
                    "train.picky_merge_limit",
                    merges=len(self.merges),
                    removed=self.removed_count,
                    reached=self.vocab_size_reached,
                    asked=self.vocab_size,
                )
                break
            yield self._merge(engine, (left, right), count, top)
        else:
            self.stop_message = Message.of("train.vocabulary_reached", size=self.vocab_size)
        self.record.stop_reason = self.stop_reason

    def _stop_before(self, count: int, size: int, held: int, limit: int) -> Message | None:
        """Why training stops before the best pair, seen ``count`` times, whose token has ``size`` bytes (the tokens
        made so far hold ``held`` bytes, at most ``limit``); None if it is merged."""
        if count < self.min_count:
            return Message.of(
                "train.min_count",
                count=count,
                minimum=self.min_count,
                merges=len(self.merges),
                reached=self.vocab_size_reached,
                asked=self.vocab_size,
            )
        if held + size > limit:
            return Message.of(
                "train.vocabulary_bytes_limit",
                limit=f"{limit:,}",
                merges=len(self.merges),
                size=f"{size:,}",
                corpus=f"{self.record.corpus_bytes:,}",
            )
        return None

    def _parity_steps(self) -> Iterator[MergeStep]:
        """:meth:`steps` of a parity-aware run: each merge is the best pair of the worst-compressed language that
        has one left."""
        languages = self.languages
        target_merges = self.vocab_size - 256 - len(self.splitter.tokens)
        limit = vocab_bytes_limit(self.record.corpus_bytes)
        held = sum(len(left) + len(right) for left, right in self.merges)
        while len(self.merges) < target_merges:
            if self._stop.is_set():
                self.stop_message = Message.of("train.cancelled", merges=len(self.merges))
                break
            chosen, top = 0, []
            for chosen in languages.worst_first():
                top = self._top_pairs(languages.engines[chosen])
                if top:
                    break
            if not top:
                code = "train.only_forbidden_left" if any(e.banned for e in languages.engines) else "train.no_pair_left"
                self.stop_message = Message.of(
                    code, merges=len(self.merges), reached=self.vocab_size_reached, asked=self.vocab_size
                )
                break
            (left, right), count = top[0]
            token_bytes = languages.engines[0].token_bytes
            size = len(token_bytes[left]) + len(token_bytes[right])
            stop = self._stop_before(count, size, held, limit)
            if stop is not None:
                self.stop_message = stop
                break
            held += size
            new_id = 256 + len(self.merges)
            languages.merge((left, right), new_id, chosen)
            self.merges.append((token_bytes[left], token_bytes[right]))
            step = MergeStep(
                rank=new_id - 256,
                new_id=new_id,
                left=left,
                right=right,
                token=token_bytes[new_id],
                count=count,
                tokens_after=languages.total_tokens,
                top_pairs=tuple((a, b, c) for (a, b), c in top),
            )
            self.record.steps.append(step)
            yield step
        else:
            self.stop_message = Message.of("train.vocabulary_reached", size=self.vocab_size)
        self.record.stop_reason = self.stop_reason

    def _second_stage(self) -> MergeEngine:
        """SuperBPE's transition: count the corpus again with the second stage's pre-tokens, replay every merge so
        far inside them, and merge on from there."""
        transition, pattern = self._superword
        coarse = isolated(pattern)
        reader = CorpusReader(
            pattern=coarse, splitter=self.splitter, errors=self.reader.errors, encoding=self.reader.encoding
        )
        reader.piece_chars = self.reader.piece_chars
        if self._corpus[0] == "files":
            pieces, workers = reader.pieces_of_files(self._corpus[1], CorpusInfo()), self._corpus[2]
        else:
            pieces, workers = reader.pieces_of_text(self._corpus[1], name=self._corpus[2]), 1
        counts = count_pieces(
            pieces,
            pattern=coarse,
            special_tokens=tuple(self.splitter.tokens),
            processes=1 if coarse == "none" else workers,
            stop=self._stop,
        )
        engine = MergeEngine(_encoded(counts.words), id_limit=self.vocab_size, extra_tokens=counts.specials)
        for step in self.record.steps:
            engine.merge(step.pair, step.new_id)
        self._engine = engine
        self.superword = SuperwordStages(self.pattern, transition, pattern)
        self.record.settings["superword_tokens_at_transition"] = engine.total_tokens
        return engine

    @property
    def pattern_now(self) -> str:
        """The pre-tokenization the tokenizer of the merges so far encodes with: the second stage's pieces once
        SuperBPE's transition is past, else :attr:`pattern`."""
        return self.pattern if self.superword is None else isolated(self.superword.pattern)

    def _top_pairs(self, engine: MergeEngine) -> list[tuple[tuple[int, int], int]]:
        """The ``top_k`` best pairs whose tokens are allowed (the forbidden ones found among them are banned)."""
        while True:
            top = engine.top_pairs(self.top_k)
            if not self.forbid:
                return top
            forbidden = [pair for pair, _ in top if pair not in self._allowed and self._forbids(engine, pair)]
            if not forbidden:
                return top
            for pair in forbidden:
                engine.ban(pair)

    def _forbids(self, engine: MergeEngine, pair: tuple[int, int]) -> bool:
        if self.forbid.forbids(engine.token_bytes[pair[0]] + engine.token_bytes[pair[1]]):
            return True
        self._allowed.add(pair)
        return False

    def _merge(self, engine: MergeEngine, pair: tuple[int, int], count: int, top: list) -> MergeStep:
        """Merge ``pair`` into the next id and record the step."""
        left, right = pair
        new_id = 256 + len(self.merges)
        merged = engine.merge(pair, new_id)
        self.merges.append((engine.token_bytes[left], engine.token_bytes[right]))
        if self.picky is not None:
            return self._picky_step(engine, pair, new_id, merged, count, top)
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
        return step

    def _picky_step(self, engine: MergeEngine, pair, created: int, merged: int, count: int, top: list) -> MergeStep:
        """PickyBPE after the merge of ``pair`` into ``created``: remove the parts whose IoS exceeds tau; the step
        is recorded with the ids shown (see :class:`~bpe_core.variants.picky.PickyHistory`)."""
        history = self.picky
        ids = history.ids
        shown = (ids[pair[0]], ids[pair[1]], tuple((ids[a], ids[b], c) for (a, b), c in top))
        history.merge(*pair)
        removed = []
        for part in dict.fromkeys(pair):
            if history.removable(engine, part, merged):
                engine.split(part, history.parts(part))
                removed.append((history.remove(part), engine.token_bytes[part]))
        self.removed_count += len(removed)
        step = MergeStep(
            rank=created - 256,
            new_id=ids[created],
            left=shown[0],
            right=shown[1],
            token=engine.token_bytes[created],
            count=count,
            tokens_after=engine.total_tokens,
            top_pairs=shown[2],
            removed=tuple(removed),
        )
        self.record.steps.append(step)
        return step

    def run(self) -> None:
        """Make all the merges (the non-streaming form of :meth:`steps`)."""
        for _ in self.steps():
            pass

    # -- results -------------------------------------------------------------------------------------------------
    @property
    def vocab_size_reached(self) -> int:
        return 256 + len(self.merges) - self.removed_count + len(self.splitter.tokens)

    @property
    def special_tokens(self) -> dict[str, int]:
        """Special token -> id; they come after the last merge (a picky run: after the largest id shown)."""
        first = 256 + len(self.merges) if self.picky is None else self.picky.next_id
        return {token: first + i for i, token in enumerate(self.splitter.tokens)}

    @property
    def vocab(self) -> dict[int, bytes]:
        """Id -> token bytes: the 256 bytes, the merges in rank order, then the special tokens (a picky run: the
        tokens kept, by the ids they were given)."""
        if self.picky is not None:
            return self.picky.vocab() | {i: token.encode("utf-8") for token, i in self.special_tokens.items()}
        return vocab_from_merges(self.merges, self.special_tokens)

    def tokenizer(self):
        """The tokenizer of the merges so far, encoding as this run trained (with its record).

        >>> trainer = BpeTrainer(258, pattern="none", picky=0.5)
        >>> trainer.count_text("abcabcabd")
        >>> trainer.run()
        >>> [(s.new_id, s.token, s.removed) for s in trainer.record.steps]  # ab is mostly inside cab: removed
        [(256, b'ab', ()), (257, b'cab', ((256, b'ab'),)), (256, b'cabd', ())]
        >>> tok = trainer.tokenizer()
        >>> tok.encode("abcabcabd"), sorted(tok.vocab.items())[256:]
        ([97, 98, 257, 256], [(256, b'cabd'), (257, b'cab')])
        """
        if self.picky is not None:
            tokenizer = PickyTokenizer(self.picky, self.special_tokens, pattern=self.pattern_now)
        else:
            tokenizer = Tokenizer(self.vocab, self.merges, self.special_tokens, pattern=self.pattern_now)
        tokenizer.record = self.record
        tokenizer.superword = self.superword
        return tokenizer


def _resumed_special_tokens(resume, given: Iterable[str] | None, name: str) -> list[str]:
    """The special tokens of a resumed run: the saved tokenizer's, in id order; ``given`` may only repeat them.

    >>> from bpe_core.tokenizer import Tokenizer
    >>> saved = Tokenizer({i: bytes([i]) for i in range(256)}, [], ["<|b|>", "<|a|>"])
    >>> _resumed_special_tokens(saved, ["<|a|>", "<|b|>"], "t.json")
    ['<|b|>', '<|a|>']
    """
    saved = sorted(resume.special_tokens, key=resume.special_tokens.get)
    if given is not None and set(given) != set(saved):
        raise VariantSettingError(
            Message.of("train.resume_special_tokens", name=name, saved=saved or "none", given=list(given) or "none")
        )
    return saved


def _checked(counts: WordCounts, names: str) -> WordCounts:
    """``counts`` made elsewhere, without the pre-tokens counted 0 times, refused (:class:`CorpusError`, naming
    ``names``) if a count or ``specials`` is not a whole number of at least 0, or if they stand for more than
    :data:`~bpe_core.counts_file.MAX_TOKENS` tokens: the merge engine's pair counts would no longer be exact.

    >>> _checked(WordCounts(Counter(ab=2, c=0), specials=1), "c.tsv").words
    Counter({'ab': 2})
    >>> _checked(WordCounts(Counter(ab=-2)), "c.tsv")
    Traceback (most recent call last):
    ...
    bpe_core.corpus.CorpusError: c.tsv: 'ab' is counted -2 times; expected a whole number of at least 0
    """
    from bpe_core.counts_file import MAX_TOKENS

    def whole(n) -> bool:
        return isinstance(n, numbers.Integral) and not isinstance(n, bool) and n >= 0

    if not whole(counts.specials):
        raise CorpusError(f"{names}: {counts.specials!r} special tokens; expected a whole number of at least 0")
    tokens, words = int(counts.specials), Counter()
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
    engine: str = "local",
    ray_address: str | None = None,
) -> tuple[dict[int, bytes], list[tuple[bytes, bytes]]]:
    """Train on one or more files; return ``(vocab, merges)`` (the CS336 assignment-1 contract).

    ``pattern`` is a name from :data:`~bpe_core.patterns.PATTERNS` or a custom regex. Only the best pair is
    looked up at each step (``top_k=1``): nobody sees the runners-up here. ``encoding`` is the files' encoding,
    one of :data:`bpe_core.corpus.ENCODINGS` ("utf-8", "utf-16", "utf-32", …). ``engine="ray"`` counts the
    pre-tokens on Ray (the cluster at ``ray_address``, else one started here; ``pip install -e ".[ray]"``): the
    same merges, id for id, as counting here.
    """
    if engine not in ("local", "ray"):
        raise ValueError(f"engine is 'local' or 'ray', not {engine!r}")
    if ray_address is not None and engine != "ray":
        raise ValueError("ray_address is for engine='ray'")
    trainer = BpeTrainer(
        vocab_size, special_tokens, pattern=pattern, processes=processes, errors=errors, encoding=encoding, top_k=1
    )
    if engine == "ray":
        trainer.count_files_on_ray(input_path, ray_address, progress)
    else:
        trainer.count_files(input_path, progress)
    trainer.run()
    return trainer.vocab, trainer.merges
