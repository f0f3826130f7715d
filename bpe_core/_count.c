/* bpe_core._count: a corpus's pre-tokens counted in one table kept from piece to piece, keyed by their UTF-8 bytes.
 *
 * Training counts a corpus a piece of a few megabytes at a time, in worker processes (bpe_core/corpus/counting.py).
 * A Tally holds every distinct pre-token its worker has seen, once, as UTF-8 bytes in a buffer of its own, with
 * its count: no Python object is made per pre-token or per piece. What crosses the pipe to the parent at the end
 * (or earlier, when the tally grows large) is three byte strings, which the parent merges into a tally of its own.
 *
 *   >>> from bpe_core import _count, scanner
 *   >>> scanner._ready()                      # the scanners' character classes
 *   >>> tally = _count.Tally()
 *   >>> tally.add("to be or not to be", 0)    # pattern 0: gpt2
 *   >>> sorted(tally.to_dict().items())
 *   [(b' be', 2), (b' not', 1), (b' or', 1), (b' to', 1), (b'to', 1)]
 *   >>> parent = _count.Tally()
 *   >>> parent.merge(*tally.export()); parent.merge(*tally.export()); parent.to_dict()[b' be']
 *   4
 *
 * The steps, each named where it is done:
 *   scan     the pattern's pre-tokens (gpt2, cl100k, o200k, llama3, qwen2), by bpe_core._scan's scanners (_scan_api.h);
 *            their starts found 64 characters at a time where the text allows it (count_spans);
 *   utf-8    each pre-token's code points written as UTF-8 (an ASCII text's own bytes are already); a lone surrogate
 *            is a UnicodeEncodeError, as str.encode says it;
 *   count    the bytes looked up in an open-addressing table of indices into the entries (each: where its bytes
 *            lie, how many, their hash, the count), a new entry appended when not found: the entries, and the
 *            bytes, stay in the order first seen, so an export is the buffer itself; in front of it a small hot
 *            table counts the most frequent short pre-tokens without a cache miss (see Hot);
 *   export   (bytes, ends, counts): the pre-tokens' bytes joined, where each ends and its count (int64 in this
 *            machine's byte order: a worker and its parent), which merge() adds to another tally after checking
 *            that they fit together (ValueError naming what does not).
 * Scanning and counting read only the text (held by the call's arguments) and the class table, and write only the
 * tally, so they run without the GIL, in batches: between two, Ctrl-C (a signal) is checked. A tally is used by one
 * thread at a time (another gets a RuntimeError); counts stay below 2**63 (OverflowError).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_hash.h"
#include "_scan_api.h"

/* Characters scanned between two checks for Ctrl-C (with the GIL taken back). */
#define BATCH_CHARS ((Py_ssize_t)1 << 20)
#define EMPTY UINT32_MAX
/* The most entries a tally holds: their indices are uint32 and one value marks an empty slot. */
#define MOST_ENTRIES ((size_t)UINT32_MAX - 1)

static const ScanApi *scan_api = NULL;

typedef struct {
    size_t offset; /* where its bytes start in the tally's buffer */
    size_t length;
    uint64_t hash;
    uint64_t head; /* its first 8 bytes (0 past its end): a short pre-token is compared without reading the buffer */
    int64_t count;
} Entry;

/* The hot table: a slot per hash (HOT_BITS bits of it) remembering the last pre-token of at most 8 bytes found
 * there, with the occurrences counted there since (added to its entry when the slot is taken by another, or before
 * the counts are read: flush_hot), so that the most frequent ones (" ", "\n\t", " =", ...) are counted without
 * reading the table or the entries. */
#define HOT_BITS 12
typedef struct {
    uint64_t head;
    uint32_t index;
    uint32_t length; /* 0: an empty slot */
    int64_t pending; /* occurrences not yet added to the entry */
} Hot;

/* A slot of the table: an entry's index (or EMPTY) and the top of its hash, compared before the entry is read. */
typedef struct {
    uint32_t index;
    uint32_t tag;
} Slot;

typedef struct {
    PyObject_HEAD
    Entry *entries; /* in the order first seen */
    size_t used, entries_room;
    Slot *slots;     /* never more than half used */
    size_t mask;     /* slots - 1 (a power of two - 1), or 0 before the first entry */
    char *bytes;     /* the entries' bytes, one after another */
    size_t bytes_used, bytes_room;
    char *scratch; /* a pre-token's UTF-8 when the text is not ASCII */
    size_t scratch_room;
    Hot hot[1 << HOT_BITS];
    int busy; /* a call is counting (set and read with the GIL held) */
} Tally;

