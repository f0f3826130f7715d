/* bpe_core._cuts: the lab's ``greedy``, ``fewest`` and ``dropout`` cuts of one pre-token, compiled.
 *
 * The same rules as the pure-Python cuts in bpe_core/methods.py, which stay the reference (the tests compare the
 * two on every word they try):
 *   greedy  the longest token that starts the remaining bytes, again and again;
 *   fewest  a cut into the fewest tokens; among those, the one whose first token is longest, then the same rule on
 *           the rest (a shortest path computed from the end of the word).
 * Both return the tokens' ids, or None when some byte starts no token (Python then explains which).
 *   dropout BPE-dropout's merge loop, with the caller's random draws in the Python loop's order (see Dropout);
 *   trace   the same loop with nothing dropped, each merge it makes recorded (the X-ray's Methods.bpe_trace);
 *   trace_words  a batch of a tally's words traced so, their final parts and merges added up in C (the X-ray of
 *           a corpus: no Python object per word traced or per merge).
 *
 *   >>> from bpe_core._cuts import Cutter
 *   >>> cutter = Cutter({b"a": 0, b"b": 1, b"ab": 2, b"abb": 3})
 *   >>> cutter.greedy(b"abab"), cutter.fewest(b"abb")
 *   ([2, 2], [3])
 *
 * The vocabulary is an open-addressing hash table of the tokens' bytes, and for each three-byte prefix the lengths of
 * the tokens that start with it, longest first (then 2 and 1): a position tries only lengths some token has there.
 *
 * No call from Python crashes the interpreter, however it is made; every failure is a Python error:
 *   built     an object is usable only once its __init__ has succeeded (not after Cutter.__new__(Cutter), nor after
 *             a failed __init__, which frees what it had made); a built object is never built again, so its tables
 *             never change while a cut reads them (without the GIL, or around the caller's draw());
 *   lengths   lengths a caller gives are checked one by one against the bytes still left, so their sum never
 *             overflows nor passes the word's end.
 *
 *   >>> Cutter.__new__(Cutter).greedy(b"ab")
 *   Traceback (most recent call last):
 *   RuntimeError: Cutter is not built: its __init__ failed or was not called
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A hash table from byte strings to numbers: a token's bytes, or two tokens' bytes joined and where they join. */
typedef struct {
    char *bytes;            /* every key's bytes, one after another */
    Py_ssize_t *starts;     /* key k is bytes[starts[k] : starts[k] + lens[k]], joined at splits[k] (-1: one token) */
    Py_ssize_t *lens;
    Py_ssize_t *splits;
    long long *values;
    Py_ssize_t *slots;      /* a key's index + 1, or 0 for an empty slot */
    size_t mask;
} Table;

static uint64_t hash_key(const unsigned char *data, Py_ssize_t size, Py_ssize_t split) {
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (Py_ssize_t i = 0; i < size; i++) {
        h ^= data[i];
        h *= 1099511628211ULL;
    }
    h ^= (uint64_t)(split + 1) * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 29);
}

/* The number for data[:size] (joined at split, or -1 for one token), or -1. */
static long long table_get(const Table *t, const unsigned char *data, Py_ssize_t size, Py_ssize_t split) {
    size_t slot = (size_t)hash_key(data, size, split) & t->mask;
    while (t->slots[slot]) {
        Py_ssize_t k = t->slots[slot] - 1;
        if (t->lens[k] == size && t->splits[k] == split &&
            memcmp(t->bytes + t->starts[k], data, (size_t)size) == 0) {
            return t->values[k];
        }
        slot = (slot + 1) & t->mask;
    }
    return -1;
}

/* Free t's arrays and leave it empty (a failed fill may have made some of them). */
static void table_free(Table *t) {
    PyMem_Free(t->bytes);
    PyMem_Free(t->starts);
    PyMem_Free(t->lens);
    PyMem_Free(t->splits);
    PyMem_Free(t->values);
    PyMem_Free(t->slots);
    memset(t, 0, sizeof(Table));
}

/* Rule "built": the check at the top of every method. 1, or 0 with a RuntimeError naming the type. */
static int is_built(int built, const char *type) {
    if (built) return 1;
    PyErr_Format(PyExc_RuntimeError, "%s is not built: its __init__ failed or was not called", type);
    return 0;
}

/* Rule "built": a second __init__ is refused (a cut may be reading the tables in another thread). */
static int not_built_yet(int built, const char *type) {
    if (!built) return 1;
    PyErr_Format(PyExc_RuntimeError, "a %s is built once: make a new one", type);
    return 0;
}

/* A key of the dict as bytes and where it joins: bytes (split -1), or a pair of bytes when `pairs`. */
static int key_of(PyObject *key, int pairs, const char **data, Py_ssize_t *left, Py_ssize_t *right) {
    if (!pairs && PyBytes_Check(key)) {
        *data = PyBytes_AS_STRING(key);
        *left = PyBytes_GET_SIZE(key);
        *right = -1;
        return 0;
    }
    if (pairs && PyTuple_Check(key) && PyTuple_GET_SIZE(key) == 2 && PyBytes_Check(PyTuple_GET_ITEM(key, 0)) &&
        PyBytes_Check(PyTuple_GET_ITEM(key, 1))) {
        *data = NULL;
        *left = PyBytes_GET_SIZE(PyTuple_GET_ITEM(key, 0));
        *right = PyBytes_GET_SIZE(PyTuple_GET_ITEM(key, 1));
        return 0;
    }
    PyErr_SetString(PyExc_TypeError, pairs ? "the keys are pairs of bytes" : "the keys are bytes");
    return -1;
}

/* Fill t from a dict of bytes (or, when `pairs`, of (bytes, bytes)) to int; 0, or -1 with an exception (t may then
 * hold some arrays: table_free frees them). The dict is read twice; no Python code runs between the two reads. */
