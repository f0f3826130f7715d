"""Training variants as parts (issue 42): which variants train together is said once
(:data:`bpe_core.variants.registry.CANNOT_COMBINE`) and the trainer follows it; parity-aware BPE keeps the forbid and
min-count rules (checked against the naive trainer on one language's training part, which parity then equals); a
variant made outside the trainer plugs into its loop through the hooks alone."""

from __future__ import annotations

from itertools import combinations

import pytest
import regex
from test_train_variants import naive_merges_with_rule
from test_trainer import CHINESE, ENGLISH, SPECIAL, reference_words

from bpe_core import BpeTrainer
from bpe_core.variants.base import Variant
from bpe_core.variants.parity_languages import held_out
from bpe_core.variants.registry import CANNOT_COMBINE, ORDER
from bpe_core.variants.setting_error import VariantSettingError


@pytest.fixture(scope="module")
def saved():
    trainer = BpeTrainer(300, [SPECIAL], processes=1)
    trainer.count_text(ENGLISH)
    trainer.run()
    return trainer.tokenizer()


def settings_of(name, saved):
    return {
        "min_count": {"min_count": 2},
        "forbid": {"forbid": ["x"]},
        "resume": {"resume": saved},
        "superword": {"superword_after": 400},
        "picky": {"picky": 0.9},
        "parity": {"parity": True},
    }[name]


def refusal_of(pair):
    """The message code that refuses ``pair`` according to the table (None: they train together)."""
    for name, (code, refused) in CANNOT_COMBINE.items():
        if name in pair and set(pair) - {name} <= set(refused):
            return code
    return None


@pytest.mark.parametrize("pair", list(combinations([kind.name for kind in ORDER], 2)))
def test_two_variants_train_together_unless_the_table_says_not(pair, saved):
    arguments = settings_of(pair[0], saved) | settings_of(pair[1], saved)
    refusal = refusal_of(pair)
    if refusal is None:
        trainer = BpeTrainer(500, [SPECIAL], processes=1, **arguments)
        assert sorted(variant.name for variant in trainer.variants) == sorted(pair)
        return
    with pytest.raises(VariantSettingError) as caught:
        BpeTrainer(500, [SPECIAL], processes=1, **arguments)
    assert caught.value.message.code == refusal


@pytest.mark.parametrize("pattern", ["gpt2", "none"])
def test_parity_with_forbid_and_min_count_on_one_language_is_the_naive_trainer_with_those_rules(pattern):
    text = (ENGLISH + SPECIAL + CHINESE) * 3
    rule = r"\d\p{L}|\p{L}\d| t"
    trainer = BpeTrainer(
        256 + 150 + 1, [SPECIAL], pattern=pattern, processes=1, parity=True, forbid=[rule], min_count=3
    )
    trainer.count_language_texts({"mixed": text})
    trainer.run()
    expected = naive_merges_with_rule(
        reference_words(held_out(text)[0], pattern, [SPECIAL]),
        150,
        forbidden=lambda token: regex.search(rule, token.decode("utf-8", "replace")) is not None,
        min_count=3,
    )
    assert trainer.merges == expected
    assert trainer.record.settings["forbid"] == [rule] and trainer.record.settings["min_count"] == 3


def test_parity_with_forbid_never_makes_a_forbidden_token_in_any_language():
    trainer = BpeTrainer(700, processes=1, parity=True, forbid=["的", " th"])
    trainer.count_language_texts({"en": ENGLISH * 3, "zh": CHINESE * 3})
    trainer.run()
    assert set(trainer.record.parity["chosen"]) == {0, 1}
    assert not any(regex.search("的| th", token.decode("utf-8", "replace")) for token in trainer.vocab.values())


class NoTwins(Variant):
    """A variant made here: never merge a token with itself."""

    name = "no_twins"

    def vetoed(self, engine, top):
        return [pair for pair, _ in top if pair[0] == pair[1]]


def test_a_variant_needs_nothing_of_the_trainer_but_its_hooks():
    plain = BpeTrainer(400, processes=1)
    plain.count_text(ENGLISH)
    plain.run()
    first_twin = next(step.rank for step in plain.record.steps if step.left == step.right)
    trainer = BpeTrainer(400, processes=1)
    trainer.variants.append(NoTwins())
    trainer.count_text(ENGLISH)
    trainer.run()
    assert trainer.merges[:first_twin] == plain.merges[:first_twin] and len(trainer.merges) == len(plain.merges)
    assert all(step.left != step.right for step in trainer.record.steps)
