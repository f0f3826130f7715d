"""The quiz as a printable sheet: a round's questions on A4 -- for each, the text's tokens at that step and the
pairs to choose from, their counts hidden -- and, from a new page on, the answers with every choice's count and
the rule that broke a tie. Written as a PDF (:class:`QPdfWriter`: text stays text, the CJK font embedded) or as
PNG pages at 150 dpi (``quiz.png``, ``quiz-2.png``...).

Everything is drawn in points on an A4 page (595 x 842) and scaled to the device, so the PDF and the PNG pages
are laid out alike. The questions are :func:`bpe_core.teaching.quiz.question`'s, as the Quiz view asks them.

>>> sheet_name("quiz.png", 0), sheet_name("quiz.png", 2)
('quiz.png', 'quiz-3.png')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QMarginsF, QObject, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from app import style
from app.teaching.quiz_words import QuizWords
from bpe_core import formats
from bpe_core.encoding.token_spans import TokenView
from bpe_core.render.token_label import render_pair, render_token
from bpe_core.teaching.quiz import Question

#: A4 in points, the margin around what is drawn.
PAGE = QSizeF(595, 842)
MARGIN = 40.0
#: The PNG pages' resolution (A4 at 150 dpi: 1240 x 1754 pixels).
PNG_DPI = 150
PDF_DPI = 300
SHEET_SUFFIXES = (".pdf", ".png")
LETTERS = "ABCDEFGH"


class QuizSheet(QObject):
    """The sheet's sentences with a count, in Qt's plural forms ("1 character", "2 characters"), which
    lupdate finds only in ``self.tr(text, "", n)``."""

    def question_line(self, number: int, merges: int) -> str:
        """The line above question ``number``, asked after ``merges`` merges ("after 1 merge")."""
        text = self.tr("Question {number} — after {merges} merges, the text is cut like this:", "", merges)
        return text.format(number=number, merges=f"{merges:,}")


@dataclass(frozen=True)
class SheetQuestion:
    """One question as printed: its number in the round, the question, and the text's tokens then, gathered into
    ``groups`` that cover whole characters (those characters, and each token's id and bytes): tokens holding parts
    of a character are printed together, the character under them."""

    number: int
    question: Question
    groups: tuple[tuple[str, tuple[tuple[int, bytes], ...]], ...]

    @classmethod
    def of_view(cls, number: int, question: Question, view: TokenView) -> SheetQuestion:
        """The question with the tokens of ``view`` (the text at its step)."""
        groups = tuple(
            (view.text[group[0].start : group[-1].end], tuple((t.id, t.token) for t in group))
            for group in view.groups()
        )
        return cls(number, question, groups)


@dataclass(frozen=True)
class Sheet:
    """A round to print: its ``title`` line (the tokenizer, the text) and its questions; ``tie_text`` words a
    question's tie rule as the Quiz view does."""

    title: str
    questions: tuple[SheetQuestion, ...]
    tie_text: Callable[[Question], str]


def sheet_name(path: str | Path, page: int) -> str:
    """The file of PNG page ``page`` (0: the path itself)."""
    path = Path(path)
    return path.name if page == 0 else f"{path.stem}-{page + 1}{path.suffix}"


def font(size: float, bold: bool = False) -> QFont:
    """The sheet's font at ``size`` points of the page (a pixel size: the page is scaled to the device)."""
    result = style.text_font()
    result.setPixelSize(max(1, round(size)))
    result.setBold(bold)
    return result


class Page:
    """Draws blocks one under the other on the current page; ``new_page()`` starts the next one and returns the
    painter that draws on it."""

    def __init__(self, painter: QPainter, new_page: Callable[[], QPainter]):
        self.painter, self._new_page = painter, new_page
        self.y = MARGIN
        self.width = PAGE.width() - 2 * MARGIN

    def room(self, height: float) -> None:
        """Start a new page unless ``height`` more fits on this one."""
        if self.y + height > PAGE.height() - MARGIN and self.y > MARGIN:
            self.next_page()

    def next_page(self) -> None:
        self.painter = self._new_page()
        self.y = MARGIN

    def text(self, text: str, size: float, *, bold: bool = False, color: QColor = style.TOKEN_TEXT, gap=4.0) -> None:
        """A paragraph, wrapped to the page's width."""
        f = font(size, bold)
        flags = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft
        rect = QFontMetricsF(f).boundingRect(QRectF(0, 0, self.width, 10_000), flags, text)
        self.room(rect.height())
        self.painter.setFont(f)
        self.painter.setPen(color)
        self.painter.drawText(QRectF(MARGIN, self.y, self.width, rect.height() + 2), flags, text)
        self.y += rect.height() + gap

    def columns(self, cells: list[str], size: float, gap: float = 14.0) -> None:
        """Short lines in as many columns (up to four) as the widest one allows, row by row, on one baseline (a
        CJK character, from the taller fallback font, does not lift its cell)."""
        f = font(size)
        metrics = QFontMetricsF(f)
        line = size * 1.5  # room for the CJK fallback font's taller lines
        widest = max((metrics.horizontalAdvance(cell) for cell in cells), default=0.0) + 16
        per_row = max(1, min(4, len(cells), int(self.width // widest)))
        width = self.width / per_row
        for start in range(0, len(cells), per_row):
            self.room(line)
            self.painter.setFont(f)
            self.painter.setPen(style.TOKEN_TEXT)
            for n, cell in enumerate(cells[start : start + per_row]):
                text = metrics.elidedText(cell, Qt.TextElideMode.ElideRight, width - 8)
                self.painter.drawText(QPointF(MARGIN + n * width, self.y + (line + metrics.ascent()) / 2), text)
            self.y += line
        self.y += gap

    def chips(self, groups: tuple[tuple[str, tuple[tuple[int, bytes], ...]], ...], size: float = 11.0) -> None:
        """The tokens as coloured boxes that wrap like text; the tokens of a split character kept on one row, a
        bracket under them and the character below."""
        f, small = font(size), font(size * 0.8)
        metrics, small_metrics = QFontMetricsF(f), QFontMetricsF(small)
        height, pad, gap = metrics.height() + 4, 3.0, 3.0
        split = any(len(tokens) > 1 for _, tokens in groups)
        row = height + (small_metrics.height() * 1.4 + 6 if split else 0)
        x = MARGIN
        self.room(row)
        for chars, tokens in groups:
            labels = [render_token(data) or "∅" for _, data in tokens]
            widths = [metrics.horizontalAdvance(label) + 2 * pad for label in labels]
            if x + sum(widths) + gap * (len(widths) - 1) > MARGIN + self.width and x > MARGIN:
                x = MARGIN
                self.y += row + gap
                self.room(row)
            start = x
            self.painter.setFont(f)
            for (token_id, _), label, width in zip(tokens, labels, widths):
                box = QRectF(x, self.y, width, height)
                self.painter.fillRect(box, style.token_color(token_id))
                self.painter.setPen(QColor("#777777"))
                self.painter.drawRect(box)
                self.painter.setPen(style.TOKEN_TEXT)
                self.painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
                x += width + gap
            if len(tokens) > 1:
                self._bracket(start, x - gap, self.y + height + 2, chars, small)
        self.y += row + 8

    def _bracket(self, left: float, right: float, top: float, chars: str, small: QFont) -> None:
        """A bracket from ``top`` under the tokens from ``left`` to ``right``, the characters they make below it."""
        self.painter.setPen(QPen(style.HEX_TEXT, 0.8))
        self.painter.drawPolyline(
            [QPointF(left, top), QPointF(left, top + 3), QPointF(right, top + 3), QPointF(right, top)]
        )
        self.painter.setFont(small)
        below = QRectF(left - 10, top + 4, right - left + 20, QFontMetricsF(small).height() * 1.4)
        self.painter.drawText(below, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, chars)


def paint_sheet(sheet: Sheet, painter: QPainter, new_page: Callable[[], QPainter]) -> None:
    """The questions, then (from a new page) the answers, in page points."""
    page = Page(painter, new_page)
    page.text(QCoreApplication.translate("QuizSheet", "Predict the next merge"), 20, bold=True)
    page.text(sheet.title, 10, color=style.SUB_TEXT)
    page.text(
        QCoreApplication.translate("QuizSheet", "Name: ______________________    Score: ____ / {total}").format(
            total=len(sheet.questions)
        ),
        11,
        gap=12,
    )
    for item in sheet.questions:
        q = item.question
        page.room(90)
        page.text(
            QuizSheet().question_line(item.number, q.rank),
            12,
            bold=True,
        )
        page.chips(item.groups)
        page.text(QCoreApplication.translate("QuizSheet", "Which pair is merged next? Tick one:"), 11)
        page.columns(
            [f"☐ {LETTERS[i]})  {QuizWords().pair_line(pair, q.contexts[pair])}" for i, pair in enumerate(q.choices)],
            12,
        )
    page.next_page()
    page.text(QCoreApplication.translate("QuizSheet", "Answers"), 20, bold=True)
    page.text(sheet.title, 10, color=style.SUB_TEXT, gap=10)
    for item in sheet.questions:
        q = item.question
        letter = LETTERS[q.choices.index(q.answer)]
        page.room(80)
        page.text(
            QCoreApplication.translate("QuizSheet", "Question {number}: {letter})  {pair}").format(
                number=item.number, letter=letter, pair=render_pair(*q.answer)
            ),
            12,
            bold=True,
            color=style.NEW,
        )
        page.columns(
            [
                QCoreApplication.translate("QuizSheet", "{letter}) {pair}: {count}×").format(
                    letter=LETTERS[q.choices.index(pair)], pair=render_pair(*pair), count=f"{count:,}"
                )
                for pair, count in q.ranked()
            ],
            11,
            gap=6,
        )
        if q.source == "text":
            page.text(
                QCoreApplication.translate(
                    "QuizSheet", "Counts in this text (the training corpus's counts were not kept)."
                ),
                9,
                color=style.SUB_TEXT,
            )
        page.text(sheet.tie_text(q), 10, color=style.SUB_TEXT, gap=12)


def save_sheet(sheet: Sheet, path: str | Path) -> list[Path]:
    """Write ``sheet`` as a PDF, or as one PNG per page (the first at ``path``); returns the files written (each
    atomically). Raises ``ValueError`` for another suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in SHEET_SUFFIXES:
        raise ValueError(
            QCoreApplication.translate("QuizSheet", "Save the quiz sheet as .pdf or .png, not {suffix}.").format(
                suffix=suffix or path.name
            )
        )
    if suffix == ".pdf":
        formats.write_bytes_atomically(path, pdf_bytes(sheet))
        return [path]
    written = []
    for n, image in enumerate(png_pages(sheet)):
        target = path.with_name(sheet_name(path, n))
        formats.write_bytes_atomically(target, image)
        written.append(target)
    return written


def pdf_bytes(sheet: Sheet) -> bytes:
    """The sheet as an A4 PDF."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait, QMarginsF()))
    writer.setResolution(PDF_DPI)
    writer.setTitle(QCoreApplication.translate("QuizSheet", "Predict the next merge"))
    writer.setCreator("BPE Explorer")
    painter = QPainter(writer)

    def new_page() -> QPainter:
        writer.newPage()
        return painter

    try:
        _scale(painter, writer.width())
        paint_sheet(sheet, painter, new_page)
    finally:
        painter.end()
    buffer.close()
    return bytes(buffer.data())


def png_pages(sheet: Sheet) -> list[bytes]:
    """The sheet's pages as PNG images, A4 at :data:`PNG_DPI`."""
    size = (round(PAGE.width() / 72 * PNG_DPI), round(PAGE.height() / 72 * PNG_DPI))
    images: list[QImage] = []
    painters: list[QPainter] = []

    def new_page() -> QPainter:
        if painters:
            painters[-1].end()
        image = QImage(*size, QImage.Format.Format_RGB32)
        image.setDotsPerMeterX(round(PNG_DPI / 0.0254))
        image.setDotsPerMeterY(round(PNG_DPI / 0.0254))
        image.fill(Qt.GlobalColor.white)
        images.append(image)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        _scale(painter, size[0])
        painters.append(painter)
        return painter

    try:
        paint_sheet(sheet, new_page(), new_page)
    finally:
        painters[-1].end()
    pages = []
    for image in images:
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        pages.append(bytes(buffer.data()))
    return pages


def _scale(painter: QPainter, device_width: int) -> None:
    """Draw in page points on a device ``device_width`` pixels wide."""
    factor = device_width / PAGE.width()
    painter.scale(factor, factor)
