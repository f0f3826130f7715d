"""Where panes cut the text, compared: the token boundaries of a pane against those of a reference pane.

Boundaries are byte offsets in the UTF-8 text strictly between two tokens, so tokens that hold part of a
character compare exactly. The agreement score is the share of all boundaries (of either pane) that both make.

>>> c = compare_cuts({3, 5, 9}, {3, 9, 12})
>>> sorted(c.extra), sorted(c.missing), round(c.agreement, 2)
([5], [12], 0.5)
>>> compare_cuts(set(), set()).agreement
1.0
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from bpe_core.encoding.token_spans import TokenView


@dataclass(frozen=True)
class CutComparison:
    """``extra``: cuts this pane makes that the reference does not; ``missing``: the reference's cuts this pane
    does not make; ``agreement``: shared cuts / all cuts (1.0 when neither pane cuts at all)."""

    extra: frozenset[int]
    missing: frozenset[int]
    agreement: float


def cut_offsets(view: TokenView) -> set[int]:
    """Byte offsets between consecutive tokens of ``view``."""
    return {token.byte_end for token in view.tokens[:-1]}


def compare_cuts(cuts: set[int], reference: set[int]) -> CutComparison:
    union = cuts | reference
    shared = len(cuts & reference)
    return CutComparison(
        frozenset(cuts - reference), frozenset(reference - cuts), shared / len(union) if union else 1.0
    )


def chunk_of_tokens(view: TokenView) -> list[int]:
    """For each token, the index of the pre-token chunk it lies in (``view.chunks``: sorted character offsets
    where chunks begin). Tokens never cross a chunk boundary, since BPE merges only inside a pre-token.

    >>> from bpe_core.encoding.tokenizer import Tokenizer
    >>> chunk_of_tokens(Tokenizer.from_tiktoken("gpt2").view("hello world"))
    [0, 1]
    """
    return [bisect.bisect_right(view.chunks, token.start) - 1 for token in view.tokens]