static int table_fill(Table *t, PyObject *dict, int pairs) {
    Py_ssize_t count = PyDict_Size(dict), pos = 0, k = 0, left, right;
    size_t total = 0; /* the keys' bytes: pairs may repeat one bytes object, so the sum is checked */
    PyObject *key, *value;
    const char *data;
    while (PyDict_Next(dict, &pos, &key, &value)) {
        if (key_of(key, pairs, &data, &left, &right) < 0) return -1;
        if (!PyLong_Check(value)) {
            PyErr_SetString(PyExc_TypeError, "the values are int");
            return -1;
        }
        if (__builtin_add_overflow(total, (size_t)left + (size_t)(right > 0 ? right : 0), &total) ||
            total >= (size_t)PY_SSIZE_T_MAX) {
            PyErr_NoMemory();
            return -1;
        }
    }
    size_t size = 16;
    while (size < (size_t)count * 2 + 1) size <<= 1;
    t->bytes = PyMem_Malloc(total + 1);
    t->starts = PyMem_Malloc(sizeof(Py_ssize_t) * ((size_t)count + 1));
    t->lens = PyMem_Malloc(sizeof(Py_ssize_t) * ((size_t)count + 1));
    t->splits = PyMem_Malloc(sizeof(Py_ssize_t) * ((size_t)count + 1));
    t->values = PyMem_Malloc(sizeof(long long) * ((size_t)count + 1));
    t->slots = PyMem_Calloc(size, sizeof(Py_ssize_t));
    if (!t->bytes || !t->starts || !t->lens || !t->splits || !t->values || !t->slots) {
        PyErr_NoMemory();
        return -1;
    }
    t->mask = size - 1;
    Py_ssize_t offset = 0;
    pos = 0;
    while (PyDict_Next(dict, &pos, &key, &value)) {
        long long number = PyLong_AsLongLong(value);
        if (number == -1 && PyErr_Occurred()) return -1;
        if (number < 0) { /* -1 means "no such token" in the lookups */
            PyErr_SetString(PyExc_ValueError, "the values are ids or ranks: 0 or more");
            return -1;
        }
        if (key_of(key, pairs, &data, &left, &right) < 0) return -1;
        Py_ssize_t split = -1, length = left;
        if (pairs) {
            memcpy(t->bytes + offset, PyBytes_AS_STRING(PyTuple_GET_ITEM(key, 0)), (size_t)left);
            memcpy(t->bytes + offset + left, PyBytes_AS_STRING(PyTuple_GET_ITEM(key, 1)), (size_t)right);
            split = left;
            length = left + right;
        } else {
            memcpy(t->bytes + offset, data, (size_t)left);
        }
        t->starts[k] = offset;
        t->lens[k] = length;
        t->splits[k] = split;
        t->values[k] = number;
        size_t slot = (size_t)hash_key((const unsigned char *)t->bytes + offset, length, split) & t->mask;
        while (t->slots[slot]) slot = (slot + 1) & t->mask;
        t->slots[slot] = k + 1;
        offset += length;
        k++;
    }
    return 0;
}

typedef struct {
    PyObject_HEAD
    Table tokens;           /* a token's bytes -> its id */
    int built;
    long long single[256];  /* the id of each one-byte token, or -1 */
    uint32_t *prefixes;     /* a hash table of three-byte prefixes (the prefix + 1, or 0 for an empty slot) */
    Py_ssize_t *runs;       /* for the prefix in slot s: lengths[runs[2s] : runs[2s + 1]] */
    size_t prefix_mask;
    Py_ssize_t *lengths;    /* the lengths (three or more) of the tokens with a prefix, longest first */
} Cutter;

static long long lookup(const Cutter *self, const unsigned char *data, Py_ssize_t size) {
    return table_get(&self->tokens, data, size, -1);
}

static size_t prefix_slot(const Cutter *self, uint32_t prefix) {
    size_t slot = (size_t)(((uint64_t)prefix * 0x9E3779B97F4A7C15ULL) >> 20) & self->prefix_mask;
    while (self->prefixes[slot] && self->prefixes[slot] != prefix + 1) slot = (slot + 1) & self->prefix_mask;
    return slot;
}

/* The lengths (three or more) worth trying at w[i:], longest first: lengths[*first : *last]. */
static void lengths_at(const Cutter *self, const unsigned char *w, Py_ssize_t left, Py_ssize_t *first,
                       Py_ssize_t *last) {
    *first = *last = 0;
    if (left < 3) return;
    size_t slot = prefix_slot(self, ((uint32_t)w[0] << 16) | ((uint32_t)w[1] << 8) | w[2]);
    if (self->prefixes[slot]) {
        *first = self->runs[2 * slot];
        *last = self->runs[2 * slot + 1];
    }
}

typedef struct {
    uint32_t prefix;
    Py_ssize_t length;
} PrefixLength;

static int by_prefix_then_longest(const void *a, const void *b) {
    const PrefixLength *x = a, *y = b;
    if (x->prefix != y->prefix) return x->prefix < y->prefix ? -1 : 1;
    if (x->length != y->length) return x->length > y->length ? -1 : 1;
    return 0;
}

/* Free what the Cutter holds and leave it not built: after a failed __init__, and when it is deleted. */
static void Cutter_clear(Cutter *self) {
    table_free(&self->tokens);
    PyMem_Free(self->prefixes);
    PyMem_Free(self->runs);
    PyMem_Free(self->lengths);
    self->prefixes = NULL;
    self->runs = NULL;
    self->lengths = NULL;
    self->built = 0;
}

static void Cutter_dealloc(Cutter *self) {
    Cutter_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The tables of a Cutter from its tokens; 0, or -1 with an exception (the caller frees what was made). */
static int Cutter_build(Cutter *self, PyObject *tokens) {
    if (table_fill(&self->tokens, tokens, 0) < 0) return -1;
    PrefixLength *pairs = PyMem_Malloc(sizeof(PrefixLength) * ((size_t)PyDict_Size(tokens) + 1));
    if (!pairs) {
        PyErr_NoMemory();
        return -1;
    }
    for (int b = 0; b < 256; b++) self->single[b] = -1;
    Py_ssize_t npairs = 0, pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(tokens, &pos, &key, &value)) {
        const unsigned char *data = (const unsigned char *)PyBytes_AS_STRING(key);
        Py_ssize_t size = PyBytes_GET_SIZE(key);
        if (size == 1) self->single[data[0]] = PyLong_AsLongLong(value);
        if (size >= 3) {
            pairs[npairs].prefix = ((uint32_t)data[0] << 16) | ((uint32_t)data[1] << 8) | data[2];
            pairs[npairs].length = size;
            npairs++;
        }
    }
    qsort(pairs, (size_t)npairs, sizeof(PrefixLength), by_prefix_then_longest);
    size_t prefix_table = 16;
    while (prefix_table < (size_t)npairs * 2 + 1) prefix_table <<= 1;
    self->lengths = PyMem_Malloc(sizeof(Py_ssize_t) * ((size_t)npairs + 1));
    self->prefixes = PyMem_Calloc(prefix_table, sizeof(uint32_t));
    self->runs = PyMem_Calloc(prefix_table * 2, sizeof(Py_ssize_t));
    if (!self->lengths || !self->prefixes || !self->runs) {
        PyMem_Free(pairs);
        PyErr_NoMemory();
        return -1;
    }
    self->prefix_mask = prefix_table - 1;
    Py_ssize_t kept = 0;
    for (Py_ssize_t i = 0; i < npairs; i++) {
        if (i > 0 && pairs[i].prefix == pairs[i - 1].prefix && pairs[i].length == pairs[i - 1].length) continue;
        size_t slot = prefix_slot(self, pairs[i].prefix);
        if (!self->prefixes[slot]) {
            self->prefixes[slot] = pairs[i].prefix + 1;
            self->runs[2 * slot] = kept;
        }
        self->lengths[kept++] = pairs[i].length;
        self->runs[2 * slot + 1] = kept;
    }
    PyMem_Free(pairs);
    return 0;
}

