r"""Whether our engine reproduces a Hugging Face ``tokenizer.json``'s pipeline exactly, and what it needs to.

:func:`engine_plan` reads the parsed file and gives an :class:`EnginePlan` (the vocabulary as bytes, the merges in
rank order, the pre-tokenizer's regexes, the added tokens) when every step is one our engine does the same way:

- the model is BPE with merges over GPT-2's byte alphabet (a ``ByteLevel`` pre-tokenizer or decoder), no
  ``dropout``, no ``continuing_subword_prefix`` / ``end_of_word_suffix``, each merge listed once; ``ignore_merges``
  (Llama 3) is kept: a pre-token that is itself in the vocabulary is one token;
- no normalizer, or NFC (Qwen 2): Python's ``unicodedata`` where it agrees with the library's older Unicode tables,
  the library itself for a text holding a character where they may differ (:mod:`bpe_core.foreign.hf_engine`);
- the pre-tokenizer is ``ByteLevel`` (``use_regex`` true: GPT-2's regex; false: none), or a ``Sequence`` of ``Split``
  steps on a regex (``Isolated``, or ``Removed`` with ``invert``, as our exporter writes) ending in
  ``ByteLevel(use_regex=false)``; DeepSeek's digit and CJK splits before its main regex are such steps;
- added tokens, special or not, without ``lstrip``, ``rstrip`` or ``single_word``.

Anything else stays with the ``tokenizers`` library, and the reason names the step our engine does not reproduce:

>>> doc = {"model": {"type": "BPE", "vocab": {}, "merges": []}, "normalizer": {"type": "Prepend", "prepend": "_"}}
>>> engine_plan(doc)
'the normalizer Prepend'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import regex

from bpe_core.gpt2_bytes import gpt2_to_bytes_many
from bpe_core.pretokenize.patterns import PATTERNS
from bpe_core.pretokenize.spellings import COVERING, kept_by, named

#: GPT-2's pre-tokenization regex as ``ByteLevel(use_regex=true)`` runs it: our ``gpt2`` pattern (the tests compare).
BYTE_LEVEL_REGEX = "gpt2"
#: Escapes that Oniguruma and Python's ``regex`` read the same way; any other (``\h``, ``\R``, ``\K``...) refuses.
_SAME_ESCAPE = regex.compile(r"\\(?:[pP]\{[A-Za-z_=& ]+\}|[sSdDwWrntfv]|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[^0-9A-Za-z])")
#: ``x{m,n}+`` is possessive in Python's ``regex`` and a repeated interval in Oniguruma.
_INTERVAL_PLUS = regex.compile(r"\{\d*(?:,\d*)?\}\+")
#: A text a Split regex is tried on for empty matches.
_PROBE = " Hello, world's 42 \n\n\t!é中文 "


@dataclass(frozen=True)
class AddedToken:
    """An entry of ``added_tokens``: split out of the text before pre-tokenizing; ``normalized`` ones in a second
    pass, after the others (as the library does)."""

    content: str
    id: int
    special: bool
    normalized: bool


@dataclass(frozen=True)
class EnginePlan:
    """What our engine needs to encode the file as its library does.

    ``splits`` are the regexes that cut the text before the last cut, in order, each keeping the text between its
    matches as pieces of their own (``Isolated``); ``pattern`` is the last cut: a named pattern, a regex or
    ``"none"``, whose matches alone are kept (``gaps`` False) or the text between them too (``gaps`` True).
    ``nfc``: the file normalizes to NFC (after splitting out the added tokens that are not ``normalized``).
    """

    vocab: dict[int, bytes]
    merges: list[tuple[bytes, bytes]]
    ignore_merges: bool
    splits: tuple[str, ...]
    pattern: str
    gaps: bool
    added: tuple[AddedToken, ...]
    nfc: bool = False


class NotReproduced(Exception):
    """Raised inside the recogniser with the reason; :func:`engine_plan` returns the reason."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


