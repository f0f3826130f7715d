"""Arrays of token ids (unsigned 32-bit numbers, as ``Tokenizer.encode_array`` gives them): a list of ids made one
(:func:`ids_array`), and the ids of a text's pieces placed in one in order as they come (:class:`PlacedIds`).

The pieces' ids are encoded by several threads at once: a piece is copied as soon as every piece before it is placed,
so the copying is done while the other pieces are still being encoded, not after the last one (joining the stdlib's
60 MB of ids at the end took 31 ms of the 150 ms an encode on two cores takes), by one thread at a time while the
others go on encoding, and a piece's own array is dropped once copied (the ids are not held twice). The array's
pages are taken from the system as they are written: an anonymous mapping, grown by doubling, its room past the ids
given back at the end, its pages made ready a few megabytes ahead of the copies in one call (:data:`READY_AHEAD`);
where the system has none (Windows), the pieces are joined at the end. Fewer ids (:data:`HEAP_MOST`: a usage
file's pieces, encoded one after the other) go in the allocator's memory instead, which it hands back to the next
piece already made (their array is a view of that room: the room past them is not given back).

>>> import numpy as np
>>> placed = PlacedIds(2, expected=1)
>>> placed.add(1, np.array([3], np.uint32))
>>> placed.add(0, np.array([1, 2], np.uint32))
>>> placed.array().tolist()
[1, 2, 3]
"""

from __future__ import annotations

import mmap
import threading
from array import array
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    import numpy as np

try:  # the compiled encoder's module (bpe_core/_encode.c), for its prepare(); without it, pages fault one by one
    from bpe_core import _encode
except ImportError:  # pragma: no cover - the extension is optional
    _encode = None

#: Where the ids are placed: a mapping of their own, or an array of the allocator's memory (HEAP_MOST).
Room = Union[mmap.mmap, "np.ndarray"]
#: Bytes an id takes.
ID_BYTES = 4
#: Bytes of the array's pages made ready at once ahead of the copies (a page fault per 4 KB took 34 ms of the
#: stdlib's 60 MB of ids, the pages made ready 4 MB at a time 20 ms; huge pages were not kept: a first fault
#: could wait 30-110 ms for the system to find one).
READY_AHEAD = 4 << 20
#: Where this many bytes of ids or fewer are expected, they are placed in the allocator's memory, not a mapping of
#: their own: freed, it is handed to the next text of that size (a usage file's pieces), where a new mapping's pages
#: were made anew each time. Past its room they move to a mapping.
HEAP_MOST = 24 << 20


def ids_array(ids: list[int] | np.ndarray) -> np.ndarray:
    """Ids (a list, or an array of integers) as a numpy array of uint32, as
    :meth:`~bpe_core.encoding.tokenizer.Tokenizer.encode_array` gives them (OverflowError past 4294967295).

    >>> import numpy
    >>> ids_array([1, 2]).dtype, ids_array(numpy.array([3], numpy.int64)).tolist()
    (dtype('uint32'), [3])
    """
    import numpy

    if isinstance(ids, numpy.ndarray):
        outside = (ids < 0) | (ids > 0xFFFFFFFF)
        if outside.any():
            token_id = int(ids[outside.argmax()])
            raise OverflowError(f"id {token_id} does not fit an array of ids (numbers from 0 to 4294967295)")
        return ids.astype(numpy.uint32)
    try:  # through array: numpy reads a list of ints several times slower
        return numpy.frombuffer(array("I", ids), numpy.uint32)
    except OverflowError:
        token_id = next(i for i in ids if not 0 <= i <= 0xFFFFFFFF)
        raise OverflowError(f"id {token_id} does not fit an array of ids (numbers from 0 to 4294967295)") from None


