"""A text's pre-tokens counted by the compiled tally on two threads (bpe_core.corpus.threaded_tally): the counts
of one tally, whichever thread counts which part; an error on either side raised here with no thread left behind."""

import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.corpus import threaded_tally
from bpe_core.corpus.threaded_tally import tally_parts
from bpe_core.pretokenize import scanner

pytestmark = pytest.mark.skipif(not threaded_tally.available(), reason="the compiled tally is not built")

GPT2 = scanner.PATTERNS["gpt2"] if threaded_tally.available() else 0


def _one_tally(parts: list[str]) -> dict[bytes, int]:
    return tally_parts(iter(parts), GPT2, threads=1).to_dict()


def _helpers_left() -> list[threading.Thread]:
    deadline = time.monotonic() + 10
    while (left := [t for t in threading.enumerate() if t.name == "bpe-tally"]) and time.monotonic() < deadline:
        time.sleep(0.01)
    return left


@settings(max_examples=60, deadline=None)
@given(parts=st.lists(st.text(st.sampled_from("ab 1,.\n é研究🙂'"), max_size=300), max_size=40))
def test_two_threads_count_what_one_tally_counts(parts):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(threaded_tally, "HAND_OVER_CHARS", 1)  # (every part may go to the helper)
        assert tally_parts(iter(parts), GPT2, threads=2).to_dict() == _one_tally(parts)


def test_the_helper_counts_parts_of_a_large_text_and_ends(monkeypatch):
    taken = []
    real = threaded_tally._Helper.took
    monkeypatch.setattr(threaded_tally._Helper, "took", lambda self, part: taken.append(real(self, part)) or taken[-1])
    parts = [f"def f{k}(x):\n    return x + {k}\n" * 5000 for k in range(40)]  # 40 parts of ~150 K characters
    assert tally_parts(iter(parts), GPT2, threads=2).to_dict() == _one_tally(parts)
    assert True in taken and not _helpers_left()


@pytest.mark.parametrize("cores, parts", [(1, ["x" * 70_000, " y" * 40_000]), (2, ["a b", " c" * 30_000])])
def test_short_parts_and_one_core_are_counted_here_without_a_helper(monkeypatch, cores, parts):
    monkeypatch.setattr(threaded_tally, "_cores", lambda: cores)
    started = []
    monkeypatch.setattr(threaded_tally._Helper, "__init__", lambda self, pattern: started.append(pattern))
    assert tally_parts(iter(parts), GPT2).to_dict() == _one_tally(parts) and not started


def test_a_part_taken_but_not_begun_is_counted_here_and_the_helper_never_waits_for_more(monkeypatch):
    """A part waiting for the helper, which has not begun it, when the parts end: given back and counted here, and
    the end does not wait for the helper to take it (an end that waited could be interrupted there, leaving the
    helper waiting for parts forever)."""
    release = threading.Event()
    real_count = threaded_tally._Helper._count

    def slow_count(self):  # the helper does not begin until told
        release.wait(10)
        real_count(self)

    monkeypatch.setattr(threaded_tally._Helper, "_count", slow_count)
    monkeypatch.setattr(threaded_tally, "HAND_OVER_CHARS", 1)
    parts = ["one two", " three", " four"]
    given_back = []
    real_stop = threaded_tally._Helper.stop

    def stop(self):
        left = real_stop(self)
        given_back.append(left)
        release.set()
        return left

    monkeypatch.setattr(threaded_tally._Helper, "stop", stop)
    assert tally_parts(iter(parts), GPT2, threads=2).to_dict() == _one_tally(parts)
    assert given_back == ["one two"] and not _helpers_left()  # (the first part waited: the helper had not begun)


@pytest.mark.parametrize("error", [KeyboardInterrupt, UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid")])
def test_an_error_reading_the_parts_stops_both_threads_and_is_raised(error):
    def parts():
        for k in range(6):
            yield "word " * 40_000
            if k == 3:
                raise error

    with pytest.raises(type(error) if isinstance(error, BaseException) else error):
        tally_parts(parts(), GPT2, threads=2)
    assert not _helpers_left()


def test_a_failure_of_the_helper_stops_the_reading_and_is_raised_here(monkeypatch):
    class Failing:
        """A tally whose count fails for one part (as a MemoryError would), in whichever thread counts it."""

        nbytes = 0

        def __init__(self):
            self.words: dict[bytes, int] = {}

        def add(self, part, pattern):
            if part.startswith("boom"):
                raise MemoryError("no room for the tally")
            for word in part.split():
                self.words[word.encode()] = self.words.get(word.encode(), 0) + 1

    class Module:
        Tally = Failing

    monkeypatch.setattr(threaded_tally, "_count", Module)
    monkeypatch.setattr(threaded_tally, "HAND_OVER_CHARS", 1)
    seen = []

    def parts():
        yield "boom " * 10  # taken by the helper (its queue is empty)
        for k in range(200):
            time.sleep(0.01)  # (time for the helper to fail)
            seen.append(k)
            yield "a " * 10

    with pytest.raises(MemoryError, match="no room"):
        tally_parts(parts(), GPT2, threads=2)
    assert len(seen) < 200 and not _helpers_left()  # (stopped at a part after the failure, not at the end)


def test_ctrl_c_while_a_part_waits_for_the_busy_helper_leaves_no_thread(monkeypatch):
    release = threading.Event()
    real_count = threaded_tally._Helper._count
    monkeypatch.setattr(threaded_tally._Helper, "_count", lambda self: (release.wait(10), real_count(self)))
    monkeypatch.setattr(threaded_tally, "HAND_OVER_CHARS", 1)

    def parts():
        yield "one two"  # waits for the helper, which has not begun
        yield " three"
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tally_parts(parts(), GPT2, threads=2)  # (returns at once: nothing waited for)
    release.set()
    assert not _helpers_left()
