/* bpe_core._scan: the shipped patterns (gpt2, cl100k, o200k, llama3, qwen2 in bpe_core/pretokenize/patterns.py)
 * pre-tokenizing, compiled; and DeepSeek V3's pre-tokenizer (the Split steps of its tokenizer.json).
 *
 * Each pattern is an alternation that the `regex` module tries left to right at every position; here each
 * alternative is written out as the few steps it takes, backtracking included (see the comments at each one).
 * What a character is (a letter, a digit, white space, ...) comes from a table the caller builds with `regex`
 * itself (bpe_core/pretokenize/scanner.py), so both read the same Unicode version. The tests compare the two on
 * every text they try; a position no alternative matches (none exists for these patterns) raises RuntimeError.
 * The pre-tokens of gpt2, cl100k, o200k, llama3 and qwen2 are also found 64 characters at a time (_block_starts.h:
 * starts(), and _encode, _count).
 *
 * Calling back into Python (encode's cache: its __missing__, a dict subclass's lookups) may run any code: after each
 * call, only what cannot move is read again (the text, an immutable str held by the call's arguments; the batch of
 * ends, ours), and a list's items are read again after every append (see add_ids).
 *
 *   >>> from bpe_core import scanner
 *   >>> scanner.findall("o200k", "Hello world's 12345")
 *   ['Hello', " world's", ' ', '123', '45']
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_scan_api.h"

/* The class bits of a character: the table holds one uint16 per code point. */
enum {
    LETTER = 1,      /* \p{L} */
    NUMBER = 2,      /* \p{N} */
    SPACE = 4,       /* \s */
    UPPERISH = 8,    /* [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}] */
    LOWERISH = 16,   /* [\p{Ll}\p{Lm}\p{Lo}\p{M}] */
    LETTER_MARK = 32,  /* [\p{L}\p{M}] (DeepSeek) */
    PUNCT_SYMBOL = 64, /* [\p{P}\p{S}] (DeepSeek) */
    KANJI_KANA = 128,  /* [一-龥\u3040-ゟ゠-ヿ]: DeepSeek's second Split */
    FOLDS_S = 1 << 8, /* (?i)s: what matches the letter case-insensitively */
    FOLDS_D = 1 << 9,
    FOLDS_M = 1 << 10,
    FOLDS_T = 1 << 11,
    FOLDS_L = 1 << 12,
    FOLDS_V = 1 << 13,
    FOLDS_R = 1 << 14,
    FOLDS_E = 1 << 15,
};
#define CODE_POINTS 0x110000

static uint16_t *classes = NULL;

#include "_block_starts.h" /* (reads the classes above) */

typedef ScanText Text;

static inline Py_UCS4 at(const Text *t, Py_ssize_t i) { return PyUnicode_READ(t->kind, t->data, i); }
static inline unsigned cls(const Text *t, Py_ssize_t i) { return classes[at(t, i)]; }
static inline int is(const Text *t, Py_ssize_t i, unsigned bits) { return i < t->n && (cls(t, i) & bits); }
/* [^\s\p{L}\p{N}] */
static inline int is_other(const Text *t, Py_ssize_t i) {
    return i < t->n && !(cls(t, i) & (LETTER | NUMBER | SPACE));
}
static inline int is_line_break(const Text *t, Py_ssize_t i) {
    return i < t->n && (at(t, i) == '\r' || at(t, i) == '\n');
}
/* [^\r\n\p{L}\p{N}] */
static inline int is_lead(const Text *t, Py_ssize_t i) {
    return i < t->n && !(cls(t, i) & (LETTER | NUMBER)) && !is_line_break(t, i);
}
/* The code unit at i of a text of this kind (a constant where the callers below are inlined: no switch per read). */
static inline Py_UCS4 unit_at(const void *data, int kind, Py_ssize_t i) {
    return kind == PyUnicode_1BYTE_KIND   ? ((const Py_UCS1 *)data)[i]
           : kind == PyUnicode_2BYTE_KIND ? ((const Py_UCS2 *)data)[i]
                                          : ((const Py_UCS4 *)data)[i];
}

/* The end of the run from i of characters whose class has one of `bits` (`none`: has none of them), in a text of
 * this kind. */
static inline Py_ssize_t run_in(const Text *t, int kind, Py_ssize_t i, unsigned bits, int none) {
    if (none) {
        while (i < t->n && !(classes[unit_at(t->data, kind, i)] & bits)) i++;
    } else {
        while (i < t->n && (classes[unit_at(t->data, kind, i)] & bits)) i++;
    }
    return i;
}

/* run_in with the text's kind chosen once per run, not once per character. */
static inline Py_ssize_t run_of(const Text *t, Py_ssize_t i, unsigned bits, int none) {
    switch (t->kind) {
    case PyUnicode_1BYTE_KIND:
        return run_in(t, PyUnicode_1BYTE_KIND, i, bits, none);
    case PyUnicode_2BYTE_KIND:
        return run_in(t, PyUnicode_2BYTE_KIND, i, bits, none);
    default:
        return run_in(t, PyUnicode_4BYTE_KIND, i, bits, none);
    }
}
static inline Py_ssize_t run(const Text *t, Py_ssize_t i, unsigned bits) { return run_of(t, i, bits, 0); }
static inline Py_ssize_t run_other(const Text *t, Py_ssize_t i) { return run_of(t, i, LETTER | NUMBER | SPACE, 1); }