/* What a step without the GIL ran into, raised as a Python error once the GIL is back. */
typedef enum { OK = 0, NO_MEMORY, SURROGATE, OVERFLOW, STUCK, TOO_MANY } Status;

/* ----- hashing: the bytes eight at a time, mixed (murmur's finalizer) ----- */

/* The first 8 bytes of p[0:n], zeros past n. */
static inline uint64_t head_of(const char *p, size_t n) {
    uint64_t head = 0;
    if (n >= 8) {
        memcpy(&head, p, 8);
        return head;
    }
    for (size_t k = 0; k < n; k++) head |= (uint64_t)(unsigned char)p[k] << (8 * k); /* in registers: no stall */
    return head;
}

static uint64_t hash_bytes(const char *p, size_t n, uint64_t head) {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
    for (size_t k = 8; k < n; k += 8) h = mix64(h ^ head_of(p + k, n - k));
    return mix64(h ^ head);
}

/* ----- count: the table ----- */

/* Room for `more` bytes past `used` in *buffer (doubling): 0, or -1 when out of memory. Needs no GIL. */
static int make_room(char **buffer, size_t *room, size_t used, size_t more) {
    if (used + more <= *room) return 0;
    size_t want = *room ? *room : 4096;
    while (want < used + more) want *= 2;
    char *bigger = PyMem_RawRealloc(*buffer, want);
    if (!bigger) return -1;
    *buffer = bigger;
    *room = want;
    return 0;
}

/* Twice the slots (1024 at first), every entry put in its place again: 0, or -1 when out of memory. */
static int grow_slots(Tally *t) {
    size_t slots = t->mask ? 2 * (t->mask + 1) : 1024;
    Slot *table = PyMem_RawMalloc(sizeof(Slot) * slots);
    if (!table) return -1;
    memset(table, 0xff, sizeof(Slot) * slots); /* EMPTY everywhere */
    for (size_t e = 0; e < t->used; e++) {
        uint64_t hash = t->entries[e].hash;
        size_t k = (size_t)hash & (slots - 1);
        while (table[k].index != EMPTY) k = (k + 1) & (slots - 1);
        table[k] = (Slot){(uint32_t)e, (uint32_t)(hash >> 32)};
    }
    PyMem_RawFree(t->slots);
    t->slots = table;
    t->mask = slots - 1;
    return 0;
}

/* The occurrences counted in a hot slot added to its entry, the slot kept. */
static Status flush_one(Tally *t, Hot *hot) {
    if (!hot->length || !hot->pending) return OK;
    Entry *e = &t->entries[hot->index];
    if (e->count > INT64_MAX - hot->pending) return OVERFLOW;
    e->count += hot->pending;
    hot->pending = 0;
    return OK;
}

/* Every hot slot's occurrences added to its entry: before the counts are read. */
static Status flush_hot(Tally *t) {
    for (size_t k = 0; k < ((size_t)1 << HOT_BITS); k++) {
        Status status = flush_one(t, &t->hot[k]);
        if (status != OK) return status;
    }
    return OK;
}

/* The hot slot given to the pre-token of this entry, its last one's occurrences added to that one's entry. */
static Status make_hot(Tally *t, Hot *hot, uint64_t head, uint32_t index, size_t n) {
    Status status = flush_one(t, hot);
    if (status == OK) *hot = (Hot){head, index, (uint32_t)n, 0};
    return status;
}

