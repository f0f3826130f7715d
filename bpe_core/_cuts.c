/* bpe_core._cuts: the lab's ``greedy`` and ``fewest`` cuts of one pre-token, compiled.
 *
 * The same rules as the pure-Python cuts in bpe_core/methods.py, which stay the reference (the tests compare the
 * two on every word they try):
 *   greedy  the longest token that starts the remaining bytes, again and again;
 *   fewest  a cut into the fewest tokens; among those, the one whose first token is longest, then the same rule on
 *           the rest (a shortest path computed from the end of the word).
 * Both return the tokens' ids, or None when some byte starts no token (Python then explains which).
 *
 *   >>> from bpe_core._cuts import Cutter
 *   >>> cutter = Cutter({b"a": 0, b"b": 1, b"ab": 2, b"abb": 3})
 *   >>> cutter.greedy(b"abab"), cutter.fewest(b"abb")
 *   ([2, 2], [3])
 *
 * The vocabulary is an open-addressing hash table of the tokens' bytes, and for each three-byte prefix the lengths of
 * the tokens that start with it, longest first (then 2 and 1): a position tries only lengths some token has there.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    char *bytes;            /* every token's bytes, one after another */
    Py_ssize_t *starts;     /* token k is bytes[starts[k] : starts[k] + lens[k]] */
    Py_ssize_t *lens;
    long long *ids;
    Py_ssize_t *slots;      /* the hash table: a token's index + 1, or 0 for an empty slot */
    size_t mask;
    long long single[256];  /* the id of each one-byte token, or -1 */
    uint32_t *prefixes;     /* a hash table of three-byte prefixes (the prefix + 1, or 0 for an empty slot) */
    Py_ssize_t *runs;       /* for the prefix in slot s: lengths[runs[2s] : runs[2s + 1]] */
    size_t prefix_mask;
    Py_ssize_t *lengths;    /* the lengths (three or more) of the tokens with a prefix, longest first */
} Cutter;

static uint64_t hash_bytes(const unsigned char *data, Py_ssize_t size) {
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (Py_ssize_t i = 0; i < size; i++) {
        h ^= data[i];
        h *= 1099511628211ULL;
    }
    return h ^ (h >> 29);
}

static long long lookup(const Cutter *self, const unsigned char *data, Py_ssize_t size) {
    size_t slot = (size_t)hash_bytes(data, size) & self->mask;
    while (self->slots[slot]) {
        Py_ssize_t k = self->slots[slot] - 1;
        if (self->lens[k] == size && memcmp(self->bytes + self->starts[k], data, (size_t)size) == 0) {
            return self->ids[k];
        }
        slot = (slot + 1) & self->mask;
    }
    return -1;
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

static void Cutter_dealloc(Cutter *self) {
    PyMem_Free(self->bytes);
    PyMem_Free(self->starts);
    PyMem_Free(self->lens);
    PyMem_Free(self->ids);
    PyMem_Free(self->slots);
    PyMem_Free(self->prefixes);
    PyMem_Free(self->runs);
    PyMem_Free(self->lengths);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Cutter(tokens: dict[bytes, int]) */
static int Cutter_init(Cutter *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"tokens", NULL};
    PyObject *tokens;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!", keywords, &PyDict_Type, &tokens)) return -1;
    if (self->bytes) {
        PyErr_SetString(PyExc_RuntimeError, "a Cutter is built once");
        return -1;
    }
    Py_ssize_t count = PyDict_Size(tokens), total = 0, pos = 0, k = 0;
    PyObject *key, *value;
    while (PyDict_Next(tokens, &pos, &key, &value)) {
        if (!PyBytes_Check(key) || !PyLong_Check(value)) {
            PyErr_SetString(PyExc_TypeError, "the tokens are a dict of bytes to int");
            return -1;
        }
        total += PyBytes_GET_SIZE(key);
    }
    size_t table = 16;
    while (table < (size_t)count * 2 + 1) table <<= 1;
    self->bytes = PyMem_Malloc((size_t)total + 1);
    self->starts = PyMem_Malloc(sizeof(Py_ssize_t) * ((size_t)count + 1));
    self->lens = PyMem_Malloc(sizeof(Py_ssize_t) * ((size_t)count + 1));
    self->ids = PyMem_Malloc(sizeof(long long) * ((size_t)count + 1));
    self->slots = PyMem_Calloc(table, sizeof(Py_ssize_t));
    PrefixLength *pairs = PyMem_Malloc(sizeof(PrefixLength) * ((size_t)count + 1));
    if (!self->bytes || !self->starts || !self->lens || !self->ids || !self->slots || !pairs) {
        PyMem_Free(pairs);
        PyErr_NoMemory();
        return -1;
    }
    self->mask = table - 1;
    for (int b = 0; b < 256; b++) self->single[b] = -1;
    Py_ssize_t offset = 0, npairs = 0;
    pos = 0;
    while (PyDict_Next(tokens, &pos, &key, &value)) {
        long long id = PyLong_AsLongLong(value);
        if (id == -1 && PyErr_Occurred()) {
            PyMem_Free(pairs);
            return -1;
        }
        const unsigned char *data = (const unsigned char *)PyBytes_AS_STRING(key);
        Py_ssize_t size = PyBytes_GET_SIZE(key);
        if (size == 0) continue;
        memcpy(self->bytes + offset, data, (size_t)size);
        self->starts[k] = offset;
        self->lens[k] = size;
        self->ids[k] = id;
        offset += size;
        size_t slot = (size_t)hash_bytes(data, size) & self->mask;
        while (self->slots[slot]) slot = (slot + 1) & self->mask;
        self->slots[slot] = k + 1;
        if (size == 1) self->single[data[0]] = id;
        if (size >= 3) {
            pairs[npairs].prefix = ((uint32_t)data[0] << 16) | ((uint32_t)data[1] << 8) | data[2];
            pairs[npairs].length = size;
            npairs++;
        }
        k++;
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

static const unsigned char *word_of(PyObject *arg, Py_ssize_t *size) {
    if (!PyBytes_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "a word is bytes");
        return NULL;
    }
    *size = PyBytes_GET_SIZE(arg);
    return (const unsigned char *)PyBytes_AS_STRING(arg);
}

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
    Py_ssize_t n;
    const unsigned char *w = word_of(arg, &n);
    if (!w) return NULL;
    long long *found = PyMem_Malloc(sizeof(long long) * ((size_t)n + 1));
    if (!found) return PyErr_NoMemory();
    Py_ssize_t i = 0, made = 0;
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
            PyMem_Free(found);
            Py_RETURN_NONE;
        }
        found[made++] = id;
        i += length;
    }
    PyObject *out = ids_list(found, made);
    PyMem_Free(found);
    return out;
}

/* fewest(word: bytes) -> list[int] | None */
static PyObject *Cutter_fewest(Cutter *self, PyObject *arg) {
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

static struct PyModuleDef cuts_module = {
    PyModuleDef_HEAD_INIT, "bpe_core._cuts", "The lab's greedy and fewest cuts, compiled.", -1, NULL,
};

PyMODINIT_FUNC PyInit__cuts(void) {
    if (PyType_Ready(&CutterType) < 0) return NULL;
    PyObject *module = PyModule_Create(&cuts_module);
    if (!module) return NULL;
    Py_INCREF(&CutterType);
    if (PyModule_AddObject(module, "Cutter", (PyObject *)&CutterType) < 0) {
        Py_DECREF(&CutterType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
