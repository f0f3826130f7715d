"""The engine's messages in the interface's language: every code of the engine's catalogue
(``bpe_core.messages.ENGLISH``) has a wording in app/common/wording/engine_messages.py using only fields the message
has; every way a tokenizer file, a model id, a shipped encoding, a corpus, a pattern or a vocabulary filter fails,
produced by the real engine (the hub's answers by huggingface_hub's own error classes), comes out in Chinese with
its fields kept (``chinese``: tests/gui/conftest.py), and in English as the engine wrote it; no module of the
window reads the engine's words with a regex."""

from __future__ import annotations

import gzip
import os
import re
from pathlib import Path

import huggingface_hub
import pytest
import regex as regex_module
from huggingface_hub import utils as hub_errors

from app.common.wording.engine_messages import VERBATIM_FIELDS, WORDINGS, engine_message, shown_fields
from app.common.wording.regex_details import regex_detail
from bpe_core.encoding.reference import read_rank_file
from bpe_core.formats import load_any
from bpe_core.hub import parse_model_id, tokenizer_files
from bpe_core.messages import ENGLISH, Message, message_of, placeholders
from bpe_core.pretokenize.patterns import get_pattern
from bpe_core.training.process import Corpus, TrainConfig, TrainingJob, TrainingProcess
from bpe_core.training.trainer import BpeTrainer
from bpe_core.vocabulary import FilterError, VocabularySource, build_table, filter_rows
from bpe_core.vocabulary import table as vocabulary_table
from tests.test_hub import http_error, run_downloads_in_a_thread
from tests.test_import_graph import imported, modules

CJK = re.compile(r"[\u4e00-\u9fff]")
ENGLISH_WORD = re.compile(r"[A-Za-z]+")

#: The modules of the window that use regular expressions, and on what: never on what the engine says.
REGEX_USERS = {"app.teaching.step_through": "the token ids a user types"}


def failure(function, *args, **kwargs) -> Exception:
    """What ``function(*args, **kwargs)`` raises."""
    try:
        function(*args, **kwargs)
    except (ValueError, OSError) as exc:
        return exc
    raise AssertionError(f"{function.__name__}{args} did not fail")


def file_failures(folder: Path) -> dict[str, Exception]:
    """What load_any says of each kind of bad tokenizer file or folder."""
    (folder / "empty.json").write_text("")
    (folder / "latin1.json").write_bytes(b'{"a": "\xe9t\xe9"}')
    (folder / "truncated.json").write_text('{"model": {"type": "BPE", ')
    (folder / "vocab.json").write_text('{"hello": 1}')
    (folder / "random.bin").write_bytes(bytes(range(256)) * 4)
    (folder / "empty folder").mkdir()
    (folder / "two").mkdir()
    for name in ("a.tiktoken", "b.tiktoken"):
        (folder / "two" / name).write_text("YQ== 0\n")
    (folder / "x.tiktoken").write_text("YQ== 0\nYg== 1\n")
    (folder / "hf.json").write_text(
        '{"version": "1.0", "model": {"type": "BPE", "vocab": {"a": 0}, "merges": ["a b"]}, "added_tokens": []}'
    )
    (folder / "damaged.tiktoken.gz").write_bytes(gzip.compress(b"YQ== 0\n" * 100)[:20])
    names = ["missing.json", "empty.json", "latin1.json", "truncated.json", "vocab.json", "random.bin"]
    names += ["empty folder", "two", "x.tiktoken", "hf.json", "damaged.tiktoken.gz"]
    return {name: failure(load_any, folder / name) for name in names}