/* `count` more of the pre-token p[0:n]: its entry found and added to, or appended. Needs no GIL. */
static Status count_bytes(Tally *t, const char *p, size_t n, int64_t count) {
    uint64_t head = head_of(p, n), hash = hash_bytes(p, n, head);
    uint32_t tag = (uint32_t)(hash >> 32);
    Hot *hot = &t->hot[hash >> (64 - HOT_BITS)];
    if (count == 1 && hot->length == n && hot->head == head) {
        if (hot->pending == INT64_MAX) return OVERFLOW;
        hot->pending++;
        return OK;
    }
    if (t->mask) {
        for (size_t k = (size_t)hash & t->mask;; k = (k + 1) & t->mask) {
            Slot slot = t->slots[k];
            if (slot.index == EMPTY) break;
            if (slot.tag != tag) continue;
            Entry *e = &t->entries[slot.index];
            if (e->hash == hash && e->length == n && e->head == head &&
                (n <= 8 || memcmp(t->bytes + e->offset + 8, p + 8, n - 8) == 0)) {
                if (e->count > INT64_MAX - count) return OVERFLOW;
                e->count += count;
                return n <= 8 ? make_hot(t, hot, head, slot.index, n) : OK;
            }
        }
    }
    if (t->used >= MOST_ENTRIES) return TOO_MANY;
    if (2 * (t->used + 1) > t->mask + 1 && grow_slots(t) < 0) return NO_MEMORY;
    if (t->used == t->entries_room) {
        size_t room = t->entries_room ? 2 * t->entries_room : 1024;
        Entry *bigger = PyMem_RawRealloc(t->entries, sizeof(Entry) * room);
        if (!bigger) return NO_MEMORY;
        t->entries = bigger;
        t->entries_room = room;
    }
    if (make_room(&t->bytes, &t->bytes_room, t->bytes_used, n) < 0) return NO_MEMORY;
    memcpy(t->bytes + t->bytes_used, p, n);
    t->entries[t->used] = (Entry){t->bytes_used, n, hash, head, count};
    size_t k = (size_t)hash & t->mask;
    while (t->slots[k].index != EMPTY) k = (k + 1) & t->mask;
    t->slots[k] = (Slot){(uint32_t)t->used++, tag};
    t->bytes_used += n;
    return n <= 8 ? make_hot(t, hot, head, (uint32_t)(t->used - 1), n) : OK;
}

/* ----- utf-8: a pre-token's code points as UTF-8, in the tally's scratch buffer ----- */

/* text[i:e] as UTF-8 into t->scratch; its length, or -1 for a lone surrogate, -2 when out of memory. */
static Py_ssize_t utf8_of(Tally *t, const ScanText *text, Py_ssize_t i, Py_ssize_t e) {
    if (make_room(&t->scratch, &t->scratch_room, 0, 4 * (size_t)(e - i)) < 0) return -2;
    unsigned char *out = (unsigned char *)t->scratch;
    for (Py_ssize_t k = i; k < e; k++) {
        Py_UCS4 c = PyUnicode_READ(text->kind, text->data, k);
        if (c < 0x80) {
            *out++ = (unsigned char)c;
        } else if (c < 0x800) {
            *out++ = (unsigned char)(0xc0 | (c >> 6));
            *out++ = (unsigned char)(0x80 | (c & 0x3f));
        } else if (c < 0x10000) {
            if (c >= 0xd800 && c <= 0xdfff) return -1;
            *out++ = (unsigned char)(0xe0 | (c >> 12));
            *out++ = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
            *out++ = (unsigned char)(0x80 | (c & 0x3f));
        } else {
            *out++ = (unsigned char)(0xf0 | (c >> 18));
            *out++ = (unsigned char)(0x80 | ((c >> 12) & 0x3f));
            *out++ = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
            *out++ = (unsigned char)(0x80 | (c & 0x3f));
        }
    }
    return (Py_ssize_t)(out - (unsigned char *)t->scratch);
}

/* ----- scan: the pre-tokens of text[*at:] up to about `limit`, each counted; *at moves past them ----- */

/* Counts text[i:e], a pre-token: an ASCII text's own bytes, or its characters as UTF-8. */
static Status count_piece(Tally *t, const ScanText *text, int ascii, Py_ssize_t i, Py_ssize_t e) {
    if (ascii) return count_bytes(t, (const char *)text->data + i, (size_t)(e - i), 1); /* a byte per code point */
    Py_ssize_t n = utf8_of(t, text, i, e);
    return n >= 0 ? count_bytes(t, t->scratch, (size_t)n, 1) : n == -1 ? SURROGATE : NO_MEMORY;
}

static Status scan_batch(Tally *t, ScanFunction scan, const ScanText *text, int ascii, Py_ssize_t *at,
                         Py_ssize_t limit, Py_ssize_t *stuck) {
    for (Py_ssize_t i = *at; i < limit;) {
        Py_ssize_t e = scan(text, i);
        if (e <= i) {
            *stuck = i;
            return STUCK;
        }
        Status status = count_piece(t, text, ascii, i, e);
        if (status != OK) {
            *stuck = i;
            return status;
        }
        *at = i = e;
    }
    return OK;
}

/* The pre-tokens, where the pattern has its starts found 64 characters at a time (_scan_api.h's starts), a span of
 * STARTS_SPAN characters at a time: each pre-token ends where the next starts; the span's last one, which may run
 * past it, is ended by the scanner, and so is every one of the words the starts leave to it. */
