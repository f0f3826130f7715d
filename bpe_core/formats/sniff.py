"""What kind of tokenizer file a path holds, told by its content (never by its name).

===================  ===============================================================================
kind                 what the content looks like
===================  ===============================================================================
``ours``             JSON with ``"format": "bpe-explorer"``
``huggingface``      JSON with a ``"model"`` object (a Hugging Face ``tokenizer.json``)
``tekken``           JSON with a ``"config"`` object and a ``"vocab"`` list (Mistral's ``tekken.json``)
``gpt2-vocab``       a JSON object of token -> id (GPT-2's ``vocab.json`` / ``encoder.json``)
``gpt2-merges``      text lines ``left right``, maybe after ``#version`` (``merges.txt`` / ``vocab.bpe``)
``tiktoken``         text lines ``base64 rank`` (gzip-compressed too)
``sentencepiece``    a binary protobuf starting with a piece (field 1), as SentencePiece ``.model`` files do
===================  ===============================================================================

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "ranks")
>>> _ = open(path, "w").write("YQ== 0\\nYg== 1\\n")
>>> sniff(path).kind
'tiktoken'
"""

from __future__ import annotations

import os
import re
import zlib
from dataclasses import dataclass
from typing import Any

from bpe_core.file_errors import TokenizerFileError
from bpe_core.formats.files import MAX_FILE_BYTES, read_regular_file, size_text
from bpe_core.formats.native import FORMAT_NAME, parse_json_text
from bpe_core.formats.tekken import is_tekken

_TIKTOKEN_LINE = re.compile(rb"[A-Za-z0-9+/]+=* [0-9]+\r?")
_MERGES_LINE = re.compile(r"#version.*|\S+ \S+\r?")


@dataclass(frozen=True)
class Sniffed:
    """A file's ``kind``, its bytes (decompressed) and, for JSON, its ``text`` and parsed ``doc``."""

    kind: str
    data: bytes
    text: str | None = None
    doc: Any = None


def sniff(path: str | os.PathLike) -> Sniffed:
    """Read ``path`` once and say what it is; anything unrecognised raises :class:`TokenizerFileError`."""
    data = read_regular_file(path)
    if data.startswith(b"\x1f\x8b"):
        data = _gunzip(path, data)
    if not data.strip():
        raise TokenizerFileError.of(path, "file.empty")
    if data.startswith(b"\x0a") and (b"\x00" in data[:4096] or not _is_utf8(data[:4096])):
        return Sniffed("sentencepiece", data)
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise TokenizerFileError.of(path, "file.unknown_not_utf8", start=repr(data[:12]), offset=exc.start) from None
    if text.lstrip()[:1] in ("{", "["):
        doc = parse_json_text(path, text)
        return Sniffed(_json_kind(path, doc), data, text, doc)
    first = next(line for line in data.splitlines() if line.strip())
    if _TIKTOKEN_LINE.fullmatch(first):
        return Sniffed("tiktoken", data)
    if _MERGES_LINE.fullmatch(first.decode("utf-8")):
        return Sniffed("gpt2-merges", data, text)
    raise TokenizerFileError.of(path, "file.unknown", start=repr(data[:12]))


def _json_kind(path, doc: Any) -> str:
    if isinstance(doc, dict):
        if doc.get("format") == FORMAT_NAME:
            return "ours"
        if isinstance(doc.get("model"), dict):
            return "huggingface"
        if is_tekken(doc):
            return "tekken"
        if doc and all(type(value) is int for value in doc.values()):
            return "gpt2-vocab"
        if "format" in doc:
            return "ours"  # our reader says what is wrong with the header
    raise TokenizerFileError.of(path, "file.unknown_json")


def _gunzip(path, data: bytes) -> bytes:
    """Decompress every member of a gzip file (``cat a.gz b.gz`` is one file, as ``gzip -d`` reads it), at most
    MAX_FILE_BYTES in all (a small file that inflates to gigabytes is refused, not inflated).

    >>> import gzip
    >>> _gunzip("t.gz", gzip.compress(b"YQ== 0\\n") + gzip.compress(b"Yg== 1\\n"))
    b'YQ== 0\\nYg== 1\\n'
    """
    parts: list[bytes] = []
    room = MAX_FILE_BYTES + 1
    while data:
        inflater = zlib.decompressobj(wbits=31)
        try:
            out = inflater.decompress(data, room)
        except zlib.error as exc:
            raise TokenizerFileError.of(path, "file.damaged_gzip", detail=exc) from None
        parts.append(out)
        room -= len(out)
        if room <= 0 or inflater.unconsumed_tail:
            raise TokenizerFileError(path, f"decompresses to over {size_text(MAX_FILE_BYTES)}")
        if not inflater.eof:
            cut = "it ends in the middle of its compressed data"
            raise TokenizerFileError.of(path, "file.damaged_gzip", detail=cut)
        data = inflater.unused_data.lstrip(b"\0")  # members may be followed by zero padding
    return b"".join(parts)


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start >= len(data) - 3  # only a character cut by the sample's end
    return True
