"""The compiled pre-tokenizer of the shipped patterns (bpe_core/_scan.c): the same pre-tokens as the ``regex``
module, on every kind of character the patterns treat apart, on real text, and through every way in."""

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bpe_core.encoding import compiled_encode
from bpe_core.encoding.reference import get_encoding
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.pretokenize import fast_findall, scanner
from bpe_core.pretokenize.patterns import get_pattern

#: The shipped patterns, written out (``patterns.SHIPPED``): OpenAI's three, and Llama 3's and Qwen 2's since issue 44.
SHIPPED = ("gpt2", "cl100k", "o200k", "llama3", "qwen2")

#: Characters each alternative of the patterns sets apart: contractions in every case and their case-insensitive
#: twins (long s, Kelvin sign), line breaks, slashes, digits of several kinds, title-case and modifier letters,
#: combining and spacing marks, every kind of space, and controls regex's \s leaves out.
SPECIAL = list("aAzZ sS'ſtTlLvVrReEdDmMK\r\n\t\x0b\x0c/.,!?-_1234567890") + [
    *"中文かなカナ한글",
    "ǅ",  # Lt
    "ʰ",  # Lm
    "\u0301",  # Mn
    "\u0903",  # Mc
    "Ⅻ",  # Nl
    "①",  # No
    "\u00a0",
    "\u3000",
    "\u2028",
    "\x1c",
    "\x85",
    "😀",
    "\U000323b0",  # a letter regex knows and Python's own tables may not
]
TEXTS = (
    st.text(st.sampled_from(SPECIAL), max_size=30)
    | st.text(max_size=30)
    | st.text(st.one_of(st.sampled_from(SPECIAL), st.characters()), max_size=60)
)

needs_compiled = pytest.mark.skipif(not scanner.available(), reason="built without a C compiler")


def test_the_compiled_scanner_is_built():
    """pip builds bpe_core/_scan.c where a C compiler is found (as here)."""
    assert scanner.available()


@needs_compiled
@pytest.mark.parametrize("pattern", SHIPPED)
@settings(max_examples=600, deadline=None)
@given(text=TEXTS)
@example(text="'S'ſ'LL'Ve ")
@example(text="ABCdef GHI ǅx ʰ\u0301a  \r\n\n  x\t\n")
@example(text="  \n\r  ./\n/x 12345 Ⅻ①")
def test_the_compiled_scanner_gives_regexs_pre_tokens(pattern, text):
    assert scanner.findall(pattern, text) == get_pattern(pattern).findall(text)


@needs_compiled
@pytest.mark.parametrize("pattern", SHIPPED)
def test_the_compiled_scanner_on_code_and_prose(pattern):
    samples = Path(__file__).resolve().parents[1] / "resources" / "samples"
    text = "".join(p.read_text(encoding="utf-8") for p in [Path(__file__), *sorted(samples.glob("*.txt"))])
    assert scanner.findall(pattern, text) == get_pattern(pattern).findall(text)