/* A contraction at i: ' then s, d, m, t, ll, ve or re (case-insensitively when `folded`); its end, or -1. */
static Py_ssize_t contraction(const Text *t, Py_ssize_t i, int folded) {
    if (i + 1 >= t->n || at(t, i) != '\'') return -1;
    if (folded) {
        unsigned a = cls(t, i + 1);
        if (a & (FOLDS_S | FOLDS_D | FOLDS_M | FOLDS_T)) return i + 2;
        if (i + 2 >= t->n) return -1;
        unsigned b = cls(t, i + 2);
        if (((a & FOLDS_L) && (b & FOLDS_L)) || ((a & FOLDS_V) && (b & FOLDS_E)) || ((a & FOLDS_R) && (b & FOLDS_E)))
            return i + 3;
        return -1;
    }
    Py_UCS4 a = at(t, i + 1);
    if (a == 's' || a == 'd' || a == 'm' || a == 't') return i + 2;
    if (i + 2 >= t->n) return -1;
    Py_UCS4 b = at(t, i + 2);
    if ((a == 'l' && b == 'l') || (a == 'v' && b == 'e') || (a == 'r' && b == 'e')) return i + 3;
    return -1;
}

/* \s+ at i (i is white space): the end j of the run. Then, for the alternatives that follow the patterns' own
 * order: `\s++$` takes the run at the end of the text; `\s+(?!\S)` gives back the last space before a non-space
 * (and fails on a single one); `\s` (or `\s+`) takes one. */
static Py_ssize_t spaces_tail(const Text *t, Py_ssize_t i, Py_ssize_t j) {
    if (j == t->n) return j;
    if (j - i >= 2) return j - 1;
    return i + 1;
}

/* \s*[\r\n] (cl100k) and \s*[\r\n]+ (o200k) at i, the run of spaces ending at j: \s* gives back one character at
 * a time until a line break follows, so the match ends after the run's last line break; -1 if it has none. */
static Py_ssize_t through_last_break(const Text *t, Py_ssize_t i, Py_ssize_t j) {
    for (Py_ssize_t k = j - 1; k >= i; k--) {
        if (is_line_break(t, k)) return k + 1;
    }
    return -1;
}

/* \p{N}{1,3} at i (cl100k, o200k): its end, or -1. */
static Py_ssize_t up_to_three_digits(const Text *t, Py_ssize_t i) {
    if (!is(t, i, NUMBER)) return -1;
    Py_ssize_t e = i + 1;
    while (e < i + 3 && is(t, e, NUMBER)) e++;
    return e;
}

/* ` ?[^\s\p{L}\p{N}]+` at i: `` ?`` takes the space when such characters follow it. Its end, or -1. */
static Py_ssize_t others(const Text *t, Py_ssize_t i) {
    Py_ssize_t s = at(t, i) == ' ' && is_other(t, i + 1) ? i + 1 : i;
    return is_other(t, s) ? run_other(t, s) : -1;
}

/* gpt2 on a text of one kind: the class of the first character (and after a space, of the second) chooses the
 * alternative at once, each read once; only an apostrophe tries the contractions first. */
static inline Py_ssize_t gpt2_of_kind(const Text *t, Py_ssize_t i, int kind) {
    Py_UCS4 c = unit_at(t->data, kind, i);
    if (c == '\'') {
        Py_ssize_t e = contraction(t, i, 0);
        if (e >= 0) return e;
    }
    if (c == ' ' && i + 1 < t->n) { /* ` ?` takes the space if letters, digits or others follow it */
        unsigned next = classes[unit_at(t->data, kind, i + 1)];
        if (next & LETTER) return run_in(t, kind, i + 2, LETTER, 0);
        if (next & NUMBER) return run_in(t, kind, i + 2, NUMBER, 0);
        if (!(next & SPACE)) return run_in(t, kind, i + 2, LETTER | NUMBER | SPACE, 1);
    }
    unsigned first = classes[c];
    if (first & LETTER) return run_in(t, kind, i + 1, LETTER, 0);
    if (first & NUMBER) return run_in(t, kind, i + 1, NUMBER, 0);
    if (!(first & SPACE)) return run_in(t, kind, i + 1, LETTER | NUMBER | SPACE, 1);
    return spaces_tail(t, i, run_in(t, kind, i + 1, SPACE, 0));
}

/* '(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s */
static Py_ssize_t gpt2(const Text *t, Py_ssize_t i) {
    switch (t->kind) {
    case PyUnicode_1BYTE_KIND:
        return gpt2_of_kind(t, i, PyUnicode_1BYTE_KIND);
    case PyUnicode_2BYTE_KIND:
        return gpt2_of_kind(t, i, PyUnicode_2BYTE_KIND);
    default:
        return gpt2_of_kind(t, i, PyUnicode_4BYTE_KIND);
    }
}

/* '(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+
 * |\s++$|\s*[\r\n]|\s+(?!\S)|\s */
