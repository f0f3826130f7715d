"""PickyBPE (Chizhov et al. 2024, "BPE Gets Picky: Efficient Vocabulary Refinement During Tokenizer Training",
EMNLP 2024; the authors' code: github.com/pchizhov/picky_bpe): intermediate tokens removed during training.

After each merge ``(x, y) -> z`` of ``a`` occurrences, each of ``x`` and ``y`` that is not a byte is scored by its
Intersection over Self, ``IoS(x) = a / f(x)`` with ``f(x)`` its frequency before the merge, and removed when
``IoS(x) > tau`` (strictly, as the reference code's ``merged_freq / (token.freq + merged_freq) > threshold``; the
paper's Figure 2 says "greater or equal", which differs only when IoS equals tau exactly; the paper's thresholds
run from 0.6 to 0.9 and the README trains with 0.9; tau >= 1 never removes). ``x`` is scored first,
then ``y`` on the corpus as ``x``'s removal left it; for ``(x, x)`` the reference's score ``a / (f_after + a)`` is
kept. A removed token's remaining occurrences are split back into the parts it was first made of, each part
itself split the same way if it was removed (the reference's ``Token.walk``), and its id is freed: the next merge
takes the smallest freed id, so the vocabulary's ids stay ``0 .. size - 1`` (the reference renumbers its tokens
once at the end instead: the same tokens). A string made again after its removal is a new token.

Inside the trainer every token has a *creation id*: bytes are 0-255 and merge ``k`` makes ``256 + k`` (the plain
run's ids), never reused; :class:`PickyHistory` keeps the events in those ids and maps the live ones to the ids
shown. Encoding replays the events, merges and removals, in order inside each pre-token (the reference's
``_encode_word_by_events``), so a text is cut exactly as training cut the corpus.

>>> history = PickyHistory(0.9)
>>> ab = history.merge(97, 98)          # a b -> ab  (id 256)
>>> abc = history.merge(ab, 99)         # ab c -> abc (id 257); suppose every ab went into abc:
>>> history.remove(ab), history.parts(ab)
(256, [97, 98])
>>> history.merge(100, 100), history.ids[256 + 2]   # the next merge takes the freed id
(258, 256)
>>> sorted(history.vocab().items())[-2:]
[(256, b'dd'), (257, b'abc')]
"""

from __future__ import annotations

import heapq
import math

from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.messages import Message
from bpe_core.training.steps import MergeStep
from bpe_core.variants.base import Kept, Run, Variant
from bpe_core.variants.picky_replay import Events, replay_long, replay_short
from bpe_core.variants.setting_error import VariantSettingError

#: Words longer than this (in bytes) are replayed with a heap (``replay_long``); shorter ones are quicker scanned.
LONG_WORD = 16
#: How many merges a run may make for each token of the vocabulary it asks for (the engine's ids): a low tau on a
#: small corpus removes about two of every three tokens made.
MERGES_PER_TOKEN = 8


def check_tau(tau) -> float:
    """``tau`` as a float, if it is a number above 0 (``--picky 0.9``); else :class:`VariantSettingError`.

    >>> check_tau(0.9), check_tau(1)
    (0.9, 1.0)
    >>> check_tau(float("inf"))
    Traceback (most recent call last):
    ...
    bpe_core.variants.setting_error.VariantSettingError: the PickyBPE threshold must be a finite number (the paper ...
    """
    if isinstance(tau, float) and not math.isfinite(tau):  # inf too: IoS is at most 1, so 1 already never removes
        raise VariantSettingError(Message.of("train.picky_not_finite", value=tau))
    if isinstance(tau, bool) or not isinstance(tau, (int, float)) or tau <= 0:
        raise VariantSettingError(Message.of("train.picky_invalid", value=tau))
    return float(tau)


