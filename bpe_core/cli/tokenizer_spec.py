"""A ``bpe compare --tokenizer`` value with the pattern of its own: ``FILE::pattern=NAME`` (a name of
:data:`bpe_core.pretokenize.patterns.PATTERNS` or a regex), so that each ``.tiktoken`` file of one comparison is cut its
own way (Whisper's with ``gpt2``, another with ``o200k``); ``--pattern`` stays the default for files that give none.

>>> split_spec("whisper/multilingual.tiktoken::pattern=gpt2")
('whisper/multilingual.tiktoken', 'gpt2')
>>> split_spec("ranks.tiktoken")
('ranks.tiktoken', None)
>>> split_spec(r"a.tiktoken::pattern=\\p{L}+|::")  # everything after the first marker is the regex
('a.tiktoken', '\\\\p{L}+|::')
"""

from __future__ import annotations

#: What separates a tokenizer source from its own pattern.
MARKER = "::pattern="


def split_spec(spec: str) -> tuple[str, str | None]:
    """The tokenizer source of ``spec`` and its own pattern (None: it gives none)."""
    source, marker, pattern = spec.partition(MARKER)
    return (source, pattern) if marker else (spec, None)
