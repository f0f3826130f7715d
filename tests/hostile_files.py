"""Hostile tokenizer files that are small on disk and huge once unpacked, shared by the engine's and the window's
bad-input tests.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> bomb = record_bomb(folder / "bomb.json", pairs=1000)
>>> columns = json.loads(bomb.read_text())["record"]["steps"]
>>> sum(_column(columns["top_lengths"])) >= 1000
True
"""

from __future__ import annotations

import base64
import json
import zlib
from array import array
from pathlib import Path

from bpe_core import BpeTrainer

#: What the record bomb's step declares: 60 M runners-up, 960 MB of columns once inflated (1.3 MB on disk).
BOMB_PAIRS = 60_000_000
#: The step whose runners-up the bomb replaces.
BOMB_STEP = 3
TEXT = "low lower lowest newest widest, the cat sat on the mat.\n" * 40


def record_bomb(path: Path, pairs: int = BOMB_PAIRS) -> Path:
    """A real tokenizer file of ours (trained on a small text, then saved) whose record's step ``BOMB_STEP``
    declares ``pairs`` runners-up, their three columns zeros of the declared size, compressed (a zlib bomb)."""
    trainer = BpeTrainer(280, pattern="gpt2", processes=1)
    trainer.count_text(TEXT)
    trainer.run()
    from bpe_core.formats import save_json

    save_json(trainer.tokenizer(), path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    columns = doc["record"]["steps"]
    lengths = _column(columns["top_lengths"])
    lengths[BOMB_STEP] = pairs
    total = sum(lengths)
    columns["top_lengths"] = "u32:" + base64.b64encode(zlib.compress(lengths.tobytes(), 9)).decode("ascii")
    for name, kind, size in [("top_left", "u32", 4), ("top_right", "u32", 4), ("top_count", "u64", 8)]:
        columns[name] = f"{kind}:{base64.b64encode(_zeros_compressed(total * size)).decode('ascii')}"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _column(text: str) -> array:
    values = array("I")
    values.frombytes(zlib.decompress(base64.b64decode(text.partition(":")[2])))
    return values


def _zeros_compressed(size: int) -> bytes:
    """``size`` zero bytes compressed, made a megabyte at a time (never ``size`` bytes in memory)."""
    packer, block, parts = zlib.compressobj(9), bytes(1 << 20), []
    for start in range(0, size, len(block)):
        parts.append(packer.compress(block[: min(len(block), size - start)]))
    return b"".join(parts) + packer.flush()
