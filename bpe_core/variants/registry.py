"""Every training variant, which ones train together, and the variants a run's settings ask for.

The trainer (:class:`~bpe_core.training.trainer.BpeTrainer`) takes each variant's settings as keyword arguments and gets
its variants from :func:`variants_of`; each variant is a :class:`~bpe_core.variants.base.Variant`, whose hooks it
calls in the order of :data:`ORDER`.

>>> [variant.name for variant in variants_of(1000, 257, min_count=2, forbid=["x"], superword_after=800)]
['min_count', 'forbid', 'superword']
>>> variants_of(1000, 257, picky=0.9, superword_after=800)
Traceback (most recent call last):
...
bpe_core.variants.setting_error.VariantSettingError: PickyBPE (picky) cannot be combined with superword_after yet: ...
"""

from __future__ import annotations

from collections.abc import Iterable

from bpe_core.messages import Message
from bpe_core.variants.base import Variant
from bpe_core.variants.forbid import Forbid
from bpe_core.variants.min_count import MinCount
from bpe_core.variants.parity_aware import ParityAware
from bpe_core.variants.picky import Picky
from bpe_core.variants.resume import Resume
from bpe_core.variants.setting_error import VariantSettingError
from bpe_core.variants.superword import SUPERBPE_STAGE2, Superword

#: The variants in the order the trainer applies them (their settings are recorded in this order too).
ORDER = (MinCount, Forbid, Resume, Superword, Picky, ParityAware)

#: Which variants cannot train together: a variant, the message that refuses it, and the variants it refuses, the
#: first of them present named in the message. Every pair not listed trains together: min_count and forbid with
#: any other (SuperBPE's second stage and each language of parity-aware BPE keep both rules), resume with
#: superword (a SuperBPE run goes on past its transition), PickyBPE with min_count and forbid.
#:
#: ============  =========  ======  ======  =========  =====  ======
#: \             min_count  forbid  resume  superword  picky  parity
#: ============  =========  ======  ======  =========  =====  ======
#: min_count     --         yes     yes     yes        yes    yes
#: forbid        yes        --      yes     yes        yes    yes
#: resume        yes        yes     --      yes        no     no
#: superword     yes        yes     yes     --         no     no
#: picky         yes        yes     no      no         --     no
#: parity        yes        yes     no      no         no     --
#: ============  =========  ======  ======  =========  =====  ======
CANNOT_COMBINE: dict[str, tuple[str, tuple[str, ...]]] = {
    "picky": ("train.picky_with", ("resume", "superword")),
    "parity": ("train.parity_with", ("resume", "superword", "picky")),
}


def variants_of(
    vocab_size: int,
    minimum: int,
    *,
    min_count: int = 1,
    forbid: Iterable[str] = (),
    resumed: Resume | None = None,
    superword_after: int | None = None,
    superword_pattern: str = SUPERBPE_STAGE2,
    picky: float | None = None,
    parity: bool = False,
) -> list[Variant]:
    """The variants of a run of ``vocab_size`` whose vocabulary holds ``minimum`` tokens before any merge, in
    :data:`ORDER`, each setting checked (:class:`VariantSettingError`) and refused if two cannot combine.
    ``resumed``: the saved run to continue, made first (its special tokens are the run's)."""
    if resumed is not None:
        resumed.check_room(vocab_size - minimum, minimum)
    made: dict[type, Variant | None] = {
        MinCount: MinCount.of(min_count),
        Resume: resumed,
        Superword: None
        if superword_after is None
        else Superword(superword_after, superword_pattern, minimum, vocab_size),
        Picky: None if picky is None else Picky(picky),
        ParityAware: ParityAware() if parity else None,
    }
    refuse_combinations([variant for variant in made.values() if variant is not None])
    made[Forbid] = Forbid.of(forbid)  # its regexes are compiled last (a bad one is said after the combinations)
    return [variant for kind in ORDER if (variant := made[kind]) is not None]


def refuse_combinations(variants: list[Variant]) -> None:
    """Raise :class:`VariantSettingError` if two of ``variants`` cannot train together (:data:`CANNOT_COMBINE`)."""
    present = {variant.name: variant for variant in variants}
    for name, (code, refused) in CANNOT_COMBINE.items():
        other = next((present[o] for o in refused if o in present), None)
        if name in present and other is not None:
            raise VariantSettingError(Message.of(code, setting=present[name].setting, other=other.setting))
