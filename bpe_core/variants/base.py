"""What a training variant is: the hooks :class:`~bpe_core.training.trainer.BpeTrainer` calls, and what they see of the
run.

A variant is a :class:`Variant` that overrides the hooks it needs; every other hook does nothing. The trainer's
loop, with the hooks in brackets:

.. code-block:: text

    set up                   [start: record its settings, show what it keeps on the run]
    count the corpus         [count_languages: one engine per language (parity-aware)]
    until the vocabulary is full:
        engine               [engine_now: another engine from here on (SuperBPE's second stage)]
        best pairs           minus those a variant [vetoed] (forbid), which are banned for good
        pair to merge        [forced] (resume), else the best; stop if there is none or a variant says [stop]
                             (min-count, PickyBPE's ids), or it would outgrow the vocabulary's bytes
        merge it             [after_merge: change the step (PickyBPE removes tokens)]
    the tokenizer            [kept, tokenizer: PickyBPE's ids and encoding]

Which variants combine, and the order they are applied in: :mod:`bpe_core.variants.registry`.

>>> class NoTwins(Variant):  # a made-up variant: never merge a token with itself
...     name = "no_twins"
...     def vetoed(self, engine, top):
...         return [pair for pair, _ in top if pair[0] == pair[1]]
>>> from bpe_core.training.trainer import BpeTrainer
>>> trainer = BpeTrainer(259, pattern="none")  # classic BPE merges aa, aaa, aaab
>>> trainer.variants.append(NoTwins())
>>> trainer.count_text("aaabdaaabac")
>>> [(s.token, s.count) for s in trainer.steps()]
[(b'ab', 2), (b'aab', 2), (b'aaab', 2)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:  # names for the hooks' signatures (importing them here would make import cycles)
    from collections.abc import Iterator

    from bpe_core.corpus.counting import WordCounts
    from bpe_core.corpus.reader import CorpusReader
    from bpe_core.encoding.tokenizer import Tokenizer
    from bpe_core.messages import Message
    from bpe_core.pretokenize.specials import SpecialSplitter
    from bpe_core.training.merging import Merging
    from bpe_core.training.steps import MergeStep, TrainingRecord

Pair = tuple[int, int]
Top = list[tuple[Pair, int]]


class Kept(NamedTuple):
    """The tokens a tokenizer keeps when they are not every merge's, in rank order: id -> bytes (the 256 bytes and
    the merged tokens), and the id the special tokens start at."""

    tokens: dict[int, bytes]
    next_id: int


class Run(Protocol):
    """What a variant sees of the run: the :class:`~bpe_core.training.trainer.BpeTrainer` itself. The underscored
    methods are for its variants, not for its callers."""

    vocab_size: int
    pattern: str
    pattern_now: str  # the pattern the tokenizer encodes with (SuperBPE's second stage changes it)
    processes: int
    splitter: SpecialSplitter
    reader: CorpusReader
    record: TrainingRecord
    merges: list[tuple[bytes, bytes]]
    removed_count: int  # tokens removed during training (PickyBPE)
    id_limit: int  # the merge engine's ids (PickyBPE needs more than the vocabulary's)
    corpus_source: tuple  # how to read the corpus again: ("files", paths, workers), ("text", text, name) or ()
    # what the variants show their callers (None when not used): SuperBPE's stages, PickyBPE's history, the
    # languages of parity-aware BPE (each its variant's own type: naming them here would import the variants)
    superword: Any
    picky: Any
    languages: Any

    @property
    def vocab_size_reached(self) -> int: ...

    def _count_pieces(self, pieces: Iterator[str], pattern: str, workers: int) -> WordCounts:
        """The pre-tokens of ``pieces`` as the run counts them: its special tokens, cancellable."""

    def _engine_of(self, counts: WordCounts) -> Merging:
        """A merge engine on ``counts`` (their words are emptied as it is made)."""


class Variant:
    """A way of training beyond classic BPE. ``name`` is its key in :mod:`~bpe_core.variants.registry`; ``setting``
    is the setting that turns it on (a field of :class:`~bpe_core.training.config.TrainConfig`), which the messages
    that refuse a combination name."""

    name = ""
    setting = ""

    def start(self, run: Run) -> None:
        """Once the run is set up: record the variant's settings in ``run.record.settings``, show on the run what
        its callers read (``run.picky``...)."""

    counts_languages = False  # True: :meth:`count_languages` counts one text per language

    def count_languages(self, run: Run, texts: dict[str, str]) -> Merging:
        """Count one text per language (``{name: text}``) and fill the run's record; return the engine to merge
        on (anything with :class:`~bpe_core.training.merge_engine.MergeEngine`'s ``top_pairs``, ``ban``, ``banned``,
        ``merge``, ``token_bytes``, ``total_tokens``)."""
        raise NotImplementedError

    def engine_now(self, run: Run, engine: Merging) -> Merging:
        """The engine to merge on from now on (before each merge)."""
        return engine

    def vetoed(self, engine: Merging, top: Top) -> list[Pair]:
        """The pairs of ``top`` (the best ones, ``((left, right), count)``) never to merge: banned from the engine,
        and the best pairs asked again."""
        return []

    def forced(self, run: Run) -> Pair | None:
        """A pair to merge next whatever the counts (no stop rule applies to it), or None."""
        return None

    def stop(self, run: Run, engine: Merging, count: int) -> Message | None:
        """Why training stops before merging the best pair, seen ``count`` times; None: it is merged."""
        return None

    def after_merge(self, run: Run, engine: Merging, step: MergeStep, merged: int) -> MergeStep:
        """The step to record for the merge just made (``merged``: the occurrences it replaced)."""
        return step

    def kept(self, run: Run) -> Kept | None:
        """The tokens the tokenizer keeps, if not every merge's in rank order."""
        return None

    def tokenizer(self, run: Run, special_tokens: dict[str, int]) -> Tokenizer | None:
        """The tokenizer of the merges so far, if it is not plain BPE's (the trainer adds the record)."""
        return None