def hub_failures(tmp_path: Path, monkeypatch) -> dict[str, Exception]:
    """What the hub says of a bad id, a model not cached offline, and each answer huggingface.co can give (the
    library's stand-ins answer a download run in a thread here; a stalled download is said by its own process)."""
    run_downloads_in_a_thread(monkeypatch)
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    found = {
        "invalid id": failure(parse_model_id, "nope"),
        "not cached": failure(tokenizer_files, "Org/Absent", offline=True),
    }
    answers = {
        "gated": http_error(hub_errors.GatedRepoError, 401),
        "no model": http_error(hub_errors.RepositoryNotFoundError, 404),
        "no revision": http_error(hub_errors.RevisionNotFoundError, 404),
        "server": http_error(hub_errors.HfHubHTTPError, 503),
        "unreachable": ConnectionResetError(104, "reset"),
    }
    for name, error in answers.items():

        def snapshot_download(repo_id, error=error, **kwargs):
            if kwargs.get("local_files_only"):
                raise hub_errors.LocalEntryNotFoundError("not in the cache")
            raise error

        monkeypatch.setattr(huggingface_hub, "snapshot_download", snapshot_download)
        found[name] = failure(
            tokenizer_files, "Org/Model@nope" if name == "no revision" else "Org/Model", offline=False
        )

    def weights_only(repo_id, **kwargs):
        if kwargs.get("local_files_only"):
            raise hub_errors.LocalEntryNotFoundError("not in the cache")
        folder = tmp_path / "weights"
        folder.mkdir(exist_ok=True)
        return str(folder)

    monkeypatch.setattr(huggingface_hub, "snapshot_download", weights_only)
    found["no tokenizer files"] = failure(tokenizer_files, "Org/Weights", offline=False)
    return found


def reference_failures(folder: Path) -> dict[str, Exception]:
    """What reading a shipped encoding says when its file is missing, damaged, altered or empty."""
    (folder / "damaged.tiktoken.gz").write_bytes(b"not gzip")
    (folder / "altered.tiktoken").write_text("YQ== 0\n")
    (folder / "empty.tiktoken").write_text("")
    return {
        "missing encoding": failure(read_rank_file, folder / "gone.tiktoken"),
        "damaged encoding": failure(read_rank_file, folder / "damaged.tiktoken.gz"),
        "altered encoding": failure(read_rank_file, folder / "altered.tiktoken", expected_sha256="0" * 64),
        "empty encoding": failure(read_rank_file, folder / "empty.tiktoken"),
    }


def filter_failures(monkeypatch) -> dict[str, Exception]:
    table = build_table(VocabularySource("v", {0: b"a", 1: b"aaaa"}))
    monkeypatch.setattr(vocabulary_table, "REGEX_BUDGET_S", 0.0)
    found = {}
    for name, pattern in (("invalid regex", "(the"), ("slow regex", "a"), ("invalid regex with a quote", "'(s")):
        try:
            filter_rows(table, pattern=pattern)
        except FilterError as exc:
            found[name] = exc
    return found


def corpus_failures(folder: Path) -> dict[str, Exception]:
    """What training says of a Latin-1 corpus, a corpus of special tokens only, and patterns it cannot use."""
    (folder / "latin1.txt").write_bytes("café au lait".encode("latin-1"))
    (folder / "specials.txt").write_text("<|endoftext|>" * 5)
    found = {}
    for name, corpus in (("latin1.txt", "latin1.txt"), ("specials only", "specials.txt")):
        trainer = BpeTrainer(300, ["<|endoftext|>"], processes=1)
        found[name] = failure(trainer.count_files, [folder / corpus])
    found |= {f"pattern {pattern}": failure(get_pattern, pattern) for pattern in ("[a-", r"\w*", "")}
    return found


def test_every_code_of_the_engine_has_a_wording_in_the_window():
    assert not set(ENGLISH) - set(WORDINGS), "codes the window does not word"
    assert not set(WORDINGS) - set(ENGLISH), "wordings of codes the engine no longer has"


@pytest.mark.parametrize("code", sorted(ENGLISH))
def test_a_wording_uses_only_fields_its_message_has(code):
    assert placeholders(WORDINGS[code]) <= placeholders(ENGLISH[code])


def test_every_failure_of_the_engine_is_said_in_chinese_with_its_fields(chinese, tmp_path, monkeypatch):
    errors = file_failures(tmp_path) | hub_failures(tmp_path, monkeypatch) | filter_failures(monkeypatch)
    errors |= reference_failures(tmp_path) | corpus_failures(tmp_path)
    assert len(errors) == 11 + 8 + 3 + 4 + 5
    for name, error in errors.items():
        message = message_of(error)
        assert message is not None, f"{name}: no message: {error!r}"
        said = engine_message(error)
        assert CJK.search(said), f"{name}: not translated: {error} -> {said!r}"
        fields = shown_fields(message)
        for field in placeholders(WORDINGS[message.code]):
            assert fields[field] in said, f"{name}: lost {field}={fields[field]!r}: {said!r}"


