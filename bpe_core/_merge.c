/* bpe_core._merge: the training merge loop (bpe_core/training/merge_engine.py's MergeEngine), compiled.
 *
 * The same answers as MergeEngine, which stays the reference (the tests drive both step by step): every distinct
 * pre-token is a *word* with a weight (how often it occurs), kept as its tokens' ids; a pair's count is the sum of
 * the weights of its occurrences (overlaps included: "aaa" holds two (a, a)); the best pair is the one with the
 * highest count, then the lexicographically greatest (left bytes, right bytes), then the smaller (left, right).
 *
 *   >>> from bpe_core._merge import Engine
 *   >>> engine = Engine({b"aaabdaaabac": 1}, 300)
 *   >>> engine.top_pairs(2)
 *   [((97, 97), 4), ((97, 98), 2)]
 *   >>> engine.merge(97, 97, 256), engine.top_pairs(1), engine.total_tokens()
 *   (2, [((256, 97), 2)], 9)
 *
 * What it holds (as HF tokenizers' and rustbpe's trainers do):
 *   words    every word's ids, one word after another; a word has room for its bytes (it never holds more tokens);
 *   pairs    a hash table from (left, right) to the pair's count and the words it was seen in (a word is added
 *            when the pair appears in it; a word the pair has left since is read for nothing). A pair counted 0
 *            is forgotten, with its words;
 *   heap     a lazy max-heap: every counted pair has an entry whose count is *at least* its own; a pair whose count
 *            grew gets a fresh entry; a stale entry is pushed again with the right count when it reaches the top,
 *            and the heap is rebuilt from the pairs when stale entries would outnumber them;
 *   tokens   each token's bytes (for the ties) and its frequency (kept as merges and splits change it).
 *
 * A merge reads only the words its pair was seen in, rewriting each in place left to right; PickyBPE's split (rare)
 * reads every word. Either runs without the GIL; an engine in use by one thread refuses the others' calls. No call
 * from Python crashes the interpreter: every failure is a Python error (an engine made with __new__ alone, or whose
 * __init__ failed, says it is not built; one that ran out of memory in a merge says so at every later call).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HEAP_SLACK 1024 /* stale heap entries allowed beyond one per counted pair (MergeEngine's HEAP_SLACK) */
#define EMPTY UINT64_MAX

static inline uint64_t code_of(uint32_t left, uint32_t right) { return ((uint64_t)left << 32) | right; }

/* ----- a hash table from pair codes to numbers (linear probing; removal shifts the run back: no tombstones) ----- */

typedef struct {
    uint64_t *keys;
    uint32_t *values;
    size_t mask, used;
} Map;

static inline size_t slot_of(const Map *m, uint64_t key) {
    uint64_t h = key * 0x9E3779B97F4A7C15ULL;
    return (size_t)(h ^ (h >> 31)) & m->mask;
}

static int map_init(Map *m, size_t wanted) {
    size_t size = 16;
    while (size < wanted * 2) size <<= 1;
    m->keys = PyMem_RawMalloc(size * sizeof(uint64_t));
    m->values = PyMem_RawMalloc(size * sizeof(uint32_t));
    if (!m->keys || !m->values) return -1;
    memset(m->keys, 0xff, size * sizeof(uint64_t));
    m->mask = size - 1;
    m->used = 0;
    return 0;
}

static void map_free(Map *m) {
    PyMem_RawFree(m->keys);
    PyMem_RawFree(m->values);
    memset(m, 0, sizeof(Map));
}

/* The value of key, or -1. */
static inline int64_t map_get(const Map *m, uint64_t key) {
    for (size_t s = slot_of(m, key);; s = (s + 1) & m->mask) {
        if (m->keys[s] == key) return m->values[s];
        if (m->keys[s] == EMPTY) return -1;
    }
}

static int map_put(Map *m, uint64_t key, uint32_t value);

/* Twice the slots, every key moved; 0 or -1 (out of memory, m unchanged). */
static int map_grow(Map *m) {
    Map bigger;
    if (map_init(&bigger, (m->mask + 1)) < 0) {
        map_free(&bigger);
        return -1;
    }
    for (size_t s = 0; s <= m->mask; s++) {
        if (m->keys[s] != EMPTY) map_put(&bigger, m->keys[s], m->values[s]);
    }
    map_free(m);
    *m = bigger;
    return 0;
}

/* key -> value (added or replaced); 0, or -1 when the table cannot grow. */
static int map_put(Map *m, uint64_t key, uint32_t value) {
    if ((m->used + 1) * 10 > (m->mask + 1) * 7 && map_grow(m) < 0) return -1;
    size_t s = slot_of(m, key);
    while (m->keys[s] != EMPTY && m->keys[s] != key) s = (s + 1) & m->mask;
    if (m->keys[s] == EMPTY) m->used++;
    m->keys[s] = key;
    m->values[s] = value;
    return 0;
}

