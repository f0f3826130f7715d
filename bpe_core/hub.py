"""Hugging Face model ids: fetch only a model's tokenizer files, into the normal Hugging Face cache.

``tokenizer_files("Qwen/Qwen2.5-7B-Instruct")`` returns a local folder holding whichever tokenizer files the model
publishes (``tokenizer.json``, ``tokenizer.model``, ``tekken.json``, ``*.tiktoken``, their configs, and the model's
``tokenization_*.py`` as plain text that nothing here imports). The cache is always tried first, without any
request, so a cached model works offline whether or not ``HF_HUB_OFFLINE`` is set; the network is used only when
the model is not cached and downloads are allowed. Every failure is a :class:`HubError` (a ``ValueError``) that
names the model and says what to do.

>>> parse_model_id("hf:Qwen/Qwen2.5-7B-Instruct@main")
ModelId(repo_id='Qwen/Qwen2.5-7B-Instruct', revision='main')
>>> try:
...     parse_model_id("gpt2")
... except InvalidModelIdError as error:
...     print(error)  # doctest: +NORMALIZE_WHITESPACE
'gpt2' is not a Hugging Face model id: write ORG/NAME, optionally @REVISION (for example
Qwen/Qwen2.5-7B-Instruct or openai-community/gpt2@main)
"""

from __future__ import annotations

import fnmatch
import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from bpe_core.cancelled import Cancelled
from bpe_core.messages import EngineError, Message

#: The files fetched for a model: its tokenizer and nothing else (no weights, no model config).
TOKENIZER_PATTERNS = (
    "tokenizer.json",
    "tokenizer_config.json",
    "chat_template.jinja",
    "special_tokens_map.json",
    "tokenizer.model",
    "tekken.json",
    "*.tiktoken",
    "tokenization_*.py",
)
#: The files that hold a vocabulary; a folder without one of them has no tokenizer to load.
VOCABULARY_PATTERNS = ("tokenizer.json", "tokenizer.model", "tekken.json", "*.tiktoken")

_NAME = r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,94}[A-Za-z0-9])?"
_MODEL_ID = re.compile(rf"(?P<repo>{_NAME}/{_NAME})(?:@(?P<revision>[A-Za-z0-9._/-]{{1,200}}))?")
_TRUE = {"1", "ON", "YES", "TRUE"}
#: A revision that begins or ends with "/" or holds "//" names no branch, tag or commit (and huggingface_hub would
#: read a revision beginning with "/" as a local file).
_BAD_REVISION = re.compile(r"^/|/$|//")


class HubError(EngineError, ValueError):
    """A model id that cannot be turned into tokenizer files; the message names the model and what to do."""


class InvalidModelIdError(HubError):
    """Text that is not ``ORG/NAME`` with an optional ``@revision``."""


class ModelNotCachedError(HubError):
    """Downloads are off (offline) and the model's tokenizer is not in the cache."""


class GatedModelError(HubError):
    """A gated model (Llama, Gemma…) whose files need a login and an accepted licence."""


class ModelNotFoundError(HubError):
    """No such model or revision on the Hub, or the model publishes no tokenizer files."""


class HubNetworkError(HubError):
    """The Hub could not be reached, or answered with an error, while the model was not cached."""


class ModelId(NamedTuple):
    """A validated model id: ``repo_id`` is ``ORG/NAME``; ``revision`` a branch, tag or commit, or None (main)."""

    repo_id: str
    revision: str | None = None

    def __str__(self) -> str:
        return self.repo_id if self.revision is None else f"{self.repo_id}@{self.revision}"


