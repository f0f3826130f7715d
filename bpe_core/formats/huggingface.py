"""Hugging Face ``tokenizer.json``: a byte-level BPE model that the ``tokenizers`` library encodes exactly like ours.

The export is a BPE model (vocab and merges in GPT-2 byte-to-unicode spelling, no unknown token, no dropout;
``ignore_merges`` for a tokenizer that follows tiktoken's rule, which takes a word that is a token whole), a
byte-level decoder, and special tokens as ``added_tokens`` with ``"special": true``. The pre-tokenizer is
``ByteLevel`` with its built-in GPT-2 regex for the ``gpt2`` pattern, ``ByteLevel`` alone for ``none``, and otherwise
a ``Split`` on our regex (keeping only the matches, like tiktoken) followed by ``ByteLevel(use_regex=false)``.

``tokenizers`` reads regexes with Oniguruma, where ``a{1,3}+`` is a repeated group rather than a possessive
quantifier, so possessive quantifiers are rewritten as the equivalent atomic groups
(:func:`bpe_core.pretokenize.spellings.to_atomic_groups`).

The importer accepts what the exporter writes and the usual GPT-2-style files (such as GPT-2's own); anything it
cannot reproduce exactly (a normalizer, ``add_prefix_space``, an unknown-token model, ...) is refused by name.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from bpe_core.file_errors import TokenizerFileError
from bpe_core.formats.build import build_tokenizer
from bpe_core.formats.checks import check_id, check_unique_tokens
from bpe_core.formats.files import write_text_atomically
from bpe_core.formats.native import read_json_document
from bpe_core.gpt2_bytes import bytes_to_gpt2, gpt2_to_bytes, merge_of
from bpe_core.pretokenize.patterns import pattern_source
from bpe_core.pretokenize.spellings import kept_by, named, to_atomic_groups
from bpe_core.render.token_label import merge_number

_BYTE_LEVEL = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True}
_MODEL_DEFAULTS = {
    "dropout": None,
    "unk_token": None,
    "continuing_subword_prefix": None,
    "end_of_word_suffix": None,
    "fuse_unk": False,
    "byte_fallback": False,
}


def export_huggingface(tokenizer, directory: str | os.PathLike) -> list[Path]:
    """Write ``tokenizer.json`` into ``directory``."""
    specials = dict(tokenizer.special_tokens)
    check_unique_tokens(tokenizer.vocab, "a Hugging Face tokenizer.json")
    doc = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [
            {
                "id": token_id,
                "content": token,
                "single_word": False,
                "lstrip": False,
                "rstrip": False,
                "normalized": False,
                "special": True,
            }
            for token, token_id in sorted(specials.items(), key=lambda item: item[1])
        ],
        "normalizer": None,
        "pre_tokenizer": _pre_tokenizer(tokenizer.pattern),
        "post_processor": None,
        "decoder": dict(_BYTE_LEVEL, use_regex=True),
        "model": {
            "type": "BPE",
            **_MODEL_DEFAULTS,
            "ignore_merges": tokenizer.merge_rule == "ranks",  # tiktoken's rule takes a whole-token word whole
            # Special tokens sit in the model's vocab too: otherwise `tokenizers` renumbers them after the last
            # model id whenever the ids are not contiguous.
            "vocab": {bytes_to_gpt2(token): token_id for token_id, token in sorted(tokenizer.vocab.items())},
            "merges": [f"{bytes_to_gpt2(a)} {bytes_to_gpt2(b)}" for a, b in tokenizer.merges],
        },
    }
    path = Path(directory) / "tokenizer.json"
    write_text_atomically(path, json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    return [path]


def load_huggingface(path: str | os.PathLike):
    """A Tokenizer from a byte-level BPE ``tokenizer.json``; raise :class:`TokenizerFileError` if it is not one."""
    doc = read_json_document(path)
    try:
        if not isinstance(doc, dict) or not isinstance(doc.get("model"), dict):
            raise ValueError("not a Hugging Face tokenizer.json (no model)")
        model = doc["model"]
        if model.get("type", "BPE") != "BPE":
            raise ValueError(f"the model is {model.get('type')!r:.40}; only BPE models can be imported")
        for key, default in _MODEL_DEFAULTS.items():
            if model.get(key, default) != default:
                raise ValueError(f"model option {key}={model[key]!r:.40} is not supported (expected {default!r})")
        if doc.get("normalizer") is not None:
            raise ValueError("normalizers are not supported (byte-level BPE needs none)")
        pattern = _pattern_of(doc.get("pre_tokenizer"))
        merge_rule = "ranks" if model.get("ignore_merges") is True else "pairs"
        _check_byte_level(doc.get("decoder"), "decoder")
        specials = _read_added_tokens(doc.get("added_tokens", []))
        vocab = _read_vocab(model.get("vocab"), set(specials.values()))
        merges = _read_merges(model.get("merges"))
    except (ValueError, OverflowError, TypeError, AttributeError) as exc:
        raise TokenizerFileError(path, str(exc)) from None
    return build_tokenizer(path, vocab, merges, specials, pattern, merge_rule=merge_rule)


def _pre_tokenizer(pattern: str) -> dict[str, Any]:
    if pattern == "gpt2":
        return dict(_BYTE_LEVEL, use_regex=True)
    byte_level = dict(_BYTE_LEVEL, use_regex=False)
    source = pattern_source(pattern)
    if source is None:  # "none"
        return byte_level
    split = {
        "type": "Split",
        "pattern": {"Regex": to_atomic_groups(source)},
        "behavior": "Removed",
        "invert": True,
    }
    return {"type": "Sequence", "pretokenizers": [split, byte_level]}


def _pattern_of(pre: Any) -> str:
    if isinstance(pre, dict) and pre.get("type") == "ByteLevel":
        _check_byte_level(pre, "pre_tokenizer")
        return "gpt2" if pre.get("use_regex", True) else "none"
    steps = pre.get("pretokenizers") if isinstance(pre, dict) and pre.get("type") == "Sequence" else None
    if not (isinstance(steps, list) and len(steps) == 2 and isinstance(steps[0], dict)):
        raise ValueError(f"unsupported pre_tokenizer {json.dumps(pre)[:80]}; expected ByteLevel or Split+ByteLevel")
    split, byte_level = steps
    regex_field = split.get("pattern") if split.get("type") == "Split" else None
    source = regex_field.get("Regex") if isinstance(regex_field, dict) else None
    keeps_matches = kept_by(split) is not None
    if not isinstance(source, str) or not keeps_matches:
        raise ValueError(f"unsupported pre_tokenizer step {json.dumps(split)[:80]}")
    _check_byte_level(byte_level, "pre_tokenizer")
    if byte_level.get("use_regex", True):
        raise ValueError("a ByteLevel pre-tokenizer after Split must have use_regex false")
    return named(source) or source


def _check_byte_level(step: Any, where: str) -> None:
    if not (isinstance(step, dict) and step.get("type") == "ByteLevel"):
        raise ValueError(f"the {where} must be ByteLevel, got {json.dumps(step)[:80]}")
    if step.get("add_prefix_space", False) and where == "pre_tokenizer":
        raise ValueError("add_prefix_space=true is not supported (it changes the text before encoding)")


def _read_added_tokens(raw: Any) -> dict[str, int]:
    if not isinstance(raw, list):
        raise ValueError("added_tokens must be a list")
    specials = {}
    for entry in raw:
        if not isinstance(entry, dict):
            raise ValueError(f"added_tokens must hold objects, got {json.dumps(entry)[:40]}")
        content = entry.get("content")
        if not entry.get("special") or not isinstance(content, str) or not content:
            raise ValueError(f"added token {json.dumps(entry)[:60]} is not a special token; only those are supported")
        specials[content] = check_id(entry.get("id"), f"the id of added token {content!r}")
    return specials


def _read_vocab(raw: Any, special_ids: set[int]) -> dict[int, bytes]:
    if not isinstance(raw, dict):
        raise ValueError("model.vocab must be a JSON object")
    vocab = {}
    for text, token_id in raw.items():
        check_id(token_id, f"the id of {text!r:.40}")
        if token_id in special_ids:
            continue  # a special token may also sit in the model's vocab, at the same id
        if token_id in vocab:
            raise ValueError(f"id {token_id} is given to two tokens")
        try:
            vocab[token_id] = gpt2_to_bytes(text)
        except ValueError as exc:
            raise ValueError(f"vocab token {text!r:.40}: {exc}") from None
    return vocab


def _read_merges(raw: Any) -> list[tuple[bytes, bytes]]:
    if not isinstance(raw, list):
        raise ValueError("model.merges must be a list")
    return [merge_of(entry, f"merge {merge_number(rank)}", pairs=True) for rank, entry in enumerate(raw)]
