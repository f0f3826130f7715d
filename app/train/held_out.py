"""Compression of a held-out text: our tokenizer at several vocabulary sizes, and the tiktoken references.

The counting is the engine's (``Tokenizer.truncated(k).encode`` and the shipped tiktoken encodings); this module
only picks the vocabulary sizes to sample and divides bytes by tokens. It runs off the GUI thread.

>>> m = measure_held_out("hello world", None)
>>> sorted(m.references)
['cl100k_base', 'gpt2', 'o200k_base']
>>> round(m.references["gpt2"], 2)  # 11 bytes in 2 tokens
5.5
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP

from bpe_core.encoding import reference

REFERENCES = ("gpt2", "cl100k_base", "o200k_base")
MAX_CHARS = 20_000
SAMPLES = 14

#: The held-out text shown at first (translated in the "HeldOut" context where shown).
DEFAULT_HELD_OUT = QT_TRANSLATE_NOOP(
    "HeldOut",
    "A held-out text is one the tokenizer never saw while training. If the merges learned from the corpus are "
    "general, this text compresses almost as well as the corpus did; if they only fit the corpus, it does not.\n"
    "今天下午我们在河边散步，看见很多人在钓鱼。\n"
    "for line in open('notes.txt'): print(line.strip())\n",
)


@dataclass
class HeldOutCompression:
    """Bytes per token of the held-out text: ours at ``vocab_sizes``, and each reference encoding."""

    vocab_sizes: list[int] = field(default_factory=list)
    bytes_per_token: list[float] = field(default_factory=list)
    references: dict[str, float] = field(default_factory=dict)


def sample_merge_counts(merges: int, samples: int = SAMPLES) -> list[int]:
    """Merge counts to measure at, log-spaced from 0 to ``merges``.

    >>> sample_merge_counts(1000, 5)
    [0, 5, 31, 177, 1000]
    """
    if merges <= 0:
        return [0]
    points = np.unique(np.round(np.geomspace(1, merges + 1, samples) - 1).astype(int))
    return [int(p) for p in points]


def measure_held_out(text: str, tokenizer) -> HeldOutCompression:
    """Measure ``text`` (its first ``MAX_CHARS`` characters) with the references and, if given, ``tokenizer``."""
    text = text[:MAX_CHARS]
    n_bytes = len(text.encode("utf-8", "replace"))
    result = HeldOutCompression()
    if not text:
        return result
    for name in REFERENCES:
        tokens = len(reference.get_encoding(name).encode(text, disallowed_special=()))
        result.references[name] = n_bytes / tokens
    if tokenizer is None:
        return result
    sizes = vocab_sizes(tokenizer)
    for k in sample_merge_counts(len(tokenizer.merges)):
        tokens = len(tokenizer.truncated(k).encode(text))
        result.vocab_sizes.append(sizes[k])
        result.bytes_per_token.append(n_bytes / tokens)
    return result


def vocab_sizes(tokenizer) -> list[int]:
    """The vocabulary size of ``tokenizer`` after 0, 1, … all its merges: 256 bytes, the merges and the special
    tokens, less the tokens its training record says PickyBPE removed by then (its vocabulary is smaller than its
    merge count).

    >>> from types import SimpleNamespace as Run
    >>> record = Run(steps=[Run(removed=()), Run(removed=((256, b"ab"),)), Run(removed=())])
    >>> vocab_sizes(Run(merges=[1, 2, 3], special_tokens={"<|end|>": 259}, record=record))
    [257, 258, 258, 259]
    """
    sizes, removed = [256 + len(tokenizer.special_tokens)], 0
    steps = getattr(getattr(tokenizer, "record", None), "steps", ())
    for k in range(len(tokenizer.merges)):
        removed += len(steps[k].removed) if k < len(steps) else 0
        sizes.append(sizes[0] + k + 1 - removed)
    return sizes
