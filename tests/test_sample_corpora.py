"""The shipped corpora: unpacked once into the cache, checked, and big enough to train thousands of merges on."""

from __future__ import annotations

import pytest
import regex

from bpe_core import BpeTrainer
from bpe_core.corpus.samples import SAMPLE_CORPORA, SampleCorpusError, cache_dir, corpus_path, get_corpus


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_unpacked_once_into_the_cache_and_then_reused():
    path = corpus_path("chinese-prose")
    assert path.parent == cache_dir() and path.is_file()
    stamp = path.stat().st_mtime_ns
    assert corpus_path("chinese-prose") == path and path.stat().st_mtime_ns == stamp


def test_a_damaged_cached_copy_is_unpacked_again():
    path = corpus_path("english-prose")
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    assert corpus_path("english-prose").read_bytes() == whole


def test_a_damaged_shipped_file_is_named(monkeypatch, tmp_path):
    broken = tmp_path / "corpora"
    broken.mkdir()
    (broken / get_corpus("english-prose").file).write_bytes(b"not gzip")
    monkeypatch.setattr("bpe_resources.resource_path", lambda *parts: tmp_path.joinpath(*parts))
    with pytest.raises(SampleCorpusError, match="cannot be read.*reinstall"):
        corpus_path("english-prose")


def test_an_unknown_name_lists_the_corpora():
    with pytest.raises(KeyError, match="english-prose, chinese-prose"):
        get_corpus("klingon")


def test_the_texts_are_what_they_say():
    english = corpus_path("english-prose").read_text(encoding="utf-8")
    chinese = corpus_path("chinese-prose").read_text(encoding="utf-8")
    assert len(english.encode()) > 1_500_000 and len(chinese.encode()) > 1_500_000
    assert english.startswith("Genesis 1\n\nIn the beginning") and "\r" not in english
    assert len(regex.findall(r"\p{Han}", chinese)) > 500_000 and "\r" not in chinese
    assert all(corpus.credit and corpus.title for corpus in SAMPLE_CORPORA)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["english-prose", "chinese-prose"])
def test_thousands_of_merges_are_still_learned_from_pairs_seen_many_times(name):
    trainer = BpeTrainer(256 + 3000, pattern="gpt2", processes=1)
    trainer.count_files(corpus_path(name))
    steps = list(trainer.steps())
    assert len(steps) == 3000 and steps[-1].count >= 20  # not pairs seen once or twice: real structure