static Py_ssize_t cl100k(const Text *t, Py_ssize_t i) {
    Py_ssize_t e = contraction(t, i, 1);
    if (e >= 0) return e;
    if (is_lead(t, i)) { /* `?+` keeps the character it took: letters must follow it */
        if (is(t, i + 1, LETTER)) return run(t, i + 1, LETTER);
    } else if (is(t, i, LETTER)) {
        return run(t, i, LETTER);
    }
    if ((e = up_to_three_digits(t, i)) >= 0) return e;
    if ((e = others(t, i)) >= 0) {
        while (is_line_break(t, e)) e++;
        return e;
    }
    if (is(t, i, SPACE)) {
        Py_ssize_t j = run(t, i, SPACE);
        if (j == t->n) return j;
        e = through_last_break(t, i, j);
        return e >= 0 ? e : spaces_tail(t, i, j);
    }
    return -1;
}

/* [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+ from s: the upper-ish run is greedy and gives back
 * one character at a time until a lower-ish one starts there (first at the run's end: a lower-case letter); the
 * lower-ish run then goes as far as it can. Its end, or -1. */
static Py_ssize_t cased_word(const Text *t, Py_ssize_t s) {
    Py_ssize_t u = run(t, s, UPPERISH);
    for (Py_ssize_t p = u; p >= s; p--) {
        if (is(t, p, LOWERISH)) return run(t, p, LOWERISH);
    }
    return -1;
}

/* [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]* from s: its end, or -1. */
static Py_ssize_t capitalized_word(const Text *t, Py_ssize_t s) {
    if (!is(t, s, UPPERISH)) return -1;
    return run(t, run(t, s, UPPERISH), LOWERISH);
}

static Py_ssize_t with_contraction(const Text *t, Py_ssize_t e) {
    Py_ssize_t c = contraction(t, e, 1);
    return c >= 0 ? c : e;
}

/* [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
 * |[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
 * |\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
 * The leading character is optional, not possessive: each word form is tried with it, then without it. */
static Py_ssize_t o200k(const Text *t, Py_ssize_t i) {
    int lead = is_lead(t, i);
    Py_ssize_t e;
    if ((lead && (e = cased_word(t, i + 1)) >= 0) || (e = cased_word(t, i)) >= 0) return with_contraction(t, e);
    if ((lead && (e = capitalized_word(t, i + 1)) >= 0) || (e = capitalized_word(t, i)) >= 0)
        return with_contraction(t, e);
    if ((e = up_to_three_digits(t, i)) >= 0) return e;
    if ((e = others(t, i)) >= 0) {
        while (e < t->n && (is_line_break(t, e) || at(t, e) == '/')) e++;
        return e;
    }
    if (is(t, i, SPACE)) {
        Py_ssize_t j = run(t, i, SPACE);
        e = through_last_break(t, i, j);
        return e >= 0 ? e : spaces_tail(t, i, j);
    }
    return -1;
}

/* ----- published pipelines' cuts (a tokenizer.json's Split steps), recognized by their exact regexes ----- */

/* Llama 3's Split regex (its tokenizer.json; tiktoken's pat_str in meta-llama/llama3), and Qwen 2's with one digit:
 * (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
 * It is cl100k's but for one thing: cl100k's \s++$ first takes a run of white space that ends the text whole, where
 * this one ends the run's pre-token after its last line break ("a\n  ": cl100k 'a', '\n  '; Llama 3 'a', '\n', '  ').
 * The optional lead and the runs are not possessive here, which changes nothing: nothing follows them to backtrack
 * into. `digits`: the most digits a pre-token holds (3, or 1 for Qwen 2's \p{N}). */
static Py_ssize_t llama3_digits(const Text *t, Py_ssize_t i, Py_ssize_t digits) {
    Py_ssize_t e = contraction(t, i, 1);
    if (e >= 0) return e;
    if (is_lead(t, i)) { /* the lead, then letters; without the lead, a letter would have to be at i */
        if (is(t, i + 1, LETTER)) return run(t, i + 1, LETTER);
    } else if (is(t, i, LETTER)) {
        return run(t, i, LETTER);
    }
    if (is(t, i, NUMBER)) {
        e = i + 1;
        while (e < i + digits && is(t, e, NUMBER)) e++;
        return e;
    }
    if ((e = others(t, i)) >= 0) {
        while (is_line_break(t, e)) e++;
        return e;
    }
    if (is(t, i, SPACE)) {
        Py_ssize_t j = run(t, i, SPACE);
        e = through_last_break(t, i, j); /* \s*[\r\n]+: the break ending the run's last line break run */
        return e >= 0 ? e : spaces_tail(t, i, j);
    }
    return -1;
}

static Py_ssize_t llama3(const Text *t, Py_ssize_t i) { return llama3_digits(t, i, 3); }

static Py_ssize_t qwen2(const Text *t, Py_ssize_t i) { return llama3_digits(t, i, 1); }