/* Cutter(tokens: dict[bytes, int]); rule "built": built only when every table is made. */
static int Cutter_init(Cutter *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"tokens", NULL};
    PyObject *tokens;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!", keywords, &PyDict_Type, &tokens)) return -1;
    if (!not_built_yet(self->built, "Cutter")) return -1;
    if (Cutter_build(self, tokens) < 0) {
        Cutter_clear(self);
        return -1;
    }
    self->built = 1;
    return 0;
}

static const unsigned char *word_of(PyObject *arg, Py_ssize_t *size) {
    if (!PyBytes_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "a word is bytes");
        return NULL;
    }
    *size = PyBytes_GET_SIZE(arg);
    return (const unsigned char *)PyBytes_AS_STRING(arg);
}

/* A long word is cut without the GIL (only its bytes and the tables, which never change, are read), so that a
 * pre-token of megabytes cut in a worker thread does not freeze the window; a short one keeps it (no hand-over).
 * The saved thread state to restore, or NULL. */
#define LONG_WORD 4096
static PyThreadState *let_others_run(Py_ssize_t n) { return n >= LONG_WORD ? PyEval_SaveThread() : NULL; }

static PyObject *ids_list(const long long *ids, Py_ssize_t n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *id = PyLong_FromLongLong(ids[i]);
        if (!id) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, id);
    }
    return out;
}

/* greedy(word: bytes) -> list[int] | None */
static PyObject *Cutter_greedy(Cutter *self, PyObject *arg) {
    if (!is_built(self->built, "Cutter")) return NULL;
    Py_ssize_t n;
    const unsigned char *w = word_of(arg, &n);
    if (!w) return NULL;
    long long *found = PyMem_Malloc(sizeof(long long) * ((size_t)n + 1));
    if (!found) return PyErr_NoMemory();
    Py_ssize_t i = 0, made = 0, failed = 0;
    PyThreadState *released = let_others_run(n);
    while (i < n) {
        long long id = -1;
        Py_ssize_t length = 0;
        Py_ssize_t first, last;
        lengths_at(self, w + i, n - i, &first, &last);
        for (Py_ssize_t j = first; j < last; j++) {
            Py_ssize_t size = self->lengths[j];
            if (size <= n - i && (id = lookup(self, w + i, size)) >= 0) {
                length = size;
                break;
            }
        }
        if (id < 0 && n - i >= 2 && (id = lookup(self, w + i, 2)) >= 0) length = 2;
        if (id < 0 && (id = self->single[w[i]]) >= 0) length = 1;
        if (id < 0) {
            failed = 1;
            break;
        }
        found[made++] = id;
        i += length;
    }
    if (released) PyEval_RestoreThread(released);
    if (failed) {
        PyMem_Free(found);
        Py_RETURN_NONE;
    }
    PyObject *out = ids_list(found, made);
    PyMem_Free(found);
    return out;
}

/* fewest(word: bytes) -> list[int] | None */
static PyObject *Cutter_fewest(Cutter *self, PyObject *arg) {
    if (!is_built(self->built, "Cutter")) return NULL;
    Py_ssize_t n;
    const unsigned char *w = word_of(arg, &n);
    if (!w) return NULL;
    /* count[i]: the fewest tokens that cover w[i:]; step[i], id[i]: the first of them, the longest such */
    Py_ssize_t *count = PyMem_Malloc(sizeof(Py_ssize_t) * ((size_t)n + 1) * 2);
    long long *ids = PyMem_Malloc(sizeof(long long) * ((size_t)n + 1));
    if (!count || !ids) {
        PyMem_Free(count);
        PyMem_Free(ids);
        return PyErr_NoMemory();
    }
    Py_ssize_t *step = count + n + 1, never = n + 1;
    count[n] = 0;
    PyThreadState *released = let_others_run(n);
    for (Py_ssize_t i = n - 1; i >= 0; i--) {
        Py_ssize_t best = never, best_length = 0;
        long long best_id = -1;
        Py_ssize_t first, last;
        lengths_at(self, w + i, n - i, &first, &last);
        for (Py_ssize_t j = first; j < last; j++) {
            Py_ssize_t size = self->lengths[j];
            if (size > n - i || count[i + size] + 1 >= best) continue;
            long long id = lookup(self, w + i, size);
            if (id >= 0) {
                best = count[i + size] + 1;
                best_length = size;
                best_id = id;
            }
        }
        if (n - i >= 2 && count[i + 2] + 1 < best) {
            long long id = lookup(self, w + i, 2);
            if (id >= 0) {
                best = count[i + 2] + 1;
                best_length = 2;
                best_id = id;
            }
        }
        if (count[i + 1] + 1 < best && self->single[w[i]] >= 0) {
            best = count[i + 1] + 1;
            best_length = 1;
            best_id = self->single[w[i]];
        }
        count[i] = best;
        step[i] = best_length;
        ids[i] = best_id;
    }
    if (released) PyEval_RestoreThread(released);
    PyObject *out;
    if (n > 0 && count[0] >= never) {
        Py_INCREF(Py_None);
        out = Py_None;
    } else {
        Py_ssize_t made = 0;
        for (Py_ssize_t i = 0; i < n; i += step[i]) ids[made++] = ids[i];
        out = ids_list(ids, made);
    }
    PyMem_Free(count);
    PyMem_Free(ids);
    return out;
}

