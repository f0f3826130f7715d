"""Where a model keeps its chat template and the special tokens the template names (``bos_token``…).

A model folder (or the folder of a ``tokenizer.json``, or a downloaded ``hf:`` model) holds the template in
``chat_template.jinja`` (newer models; it wins, as in ``transformers``) or in ``tokenizer_config.json``'s
``chat_template``: a string, or a list of named templates of which ``default`` is taken. The special tokens are that
config's ``bos_token``, ``eos_token``, ``unk_token``, ``sep_token``, ``pad_token``, ``cls_token`` and
``mask_token`` (a string, or an object whose ``content`` is one), the names ``transformers`` hands the template.

>>> import json, tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "tokenizer_config.json").write_text(json.dumps(
...     {"chat_template": "{{ bos_token }}{{ messages[0]['content'] }}", "bos_token": {"content": "<s>"}}))
>>> template = chat_template(folder)
>>> template.text, template.special_tokens, template.origin.endswith("tokenizer_config.json")
("{{ bos_token }}{{ messages[0]['content'] }}", {'bos_token': '<s>'}, True)
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from bpe_core.chat.text_files import read_text_file
from bpe_core.messages import EngineError, Message

#: The named special tokens ``transformers`` passes to a template (its ``special_tokens_map``).
NAMED_SPECIALS = ("bos_token", "eos_token", "unk_token", "sep_token", "pad_token", "cls_token", "mask_token")
#: The largest template file read (published templates are a few to tens of kilobytes).
MAX_TEMPLATE_BYTES = 4 * 1024 * 1024
#: The largest ``tokenizer_config.json`` read (some list every added token: a few megabytes).
MAX_CONFIG_BYTES = 64 * 1024 * 1024


class TemplateSourceError(EngineError, ValueError):
    """No template where one was looked for, or a file that holds none (the message names the file)."""


@dataclass(frozen=True)
class ChatTemplate:
    """A template's text, the file it came from and the special tokens the template is given."""

    text: str
    origin: str
    special_tokens: dict[str, str] = field(default_factory=dict)


def chat_template(folder: str | os.PathLike | None, template_file: str | os.PathLike | None = None) -> ChatTemplate:
    """The template of the model in ``folder``, or ``template_file`` when given, with the special tokens of the
    folder's ``tokenizer_config.json`` (none without a folder or such a file)."""
    config_path = Path(folder) / "tokenizer_config.json" if folder is not None else None
    config = _read_config(config_path) if config_path is not None and config_path.is_file() else {}
    specials = special_tokens_of(config)
    if template_file is not None:
        return ChatTemplate(_read_text(Path(template_file), MAX_TEMPLATE_BYTES), os.fspath(template_file), specials)
    if folder is None or config_path is None:
        raise TemplateSourceError(Message.of("chat.no_template", folder="(no model folder)", setting="template_file"))
    jinja = Path(folder) / "chat_template.jinja"
    if jinja.is_file():
        return ChatTemplate(_read_text(jinja, MAX_TEMPLATE_BYTES), os.fspath(jinja), specials)
    if "chat_template" not in config:
        raise TemplateSourceError(Message.of("chat.no_template", folder=os.fspath(folder), setting="template_file"))
    return ChatTemplate(_template_in_config(config["chat_template"], config_path), os.fspath(config_path), specials)


def special_tokens_of(config: dict) -> dict[str, str]:
    """The named special tokens of a ``tokenizer_config.json`` document, as text.

    >>> special_tokens_of({"eos_token": "</s>", "pad_token": None, "unk_token": {"content": "<unk>"}})
    {'eos_token': '</s>', 'unk_token': '<unk>'}
    """
    found = {}
    for name in NAMED_SPECIALS:
        value = config.get(name)
        if isinstance(value, dict):
            value = value.get("content")
        if isinstance(value, str):
            found[name] = value
    return found


def _template_in_config(value, path: Path) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        named = {item.get("name"): item.get("template") for item in value if isinstance(item, dict)}
        default = named.get("default")
        if isinstance(default, str):
            return default
        names = ", ".join(str(name) for name in named) or "none"
        raise TemplateSourceError(Message.of("chat.no_default_template", name=os.fspath(path), names=names))
    raise TemplateSourceError(Message.of("chat.template_not_text", name=os.fspath(path)))


def _read_config(path: Path) -> dict:
    try:
        document = json.loads(_read_text(path, MAX_CONFIG_BYTES))
    except (json.JSONDecodeError, RecursionError):
        raise TemplateSourceError(Message.of("chat.config_not_json", name=os.fspath(path))) from None
    if not isinstance(document, dict):
        raise TemplateSourceError(Message.of("chat.config_not_json", name=os.fspath(path)))
    return document


def _read_text(path: Path, limit: int) -> str:
    return read_text_file(path, limit, TemplateSourceError)
