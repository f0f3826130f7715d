"""``--sample NAME``: a corpus shipped with BPE Explorer (:mod:`bpe_core.corpus.samples`) as the corpus of
``bpe train`` and ``bpe count``, or as the text of ``bpe encode`` and ``bpe compare``, with no file to find.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_sample_option(parser, "train on")
>>> parser.parse_args(["--sample", "chinese-prose"]).sample
['chinese-prose']
"""

from __future__ import annotations

from bpe_core.corpus.samples import SAMPLE_CORPORA, corpus_path

#: The names ``--sample`` takes.
SAMPLE_NAMES = [corpus.name for corpus in SAMPLE_CORPORA]


def add_sample_option(parser, what: str, *, repeatable: bool = True) -> None:
    """Add ``--sample NAME`` to ``parser``; ``what`` the command does with it ("train on", "encode")."""
    parser.add_argument(
        "--sample",
        action="append" if repeatable else "store",
        choices=SAMPLE_NAMES,
        metavar="NAME",
        help=f"{what} a corpus shipped with BPE Explorer: {', '.join(SAMPLE_NAMES)}"
        + (" (repeatable)" if repeatable else ""),
    )


def sample_files(names: list[str] | None) -> list[str]:
    """The plain UTF-8 files of the shipped corpora ``names`` (unpacked once into the cache folder); a broken
    installation is a :class:`~bpe_core.corpus.samples.SampleCorpusError` (an ``OSError``) that says to reinstall."""
    return [str(corpus_path(name)) for name in names or []]
