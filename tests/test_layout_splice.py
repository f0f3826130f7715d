"""After an edit, the Compare canvas keeps the boxes before the first changed token, lays out the changed ones and,
once a box after them lands where it was, takes the old layout's boxes for the rest: the result must be the layout
of the whole new text, box for box (FlowLayout.prefix and FlowLayout.splice_tail, as TokenCanvas uses them)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.compare.token_layout import FlowLayout

TOKEN = st.tuples(st.sampled_from([4.0, 7.5, 10.0, 13.0, 31.0]), st.sampled_from([0, 0, 0, 0, 1, 2]), st.booleans())


def layout(tokens) -> FlowLayout:
    flow = FlowLayout(40, box_height=10, row_height=12, tall_row_height=20, tall=tall_of(tokens), margin=2, gap=1)
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


def edited_layout(old_tokens, new_tokens) -> tuple[FlowLayout, bool]:
    """What the canvas does: keep, lay out the changed boxes, splice the old tail once a box is back in place."""
    old = layout(old_tokens)
    kept, tail_start = changed_span(old_tokens, new_tokens)
    sizes = [(w, n) for w, n, _ in new_tokens]
    shift = len(new_tokens) - len(old_tokens)
    flow = old.prefix(kept, tall_of(new_tokens))
    flow.extend(sizes[len(flow) : tail_start + 1])
    while len(flow) < len(new_tokens):
        i = len(flow)
        flow.extend([sizes[i]])
        j = i - shift
        if i > tail_start and flow.xs[i] == old.xs[j]:
            flow.splice_tail(old, j)
            return flow, True
    return flow, False


@settings(max_examples=400)
@given(
    old=st.lists(TOKEN, max_size=60),
    at=st.floats(0, 1),
    cut=st.integers(0, 5),
    inserted=st.lists(TOKEN, max_size=5),
    flips=st.tuples(st.booleans(), st.booleans()),
)
def test_a_spliced_layout_is_the_whole_layout(old, at, cut, inserted, flips):
    start = round(at * len(old))
    new = old[:start] + inserted + old[start + cut :]
    kept, tail_start = changed_span(old, new)
    changed = kept < tail_start or len(new) != len(old)
    for index, flip in zip((kept - 1, tail_start), flips):  # a neighbour of a changed box may join or leave a bracket
        if changed and flip and 0 <= index < len(new):
            w, n, tall = new[index]
            new[index] = (w, n, not tall)
    flow, _ = edited_layout(old, new)
    whole = layout(new)
    assert flow.xs == whole.xs and flow.widths == whole.widths and flow.rows == whole.rows
    assert flow.row_tops == whole.row_tops and flow.tall_rows == whole.tall_rows and flow._cursor == whole._cursor


def test_typing_in_a_line_splices_at_the_next_line():
    line = [(10.0, 0, False)] * 3 + [(4.0, 1, False)]
    old = line * 20
    new = [(13.0, 0, False)] + old[1:]
    flow, spliced = edited_layout(old, new)
    assert spliced and len(flow) == len(old)