def parse_model_id(text: str) -> ModelId:
    """Check ``ORG/NAME`` or ``ORG/NAME@REVISION`` (an ``hf:`` prefix is allowed) before anything else is done.

    >>> parse_model_id("deepseek-ai/DeepSeek-V3")
    ModelId(repo_id='deepseek-ai/DeepSeek-V3', revision=None)
    >>> str(parse_model_id("Qwen/Qwen3-8B@refs/pr/1"))
    'Qwen/Qwen3-8B@refs/pr/1'
    """
    if not isinstance(text, str):
        raise InvalidModelIdError(f"a Hugging Face model id is text (ORG/NAME), not {type(text).__name__}")
    body = text.strip()
    body = body[3:] if body.startswith("hf:") else body
    match = _MODEL_ID.fullmatch(body)
    revision = match["revision"] if match else None
    if match is None or ".." in body or "--" in match["repo"] or (revision and _BAD_REVISION.search(revision)):
        raise InvalidModelIdError(Message.of("hub.invalid_id", text=repr(text)))
    return ModelId(match["repo"], match["revision"])


def offline_by_environment() -> bool:
    """Whether ``HF_HUB_OFFLINE`` asks for no network, read now (not when huggingface_hub was imported).

    >>> isinstance(offline_by_environment(), bool)
    True
    """
    return os.environ.get("HF_HUB_OFFLINE", "").strip().upper() in _TRUE


def hub_cache_dir() -> Path:
    """The Hugging Face cache folder, from ``HF_HUB_CACHE`` or ``HF_HOME`` as set now, else the library's default.

    >>> isinstance(hub_cache_dir(), Path)
    True
    """
    explicit = os.environ.get("HF_HUB_CACHE") or os.environ.get("HUGGINGFACE_HUB_CACHE")
    if explicit:
        return Path(explicit).expanduser()
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]).expanduser() / "hub"
    from huggingface_hub import constants

    return Path(constants.HF_HUB_CACHE)


def has_vocabulary(folder: Path) -> bool:
    """Whether ``folder`` holds a file a tokenizer can be loaded from (see :data:`VOCABULARY_PATTERNS`).

    >>> has_vocabulary(Path("/nonexistent"))
    False
    """
    if not folder.is_dir():
        return False
    names = [path.name for path in folder.iterdir() if path.is_file()]
    return any(fnmatch.filter(names, pattern) for pattern in VOCABULARY_PATTERNS)


def download_command(model: ModelId) -> str:
    """The ``hf download`` command that fetches the tokenizer files of ``model`` by hand.

    >>> download_command(ModelId("Qwen/Qwen3-8B", "v1"))  # doctest: +ELLIPSIS
    'hf download Qwen/Qwen3-8B --revision v1 --include "tokenizer.json" ... --include "tokenization_*.py"'
    """
    revision = f" --revision {model.revision}" if model.revision else ""
    includes = " ".join(f'--include "{pattern}"' for pattern in TOKENIZER_PATTERNS)
    return f"hf download {model.repo_id}{revision} {includes}"