static PyMethodDef Cutter_methods[] = {
    {"greedy", (PyCFunction)Cutter_greedy, METH_O, "greedy(word: bytes) -> list[int] | None: the longest match, again."},
    {"fewest", (PyCFunction)Cutter_fewest, METH_O, "fewest(word: bytes) -> list[int] | None: the fewest tokens."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CutterType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "bpe_core._cuts.Cutter",
    .tp_basicsize = sizeof(Cutter),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Cutter(tokens: dict[bytes, int]): the greedy and fewest cuts of words into these tokens.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Cutter_init,
    .tp_dealloc = (destructor)Cutter_dealloc,
    .tp_methods = Cutter_methods,
};

/* BPE-dropout's merge loop on one word, as Methods._dropout runs it in Python (the reference): at each step the
 * adjacent pair with the lowest rank is merged, a pair being skipped with probability p when it would be the best
 * so far. The draws are the caller's (draw() returns a float in [0, 1)), taken in the same order as the Python
 * loop takes them, so a seed gives the same cut either way. Ranks are by the joined bytes (tiktoken's rule) or by
 * the pair (pairs=True). */
typedef struct {
    PyObject_HEAD
    Table ranks;
    Table whole; /* trace_words: the words taken whole, with no merge (empty: none) */
    int pairs;
    int built;
} Dropout;

static void Dropout_dealloc(Dropout *self) {
    table_free(&self->ranks);
    table_free(&self->whole);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Dropout(ranks: dict[bytes, int] | dict[tuple[bytes, bytes], int], pairs: bool, whole: dict[bytes, int] | None):
 * `whole`, the words trace_words takes whole (tiktoken's rule: a pre-token that is a token is that token); rule
 * "built" as for Cutter. */
static int Dropout_init(Dropout *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"ranks", "pairs", "whole", NULL};
    PyObject *ranks, *whole = Py_None;
    int pairs;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!p|O", keywords, &PyDict_Type, &ranks, &pairs, &whole))
        return -1;
    if (!not_built_yet(self->built, "Dropout")) return -1;
    if (whole != Py_None && !PyDict_Check(whole)) {
        PyErr_SetString(PyExc_TypeError, "whole is a dict of bytes to int, or None");
        return -1;
    }
    if (table_fill(&self->ranks, ranks, pairs) < 0 || (whole != Py_None && table_fill(&self->whole, whole, 0) < 0)) {
        table_free(&self->ranks);
        table_free(&self->whole);
        return -1;
    }
    self->pairs = pairs;
    self->built = 1;
    return 0;
}

/* The lengths of the parts a word starts from: its single bytes (leaves None), or `leaves`, the lengths of its base
 * pieces (rule "lengths"). A buffer of n + 1 lengths (*m of them used), or NULL with an exception. */
static Py_ssize_t *first_parts(Py_ssize_t n, PyObject *leaves, Py_ssize_t *m) {
    Py_ssize_t *lens = PyMem_Malloc(sizeof(Py_ssize_t) * ((size_t)n + 1)), total = 0;
    if (!lens) return (Py_ssize_t *)PyErr_NoMemory();
    if (leaves == Py_None) {
        for (*m = 0; *m < n; (*m)++) lens[*m] = 1;
        return lens;
    }
    if (!PyList_Check(leaves) || PyList_GET_SIZE(leaves) > n) {
        PyMem_Free(lens);
        PyErr_SetString(PyExc_ValueError, "leaves is a list of the pieces' lengths");
        return NULL;
    }
    /* rule "lengths": each one at least 1 and at most the bytes left, so total stays within 0..n */
    for (*m = 0; *m < PyList_GET_SIZE(leaves); (*m)++) {
        lens[*m] = PyLong_AsSsize_t(PyList_GET_ITEM(leaves, *m));
        if (lens[*m] < 1 || lens[*m] > n - total) {
            PyMem_Free(lens);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "the leaves' lengths do not add up to the word");
            return NULL;
        }
        total += lens[*m];
    }
    if (total != n) {
        PyMem_Free(lens);
        PyErr_SetString(PyExc_ValueError, "the leaves' lengths do not add up to the word");
        return NULL;
    }
    return lens;
}

/* The rank of merging the parts of `left` and `right` bytes at data (the pair's, or the joined bytes'), or -1. */
static long long pair_rank(const Dropout *self, const unsigned char *data, Py_ssize_t left, Py_ssize_t right) {
    return table_get(&self->ranks, data, left + right, self->pairs ? left : -1);
}

enum { LOOP_DONE = 0, LOOP_FAILED = -1, LOOP_NO_MEMORY = -2 };

/* BPE-dropout's merge loop (see Dropout) on w from its parts (lens[0:*m], their lengths; *m becomes how many are
 * left): at each step the adjacent pair of the lowest rank is merged, the leftmost of equal ones, a pair that would
 * be the best so far skipped where p > 0 and draw() returns less than p. Each pair's rank is looked up once, when
 * the pair forms: the Python loop asks it again at every step and gets the same answer, so the draws are the same.
 * Each merge is written to `made` when not NULL (room for 3 * (*m - 1)): where it starts, its left part's length,
 * its right part's; *n_made says how many. A word of many parts is traced by heap_loop instead, so this loop is
 * short when it runs without the GIL (p = 0, no draw). LOOP_DONE, LOOP_NO_MEMORY (no exception set), or
 * LOOP_FAILED with an exception (a draw failed). */
static int merge_loop(const Dropout *self, const unsigned char *w, Py_ssize_t *lens, Py_ssize_t *m, double p,
                      PyObject *draw, Py_ssize_t *made, Py_ssize_t *n_made) {
    Py_ssize_t count = *m;
    long long *ranks = PyMem_RawMalloc(sizeof(long long) * (size_t)(count > 1 ? count - 1 : 1));
    if (!ranks) return LOOP_NO_MEMORY;
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i + 1 < count; at += lens[i], i++) ranks[i] = pair_rank(self, w + at, lens[i], lens[i + 1]);
    *n_made = 0;
    while (count > 1) {
        long long best = -1;
        Py_ssize_t where = -1, where_at = 0;
        at = 0;
        for (Py_ssize_t i = 0; i + 1 < count; at += lens[i], i++) {
            long long rank = ranks[i];
            if (rank < 0 || (where >= 0 && rank >= best)) continue;
            if (p != 0.0) {
                PyObject *drawn = PyObject_CallNoArgs(draw);
                double r = drawn ? PyFloat_AsDouble(drawn) : -1.0;
                Py_XDECREF(drawn);
                if (PyErr_Occurred()) {
                    PyMem_RawFree(ranks);
                    return LOOP_FAILED;
                }
                if (r < p) continue;
            }
            best = rank;
            where = i;
            where_at = at;
        }
        if (where < 0) break;
        if (made) {
            made[3 * *n_made] = where_at;
            made[3 * *n_made + 1] = lens[where];
            made[3 * *n_made + 2] = lens[where + 1];
            (*n_made)++;
        }
        lens[where] += lens[where + 1];
        memmove(lens + where + 1, lens + where + 2, sizeof(Py_ssize_t) * (size_t)(count - where - 2));
        memmove(ranks + where, ranks + where + 1, sizeof(long long) * (size_t)(count - where - 2));
        count--;
        if (where > 0) ranks[where - 1] = pair_rank(self, w + where_at - lens[where - 1], lens[where - 1], lens[where]);
        if (where + 1 < count) ranks[where] = pair_rank(self, w + where_at, lens[where], lens[where + 1]);
    }
    PyMem_RawFree(ranks);
    *m = count;
    return LOOP_DONE;
}

