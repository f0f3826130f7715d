"""Mistral's Tekken tokenizer file (``tekken.json``): a tiktoken-style vocabulary with its pattern and special
tokens, read as plain data the way Mistral's ``mistral_common`` reads it.

Layout::

    {"config": {"pattern": "...", "num_vocab_tokens": 150000, "default_vocab_size": 131072,
                "default_num_special_tokens": 1000, "version": "v3"},
     "vocab": [{"rank": 0, "token_bytes": "AA==", "token_str": "\\u0000"}, ...],   # base64 bytes, rank = index
     "special_tokens": [{"rank": 0, "token_str": "<unk>", "is_control": true}, ...]}

The first ``default_num_special_tokens`` ids are special (those listed, then ``<SPECIAL_n>`` fillers); ordinary
token ``r`` of the vocabulary, cut to ``default_vocab_size - default_num_special_tokens`` entries, has id
``r + default_num_special_tokens``.

>>> import base64
>>> doc = {"config": {"pattern": r"\\w+|\\s+", "default_vocab_size": 259, "default_num_special_tokens": 2},
...        "vocab": [{"rank": i, "token_bytes": base64.b64encode(bytes([i])).decode(), "token_str": None}
...                  for i in range(256)] + [{"rank": 256, "token_bytes": "YWI=", "token_str": "ab"}],
...        "special_tokens": [{"rank": 0, "token_str": "<unk>", "is_control": True}]}
>>> data = read_tekken("tekken.json", doc)
>>> data.shift, data.special_tokens, data.ranks[b"ab"]
(2, {'<unk>': 0, '<SPECIAL_1>': 1}, 256)
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any

from bpe_core.file_errors import TokenizerFileError
from bpe_core.formats.checks import MAX_ID


@dataclass(frozen=True)
class TekkenData:
    """What a Tekken file says: ``ranks`` (bytes -> rank), ``pattern`` (a regex), ``special_tokens`` (text -> id)
    and ``shift``, the number of reserved special ids before the first ordinary token."""

    ranks: dict[bytes, int]
    pattern: str
    special_tokens: dict[str, int]
    shift: int


def is_tekken(doc: Any) -> bool:
    """Whether a parsed JSON document looks like a Tekken file (a config and a list vocabulary)."""
    return isinstance(doc, dict) and isinstance(doc.get("config"), dict) and isinstance(doc.get("vocab"), list)


def read_tekken(path, doc: dict) -> TekkenData:
    """The :class:`TekkenData` of a parsed ``tekken.json``; any problem raises :class:`TokenizerFileError`."""
    try:
        return _read(doc)
    except (ValueError, TypeError, KeyError, binascii.Error) as exc:
        raise TokenizerFileError(path, f"not a valid Tekken file: {exc}") from None


def _read(doc: dict) -> TekkenData:
    config = doc["config"]
    pattern = _typed(config, "pattern", str)
    reserved = _typed(config, "default_num_special_tokens", int)
    size = _typed(config, "default_vocab_size", int)
    vocab, specials_raw = doc["vocab"], doc.get("special_tokens") or []
    if not isinstance(specials_raw, list):
        raise ValueError('"special_tokens" must be a list')
    if not 0 <= reserved <= size <= MAX_ID:
        raise ValueError(f"default_num_special_tokens {reserved} and default_vocab_size {size} do not fit")
    if len(vocab) < size - reserved:
        raise ValueError(f"the vocabulary holds {len(vocab)} tokens, fewer than the {size - reserved} it should")
    ranks: dict[bytes, int] = {}
    for index, entry in enumerate(vocab[: size - reserved]):
        if not isinstance(entry, dict) or entry.get("rank") != index:
            raise ValueError(f"vocab entry {index} must be an object with rank {index}")
        token = base64.b64decode(_typed(entry, "token_bytes", str), validate=True)
        if (index < 256 and token != bytes([index])) or not token or token in ranks:
            raise ValueError(f"vocab entry {index}: token bytes {token!r:.40} are wrong or repeated")
        ranks[token] = index
    specials: dict[str, int] = {}
    for index, entry in enumerate(specials_raw):
        if not isinstance(entry, dict) or entry.get("rank") != index or index >= reserved:
            raise ValueError(f"special token {index} must be an object with rank {index}, below {reserved}")
        specials[_typed(entry, "token_str", str)] = index
    for index in range(len(specials), reserved):  # mistral_common's fillers for the unlisted reserved ids
        specials[f"<SPECIAL_{index}>"] = index
    return TekkenData(ranks, pattern, specials, reserved)


def _typed(entry: dict, key: str, kind: type):
    value = entry.get(key)
    if type(value) is not kind:
        raise ValueError(f'"{key}" must be a {kind.__name__}, got {value!r:.40}')
    return value