@needs_compiled
@pytest.mark.parametrize(("name", "pattern"), [("gpt2", "gpt2"), ("cl100k_base", "cl100k"), ("o200k_base", "o200k")])
def test_long_texts_are_encoded_by_the_compiled_scanner_with_tiktokens_ids(monkeypatch, name, pattern):
    """A text of COMPILED_FROM characters or more is pre-tokenized and looked up in compiled code, whatever ran
    before: the ids are tiktoken's, and those of the regex path, also when the word cache fills up and is
    cleared on the way."""
    samples = Path(__file__).resolve().parents[1] / "resources" / "samples"
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(samples.glob("*.txt")))
    text = (text * (fast_findall.COMPILED_FROM // len(text) + 1))[: fast_findall.COMPILED_FROM]
    calls = []
    monkeypatch.setattr(scanner, "encode", lambda *args, real=scanner.encode: calls.append(1) or real(*args))
    monkeypatch.setattr(compiled_encode, "available", lambda: False)  # this path is its fallback (no _encode built)
    tokenizer = Tokenizer.from_tiktoken(name, pattern=pattern)
    tokenizer._cache.limit = 500  # cleared again and again while the text is encoded
    ids = tokenizer.encode(text)
    assert calls and ids == get_encoding(name).encode_ordinary(text)
    monkeypatch.setattr(scanner, "available", lambda: False)
    assert Tokenizer.from_tiktoken(name, pattern=pattern).encode(text) == ids


@needs_compiled
def test_a_pre_token_that_cannot_be_encoded_stops_the_compiled_encode():
    class Refusing(dict):
        def __missing__(self, piece):
            raise KeyError(f"no token for {piece!r}")

    with pytest.raises(KeyError, match="no token for ' world'"):
        scanner.encode("gpt2", "Hello world", Refusing({"Hello": [1]}))


def stamps_while(call) -> tuple[list[float], float, float]:
    """Run ``call`` in a worker thread; the times at which this thread ran meanwhile, and when the call began and
    ended."""
    began, ended, done = [], [], threading.Event()

    def work():
        began.append(time.perf_counter())
        call()
        ended.append(time.perf_counter())
        done.set()

    stamps, interval = [], sys.getswitchinterval()
    sys.setswitchinterval(0.001)
    try:
        worker = threading.Thread(target=work)
        worker.start()
        while not done.is_set():
            stamps.append(time.perf_counter())
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    return stamps, began[0], ended[0]


def ran_in_the_middle(stamps: list[float], began: float, ended: float) -> bool:
    """Whether this thread ran during the middle third of the call (not only before it got going)."""
    third = (ended - began) / 3
    return any(began + third < t < ended - third for t in stamps)


def lets_others_run(call, tries: int = 3) -> bool:
    """Whether this thread ran in the middle of ``call`` run in a worker thread, in one of ``tries`` goes: on a
    busy machine the system may not schedule this thread at all for a short call, but a call that never lets go of
    the GIL fails every go."""
    return any(ran_in_the_middle(*stamps_while(call)) for _ in range(tries))


@needs_compiled
def test_scanning_megabytes_in_a_thread_lets_the_other_threads_run():
    """The compiled scanner finds pre-tokens without the GIL, a batch at a time, so a window
    whose worker thread pre-tokenizes a big file goes on drawing."""
    text = "Hello world, it's 12345 here.\n" * 200_000
    scanner.findall("gpt2", "warm up")  # the classes are read
    assert lets_others_run(lambda: scanner.findall("gpt2", text))
    assert lets_others_run(lambda: scanner.encode("gpt2", text, _Lengths({"x": [0]})))


class _Lengths(dict):
    def __missing__(self, piece):
        ids = self[piece] = [len(piece)]
        return ids


@needs_compiled
def test_the_classes_table_is_kept_in_the_cache_and_made_again_when_damaged(tmp_path, monkeypatch):
    """The first process reads the classes from ``regex`` and keeps them; a damaged file is read from regex again
    and rewritten. Either way the pre-tokens are regex's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    text = "Hello world's 12345 ǅx ʰ\u0301a 你好\u3000①"

    def scan() -> None:
        scanner._ready.cache_clear()
        assert scanner.findall("o200k", text) == get_pattern("o200k").findall(text)

    try:
        scan()
        (path,) = (tmp_path / "bpe-explorer" / "scanner").glob("classes-*.bin")
        whole = path.read_bytes()
        assert whole.endswith(scanner.classes_table())
        for damaged in (whole[:-7], whole[:-2] + b"\xff\xff", b"not a table"):
            path.write_bytes(damaged)
            scan()
            assert path.read_bytes() == whole
    finally:
        scanner._ready.cache_clear()


@needs_compiled
def test_a_process_finding_the_classes_cached_imports_no_numpy(tmp_path):
    """What a counting worker imports and runs, in a fresh process: the second one reads the classes from the cache
    the first one wrote, in a few milliseconds and without numpy (about 0.2 s less per worker)."""
    code = (
        "import sys, bpe_core.corpus.counting; from bpe_core.pretokenize import scanner; "
        "print(scanner.findall('gpt2', 'Hello world 12345'), 'numpy' in sys.modules)"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    first, second = (
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        for _ in range(2)
    )
    assert first.stdout.strip() == "['Hello', ' world', ' 12345'] True"  # read from regex, with numpy
    assert second.stdout.strip() == "['Hello', ' world', ' 12345'] False"
