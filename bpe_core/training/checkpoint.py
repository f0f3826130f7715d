"""A run that survives a crash: while training, the merges so far are saved every few seconds, with what the run
was asked to do; the same run started again finds them and goes on from there (its merges replayed on the corpus,
:mod:`bpe_core.variants.resume`), ending with the merges of an uninterrupted run, id for id.

The files live in a folder of the program's own, ``DIR/bpe-explorer-checkpoint``, made by it with a marker file
naming it (:data:`MARKER`): nothing of the user's in ``DIR`` is ever written or removed, and a folder of that name
without the marker is left alone. ``run.json`` says what the run is (settings and corpus files: names, sizes and
modification times) and the SHA-256 of the merges file it saved. A checkpoint is resumed only by the run it
belongs to, read back exactly as written (regular files within a size bound); any other run is told why not in
one line and starts afresh, replacing the checkpoint at its first save. A finished run removes what it wrote, what
a save killed midway left (:func:`leftovers`), and the folder once it is empty. A save that fails (a full disk) is
warned of once and training goes on.

>>> import tempfile
>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> folder = tempfile.mkdtemp()
>>> checkpoint = Checkpoint(folder, {"vocab_size": 300})
>>> checkpoint.save(Tokenizer({i: bytes([i]) for i in range(256)}, []))
True
>>> Checkpoint(folder, {"vocab_size": 300}).saved().merges
[]
>>> other = Checkpoint(folder, {"vocab_size": 301})
>>> other.saved() is None, str(other.not_resumed).endswith("other settings (vocab_size): starting afresh")
(True, True)
>>> checkpoint.remove(); os.listdir(folder)
[]
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import re
import stat
import time
from collections.abc import Callable
from pathlib import Path

from bpe_core.corpus.locations import is_uri, remote_fingerprint
from bpe_core.file_errors import TokenizerFileError
from bpe_core.formats.files import MAX_FILE_BYTES, kind_of, read_regular_file, write_text_atomically
from bpe_core.formats.native import json_text, parse_json_text, tokenizer_from_document
from bpe_core.messages import EngineError, Message

#: Seconds between two saves of the merges so far (``BPE_CHECKPOINT_SECONDS`` sets another).
EVERY_SECONDS = 2.0
#: The folder of ``DIR`` the checkpoint lives in, and the marker file that says the program made it.
FOLDER_NAME = "bpe-explorer-checkpoint"
MARKER = "BPE-EXPLORER-CHECKPOINT.txt"
MARKER_TEXT = (
    "This folder holds the checkpoint of a BPE Explorer training run (bpe train --checkpoint, or the window's).\n"
    "The same run started again goes on from here; BPE Explorer removes the folder when the run ends.\n"
)
RUN_FILE = "run.json"
#: What ``run.json`` says it is (its ``format`` and ``version``).
FORMAT_NAME, FORMAT_VERSION = "bpe-explorer-checkpoint", 2
#: The largest ``run.json`` read (settings and a line per corpus file); a merges file is read up to the size of
#: any tokenizer file (:data:`~bpe_core.formats.files.MAX_FILE_BYTES`).
MAX_RUN_BYTES = 16_000_000
MAX_MERGES_BYTES = MAX_FILE_BYTES


class CheckpointError(EngineError, ValueError):
    """A folder that cannot hold a checkpoint of ours (a file, or a folder the program did not make)."""


def corpus_fingerprint(paths) -> list:
    """Each corpus file's name, size and modification time: a changed file is another corpus."""
    found = []
    for path in paths:
        if is_uri(path):
            found.append(remote_fingerprint(path))
            continue
        info = os.stat(path)
        found.append([os.path.abspath(path), info.st_size, info.st_mtime_ns])
    return found


def seconds_between(text: str | None) -> float:
    """The seconds between two saves ``BPE_CHECKPOINT_SECONDS`` asks for: a number of at least 0, else the default.

    >>> seconds_between("0.2"), seconds_between(None), seconds_between("nan"), seconds_between("-1")
    (0.2, 2.0, 2.0, 2.0)
    """
    try:
        seconds = float(text or EVERY_SECONDS)
    except ValueError:
        return EVERY_SECONDS
    return seconds if math.isfinite(seconds) and seconds >= 0 else EVERY_SECONDS


