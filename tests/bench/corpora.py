"""Benchmark corpora built from files already on the machine or from Debian packages.

Nothing is fetched from the web except Debian packages through ``apt-get download``
(benchmarks only; the test suite never needs these). Results are cached under
``tests/bench/.corpora/`` (git-ignored); delete that folder to rebuild.

    $ python tests/bench/corpora.py          # build all corpora and print their sizes

>>> sorted(BUILDERS)
['chinese', 'english', 'english_slice', 'european', 'latin', 'novel', 'stdlib']
"""

from __future__ import annotations

import codecs
import gzip
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

CACHE = Path(__file__).resolve().parent / ".corpora"
EOT = "<|endoftext|>"

# Bytes of the English slice and the target sizes of the Chinese and European corpora.
ENGLISH_SLICE_BYTES = 130_000
CHINESE_TARGET_BYTES = 4_000_000
EUROPEAN_TARGET_BYTES = 11_000_000

ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


class CorpusBuildError(RuntimeError):
    """A corpus could not be built (no apt-get, package not found, ...)."""


def _cached(name: str, build: Callable[[], str]) -> Path:
    """Return CACHE/name, writing build()'s text there (atomically) if it is missing. A write that fails (a full
    disk) leaves no corpus and no ``.partial`` file, and is a CorpusBuildError naming the file."""
    path = CACHE / name
    if not path.exists():
        text = build()
        tmp = path.with_suffix(".partial")
        try:
            CACHE.mkdir(parents=True, exist_ok=True)
            tmp.write_text(text, encoding="utf-8", newline="")
            tmp.replace(path)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise CorpusBuildError(f"cannot write the corpus {path}: {exc.strerror or exc}") from None
    return path


def _extract_deb(package: str, dest: Path) -> Path:
    """``apt-get download`` a Debian package into dest and unpack it there; return the unpack root."""
    for tool in ("apt-get", "dpkg-deb"):
        if shutil.which(tool) is None:
            raise CorpusBuildError(
                f"'{tool}' is not available: the {package!r} corpus needs a Debian/Ubuntu system "
                f"(apt-get download {package}; dpkg-deb -x)."
            )
    got = subprocess.run(["apt-get", "download", package], cwd=dest, capture_output=True, text=True)
    debs = sorted(dest.glob(f"{package}_*.deb"))
    if got.returncode != 0 or not debs:
        raise CorpusBuildError(
            f"'apt-get download {package}' failed (exit {got.returncode}): {got.stderr.strip()}\n"
            "If the package is unknown, run 'apt-get update' first."
        )
    root = dest / package
    subprocess.run(["dpkg-deb", "-x", str(debs[0]), str(root)], check=True)
    return root


