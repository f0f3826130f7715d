""" "Latest request wins": number the requests, and let a result through only while its request is the newest.

Qt-free, and safe to read from a worker thread (a worker may skip a request that is already superseded). A request
may stand for several keys at once (one text encoded for several panes); each key remembers its newest ticket.

>>> latest = LatestWins()
>>> first = latest.issue("gpt2", "ours")
>>> second = latest.issue("ours")
>>> latest.is_newest(first, "gpt2"), latest.is_newest(first, "ours"), latest.is_newest(second, "ours")
(True, False, True)
>>> latest.retire_all()  # e.g. at shutdown: nothing still under way counts
>>> latest.is_newest(second, "ours")
False
"""

from __future__ import annotations

from collections.abc import Hashable


class LatestWins:
    """Tickets for requests, per key (``None`` when there is only one kind of request)."""

    def __init__(self) -> None:
        self._ticket = 0
        self._newest: dict[Hashable, int] = {}

    def issue(self, *keys: Hashable) -> int:
        """A new ticket, now the newest for each of ``keys`` (for ``None`` when no key is given)."""
        self._ticket += 1
        for key in keys or (None,):
            self._newest[key] = self._ticket
        return self._ticket

    def is_newest(self, ticket: int, key: Hashable = None) -> bool:
        """True while no later request has been issued for ``key`` (and none of them was retired)."""
        return self._newest.get(key) == ticket

    def retire_all(self) -> None:
        """Make every ticket issued so far stale."""
        self._newest.clear()