class Checkpoint:
    """The checkpoint of one run in ``folder`` (``DIR``); ``run`` says what the run is (settings and corpus, as
    JSON data). ``warn`` is told the one warning of a failed save (also kept as :attr:`warning`)."""

    def __init__(
        self,
        folder: str | os.PathLike,
        run: dict,
        *,
        every: float | None = None,
        warn: Callable[[Message], None] | None = None,
    ):
        self.parent = Path(folder)
        self.folder = self.parent / FOLDER_NAME
        self.run = json.loads(json.dumps(run))  # as it reads back (tuples are lists in JSON)
        self.every = every if every is not None else seconds_between(os.environ.get("BPE_CHECKPOINT_SECONDS"))
        self.warning: Message | None = None  # why a save failed (said once)
        self.not_resumed: Message | None = None  # why :meth:`saved` found no checkpoint to resume, if it says
        self._warn = warn
        self._last = time.monotonic()
        self._written: str | None = None  # the merges file this run saved last
        self._ours: set[str] = set()  # merges files of ours this run replaces or resumed (removed at the end)
        self._made_parent = False  # DIR was made by the program (removed at the end if then empty)
        self._started = time.time_ns()  # files of ours older than this run that no run.json names are leftovers

    def check(self) -> None:
        """Raise :class:`CheckpointError` if ``DIR`` is a file, or holds a ``bpe-explorer-checkpoint`` that is
        not the program's."""
        if self.parent.exists() and not self.parent.is_dir():
            raise CheckpointError(Message.of("checkpoint.not_folder", folder=str(self.parent)))
        if os.path.lexists(self.folder) and not is_ours(self.folder):
            raise CheckpointError(Message.of("checkpoint.not_ours", folder=str(self.folder), marker=MARKER))

    def contains(self, path: str | os.PathLike) -> bool:
        """True if ``path`` is the checkpoint's folder or in it (where no output may go)."""
        here, there = os.path.realpath(self.folder), os.path.realpath(path)
        return there == here or there.startswith(here + os.sep)

    def saved(self, *, pattern: str | None = None, special_tokens=None):
        """The tokenizer saved by an interrupted run of this same ``run``, or None (:attr:`not_resumed` then says
        why, unless there is no checkpoint at all). ``pattern`` and ``special_tokens``, if given, must be the
        saved tokenizer's too."""
        self.not_resumed = None
        try:
            return self._verified(pattern, special_tokens)
        except _NotResumed as exc:
            self.not_resumed = exc.args[0]
            return None

    def _verified(self, pattern, special_tokens):
        if not os.path.lexists(self.folder):
            if _earlier_version(self.parent):
                raise _NotResumed(
                    Message.of(
                        "checkpoint.earlier_version",
                        folder=str(self.parent),
                        setting="resume",
                        merges=self.parent / _OLD_MERGES,
                    )
                )
            return None
        if not is_ours(self.folder) or not os.path.lexists(self.folder / RUN_FILE):
            return None  # not ours (check() says so), or killed before its first save was whole
        about, merges = self._about()
        if about.get("run") != self.run:
            raise _NotResumed(self._other_run(about.get("run")))
        tokenizer = self._tokenizer(merges, about["merges_sha256"])
        specials = None if special_tokens is None else sorted(special_tokens)
        differs = [
            name
            for name, asked, saved in (
                ("pattern", pattern, tokenizer.pattern),
                ("special tokens", specials, sorted(tokenizer.special_tokens)),
            )
            if asked is not None and asked != saved
        ]
        if differs:
            raise _NotResumed(
                Message.of("checkpoint.other_settings", folder=str(self.parent), names=", ".join(differs))
            )
        self._ours.add(merges)
        self._made_parent = about.get("made_folder") is True
        return tokenizer

    def _about(self) -> tuple[dict, str]:
        """``run.json``, checked to be ours, and the name of the merges file it vouches for."""
        about = self._read_json(RUN_FILE, MAX_RUN_BYTES)
        merges = about.get("merges") if isinstance(about, dict) else None
        if (
            not isinstance(merges, str)
            or about.get("format") != FORMAT_NAME
            or about.get("version") != FORMAT_VERSION
            or not _is_merges_name(merges)
            or not isinstance(about.get("merges_sha256"), str)
        ):
            raise _NotResumed(Message.of("checkpoint.changed", folder=str(self.parent), file=RUN_FILE))
        return about, merges

    def _read_json(self, name: str, limit: int):
        try:
            return _json_file(self.folder / name, limit)
        except (TokenizerFileError, UnicodeDecodeError) as exc:
            raise _NotResumed(Message.of("checkpoint.unreadable", folder=str(self.parent), detail=str(exc))) from None

    def _tokenizer(self, merges: str, digest: str):
        """The saved tokenizer, if its file is byte for byte the one ``run.json`` vouches for (SHA-256 ``digest``)."""
        path = self.folder / merges
        try:
            data = _regular_file_bytes(path, MAX_MERGES_BYTES)
        except TokenizerFileError as exc:
            raise _NotResumed(Message.of("checkpoint.unreadable", folder=str(self.parent), detail=str(exc))) from None
        if hashlib.sha256(data).hexdigest() != digest:
            raise _NotResumed(Message.of("checkpoint.changed", folder=str(self.parent), file=merges))
        try:
            return tokenizer_from_document(path, parse_json_text(path, data.decode("utf-8")))
        except (TokenizerFileError, UnicodeDecodeError) as exc:
            raise _NotResumed(Message.of("checkpoint.unreadable", folder=str(self.parent), detail=str(exc))) from None

    def _other_run(self, saved) -> Message:
        """Why a checkpoint of another run is not resumed: other settings (named), or another corpus."""
        if not isinstance(saved, dict):
            return Message.of("checkpoint.changed", folder=str(self.parent), file=RUN_FILE)
        names = sorted(k for k in self.run.keys() | saved.keys() if k != "corpus" and saved.get(k) != self.run.get(k))
        if names:
            return Message.of("checkpoint.other_settings", folder=str(self.parent), names=", ".join(names))
        return Message.of("checkpoint.other_corpus", folder=str(self.parent))

    def maybe_save(self, make_tokenizer) -> bool:
        """Save ``make_tokenizer()`` if the last save is older than ``every`` seconds; True if it saved."""
        if time.monotonic() - self._last < self.every:
            return False
        return self.save(make_tokenizer())

    def save(self, tokenizer) -> bool:
        """Save ``tokenizer`` as the merges so far; False (and a warning, the first time) if it cannot be."""
        self._last = time.monotonic()
        try:
            self._save(tokenizer)
        except (OSError, CheckpointError) as exc:
            if self._written is None:
                self._tidy()  # a folder made for a first save that failed is not left behind
            if self.warning is None:
                self.warning = _warning(exc, self.parent)
                if self._warn is not None:
                    self._warn(self.warning)
            return False
        return True

    def _save(self, tokenizer) -> None:
        self.check()
        if self._written is None or not os.path.lexists(self.folder):  # the first save, or the folder was removed
            self._make_folder()
        text = json_text(tokenizer)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        name = f"merges-{digest[:16]}.json"
        write_text_atomically(self.folder / name, text)
        about = {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "run": self.run,
            "merges": name,
            "merges_sha256": digest,
            "made_folder": self._made_parent,
        }
        write_text_atomically(self.folder / RUN_FILE, json.dumps(about, ensure_ascii=False))
        replaced = ({self._written} if self._written else set()) | self._ours
        self._written = name
        self._ours = set()
        for old in replaced - {name}:
            (self.folder / old).unlink(missing_ok=True)

    def _make_folder(self) -> None:
        """Make ``DIR`` if needed and the program's folder in it with its marker; note what replaces an earlier
        checkpoint of ours (its merges file, removed once this run's first save is whole)."""
        if not self.parent.exists():
            self.parent.mkdir(parents=True)
            self._made_parent = True
        if not os.path.lexists(self.folder):
            self.folder.mkdir()
            try:
                write_text_atomically(self.folder / MARKER, MARKER_TEXT)
            except OSError:
                self.folder.rmdir()  # made just now, empty: not left without its marker
                raise
            return
        try:
            about, merges = self._about()
            self._tokenizer(merges, about["merges_sha256"])  # only a file byte for byte as saved is ours to remove
            self._ours.add(merges)
            self._made_parent = self._made_parent or about.get("made_folder") is True
        except _NotResumed:
            pass  # an earlier checkpoint changed by hand: replaced by ours, its merges file left

    @property
    def merges_file(self) -> Path | None:
        """Where the merges so far are (a tokenizer file of ours: ``resume`` takes it), once saved."""
        return None if self._written is None else self.folder / self._written

    def remove(self) -> None:
        """The run finished: nothing to resume. Removes what this run wrote or resumed, the program's folder once
        it holds only its marker, and ``DIR`` if the program made it and it is then empty."""
        mine = self._ours | ({self._written} if self._written else set())
        if not mine:
            return  # this run wrote nothing: everything stays as it was
        try:
            _, named = self._about()
        except _NotResumed:
            named = None
        for name in mine:
            (self.folder / name).unlink(missing_ok=True)
        if named in mine:
            (self.folder / RUN_FILE).unlink(missing_ok=True)
            for name in leftovers(self.folder, before=self._started):
                (self.folder / name).unlink(missing_ok=True)
        self._tidy()

    def _tidy(self) -> None:
        """Remove the program's folder if it holds nothing but its marker, then ``DIR`` if the program made it and
        it is empty."""
        try:
            if is_ours(self.folder) and os.listdir(self.folder) == [MARKER]:
                (self.folder / MARKER).unlink()
                self.folder.rmdir()
            if self._made_parent:
                self.parent.rmdir()
        except OSError:
            pass  # something else is there: it stays


