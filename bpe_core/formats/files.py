"""Touching the file system for the formats: read only regular files of a sane size, write atomically, and say
every failure with the user's path and its cause (never a hidden temporary file's name).

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "out.txt")
>>> write_text_atomically(path, "hello")
>>> read_regular_file(path)
b'hello'
>>> read_regular_file(os.path.dirname(path))
Traceback (most recent call last):
...
bpe_core.file_errors.TokenizerFileError: ...: is a folder, not a regular file
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from bpe_core.file_errors import TokenizerFileError, TokenizerWriteError
from bpe_core.output_paths import protected_input

#: Real tokenizer files are far smaller (a 256k-token tokenizer.json is ~35 MB); a larger one is refused unread.
MAX_FILE_BYTES = 256_000_000

_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
    stat.S_IFIFO: "a named pipe",
    stat.S_IFSOCK: "a socket",
}
#: What refusing to write into each kind of file that is not a folder says (a regular file: write.folder_is_file).
_NOT_A_FOLDER: dict[int | None, str] = {
    stat.S_IFCHR: "write.folder_is_device",
    stat.S_IFBLK: "write.folder_is_device",
    stat.S_IFIFO: "write.folder_is_named_pipe",
    stat.S_IFSOCK: "write.folder_is_socket",
}
#: What refusing to write over each kind of file that is not a regular one (nor a folder) says.
_NOT_WRITTEN = {
    stat.S_IFCHR: "write.device",
    stat.S_IFBLK: "write.device",
    stat.S_IFIFO: "write.named_pipe",
    stat.S_IFSOCK: "write.socket",
}


def kind_of(mode: int) -> str:
    """What a ``st_mode`` is, in words.

    >>> kind_of(stat.S_IFDIR), kind_of(stat.S_IFREG)
    ('a folder', 'a file')
    """
    return _KINDS.get(stat.S_IFMT(mode), "a file")


def size_text(size: int) -> str:
    """A byte count for people.

    >>> size_text(1_200_000_000), size_text(300_000_000), size_text(999)
    ('1.2 GB', '300 MB', '999 bytes')
    """
    if size >= 1e9:
        return f"{size / 1e9:.1f} GB"
    return f"{size / 1e6:.0f} MB" if size >= 1e6 else f"{size} bytes"


def read_regular_file(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else raises :class:`TokenizerFileError`.

    The file is opened without blocking and checked before reading, so a named pipe or ``/dev/zero`` is refused
    at once instead of hanging or filling memory.
    """
    fd = _open_checked(path, limit)
    try:
        with os.fdopen(fd, "rb", closefd=False) as f:
            # read(n) allocates n bytes first: ask for the file's size, not the limit (read(limit + 1) took 256 MB
            # for any file, a MemoryError under a memory limit), and for the rest only if the file grew meanwhile.
            size = min(os.fstat(fd).st_size, limit)
            data = f.read(size + 1)
            if len(data) > size:
                data += f.read(limit + 1 - len(data))
    except OSError as exc:
        raise TokenizerFileError.of(path, "file.unreadable", cause=exc.strerror or exc) from None
    finally:
        os.close(fd)
    if len(data) > limit:  # grew while being read
        raise TokenizerFileError(path, f"the file is over {size_text(limit)}; tokenizer files are at most that")
    return data