def engine_plan(doc: Any) -> EnginePlan | str:
    """The plan of a parsed tokenizer.json our engine reproduces, or what in it our engine does not reproduce.

    >>> vocab = {chr(c): i for i, c in enumerate(range(ord("a"), ord("c") + 1))}
    >>> doc = {"model": {"type": "BPE", "vocab": vocab | {"ab": 3}, "merges": ["a b"]},
    ...        "pre_tokenizer": {"type": "ByteLevel", "use_regex": True}}
    >>> engine_plan(doc)
    'a vocabulary without a token for 253 of the 256 bytes'
    """
    try:
        return _plan(doc)
    except NotReproduced as refusal:
        return refusal.what
    except (AttributeError, TypeError, KeyError, ValueError, OverflowError, RecursionError):
        return "a file of an unexpected shape"  # the library reads it next, and says what is wrong with it


def _plan(doc: Any) -> EnginePlan:
    if not isinstance(doc, dict) or not isinstance(doc.get("model"), dict):
        raise NotReproduced("a file without a model")
    model = doc["model"]
    normalizer = doc.get("normalizer")
    if normalizer is not None and _kind(normalizer) != "NFC":
        raise NotReproduced(f"the normalizer {_kind(normalizer)}")
    if model.get("type", "BPE") != "BPE" or "merges" not in model:
        raise NotReproduced(f"the model {model.get('type')!s:.40}")
    for option in ("dropout", "continuing_subword_prefix", "end_of_word_suffix"):
        if model.get(option) not in (None, ""):
            raise NotReproduced(f"the model option {option}={model[option]!r:.40}")
    splits, pattern, gaps = _pre_tokenizer(doc.get("pre_tokenizer"))
    vocab = _vocab(model.get("vocab"))
    return EnginePlan(
        vocab=vocab,
        merges=_merges(model.get("merges")),
        ignore_merges=model.get("ignore_merges") is True,
        splits=splits,
        pattern=pattern,
        gaps=gaps,
        added=_added(doc.get("added_tokens") or []),
        nfc=normalizer is not None,
    )


def _kind(step: Any) -> str:
    return f"{step.get('type')!s:.40}" if isinstance(step, dict) else f"{step!r:.40}"


def _pre_tokenizer(pre: Any) -> tuple[tuple[str, ...], str, bool]:
    """``(splits, pattern, gaps)`` of the pre-tokenizer (see :class:`EnginePlan`)."""
    if _kind(pre) == "ByteLevel":
        _check_byte_level(pre)
        return (), BYTE_LEVEL_REGEX if pre.get("use_regex", True) else "none", False
    steps = pre.get("pretokenizers") if _kind(pre) == "Sequence" else None
    if not isinstance(steps, list) or len(steps) < 2 or _kind(steps[-1]) != "ByteLevel":
        raise NotReproduced(f"the pre-tokenizer {_kind(pre)} (only ByteLevel, or Split steps then ByteLevel)")
    _check_byte_level(steps[-1])
    if steps[-1].get("use_regex", True):
        raise NotReproduced("a ByteLevel pre-tokenizer with use_regex true after Split steps")
    cuts = [_split(step) for step in steps[:-1]]
    if any(kept == "matches" for _, kept in cuts[:-1]):
        raise NotReproduced("a Split that removes the text between its matches before another Split")
    *before, (last, kept) = cuts
    name = named(last)
    if name in COVERING:
        return tuple(source for source, _ in before), name, False
    if last in PATTERNS:  # a regex spelled as a pattern's name ("gpt2", "none") matches that text, names nothing
        last = f"(?:{last})"
    return tuple(source for source, _ in before), last, kept == "isolated"


def _split(step: Any) -> tuple[str, str]:
    """A Split step's regex and what it keeps (``isolated``: matches and the text between; ``matches``)."""
    if _kind(step) != "Split":
        raise NotReproduced(f"the pre-tokenizer step {_kind(step)}")
    kept = kept_by(step)
    pattern = step.get("pattern")
    source = pattern.get("Regex") if isinstance(pattern, dict) else None
    if kept is None:
        raise NotReproduced(f"a Split with behavior {step.get('behavior')!s:.20} and invert {step.get('invert')}")
    if not isinstance(source, str):
        raise NotReproduced(f"a Split on {_kind(pattern)} (only Regex)")
    check_regex(source)
    return source, kept


