"""Pure helpers of the app: token rendering, progress wording, held-out sampling, command line."""

from hypothesis import given
from hypothesis import strategies as st

from app.main import apply_args, parse_args
from app.token_text import render_token
from app.train.held_out import measure_held_out, sample_merge_counts
from app.train.progress import PhaseProgress


def test_render_token_cases():
    assert render_token(b" the\n") == "␣the↵"
    assert render_token(b"\t\r") == "⇥⇤"
    assert render_token("你好".encode()) == "你好"
    assert render_token("你".encode()[:1]) == "<E4>"
    assert render_token("你".encode()[1:]) == "<BD><A0>"
    assert render_token("😀".encode()) == "😀"
    assert render_token(b"\x1b[0m") == "<1B>[0m"
    assert render_token("a\u00a0b".encode()) == "a<C2><A0>b"  # no-break space made visible


@given(st.text())
def test_render_token_is_one_visible_line(text):
    shown = render_token(text.encode("utf-8", "surrogatepass"))
    assert "\n" not in shown and " " not in shown and "\t" not in shown


@given(st.binary(max_size=12))
def test_render_token_never_fails_on_bytes(data):
    assert isinstance(render_token(data), str)


def test_progress_text_counts_bytes_then_merges():
    p = PhaseProgress("Counting pre-tokens", total=4_000_000, unit="bytes", started=0.0)
    p.update(1_000_000, now=0.5)
    assert p.text() == "Counting pre-tokens: 1.0\u00a0MB / 4.0\u00a0MB · 2.0\u00a0MB/s · about 2 s left"
    assert p.fraction == 0.25


def test_held_out_samples_end_at_the_full_vocabulary():
    counts = sample_merge_counts(5000)
    assert counts[0] == 0 and counts[-1] == 5000 and counts == sorted(set(counts))
    assert measure_held_out("", None).references == {}


def test_command_line_presets_and_trains(window, wait_signal, tmp_path):
    corpus = tmp_path / "c.txt"
    corpus.write_text("low lower lowest " * 50, encoding="utf-8")
    args = parse_args(
        [
            str(corpus),
            "--vocab-size",
            "270",
            "--pattern",
            "cl100k",
            "--special",
            "<|x|>",
            "--text",
            "lowest",
            "--train",
        ]
    )
    apply_args(window, args)
    assert window.train_tab.run is not None
    (result,) = wait_signal(window.train_tab.run.finished, 30000)
    assert result.record.settings["pattern"] == "cl100k"
    assert result.special_tokens == {"<|x|>": 256 + len(result.merges)}
    assert window.train_tab.held_out_edit.toPlainText() == "lowest"
    assert window.train_tab.corpus_panel.current_source().name == "c.txt"


def test_sample_choice_from_command_line(window):
    apply_args(window, parse_args(["--sample", "chinese"]))
    assert window.train_tab.corpus_panel.current_source().name == "Chinese sample"
