"""What every foreign tokenizer offers, whichever library encodes it: ids, the bytes each token stands for, byte
spans in the text, pre-token chunks and, for BPE models, merges.

A subclass supplies :meth:`ForeignTokenizer._encode_offsets` (ids, each token's character span in the text and
which tokens begin a pre-token) and :meth:`ForeignTokenizer._bytes_of` (what a token id stands for); the rest is
here. Every adapter is a :class:`~bpe_core.encoding.protocol.ShownTokenizer`, as our own tokenizer is, so callers need
not care which they hold.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from bpe_core.encoding.protocol import TokenRank
from bpe_core.encoding.token_columns import IntColumn
from bpe_core.encoding.token_lookup import UnknownTokenError
from bpe_core.encoding.token_spans import TokenView
from bpe_core.foreign.first_merges import FirstMerges
from bpe_core.foreign.library_host import LibraryEncoder, LibraryError
from bpe_core.foreign.span_arrays import view_columns
from bpe_core.foreign.spans import byte_spans
from bpe_core.messages import Message, shown_char
from bpe_core.pretokenize.text_splitter import TextSplitter, fix_surrogates

#: What :meth:`ForeignTokenizer._encode_offsets` gives: ids, offsets(), chunks(starts).
Encoded = tuple[list[int] | np.ndarray, Callable[[], Sequence], Callable[[np.ndarray], Sequence[int]]]

#: The library host's call that gives a text's ids alone (no offsets: half the work for sentencepiece).
IDS_CALL = "ids"


class ForeignTokenizer:
    """A published model's tokenizer, encoded by its own library (see the subclasses).

    ``family`` names the library and format (``huggingface``, ``sentencepiece``, ``tiktoken``, ``tekken``),
    ``model`` the model type (``BPE``, ``Unigram``, ``WordPiece``...), ``special_tokens`` maps each special token's
    text to its id.
    """

    family = ""
    merge_rule = "pairs"
    record = None
    pretokenizer: TextSplitter | None = None  # the library pre-tokenizes; tiktoken's tables use one of ours
    warning: Message | None = None  # what the file makes its library do silently, said once when it is loaded
    #: Which path encodes it and why (`bpe encode -v`, the Compare pane's tooltip); None: its library, as its family
    encoded_by: Message | None = None
    _host: LibraryEncoder  # a subclass whose library runs in the host process sets it (see _hosted)
    _host_calls: frozenset[str] = frozenset()  # the host's calls besides encode and decode, such as IDS_CALL

    def __init__(self, name: str, model: str, vocab_size: int, special_tokens: dict[str, int]):
        self.name, self.model, self.vocab_size = name, model, vocab_size
        self.special_tokens = dict(special_tokens)
        self._special_ids = frozenset(self.special_tokens.values())
        self._bytes_cache: dict[int, bytes] = {}

    # ----- what subclasses provide -----

    def _encode_offsets(self, text: str) -> Encoded:
        """``(ids, offsets, chunks)`` for ``text`` (free of lone surrogates): ids as a list or an int array,
        ``offsets()`` each token's character span (pairs, or an ``(n, 2)`` array; called only if the tokens' bytes
        are not the text's), ``chunks(starts)`` the sorted character offsets where pre-tokens begin, given each
        token's first character (an array)."""
        raise NotImplementedError

    def _bytes_of(self, token_id: int) -> bytes:
        """The bytes token ``token_id`` stands for; raise ``KeyError`` for an id outside the vocabulary."""
        raise NotImplementedError

    def _derive_merges(self) -> list[tuple[bytes, bytes]] | None:
        """The model's merges in rank order, or None for a model without merges."""
        return None

    def _bytes_of_many(self, ids: list[int]) -> dict[int, bytes]:
        """The bytes of those of ``ids`` that the model can spell all at once (here none: each is read alone)."""
        return {}

    def token_ids(self) -> list[int]:
        """Every id the vocabulary holds, ascending (``range(vocab_size)`` unless the ids have gaps)."""
        return sorted(set(range(self.vocab_size)) | self._special_ids)

    def _hosted(self, text: str):
        """What the library host's ``encode`` gives for ``text``; a panic of the library explained where it can be
        (:meth:`_explained`)."""
        try:
            return self._host(text)
        except LibraryError as error:
            if error.reason != "panic":
                raise
            raise self._explained(error, text) from None

    def _explained(self, error: LibraryError, text: str) -> LibraryError:
        """A panic of the library on ``text`` said by its cause: a character no token stands for (a rank table
        without every byte panics with "no entry found for key"), else ``error`` as it is."""
        if "no entry found for key" in error.detail and (found := self._first_without_token(text)) is not None:
            at, char = found
            return LibraryError(self.name, "no_token", detail=shown_char(char), chars=error.chars, at=at)
        return error

    def _first_without_token(self, text: str) -> tuple[int, str] | None:
        """The first character of ``text`` (its offset and itself) that is no token and whose bytes are not all
        tokens, or None."""
        tokens = self.ids_by_bytes
        for at, char in enumerate(text):
            data = char.encode("utf-8", "surrogatepass")
            if data not in tokens and any(bytes([byte]) not in tokens for byte in data):
                return at, char
        return None

    # ----- the shared interface -----

    def encode(self, text: str) -> list[int]:
        """The model's ids for ``text``: raw, with no BOS/EOS or template tokens added."""
        return _id_list(self._encode_offsets(fix_surrogates(text))[0])

    def encode_ids(self, text: str) -> list[int] | np.ndarray:
        """:meth:`encode`'s ids alone (a list, or an array of int64 from a library's call), through the library's
        cheaper call without offsets where it has one (:data:`IDS_CALL`): what counting a corpus's tokens needs."""
        if not hasattr(self, "_host") or IDS_CALL not in self._host_calls:
            return self.encode(text)
        text = fix_surrogates(text)
        try:
            return self._host.call(IDS_CALL, text)
        except LibraryError as error:
            if error.reason != "panic":
                raise
            raise self._explained(error, text) from None

    def token_bytes(self, token_id: int) -> bytes:
        """The bytes a token stands for (``Ġ``, ``▁`` and ``<0xE4>`` spelled as the bytes they mean)."""
        data = self._bytes_cache.get(token_id)
        if data is None:
            try:
                if type(token_id) is not int or token_id < 0:
                    raise KeyError(token_id)
                data = self._bytes_cache[token_id] = self._bytes_of(token_id)
            except KeyError:
                raise UnknownTokenError(f"token id {token_id!r} is not in the vocabulary of {self.name}") from None
        return data

    def _tokens_of(self, ids: list[int]) -> list[bytes]:
        """Each id's bytes (the cache looked up inline: this runs once per token of a text)."""
        cached = self._bytes_cache.get
        return [cached(i) or self.token_bytes(i) for i in ids]

    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        """The bytes of the tokens ``ids``, concatenated."""
        return b"".join(map(self.token_bytes, ids))

    def decode(self, ids: Iterable[int]) -> str:
        """The text of ``ids``, as the model's library decodes it (see :meth:`_decode_text`); an unknown id
        raises ``UnknownTokenError``."""
        ids = list(ids)
        return self._decode_text(ids, self.decode_bytes(ids))

    def _decode_text(self, ids: list[int], data: bytes) -> str:
        """The text of ``ids`` whose bytes are ``data``: here the bytes as UTF-8, an invalid sequence as U+FFFD;
        a library with a decoder of its own (SentencePiece, a tokenizer.json's) overrides this."""
        return data.decode("utf-8", errors="replace")

    def encode_spans(self, text: str) -> tuple[list[int], list[int], list[int]]:
        """Ids, and each token's byte start and byte end in ``text``'s UTF-8 bytes (``text[start:end]`` in bytes is
        what the token covers; its own bytes are :meth:`token_bytes`)."""
        text = fix_surrogates(text)
        found, offsets, _ = self._encode_offsets(text)
        ids = _id_list(found)
        return (ids, *self._spans(text, ids, offsets))

    def _spans(self, text: str, ids: list[int], offsets) -> tuple[list[int], list[int]]:
        return byte_spans(text, self._tokens_of(ids), offsets)

    def view(self, text: str) -> TokenView:
        """The tokens of ``text`` with their spans, and where its pre-tokens begin (as the library cut them): as
        columns (:mod:`bpe_core.foreign.span_arrays`), no record made until one is read."""
        text = fix_surrogates(text)
        ids, offsets, chunks = self._encode_offsets(text)
        tokens = view_columns(text, ids, offsets, self.token_bytes, self._special_ids)
        return TokenView(text, tokens, IntColumn(np.asarray(chunks(tokens.start), np.int64)))

    def view_at(self, text: str, k: int) -> TokenView:
        """The view of ``text`` with only the first ``k`` merges (see :class:`FirstMerges`; with every merge, the
        library's own encoding); a model without merges raises ``TypeError``."""
        if self.merges is not None and k >= len(self.merges):
            return self.view(text)
        return self._first_merges.view(text, k)

    @functools.cached_property
    def _first_merges(self) -> FirstMerges:
        return FirstMerges(self)

    @functools.cached_property
    def merges(self) -> list[tuple[bytes, bytes]] | None:
        """The merges (pairs of token bytes) in rank order; None for Unigram, WordPiece... Built on first use."""
        return self._derive_merges()

    @functools.cached_property
    def _merge_ranks(self) -> dict[bytes, int]:
        ranks: dict[bytes, int] = {}
        for rank, (left, right) in enumerate(self.merges or ()):
            ranks.setdefault(left + right, rank)
        return ranks

    def merge_rank(self, token: bytes) -> int | None:
        """The rank of the merge that makes ``token``, or None."""
        return self._merge_ranks.get(token)

    def token_id(self, token: bytes) -> int | None:
        """The id of the ordinary token whose bytes are ``token``, or None."""
        return self.ids_by_bytes.get(token)

    def tokens(self) -> dict[int, bytes]:
        """Every id -> its bytes, ids ascending (those the model can spell at once, at once)."""
        self._read_all_bytes()
        return {token_id: self.token_bytes(token_id) for token_id in self.token_ids()}

    def _read_all_bytes(self) -> None:
        self._bytes_cache.update(self._bytes_of_many([i for i in self.token_ids() if i not in self._bytes_cache]))

    @functools.cached_property
    def ids_by_bytes(self) -> dict[bytes, int]:
        """Each ordinary token's bytes -> its id; a piece is preferred to its byte-fallback twin (``▁`` to
        ``<0x20>``). Built on first use."""
        self._read_all_bytes()
        ids: dict[bytes, int] = {}
        for token_id in self.token_ids():
            if token_id in self._special_ids:
                continue
            try:
                token = self.token_bytes(token_id)
            except UnknownTokenError:
                continue  # a hole in the ids (an added token's place)
            if token not in ids or self._in_byte_table(ids[token]):
                ids[token] = token_id
        return ids

    def _in_byte_table(self, token_id: int) -> bool:
        """Whether ``token_id`` is in a table of the 256 bytes in order (byte-fallback pieces ``<0x00>``...)."""
        token = self.token_bytes(token_id)
        if len(token) != 1:
            return False
        first, last = token_id - token[0], token_id - token[0] + 255
        try:
            return self.token_bytes(first) == b"\x00" and self.token_bytes(last) == b"\xff"
        except UnknownTokenError:
            return False

    def rank(self, token_id: int) -> TokenRank:
        """Where ``token_id`` stands: a special token, a model without merges, a single byte, or the rank of the
        merge that makes it (subclasses with ranks or scores say those instead)."""
        if token_id in self._special_ids:
            return TokenRank("special")
        if self.merges is None:
            return TokenRank("no_merges", self.model)
        data = self.token_bytes(token_id)
        if len(data) == 1:
            return TokenRank("byte")
        merge = self.merge_rank(data)
        return TokenRank("unmade") if merge is None else TokenRank("merge", merge)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}: {self.model}, {self.vocab_size} tokens>"


