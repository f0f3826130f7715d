"""The example notebook runs from top to bottom in a real Jupyter kernel (``python3``, the kernel ipykernel installs
with itself) and shows what it says: drawn tokens in its outputs and an HTML page written. Offline: the kernel
runs with ``HF_HUB_OFFLINE=1``, in a temporary folder, importing this checkout's ``bpe_core``."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "examples" / "compare_tokenizers.ipynb"


def test_the_python3_kernel_is_there():
    assert "python3" in KernelSpecManager().find_kernel_specs()


@pytest.mark.slow  # starts a Jupyter kernel: 2-3 s
def test_the_notebook_runs_and_draws_tokens(tmp_path):
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, HF_HUB_OFFLINE="1", PYTHONPATH=path)
    client = NotebookClient(
        notebook, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute(env=env)
    drawn = [
        output["data"]["text/html"]
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if "text/html" in output.get("data", {})
    ]
    assert len(drawn) == 2  # the single view, then the comparison
    view, comparison = drawn
    assert view.startswith('<div class="bpe"><style>') and '<span class="bpe-hex">&lt;E4&gt;' in view
    for title in ("gpt2", "cl100k_base", "o200k_base", "ours (512)"):
        assert f'<h2 class="bpe-title">{title}</h2>' in comparison
    assert comparison.count('class="bpe-t bpe-special"') == 4  # <|endoftext|> in each
    page = (tmp_path / "comparison.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<h2 class="bpe-title">ours (512)</h2>' in page
