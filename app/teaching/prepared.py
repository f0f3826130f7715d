"""A tokenizer made ready for the Teach window's views, in a thread: the slow part of choosing one (o200k_base's
merges are derived from its 200,000 ranks in about two seconds), run while the views wait.
"""

from __future__ import annotations

from dataclasses import dataclass

from bpe_core.encoding.protocol import ShownTokenizer
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.teaching.merge_tree import MergeTrees


@dataclass
class Prepared:
    """A tokenizer ready for the views: its merges derived, its merge trees built (``trees`` is None for a model
    without merges)."""

    tokenizer: ShownTokenizer
    trees: MergeTrees | None


def prepare(tokenizer: ShownTokenizer | str) -> Prepared:
    """Make ``tokenizer`` (or the reference encoding of that name, loaded here) ready for the views; the slow part
    of choosing a tokenizer, run in a thread.

    >>> ready = prepare("gpt2")
    >>> len(ready.tokenizer.merges), ready.trees.tree(ready.tokenizer.encode(" hello")[0]).token
    (50000, b' hello')
    """
    if isinstance(tokenizer, str):
        tokenizer = Tokenizer.from_tiktoken(tokenizer)
    if tokenizer.merges is None:  # derives the merges of a rank table
        return Prepared(tokenizer, None)
    tokenizer.view_at("", 0)  # builds what cutting to the first merges needs here, not at the first slide
    tokenizer.merge_rank(b"")  # and the table a tree's ranks are looked up in (a published model's: 150,000 merges)
    return Prepared(tokenizer, MergeTrees(tokenizer))