/* DeepSeek V3's pre-tokenizer (and V4's): three Split steps, each Isolated (a match is a piece, and so is the text
 * between two matches), each cutting every piece the one before made:
 *   1. \p{N}{1,3}                   runs of digits, in threes from the run's start;
 *   2. [一-龥\u3040-ゟ゠-ヿ]+           runs of kanji and kana;
 *   3. [!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~][A-Za-z]+|[^\r\n\p{L}\p{P}\p{S}]?[\p{L}\p{M}]+| ?[\p{P}\p{S}]+[\r\n]*
 *      |\s*[\r\n]+|\s+(?!\S)|\s+
 * No kanji or kana is a digit, so the pieces the third step sees are: a group of up to three digits (it matches
 * nothing there: one piece), a run of kanji and kana, or a run of anything else. The third regex then runs inside
 * one such piece, whose end is the end of its text (for \s+(?!\S) too).
 *
 *   >>> scanner.findall("deepseek_v3", "x=12345中文ア・イ")
 *   ['x', '=', '123', '45', '中文ア', '・', 'イ']
 */
enum { IN_OTHER, IN_KANJI_KANA };

/* Whether text[k] is in the same step-2 piece as the position the match started at (a piece of `piece`'s kind). */
static inline int inside(const Text *t, Py_ssize_t k, int piece) {
    if (k >= t->n) return 0;
    unsigned c = cls(t, k);
    return piece == IN_KANJI_KANA ? (c & KANJI_KANA) != 0 : !(c & (NUMBER | KANJI_KANA));
}

static inline int inside_is(const Text *t, Py_ssize_t k, int piece, unsigned bits) {
    return inside(t, k, piece) && (cls(t, k) & bits);
}

static inline Py_ssize_t inside_run(const Text *t, Py_ssize_t k, int piece, unsigned bits) {
    while (inside_is(t, k, piece, bits)) k++;
    return k;
}

