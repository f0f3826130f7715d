"""Property tests: whatever was trained, saving and exporting lose nothing (hypothesis)."""

from __future__ import annotations

import base64
import tempfile
from pathlib import Path

import tiktoken
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HfTokenizer

from bpe_core import BpeTrainer, CorpusError
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.formats import export, load_gpt2_files, load_json, save_json
from bpe_core.pretokenize.patterns import pattern_source

SPECIAL = "<|s|>"
pieces = st.sampled_from(list("ab cé中\n\t") + ["the ", "中文", "😀", "x1", "'s", SPECIAL, "  "])
texts = st.lists(pieces, max_size=80).map("".join)


def trained(corpus: str, pattern: str, merges: int) -> Tokenizer | None:
    trainer = BpeTrainer(256 + merges + 1, [SPECIAL], pattern=pattern, processes=1)
    try:
        trainer.count_text(corpus)
    except CorpusError:
        return None
    trainer.run()
    tok = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern=pattern)
    tok.record = trainer.record
    return tok


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=texts, probe=texts, pattern=st.sampled_from(["gpt2", "none", "o200k"]), merges=st.integers(0, 40))
def test_save_load_and_exports_encode_alike(corpus, probe, pattern, merges):
    tok = trained(corpus, pattern, merges)
    if tok is None:
        return
    event(f"{min(tok.merge_count, 10) // 5 * 5}+ merges")
    expected = tok.encode(probe)
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        save_json(tok, folder / "t.json")
        loaded = load_json(folder / "t.json")
        assert loaded.vocab == tok.vocab and loaded.merges == tok.merges
        assert loaded.special_tokens == tok.special_tokens and loaded.pattern == tok.pattern
        assert loaded.record.to_dict() == tok.record.to_dict()
        assert loaded.encode(probe) == expected

        export(tok, folder / "gpt2", "gpt2")
        gpt2 = load_gpt2_files(
            folder / "gpt2" / "vocab.json", folder / "gpt2" / "merges.txt", list(tok.special_tokens), pattern=pattern
        )
        assert gpt2.encode(probe) == expected

        if pattern != "none":  # tiktoken and HF need a pre-tokenizer regex
            export(tok, folder / "tk", "tiktoken")
            (rank_file,) = (folder / "tk").glob("*.tiktoken")
            lines = rank_file.read_text().splitlines()
            ranks = {base64.b64decode(token): int(rank) for token, rank in map(str.split, lines)}
            encoding = tiktoken.Encoding(
                "t", pat_str=pattern_source(pattern), mergeable_ranks=ranks, special_tokens=tok.special_tokens
            )
            assert encoding.encode(probe, allowed_special="all") == expected

            export(tok, folder / "hf", "huggingface")
            assert HfTokenizer.from_file(str(folder / "hf" / "tokenizer.json")).encode(probe).ids == expected
