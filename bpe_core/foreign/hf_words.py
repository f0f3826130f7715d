"""A ``tokenizer.json`` set as Llama 2's is, its ids of a long text a word at a time
(:class:`~bpe_core.foreign.word_memo.WordMemo`): what the board counts it with; and its tokens of a long text with
their offsets by blocks of words (:class:`~bpe_core.foreign.block_memo.BlockMemo`): what a Compare pane shows, an
edit encoding its block again. Its pipeline does not split a text, so the ``tokenizers`` library runs BPE over the
whole text as one word (about 1.2 MB/s).

Exact where the file allows it (:func:`by_words`): a BPE model without dropout, subword prefix or suffix, or
``ignore_merges``; no pre-tokenizer and the normalizer Llama 2's (``Prepend("▁")`` then ``Replace(" ", "▁")``), or no
normalizer and a Metaspace pre-tokenizer that does not split (newer conversions of Llama and Mistral); ``▁`` a token,
and no token with a ``▁`` after another character; tokens of their own ids; an unknown character read as a token
without ``▁`` (``<unk>``) or as its bytes (every ``<0xXX>`` a token), never dropped. Then no token, so no merge,
crosses the place before a space that follows another character; the pairs on either side never compete, and neither
a run of unknown characters (fused into one ``<unk>``) nor a byte fallback reaches across it, ``▁`` being a token. So
BPE of the text is BPE of each of its words (:data:`WORD`: spaces or ``▁``, then other characters; where the file's
lines are apart too, a word also ends after a line break: :func:`word_pattern`) end to end. The first word is encoded
as a text is (its ``▁`` put before it); every other one by the file without ``Prepend`` or with a Metaspace that puts
no ``▁`` before a text (a short one: its spaces turned into ``▁``, given to the file's BPE model: what that pipeline
does to it, without its cost; :func:`words_of`); so is every block of words but the first. A text that holds an added
token's text is encoded whole (the library splits it out and normalizes either side apart).

>>> WORD.findall("A  tale\\n of two▁ cities")[:-1]
['A', '  tale\\n', ' of', ' two', '▁ cities']
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable

import numpy as np
import tokenizers

from bpe_core.foreign.block_memo import Tokens
from bpe_core.foreign.library_host import int_array
from bpe_core.foreign.word_memo import SPACE_AFTER, WORD_OR_LINE

#: A word: spaces (or ``▁``), then characters that are none of those (line breaks among them); ``findall`` ends
#: with an empty match.
WORD = re.compile(r"[ ▁]*[^ ▁]*")
#: A token that runs on past a line break (itself or its byte).
LINE_AFTER = re.compile(r"(\n|<0x0A>).", re.DOTALL)
#: Llama 2's normalizer: the one this module reads words for.
LLAMA2_NORMALIZER = {
    "type": "Sequence",
    "normalizers": [
        {"type": "Prepend", "prepend": "▁"},
        {"type": "Replace", "pattern": {"String": " "}, "content": "▁"},
    ],
}
#: The keys a Metaspace step may have (the legacy ``add_prefix_space`` among them: it only puts ``▁`` before a text).
_METASPACE_KEYS = {"type", "replacement", "prepend_scheme", "split", "add_prefix_space"}
#: A word longer than this is encoded by the file's pipeline, not by its model alone (:func:`words_of`).
LONG_WORD = 24
#: A block of words ends after a word whose hash is a multiple of this (:func:`words_from`).
BLOCK_WORDS = 64


def by_words(doc: dict) -> bool:
    """Whether the file ``doc`` (parsed) encodes a text as its words end to end (see the module)."""
    model = doc.get("model") or {}
    vocab = model.get("vocab")
    if _bare_pipeline(doc) is None or model.get("type") != "BPE" or not isinstance(vocab, dict):
        return False  # (the library guesses a model without a type)
    if len(set(vocab.values())) != len(vocab):
        return False  # (two tokens of one id merge as either)
    if model.get("dropout") or model.get("continuing_subword_prefix") or model.get("end_of_word_suffix"):
        return False
    if model.get("ignore_merges"):
        return False
    # an unknown character is a token that holds no "▁" or its bytes, never dropped (the "▁" either side of a
    # dropped one would meet)
    unknown = model.get("unk_token")
    every_byte = model.get("byte_fallback") and all(f"<0x{byte:02X}>" in vocab for byte in range(256))
    if not every_byte and not (isinstance(unknown, str) and unknown in vocab and "▁" not in unknown):
        return False
    return "▁" in vocab and not any(SPACE_AFTER.search(token) for token in vocab)


def _bare_pipeline(doc: dict) -> dict | None:
    """The steps of the file ``doc`` that put ``▁`` before a text, replaced by ones that do not, if its pipeline is
    Llama 2's (``Prepend`` then ``Replace``, no pre-tokenizer) or the newer conversions' (no normalizer, a Metaspace
    pre-tokenizer that does not split: spaces as ``▁``, one put before a text); else None."""
    pre, normalizer = doc.get("pre_tokenizer"), doc.get("normalizer")
    if normalizer == LLAMA2_NORMALIZER and pre is None:
        return {"normalizer": LLAMA2_NORMALIZER["normalizers"][1]}
    if normalizer not in (None, {"type": "Sequence", "normalizers": []}) or not isinstance(pre, dict):
        return None
    if pre.get("type") != "Metaspace" or not set(pre) <= _METASPACE_KEYS or pre.get("replacement") != "▁":
        return None
    if pre.get("split") is False and pre.get("prepend_scheme") in ("first", "always", "never"):
        return {"pre_tokenizer": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "never", "split": False}}
    return None


def bare_file(doc: dict) -> tokenizers.Tokenizer:
    """The file ``doc`` (one :func:`by_words` accepts) without the step that puts ``▁`` before a text: how it
    encodes a word that follows another."""
    bare = tokenizers.Tokenizer.from_str(json.dumps({**doc, **(_bare_pipeline(doc) or {})}))
    bare.no_truncation()
    bare.no_padding()
    return bare


def words_of(library, bare) -> Callable[[list[str]], list[list[int]]]:
    """The ids of words that follow another word (of a file that :func:`by_words` accepts, ``library`` loaded from
    it and ``bare`` its :func:`bare_file`): a short word's by the file's BPE model, its spaces turned into ``▁`` (a
    call costs half the pipeline's, a token a Python object); a long one's by the bare file, a batch in one call (a
    word of Chinese, 3 tokens a character past its vocabulary, would make one object per byte)."""
    tokenize = library.model.tokenize

    def ids(words: list[str]) -> list[list[int]]:
        long = [word for word in words if len(word) > LONG_WORD]
        encoded = bare.encode_batch_fast(long, add_special_tokens=False)
        found = {word: encoding.ids for word, encoding in zip(long, encoded)}
        return [found[word] if word in found else [t.id for t in tokenize(word.replace(" ", "▁"))] for word in words]

    return ids


def word_pattern(doc: dict) -> re.Pattern:
    """How the file ``doc`` (one :func:`by_words` accepts) cuts a text into words: ``WORD_OR_LINE`` (a word also
    ends after a line break: :data:`~bpe_core.foreign.word_memo.WORD_OR_LINE`) where its
    lines are apart too (a line break is a token, or its byte one with every byte a token, and no token runs on past
    one: then no merge crosses the place after it, and no unknown character is fused across it), else :data:`WORD`
    (a text of Chinese, without spaces, is then one word).

    >>> word_pattern({"model": {"vocab": {"\\n": 0}}}) is WORD_OR_LINE, word_pattern({"model": {"vocab": {}}}) is WORD
    (True, True)
    """
    model = doc["model"]
    vocab = model["vocab"]
    # (a byte token alone is not enough: the library puts a pending <unk> after the bytes that follow it, found by
    # a review; with every byte a token, no <unk> is ever pending)
    alone = "\n" in vocab or (model.get("byte_fallback") and all(f"<0x{byte:02X}>" in vocab for byte in range(256)))
    return WORD_OR_LINE if alone and not any(LINE_AFTER.search(token) for token in vocab) else WORD


def word_rule(doc: dict) -> re.Pattern | None:
    """The words the file ``doc`` (parsed) encodes a text by (:func:`word_pattern`), or None where its ids are not
    its words' (:func:`by_words`): decided once, where the file is loaded, and handed to the library host."""
    return word_pattern(doc) if by_words(doc) else None


def words_from(word: re.Pattern, text: str, start: int, stop: int) -> list[str]:
    """The words of ``text`` (``word``: :func:`word_pattern`'s) from ``start`` (where one begins) through the first
    that ends at or past ``stop`` (:data:`~bpe_core.foreign.block_memo.Units`): those found in ``text[:stop]``, the
    last of them, which may have been cut there, found again in the whole text (a word is found by reading its own
    characters and the one after it: one that ends before ``stop`` is the whole text's). A Compare pane's long text
    is remembered by blocks of its words (after each word whose hash is a multiple of :data:`BLOCK_WORDS`).

    >>> words_from(WORD, "one two three", 0, 5), words_from(WORD, "one two three", 3, 13), words_from(WORD, "", 0, 0)
    (['one', ' two'], [' two', ' three'], [])
    """
    words = word.findall(text, start, stop)
    words.pop()  # (the empty match at stop)
    if words and stop < len(text):
        words.append(next(word.finditer(text, stop - len(words.pop()))).group())
    return words


def encode_blocks(tokenizer, blocks: list[str], words: bool = False) -> Tokens:
    """In the library host: ``blocks`` of a text encoded apart by ``tokenizer`` (the file for the text's first
    block, its :func:`bare_file` for the others; in one batch, on the library's threads): ids, character offsets
    from each block's start, whether each token begins a word, and each block's count of tokens. Without ``words``
    none does (the file's pipeline keeps a text one word); with them (a file that cuts a text at its spaces:
    :mod:`~bpe_core.foreign.hf_spaces`), a block's first token does, and one in no word or in another word than the
    token before it (:func:`word_begins`, as a whole text's are read)."""
    encoded = tokenizer.encode_batch(blocks, add_special_tokens=False)
    counts = int_array((len(encoding.ids) for encoding in encoded), len(encoded))
    total = int(counts.sum())
    ids = int_array(itertools.chain.from_iterable(encoding.ids for encoding in encoded), total)
    pairs = itertools.chain.from_iterable(itertools.chain.from_iterable(encoding.offsets for encoding in encoded))
    offsets = np.fromiter(pairs, np.int64, 2 * total).reshape(total, 2)
    begins = np.zeros(total, bool)
    if words and total:
        found = itertools.chain.from_iterable(encoding.word_ids for encoding in encoded)
        begins = word_begins(int_array((-1 if word is None else word for word in found), total))
        begins[np.cumsum(counts)[:-1][counts[1:] > 0]] = True  # (each block's first token, where it has one)
    return ids, offsets, begins, counts


def word_begins(words: np.ndarray) -> np.ndarray:
    """Whether each token begins a word, from each one's word index ``words`` (-1: in no word, as an added token):
    the first does, one in no word, and one in another word than the token before it.

    >>> word_begins(np.array([0, 0, -1, -1, 1, 1])).tolist()
    [True, False, True, True, True, False]
    """
    begins = np.ones(len(words), bool)
    begins[1:] = (words[1:] == -1) | (words[1:] != words[:-1])
    return begins


def added_in(doc: dict):
    """A test of whether a text holds one of the file's added tokens' texts, ``▁`` and spaces alike (the library
    matches a normalized one in the text with its spaces as ``▁``): such a text is encoded whole, and the words of any
    other one never meet an added token.

    >>> holds = added_in({"added_tokens": [{"content": "<s>"}, {"content": "x y", "normalized": True}]})
    >>> holds("a <s> b"), holds("a <b>"), holds("x▁y"), holds("x  y")
    (True, False, True, False)
    """
    texts = {entry.get("content", "").replace("▁", " ") for entry in doc.get("added_tokens") or ()} - {""}
    if not texts:
        return lambda text: False
    pattern = re.compile("|".join(map(re.escape, sorted(texts, key=len, reverse=True))))
    return lambda text: pattern.search(text.replace("▁", " ")) is not None
