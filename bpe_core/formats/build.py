"""Turn checked file contents into a :class:`~bpe_core.encoding.tokenizer.Tokenizer`, keeping every id as the file has
it.

Every reader ends here, so a problem the tokenizer itself finds is still reported with the file's name.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from bpe_core.file_errors import TokenizerFileError


def build_tokenizer(
    path: str | os.PathLike,
    vocab: Mapping[int, bytes],
    merges: Sequence[tuple[bytes, bytes]],
    special_tokens: Mapping[str, int] | list[str],
    pattern: str,
    record=None,
    *,
    merge_rule: str = "pairs",
):
    """A Tokenizer whose ids are exactly those of ``vocab`` and ``special_tokens`` (str -> id; or a list, to keep
    the ids the tokens have in ``vocab`` and append the others).

    ``merge_rule`` is the tokenizer's: ``"pairs"`` (the merge list's order) or ``"ranks"`` (tiktoken's rule).
    """
    from bpe_core.encoding.tokenizer import Tokenizer  # local: the tokenizer module imports this package lazily too

    try:
        tokenizer = Tokenizer(vocab, merges, special_tokens, pattern=pattern, merge_rule=merge_rule)
    except ValueError as exc:  # PatternError, a merge the vocab cannot make, a missing byte, an id clash
        raise TokenizerFileError(path, str(exc)) from None
    tokenizer.record = record
    return tokenizer
