"""Pack a :class:`~bpe_core.training.steps.TrainingRecord` compactly for our JSON file, and unpack it with every check.

A record of 50,000 merges with 20 top pairs each holds over three million numbers; as JSON lists they take
~30 MB and seconds to parse. So the steps are stored as columns: each column is a string
``"<type>:<base64 of the zlib-compressed little-endian values>"`` with type ``u32`` or ``u64``, and the tokens as
one compressed byte string plus their lengths. The other fields stay plain JSON, as in ``TrainingRecord.to_dict``.

A column inflates to what the record may hold and no further: a step keeps at most
:data:`~bpe_core.training.steps.MAX_TOP_PAIRS` runners-up (16 bytes each: two u32 ids and a u64 count), and a file's
record has at most one step per merge, so its pairs take at most ``merges x MAX_TOP_PAIRS x 16`` bytes; a record
declaring more is refused before its pairs are inflated (a 1.3 MB file declaring 60 M pairs would unpack into
gigabytes). A file's steps are unpacked only when first used (:class:`StoredRecord`): a tokenizer opened to encode never
unpacks them.

>>> from bpe_core.training.steps import MergeStep, TrainingRecord
>>> step = MergeStep(0, 256, 97, 98, b"ab", 5, 10, ((97, 98, 5), (98, 99, 2)))
>>> record = TrainingRecord(["c.txt"], 15, "0" * 64, {"vocab_size": 257}, 3, 15, [step], "vocab_size reached")
>>> packed = pack_record(record)
>>> packed["steps"]["id"][:4]
'u32:'
>>> unpack_record(packed) == record
True
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import sys
import zlib
from array import array
from typing import Any

from bpe_core.file_errors import TokenizerFileError
from bpe_core.formats.checks import MAX_ID, check_id
from bpe_core.messages import Message
from bpe_core.render.token_label import merge_number
from bpe_core.training.steps import MAX_TOP_PAIRS, MergeStep, TrainingRecord

_TYPECODES = {"u32": "I", "u64": "Q"}
_COLUMNS = {  # column -> (type, what it holds)
    "id": "u32",
    "left": "u32",
    "right": "u32",
    "count": "u64",
    "tokens_after": "u64",
    "token_lengths": "u32",
    "top_lengths": "u32",
    "top_left": "u32",
    "top_right": "u32",
    "top_count": "u64",
}


def pack_record(record: TrainingRecord, merges: int | None = None) -> dict[str, Any]:
    """``record.to_dict()`` with the steps packed into columns; with ``merges``, only the steps of the first
    ``merges`` merges (a tokenizer cut at a merge, by the vocabulary slider or forbid-and-continue, keeps the
    record of the merges it has: a reader refuses more steps than merges)."""
    steps = record.steps if merges is None else record.steps[:merges]
    head = dataclasses.replace(record, steps=[]).to_dict()
    head["steps"] = {
        "n": len(steps),
        "id": _pack("u32", [s.new_id for s in steps]),
        "left": _pack("u32", [s.left for s in steps]),
        "right": _pack("u32", [s.right for s in steps]),
        "count": _pack("u64", [s.count for s in steps]),
        "tokens_after": _pack("u64", [s.tokens_after for s in steps]),
        "token_lengths": _pack("u32", [len(s.token) for s in steps]),
        "tokens": base64.b64encode(zlib.compress(b"".join(s.token for s in steps), 1)).decode("ascii"),
        "top_lengths": _pack("u32", [len(s.top_pairs[:MAX_TOP_PAIRS]) for s in steps]),
        "top_left": _pack("u32", [p[0] for s in steps for p in s.top_pairs[:MAX_TOP_PAIRS]]),
        "top_right": _pack("u32", [p[1] for s in steps for p in s.top_pairs[:MAX_TOP_PAIRS]]),
        "top_count": _pack("u64", [p[2] for s in steps for p in s.top_pairs[:MAX_TOP_PAIRS]]),
    }
    removed = {str(s.rank): [[i, _b64(t)] for i, t in s.removed] for s in steps if s.removed}
    if removed:  # PickyBPE's removals: {rank: [[id, base64 bytes], ...]} (only a picky run has any)
        head["steps"]["removed"] = removed
    return head


def unpack_record(raw: Any) -> TrainingRecord:
    """Inverse of :func:`pack_record`; raises ``ValueError`` saying what is wrong with a bad record."""
    record = _head(raw)
    record.steps = unpack_steps(raw["steps"])
    return record


class RecordOverBound(ValueError):
    """A record that declares more than it may hold, said by a message ``code`` and its ``fields`` (the file they
    name is given when the record is read from one)."""

    def __init__(self, code: str, **fields: str):
        self.code, self.fields = code, fields
        super().__init__(str(Message.of(code, path="the file", **fields)))


class StoredRecord(TrainingRecord):
    """A training record read from the file ``path``: its head (corpus, settings, stop reason) read at once, its
    steps unpacked when first used, so a tokenizer loaded only to encode never inflates them. Steps that cannot be
    unpacked raise :class:`~bpe_core.file_errors.TokenizerFileError` naming the file, at each use.

    >>> from bpe_core.training.steps import MergeStep
    >>> step = MergeStep(0, 256, 97, 98, b"ab", 5, 10, ((97, 98, 5),))
    >>> packed = pack_record(TrainingRecord(["c.txt"], steps=[step]))
    >>> stored = read_stored_record("tok.json", packed, [(b"a", b"b")])
    >>> stored.corpus_names, stored.steps == [step]
    (['c.txt'], True)
    >>> read_stored_record("tok.json", packed, []).steps  # a tokenizer cut before its first merge
    []
    """

    _pending: tuple | None = None  # (path, the packed columns, the file's merges) until the steps are unpacked

    @property
    def steps(self) -> list[MergeStep]:
        if self._pending is not None:
            path, columns, merges = self._pending
            try:
                self._steps = unpack_steps(columns, merges)
            except RecordOverBound as exc:
                raise TokenizerFileError.of(path, exc.code, **exc.fields) from None
            except (ValueError, OverflowError) as exc:
                raise TokenizerFileError.of(path, "file.record_refused", detail=str(exc)) from None
            self._pending = None
        return self._steps

    @steps.setter
    def steps(self, steps: list[MergeStep]) -> None:
        self._steps, self._pending = steps, None

    def __eq__(self, other: object) -> bool:
        """Equal to any record holding the same values (a trained one too)."""
        if not isinstance(other, TrainingRecord):
            return NotImplemented
        names = [f.name for f in dataclasses.fields(TrainingRecord)]
        return [getattr(self, n) for n in names] == [getattr(other, n) for n in names]

    __hash__ = None  # type: ignore[assignment]  # unhashable, as a dataclass with eq: Python's way; mypy expects a method


def read_stored_record(path, raw: Any, merges: list[tuple[bytes, bytes]]) -> StoredRecord | None:
    """The record ``raw`` of the file ``path`` (``None`` for null): its head checked now (``ValueError``), its steps
    unpacked and checked against ``merges`` when first used."""
    if raw is None:
        return None
    head = _head(raw)
    record = StoredRecord(**{f.name: getattr(head, f.name) for f in dataclasses.fields(head) if f.name != "steps"})
    record._pending = (path, raw["steps"], merges)
    return record


def _head(raw: Any) -> TrainingRecord:
    """The record ``raw`` without its steps, whose columns are checked to be an object with a step count."""
    if not isinstance(raw, dict):
        raise ValueError("the training record must be a JSON object or null")
    columns = raw.get("steps")
    record = TrainingRecord.from_dict({key: value for key, value in raw.items() if key != "steps"})
    if not isinstance(columns, dict) or type(columns.get("n")) is not int or not 0 <= columns["n"] < MAX_ID:
        raise ValueError('the training record\'s "steps" must be an object with a step count "n"')
    return record


def unpack_steps(columns: dict, merges: list[tuple[bytes, bytes]] | None = None) -> list[MergeStep]:
    """The steps of the packed ``columns``, each column inflated to the size the step count gives and no further.
    With ``merges`` (the file's), only the steps of those merges are read: a tokenizer cut at a merge and saved by
    an earlier version (the vocabulary slider, forbid-and-continue) kept the whole run's record, and the steps past
    its merges are never inflated, so its merges bound what a record may cost. Steps that make other tokens are
    refused; a step may keep at most :data:`~bpe_core.training.steps.MAX_TOP_PAIRS` runners-up. Raises ``ValueError``
    saying why (:class:`RecordOverBound` for a record declaring more than it may hold)."""
    n = columns["n"]
    whole = merges is None or n <= len(merges)  # else only the first len(merges) steps of each column are read
    n = n if merges is None or whole else len(merges)
    top_lengths = _unpack(columns, "top_lengths", n, whole)
    crowded = next((rank for rank, length in enumerate(top_lengths) if length > MAX_TOP_PAIRS), None)
    if crowded is not None:
        pairs = f"{top_lengths[crowded]:,}"
        merge = merge_number(crowded)  # the record's step ``crowded``, as people number merges
        raise RecordOverBound("file.record_too_many_pairs", merge=merge, pairs=pairs, limit=str(MAX_TOP_PAIRS))
    n_top = sum(top_lengths)
    values = {
        name: _unpack(columns, name, n_top if name.startswith("top_") else n, whole)
        for name in _COLUMNS
        if name != "top_lengths"
    }
    for name in ("id", "left", "right", "top_left", "top_right"):
        if values[name] and max(values[name]) >= MAX_ID:
            raise ValueError(f"training record column {name!r} holds an id above {MAX_ID - 1}")
    token_size = sum(values["token_lengths"])
    if merges is not None and token_size != sum(len(a) + len(b) for a, b in merges[:n]):
        raise ValueError(f"its steps declare {token_size:,} bytes of tokens, not the bytes its merges make")
    token_bytes = _decompress(columns.get("tokens"), token_size, "tokens", whole)
    top = list(zip(values["top_left"], values["top_right"], values["top_count"]))
    steps = []
    token_start = top_start = 0
    for rank in range(n):
        token_end = token_start + values["token_lengths"][rank]
        top_end = top_start + top_lengths[rank]
        steps.append(
            MergeStep(
                rank,
                values["id"][rank],
                values["left"][rank],
                values["right"][rank],
                token_bytes[token_start:token_end],
                values["count"][rank],
                values["tokens_after"][rank],
                tuple(top[top_start:top_end]),
            )
        )
        token_start, top_start = token_end, top_end
    removed = columns.get("removed", {})
    if not isinstance(removed, dict):
        raise ValueError('the training record\'s "removed" must be an object')
    for rank, entries in removed.items():
        if not whole and rank.isdigit() and int(rank) >= n:
            continue  # a step past the merges the file has
        if not (rank.isdigit() and int(rank) < n and isinstance(entries, list)):
            raise ValueError(f"training record removal at step {rank!r:.20} is not of a step")
        try:
            gone = tuple((check_id(i, "a removed token's id"), base64.b64decode(t, validate=True)) for i, t in entries)
        except (TypeError, ValueError, binascii.Error) as exc:
            raise ValueError(f"training record removal at step {rank}: {exc}") from None
        steps[int(rank)] = dataclasses.replace(steps[int(rank)], removed=gone)
    for step, (left, right) in zip(steps, merges or ()):
        if step.token != left + right:
            raise ValueError(
                f"merge {merge_number(step.rank)} makes {left + right!r}, but its step in the training record made "
                f"{step.token!r}"
            )
    return steps


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _pack(kind: str, values: list[int]) -> str:
    data = array(_TYPECODES[kind], values)
    if sys.byteorder == "big":
        data.byteswap()
    return f"{kind}:{base64.b64encode(zlib.compress(data.tobytes(), 1)).decode('ascii')}"


def _unpack(columns: dict, name: str, length: int, whole: bool = True) -> array:
    text = columns.get(name)
    kind, _, payload = text.partition(":") if isinstance(text, str) else ("", "", "")
    if kind != _COLUMNS[name]:
        raise ValueError(f"training record column {name!r} must be a {_COLUMNS[name]} column")
    data = array(_TYPECODES[kind])
    raw = _decompress(payload, length * data.itemsize, name, whole)
    data.frombytes(raw)
    if sys.byteorder == "big":
        data.byteswap()
    return data


def _decompress(payload: Any, size: int, name: str, whole: bool = True) -> bytes:
    """Decode a column, refusing one whose size is not what the step count says (or that would blow up); with
    ``whole`` False, its first ``size`` bytes (a column may hold more)."""
    if not whole and size == 0:
        return b""  # nothing to inflate (and zlib takes a max_length of 0 for no limit at all)
    try:
        inflater = zlib.decompressobj()
        data = inflater.decompress(base64.b64decode(payload, validate=True), size + 1 if whole else size)
        complete = inflater.eof
    except (TypeError, binascii.Error, zlib.error) as exc:
        raise ValueError(f"training record column {name!r} is corrupt: {exc}") from None
    if len(data) != size or (whole and not complete):
        raise ValueError(f"training record column {name!r} does not hold the expected {size} bytes")
    return data
