"""The one interface every tokenizer BPE Explorer shows implements: ours at any step
(:class:`bpe_core.encoding.tokenizer.Tokenizer`), OpenAI's shipped encodings and every published model's adapter
(:class:`bpe_core.foreign.ForeignTokenizer`). Views, panes, analyses and lessons take a :class:`ShownTokenizer`
and never ask which kind they hold.

How a tooltip or a table names a token's place in its vocabulary is data (:class:`TokenRank`), worded by whoever
shows it.

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> gpt2 = Tokenizer.from_tiktoken("gpt2")
>>> isinstance(gpt2, ShownTokenizer), gpt2.rank(995), gpt2.rank(50256).kind
(True, TokenRank(kind='rank', value=995), 'special')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from bpe_core.encoding.token_spans import TokenView
from bpe_core.pretokenize.text_splitter import TextSplitter

#: What a :class:`TokenRank` says: a special token; a single byte no merge makes; a rank (tiktoken's rule:
#: ``value`` is the rank among the multi-byte tokens); the rank of the merge that makes it (``value``, 0-based);
#: a piece no merge makes (``value`` None); a SentencePiece score (``value``); a model without merges.
RankKind = Literal["special", "byte", "rank", "merge", "unmade", "score", "no_merges"]


@dataclass(frozen=True)
class TokenRank:
    """Where a token stands in its vocabulary (see :data:`RankKind`)."""

    kind: RankKind
    value: Any = None


@runtime_checkable
class ShownTokenizer(Protocol):
    """A tokenizer as BPE Explorer shows it.

    ``family`` is ``"ours"`` (our engine, which can trace each merge) or the library that encodes it
    (``"tiktoken"``, ``"tekken"``, ``"huggingface"``, ``"sentencepiece"``); ``model`` the model type (``"BPE"``,
    ``"Unigram"``...); ``merge_rule`` ``"ranks"`` when the multi-byte tokens in id order are the merges in rank
    order (tiktoken), else ``"pairs"``; ``merges`` the merges in rank order, or None for a model without merges;
    ``pretokenizer`` the regex pre-tokenizer where the tokenizer has one of ours (None when its library
    pre-tokenizes); ``record`` the training record of a run of ours (else None).
    """

    name: str
    family: str
    model: str
    merge_rule: str
    special_tokens: dict[str, int]
    record: Any

    @property
    def vocab_size(self) -> int: ...

    @property
    def merges(self) -> list[tuple[bytes, bytes]] | None: ...

    @property
    def pretokenizer(self) -> TextSplitter | None: ...

    def encode(self, text: str) -> list[int]: ...

    def decode(self, ids: Iterable[int]) -> str: ...

    def decode_bytes(self, ids: Iterable[int]) -> bytes: ...

    def token_bytes(self, token_id: int) -> bytes: ...

    def token_ids(self) -> list[int]:
        """Every id of the vocabulary, ascending."""

    def tokens(self) -> dict[int, bytes]:
        """Every id of the vocabulary -> its bytes, ids ascending: ``token_bytes`` of each ``token_ids()``, read at
        once where the tokenizer can (a whole vocabulary for a table or a tree)."""

    def view(self, text: str) -> TokenView:
        """The tokens of ``text`` with their spans, and where its pre-tokens begin."""

    def view_at(self, text: str, k: int) -> TokenView:
        """The view of ``text`` with only the first ``k`` merges (a model without merges raises ``TypeError``)."""

    def token_id(self, token: bytes) -> int | None:
        """The id of the ordinary token whose bytes are ``token``, or None."""

    def merge_rank(self, token: bytes) -> int | None:
        """The rank of the merge that makes ``token``, or None."""

    def rank(self, token_id: int) -> TokenRank:
        """Where token ``token_id`` stands in the vocabulary."""