static inline int ascii_letter(Py_UCS4 c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* [!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~]: ASCII's punctuation and symbols */
static inline int ascii_punct(Py_UCS4 c) {
    return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}

/* The third Split's regex at i, inside a piece: the end of its match, or -1 where none starts at i. */
static Py_ssize_t deepseek_match(const Text *t, Py_ssize_t i, int piece) {
    Py_UCS4 c = at(t, i);
    /* [!"#...~][A-Za-z]+ */
    if (ascii_punct(c) && inside(t, i + 1, piece) && ascii_letter(at(t, i + 1))) {
        Py_ssize_t e = i + 2;
        while (inside(t, e, piece) && ascii_letter(at(t, e))) e++;
        return e;
    }
    /* [^\r\n\p{L}\p{P}\p{S}]?[\p{L}\p{M}]+: with the lead, else without it (then a letter or mark is at i) */
    int lead = c != '\r' && c != '\n' && !(cls(t, i) & (LETTER | PUNCT_SYMBOL));
    if (lead && inside_is(t, i + 1, piece, LETTER_MARK)) return inside_run(t, i + 1, piece, LETTER_MARK);
    if (cls(t, i) & LETTER_MARK) return inside_run(t, i, piece, LETTER_MARK);
    /* ` ?[\p{P}\p{S}]+[\r\n]*`: the space when punctuation follows it */
    Py_ssize_t s = c == ' ' && inside_is(t, i + 1, piece, PUNCT_SYMBOL) ? i + 1 : i;
    if (inside_is(t, s, piece, PUNCT_SYMBOL)) {
        Py_ssize_t e = inside_run(t, s, piece, PUNCT_SYMBOL);
        while (inside(t, e, piece) && is_line_break(t, e)) e++;
        return e;
    }
    /* \s*[\r\n]+ (the run through its last line break), \s+(?!\S) (all of it at the piece's end, else all but the
     * last), \s+ (one) */
    if (cls(t, i) & SPACE) {
        Py_ssize_t j = inside_run(t, i, piece, SPACE);
        Py_ssize_t e = through_last_break(t, i, j);
        if (e >= 0) return e;
        if (!inside(t, j, piece)) return j;
        return j - i >= 2 ? j - 1 : i + 1;
    }
    return -1;
}

static Py_ssize_t deepseek_v3(const Text *t, Py_ssize_t i) {
    if (is(t, i, NUMBER)) return up_to_three_digits(t, i); /* step 1's match: steps 2 and 3 find nothing in it */
    int piece = is(t, i, KANJI_KANA) ? IN_KANJI_KANA : IN_OTHER;
    Py_ssize_t e = deepseek_match(t, i, piece);
    if (e >= 0) return e;
    /* Isolated: the text up to where the next match starts (or the piece ends) is a piece of its own */
    for (e = i + 1; inside(t, e, piece) && deepseek_match(t, e, piece) < 0; e++) {
    }
    return e;
}

typedef ScanFunction Scan;
static const Scan PATTERNS[] = {gpt2, cl100k, o200k, llama3, qwen2, deepseek_v3};
#define PATTERN_COUNT ((int)(sizeof(PATTERNS) / sizeof(PATTERNS[0])))
#define PATTERN_NAMES "0 (gpt2), 1 (cl100k), 2 (o200k), 3 (llama3), 4 (qwen2) or 5 (deepseek_v3)"

/* By pattern, its starts found 64 characters at a time (_block_starts.h), once set_classes() has found the class
 * table's ASCII is theirs; NULL for the others. */
static BlockStartsFunction BLOCK_STARTS[PATTERN_COUNT] = {NULL};

/* Pre-tokens found at a time without the GIL. Finding them reads only the text (immutable, and held) and the class
 * table (never freed), so it runs with the GIL released; only making the strings needs it. Another thread (the
 * window's) takes the GIL while a batch is found, as it would from Python code. Releasing it for an instant
 * instead, between two pieces, is not enough: a thread waiting for the GIL asks for it only after a whole switch
 * interval without a switch, and each such instant counts as one, so a waiting window could wait to the end. */
#define BATCH 16384

/* What scanning does with each pre-token: add it, or its ids, to out. 0, or -1 with an exception. */
typedef int (*OnPiece)(PyObject *out, PyObject *cache, PyObject *piece);

static int add_piece(PyObject *out, PyObject *cache, PyObject *piece) { return PyList_Append(out, piece); }

/* The ids of one pre-token from the cache (a dict whose __missing__ encodes a pre-token), added to out.
 * __missing__ is Python code: it may hand back any list, even out itself (gc.get_objects() finds it). Appending to
 * out then moves that list's items, so each id is read from the list again after every append, and only the
 * `count` ids it had (as out.extend(out) adds them). */
static int add_ids(PyObject *out, PyObject *cache, PyObject *piece) {
    PyObject *ids = PyDict_GetItemWithError(cache, piece);
    if (ids) {
        Py_INCREF(ids);
    } else if (PyErr_Occurred() || !(ids = PyObject_GetItem(cache, piece))) {
        return -1;
    }
    PyObject *items = PySequence_Fast(ids, "a pre-token's ids are a sequence");
    Py_DECREF(ids);
    if (!items) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(items); /* no Python code runs below: items can only grow */
    for (Py_ssize_t k = 0; k < count; k++) {
        if (PyList_Append(out, PySequence_Fast_GET_ITEM(items, k)) < 0) {
            Py_DECREF(items);
            return -1;
        }
    }
    Py_DECREF(items);
    return 0;
}

/* Every pre-token of text under pattern, handed to on_piece in order; the list it fills, or NULL. */
static PyObject *scan_text(PyObject *text, int pattern, PyObject *cache, OnPiece on_piece) {
    if (classes == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "set_classes() first");
        return NULL;
    }
    if (pattern < 0 || pattern >= PATTERN_COUNT) {
        PyErr_SetString(PyExc_ValueError, "pattern is " PATTERN_NAMES);
        return NULL;
    }
    Scan scan = PATTERNS[pattern];
    Text t = {PyUnicode_KIND(text), PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text)};
    Py_ssize_t *ends = PyMem_RawMalloc(sizeof(Py_ssize_t) * BATCH);
    PyObject *out = ends ? PyList_New(0) : PyErr_NoMemory();
    if (!out) {
        PyMem_RawFree(ends);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < t.n;) {
        Py_ssize_t found = 0, stuck = -1;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t j = i; found < BATCH && j < t.n; j = ends[found++]) {
            Py_ssize_t e = scan(&t, j);
            if (e <= j) {
                stuck = j;
                break;
            }
            ends[found] = e;
        }
        Py_END_ALLOW_THREADS
        for (Py_ssize_t k = 0; k < found; k++) {
            PyObject *piece = PyUnicode_Substring(text, i, ends[k]);
            if (!piece || on_piece(out, cache, piece) < 0) {
                Py_XDECREF(piece);
                Py_DECREF(out);
                PyMem_RawFree(ends);
                return NULL;
            }
            Py_DECREF(piece);
            i = ends[k];
        }
        if (stuck >= 0) {
            Py_DECREF(out);
            PyMem_RawFree(ends);
            return PyErr_Format(PyExc_RuntimeError, "no alternative matches at %zd", stuck);
        }
    }
    PyMem_RawFree(ends);
    return out;
}

/* findall(text: str, pattern: int) -> list[str]: the pre-tokens of text (pattern: see PATTERN_NAMES) */
static PyObject *scan_findall(PyObject *module, PyObject *args) {
    PyObject *text;
    int pattern;
    if (!PyArg_ParseTuple(args, "Ui", &text, &pattern)) return NULL;
    return scan_text(text, pattern, NULL, add_piece);
}

/* encode(text: str, pattern: int, cache: dict) -> list[int]: the ids of text's pre-tokens, each looked up in
 * cache (cache[piece], so that a dict's __missing__ encodes a pre-token not seen yet), without a list of them */
static PyObject *scan_encode(PyObject *module, PyObject *args) {
    PyObject *text, *cache;
    int pattern;
    if (!PyArg_ParseTuple(args, "UiO!", &text, &pattern, &PyDict_Type, &cache)) return NULL;
    return scan_text(text, pattern, cache, add_ids);
}

/* Counting: each distinct pre-token of a text once, in a table of our own, so that no Python object is made per
 * pre-token (counting a corpus made a str per pre-token and a dict update per str: most of its time).
 *
 *   >>> counts = {" be": 1}
 *   >>> _scan.count("to be or not to be", 0, counts)
 *   >>> sorted(counts.items())
 *   [(' be', 3), (' not', 1), (' or', 1), (' to', 1), ('to', 1)]
 *
 * The table is open addressing with linear probing: a slot holds where a pre-token stands in the text (its first
 * occurrence), its length, its hash and its count; two pre-tokens are the same when their code points are (the
 * text has one width, so comparing their bytes compares them). It never holds more than half its slots, and
 * doubles when it would. Scanning and counting read only the text (held by the call's arguments) and the class
 * table, and write only the table (ours), so they run without the GIL; only adding to the dict needs it. */
