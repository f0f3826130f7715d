"""Where training text comes from: the built-in samples, the Python standard library, or the user's files.

A :class:`CorpusSource` is a named list of files plus how to treat invalid UTF-8. :func:`check_file` looks at a
file the user opens and says whether it is empty, binary or not UTF-8 before any training starts. A *counts
corpus* holds no text: it is pre-token counts (``bpe count``'s ``.parquet``, or ``TEXT<TAB>COUNT`` ``.tsv``), read
by :func:`counts_source`; training takes them instead of counting.

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

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from app.common.files.samples import samples_dir
from app.common.wording.engine_messages import engine_message
from app.common.wording.sizes import format_bytes
from bpe_core.corpus.compressed import CompressedFileError, CorpusStream, text_size
from bpe_core.corpus.counts_file import read_counts
from bpe_core.corpus.samples import SAMPLE_CORPORA, corpus_path

SAMPLES = {
    "english.txt": QT_TRANSLATE_NOOP("CorpusSources", "English sample"),
    "chinese.txt": QT_TRANSLATE_NOOP("CorpusSources", "Chinese sample"),
    "mixed.txt": QT_TRANSLATE_NOOP("CorpusSources", "Mixed: code, emoji, English, Chinese"),
}
#: The shipped prose corpora's titles (:data:`bpe_core.corpus.samples.SAMPLE_CORPORA`) in the interface's language.
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
#: The suffixes of the counts files the window opens as a counts corpus.
COUNTS_SUFFIXES = (".parquet", ".tsv")
#: How many of a counts corpus's most frequent pre-tokens its preview lists.
PREVIEW_PRETOKENS = 200


@dataclass
class CountsSummary:
    """What the corpus panel says of counts files: their ``paths``, the ``pattern`` and ``special_tokens`` they were
    cut with (``pattern`` None for ``TEXT<TAB>COUNT``, which does not say), ``distinct`` and ``total`` pre-tokens,
    the size of the corpus they were counted from, and the most frequent pre-tokens (``top``)."""

    paths: list[Path]
    pattern: str | None
    special_tokens: tuple[str, ...]
    distinct: int
    total: int
    corpus_bytes: int
    top: list[tuple[str, int]]


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
    #: A counts corpus (``paths`` then empty): the counts files, trained from without counting.
    counts: CountsSummary | None = None
    #: The files' bytes on disk (what counting reads, for its progress).
    total_bytes: int = field(init=False, default=0)
    #: The bytes of text they hold (a compressed file's unpacked); a file too large to unpack at once counts its size.
    text_bytes: int = field(init=False, default=0)
    #: Whether a compressed file's text was not measured (``text_bytes`` counts its size on disk then).
    unmeasured: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.paths = [Path(p) for p in self.paths]
        files = [p for p in self.paths if p.is_file()]
        self.total_bytes = sum(p.stat().st_size for p in files)
        self.text_bytes = self.total_bytes
        if not self.builtin:  # the built-in corpora are plain text (a shipped .txt.gz is read from its unpacked copy)
            measured = [text_size(p) for p in files]
            self.text_bytes = sum(p.stat().st_size if m is None else m for p, m in zip(files, measured))
            self.unmeasured = None in measured
        if self.counts is not None:
            self.total_bytes = self.text_bytes = self.counts.corpus_bytes

    @property
    def has_text(self) -> bool:
        """False for a counts corpus: nothing can be read, sampled or counted again from it."""
        return self.counts is None

    def describe(self) -> str:
        """One line: how many files and how big.

        >>> CorpusSource("x", [__file__]).describe().startswith("1 file, ")
        True
        """
        if self.counts is not None:
            return _describe_counts(self.counts)
        n = len(self.paths)
        if n == 1:
            text = QCoreApplication.translate("CorpusSources", "%n file, {size}", "", n)
        else:
            text = QCoreApplication.translate("CorpusSources", "%n files, {size}", "", n)
        size = format_bytes(self.text_bytes)
        if self.unmeasured:
            size = QCoreApplication.translate("CorpusSources", "{size} compressed").format(size=size)
        return text.format(size=size)

    def preview(self, limit: int = PREVIEW_BYTES) -> str:
        """The beginning of the first file, decoded leniently (a cut UTF-8 character at the end is dropped); for a
        counts corpus, its most frequent pre-tokens."""
        if self.counts is not None:
            return _counts_preview(self.counts)
        if not self.paths:
            return ""
        try:
            head = text_head(self.paths[0], limit)
        except CompressedFileError:
            return ""  # said when the file was added
        return codecs.getincrementaldecoder("utf-8")("replace").decode(head, final=False)

    def files_to_read(self) -> list[Path]:
        """The files to train on (may read them all, for ``skip_non_utf8``: call it off the GUI thread)."""
        if not self.skip_non_utf8:
            return list(self.paths)
        return [path for path in self.paths if _is_utf8(path)]

    def problems(self, pattern: str, special_tokens: list[str], superword_after: int) -> list[str]:
        """Why these settings cannot train on this corpus (a counts corpus: the counts were cut with another
        pattern or other special tokens, or SuperBPE, which cuts the text again); empty for a corpus of text."""
        counts, found = self.counts, []
        if counts is None:
            return found
        if counts.pattern is not None and pattern != counts.pattern:
            text = QCoreApplication.translate(
                "CorpusSources",
                "“{name}” was counted with the pre-tokenizer {pattern}: choose it to train on these counts "
                "(selecting the corpus chooses it).",
            )
            found.append(text.format(name=self.name, pattern=counts.pattern))
        if counts.special_tokens and special_tokens and tuple(special_tokens) != counts.special_tokens:
            text = QCoreApplication.translate(
                "CorpusSources", "“{name}” was counted with the special tokens {tokens}: use the same ones."
            )
            found.append(text.format(name=self.name, tokens=" ".join(counts.special_tokens)))
        if superword_after:
            found.append(
                QCoreApplication.translate(
                    "CorpusSources", "SuperBPE cuts the text again with a second pattern: a counts corpus has no text."
                )
            )
        return found


def is_counts_file(path: str | os.PathLike) -> bool:
    """True for a file the window opens as pre-token counts (by its suffix).

    >>> is_counts_file("corpus.parquet"), is_counts_file("words.TSV"), is_counts_file("corpus.txt")
    (True, True, False)
    """
    return Path(path).suffix.lower() in COUNTS_SUFFIXES


def counts_source(paths: list[Path], name: str) -> CorpusSource:
    """A counts corpus of ``paths`` (summed), read now to check them and describe them; raises
    :class:`~bpe_core.corpus.counts_file.CountsFileError` (their patterns differ, a file is not counts) or ``OSError``.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp(), "words.tsv")
    >>> _ = path.write_text("the\\t3\\n cat\\t1\\n", encoding="utf-8")
    >>> source = counts_source([path], "words.tsv")
    >>> source.has_text, source.counts.distinct, source.counts.total, source.counts.pattern
    (False, 2, 4, None)
    """
    counts = read_counts(paths)
    top = counts.words.most_common(PREVIEW_PRETOKENS)
    summary = CountsSummary(
        list(paths),
        counts.pattern,
        counts.special_tokens,
        len(counts.words),
        sum(counts.words.values()),
        counts.corpus_bytes,
        top,
    )
    return CorpusSource(name, [], counts=summary)


def _describe_counts(counts: CountsSummary) -> str:
    return CountsWords().summary(counts)


class CountsWords(QObject):
    """A counts corpus's summary, its pre-tokens counted in Qt's plural forms ("1 distinct pre-token"), which
    lupdate finds only in ``self.tr(text, "", n)``."""

    def summary(self, counts: CountsSummary) -> str:
        n = counts.distinct
        if counts.pattern is None:
            text = self.tr(
                "counts: {distinct} distinct pre-tokens, {total} in all; the pattern is not recorded, "
                "the settings' pre-tokenizer is taken as the one they were cut with",
                "",
                n,
            )
        else:
            text = self.tr("counts: {distinct} distinct pre-tokens, {total} in all, cut with {pattern}", "", n)
        return text.format(distinct=f"{n:,}", total=f"{counts.total:,}", pattern=counts.pattern)


def _counts_preview(counts: CountsSummary) -> str:
    """The most frequent pre-tokens, one a line (quoted, so that spaces and line ends show), with their counts."""
    head = QCoreApplication.translate("CorpusSources", "A counts corpus has no text; its most frequent pre-tokens:")
    return "\n".join([head, *(f"{word!r}\t{n:,}" for word, n in counts.top)])


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
    """What :func:`check_file` found: ``problem`` is None, "empty", "binary", "not-utf8", "utf-16"/"utf-32"
    (a byte-order mark says the text is in that encoding) or "damaged" (compressed data cut short or broken)."""

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


def text_head(path: str | os.PathLike, limit: int) -> bytes:
    """The first ``limit`` bytes of the text of a file, decompressed if it is compressed (gzip, bzip2, xz, zstd)."""
    with open(path, "rb") as f:
        return CorpusStream(f, str(path)).read(limit)


def _is_utf8(path: Path) -> bool:
    """Whether the whole text of a file (decompressed) is UTF-8, read a megabyte at a time."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        with open(path, "rb") as f:
            stream = CorpusStream(f, str(path))
            while block := stream.read(1 << 20):
                decoder.decode(block)
        decoder.decode(b"", final=True)
    except (UnicodeDecodeError, OSError, CompressedFileError):
        return False
    return True


def check_file(path: str | os.PathLike, limit: int = CHECK_BYTES) -> FileCheck:
    """Check the first ``limit`` bytes of a file's text (decompressed): empty, binary (NUL bytes), not UTF-8, or
    damaged compressed data?

    The trainer checks the whole file again as it reads, so a problem further on is still caught.
    """
    path = Path(path)
    try:
        head = text_head(path, limit)
    except CompressedFileError as exc:
        return FileCheck(path, "damaged", engine_message(exc))
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