/* Parts at least this many: trace merges with a heap (heap_loop) instead of scanning every pair at each step. */
#define HEAP_PARTS 128
/* Steps (pairs offered, candidates taken) between two checks for Ctrl-C in heap_loop: about a hundredth of a second. */
#define STEPS_BETWEEN_CHECKS ((Py_ssize_t)1 << 16)

/* One more step of a loop run by a caller that let the GIL go (`released`: its thread state, updated; NULL: it did
 * not): every STEPS_BETWEEN_CHECKS of them, the GIL taken back a moment to ask whether Ctrl-C was pressed; 1 if it
 * was, with the KeyboardInterrupt set. */
static int interrupted(PyThreadState **released, Py_ssize_t *steps) {
    if (!released || !*released || ++*steps % STEPS_BETWEEN_CHECKS) return 0;
    PyEval_RestoreThread(*released);
    int stopped = PyErr_CheckSignals() < 0;
    *released = PyEval_SaveThread();
    return stopped;
}

/* A pair of neighbouring parts that may merge: its left part starts at `start`, `left` bytes long, the right one
 * follows it, `right` bytes long. */
typedef struct {
    long long rank;
    Py_ssize_t start, left, right;
} Candidate;

/* Whether candidate a merges before b: the lower rank, then the leftmost (merge_loop's choice at each step). */
static int merges_before(const Candidate *a, const Candidate *b) {
    return a->rank < b->rank || (a->rank == b->rank && a->start < b->start);
}

static void heap_push(Candidate *heap, Py_ssize_t *size, Candidate c) {
    Py_ssize_t i = (*size)++;
    while (i > 0 && merges_before(&c, &heap[(i - 1) / 2])) {
        heap[i] = heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    heap[i] = c;
}

static Candidate heap_pop(Candidate *heap, Py_ssize_t *size) {
    Candidate top = heap[0], last = heap[--(*size)];
    Py_ssize_t i = 0;
    for (;;) {
        Py_ssize_t child = 2 * i + 1;
        if (child >= *size) break;
        if (child + 1 < *size && merges_before(&heap[child + 1], &heap[child])) child++;
        if (!merges_before(&heap[child], &last)) break;
        heap[i] = heap[child];
        i = child;
    }
    if (*size) heap[i] = last;
    return top;
}

/* The candidate of the parts at `start` (left bytes) and after it (right bytes) onto the heap, if they merge. */
static void offer(const Dropout *self, const unsigned char *w, Candidate *heap, Py_ssize_t *size, Py_ssize_t start,
                  Py_ssize_t left, Py_ssize_t right) {
    long long rank = pair_rank(self, w + start, left, right);
    if (rank >= 0) heap_push(heap, size, (Candidate){rank, start, left, right});
}

/* merge_loop with nothing dropped, for a word of many parts (HEAP_PARTS or more: a long run of letters, which the
 * scan at every step would take minutes over): the same merges in the same order, in O(m log m). The pairs wait on
 * a heap by (rank, start); one whose parts are no longer those it was made of (one of them merged since: parts only
 * grow, so a part is known by where it starts and its length) is dropped when it comes up. lens, m, made, n_made:
 * as merge_loop's; released: as interrupted()'s. LOOP_DONE, LOOP_NO_MEMORY, or LOOP_FAILED with the
 * KeyboardInterrupt set. */
static int heap_loop(const Dropout *self, const unsigned char *w, Py_ssize_t n, Py_ssize_t *lens, Py_ssize_t *m,
                     Py_ssize_t *made, Py_ssize_t *n_made, PyThreadState **released) {
    Py_ssize_t count = *m, size = 0, steps = 0;
    Py_ssize_t *length_at = PyMem_RawCalloc((size_t)n + 1, sizeof(Py_ssize_t)); /* a part's length where it starts */
    Py_ssize_t *before = PyMem_RawMalloc(((size_t)n + 1) * sizeof(Py_ssize_t)); /* where the part before it starts */
    /* the m - 1 pairs, then 2 more per merge, which pops one at least: never more than 2m waiting */
    Candidate *heap = PyMem_RawMalloc(2 * (size_t)count * sizeof(Candidate));
    int status = LOOP_DONE;
    if (!length_at || !before || !heap) {
        status = LOOP_NO_MEMORY;
        goto done;
    }
    for (Py_ssize_t i = 0, at = 0; i < count; at += lens[i], i++) {
        length_at[at] = lens[i];
        before[at] = i ? at - lens[i - 1] : -1;
        if (i + 1 < count) offer(self, w, heap, &size, at, lens[i], lens[i + 1]);
        if (interrupted(released, &steps)) {
            status = LOOP_FAILED;
            goto done;
        }
    }
    *n_made = 0;
    while (size) {
        if (interrupted(released, &steps)) {
            status = LOOP_FAILED;
            goto done;
        }
        Candidate c = heap_pop(heap, &size);
        if (length_at[c.start] != c.left || length_at[c.start + c.left] != c.right) continue; /* stale */
        made[3 * *n_made] = c.start;
        made[3 * *n_made + 1] = c.left;
        made[3 * *n_made + 2] = c.right;
        (*n_made)++;
        Py_ssize_t joined = c.left + c.right, next = c.start + joined;
        length_at[c.start] = joined;
        length_at[c.start + c.left] = 0;
        if (next < n) {
            before[next] = c.start;
            offer(self, w, heap, &size, c.start, joined, length_at[next]);
        }
        if (before[c.start] >= 0) offer(self, w, heap, &size, before[c.start], length_at[before[c.start]], joined);
    }
    *m = 0;
    for (Py_ssize_t at = 0; at < n; at += length_at[at]) lens[(*m)++] = length_at[at];
done:
    PyMem_RawFree(length_at);
    PyMem_RawFree(before);
    PyMem_RawFree(heap);
    return status;
}

/* A list of n lengths as ints, or NULL with an exception. */
static PyObject *lengths_list(const Py_ssize_t *lens, Py_ssize_t n) {
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out && i < n; i++) {
        PyObject *length = PyLong_FromSsize_t(lens[i]);
        if (!length) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, length);
    }
    return out;
}