#define STARTS_SPAN ((Py_ssize_t)1 << 14)
#define STARTS_NONE ((Py_ssize_t)1 << 12)

static Status count_spans(Tally *t, BlockStartsFunction starts, ScanFunction scan, const ScanText *text, int ascii,
                          Py_ssize_t *at, Py_ssize_t limit, Py_ssize_t *stuck) {
    uint64_t bits[STARTS_SPAN / 64];
    while (*at < limit) {
        Py_ssize_t from = *at, to = limit - from > STARTS_SPAN ? from + STARTS_SPAN : limit, last = from;
        Py_ssize_t covered = (Py_ssize_t)starts(text, (size_t)from, (size_t)to, bits);
        if (covered == from) { /* the scanner's for a while (Chinese text: see _block_starts.h's WIDE_MOST) */
            Py_ssize_t until = to - from > STARTS_NONE ? from + STARTS_NONE : to;
            Status status = scan_batch(t, scan, text, ascii, at, until, stuck);
            if (status != OK) return status;
            continue;
        }
        to = covered;
        for (Py_ssize_t word = 0; word < (to - from + 63) / 64; word++) {
            for (uint64_t b = bits[word] & (word ? ~(uint64_t)0 : ~(uint64_t)1); b; b &= b - 1) {
                Py_ssize_t next = from + 64 * word + __builtin_ctzll(b);
                Status status = count_piece(t, text, ascii, last, next);
                if (status != OK) {
                    *stuck = last;
                    return status;
                }
                *at = last = next;
            }
        }
        Status status = scan_batch(t, scan, text, ascii, at, last + 1, stuck); /* the span's last pre-token */
        if (status != OK) return status;
    }
    return OK;
}

/* The Python error for a status (with the GIL): NULL, for the caller to return. */
static PyObject *raise_status(Status status, PyObject *text, Py_ssize_t where) {
    switch (status) {
    case NO_MEMORY:
        return PyErr_NoMemory();
    case SURROGATE: /* as str.encode("utf-8") says it: find the surrogate in the pre-token starting at where */
        for (Py_ssize_t k = where; text && k < PyUnicode_GET_LENGTH(text); k++) {
            Py_UCS4 c = PyUnicode_READ_CHAR(text, k);
            if (c >= 0xd800 && c <= 0xdfff) {
                PyObject *exc = PyObject_CallFunction(PyExc_UnicodeEncodeError, "sOnns", "utf-8", text, k, k + 1,
                                                      "surrogates not allowed");
                if (exc) {
                    PyErr_SetObject(PyExc_UnicodeEncodeError, exc);
                    Py_DECREF(exc);
                }
                return NULL;
            }
        }
        return PyErr_Format(PyExc_UnicodeEncodeError, "a lone surrogate near %zd", where);
    case OVERFLOW:
        return PyErr_Format(PyExc_OverflowError, "a pre-token's count would pass 2**63 - 1");
    case STUCK:
        return PyErr_Format(PyExc_RuntimeError, "no alternative matches at %zd", where);
    case TOO_MANY:
        return PyErr_Format(PyExc_OverflowError, "a tally holds at most %zu distinct pre-tokens", MOST_ENTRIES);
    default:
        return NULL;
    }
}

static int take(Tally *t) {
    if (t->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this tally is counting in another thread");
        return -1;
    }
    t->busy = 1;
    return 0;
}

/* add(text: str, pattern: int) -> None: every pre-token of text (pattern: a scanner's number in _scan.c, as
 * bpe_core.pretokenize.scanner.PATTERNS gives it) counted once more. Interrupted (Ctrl-C, an error), part of the
 * text may have been counted. */
