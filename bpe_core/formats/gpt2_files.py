"""GPT-2's pair of files: ``vocab.json`` / ``encoder.json`` (token -> id) and ``merges.txt`` / ``vocab.bpe``.

Tokens are spelled with GPT-2's byte-to-unicode characters (:mod:`bpe_core.gpt2_bytes`). The merges file
lists one merge per line, ``left right``, in rank order, after an optional ``#version`` line. Neither file says which
pre-tokenization pattern or which special tokens go with it, so the reader takes them as arguments (a special
token must be in ``vocab.json`` to keep its id; otherwise it is appended).

>>> import tempfile
>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> tok = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b" t"}, [(b" ", b"t")])
>>> folder = tempfile.mkdtemp()
>>> [p.name for p in export_gpt2(tok, folder)]
['vocab.json', 'merges.txt']
>>> load_gpt2_files(folder + "/vocab.json", folder + "/merges.txt").encode(" tt")
[256, 116]
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from bpe_core.file_errors import TokenizerFileError
from bpe_core.formats.build import build_tokenizer
from bpe_core.formats.checks import check_id, check_unique_tokens
from bpe_core.formats.files import write_text_atomically
from bpe_core.formats.native import read_json_document, read_text_file
from bpe_core.gpt2_bytes import bytes_to_gpt2, gpt2_to_bytes, merge_of


def load_gpt2_files(
    vocab_path: str | os.PathLike,
    merges_path: str | os.PathLike,
    special_tokens: list[str] | None = None,
    *,
    pattern: str = "gpt2",
):
    """A Tokenizer from GPT-2-style files; ``special_tokens`` are strings (kept at their ``vocab.json`` ids)."""
    vocab = _read_vocab_json(vocab_path)
    merges = _read_merges_txt(merges_path)
    return build_tokenizer(vocab_path, vocab, merges, list(special_tokens or []), pattern)


def export_gpt2(tokenizer, directory: str | os.PathLike) -> list[Path]:
    """Write ``vocab.json`` (special tokens included, at their ids) and ``merges.txt`` into ``directory``.

    The layout is byte for byte that of GPT-2's ``encoder.json`` and ``vocab.bpe``, so exporting the GPT-2
    tokenizer reproduces OpenAI's files exactly.
    """
    check_unique_tokens(tokenizer.vocab, "GPT-2 files")
    folder = Path(directory)
    vocab = {bytes_to_gpt2(token): token_id for token_id, token in sorted(tokenizer.vocab.items())}
    vocab_path = folder / "vocab.json"
    write_text_atomically(vocab_path, json.dumps(vocab), encoding="ascii")  # exactly how OpenAI wrote encoder.json
    merges_path = folder / "merges.txt"
    lines = ["#version: 0.2"] + [f"{bytes_to_gpt2(a)} {bytes_to_gpt2(b)}" for a, b in tokenizer.merges]
    write_text_atomically(merges_path, "\n".join(lines) + "\n")
    return [vocab_path, merges_path]


def _read_vocab_json(path) -> dict[int, bytes]:
    doc = read_json_document(path)
    if not isinstance(doc, dict):
        raise TokenizerFileError(path, "expected a JSON object mapping tokens to ids")
    if doc.get("format") == "bpe-explorer" or isinstance(doc.get("model"), dict):
        raise TokenizerFileError(path, "this is a whole-tokenizer JSON file, not a GPT-2 vocab.json")
    vocab: dict[int, bytes] = {}
    for text, token_id in doc.items():
        try:
            check_id(token_id, f"the id of {text!r:.40}")
            token = gpt2_to_bytes(text)
        except ValueError as exc:
            raise TokenizerFileError(path, f"token {text!r:.40}: {exc}") from None
        if token_id in vocab:
            raise TokenizerFileError(path, f"id {token_id} is given to two tokens")
        vocab[token_id] = token
    return vocab


def _read_merges_txt(path) -> list[tuple[bytes, bytes]]:
    text = read_text_file(path)
    merges = []
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.removesuffix("\r")
        if number == 1 and line.startswith("#version"):
            continue
        if not line.strip():
            continue
        try:
            merges.append(merge_of(line, f"line {number}"))
        except ValueError as exc:
            raise TokenizerFileError(path, str(exc)) from None
    return merges