/* cut(word: bytes, p: float, draw: callable, leaves: list[int] | None) -> list[int]: the lengths of the parts
 * word ends in, from its single bytes or from `leaves` (the lengths of the pieces it starts from) */
static PyObject *Dropout_cut(Dropout *self, PyObject *args) {
    PyObject *word, *draw, *leaves;
    double p;
    if (!is_built(self->built, "Dropout")) return NULL;
    if (!PyArg_ParseTuple(args, "O!dOO", &PyBytes_Type, &word, &p, &draw, &leaves)) return NULL;
    /* word is immutable and held by args: w stays valid across draw(), which runs Python code */
    const unsigned char *w = (const unsigned char *)PyBytes_AS_STRING(word);
    Py_ssize_t m, n_made;
    Py_ssize_t *lens = first_parts(PyBytes_GET_SIZE(word), leaves, &m);
    if (!lens) return NULL;
    int status = merge_loop(self, w, lens, &m, p, draw, NULL, &n_made);
    PyObject *out = status == LOOP_DONE ? lengths_list(lens, m) : status == LOOP_NO_MEMORY ? PyErr_NoMemory() : NULL;
    PyMem_Free(lens);
    return out;
}

/* BPE of w[0:n] from its m parts (lens), every merge taken, recorded in made (3 numbers each, *n_made of them):
 * with the heap for HEAP_PARTS parts or more, and without the GIL for a long word (let_others_run). A LOOP_
 * status. */
static int trace_loop(const Dropout *self, const unsigned char *w, Py_ssize_t n, Py_ssize_t *lens, Py_ssize_t *m,
                      Py_ssize_t *made, Py_ssize_t *n_made) {
    PyThreadState *released = let_others_run(n);
    int status = *m >= HEAP_PARTS ? heap_loop(self, w, n, lens, m, made, n_made, &released)
                                  : merge_loop(self, w, lens, m, 0.0, NULL, made, n_made);
    if (released) PyEval_RestoreThread(released);
    return status;
}

/* trace(word: bytes, leaves: list[int] | None) -> (list[int], list[int]): BPE of the word (the loop with nothing
 * dropped) from its single bytes or from `leaves`: the lengths of the parts it ends in, and its merges in the order
 * made, three numbers each (where the merge starts, its left part's length, its right part's). A word of many parts
 * is merged with a heap (heap_loop), a long one without the GIL (Ctrl-C checked now and then). Methods.bpe_trace
 * (the X-ray) reads it.
 *   >>> Dropout({b"ab": 0, b"abc": 1}, False).trace(b"abc", None)
 *   ([3], [0, 1, 1, 0, 2, 1]) */
static PyObject *Dropout_trace(Dropout *self, PyObject *args) {
    PyObject *word, *leaves;
    if (!is_built(self->built, "Dropout")) return NULL;
    if (!PyArg_ParseTuple(args, "O!O", &PyBytes_Type, &word, &leaves)) return NULL;
    const unsigned char *w = (const unsigned char *)PyBytes_AS_STRING(word);
    Py_ssize_t n = PyBytes_GET_SIZE(word), m, n_made = 0;
    Py_ssize_t *lens = first_parts(n, leaves, &m);
    if (!lens) return NULL;
    Py_ssize_t *made = PyMem_RawMalloc(sizeof(Py_ssize_t) * 3 * (size_t)(m > 1 ? m - 1 : 1));
    if (!made) {
        PyMem_Free(lens);
        return PyErr_NoMemory();
    }
    int status = trace_loop(self, w, n, lens, &m, made, &n_made);
    PyObject *out = NULL;
    if (status == LOOP_NO_MEMORY) {
        PyErr_NoMemory();
    } else if (status == LOOP_DONE) {
        PyObject *parts = lengths_list(lens, m), *merges = parts ? lengths_list(made, 3 * n_made) : NULL;
        out = merges ? PyTuple_Pack(2, parts, merges) : NULL;
        Py_XDECREF(parts);
        Py_XDECREF(merges);
    }
    PyMem_RawFree(made);
    PyMem_Free(lens);
    return out;
}

/* ----- trace_words: many words traced in one call, their parts and merges added up (the X-ray) ----- */

/* Distinct byte strings of the words being traced, in the order first seen, each with a count: a part (`right`
 * -1: at[0:left]) or a merge (at[0:left] joined to at[left:left + right]). `at` points into the caller's bytes,
 * which outlive the tally. */
typedef struct {
    const unsigned char *at;
    Py_ssize_t left, right;
    long long count;
} Seen;

typedef struct {
    Seen *seen;
    Py_ssize_t n, room;
    Py_ssize_t *slots; /* an index + 1, or 0 for an empty slot */
    size_t mask;
} SeenTally;

static void seen_free(SeenTally *t) {
    PyMem_RawFree(t->seen);
    PyMem_RawFree(t->slots);
    memset(t, 0, sizeof(*t));
}

