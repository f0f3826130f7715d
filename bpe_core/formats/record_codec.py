"""Pack a :class:`~bpe_core.steps.TrainingRecord` compactly for our JSON file, and unpack it with every check.

A record of 50,000 merges with 20 top pairs each holds over three million numbers; as JSON lists they take
~30 MB and seconds to parse. So the steps are stored as columns: each column is a string
``"<type>:<base64 of the zlib-compressed little-endian values>"`` with type ``u32`` or ``u64``, and the tokens as
one compressed byte string plus their lengths. The other fields stay plain JSON, as in ``TrainingRecord.to_dict``.

>>> from bpe_core.steps import MergeStep, TrainingRecord
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

from bpe_core.formats.checks import MAX_ID, check_id
from bpe_core.steps import MergeStep, TrainingRecord

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


def pack_record(record: TrainingRecord) -> dict[str, Any]:
    """``record.to_dict()`` with the steps packed into columns."""
    steps = record.steps
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
        "top_lengths": _pack("u32", [len(s.top_pairs) for s in steps]),
        "top_left": _pack("u32", [p[0] for s in steps for p in s.top_pairs]),
        "top_right": _pack("u32", [p[1] for s in steps for p in s.top_pairs]),
        "top_count": _pack("u64", [p[2] for s in steps for p in s.top_pairs]),
    }
    removed = {str(s.rank): [[i, _b64(t)] for i, t in s.removed] for s in steps if s.removed}
    if removed:  # PickyBPE's removals: {rank: [[id, base64 bytes], ...]} (only a picky run has any)
        head["steps"]["removed"] = removed
    return head


def unpack_record(raw: Any) -> TrainingRecord:
    """Inverse of :func:`pack_record`; raises ``ValueError`` saying what is wrong with a bad record."""
    if not isinstance(raw, dict):
        raise ValueError("the training record must be a JSON object or null")
    columns = raw.get("steps")
    record = TrainingRecord.from_dict({key: value for key, value in raw.items() if key != "steps"})
    if not isinstance(columns, dict) or type(columns.get("n")) is not int or not 0 <= columns["n"] < MAX_ID:
        raise ValueError('the training record\'s "steps" must be an object with a step count "n"')
    n = columns["n"]
    top_lengths = _unpack(columns, "top_lengths", n)
    n_top = sum(top_lengths)
    values = {
        name: _unpack(columns, name, n_top if name.startswith("top_") else n)
        for name in _COLUMNS
        if name != "top_lengths"
    }
    for name in ("id", "left", "right", "top_left", "top_right"):
        if values[name] and max(values[name]) >= MAX_ID:
            raise ValueError(f"training record column {name!r} holds an id above {MAX_ID - 1}")
    token_bytes = _decompress(columns.get("tokens"), sum(values["token_lengths"]), "tokens")
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
        if not (rank.isdigit() and int(rank) < n and isinstance(entries, list)):
            raise ValueError(f"training record removal at step {rank!r:.20} is not of a step")
        try:
            gone = tuple((check_id(i, "a removed token's id"), base64.b64decode(t, validate=True)) for i, t in entries)
        except (TypeError, ValueError, binascii.Error) as exc:
            raise ValueError(f"training record removal at step {rank}: {exc}") from None
        steps[int(rank)] = dataclasses.replace(steps[int(rank)], removed=gone)
    record.steps = steps
    return record


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _pack(kind: str, values: list[int]) -> str:
    data = array(_TYPECODES[kind], values)
    if sys.byteorder == "big":
        data.byteswap()
    return f"{kind}:{base64.b64encode(zlib.compress(data.tobytes(), 1)).decode('ascii')}"


def _unpack(columns: dict, name: str, length: int) -> array:
    text = columns.get(name)
    kind, _, payload = text.partition(":") if isinstance(text, str) else ("", "", "")
    if kind != _COLUMNS[name]:
        raise ValueError(f"training record column {name!r} must be a {_COLUMNS[name]} column")
    data = array(_TYPECODES[kind])
    raw = _decompress(payload, length * data.itemsize, name)
    data.frombytes(raw)
    if sys.byteorder == "big":
        data.byteswap()
    return data


def _decompress(payload: Any, size: int, name: str) -> bytes:
    """Decode a column, refusing one whose size is not what the step count says (or that would blow up)."""
    try:
        inflater = zlib.decompressobj()
        data = inflater.decompress(base64.b64decode(payload, validate=True), size + 1)
        complete = inflater.eof
    except (TypeError, binascii.Error, zlib.error) as exc:
        raise ValueError(f"training record column {name!r} is corrupt: {exc}") from None
    if len(data) != size or not complete:
        raise ValueError(f"training record column {name!r} does not hold the expected {size} bytes")
    return data
