"""Replaying a PickyBPE run's events inside one word: every merge and removal in order, each applied to all its
occurrences at once (a merge left to right). :class:`~bpe_core.variants.picky.PickyTokenizer` encodes with it.

:class:`Events` holds the run's events in creation ids: ``events[t]`` is ``((left, right), new)`` for a merge or
``(token, parts)`` for a removal. Two ways give the same parts:

- :func:`replay_short` looks, after each event, for the next one that applies anywhere in the word: simple and
  quickest for the short words of a pre-tokenizing pattern, but it goes over the whole word once per event that
  applies, which for the long words of the ``none`` pattern (a line, a paragraph) grows with the square of the
  length;
- :func:`replay_long` keeps each adjacent pair and each removable token in a heap by the time of its next event,
  so that an event touches only its occurrences: time proportional to the length times its logarithm.

>>> events = Events([((97, 98), 256), ((256, 99), 257), (256, (97, 98))])  # ab, abc, then ab removed
>>> replay_short(b"abcab", events), replay_long(b"abcab", events)
([257, 97, 98], [257, 97, 98])
"""

from __future__ import annotations

import heapq
from bisect import bisect_right


class Events:
    """A run's events in order, indexed for the replays: each pair's merge times, each token's removal time."""

    def __init__(self, events: list[tuple]):
        self.events = events
        self.merges: dict[tuple[int, int], list[int]] = {}
        self.removals: dict[int, int] = {}
        for time, (what, _) in enumerate(events):
            if isinstance(what, tuple):
                self.merges.setdefault(what, []).append(time)
            else:
                self.removals[what] = time

    def next_merge(self, pair: tuple[int, int], after: int) -> int | None:
        """The time of ``pair``'s first merge after time ``after``, if any."""
        times = self.merges.get(pair)
        if times is None:
            return None
        i = bisect_right(times, after)
        return times[i] if i < len(times) else None


def replay_short(word: bytes, events: Events) -> list[int]:
    """The creation ids ``word`` ends as, the next event looked for over the whole word each time."""
    tokens = list(word)
    last = -1
    while tokens:
        best = len(events.events)
        for pair in set(zip(tokens, tokens[1:])):
            at = events.next_merge(pair, last)
            if at is not None and at < best:
                best = at
        for token in set(tokens):
            at = events.removals.get(token, -1)
            if last < at < best:
                best = at
        if best == len(events.events):
            break
        what, result = events.events[best]
        if isinstance(what, tuple):
            tokens = _merged(tokens, what, result)
        else:
            tokens = [part for token in tokens for part in (result if token == what else (token,))]
        last = best
    return tokens


def replay_long(word: bytes, events: Events) -> list[int]:
    """The creation ids ``word`` ends as, with a heap of the next event of each pair and token (module doc).

    The word is a linked list of nodes; a merge or a removal makes new nodes and kills the old ones, so that a heap
    entry whose nodes died is simply skipped. A node's place is a tuple (the parts of a removed token sit after it,
    as ``(5, 0)``, ``(5, 1)`` sit between ``(5,)`` and ``(6,)``), so that a merge's occurrences come out of the
    heap left to right, as :func:`_merged` takes them.
    """
    tokens: list[int] = [-1, *word]  # node 0 stands before the first token
    place: list[tuple] = [(), *((i,) for i in range(len(word)))]
    before = [-1, *range(len(word))]
    after = [*range(1, len(word) + 1), -1]
    alive = [True] * (len(word) + 1)
    heap: list[tuple] = []

    def watch(node: int, time: int) -> None:
        """Push the next events of ``node`` (made at ``time``): its removal, and its pairs with its neighbours."""
        removal = events.removals.get(tokens[node], -1)
        if removal > time:
            heapq.heappush(heap, (removal, place[node], node, -1))
        for left, right in ((before[node], node), (node, after[node])):
            if left > 0 and right > 0:
                at = events.next_merge((tokens[left], tokens[right]), time)
                if at is not None:
                    heapq.heappush(heap, (at, place[left], left, right))

    def make(token: int, where: tuple, left: int, right: int) -> int:
        """A new node holding ``token`` at ``where``, between the nodes ``left`` and ``right``."""
        tokens.append(token)
        place.append(where)
        before.append(left)
        after.append(right)
        alive.append(True)
        node = len(tokens) - 1
        after[left] = node
        if right > 0:
            before[right] = node
        return node

    for node in range(1, len(tokens)):
        watch(node, -1)
    while heap:
        time, _, left, right = heapq.heappop(heap)
        if not alive[left] or (right > 0 and not (alive[right] and after[left] == right)):
            continue  # a node died since, or (for a merge) the pair overlapped one merged just before
        alive[left] = False
        if right > 0:  # a merge: one node for the two
            alive[right] = False
            made = [make(events.events[time][1], place[left], before[left], after[right])]
        else:  # a removal: a node for each of its parts
            made, previous, following = [], before[left], after[left]
            for i, part in enumerate(events.events[time][1]):
                previous = make(part, (*place[left], i), previous, following)
                made.append(previous)
        for node in made:
            watch(node, time)
    parts, node = [], after[0]
    while node > 0:
        parts.append(tokens[node])
        node = after[node]
    return parts


def _merged(tokens: list[int], pair: tuple[int, int], new: int) -> list[int]:
    """``tokens`` with every ``pair`` (left to right) replaced by ``new``.

    >>> _merged([1, 1, 1, 2], (1, 1), 9)
    [9, 1, 2]
    """
    out, i, n = [], 0, len(tokens)
    left, right = pair
    while i < n:
        if i + 1 < n and tokens[i] == left and tokens[i + 1] == right:
            out.append(new)
            i += 2
        else:
            out.append(tokens[i])
            i += 1
    return out