class _NotResumed(Exception):
    """A checkpoint that is not resumed; ``args[0]`` is the :class:`Message` saying why."""


_OLD_MERGES = "merges-so-far.json"


def _earlier_version(folder: Path) -> bool:
    """True if ``folder`` holds the two regular files an earlier version checkpointed in (never read)."""
    try:
        return all(stat.S_ISREG(os.lstat(folder / name).st_mode) for name in ("run.json", _OLD_MERGES))
    except OSError:
        return False


def _is_merges_name(name: str) -> bool:
    """True for the name of a merges file of ours (``merges-`` and 16 hex digits).

    >>> _is_merges_name("merges-0123456789abcdef.json"), _is_merges_name("../../etc/passwd")
    (True, False)
    """
    digits = name.removeprefix("merges-").removesuffix(".json")
    return len(name) == 28 and len(digits) == 16 and all(c in "0123456789abcdef" for c in digits)


#: A temporary file of a save (``write_text_atomically``'s: a dot, the name, eight characters, ``.tmp``).
_TEMPORARY = re.compile(r"\.(?:run\.json|merges-[0-9a-f]{16}\.json|BPE-EXPLORER-CHECKPOINT\.txt)\.[a-z0-9_]{8}\.tmp")


def leftovers(folder: Path, *, before: int) -> list[str]:
    """The files of the program's ``folder`` that a save killed midway left, modified before ``before`` (ns since
    the epoch: a file another run is writing now is newer): a save's temporary file, and a merges file of ours
    (its SHA-256 begins with its name's digits) that ``run.json`` no longer names, or did not yet. Only regular
    files; nothing else is ever a leftover.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / ".run.json.k3_x9abc.tmp").write_text("{cut")
    >>> _ = (folder / "notes.txt").write_text("mine")
    >>> leftovers(folder, before=time.time_ns() + 10**9)
    ['.run.json.k3_x9abc.tmp']
    """
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []  # gone, or not readable: nothing known to be ours
    named = _named(folder)
    found = []
    for entry in entries:
        temporary = _TEMPORARY.fullmatch(entry.name) is not None
        if not (temporary or _is_merges_name(entry.name)) or entry.name == named:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or info.st_mtime_ns >= before:
                continue
            if temporary or _spells_its_name(folder / entry.name):
                found.append(entry.name)
        except OSError:
            continue  # gone meanwhile, or unreadable: not known to be ours
    return sorted(found)


