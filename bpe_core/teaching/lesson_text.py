"""Texts for the lessons, taken from the corpus a tokenizer was trained on, so that a lesson speaks the
tokenizer's own language: after training on 红楼梦 the vocabulary slider, the encode animation and the merge trees
show a sentence of 红楼梦, and stepping through merges works on a short phrase of it with repeats.

>>> lesson = lesson_text("【吾闻绛树两歌，一声在喉，一声在鼻；黄华二牍，左腕能楷，右腕能草。】第一回")
>>> lesson.sentence, lesson.short, lesson.han
('吾闻绛树两歌，一声在喉，一声在鼻；黄华二牍，左腕能楷，右腕能草。', '一声在喉，一声在鼻；', True)
>>> lesson_text("The cat sat on the mat. The cat in the hat came back with the mat.").short
'The cat in the hat came back with the mat.'
>>> lesson_text("") is None
True

The pre-tokenization lesson has a text of its own in each interface language (a dog and the punctuation after it,
which BPE without pre-tokenization glues to the word):

>>> text, sample = pretokenization_text("zh_CN")
>>> sample
'好狗。坏狗，小狗！老狗？完了。'
>>> pretokenization_text("en") == pretokenization_text("fr")
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Where sentences end (CJK and Latin punctuation, line breaks); the ends are kept.
_SENTENCE = re.compile(r"[^。！？!?.\n]+[。！？!?.]?")
#: Where phrases end inside a sentence (commas and semicolons too).
_PHRASE = re.compile(r"[^，；。！？,;.!?\n]+[，；。！？,;.!?]?")
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_BRACKETS = '【】「」『』《》()（）[]"“”'


#: The pre-tokenization lesson's text to train on and sample sentence, by interface language.
PRETOKENIZATION = {
    "en": (
        "Where is the dog? I see a dog. Is it your dog? It is my dog. A big dog, a small dog, a wet dog! "
        "Come here, dog! Sit, dog. Good dog. Bad dog! The dog, the cat, the dog. No dog, no cat. Hot dog! "
        "Every dog. Any dog, any day. Old dog! New dog. Top dog, lap dog, sea dog. My dog! Your dog. Our dog, "
        "their dog! What a dog. Such a dog! The dog ran. The dog sat. The dog barked! The dog slept, the dog ate.",
        "Good dog. Bad dog, sad dog! Old dog? The end.",
    ),
    "zh_CN": (
        "狗在哪里？我看见一只狗。这是你的狗吗？这是我的狗。大狗，小狗，湿狗！狗，过来！坐下，狗。好狗。坏狗！"
        "狗，猫，狗。没有狗，没有猫。热狗！每只狗。任何狗，任何一天。老狗！新狗。我的狗！你的狗。我们的狗，"
        "他们的狗！多好的狗。这样的狗！狗跑了。狗坐下了。狗叫了！狗睡了，狗吃了。",
        "好狗。坏狗，小狗！老狗？完了。",
    ),
}


def pretokenization_text(language: str) -> tuple[str, str]:
    """The pre-tokenization lesson's ``(text, sample)`` for an interface language (English for one without)."""
    return PRETOKENIZATION.get(language, PRETOKENIZATION["en"])


@dataclass(frozen=True)
class LessonText:
    """``sentence`` for the views that show one text, ``short`` (with a repeated pair where possible) for
    stepping through merges; ``han``: mostly Chinese characters."""

    sentence: str
    short: str
    han: bool


def lesson_text(sample: str, *, look_at: int = 400) -> LessonText | None:
    """A sentence and a short phrase from the first ``look_at`` sentences of ``sample`` (the start of a corpus),
    or None when it holds no sentence of words."""
    sentences = [s.strip().strip(_BRACKETS).strip() for s in _SENTENCE.findall(sample[:200_000])[:look_at]]
    han = len(_HAN.findall(sample[:20_000])) > 0.3 * max(1, len(sample[:20_000].strip()))
    low, high = (16, 48) if han else (40, 110)
    fitting = [s for s in sentences if low <= len(s) <= high and _wordy(s)]
    ended = [s for s in fitting if s.endswith(tuple("。！？!?."))]  # a sentence rather than a heading
    fitting = ended or fitting
    if not fitting:
        fitting = [s for s in sentences if len(s) >= 4 and _wordy(s)]
    if not fitting:
        return None
    sentence = fitting[0]
    return LessonText(sentence, _short(fitting, han), han)


def _wordy(text: str) -> bool:
    """Mostly letters (not a heading of numbers, a list of symbols or a line of code)."""
    return sum(ch.isalpha() for ch in text) >= 0.6 * len(text)


def _short(sentences: list[str], han: bool) -> str:
    """The phrase or sentence with the most repeated adjacent pairs of characters (what BPE merges first), of a
    length that stepping through shows at once."""
    low, high = (6, 16) if han else (16, 48)
    candidates = [p.strip() for s in sentences for p in ([s] + _PHRASE.findall(s))]
    glue = "" if han else " "
    candidates += [f"{a}{glue}{b}" for a, b in zip(candidates, candidates[1:])]  # two phrases together
    candidates = [c for c in candidates if low <= len(c) <= high] or sentences[:1]
    return max(candidates, key=lambda c: (_repeats(c), -abs(len(c) - (high + low) // 2)))


def _repeats(text: str) -> int:
    pairs = [text[i : i + 2] for i in range(len(text) - 1)]
    return len(pairs) - len(set(pairs))
