"""The Compare view's pure parts: cut comparison, palette, sources (token labels: tests/test_token_label.py)."""

from __future__ import annotations

import pytest

from app.common.boundaries import chunk_of_tokens, compare_cuts, cut_offsets
from app.common.sources import PaneSource, load_source, reference_source
from app.style import TOL_LIGHT, Palette
from bpe_core.encoding import reference
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign import TiktokenTokenizer


def test_cuts_match_token_boundaries_in_bytes():
    gpt2 = TiktokenTokenizer.reference("gpt2")
    text = "a鬱 bc"
    view = gpt2.view(text)
    lengths = [len(gpt2.token_bytes(i)) for i in gpt2.encode(text)]
    assert cut_offsets(view) == {sum(lengths[: i + 1]) for i in range(len(lengths) - 1)}
    same = compare_cuts(cut_offsets(view), cut_offsets(view))
    assert same.agreement == 1.0 and not same.extra and not same.missing


def test_chunks_follow_the_pre_tokenizer():
    tok = Tokenizer.from_tiktoken("gpt2")
    text = "it's  fine"
    chunks = chunk_of_tokens(tok.view(text))
    assert chunks == sorted(chunks) and chunks[-1] == len(list(tok.pretokens(text))) - 1


def test_palette_colors():
    by_id = Palette("id")
    assert by_id.fill(42, 0) == by_id.fill(42, 99)
    assert len({by_id.fill(i, 0).name() for i in range(50)}) > 40  # neighbouring ids look different
    safe = Palette("id", safe=True)
    assert {safe.fill(i, 0).name().upper() for i in range(200)} == set(TOL_LIGHT)
    with pytest.raises(ValueError):
        Palette("rainbow")


def test_sources_give_the_reference_ids_and_ranks():
    text = "Hello, 世界 <|endoftext|>"
    source = reference_source("cl100k_base")
    result = source.encode(text)
    ids = [t.id for t in result.view.tokens]
    assert ids == reference.get_encoding("cl100k_base").encode(text, allowed_special="all")
    assert source.rank_text(ids[-1]) == "special token"
    trained = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ll", 257: b"He"}, [(b"l", b"l"), (b"H", b"e")])
    own = PaneSource("own", "mine", trained)
    assert [t.id for t in own.encode("Hello").view.tokens] == trained.encode("Hello") == [257, 256, 111]
    assert own.rank_text(257) == "merge 2"
    assert own.rank_text(72) == "a single byte (no merge)"


def test_a_failing_source_reports_instead_of_raising():
    def gone():
        raise RuntimeError("rank file gone")

    result = PaneSource("gpt2", "tiktoken gpt2", load=gone).encode("text")
    assert result.view is None and "rank file gone" in result.error


def test_file_sources_refuse_bad_files_with_the_files_name(tmp_path):
    bad = tmp_path / "bad.tiktoken"
    bad.write_text("not base64 at all\n", encoding="ascii")
    with pytest.raises(ValueError, match="bad.tiktoken"):
        load_source(bad, "gpt2")
    with pytest.raises(ValueError, match="missing.json"):
        load_source(tmp_path / "missing.json")
