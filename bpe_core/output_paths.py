"""Outputs that would destroy an input: a command's output may not be one of its inputs, nor another of its
outputs (``bpe train x.txt -o x.txt``, ``bpe compare --html same.out --csv same.out``), and a corpus glob leaves
the command's outputs out (``bpe count 'in/*' -o in/counts.tsv`` run twice does not count its own output).

Two names are the same file when ``os.path.samefile`` says so (a symbolic link, a hard link, ``./x``); when one
of them does not exist yet, when they resolve to the same path. A URI (``s3://...``) names no file here, but
a ``file://`` URI names the file at its path.

A program that reads files for a while (the window's selected corpus) can :func:`protect` them: the engine's
writers (:func:`bpe_core.formats.files.output_target`) then refuse to write over them.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> corpus = os.path.join(folder, "c.txt")
>>> _ = open(corpus, "w").write("text")
>>> check_outputs([("CORPUS", corpus)], [("-o", os.path.join(folder, ".", "c.txt"))])
Traceback (most recent call last):
...
bpe_core.output_paths.OutputPathError: -o .../c.txt is the same file as CORPUS .../c.txt: writing it would ...
>>> check_outputs([("CORPUS", corpus)], [("--html", "a.html"), ("--csv", "./a.html")])
Traceback (most recent call last):
...
bpe_core.output_paths.OutputPathError: --html a.html and --csv ./a.html are the same file: ...
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from bpe_core.messages import EngineError, Message

#: ``(option, path)``: how the user gave a file (``-o``, ``--csv``, ``CORPUS``) and its path.
Named = tuple[str, "str | os.PathLike"]

#: The files :func:`protect` keeps from being written: (device, inode) -> the path given.
_protected: dict[tuple[int, int], str] = {}


class OutputPathError(EngineError, ValueError):
    """An output that is one of the inputs, or two outputs that are the same file (said before any work)."""


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Whether ``a`` and ``b`` name the same file (see the module's documentation).

    >>> same_file("x.txt", "./x.txt"), same_file("x.txt", "y.txt")
    (True, False)
    """
    a, b = _local(a), _local(b)
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # one of them does not exist (yet), or cannot be looked at
        return os.path.realpath(a) == os.path.realpath(b)


def _local(path: str | os.PathLike) -> str | os.PathLike:
    """``path``, or the path a ``file://`` URI names (a corpus or counts file may be given as one).

    >>> _local("file:///tmp/c%20d.txt"), _local("s3://b/k.txt"), _local("k.txt")
    ('/tmp/c d.txt', 's3://b/k.txt', 'k.txt')
    """
    if not os.fspath(path).startswith("file://"):
        return path
    import urllib.parse
    import urllib.request  # here: 20 ms, for a file:// URI only

    return urllib.request.url2pathname(urllib.parse.urlsplit(os.fspath(path)).path)


def check_outputs(inputs: Iterable[Named], outputs: Iterable[Named]) -> None:
    """Raise :class:`OutputPathError` naming both options and paths when an output is one of ``inputs`` or two
    ``outputs`` are the same file. An output or input given as None (an option left out) is skipped."""
    inputs = [(option, path) for option, path in inputs if path is not None]
    outputs = [(option, path) for option, path in outputs if path is not None]
    for index, (option, path) in enumerate(outputs):
        for input_option, input_path in inputs:
            if same_file(path, input_path):
                raise OutputPathError(
                    Message.of("output.is_input", option=option, path=path, input_option=input_option, input=input_path)
                )
        for other_option, other in outputs[:index]:
            if same_file(path, other):
                raise OutputPathError(
                    Message.of("output.twice", option=other_option, path=other, other_option=option, other=path)
                )


def leave_out(paths: Iterable[str], outputs: Iterable[str | os.PathLike | None]) -> list[str]:
    """``paths`` without those that are one of ``outputs`` (what a glob found: a command's own output is not its
    input).

    >>> leave_out(["in/a.txt", "in/counts.tsv"], ["./in/counts.tsv", None])
    ['in/a.txt']
    """
    given = [output for output in outputs if output is not None]
    return [path for path in paths if not any(same_file(path, output) for output in given)]


def protect(paths: Iterable[str | os.PathLike]) -> None:
    """From now on the engine's writers refuse to write over ``paths`` (replacing those protected before): the
    files a program is reading, such as the window's selected corpus. ``protect([])`` protects nothing. A file is
    known by its device and inode, so a symbolic or hard link to it is refused too (1,700 files: ~5 ms)."""
    global _protected
    protected: dict[tuple[int, int], str] = {}
    for path in paths:
        try:
            status = os.stat(path)
        except OSError:
            continue  # gone: nothing there to destroy
        protected[(status.st_dev, status.st_ino)] = os.fspath(path)
    _protected = protected  # replaced whole: a writer in another thread sees the old set or the new one


def protected_input(path: str | os.PathLike) -> str | None:
    """The protected file that ``path`` is (as it was given to :func:`protect`), or None.

    >>> protect([__file__])
    >>> protected_input(__file__) == __file__, protected_input("no such file")
    (True, None)
    >>> protect([])
    """
    protected = _protected
    if not protected:
        return None
    try:
        status = os.stat(path)
    except OSError:
        return None  # nothing there yet
    return protected.get((status.st_dev, status.st_ino))