def test_real_failures_read_in_chinese(chinese, tmp_path):
    (tmp_path / "bad.json").write_text('{"model": ')
    (tmp_path / "latin1.txt").write_bytes("café au lait".encode("latin-1"))
    trainer = BpeTrainer(258, processes=1)
    trainer.count_text("aaaa bbbb")
    trainer.run()
    assert engine_message(failure(load_any, tmp_path / "bad.json")).endswith(
        "bad.json：不是有效的 JSON（第 1 行第 11 列：Expecting value）；文件是否被截断了？"
    )
    assert engine_message(failure(get_pattern, "[a-")) == (
        "无效的预分词正则表达式 '[a-'：位置 3 处字符集没有结束（缺少 ]）。"
    )
    latin1 = failure(BpeTrainer(300, processes=1).count_files, [tmp_path / "latin1.txt"])
    assert engine_message(latin1) == (
        f"{tmp_path / 'latin1.txt'}：在字节偏移 3 处不是有效的 UTF-8（字节 E9 20 61 75）。"
        "它是二进制文件，还是其他编码？"
    )
    assert engine_message(trainer.stop_message) == "词表已达到 258。"
    assert engine_message(Message.of("train.cancelled_counting")) == "在计数阶段取消。"


def test_a_runs_end_crosses_the_training_process_as_data(chinese):
    specials_only = TrainingJob(TrainConfig(300, ("<|endoftext|>",)), Corpus(text="<|endoftext|>" * 3))
    cancelled = TrainingJob(TrainConfig(300), Corpus(text="aaaa bbbb"))
    with TrainingProcess(specials_only) as run:
        *_, failed = run.messages()
    with TrainingProcess(cancelled) as run:
        run.cancel()
        *_, finished = run.messages()
    assert engine_message(failed.reason) == "text：语料中除特殊词元外没有任何文本。"
    assert engine_message(finished.stop_message) in ("在计数阶段取消。", "在 0 次合并后取消。")


def test_in_english_the_messages_read_as_the_engine_wrote_them(tmp_path, monkeypatch):
    errors = file_failures(tmp_path) | hub_failures(tmp_path, monkeypatch)
    said = {name: engine_message(error) for name, error in errors.items()}
    assert said["empty.json"] == f"{tmp_path / 'empty.json'}: the file is empty."
    assert (
        said["two"]
        == f"{tmp_path / 'two'}: the folder holds several *.tiktoken files (a.tiktoken, b.tiktoken); choose one."
    )
    assert said["server"].startswith("huggingface.co answered 503 while the tokenizer of Org/Model was downloading")
    assert said["not cached"].startswith("The tokenizer of Org/Absent is not in the Hugging Face cache")
    assert "`hf download Org/Absent --include" in said["not cached"]
    assert all(text.endswith((".", "?")) for text in said.values())


@pytest.mark.parametrize("language", ["english", "chinese"])
def test_every_whole_number_of_every_message_is_written_with_its_separators(language, request):
    """Each field of each code a number of its own (1,000,001, 1,000,002…): a count, size or place shows its
    separators in both languages, as the window writes counts; a name or code (an exit code, a file) as it is."""
    request.getfixturevalue(language)
    for code, template in ENGLISH.items():
        numbers = {name: str(1_000_001 + i) for i, name in enumerate(sorted(placeholders(template)))}
        said = engine_message(Message.of(code, **numbers))
        for name in placeholders(WORDINGS[code]):
            raw = numbers[name]
            shown = raw if name in VERBATIM_FIELDS else f"{int(raw):,}"
            assert shown in said, f"{code} in {language}: {name}={raw} not shown as {shown}: {said!r}"
            assert name in VERBATIM_FIELDS or raw not in said, f"{code}: {name} without separators: {said!r}"


