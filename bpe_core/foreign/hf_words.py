"""A ``tokenizer.json`` set as Llama 2's is, its ids of a long text a word at a time
(:class:`~bpe_core.foreign.word_memo.WordMemo`): what the board counts it with. Its pipeline does not split a text, so
the ``tokenizers`` library runs BPE over the whole text as one word (about 1.2 MB/s).

Exact where the file allows it (:func:`by_words`): a BPE model without dropout, subword prefix or suffix, or
``ignore_merges``; no pre-tokenizer and the normalizer Llama 2's (``Prepend("▁")`` then ``Replace(" ", "▁")``), or no
normalizer and a Metaspace pre-tokenizer that does not split (newer conversions of Llama and Mistral); ``▁`` a token,
and no token with a ``▁`` after another character; tokens of their own ids; an unknown character read as a token
without ``▁`` (``<unk>``) or as its bytes (every ``<0xXX>`` a token), never dropped. Then no token, so no merge,
crosses the place before a space that follows another character; the pairs on either side never compete, and neither
a run of unknown characters (fused into one ``<unk>``) nor a byte fallback reaches across it, ``▁`` being a token. So
BPE of the text is BPE of each of its words (:data:`WORD`: spaces or ``▁``, then other characters) end to end. The
first word is encoded as a text is (its ``▁`` put before it); every other one by the file without ``Prepend`` or with
a Metaspace that puts no ``▁`` before a text (a short one: its spaces turned into ``▁``, given to the file's BPE
model: what that pipeline does to it, without its cost; :func:`words_of`). A text that holds an added token's text is
encoded whole (the library splits it out and normalizes either side apart).

>>> WORD.findall("A  tale\\n of two▁ cities")[:-1]
['A', '  tale\\n', ' of', ' two', '▁ cities']
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import tokenizers

from bpe_core.foreign.word_memo import SPACE_AFTER

#: A word: spaces (or ``▁``), then characters that are none of those (line breaks among them); ``findall`` ends
#: with an empty match.
WORD = re.compile(r"[ ▁]*[^ ▁]*")
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


def by_words(doc: dict) -> bool:
    """Whether the file ``doc`` (parsed) encodes a text as its words end to end (see the module)."""
    model = doc.get("model") or {}
    vocab = model.get("vocab")
    if model.get("type") != "BPE" or not isinstance(vocab, dict) or len(set(vocab.values())) != len(vocab):
        return False  # (the library guesses a model without a type; two tokens of one id merge as either)
    if model.get("dropout") or model.get("continuing_subword_prefix") or model.get("end_of_word_suffix"):
        return False
    if model.get("ignore_merges") or _bare_pipeline(doc) is None:
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


def words_of(library, doc: dict) -> Callable[[list[str]], list[list[int]]]:
    """The ids of words that follow another word (of a file ``doc`` that :func:`by_words` accepts, ``library``
    loaded from it): a short word's by the file's BPE model, its spaces turned into ``▁`` (a call costs half the
    pipeline's, a token a Python object); a long one's by the file without ``Prepend``, a batch in one call (a word
    of Chinese, 3 tokens a character past its vocabulary, would make one object per byte)."""
    tokenize = library.model.tokenize
    bare = tokenizers.Tokenizer.from_str(json.dumps({**doc, **(_bare_pipeline(doc) or {})}))
    bare.no_truncation()
    bare.no_padding()

    def ids(words: list[str]) -> list[list[int]]:
        long = [word for word in words if len(word) > LONG_WORD]
        encoded = bare.encode_batch_fast(long, add_special_tokens=False)
        found = {word: encoding.ids for word, encoding in zip(long, encoded)}
        return [found[word] if word in found else [t.id for t in tokenize(word.replace(" ", "▁"))] for word in words]

    return ids


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
