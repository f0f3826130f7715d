"""Hugging Face model ids (bpe_core.hub) against a cache folder built here, never the network.

The cache has the layout huggingface_hub writes: ``models--ORG--NAME/refs/<branch>`` holding a commit hash,
``snapshots/<hash>/<file>`` a link to ``blobs/<sha256>``. The Hub's answers (gated, not found, down) are
huggingface_hub's own exception classes raised by a stand-in for ``snapshot_download``; a guard on the socket
functions records and refuses any connection. A download runs here in a thread of this process, so that the
stand-in answers it; the download's own process (stopped on a stall, a cancel or Ctrl-C) is tested against real
loopback servers in ``tests/test_hub_download.py``.
"""

import hashlib
import multiprocessing
import socket
import threading

import huggingface_hub
import pytest
from huggingface_hub import utils as hub_errors
from hypothesis import given
from hypothesis import strategies as st
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

from bpe_core import hub
from bpe_core.hub import (
    TOKENIZER_PATTERNS,
    GatedModelError,
    HubError,
    HubNetworkError,
    InvalidModelIdError,
    ModelId,
    ModelNotCachedError,
    ModelNotFoundError,
    parse_model_id,
    tokenizer_files,
)

COMMIT = "0123456789abcdef0123456789abcdef01234567"


class _ThreadAsProcess:
    """What the download's watcher uses of a process, for a thread."""

    exitcode = None

    def __init__(self, thread: threading.Thread):
        self.thread = thread

    def is_alive(self) -> bool:
        return self.thread.is_alive()

    def kill(self) -> None:
        pass  # the stand-ins never block

    def join(self, timeout=None) -> None:
        self.thread.join(timeout)


@pytest.fixture(autouse=True)
def downloads_in_a_thread(monkeypatch):
    run_downloads_in_a_thread(monkeypatch)


def run_downloads_in_a_thread(monkeypatch) -> None:
    """Run ``bpe_core.hub``'s download in a thread of this process (where the stand-ins are), not its own process."""

    def start(model, cache):
        ours, theirs = multiprocessing.Pipe(duplex=False)
        thread = threading.Thread(target=hub.download_to_pipe, args=(model, cache, theirs), daemon=True)
        thread.start()
        return _ThreadAsProcess(thread), ours

    monkeypatch.setattr(hub, "_start_download", start)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty Hugging Face cache in tmp_path, named by HF_HUB_CACHE; HF_HUB_OFFLINE unset."""
    folder = tmp_path / "hub"
    folder.mkdir()
    monkeypatch.setenv("HF_HUB_CACHE", str(folder))
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    return folder


def small_tokenizer_json() -> str:
    """A real byte-level BPE tokenizer.json, trained here on a few lines."""
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=300, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False
    )
    tokenizer.train_from_iterator(["hello world, hello tokens", "你好，世界"] * 20, trainer)
    return tokenizer.to_str()


def put_in_cache(cache, repo_id, files, *, ref="main", commit=COMMIT):
    """Write ``files`` ({name: text}) into the cache as huggingface_hub does; return the snapshot folder."""
    repo = cache / ("models--" + repo_id.replace("/", "--"))
    snapshot = repo / "snapshots" / commit
    snapshot.mkdir(parents=True)
    (repo / "blobs").mkdir(exist_ok=True)
    for name, text in files.items():
        data = text.encode()
        blob = repo / "blobs" / hashlib.sha256(data).hexdigest()
        blob.write_bytes(data)
        (snapshot / name).symlink_to(f"../../blobs/{blob.name}")
    if ref is not None:
        (repo / "refs").mkdir(exist_ok=True)
        (repo / "refs" / ref).write_text(commit)
    return snapshot


def fake_hub(monkeypatch, answer):
    """Replace snapshot_download: the cache look-up (local_files_only) finds nothing, a download calls ``answer``."""
    calls = []

    def snapshot_download(repo_id, **kwargs):
        calls.append((repo_id, kwargs))
        if kwargs.get("local_files_only"):
            raise hub_errors.LocalEntryNotFoundError("not in the cache")
        return answer(repo_id, **kwargs)

    monkeypatch.setattr(huggingface_hub, "snapshot_download", snapshot_download)
    return calls


def http_error(error_class, status):
    """One of huggingface_hub's HTTP errors with a response of ``status``, built for the installed version."""
    http = _optional("httpx2") or pytest.importorskip("httpx")  # huggingface_hub 2.x, 1.x
    request = http.Request("GET", "https://huggingface.co/api/models/x")
    return error_class(f"{status} answer", response=http.Response(status, request=request))