typedef struct {
    Py_ssize_t start; /* -1: an empty slot */
    Py_ssize_t length;
    uint64_t hash;
    Py_ssize_t count;
} Slot;

typedef struct {
    Slot *slots;
    size_t mask; /* the slots in use - 1, a power of two - 1 */
    size_t used;
    size_t room; /* the slots allocated (at least mask + 1) */
} Table;

/* FNV-1a over the pre-token's bytes in the text (kind bytes per code point). */
static uint64_t hash_bytes(const unsigned char *p, size_t n) {
    uint64_t h = 14695981039346656037ULL;
    for (size_t k = 0; k < n; k++) h = (h ^ p[k]) * 1099511628211ULL;
    return h;
}

/* slots empty slots (a power of two): 0, or -1 when out of memory. Needs no GIL. */
static int table_init(Table *table, size_t slots) {
    table->slots = PyMem_RawMalloc(sizeof(Slot) * slots);
    if (!table->slots) return -1;
    for (size_t k = 0; k < slots; k++) table->slots[k].start = -1;
    table->mask = slots - 1;
    table->used = 0;
    table->room = slots;
    return 0;
}

/* The table made ready for a text of n code points, in the room it has (a new one if it has none): a text holds at
 * most n pre-tokens, so 2n slots never grow, and only as many slots as are used are emptied (emptying a large
 * table for every short text between special tokens would cost more than scanning them). 0, or -1 when out of
 * memory. Needs no GIL. */
static int table_ready(Table *table, Py_ssize_t n) {
    size_t slots = 1024;
    while (slots < 2 * (size_t)n && slots < table->room) slots *= 2;
    if (!table->slots) return table_init(table, slots);
    for (size_t k = 0; k < slots; k++) table->slots[k].start = -1;
    table->mask = slots - 1;
    table->used = 0;
    return 0;
}

/* Where a pre-token of this hash goes: its own slot if it is there, else the first empty slot after its place. */
static Slot *table_find(const Table *table, const Text *t, Py_ssize_t start, Py_ssize_t length, uint64_t hash) {
    const unsigned char *data = t->data;
    size_t width = (size_t)t->kind;
    for (size_t k = (size_t)hash & table->mask;; k = (k + 1) & table->mask) {
        Slot *slot = &table->slots[k];
        if (slot->start < 0) return slot;
        if (slot->hash == hash && slot->length == length &&
            memcmp(data + width * slot->start, data + width * start, width * length) == 0)
            return slot;
    }
}

/* Twice the slots, every pre-token moved to its place there: 0, or -1 when out of memory (the table unchanged). */
static int table_grow(Table *table, const Text *t) {
    Table bigger;
    if (table_init(&bigger, 2 * (table->mask + 1)) < 0) return -1;
    for (size_t k = 0; k <= table->mask; k++) {
        Slot *slot = &table->slots[k];
        if (slot->start >= 0) *table_find(&bigger, t, slot->start, slot->length, slot->hash) = *slot;
    }
    bigger.used = table->used;
    PyMem_RawFree(table->slots);
    *table = bigger;
    return 0;
}

/* One more occurrence of text[start:end]: 0, or -1 when out of memory. */
static int table_add(Table *table, const Text *t, Py_ssize_t start, Py_ssize_t end) {
    size_t width = (size_t)t->kind;
    uint64_t hash = hash_bytes((const unsigned char *)t->data + width * start, width * (end - start));
    Slot *slot = table_find(table, t, start, end - start, hash);
    if (slot->start >= 0) {
        slot->count++;
        return 0;
    }
    if (2 * (table->used + 1) > table->mask + 1) {
        if (table_grow(table, t) < 0) return -1;
        slot = table_find(table, t, start, end - start, hash);
    }
    *slot = (Slot){start, end - start, hash, 1};
    table->used++;
    return 0;
}

/* The table is kept from one count to the next: a corpus is counted a piece at a time, and making a table for each,
 * growing it by doubling and freeing it, would allocate and free megabytes per piece. Taking it and giving it back
 * happen with the GIL held; a count that finds it taken (another thread's, or one started by Python code that
 * adding runs) makes its own. At most KEEP_SLOTS slots (32 MB) are kept. */
#define KEEP_SLOTS ((size_t)1 << 20)
static Table kept = {NULL, 0, 0, 0};

static Table take_table(void) {
    Table table = kept;
    kept = (Table){NULL, 0, 0, 0};
    return table;
}

static void give_back(Table table) {
    if (table.slots && !kept.slots && table.room <= KEEP_SLOTS) {
        kept = table;
    } else {
        PyMem_RawFree(table.slots);
    }
}

/* Each distinct pre-token of the table added to counts (a dict: pre-token -> count), its count added to the count
 * there. The values of counts are Python objects whose + may run any code: the table and the text are ours and
 * held, and counts is never iterated, so nothing read here can move. 0, or -1 with an exception. */