/* key forgotten: the keys after it in its run move back to where a lookup finds them. */
static void map_remove(Map *m, uint64_t key) {
    size_t s = slot_of(m, key);
    while (m->keys[s] != key) {
        if (m->keys[s] == EMPTY) return;
        s = (s + 1) & m->mask;
    }
    size_t hole = s;
    for (size_t next = (hole + 1) & m->mask; m->keys[next] != EMPTY; next = (next + 1) & m->mask) {
        size_t home = slot_of(m, m->keys[next]);
        /* the key at next may fill the hole when its home is not in (hole, next] (cyclically) */
        if (((next - home) & m->mask) >= ((next - hole) & m->mask)) {
            m->keys[hole] = m->keys[next];
            m->values[hole] = m->values[next];
            hole = next;
        }
    }
    m->keys[hole] = EMPTY;
    m->used--;
}

/* ----- the engine's state ----- */

typedef struct {
    int64_t count;
    int64_t before;   /* the count when this merge first changed it */
    uint64_t stamp;   /* the merge that last changed it */
    uint32_t left, right;
    int32_t *words;   /* the words it was seen in (repeats and stale words allowed) */
    uint32_t nwords, room;
} Pair;

typedef struct {
    int64_t count;
    uint32_t left, right;
} Entry;

typedef struct {
    PyObject_HEAD
    int built, busy, broken;
    int64_t limit;
    /* words */
    Py_ssize_t nwords;
    int64_t *start;    /* word w's ids are ids[start[w] : start[w] + length[w]] (room: its bytes) */
    int32_t *length;
    int64_t *weight;
    int32_t *ids;
    int64_t nslots;    /* the words' bytes */
    /* tokens: id -> bytes[token_start[id] : token_start[id] + token_length[id]], and its frequency */
    int64_t ntokens;
    int64_t *token_start, *token_length, *frequency;
    char *bytes;
    int64_t nbytes, bytes_room;
    /* pairs */
    Pair *pairs;
    uint32_t npairs;             /* records made (the free ones among them listed in spare) */
    size_t pairs_room, spare_room;
    uint32_t *spare;
    uint32_t nspare;
    Map where;                   /* code -> record */
    Map banned;                  /* code -> 1 */
    /* heap */
    Entry *heap;
    size_t heap_len, heap_room;
    /* one merge's changes */
    uint64_t stamp;
    uint32_t *touched;
    size_t ntouched, touched_room;
    int32_t *scratch; /* a word's new ids during a split */
    int64_t total;
} Engine;

/* Room for n items of size each in *array (holding *room); 0, or -1 (out of memory, the array unchanged). */
static int reserve(void **array, size_t *room, size_t n, size_t size) {
    if (n <= *room) return 0;
    size_t bigger = *room ? *room : 8;
    while (bigger < n) bigger *= 2;
    void *grown = PyMem_RawRealloc(*array, bigger * size);
    if (!grown) return -1;
    *array = grown;
    *room = bigger;
    return 0;
}

/* ----- the tie rule: which of two heap entries is better ----- */

/* memcmp order on the tokens' bytes, a prefix before its extensions: <0, 0, >0. */
static int compare_tokens(const Engine *e, uint32_t a, uint32_t b) {
    if (a == b) return 0;
    int64_t la = e->token_length[a], lb = e->token_length[b];
    int c = memcmp(e->bytes + e->token_start[a], e->bytes + e->token_start[b], (size_t)(la < lb ? la : lb));
    if (c) return c;
    return la < lb ? -1 : la > lb;
}

/* Highest count; then the greatest (left bytes, right bytes); then the smaller (left, right) (MergeEngine's code). */
static int better(const Engine *e, const Entry *x, const Entry *y) {
    if (x->count != y->count) return x->count > y->count;
    int c = compare_tokens(e, x->left, y->left);
    if (!c) c = compare_tokens(e, x->right, y->right);
    if (c) return c > 0;
    return code_of(x->left, x->right) < code_of(y->left, y->right);
}

static void sift_up(Engine *e, size_t i) {
    Entry item = e->heap[i];
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!better(e, &item, &e->heap[parent])) break;
        e->heap[i] = e->heap[parent];
        i = parent;
    }
    e->heap[i] = item;
}

static void sift_down(Engine *e, size_t i) {
    Entry item = e->heap[i];
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= e->heap_len) break;
        if (child + 1 < e->heap_len && better(e, &e->heap[child + 1], &e->heap[child])) child++;
        if (!better(e, &e->heap[child], &item)) break;
        e->heap[i] = e->heap[child];
        i = child;
    }
    e->heap[i] = item;
}

static int heap_push(Engine *e, int64_t count, uint32_t left, uint32_t right) {
    if (reserve((void **)&e->heap, &e->heap_room, e->heap_len + 1, sizeof(Entry)) < 0) return -1;
    e->heap[e->heap_len] = (Entry){count, left, right};
    sift_up(e, e->heap_len++);
    return 0;
}

