"""A Hugging Face ``tokenizer.json`` encoded by the ``tokenizers`` library itself: the whole pipeline (normalizers,
pre-tokenizers, BPE options, added tokens) and every model type it reads (BPE, Unigram, WordPiece, WordLevel).

Whatever the library accepts is supported, and what it refuses is reported with its own message and the file's
name; nothing is refused by this module. Encoding is raw: the post-processor's BOS/EOS are not added
(``add_special_tokens=False``), and a truncation or padding setting in the file is switched off.

The bytes a token stands for: byte-level vocabularies (a ``ByteLevel`` pre-tokenizer or decoder) spell bytes with
GPT-2's characters; otherwise ``▁`` (or a Metaspace step's own replacement) stands for a space, ``<0xE4>`` (byte
fallback) for a byte, and a WordPiece ``##`` prefix or a BPE end-of-word suffix is dropped.

>>> import json
>>> doc = {"model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": ["a b"]},
...        "pre_tokenizer": {"type": "Whitespace"}}
>>> tok = HuggingFaceTokenizer("t.json", json.dumps(doc), doc)
>>> tok.encode("ab ba"), tok.merges
([2, 1, 0], [(b'a', b'b')])
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import string
from typing import Any

import numpy as np
import tokenizers

from bpe_core.file_errors import TokenizerFileError
from bpe_core.foreign import hf_words, word_memo
from bpe_core.foreign.base import IDS_CALL, ForeignTokenizer
from bpe_core.foreign.block_memo import BlockMemo
from bpe_core.foreign.hf_spaces import SPACED, by_spaces
from bpe_core.foreign.hf_words import (
    added_in,
    bare_file,
    encode_blocks,
    word_begins,
    word_rule,
    words_from,
    words_of,
)
from bpe_core.foreign.library_host import LibraryEncoder, LibraryError, int_array, pair_array
from bpe_core.foreign.locality import local_pattern
from bpe_core.foreign.span_arrays import distinct_sorted
from bpe_core.foreign.spans import byte_piece
from bpe_core.gpt2_bytes import gpt2_to_bytes, gpt2_to_bytes_many
from bpe_core.messages import Message, shown_char


class HuggingFaceTokenizer(ForeignTokenizer):
    """``text`` is the file's JSON text and ``doc`` the same parsed; ``path`` names it in errors."""

    family = "huggingface"

    def __init__(self, path: str, text: str, doc: dict):
        try:
            library = tokenizers.Tokenizer.from_str(text)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as exc:  # noqa: BLE001 - plain Exceptions with the library's message, or a Rust panic
            # (pyo3's PanicException, a BaseException: a Precompiled normalizer's damaged charsmap panics)
            raise TokenizerFileError.of(path, "file.huggingface_unreadable", detail=_one_line(exc)) from None
        library.no_truncation()
        library.no_padding()
        self._library = library
        model = doc["model"]  # the library has checked the document's shape
        self._file_ids = _check_one_token_per_id(path, model, doc.get("added_tokens") or ())
        added = {entry["content"]: entry["id"] for entry in doc.get("added_tokens") or ()}
        specials = {entry["content"]: entry["id"] for entry in doc.get("added_tokens") or () if entry.get("special")}
        super().__init__(path, model.get("type") or _model_type(model), library.get_vocab_size(True), specials)
        self._added = {token_id: content.encode("utf-8") for content, token_id in added.items()}
        self._byte_level = bool(_find(doc, "ByteLevel"))
        self._byte_fallback = bool(model.get("byte_fallback"))
        self._prefix = model.get("continuing_subword_prefix") or ""
        self._suffix = model.get("end_of_word_suffix") or ""
        self._raw_merges = model.get("merges") if self.model == "BPE" else None
        self._space = _find(doc, "Metaspace").get("replacement") or "▁"
        #: The named pattern the pipeline cuts with when it is local (bpe_core.foreign.locality), else None; and
        #: the added tokens' texts, split out before it.
        self.local_pattern = local_pattern(doc)
        self.added_texts = list(added)
        self._regexes = file_regexes(doc)
        # a long text's ids and tokens by its words (hf_words), where the file allows it: the words' pattern, else None;
        # or its tokens by blocks of words cut before spaces, where the file cuts there (hf_spaces)
        words = word_rule(doc)
        words_source = words.pattern if words else None
        spaced = words is None and by_spaces(doc)
        self._host = LibraryEncoder(path, __name__, "library_calls", (text, self._regexes, words_source, spaced))
        self._host_calls = frozenset([IDS_CALL])
        units = words or (SPACED if spaced else None)
        self._blocks = (  # (BLOCK_WORDS read at each text)
            BlockMemo(functools.partial(words_from, units), lambda: hf_words.BLOCK_WORDS, self._ask_blocks)
            if units
            else None
        )
        # (made only where the blocks are: a file of thousands of added tokens would compile them at each load)
        self._holds_added = added_in(doc) if units else lambda text: True
        self.warning = _drops_unknown(path, model) if not (self._byte_level or self._byte_fallback) else None

    def _ask_blocks(self, blocks: list[str], at_start: bool):
        """The tokens of ``blocks`` of a text's words, encoded apart in the library host."""
        return self._host.call(BLOCKS_CALLS[at_start], blocks, sum(map(len, blocks)))

    def _encode_offsets(self, text: str):
        if self._blocks is not None and len(text) >= word_memo.WORDS_LEAST and not self._holds_added(text):
            ids, offsets, firsts = self._blocks.encode(text)
            return ids, lambda: offsets, lambda starts: distinct_sorted(starts[firsts])
        ids, offsets, words = self._hosted(text)
        return ids, lambda: offsets, functools.partial(word_starts, words)

    def _explained(self, error: LibraryError, text: str) -> LibraryError:
        """An Oniguruma panic said by the file's regex that ran away (asked of the host, each regex alone), or by
        the file's regexes if none runs away alone; any other panic as the base class says it."""
        if "Onig: Regex search error" not in error.detail or not self._regexes:
            return super()._explained(error, text)
        try:
            found = self._host.call("runaway", text)
        except LibraryError:
            found = None
        if found is None:
            listed = ", ".join(repr(pattern) for _, pattern in self._regexes)
            return LibraryError(self.name, "runaway_regex", detail=listed, chars=error.chars)
        step, pattern = self._regexes[found]
        return LibraryError(self.name, "runaway_regex", detail=repr(pattern), chars=error.chars, step=step)

    def _decode_text(self, ids: list[int], data: bytes) -> str:
        """Through the file's decoder, in the library (a Metaspace's leading space dropped, byte fallback joined)."""
        return self._host.call("decode", ids)

    def token_ids(self) -> list[int]:
        """The ids of the file's vocabulary and added tokens: they may have gaps (``vocab_size`` counts tokens)."""
        return list(self._token_ids)

    @functools.cached_property
    def _token_ids(self) -> tuple[int, ...]:
        # Read from the file where its vocabulary is a dict or a list; else asked of the library, once: get_vocab
        # holds the GIL while it builds its dict (0.2 s for 200,000 tokens, a stall of the window even from a
        # thread).
        if self._file_ids is not None:
            return self._file_ids
        return tuple(sorted(set(self._library.get_vocab(with_added_tokens=True).values())))

    def _bytes_of(self, token_id: int) -> bytes:
        if token_id in self._added:
            return self._added[token_id]
        piece = self._library.id_to_token(token_id)
        if piece is None:
            raise KeyError(token_id)
        return self._piece_bytes(piece)

    def _bytes_of_many(self, ids: list[int]) -> dict[int, bytes]:
        """A byte-level vocabulary's pieces spelled all at once (:func:`gpt2_to_bytes_many`); added tokens and pieces
        that are not byte-level spelling are left to :meth:`_bytes_of`."""
        if not self._byte_level:
            return {}
        ids = [i for i in ids if i not in self._added]
        to_token = self._library.id_to_token
        pieces = [to_token(i) for i in ids]  # not map(): a loop in C holds the GIL throughout (a stall of the window)
        spelled = gpt2_to_bytes_many([piece or "" for piece in pieces])  # None: a hole in the ids
        return {i: token for i, piece, token in zip(ids, pieces, spelled) if piece is not None and token is not None}

    def _piece_bytes(self, piece: str) -> bytes:
        if self._byte_level:
            try:
                return gpt2_to_bytes(piece)
            except ValueError:  # not byte-level spelling (an added token kept in the vocab, say)
                return piece.encode("utf-8")
        if self._byte_fallback and (byte := byte_piece(piece)) is not None:
            return byte
        if self._prefix and piece.startswith(self._prefix) and len(piece) > len(self._prefix):
            piece = piece[len(self._prefix) :]
        if self._suffix and piece.endswith(self._suffix) and len(piece) > len(self._suffix):
            piece = piece[: -len(self._suffix)]
        return piece.replace(self._space, " ").encode("utf-8")

    def _derive_merges(self) -> list[tuple[bytes, bytes]] | None:
        if self._raw_merges is None:
            return None
        merges = []
        for entry in self._raw_merges:
            left, right = entry.split(" ", 1) if isinstance(entry, str) else entry
            merges.append((self._piece_bytes(left), self._piece_bytes(right)))
        return merges


