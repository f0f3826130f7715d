"""Chat templates: the messages file, where a model keeps its template, the sandbox and its budgets, where each
message lies in the rendering, what each turn costs, and ``bpe chat`` (its bad inputs are rows of the matrix in
tests/README.md). The comparison with ``transformers`` is in test_chat_reference.py."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import psutil
import pytest
from child_processes import leftover_children

from bpe_core.chat.apply import apply_chat_template
from bpe_core.chat.conversation import MAX_FILE_BYTES, ChatMessage, ConversationError, read_messages
from bpe_core.chat.rendering import ChatRendering
from bpe_core.chat.sandbox import TemplateError, render, render_here
from bpe_core.chat.template_source import TemplateSourceError, chat_template

CHATML = (
    "{% for m in messages %}<|endoftext|>{{ m.role }}\n{{ m.content }}<|endoftext|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|endoftext|>assistant\n{% endif %}"
)
TALK = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "你好，BPE 是什么？"}]


def bpe(*args: str, timeout: float = 120, stdin=subprocess.DEVNULL) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bpe_core", *args], capture_output=True, text=True, timeout=timeout, stdin=stdin
    )


@pytest.fixture
def files(tmp_path):
    messages = tmp_path / "chat.json"
    messages.write_text(json.dumps(TALK, ensure_ascii=False), encoding="utf-8")
    template = tmp_path / "chatml.jinja"
    template.write_text(CHATML, encoding="utf-8")
    return messages, template


def _here(template: str, messages=TALK, prompt=False, **specials) -> str:
    return render_here(template, messages, add_generation_prompt=prompt, specials=specials)


# The environment: transformers' settings.


def test_blocks_are_trimmed_as_transformers_trims_them():
    template = (
        "{% for m in messages %}\n    {% if m.role == 'user' %}\n[{{ m.content }}]\n    {% endif %}\n{% endfor %}"
    )
    assert _here(template) == "[你好，BPE 是什么？]\n"


def test_tojson_writes_text_as_it_is_and_takes_indent():
    assert _here("{{ {'语言': '中文'} | tojson }}") == '{"语言": "中文"}'
    assert _here("{{ [1] | tojson(indent=2) }}") == "[\n  1\n]"


def test_loop_controls_generation_blocks_and_named_specials():
    template = (
        "{{ bos_token }}{% for m in messages %}{% if loop.index > 1 %}{% break %}{% endif %}"
        "{% generation %}{{ m.content }}{% endgeneration %}{% endfor %}{{ eos_token }}"
    )
    assert _here(template, bos_token="<s>", eos_token="</s>") == "<s>Be brief.</s>"


def test_a_generation_prompt_is_asked_for_by_name():
    assert _here(CHATML, prompt=True).endswith("<|endoftext|>assistant\n")
    assert not _here(CHATML, prompt=False).endswith("assistant\n")


def test_the_templates_refusal_is_its_own_words():
    with pytest.raises(TemplateError, match="refused the conversation: roles must alternate"):
        _here("{{ raise_exception('roles must alternate') }}")


@pytest.mark.parametrize(
    "template, words",
    [
        ("{{ ''.__class__.__mro__ }}", "sandbox forbids: access to attribute '__class__'"),
        ("{{ messages.append(1) }}", "sandbox forbids: access to attribute 'append'"),
        ("{{ open('/etc/passwd') }}", "failed: UndefinedError"),
        ("{% for i in range(10**6) %}{% endfor %}", "failed: OverflowError"),
        ("{{ messages[0].content.nope() }}", "failed: UndefinedError"),
    ],
)
def test_the_sandbox_reaches_no_python_internals_file_or_unbounded_range(template, words):
    with pytest.raises(TemplateError, match=words):
        _here(template)


def test_invalid_jinja_names_the_line():
    with pytest.raises(TemplateError, match=r"not valid Jinja \(line 2\)"):
        _here("ok\n{% for %}")


def test_output_past_the_budget_stops_the_template():
    with pytest.raises(TemplateError, match="wrote more than 100 characters"):
        render_here(
            "{% for i in range(1000) %}xx{% endfor %}", TALK, add_generation_prompt=False, specials={}, max_chars=100
        )


# Budgets of the rendering process.


def test_a_template_that_loops_forever_is_stopped_and_its_process_ends():
    loop = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"
    started = time.monotonic()
    with pytest.raises(TemplateError, match="took more than 1 s to render and was stopped"):
        render(loop, TALK, add_generation_prompt=False, specials={}, origin="loop.jinja", seconds=1)
    assert time.monotonic() - started < 30
    assert leftover_children() == []


def test_a_template_that_grows_a_string_without_end_is_stopped_by_memory():
    grow = '{% set ns = namespace(s="ab") %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}x'
    with pytest.raises(TemplateError, match="needed more than 1,024 MB of memory"):
        render(grow, TALK, add_generation_prompt=False, specials={}, origin="grow.jinja", seconds=60)


def test_the_rendering_process_gives_the_same_text_as_this_one():
    assert render(CHATML, TALK, add_generation_prompt=True, specials={}) == _here(CHATML, prompt=True)


# Where messages lie; what turns cost.


def test_messages_are_found_in_order_as_written_or_trimmed():
    chat = ChatRendering.of("[u] hi [a] hi [u] x", ["hi", " hi  ", "gone"])
    assert chat.message_spans == ((4, 6), (11, 13), None)


def test_turn_costs_add_up_to_every_token(files):
    messages, template = files
    chat = apply_chat_template("gpt2", read_messages(str(messages)), template_file=template, add_generation_prompt=True)
    costs = chat.turn_costs()
    assert sum(c.message_tokens + c.template_tokens for c in costs) == len(chat.ids)
    assert [c.role for c in costs] == ["system", "user", None]
    from bpe_core import Tokenizer

    gpt2 = Tokenizer.from_tiktoken("gpt2")
    # template text counts with the message after it; the last closing tag and the prompt make the last row
    assert costs[0].template_tokens == len(gpt2.encode("<|endoftext|>system\n"))
    assert costs[-1].template_tokens == len(gpt2.encode("<|endoftext|>\n<|endoftext|>assistant\n"))
    assert chat.ids[0] == 50256  # the special token is a special, not its characters


def test_special_tokens_come_from_the_models_config(tmp_path):
    (tmp_path / "tokenizer_config.json").write_text(
        json.dumps(
            {
                "chat_template": [
                    {"name": "tool_use", "template": "T"},
                    {"name": "default", "template": "{{ eos_token }}"},
                ],
                "eos_token": {"__type": "AddedToken", "content": "</s>"},
                "pad_token": None,
            }
        )
    )
    template = chat_template(tmp_path)
    assert (template.text, template.special_tokens) == ("{{ eos_token }}", {"eos_token": "</s>"})
    (tmp_path / "chat_template.jinja").write_text("J")
    assert chat_template(tmp_path).text == "J"  # the separate file wins, as in transformers


# bpe chat


def test_bpe_chat_prints_ids_text_and_turn_costs(files):
    messages, template = files
    ids = bpe("chat", "gpt2", "--messages", str(messages), "--template", str(template), "--ids")
    assert ids.returncode == 0, ids.stderr
    chat = apply_chat_template("gpt2", read_messages(str(messages)), template_file=template)
    assert ids.stdout.split() == [str(i) for i in chat.ids]
    text = bpe("chat", "gpt2", "--messages", str(messages), "--template", str(template), "--text")
    assert text.stdout == chat.rendering.text
    table = bpe("chat", "gpt2", "--messages", str(messages), "--template", str(template), "--add-generation-prompt")
    assert "system" in table.stdout and "(after)" in table.stdout
    assert "the template's" in table.stderr


def test_bpe_chat_reads_standard_input(files):
    _, template = files
    done = subprocess.run(
        [sys.executable, "-m", "bpe_core", "chat", "gpt2", "--messages", "-", "--template", str(template), "--ids"],
        input=json.dumps(TALK),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stdout.split()[0] == "50256", done.stderr


# Bad inputs (rows of the matrix in tests/README.md).


@pytest.mark.parametrize(
    "content, words",
    [
        (b"", "not valid JSON"),
        (b'{"role": "user"}', "JSON list of messages"),
        (b"[]", "has no message"),
        (b'[{"content": "x"}]', 'message 1 has no "role"'),
        (b'[{"role": "user", "content": 5}]', 'message 1 has no "content" string'),
        (b'[{"role": "user", "content": "\xff"}]', "not UTF-8 text"),
        (b"[" * 100_000, "not valid JSON"),
    ],
)
def test_a_bad_messages_file_is_named_with_what_is_wrong(tmp_path, files, content, words):
    _, template = files
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    done = bpe("chat", "gpt2", "--messages", str(path), "--template", str(template))
    assert done.returncode == 1 and words in done.stderr and str(path) in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert path.read_bytes() == content


def test_a_fifo_a_device_or_a_huge_file_is_not_read(tmp_path, files):
    _, template = files
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as stream:
        stream.truncate(MAX_FILE_BYTES + 10)
    for path, words in ((fifo, "not a regular file"), ("/dev/zero", "not a regular file"), (huge, "larger than 16 MB")):
        with pytest.raises(ConversationError, match=words):
            read_messages(str(path))
    done = bpe("chat", "gpt2", "--messages", str(fifo), "--template", str(template), timeout=60)
    assert done.returncode == 1 and "not a regular file" in done.stderr


@pytest.mark.parametrize(
    "content, words",
    [
        (b"{% for %}", "not valid Jinja"),
        (b"\xff\xfe{{ x }}", "not UTF-8"),
        (b"{{ raise_exception('no system role') }}", "refused the conversation: no system role"),
    ],
)
def test_a_bad_template_file_is_named_with_what_is_wrong(tmp_path, files, content, words):
    messages, _ = files
    path = tmp_path / "bad.jinja"
    path.write_bytes(content)
    done = bpe("chat", "gpt2", "--messages", str(messages), "--template", str(path))
    assert done.returncode == 1 and words in done.stderr and str(path) in done.stderr, done.stderr
    assert path.read_bytes() == content


def test_a_template_fifo_and_a_model_without_template_are_refused(tmp_path, files):
    messages, _ = files
    fifo = tmp_path / "t.jinja"
    os.mkfifo(fifo)
    with pytest.raises(TemplateSourceError, match="not a regular file"):
        chat_template(None, fifo)
    done = bpe("chat", "gpt2", "--messages", str(messages))
    assert done.returncode == 1 and "no chat template" in done.stderr and "--template" in done.stderr


def test_a_hand_edited_tokenizer_config_is_named(tmp_path):
    config = tmp_path / "tokenizer_config.json"
    for content, words in (
        ("{", "not a JSON object"),
        ("[1]", "not a JSON object"),
        ('{"chat_template": 5}', "neither a text"),
        ('{"chat_template": [{"name": "rag", "template": "x"}]}', "(rag) hold none named default"),
    ):
        config.write_text(content)
        with pytest.raises(TemplateSourceError, match=words.replace("(", r"\(").replace(")", r"\)")):
            chat_template(tmp_path)


def test_a_slow_template_in_bpe_chat_ends_with_a_clear_error(files, tmp_path):
    messages, _ = files
    loop = tmp_path / "loop.jinja"
    loop.write_text("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}")
    done = subprocess.run(
        [sys.executable, "-m", "bpe_core", "chat", "gpt2", "--messages", str(messages), "--template", str(loop)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "BPE_TEMPLATE_SECONDS": "1"},
    )
    assert done.returncode == 1 and "took more than 1 s" in done.stderr


def test_ctrl_c_while_a_template_renders_ends_bpe_chat_and_its_process(files, tmp_path):
    messages, _ = files
    loop = tmp_path / "loop.jinja"
    loop.write_text("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}")
    process = subprocess.Popen(
        [sys.executable, "-m", "bpe_core", "chat", "gpt2", "--messages", str(messages), "--template", str(loop)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "BPE_TEMPLATE_SECONDS": "60"},
    )
    watched = psutil.Process(process.pid)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(watched.children(recursive=True)) < 2:
        time.sleep(0.1)  # the process server and the rendering process
    time.sleep(1.5)  # the rendering has started
    descendants = watched.children(recursive=True)
    assert descendants
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130 and "interrupted" in stderr, stderr
    _, alive = psutil.wait_procs(descendants, timeout=10)
    assert alive == []


# Where messages lie: read from a marked rendering (a reviewer's case: a short message inside a header)


def test_a_short_message_is_placed_by_the_template_not_found_inside_its_header(tmp_path):
    template = tmp_path / "chatml.jinja"
    template.write_text(
        "{% for m in messages %}<|endoftext|>{{ m.role }}\n{{ m.content | trim }}<|endoftext|>\n{% endfor %}"
    )
    talk = [ChatMessage("system", "s"), ChatMessage("user", " e "), ChatMessage("assistant", "a")]
    chat = apply_chat_template("gpt2", talk, template_file=template)
    text = chat.rendering.text
    assert [text[a:b] for a, b in chat.rendering.message_spans] == ["s", "e", "a"]
    assert chat.rendering.message_spans[0][0] == text.index("system\n") + len("system\n")  # not the s of "system"
    costs = chat.turn_costs()
    assert [c.message_tokens for c in costs[:3]] == [1, 1, 1]


def test_a_template_that_looks_at_the_text_falls_back_to_finding_it(tmp_path):
    template = tmp_path / "picky.jinja"
    template.write_text(
        "{% for m in messages %}{% if m.content.startswith('Q') %}[question]{% endif %}{{ m.content }}|{% endfor %}"
    )
    chat = apply_chat_template("gpt2", [ChatMessage("user", "Q: why?")], template_file=template)
    assert chat.rendering.text == "[question]Q: why?|"
    assert chat.rendering.message_spans == ((10, 17),)