static Entry heap_pop(Engine *e) {
    Entry top = e->heap[0];
    e->heap[0] = e->heap[--e->heap_len];
    if (e->heap_len) sift_down(e, 0);
    return top;
}

/* Rule "heap": one entry per counted pair, with its count, the stale ones gone. */
static void heap_rebuild(Engine *e) {
    e->heap_len = 0;
    for (uint32_t r = 0; r < e->npairs; r++) {
        Pair *p = &e->pairs[r];
        if (p->count > 0) e->heap[e->heap_len++] = (Entry){p->count, p->left, p->right};
    }
    for (size_t i = e->heap_len / 2; i-- > 0;) sift_down(e, i);
}

static inline int64_t count_now(const Engine *e, uint32_t left, uint32_t right) {
    int64_t r = map_get(&e->where, code_of(left, right));
    return r < 0 ? 0 : e->pairs[r].count;
}

/* ----- rule "pairs": counts changed during a merge or a split, then settled ----- */

/* The record of (left, right), made (count 0, no words) if it has none; its index, or -1 (out of memory). */
static int64_t pair_record(Engine *e, uint32_t left, uint32_t right) {
    uint64_t code = code_of(left, right);
    int64_t r = map_get(&e->where, code);
    if (r >= 0) return r;
    if (e->nspare) {
        r = e->spare[--e->nspare];
    } else {
        if (e->npairs == UINT32_MAX ||
            reserve((void **)&e->pairs, &e->pairs_room, (size_t)e->npairs + 1, sizeof(Pair)) < 0 ||
            reserve((void **)&e->spare, &e->spare_room, e->pairs_room, sizeof(uint32_t)) < 0)
            return -1;
        r = e->npairs++;
    }
    e->pairs[r] = (Pair){0, 0, 0, left, right, NULL, 0, 0};
    if (map_put(&e->where, code, (uint32_t)r) < 0) {
        e->spare[e->nspare++] = (uint32_t)r; /* spare has room for every record */
        return -1;
    }
    return r;
}

/* count(left, right) += delta; with `word` >= 0 the pair appears in that word, which its list gets (once in a row).
 * 0, or -1 (out of memory). */
static int change(Engine *e, uint32_t left, uint32_t right, int64_t delta, int32_t word) {
    int64_t r = pair_record(e, left, right);
    if (r < 0) return -1;
    Pair *p = &e->pairs[r];
    if (p->stamp != e->stamp) {
        size_t room = e->touched_room;
        if (reserve((void **)&e->touched, &room, e->ntouched + 1, sizeof(uint32_t)) < 0) return -1;
        e->touched_room = room;
        e->touched[e->ntouched++] = (uint32_t)r;
        p->stamp = e->stamp;
        p->before = p->count;
    }
    p->count += delta;
    if (word >= 0 && (p->nwords == 0 || p->words[p->nwords - 1] != word)) {
        size_t room = p->room;
        if (reserve((void **)&p->words, &room, (size_t)p->nwords + 1, sizeof(int32_t)) < 0) return -1;
        p->room = (uint32_t)room;
        p->words[p->nwords++] = word;
    }
    return 0;
}

/* A pair counted 0 is forgotten; its record and words are freed. */
static void forget(Engine *e, uint32_t r) {
    Pair *p = &e->pairs[r];
    map_remove(&e->where, code_of(p->left, p->right));
    PyMem_RawFree(p->words);
    p->words = NULL;
    p->nwords = p->room = 0;
    p->count = 0;
    e->spare[e->nspare++] = r;
}

/* After a merge or a split: pairs counted 0 forgotten, pairs whose count grew pushed (rule "heap"), the heap rebuilt
 * when stale entries would outnumber the pairs. 0, or -1 (out of memory, or a count below 0: a bug). */
static int settle(Engine *e) {
    int failed = 0;
    for (size_t i = 0; i < e->ntouched; i++) {
        uint32_t r = e->touched[i];
        Pair *p = &e->pairs[r];
        if (p->count < 0) failed = 1;
        if (p->count <= 0) {
            forget(e, r);
        } else if (p->count > p->before && !failed) {
            failed = heap_push(e, p->count, p->left, p->right) < 0;
        }
    }
    e->ntouched = 0;
    if (e->heap_len > 2 * (size_t)e->where.used + HEAP_SLACK) heap_rebuild(e);
    return failed ? -1 : 0;
}

/* ----- rule "merge": every (left, right) of a word becomes new, left to right ----- */

/* In word w, each occurrence of (a, b) replaced by n, the pairs around it moved over: (x, a) becomes (x, n) and
 * (b, y) becomes (n, y). An occurrence right after another sees n before it, so (n, a) is added, then taken back.
 * The weight of the occurrences replaced, or -1 (out of memory). */
