"""The derived merges of a big rank table are kept on disk and read back the same; a damaged or stale file is
derived again."""

from bpe_core.encoding import merges_cache, reference
from bpe_core.encoding.merges_cache import cached_merges
from bpe_core.encoding.rank_merges import _derive_merges, merges_from_ranks


def test_merges_are_read_back_equal_and_damage_is_derived_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    ranks = reference.cached_reference_ranks("gpt2")
    derived = []

    def derive():  # derives for real once (0.5 s); a damaged cache's fallback gets a copy of what it derived
        derived.append(1)
        return _derive_merges(ranks, "gpt2") if len(derived) == 1 else list(first)

    first = cached_merges(ranks, derive)
    second = cached_merges(ranks, derive)
    assert first == second and len(derived) == 1 and len(first) == 50000
    (path,) = merges_cache.cache_dir().glob("*.merges")
    data = path.read_bytes()
    for damaged in (data[:-3], data[:40] + b"\xff" * 8 + data[48:], b"not a cache"):
        path.write_bytes(damaged)
        assert cached_merges(ranks, derive) == first
    assert len(derived) == 4
    assert merges_from_ranks(ranks) == first


def test_small_tables_and_an_unwritable_cache_still_derive(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    (tmp_path / "file").write_text("not a folder")
    ranks = reference.cached_reference_ranks("gpt2")
    assert cached_merges(ranks, lambda: [(b"a", b"b")]) == [(b"a", b"b")]  # the cache cannot be written
    assert cached_merges({b"a": 0}, lambda: []) == []