def check_regular_file(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> None:
    """Raise :class:`TokenizerFileError` unless ``path`` is a readable regular file of at most ``limit`` bytes."""
    os.close(_open_checked(path, limit))


def _open_checked(path, limit: int) -> int:
    """A descriptor open on ``path`` once it is known to be a regular file within ``limit`` (never blocks)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise TokenizerFileError.of(path, "file.unreadable", cause=exc.strerror or exc) from None
    info = os.fstat(fd)
    error = None
    if not stat.S_ISREG(info.st_mode):
        error = TokenizerFileError(path, f"is {kind_of(info.st_mode)}, not a regular file")
    elif info.st_size > limit:
        error = TokenizerFileError.of(path, "file.too_large", size=size_text(info.st_size), limit=size_text(limit))
    if error is not None:
        os.close(fd)
        raise error
    return fd


def check_writable(path: str | os.PathLike) -> None:
    """Raise :class:`TokenizerWriteError` now if a file cannot be written at ``path`` (before hours of work).

    >>> check_writable("/no/such/folder/t.json")
    Traceback (most recent call last):
    ...
    bpe_core.file_errors.TokenizerWriteError: cannot write /no/such/folder/t.json: the folder ... does not exist
    >>> check_writable("/dev/null")
    Traceback (most recent call last):
    ...
    bpe_core.file_errors.TokenizerWriteError: cannot write /dev/null: it is a device, not a regular file; ...
    """
    target = output_target(path)
    folder = target.parent
    if not folder.exists():
        raise TokenizerWriteError(path, f"the folder {folder} does not exist")
    if not folder.is_dir():
        raise TokenizerWriteError(path, f"{folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise TokenizerWriteError(path, f"permission denied (cannot create files in {folder})")


def output_target(path: str | os.PathLike) -> Path:
    """The file that writing ``path`` replaces: a symbolic link is followed (its target is written, the link
    kept); an existing folder, device, named pipe or socket is refused with :class:`TokenizerWriteError`, so
    that saving never replaces ``/dev/null`` or a FIFO with a regular file; so is a file being read
    (:func:`bpe_core.output_paths.protect`).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "link.json").symlink_to(folder / "real.json")
    >>> output_target(folder / "link.json") == (folder / "real.json").resolve()
    True
    """
    target = Path(os.path.realpath(path))
    if (read := protected_input(target)) is not None:
        raise TokenizerWriteError.of(path, "write.is_input", input=read)
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return target  # nothing there yet (or unreachable: the write itself will say why)
    if stat.S_ISDIR(mode):
        raise TokenizerWriteError(path, "it is a folder")
    if not stat.S_ISREG(mode):
        raise TokenizerWriteError.of(path, _NOT_WRITTEN[stat.S_IFMT(mode)])
    return target


def make_folder(directory: str | os.PathLike) -> Path:
    """Create ``directory`` (and its parents) if needed; a failure names it and the cause (what it is, if it is
    not a folder).

    >>> make_folder("/dev/null")
    Traceback (most recent call last):
    ...
    bpe_core.file_errors.TokenizerWriteError: cannot write /dev/null: it is a device, not a folder; the files are ...
    """
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise TokenizerWriteError.of(folder, _NOT_A_FOLDER.get(_file_type(folder), "write.folder_is_file")) from None
    except OSError as exc:
        raise TokenizerWriteError(folder, _cause(exc)) from None
    return folder


def _file_type(path: Path) -> int | None:
    """The type bits of what is at ``path`` (a link followed), or None."""
    try:
        return stat.S_IFMT(os.stat(path).st_mode)
    except OSError:
        return None


def write_text_atomically(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, renamed over ``path`` at the end:
    a failed write leaves any existing file untouched. Errors name ``path``, not the temporary file. A symbolic
    link is followed; a device, named pipe or socket at ``path`` is refused (see :func:`output_target`)."""
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError as exc:
        raise TokenizerWriteError(path, f"a character cannot be written as {encoding} ({exc.reason})") from None
    write_bytes_atomically(path, data)


def write_bytes_atomically(path: str | os.PathLike, data: bytes) -> None:
    """:func:`write_text_atomically` for bytes (an image, an export)."""
    _write_atomically(path, lambda f: f.write(data))


def write_chunks_atomically(path: str | os.PathLike, chunks: Iterable[str], encoding: str = "utf-8") -> None:
    """:func:`write_text_atomically` for a text made piece by piece (an export of millions of tokens), written as
    the pieces come: the text is never held whole. A failure, Ctrl-C included, leaves any existing file untouched.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.txt"
    >>> write_chunks_atomically(path, (str(i) for i in range(3)))
    >>> path.read_text()
    '012'
    """

    def write(f) -> None:
        text = io.TextIOWrapper(f, encoding=encoding, newline="", write_through=False)
        try:
            for chunk in chunks:
                text.write(chunk)
            text.flush()
        except UnicodeEncodeError as exc:
            raise TokenizerWriteError(path, f"a character cannot be written as {encoding} ({exc.reason})") from None
        finally:
            with contextlib.suppress(OSError, ValueError):  # flushed above; after a failure, that failure is said
                text.detach()

    _write_atomically(path, write)


def _write_atomically(path: str | os.PathLike, write: Callable[[BinaryIO], object]) -> None:
    """``write`` fills a temporary file in the folder of ``path``, renamed over it at the end (see above)."""
    target = output_target(path)
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise TokenizerWriteError(path, _cause(exc, target.parent)) from None
    try:
        with os.fdopen(fd, "wb") as f:
            os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp's 0600 would make the saved file private
            write(f)
        os.replace(tmp, target)
    except TokenizerWriteError:  # said by write() already (an OSError too: not named twice)
        _discard(tmp)
        raise
    except OSError as exc:
        _discard(tmp)
        raise TokenizerWriteError(path, "it is a folder" if target.is_dir() else _cause(exc)) from None
    except BaseException:
        _discard(tmp)
        raise


def _cause(exc: OSError, folder: Path | None = None) -> str:
    if folder is not None and exc.errno == errno.ENOENT:
        return f"the folder {folder} does not exist"
    if folder is not None and exc.errno == errno.ENOTDIR:
        return f"{folder} is not a folder"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    return exc.strerror or str(exc)


def _discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def _read_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()
