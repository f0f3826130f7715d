"""Training variants beside plain BPE at the same vocabulary size (issue 23), on the shipped English prose and on a
mix of the English and Chinese prose: SuperBPE's and PickyBPE's tokens per byte of held-out text (and how many
tokens PickyBPE removed), parity-aware BPE's tokens per character of each language's held-out text and their ratio
worst / best.

    $ python tests/bench/bench_variants.py [--vocab 8000] [--after 6000] [--tau 0.9] [--only superbpe,picky,parity]

Each corpus is cut 90/10: training on the first 90 %, held-out figures on the last 10 % (never seen). The mix is
half of each prose, each half cut the same way (:func:`bpe_core.variants.parity_languages.held_out`, which parity-aware
BPE uses itself), so plain BPE and parity-aware BPE train on the same text and are measured on the same held-out text.
Prints the figures, the ratios variant / plain (fewer tokens is better), and the training time of each.
"""

from __future__ import annotations

import argparse
import sys
import time

from bpe_core.corpus.samples import corpus_path
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.training.trainer import BpeTrainer
from bpe_core.variants.parity_languages import held_out
from bpe_core.variants.superword import isolated


def trained(text: str, vocab: int, **variant) -> tuple[Tokenizer, float]:
    started = time.perf_counter()
    trainer = BpeTrainer(vocab, pattern="gpt2", processes=2, **variant)
    trainer.count_text(text)
    trainer.run()
    seconds = time.perf_counter() - started
    if trainer.picky is not None:
        tokenizer = trainer.tokenizer()
        tokenizer.removed = trainer.removed_count
        return tokenizer, seconds
    pattern = isolated(trainer.superword.pattern) if trainer.superword is not None else "gpt2"  # as the file says
    return Tokenizer(trainer.vocab, trainer.merges, pattern=pattern), seconds


def per_char(tokenizer: Tokenizer, held: dict[str, str]) -> dict[str, float]:
    return {name: len(tokenizer.encode(text)) / len(text) for name, text in held.items()}


def parity_rows(english: str, chinese: str, vocab: int) -> list[str]:
    """Parity-aware BPE beside plain BPE on the same training halves, per language on the same held-out text."""
    texts = {"en": english[: len(english) // 2], "zh": chinese[: len(chinese) // 2]}
    cuts = {name: held_out(text, name) for name, text in texts.items()}
    held = {name: cut[1] for name, cut in cuts.items()}
    plain, plain_s = trained("".join(cut[0] for cut in cuts.values()), vocab)
    started = time.perf_counter()
    trainer = BpeTrainer(vocab, pattern="gpt2", processes=2, parity=True)
    trainer.count_language_texts(texts)
    trainer.run()
    parity_s = time.perf_counter() - started
    served = {name: trainer.record.parity["chosen"].count(i) for i, name in enumerate(texts)}
    rows = []
    for label, tokenizer, seconds in (("plain", plain, plain_s), ("parity", trainer.tokenizer(), parity_s)):
        ratios = per_char(tokenizer, held)
        shown = ", ".join(f"{name} {ratio:.4f}" for name, ratio in ratios.items())
        rows.append(
            f"{'English + Chinese':18s} vocab {vocab:,}: {label:6s} held-out tokens/char {shown} | worst/best "
            f"{max(ratios.values()) / min(ratios.values()):.3f} | worst {max(ratios.values()):.4f} ({seconds:.1f} s)"
        )
    rows.append(f"{'':18s} parity-aware merges served: " + ", ".join(f"{n} {c:,}" for n, c in served.items()))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vocab", type=int, default=8000)
    parser.add_argument("--after", type=int, default=6000, help="SuperBPE's transition (vocabulary size)")
    parser.add_argument("--tau", type=float, default=0.9, help="PickyBPE's threshold (the authors' README: 0.9)")
    parser.add_argument("--only", default="superbpe,picky,parity", help="which variants (comma-separated)")
    args = parser.parse_args()
    only = set(args.only.split(","))
    english = corpus_path("english-prose").read_text(encoding="utf-8")
    chinese = corpus_path("chinese-prose").read_text(encoding="utf-8")
    corpora = {
        "English prose": english,
        "English + Chinese": english[: len(english) // 2] + chinese[: len(chinese) // 2],
    }
    for name, text in corpora.items():
        cut = int(len(text) * 0.9)
        train, held = text[:cut], text[cut:]
        held_bytes = len(held.encode("utf-8"))
        plain, plain_s = trained(train, args.vocab)
        plain_tpb = len(plain.encode(held)) / held_bytes
        if "superbpe" in only:
            superbpe, super_s = trained(train, args.vocab, superword_after=args.after)
            super_tpb = len(superbpe.encode(held)) / held_bytes
            print(
                f"{name:18s} vocab {args.vocab:,}: plain {plain_tpb:.4f} tokens/byte ({plain_s:.1f} s) | SuperBPE "
                f"after {args.after:,} {super_tpb:.4f} ({super_s:.1f} s) | ratio {super_tpb / plain_tpb:.3f}"
            )
        if "picky" in only:
            picky, picky_s = trained(train, args.vocab, picky=args.tau)
            picky_tpb = len(picky.encode(held)) / held_bytes
            print(
                f"{name:18s} vocab {args.vocab:,}: plain {plain_tpb:.4f} tokens/byte ({plain_s:.1f} s) | PickyBPE "
                f"tau {args.tau:g} {picky_tpb:.4f} ({picky_s:.1f} s), {picky.removed:,} tokens removed in "
                f"{len(picky.merges):,} merges | ratio {picky_tpb / plain_tpb:.3f}"
            )
    if "parity" in only:
        print("\n".join(parity_rows(english, chinese, args.vocab)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