def _optional(module_name):
    try:
        return __import__(module_name)
    except ImportError:
        return None


# --- the cache first, and no network when offline ---------------------------------------------------------------


def test_cached_model_works_offline(cache, no_network, monkeypatch):
    snapshot = put_in_cache(cache, "Org/Tiny-BPE", {"tokenizer.json": small_tokenizer_json()})
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    folder = tokenizer_files("Org/Tiny-BPE")
    assert folder == snapshot
    loaded = Tokenizer.from_file(str(folder / "tokenizer.json"))
    assert loaded.decode(loaded.encode("hello 世界").ids) == "hello 世界"


def test_cached_model_is_used_before_any_request_when_online(cache, no_network):
    snapshot = put_in_cache(cache, "Org/Tiny-BPE", {"tokenizer.json": small_tokenizer_json(), "config.json": "{}"})
    messages = []
    assert tokenizer_files("hf:Org/Tiny-BPE", offline=False, progress=messages.append) == snapshot
    assert messages == []  # nothing to download, nothing said


def test_cached_revision_by_branch_and_by_commit(cache, no_network):
    other = "fedcba9876543210fedcba9876543210fedcba98"
    main = put_in_cache(cache, "Org/Tiny-BPE", {"tokenizer.json": small_tokenizer_json()})
    v1 = put_in_cache(cache, "Org/Tiny-BPE", {"tekken.json": "{}"}, ref="v1", commit=other)
    assert tokenizer_files("Org/Tiny-BPE", offline=True) == main
    assert tokenizer_files("Org/Tiny-BPE@v1", offline=True) == v1
    assert tokenizer_files(f"Org/Tiny-BPE@{other}", offline=True) == v1


@pytest.mark.parametrize("vocabulary", ["tokenizer.json", "tokenizer.model", "tekken.json", "qwen.tiktoken"])
def test_every_kind_of_vocabulary_file_counts_as_cached(cache, no_network, vocabulary):
    snapshot = put_in_cache(cache, "Org/Model", {vocabulary: "x"})
    assert tokenizer_files("Org/Model", offline=True) == snapshot


def test_not_cached_and_offline_names_the_model_and_what_to_do(cache, no_network):
    with pytest.raises(ModelNotCachedError) as caught:
        tokenizer_files("Qwen/Qwen2.5-7B-Instruct", offline=True)
    message = str(caught.value)
    assert "Qwen/Qwen2.5-7B-Instruct" in message
    assert str(cache) in message
    assert "hf download Qwen/Qwen2.5-7B-Instruct" in message and "connect to the internet" in message
    assert "tokenizer.json" in message  # open a downloaded file instead
    assert isinstance(caught.value, HubError) and isinstance(caught.value, ValueError)


@pytest.mark.parametrize("value", ["1", "ON", "yes", "True"])
def test_hf_hub_offline_is_honoured_when_offline_is_none(cache, no_network, monkeypatch, value):
    monkeypatch.setenv("HF_HUB_OFFLINE", value)
    with pytest.raises(ModelNotCachedError, match="Org/Absent"):
        tokenizer_files("Org/Absent")


