"""Where training text comes from: the built-in samples, the Python standard library, or the user's files.

A :class:`CorpusSource` is a named list of files plus how to treat invalid UTF-8. :func:`check_file` looks at a
file the user opens and says whether it is empty, binary or not UTF-8 before any training starts.

>>> [s.key for s in builtin_samples()]
['english-prose', 'chinese-prose', 'english', 'chinese', 'mixed']
>>> check_file(__file__).problem is None
True
"""

from __future__ import annotations

import codecs
import os
import sysconfig
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from app.common.samples import samples_dir
from app.common.sizes import format_bytes
from bpe_core.sample_corpora import SAMPLE_CORPORA, corpus_path

SAMPLES = {
    "english.txt": QT_TRANSLATE_NOOP("CorpusSources", "English sample"),
    "chinese.txt": QT_TRANSLATE_NOOP("CorpusSources", "Chinese sample"),
    "mixed.txt": QT_TRANSLATE_NOOP("CorpusSources", "Mixed: code, emoji, English, Chinese"),
}
#: The shipped prose corpora's titles (:data:`bpe_core.sample_corpora.SAMPLE_CORPORA`) in the interface's language.
PROSE_TITLES = {
    "english-prose": QT_TRANSLATE_NOOP("CorpusSources", "English prose: World English Bible, Genesis–Job (1.9 MB)"),
    "chinese-prose": QT_TRANSLATE_NOOP(
        "CorpusSources", "Chinese prose: 红楼梦 (Dream of the Red Chamber) with Zhiyanzhai's commentary (2.1 MB)"
    ),
}
STDLIB_NAME = QT_TRANSLATE_NOOP("CorpusSources", "Python standard library")
STDLIB_LIMIT_BYTES = 30_000_000
PREVIEW_BYTES = 6000
CHECK_BYTES = 8 << 20


@dataclass
class CorpusSource:
    """A corpus to train on: ``name`` for people, ``paths`` to read, ``errors`` for invalid UTF-8."""

    name: str
    paths: list[Path]
    errors: str = "strict"
    builtin: bool = False
    #: How the files are read: "utf-8", or "utf-16"/"utf-32" (by their byte-order mark) when the user agreed.
    encoding: str = "utf-8"
    #: For the standard library: skip files that are not UTF-8 (a few tests are in other encodings on purpose).
    skip_non_utf8: bool = False
    #: A built-in corpus's short name (``--sample`` on the command line), e.g. "english-prose".
    key: str = ""
    total_bytes: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.paths = [Path(p) for p in self.paths]
        self.total_bytes = sum(p.stat().st_size for p in self.paths if p.is_file())

    def describe(self) -> str:
        """One line: how many files and how big.

        >>> CorpusSource("x", [__file__]).describe().startswith("1 file, ")
        True
        """
        n = len(self.paths)
        if n == 1:
            text = QCoreApplication.translate("CorpusSources", "%n file, {size}", "", n)
        else:
            text = QCoreApplication.translate("CorpusSources", "%n files, {size}", "", n)
        return text.format(size=format_bytes(self.total_bytes))

    def preview(self, limit: int = PREVIEW_BYTES) -> str:
        """The beginning of the first file, decoded leniently (a cut UTF-8 character at the end is dropped)."""
        if not self.paths:
            return ""
        with open(self.paths[0], "rb") as f:
            head = f.read(limit)
        return codecs.getincrementaldecoder("utf-8")("replace").decode(head, final=False)

    def files_to_read(self) -> list[Path]:
        """The files to train on (may read them all, for ``skip_non_utf8``: call it off the GUI thread)."""
        if not self.skip_non_utf8:
            return list(self.paths)
        keep = []
        for path in self.paths:
            try:
                path.read_bytes().decode("utf-8")
            except (UnicodeDecodeError, OSError):
                continue
            keep.append(path)
        return keep


def builtin_samples() -> list[CorpusSource]:
    """The corpora shipped with the app: prose of a few megabytes to train on (the first is the default), then
    the small texts the Teach views use. A shipped corpus that cannot be unpacked is left out."""
    sources = []
    for corpus in SAMPLE_CORPORA:
        try:
            title = _tr(PROSE_TITLES[corpus.name]) if corpus.name in PROSE_TITLES else corpus.title
            sources.append(CorpusSource(title, [corpus_path(corpus.name)], builtin=True, key=corpus.name))
        except OSError:  # a broken installation or an unwritable cache: the small samples still work
            continue
    folder = samples_dir()
    sources.extend(
        CorpusSource(_tr(title), [folder / name], builtin=True, key=name.removesuffix(".txt"))
        for name, title in SAMPLES.items()
        if (folder / name).is_file()
    )
    return sources


def stdlib_files(limit_bytes: int = STDLIB_LIMIT_BYTES) -> list[Path]:
    """The running interpreter's standard-library ``.py`` files (no site-packages), sorted, up to ``limit_bytes``."""
    root = sysconfig.get_paths()["stdlib"]
    chosen, total = [], 0
    for folder, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d not in ("site-packages", "dist-packages", "__pycache__"))
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = Path(folder, name)
            size = path.stat().st_size
            if total + size > limit_bytes:
                return chosen
            chosen.append(path)
            total += size
    return chosen


def stdlib_source() -> CorpusSource:
    return CorpusSource(_tr(STDLIB_NAME), stdlib_files(), builtin=True, skip_non_utf8=True)


def _tr(text: str) -> str:
    """A name marked with ``QT_TRANSLATE_NOOP("CorpusSources", ...)`` in the interface's language."""
    return QCoreApplication.translate("CorpusSources", text)


@dataclass
class FileCheck:
    """What :func:`check_file` found: ``problem`` is None, "empty", "binary", "not-utf8" or "utf-16"/"utf-32"
    (a byte-order mark says the text is in that encoding)."""

    path: Path
    problem: str | None = None
    message: str = ""


#: Byte-order marks, longest first (UTF-32-LE's starts like UTF-16-LE's).
BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def check_file(path: str | os.PathLike, limit: int = CHECK_BYTES) -> FileCheck:
    """Check the first ``limit`` bytes of a file: empty, binary (NUL bytes) or not UTF-8?

    The trainer checks the whole file again as it reads, so a problem further on is still caught.
    """
    path = Path(path)
    with open(path, "rb") as f:
        head = f.read(limit)
    if not head:
        message = QCoreApplication.translate("CorpusSources", "“{name}” is empty: there is no text to train on.")
        return FileCheck(path, "empty", message.format(name=path.name))
    bom = next((name for mark, name in BOMS if head.startswith(mark)), None)
    if bom is not None:
        message = QCoreApplication.translate(
            "CorpusSources", "“{name}” is {encoding} text (it starts with a byte-order mark), not UTF-8."
        )
        return FileCheck(path, bom, message.format(name=path.name, encoding=bom.upper()))
    if b"\x00" in head[:65536]:
        message = QCoreApplication.translate(
            "CorpusSources", "“{name}” looks like a binary file (it contains NUL bytes), not text."
        )
        return FileCheck(path, "binary", message.format(name=path.name))
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        decoder.decode(head, final=len(head) < limit)
    except UnicodeDecodeError as exc:
        message = QCoreApplication.translate(
            "CorpusSources",
            "“{name}” is not valid UTF-8 (first bad byte at offset {offset}: {byte}). It may be in another encoding.",
        )
        return FileCheck(
            path, "not-utf8", message.format(name=path.name, offset=exc.start, byte=f"0x{head[exc.start]:02X}")
        )
    return FileCheck(path)
