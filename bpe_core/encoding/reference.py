"""OpenAI's reference encodings (``gpt2``, ``r50k_base``, ``cl100k_base``, ``o200k_base``), offline.

The rank files ship gzipped in ``bpe_resources/encodings``. Each is hash-checked against the value tiktoken pins
before use, so what we compare against is byte for byte OpenAI's. Nothing is downloaded, nothing is written.

>>> enc = get_encoding("cl100k_base")
>>> enc.encode("hello world")
[15339, 1917]
>>> reference_names()
('gpt2', 'r50k_base', 'cl100k_base', 'o200k_base')
"""

from __future__ import annotations

import binascii
import functools
import gzip
import hashlib
import zlib
from dataclasses import dataclass
from pathlib import Path

import bpe_resources
import tiktoken

from bpe_core.messages import EngineError, Message
from bpe_core.pretokenize.patterns import PatternError, get_pattern, pattern_source

ENDOFTEXT = "<|endoftext|>"
ENDOFPROMPT = "<|endofprompt|>"


class EncodingFileError(EngineError, ValueError):
    """A rank file that is missing, corrupt, or not the official one."""


@dataclass(frozen=True)
class ReferenceSpec:
    """Where a reference encoding's ranks live and how it pre-tokenizes."""

    file: str
    sha256: str
    pattern: str
    special_tokens: dict[str, int]


_R50K_SHA = "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930"
_CL100K_SHA = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"
_O200K_SHA = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"

#: The encodings we ship, with the patterns and special tokens of ``tiktoken_ext/openai_public.py``.
REFERENCES: dict[str, ReferenceSpec] = {
    "gpt2": ReferenceSpec("r50k_base.tiktoken.gz", _R50K_SHA, "gpt2", {ENDOFTEXT: 50256}),
    "r50k_base": ReferenceSpec("r50k_base.tiktoken.gz", _R50K_SHA, "gpt2", {ENDOFTEXT: 50256}),
    "cl100k_base": ReferenceSpec(
        "cl100k_base.tiktoken.gz",
        _CL100K_SHA,
        "cl100k",
        {
            ENDOFTEXT: 100257,
            "<|fim_prefix|>": 100258,
            "<|fim_middle|>": 100259,
            "<|fim_suffix|>": 100260,
            ENDOFPROMPT: 100276,
        },
    ),
    "o200k_base": ReferenceSpec(
        "o200k_base.tiktoken.gz", _O200K_SHA, "o200k", {ENDOFTEXT: 199999, ENDOFPROMPT: 200018}
    ),
}


def reference_names() -> tuple[str, ...]:
    """Names accepted by :func:`get_encoding` and ``Tokenizer.from_tiktoken``."""
    return tuple(REFERENCES)


