/* bpe_core/_specials.h: a tokenizer's special tokens, split out of the text before it is scanned (included by
 * _encode.c, whose encode_batch encodes the ordinary text between two; pretokenize/specials.py's SpecialSplitter
 * does the same for the Python path).
 *
 *   "lo<|endoftext|>w" with the special token <|endoftext|>: the ordinary text "lo", the token's id, then "w"
 */
#ifndef BPE_SPECIALS_H
#define BPE_SPECIALS_H

#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_scan_api.h"

/* A tokenizer's special tokens, made once by specials(tokens, ids) and given to each encode: where one starts, it is
 * its id; where several start at the same place, the longest; the text between two is ordinary text. They are kept
 * sorted by their first code point and, among equal ones, longest first: the first that matches at a place is the
 * one taken. A token with a surrogate is left out: the Python path replaces the text's lone surrogates by U+FFFD
 * before it looks for special tokens (fix_surrogates), so no such token is ever found. The encoder does the same
 * where it can (utf8_of: a surrogate is no special token's character, so none is found at one, as none is at the
 * U+FFFD the Python path reads there), but not where a token holds U+FFFD itself (has_replacement): there a
 * surrogate stops the encode with UnicodeEncodeError, and Tokenizer.encode replaces them and encodes again.
 *
 *   >>> specials = _encode.specials(["<|endoftext|>"], [50256])   # enc: the example of _encode.c's opening comment
 *   >>> enc.encode("lo<|endoftext|>w", 2, specials)
 *   [256, 50256, 119]
 */
typedef struct {
    PyObject_HEAD
    Py_ssize_t count;
    Py_UCS4 *chars;        /* the tokens' code points, one token after another */
    Py_ssize_t *starts;    /* token k is chars[starts[k] : starts[k + 1]] */
    PyObject **ids;        /* token k's id */
    uint64_t filter[1024]; /* a bit per first code point (its low 16 bits): most characters start no token */
    int one_first;         /* every token starts with chars[0] (found with memchr) */
    int has_replacement;   /* a token holds U+FFFD: the text's lone surrogates are not replaced (see above) */
} Specials;

static void specials_dealloc(Specials *s) {
    for (Py_ssize_t k = 0; s->ids && k < s->count; k++) Py_XDECREF(s->ids[k]);
    PyMem_Free(s->ids);
    PyMem_Free(s->chars);
    PyMem_Free(s->starts);
    PyObject_Free(s);
}

static PyTypeObject SpecialsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "bpe_core._encode.Specials",
    .tp_basicsize = sizeof(Specials),
    .tp_dealloc = (destructor)specials_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A tokenizer's special tokens, for Encoder.encode: made by bpe_core._encode.specials().",
};

typedef struct {
    PyObject *token;
    Py_ssize_t length;
    Py_UCS4 first;
} SpecialOrder;

/* By their code points, as strings sort (a token before those it is the start of): the tokens that start like the
 * text at a place are then one run of the list, which special_at narrows letter by letter. */
static int special_order(const void *a, const void *b) {
    PyObject *x = PyTuple_GET_ITEM(((const SpecialOrder *)a)->token, 0);
    PyObject *y = PyTuple_GET_ITEM(((const SpecialOrder *)b)->token, 0);
    return PyUnicode_Compare(x, y); /* two str: no error */
}

/* Whether the token holds a character from `low` to `high`. */
static int holds(PyObject *token, Py_UCS4 low, Py_UCS4 high) {
    for (Py_ssize_t i = 0; i < PyUnicode_GET_LENGTH(token); i++) {
        Py_UCS4 ch = PyUnicode_READ_CHAR(token, i);
        if (ch >= low && ch <= high) return 1;
    }
    return 0;
}

