"""Counting pre-tokens on Ray: the corpus's pieces (cut at the same safe points as the local reader, so the counts
are the local ones exactly) are counted in Ray tasks on every CPU of a cluster -- or of this machine, where Ray is
started for the count -- and the partial tables are summed on the workers in a tree, so that no single process
holds more than a few of them at once. A task whose worker dies is retried by Ray; Cancel stops the tasks under way.

Ray is an extra (``pip install -e ".[ray]"``); without it :func:`count_on_ray` says what to install.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from bpe_core.cancelled import Cancelled
from bpe_core.counting import WordCounts, count_piece

#: Partial tables summed together in one reducing task.
FAN_IN = 8
#: Tries of a counting task whose worker died.
RETRIES = 3
#: Only for the tests: a file whose absence makes the first counting task kill its worker (a worker lost mid-count).
CRASH_ONCE = "BPE_RAY_CRASH_ONCE"


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
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        return _count(ray, pieces, (pattern, tuple(special_tokens)), cancelled, progress)
    finally:
        if started_here:
            ray.shutdown()


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