def _id_list(ids: list[int] | np.ndarray) -> list[int]:
    """Ids as a list (an array's as Python ints).

    >>> _id_list(np.array([3, 1])), _id_list([2])
    ([3, 1], [2])
    """
    return ids.tolist() if isinstance(ids, np.ndarray) else ids


#: The library that encodes each family of foreign tokenizer (ours: our engine).
LIBRARIES = {
    "huggingface": "tokenizers",
    "sentencepiece": "sentencepiece",
    "tiktoken": "tiktoken",
    "tekken": "tiktoken",
}


def encoding_path(tokenizer) -> Message:
    """Which path encodes ``tokenizer`` (any :class:`~bpe_core.encoding.protocol.ShownTokenizer`), and why where there
    is a choice: a tokenizer.json says whether our engine reproduces its pipeline (``encoded_by``).

    Our own tokenizers say how their text is pre-tokenized, compiled or by the ``regex`` module (slower):

    >>> from bpe_core.encoding.tokenizer import Tokenizer
    >>> print(encoding_path(Tokenizer.from_tiktoken("gpt2")))
    gpt2: encoded by our engine; it pre-tokenizes with our compiled gpt2 scanner
    """
    said = getattr(tokenizer, "encoded_by", None)
    if said is not None:
        return said
    library = LIBRARIES.get(tokenizer.family)
    if library is not None:
        return Message.of("encode.by_library", path=tokenizer.name, library=library)
    if getattr(tokenizer, "pattern", "none") == "none" or not hasattr(tokenizer, "compiled_scanner"):
        return Message.of("encode.by_ours", path=tokenizer.name)
    if tokenizer.compiled_scanner is not None:
        return Message.of("hf_engine.ours_compiled", path=tokenizer.name, pattern=tokenizer.compiled_scanner)
    return Message.of("encode.ours_regex", path=tokenizer.name)
