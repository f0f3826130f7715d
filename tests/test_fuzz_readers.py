"""Every reader against mutated real files (byte flips, cuts, inserted and deleted runs, duplicated lines, JSON
nodes replaced): each input ends, within 20 s, in a tokenizer that encodes and decodes or in a documented error
(a ``ValueError`` or an ``OSError``), never another exception, a hang or a crash. A short run of
``tests/fuzz/fuzz_readers.py``, which runs the long one (see tests/fuzz/README.md)."""

from __future__ import annotations

import json
import os
import sys
import tracemalloc
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "fuzz"))
from fuzz_readers import FORMATS, MUTATIONS, build_seeds, check, mutate  # noqa: E402

from bpe_core.formats import TokenizerFileError, load_any  # noqa: E402

EXAMPLES = 25
#: A mutation each format survives (an appended line break; zero padding after a gzip member; a flipped bit inside
#: a SentencePiece piece's text or a UTF-16 character), and one none does (a cut in the middle; a byte 0xFF in UTF-8
#: text): the contract is checked on both outcomes.
SURVIVED = {name: [("insert", 1.0, b"\n")] for name in FORMATS} | {
    "sentencepiece": [("flip", 0.5, 1)],
    "corpus_utf16": [("flip", 0.5, 1)],
    "tiktoken_gz": [("insert", 1.0, b"\0\0")],
}
REFUSED = {name: [("truncate", 0.5)] for name in FORMATS} | {"corpus_utf8": [("insert", 0.5, b"\xff")]}


@pytest.fixture(scope="module")
def seeds(tmp_path_factory):
    return build_seeds(tmp_path_factory.mktemp("fuzz_seeds"))


def assert_contract(outcome) -> None:
    if outcome.kind == "broken":
        raise AssertionError(f"neither a result nor a documented error: {outcome.error!r}") from outcome.error


@pytest.mark.parametrize("name", FORMATS)
def test_known_mutations_load_and_are_refused(seeds, name, tmp_path):
    seed = seeds[name]
    for mutations, expected in ([], "loaded"), (SURVIVED[name], "loaded"), (REFUSED[name], "refused"):
        outcome = check(seed, mutate(seed.data, mutations), tmp_path)
        assert_contract(outcome)
        assert outcome.kind == expected, (mutations, outcome.error)


@pytest.mark.parametrize("name", FORMATS)
def test_mutated_files_load_or_are_refused(seeds, name, tmp_path):
    seed, tally = seeds[name], Counter()

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(mutations=MUTATIONS)
    def one(mutations):
        outcome = check(seed, mutate(seed.data, mutations), tmp_path)
        assert_contract(outcome)
        tally[outcome.kind] += 1

    one()
    assert tally["loaded"] + tally["refused"] >= EXAMPLES and tally["refused"] > 0, tally


def test_a_small_file_is_read_without_allocating_the_size_limit(tmp_path):
    """Regression (found by this fuzzing): the file reader asked for ``read(256 MB + 1)``, which allocates that
    much at once for any file, so under a memory limit (``ulimit -v``) loading a tiny file raised MemoryError."""
    path = tmp_path / "empty.tiktoken"
    path.write_bytes(b"")
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match="empty"):
            load_any(path, pattern="gpt2")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10_000_000


@pytest.mark.parametrize("pattern", ["((", "", "a*"])
def test_a_tekken_files_bad_regex_is_refused_naming_the_file(seeds, tmp_path, pattern):
    """Regression (found by this fuzzing): a tekken.json whose own pattern did not compile raised a bare
    PatternError, which does not say which file is wrong."""
    path = _edited(seeds["tekken"].data, tmp_path / "tekken.json", lambda doc: doc["config"].update(pattern=pattern))
    with pytest.raises(TokenizerFileError, match=r"tekken\.json: not a valid Tekken file: .*regex"):
        load_any(path)


@pytest.mark.parametrize("charsmap", ["", "!!!", "AQ==", "CAAAAAAAAAAAAAAA"])
def test_a_damaged_precompiled_charsmap_is_refused_naming_the_file(seeds, tmp_path, charsmap):
    """Regression (found by this fuzzing): tokenizers panics on a Precompiled normalizer's damaged charsmap (not
    base64, too short, offsets past its end); pyo3's PanicException is a BaseException, which escaped load_any."""
    path = _edited(
        seeds["hf_precompiled"].data,
        tmp_path / "tokenizer.json",
        lambda doc: doc["normalizer"].update(precompiled_charsmap=charsmap),
    )
    with pytest.raises(TokenizerFileError, match=r"tokenizer\.json: the tokenizers library cannot read it: "):
        load_any(path)


def _edited(data: bytes, path, edit):
    """A seed JSON file, changed by ``edit(doc)``, written to ``path``."""
    doc = json.loads(data)
    edit(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path