def read_rank_file(path: str | Path, *, expected_sha256: str | None = None) -> dict[bytes, int]:
    """Read a ``.tiktoken`` rank file (optionally gzipped: name ending ``.gz``) into ``{token bytes: rank}``.

    With ``expected_sha256``, the (decompressed) contents must have that hash. Every problem is an
    :class:`EncodingFileError` naming the file.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
        data = gzip.decompress(raw) if path.name.endswith(".gz") else raw
    except OSError as exc:
        raise EncodingFileError(Message.of("reference.unreadable", path=path, cause=exc)) from None
    except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
        raise EncodingFileError(Message.of("reference.not_gzip", path=path, detail=exc)) from None
    if expected_sha256 is not None:
        digest = hashlib.sha256(data).hexdigest()
        if digest != expected_sha256:
            raise EncodingFileError(
                Message.of("reference.not_official", path=path, digest=digest, expected=expected_sha256)
            )
    return parse_ranks(data, source=str(path))


def parse_ranks(data: bytes, *, source: str = "<data>") -> dict[bytes, int]:
    """Parse ``.tiktoken`` text: one ``base64(token) rank`` per line; blank lines are ignored; ``=`` is the empty
    token, as tiktoken's own reader has it.

    >>> parse_ranks(b"YQ== 0\\nYg== 1\\n= 2\\n")
    {b'a': 0, b'b': 1, b'': 2}
    """
    ranks: dict[bytes, int] = {}
    lines = 0
    for number, line in enumerate(data.splitlines(), start=1):
        fields = line.split()
        if not fields:
            continue
        if len(fields) != 2:
            raise EncodingFileError(f"{source}, line {number}: expected 'base64-token rank', got {line[:80]!r}")
        try:
            # "=" is the empty token, as tiktoken reads it (some published files end with one)
            token = b"" if fields[0] == b"=" else binascii.a2b_base64(fields[0], strict_mode=True)
            rank = int(fields[1])
        except (binascii.Error, ValueError):
            raise EncodingFileError(f"{source}, line {number}: bad token or rank in {line[:80]!r}") from None
        if rank < 0:
            raise EncodingFileError(f"{source}, line {number}: negative rank in {line[:80]!r}")
        ranks[token] = rank
        lines += 1
    if not ranks:
        raise EncodingFileError(Message.of("reference.no_tokens", path=source))
    if len(ranks) != lines or len(set(ranks.values())) != lines:
        raise _repeat_error(data, source)
    return ranks


def _repeat_error(data: bytes, source: str) -> EncodingFileError:
    """The error for the first line of ``data`` (well-formed lines) whose token or rank an earlier line gave."""
    tokens: set[bytes] = set()
    ranks: set[int] = set()
    for number, line in enumerate(data.splitlines(), start=1):
        fields = line.split()
        if not fields:
            continue
        token, rank = binascii.a2b_base64(fields[0], strict_mode=True), int(fields[1])
        if token in tokens or rank in ranks:
            return EncodingFileError(f"{source}, line {number}: token or rank given twice in {line[:80]!r}")
        tokens.add(token)
        ranks.add(rank)
    return EncodingFileError(f"{source}: a token or rank is given twice")


def reference_ranks(name: str, *, directory: str | Path | None = None) -> dict[bytes, int]:
    """The hash-checked ranks of a shipped encoding (``directory`` overrides where the files are looked for)."""
    spec = _spec(name)
    folder = Path(directory) if directory is not None else bpe_resources.resource_path("encodings")
    return read_rank_file(folder / spec.file, expected_sha256=spec.sha256)


def reference_pattern(name: str) -> str:
    """The pattern name (see ``bpe_core.pretokenize.patterns``) of a shipped encoding.

    >>> reference_pattern("o200k_base")
    'o200k'
    """
    return _spec(name).pattern


def reference_sha256(name: str) -> str:
    """The official SHA-256 of a shipped encoding's rank file (what it is known by).

    >>> reference_sha256("gpt2") == reference_sha256("r50k_base")
    True
    """
    return _spec(name).sha256


def reference_special_tokens(name: str) -> dict[str, int]:
    """The special tokens and their ids of a shipped encoding."""
    return dict(_spec(name).special_tokens)


@functools.cache
def _cached_ranks(name: str) -> dict[bytes, int]:
    return reference_ranks(name)


def cached_reference_ranks(name: str) -> dict[bytes, int]:
    """Like :func:`reference_ranks` for the shipped files, loaded once per process (do not modify the dict)."""
    _spec(name)
    file = REFERENCES[name].file
    # gpt2 and r50k_base share one file; load it once.
    first = next(n for n, s in REFERENCES.items() if s.file == file)
    return _cached_ranks(first)


@functools.cache
def get_encoding(name: str) -> tiktoken.Encoding:
    """A ``tiktoken.Encoding`` for a shipped reference encoding, built from the local hash-checked file.

    Unlike ``tiktoken.get_encoding`` it never touches the network.
    """
    spec = _spec(name)
    source = pattern_source(spec.pattern)
    assert source is not None, "a shipped encoding has a pattern"
    return tiktoken.Encoding(
        name,
        pat_str=source,
        mergeable_ranks=cached_reference_ranks(name),
        special_tokens=dict(spec.special_tokens),
    )


def encoding_from_file(
    path: str | Path,
    pattern: str,
    special_tokens: dict[str, int] | None = None,
    *,
    name: str | None = None,
    expected_sha256: str | None = None,
) -> tiktoken.Encoding:
    """A ``tiktoken.Encoding`` from a user's ``.tiktoken`` file and a pattern (a name from
    ``bpe_core.pretokenize.patterns.PATTERNS`` other than ``none``, or a regex).

    Special token ids must not collide with ranks.
    """
    ranks = read_rank_file(path, expected_sha256=expected_sha256)
    return _make_encoding(name or Path(path).name, ranks, pattern, special_tokens or {})


def _make_encoding(name: str, ranks: dict[bytes, int], pattern: str, special_tokens: dict[str, int]):
    source = pattern_source(pattern)
    if source is None or get_pattern(pattern) is None:
        raise PatternError("tiktoken needs a pre-tokenization pattern; 'none' is not supported here")
    used = set(ranks.values())
    for token, token_id in special_tokens.items():
        if token_id in used:
            raise ValueError(f"special token {token!r} has id {token_id}, which is already a rank")
        used.add(token_id)
    return tiktoken.Encoding(name, pat_str=source, mergeable_ranks=ranks, special_tokens=dict(special_tokens))


def _spec(name: str) -> ReferenceSpec:
    try:
        return REFERENCES[name]
    except KeyError:
        known = ", ".join(REFERENCES)
        raise ValueError(f"unknown reference encoding {name!r}; known: {known}") from None
