"""Where a corpus's files are: local paths and globs, or the URIs of any filesystem pyarrow reads (``s3://``,
``gs://``, ``hdfs://``, ``abfs://``, ``file://``), so that a corpus in a bucket is read -- and counted, here or on
Ray -- like one on this disk. A remote file is read in blocks as it streams; credentials and endpoints come from
the filesystem's own settings (for S3: ``AWS_*`` variables, ``~/.aws``; ``?endpoint_override=host:port`` in the URI).

>>> is_uri("s3://bucket/corpus/*.txt"), is_uri("corpus/a.txt"), is_uri("C:\\\\corpus.txt")
(True, False, False)
>>> _glob_parts("s3://bucket/wiki/*/part-*.txt")
('s3://bucket/wiki', ['*', 'part-*.txt'])
"""

from __future__ import annotations

import glob
import os
import re
from collections.abc import Sequence
from fnmatch import fnmatchcase

from bpe_core.messages import EngineError
from bpe_core.output_paths import leave_out

_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+://")
#: A filesystem's error is cut to its first line and this many characters (hdfs's lists every JVM path it tried).
_MESSAGE_CHARS = 300


class RemoteFileError(EngineError, ValueError):
    """A URI that cannot be read: no pyarrow, a filesystem pyarrow does not know, a missing file, no access."""


def is_uri(path: str | os.PathLike) -> bool:
    """Whether ``path`` names a file on another filesystem (``scheme://...``) rather than on this disk."""
    return bool(_URI.match(os.fspath(path)))


def expand(patterns: list[str], outputs: Sequence[str | os.PathLike | None] = ()) -> list[str]:
    """Paths and URIs with their globs expanded (``corpus/*.txt``, ``s3://bucket/wiki/part-*.txt``), each sorted;
    a name that matches nothing is kept, to be refused by name. In a URI, ``*``, ``?`` and ``[...]`` match within
    one folder level. A local glob leaves out the command's ``outputs`` (its own output is not its input)."""
    paths: list[str] = []
    for pattern in patterns:
        if not glob.has_magic(pattern):
            found = []
        elif is_uri(pattern):
            found = _remote_glob(pattern)
        else:
            found = leave_out(sorted(glob.glob(pattern)), outputs)
        paths.extend(found or [pattern])
    return paths


def remote_size(uri: str) -> int:
    """The size in bytes of the file at ``uri``; refuses a folder and a missing file by name."""
    import pyarrow.fs as pafs

    filesystem, path = _filesystem(uri)
    info = _call(uri, filesystem.get_file_info, path)
    if info.type == pafs.FileType.NotFound:
        raise RemoteFileError(f"{uri}: no such file (cannot read it)")
    if info.type == pafs.FileType.Directory:
        raise RemoteFileError(f"{uri}: is a folder, not a text file")
    return int(info.size or 0)


def total_size(paths) -> int:
    """The bytes of the files and URIs in ``paths``, those that exist (for choosing how many processes count them;
    what cannot be read is refused when it is read)."""
    total = 0
    for path in paths:
        if is_uri(path):
            try:
                total += remote_size(os.fspath(path))
            except RemoteFileError:
                pass
        elif os.path.isfile(path):
            total += os.path.getsize(path)
    return total


def remote_fingerprint(uri: str) -> list:
    """``uri``, its size and its modification time (nanoseconds, 0 where the filesystem keeps none)."""
    filesystem, path = _filesystem(uri)
    info = _call(uri, filesystem.get_file_info, path)
    return [uri, int(info.size or 0), int(info.mtime_ns or 0)]


def open_remote(uri: str):
    """A binary stream of the file at ``uri`` (``read(n)``, a context manager)."""
    filesystem, path = _filesystem(uri)
    return _call(uri, filesystem.open_input_stream, path)


def _remote_glob(pattern: str) -> list[str]:
    import pyarrow.fs as pafs

    base, parts = _glob_parts(pattern)
    filesystem, path = _filesystem(base)
    selector = pafs.FileSelector(path, recursive=len(parts) > 1, allow_not_found=True)
    prefix = base[: len(base) - len(path)] if base.endswith(path) else base.rstrip("/") + "/"
    found = []
    for info in _call(base, filesystem.get_file_info, selector):
        if info.type != pafs.FileType.File:
            continue
        names = info.path[len(path) :].lstrip("/").split("/")
        if len(names) == len(parts) and all(fnmatchcase(n, p) for n, p in zip(names, parts)):
            found.append(prefix + info.path)
    return sorted(found)


def _glob_parts(pattern: str) -> tuple[str, list[str]]:
    """The folder a URI glob starts in (no magic in it) and the levels below it to match."""
    scheme_end = _URI.match(pattern).end()
    levels = pattern[scheme_end:].split("/")
    first = next(i for i, level in enumerate(levels) if glob.has_magic(level))
    return pattern[:scheme_end] + "/".join(levels[:first]), levels[first:]


def _filesystem(uri: str):
    try:
        import pyarrow.fs as pafs
    except ImportError:
        raise RemoteFileError(
            f'{uri}: reading from {uri.split("://")[0]}:// needs pyarrow: pip install -e ".[ray]" (or pip install '
            '"pyarrow>=15")'
        ) from None
    return _call(uri, pafs.FileSystem.from_uri, uri)


def _call(uri: str, function, *args):
    """``function(*args)``, its errors said in one line with the URI (pyarrow's ArrowInvalid for an unknown
    scheme, OSError for access)."""
    try:
        return function(*args)
    except (OSError, ValueError) as exc:
        first_line = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:_MESSAGE_CHARS]
        raise RemoteFileError(f"{uri}: cannot read: {first_line}") from None