def _named(folder: Path) -> str | None:
    """The merges file ``run.json`` names, if it is there and names one."""
    try:
        about = _json_file(folder / RUN_FILE, MAX_RUN_BYTES)
    except (TokenizerFileError, UnicodeDecodeError):
        return None
    merges = about.get("merges") if isinstance(about, dict) else None
    return merges if isinstance(merges, str) else None


def _json_file(path: Path, limit: int):
    """The JSON document in the regular file at ``path`` (of at most ``limit`` bytes); TokenizerFileError (not a
    regular file, too large, unreadable, not JSON) or UnicodeDecodeError."""
    return parse_json_text(path, _regular_file_bytes(path, limit).decode("utf-8"))


def _spells_its_name(path: Path) -> bool:
    """True if the merges file at ``path`` is byte for byte what a save wrote: its SHA-256 begins with the 16 hex
    digits of its name."""
    try:
        data = _regular_file_bytes(path, MAX_MERGES_BYTES)
    except TokenizerFileError:
        return False
    return hashlib.sha256(data).hexdigest()[:16] == path.name.removeprefix("merges-").removesuffix(".json")


def is_ours(folder: Path) -> bool:
    """True if ``folder`` is a real folder (not a link) with the program's marker in it, word for word."""
    try:
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return False
        return _regular_file_bytes(folder / MARKER, 4096) == MARKER_TEXT.encode()
    except (OSError, TokenizerFileError):
        return False


