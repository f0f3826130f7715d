"""The one way a token is written (bpe_core.render.token_label) and the one way a vocabulary is made from merges
(bpe_core.training.merged_vocab)."""

from __future__ import annotations

import re
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from bpe_core.render.token_label import VISIBLE, label_segments, render_pair, render_token
from bpe_core.training.merged_vocab import merge_pairs, vocab_from_merges
from bpe_core.training.trainer import BpeTrainer

_SHOWN_AS = {shown: raw.encode() for raw, shown in VISIBLE.items()}


def _read_back(label: str) -> bytes:
    """A label turned back into bytes: ``<XX>`` as the byte, visible whitespace as the whitespace."""
    return b"".join(
        bytes.fromhex(part[1:-1])
        if re.fullmatch(r"<[0-9A-F]{2}>", part)
        else b"".join(_SHOWN_AS.get(ch, ch.encode()) for ch in part)
        for part in re.split(r"(<[0-9A-F]{2}>)", label)
        if part
    )


@given(st.binary(max_size=24).filter(lambda d: not any(k.encode() in d for k in _SHOWN_AS) and b"<" not in d))
def test_any_bytes_give_a_label_that_reads_back(data):
    """Every byte is shown exactly once: reading the label back gives the token's bytes."""
    label = render_token(data)
    assert _read_back(label) == data
    assert not any(ch in label for ch in " \t\n\r")
    assert label.isprintable()


@given(st.binary(max_size=24))
def test_segments_join_to_the_label(data):
    segments = label_segments(data)
    assert "".join(text for text, _ in segments) == render_token(data)
    assert all(text for text, _ in segments)
    assert all(re.fullmatch(r"(<[0-9A-F]{2}>)+", text) for text, is_hex in segments if is_hex)
    # neighbouring segments alternate between text and hex
    assert all(a[1] != b[1] for a, b in pairwise(segments))


@given(st.text(max_size=20))
def test_plain_labels_show_only_the_texts_characters(text):
    data = text.encode("utf-8", "surrogatepass")
    plain = "".join(t for t, is_hex in label_segments(data, visible_whitespace=False) if not is_hex)
    assert set(plain) <= set(text) | {" "}


def test_each_whitespace_has_its_own_sign():
    assert render_token(b" \n\t\r") == "␣↵⇥⇤"
    assert len(set(VISIBLE.values())) == len(VISIBLE)
    assert label_segments(b"a\tb\n", visible_whitespace=False) == (("a    b", False),)


def test_partial_utf8_is_bracketed_hex():
    assert render_token("中".encode()[:2]) == "<E4><B8>"
    assert render_token("é".encode()[:1]) == "<C3>"
    assert label_segments("中".encode()[1:] + b"x") == (("<B8><AD>", True), ("x", False))


def test_characters_without_a_glyph_are_their_bytes():
    assert render_token(b"\x1b[0m") == "<1B>[0m"
    assert render_token("\u200b".encode()) == "<E2><80><8B>"  # zero-width space
    assert render_token("\u3000".encode()) == "<E3><80><80>"  # ideographic space
    assert render_token("中文 🙂".encode()) == "中文␣🙂"
    assert render_pair(b"a", b"\n") == "a + ↵"


def test_vocab_from_merges_is_the_trainers():
    text = "low lower lowest newest widest " * 20
    trainer = BpeTrainer(256 + 30, ["<|endoftext|>"], processes=1)
    trainer.count_text(text)
    steps = list(trainer.steps())
    merges = merge_pairs((s.left, s.right) for s in steps)
    assert merges == trainer.merges
    vocab = vocab_from_merges(merges, ["<|endoftext|>"])
    assert vocab == trainer.vocab and vocab == vocab_from_merges(merges, trainer.special_tokens)
    assert [vocab[s.new_id] for s in steps] == [s.token for s in steps]
    assert sorted(vocab) == list(range(len(vocab)))
