"""The ids of a text's pieces placed in one array in order as they come (bpe_core.encoding.id_arrays), from any
order of arrival and any number of threads, across the room made first; without an anonymous mapping, joined at the
end."""

import mmap
import sys
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.encoding import id_arrays
from bpe_core.encoding.id_arrays import PlacedIds


@pytest.mark.parametrize("heap_most", [id_arrays.HEAP_MOST, 0], ids=["heap", "mapping"])
@settings(max_examples=200, deadline=None)
@given(sizes=st.lists(st.integers(0, 3000), max_size=12), data=st.data())
def test_pieces_in_any_order_are_placed_in_theirs(heap_most, sizes, data):
    pieces = [np.arange(sum(sizes[:k]), sum(sizes[: k + 1]), dtype=np.uint32) for k in range(len(sizes))]
    order = data.draw(st.permutations(range(len(pieces))))
    with pytest.MonkeyPatch.context() as patch:  # (the room first made: the allocator's, or a mapping)
        patch.setattr(id_arrays, "HEAP_MOST", heap_most)
        placed = PlacedIds(len(pieces), expected=data.draw(st.integers(0, 5000)))  # (too little room: it grows)
    for index in order:
        placed.add(index, pieces[index])
    ids = placed.array()
    assert ids.dtype == np.uint32 and ids.tolist() == list(range(sum(sizes)))


