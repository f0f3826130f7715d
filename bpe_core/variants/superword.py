r"""SuperBPE (Liu et al. 2025, "SuperBPE: Space travel for language models"): a second stage of training whose
coarser pre-tokens let tokens span whitespace ("superwords" such as `` of the``).

Stage 1 is plain BPE up to the transition vocabulary ``T``. Stage 2 cuts the corpus again with a coarser pattern,
applies every merge made so far inside the new pre-tokens (in rank order, each left to right: what their trainer,
``do_train_extend`` in the authors' fork of HF tokenizers, alisawuffles/tokenizers-superbpe
``tokenizers/src/models/bpe/trainer.rs`` at commit 757f2a55c0820ed47064e1fe473deea39b7b611b, does), counts the
pairs again and merges on.

The stage-2 pattern is used as the authors use it, in HF's ``Split(pattern, behavior="isolated")``: each match is a
pre-token *and so is each stretch of text between matches*. :func:`isolated` writes that as one regex whose
matches are exactly those pieces, so the rest of the engine (counting, encoding) takes it as any pattern.

Encoding, as their inference does: their released tokenizers (``construct_hf_tokenizer`` in utils.py of
PythonNut/superbpe) are one HF BPE model over *all* merges behind the stage-2 ``Split`` alone, and HF BPE merges
inside a pre-token by rank (the lowest-ranked pair, leftmost first). So a trained SuperBPE tokenizer encodes with
the stage-2 pre-tokens and every merge by rank -- which is what stage 2 trained on, so encoding matches training.
(No stage-1 pre-tokenization is run at inference: stage-1 merges apply inside stage-2 pre-tokens.) Before the
transition (a vocabulary slider at ``k`` merges with ``k`` at most the transition) the stage-1 pattern applies.

>>> import regex
>>> regex.findall(isolated(SUPERBPE_STAGE2), "Hello world, again... 12345 ok")
['Hello world, again', '...', ' ', '123', '45', ' ok']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bpe_core.corpus.reader import CorpusInfo, CorpusReader
from bpe_core.messages import Message
from bpe_core.pretokenize.patterns import get_pattern, pattern_source
from bpe_core.variants.base import Run, Variant
from bpe_core.variants.setting_error import VariantSettingError

#: SuperBPE's stage-2 pre-tokenization regex, verbatim: ``regex_string`` in ``scripts/extend_tokenizer.sh`` (and
#: ``scripts/extend_existing_tokenizer.sh``) of github.com/PythonNut/superbpe at commit
#: bbd09768fc28a875cef48e6bdd66e3a17454628e. Digits stay in groups of three, runs of two or more punctuation marks
#: stand alone, and a run of spaces gives all but its last space to a piece of its own; everything else -- words
#: with the spaces between them -- is one pre-token between matches.
SUPERBPE_STAGE2 = r"\p{N}{1,3}| ?[^\s\p{L}\p{N}]{2,}[\r\n/]*| +(?!\S)"


def isolated(pattern: str) -> str:
    r"""A regex whose matches are the pieces HF's ``Split(pattern, behavior="isolated")`` cuts a text into: every
    match of ``pattern`` (a name of :data:`~bpe_core.pretokenize.patterns.PATTERNS` or a regex), and every stretch
    between two matches. ``"none"`` stays ``"none"`` (the whole text between special tokens is one pre-token).

    >>> import regex
    >>> regex.findall(isolated(r"\d+"), "ab12cd3")
    ['ab', '12', 'cd', '3']
    """
    if get_pattern(pattern) is None:
        return "none"
    source = pattern_source(pattern)
    return f"(?:{source})|(?:(?!(?:{source}))[\\s\\S])+"


@dataclass(frozen=True)
class SuperwordStages:
    """How a SuperBPE tokenizer pre-tokenizes: with ``first_pattern`` for its first ``transition`` merges, then
    with ``pattern`` (as given; its pieces are :func:`isolated`'s) -- the tokenizer's own pattern is
    ``isolated(pattern)``.

    >>> stages = SuperwordStages("gpt2", 300, SUPERBPE_STAGE2)
    >>> SuperwordStages.from_dict(stages.to_dict()) == stages, stages.pattern_at(300), stages.pattern_at(301)[:8]
    (True, 'gpt2', '(?:\\\\p{N}')
    """

    first_pattern: str
    transition: int
    pattern: str

    def pattern_at(self, merges: int) -> str:
        """The pre-tokenization of the tokenizer cut to its first ``merges`` merges."""
        return self.first_pattern if merges <= self.transition else isolated(self.pattern)

    def to_dict(self) -> dict[str, Any]:
        return {"first_pattern": self.first_pattern, "transition": self.transition, "pattern": self.pattern}

    @classmethod
    def from_dict(cls, d: Any) -> SuperwordStages:
        """Inverse of :meth:`to_dict`; raises ``ValueError`` on a malformed entry."""
        if not isinstance(d, dict):
            raise ValueError('"superword" must be a JSON object')
        first, transition, pattern = d.get("first_pattern"), d.get("transition"), d.get("pattern")
        if not (isinstance(first, str) and isinstance(pattern, str) and type(transition) is int and transition >= 0):
            raise ValueError('"superword" needs first_pattern and pattern (strings) and transition (a count)')
        return cls(first, transition, pattern)


class Superword(Variant):
    """The variant: once the vocabulary reaches ``after``, the corpus is counted again with ``pattern``'s coarser
    pre-tokens (:func:`isolated`), every merge so far is applied inside them, and merging goes on; the run's
    ``pattern_now`` is then the pattern the tokenizer encodes with, and its ``superword`` says how.
    ``minimum``: the vocabulary before any merge (the bytes and special tokens), ``size``: the one asked for.

    >>> from bpe_core.training.trainer import BpeTrainer
    >>> trainer = BpeTrainer(262, pattern="gpt2", superword_after=258)
    >>> trainer.count_text("of the of the of the")
    >>> trainer.run()
    >>> [left + right for left, right in trainer.merges], trainer.superword.transition  # 2 merges, then superwords
    ([b'th', b'the', b'of', b'of ', b'of the', b'of the '], 2)
    """

    name = "superword"
    setting = "superword_after"

    def __init__(self, after: int, pattern: str, minimum: int, size: int):
        if not (isinstance(after, int) and minimum <= after <= size):
            raise VariantSettingError(
                Message.of("train.superword_after_invalid", after=after, minimum=minimum, size=size)
            )
        get_pattern(isolated(pattern))  # raises PatternError for an invalid regex
        self.after, self.pattern, self.transition = after, pattern, after - minimum

    def start(self, run: Run) -> None:
        run.record.settings.update(superword_after=self.after, superword_pattern=self.pattern)

    def engine_now(self, run: Run, engine):
        if len(run.merges) != self.transition or run.superword is not None:
            return engine
        return self._second_stage(run)

    def _second_stage(self, run: Run):
        """Count the corpus again with the second stage's pre-tokens and replay every merge so far inside them."""
        coarse = isolated(self.pattern)
        reader = CorpusReader(
            pattern=coarse, splitter=run.splitter, errors=run.reader.errors, encoding=run.reader.encoding
        )
        reader.piece_chars = run.reader.piece_chars
        kind, source, detail = run.corpus_source
        if kind == "files":
            pieces, workers = reader.pieces_of_files(source, CorpusInfo()), detail
        else:
            pieces, workers = reader.pieces_of_text(source, name=detail), 1
        engine = run._engine_of(run._count_pieces(pieces, coarse, workers))
        for step in run.record.steps:
            engine.merge(step.pair, step.new_id)
        run.superword = SuperwordStages(run.pattern, self.transition, self.pattern)
        run.pattern_now = coarse
        run.record.settings["superword_tokens_at_transition"] = engine.total_tokens
        return engine