static int64_t merge_word(Engine *e, int32_t w, uint32_t a, uint32_t b, uint32_t n) {
    int32_t *t = e->ids + e->start[w];
    int32_t length = e->length[w], j = 0;
    int64_t weight = e->weight[w], removed = 0;
    for (int32_t i = 0; i < length;) {
        if (i + 1 < length && (uint32_t)t[i] == a && (uint32_t)t[i + 1] == b) {
            if (j > 0) {
                uint32_t before = (uint32_t)t[j - 1];
                if (change(e, before, a, -weight, -1) < 0 || change(e, before, n, weight, w) < 0) return -1;
            }
            if (i + 2 < length) {
                uint32_t after = (uint32_t)t[i + 2];
                if (change(e, b, after, -weight, -1) < 0 || change(e, n, after, weight, w) < 0) return -1;
            }
            if (change(e, a, b, -weight, -1) < 0) return -1;
            t[j++] = (int32_t)n;
            i += 2;
            removed += weight;
        } else {
            t[j++] = t[i++];
        }
    }
    e->length[w] = j;
    return removed;
}

/* The bytes of a new token: its parts' bytes. 0, or -1 (out of memory). */
static int add_token(Engine *e, uint32_t left, uint32_t right) {
    int64_t size = e->token_length[left] + e->token_length[right];
    size_t room = (size_t)e->bytes_room;
    if (reserve((void **)&e->bytes, &room, (size_t)(e->nbytes + size), 1) < 0) return -1;
    e->bytes_room = (int64_t)room;
    memcpy(e->bytes + e->nbytes, e->bytes + e->token_start[left], (size_t)e->token_length[left]);
    memcpy(e->bytes + e->nbytes + e->token_length[left], e->bytes + e->token_start[right],
           (size_t)e->token_length[right]);
    int64_t id = e->ntokens++;
    e->token_start[id] = e->nbytes;
    e->token_length[id] = size;
    e->frequency[id] = 0;
    e->nbytes += size;
    return 0;
}

/* Merge (a, b) into the next id, without the GIL: the weight of the occurrences replaced, or -1 (out of memory). */
static int64_t merge_pair(Engine *e, uint32_t a, uint32_t b) {
    uint32_t n = (uint32_t)e->ntokens;
    if (add_token(e, a, b) < 0) return -1;
    int64_t r = map_get(&e->where, code_of(a, b));
    if (r < 0) return 0;
    Pair *p = &e->pairs[r];
    int32_t *words = p->words; /* taken from the record: the records may move while the words are merged */
    uint32_t nwords = p->nwords;
    p->words = NULL;
    p->nwords = p->room = 0;
    e->stamp++;
    int64_t removed = 0;
    for (uint32_t k = 0; k < nwords; k++) {
        if (k > 0 && words[k] == words[k - 1]) continue;
        int64_t here = merge_word(e, words[k], a, b, n);
        if (here < 0) {
            removed = -1;
            break;
        }
        removed += here;
    }
    PyMem_RawFree(words);
    if (removed < 0 || settle(e) < 0) return -1;
    e->frequency[a] -= removed;
    e->frequency[b] -= removed;
    e->frequency[n] += removed;
    e->total -= removed;
    return removed;
}

/* ----- rule "split": every token t of a word becomes its parts (PickyBPE's removal) ----- */

/* Each pair of word w counted `sign` times its weight (sign > 0: the word added to the pairs' lists). */
static int count_word(Engine *e, int32_t w, int sign) {
    const int32_t *t = e->ids + e->start[w];
    for (int32_t i = 0; i + 1 < e->length[w]; i++) {
        if (change(e, (uint32_t)t[i], (uint32_t)t[i + 1], sign * e->weight[w], sign > 0 ? w : -1) < 0) return -1;
    }
    return 0;
}

/* Split every t into parts[0..nparts) in every word, without the GIL: the occurrences' weight, or -1. */
static int64_t split_token(Engine *e, uint32_t t, const uint32_t *parts, Py_ssize_t nparts) {
    e->stamp++;
    int64_t occurrences = 0;
    for (Py_ssize_t w = 0; w < e->nwords; w++) {
        int32_t *ids = e->ids + e->start[w], length = e->length[w], j = 0;
        int32_t i = 0;
        while (i < length && (uint32_t)ids[i] != t) i++;
        if (i == length) continue;
        if (count_word(e, (int32_t)w, -1) < 0) return -1;
        for (i = 0; i < length; i++) {
            if ((uint32_t)ids[i] != t) {
                e->scratch[j++] = ids[i];
                continue;
            }
            for (Py_ssize_t k = 0; k < nparts; k++) e->scratch[j++] = (int32_t)parts[k];
            occurrences += e->weight[w];
        }
        memcpy(ids, e->scratch, (size_t)j * sizeof(int32_t)); /* j <= the word's bytes: its room */
        e->length[w] = j;
        if (count_word(e, (int32_t)w, +1) < 0) return -1;
    }
    if (settle(e) < 0) return -1;
    e->frequency[t] -= occurrences;
    for (Py_ssize_t k = 0; k < nparts; k++) e->frequency[parts[k]] += occurrences;
    e->total += (int64_t)(nparts - 1) * occurrences;
    return (int64_t)(nparts - 1) * occurrences;
}