static PyObject *tally_add(Tally *t, PyObject *args) {
    PyObject *text;
    int pattern;
    if (!PyArg_ParseTuple(args, "Ui", &text, &pattern)) return NULL;
    if (!scan_api->classes_ready()) {
        PyErr_SetString(PyExc_RuntimeError, "bpe_core._scan.set_classes() first (bpe_core.scanner does it)");
        return NULL;
    }
    if (pattern < 0 || pattern >= scan_api->count) {
        PyErr_Format(PyExc_ValueError, "pattern is a scanner's number, 0 to %d", scan_api->count - 1);
        return NULL;
    }
    if (take(t) < 0) return NULL;
    ScanFunction scan = scan_api->patterns[pattern];
    ScanText st = {PyUnicode_KIND(text), PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text)};
    int ascii = PyUnicode_IS_ASCII(text);
    /* (a text of any width: the starts leave to the scanner the words they do not read, _block_starts.h) */
    BlockStartsFunction starts = scan_api->starts[pattern];
    Py_ssize_t at = 0, where = -1;
    Status status = OK;
    while (status == OK && at < st.n) {
        Py_ssize_t limit = st.n - at > BATCH_CHARS ? at + BATCH_CHARS : st.n;
        Py_BEGIN_ALLOW_THREADS
        status = starts ? count_spans(t, starts, scan, &st, ascii, &at, limit, &where)
                        : scan_batch(t, scan, &st, ascii, &at, limit, &where);
        Py_END_ALLOW_THREADS
        if (status == OK && PyErr_CheckSignals() < 0) {
            t->busy = 0;
            return NULL;
        }
    }
    t->busy = 0;
    if (status != OK) return raise_status(status, text, where);
    Py_RETURN_NONE;
}

/* ----- export, and merge: the table as three byte strings, and back ----- */

/* export() -> (bytes, ends, counts): the pre-tokens' bytes joined in the order first seen, where each ends and its
 * count (int64 each, this machine's byte order) */
static PyObject *tally_export(Tally *t, PyObject *unused) {
    if (take(t) < 0) return NULL;
    Status status = flush_hot(t);
    if (status != OK) {
        t->busy = 0;
        return raise_status(status, NULL, -1);
    }
    PyObject *joined = PyBytes_FromStringAndSize(t->bytes, (Py_ssize_t)t->bytes_used);
    PyObject *ends = joined ? PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(8 * t->used)) : NULL;
    PyObject *counts = ends ? PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(8 * t->used)) : NULL;
    t->busy = 0;
    if (!counts) {
        Py_XDECREF(joined);
        Py_XDECREF(ends);
        return NULL;
    }
    int64_t *end_at = (int64_t *)PyBytes_AS_STRING(ends), *count_of = (int64_t *)PyBytes_AS_STRING(counts);
    for (size_t e = 0; e < t->used; e++) {
        end_at[e] = (int64_t)(t->entries[e].offset + t->entries[e].length);
        count_of[e] = t->entries[e].count;
    }
    return Py_BuildValue("(NNN)", joined, ends, counts);
}

/* Whether an export fits together: ends rising from 0 to len(bytes), counts of at least 0. NULL, or the error's
 * sentence. */
static const char *export_error(Py_buffer *joined, Py_buffer *ends, Py_buffer *counts) {
    if (ends->len % 8 || counts->len != ends->len) return "ends and counts are int64 arrays of the same length";
    const int64_t *end_at = ends->buf, *count_of = counts->buf;
    int64_t before = 0;
    for (Py_ssize_t e = 0; e < ends->len / 8; e++) {
        if (end_at[e] < before) return "the ends do not rise";
        if (count_of[e] < 0) return "a count is below 0";
        before = end_at[e];
    }
    if (before != joined->len) return "the last end is not the length of the bytes";
    return NULL;
}

/* merge(bytes, ends, counts) -> None: another tally's export() added to this one */
static PyObject *tally_merge(Tally *t, PyObject *args) {
    Py_buffer joined, ends, counts;
    if (!PyArg_ParseTuple(args, "y*y*y*", &joined, &ends, &counts)) return NULL;
    const char *error = export_error(&joined, &ends, &counts);
    Status status = OK;
    if (error) {
        PyErr_Format(PyExc_ValueError, "not a tally's export: %s", error);
    } else if (take(t) == 0) {
        const int64_t *end_at = ends.buf, *count_of = counts.buf;
        Py_BEGIN_ALLOW_THREADS
        int64_t start = 0;
        for (Py_ssize_t e = 0; status == OK && e < ends.len / 8; e++) {
            status = count_bytes(t, (const char *)joined.buf + start, (size_t)(end_at[e] - start), count_of[e]);
            start = end_at[e];
        }
        Py_END_ALLOW_THREADS
        t->busy = 0;
    }
    PyBuffer_Release(&joined);
    PyBuffer_Release(&ends);
    PyBuffer_Release(&counts);
    if (error) return NULL;
    if (status != OK) return raise_status(status, NULL, -1);
    if (PyErr_Occurred()) return NULL; /* the tally was busy */
    Py_RETURN_NONE;
}

