"""Audit a vocabulary: tokens no text produces, tokens that are partial UTF-8 alone, byte strings held by several
ids, and given texts each token's usage (tokens used 0 times are the under-trained candidates), a Zipf table,
and for a tokenizer we trained the count each merge had when it was made beside its final usage.

*Unreachable* is the issue's test: decode the token, encode the text again; if that does not give exactly the
token's id, no text produces it that way (``vocab: a b c ab bc abc`` merged as (a,b), (b,c), (a,bc): the text
"abc" encodes as ``ab c``, so ``abc`` is unreachable). Partial UTF-8 tokens have no text of their own: they
are listed apart, not tested; special tokens are not tested.

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> from bpe_core.training.merged_vocab import vocab_from_merges
>>> merges = [(b"a", b"b"), (b"b", b"c"), (b"a", b"bc")]
>>> tok = Tokenizer(vocab_from_merges(merges), merges, pattern="none")
>>> result = audit_vocabulary(tok, texts=["abab c"])
>>> result.unreachable
{258: (256, 99)}
>>> [result.table.tokens[r] for r in result.unused_rows() if result.table.rank[r] >= 0]
[b'bc', b'abc']
>>> result.usage[result.table.row_of([256])].tolist()
[2]
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from bpe_core.cancelled import Cancelled
from bpe_core.formats.files import write_text_atomically
from bpe_core.render.csv_cells import safe_record
from bpe_core.vocabulary.source import Encode, VocabularySource, vocabulary_source
from bpe_core.vocabulary.table import SCRIPTS, VocabTable, build_table

CancelCheck = Callable[[], bool]
#: Ids counted at once by :func:`row_counts` (the 8 bytes each of numpy's copy).
_COUNTED_AT_ONCE = 1 << 20
Progress = Callable[[int, int], None]


@dataclass
class Audit:
    """The findings for one vocabulary. ``usage`` (per row) is ``None`` without texts; ``merge_count`` (per row,
    -1 where none) is ``None`` without a training record."""

    table: VocabTable
    unreachable: dict[int, tuple[int, ...]]
    duplicates: list[tuple[int, ...]]
    usage: np.ndarray | None = None
    merge_count: np.ndarray | None = None

    def partial_rows(self) -> np.ndarray:
        """Rows of the tokens that are not valid UTF-8 on their own."""
        return np.flatnonzero(self.table.script == SCRIPTS.index("partial UTF-8"))

    def unused_rows(self) -> np.ndarray:
        """Rows of the ordinary tokens used 0 times in the texts (empty without texts)."""
        if self.usage is None:
            return np.zeros(0, dtype=np.int64)
        return np.flatnonzero((self.usage == 0) & ~self.table.special)

    def zipf(self) -> np.ndarray:
        """``(rank, count, id)`` rows of the used tokens, most used first (ties in id order)."""
        if self.usage is None:
            return np.zeros((0, 3), dtype=np.int64)
        used = np.flatnonzero(self.usage > 0)
        order = used[np.lexsort((self.table.ids[used], -self.usage[used]))]
        return np.stack([np.arange(1, len(order) + 1), self.usage[order], self.table.ids[order]], axis=1)

    def merge_vs_usage(self) -> np.ndarray:
        """``(rank, id, count at merge time, usage)`` for every merged token of the training record."""
        if self.merge_count is None or self.usage is None:
            return np.zeros((0, 4), dtype=np.int64)
        rows = np.flatnonzero(self.merge_count >= 0)
        rows = rows[np.argsort(self.table.rank[rows], kind="stable")]
        table = self.table
        return np.stack([table.rank[rows], table.ids[rows], self.merge_count[rows], self.usage[rows]], axis=1)

    def rows(self) -> list[dict]:
        """One record per token: the columns of the CSV export."""
        table, records = self.table, []
        unreachable, duplicated = self.unreachable, {i for group in self.duplicates for i in group}
        for row in range(len(table)):
            token_id = int(table.ids[row])
            records.append(
                {
                    "id": token_id,
                    "merge": int(table.rank[row]) + 1 if table.rank[row] >= 0 else "",  # merge 1 the first
                    "label": table.labels[row],
                    "hex": table.tokens[row].hex(),
                    "script": SCRIPTS[table.script[row]],
                    "unreachable": token_id in unreachable,
                    "encodes_as": " ".join(map(str, unreachable.get(token_id, ()))),
                    "partial_utf8": bool(table.n_chars[row] < 0),
                    "duplicate": token_id in duplicated,
                    "usage": "" if self.usage is None else int(self.usage[row]),
                    "merge_count": "" if self.merge_count is None else int(self.merge_count[row]),
                }
            )
        return records

    def to_csv(self) -> str:
        """The per-token records as CSV text (header first; formula-like text begins with ``'``)."""
        out = io.StringIO()
        records = self.rows()
        writer = csv.DictWriter(out, fieldnames=list(records[0]) if records else ["id"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(map(safe_record, records))
        return out.getvalue()

    def to_json(self) -> dict:
        """A JSON-ready summary: counts, the flagged ids, and the usage and Zipf table when known."""
        table = self.table
        summary = {
            "vocabulary": table.name,
            "tokens": len(table),
            "unreachable": {str(i): list(ids) for i, ids in self.unreachable.items()},
            "partial_utf8": table.ids[self.partial_rows()].tolist(),
            "duplicates": [list(group) for group in self.duplicates],
        }
        if self.usage is not None:
            summary["unused"] = table.ids[self.unused_rows()].tolist()
            summary["zipf"] = self.zipf()[:, :2].tolist()
        if self.merge_count is not None and self.usage is not None:
            summary["merge_vs_usage"] = self.merge_vs_usage().tolist()
        return summary

    def write(self, path: str | os.PathLike) -> None:
        """Write the audit as CSV (a path ending ``.csv``) or JSON (``.json``)."""
        path = os.fspath(path)
        if path.endswith(".csv"):
            text = self.to_csv()
        elif path.endswith(".json"):
            text = json.dumps(self.to_json(), ensure_ascii=False, indent=1)
        else:
            raise ValueError(f"{path}: the audit is written as .csv or .json")
        write_text_atomically(path, text)

    def summary(self) -> list[str]:
        """Lines of text for a report."""
        table = self.table
        lines = [
            f"{table.name}: {len(table):,} tokens; {len(self.unreachable):,} unreachable (their text encodes "
            f"otherwise), {len(self.partial_rows()):,} partial UTF-8 alone, {len(self.duplicates):,} byte strings "
            "held by several ids"
        ]
        for token_id, ids in list(self.unreachable.items())[:10]:
            row = int(table.row_of([token_id])[0])
            lines.append(f"  unreachable {token_id} {table.labels[row]!r} encodes as {list(ids)}")
        if self.usage is not None:
            unused = self.unused_rows()
            lines.append(f"  used in the text: {int((self.usage > 0).sum()):,} tokens; unused: {len(unused):,}")
            top = self.zipf()[:5]
            shown = ", ".join(f"{table.labels[int(table.row_of([i])[0])]!r} {c:,}" for _, c, i in top.tolist())
            lines.append(f"  most used: {shown}")
        return lines


def audit_vocabulary(
    tokenizer,
    *,
    table: VocabTable | None = None,
    texts: Iterable[str] | None = None,
    cancelled: CancelCheck | None = None,
    progress: Progress | None = None,
    usage_encode: Encode | None = None,
) -> Audit:
    """Audit ``tokenizer`` (anything :func:`~bpe_core.vocabulary.source.vocabulary_source` takes); ``texts``
    are encoded for usage counts, by ``usage_encode`` if given (the same ids as the tokenizer's: a reference's
    large text encoded on every core, :func:`bpe_core.encoding.parallel_encode.large_text_encoder`).
    ``cancelled()`` is polled every 4,096 tokens (raises :class:`~bpe_core.cancelled.Cancelled`);
    ``progress(done, total)`` reports tokens tested."""
    source = vocabulary_source(tokenizer)
    table = table if table is not None else build_table(source)
    result = Audit(table, find_unreachable(source, table, cancelled, progress), find_duplicates(table))
    if texts is not None:
        counted = source if usage_encode is None else dataclasses.replace(source, encode=usage_encode)
        result.usage = usage_counts(counted, table, texts, cancelled)
    if source.record is not None:
        result.merge_count = merge_time_counts(source.record, table)
    return result


def find_unreachable(
    source: VocabularySource, table: VocabTable, cancelled: CancelCheck | None = None, progress: Progress | None = None
) -> dict[int, tuple[int, ...]]:
    """Id -> the ids its own text encodes to, for the ordinary, valid UTF-8 tokens whose text does not encode as
    themselves."""
    if source.encode is None:
        raise ValueError(f"{source.name}: no encoder, so tokens cannot be re-encoded")
    encode, found = source.encode, {}
    tested = np.flatnonzero((table.n_chars >= 0) & ~table.special).tolist()
    for done, row in enumerate(tested):
        if done & 4095 == 0:
            _check(cancelled)
            if progress is not None:
                progress(done, len(tested))
        token_id = int(table.ids[row])
        ids = encode(table.texts[row])
        if len(ids) != 1 or ids[0] != token_id:
            found[token_id] = tuple(int(i) for i in ids)
    if progress is not None:
        progress(len(tested), len(tested))
    return found


def find_duplicates(table: VocabTable) -> list[tuple[int, ...]]:
    """Groups of ids (ascending) holding the same bytes, by the smallest id.

    >>> from bpe_core.vocabulary.source import VocabularySource
    >>> find_duplicates(build_table(VocabularySource("v", {0: b"a", 1: b"b", 7: b"a"})))
    [(0, 7)]
    """
    groups: dict[bytes, list[int]] = {}
    for token_id, token in zip(table.ids.tolist(), table.tokens):
        groups.setdefault(token, []).append(token_id)
    return [tuple(ids) for ids in groups.values() if len(ids) > 1]


def usage_counts(
    source: VocabularySource, table: VocabTable, texts: Iterable[str], cancelled: CancelCheck | None = None
) -> np.ndarray:
    """How often each row's token occurs when the texts are encoded (ids not in the table are ignored). The texts
    may be the pieces of one large text (:func:`bpe_core.vocabulary.text_pieces.text_pieces`): each is counted
    as it comes, its ids as they are (no copy of them all)."""
    if source.encode is None:
        raise ValueError(f"{source.name}: no encoder, so usage cannot be counted")
    counts = np.zeros(len(table), dtype=np.int64)
    if isinstance(texts, str):
        texts = [texts]
    for text in texts:
        _check(cancelled)
        counts += row_counts(source.encode(text), table)
    return counts


def row_counts(ids, table: VocabTable) -> np.ndarray:
    """Per row of ``table``, how often its id is among ``ids`` (a list, or an array such as the uint32 ids of
    ``Tokenizer.encode_array``); an id not in the table is not counted.

    >>> from bpe_core.vocabulary.source import VocabularySource
    >>> row_counts([9, 5, 9, 7, 12], build_table(VocabularySource("v", {5: b"a", 9: b"b"}))).tolist()
    [1, 2]
    >>> row_counts([9, 7, 10**6], build_table(VocabularySource("v", {5: b"a", 10**6: b"b"}))).tolist()
    [0, 1]
    """
    if not len(table):
        return np.zeros(0, dtype=np.int64)
    ids = ids if isinstance(ids, np.ndarray) else np.asarray(ids, dtype=np.int64)
    top = int(table.ids[-1])  # the table's ids ascend
    if top > 8 * len(table) + 1024:  # ids far apart: a count per possible id would be mostly empty
        rows = table.row_of(ids)
        return np.bincount(rows[rows >= 0], minlength=len(table))
    by_id = np.zeros(top + 1, dtype=np.int64)
    for start in range(0, len(ids), _COUNTED_AT_ONCE):  # bincount copies its ids to int64: a block at a time
        block = ids[start : start + _COUNTED_AT_ONCE]
        if block.min() < 0 or block.max() > top:
            block = block[(block >= 0) & (block <= top)]
        by_id += np.bincount(block, minlength=top + 1)
    return by_id[table.ids]


def merge_time_counts(record, table: VocabTable) -> np.ndarray:
    """Per row, the count its merge had when the trainer chose it (-1 for tokens no step made)."""
    counts = np.full(len(table), -1, dtype=np.int64)
    if record.steps:
        rows = table.row_of([s.new_id for s in record.steps])
        values = np.array([s.count for s in record.steps], dtype=np.int64)
        counts[rows[rows >= 0]] = values[rows >= 0]
    return counts


def _check(cancelled: CancelCheck | None) -> None:
    if cancelled is not None and cancelled():
        raise Cancelled("the vocabulary audit was cancelled")
