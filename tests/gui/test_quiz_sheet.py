"""The quiz as a printable sheet: the round's questions (tokens and choices, counts hidden) then the answers (counts,
tie rule) from a page of their own, as an A4 PDF read back by an independent reader (pypdf: its text, its pages'
size, the fonts it embeds) and as A4 PNG pages read back by Pillow; in English and in Chinese."""

import re
import unicodedata

import pytest
from PIL import Image
from pypdf import PdfReader

from app.common.wording.tie_break import tie_text
from app.teaching.quiz_sheet import PNG_DPI
from app.teaching.quiz_view import ROUND, QuizView
from bpe_core.render.token_label import render_pair
from tests.gui.test_teaching_replay import CHINESE, CORPUS, TEXT, trained

A4_POINTS = (595, 842)
CJK = re.compile(r"[\u4e00-\u9fff]")


def quiz(qtbot, tokenizer, text, rank):
    view = QuizView(tokenizer, text)
    qtbot.addWidget(view)
    view.start_round(rank)
    return view


def pages_text(path):
    """The text of each page; NFKC, as a CJK font maps glyphs it shares with the Kangxi radicals to those (⼭ for
    山)."""
    reader = PdfReader(path)
    return reader, [unicodedata.normalize("NFKC", " ".join(page.extract_text().split())) for page in reader.pages]


def fonts(reader):
    names = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]))
    return names


def test_pdf_sheet_hides_the_counts_then_answers(qtbot, tmp_path):
    tokenizer = trained(CORPUS)
    view = quiz(qtbot, tokenizer, TEXT, 2)
    view.pick(view.question.answer)  # answering on screen changes nothing on the sheet
    [path] = view.save_sheet(tmp_path / "quiz.pdf")
    reader, texts = pages_text(path)
    assert all(tuple(round(v) for v in page.mediabox.upper_right) == A4_POINTS for page in reader.pages)
    answers = next(n for n, text in enumerate(texts) if text.startswith("Answers"))
    questions, answered = " ".join(texts[:answers]), " ".join(texts[answers:])
    assert questions.startswith("Predict the next merge") and "×" not in questions
    sheet = view.sheet()
    assert [q.question.rank for q in sheet.questions] == list(range(2, 2 + ROUND))
    for item in sheet.questions:
        q = item.question
        assert f"Question {item.number} — after {q.rank} merges" in questions
        assert all(render_pair(*pair) in questions for pair in q.choices)
        assert f"Question {item.number}: " in answered
        assert all(f"{render_pair(*pair)}: {count}×" in answered for pair, count in q.ranked())
        assert tie_text(q.tie) in answered
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quiz.pdf"]


@pytest.mark.parametrize("interface", ["en", "zh"])
def test_chinese_sheet_embeds_a_cjk_font_and_png_pages(qtbot, tmp_path, request, interface):
    if interface == "zh":
        request.getfixturevalue("chinese")
    tokenizer = trained(CHINESE, 60)
    rank = next(r for r in range(len(tokenizer.merges)) if CJK.search(tokenizer.merges[r][0].decode(errors="ignore")))
    view = quiz(qtbot, tokenizer, CHINESE[:30], rank)
    [pdf] = view.save_sheet(tmp_path / "quiz.pdf")
    reader, texts = pages_text(pdf)
    assert any("NotoSansCJK" in name for name in fonts(reader))
    # The characters come back from the page: drawn with the glyphs of the embedded font, not empty boxes.
    assert "山城的早晨" in texts[0]
    first = view.sheet().questions[0]
    assert "".join(chars for chars, _ in first.groups) == CHINESE[:30]  # every character printed under its tokens
    assert any(len(tokens) > 1 for _, tokens in first.groups)  # a character split into bytes, printed together
    chars = CJK.findall(render_pair(*first.question.answer))
    assert chars and all(char in " ".join(texts) for char in chars)
    pngs = view.save_sheet(tmp_path / "quiz.png")
    assert [p.name for p in pngs] == ["quiz.png"] + [f"quiz-{n}.png" for n in range(2, len(pngs) + 1)]
    assert len(pngs) == len(reader.pages)
    for png in pngs:
        with Image.open(png) as image:
            assert image.size == (round(595 / 72 * PNG_DPI), round(842 / 72 * PNG_DPI))
            assert image.convert("L").getextrema()[0] < 100  # something is printed on every page


def test_a_sheet_of_another_kind_is_refused(qtbot, tmp_path):
    view = quiz(qtbot, trained(CORPUS, 20), TEXT, 0)
    with pytest.raises(ValueError, match=r"\.pdf or \.png"):
        view.save_sheet(tmp_path / "quiz.docx")
    assert list(tmp_path.iterdir()) == []
