"""bpe_core: the engine of BPE Explorer — pre-tokenization, training, tokenization, file formats, and published
models' tokenizers (:func:`load_any`: any tokenizer file, folder, reference name or ``hf:ORG/NAME``).

It never imports Qt or the GUI, and works on its own as a library and a CLI (``bpe`` / ``python -m bpe_core``).

>>> from bpe_core import train_bpe
>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "c.txt")
>>> _ = open(path, "w").write("low low low lower lowest")
>>> vocab, merges = train_bpe(path, 258, processes=1)
>>> merges
[(b'o', b'w'), (b'l', b'ow')]
"""

import importlib

#: The module where each public name lives. They are imported on first use, so that a process that needs one module (a
#: counting worker needs only the pre-tokenizer) does not pay for the others (numpy, the file formats, ...).
_HOMES = {
    "CorpusError": "bpe_core.corpus.reader",
    "load_any": "bpe_core.formats",
    "PATTERNS": "bpe_core.pretokenize.patterns",
    "PatternError": "bpe_core.pretokenize.patterns",
    "PatternTimeoutError": "bpe_core.pretokenize.patterns",
    "PatternReport": "bpe_core.pretokenize.pretokens",
    "check_pattern_on_sample": "bpe_core.pretokenize.pretokens",
    "EncodingFileError": "bpe_core.encoding.reference",
    "get_encoding": "bpe_core.encoding.reference",
    "reference_names": "bpe_core.encoding.reference",
    "MergeStep": "bpe_core.training.steps",
    "TrainingRecord": "bpe_core.training.steps",
    "Tokenizer": "bpe_core.encoding.tokenizer",
    "UnknownTokenError": "bpe_core.encoding.token_lookup",
    "BpeTrainer": "bpe_core.training.trainer",
    "Cancelled": "bpe_core.cancelled",
    "train_bpe": "bpe_core.training.trainer",
}


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'bpe_core' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


__all__ = [
    "PATTERNS",
    "BpeTrainer",
    "CorpusError",
    "EncodingFileError",
    "MergeStep",
    "PatternError",
    "PatternReport",
    "PatternTimeoutError",
    "Tokenizer",
    "Cancelled",
    "TrainingRecord",
    "UnknownTokenError",
    "check_pattern_on_sample",
    "get_encoding",
    "load_any",
    "reference_names",
    "train_bpe",
]
