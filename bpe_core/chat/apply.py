"""A model's chat template applied to a conversation and encoded by the model's tokenizer: the ids
``transformers``' ``apply_chat_template(messages, tokenize=True)`` gives, with where each token comes from.

>>> import json, tempfile, pathlib
>>> from bpe_core.chat.conversation import ChatMessage
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "chat.jinja").write_text("{% for m in messages %}<|endoftext|>{{ m.content }}{% endfor %}")
>>> chat = apply_chat_template("gpt2", [ChatMessage("user", "Hello")], template_file=folder / "chat.jinja")
>>> chat.rendering.text, chat.ids
('<|endoftext|>Hello', [50256, 15496])
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bpe_core.chat.conversation import ChatMessage
from bpe_core.chat.rendering import ChatRendering, TurnCost, marker, template_tokens, turn_costs
from bpe_core.chat.sandbox import TemplateError, render_each
from bpe_core.chat.template_source import ChatTemplate, chat_template
from bpe_core.encoding.token_spans import TokenView


@dataclass(frozen=True)
class AppliedChat:
    """The template, the rendered text with each message's place in it, the ids, each token's characters, and the
    tokenizer's view of the rendered text (its token records, for a window to draw)."""

    template: ChatTemplate
    messages: tuple[ChatMessage, ...]
    rendering: ChatRendering
    ids: list[int]
    starts: list[int]
    ends: list[int]
    view: TokenView | None = field(default=None, repr=False, compare=False)

    def turn_costs(self) -> list[TurnCost]:
        """Each turn's message and template tokens (see :func:`bpe_core.chat.rendering.turn_costs`)."""
        return turn_costs(self.rendering, [m.role for m in self.messages], self.starts, self.ends)

    def template_tokens(self) -> list[int]:
        """The indices of the template's own tokens (see :func:`bpe_core.chat.rendering.template_tokens`)."""
        return template_tokens(self.rendering, self.starts, self.ends)


def model_folder(model: str, *, progress=None, cancelled=None) -> Path:
    """The folder of ``model``: a folder, a file's folder, or the cached download of an ``hf:`` model id."""
    if model.startswith("hf:"):
        from bpe_core.hub import tokenizer_files

        return Path(tokenizer_files(model.removeprefix("hf:"), progress=progress, cancelled=cancelled))
    path = Path(model)
    return path if path.is_dir() else path.parent


def apply_chat_template(
    model: str | os.PathLike,
    messages: list[ChatMessage],
    *,
    template_file: str | os.PathLike | None = None,
    add_generation_prompt: bool = False,
    tokenizer=None,
    seconds: float | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> AppliedChat:
    """Render ``messages`` with ``model``'s template (or ``template_file``) and encode the text with ``model``'s
    tokenizer (or ``tokenizer``, already loaded), special tokens as specials. A reference name (``gpt2``…) has no
    folder, so no template nor named special tokens of its own: it takes ``template_file``.

    Raises the template's errors (:class:`~bpe_core.chat.sandbox.TemplateError`,
    :class:`~bpe_core.chat.template_source.TemplateSourceError`) and the tokenizer's;
    :class:`~bpe_core.cancelled.Cancelled` when ``cancelled()`` turns true while the template renders.
    """
    from bpe_core.formats.loader import load_any

    name = os.fspath(model)
    folder = model_folder(name) if name.startswith("hf:") or os.path.exists(name) else None
    template = chat_template(folder, template_file)
    if tokenizer is None:
        tokenizer = load_any(name)
    turns = [m.as_dict() for m in messages]
    marked = [{"role": m.role, "content": marker(k)} for k, m in enumerate(messages)]  # where each message goes
    text, marked_text = render_each(
        template.text,
        [turns, marked],
        add_generation_prompt=add_generation_prompt,
        specials=template.special_tokens,
        origin=template.origin,
        seconds=seconds,
        cancelled=cancelled,
    )
    if isinstance(text, TemplateError):
        raise text
    located = None if isinstance(marked_text, TemplateError) else marked_text
    rendering = ChatRendering.located(text, located, [m.content for m in messages])
    view = tokenizer.view(text)
    ids = [token.id for token in view.tokens]
    return AppliedChat(
        template, tuple(messages), rendering, ids, [t.start for t in view.tokens], [t.end for t in view.tokens], view
    )