def check_regex(source: str) -> None:
    """Raise :class:`NotReproduced` for a Split regex that Python's ``regex`` may read otherwise than Oniguruma
    does, or that may match nothing (the two libraries step past an empty match differently).

    >>> check_regex(r"\\p{N}{1,3}| ?\\p{L}+|\\s+")
    >>> check_regex(r"\\h+")
    Traceback (most recent call last):
    ...
    bpe_core.formats.hf_pipeline.NotReproduced: the Split regex '\\\\h+' (its escape \\h)
    """
    for escape in regex.finditer(r"\\.", source, regex.S):
        if not _SAME_ESCAPE.match(source, escape.start()):
            raise NotReproduced(f"the Split regex {source!r:.80} (its escape {escape.group()})")
    if _INTERVAL_PLUS.search(source):
        raise NotReproduced(f"the Split regex {source!r:.80} (x{{m,n}}+ is read two ways)")
    try:
        compiled = regex.compile(source)
    except (regex.error, ValueError, OverflowError) as exc:
        raise NotReproduced(f"the Split regex {source!r:.80} ({exc})") from None
    if compiled.groups:
        raise NotReproduced(f"the Split regex {source!r:.80} (its capturing groups)")
    if any(match.start() == match.end() for match in compiled.finditer(_PROBE)) or compiled.match(""):
        raise NotReproduced(f"the Split regex {source!r:.80} (it can match no text)")


def _check_byte_level(step: dict) -> None:
    if step.get("add_prefix_space"):
        raise NotReproduced("ByteLevel with add_prefix_space true")


def _vocab(raw: Any) -> dict[int, bytes]:
    """The model's vocabulary, id -> bytes; an entry not spelled in GPT-2's alphabet (an added token listed there)
    is left out: no merge makes it, and the added tokens are split out of the text before."""
    if not isinstance(raw, dict):
        raise NotReproduced("a vocabulary that is not a JSON object")
    spelled = gpt2_to_bytes_many(list(raw))  # at once: 200,000 tokens one at a time take a second
    vocab = {token_id: token for token_id, token in zip(raw.values(), spelled) if token is not None}
    have = set(vocab.values())
    missing = sum(bytes([b]) not in have for b in range(256))
    if missing:
        raise NotReproduced(f"a vocabulary without a token for {missing} of the 256 bytes")
    if len(have) != len(vocab):
        raise NotReproduced("a vocabulary that spells two ids the same")
    return vocab


def _merges(raw: Any) -> list[tuple[bytes, bytes]]:
    entries = raw if isinstance(raw, list) else []
    pairs = [entry.split(" ", 1) if isinstance(entry, str) else entry for entry in entries]
    if any(len(pair) != 2 or not all(isinstance(part, str) for part in pair) for pair in pairs):
        raise NotReproduced("a merge that is not two tokens")
    spelled = gpt2_to_bytes_many([part for pair in pairs for part in pair])
    merges = [
        (left, right) for left, right in zip(spelled[::2], spelled[1::2]) if left is not None and right is not None
    ]
    if len(merges) != len(pairs):
        entry = entries[spelled.index(None) // 2]
        raise NotReproduced(f"the merge {entry!r:.40} (not GPT-2's byte alphabet)")
    if len(set(merges)) != len(merges):
        raise NotReproduced("a merge listed twice (the library keeps its last rank)")
    return merges


def _added(raw: list) -> tuple[AddedToken, ...]:
    found = []
    for entry in raw:
        content = entry.get("content")
        for flag in ("lstrip", "rstrip", "single_word"):
            if entry.get(flag):
                raise NotReproduced(f"the added token {content!r:.40} with {flag} true")
        normalized = entry.get("normalized", not entry.get("special"))
        found.append(AddedToken(content, entry["id"], bool(entry.get("special")), bool(normalized)))
    return tuple(found)