def test_a_run_s_end_shows_its_counts_with_separators(chinese):
    """The reviewer's run of a vocabulary of 10,000,000 on the English prose: every number with its commas."""
    stopped = Message.of("train.no_pair_left", merges=14371, reached=14628, asked=10_000_000)
    assert engine_message(stopped) == (
        "14,371 次合并后已没有可合并的词元对：每个预分词单元都已是单个词元（词表达到 14,628，要求的是 10,000,000）。"
    )
    assert engine_message(Message.of("train.vocabulary_reached", size=1257)) == "词表已达到 1,257。"
    assert engine_message(Message.of("train.cancelled", merges=1762)) == "在 1,762 次合并后取消。"


#: Mistakes a person makes in a regex, and what the regex module says of each (in English).
BAD_REGEXES = {
    "(": "missing ) at position 1",
    "a)": "unbalanced parenthesis at position 1",
    "[unclosed": "unterminated character set at position 9",
    "*a": "nothing to repeat at position 0",
    "a**": "multiple repeat at position 2",
    "\\": "bad escape (end of pattern) at position 1",
    "\\q": "bad escape \\q at position 2",
    "[z-a]": "bad character range at position 4",
    "\\p{Hanzi}": "unknown property at position 9",
    "a{3,1}": "min repeat greater than max repeat at position 2",
    "(?P<1>a)": "bad character in group name at position 5",
    "(?P=x)": "unknown group at position 3",
    "\\1": "invalid group reference at position 2",
    "(?z)": "unknown extension at position 2",
    "\\x": "incomplete escape \\x at position 2",
    "(?P<name": "missing > at position 8",
    "ab\ncd(": "missing ) at position 6 (line 2, column 4)",
}


def test_the_regex_modules_common_errors_are_worded_in_chinese(chinese):
    """Each common mistake's error, from the regex module itself, in Chinese with its position (and line and
    column); no English word is left but the escape it is about."""
    for pattern, english in BAD_REGEXES.items():
        with pytest.raises(regex_module.error) as error:
            regex_module.compile(pattern)
        assert str(error.value) == english, pattern
        said = regex_detail(str(error.value))
        assert CJK.search(said) and "位置" in said and str(error.value.pos) in said, f"{pattern!r}: {said!r}"
        words = set(ENGLISH_WORD.findall(said)) - {"Unicode", "q", "x"}  # a name, the escapes \\q and \\x
        assert not words, f"{pattern!r}: {said!r}"
    assert regex_detail("missing ) at position 6 (line 2, column 4)") == "位置 6（第 2 行第 4 列）处缺少 )"
    assert regex_detail("something new at position 3") == "something new at position 3"  # unknown: as it is


def test_the_train_tab_s_regexes_say_their_error_in_chinese(chinese):
    """The reviewer's two: a custom pre-tokenization regex "(" and a forbidden-token regex "[unclosed"."""
    from bpe_core.variants.forbid import ForbidRule

    assert engine_message(failure(get_pattern, "(")) == "无效的预分词正则表达式 '('：位置 1 处缺少 )。"
    assert engine_message(failure(ForbidRule, ["[unclosed"])) == (
        "禁止词元的正则表达式 '[unclosed' 无效：位置 9 处字符集没有结束（缺少 ]）。"
    )
    assert engine_message(filter_failures_of("[abc")) == "正则表达式 '[abc' 无效：位置 4 处字符集没有结束（缺少 ]）。"


def test_in_english_a_regex_s_error_reads_as_the_regex_module_wrote_it():
    assert engine_message(failure(get_pattern, "(")) == "Invalid pre-tokenization regex '(': missing ) at position 1."
    assert regex_detail("unterminated character set at position 9") == "unterminated character set at position 9"


def filter_failures_of(pattern: str) -> FilterError:
    """What the vocabulary's filter says of ``pattern``."""
    with pytest.raises(FilterError) as error:
        filter_rows(build_table(VocabularySource("v", {0: b"a"})), pattern=pattern)
    return error.value


def test_what_the_window_cannot_word_is_said_as_it_is(chinese, monkeypatch):
    assert engine_message("cancelled before counting") == "Cancelled before counting."
    assert engine_message(ValueError("o200k_base.tiktoken.gz: something unforeseen")) == (
        "o200k_base.tiktoken.gz: something unforeseen."
    )
    monkeypatch.delitem(WORDINGS, "file.empty")  # a code the engine has and the window does not word (yet)
    assert engine_message(Message.of("file.empty", path="tok.json")) == "tok.json: the file is empty."


