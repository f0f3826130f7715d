"""A curated menu of well-known open models whose tokenizers can be fetched by Hugging Face model id.

Plain records, nothing fetched here: each names the model, its hub id, its family, the kind of tokenizer file to
load (``tokenizer.json``, SentencePiece ``.model``, a tiktoken rank file with a named pattern, or Mistral's Tekken
JSON), whether the model is gated, and the named pre-tokenization pattern when the files don't carry it.

>>> find("Qwen/Qwen2.5-7B-Instruct").family
'Qwen'
>>> [m.hub_id for m in MODELS if m.kind == TIKTOKEN]
['Qwen/Qwen-7B', 'THUDM/glm-4-9b-chat']
>>> find("Qwen/Qwen-7B").pattern
'qwen2'
"""

from __future__ import annotations

from dataclasses import dataclass

#: Kinds of tokenizer file, named after what the loader reads.
HF_JSON = "tokenizer.json"
SENTENCEPIECE = "sentencepiece"
TIKTOKEN = "tiktoken"
TEKKEN = "tekken"
KINDS = (HF_JSON, SENTENCEPIECE, TIKTOKEN, TEKKEN)


@dataclass(frozen=True)
class CatalogueModel:
    """One model of the menu. ``file`` is the vocabulary file to open in the downloaded folder; ``pattern`` is
    the named pre-tokenization pattern to give a tiktoken rank file (None when the file carries its own)."""

    name: str
    hub_id: str
    family: str
    kind: str
    file: str
    gated: bool = False
    pattern: str | None = None
    note: str = ""

    @property
    def source(self) -> str:
        """The model id as the loader and the CLI take it.

        >>> find("openai-community/gpt2").source
        'hf:openai-community/gpt2'
        """
        return f"hf:{self.hub_id}"


MODELS: tuple[CatalogueModel, ...] = (
    CatalogueModel(
        "Qwen 2.5 7B Instruct", "Qwen/Qwen2.5-7B-Instruct", "Qwen", HF_JSON, "tokenizer.json",
        note="byte-level BPE; digits one by one; the Qwen 2.5 sizes share this tokenizer",
    ),
    CatalogueModel(
        "Qwen 3 8B", "Qwen/Qwen3-8B", "Qwen", HF_JSON, "tokenizer.json",
        note="byte-level BPE, the Qwen 2.5 vocabulary with more special tokens",
    ),
    CatalogueModel(
        "Qwen 7B (first generation)", "Qwen/Qwen-7B", "Qwen", TIKTOKEN, "qwen.tiktoken", pattern="qwen2",
        note="a tiktoken rank file; its regex lives in tokenization_qwen.py (the same as Qwen 2's)",
    ),
    CatalogueModel(
        "DeepSeek V3", "deepseek-ai/DeepSeek-V3", "DeepSeek", HF_JSON, "tokenizer.json",
        note="byte-level BPE; a sequence of Split pre-tokenizers (digits in threes, CJK runs)",
    ),
    CatalogueModel(
        "DeepSeek R1", "deepseek-ai/DeepSeek-R1", "DeepSeek", HF_JSON, "tokenizer.json",
        note="the DeepSeek V3 tokenizer with R1's chat template",
    ),
    CatalogueModel(
        "Llama 3.1 8B Instruct", "meta-llama/Llama-3.1-8B-Instruct", "Llama", HF_JSON, "tokenizer.json", gated=True,
        note="byte-level BPE; original/tokenizer.model is the same "
        "vocabulary as a tiktoken file, pattern llama3",
    ),
    CatalogueModel(
        "Llama 3.2 1B Instruct", "meta-llama/Llama-3.2-1B-Instruct", "Llama", HF_JSON, "tokenizer.json", gated=True,
        note="the Llama 3.1 tokenizer",
    ),
    CatalogueModel(
        "Gemma 3 4B it", "google/gemma-3-4b-it", "Gemma", HF_JSON, "tokenizer.json", gated=True,
        note="SentencePiece-style BPE with byte fallback; tokenizer.model holds the same model",
    ),
    CatalogueModel(
        "Mistral Nemo Instruct 2407", "mistralai/Mistral-Nemo-Instruct-2407", "Mistral", TEKKEN, "tekken.json",
        note="Tekken: tiktoken-style byte-level BPE; ids shifted by the reserved special tokens",
    ),
    CatalogueModel(
        "Mistral 7B Instruct v0.3", "mistralai/Mistral-7B-Instruct-v0.3", "Mistral", SENTENCEPIECE,
        "tokenizer.model", note="SentencePiece BPE with byte fallback (v3 vocabulary)",
    ),
    CatalogueModel(
        "GLM-4 9B Chat", "THUDM/glm-4-9b-chat", "GLM", TIKTOKEN, "tokenizer.model", pattern="cl100k",
        note="tokenizer.model is a tiktoken rank file, not SentencePiece; tokenization_chatglm.py uses "
        "GPT-4's regex (the organisation is now zai-org; the THUDM id still answers)",
    ),
    CatalogueModel(
        "Yi 1.5 9B Chat", "01-ai/Yi-1.5-9B-Chat", "Yi", SENTENCEPIECE, "tokenizer.model",
        note="SentencePiece BPE, Chinese and English",
    ),
    CatalogueModel(
        "Baichuan 2 7B Chat", "baichuan-inc/Baichuan2-7B-Chat", "Baichuan", SENTENCEPIECE, "tokenizer.model",
        note="SentencePiece BPE; no tokenizer.json is published",
    ),
    CatalogueModel(
        "InternLM 2.5 7B Chat", "internlm/internlm2_5-7b-chat", "InternLM", SENTENCEPIECE, "tokenizer.model",
        note="SentencePiece BPE (tokenization_internlm2.py)",
    ),
    CatalogueModel(
        "InternLM 3 8B Instruct", "internlm/internlm3-8b-instruct", "InternLM", SENTENCEPIECE, "tokenizer.model",
        note="SentencePiece BPE",
    ),
    CatalogueModel(
        "Phi-4", "microsoft/phi-4", "Phi", HF_JSON, "tokenizer.json",
        note="byte-level BPE built on cl100k's vocabulary",
    ),
    CatalogueModel(
        "GPT-2", "openai-community/gpt2", "GPT-2", HF_JSON, "tokenizer.json",
        note="the original byte-level BPE; the same ids as tiktoken's gpt2",
    ),
)  # fmt: skip


def find(hub_id_or_name: str) -> CatalogueModel:
    """The entry whose hub id (case-insensitive, ``hf:`` allowed) or display name is given; KeyError if none.

    >>> find("hf:deepseek-ai/deepseek-v3").name
    'DeepSeek V3'
    >>> find("GPT-2").hub_id
    'openai-community/gpt2'
    """
    wanted = hub_id_or_name.removeprefix("hf:").casefold()
    for model in MODELS:
        if wanted in (model.hub_id.casefold(), model.name.casefold()):
            return model
    raise KeyError(f"{hub_id_or_name!r} is not in the model menu")


def families() -> dict[str, list[CatalogueModel]]:
    """The menu grouped by family, in the catalogue's order (one submenu each).

    >>> list(families())[:3]
    ['Qwen', 'DeepSeek', 'Llama']
    """
    grouped: dict[str, list[CatalogueModel]] = {}
    for model in MODELS:
        grouped.setdefault(model.family, []).append(model)
    return grouped
