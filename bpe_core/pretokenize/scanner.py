"""The shipped patterns (``gpt2``, ``cl100k``, ``o200k``, ``llama3``, ``qwen2``) pre-tokenizing in compiled code
(``bpe_core/_scan.c``), about five times faster than the ``regex`` module and giving the same pre-tokens.

What a character is (a letter, a digit, white space, an upper- or lower-case kind of letter, what ``s`` or ``l``
match case-insensitively) is read from ``regex`` itself, so the compiled scanner follows the same Unicode version
as the patterns it stands for. Reading it takes about 0.15 s, so the table is kept in the user's cache
(:mod:`bpe_core.cache_files`), one per version of ``regex``: a process (a counting worker, ``bpe encode``) then
loads it in a few milliseconds and without numpy. The tests compare the two on every text they try.

>>> findall("gpt2", "Hello world's 12345")
['Hello', ' world', "'s", ' 12345']
>>> findall("cl100k", "Hello world's 12345")
['Hello', ' world', "'s", ' ', '123', '45']
"""

from __future__ import annotations

import contextlib
import functools
import hashlib

import regex

from bpe_core import cache_files

try:  # built by pip where a C compiler is found; without it the patterns run in ``regex``
    from bpe_core import _scan
except ImportError:  # pragma: no cover - the extension is optional
    _scan = None

#: The patterns the compiled scanner knows, by their number in ``_scan.c``: the shipped ones
#: (:data:`bpe_core.pretokenize.patterns.SHIPPED`, Llama 3's and Qwen 2's among them), and ``deepseek_v3``, DeepSeek
#: V3's three Split steps of its tokenizer.json (:data:`DEEPSEEK_V3_SPLITS`), which no one regex does.
PATTERNS = {"gpt2": 0, "cl100k": 1, "o200k": 2, "llama3": 3, "qwen2": 4, "deepseek_v3": 5}
#: DeepSeek V3's (and V4's) pre-tokenizer: these regexes as ``Split`` steps (``Isolated``) in turn, each cutting the
#: pieces of the one before, verbatim from its tokenizer.json.
DEEPSEEK_V3_SPLITS = (
    r"\p{N}{1,3}",
    "[一-龥\u3040-ゟ゠-ヿ]+",
    r"[!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~][A-Za-z]+|[^\r\n\p{L}\p{P}\p{S}]?[\p{L}\p{M}]+| ?[\p{P}\p{S}]+[\r\n]*"
    r"|\s*[\r\n]+|\s+(?!\S)|\s+",
)
#: The first line of a cached classes table.
CLASSES_MAGIC = b"bpe-explorer scanner classes 1\n"
#: The class bits of ``_scan.c``: each class, as the ``regex`` module reads it.
_CLASSES = (
    (1, r"\p{L}"),
    (2, r"\p{N}"),
    (4, r"\s"),
    (8, r"[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]"),
    (16, r"[\p{Ll}\p{Lm}\p{Lo}\p{M}]"),
    (32, r"[\p{L}\p{M}]"),
    (64, r"[\p{P}\p{S}]"),
    (128, DEEPSEEK_V3_SPLITS[1][:-1]),
    *((1 << (8 + k), rf"(?i:{letter})") for k, letter in enumerate("sdmtlvre")),
)


def available() -> bool:
    """Whether the compiled scanner was built (``pip install`` with a C compiler)."""
    return _scan is not None


def ready() -> bool:
    """Whether the classes were read already (the scanner then costs nothing to start)."""
    return _ready.cache_info().currsize > 0


@functools.cache
def _ready() -> None:
    """Hand every code point's classes to the compiled scanner (once): from the cache, else read from ``regex``."""
    path = cache_files.cache_dir("scanner") / f"classes-{_classes_key()}.bin"
    table = cache_files.read_checked(path, CLASSES_MAGIC)
    if table is None or len(table) != 2 * 0x110000:
        table = classes_table()
        with contextlib.suppress(OSError):  # a read-only cache: read from regex again next time
            cache_files.write_checked(path, CLASSES_MAGIC, table)
    _scan.set_classes(table)


def _classes_key() -> str:
    """What the table depends on: the ``regex`` release (its Unicode tables) and the classes asked of it."""
    return hashlib.sha256(f"{regex.__version__} {_CLASSES!r}".encode()).hexdigest()[:16]


def classes_table() -> bytes:
    """Each code point's class bits (``_CLASSES``) as read from ``regex``: 0x110000 little-endian 16-bit numbers."""
    import numpy as np  # here only: a process that finds the table in the cache never imports numpy

    every = np.arange(0x110000, dtype="<u4").tobytes().decode("utf-32-le", "surrogatepass")
    table = np.zeros(0x110000, dtype="<u2")
    for bit, source in _CLASSES:
        for match in regex.finditer(f"(?:{source})+", every):
            table[match.start() : match.end()] |= bit
    return table.tobytes()


def findall(pattern: str, text: str) -> list[str]:
    """The pre-tokens of ``text`` under the shipped ``pattern``, as ``get_pattern(pattern).findall(text)``."""
    _ready()
    return _scan.findall(text, PATTERNS[pattern])


def encode(pattern: str, text: str, cache: dict) -> list[int]:
    """The ids of the pre-tokens of ``text``, each ``cache[pre_token]`` (a dict whose ``__missing__`` encodes a
    pre-token not seen yet), without making the list of pre-tokens.

    >>> class Lengths(dict):
    ...     def __missing__(self, piece):
    ...         return [len(piece)]
    >>> encode("gpt2", "Hello world", Lengths({"Hello": [7, 7]}))
    [7, 7, 6]
    """
    _ready()
    return _scan.encode(text, PATTERNS[pattern], cache)


def count(pattern: str, text: str, counts: dict) -> None:
    """Add the pre-tokens of ``text`` to ``counts`` (pre-token -> count), each distinct one counted in compiled code
    and added once, as ``counts.update(findall(pattern, text))`` would, without a string per pre-token.

    >>> counts = {" be": 1}
    >>> count("gpt2", "to be or not to be", counts)
    >>> sorted(counts.items())
    [(' be', 3), (' not', 1), (' or', 1), (' to', 1), ('to', 1)]
    """
    _ready()
    _scan.count(text, PATTERNS[pattern], counts)
