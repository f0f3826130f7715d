"""The kept runs on disk, so that they come back when the window starts again: each run kept (*Keep this run*, or
steered away from) is two files in the kept-runs folder (:func:`kept_runs_folder`): ``<stem>.json``, the tokenizer
in our own format (:func:`bpe_core.formats.save_json`, with its training record), and ``<stem>.run.json``, what
the *Kept runs* menu says of it (:class:`RunInfo`). Both are written atomically, the tokenizer first, so a run is
listed only once it is whole. They are read back at start-up (:func:`read_runs`) and removed only by *Forget*
(:func:`remove_run`); a file that cannot be read is skipped and named, never deleted.

>>> import tempfile
>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> folder = Path(tempfile.mkdtemp())
>>> tok = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ab"}, [(b"a", b"b")])
>>> stem = store_run(folder, tok, RunInfo("plain · 257", "2026-11-28 17:40", forbidden=r"\\Aab\\Z"))
>>> (runs, problems) = read_runs(folder)
>>> [(run.info.name, run.info.forbidden, run.tokenizer.merges) for run in runs], problems
([('plain · 257', '\\\\Aab\\\\Z', [(b'a', b'b')])], [])
>>> remove_run(folder, stem); read_runs(folder)
([], [])
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QStandardPaths

from bpe_core.file_errors import TokenizerFileError
from bpe_core.formats import load_json, save_json
from bpe_core.formats.files import make_folder, read_regular_file, write_text_atomically
from bpe_core.formats.native import parse_json_text

# What the file of a run's information says it is.
INFO_FORMAT = "bpe-explorer-kept-run"
# How a run's information file ends (its tokenizer is the same stem + ``.json``).
INFO_SUFFIX = ".run.json"
# An information file is a few hundred bytes; one larger than this is not ours.
INFO_LIMIT = 1_000_000


@dataclass(frozen=True)
class RunInfo:
    """What a kept run is: its ``name``, when it was kept (``kept_at``, local time as shown), the ``settings`` it
    was trained with, and the regex a forbid-and-continue forbade when it steered away from it ("" if none)."""

    name: str
    kept_at: str
    settings: dict = field(default_factory=dict)
    forbidden: str = ""


@dataclass(frozen=True)
class StoredRun:
    """A run read back: its file ``stem``, its :class:`RunInfo` and its tokenizer."""

    stem: str
    info: RunInfo
    tokenizer: object


def _wrong_field() -> str:
    return QCoreApplication.translate("KeptRuns", "its “{field}” is missing or of the wrong kind")


def kept_runs_folder() -> Path:
    """Where the kept runs are: ``BPE_KEPT_RUNS_FOLDER`` (the tests' own), else ``kept-runs`` in the application's
    data folder (``~/.local/share/bpe-explorer/BPE Explorer`` on Linux)."""
    if os.environ.get("BPE_KEPT_RUNS_FOLDER"):
        return Path(os.environ["BPE_KEPT_RUNS_FOLDER"])
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(data or Path.home() / ".bpe-explorer") / "kept-runs"


def store_run(folder: Path, tokenizer, info: RunInfo) -> str:
    """Write ``tokenizer`` and ``info`` into ``folder`` (made if missing) under a new stem, and return it. On a
    failure (a full disk, a folder that cannot be made) nothing is left behind and an ``OSError`` says why."""
    make_folder(folder)
    stem = f"run-{time.time_ns():020d}-{uuid.uuid4().hex[:6]}"  # sorted by name: in the order kept
    save_json(tokenizer, folder / f"{stem}.json")
    try:
        write_info(folder, stem, info)
    except BaseException:
        with contextlib.suppress(OSError):
            (folder / f"{stem}.json").unlink()
        raise
    return stem


def write_info(folder: Path, stem: str, info: RunInfo) -> None:
    """Write (or rewrite: a rename) the information of the run ``stem``, atomically."""
    document = {"format": INFO_FORMAT, "version": 1, **dataclasses.asdict(info)}
    write_text_atomically(folder / f"{stem}{INFO_SUFFIX}", json.dumps(document, ensure_ascii=False, indent=1) + "\n")


def update_run(folder: Path, stem: str, **changes) -> None:
    """Change fields of the run ``stem``'s :class:`RunInfo` (a new ``name``): its information is rewritten, its
    tokenizer file untouched."""
    info = read_info(folder / f"{stem}{INFO_SUFFIX}")
    write_info(folder, stem, dataclasses.replace(info, **changes))


def remove_run(folder: Path, stem: str) -> None:
    """Remove the run ``stem``'s two files (its information first: a tokenizer left alone is never listed)."""
    for name in (f"{stem}{INFO_SUFFIX}", f"{stem}.json"):
        with contextlib.suppress(FileNotFoundError):
            (folder / name).unlink()


def read_runs(folder: Path) -> tuple[list[StoredRun], list[Exception]]:
    """The runs kept in ``folder``, in the order they were kept, and the errors of those that could not be read
    (each names its file; the file is left as it is). A folder that does not exist holds none."""
    runs, problems = [], []
    try:
        names = sorted(p.name for p in folder.iterdir() if p.name.endswith(INFO_SUFFIX))
    except FileNotFoundError:
        return [], []
    except OSError as exc:
        cause = QCoreApplication.translate("KeptRuns", "the kept runs cannot be read from it ({error})")
        return [], [TokenizerFileError(folder, cause.format(error=exc.strerror or exc))]
    for name in names:
        stem = name.removesuffix(INFO_SUFFIX)
        try:
            info = read_info(folder / name)
            runs.append(StoredRun(stem, info, load_json(folder / f"{stem}.json")))
        except (OSError, ValueError) as exc:
            problems.append(exc)
    return runs, problems


def read_info(path: Path) -> RunInfo:
    """A run's information, checked field by field; :class:`TokenizerFileError` names the file and what is wrong
    (a huge file, a named pipe or a device is refused unread)."""
    data = read_regular_file(path, INFO_LIMIT)
    try:
        document = parse_json_text(path, data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise TokenizerFileError.of(path, "file.not_utf8", offset=exc.start) from None
    if not isinstance(document, dict) or document.get("format") != INFO_FORMAT:
        problem = QCoreApplication.translate(
            "KeptRuns", "not the information of a kept run (its “format” is not {format})"
        )
        raise TokenizerFileError(path, problem.format(format=INFO_FORMAT))
    for key, kind in (("name", str), ("kept_at", str), ("settings", dict), ("forbidden", str)):
        if not isinstance(document.get(key), kind):
            raise TokenizerFileError(path, _wrong_field().format(field=key))
    if not document["name"].strip():
        raise TokenizerFileError(path, _wrong_field().format(field="name"))
    return RunInfo(document["name"], document["kept_at"], document["settings"], document["forbidden"])