static int seen_same(const Seen *s, const unsigned char *at, Py_ssize_t left, Py_ssize_t right) {
    Py_ssize_t n = left + (right > 0 ? right : 0);
    return s->left == left && s->right == right && (s->at == at || memcmp(s->at, at, (size_t)n) == 0);
}

/* Room for one more (the slots at most half full); 0, or -1 out of memory. */
static int seen_room(SeenTally *t) {
    if (t->n + 1 > t->room) {
        Py_ssize_t room = t->room ? 2 * t->room : 1024;
        Seen *seen = PyMem_RawRealloc(t->seen, (size_t)room * sizeof(Seen));
        if (!seen) return -1;
        t->seen = seen;
        t->room = room;
    }
    if ((size_t)(t->n + 1) * 2 <= (t->slots ? t->mask + 1 : 0)) return 0;
    size_t size = t->slots ? 2 * (t->mask + 1) : 2048;
    Py_ssize_t *slots = PyMem_RawCalloc(size, sizeof(Py_ssize_t));
    if (!slots) return -1;
    for (Py_ssize_t k = 0; k < t->n; k++) {
        const Seen *s = &t->seen[k];
        size_t slot = (size_t)hash_key(s->at, s->left + (s->right > 0 ? s->right : 0), s->right < 0 ? -1 : s->left) &
                      (size - 1);
        while (slots[slot]) slot = (slot + 1) & (size - 1);
        slots[slot] = k + 1;
    }
    PyMem_RawFree(t->slots);
    t->slots = slots;
    t->mask = size - 1;
    return 0;
}

/* Adds `count` to the string's tally (made if new); its index, or -1 out of memory or -2 if the sum overflows. */
static Py_ssize_t seen_add(SeenTally *t, const unsigned char *at, Py_ssize_t left, Py_ssize_t right, long long count) {
    if (seen_room(t) < 0) return -1;
    size_t slot = (size_t)hash_key(at, left + (right > 0 ? right : 0), right < 0 ? -1 : left) & t->mask;
    for (; t->slots[slot]; slot = (slot + 1) & t->mask) {
        Seen *s = &t->seen[t->slots[slot] - 1];
        if (seen_same(s, at, left, right)) return __builtin_add_overflow(s->count, count, &s->count) ? -2 : s - t->seen;
    }
    t->seen[t->n] = (Seen){at, left, right, count};
    t->slots[slot] = ++t->n;
    return t->n - 1;
}

/* A growable array of int64s (each word's number of parts; each part's index among the distinct ones). */
typedef struct {
    int64_t *data;
    Py_ssize_t n, room;
} Int64s;

static int int64s_push(Int64s *a, int64_t x) {
    if (a->n == a->room) {
        Py_ssize_t room = a->room ? 2 * a->room : 1024;
        int64_t *data = PyMem_RawRealloc(a->data, (size_t)room * sizeof(int64_t));
        if (!data) return -1;
        a->data = data;
        a->room = room;
    }
    a->data[a->n++] = x;
    return 0;
}

/* The n int64s of a buffer (format 'q' or 'l' of 8 bytes, C-contiguous), or -1 with an exception. */
static int int64_buffer(PyObject *object, Py_buffer *view, const char *name) {
    if (PyObject_GetBuffer(object, view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return -1;
    const char *f = view->format ? view->format : "B";
    if (f[0] == '@' || f[0] == '=' || f[0] == '<') f++;
    if (view->itemsize != 8 || (strcmp(f, "q") != 0 && strcmp(f, "l") != 0)) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_TypeError, "%s is a buffer of int64 ('q')", name);
        return -1;
    }
    return 0;
}

/* What one word leaves: its parts' lengths (lens[0:m]) and its merges (made[0:3 * n_made]) added to the tallies, at
 * `count` times. 0, -1 out of memory, -2 a count overflows. */
static int tally_word(SeenTally *parts, SeenTally *merges, Int64s *index, Int64s *counts, const unsigned char *w,
                      const Py_ssize_t *lens, Py_ssize_t m, const Py_ssize_t *made, Py_ssize_t n_made, long long count) {
    if (int64s_push(counts, m) < 0) return -1;
    for (Py_ssize_t i = 0, at = 0; i < m; at += lens[i], i++) {
        Py_ssize_t k = seen_add(parts, w + at, lens[i], -1, count);
        if (k < 0) return (int)k;
        if (int64s_push(index, k) < 0) return -1;
    }
    for (Py_ssize_t i = 0; i < n_made; i++) {
        Py_ssize_t k = seen_add(merges, w + made[3 * i], made[3 * i + 1], made[3 * i + 2], count);
        if (k < 0) return (int)k;
    }
    return 0;
}

/* The tallies as Python objects: (parts: list[bytes], finals: list[int], index: bytes of int64s, counts: bytes of
 * int64s, merges: list[tuple[bytes, bytes, int]]), or NULL with an exception. */
static PyObject *traced_words(const SeenTally *parts, const SeenTally *merges, const Int64s *index,
                              const Int64s *counts) {
    PyObject *tokens = PyList_New(parts->n), *finals = PyList_New(parts->n), *made = PyList_New(merges->n);
    PyObject *out = NULL;
    if (!tokens || !finals || !made) goto done;
    for (Py_ssize_t k = 0; k < parts->n; k++) {
        const Seen *s = &parts->seen[k];
        PyObject *token = PyBytes_FromStringAndSize((const char *)s->at, s->left), *n = PyLong_FromLongLong(s->count);
        if (token) PyList_SET_ITEM(tokens, k, token);
        if (n) PyList_SET_ITEM(finals, k, n);
        if (!token || !n) goto done;
    }
    for (Py_ssize_t k = 0; k < merges->n; k++) {
        const Seen *s = &merges->seen[k];
        PyObject *merge = Py_BuildValue("(y#y#L)", (const char *)s->at, s->left, (const char *)s->at + s->left,
                                        s->right, s->count);
        if (!merge) goto done;
        PyList_SET_ITEM(made, k, merge);
    }
    out = Py_BuildValue("(OOy#y#O)", tokens, finals, index->data ? (const char *)index->data : "", index->n * 8,
                        counts->data ? (const char *)counts->data : "", counts->n * 8, made); /* (y# of NULL: None) */
done:
    Py_XDECREF(tokens);
    Py_XDECREF(finals);
    Py_XDECREF(made);
    return out;
}