/* ----- building: the words from {bytes: weight}, the byte pairs counted ----- */

/* Free what the engine holds and leave it not built: after a failed __init__, and when it is deleted. */
static void Engine_clear(Engine *e) {
    PyMem_RawFree(e->start);
    PyMem_RawFree(e->length);
    PyMem_RawFree(e->weight);
    PyMem_RawFree(e->ids);
    PyMem_RawFree(e->token_start);
    PyMem_RawFree(e->token_length);
    PyMem_RawFree(e->frequency);
    PyMem_RawFree(e->bytes);
    for (uint32_t r = 0; e->pairs && r < e->npairs; r++) PyMem_RawFree(e->pairs[r].words);
    PyMem_RawFree(e->pairs);
    PyMem_RawFree(e->spare);
    map_free(&e->where);
    map_free(&e->banned);
    PyMem_RawFree(e->heap);
    PyMem_RawFree(e->touched);
    PyMem_RawFree(e->scratch);
    memset((char *)e + offsetof(Engine, built), 0, sizeof(Engine) - offsetof(Engine, built));
}

static void Engine_dealloc(Engine *e) {
    Engine_clear(e);
    Py_TYPE(e)->tp_free((PyObject *)e);
}

/* The byte pairs of every word counted, the words each was seen in listed (two passes: the lists' exact sizes
 * first), and the heap made. Without the GIL; 0, or -1 (out of memory). */
static int count_byte_pairs(Engine *e) {
    int64_t *counts = PyMem_RawCalloc(65536, sizeof(int64_t));
    uint32_t *listed = PyMem_RawCalloc(65536, sizeof(uint32_t));
    int32_t *last = PyMem_RawMalloc(65536 * sizeof(int32_t));
    int failed = !counts || !listed || !last;
    for (int pass = 0; !failed && pass < 2; pass++) {
        for (int c = 0; c < 65536; c++) last[c] = -1;
        for (Py_ssize_t w = 0; w < e->nwords; w++) {
            const int32_t *t = e->ids + e->start[w];
            for (int32_t i = 0; i + 1 < e->length[w]; i++) {
                int c = t[i] * 256 + t[i + 1];
                if (!pass) counts[c] += e->weight[w];
                if (last[c] == (int32_t)w || (pass && counts[c] <= 0)) continue; /* pairs counted 0 list nothing */
                last[c] = (int32_t)w;
                if (!pass) {
                    listed[c]++;
                    continue;
                }
                Pair *p = &e->pairs[map_get(&e->where, code_of((uint32_t)(c >> 8), (uint32_t)(c & 255)))];
                p->words[p->nwords++] = (int32_t)w;
            }
        }
        for (int c = 0; !pass && c < 65536; c++) { /* the records, with room for their words */
            if (counts[c] <= 0) continue;
            int64_t r = pair_record(e, (uint32_t)(c >> 8), (uint32_t)(c & 255));
            if (r < 0 || !(e->pairs[r].words = PyMem_RawMalloc(listed[c] * sizeof(int32_t)))) {
                failed = 1;
                break;
            }
            e->pairs[r].count = counts[c];
            e->pairs[r].room = listed[c];
        }
    }
    PyMem_RawFree(counts);
    PyMem_RawFree(listed);
    PyMem_RawFree(last);
    if (failed || reserve((void **)&e->heap, &e->heap_room, e->where.used + 1, sizeof(Entry)) < 0) return -1;
    heap_rebuild(e);
    return 0;
}

/* ----- rule "built", and one thread at a time ----- */

/* 1 when the engine may be used now, else 0 with the Python error that says why. */
static int ready(const Engine *e) {
    if (!e->built) {
        PyErr_SetString(PyExc_RuntimeError, "Engine is not built: its __init__ failed or was not called");
    } else if (e->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the merge engine is in use by another thread");
    } else if (e->broken) {
        PyErr_SetString(PyExc_MemoryError, "the merge engine ran out of memory during a merge: its counts are lost");
    } else {
        return 1;
    }
    return 0;
}

