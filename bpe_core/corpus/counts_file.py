"""Pre-token counts as data: the one thing BPE training needs from a corpus, written once and trained from again
(other vocabulary sizes, other variants) without reading the corpus.

A counts file is Parquet (columns ``pretoken``: binary, the pre-token's UTF-8 bytes, and ``count``: int64; the
pattern, the special tokens and how many special tokens were seen in the file's metadata), readable by pandas, DuckDB
and Spark; or a plain ``TEXT<TAB>COUNT`` file (UTF-8, one pre-token a line, as a Spark or Hadoop word count writes
it; tabs, newlines and backslashes in a pre-token written as ``\\t``, ``\\n``, ``\\\\``). pyarrow is needed for
Parquet only (``pip install -e ".[ray]"``). A file is a local path or a URI (``s3://...``, as a corpus).

Every file is checked whole before anything trains on it, and refused naming the file, the row (Parquet, from 1)
or line and what was expected: a regular file of at most :data:`MAX_FILE_BYTES` (a device or a named pipe is
refused unread); ``pretoken`` binary (or string), ``count`` integers; no nulls; counts of at least 0 (a pre-token
counted 0 times adds nothing); metadata, when present, a JSON object whose fields have their types (``specials``
and ``corpus_bytes`` whole numbers of at least 0); in all at most :data:`MAX_TOKENS` tokens, so that no pair
count can pass what training counts exactly; and at least one pre-token counted: else there is nothing to train.

>>> import tempfile, os
>>> from collections import Counter
>>> path = os.path.join(tempfile.mkdtemp(), "counts.tsv")
>>> write_counts(path, Counts(Counter({"hello": 3, " world\\n": 2}), "gpt2", ("<|endoftext|>",), specials=1))
>>> back = read_counts([path], pattern="gpt2")
>>> sorted(back.words.items()), back.pattern
([(' world\\n', 2), ('hello', 3)], 'gpt2')
"""

from __future__ import annotations

import json
import os
import stat
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO

from bpe_core.corpus.locations import RemoteFileError, file_name, is_uri, open_remote, remote_size
from bpe_core.formats.files import kind_of, write_bytes_atomically
from bpe_core.messages import ENGLISH, EngineError, Message, placeholders
from bpe_core.pretokenize.patterns import PatternError, get_pattern

