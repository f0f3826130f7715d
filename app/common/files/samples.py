"""Where the shipped sample texts are (``resources/samples``), installed or in a source checkout, and the start of
a corpus, to take a lesson's text from.

>>> (samples_dir() / "english.txt").is_file()
True
>>> corpus_start([samples_dir() / "chinese.txt"])[:5]
'山城的早晨'
"""

from __future__ import annotations

from pathlib import Path

from bpe_core.corpus.compressed import CompressedFileError, CorpusStream


def samples_dir() -> Path:
    """The folder of shipped sample texts (``resources/samples``)."""
    try:
        from bpe_resources import resource_path
    except ImportError:  # running from a source checkout that is not installed
        return Path(__file__).resolve().parents[3] / "resources" / "samples"
    return resource_path("samples")


def corpus_start(paths, encoding: str = "utf-8", limit: int = 200_000) -> str:
    """The first ``limit`` bytes of the text of the first readable corpus file (decompressed if it is gzip, bzip2,
    xz or zstd), as text ("" if none can be read); a character cut at the end, or an undecodable byte, is left
    out."""
    for path in paths:
        try:
            with open(path, "rb") as f:
                return CorpusStream(f, str(path)).read(limit).decode(encoding, errors="ignore").lstrip("\ufeff")
        except (OSError, LookupError, CompressedFileError):
            continue
    return ""