/* specials(tokens: list[str], ids: list[int]) -> Specials: token k (a non-empty str) has id ids[k] */
static PyObject *make_specials(PyObject *module, PyObject *args) {
    PyObject *tokens, *ids;
    if (!PyArg_ParseTuple(args, "O!O!", &PyList_Type, &tokens, &PyList_Type, &ids)) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(tokens);
    if (n != PyList_GET_SIZE(ids))
        return PyErr_Format(PyExc_ValueError, "%zd special tokens but %zd ids", n, PyList_GET_SIZE(ids));
    SpecialOrder *order = PyMem_Calloc((size_t)n + 1, sizeof(SpecialOrder));
    Specials *s = order ? PyObject_New(Specials, &SpecialsType) : NULL;
    if (!s) {
        PyMem_Free(order);
        return PyErr_NoMemory();
    }
    memset((char *)s + sizeof(PyObject), 0, sizeof(Specials) - sizeof(PyObject));
    size_t total = 0;
    Py_ssize_t kept = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *token = PyList_GET_ITEM(tokens, k);
        if (!PyUnicode_Check(token) || PyUnicode_GET_LENGTH(token) == 0 || !PyLong_Check(PyList_GET_ITEM(ids, k))) {
            PyErr_Format(PyExc_ValueError, "special token %zd is not a non-empty str with an int id", k);
            goto failed;
        }
        if (holds(token, 0xd800, 0xdfff)) continue;
        if (holds(token, 0xfffd, 0xfffd)) s->has_replacement = 1;
        PyObject *pair = PyTuple_Pack(2, token, PyList_GET_ITEM(ids, k)); /* held while sorting */
        if (!pair) goto failed;
        order[kept++] = (SpecialOrder){pair, PyUnicode_GET_LENGTH(token), PyUnicode_READ_CHAR(token, 0)};
        total += (size_t)PyUnicode_GET_LENGTH(token);
    }
    qsort(order, (size_t)kept, sizeof(SpecialOrder), special_order);
    s->chars = PyMem_Malloc(sizeof(Py_UCS4) * (total + 1));
    s->starts = PyMem_Malloc(sizeof(Py_ssize_t) * ((size_t)kept + 1));
    s->ids = PyMem_Calloc((size_t)kept + 1, sizeof(PyObject *));
    if (!s->chars || !s->starts || !s->ids) {
        PyErr_NoMemory();
        goto failed;
    }
    s->one_first = 1;
    Py_ssize_t at = 0;
    for (Py_ssize_t k = 0; k < kept; k++) {
        PyObject *token = PyTuple_GET_ITEM(order[k].token, 0);
        s->starts[k] = at;
        if (!PyUnicode_AsUCS4(token, s->chars + at, order[k].length, 0)) goto failed;
        at += order[k].length;
        s->ids[k] = Py_NewRef(PyTuple_GET_ITEM(order[k].token, 1));
        s->count = k + 1;
        s->filter[(order[k].first & 0xffff) >> 6] |= (uint64_t)1 << (order[k].first & 63);
        if (order[k].first != order[0].first) s->one_first = 0;
    }
    s->starts[kept] = at;
    for (Py_ssize_t k = 0; k < kept; k++) Py_DECREF(order[k].token);
    PyMem_Free(order);
    return (PyObject *)s;
failed:
    for (Py_ssize_t k = 0; k < kept; k++) Py_XDECREF(order[k].token);
    PyMem_Free(order);
    Py_DECREF(s);
    return NULL;
}

/* The code unit where a character's low byte is (memchr looks for it). */
#if PY_LITTLE_ENDIAN
#define LOW_BYTE_AT(kind) 0
#else
#define LOW_BYTE_AT(kind) ((kind) - 1)
#endif

/* The first place in t[i:] whose character may start a special token (its bit in the filter), or t->n. When all
 * start with one character, memchr finds its low byte (the text's units are searched as bytes, many at a time). */
static Py_ssize_t next_candidate(const Specials *s, const ScanText *t, Py_ssize_t i) {
    int kind = t->kind;
    if (s->one_first && (kind == 4 || s->chars[0] < (Py_UCS4)1 << (8 * kind))) {
        Py_UCS4 first = s->chars[0];
        const unsigned char *base = t->data, *end = base + (size_t)kind * (size_t)t->n;
        for (const unsigned char *p = base + (size_t)kind * (size_t)i; p < end; p++) {
            p = memchr(p, (int)(first & 0xff), (size_t)(end - p));
            if (!p) return t->n;
            size_t offset = (size_t)(p - base);
            if (offset % (size_t)kind == LOW_BYTE_AT(kind) && PyUnicode_READ(kind, base, offset / kind) == first)
                return (Py_ssize_t)(offset / (size_t)kind);
        }
        return t->n;
    }
    if (s->one_first) return t->n; /* a character wider than the text's */
    for (; i < t->n; i++) {
        Py_UCS4 ch = PyUnicode_READ(kind, t->data, i) & 0xffff;
        if (s->filter[ch >> 6] >> (ch & 63) & 1) return i;
    }
    return t->n;
}

/* The first of the tokens lo..hi-1 (all longer than j, sorted) whose character j is ch or more (above: more). */
static Py_ssize_t first_with(const Specials *s, Py_ssize_t lo, Py_ssize_t hi, Py_ssize_t j, Py_UCS4 ch, int above) {
    while (lo < hi) {
        Py_ssize_t middle = lo + (hi - lo) / 2;
        Py_UCS4 at = s->chars[s->starts[middle] + j];
        if (at < ch || (above && at == ch)) lo = middle + 1;
        else hi = middle;
    }
    return lo;
}

/* The special token that starts at t[i] (the longest), or -1: the tokens that agree with the text on their first j
 * characters are the run lo..hi-1 of the sorted list; each character read narrows it by two binary searches, and a
 * token as long as what agrees (the first of the run) is a match; the last one found is the longest. */
static Py_ssize_t special_at(const Specials *s, const ScanText *t, Py_ssize_t i) {
    Py_ssize_t lo = 0, hi = s->count, found = -1;
    for (Py_ssize_t j = 0; lo < hi; j++) {
        if (s->starts[lo + 1] - s->starts[lo] == j) found = lo++; /* the token that is the j characters read */
        if (lo == hi || i + j >= t->n) break;
        Py_UCS4 ch = PyUnicode_READ(t->kind, t->data, i + j);
        lo = first_with(s, lo, hi, j, ch, 0);
        hi = first_with(s, lo, hi, j, ch, 1);
    }
    return found;
}

#endif
