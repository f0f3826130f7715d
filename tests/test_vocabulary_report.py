"""``bpe vocab`` as a function: the report's lines for references and saved tokenizers, and bad input."""

import bpe_resources
import pytest

from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.formats import TokenizerFileError, save_json
from bpe_core.training.trainer import BpeTrainer
from bpe_core.vocabulary.report import load_source, vocab_report


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    text = (bpe_resources.resource_path("samples") / "chinese.txt").read_text(encoding="utf-8")
    trainer = BpeTrainer(256 + 200 + 1, ["<|endoftext|>"], pattern="o200k", processes=1)
    trainer.count_text(text)
    trainer.run()
    tok = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern="o200k")
    tok.record = trainer.record
    path = tmp_path_factory.mktemp("vocab") / "chinese.json"
    save_json(tok, path)
    return path


def test_reference_report():
    lines = vocab_report("gpt2", longest=2)
    assert lines[0] == "gpt2: 50,257 tokens (1 special)"
    latin = next(line for line in lines if line.startswith("  Latin"))
    assert int(latin.split()[1].replace(",", "")) > 40_000


def test_saved_tokenizer_against_o200k_with_audit(saved):
    lines = vocab_report(str(saved), vs="o200k_base", text="我们的中文文本。")
    assert lines[0].startswith(f"{saved}: 457 tokens (1 special)")
    overlap = next(line for line in lines if "shared tokens" in line)
    assert f"only in {saved}" in overlap and "Jaccard" in overlap
    han = next(line for line in lines if line.startswith("  Han") and len(line.split()) == 4)
    assert int(han.split()[1]) > 0  # Chinese tokens shared with o200k
    assert any("unreachable" in line for line in lines)
    assert any(line.startswith("  used in the text:") for line in lines)


def test_load_source_keeps_the_training_record(saved):
    source = load_source(str(saved))
    assert source.record is not None and len(source.record.steps) == 200
    assert source.merges is not None and len(source.merges) == 200


def test_bad_input_is_named(tmp_path):
    with pytest.raises(TokenizerFileError, match="missing.json: cannot read"):
        vocab_report(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text('{"a": 1}', encoding="utf-8")
    with pytest.raises(TokenizerFileError, match="bad.json: a GPT-2 vocabulary needs its merges file"):
        vocab_report(str(bad))