#: The host's calls that encode blocks of a text's words apart (:func:`~bpe_core.foreign.hf_words.encode_blocks`),
#: by whether the first of them begins the text.
BLOCKS_CALLS = {True: "blocks at start", False: "blocks"}


def library_calls(text: str, regexes: list[tuple[str, str]], words: str | None = None, spaced: bool = False) -> dict:
    """In the library host (:mod:`bpe_core.foreign.library_host`): the file's JSON ``text`` as its calls:
    ``encode`` (a text to its ids, character offsets and word indices, -1 for none: arrays) and ``decode`` (ids to
    text, through the file's decoder), as the library does them, ``runaway`` (which of the file's ``regexes``,
    from :func:`file_regexes`, panics alone on a text), ``IDS_CALL`` (a text's ids alone, an array: a long
    text's a word at a time where the file allows it, :mod:`~bpe_core.foreign.hf_words`) and :data:`BLOCKS_CALLS`
    (blocks of a text's words, each apart, for a file that allows it). ``words``: the pattern of the file's words
    (:func:`~bpe_core.foreign.hf_words.word_rule`, decided where it was loaded), None for a file encoded whole;
    ``spaced``: the file's blocks are cut before spaces (:func:`~bpe_core.foreign.hf_spaces.by_spaces`), each
    encoded by the file itself, its words kept."""
    library = tokenizers.Tokenizer.from_str(text)
    library.no_truncation()
    library.no_padding()
    if words is not None or spaced:
        _start_threads(library)
    doc = functools.cache(lambda: json.loads(text))  # (read only for a file encoded by words)
    bare = functools.cache(lambda: bare_file(doc()))
    holds_added = functools.cache(lambda: added_in(doc()))

    def ids_of(piece: str) -> list[int]:
        return library.encode(piece, add_special_tokens=False).ids

    @functools.cache
    def memo() -> word_memo.WordMemo | None:  # (made at the first long text)
        return word_memo.WordMemo(re.compile(words), ids_of, words_of(library, bare())) if words is not None else None

    def encode(text: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        encoding = library.encode(text, add_special_tokens=False)
        ids, words = encoding.ids, encoding.word_ids  # (each a new list, made once)
        words_or_none = (-1 if word is None else word for word in words)
        return int_array(ids, len(ids)), pair_array(encoding.offsets), int_array(words_or_none, len(words))

    def runaway(text: str) -> int | None:
        """The index in ``regexes`` of the first that panics alone on ``text`` (a pre-tokenizer's on the text as
        the file normalizes it), or None."""
        normalized = _normalized(library, text)
        for index, (step, pattern) in enumerate(regexes):
            if _panics(step, pattern, text if step == "normalizer" else normalized):
                return index
        return None

    return {
        "encode": encode,
        "decode": lambda ids: library.decode(ids, skip_special_tokens=False),
        "runaway": runaway,
        IDS_CALL: word_memo.ids_call(memo, ids_of, lambda piece: holds_added()(piece)),
        BLOCKS_CALLS[True]: lambda blocks: encode_blocks(library, blocks, spaced),
        BLOCKS_CALLS[False]: lambda blocks: encode_blocks(library if spaced else bare(), blocks, spaced),
    }


def _start_threads(library: tokenizers.Tokenizer) -> None:
    """The library's threads started now, outside a call's memory limit: a batch call (the blocks, the board's long
    words) starts them at its first use, and under the limit a machine of 64 cores or more could not (a panic at
    every long text; found by a review). A file that cannot encode "a" (a WordLevel model without it or an unknown
    token) says so at the call that meets it, as before."""
    try:
        library.encode_batch(["a", "b"], add_special_tokens=False)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - the library's errors, and pyo3's PanicException (a BaseException)
        pass


def word_starts(words: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Where the words of a text begin (sorted, each once), from each token's word index ``words`` (-1: in no word,
    as an added token) and first character ``starts``: a token begins a word if it is the first, in no word, or in
    another word than the token before it.

    >>> word_starts(np.array([0, 0, -1, -1, 1, 1]), np.array([0, 1, 2, 3, 3, 5])).tolist()
    [0, 2, 3]
    """
    return distinct_sorted(starts[word_begins(words)])


def file_regexes(doc: dict) -> list[tuple[str, str]]:
    """The regexes of a tokenizer.json's normalizer (``Replace`` steps) and pre-tokenizer (``Split`` steps), in the
    order the library runs them, each with its step's name.

    >>> split = {"type": "Split", "pattern": {"Regex": "a+"}, "behavior": "Isolated", "invert": False}
    >>> replace = {"type": "Replace", "pattern": {"Regex": "b"}, "content": "c"}
    >>> file_regexes({"normalizer": replace, "pre_tokenizer": {"type": "Sequence", "pretokenizers": [split]}})
    [('normalizer', 'b'), ('pre_tokenizer', 'a+')]
    """
    found: list[tuple[str, str]] = []
    for step, kind in (("normalizer", "Replace"), ("pre_tokenizer", "Split")):
        found += [(step, pattern) for pattern in _regexes_in(doc.get(step), kind, 0)]
    return found


def _regexes_in(node: Any, kind: str, depth: int) -> list[str]:
    if depth > 8 or not isinstance(node, dict):
        return []
    pattern = node.get("pattern")
    if node.get("type") == kind and isinstance(pattern, dict) and isinstance(pattern.get("Regex"), str):
        return [pattern["Regex"]]
    steps = node.get("normalizers") or node.get("pretokenizers")
    steps = steps if isinstance(steps, list) else []
    return [regex for step in steps for regex in _regexes_in(step, kind, depth + 1)]


def _normalized(library: tokenizers.Tokenizer, text: str) -> str:
    """``text`` through the file's normalizer (``text`` itself if it has none, or if it fails)."""
    try:
        return library.normalizer.normalize_str(text) if library.normalizer is not None else text
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - a panic: the normalizer's own regex is the one that ran away
        return text


def _panics(step: str, pattern: str, text: str) -> bool:
    """Whether ``pattern`` alone, as the library runs it in ``step``, panics on ``text``."""
    try:
        regex = tokenizers.Regex(pattern)
        if step == "normalizer":
            tokenizers.normalizers.Replace(regex, "").normalize_str(text)
        else:
            tokenizers.pre_tokenizers.Split(regex, "isolated").pre_tokenize_str(text)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - pyo3's PanicException is a BaseException
        return True
    return False


def _drops_unknown(path: str, model: dict) -> Message | None:
    """The warning for a BPE vocabulary without an unknown token (the file is neither byte-level nor byte
    fallback): its library drops the characters it has no token for. None for other files.

    >>> print(_drops_unknown("t.json", {"type": "BPE", "vocab": {"a": 0, "b": 1}, "merges": []}))
    ... # doctest: +NORMALIZE_WHITESPACE
    t.json: its vocabulary has no token for some characters (such as 'c' (U+0063)) and the file has no unknown
    token, no byte fallback and no byte-level step: its library drops such characters from the text silently
    """
    vocab = model.get("vocab")
    if model.get("type", "BPE") != "BPE" or model.get("unk_token") or not isinstance(vocab, dict):
        return None
    prefix, suffix = model.get("continuing_subword_prefix") or "", model.get("end_of_word_suffix") or ""
    ascii = string.ascii_letters + string.digits + string.punctuation
    candidates = itertools.chain(ascii, map(chr, range(0xA1, 0x110000)))
    for char in itertools.islice(candidates, 3 * len(vocab) + 1):  # a token spells at most 3 of them
        if not {char, prefix + char, char + suffix} & vocab.keys():
            return Message.of("library.drops_unknown", path=path, example=shown_char(char))
    return None


def _check_one_token_per_id(path: str, model: dict, added_tokens) -> tuple[int, ...] | None:
    """Refuse a vocabulary that gives one id to two different tokens: the library keeps one of them for decoding,
    so a text with the other would decode as different text (``ab`` as ``aa``). Return the ids of the vocabulary
    and the added tokens, ascending (``None`` for a vocabulary that is neither a dict nor a Unigram list).

    >>> _check_one_token_per_id("t.json", {"vocab": {"a": 0, "c": 2}}, [{"content": "<s>", "id": 5}])
    (0, 2, 5)
    >>> _check_one_token_per_id("t.json", {"vocab": {"a": 0, "b": 0, "c": 1}}, [])
    Traceback (most recent call last):
    ...
    bpe_core.file_errors.TokenizerFileError: t.json: id 0 is given to several tokens ('a', 'b'): text holding ...
    """
    vocab = model.get("vocab")
    pairs = list(vocab.items()) if isinstance(vocab, dict) else []
    pairs += [(entry.get("content"), entry.get("id")) for entry in added_tokens if isinstance(entry, dict)]
    holders: dict = {}
    for token, token_id in pairs:
        holders.setdefault(token_id, set()).add(token)
    clash = next((token_id for token_id, tokens in holders.items() if len(tokens) > 1), None)
    if clash is not None:
        shown = ", ".join(repr(token) for token in sorted(holders[clash], key=str)[:4])
        raise TokenizerFileError(
            path, f"id {clash} is given to several tokens ({shown}): text holding one of them would decode as the other"
        )
    if isinstance(vocab, list):  # Unigram: a piece's id is its place
        holders.update(dict.fromkeys(range(len(vocab))))
    elif not isinstance(vocab, dict):
        return None
    return tuple(sorted(holders))


def _find(doc: dict, component: str) -> dict:
    """The first ``component`` step of the pre-tokenizer or the decoder (or of a Sequence of them), or ``{}``."""
    return next(filter(None, (_step(doc.get(key), component, 0) for key in ("pre_tokenizer", "decoder"))), {})


def _step(node: Any, component: str, depth: int) -> dict | None:
    if depth > 8 or not isinstance(node, dict):
        return None
    if node.get("type") == component:
        return node
    steps = node.get("pretokenizers") or node.get("decoders")
    found = (_step(step, component, depth + 1) for step in steps) if isinstance(steps, list) else ()
    return next(filter(None, found), None)


def _model_type(model: dict) -> str:
    """Older files leave out the model's type; the library tells them apart by their fields."""
    if "merges" in model:
        return "BPE"
    return "Unigram" if isinstance(model.get("vocab"), list) else "WordPiece"


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:300]
