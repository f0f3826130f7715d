"""A test's leftover child processes, not counting the helpers ``multiprocessing`` keeps for as long as the test
process lives: the resource tracker and the server the engine's processes are forked from (see
:mod:`bpe_core.spawning`). A process forked from that server is counted: it is the test's."""

from __future__ import annotations

import os

import psutil

HELPERS = ("multiprocessing.resource_tracker", "multiprocessing.forkserver")


def leftover_children(of: psutil.Process | None = None, timeout: float = 5) -> list[psutil.Process]:
    """The descendants of ``of`` (this process) still running after waiting up to ``timeout`` seconds for them."""
    parent = of or psutil.Process()
    children = [p for p in parent.children(recursive=True) if not is_helper(p, parent.pid)]
    _, alive = psutil.wait_procs(children, timeout=timeout)
    return alive


def is_helper(process: psutil.Process, parent_pid: int | None = None) -> bool:
    """Whether ``process`` is one of multiprocessing's helpers of ``parent_pid`` (this process): a child of it whose
    command line names one (a process forked from the server has the server's command line, but not its parent)."""
    try:
        if process.ppid() != (parent_pid or os.getpid()):
            return False
        command = " ".join(process.cmdline())
    except psutil.Error:
        return True  # gone already
    return any(helper in command for helper in HELPERS)
