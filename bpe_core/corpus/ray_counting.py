"""Counting pre-tokens on Ray: the corpus's pieces (cut at the same safe points as the local reader, so the counts
are the local ones exactly) are counted in Ray tasks on every CPU of a cluster -- or of this machine, where Ray is
started for the count -- and the partial tables are summed on the workers in a tree, so that no single process
holds more than a few of them at once. A task whose worker dies is retried by Ray; Cancel stops the tasks under way.

Ray is an extra (``pip install -e ".[ray]"``); without it :func:`count_on_ray` says what to install.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Iterable

from bpe_core.cancelled import Cancelled
from bpe_core.corpus.counting import WordCounts, count_piece
from bpe_core.messages import EngineError, Message

#: Partial tables summed together in one reducing task.
FAN_IN = 8
#: Tries of a counting task whose worker died.
RETRIES = 3
#: How long connecting to a cluster may take before it is given up.
CONNECT_SECONDS = 5
#: What an HTTP/2 client sends first (the preface and an empty SETTINGS frame); a gRPC server answers with its own
#: SETTINGS frame (type 4, the frame header's fourth byte).
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
_SETTINGS = 4
#: Only for the tests: a file whose absence makes the first counting task kill its worker (a worker lost mid-count).
CRASH_ONCE = "BPE_RAY_CRASH_ONCE"


class RayConnectionError(EngineError, ConnectionError):
    """No Ray cluster at the address given (said in one line, naming it)."""


class NoRayClusterError(RayConnectionError):
    """Address ``"auto"``, and no Ray cluster runs on this machine."""


def count_on_ray(
    pieces: Iterable[str],
    *,
    pattern: str,
    special_tokens: tuple[str, ...],
    address: str | None = None,
    cancelled: Callable[[], bool] | None = None,
    progress: Callable[[int], None] | None = None,
) -> WordCounts:
    """The pre-token counts of ``pieces``, counted on Ray: on the cluster at ``address`` (``"auto"``,
    ``"ray://host:10001"``), else on a Ray started here for this count (and stopped after). ``cancelled()`` is
    polled between pieces; ``progress(characters)`` hears each piece sent."""
    ray = _ray()
    started_here = not ray.is_initialized()
    if started_here:
        _connect(ray, address)
    try:
        return _count(ray, pieces, (pattern, tuple(special_tokens)), cancelled, progress)
    finally:
        if started_here:
            ray.shutdown()


def _connect(ray, address: str | None) -> None:
    """``ray.init`` at ``address`` (None: a Ray started here), its own logging quieted; an address where no
    cluster answers is given up within :data:`CONNECT_SECONDS` (Ray itself retries for minutes, logging each try).
    Without an address, or with ``"auto"``, Ray goes to the one in ``RAY_ADDRESS`` if set: that one is checked."""
    if address not in (None, "auto"):
        _check_reachable(address)
    elif os.environ.get("RAY_ADDRESS", "auto") not in ("auto", "local", ""):
        _check_reachable(os.environ["RAY_ADDRESS"], " (RAY_ADDRESS)")
    quiet = logging.getLogger("ray")
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
    except ConnectionError as exc:
        if address != "auto":
            raise RayConnectionError(Message.of("ray.unreachable", address=address, detail=_first_line(exc))) from None
        raise NoRayClusterError(Message.of("ray.no_cluster")) from None
    finally:
        quiet.setLevel(level)


def _check_reachable(address: str, source: str = "") -> None:
    """Refuse ``address`` (``HOST:PORT``, ``ray://HOST:PORT``) unless a gRPC server -- what Ray's head and its
    client server are -- answers there within :data:`CONNECT_SECONDS`: an HTTP/2 connection's first bytes sent,
    its settings come back. ``source`` follows the address in the error (where it was given).

    >>> _check_reachable("ray://nowhere")
    Traceback (most recent call last):
    ...
    bpe_core.corpus.ray_counting.RayConnectionError: ray://nowhere: expected a Ray address: auto, HOST:PORT or ...
    """
    host, _, port = address.removeprefix("ray://").rpartition(":")
    at = address + source
    if not host or not port.isdigit():
        raise RayConnectionError(Message.of("ray.bad_address", address=at))
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS) as connection:
            connection.sendall(_HTTP2_PREFACE)
            answer = connection.recv(9)
    except TimeoutError:
        raise RayConnectionError(Message.of("ray.no_answer", address=at, seconds=CONNECT_SECONDS)) from None
    except (OSError, OverflowError) as exc:
        detail = getattr(exc, "strerror", None) or exc
        raise RayConnectionError(Message.of("ray.unreachable", address=at, detail=detail)) from None
    if len(answer) < 4 or answer[3] != _SETTINGS:
        raise RayConnectionError(Message.of("ray.not_ray", address=at))


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def _count(ray, pieces, tools, cancelled, progress) -> WordCounts:
    count = ray.remote(max_retries=RETRIES)(_count_task)
    reduce = ray.remote(max_retries=RETRIES)(_sum_task)
    in_flight = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
    pending: list = []
    partials: list = []
    try:
        for piece in pieces:
            if cancelled is not None and cancelled():
                raise Cancelled("counting on Ray was cancelled")
            pending.append(count.remote(piece, *tools))
            if progress is not None:
                progress(len(piece))
            if len(pending) >= in_flight:
                done, pending = ray.wait(pending, num_returns=len(pending) // 2)
                partials.extend(done)
            if len(partials) >= FAN_IN:
                partials = [reduce.remote(*partials)]  # summed on a worker, not here
        return ray.get(reduce.remote(*partials, *pending))
    except BaseException:
        for ref in [*pending, *partials]:
            ray.cancel(ref, force=True)
        raise


def _count_task(piece: str, pattern: str, special_tokens: tuple[str, ...]) -> WordCounts:
    marker = os.environ.get(CRASH_ONCE)
    if marker and not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(1)  # the worker dies mid-count; Ray runs the task again elsewhere
    return count_piece((piece, pattern, special_tokens))


def _sum_task(*parts: WordCounts) -> WordCounts:
    total = WordCounts()
    for part in parts:
        total.add(part)
    return total


def _ray():
    try:
        import ray
    except ImportError:
        raise RuntimeError('counting on Ray needs Ray: pip install -e ".[ray]" (or pip install "ray>=2.40")') from None
    return ray
