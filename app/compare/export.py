"""The Compare tab's exports as bytes: a picture of the panes as they are on screen (PNG, or SVG drawn by
:class:`QSvgGenerator`), and the whole text under every pane's tokenizer as a
:class:`bpe_core.render.comparison.Comparison` laid out at a chosen width (SVG, or PNG drawn from that SVG), a page that
needs nothing else (HTML), CSV or JSON.

A comparison is built from the panes that show tokens of the text; the others (loading, failed, not encoded yet)
are left out, and named (:func:`comparison_of`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QPoint, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgGenerator, QSvgRenderer
from PySide6.QtWidgets import QWidget

from app.common.sources import PaneResult
from bpe_core.render.comparison import Comparison

#: What can be exported: the panes as shown, or the whole text (kind -> the file's suffix).
SCREEN_KINDS = {"screen_png": ".png", "screen_svg": ".svg"}
COMPARISON_KINDS = {"png": ".png", "svg": ".svg", "html": ".html", "csv": ".csv", "json": ".json"}
SUFFIXES = SCREEN_KINDS | COMPARISON_KINDS
#: The exports laid out at a width chosen by the user.
WIDE_KINDS = ("png", "svg")
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
#: Where an SVG drawn by Qt names or refers to an id (the id follows).
ID_MARKS = (' id="', "url(#", 'href="#')
ET.register_namespace("", SVG_NS)  # SVG written back without prefixes
ET.register_namespace("xlink", XLINK_NS)
#: A PNG taller than this is refused (an image that large is hundreds of megabytes): SVG or HTML hold any text.
MAX_PNG_HEIGHT = 32_000


def comparison_of(panes: Iterable[tuple[str, PaneResult | None]]) -> tuple[Comparison | None, list[str]]:
    """The comparison of the panes ``(title, result)`` that show tokens (None if none does), and the titles of
    those left out."""
    views, left_out = [], []
    for title, result in panes:
        if result is not None and result.view is not None:
            views.append((title, result.view))
        else:
            left_out.append(title)
    return (Comparison(views) if views else None), left_out


def screen_bytes(kind: str, widget: QWidget, parts: Sequence[QWidget], title: str) -> bytes:
    """``widget`` as it is on screen: a PNG (``screen_png``), or an SVG titled ``title`` (``screen_svg``) of its
    ``parts`` (the panes' headers and canvases), each drawn where it is in ``widget`` and clipped to its own
    rectangle (an SVG of its own nested in the drawing: Qt's SVG Tiny output has no clipping, and a canvas draws
    the rows it shows in part beyond its edges)."""
    if kind == "screen_png":
        return _png(widget.grab().toImage())
    width, height = str(widget.width()), str(widget.height())
    root = ET.Element(f"{{{SVG_NS}}}svg", {"width": width, "height": height, "viewBox": f"0 0 {width} {height}"})
    ET.SubElement(root, f"{{{SVG_NS}}}title").text = title
    ET.SubElement(root, f"{{{SVG_NS}}}rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})
    for number, part in enumerate(parts):
        if not part.isVisibleTo(widget):
            continue
        nested = ET.fromstring(_part_svg(part, f"part{number}-"))
        at = part.mapTo(widget, QPoint(0, 0))
        for name in ("version", "baseProfile"):
            nested.attrib.pop(name, None)
        nested.attrib.update(
            {"x": str(at.x()), "y": str(at.y()), "width": str(part.width()), "height": str(part.height())}
        )
        nested.set("overflow", "hidden")
        root.append(nested)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _part_svg(part: QWidget, prefix: str) -> bytes:
    """``part`` drawn by Qt's SVG generator, its ids (gradients...) prefixed to stay apart from other parts'."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(part.size())
    generator.setViewBox(part.rect())
    part.render(generator)
    svg = bytes(buffer.data()).decode("utf-8")
    for mark in ID_MARKS:
        svg = svg.replace(mark, mark + prefix)
    return svg.encode("utf-8")


def comparison_bytes(kind: str, comparison: Comparison, *, width: int, safe: bool, title: str) -> bytes:
    """``comparison`` as a file of ``kind`` (one of :data:`COMPARISON_KINDS`); ``width`` is the picture's,
    ``safe`` picks the colour-blind-safe colours, ``title`` heads the page. Raises ``ValueError`` for a PNG too tall
    to make."""
    if kind == "png":
        return svg_png(comparison.to_svg(width, safe=safe))
    if kind == "svg":
        return comparison.to_svg(width, safe=safe).encode("utf-8")
    if kind == "html":
        return comparison.to_html(title=title, safe=safe).encode("utf-8")
    return (comparison.to_csv() if kind == "csv" else comparison.to_json()).encode("utf-8")


def svg_png(svg: str) -> bytes:
    """An SVG document drawn at its own size on white, as PNG bytes."""
    renderer = QSvgRenderer(QByteArray(first_families(svg).encode("utf-8")))
    size = renderer.defaultSize()
    if size.height() > MAX_PNG_HEIGHT:
        raise ValueError(
            QCoreApplication.translate(
                "CompareExport",
                "the picture would be {height} pixels tall (at most {limit}): export it as SVG or HTML, or a "
                "shorter text",
            ).format(height=f"{size.height():,}", limit=f"{MAX_PNG_HEIGHT:,}")
        )
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    renderer.render(painter)
    painter.end()
    return _png(image)


def first_families(svg: str) -> str:
    """``svg`` with each list of font families cut to its first: Qt's SVG renderer takes the whole list for one
    family's name, finds none, and draws the monospaced hex bytes in a wider font than their boxes are made for
    (characters a family lacks still come from another font, as everywhere in Qt).

    >>> svg = '<svg xmlns="http://www.w3.org/2000/svg"><text font-family="DejaVu Sans Mono, monospace"/></svg>'
    >>> first_families(svg)
    '<svg xmlns="http://www.w3.org/2000/svg"><text font-family="DejaVu Sans Mono" /></svg>'
    """
    root = ET.fromstring(svg)
    for element in root.iter():
        families = element.get("font-family", "")
        if "," in families:
            element.set("font-family", families.split(",")[0].strip(" '\""))
    return ET.tostring(root, encoding="unicode")


def _png(image: QImage) -> bytes:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(buffer.data())
