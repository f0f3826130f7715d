"""Training a byte-level BPE tokenizer: count pre-tokens, then merge the best pair again and again.

:class:`BpeTrainer` streams one :class:`~bpe_core.training.steps.MergeStep` per merge, for a GUI to show as it happens;
:func:`train_bpe` is the one-call form with the contract of Stanford CS336 assignment 1.

Ids: 0-255 are the bytes, merge ``r`` creates id ``256 + r``, special tokens come last. Ties between pairs of
equal count go to the lexicographically greatest pair ``(left bytes, right bytes)``.

>>> trainer = BpeTrainer(259, pattern="none")
>>> trainer.count_text("aaabdaaabac")
>>> [(s.token, s.count, s.tokens_after) for s in trainer.steps()]
[(b'aa', 4, 9), (b'aaa', 2, 7), (b'aaab', 2, 5)]

Variants (:mod:`bpe_core.variants`) are parts whose hooks the loop calls (:mod:`bpe_core.variants.base`), e.g.
``min_count`` stops when the best pair is rarer and ``forbid`` regexes name tokens never made:

>>> trainer = BpeTrainer(259, pattern="none", forbid=["aaa"], min_count=2)
>>> trainer.count_text("aaabdaaabac")
>>> [(s.token, s.count) for s in trainer.steps()], trainer.stop_message.code
([(b'aa', 4), (b'ab', 2)], 'train.min_count')
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from bpe_core.cancelled import Cancelled
from bpe_core.corpus.counting import WordCounts, count_pieces
from bpe_core.corpus.reader import CorpusReader
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.messages import Message
from bpe_core.pretokenize.patterns import get_pattern
from bpe_core.pretokenize.specials import SpecialSplitter
from bpe_core.spawning import check_processes, max_processes  # noqa: F401 - also imported from here
from bpe_core.training.merged_vocab import vocab_from_merges
from bpe_core.training.steps import MAX_TOP_PAIRS, MergeStep, TrainingRecord
from bpe_core.training.trainer_counting import MAX_VOCAB_BYTES, CorpusCounting, Progress, vocab_bytes_limit  # noqa: F401 - too
from bpe_core.variants.base import Top
from bpe_core.variants.registry import variants_of
from bpe_core.variants.resume import Resume
from bpe_core.variants.superword import SUPERBPE_STAGE2, SuperwordStages

if TYPE_CHECKING:
    from bpe_core.variants.parity_aware import Languages
    from bpe_core.variants.picky import PickyHistory

#: The largest vocabulary: ids stay below the 2^24 a tokenizer file may hold (bpe_core.formats.checks.MAX_ID).
MAX_VOCAB_SIZE = 1 << 24


def minimum_vocab_size(special_tokens: Iterable[str] | None = None) -> int:
    """The smallest vocabulary: the 256 bytes plus the special tokens.

    >>> minimum_vocab_size(["<|endoftext|>"])
    257
    """
    return 256 + len(list(special_tokens or []))


class BpeTrainer(CorpusCounting):
    """One training run: :meth:`count_files` (or :meth:`count_text`), then iterate :meth:`steps`.

    :meth:`cancel` may be called from any thread: counting raises :class:`~bpe_core.cancelled.Cancelled`,
    ``steps()`` ends after the current merge and keeps the merges made so far.

    The arguments after ``encoding`` are the variants' (their modules in :mod:`bpe_core.variants` say what each
    does; ``resume_name`` names ``resume`` in messages). What they show: :attr:`pattern_now` and :attr:`superword`
    (SuperBPE), :attr:`picky` and :attr:`removed_count` (PickyBPE), :attr:`languages` (parity-aware BPE, counted
    with :meth:`count_languages`, which otherwise trains on the files as one corpus).
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
        resumed = None if resume is None else Resume(resume, resume_name)
        self.splitter = SpecialSplitter(special_tokens if resumed is None else resumed.special_tokens(special_tokens))
        minimum = minimum_vocab_size(self.splitter.tokens)
        _check_vocab_size(vocab_size, minimum)
        self.variants = variants_of(
            vocab_size,
            minimum,
            min_count=min_count,
            forbid=forbid,
            resumed=resumed,
            superword_after=superword_after,
            superword_pattern=superword_pattern,
            picky=picky,
            parity=parity,
        )
        get_pattern(pattern)  # raises PatternError for an invalid regex
        if processes is not None:
            check_processes(processes)
        self.vocab_size, self.min_count, self.parity = vocab_size, min_count, parity
        self.pattern = self.pattern_now = pattern
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
        self.removed_count = 0  # tokens removed during training (PickyBPE)
        self.id_limit = vocab_size  # the merge engine's ids (PickyBPE asks for more, at most MAX_VOCAB_SIZE)
        self.corpus_source: tuple = ()  # how to read the corpus again (SuperBPE's second stage)
        # what the variants show, when used
        self.superword: SuperwordStages | None = None
        self.picky: PickyHistory | None = None
        self.languages: Languages | None = None
        self._stop = threading.Event()
        self._engine = None  # a MergeEngine once counted, or what a variant merges on instead
        for variant in self.variants:
            variant.start(self)
        self.id_limit = min(self.id_limit, MAX_VOCAB_SIZE)

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

    # -- counting (the rest: bpe_core.training.trainer_counting) -------------------------------------------------------
    def _count_pieces(self, pieces: Iterator[str], pattern: str, workers: int) -> WordCounts:
        """The pre-tokens of ``pieces`` cut by ``pattern``, counted in ``workers`` processes (one with ``"none"``,
        where a piece is one pre-token: a worker would only ship the whole text there and back); cancellable."""
        return count_pieces(
            pieces,
            pattern=pattern,
            special_tokens=tuple(self.splitter.tokens),
            processes=1 if pattern == "none" else workers,
            stop=self._stop,
        )

    # -- merging -------------------------------------------------------------------------------------------------
    def steps(self) -> Iterator[MergeStep]:
        """Yield one :class:`MergeStep` per merge (a variant's forced ones first) until the vocabulary is full, no
        pair is left, a stop rule says so, or cancelled."""
        if self._engine is None:
            raise RuntimeError("count a corpus first (count_files or count_text)")
        target_merges = self.vocab_size - 256 - len(self.splitter.tokens)
        limit = vocab_bytes_limit(self.record.corpus_bytes)
        held = sum(len(left) + len(right) for left, right in self.merges)
        while len(self.merges) - self.removed_count < target_merges:
            chosen = self._next_merge(held, limit)
            if isinstance(chosen, Message):
                self.stop_message = chosen
                break
            engine, (left, right), count, top = chosen
            held += len(engine.token_bytes[left]) + len(engine.token_bytes[right])
            yield self._merge(engine, (left, right), count, top)
        else:
            self.stop_message = Message.of("train.vocabulary_reached", size=self.vocab_size)
        self.record.stop_reason = self.stop_reason

    def _next_merge(self, held: int, limit: int):
        """``(engine, pair, count, top)``: the next merge and the best pairs beside it; or the :class:`Message` that
        says why training stops (the tokens made so far hold ``held`` bytes, at most ``limit``)."""
        engine = self._engine
        assert engine is not None, "steps() counts first"
        try:
            for variant in self.variants:
                engine = self._engine = variant.engine_now(self, engine)
        except Cancelled:
            return Message.of("train.cancelled", merges=len(self.merges))
        if self._stop.is_set():
            return Message.of("train.cancelled", merges=len(self.merges))
        top = self._top_pairs(engine)
        forced = next((pair for variant in self.variants if (pair := variant.forced(self)) is not None), None)
        if forced is not None:
            count = engine.count_of(forced)
            return engine, forced, count, [(forced, count)] + [e for e in top if e[0] != forced][: self.top_k - 1]
        if not top:
            code = "train.only_forbidden_left" if engine.banned else "train.no_pair_left"
            return Message.of(code, merges=len(self.merges), reached=self.vocab_size_reached, asked=self.vocab_size)
        (left, right), count = top[0]
        for variant in self.variants:
            stop = variant.stop(self, engine, count)
            if stop is not None:
                return stop
        size = len(engine.token_bytes[left]) + len(engine.token_bytes[right])
        if held + size > limit:
            return Message.of(
                "train.vocabulary_bytes_limit",
                limit=f"{limit:,}",
                merges=len(self.merges),
                size=f"{size:,}",
                corpus=f"{self.record.corpus_bytes:,}",
            )
        return engine, (left, right), count, top

    def _top_pairs(self, engine) -> Top:
        """The ``top_k`` best pairs that no variant vetoes (those it vetoes are banned, and the best asked again)."""
        while True:
            top = engine.top_pairs(self.top_k)
            vetoed = [pair for variant in self.variants for pair in variant.vetoed(engine, top)]
            if not vetoed:
                return top
            for pair in vetoed:
                engine.ban(pair)

    def _merge(self, engine, pair: tuple[int, int], count: int, top: Top) -> MergeStep:
        """Merge ``pair`` into the next id and record the step (as the variants make it)."""
        left, right = pair
        new_id = 256 + len(self.merges)
        merged = engine.merge(pair, new_id)
        self.merges.append((engine.token_bytes[left], engine.token_bytes[right]))
        step = MergeStep(
            rank=new_id - 256,
            new_id=new_id,
            left=left,
            right=right,
            token=engine.token_bytes[new_id],
            count=count,
            tokens_after=engine.total_tokens,
            top_pairs=tuple([(a, b, c) for (a, b), c in top]),
        )
        for variant in self.variants:
            step = variant.after_merge(self, engine, step, merged)
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

    def _kept(self):
        """The tokens a variant keeps instead of every merge's (PickyBPE's), or None."""
        return next((kept for variant in self.variants if (kept := variant.kept(self)) is not None), None)

    @property
    def special_tokens(self) -> dict[str, int]:
        """Special token -> id; they come after the last merge (a picky run: after the largest id shown)."""
        kept = self._kept()
        first = 256 + len(self.merges) if kept is None else kept.next_id
        return {token: first + i for i, token in enumerate(self.splitter.tokens)}

    @property
    def vocab(self) -> dict[int, bytes]:
        """Id -> token bytes: the 256 bytes, the merges in rank order, then the special tokens (a picky run: the
        tokens kept, by the ids they were given)."""
        kept = self._kept()
        if kept is None:
            return vocab_from_merges(self.merges, self.special_tokens)
        return kept.tokens | {i: token.encode("utf-8") for token, i in self.special_tokens.items()}

    def tokenizer(self):
        """The tokenizer of the merges so far, encoding as this run trained (with its record)."""
        specials = self.special_tokens
        made = (variant.tokenizer(self, specials) for variant in self.variants)
        tokenizer = next((tokenizer for tokenizer in made if tokenizer is not None), None)
        if tokenizer is None:
            tokenizer = Tokenizer(self.vocab, self.merges, specials, pattern=self.pattern_now)
        tokenizer.record = self.record
        tokenizer.superword = self.superword
        return tokenizer


def _check_vocab_size(vocab_size, minimum: int) -> None:
    """Refuse a vocabulary smaller than ``minimum`` (the bytes and special tokens) or larger than a file holds."""
    if not isinstance(vocab_size, int) or vocab_size < minimum:
        raise ValueError(
            f"vocab_size {vocab_size} is too small: the minimum is {minimum} "
            f"(256 bytes + {minimum - 256} special tokens)"
        )
    if vocab_size > MAX_VOCAB_SIZE:
        raise ValueError(
            f"vocab_size {vocab_size:,} is too large: the maximum is {MAX_VOCAB_SIZE:,} (the largest id a "
            "tokenizer file holds); real vocabularies have 30,000 to 300,000 tokens"
        )


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

    ``pattern`` is a name from :data:`~bpe_core.pretokenize.patterns.PATTERNS` or a custom regex. Only the best pair is
    looked up at each step (``top_k=1``): nobody sees the runners-up here. ``encoding`` is the files' encoding,
    one of :data:`bpe_core.corpus.reader.ENCODINGS` ("utf-8", "utf-16", "utf-32", …). ``engine="ray"`` counts the
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