#: The metadata key of a Parquet counts file.
META_KEY = b"bpe_explorer"
FORMAT = "bpe-explorer-counts"
#: The largest counts file read: some 100 million distinct pre-tokens, more than fit in memory once read.
MAX_FILE_BYTES = 2 << 30
#: The most tokens counts may stand for (each pre-token's bytes times its count, summed over the files, and the
#: special tokens): the merge engine sums pair counts as float64, exact up to 2**53, and keeps them as int64.
MAX_TOKENS = 2**53
_ESCAPES = {"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"}
_UNESCAPES = {"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}


class CountsFileError(EngineError, ValueError):
    """A counts file that cannot be read, or counts that cannot be summed (the message says which and why; what a
    window may show is a :class:`~bpe_core.messages.Message`)."""


@dataclass
class Counts:
    """Distinct pre-tokens with their counts, the pattern and special tokens they were cut with, how many special
    tokens the corpus held, and the corpus's file names, size in bytes and SHA-256 (for the training record; a
    ``TEXT<TAB>COUNT`` file says none of these: ``pattern`` None, the size that of its pre-tokens)."""

    words: Counter
    pattern: str | None
    special_tokens: tuple[str, ...] = ()
    specials: int = 0
    corpus_names: tuple[str, ...] = ()
    corpus_bytes: int = 0
    corpus_sha256: str = ""


def write_counts(path: str | os.PathLike, counts: Counts) -> None:
    """Write ``counts`` as Parquet (a ``.parquet`` path) or ``TEXT<TAB>COUNT`` (any other), atomically."""
    if os.fspath(path).endswith(".parquet"):
        data = _parquet_bytes(counts)
    else:
        lines = (f"{_escape(word)}\t{n}\n" for word, n in sorted(counts.words.items(), key=lambda item: -item[1]))
        data = "".join(lines).encode("utf-8")
    write_bytes_atomically(path, data)


def read_counts(paths: Sequence[str | os.PathLike], *, pattern: str | None = None) -> Counts:
    """The sum of the counts in ``paths`` (local paths or URIs). Parquet files must agree on their pattern and
    special tokens (and with ``pattern`` when given); a ``TEXT<TAB>COUNT`` file takes them from the others or from
    ``pattern``. Every file is checked whole (see the module's documentation); counts that sum to nothing are
    refused: there is nothing to train."""
    total = Counts(Counter(), pattern)
    tokens = 0  # the tokens counted so far: the pre-tokens' bytes times their counts, and the special tokens
    for path in paths:
        name = os.fspath(path)
        with _open(name) as stream:
            counts, tokens = (_read_parquet if _is_parquet(name) else _read_tsv)(name, stream, tokens)
        if counts.pattern is not None:
            if total.pattern is not None and counts.pattern != total.pattern:
                raise _error("counts.patterns_differ", name, pattern=repr(counts.pattern), other=repr(total.pattern))
            if total.special_tokens and counts.special_tokens and counts.special_tokens != total.special_tokens:
                raise _error("counts.specials_differ", name)
            total.pattern = counts.pattern
            total.special_tokens = counts.special_tokens or total.special_tokens
        total.words.update(counts.words)
        total.specials += counts.specials
        total.corpus_names += counts.corpus_names or (file_name(name),)
        total.corpus_bytes += counts.corpus_bytes or sum(
            len(w.encode("utf-8", "surrogatepass")) * n for w, n in counts.words.items()
        )
        total.corpus_sha256 = counts.corpus_sha256 if len(paths) == 1 else ""
    if not total.words:
        names = ", ".join(os.fspath(path) for path in paths) or "no counts files"
        raise CountsFileError(Message.of("counts.nothing_to_train", paths=names))
    return total


def _parquet_bytes(counts: Counts) -> bytes:
    pa, pq = _pyarrow()
    table = pa.table(
        {
            "pretoken": pa.array([w.encode("utf-8", "surrogatepass") for w in counts.words], type=pa.binary()),
            "count": pa.array(list(counts.words.values()), type=pa.int64()),
        }
    )
    meta: dict[str, object] = {
        "format": FORMAT,
        "pattern": counts.pattern,
        "special_tokens": list(counts.special_tokens),
    }
    meta |= {"specials": counts.specials, "corpus_names": list(counts.corpus_names)}
    meta |= {"corpus_bytes": counts.corpus_bytes, "corpus_sha256": counts.corpus_sha256}
    table = table.replace_schema_metadata({META_KEY: json.dumps(meta).encode("utf-8")})
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    return sink.getvalue().to_pybytes()


def _is_parquet(name: str) -> bool:
    return file_name(name).endswith(".parquet")


def _open(name: str) -> BinaryIO:
    """A binary stream of the counts file ``name`` (a path or a URI), refused unread when it is not a regular file
    or holds more than :data:`MAX_FILE_BYTES`."""
    if is_uri(name):
        try:
            size = remote_size(name)
            stream = None if size > MAX_FILE_BYTES else open_remote(name)
        except RemoteFileError as exc:
            raise CountsFileError(str(exc)) from None
    else:
        try:
            mode, size = _stat(name)
        except OSError as exc:
            raise CountsFileError(f"{name}: cannot read the file: {exc.strerror or exc}") from None
        if not stat.S_ISREG(mode):
            raise CountsFileError(f"{name}: is {kind_of(mode)}, not a regular file: counts are read from files only")
        stream = None if size > MAX_FILE_BYTES else open(name, "rb")
    if stream is None:
        raise _error("counts.too_large", name, size=f"{size:,}", limit=f"{MAX_FILE_BYTES:,}")
    return stream


def _stat(name: str) -> tuple[int, int]:
    info = os.stat(name)
    return info.st_mode, info.st_size


def _error(code: str, name: str, **fields) -> CountsFileError:
    """The error ``code`` of :data:`bpe_core.messages.ENGLISH` about the counts file ``name``."""
    return CountsFileError(Message.of(code, path=name, **fields))


def _read_parquet(name: str, stream: BinaryIO, tokens: int) -> tuple[Counts, int]:
    """The counts of a Parquet file, every row and metadata field checked; ``tokens`` as for :func:`_add`."""
    pa, pq = _pyarrow()
    data = stream.read(MAX_FILE_BYTES + 1)  # a remote stream cannot seek: Parquet is read from memory
    if len(data) > MAX_FILE_BYTES:
        raise _error("counts.grew", name, limit=f"{MAX_FILE_BYTES:,}")
    try:
        # No thread: Arrow's thread pools can still be tearing down a read when the interpreter exits, which aborts
        # the process (SIGABRT, "terminate called without an active exception") or hangs it (apache/arrow#33975,
        # #34314). read_table starts a pool thread even with use_threads=False; ParquetFile without pre-buffering
        # reads in this thread alone, and the file is in memory already.
        parquet = pq.ParquetFile(pa.BufferReader(data), pre_buffer=False)
        _check_columns(name, parquet.schema_arrow)  # ParquetFile.read leaves out a missing column, reads both of two
        table = parquet.read(columns=["pretoken", "count"], use_threads=False)
    except (OSError, pa.ArrowException) as exc:
        raise _error("counts.not_parquet", name, detail=exc) from None
    _check_column(name, table, "pretoken", _is_text_or_bytes)
    _check_column(name, table, "count", pa.types.is_integer)
    meta = _metadata(name, (table.schema.metadata or {}).get(META_KEY))
    specials = meta.get("specials", 0)
    tokens = _within_bound(name, ("specials", None), tokens + specials)
    words: Counter = Counter()
    row = 0
    for chunk in table.to_batches():
        for data, n in zip(chunk.column(0).to_pylist(), chunk.column(1).to_pylist()):
            row += 1
            if data is None or n is None:
                raise _error("counts.null", name, row=row, column="pretoken" if data is None else "count")
            tokens = _add(words, name, ("row", row), _text(name, row, data), n, tokens)
    counts = Counts(words, meta.get("pattern"), tuple(meta.get("special_tokens", ())), specials)
    counts.corpus_names = tuple(meta.get("corpus_names", ()))
    counts.corpus_bytes, counts.corpus_sha256 = meta.get("corpus_bytes", 0), meta.get("corpus_sha256", "")
    return counts, tokens


def _check_columns(name: str, schema) -> None:
    """Refuse a schema without one column named ``pretoken`` and one named ``count`` (others are ignored)."""
    for column in ("pretoken", "count"):
        times = len(schema.get_all_field_indices(column))
        if times == 0:
            raise _error("counts.column_missing", name, column=column)
        if times > 1:
            raise _error("counts.column_repeated", name, column=column, times=times)


def _is_text_or_bytes(kind) -> bool:
    pa, _ = _pyarrow()
    kinds = (pa.types.is_binary, pa.types.is_large_binary, pa.types.is_string, pa.types.is_large_string)
    return any(is_kind(kind) for is_kind in kinds)


def _check_column(name: str, table, column: str, fits: Callable) -> None:
    kind = table.schema.field(column).type
    if not fits(kind):
        raise _error(f"counts.{column}_type", name, kind=kind)


def _text(name: str, row: int, data: str | bytes) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError as exc:
        raise _error("counts.pretoken_not_utf8", name, row=row, byte=exc.start) from None


def _metadata(name: str, raw: bytes | None) -> dict:
    """The metadata of a Parquet counts file (``{}`` when it has none), each field checked."""
    if raw is None:
        return {}
    try:
        meta = json.loads(raw)
    except (ValueError, RecursionError):
        raise _error("counts.metadata_not_json", name, key=META_KEY.decode()) from None
    if not isinstance(meta, dict):
        fields = ", ".join(_FIELDS)
        raise _error("counts.metadata_not_object", name, key=META_KEY.decode(), value=_shown(meta), fields=fields)
    for field, (fits, code) in _FIELDS.items():
        if field in meta and not fits(meta[field]):
            raise _field_error(name, field, code, meta[field])
    if meta.get("pattern") is not None:
        try:
            get_pattern(meta["pattern"])
        except PatternError as exc:  # it would be refused after the counts were read, not naming their file
            raise _error("counts.field_pattern_invalid", name, detail=exc) from None
    return meta


def _field_error(name: str, field: str, code: str, value) -> CountsFileError:
    """The error ``code`` about the metadata ``field`` of ``name`` holding ``value``, with the fields it says."""
    known = {"path": name, "field": field, "value": _shown(value), "format": repr(FORMAT), "limit": f"{MAX_TOKENS:,}"}
    said = placeholders(ENGLISH[code])
    return CountsFileError(Message.of(code, **{key: text for key, text in known.items() if key in said}))


def _shown(value) -> str:
    """``value`` as JSON, cut to 60 characters.

    >>> _shown([1, 2]), _shown(None), _shown("x" * 70)[-5:]
    ('[1, 2]', 'null', 'xx...')
    """
    shown = json.dumps(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _is_count(value) -> bool:
    return type(value) is int and 0 <= value <= MAX_TOKENS


def _is_texts(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _is_tokens(value) -> bool:
    return _is_texts(value) and all(value)


#: The metadata fields of a Parquet counts file: whether a value fits, and the message saying it does not.
_FIELDS: dict[str, tuple[Callable, str]] = {
    "format": (lambda value: value == FORMAT, "counts.field_format"),
    "pattern": (lambda value: value is None or isinstance(value, str), "counts.field_pattern"),
    "special_tokens": (_is_tokens, "counts.field_texts"),
    "specials": (_is_count, "counts.field_count"),
    "corpus_names": (_is_tokens, "counts.field_texts"),
    "corpus_bytes": (_is_count, "counts.field_count"),
    "corpus_sha256": (lambda value: isinstance(value, str), "counts.field_text"),
}


def _add(words: Counter, name: str, where: tuple[str, int], word: str, n: int, tokens: int) -> int:
    """Count ``word`` ``n`` more times in ``words``; returns ``tokens`` (the bytes times the counts read so far)
    with this one's, refused past :data:`MAX_TOKENS`. ``where``: ``("row", 3)``, ``("line", 3)``. A negative
    count is refused; a count of 0 adds nothing."""
    kind, number = where
    if n < 0:
        raise _error(f"counts.{kind}_negative", name, count=n, **{kind: number})
    if n:
        words[word] += n
        tokens = _within_bound(name, where, tokens + n * len(word.encode("utf-8", "surrogatepass")))
    return tokens


def _within_bound(name: str, where: tuple[str, int | None], tokens: int) -> int:
    """``tokens``, refused past :data:`MAX_TOKENS` at ``where`` (a row, a line, or ``("specials", None)``)."""
    kind, number = where
    if tokens > MAX_TOKENS:
        at = {kind: number} if number is not None else {}
        raise _error(f"counts.{kind}_too_many", name, limit=f"{MAX_TOKENS:,}", **at)
    return tokens


def _read_tsv(name: str, stream: BinaryIO, tokens: int) -> tuple[Counts, int]:
    """The counts of a ``TEXT<TAB>COUNT`` file, every line checked; ``tokens`` as for :func:`_add`."""
    words: Counter = Counter()
    offset = 0
    for number, data in enumerate(_lines(name, stream), 1):
        try:
            line = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _error("counts.tsv_not_utf8", name, byte=offset + exc.start, line=number) from None
        offset += len(data) + 1
        text, tab, count = line.rpartition("\t")
        count = count.strip()
        if not tab or not (count.isascii() and count.isdigit()):
            raise _error("counts.not_tsv", name, line=number)
        n = int(count) if len(count) <= len(str(MAX_TOKENS)) else MAX_TOKENS + 1
        tokens = _add(words, name, ("line", number), _unescape(text), n, tokens)
    return Counts(words, None), tokens


def _lines(name: str, stream: BinaryIO) -> Iterator[bytes]:
    """The lines of ``stream`` without their ``\\n``, read a block at a time, at most :data:`MAX_FILE_BYTES` in all
    (a file may grow, or say a size it does not hold)."""
    pending: list[bytes] = []  # the start of a line that has not ended yet
    read = 0
    while block := stream.read(1 << 20):
        read += len(block)
        if read > MAX_FILE_BYTES:
            raise _error("counts.grew", name, limit=f"{MAX_FILE_BYTES:,}")
        if b"\n" not in block:
            pending.append(block)
            continue
        first, *lines, last = block.split(b"\n")
        yield b"".join([*pending, first])
        yield from lines
        pending = [last]
    if tail := b"".join(pending):
        yield tail


def _escape(word: str) -> str:
    return "".join(_ESCAPES.get(ch, ch) for ch in word)


def _unescape(text: str) -> str:
    if "\\" not in text:
        return text
    out, chars = [], iter(text)
    for ch in chars:
        if ch != "\\":
            out.append(ch)
            continue
        following = next(chars, "")
        out.append(_UNESCAPES.get(following, "\\" + following))  # an unknown escape is kept as written
    return "".join(out)


def _pyarrow():
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise CountsFileError(
            'reading and writing Parquet needs pyarrow: pip install -e ".[ray]" (or pip install pyarrow)'
        ) from None
    return pa, pq