def hostile_failures(folder: Path, monkeypatch, stalling_address: str) -> dict[str, Exception]:
    """What the engine says when a published tokenizer's library panics, runs past its time or memory budget,
    when a model's download receives nothing, and when an output is not a regular file: each from the real engine."""
    from bpe_core.foreign import library_host
    from bpe_core.formats import check_writable
    from tests.test_bad_inputs import growing_normalizer_file, panicking_regex_file, quadratic_regex_file

    found = {
        "library panic": failure(load_any(panicking_regex_file(folder)).encode, "a" * 30 + "b"),
        "library memory": failure(load_any(growing_normalizer_file(folder)).encode, "a" * 50_000),
    }
    slow = load_any(quadratic_regex_file(folder))
    with monkeypatch.context() as patch:
        patch.setattr(library_host, "time_budget", lambda chars: 0.5)
        found["library time"] = failure(slow.encode, "a" * 200_000)
    library_host.close_host()
    (folder / "pipe.json").unlink(missing_ok=True)
    os.mkfifo(folder / "pipe.json")
    found["a FIFO as output"] = failure(check_writable, folder / "pipe.json")
    monkeypatch.setenv("HF_HUB_CACHE", str(folder / "hub"))
    monkeypatch.setenv("HF_ENDPOINT", stalling_address)
    found["stalled download"] = failure(tokenizer_files, "Org/Model", offline=False, stall_seconds=1)
    return found


@pytest.mark.slow  # waits for time and memory budgets and a stall
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need POSIX")
def test_the_hostile_inputs_messages_are_said_in_chinese_with_every_field(
    chinese, tmp_path, monkeypatch, hub_env, stalling_server
):
    errors = hostile_failures(tmp_path, monkeypatch, stalling_server[0])
    expected = {
        "library panic": "文件预分词器（Split）中的正则表达式 '(a+)+$' 在其上回溯过多",
        "library memory": "个字符需要超过 1.1 GB 内存，已被停止",
        "library time": "分词器的库处理 200,000 个字符用时超过 0.5 秒，已被停止",
        "a FIFO as output": "它是命名管道，不是普通文件",
        "stalled download": "huggingface.co 已有 1 秒没有发来任何数据",
    }
    for name, part in expected.items():
        said = engine_message(errors[name])
        assert part in said, f"{name}: {errors[name]} -> {said!r}"


def test_no_module_of_the_window_reads_the_engines_words_with_a_regex():
    users = {name for name, path in modules("app").items() if {"re", "regex"} & imported(path, name)}
    assert users == set(REGEX_USERS), "a module of app/ that uses regexes: say on what in REGEX_USERS"


def test_a_compare_pane_says_in_chinese_why_a_model_is_not_there(chinese, qtbot, tmp_path, monkeypatch):
    from app.compare.compare_view import CompareView

    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    view = CompareView(text="你好")
    qtbot.addWidget(view)
    view.show()
    key = view.add_source("hf:Org/Not-Cached")
    qtbot.waitUntil(lambda: not view.pane_records[key].loading, timeout=30000)
    message = view.panes[key].message()
    assert "Org/Not-Cached 的分词器不在 Hugging Face 缓存" in message and "hf download Org/Not-Cached" in message
    assert "is not in the" not in message
    view.shutdown()


def test_the_vocabulary_filter_says_in_chinese_why_a_regex_cannot_run(chinese, qtbot):
    from app.vocabulary.browse_panel import BrowsePanel

    panel = BrowsePanel()
    qtbot.addWidget(panel)
    panel.show_table(build_table(VocabularySource("v", {0: b"a", 1: b" the"})))
    panel.filters.pattern.setText("(the")
    panel.filters.emit_now()
    qtbot.waitUntil(lambda: not panel.filtering(), timeout=10000)
    assert not panel.filter_error.isHidden() and panel.filter_error.text().startswith("正则表达式 '(the' 无效：")
    assert panel.view.model_.rowCount() == 2  # the rows stay
    panel.shutdown()
