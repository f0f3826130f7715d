"""Our tokenizer while it is still being trained: built from the merge steps that have arrived so far.

The steps are the engine's records (:class:`bpe_core.MergeStep`); this only puts their bytes into the
``Tokenizer`` contract (ids 0-255 the bytes, then each merge's new id; the pairs in rank order).

>>> from bpe_core.training.steps import MergeStep
>>> steps = [MergeStep(0, 256, 108, 111, b"lo", 3, 9, ()), MergeStep(1, 257, 256, 119, b"low", 2, 7, ())]
>>> tok = tokenizer_from_steps(steps, {"<|endoftext|>": 258}, "gpt2")
>>> tok.encode("low lo<|endoftext|>")
[257, 32, 256, 258]
>>> tokenizer_from_steps(steps[:1], {}, "gpt2").encode("low")
[256, 119]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.training.merged_vocab import merge_pairs, vocab_from_merges
from bpe_core.training.steps import MergeStep


def tokenizer_from_steps(steps: Sequence[MergeStep], special_tokens: Mapping[str, int], pattern: str) -> Tokenizer:
    """The tokenizer made by ``steps`` (in rank order), with the run's special tokens and pattern."""
    merges = merge_pairs((step.left, step.right) for step in steps)
    return Tokenizer(vocab_from_merges(merges), merges, dict(special_tokens), pattern=pattern)