class PlacedIds:
    """``count`` pieces' ids placed in order as :meth:`add` is given them (from any thread); about ``expected`` ids
    in all (the room first made; more is made as needed)."""

    def __init__(self, count: int, expected: int):
        self._pieces: list[np.ndarray | None] = [None] * count
        self._array: np.ndarray | None = None  # made once, by array()
        self._placed = 0  # the pieces before this one are copied (and dropped)
        self._end = 0  # ids copied so far
        self._lock = threading.Lock()
        self._copying = False  # a thread copies pieces (outside the lock)
        room = max(expected, 1) * ID_BYTES
        # (on the heap a quarter more: a denser text, Chinese at 0.54 ids a character against 0.5 expected, fits)
        self._pages = _heap_room(room * 5 // 4) if room <= HEAP_MOST else _anonymous(room)
        self._ready = 0  # bytes of the mapping whose pages are made ready (_ready_to)

    def add(self, index: int, ids: np.ndarray) -> None:
        """Piece ``index``'s ids (uint32), copied with those after it that came before it, once those before it
        are placed. One thread copies at a time, outside the lock: a thread that adds a piece while another copies
        leaves it to that one and goes back to encoding (it waited for the copies to end: 2-10 ms an encode of the
        stdlib on two cores)."""
        with self._lock:
            self._pieces[index] = ids
            if self._pages is None or self._copying:
                return
            self._copying = True
        try:
            while ready := self._next_in_order():  # (which ends the copying when none is left)
                for piece in ready:
                    self._pages = self._copied(self._pages, piece)
        except BaseException:  # (out of memory: the pieces taken are lost, and the encode fails with this error)
            with self._lock:
                self._copying = False
            raise

    def _next_in_order(self) -> list[np.ndarray]:
        """The pieces given next in order, taken out of the list (those the copying thread copies next); none left:
        an empty list, and the copying ends (under the same lock as a piece given, so no piece is left behind)."""
        with self._lock:
            ready = []
            while self._placed < len(self._pieces) and (piece := self._pieces[self._placed]) is not None:
                ready.append(piece)
                self._pieces[self._placed] = None
                self._placed += 1
            if not ready:
                self._copying = False
            return ready

    def array(self) -> np.ndarray:
        """The ids of every piece given, in order (when all are given; the same array if asked again)."""
        if self._array is None:
            self._array = self._made()
        return self._array

    def _made(self) -> np.ndarray:
        import numpy as np

        if self._pages is None:
            given = [piece for piece in self._pieces if piece is not None]
            return np.concatenate(given) if given else np.zeros(0, dtype=np.uint32)
        if self._end == 0:
            return np.zeros(0, dtype=np.uint32)
        if isinstance(self._pages, mmap.mmap):
            try:
                self._pages.resize(self._end * ID_BYTES)  # the room past them given back (where the system moves pages)
            except (OSError, SystemError, ValueError):
                pass  # (never written, that room holds no memory)
        return np.frombuffer(self._pages, dtype=np.uint32, count=self._end)

    def _copied(self, pages: Room, ids: np.ndarray) -> Room:
        """``ids`` copied after those placed, into ``pages`` or a larger mapping (returned)."""
        import numpy as np

        need = (self._end + len(ids)) * ID_BYTES
        if need > len(pages):
            grown = _resized(pages, max(need, 2 * len(pages)), self._end * ID_BYTES)
            if grown is not pages:  # a new mapping: only the ids copied into it are in pages made
                self._ready = self._end * ID_BYTES
            pages = grown
        self._ready_to(pages, need)
        np.frombuffer(pages, dtype=np.uint32, count=len(ids), offset=self._end * ID_BYTES)[:] = ids
        self._end += len(ids)
        return pages

    def _ready_to(self, pages: Room, need: int) -> None:
        """The pages of ``pages`` up to byte ``need`` made ready to be written, :data:`READY_AHEAD` bytes at once,
        where the compiled module is built (the interpreter let go meanwhile; a range of a megabyte or less is left
        to fault as written)."""
        if _encode is None or need <= self._ready:
            return
        start, stop = self._ready - self._ready % mmap.PAGESIZE, min(max(need, self._ready + READY_AHEAD), len(pages))
        _encode.prepare(pages, start, stop)
        self._ready = stop


def _heap_room(size: int) -> np.ndarray:
    """``size`` bytes of the allocator's (a numpy array of bytes, not zeroed)."""
    import numpy as np

    return np.empty(size, dtype=np.uint8)


def _anonymous(size: int) -> mmap.mmap | None:
    """A private anonymous mapping of ``size`` bytes (its pages given as first written), or None where there is
    none (Windows' mmap takes no flags) or the system refuses it."""
    private, anonymous = getattr(mmap, "MAP_PRIVATE", None), getattr(mmap, "MAP_ANONYMOUS", None)
    if private is None or anonymous is None:
        return None
    try:
        return mmap.mmap(-1, size, flags=private | anonymous)
    except (OSError, ValueError, TypeError):
        return None


def _resized(pages: Room, size: int, used: int) -> Room:
    """``pages`` made ``size`` bytes, its first ``used`` kept: a mapping moved by the system where it can (mremap),
    else copied into a new mapping, as the allocator's room is (or into a larger one where there is no mapping).
    MemoryError if there is no room."""
    if not isinstance(pages, mmap.mmap):  # the allocator's (_heap_room): the ids copied into a mapping (grown and
        import numpy as np  # shrunk in place from then on), or into a larger array where there is no mapping

        mapped = _anonymous(size)
        if mapped is None:
            grown = _heap_room(size)
            grown[:used] = pages[:used]
            return grown
        np.frombuffer(mapped, dtype=np.uint8, count=used)[:] = pages[:used]
        return mapped
    try:
        pages.resize(size)
        return pages
    except (OSError, SystemError, ValueError):
        mapped = _anonymous(size)
        if mapped is None:
            raise MemoryError(f"no room for {size:,} bytes of ids") from None
        with memoryview(pages) as old:  # (no copy of it as bytes on the way)
            mapped[:used] = old[:used]
        pages.close()
        return mapped