/* trace_words(data: bytes, ends: int64 buffer, counts: int64 buffer, first: int, last: int) -> (parts, finals,
 * index, lengths, merges): BPE of words first to last - 1 (word i is data[ends[i - 1]:ends[i]], the first from 0;
 * counts[i] its count: what the compiled tally exports), each from its single bytes, or whole where `whole` holds
 * it, its parts and merges added up, `counts[i]` times each:
 *   parts    the distinct final parts in the order first seen, finals their counts;
 *   index    for each word in turn, its parts' places in `parts` (int64s);
 *   lengths  each word's number of parts (int64s);
 *   merges   (left, right, count) for each distinct merge, in the order first made.
 * So the X-ray reads a batch of words in one call, with no Python object per merge. Rule "lengths": each word is
 * checked to lie within data (ends never going back), counts to be 0 or more, and sums not to overflow. A long word
 * is traced without the GIL; Ctrl-C is checked every 4096 words.
 *   >>> Dropout({b"ab": 0, b"abc": 1}, False, {b"c": 2}).trace_words(b"abcc", array("q", [3, 4]), array("q", [2, 5]), 0, 2)
 *   ([b'abc', b'c'], [2, 5], <index 0, 1>, <lengths 1, 1>, [(b'a', b'b', 2), (b'ab', b'c', 2)]) */
static PyObject *Dropout_trace_words(Dropout *self, PyObject *args) {
    PyObject *data, *ends_object, *counts_object, *out = NULL;
    Py_ssize_t first, last;
    if (!is_built(self->built, "Dropout")) return NULL;
    if (!PyArg_ParseTuple(args, "O!OOnn", &PyBytes_Type, &data, &ends_object, &counts_object, &first, &last))
        return NULL;
    Py_buffer ends, counts;
    if (int64_buffer(ends_object, &ends, "ends") < 0) return NULL;
    if (int64_buffer(counts_object, &counts, "counts") < 0) {
        PyBuffer_Release(&ends);
        return NULL;
    }
    SeenTally parts = {0}, merges = {0};
    Int64s index = {0}, lengths = {0};
    Py_ssize_t *lens = NULL, *made = NULL, room = 0;
    const unsigned char *bytes = (const unsigned char *)PyBytes_AS_STRING(data);
    const int64_t *end_at = ends.buf, *count_of = counts.buf;
    Py_ssize_t size = PyBytes_GET_SIZE(data), words = ends.len / 8;
    if (counts.len != ends.len || first < 0 || first > last || last > words) {
        PyErr_SetString(PyExc_ValueError, "ends and counts are as long, and first <= last <= their length");
        goto done;
    }
    int64_t start = first ? end_at[first - 1] : 0;
    for (Py_ssize_t i = first; i < last; start = end_at[i], i++) {
        int64_t end = end_at[i];
        long long count = count_of[i];
        if (start < 0 || end < start || end > size || count < 0) {
            PyErr_Format(PyExc_ValueError, "word %zd: its end goes back or past the data, or its count is negative", i);
            goto done;
        }
        if ((i - first) % 4096 == 4095 && PyErr_CheckSignals() < 0) goto done;
        const unsigned char *w = bytes + start;
        Py_ssize_t n = (Py_ssize_t)(end - start), m = n, n_made = 0;
        if (n + 1 > room) {
            PyMem_RawFree(lens);
            PyMem_RawFree(made);
            room = n + 1;
            lens = PyMem_RawMalloc((size_t)room * sizeof(Py_ssize_t));
            made = PyMem_RawMalloc(3 * (size_t)room * sizeof(Py_ssize_t));
            if (!lens || !made) {
                room = 0;
                PyErr_NoMemory();
                goto done;
            }
        }
        if (self->whole.slots && n > 0 && table_get(&self->whole, w, n, -1) >= 0) {
            lens[0] = n; /* a token whole: one part, no merge */
            m = 1;
        } else {
            for (Py_ssize_t j = 0; j < n; j++) lens[j] = 1;
            int status = trace_loop(self, w, n, lens, &m, made, &n_made);
            if (status != LOOP_DONE) {
                if (status == LOOP_NO_MEMORY) PyErr_NoMemory();
                goto done;
            }
        }
        int added = tally_word(&parts, &merges, &index, &lengths, w, lens, m, made, n_made, count);
        if (added < 0) {
            if (added == -1) PyErr_NoMemory();
            else PyErr_SetString(PyExc_OverflowError, "a count adds up past int64");
            goto done;
        }
    }
    out = traced_words(&parts, &merges, &index, &lengths);
done:
    PyBuffer_Release(&ends);
    PyBuffer_Release(&counts);
    PyMem_RawFree(lens);
    PyMem_RawFree(made);
    seen_free(&parts);
    seen_free(&merges);
    PyMem_RawFree(index.data);
    PyMem_RawFree(lengths.data);
    return out;
}

static PyMethodDef Dropout_methods[] = {
    {"cut", (PyCFunction)Dropout_cut, METH_VARARGS, "cut(word, p, draw, leaves) -> list[int]: the parts' lengths."},
    {"trace", (PyCFunction)Dropout_trace, METH_VARARGS,
     "trace(word, leaves) -> (list[int], list[int]): BPE's parts' lengths, and its merges (start, left, right)."},
    {"trace_words", (PyCFunction)Dropout_trace_words, METH_VARARGS,
     "trace_words(data, ends, counts, first, last) -> (parts, finals, index, lengths, merges): many words' BPE "
     "added up."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject DropoutType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "bpe_core._cuts.Dropout",
    .tp_basicsize = sizeof(Dropout),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Dropout(ranks, pairs): BPE-dropout's merge loop on a word, with the caller's draws.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Dropout_init,
    .tp_dealloc = (destructor)Dropout_dealloc,
    .tp_methods = Dropout_methods,
};

static struct PyModuleDef cuts_module = {
    PyModuleDef_HEAD_INIT, "bpe_core._cuts", "The lab's greedy, fewest and dropout cuts, compiled.", -1, NULL,
};

PyMODINIT_FUNC PyInit__cuts(void) {
    PyObject *module = PyModule_Create(&cuts_module);
    if (!module) return NULL;
    if (PyModule_AddType(module, &CutterType) < 0 || PyModule_AddType(module, &DropoutType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