@pytest.mark.parametrize("heap_most", [id_arrays.HEAP_MOST, 0], ids=["heap", "mapping"])
def test_threads_adding_at_once_give_every_id_in_order(monkeypatch, heap_most):
    monkeypatch.setattr(id_arrays, "HEAP_MOST", heap_most)
    pieces = [np.full(50_000, k, dtype=np.uint32) for k in range(64)]
    placed = PlacedIds(len(pieces), expected=100)
    taken = iter(range(len(pieces)))
    lock = threading.Lock()

    def add():
        while True:
            with lock:
                index = next(taken, None)
            if index is None:
                return
            placed.add(index, pieces[index])

    threads = [threading.Thread(target=add) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert np.array_equal(placed.array(), np.concatenate(pieces))


def test_a_thread_giving_a_piece_while_another_copies_goes_on_at_once_and_its_piece_is_copied_by_that_one(
    monkeypatch,
):
    """One thread copies at a time, outside the lock: the one that gives a piece meanwhile does not wait for the
    copies (it went back to encoding late by their time, 2-10 ms an encode of the stdlib on two cores)."""
    copying, may_end = threading.Event(), threading.Event()
    real = PlacedIds._copied

    def slow(self, pages, ids):
        if ids[0] == 0:  # the first piece's copy waits until the test lets it end
            copying.set()
            assert may_end.wait(10)
        return real(self, pages, ids)

    monkeypatch.setattr(PlacedIds, "_copied", slow)
    placed = PlacedIds(2, expected=100)
    first = threading.Thread(target=placed.add, args=(0, np.arange(0, 5, dtype=np.uint32)))
    first.start()
    assert copying.wait(10)
    second = threading.Thread(target=placed.add, args=(1, np.arange(5, 9, dtype=np.uint32)))
    second.start()
    second.join(5)
    alive = second.is_alive()  # (the code before: it waited for the lock the copying thread held)
    may_end.set()
    first.join(10)
    second.join(10)
    assert not alive
    assert placed.array().tolist() == list(range(9)) and placed._pieces == [None, None]


def test_a_copy_that_fails_leaves_the_next_piece_to_be_copied_by_whoever_gives_one(monkeypatch):
    real, failed = PlacedIds._copied, []

    def out_of_memory_once(self, pages, ids):
        if not failed:
            failed.append(True)
            raise MemoryError("no room for the ids")
        return real(self, pages, ids)

    monkeypatch.setattr(PlacedIds, "_copied", out_of_memory_once)
    placed = PlacedIds(3, expected=10)
    with pytest.raises(MemoryError):  # (raised from its thread's add: the encode fails with it)
        placed.add(0, np.array([0], dtype=np.uint32))
    assert not placed._copying  # else no thread would copy again
    placed.add(2, np.array([2], dtype=np.uint32))
    placed.add(1, np.array([1], dtype=np.uint32))
    assert placed._placed == 3 and placed._pieces == [None, None, None] and not placed._copying


def test_a_piece_copied_is_dropped_and_the_room_past_the_ids_given_back(monkeypatch):
    monkeypatch.setattr(id_arrays, "HEAP_MOST", 0)  # (a mapping of its own, as for a large text)
    placed = PlacedIds(2, expected=1 << 20)
    first = np.arange(10, dtype=np.uint32)
    placed.add(0, first)
    assert placed._pieces[0] is None  # copied: not held twice
    placed.add(1, np.arange(10, 15, dtype=np.uint32))
    ids = placed.array()
    assert ids.tolist() == list(range(15))
    if sys.platform == "linux":  # (mremap: the mapping shrinks to the ids)
        assert len(ids.base.obj if isinstance(ids.base, memoryview) else ids.base) == 15 * id_arrays.ID_BYTES


@pytest.mark.parametrize("count", [0, 3])
def test_without_an_anonymous_mapping_the_pieces_are_joined_at_the_end(monkeypatch, count):
    monkeypatch.setattr(id_arrays, "_anonymous", lambda size: None)
    monkeypatch.setattr(id_arrays, "HEAP_MOST", 0)  # (a large text: no room of the allocator's)
    placed = PlacedIds(count, expected=10)
    for index in reversed(range(count)):
        placed.add(index, np.array([index, index], dtype=np.uint32))
    assert placed.array().tolist() == [k for k in range(count) for _ in range(2)]


def test_nothing_placed_is_an_empty_array():
    assert PlacedIds(2, expected=0).array().tolist() == []
    placed = PlacedIds(1, expected=4)
    placed.add(0, np.zeros(0, dtype=np.uint32))
    assert placed.array().dtype == np.uint32 and len(placed.array()) == 0


def test_room_that_cannot_be_moved_is_copied_into_a_larger_mapping():
    import mmap

    class Unmovable(mmap.mmap):  # a mapping the system cannot resize in place (no mremap: macOS)
        def resize(self, size):
            raise SystemError("mmap: resizing not available--no mremap()")

    old = Unmovable(-1, 8)
    old[:] = b"12345678"
    grown = id_arrays._resized(old, 64, 6)
    assert len(grown) == 64 and grown[:6] == b"123456" and grown[6:8] == b"\0\0" and old.closed


def test_the_array_asked_again_is_the_same():
    placed = PlacedIds(1, expected=4)
    placed.add(0, np.arange(3, dtype=np.uint32))
    assert placed.array() is placed.array()


def test_the_pages_are_made_ready_ahead_of_the_copies_in_steps_within_the_mapping(monkeypatch):
    if id_arrays._encode is None:
        pytest.skip("the compiled module is not built")
    asked = []
    real = id_arrays._encode.prepare

    def prepare(pages, start, stop):
        asked.append((start, stop, len(pages)))
        real(pages, start, stop)

    monkeypatch.setattr(id_arrays._encode, "prepare", prepare)
    monkeypatch.setattr(id_arrays, "READY_AHEAD", 1 << 20)
    pieces = [np.arange(k * 300_000, (k + 1) * 300_000, dtype=np.uint32) for k in range(8)]  # 1.2 MB each
    placed = PlacedIds(len(pieces), expected=1000)  # (grown as they come)
    for index in (1, 0, 3, 2, 4, 7, 6, 5):
        placed.add(index, pieces[index])
    assert placed.array().tolist() == list(range(8 * 300_000))
    assert asked and all(start % 4096 == 0 and start < stop <= size for start, stop, size in asked)
    assert all(later[0] <= earlier[1] < later[1] for earlier, later in zip(asked, asked[1:]))  # each from the last
    assert asked[-1][1] >= 8 * 300_000 * id_arrays.ID_BYTES and len(asked) <= 8


def test_without_the_compiled_module_the_pages_fault_as_written(monkeypatch):
    monkeypatch.setattr(id_arrays, "_encode", None)
    placed = PlacedIds(3, expected=10)
    for index in (2, 0, 1):
        placed.add(index, np.full(400_000, index, dtype=np.uint32))
    assert placed.array().tolist() == [k for k in range(3) for _ in range(400_000)]


def test_prepare_keeps_what_the_pages_hold_and_refuses_a_range_outside_them_or_memory_it_cannot_write():
    if id_arrays._encode is None:
        pytest.skip("the compiled module is not built")
    import mmap

    pages = mmap.mmap(-1, 4 << 20)
    pages[: 1 << 20] = b"\x07" * (1 << 20)  # written before: prepared again, it keeps its bytes
    id_arrays._encode.prepare(pages, 0, len(pages))
    assert pages[: 1 << 20] == b"\x07" * (1 << 20) and pages[1 << 20 : (1 << 20) + 8] == b"\0" * 8
    id_arrays._encode.prepare(pages, 5, 5)  # nothing to do
    for start, stop in ((-1, 10), (10, 5), (0, len(pages) + 1)):
        with pytest.raises(ValueError, match="start <= stop"):
            id_arrays._encode.prepare(pages, start, stop)
    with pytest.raises(TypeError):
        id_arrays._encode.prepare(b"read only", 0, 4)
    pages.close()


def test_a_mapping_copied_to_grow_has_its_pages_made_ready_from_the_ids_copied(monkeypatch):
    """Where the system cannot move a mapping (no mremap), a larger one is made and the ids copied: only those are
    in pages made, so the next pages are made ready from there, not from where the old mapping's were."""
    if id_arrays._encode is None:
        pytest.skip("the compiled module is not built")
    asked = []
    real_prepare = id_arrays._encode.prepare
    monkeypatch.setattr(id_arrays._encode, "prepare", lambda pages, a, b: (asked.append(a), real_prepare(pages, a, b)))

    def copied(pages, size, used):  # as on a system without mremap: a new mapping
        grown = id_arrays._anonymous(size)
        grown[:used] = pages[:used]
        return grown

    monkeypatch.setattr(id_arrays, "_resized", copied)
    monkeypatch.setattr(id_arrays, "HEAP_MOST", 0)  # (a mapping from the start)
    placed = PlacedIds(2, expected=600_000)  # 2.4 MB: the first piece's pages made ready 4 MB ahead (all of them)
    placed.add(0, np.arange(500_000, dtype=np.uint32))
    placed.add(1, np.arange(500_000, 1_500_000, dtype=np.uint32))  # past the room: a new mapping
    assert placed.array().tolist() == list(range(1_500_000))
    assert asked == [0, 500_000 * id_arrays.ID_BYTES // 4096 * 4096]


def test_a_small_texts_ids_go_in_the_allocators_memory():
    """Up to HEAP_MOST bytes of ids expected, the room is the allocator's (an array of its, handed to the next piece
    of a usage file with its pages made, where a mapping's pages are made anew each time), a quarter more than
    expected; the ids are a view of it."""
    placed = PlacedIds(3, expected=1_000_000)  # 4 MB expected, 5 MB of room: 4.8 MB come
    assert isinstance(placed._pages, np.ndarray)
    pieces = [np.arange(k * 400_000, (k + 1) * 400_000, dtype=np.uint32) for k in range(3)]
    for index in (2, 0, 1):
        placed.add(index, pieces[index])
    ids = placed.array()
    assert ids.dtype == np.uint32 and ids.tolist() == list(range(1_200_000)) and ids.base is placed._pages


@pytest.mark.parametrize("mapping", [True, False], ids=["mapping", "none"])
def test_past_its_room_a_small_texts_ids_move_to_a_mapping_or_where_there_is_none_a_larger_array(monkeypatch, mapping):
    if not mapping:
        monkeypatch.setattr(id_arrays, "_anonymous", lambda size: None)  # (Windows)
    placed = PlacedIds(3, expected=10)
    for index in (1, 0, 2):
        placed.add(index, np.arange(index * 300_000, (index + 1) * 300_000, dtype=np.uint32))
    ids = placed.array()
    assert ids.tolist() == list(range(900_000))
    if mapping and id_arrays._anonymous(1) is not None:
        assert isinstance(placed._pages, mmap.mmap)
        if sys.platform == "linux":  # (mremap: the mapping shrinks to the ids)
            assert len(placed._pages) == 900_000 * id_arrays.ID_BYTES
    else:
        assert isinstance(placed._pages, np.ndarray)


def test_a_large_texts_ids_get_a_mapping_of_their_own():
    placed = PlacedIds(1, expected=id_arrays.HEAP_MOST // id_arrays.ID_BYTES + 1)
    assert isinstance(placed._pages, mmap.mmap) or id_arrays._anonymous(1) is None
    placed.add(0, np.arange(5, dtype=np.uint32))
    assert placed.array().tolist() == [0, 1, 2, 3, 4]
