"""After an edit, the Compare canvas keeps the boxes before the first changed token, lays out the changed ones and,
once a box after them lands where it was, keeps the old layout's boxes for the rest, in place: the result must be the
layout of the whole new text, box for box (FlowLayout.edit, as TokenCanvas uses it)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.render.token_layout import FlowLayout

TOKEN = st.tuples(st.sampled_from([4.0, 7.5, 10.0, 13.0, 31.0]), st.sampled_from([0, 0, 0, 0, 1, 2]), st.booleans())


def layout(tokens, tall: set[int] | None = None) -> FlowLayout:
    tall = tall_of(tokens) if tall is None else tall
    flow = FlowLayout(40, box_height=10, row_height=12, tall_row_height=20, tall=tall, margin=2, gap=1)
    flow.extend([(w, n) for w, n, _ in tokens])
    return flow


def tall_of(tokens) -> set[int]:
    return {i for i, (_, _, tall) in enumerate(tokens) if tall}


def changed_span(old_tokens, new_tokens) -> tuple[int, int]:
    """``(kept, tail_start)``: the first token that changed, and where the unchanged last ones begin (in the new
    tokens), as the canvas finds them by ids."""
    sizes = old_tokens, new_tokens  # a token's size and whether it is tall: as its id would say
    kept = next((i for i, (a, b) in enumerate(zip(*sizes)) if a != b), min(map(len, sizes)))
    tail = next(
        (k for k, (a, b) in enumerate(zip(reversed(sizes[0]), reversed(sizes[1]))) if a != b),
        min(map(len, sizes)),
    )
    tail = min(tail, len(new_tokens) - kept, len(old_tokens) - kept)
    return kept, len(new_tokens) - tail


def edited_layout(
    old_tokens, new_tokens, limit: int = 2000, laid: int | None = None
) -> tuple[FlowLayout, tuple[float, float] | None]:
    """What the canvas does: the old layout (of its first ``laid`` tokens, the rest waiting for their slice) edited
    in place, then the boxes it did not keep laid out; and where the kept rows moved (None: none was kept)."""
    flow = layout(old_tokens[:laid], tall_of(old_tokens))
    kept, tail_start = changed_span(old_tokens, new_tokens)
    kept = min(kept, len(flow))  # the canvas keeps no more than it has laid out
    sizes = [(w, n) for w, n, _ in new_tokens]
    shift = len(new_tokens) - len(old_tokens)
    moved = flow.edit(
        kept, tail_start, shift, lambda a, b: sizes[a:b], tall_of(new_tokens), total=len(new_tokens), limit=limit
    )
    flow.extend(sizes[len(flow) :])
    return flow, moved


@settings(max_examples=400)
@given(
    old=st.lists(TOKEN, max_size=60),
    at=st.floats(0, 1),
    cut=st.integers(0, 5),
    inserted=st.lists(TOKEN, max_size=5),
    flips=st.tuples(st.booleans(), st.booleans()),
    limit=st.sampled_from([0, 1, 3, 2000]),
    laid=st.floats(0, 1) | st.none(),
)
def test_a_spliced_layout_is_the_whole_layout(old, at, cut, inserted, flips, limit, laid):
    start = round(at * len(old))
    new = old[:start] + inserted + old[start + cut :]
    kept, tail_start = changed_span(old, new)
    changed = kept < tail_start or len(new) != len(old)
    for index, flip in zip((kept - 1, tail_start), flips):  # a neighbour of a changed box may join or leave a bracket
        if changed and flip and 0 <= index < len(new):
            w, n, tall = new[index]
            new[index] = (w, n, not tall)
    laid = None if laid is None else round(laid * len(old))  # an edit while the old text is still being laid out
    flow, moved = edited_layout(old, new, limit, laid)
    whole = layout(new)
    assert flow.xs == whole.xs and flow.widths == whole.widths and flow.rows == whole.rows
    assert flow.row_tops == whole.row_tops and flow.tall_rows == whole.tall_rows and flow._cursor == whole._cursor
    if moved is not None:  # the old rows from y down are now dy lower (the canvas scrolls their pixels)
        y, dy = moved
        before, shift = layout(old[:laid], tall_of(old)), len(new) - len(old)
        for k in range(len(before)):
            top = before.box(k)[1]
            if top >= y:
                assert flow.box(k + shift)[1] == top + dy


def test_typing_in_a_line_splices_at_the_next_line():
    line = [(10.0, 0, False)] * 3 + [(4.0, 1, False)]
    old = line * 20
    new = [(13.0, 0, False)] + old[1:]
    flow, moved = edited_layout(old, new)
    assert moved is not None and moved[1] == 0 and len(flow) == len(old)  # kept from the next line, not moved