/* to_dict() -> dict[bytes, int]: each pre-token's UTF-8 bytes and its count */
static PyObject *tally_to_dict(Tally *t, PyObject *unused) {
    if (take(t) < 0) return NULL;
    Status status = flush_hot(t);
    t->busy = 0;
    if (status != OK) return raise_status(status, NULL, -1);
    PyObject *out = PyDict_New();
    for (size_t e = 0; out && e < t->used; e++) {
        const Entry *entry = &t->entries[e];
        PyObject *key = PyBytes_FromStringAndSize(t->bytes + entry->offset, (Py_ssize_t)entry->length);
        PyObject *count = key ? PyLong_FromLongLong(entry->count) : NULL;
        if (!count || PyDict_SetItem(out, key, count) < 0) Py_CLEAR(out);
        Py_XDECREF(key);
        Py_XDECREF(count);
    }
    return out;
}

static void release(Tally *t) {
    PyMem_RawFree(t->entries);
    PyMem_RawFree(t->slots);
    PyMem_RawFree(t->bytes);
    PyMem_RawFree(t->scratch);
    t->entries = NULL;
    t->slots = NULL;
    t->bytes = t->scratch = NULL;
    t->used = t->entries_room = t->mask = t->bytes_used = t->bytes_room = t->scratch_room = 0;
    memset(t->hot, 0, sizeof(t->hot));
}

/* clear() -> None: every entry dropped and the memory handed back */
static PyObject *tally_clear(Tally *t, PyObject *unused) {
    if (take(t) < 0) return NULL;
    release(t);
    t->busy = 0;
    Py_RETURN_NONE;
}

/* nbytes: the memory the tally holds */
static PyObject *tally_nbytes(Tally *t, void *closure) {
    size_t slots = t->mask ? t->mask + 1 : 0;
    return PyLong_FromSize_t(sizeof(Entry) * t->entries_room + sizeof(Slot) * slots + t->bytes_room +
                             t->scratch_room);
}

static Py_ssize_t tally_length(Tally *t) { return (Py_ssize_t)t->used; }

static PyObject *tally_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if (PyTuple_GET_SIZE(args) || (kwargs && PyDict_GET_SIZE(kwargs))) {
        PyErr_SetString(PyExc_TypeError, "Tally() takes no arguments");
        return NULL;
    }
    return type->tp_alloc(type, 0); /* zeroed: an empty tally */
}

static void tally_dealloc(Tally *t) {
    release(t);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static PyMethodDef tally_methods[] = {
    {"add", (PyCFunction)tally_add, METH_VARARGS,
     "add(text, pattern): its pre-tokens counted (pattern: a scanner's number, scanner.PATTERNS)."},
    {"export", (PyCFunction)tally_export, METH_NOARGS, "export() -> (bytes, ends, counts): the table as byte strings."},
    {"merge", (PyCFunction)tally_merge, METH_VARARGS, "merge(bytes, ends, counts): another tally's export added."},
    {"to_dict", (PyCFunction)tally_to_dict, METH_NOARGS, "to_dict() -> dict[bytes, int]: each pre-token's count."},
    {"clear", (PyCFunction)tally_clear, METH_NOARGS, "clear(): every entry dropped, the memory handed back."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef tally_getset[] = {
    {"nbytes", (getter)tally_nbytes, NULL, "the memory the tally holds, in bytes", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PySequenceMethods tally_sequence = {.sq_length = (lenfunc)tally_length};

static PyTypeObject TallyType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "bpe_core._count.Tally",
    .tp_basicsize = sizeof(Tally),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Tally(): distinct pre-tokens' UTF-8 bytes and their counts, kept from one text to the next.",
    .tp_new = tally_new,
    .tp_dealloc = (destructor)tally_dealloc,
    .tp_methods = tally_methods,
    .tp_getset = tally_getset,
    .tp_as_sequence = &tally_sequence,
};

static struct PyModuleDef count_module = {
    PyModuleDef_HEAD_INIT, "bpe_core._count", "Pre-tokens counted in a table kept across pieces, compiled.", -1, NULL,
};

PyMODINIT_FUNC PyInit__count(void) {
    scan_api = import_scan_api();
    if (!scan_api) return NULL;
    if (PyType_Ready(&TallyType) < 0) return NULL;
    PyObject *module = PyModule_Create(&count_module);
    if (!module) return NULL;
    Py_INCREF(&TallyType);
    if (PyModule_AddObject(module, "Tally", (PyObject *)&TallyType) < 0) {
        Py_DECREF(&TallyType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