/* The words of `sequences` copied (each word's bytes as ids, its weight checked); 0, or -1 with an exception. */
static int copy_words(Engine *e, PyObject *sequences) {
    Py_ssize_t n = PyDict_Size(sequences), pos = 0, longest = 0;
    int64_t size = 0, total = 0;
    PyObject *key, *value;
    while (PyDict_Next(sequences, &pos, &key, &value)) { /* no Python code runs: the dict cannot change */
        if (!PyBytes_Check(key) || !PyLong_Check(value)) {
            PyErr_SetString(PyExc_TypeError, "the sequences are a dict of bytes to int");
            return -1;
        }
        long long weight = PyLong_AsLongLong(value);
        if (weight == -1 && PyErr_Occurred()) return -1;
        Py_ssize_t length = PyBytes_GET_SIZE(key);
        /* the total so far is at most INT64_MAX: weight * length fits what is left of it, or the whole is too big
         * (checked by division: any C compiler, not only those with overflow built-ins) */
        const char *wrong = weight < 0            ? "a weight is below 0"
                            : length > INT32_MAX ? "a sequence is longer than 2**31 - 1 bytes"
                            : weight > 0 && (int64_t)length > (INT64_MAX - total) / weight
                                ? "the sequences hold more than 2**63 - 1 tokens"
                                : NULL;
        if (wrong) {
            PyErr_SetString(PyExc_ValueError, wrong);
            return -1;
        }
        total += (int64_t)weight * (int64_t)length;
        size += length;
        if (length > longest) longest = length;
    }
    e->nwords = n;
    e->start = PyMem_RawMalloc(sizeof(int64_t) * (size_t)(n + 1));
    e->length = PyMem_RawMalloc(sizeof(int32_t) * (size_t)(n + 1));
    e->weight = PyMem_RawMalloc(sizeof(int64_t) * (size_t)(n + 1));
    e->ids = PyMem_RawMalloc(sizeof(int32_t) * (size_t)(size + 1));
    e->scratch = PyMem_RawMalloc(sizeof(int32_t) * (size_t)(longest + 1));
    if (!e->start || !e->length || !e->weight || !e->ids || !e->scratch) {
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t w = 0;
    int64_t offset = 0;
    for (pos = 0; PyDict_Next(sequences, &pos, &key, &value); w++) {
        const unsigned char *data = (const unsigned char *)PyBytes_AS_STRING(key);
        Py_ssize_t length = PyBytes_GET_SIZE(key);
        e->start[w] = offset;
        e->length[w] = (int32_t)length;
        e->weight[w] = PyLong_AsLongLong(value);
        for (Py_ssize_t i = 0; i < length; i++) {
            e->ids[offset + i] = data[i];
            e->frequency[data[i]] += e->weight[w];
        }
        offset += length;
    }
    e->total = total;
    e->nslots = size;
    return 0;
}

/* The tables every engine starts with: the 256 byte tokens, room for `limit` ids, the pair tables. */
static int make_tables(Engine *e) {
    e->token_start = PyMem_RawMalloc(sizeof(int64_t) * (size_t)e->limit);
    e->token_length = PyMem_RawMalloc(sizeof(int64_t) * (size_t)e->limit);
    e->frequency = PyMem_RawCalloc((size_t)e->limit, sizeof(int64_t));
    e->bytes = PyMem_RawMalloc(256);
    if (!e->token_start || !e->token_length || !e->frequency || !e->bytes || map_init(&e->where, 65536) < 0 ||
        map_init(&e->banned, 8) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    for (int b = 0; b < 256; b++) {
        e->bytes[b] = (char)b;
        e->token_start[b] = b;
        e->token_length[b] = 1;
    }
    e->ntokens = e->nbytes = e->bytes_room = 256;
    return 0;
}

/* Engine(sequences: dict[bytes, int], id_limit: int); rule "built": built only when every table is made. */
static int Engine_init(Engine *e, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"sequences", "id_limit", NULL};
    PyObject *sequences;
    long long limit;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!L", keywords, &PyDict_Type, &sequences, &limit)) return -1;
    if (e->built || e->busy) {
        PyErr_SetString(PyExc_RuntimeError, "an Engine is built once: make a new one");
        return -1;
    }
    if (limit < 256 || limit > INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "id_limit is at least 256 and below 2**31");
        return -1;
    }
    e->limit = limit;
    if (make_tables(e) < 0 || copy_words(e, sequences) < 0) {
        Engine_clear(e);
        return -1;
    }
    int failed;
    e->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    failed = count_byte_pairs(e);
    Py_END_ALLOW_THREADS
    e->busy = 0;
    if (failed) {
        Engine_clear(e);
        PyErr_NoMemory();
        return -1;
    }
    e->built = 1;
    return 0;
}

/* A token id given from Python: 0 <= id < ntokens, else -1 (with no exception). */
static int64_t known_id(const Engine *e, long long id) { return id >= 0 && id < e->ntokens ? id : -1; }

/* top_pairs(k) -> [((left, right), count)]: the k best pairs not banned, best first (rule "heap": the stale entries
 * met on the way pushed again with their count, or dropped). */