def test_offline_false_overrides_the_environment_for_a_download(cache, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    calls = fake_hub(monkeypatch, lambda repo_id, **kw: put_in_cache(cache, repo_id, {"tokenizer.json": "{}"}))
    tokenizer_files("Org/Model", offline=False)
    assert [kwargs.get("local_files_only", False) for _, kwargs in calls] == [True, False]


def test_cached_snapshot_without_a_tokenizer_is_not_cached(cache, no_network):
    put_in_cache(cache, "Org/Weights-Only", {"config.json": "{}"})
    with pytest.raises(ModelNotCachedError, match="Org/Weights-Only"):
        tokenizer_files("Org/Weights-Only", offline=True)


def test_a_half_downloaded_cache_is_not_taken_for_a_cached_model(cache, no_network):
    # An interrupted download: only the config made it to the snapshot.
    snapshot = put_in_cache(cache, "Org/Half", {"tokenizer_config.json": "{}"})
    with pytest.raises(ModelNotCachedError):
        tokenizer_files("Org/Half", offline=True)
    assert snapshot.is_dir()  # the cache is left as it was


def test_network_down_and_not_cached_is_a_plain_network_error(cache, monkeypatch):
    """The real huggingface_hub, with every connection refused: a clear error, in bounded time."""
    monkeypatch.setattr(socket, "create_connection", _refuse)
    monkeypatch.setattr(socket, "getaddrinfo", _refuse)
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", False)  # as read when the library loaded
    outcome = []
    worker = threading.Thread(target=lambda: outcome.append(_raised(tokenizer_files, "Org/Absent", offline=False)))
    worker.start()
    worker.join(120)  # a bound for "didn't hang", not a timing assertion
    assert not worker.is_alive(), "tokenizer_files hung with the network down"
    (error,) = outcome
    assert isinstance(error, HubNetworkError), repr(error)
    assert "Org/Absent" in str(error) and "Network is unreachable" in str(error)


def test_library_loaded_offline_is_not_cached_with_the_real_library(cache, no_network, monkeypatch):
    """huggingface_hub reads HF_HUB_OFFLINE once, when it loads; offline=False cannot undo that: say so."""
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", True)
    with pytest.raises(ModelNotCachedError, match="Org/Absent.*HF_HUB_OFFLINE"):
        tokenizer_files("Org/Absent", offline=False)


def _refuse(*args, **kwargs):
    raise OSError(101, "Network is unreachable")


def _raised(function, *args, **kwargs):
    try:
        function(*args, **kwargs)
    except Exception as error:  # the test looks at what came out
        return error
    return None


# --- model ids -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "gpt2",
        "",
        "   ",
        "Org/",
        "/Name",
        "Org/Name/extra",
        "Org/Na me",
        "Org/Name@",
        "Org/Name@rev with space",
        "hf:org/name@/some/file",  # huggingface_hub would read a revision beginning with / as a local file
        "Org/Name@/etc/passwd",
        "Org/Name@main/",
        "Org/Name@refs//pr/1",
        "../etc/passwd",
        "Org/../Name",
        "Org/Na..me",
        "Org/-Name",
        "Org/Name-",
        "Org/Na--me",
        "https://huggingface.co/Qwen/Qwen3-8B",
        "Org/" + "n" * 97,
        "hf:",
        42,
        None,
    ],
)
def test_invalid_ids_are_refused_before_anything(cache, no_network, monkeypatch, text):
    monkeypatch.setattr(huggingface_hub, "snapshot_download", _must_not_be_called)
    with pytest.raises(InvalidModelIdError) as caught:
        tokenizer_files(text)
    assert "ORG/NAME" in str(caught.value)


def _must_not_be_called(*args, **kwargs):
    raise AssertionError("huggingface_hub was called for an invalid id")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Qwen/Qwen2.5-7B-Instruct", ModelId("Qwen/Qwen2.5-7B-Instruct")),
        ("hf:deepseek-ai/DeepSeek-V3", ModelId("deepseek-ai/DeepSeek-V3")),
        ("01-ai/Yi-1.5-9B-Chat", ModelId("01-ai/Yi-1.5-9B-Chat")),
        ("openai-community/gpt2@main", ModelId("openai-community/gpt2", "main")),
        ("Qwen/Qwen3-8B@refs/pr/12", ModelId("Qwen/Qwen3-8B", "refs/pr/12")),
        (f"Org/Name@{COMMIT}", ModelId("Org/Name", COMMIT)),
    ],
)
def test_valid_ids(text, expected):
    assert parse_model_id(text) == expected


_NAMES = st.from_regex(r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,20}[A-Za-z0-9])?", fullmatch=True).filter(
    lambda name: ".." not in name and "--" not in name
)


@given(org=_NAMES, name=_NAMES, revision=st.none() | st.from_regex(r"[A-Za-z0-9][A-Za-z0-9._-]{0,30}", fullmatch=True))
def test_a_valid_id_round_trips(org, name, revision):
    model = ModelId(f"{org}/{name}", revision if revision is None or ".." not in revision else None)
    assert parse_model_id(str(model)) == model
    assert parse_model_id("hf:" + str(model)) == model


# --- the Hub's answers ------------------------------------------------------------------------------------------


