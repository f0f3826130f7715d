"""The Python path of a tokenizer, the reference the compiled encoder is tested against.

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> gpt2 = Tokenizer.from_tiktoken("gpt2")
>>> python_path(gpt2).encode("hello world") == gpt2.encode("hello world") == [31373, 995]
True
"""

from bpe_core.encoding.tokenizer import Tokenizer


def python_path(tokenizer: Tokenizer) -> Tokenizer:
    """The same tokenizer encoding in Python (``merge_parts``): a copy whose compiled encoder is None."""
    reference = object.__new__(Tokenizer)
    reference.__dict__.update(tokenizer.__dict__, _compiled=None, _truncations={})
    return reference
