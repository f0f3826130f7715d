"""Pre-token counts as data: the one thing BPE training needs from a corpus, written once and trained from again
(other vocabulary sizes, other variants) without reading the corpus.

A counts file is Parquet (columns ``pretoken``: binary, the pre-token's UTF-8 bytes, and ``count``: int64; the
pattern, the special tokens and how many special tokens were seen in the file's metadata), readable by pandas, DuckDB
and Spark; or a plain ``TEXT<TAB>COUNT`` file (UTF-8, one pre-token a line, as a Spark or Hadoop word count writes
it; tabs, newlines and backslashes in a pre-token written as ``\\t``, ``\\n``, ``\\\\``). pyarrow is needed for
Parquet only (``pip install -e ".[ray]"``).

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
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bpe_core.formats.files import write_bytes_atomically

#: The metadata key of a Parquet counts file.
META_KEY = b"bpe_explorer"
FORMAT = "bpe-explorer-counts"
_ESCAPES = {"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"}
_UNESCAPES = {"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}


class CountsFileError(ValueError):
    """A counts file that cannot be read, or counts that cannot be summed (the message says which and why)."""


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
    """The sum of the counts in ``paths``. Parquet files must agree on their pattern and special tokens (and with
    ``pattern`` when given); a ``TEXT<TAB>COUNT`` file takes them from the others or from ``pattern``."""
    total = Counts(Counter(), pattern)
    for path in paths:
        counts = _read_parquet(path) if os.fspath(path).endswith(".parquet") else _read_tsv(path)
        if counts.pattern is not None:
            if total.pattern is not None and counts.pattern != total.pattern:
                raise CountsFileError(
                    f"{path}: counted with the pattern {counts.pattern!r}, not {total.pattern!r} like the others: "
                    "counts cut differently cannot be summed"
                )
            if total.special_tokens and counts.special_tokens and counts.special_tokens != total.special_tokens:
                raise CountsFileError(f"{path}: its special tokens differ from the other files'")
            total.pattern = counts.pattern
            total.special_tokens = counts.special_tokens or total.special_tokens
        total.words.update(counts.words)
        total.specials += counts.specials
        total.corpus_names += counts.corpus_names or (os.path.basename(os.fspath(path)),)
        total.corpus_bytes += counts.corpus_bytes or sum(
            len(w.encode("utf-8", "surrogatepass")) * n for w, n in counts.words.items()
        )
        total.corpus_sha256 = counts.corpus_sha256 if len(paths) == 1 else ""
    return total


def _parquet_bytes(counts: Counts) -> bytes:
    pa, pq = _pyarrow()
    table = pa.table(
        {
            "pretoken": pa.array([w.encode("utf-8", "surrogatepass") for w in counts.words], type=pa.binary()),
            "count": pa.array(list(counts.words.values()), type=pa.int64()),
        }
    )
    meta = {"format": FORMAT, "pattern": counts.pattern, "special_tokens": list(counts.special_tokens)}
    meta |= {"specials": counts.specials, "corpus_names": list(counts.corpus_names)}
    meta |= {"corpus_bytes": counts.corpus_bytes, "corpus_sha256": counts.corpus_sha256}
    table = table.replace_schema_metadata({META_KEY: json.dumps(meta).encode("utf-8")})
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    return sink.getvalue().to_pybytes()


def _read_parquet(path) -> Counts:
    pa, pq = _pyarrow()
    try:
        table = pq.read_table(path, columns=["pretoken", "count"])
    except (OSError, pa.ArrowInvalid, KeyError) as exc:
        raise CountsFileError(f"{path}: not a counts file this program reads ({exc})") from None
    raw = (table.schema.metadata or {}).get(META_KEY)
    try:
        meta = json.loads(raw) if raw else {}
    except ValueError:
        meta = {}
    words: Counter = Counter()
    for chunk in table.to_batches():
        for data, n in zip(chunk.column(0).to_pylist(), chunk.column(1).to_pylist()):
            if data is None or n is None or n < 0:
                raise CountsFileError(f"{path}: a row with no pre-token or a negative count")
            words[data.decode("utf-8", "surrogatepass")] += n
    return Counts(
        words,
        meta.get("pattern"),
        tuple(meta.get("special_tokens") or ()),
        int(meta.get("specials", 0)),
        tuple(meta.get("corpus_names") or ()),
        int(meta.get("corpus_bytes", 0)),
        str(meta.get("corpus_sha256", "")),
    )


def _read_tsv(path) -> Counts:
    words: Counter = Counter()
    try:
        with open(path, encoding="utf-8", newline="\n") as file:
            for number, line in enumerate(file, 1):
                text, tab, count = line.rstrip("\n").rpartition("\t")
                if not tab or not count.strip().isdigit():
                    raise CountsFileError(f"{path}: line {number} is not TEXT<TAB>COUNT")
                words[_unescape(text)] += int(count)
    except UnicodeDecodeError as exc:
        raise CountsFileError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise CountsFileError(f"{path}: cannot read the file: {exc.strerror or exc}") from None
    return Counts(words, None)


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