static PyObject *Engine_top_pairs(Engine *e, PyObject *arg) {
    if (!ready(e)) return NULL;
    Py_ssize_t k = PyLong_AsSsize_t(arg);
    if (k == -1 && PyErr_Occurred()) return NULL;
    PyObject *found = PyList_New(0);
    size_t most = k > 0 && (size_t)k < e->heap_len ? (size_t)k : e->heap_len; /* pairs found at most */
    Entry *kept = PyMem_RawMalloc(sizeof(Entry) * (most + 1));
    size_t nkept = 0;
    int failed = !found || !kept;
    while (!failed && e->heap_len && PyList_GET_SIZE(found) < k) {
        Entry top = heap_pop(e);
        int64_t actual = count_now(e, top.left, top.right);
        if (map_get(&e->banned, code_of(top.left, top.right)) >= 0) continue;
        if (actual == top.count) {
            /* a repeat of the last pair found is next to it (the entries come out best first) */
            if (nkept && kept[nkept - 1].left == top.left && kept[nkept - 1].right == top.right) continue;
            kept[nkept++] = top;
            PyObject *item = Py_BuildValue("((II)L)", top.left, top.right, (long long)actual);
            failed = !item || PyList_Append(found, item) < 0;
            Py_XDECREF(item);
        } else if (0 < actual && actual < top.count) {
            if (heap_push(e, actual, top.left, top.right) < 0) e->broken = 1;
        }
    }
    for (size_t i = 0; i < nkept; i++) {
        if (heap_push(e, kept[i].count, kept[i].left, kept[i].right) < 0) e->broken = 1;
    }
    PyMem_RawFree(kept);
    if (e->broken && !failed) ready(e);
    if (failed || e->broken) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        Py_XDECREF(found);
        return NULL;
    }
    return found;
}

/* The two ids of a pair given as two int arguments. 1, or 0 with an exception. */
static int two_ids(PyObject *args, long long *left, long long *right) {
    return PyArg_ParseTuple(args, "LL", left, right);
}

/* count_of(left, right) -> int: how often the pair occurs now (0 for ids it never saw). */
static PyObject *Engine_count_of(Engine *e, PyObject *args) {
    long long left, right;
    if (!ready(e) || !two_ids(args, &left, &right)) return NULL;
    if (known_id(e, left) < 0 || known_id(e, right) < 0) return PyLong_FromLong(0);
    return PyLong_FromLongLong(count_now(e, (uint32_t)left, (uint32_t)right));
}