def test_only_tokenizer_files_are_requested(cache, monkeypatch):
    calls = fake_hub(monkeypatch, lambda repo_id, **kw: put_in_cache(cache, repo_id, {"tokenizer.json": "{}"}))
    messages = []
    folder = tokenizer_files("Qwen/Qwen2.5-7B-Instruct", progress=messages.append)
    assert (folder / "tokenizer.json").is_file()
    (_, lookup), (repo_id, download) = calls
    assert repo_id == "Qwen/Qwen2.5-7B-Instruct"
    assert lookup["local_files_only"] and not download.get("local_files_only", False)
    assert download["allow_patterns"] == list(TOKENIZER_PATTERNS) == lookup["allow_patterns"]
    assert download["cache_dir"] == cache and download["revision"] is None
    assert len(messages) == 2 and all("Qwen/Qwen2.5-7B-Instruct" in m for m in messages)


def test_the_patterns_choose_only_tokenizer_files_of_a_real_repository_listing():
    """huggingface_hub's own filter (the one snapshot_download applies) on the files of typical model repos."""
    listing = [
        ".gitattributes", "LICENSE", "README.md", "config.json", "generation_config.json", "merges.txt",
        "model-00001-of-00004.safetensors", "model.safetensors.index.json", "pytorch_model.bin", "vocab.json",
        "original/consolidated.00.pth", "original/params.json", "modeling_qwen.py", "configuration_chatglm.py",
        "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "tokenizer.model", "tekken.json",
        "qwen.tiktoken", "tokenization_qwen.py", "consolidated.safetensors", "params.json",
    ]  # fmt: skip
    chosen = set(hub_errors.filter_repo_objects(listing, allow_patterns=list(TOKENIZER_PATTERNS)))
    assert chosen == {
        "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "tokenizer.model", "tekken.json",
        "qwen.tiktoken", "tokenization_qwen.py",
    }  # fmt: skip


def test_gated_model_explains_how_to_log_in(cache, monkeypatch):
    def gated(repo_id, **kwargs):
        raise http_error(hub_errors.GatedRepoError, 401)

    fake_hub(monkeypatch, gated)
    with pytest.raises(GatedModelError) as caught:
        tokenizer_files("meta-llama/Llama-3.1-8B-Instruct")
    message = str(caught.value)
    assert "meta-llama/Llama-3.1-8B-Instruct" in message
    assert "hf auth login" in message and "HF_TOKEN" in message
    assert "https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct" in message and "licence" in message
    assert "tokenizer.json" in message


def test_missing_model_is_named(cache, monkeypatch):
    def missing(repo_id, **kwargs):
        raise http_error(hub_errors.RepositoryNotFoundError, 404)

    fake_hub(monkeypatch, missing)
    with pytest.raises(ModelNotFoundError, match="no model Org/Nonexistent on huggingface.co"):
        tokenizer_files("Org/Nonexistent")


def test_missing_revision_is_named(cache, monkeypatch):
    def missing(repo_id, **kwargs):
        raise http_error(hub_errors.RevisionNotFoundError, 404)

    fake_hub(monkeypatch, missing)
    with pytest.raises(ModelNotFoundError, match="Qwen/Qwen3-8B has no revision 'nope'"):
        tokenizer_files("Qwen/Qwen3-8B@nope")


def test_model_without_tokenizer_files(cache, monkeypatch):
    fake_hub(monkeypatch, lambda repo_id, **kw: put_in_cache(cache, repo_id, {"README.md": "weights only"}))
    with pytest.raises(ModelNotFoundError, match="Org/Weights publishes no tokenizer files"):
        tokenizer_files("Org/Weights")


def test_hub_server_error_says_the_status(cache, monkeypatch):
    def down(repo_id, **kwargs):
        raise http_error(hub_errors.HfHubHTTPError, 503)

    fake_hub(monkeypatch, down)
    with pytest.raises(HubNetworkError, match="answered 503 .* Org/Model"):
        tokenizer_files("Org/Model")


@pytest.mark.parametrize(
    "error",
    [hub_errors.LocalEntryNotFoundError("connection failed and nothing cached"), ConnectionResetError(104, "reset")],
)
def test_connection_failures_are_worded_plainly(cache, monkeypatch, error):
    def fail(repo_id, **kwargs):
        raise error

    fake_hub(monkeypatch, fail)
    with pytest.raises(HubNetworkError, match="could not download the tokenizer of Org/Model.*internet connection"):
        tokenizer_files("Org/Model")


def test_library_started_offline_is_not_cached(cache, monkeypatch):
    def offline(repo_id, **kwargs):
        raise hub_errors.OfflineModeIsEnabled("offline")

    fake_hub(monkeypatch, offline)
    with pytest.raises(ModelNotCachedError, match="Org/Model.*HF_HUB_OFFLINE"):
        tokenizer_files("Org/Model", offline=False)