def _regular_file_bytes(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (not a link, a FIFO or a device: refused unread) of at most
    ``limit`` bytes."""
    try:
        mode = os.lstat(path).st_mode
    except OSError as exc:
        raise TokenizerFileError.of(path, "file.unreadable", cause=exc.strerror or exc) from None
    if not stat.S_ISREG(mode):
        kind = "a symbolic link" if stat.S_ISLNK(mode) else kind_of(mode)
        raise TokenizerFileError(path, f"is {kind}, not a regular file: not read")
    return read_regular_file(path, limit)  # opened without blocking, checked again, at most ``limit`` bytes


def _warning(exc: Exception, folder: Path) -> Message:
    """The one warning a failed save gives: the folder's own problem, or the write's cause."""
    if isinstance(exc, CheckpointError) and exc.message is not None:
        return exc.message
    cause = getattr(exc, "cause", None) or getattr(exc, "strerror", None) or str(exc)
    return Message.of("checkpoint.not_saved", folder=str(folder), cause=cause)


def snapshot(trainer):
    """Our tokenizer with ``trainer``'s merges so far, and their record (what a checkpoint saves)."""
    from bpe_core.encoding.tokenizer import Tokenizer

    tokenizer = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern=trainer.pattern_now)
    tokenizer.record = trainer.record
    return tokenizer


def interrupted(folder: str | os.PathLike) -> tuple[dict, Path] | None:
    """What the run interrupted in ``folder`` was asked to do and where its merges are, or None if none was (or
    its files are not byte for byte as the program saved them).

    >>> interrupted("/nonexistent") is None
    True
    """
    checkpoint = Checkpoint(folder, {})
    if not is_ours(checkpoint.folder):
        return None
    try:
        about, merges = checkpoint._about()
        info = os.stat(checkpoint.folder / merges)
        if not _vouched(checkpoint.folder / merges, info.st_mtime_ns, info.st_size, about["merges_sha256"]):
            return None
    except (_NotResumed, OSError):
        return None
    saved = about.get("run")
    return (saved if isinstance(saved, dict) else {}, checkpoint.folder / merges)


@functools.lru_cache(maxsize=4)
def _vouched(path: Path, _modified: int, _size: int, digest: str) -> bool:
    """True if the file ``path`` has the SHA-256 ``digest`` (checked once a version: a window asks often)."""
    try:
        return hashlib.sha256(_regular_file_bytes(path, MAX_MERGES_BYTES)).hexdigest() == digest
    except (OSError, TokenizerFileError):
        return False
