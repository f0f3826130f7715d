"""A comparison as a PNG image with no window (bpe_core.render.png_tokens; `bpe compare --png`)."""

import io

from PIL import Image

from bpe_core.cli import main
from bpe_core.render.comparison import compare

TEXT = "Hello 世界 tokenizers 12345 😀<|endoftext|>"


def test_a_png_of_the_comparison_is_drawn_at_twice_its_width(tmp_path):
    comparison = compare(TEXT, ["gpt2", "o200k_base"])
    image = Image.open(io.BytesIO(comparison.to_png(600)))
    assert image.format == "PNG" and image.size[0] == 1200
    colours = {colour for _, colour in image.getcolors(maxcolors=1 << 20)}
    assert len(colours) > 20  # boxes of several colours, and text
    comparison.save(tmp_path / "c.png")
    assert Image.open(tmp_path / "c.png").size == Image.open(io.BytesIO(comparison.to_png())).size


def test_bpe_compare_writes_a_png(tmp_path, capsys):
    out = tmp_path / "c.png"
    assert main(["compare", TEXT, "--tokenizer", "o200k_base", "--png", str(out), "--width", "500"]) == 0
    assert Image.open(out).size[0] == 1000 and str(out) in capsys.readouterr().out
    assert main(["compare", TEXT, "--png", str(out), "--width", "50"]) == 2