/* ban(left, right): the pair is never given as a best pair again (still counted, and merge may merge it). */
static PyObject *Engine_ban(Engine *e, PyObject *args) {
    long long left, right;
    if (!ready(e) || !two_ids(args, &left, &right)) return NULL;
    if (known_id(e, left) < 0 || known_id(e, right) < 0) Py_RETURN_NONE; /* never counted: never best */
    if (map_put(&e->banned, code_of((uint32_t)left, (uint32_t)right), 1) < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

/* frequency(id) -> int: how often the token occurs now, weighted (0 for an id it never saw). */
static PyObject *Engine_frequency(Engine *e, PyObject *arg) {
    if (!ready(e)) return NULL;
    long long id = PyLong_AsLongLong(arg);
    if (id == -1 && PyErr_Occurred()) return NULL;
    return PyLong_FromLongLong(known_id(e, id) < 0 ? 0 : e->frequency[id]);
}

/* merge(left, right, new_id) -> int: every (left, right), left to right, replaced by new_id (the next free id);
 * the weight of the occurrences replaced (rule "merge"). */
static PyObject *Engine_merge(Engine *e, PyObject *args) {
    long long left, right, new_id;
    if (!ready(e) || !PyArg_ParseTuple(args, "LLL", &left, &right, &new_id)) return NULL;
    if (new_id != e->ntokens || new_id >= e->limit) {
        return PyErr_Format(PyExc_ValueError, "new id %lld is not the next free id %lld below %lld", new_id,
                            (long long)e->ntokens, (long long)e->limit);
    }
    if (known_id(e, left) < 0 || known_id(e, right) < 0) {
        return PyErr_Format(PyExc_ValueError, "(%lld, %lld) is not a pair of known ids", left, right);
    }
    int64_t removed;
    e->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    removed = merge_pair(e, (uint32_t)left, (uint32_t)right);
    Py_END_ALLOW_THREADS
    e->busy = 0;
    if (removed < 0) {
        e->broken = 1;
        ready(e);
        return NULL;
    }
    return PyLong_FromLongLong(removed);
}

/* split(id, parts: list[int]) -> int: every token id replaced by its parts (ids whose bytes spell it, at least
 * two), the id forgotten; how many tokens that added (rule "split"). */
static PyObject *Engine_split(Engine *e, PyObject *args) {
    long long token;
    PyObject *parts;
    if (!ready(e) || !PyArg_ParseTuple(args, "LO!", &token, &PyList_Type, &parts)) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(parts);
    uint32_t *ids = PyMem_RawMalloc(sizeof(uint32_t) * (size_t)(n + 1));
    if (!ids) return PyErr_NoMemory();
    int spelled = n >= 2 && known_id(e, token) >= 0;
    int64_t offset = 0;
    for (Py_ssize_t k = 0; spelled && k < n; k++) {
        PyObject *part = PyList_GET_ITEM(parts, k);
        /* an int, not any object with __index__: its Python code could change the list being read */
        long long id = PyLong_Check(part) ? PyLong_AsLongLong(part) : -1;
        if (!PyLong_Check(part)) PyErr_SetString(PyExc_TypeError, "the parts are a list of int");
        if (id == -1 && PyErr_Occurred()) {
            PyMem_RawFree(ids);
            return NULL;
        }
        spelled = known_id(e, id) >= 0 && offset + e->token_length[id] <= e->token_length[token] &&
                  memcmp(e->bytes + e->token_start[id], e->bytes + e->token_start[token] + offset,
                         (size_t)e->token_length[id]) == 0;
        if (spelled) offset += e->token_length[id];
        ids[k] = (uint32_t)id;
    }
    if (!spelled || offset != e->token_length[token]) {
        PyMem_RawFree(ids);
        return PyErr_Format(PyExc_ValueError, "%R do not spell token %lld", parts, token);
    }
    int64_t added;
    e->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    added = split_token(e, (uint32_t)token, ids, n);
    Py_END_ALLOW_THREADS
    e->busy = 0;
    PyMem_RawFree(ids);
    if (added < 0) {
        e->broken = 1;
        ready(e);
        return NULL;
    }
    return PyLong_FromLongLong(added);
}

/* total_tokens() -> int: the tokens of every word, weighted. */
static PyObject *Engine_total_tokens(Engine *e, PyObject *unused) {
    if (!ready(e)) return NULL;
    return PyLong_FromLongLong(e->total);
}

/* words() -> list[list[int]]: each word's ids now, in the order of the sequences given (for the tests). */
static PyObject *Engine_words(Engine *e, PyObject *unused) {
    if (!ready(e)) return NULL;
    PyObject *words = PyList_New(e->nwords);
    for (Py_ssize_t w = 0; words && w < e->nwords; w++) {
        PyObject *ids = PyList_New(e->length[w]);
        if (!ids) {
            Py_CLEAR(words);
            break;
        }
        for (int32_t i = 0; i < e->length[w]; i++) {
            PyList_SET_ITEM(ids, i, PyLong_FromLong(e->ids[e->start[w] + i]));
        }
        PyList_SET_ITEM(words, w, ids);
    }
    return words;
}

/* sizes() -> dict: the bytes each part of the engine holds now (for the memory note). */
static PyObject *Engine_sizes(Engine *e, PyObject *unused) {
    if (!ready(e)) return NULL;
    size_t listed = 0;
    for (uint32_t r = 0; r < e->npairs; r++) listed += e->pairs[r].room * sizeof(int32_t);
    return Py_BuildValue("{s:n,s:n,s:n,s:n,s:n}", "words", (Py_ssize_t)(e->nwords * 20 + e->nslots * 4),
                         "pairs", (Py_ssize_t)(e->pairs_room * (sizeof(Pair) + 4) + (e->where.mask + 1) * 12),
                         "listed", (Py_ssize_t)listed, "heap", (Py_ssize_t)(e->heap_room * sizeof(Entry)),
                         "tokens", (Py_ssize_t)(e->limit * 24 + e->bytes_room));
}

static PyMethodDef Engine_methods[] = {
    {"top_pairs", (PyCFunction)Engine_top_pairs, METH_O, "top_pairs(k) -> [((left, right), count)], best first."},
    {"count_of", (PyCFunction)Engine_count_of, METH_VARARGS, "count_of(left, right) -> the pair's count now."},
    {"ban", (PyCFunction)Engine_ban, METH_VARARGS, "ban(left, right): never a best pair again."},
    {"frequency", (PyCFunction)Engine_frequency, METH_O, "frequency(id) -> how often the token occurs now."},
    {"merge", (PyCFunction)Engine_merge, METH_VARARGS, "merge(left, right, new_id) -> the occurrences' weight."},
    {"split", (PyCFunction)Engine_split, METH_VARARGS, "split(id, parts) -> the tokens added."},
    {"total_tokens", (PyCFunction)Engine_total_tokens, METH_NOARGS, "total_tokens() -> the words' tokens."},
    {"words", (PyCFunction)Engine_words, METH_NOARGS, "words() -> each word's ids now."},
    {"sizes", (PyCFunction)Engine_sizes, METH_NOARGS, "sizes() -> the bytes each table holds."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "bpe_core._merge.Engine",
    .tp_basicsize = sizeof(Engine),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Engine(sequences: dict[bytes, int], id_limit: int): BPE training's merge loop over weighted words.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Engine_init,
    .tp_dealloc = (destructor)Engine_dealloc,
    .tp_methods = Engine_methods,
};

static struct PyModuleDef merge_module = {
    PyModuleDef_HEAD_INIT, "bpe_core._merge", "BPE training's merge loop, compiled.", -1, NULL,
};

PyMODINIT_FUNC PyInit__merge(void) {
    if (PyType_Ready(&EngineType) < 0) return NULL;
    PyObject *module = PyModule_Create(&merge_module);
    if (!module) return NULL;
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(module, "Engine", (PyObject *)&EngineType) < 0) {
        Py_DECREF(&EngineType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
