"""Which ``tokenizer.json`` pipelines cut text locally, so that an edit changes only the pre-tokens around it.

Incremental encoding (:mod:`bpe_core.encoding.incremental`) re-encodes a window of text with the library and keeps the
rest; that gives the whole text's ids only if the library's pipeline splits the text exactly as one of our named
patterns does, with added tokens split out first, and then encodes each pre-token on its own. :func:`local_pattern` says
so for the pipelines whose every step is known to be local, and nothing else:

- no normalizer (NFC, Lowercase, Prepend, Strip... change the text; Prepend and Strip act at its ends);
- a ``ByteLevel`` pre-tokenizer with GPT-2's regex, or a ``Split`` by one of our named regexes followed by a
  ``ByteLevel`` without regex; no prefix space (it is added at the start of the text only). The Split keeps its
  matches and the text between them (``Isolated``, not inverted), or only its matches (``Removed``, inverted: how our
  exporter and the converters of tiktoken files write it), which is the same for the patterns that put every
  character in a match (:data:`~bpe_core.pretokenize.spellings.COVERING`); the regex is spelled as the pattern is, or
  as our exporter writes it (:func:`~bpe_core.pretokenize.spellings.spellings`);
- a BPE model without dropout (dropout draws at random);
- added tokens that do not strip spaces around them or match only whole words (``lstrip``, ``rstrip``,
  ``single_word`` look past the token).

Anything else is encoded whole at every edit (``None``).

>>> local_pattern({"normalizer": None, "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False,
...     "use_regex": True}, "model": {"type": "BPE", "dropout": None}})
'gpt2'
>>> local_pattern({"normalizer": {"type": "NFC"}, "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False},
...     "model": {"type": "BPE"}}) is None
True
"""

from __future__ import annotations

from bpe_core.pretokenize.spellings import COVERING, kept_by, named


def local_pattern(doc: dict) -> str | None:
    """The named pattern (see :data:`bpe_core.pretokenize.patterns.PATTERNS`) a ``tokenizer.json`` document cuts text
    with, when its whole pipeline is local (see the module); else ``None``."""
    model = doc.get("model") or {}
    if doc.get("normalizer") is not None or model.get("type", "BPE") != "BPE" or model.get("dropout"):
        return None
    for added in doc.get("added_tokens") or ():
        if not isinstance(added, dict) or any(added.get(key) for key in ("lstrip", "rstrip", "single_word")):
            return None
    pre = doc.get("pre_tokenizer")
    steps = pre.get("pretokenizers") if isinstance(pre, dict) and pre.get("type") == "Sequence" else [pre]
    if not isinstance(steps, list) or not all(isinstance(step, dict) for step in steps):
        return None
    if len(steps) == 1 and _byte_level(steps[0], use_regex=True):
        return "gpt2"
    if len(steps) == 2 and steps[0].get("type") == "Split" and _byte_level(steps[1], use_regex=False):
        split = steps[0]
        regex = (split.get("pattern") or {}).get("Regex")
        name = named(regex)
        kept = kept_by(split)
        if kept == "isolated" or (kept == "matches" and name in COVERING):
            return name
    return None


def _byte_level(step: dict, *, use_regex: bool) -> bool:
    return (
        step.get("type") == "ByteLevel"
        and not step.get("add_prefix_space", True)
        and bool(step.get("use_regex", True)) == use_regex
    )
