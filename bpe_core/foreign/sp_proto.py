"""Just enough of the protobuf wire format to read a SentencePiece model's type, which the ``sentencepiece`` Python
API does not expose (``ModelProto.trainer_spec`` is field 2, ``TrainerSpec.model_type`` its field 3).

>>> model_type(bytes([0x12, 0x02, 0x18, 0x02]))
'BPE'
>>> model_type(b"")
'Unigram'
"""

from __future__ import annotations

MODEL_TYPES = {1: "Unigram", 2: "BPE", 3: "Word", 4: "Char"}


def model_type(data: bytes) -> str:
    """The model type of a serialized ``ModelProto`` (``Unigram``, the format's default, when it is not set).

    Raises ``ValueError`` for bytes that are not protobuf.
    """
    value = _field(message(data, 2), 3)
    return MODEL_TYPES.get(value if isinstance(value, int) else 1, f"type {value}")


def message(data: bytes, wanted: int) -> bytes:
    """The message field ``wanted`` of ``data`` as a parser reads it: every copy of it joined (protobuf merges a
    message given twice, a later copy's fields over an earlier's), empty when it is not there.

    >>> message(bytes([0x1A, 0x02, 0x18, 0x01, 0x1A, 0x02, 0x20, 0x00]), 3)
    b'\\x18\\x01 \\x00'
    """
    return b"".join(value for value in _fields(data, wanted) if isinstance(value, bytes))


def _field(data: bytes, wanted: int):
    """The last value of field ``wanted`` at the top level of ``data`` (bytes or an int), or None."""
    found = _fields(data, wanted)
    return found[-1] if found else None


def _fields(data: bytes, wanted: int) -> list:
    """Every value of field ``wanted`` at the top level of ``data`` (bytes or ints), in order."""
    found = []
    i = 0
    while i < len(data):
        key, i = _varint(data, i)
        number, wire = key >> 3, key & 7
        value: int | bytes | None
        if wire == 0:
            value, i = _varint(data, i)
        elif wire == 2:
            size, i = _varint(data, i)
            value, i = data[i : i + size], i + size
            if i > len(data):
                raise ValueError("a field runs past the end of the data")
        elif wire in (1, 5):
            value, i = None, i + (8 if wire == 1 else 4)
        else:
            raise ValueError(f"wire type {wire} at byte {i} is not valid protobuf")
        if number == wanted:
            found.append(value)
    return found


def _varint(data: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if i >= len(data) or shift > 63:
            raise ValueError("a truncated or overlong varint")
        byte = data[i]
        value |= (byte & 0x7F) << shift
        i, shift = i + 1, shift + 7
        if byte < 0x80:
            return value, i