class PickyHistory:
    """A PickyBPE run's merges and removals in creation ids, and the ids they are shown with.

    ``pairs[k]``: the creation ids merged by merge ``k`` (making ``256 + k``); ``removals``: ``(k, id)``, the
    creation id removed right after merge ``k``, in order; ``ids``: live creation id -> id shown.
    """

    def __init__(self, tau: float):
        self.tau = tau
        self.token_bytes: list[bytes] = [bytes([b]) for b in range(256)]
        self.pairs: list[tuple[int, int]] = []
        self.removals: list[tuple[int, int]] = []
        self.ids: dict[int, int] = {b: b for b in range(256)}
        self._origin: dict[bytes, tuple[bytes, bytes]] = {}  # the parts a string was first made of
        self._live: dict[bytes, list[int]] = {}  # merged string -> its live creation ids, ascending
        self._free: list[int] = []  # freed ids (a heap)
        self.next_id = 256  # the id after the largest ever shown

    @classmethod
    def replay(cls, tau: float, pairs, removals) -> PickyHistory:
        """The history of these events, checked: every pair's ids exist and are live, every removal is of a live
        merged token after a merge that happened. Raises ``ValueError`` naming the first bad event.

        >>> PickyHistory.replay(0.9, [(97, 98), (256, 99)], [(1, 256)]).vocab()[257]
        b'abc'
        """
        history = cls(tau)
        removals = sorted((int(k), int(i)) for k, i in removals)
        at = 0
        for k, (left, right) in enumerate(pairs):
            for part in (left, right):
                if part not in history.ids:
                    raise ValueError(f"picky merge {k} uses token {part}, which is not live then")
            history.merge(left, right)
            while at < len(removals) and removals[at][0] == k:
                if removals[at][1] < 256 or removals[at][1] not in history.ids:
                    raise ValueError(f"picky removal after merge {k} is of token {removals[at][1]}, not a live one")
                history.remove(removals[at][1])
                at += 1
        if at < len(removals):
            raise ValueError(f"picky removal after merge {removals[at][0]}, which is not among the merges")
        return history

    def merge(self, left: int, right: int) -> int:
        """Record the merge of two live creation ids; return the new token's creation id."""
        new = 256 + len(self.pairs)
        self.pairs.append((left, right))
        token = self.token_bytes[left] + self.token_bytes[right]
        self.token_bytes.append(token)
        self._origin.setdefault(token, (self.token_bytes[left], self.token_bytes[right]))
        self._live.setdefault(token, []).append(new)
        if self._free:
            self.ids[new] = heapq.heappop(self._free)
        else:
            self.ids[new], self.next_id = self.next_id, self.next_id + 1
        return new

    def parts(self, created: int) -> list[int]:
        """The live creation ids a removed (or about to be) token splits into."""
        left, right = self._origin[self.token_bytes[created]]
        return self._expand(left) + self._expand(right)

    def _expand(self, token: bytes) -> list[int]:
        if len(token) == 1:
            return [token[0]]
        live = self._live.get(token)
        if live:
            return [live[0]]
        left, right = self._origin[token]
        return self._expand(left) + self._expand(right)

    def remove(self, created: int) -> int:
        """Record the removal of a live merged token, right after the last merge; return its (freed) id."""
        token = self.token_bytes[created]
        live = self._live[token]
        live.remove(created)
        if not live:
            del self._live[token]
        self.removals.append((len(self.pairs) - 1, created))
        freed = self.ids.pop(created)
        heapq.heappush(self._free, freed)
        return freed

    def removable(self, engine, created: int, merged: int) -> bool:
        """Whether ``created`` (a part of the merge just made, ``merged`` times) is to be removed now."""
        if created < 256:
            return False
        return merged / (engine.frequency(created) + merged) > self.tau

    def vocab(self) -> dict[int, bytes]:
        """Id shown -> bytes of every live token."""
        return {shown: self.token_bytes[created] for created, shown in self.ids.items()}

    @property
    def merges(self) -> list[tuple[bytes, bytes]]:
        """Every merge made, in order (those of removed tokens too)."""
        token = self.token_bytes
        return [(token[left], token[right]) for left, right in self.pairs]

    def prefix(self, k: int) -> PickyHistory:
        """The history of the first ``k`` merges and the removals they caused."""
        return PickyHistory.replay(self.tau, self.pairs[:k], [r for r in self.removals if r[0] < k])

    def to_dict(self) -> dict:
        """What our JSON file keeps (:mod:`bpe_core.formats.native`): tau, the merges' creation ids, the removals."""
        return {"tau": self.tau, "pairs": [list(p) for p in self.pairs], "removals": [list(r) for r in self.removals]}

    @classmethod
    def from_dict(cls, raw) -> PickyHistory:
        """Inverse of :meth:`to_dict`; ``ValueError`` on anything malformed."""
        if not isinstance(raw, dict):
            raise ValueError('"picky" must be a JSON object')
        tau, pairs, removals = raw.get("tau"), raw.get("pairs"), raw.get("removals")
        if isinstance(tau, bool) or not isinstance(tau, (int, float)) or not math.isfinite(tau) or tau <= 0:
            raise ValueError(f'"picky" tau must be a number above 0, got {tau!r:.40}')
        for name, rows in (("pairs", pairs), ("removals", removals)):
            if not isinstance(rows, list) or not all(
                isinstance(row, list) and len(row) == 2 and all(type(v) is int and v >= 0 for v in row) for row in rows
            ):
                raise ValueError(f'"picky" {name} must be a list of [int, int]')
        return cls.replay(float(tau), [tuple(p) for p in raw["pairs"]], removals)


