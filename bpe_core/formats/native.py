"""BPE Explorer's own file: one versioned JSON document with everything a tokenizer and its charts need.

Layout (version 1)::

    {"format": "bpe-explorer", "version": 1,
     "pattern": "gpt2",                       # a pattern name (see bpe_core.pretokenize.patterns) or a custom regex
     "merge_rule": "pairs",                   # "pairs" (trained) or "ranks" (tiktoken's rule), see Tokenizer
     "special_tokens": {"<|endoftext|>": 300}, # the text of each special token -> its id
     "vocab": [[0, "Ā"], [1, "ā"], ...],      # [id, token] for every other token, ids ascending
     "merges": ["Ġ t", "h e", ...],           # in rank order, the two tokens separated by one space
     "record": {...} or null,                 # the training record: corpus, settings, every merge step
     "superword": {...}}                      # only for SuperBPE runs (optional; see below)

Token bytes are spelled with GPT-2's byte-to-unicode characters (:mod:`bpe_core.gpt2_bytes`): one character per
byte, never a space, so merges read like GPT-2's ``merges.txt``. The writer puts one vocab entry, merge or step per
line, so files diff well. The record is ``TrainingRecord.to_dict()`` with its steps packed in compressed
columns (see :mod:`bpe_core.formats.record_codec`), so 50,000 steps with their top pairs take a few MB.
A SuperBPE tokenizer (:mod:`bpe_core.variants.superword`) has ``"pattern"`` set to the second stage's pieces,
so any reader of version 1 encodes it as trained; ``"superword"`` adds ``{"first_pattern": "gpt2",
"transition": 244, "pattern": "<stage-2 regex as given>"}`` (the first ``transition`` merges were made with
``first_pattern``), read back as the tokenizer's ``superword`` attribute. Files without it read as before.
A PickyBPE tokenizer (:mod:`bpe_core.variants.picky`) adds ``"picky": {"tau": 0.9, "pairs": [[97, 98], ...],
"removals": [[rank, id], ...]}``: each merge's two tokens and each removal (after merge ``rank``) in creation ids
(merge ``k`` creates ``256 + k``); ``"merges"`` lists every merge made, ``"vocab"`` the tokens kept, and both are
checked against the events when read. A reader that ignores ``"picky"`` would encode it wrongly, so it is
read back as a :class:`~bpe_core.variants.picky.PickyTokenizer`.

Reading checks everything (types, id ranges and order, merges the vocab can make, the record against the
merges) and raises :class:`TokenizerFileError` naming the file and the problem; nothing in
the file is ever executed. The record's steps are checked and unpacked when first used (a tokenizer read to encode
never inflates them; see :class:`~bpe_core.formats.record_codec.StoredRecord`).

>>> import tempfile, os
>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> tok = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ab"}, [(b"a", b"b")], ["<|end|>"])
>>> path = os.path.join(tempfile.mkdtemp(), "tok.json")
>>> save_json(tok, path)
>>> load_json(path).encode("abab<|end|>")
[256, 256, 257]
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

from bpe_core.file_errors import HuggingFaceFileError, TokenizerFileError
from bpe_core.formats.build import build_tokenizer
from bpe_core.formats.checks import check_id
from bpe_core.formats.files import read_regular_file, write_text_atomically
from bpe_core.formats.record_codec import pack_record, read_stored_record
from bpe_core.gpt2_bytes import bytes_to_gpt2, gpt2_to_bytes, merge_of
from bpe_core.render.token_label import merge_number
from bpe_core.variants.picky import PickyHistory, PickyTokenizer
from bpe_core.variants.superword import SuperwordStages

FORMAT_NAME = "bpe-explorer"
FORMAT_VERSION = 1


def save_json(tokenizer, path: str | os.PathLike) -> None:
    """Write ``tokenizer`` (with its training record, if any) to ``path``, atomically: a failed write leaves any
    existing file untouched and raises :class:`~bpe_core.file_errors.TokenizerWriteError` naming ``path``."""
    write_text_atomically(path, json_text(tokenizer))


def json_text(tokenizer) -> str:
    """The text :func:`save_json` writes for ``tokenizer`` (ASCII-safe: lone surrogates escaped)."""
    specials = dict(tokenizer.special_tokens)
    special_ids = set(specials.values())
    record = getattr(tokenizer, "record", None)
    head = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "pattern": tokenizer.pattern,
        "merge_rule": tokenizer.merge_rule,
        "special_tokens": specials,
    }
    superword = getattr(tokenizer, "superword", None)
    if superword is not None:
        head["superword"] = superword.to_dict()
    picky = getattr(tokenizer, "picky", None)
    if picky is not None:
        head["picky"] = picky.to_dict()
    dump = json.dumps
    parts = [dump(head, ensure_ascii=False)[:-1]]
    vocab_lines = [
        dump([i, bytes_to_gpt2(token)], ensure_ascii=False)
        for i, token in sorted(tokenizer.vocab.items())
        if i not in special_ids
    ]
    parts.append(',\n"vocab": [\n' + ",\n".join(vocab_lines) + "\n]")
    merge_lines = [dump(f"{bytes_to_gpt2(a)} {bytes_to_gpt2(b)}", ensure_ascii=False) for a, b in tokenizer.merges]
    parts.append(',\n"merges": [\n' + ",\n".join(merge_lines) + "\n]")
    record_json = (
        "null" if record is None else dump(pack_record(record, len(tokenizer.merges)), ensure_ascii=False, indent=1)
    )
    parts.append(',\n"record": ' + record_json + "\n}\n")
    return escape_surrogates("".join(parts))


def escape_surrogates(json_text: str) -> str:
    """JSON text with each lone surrogate written as its ``\\uXXXX`` escape, so that it can be saved as UTF-8 and
    reads back as the same string: a corpus named with bytes that are not UTF-8 (``os.fsdecode`` keeps them as
    surrogates) keeps its name as the OS gave it (``os.fsencode`` gives the bytes back).

    >>> name = os.fsdecode(b"corpus\\xff.txt")
    >>> text = escape_surrogates(json.dumps([name], ensure_ascii=False))
    >>> text, os.fsencode(json.loads(text)[0])
    ('["corpus\\\\udcff.txt"]', b'corpus\\xff.txt')
    """
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", json_text)


_SURROGATE = re.compile("[\ud800-\udfff]")


def load_json(path: str | os.PathLike):
    """Read a file written by :func:`save_json`; raise :class:`TokenizerFileError` if anything is wrong."""
    return tokenizer_from_document(path, read_json_document(path))


def tokenizer_from_document(path: str | os.PathLike, doc: Any):
    """The tokenizer of our file ``path`` whose JSON is already parsed as ``doc``."""
    _check_header(doc, path)
    try:
        pattern = _field(doc, "pattern", str)
        merge_rule = _field(doc, "merge_rule", str)
        specials = _read_specials(_field(doc, "special_tokens", dict))
        vocab = _read_vocab(_field(doc, "vocab", list))
        merges = _read_merges(_field(doc, "merges", list))
        record = read_stored_record(path, doc.get("record"), merges)
        superword = None if doc.get("superword") is None else SuperwordStages.from_dict(doc["superword"])
        picky = None if doc.get("picky") is None else PickyHistory.from_dict(doc["picky"])
    except (ValueError, OverflowError) as exc:
        raise TokenizerFileError(path, str(exc)) from None
    clash = set(vocab) & set(specials.values())
    if clash:
        raise TokenizerFileError(path, f"id {min(clash)} is both a special token and a vocab entry")
    if picky is not None:
        tokenizer = _picky_tokenizer(path, picky, vocab, merges, specials, pattern, merge_rule)
        tokenizer.record = record
    else:
        tokenizer = build_tokenizer(path, vocab, merges, specials, pattern, record, merge_rule=merge_rule)
    if superword is not None:
        tokenizer.superword = superword
    return tokenizer


def _picky_tokenizer(path, picky: PickyHistory, vocab, merges, specials, pattern, merge_rule) -> PickyTokenizer:
    """The PickyBPE tokenizer of a file whose merges and vocab are what its events make."""
    if merge_rule != "pairs":
        raise TokenizerFileError(path, f'a PickyBPE tokenizer has "merge_rule": "pairs", not {merge_rule!r:.20}')
    if picky.merges != merges:
        raise TokenizerFileError(path, '"merges" are not the merges of the "picky" events')
    if picky.vocab() != vocab:
        raise TokenizerFileError(path, '"vocab" is not the vocabulary the "picky" events leave')
    try:
        return PickyTokenizer(picky, specials, pattern=pattern)
    except ValueError as exc:
        raise TokenizerFileError(path, str(exc)) from None


def read_text_file(path: str | os.PathLike) -> str:
    """A UTF-8 file's text; a missing, unreadable, non-regular, huge or non-UTF-8 file raises
    :class:`TokenizerFileError`.

    >>> read_text_file("no/such/file.json")
    Traceback (most recent call last):
    ...
    bpe_core.file_errors.TokenizerFileError: no/such/file.json: cannot read the file: No such file or directory
    """
    data = read_regular_file(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TokenizerFileError.of(path, "file.not_utf8", offset=exc.start) from None


def read_json_document(path: str | os.PathLike) -> Any:
    """Parse a JSON file, turning every way it can fail into a :class:`TokenizerFileError`."""
    return parse_json_text(path, read_text_file(path))


def parse_json_text(path: str | os.PathLike, text: str) -> Any:
    """Parse the JSON ``text`` of the file ``path``, turning every way it can fail into a
    :class:`TokenizerFileError` naming the file."""
    if not text.strip():
        raise TokenizerFileError.of(path, "file.empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise TokenizerFileError.of(path, "file.not_json", line=exc.lineno, column=exc.colno, detail=exc.msg) from None
    except RecursionError:
        raise TokenizerFileError(
            path, "not a JSON file this program accepts: its lists or objects are nested thousands deep"
        ) from None
    except ValueError as exc:  # e.g. a 10,000-digit number
        raise TokenizerFileError(path, f"not a JSON file this program accepts: {exc}") from None


def _check_header(doc: Any, path) -> None:
    if not isinstance(doc, dict):
        raise TokenizerFileError(path, f"expected a JSON object, found a JSON {type(doc).__name__}")
    if doc.get("format") != FORMAT_NAME:
        if "model" in doc and "added_tokens" in doc:
            raise HuggingFaceFileError(
                path, "this is a Hugging Face tokenizer.json, not a BPE Explorer file; import it as huggingface"
            )
        raise TokenizerFileError(path, f'not a BPE Explorer tokenizer file (no "format": "{FORMAT_NAME}")')
    version = doc.get("version")
    if type(version) is not int:
        raise TokenizerFileError(path, f'"version" must be an integer, got {version!r:.40}')
    if version != FORMAT_VERSION:
        newer = " (written by a newer BPE Explorer?)" if version > FORMAT_VERSION else ""
        raise TokenizerFileError(
            path, f"format version {version} is not supported{newer}; this program reads version {FORMAT_VERSION}"
        )


def _field(doc: dict, key: str, kind: type) -> Any:
    if key not in doc:
        raise ValueError(f'the "{key}" field is missing')
    value = doc[key]
    if not isinstance(value, kind):
        raise ValueError(f'"{key}" must be a JSON {_json_kind(kind)}, got {_json_kind(type(value))}')
    return value


def _read_specials(raw: dict) -> dict[str, int]:
    specials = {}
    for token, token_id in raw.items():
        if token == "":
            raise ValueError("a special token is the empty string")
        specials[token] = check_id(token_id, f"the id of special token {token!r}")
    if len(set(specials.values())) != len(specials):
        raise ValueError("two special tokens share an id")
    return specials


def _read_vocab(raw: list) -> dict[int, bytes]:
    vocab: dict[int, bytes] = {}
    previous = -1
    for index, entry in enumerate(raw):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)):
            raise ValueError(f"vocab entry {index} must be [id, token], got {entry!r:.40}")
        token_id = check_id(entry[0], f"the id of vocab entry {index}")
        if token_id <= previous:
            raise ValueError(f"vocab ids out of order: id {token_id} (entry {index}) follows id {previous}")
        previous = token_id
        try:
            vocab[token_id] = gpt2_to_bytes(entry[1])
        except ValueError as exc:
            raise ValueError(f"vocab entry {index} (id {token_id}): {exc}") from None
    return vocab


def _read_merges(raw: list) -> list[tuple[bytes, bytes]]:
    return [merge_of(entry, f"merge {merge_number(rank)}") for rank, entry in enumerate(raw)]


def _json_kind(kind: type) -> str:
    return {dict: "object", list: "array", str: "string", int: "number", float: "number", bool: "boolean"}.get(
        kind, "null" if kind is type(None) else kind.__name__
    )
