"""The curated model menu: every entry can be fetched by bpe_core.hub and says how to load what it fetches."""

import pytest
from huggingface_hub.utils import filter_repo_objects

from bpe_core import model_catalogue as catalogue
from bpe_core.hub import TOKENIZER_PATTERNS, VOCABULARY_PATTERNS, parse_model_id
from bpe_core.model_catalogue import MODELS, TIKTOKEN, CatalogueModel, families, find
from bpe_core.pretokenize.patterns import PatternError, get_pattern

#: What each named pattern the catalogue asks for must do to a digit run (the tell-tale of each regex).
DIGITS = {"qwen2": ["1", "2", "3", "4", "5"], "cl100k": ["123", "45"], "llama3": ["123", "45"]}


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.hub_id)
def test_every_entry_is_a_valid_model_id_the_hub_module_accepts(model):
    assert parse_model_id(model.source).repo_id == model.hub_id
    assert str(parse_model_id(model.hub_id)) == model.hub_id


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.hub_id)
def test_the_file_to_open_is_among_the_downloaded_files(model):
    assert model.kind in catalogue.KINDS
    assert list(filter_repo_objects([model.file], allow_patterns=list(TOKENIZER_PATTERNS))) == [model.file]
    assert list(filter_repo_objects([model.file], allow_patterns=list(VOCABULARY_PATTERNS))) == [model.file]


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.hub_id)
def test_a_named_pattern_exactly_where_the_files_carry_none(model):
    assert (model.pattern is not None) == (model.kind == TIKTOKEN)
    assert model.pattern is None or model.pattern in DIGITS


@pytest.mark.parametrize("name", sorted({m.pattern for m in MODELS if m.pattern}))
def test_the_named_patterns_cut_digits_as_their_models_do(name):
    try:
        pattern = get_pattern(name)
    except PatternError:
        pytest.skip(f"named pattern {name!r} is not in bpe_core.pretokenize.patterns yet (the loaders' owner adds it)")
    assert pattern.findall("12345") == DIGITS[name]


def test_ids_and_names_are_unique_and_notes_are_written():
    assert len({m.hub_id.casefold() for m in MODELS}) == len(MODELS)
    assert len({m.name.casefold() for m in MODELS}) == len(MODELS)
    assert all(m.note and m.name and m.family for m in MODELS)


def test_gated_organisations_are_marked_gated():
    for model in MODELS:
        organisation = model.hub_id.split("/")[0]
        assert model.gated == (organisation in {"meta-llama", "google"}), model.hub_id


def test_the_menu_covers_the_issue_list():
    wanted = {
        "Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen3-8B", "deepseek-ai/DeepSeek-V3", "deepseek-ai/DeepSeek-R1",
        "meta-llama/Llama-3.1-8B-Instruct", "google/gemma-3-4b-it", "mistralai/Mistral-Nemo-Instruct-2407",
        "THUDM/glm-4-9b-chat", "01-ai/Yi-1.5-9B-Chat", "baichuan-inc/Baichuan2-7B-Chat",
        "internlm/internlm2_5-7b-chat", "microsoft/phi-4", "openai-community/gpt2",
    }  # fmt: skip
    assert wanted <= {m.hub_id for m in MODELS}
    assert find("mistralai/Mistral-Nemo-Instruct-2407").kind == catalogue.TEKKEN
    assert {m.kind for m in MODELS} == set(catalogue.KINDS)


def test_find_by_id_or_name():
    assert find("QWEN/qwen3-8b") is find("hf:Qwen/Qwen3-8B") is find("qwen 3 8b")
    with pytest.raises(KeyError, match="'Org/Unknown' is not in the model menu"):
        find("Org/Unknown")


def test_families_group_in_order_and_lose_nothing():
    grouped = families()
    assert [m for group in grouped.values() for m in group] == sorted(
        MODELS, key=lambda m: list(grouped).index(m.family)
    )
    assert sum(map(len, grouped.values())) == len(MODELS)
    assert all(m.family == family for family, group in grouped.items() for m in group)


def test_records_are_plain_and_frozen():
    model = MODELS[0]
    assert isinstance(model, CatalogueModel)
    with pytest.raises(AttributeError):
        model.hub_id = "Other/Model"
