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

from bpe_core.corpus import CorpusError
from bpe_core.formats import load_any
from bpe_core.patterns import PATTERNS, PatternError, PatternTimeoutError
from bpe_core.pretokenize import PatternReport, check_pattern_on_sample
from bpe_core.reference import EncodingFileError, get_encoding, reference_names
from bpe_core.steps import MergeStep, TrainingRecord
from bpe_core.tokenizer import Tokenizer, UnknownTokenError
from bpe_core.trainer import BpeTrainer, TrainingCancelled, train_bpe

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
    "TrainingCancelled",
    "TrainingRecord",
    "UnknownTokenError",
    "check_pattern_on_sample",
    "get_encoding",
    "load_any",
    "reference_names",
    "train_bpe",
]