static int add_counts(PyObject *text, const Table *table, PyObject *counts) {
    for (size_t k = 0; k <= table->mask; k++) {
        const Slot *slot = &table->slots[k];
        if (slot->start < 0) continue;
        PyObject *piece = PyUnicode_Substring(text, slot->start, slot->start + slot->length);
        PyObject *count = piece ? PyLong_FromSsize_t(slot->count) : NULL;
        PyObject *had = count ? PyDict_GetItemWithError(counts, piece) : NULL; /* borrowed */
        PyObject *total = NULL;
        if (had) {
            Py_INCREF(had); /* the + below may run code that drops it from counts */
            total = PyNumber_Add(had, count);
            Py_DECREF(had);
        } else if (count && !PyErr_Occurred()) {
            total = Py_NewRef(count);
        }
        int failed = !total || PyDict_SetItem(counts, piece, total) < 0;
        Py_XDECREF(total);
        Py_XDECREF(count);
        Py_XDECREF(piece);
        if (failed) return -1;
    }
    return 0;
}

/* count(text: str, pattern: int, counts: dict) -> None: every pre-token of text (pattern: see PATTERN_NAMES)
 * added to counts, as counts[p] = counts.get(p, 0) + n for each distinct pre-token p seen n times */
static PyObject *scan_count(PyObject *module, PyObject *args) {
    PyObject *text, *counts;
    int pattern;
    if (!PyArg_ParseTuple(args, "UiO!", &text, &pattern, &PyDict_Type, &counts)) return NULL;
    if (classes == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "set_classes() first");
        return NULL;
    }
    if (pattern < 0 || pattern >= PATTERN_COUNT) {
        PyErr_SetString(PyExc_ValueError, "pattern is " PATTERN_NAMES);
        return NULL;
    }
    Scan scan = PATTERNS[pattern];
    Text t = {PyUnicode_KIND(text), PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text)};
    Table table = take_table();
    Py_ssize_t stuck = -1;
    int no_memory = 0;
    Py_BEGIN_ALLOW_THREADS
    no_memory = table_ready(&table, t.n) < 0;
    for (Py_ssize_t i = 0; !no_memory && i < t.n;) {
        Py_ssize_t e = scan(&t, i);
        if (e <= i) {
            stuck = i;
            break;
        }
        no_memory = table_add(&table, &t, i, e) < 0;
        i = e;
    }
    Py_END_ALLOW_THREADS
    int failed = no_memory || stuck >= 0 || add_counts(text, &table, counts) < 0;
    if (no_memory) {
        PyErr_NoMemory();
    } else if (stuck >= 0) {
        PyErr_Format(PyExc_RuntimeError, "no alternative matches at %zd", stuck);
    }
    give_back(table); /* its slots NULL when it could not be made */
    if (failed) return NULL;
    Py_RETURN_NONE;
}

/* Whether the table's letters, digits and white space among ASCII characters are those _block_starts.h compares. */
static int ascii_agrees(const uint16_t *table) {
    for (unsigned c = 0; c < 128; c++) {
        unsigned char one = (unsigned char)c;
        ScanText t = {PyUnicode_1BYTE_KIND, &one, 1};
        BlockMasks m = block_masks(&t, 0, 1);
        unsigned bits = (m.letter & 1 ? LETTER : 0) | (m.digit & 1 ? NUMBER : 0) | (m.space & 1 ? SPACE : 0);
        if ((table[c] & (LETTER | NUMBER | SPACE)) != bits) return 0;
    }
    return 1;
}

/* Whether the table's capitals and small letters among ASCII characters are o200k_starts's: [A-Z] upper-ish only,
 * [a-z] lower-ish only; and Latin-1 holds no mark, which o200k's words take but its starts do not read. */
static int ascii_cases_agree(const uint16_t *table) {
    for (unsigned c = 0; c < 128; c++) {
        unsigned cases = table[c] & (UPPERISH | LOWERISH);
        if (cases != (c >= 'A' && c <= 'Z' ? UPPERISH : c >= 'a' && c <= 'z' ? LOWERISH : 0)) return 0;
    }
    for (unsigned c = 128; c < 256; c++) { /* and no Latin-1 character is a mark (cased, no letter) */
        if ((table[c] & (UPPERISH | LOWERISH)) && !(table[c] & LETTER)) return 0;
    }
    return 1;
}

/* Each letter range of _block_starts.h turned on where every code point of it is, in the table, a letter both upper-
 * and lower-ish and nothing else (Lo: not a digit, white space or a mark): else its characters are classed by the
 * table. */
static void letter_ranges_agree(const uint16_t *table) {
    const unsigned read = LETTER | NUMBER | SPACE | UPPERISH | LOWERISH;
    for (int r = 0; r < LETTER_RANGE_COUNT; r++) {
        Py_UCS4 c = LETTER_RANGES[r].first, last = LETTER_RANGES[r].last;
        while (c <= last && (table[c] & read) == (LETTER | UPPERISH | LOWERISH)) c++;
        if (c <= last) continue;
        range_bias[r] = (int16_t)(uint16_t)(LETTER_RANGES[r].first + 0x8000);
        range_limit[r] = (int16_t)(last - LETTER_RANGES[r].first + 1 - 0x8000);
    }
}

