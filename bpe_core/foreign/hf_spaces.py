"""A ``tokenizer.json`` whose pipeline cuts a text at its spaces and changes each character on its own (BERT's
WordPiece, a Unigram or BPE model after a Metaspace that splits, or after Whitespace): its tokens of a long text with
their offsets by blocks of words (:class:`~bpe_core.foreign.block_memo.BlockMemo`), what a Compare pane shows, an edit
encoding its block again. The ``tokenizers`` library takes 0.1-0.3 s for 300,000 characters there, at every key.

Exact where the file allows it (:func:`by_spaces`):

- a normalizer that changes characters one at a time, or none: ``Lowercase``, ``NFC``, ``NFD``, ``NFKC``, ``NFKD``,
  ``StripAccents``, ``BertNormalizer``, a ``Sequence`` of them (not ``Strip``, ``Prepend``, ``Replace`` or a
  ``Precompiled`` map, which read past a character or act at the text's ends). A space starts a segment that no
  normal form joins to what comes before it, so the text before a space is normalized as it is in the whole text;
- a pre-tokenizer that splits at every space: ``BertPreTokenizer``, ``Whitespace``, ``WhitespaceSplit``, a
  ``Metaspace`` that splits, or a ``Sequence`` holding one and otherwise only steps that split further
  (``Punctuation``, ``Digits``; ``UnicodeScripts`` only after the step that splits at spaces: it keeps a space in the
  piece before it, and drops the spaces a piece begins with), so no pre-token holds a space after another
  character. A Metaspace puts ``▁`` before a text only where it does not begin with one: a block after the first
  begins with a space, made ``▁``;
- a ``WordPiece``, ``Unigram``, ``WordLevel`` or ``BPE`` model (without dropout), which encodes each pre-token on its
  own.

Then the text cut before a space (:data:`SPACED`: spaces, then other characters) is encoded as its pieces apart, end
to end: the ids, the offsets from each piece's start, the words (a block's first token begins one). A text that holds
an added token's text is encoded whole (:func:`~bpe_core.foreign.hf_words.added_in`); a file whose normalizer would
change one (an added token matched in the normalized text: ``[mask]`` lowercased) is not read by blocks.

>>> by_spaces({"normalizer": {"type": "BertNormalizer"}, "pre_tokenizer": {"type": "BertPreTokenizer"},
...     "model": {"type": "WordPiece"}})
True
>>> SPACED.findall("A  tale\\nof two")[:-1]
['A', '  tale\\nof', ' two']
"""

from __future__ import annotations

import re

#: A word: spaces, then characters that are none (line breaks among them); ``findall`` ends with an empty match.
SPACED = re.compile(r" *[^ ]*")
#: Normalizers that change each character on its own.
_NORMALIZERS = {"Lowercase", "NFC", "NFD", "NFKC", "NFKD", "StripAccents", "BertNormalizer"}
#: Pre-tokenizers that split at every space (a Metaspace only where it splits: :func:`_splits_at_spaces`).
_AT_SPACES = {"BertPreTokenizer", "Whitespace", "WhitespaceSplit"}
#: Pre-tokenizers that only split further, each at characters of a class.
_FURTHER = {"Punctuation", "Digits", "UnicodeScripts"}
#: Models that encode each pre-token on its own.
_MODELS = {"WordPiece", "Unigram", "WordLevel", "BPE"}


def by_spaces(doc: dict) -> bool:
    """Whether the file ``doc`` (parsed) encodes a text cut before a space as its two sides apart (see the module)."""
    model = doc.get("model")
    if not isinstance(model, dict) or model.get("type") not in _MODELS or model.get("dropout"):
        return False  # (the library guesses a model without a type: not trusted here)
    normalizer = doc.get("normalizer")
    added = doc.get("added_tokens") or ()
    if normalizer is not None and any(not isinstance(entry, dict) or entry.get("normalized") for entry in added):
        return False  # (found in the normalized text: the text's own, which added_in reads, may not hold it)
    return _local_normalizer(normalizer) and _splits_at_spaces(doc.get("pre_tokenizer"))


def _local_normalizer(step) -> bool:
    if step is None:
        return True
    if not isinstance(step, dict):
        return False
    if step.get("type") == "Sequence":
        steps = step.get("normalizers")
        return isinstance(steps, list) and all(isinstance(inner, dict) and _local_normalizer(inner) for inner in steps)
    return step.get("type") in _NORMALIZERS


def _splits_at_spaces(step) -> bool:
    """Whether the pre-tokenizer ``step`` splits at every space and never joins (see the module)."""
    if not isinstance(step, dict):
        return False
    steps = step.get("pretokenizers") if step.get("type") == "Sequence" else [step]
    if not isinstance(steps, list) or not all(isinstance(inner, dict) for inner in steps):
        return False
    kinds = [_kind(inner) for inner in steps]
    if "spaces" not in kinds or not all(kind in ("spaces", "further") for kind in kinds):
        return False
    # UnicodeScripts keeps a space in the piece before it, and drops the spaces that begin a piece (and characters of
    # no script in its tables after them: private use, newer ones): only after a step that took the spaces out (found
    # by a review: every block begins with spaces, the whole text only at its start)
    return all(inner.get("type") != "UnicodeScripts" for inner in steps[: kinds.index("spaces")])


def _kind(step: dict) -> str | None:
    name = step.get("type")
    if name in _AT_SPACES or (name == "Metaspace" and step.get("split", True) and step.get("replacement") == "▁"):
        return "spaces"
    return "further" if name in _FURTHER else None
