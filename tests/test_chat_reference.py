"""Chat templates rendered and encoded by BPE Explorer, compared with ``transformers``' ``apply_chat_template`` on
published templates (Llama 2 and 3, ChatML, Mistral, Gemma) and a multi-line one: the same text to the character
and the same ids, with and without a generation prompt; a conversation a template refuses is refused by both.

``transformers`` needs a newer ``regex`` than the engine's (which pins the Unicode version tiktoken uses), so it is
installed, once, into a virtual environment of its own in the user's cache (from the package registry, as the
suite's own packages are); the reference runs there (tests/chat_reference.py)."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

from bpe_core.chat.apply import apply_chat_template
from bpe_core.chat.conversation import ChatMessage
from bpe_core.chat.sandbox import TemplateError

pytestmark = pytest.mark.slow

HERE = Path(__file__).parent
TEMPLATES = HERE / "data" / "chat_templates"
REQUIREMENT = "transformers>=4.45,<6"

#: Each template's named special tokens (as its model's tokenizer_config.json names them) and other specials.
MODELS = {
    "llama-2-chat": ({"bos_token": "<s>", "eos_token": "</s>", "unk_token": "<unk>"}, []),
    "llama-3-instruct": (
        {"bos_token": "<|begin_of_text|>", "eos_token": "<|eot_id|>"},
        ["<|start_header_id|>", "<|end_header_id|>"],
    ),
    "qwen2-chatml": ({"eos_token": "<|im_end|>", "pad_token": "<|endoftext|>"}, ["<|im_start|>"]),
    "mistral-instruct-v0.1": ({"bos_token": "<s>", "eos_token": "</s>", "unk_token": "<unk>"}, []),
    "gemma-it": (
        {"bos_token": "<bos>", "eos_token": "<eos>", "pad_token": "<pad>"},
        ["<start_of_turn>", "<end_of_turn>"],
    ),
    "multiline-tools": (
        {"bos_token": "<|begin_of_text|>", "eos_token": "<|eot_id|>"},
        ["<|start_header_id|>", "<|end_header_id|>"],
    ),
}

CONVERSATIONS = {
    "plain": [{"role": "user", "content": "What is byte-pair encoding?"}],
    "system first": [
        {"role": "system", "content": "  Answer in one sentence.  "},
        {"role": "user", "content": "Why do tokenizers merge pairs?"},
        {"role": "assistant", "content": "To make frequent text short."},
        {"role": "user", "content": "And rare text?"},
    ],
    "chinese": [
        {"role": "user", "content": "你好！请用一句话解释分词。"},
        {"role": "assistant", "content": "\n分词把文本切成词元。\n"},
        {"role": "user", "content": "谢谢 🙂"},
    ],
    "specials in text": [{"role": "user", "content": "say <|im_end|> or </s> or <end_of_turn> literally"}],
    "out of order": [
        {"role": "assistant", "content": "I speak first."},
        {"role": "user", "content": "That is not allowed everywhere."},
    ],
}


def _cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "bpe-explorer-tests" / "transformers-venv"


@pytest.fixture(scope="session")
def reference_python() -> Path:
    """The Python of a virtual environment holding ``transformers`` (made once, under a lock for xdist)."""
    folder = _cache_folder()
    folder.parent.mkdir(parents=True, exist_ok=True)
    python = folder / "bin" / "python"
    with open(folder.parent / "transformers-venv.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        ready = folder / "ready"
        if not ready.exists():
            venv.EnvBuilder(clear=True, with_pip=True).create(folder)
            install = [str(python), "-m", "pip", "install", "--quiet", REQUIREMENT, "jinja2>=3.1"]
            done = subprocess.run(install, capture_output=True, text=True, timeout=900)
            assert done.returncode == 0, f"installing {REQUIREMENT} failed:\n{done.stderr[-3000:]}"
            ready.write_text(REQUIREMENT)
    return python


def _build_model(folder: Path, name: str) -> Path:
    """A byte-level BPE tokenizer.json trained on the shipped samples, with the template's special tokens, and a
    tokenizer_config.json holding the template and the named special tokens."""
    named, others = MODELS[name]
    specials = list(dict.fromkeys([*named.values(), *others]))
    samples = HERE.parent / "resources" / "samples"
    text = "\n".join((samples / f).read_text(encoding="utf-8") for f in ("english.txt", "chinese.txt", "mixed.txt"))
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=1200, special_tokens=specials, initial_alphabet=pre_tokenizers.ByteLevel.alphabet()
    )
    tokenizer.train_from_iterator([text], trainer)
    model = folder / name
    model.mkdir()
    tokenizer.save(str(model / "tokenizer.json"))
    template = (TEMPLATES / f"{name}.jinja").read_text(encoding="utf-8")
    config = {"chat_template": template, **{key: _as_published(name, value) for key, value in named.items()}}
    (model / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    return model


def _as_published(model: str, token: str):
    """A named special token as the model's config writes it: Llama 2's and Mistral's as serialized AddedTokens,
    the others' as plain text."""
    if model not in ("llama-2-chat", "mistral-instruct-v0.1"):
        return token
    flags = {"lstrip": False, "normalized": False, "rstrip": False, "single_word": False, "special": True}
    return {"__type": "AddedToken", "content": token, **flags}


@pytest.fixture(scope="session")
def models_and_answers(tmp_path_factory, reference_python):
    folder = tmp_path_factory.mktemp("chat-models")
    built = {name: _build_model(folder, name) for name in MODELS}
    cases = [
        {"folder": str(path), "messages": messages, "add_generation_prompt": prompt, "key": (name, talk, prompt)}
        for name, path in built.items()
        for talk, messages in CONVERSATIONS.items()
        for prompt in (False, True)
    ]
    sent = [{k: v for k, v in case.items() if k != "key"} for case in cases]
    done = subprocess.run(
        [str(reference_python), str(HERE / "chat_reference.py")],
        input=json.dumps(sent),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    answers = json.loads(done.stdout)
    return built, {case["key"]: answer for case, answer in zip(cases, answers)}


@pytest.mark.parametrize("prompt", [False, True], ids=["no prompt", "generation prompt"])
@pytest.mark.parametrize("talk", sorted(CONVERSATIONS))
@pytest.mark.parametrize("name", sorted(MODELS))
def test_text_and_ids_are_transformers(models_and_answers, name, talk, prompt):
    built, answers = models_and_answers
    expected = answers[(name, talk, prompt)]
    messages = [ChatMessage(m["role"], m["content"]) for m in CONVERSATIONS[talk]]
    if "error" in expected:
        with pytest.raises(TemplateError, match="refused the conversation"):
            apply_chat_template(built[name], messages, add_generation_prompt=prompt)
        return
    chat = apply_chat_template(built[name], messages, add_generation_prompt=prompt)
    assert chat.rendering.text == expected["text"]
    assert chat.ids == expected["ids"]


def test_every_template_renders_something_the_reference_accepts(models_and_answers):
    """The comparison is not vacuous: each template renders most conversations, and some refuse one."""
    _, answers = models_and_answers
    for name in MODELS:
        rendered = [key for key, answer in answers.items() if key[0] == name and "text" in answer]
        assert len(rendered) >= 4, name
    assert any("error" in answer for answer in answers.values())


def test_the_reference_is_transformers(reference_python):
    done = subprocess.run(
        [str(reference_python), "-c", "import transformers, sys; print(transformers.__version__)"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and done.stdout.strip()[0] in "45", done.stderr
    assert Path(sys.executable).resolve() != Path(reference_python).resolve()
