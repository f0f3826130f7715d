"""A chat template rendered as untrusted code: Jinja's immutable sandbox, in a process of its own, within budgets.

The environment is the one ``transformers``' ``apply_chat_template`` builds, so the text is the same to the
character: ``trim_blocks`` and ``lstrip_blocks``, the ``loopcontrols`` extension (``break``, ``continue``), a
``{% generation %}`` block that renders its body, the filter ``tojson`` writing non-ASCII as it is (with ``indent``,
``separators``, ``sort_keys``), and the globals ``raise_exception(message)`` and ``strftime_now(format)``. The
template is given ``messages``, ``tools`` and ``documents`` (None), ``add_generation_prompt`` and the model's named
special tokens.

The sandbox forbids attributes that reach Python's internals, and ``range`` beyond 100,000 items; a template still
runs arbitrary loops. So it runs in a process of its own (:func:`render`) that is stopped when it takes longer than
:data:`SECONDS`, writes more than ``max_chars`` characters or asks for more than :data:`MEMORY_BYTES` of memory;
it reads no file and opens no connection (the sandbox gives it no function that could).

>>> render_here("{{ bos_token }}{% for m in messages %}[{{ m.role }}] {{ m.content }}\\n{% endfor %}",
...             [{"role": "user", "content": "你好"}], add_generation_prompt=False, specials={"bos_token": "<s>"})
'<s>[user] 你好\\n'
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from datetime import datetime

import jinja2
import jinja2.ext
import jinja2.nodes
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from bpe_core.cancelled import Cancelled
from bpe_core.messages import EngineError, Message

#: Seconds a template may take to render (``BPE_TEMPLATE_SECONDS`` overrides); published ones take milliseconds.
SECONDS = 5.0
#: Memory a rendering may add to its process (Linux); a template that builds a huge string ends in a clear error.
MEMORY_BYTES = 1024 * 1024 * 1024
#: The characters a rendering may write beyond the conversation's own.
SLACK_CHARS = 1_000_000
#: How often a rendering that can be cancelled looks whether it is (seconds).
POLL_SECONDS = 0.1
#: Seconds to wait for the rendering process to start (the first one starts the engine's process server).
START_SECONDS = 120.0


class TemplateError(EngineError, ValueError):
    """A template that does not parse, refuses the conversation, fails, or passes a budget (the message names the
    template's file and what happened)."""


def output_budget(messages: list[dict[str, str]]) -> int:
    """The most characters a rendering of ``messages`` may write: ten times the messages' text, plus a million.

    >>> output_budget([{"role": "user", "content": "hi"}])
    1000020
    """
    return SLACK_CHARS + 10 * sum(len(m["content"]) for m in messages)


def environment():
    """The Jinja environment of chat templates (see the module's documentation)."""
    env = ImmutableSandboxedEnvironment(
        trim_blocks=True, lstrip_blocks=True, extensions=[_GenerationBlock, jinja2.ext.loopcontrols]
    )
    env.filters["tojson"] = _tojson
    env.globals["raise_exception"] = _raise_exception
    env.globals["strftime_now"] = _strftime_now
    return env


def render_here(
    template: str,
    messages: list[dict[str, str]],
    *,
    add_generation_prompt: bool,
    specials: dict[str, str],
    max_chars: int | None = None,
    origin: str = "template",
) -> str:
    """The text ``template`` renders for ``messages``, in this process (with the output budget only: see
    :func:`render` for untrusted templates). Raises :class:`TemplateError`."""
    limit = output_budget(messages) if max_chars is None else max_chars
    try:
        compiled = environment().from_string(template)
    except jinja2.TemplateSyntaxError as exc:
        said = Message.of("chat.template_syntax", name=origin, line=exc.lineno, detail=exc.message)
        raise TemplateError(said) from None
    values: dict[str, object] = {**specials, "messages": messages, "tools": None, "documents": None}
    values["add_generation_prompt"] = add_generation_prompt
    pieces, written = [], 0
    try:
        for piece in compiled.generate(**values):
            written += len(piece)
            if written > limit:
                raise TemplateError(Message.of("chat.template_too_long", name=origin, limit=f"{limit:,}"))
            pieces.append(piece)
    except TemplateError:
        raise
    except MemoryError:
        limit_text = f"{MEMORY_BYTES // 2**20:,} MB"
        raise TemplateError(Message.of("chat.template_memory", name=origin, limit=limit_text)) from None
    except _Refused as exc:
        raise TemplateError(Message.of("chat.template_refused", name=origin, detail=exc.args[0])) from None
    except SecurityError as exc:
        raise TemplateError(Message.of("chat.template_forbidden", name=origin, detail=_one_line(exc))) from None
    except Exception as exc:  # the template's own error: an undefined name, a wrong type, a range too big
        detail = f"{type(exc).__name__}: {_one_line(exc)}"
        raise TemplateError(Message.of("chat.template_failed", name=origin, detail=detail)) from None
    return "".join(pieces)


def render(
    template: str,
    messages: list[dict[str, str]],
    *,
    add_generation_prompt: bool,
    specials: dict[str, str],
    origin: str = "template",
    seconds: float | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> str:
    """:func:`render_here` in a process of its own, stopped past :data:`SECONDS` (or ``seconds``) or
    :data:`MEMORY_BYTES`. Raises :class:`TemplateError`; :class:`~bpe_core.cancelled.Cancelled` as soon as
    ``cancelled()`` is true (looked at every :data:`POLL_SECONDS`), the process stopped."""
    (answer,) = render_each(
        template,
        [messages],
        add_generation_prompt=add_generation_prompt,
        specials=specials,
        origin=origin,
        seconds=seconds,
        cancelled=cancelled,
    )
    if isinstance(answer, TemplateError):
        raise answer
    return answer


def render_each(
    template: str,
    conversations: list[list[dict[str, str]]],
    *,
    add_generation_prompt: bool,
    specials: dict[str, str],
    origin: str = "template",
    seconds: float | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> list[str | TemplateError]:
    """Each of ``conversations`` rendered by ``template`` in one process of its own (as :func:`render`, the time
    budget for them all): a text, or the :class:`TemplateError` that conversation met."""
    from bpe_core import spawning

    limit = seconds if seconds is not None else float(os.environ.get("BPE_TEMPLATE_SECONDS", SECONDS))
    context = spawning.context()
    receiving, sending = context.Pipe(duplex=False)
    args = (sending, template, conversations, add_generation_prompt, specials, origin)
    process = spawning.start(_render_in_process, args, name="chat template", daemon=True)
    sending.close()
    try:
        if not _answered(receiving, START_SECONDS, cancelled) or receiving.recv() != "started":
            raise TemplateError(Message.of("chat.template_ended", name=origin, code=process.exitcode))
        if not _answered(receiving, limit, cancelled):
            raise TemplateError(Message.of("chat.template_too_slow", name=origin, seconds=f"{limit:g}"))
        answers = receiving.recv()
    except EOFError:
        process.join(5)
        raise TemplateError(Message.of("chat.template_ended", name=origin, code=process.exitcode)) from None
    finally:
        receiving.close()
        if process.is_alive():
            process.kill()
        process.join(5)
    return [text if kind == "text" else TemplateError(Message.of(text, **fields)) for kind, text, fields in answers]


def _answered(receiving, limit: float, cancelled: Callable[[], bool] | None) -> bool:
    """Whether the rendering process answers within ``limit`` seconds; raises Cancelled when ``cancelled()``."""
    if cancelled is None:
        return receiving.poll(limit)
    deadline = time.monotonic() + limit
    while not receiving.poll(max(0.0, min(POLL_SECONDS, deadline - time.monotonic()))):
        if cancelled():
            raise Cancelled()
        if time.monotonic() >= deadline:
            return False
    return True


def _render_in_process(sending, template, conversations, add_generation_prompt, specials, origin) -> None:
    """In the rendering process: memory bounded, then each conversation's text (or its error's code and fields)
    sent back."""
    _bound_memory()
    sending.send("started")
    answers: list[tuple] = []
    for messages in conversations:
        try:
            text = render_here(
                template, messages, add_generation_prompt=add_generation_prompt, specials=specials, origin=origin
            )
            answers.append(("text", text, {}))
        except TemplateError as exc:
            assert exc.message is not None
            answers.append(("error", exc.message.code, dict(exc.message.fields)))
    try:
        sending.send(answers)
    except MemoryError:
        limit = f"{MEMORY_BYTES // 2**20:,} MB"
        sending.send([("error", "chat.template_memory", {"name": origin, "limit": limit})] * len(conversations))
    sending.close()


def _bound_memory() -> None:
    """Let this process grow by :data:`MEMORY_BYTES` at most (Linux: the address space it has, plus that)."""
    if not sys.platform.startswith("linux"):
        return
    import resource

    with open("/proc/self/statm") as stream:
        size = int(stream.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = size + MEMORY_BYTES
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))


class _GenerationBlock(jinja2.ext.Extension):
    """``{% generation %}…{% endgeneration %}`` (marks an assistant's text in some templates): its body."""

    tags = {"generation"}

    def parse(self, parser):
        line = next(parser.stream).lineno
        body = parser.parse_statements(("name:endgeneration",), drop_needle=True)
        return jinja2.nodes.CallBlock(self.call_method("_body"), [], [], body).set_lineno(line)

    def _body(self, caller):
        return caller()


class _Refused(Exception):
    """What ``raise_exception`` raises: the template's own words."""


def _raise_exception(message):
    raise _Refused(str(message))


def _tojson(value, ensure_ascii=False, indent=None, separators=None, sort_keys=False) -> str:
    return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)


def _strftime_now(format: str) -> str:
    return datetime.now().strftime(format)


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return text if len(text) <= 300 else text[:299] + "…"
