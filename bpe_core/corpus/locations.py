"""Where a corpus's files are: local paths and globs, or the URIs of any filesystem pyarrow reads (``s3://``,
``gs://``, ``hdfs://``, ``abfs://``, ``file://``), so that a corpus in a bucket is read -- and counted, here or on
Ray -- like one on this disk. A remote file is read in blocks as it streams; credentials and endpoints come from
the filesystem's own settings (for S3: ``AWS_*`` variables, ``~/.aws``), and an ``s3://`` URI may end in a query of
the options in :data:`S3_OPTIONS` (``s3://bucket/wiki/*.txt?endpoint_override=host:port&scheme=http``): the query
is taken off before globs are matched and given to every file found; an unknown option is refused by name. Every
error about an ``s3://`` URI names the endpoint its requests went to (without an override, AWS's for the bucket's
region).

>>> is_uri("s3://bucket/corpus/*.txt"), is_uri("corpus/a.txt"), is_uri("C:\\\\corpus.txt")
(True, False, False)
>>> _glob_parts("s3://bucket/wiki/*/part-*.txt")
('s3://bucket/wiki', ['*', 'part-*.txt'])
>>> split_query("s3://bucket/wiki/*.txt?endpoint_override=127.0.0.1:9000&scheme=http")
('s3://bucket/wiki/*.txt', 'endpoint_override=127.0.0.1:9000&scheme=http')
>>> split_query("s3://bucket/wiki/part-?.txt")  # no options after it: a glob's "?"
('s3://bucket/wiki/part-?.txt', '')
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
#: The options an ``s3://`` URI's query may set (those pyarrow's ``S3FileSystem.from_uri`` reads).
S3_OPTIONS = (
    "endpoint_override",
    "scheme",
    "region",
    "allow_bucket_creation",
    "allow_bucket_deletion",
    "tls_ca_file_path",
    "tls_verify_certificates",
)
#: A URI's query: a ``?`` followed by ``name=value`` options joined by ``&``, up to the end.
_QUERY = re.compile(r"\?(\w+=[^&]*(?:&\w+=[^&]*)*)\Z")


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


def split_query(uri: str) -> tuple[str, str]:
    """``uri`` without its query, and the query (``""``: none). A ``?`` starts the query when ``name=value``
    options follow it to the end; elsewhere it is a glob's wildcard for one character."""
    query = _QUERY.search(uri)
    return (uri[: query.start()], query.group(1)) if query else (uri, "")


def file_name(path: str) -> str:
    """The name a corpus file is known by: its last part, without a URI's query.

    >>> file_name("s3://corpus/wiki/a.txt?endpoint_override=http://127.0.0.1:9000"), file_name("texts/b.txt")
    ('a.txt', 'b.txt')
    """
    return os.path.basename(split_query(path)[0] if is_uri(path) else path)


def remote_size(uri: str) -> int:
    """The size in bytes of the file at ``uri``; refuses a folder and a missing file by name."""
    import pyarrow.fs as pafs

    filesystem, path = _filesystem(uri)
    info = _call(uri, filesystem.get_file_info, path, where=_from(filesystem, path))
    if info.type == pafs.FileType.NotFound:
        raise RemoteFileError(f"{uri}: no such file (cannot read it{_from(filesystem, path)})")
    if info.type == pafs.FileType.Directory:
        raise RemoteFileError(f"{uri}: is a folder, not a text file{_from(filesystem, path)}")
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
    info = _call(uri, filesystem.get_file_info, path, where=_from(filesystem, path))
    return [uri, int(info.size or 0), int(info.mtime_ns or 0)]


def open_remote(uri: str, *, compression: str | None = "detect"):
    """A binary stream of the file at ``uri`` (``read(n)``, a context manager); ``compression`` as pyarrow takes it
    (``"detect"``: decompressed by the name's suffix; None: the file's own bytes)."""
    filesystem, path = _filesystem(uri)
    where = _from(filesystem, path)
    return _call(uri, lambda: filesystem.open_input_stream(path, compression=compression), where=where)