def _decode(data: bytes) -> str:
    """Decode UTF-8, or legacy GB2312/GBK (read as its superset GB18030) when it is not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return codecs.decode(data, "gb18030")


def _stdlib_sources() -> Iterable[Path]:
    """Every .py file under the standard library, site-packages excluded, in sorted walk order."""
    root = sysconfig.get_paths()["stdlib"]
    for folder, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d != "site-packages")
        for name in sorted(files):
            if name.endswith(".py"):
                yield Path(folder, name)


def stdlib_corpus() -> Path:
    """All standard-library .py files that decode as UTF-8, joined by <|endoftext|> (~31 MB)."""

    def build() -> str:
        texts = []
        for path in _stdlib_sources():
            try:
                texts.append(path.read_bytes().decode("utf-8"))
            except UnicodeDecodeError:
                continue  # a handful of test files are deliberately in other encodings
        return EOT.join(texts)

    return _cached("stdlib.txt", build)


def stdlib_prefix(nbytes: int = 3_000_000) -> Path:
    """The first files of stdlib_corpus(), cut at the last <|endoftext|> before nbytes (for quick runs)."""

    def build() -> str:
        data = stdlib_corpus().read_bytes()[:nbytes]
        return data[: data.rindex(EOT.encode())].decode("utf-8")

    return _cached(f"stdlib_{nbytes}.txt", build)


def _python_doc_sources(root: Path) -> list[Path]:
    """The reST sources (*.txt) of the python3.11-doc package, sorted by path."""
    sources = root / "usr/share/doc/python3.11/html/_sources"
    return sorted(p for p in sources.rglob("*") if p.suffix in (".txt", ".rst"))


def english_corpus() -> Path:
    """Debian python3.11-doc reST sources joined by blank lines (~11 MB; also writes english_slice.txt)."""

    def build() -> str:
        with tempfile.TemporaryDirectory() as tmp:
            root = _extract_deb("python3.11-doc", Path(tmp))
            files = _python_doc_sources(root)
            if not files:
                raise CorpusBuildError("python3.11-doc has no reST sources under html/_sources")
            return "\n\n".join(p.read_text(encoding="utf-8") for p in files)

    return _cached("english.txt", build)


def latin_corpus() -> Path:
    """english_corpus() as a Latin-1 text: every seventh "e" an "é" (a character past ASCII every ~50, as in French
    or German prose) and the characters past Latin-1 dropped, so that Python stores it a byte a character but not as
    ASCII (the compiled encoder's path for such texts)."""

    def build() -> str:
        text = english_corpus().read_text(encoding="utf-8").replace("\U0001f40d", "")
        seen = 0
        out = []
        for ch in text:
            if ch == "e":
                seen += 1
                if seen % 7 == 0:
                    ch = "é"
            out.append(ch)
        return "".join(ch for ch in out if ord(ch) < 256)

    return _cached("latin.txt", build)


def english_slice() -> Path:
    """~130 KB of English prose: the tutorial part of english_corpus(), cut at a line end."""

    def build() -> str:
        text = english_corpus().read_text(encoding="utf-8")
        start = text.index("An Informal Introduction to Python")  # not the C API reference
        start = text.rindex("\n\n", 0, start) + 2
        data = text[start:].encode("utf-8")[:ENGLISH_SLICE_BYTES]
        return data[: data.rindex(b"\n") + 1].decode("utf-8")

    return _cached("english_slice.txt", build)


def _fortunes(root: Path) -> list[str]:
    """The fortunes-zh files as text: colour escapes removed, '%' separator lines turned into blank lines."""
    texts = []
    for name in ("chinese", "tang300", "song100"):
        text = _decode((root / "usr/share/games/fortunes" / name).read_bytes())
        while ANSI_ESCAPE.search(text):  # removing one escape can join the halves of another
            text = ANSI_ESCAPE.sub("", text)
        texts.append(re.sub(r"(?m)^%\n", "\n", text))
    return texts


ROFF_FONT = re.compile(r"\\f[BIRP]|\\f\(..")


def _man_text(source: str) -> str:
    """Light de-roffing of a man page: drop comments and bare macros, keep the words of macro lines."""
    lines = []
    for line in source.splitlines():
        if line.startswith(('.\\"', "'\\\"")):
            continue
        if line.startswith("."):
            parts = line.split(None, 1)
            if len(parts) == 1:
                continue
            line = parts[1]
        lines.append(ROFF_FONT.sub("", line))
    return "\n".join(lines) + "\n"


def _add_man_pages(parts: list[str], folder: Path, target: int) -> None:
    """The man pages under ``folder`` (sorted by path, lightly de-roffed) appended to ``parts`` until these hold
    ``target`` bytes of UTF-8 or more."""
    size = sum(len(t.encode()) for t in parts)
    for page in sorted(folder.rglob("*.gz")):
        if size >= target:
            return
        text = _man_text(_decode(gzip.open(page).read()))
        parts.append(text)
        size += len(text.encode())


def _cut(parts: list[str], target: int) -> str:
    """``parts`` joined by line breaks, cut to ``target`` bytes at the last line end before it."""
    data = "\n".join(parts).encode("utf-8")[:target]
    return data[: data.rindex(b"\n") + 1].decode("utf-8")


def chinese_corpus() -> Path:
    """~4 MB of Simplified Chinese text from Debian packages, in this order:

    1. fortunes-zh 2.98 (``chinese``, ``tang300``, ``song100``; ~2.0 MB): already UTF-8 in Debian 12 (legacy
       GB encodings would be converted by ``_decode``); ANSI colour escapes stripped; '%' lines -> blank lines.
    2. debian-faq-zh-cn's plain-text FAQ (~0.17 MB).
    3. manpages-zh's zh_CN pages (sorted by path, lightly de-roffed) until the corpus reaches 4 MB; the last
       page is cut at a line end. (debian-reference-zh-cn is not used: a third of it repeats fortunes-zh.)
    Nothing is repeated.
    """

    def build() -> str:
        with tempfile.TemporaryDirectory() as tmp:
            parts = _fortunes(_extract_deb("fortunes-zh", Path(tmp)))
            faq = _extract_deb("debian-faq-zh-cn", Path(tmp)) / "usr/share/doc/debian/FAQ"
            parts += [_decode(gzip.open(p).read()) for p in sorted(faq.glob("*.txt.gz"))]
            _add_man_pages(parts, _extract_deb("manpages-zh", Path(tmp)) / "usr/share/man/zh_CN", CHINESE_TARGET_BYTES)
        return _cut(parts, CHINESE_TARGET_BYTES)

    return _cached("chinese.txt", build)


def european_corpus() -> Path:
    """~11 MB of real German prose, then French: Debian's manpages-de (10.7 MB of it), then manpages-fr, pages sorted
    by path, lightly de-roffed, until the corpus reaches 11 MB (the last page cut at a line end). Nothing is repeated.
    One character in 74 is past ASCII (ä, ö, ü, ß, «), the typographic ones past Latin-1 (’, …) make Python store it
    two bytes a character, and its three emoji four: the compiled encoder's wide path with mostly ASCII in it, as real
    European text gives it (latin_corpus stays a byte a character)."""

    def build() -> str:
        parts: list[str] = []
        with tempfile.TemporaryDirectory() as tmp:
            for package, language in (("manpages-de", "de"), ("manpages-fr", "fr")):
                _add_man_pages(
                    parts, _extract_deb(package, Path(tmp)) / "usr/share/man" / language, EUROPEAN_TARGET_BYTES
                )
        return _cut(parts, EUROPEAN_TARGET_BYTES)

    return _cached("european.txt", build)


def novel_corpus() -> Path:
    """The Chinese novel the app ships as a sample corpus: 红楼梦 with Zhiyanzhai's commentary, 2.1 MB, 83% Han,
    stored two bytes a character (bpe_core.corpus.samples unpacks it from the package: nothing is downloaded).
    Chinese prose as a novel has it, where chinese_corpus mixes poems, fortunes, a FAQ and manual pages. A damaged
    installation or a cache that cannot be written is a CorpusBuildError, as any corpus not built."""
    from bpe_core.corpus.samples import corpus_path

    try:
        return corpus_path("chinese-prose")
    except OSError as exc:  # (SampleCorpusError: the shipped file damaged; a full disk unpacking it)
        raise CorpusBuildError(f"the shipped novel: {exc}") from None


BUILDERS = {
    "stdlib": stdlib_corpus,
    "english": english_corpus,
    "english_slice": english_slice,
    "chinese": chinese_corpus,
    "latin": latin_corpus,
    "european": european_corpus,
    "novel": novel_corpus,
}


def main() -> int:
    failed = False
    for name, builder in BUILDERS.items():
        try:
            path = builder()
        except CorpusBuildError as exc:
            print(f"{name:14} FAILED: {exc}", file=sys.stderr)
            failed = True
            continue
        size = path.stat().st_size
        print(f"{name:14} {size:>12,} bytes  {size / 1e6:7.2f} MB  {path}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())


#: Suffixes of the Linux sources' text kept for the kernel corpus (C, headers, docs, build files).
_KERNEL_SUFFIXES = (".c", ".h", ".rst", ".txt", ".S", ".sh", ".py", ".yaml")


def kernel_corpus(megabytes: int = 1000) -> Path:
    """``megabytes`` MB of real text that does not repeat: the C sources, headers and docs of Debian's
    ``linux-source-6.1`` (1.2 GB unpacked), in a fixed order, files that are not UTF-8 left out."""
    path = CACHE / f"kernel_{megabytes}MB.txt"
    if path.exists():
        return path
    with tempfile.TemporaryDirectory() as tmp:
        tree = _linux_tree(Path(tmp))
        _join_files(sorted(p for p in tree.glob("**/*") if p.suffix in _KERNEL_SUFFIXES), path, megabytes)
    return path


#: Where an unpacked Linux 6.1 tree is looked for first (``LINUX_TREE`` names another); else it is downloaded.
LINUX_TREE = Path(os.environ.get("LINUX_TREE", "/tmp/countc-linux/linux-source-6.1"))
#: The suffixes of the gigabyte corpus: C sources and headers, and the docs (reST and plain text).
_GIGABYTE_SUFFIXES = (".c", ".h", ".rst", ".txt")


def linux_gigabyte(megabytes: int = 1000) -> Path:
    """``megabytes`` MB (1 GB: 1,000,000,000 bytes at most, whole files) of the Linux 6.1 sources' ``.c``, ``.h``,
    ``.rst`` and ``.txt`` files joined in sorted path order, those that are not UTF-8 left out: the real,
    non-repeating corpus of issue 44's "a gigabyte trained". The tree at :data:`LINUX_TREE` is used when it is
    there, else ``apt-get download linux-source-6.1`` is unpacked in a temporary folder.

        $ python -c "import corpora; print(corpora.linux_gigabyte())"   # from tests/bench
    """
    path = CACHE / f"linux_{megabytes}MB.txt"
    if path.exists():
        return path
    with tempfile.TemporaryDirectory() as tmp:
        tree = LINUX_TREE if LINUX_TREE.is_dir() else _linux_tree(Path(tmp))
        _join_files(
            sorted(p for p in tree.rglob("*") if p.suffix in _GIGABYTE_SUFFIXES and p.is_file()), path, megabytes
        )
    return path


def _linux_tree(tmp: Path) -> Path:
    """The Linux 6.1 sources unpacked under ``tmp`` from Debian's ``linux-source-6.1`` package."""
    root = _extract_deb("linux-source-6.1", tmp)
    tarball = next(root.rglob("linux-source-*.tar.xz"))
    subprocess.run(["tar", "xf", str(tarball), "-C", str(tmp)], check=True)
    return next(tmp.glob("linux-source-*/"))


def _join_files(sources: list[Path], path: Path, megabytes: int) -> None:
    """The UTF-8 files of ``sources`` joined into ``path`` (atomically) until the next would pass ``megabytes`` MB:
    whole files only, so the corpus never ends inside a character."""
    target, written = megabytes * 1_000_000, 0
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    with open(partial, "wb") as out:
        for source in sources:
            data = source.read_bytes()
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if written + len(data) > target:
                break
            out.write(data)
            written += len(data)
    partial.replace(path)