def tokenizer_files(
    model_id: str,
    *,
    offline: bool | None = None,
    progress: Callable[[str], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    stall_seconds: float | None = None,
) -> Path:
    """The local folder holding the tokenizer files of ``model_id`` (``ORG/NAME[@REVISION]``, ``hf:`` allowed).

    The cache comes first, without any request; then, unless ``offline`` (``None``: as ``HF_HUB_OFFLINE`` says),
    only the files matching :data:`TOKENIZER_PATTERNS` are downloaded, in a process of its own: a download that
    receives nothing for ``stall_seconds`` (default :data:`STALL_SECONDS`, or ``BPE_HUB_STALL_SECONDS``) is stopped
    (a connection or proxy that never answers), and so is one whose ``cancelled()`` turns true (Cancel, Ctrl-C).
    ``progress`` is called with a one-line message before a download, as it goes (what has arrived) and after it.
    Raises :class:`HubError` subclasses, each naming the model.
    """
    model = parse_model_id(model_id)
    offline = offline_by_environment() if offline is None else offline
    say = progress or (lambda message: None)
    cache = hub_cache_dir()
    cached = _cached_folder(model, cache)
    if cached is not None:
        return cached
    if offline:
        raise _not_cached(model, cache, "hub.not_cached_offline")
    say(f"Downloading the tokenizer files of {model} from huggingface.co…")
    folder = _download_watched(model, cache, say, cancelled or (lambda: False), stall_seconds or _stall_seconds())
    if not has_vocabulary(folder):
        raise ModelNotFoundError(
            Message.of("hub.no_tokenizer_files", model=model, names=", ".join(VOCABULARY_PATTERNS))
        )
    say(f"Downloaded the tokenizer files of {model} into {cache}")
    return folder


#: Seconds a download may go without receiving anything before it is stopped (connecting counts too).
STALL_SECONDS = 30.0
#: The pieces a download is written in (see :func:`_download`).
CHUNK_BYTES = 64 * 1024
#: How often the download is looked at (for progress, a stall, a cancel).
_POLL_SECONDS = 0.1


def _stall_seconds() -> float:
    try:
        return max(0.5, float(os.environ.get("BPE_HUB_STALL_SECONDS", STALL_SECONDS)))
    except ValueError:
        return STALL_SECONDS


def _download_watched(model: ModelId, cache: Path, say, cancelled, stall_seconds: float) -> Path:
    """:func:`_download` in a process of its own, watched: what has arrived in the cache is reported, and the process
    is killed when nothing arrives for ``stall_seconds``, when ``cancelled()``, or on Ctrl-C (KeyboardInterrupt)."""
    process, ours = _start_download(model, cache)
    folder = cache / f"models--{model.repo_id.replace('/', '--')}"
    try:
        arrived, last_change, said = _size_of(folder), time.monotonic(), 0
        while not ours.poll(_POLL_SECONDS):
            if cancelled():
                raise Cancelled(f"the download of the tokenizer of {model} was cancelled")
            if not process.is_alive() and not ours.poll(0):
                raise HubNetworkError(Message.of("hub.download_ended", model=model, code=process.exitcode))
            size = _size_of(folder)
            if size != arrived:
                arrived, last_change = size, time.monotonic()
                if size - said >= 1 << 20:  # at most once a megabyte
                    said = size
                    say(f"Downloading the tokenizer files of {model}: {size / 1e6:.1f} MB so far…")
            elif time.monotonic() - last_change > stall_seconds:
                raise HubNetworkError(Message.of("hub.stalled", model=model, seconds=f"{stall_seconds:.0f}"))
        ok, value = ours.recv()
    except EOFError:
        raise HubNetworkError(Message.of("hub.download_ended", model=model, code=process.exitcode)) from None
    finally:
        ours.close()
        if process.is_alive():
            process.kill()
        process.join(5)
    if not ok:
        raise value
    return Path(value)


def _start_download(model: ModelId, cache: Path):
    """The download process, started, and the end of the pipe its answer comes through."""
    from multiprocessing import Pipe

    from bpe_core import spawning

    ours, theirs = Pipe(duplex=False)
    process = spawning.start(download_to_pipe, (model, cache, theirs), name="bpe-hub-download", daemon=True)
    theirs.close()
    return process, ours


def download_to_pipe(model: ModelId, cache: Path, pipe) -> None:
    """:func:`_download`, and its folder or its :class:`HubError` sent through ``pipe``."""
    try:
        pipe.send((True, str(_download(model, cache))))
    except HubError as error:  # every class of them is this module's: sent as its class and message
        pipe.send((False, type(error)(error.message or str(error))))
    except BaseException as error:  # noqa: BLE001 - whatever else the library raises is said, not printed
        failed = Message.of("hub.download_failed", model=model, cause=_root_cause(error))
        pipe.send((False, HubNetworkError(failed)))


def _size_of(folder: Path) -> int:
    """Bytes of the files under ``folder`` (what a download has written so far); 0 if there is none."""
    total = 0
    for root, _dirs, files in os.walk(folder):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_size
            except OSError:
                pass
    return total


def _cached_folder(model: ModelId, cache: Path) -> Path | None:
    """The cached snapshot of ``model`` if it holds a vocabulary file; no network (``local_files_only``)."""
    import huggingface_hub
    from huggingface_hub.utils import LocalEntryNotFoundError

    try:
        folder = huggingface_hub.snapshot_download(
            model.repo_id,
            revision=model.revision,
            cache_dir=cache,
            allow_patterns=list(TOKENIZER_PATTERNS),
            local_files_only=True,
        )
    except LocalEntryNotFoundError:  # not cached, or cached only in part (IncompleteSnapshotError)
        return None
    except OSError as error:  # an unreadable cache folder
        raise HubError(Message.of("hub.cache_unreadable", cache=cache, model=model, error=error)) from error
    found = Path(folder)
    return found if has_vocabulary(found) else None


def _download(model: ModelId, cache: Path) -> Path:
    """Download the tokenizer files of ``model``; translate the library's errors into :class:`HubError`."""
    import huggingface_hub
    from huggingface_hub import constants
    from huggingface_hub import utils as hub_errors  # the error classes, importable from here in every version

    # The library writes what arrives in pieces of this size (10 MB by default): in small pieces, a slow but live
    # download keeps growing in the cache, where the stall watch sees it (most tokenizer files are under 10 MB).
    constants.DOWNLOAD_CHUNK_SIZE = min(getattr(constants, "DOWNLOAD_CHUNK_SIZE", CHUNK_BYTES), CHUNK_BYTES)
    try:
        return Path(
            huggingface_hub.snapshot_download(
                model.repo_id, revision=model.revision, cache_dir=cache, allow_patterns=list(TOKENIZER_PATTERNS)
            )
        )
    except hub_errors.GatedRepoError as error:
        url = f"https://huggingface.co/{model.repo_id}"
        raise GatedModelError(Message.of("hub.gated", model=model, url=url)) from error
    except hub_errors.RepositoryNotFoundError as error:
        raise ModelNotFoundError(Message.of("hub.no_model", model=model.repo_id)) from error
    except hub_errors.RevisionNotFoundError as error:
        revision = repr(model.revision)
        raise ModelNotFoundError(Message.of("hub.no_revision", model=model.repo_id, revision=revision)) from error
    except hub_errors.OfflineModeIsEnabled as error:
        raise _not_cached(model, cache, "hub.not_cached_library_offline") from error
    except hub_errors.LocalEntryNotFoundError as error:  # the library's word for "the Hub could not be reached"
        if isinstance(error.__cause__, hub_errors.OfflineModeIsEnabled):
            raise _not_cached(model, cache, "hub.not_cached_library_offline") from error
        raise _unreachable(model, error) from error
    except hub_errors.HfHubHTTPError as error:
        response = getattr(error, "response", None)
        status = getattr(response, "status_code", None) or "with an error"
        raise HubNetworkError(Message.of("hub.server_error", status=status, model=model)) from error
    except _transport_errors() as error:
        raise _unreachable(model, error) from error


def _transport_errors() -> tuple[type[BaseException], ...]:
    """OSError and the base error of whichever HTTP library huggingface_hub has loaded (requests, httpx, httpx2)."""
    found: list[type[BaseException]] = [OSError]
    for module, name in (("requests", "RequestException"), ("httpx", "HTTPError"), ("httpx2", "HTTPError")):
        error_class = getattr(sys.modules.get(module), name, None)
        if isinstance(error_class, type) and issubclass(error_class, BaseException):
            found.append(error_class)
    return tuple(found)


def _unreachable(model: ModelId, error: BaseException) -> HubNetworkError:
    return HubNetworkError(Message.of("hub.unreachable", model=model, cause=_root_cause(error)))


def _root_cause(error: BaseException) -> str:
    """The first line of the innermost cause, e.g. ``ConnectError: [Errno 101] Network is unreachable``."""
    while error.__cause__ is not None:
        error = error.__cause__
    return f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else 'no details'}"


def _not_cached(model: ModelId, cache: Path, code: str) -> ModelNotCachedError:
    """The error of a model not in the cache, ``code`` saying why it is not downloaded."""
    return ModelNotCachedError(Message.of(code, model=model, cache=cache, command=download_command(model)))