class PickyTokenizer(Tokenizer):
    """A tokenizer trained with PickyBPE: it encodes by replaying the merges and removals in order.

    >>> history = PickyHistory.replay(0.5, [(97, 98), (256, 99)], [(1, 256)])
    >>> tok = PickyTokenizer(history, pattern="none")
    >>> tok.encode("abcab"), tok.decode(tok.encode("abcab"))
    ([257, 97, 98], 'abcab')
    """

    def __init__(self, history: PickyHistory, special_tokens=None, *, pattern: str = "gpt2", name: str = "ours"):
        self.picky = history
        super().__init__(history.vocab(), history.merges, special_tokens, pattern=pattern, name=name)
        events: list[tuple] = []
        removals = iter(history.removals)
        removal = next(removals, None)
        replayed = PickyHistory(history.tau)  # the parts each removal split into, as they were then
        for k, pair in enumerate(history.pairs):
            events.append((pair, replayed.merge(*pair)))
            while removal is not None and removal[0] == k:
                events.append((removal[1], replayed.parts(removal[1])))
                replayed.remove(removal[1])
                removal = next(removals, None)
        self._events = Events(events)

    def _merge_priorities(self) -> dict:
        priority: dict = {}
        for rank, pair in enumerate(self._merges):
            priority.setdefault(pair, rank)
        return priority

    def created_parts(self, word: bytes) -> list[int]:
        """The creation ids ``word`` ends as: every merge and removal replayed in order (merges left to right;
        :mod:`bpe_core.variants.picky_replay`).

        >>> tok = PickyTokenizer(PickyHistory.replay(0.5, [(97, 98), (256, 99)], [(1, 256)]), pattern="none")
        >>> tok.created_parts(b"abcab")
        [257, 97, 98]
        """
        replay = replay_short if len(word) <= LONG_WORD else replay_long
        return replay(word, self._events)

    def merge_parts(self, word: bytes, trace: list | None = None) -> list[bytes]:
        """The tokens (as bytes) of ``word``. A ``trace`` gets, as :meth:`Tokenizer.merge_parts` gives it, the merges
        that made each token it ends as (each token's own tree; the removals in between are not merges).

        >>> tok = PickyTokenizer(PickyHistory.replay(0.5, [(97, 98), (256, 99)], [(1, 256)]), pattern="none")
        >>> trace = []
        >>> tok.merge_parts(b"abcab", trace), trace
        ([b'abc', b'a', b'b'], [(0, 0, 1, 2), (1, 0, 2, 3)])
        """
        token = self.picky.token_bytes
        parts = self.created_parts(word)
        if trace is not None:
            made: list[tuple[int, int, int, int]] = []
            start = 0
            for created in parts:
                self._tree(created, start, made)
                start += len(token[created])
            trace.extend(sorted(made))
        return [token[created] for created in parts]

    def _tree(self, created: int, start: int, made: list) -> None:
        if created < 256:
            return
        left, right = self.picky.pairs[created - 256]
        middle = start + len(self.picky.token_bytes[left])
        made.append((created - 256, start, middle, start + len(self.picky.token_bytes[created])))
        self._tree(left, start, made)
        self._tree(right, middle, made)

    def _encode_word(self, piece: str) -> list[int]:
        ids = self.picky.ids
        return [ids[created] for created in self.created_parts(piece.encode("utf-8"))]

    @property
    def _merge_ranks(self) -> dict[bytes, int]:
        """A live token's bytes -> the rank of the merge that made it."""
        token = self.picky.token_bytes
        ranks: dict[bytes, int] = {}
        for created in sorted(self.picky.ids):
            if created >= 256:
                ranks.setdefault(token[created], created - 256)
        return ranks

    def merge_ranks_by_id(self) -> dict[int, int]:
        """Id -> the rank of the merge that made the token now holding it (bytes and special tokens: none).

        >>> PickyTokenizer(PickyHistory.replay(0.5, [(97, 98), (256, 99)], [(1, 256)])).merge_ranks_by_id()
        {257: 1}
        """
        return {shown: created - 256 for created, shown in sorted(self.picky.ids.items()) if created >= 256}

    def truncated(self, k: int) -> Tokenizer:
        """This tokenizer as it was after its first ``k`` merges (and the removals they caused)."""
        if not 0 <= k <= len(self._merges):
            raise ValueError(f"k must be between 0 and {len(self._merges)} merges, got {k}")
        if k == len(self._merges):
            return self
        view = self._truncations.get(k)
        if view is None:
            if len(self._truncations) >= 16:
                self._truncations.clear()
            view = PickyTokenizer(self.picky.prefix(k), dict(self.special_tokens), pattern=self.pattern)
            self._truncations[k] = view
        return view