/* starts(text: str, pattern: int, at: int = 0) -> list[int] | None: where the pre-tokens of text[at:] start (counted
 * from at), found 64 characters at a time in place (what encode and count read; the tests compare it with
 * findall's), None where part of it is left to the scanner (a word of 64 with many characters classed by the table,
 * a mark under o200k, a surrogate, a long run of white space) */
static PyObject *scan_starts(PyObject *module, PyObject *args) {
    PyObject *text;
    int pattern;
    Py_ssize_t at = 0;
    if (!PyArg_ParseTuple(args, "Ui|n", &text, &pattern, &at)) return NULL;
    if (pattern < 0 || pattern >= PATTERN_COUNT || !BLOCK_STARTS[pattern]) {
        PyErr_SetString(PyExc_ValueError, "no starts for this pattern (gpt2's to qwen2's, once set_classes() ran)");
        return NULL;
    }
    ScanText t = {PyUnicode_KIND(text), PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text)};
    if (at < 0 || at > t.n) {
        PyErr_SetString(PyExc_ValueError, "at is a place in the text");
        return NULL;
    }
    size_t n = (size_t)(t.n - at), words = (n + 63) / 64;
    uint64_t *bits = PyMem_Calloc(words + 1, sizeof(uint64_t));
    if (!bits) return PyErr_NoMemory();
    if (n && BLOCK_STARTS[pattern](&t, (size_t)at, (size_t)t.n, bits) < (size_t)t.n) {
        PyMem_Free(bits);
        Py_RETURN_NONE;
    }
    PyObject *starts = PyList_New(0);
    for (size_t w = 0; starts && w < words; w++) {
        for (uint64_t b = bits[w]; b; b &= b - 1) {
            PyObject *place = PyLong_FromSize_t(64 * w + (size_t)__builtin_ctzll(b));
            if (!place || PyList_Append(starts, place) < 0) Py_CLEAR(starts);
            Py_XDECREF(place);
            if (!starts) break;
        }
    }
    PyMem_Free(bits);
    return starts;
}

/* set_classes(table: bytes): one little-endian uint16 of class bits per code point (0x110000 of them), once */
static PyObject *scan_set_classes(PyObject *module, PyObject *arg) {
    if (!PyBytes_Check(arg) || PyBytes_GET_SIZE(arg) != (Py_ssize_t)CODE_POINTS * 2) {
        PyErr_SetString(PyExc_ValueError, "the table is bytes: two per code point, 0x110000 code points");
        return NULL;
    }
    if (classes) Py_RETURN_NONE; /* the first table stays: another thread may be scanning with it */
    uint16_t *table = PyMem_Malloc(sizeof(uint16_t) * CODE_POINTS);
    if (!table) return PyErr_NoMemory();
    const unsigned char *data = (const unsigned char *)PyBytes_AS_STRING(arg);
    for (Py_ssize_t c = 0; c < CODE_POINTS; c++) table[c] = (uint16_t)(data[2 * c] | (data[2 * c + 1] << 8));
    if (ascii_agrees(table)) {
        BLOCK_STARTS[0] = gpt2_starts;
        BLOCK_STARTS[1] = cl100k_starts;
        BLOCK_STARTS[3] = llama3_starts;
        BLOCK_STARTS[4] = qwen2_starts;
        if (ascii_cases_agree(table)) BLOCK_STARTS[2] = o200k_starts;
        letter_ranges_agree(table);
    }
    classes = table;
    Py_RETURN_NONE;
}

static PyMethodDef scan_methods[] = {
    {"findall", scan_findall, METH_VARARGS, "findall(text, pattern) -> list[str]: pattern " PATTERN_NAMES "."},
    {"encode", scan_encode, METH_VARARGS, "encode(text, pattern, cache) -> list[int]: pre-tokens' ids from cache."},
    {"count", scan_count, METH_VARARGS, "count(text, pattern, counts: dict): each pre-token's count added."},
    {"starts", scan_starts, METH_VARARGS,
     "starts(text, pattern, at=0) -> list[int] | None: text[at:]'s starts, 64 at a time."},
    {"set_classes", scan_set_classes, METH_O, "set_classes(table: bytes): the class bits of every code point."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef scan_module = {
    PyModuleDef_HEAD_INIT, "bpe_core._scan", "The shipped patterns' pre-tokenizing, compiled.", -1, scan_methods,
};

static int classes_ready(void) { return classes != NULL; }

/* The scanners lent to bpe_core._encode (see _scan_api.h). */
static const ScanApi scan_api = {SCAN_API_VERSION, PATTERN_COUNT, PATTERNS, classes_ready, BLOCK_STARTS};

PyMODINIT_FUNC PyInit__scan(void) {
    PyObject *module = PyModule_Create(&scan_module);
    if (!module) return NULL;
    PyObject *capsule = PyCapsule_New((void *)&scan_api, "bpe_core._scan._api", NULL);
    if (!capsule || PyModule_AddObject(module, "_api", capsule) < 0) {
        Py_XDECREF(capsule);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