def _remote_glob(pattern: str) -> list[str]:
    """The files a URI glob matches, each with the pattern's query (none: a URI whose only ``?`` starts its query)."""
    import pyarrow.fs as pafs

    location, query = split_query(pattern)
    if not glob.has_magic(location):
        return []
    base, parts = _glob_parts(location)
    filesystem, path = _filesystem(_with_query(base, query))
    selector = pafs.FileSelector(path, recursive=len(parts) > 1, allow_not_found=True)
    prefix = base[: len(base) - len(path)] if base.endswith(path) else base.rstrip("/") + "/"
    found = []
    for info in _call(_with_query(base, query), filesystem.get_file_info, selector, where=_from(filesystem, path)):
        if info.type != pafs.FileType.File:
            continue
        names = info.path[len(path) :].lstrip("/").split("/")
        if len(names) == len(parts) and all(fnmatchcase(n, p) for n, p in zip(names, parts)):
            found.append(_with_query(prefix + info.path, query))
    return sorted(found)


def _with_query(uri: str, query: str) -> str:
    return f"{uri}?{query}" if query else uri


def _glob_parts(pattern: str) -> tuple[str, list[str]]:
    """The folder a URI glob starts in (no magic in it) and the levels below it to match."""
    scheme = _URI.match(pattern)
    scheme_end = scheme.end() if scheme else 0
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
    _check_options(uri)
    return _call(uri, pafs.FileSystem.from_uri, uri, where=_region_lookup(uri))


def _check_options(uri: str) -> None:
    """Refuse an ``s3://`` URI whose query sets an option pyarrow does not read, naming it and the known ones."""
    location, query = split_query(uri)
    if not location.startswith("s3://") or not query:
        return
    for option in query.split("&"):
        name = option.partition("=")[0]
        if name not in S3_OPTIONS:
            raise RemoteFileError(
                f"{uri}: unknown option {name!r} after '?': an s3:// URI takes {', '.join(S3_OPTIONS)} (credentials "
                "come from the AWS_* variables or ~/.aws)"
            )


def endpoint(filesystem, path: str) -> str:
    """Where the requests for ``path`` go: an S3 filesystem's endpoint override (from the URI's query or
    ``AWS_ENDPOINT_URL``), else AWS's endpoint for the bucket's region; ``""`` for other filesystems.

    >>> import pyarrow.fs as pafs
    >>> endpoint(pafs.S3FileSystem(region="eu-west-1"), "corpus/wiki/a.txt")
    'https://corpus.s3.eu-west-1.amazonaws.com'
    >>> endpoint(pafs.S3FileSystem(endpoint_override="127.0.0.1:9000", scheme="http"), "corpus/a.txt")
    'http://127.0.0.1:9000'
    """
    if filesystem.type_name != "s3":
        return ""
    options = filesystem.__reduce__()[1][0]  # the options it was made with: pyarrow shows them only here
    scheme, override = options["scheme"] or "https", options["endpoint_override"]
    if override:
        return override if "://" in override else f"{scheme}://{override}"
    return f"{scheme}://{path.split('/')[0]}.s3.{filesystem.region or 'us-east-1'}.amazonaws.com"


def _from(filesystem, path: str) -> str:
    """`` from ENDPOINT`` for an error about ``path`` (nothing for a filesystem without endpoints)."""
    where = endpoint(filesystem, path)
    return f" from {where}" if where else ""


def _region_lookup(uri: str) -> str:
    """`` from ENDPOINT`` where S3 asks for a bucket's region: the one request pyarrow makes before reading, when an
    ``s3://`` URI gives neither a region nor an endpoint (AWS's endpoint for its default region).

    >>> _region_lookup("s3://corpus/wiki/*.txt"), _region_lookup("gs://corpus/a.txt")
    (' from https://corpus.s3.us-east-1.amazonaws.com', '')
    """
    location = split_query(uri)[0]
    if not location.startswith("s3://"):
        return ""
    return f" from https://{location.removeprefix('s3://').split('/')[0]}.s3.us-east-1.amazonaws.com"


def _call(uri: str, function, *args, where: str = ""):
    """``function(*args)``, its errors said in one line with the URI; a failed request (``OSError``) also says
    ``where`` it went (`` from ENDPOINT``), a URI refused before any request (pyarrow's ArrowInvalid) does not."""
    try:
        return function(*args)
    except (OSError, ValueError) as exc:
        first_line = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:_MESSAGE_CHARS]
        raise RemoteFileError(f"{uri}: cannot read{where if isinstance(exc, OSError) else ''}: {first_line}") from None