class Picky(Variant):
    """The variant: after each merge, a part whose intersection-over-self exceeds ``tau`` is removed (its id reused
    by the next merge); each step's ``removed`` says which, the run's ``picky`` holds the events (a
    :class:`PickyHistory`) and its tokenizer encodes with them (:class:`PickyTokenizer`).

    >>> from bpe_core.training.trainer import BpeTrainer
    >>> trainer = BpeTrainer(258, pattern="none", picky=0.5)
    >>> trainer.count_text("abcabcabd")
    >>> trainer.run()
    >>> [(s.new_id, s.token, s.removed) for s in trainer.record.steps]  # ab is mostly inside cab: removed
    [(256, b'ab', ()), (257, b'cab', ((256, b'ab'),)), (256, b'cabd', ())]
    >>> tok = trainer.tokenizer()
    >>> tok.encode("abcabcabd"), sorted(tok.vocab.items())[256:]
    ([97, 98, 257, 256], [(256, b'cabd'), (257, b'cab')])
    """

    name = "picky"
    setting = "picky"

    def __init__(self, tau):
        self.history = PickyHistory(check_tau(tau))

    def start(self, run: Run) -> None:
        run.record.settings["picky"] = self.history.tau
        run.picky = self.history
        run.id_limit = 256 + max(1024, MERGES_PER_TOKEN * (run.vocab_size - 256))

    def stop(self, run: Run, engine, count: int) -> Message | None:
        if 256 + len(run.merges) < engine.limit:
            return None
        return Message.of(
            "train.picky_merge_limit",
            merges=len(run.merges),
            removed=run.removed_count,
            reached=run.vocab_size_reached,
            asked=run.vocab_size,
        )

    def after_merge(self, run: Run, engine, step, merged: int):
        """Remove the parts whose IoS exceeds tau; the step is given the ids shown (see :class:`PickyHistory`)."""
        history = self.history
        ids = history.ids
        pair = step.pair
        shown = (ids[pair[0]], ids[pair[1]], tuple([(ids[a], ids[b], c) for a, b, c in step.top_pairs]))
        history.merge(*pair)
        removed = []
        for part in dict.fromkeys(pair):
            if history.removable(engine, part, merged):
                engine.split(part, history.parts(part))
                removed.append((history.remove(part), engine.token_bytes[part]))
        run.removed_count += len(removed)
        return MergeStep(  # built anew rather than replace()d: twice as fast, once per merge
            rank=step.rank,
            new_id=ids[step.new_id],
            left=shown[0],
            right=shown[1],
            token=step.token,
            count=step.count,
            tokens_after=engine.total_tokens,
            top_pairs=shown[2],
            removed=tuple(removed),
        )

    def kept(self, run: Run) -> Kept:
        return Kept(self.history.vocab(), self.history.next_id)

    def tokenizer(self, run: Run, special_tokens: dict[str, int]) -> PickyTokenizer:
        return PickyTokenizer(self.history, special_tokens, pattern=run.pattern_now)
