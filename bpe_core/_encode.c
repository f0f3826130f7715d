/* bpe_core._encode: Tokenizer.encode in compiled code, from the text to its ids.
 *
 * The same steps as the Python path of bpe_core/encoding/tokenizer.py, which stays the reference (tests compare the
 * two):
 *   specials the tokenizer's special tokens split out first, the longest where several start (made once by
 *            specials(): _specials.h), looked for a batch of text at a time;
 *   scan     the pattern's pre-tokens, by bpe_core._scan's scanners (_scan_api.h): gpt2, cl100k, o200k and the
 *            published llama3, qwen2, deepseek_v3; a text stored wide (one emoji makes it 4 bytes a character) has
 *            its long ASCII stretches copied a byte a character and scanned as ASCII text, cut where the pre-tokens
 *            on either side cannot change ("ASCII stretches" below); the rest is read from its wide units (each
 *            pre-token copied to UTF-8 for the cache, its ASCII runs eight characters at a time: utf8_of); the
 *            starts of gpt2's, cl100k's, o200k's, llama3's and qwen2's pre-tokens are found 64 characters at a time
 *            (_block_starts.h, find_starts below) in a text of any width (ASCII and CJK ideographs and Hangul by
 *            comparisons, other characters by the class table; words with many of those left to the scanner);
 *   cache    each pre-token's UTF-8 bytes looked up in a small table (in the processor's caches) in front of a
 *            bounded table of the pre-tokens seen (open addressing), which holds their ids; emptied when full, as
 *            _WordCache is (_pretoken_cache.h);
 *   merge    a pre-token not seen yet: BPE over its bytes, the merge of the lowest rank first, the leftmost of equal
 *            ranks (Tokenizer.merge_parts). The rank of merging two parts is, by the tokenizer's merge rule:
 *              pairs  the rank of the pair (left token, right token) in the merges list, the first if repeated;
 *              ranks  the rank of the token the two parts' bytes make (tiktoken's rule), and a pre-token that is a
 *                     token itself (of a rank under the limit) is that token at once;
 *            only ranks under `limit` merge (a truncated tokenizer's first k merges); ignore_merges (a
 *            tokenizer.json's option, Llama 3's) makes a pre-token that is a token itself that token at once, under
 *            either rule and whatever the limit. Where the vocabulary allows (_backtrack.h: each token made after
 *            the two it is made of: OpenAI's and our trained ones), by backtracking over the longest tokens the bytes
 *            begin with, a pre-token of wide characters (a Chinese clause) first cut where no token crosses (no merge
 *            crosses there either) and its pieces, words that repeat where clauses do not, cached and merged alone
 *            (the clause itself is remembered at its second sight: 3 in 4 of a novel's are seen once; a piece of one
 *            character of three bytes that is a token, 2 in 3 of a novel's pieces, is read from a table by code
 *            point, bt_char);
 *            elsewhere with a heap of candidate merges over a linked list of parts;
 *   ids      written as token numbers into one buffer (room for a token per two characters, grown past that); the
 *            list of Python ints is made once, at the end (encode: its items written before a list holds them, not
 *            zeroed first), or the buffer becomes an array of uint32 ids lent through the buffer protocol
 *            (encode_array).
 *
 *   >>> from bpe_core import _encode
 *   >>> from bpe_core.pretokenize import scanner
 *   >>> scanner._ready()   # the scanners' character classes
 *   >>> tokens = [bytes([b]) for b in range(256)] + [b"lo", b"low"]
 *   >>> enc = _encode.encoder(0, tokens, list(range(258)), None, [(108, 111, 256), (256, 119, 257)])
 *   >>> enc.encode("low lot", 2), enc.encode("low lot", 1)
 *   ([257, 32, 256, 116], [256, 119, 32, 256, 116])
 *   >>> whole = _encode.encoder(0, tokens, list(range(258)), None, [(108, 111, 256)], True)  # ignore_merges
 *   >>> whole.encode("low lot", 1)
 *   [257, 32, 256, 116]
 *   >>> memoryview(enc.encode_array("low lot", 2)).tolist()
 *   [257, 32, 256, 116]
 *
 * enc.merge(word, limit) merges one pre-token's bytes (no scan, no cache), and enc.backtracking says whether a
 * pre-token not seen yet is merged by backtracking (the vocabulary is monotone) or with the heap; enc.caches how many
 * caches of pre-tokens it has made (a stash each, below).
 *
 * Tokens are numbered by their place in `tokens`; `ids` gives each one's id (any Python int), which is what encode
 * returns. An encoder is made whole by encoder() (Python cannot make an empty one) and its tables never change, so
 * they are read without the GIL. The cache (and the ranks rule's memo) is the one thing that changes: each *stash*
 * holds one, with the lock that guards it, taken without the GIL; threads encoding at once each take a stash of
 * their own (one is made when all are taken, up to STASHES_MOST), so that they each use a core: a text's pieces
 * encoded by two threads take about half the time (bpe_core.encoding.parallel_encode).
 * The text is scanned in batches; between two, the GIL is taken back and Ctrl-C (a signal) is checked.
 * A lone surrogate is encoded as U+FFFD, as the Python path replaces it (fix_surrogates), where that gives the
 * Python path's ids (utf8_of); elsewhere it is an error.
 * Every failure is a Python error: bad tables (ValueError naming what), memory, a surrogate pair, or a lone surrogate
 * where it is not replaced (UnicodeEncodeError, as str.encode: Tokenizer.encode then replaces them and encodes again),
 * a pre-token of 4 GB or more (ValueError), an id past uint32 in encode_array (OverflowError), a position no
 * alternative of the pattern matches (RuntimeError; none exists for these patterns).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "_backtrack.h"
#include "_hash.h"
#include "_pretoken_cache.h"
#include "_scan_api.h"
#include "_specials.h"

#define NO_TOKEN UINT32_MAX
#define NO_RANK UINT32_MAX
/* Characters scanned between two checks for Ctrl-C (with the GIL taken back). */
#define BATCH_CHARS ((Py_ssize_t)1 << 20)

static const ScanApi *scan_api = NULL;

/* ----- the tables: token bytes -> token, (left, right) -> merge ----- */

/* The slots of a table for `entries` keys, at most half full: a power of two, 16 or more. */
static size_t table_size(size_t entries) {
    size_t size = 16;
    while (size < 2 * entries) size <<= 1;
    return size;
}

/* A token in the bytes table. Its first 16 bytes are kept in the slot (zero after its end): most tokens are that short
 * and are then compared without reading the tokens' bytes elsewhere in memory. */
typedef struct {
    uint64_t head[2];
    uint32_t len;
    uint32_t token; /* the token's number + 1; 0: an empty slot */
    uint32_t rank;  /* ranks rule: its rank (NO_RANK: a single byte); pairs rule: NO_RANK */
    uint32_t hash;  /* the low bits of its hash */
} TokenSlot;


typedef struct {
    uint64_t pair;   /* left << 32 | right */
    uint32_t rank;   /* NO_RANK: an empty slot */
    uint32_t merged; /* the token the merge makes */
} PairSlot;

enum { RULE_PAIRS = 0, RULE_RANKS = 1 };

/* The most stashes an encoder makes (threads encoding with it at once past these wait for one). */
#define STASHES_MOST 16

typedef struct {
    PyObject_HEAD
    int pattern;
    int rule;
    int ignore_merges; /* a pre-token that is a token is that token, under either rule */
    uint32_t n_tokens;
    unsigned char *bytes; /* token t is bytes[starts[t] : starts[t + 1]] */
    uint32_t *starts;
    PyObject **ids;       /* token t's id */
    uint32_t *ranks;      /* ranks rule: token t's rank, NO_RANK for a single byte (also in its TokenSlot) */
    TokenSlot *token_slots;
    size_t token_size;
    uint64_t *filter;     /* a bit per hash of the tokens' bytes (64 bits a token): most bytes that are no token */
    unsigned filter_log;  /* are told so here, in a table small enough for the processor's caches (o200k: 2 MB) */
    PairSlot *pair_slots; /* pairs rule */
    size_t pair_size;
    uint32_t single[256]; /* the token of each byte */
    Stash *stashes[STASHES_MOST]; /* made as threads need them (the first with the encoder); read without the GIL */
    int made;                /* how many: stashes[0:made] (written with the GIL, read atomically without it) */
    int callers;             /* encodes under way (counted with the GIL) */
    Backtrack backtrack;     /* merge by backtracking (_backtrack.h), where it is exact (ready) */
    uint64_t *values;        /* each token's id as a number, made by the first encode_array (id_values) */
    int numbered;            /* ... and every token's id is its number */
} Encoder;

/* The bit of the filter for a key's hash h (its high bits; the table's place is read from the low ones). */
static inline size_t filter_bit(const Encoder *e, uint64_t h) { return (size_t)(h >> (64 - e->filter_log)); }

/* The slot of the token whose bytes are p (n bytes), or NULL. */
static const TokenSlot *find_slot(const Encoder *e, const unsigned char *p, size_t n) {
    uint64_t head[2], h = key_of(p, n, head);
    size_t bit = filter_bit(e, h);
    if (!(e->filter[bit >> 6] >> (bit & 63) & 1)) return NULL; /* no token has this hash */
    size_t mask = e->token_size - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        const TokenSlot *slot = &e->token_slots[i];
        if (!slot->token) return NULL;
        if (slot->len == n && slot->hash == (uint32_t)h && slot->head[0] == head[0] && slot->head[1] == head[1] &&
            (n <= 16 || !memcmp(e->bytes + e->starts[slot->token - 1] + 16, p + 16, n - 16)))
            return slot;
    }
}

static uint32_t find_token(const Encoder *e, const unsigned char *p, size_t n) {
    const TokenSlot *slot = find_slot(e, p, n);
    return slot ? slot->token - 1 : NO_TOKEN;
}

/* Adds token t (of rank `rank`) to the bytes table; 0, or -1 if its bytes are there already (as token *other). */
static int add_token(Encoder *e, uint32_t t, uint32_t rank, uint32_t *other) {
    const unsigned char *p = e->bytes + e->starts[t];
    size_t n = e->starts[t + 1] - e->starts[t];
    const TokenSlot *found = find_slot(e, p, n);
    if (found) {
        *other = found->token - 1;
        return -1;
    }
    uint64_t head[2], h = key_of(p, n, head);
    size_t mask = e->token_size - 1, i = h & mask;
    while (e->token_slots[i].token) i = (i + 1) & mask;
    TokenSlot *slot = &e->token_slots[i];
    memcpy(slot->head, head, sizeof(slot->head));
    slot->len = (uint32_t)n;
    slot->token = t + 1;
    slot->rank = rank;
    slot->hash = (uint32_t)h;
    size_t bit = filter_bit(e, h);
    e->filter[bit >> 6] |= (uint64_t)1 << (bit & 63);
    return 0;
}

static const PairSlot *find_pair(const Encoder *e, uint32_t left, uint32_t right) {
    uint64_t pair = (uint64_t)left << 32 | right;
    size_t mask = e->pair_size - 1;
    for (size_t i = mix64(pair) & mask;; i = (i + 1) & mask) {
        const PairSlot *slot = &e->pair_slots[i];
        if (slot->rank == NO_RANK || slot->pair == pair) return slot;
    }
}

/* ----- one call's working memory (never shared: no lock) ----- */

typedef struct {
    uint32_t *data;
    size_t n, room;
    size_t ready;              /* the first `ready` have their pages made ready (prepare_pages) ... */
    const uint32_t *ready_in;  /* ... in this buffer (one that moved when it grew is asked again) */
} Ids;

/* A candidate merge of parts i and j (ending at k): the lowest rank first, then the leftmost (rank << 32 | i). */
typedef struct {
    uint64_t order;
    uint32_t j, k, merged;
} Candidate;

typedef struct {
    Stash *stash;           /* the cache and memo this call holds (its lock taken) */
    Ids out;                /* the text's tokens so far */
    unsigned char *utf8;    /* a pre-token's UTF-8 bytes */
    size_t utf8_room;
    unsigned char *narrow;  /* a stretch of ASCII or Latin-1 of a wide text, a byte a character (STRETCH_MOST + 16) */
    uint32_t *next, *prev, *part; /* per byte of the word: where its part ends, starts its left part, its token */
    size_t word_room;
    Candidate *heap;
    size_t heap_n, heap_room;
    BtWork backtrack;
    uint64_t *starts;       /* where pre-tokens start in [starts_from, starts_to), a bit each (STARTS_SPAN) */
    Py_ssize_t starts_from, starts_to;
    int starts_none;        /* ... or the span has none: it is left to the scanner */
} Work;

static void work_free(Work *w) {
    PyMem_RawFree(w->out.data);
    PyMem_RawFree(w->utf8);
    PyMem_RawFree(w->narrow);
    PyMem_RawFree(w->next);
    PyMem_RawFree(w->prev);
    PyMem_RawFree(w->part);
    PyMem_RawFree(w->heap);
    PyMem_RawFree(w->starts);
    bt_work_free(&w->backtrack);
}

static int push_id(Ids *out, uint32_t token) {
    if (out->n == out->room && pool_room((void **)&out->data, &out->room, out->n, 1, sizeof(uint32_t)) < 0) return -1;
    out->data[out->n++] = token;
    return 0;
}

static int heap_push(Work *w, Candidate c) {
    if (pool_room((void **)&w->heap, &w->heap_room, w->heap_n, 1, sizeof(Candidate)) < 0) return -1;
    size_t i = w->heap_n++;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (w->heap[up].order <= c.order) break;
        w->heap[i] = w->heap[up];
        i = up;
    }
    w->heap[i] = c;
    return 0;
}

static Candidate heap_pop(Work *w) {
    Candidate top = w->heap[0], last = w->heap[--w->heap_n];
    size_t i = 0, n = w->heap_n;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && w->heap[child + 1].order < w->heap[child].order) child++;
        if (last.order <= w->heap[child].order) break;
        w->heap[i] = w->heap[child];
        i = child;
    }
    if (n) w->heap[i] = last;
    return top;
}

/* ----- merge: BPE inside one pre-token ----- */

/* Ranks rule: the slot of the token that word[i:k] makes (parts i and j joined), from the memo or the bytes table. */
static const MemoSlot *joined(const Encoder *e, const Work *w, const unsigned char *word, uint32_t i, uint32_t j,
                              uint32_t k) {
    uint64_t pair = ((uint64_t)w->part[i] << 32 | w->part[j]) + 1;
    MemoSlot *memo = &w->stash->memo[mix64(pair) >> (64 - MEMO_BITS)];
    if (memo->pair != pair) {
        const TokenSlot *slot = find_slot(e, word + i, k - i);
        memo->pair = pair;
        memo->rank = slot ? slot->rank : NO_RANK;
        memo->merged = slot ? slot->token - 1 : NO_TOKEN;
    }
    return memo;
}

/* The merge of parts i and j (word[i:j] and word[j:k]) as the merge rule ranks it; 0 if it is never made. */
static int candidate(const Encoder *e, const Work *w, const unsigned char *word, uint32_t limit, uint32_t i,
                     uint32_t j, uint32_t k, Candidate *c) {
    uint32_t rank, merged;
    if (e->rule == RULE_PAIRS) {
        const PairSlot *slot = find_pair(e, w->part[i], w->part[j]);
        rank = slot->rank;
        merged = slot->merged;
    } else {
        const MemoSlot *slot = joined(e, w, word, i, j, k);
        rank = slot->rank;
        merged = slot->merged;
    }
    if (rank >= limit) return 0;
    c->order = (uint64_t)rank << 32 | i;
    c->j = j;
    c->k = k;
    c->merged = merged;
    return 1;
}

/* Appends the tokens BPE makes of word (n bytes) to w->out: the lowest-ranked merge of two adjacent parts first,
 * the leftmost of equal ranks (Tokenizer.merge_parts and _merge_long). A part starts at byte i and ends at next[i];
 * a candidate (i, j, k) is stale unless next[i] == j and next[j] == k still. With `last`, the last merge made is
 * put there. 0, or -1 out of memory. */
static int merge_by_heap(const Encoder *e, Work *w, const unsigned char *word, size_t n, uint32_t limit,
                         BtMerge *last) {
    if (n > w->word_room) {
        size_t room = n < 64 ? 64 : n;
        uint32_t *next = PyMem_RawRealloc(w->next, room * sizeof(uint32_t));
        if (next) w->next = next;
        uint32_t *prev = PyMem_RawRealloc(w->prev, room * sizeof(uint32_t));
        if (prev) w->prev = prev;
        uint32_t *part = PyMem_RawRealloc(w->part, room * sizeof(uint32_t));
        if (part) w->part = part;
        if (!next || !prev || !part) return -1;
        w->word_room = room;
    }
    uint32_t *next = w->next, *prev = w->prev, *part = w->part, end = (uint32_t)n;
    for (uint32_t i = 0; i < end; i++) {
        next[i] = i + 1;
        prev[i] = i - 1; /* UINT32_MAX before the first */
        part[i] = e->single[word[i]];
    }
    w->heap_n = 0;
    Candidate c;
    for (uint32_t i = 0; i + 1 < end; i++) {
        if (candidate(e, w, word, limit, i, i + 1, i + 2, &c) && heap_push(w, c) < 0) return -1;
    }
    while (w->heap_n) {
        c = heap_pop(w);
        uint32_t i = (uint32_t)c.order, j = c.j, k = c.k;
        if (next[i] != j || next[j] != k) continue; /* stale: a part it joins has merged since */
        if (last) *last = (BtMerge){part[i], part[j], (uint32_t)(c.order >> 32)};
        part[i] = c.merged;
        next[i] = k;
        next[j] = NO_TOKEN;
        if (k < end) {
            prev[k] = i;
            if (candidate(e, w, word, limit, i, k, next[k], &c) && heap_push(w, c) < 0) return -1;
        }
        uint32_t before = prev[i];
        if (i > 0 && candidate(e, w, word, limit, before, i, k, &c) && heap_push(w, c) < 0) return -1;
    }
    for (uint32_t i = 0; i < end; i = next[i]) {
        if (push_id(&w->out, part[i]) < 0) return -1;
    }
    return 0;
}

/* Appends the tokens BPE makes of word (n bytes) to w->out, by backtracking where the encoder's vocabulary allows
 * it, else with the heap. 0, or -1 out of memory; 1: the heap's ids, as the backtracking found no sequence (which
 * _backtrack.h's rule rules out; Encoder.merge raises then, for the tests). */
static int merge_word(const Encoder *e, Work *w, const unsigned char *word, size_t n, uint32_t limit) {
    /* the ranks rule and ignore_merges: a pre-token that is a token itself is that token (under the ranks rule, of a
     * rank under the limit; with ignore_merges, any) */
    int whole_first = e->rule == RULE_RANKS || e->ignore_merges;
    if (whole_first && n == 1) return push_id(&w->out, e->single[word[0]]);
    if (e->backtrack.ready) {
        size_t count;
        uint32_t longest = bt_longest(&e->backtrack, word, 0, n); /* the trie says if the word is a token */
        if (whole_first && bt_length(&e->backtrack, longest) == n && (e->ignore_merges || e->ranks[longest] < limit))
            return push_id(&w->out, longest);
        if (pool_room((void **)&w->out.data, &w->out.room, w->out.n, n, sizeof(uint32_t)) < 0) return -1;
        int found = bt_merge(&e->backtrack, &w->backtrack, word, n, limit, longest, w->out.data + w->out.n, &count);
        if (found < 0) return -1;
        if (found == 0) {
            w->out.n += count;
            return 0;
        }
        return merge_by_heap(e, w, word, n, limit, NULL) < 0 ? -1 : 1;
    }
    if (whole_first) {
        const TokenSlot *whole = find_slot(e, word, n);
        if (whole && (e->ignore_merges || whole->rank < limit)) return push_id(&w->out, whole->token - 1);
    }
    return merge_by_heap(e, w, word, n, limit, NULL);
}

/* The heap's BPE of a token's bytes under no limit, for bt_build (BtReference): the parts, the last merge. */
static int heap_reference(void *context, const unsigned char *bytes, size_t n, size_t *count, uint32_t *token,
                          BtMerge *last) {
    Encoder *e = ((void **)context)[0];
    Work *w = ((void **)context)[1];
    w->out.n = 0;
    if (merge_by_heap(e, w, bytes, n, NO_RANK, last) < 0) return -1;
    *count = w->out.n;
    *token = w->out.data[0];
    return 0;
}

/* ----- scan: the text's pre-tokens, each to ids ----- */

enum { DONE = 0, NO_MEMORY = -1, STUCK = -2, SURROGATE = -3, TOO_LONG = -4 };

/* One encode call: its text, where it is, and the next special token (found ahead, once per token). */
typedef struct {
    ScanText text;
    int ascii;                /* the text is ASCII: its own UTF-8, read in place */
    int narrow;               /* its long stretches of ASCII (or Latin-1) may be encoded as such (encode_ordinary) */
    int cuts;                 /* its scanner's pre-tokens do not cross a safe cut (SCANNERS: cut_before) */
    int replace_lone;         /* a lone surrogate is encoded as U+FFFD (utf8_of) */
    const Specials *specials; /* or NULL */
    uint32_t limit;
    Py_ssize_t at;            /* where the next pre-token or special token starts */
    Py_ssize_t special_at;    /* where the next special token starts (text.n: none; -1: not looked for yet) */
    Py_ssize_t special;       /* which one */
    Py_ssize_t bad;           /* where an error is */
    Py_ssize_t searched;      /* no special token starts in text[at:searched] */
} Call;

/* Where the text can be cut (Call.cuts), special tokens are looked for this many characters ahead at a time, and
 * the text searched is encoded up to its last safe cut (encode_batch) while it is still in the processor's caches
 * (a wide text's: 256 KB), instead of a whole batch searched first and read again. */
#define SPECIAL_AHEAD ((Py_ssize_t)1 << 16)

/* The next special token at or after call->at: where and which (text.n if none); 1. A batch's worth of characters
 * (SPECIAL_AHEAD where the text can be cut) is searched at a time: 0 if it stopped short (the encode encodes the
 * text searched up to a safe cut, or checks Ctrl-C, then searches on from there), so that a long text without a
 * special token in it, or with many places where one might start, can still be stopped. */
static int find_special(Call *call) {
    const Specials *s = call->specials;
    call->special_at = call->text.n;
    if (!s || !s->count) return 1;
    Py_ssize_t from = call->searched > call->at ? call->searched : call->at;
    Py_ssize_t ahead = call->cuts ? SPECIAL_AHEAD : BATCH_CHARS;
    Py_ssize_t end = call->text.n - from > ahead ? from + ahead : call->text.n;
    ScanText part = {call->text.kind, call->text.data, end}; /* where a token may start; it may end past it */
    for (Py_ssize_t i = from; (i = next_candidate(s, &part, i)) < end; i++) {
        if ((call->special = special_at(s, &call->text, i)) >= 0) {
            call->special_at = i;
            return 1;
        }
    }
    call->searched = end;
    if (end == call->text.n) return 1;
    call->special_at = -1;
    return 0;
}

/* A character's UTF-8 bytes at o; past them. */
static inline unsigned char *put_utf8(unsigned char *o, Py_UCS4 ch) {
    if (ch < 0x80) {
        *o++ = (unsigned char)ch;
    } else if (ch < 0x800) {
        *o++ = (unsigned char)(0xc0 | ch >> 6);
        *o++ = (unsigned char)(0x80 | (ch & 0x3f));
    } else if (ch < 0x10000) {
        *o++ = (unsigned char)(0xe0 | ch >> 12);
        *o++ = (unsigned char)(0x80 | (ch >> 6 & 0x3f));
        *o++ = (unsigned char)(0x80 | (ch & 0x3f));
    } else {
        *o++ = (unsigned char)(0xf0 | ch >> 18);
        *o++ = (unsigned char)(0x80 | (ch >> 12 & 0x3f));
        *o++ = (unsigned char)(0x80 | (ch >> 6 & 0x3f));
        *o++ = (unsigned char)(0x80 | (ch & 0x3f));
    }
    return o;
}

/* The UTF-8 bytes of a character of three (U+0800 to U+FFFF, not a surrogate) at o, in one store of four bytes where
 * the order of bytes allows (the fourth is written past them: the buffer has room, and the next bytes overwrite it);
 * past them. */
static inline unsigned char *put_utf8_3(unsigned char *o, Py_UCS4 ch) {
#if PY_LITTLE_ENDIAN
    uint32_t bytes = (0xe0 | ch >> 12) | (0x80 | (ch >> 6 & 0x3f)) << 8 | (0x80 | (ch & 0x3f)) << 16;
    memcpy(o, &bytes, 4);
    return o + 3;
#else
    return put_utf8(o, ch);
#endif
}

static inline int is_high_surrogate(Py_UCS4 ch) { return ch >= 0xd800 && ch <= 0xdbff; }
static inline int is_low_surrogate(Py_UCS4 ch) { return ch >= 0xdc00 && ch <= 0xdfff; }

/* The surrogate at i of the call's text as UTF-8 from o on, past it; NULL where it is not replaced.
 * fix_surrogates (the Python path) decodes the text as UTF-16 with "replace": a surrogate without its other half
 * (a high one not followed by a low one, a low one not after a high one) becomes one U+FFFD (EF BF BD), the same
 * one character at the same place, and a pair becomes the one character it stands for. Only lone ones are replaced
 * here: a pair (which moves the characters after it) stops the encode, as does any surrogate where the call does
 * not replace them (replace_lone: the scanner must see U+FFFD where the surrogate is, see encode_text). */
static unsigned char *lone_surrogate(const Call *call, Py_ssize_t i, unsigned char *o) {
    const ScanText *t = &call->text;
    Py_UCS4 ch = PyUnicode_READ(t->kind, t->data, i);
    int paired = is_high_surrogate(ch) ? i + 1 < t->n && is_low_surrogate(PyUnicode_READ(t->kind, t->data, i + 1))
                                       : i > 0 && is_high_surrogate(PyUnicode_READ(t->kind, t->data, i - 1));
    if (paired || !call->replace_lone) return NULL;
    *o++ = 0xef;
    *o++ = 0xbf;
    *o++ = 0xbd;
    return o;
}

/* The eight characters at p as eight bytes at o (the bytes of those past ASCII are not their UTF-8), and how many of
 * them are ASCII before the first that is not (8: all). Eight units are readable at p, eight bytes writable at o.
 *   "Straße f" (two bytes a character): writes "Stra\xdfe f", returns 4 */
static inline unsigned ascii8_ucs1(const Py_UCS1 *p, unsigned char *o) {
    uint64_t eight;
    memcpy(&eight, p, 8);
    memcpy(o, &eight, 8);
    uint64_t high = eight & 0x8080808080808080ull; /* the top bit of each byte: past ASCII */
#if PY_LITTLE_ENDIAN
    return high ? (unsigned)__builtin_ctzll(high) / 8 : 8;
#else
    return high ? (unsigned)__builtin_clzll(high) / 8 : 8;
#endif
}

static inline unsigned ascii8_ucs2(const Py_UCS2 *p, unsigned char *o) {
#if defined(__SSE2__)
    /* (the packing reads units as signed: U+8000 and past would pack to 0; so past ASCII is told by a mask) */
    __m128i units = _mm_loadu_si128((const __m128i *)p);
    __m128i ascii = _mm_cmpeq_epi16(_mm_and_si128(units, _mm_set1_epi16((short)0xff80)), _mm_setzero_si128());
    _mm_storel_epi64((__m128i *)o, _mm_packus_epi16(units, units));
    unsigned past = ~(unsigned)_mm_movemask_epi8(_mm_packs_epi16(ascii, ascii)) & 0xff;
    return past ? (unsigned)__builtin_ctz(past) : 8;
#else
    unsigned k = 0;
    while (k < 8 && p[k] < 0x80) o[k] = (unsigned char)p[k], k++;
    return k;
#endif
}

static inline unsigned ascii8_ucs4(const Py_UCS4 *p, unsigned char *o) {
#if defined(__SSE2__)
    /* code points (at most 0x10FFFF: positive as signed) saturated to 16 bits, then to 8: the top bit of a byte is
     * set exactly where its code point is past ASCII */
    __m128i low = _mm_loadu_si128((const __m128i *)p), high4 = _mm_loadu_si128((const __m128i *)(p + 4));
    __m128i units = _mm_packs_epi32(low, high4), bytes = _mm_packus_epi16(units, units);
    _mm_storel_epi64((__m128i *)o, bytes);
    unsigned high = (unsigned)_mm_movemask_epi8(bytes) & 0xff;
    return high ? (unsigned)__builtin_ctz(high) : 8;
#else
    unsigned k = 0;
    while (k < 8 && p[k] < 0x80) o[k] = (unsigned char)p[k], k++;
    return k;
#endif
}

/* The UTF-8 bytes of text[a:b] (of code units of type UNIT) from o on (room for eight bytes more); past them, or
 * NULL at a surrogate that is not replaced (*bad: where). A loop per width of code unit: reading the text's units
 * directly, not through PyUnicode_READ's switch; ASCII eight characters at a time where eight are readable (a German
 * text, wide for its U+2019 or an emoji, is mostly ASCII: a loop a character, whose end the processor guesses wrong at
 * each pre-token's changing length, cost 1.5 M of such a text's 7.5 M mispredicted branches; without SSE2, a text of
 * two or four bytes a character keeps that loop); a character of three bytes (most of a Chinese text) in one store. */
#define UTF8_LOOP(UNIT, ASCII8)                                                                                       \
    for (const UNIT *start = (const UNIT *)t->data, *p = start + a, *end = start + b; p < end; p++) {               \
        Py_UCS4 ch = *p;                                                                                              \
        if (ch < 0x80) {                                                                                              \
            if (p - start <= t->n - 8) { /* this one and up to seven more, all written, those of text[a:b] counted */ \
                unsigned ascii = ASCII8(p, o);                                                                        \
                Py_ssize_t left = end - p, taken = ascii < left ? (Py_ssize_t)ascii : left;                          \
                o += taken;                                                                                           \
                p += taken - 1;                                                                                       \
                continue;                                                                                             \
            }                                                                                                         \
            *o++ = (unsigned char)ch;                                                                                 \
            continue;                                                                                                 \
        }                                                                                                             \
        if (ch - 0x800 < 0xd800 - 0x800 || ch - 0xe000 < 0x10000 - 0xe000) { /* most of a Chinese text */              \
            o = put_utf8_3(o, ch);                                                                                    \
            continue;                                                                                                 \
        }                                                                                                             \
        if (ch >= 0xd800 && ch <= 0xdfff) {                                                                           \
            Py_ssize_t i = p - (const UNIT *)t->data;                                                                 \
            if (!(o = lone_surrogate(call, i, o))) {                                                                  \
                *bad = i;                                                                                             \
                return NULL;                                                                                          \
            }                                                                                                         \
            continue;                                                                                                 \
        }                                                                                                             \
        o = put_utf8(o, ch);                                                                                          \
    }

static unsigned char *utf8_of(const Call *call, const ScanText *t, Py_ssize_t a, Py_ssize_t b, unsigned char *o,
                              Py_ssize_t *bad) {
    switch (t->kind) {
    case PyUnicode_1BYTE_KIND:
        UTF8_LOOP(Py_UCS1, ascii8_ucs1)
        break;
    case PyUnicode_2BYTE_KIND:
        UTF8_LOOP(Py_UCS2, ascii8_ucs2)
        break;
    default:
        UTF8_LOOP(Py_UCS4, ascii8_ucs4)
    }
    return o;
}

/* Pre-tokens looked up together: each one's slots are asked of memory (prefetched) before the first is looked up,
 * so that the cache's misses of the processor's caches overlap instead of following one another. */
#define AHEAD 16

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)(address))
#endif

typedef struct {
    size_t from, n;   /* its UTF-8 bytes, n of them: scan_ahead's in the text (an ASCII text's, or IN_TEXT set) or in
                       * w->utf8 from `from` on; merge_cut's in the word */
    const unsigned char *bytes; /* scan_ahead's: where they are */
    size_t readable;  /* scan_ahead's: the bytes readable from there on (n or more) */
    uint64_t h;       /* its key */
    uint64_t head[2];
    uint32_t token;   /* merge_cut's pieces: the token a piece of one character is (bt_char), else BT_NONE */
} Pending;

/* A key's head read 16 bytes at once (16 bytes are readable at p), the bytes past its n masked off: head_of's
 * result without its copy through a buffer. */
static inline void head_at(const unsigned char *p, size_t n, uint64_t head[2]) {
#if PY_LITTLE_ENDIAN
    /* The first k bytes of a word kept (k from 0 to 8), read from a table: a branch on the length, which the processor
     * guesses wrong at pre-tokens of changing lengths, was 0.58 M of English's 3.2 M mispredicted branches. */
    static const uint64_t KEEP[9] = {0,          0xff,           0xffff,           0xffffff,          0xffffffff,
                                     0xffffffffff, 0xffffffffffff, 0xffffffffffffff, UINT64_MAX};
    uint64_t low, high;
    memcpy(&low, p, 8);
    memcpy(&high, p + 8, 8);
    size_t first = n < 8 ? n : 8, both = n < 16 ? n : 16;
    head[0] = low & KEEP[first];
    head[1] = high & KEEP[both - first];
#else
    head_of(p, n, head);
#endif
}

/* key_of for a key with 16 readable bytes at p. */
static inline uint64_t key_at(const unsigned char *p, size_t n, uint64_t head[2]) {
    if (n > 16) return key_of(p, n, head);
    head_at(p, n, head);
    return short_key_hash(head, n);
}

/* Where the pattern allows it (scan_api->starts): the pre-tokens' starts found STARTS_SPAN characters at a time as
 * bits (_block_starts.h), each pre-token ending where the next starts, instead of the scanner's walk over each one;
 * the last pre-token of a span, which may run past it, is left to the scanner, and so are the words the starts leave
 * to it (w->starts_none). */
#define STARTS_SPAN ((Py_ssize_t)1 << 15)
/* ... and the characters left to the scanner where the bits stop at once (Russian text: see WIDE_MOST) */
#define STARTS_NONE ((Py_ssize_t)1 << 12)

/* The starts of the pre-tokens in [call->at, stop) (up to STARTS_SPAN of it) into w->starts, as far as the bits go
 * ([starts_from, starts_to)); 0, or -1 out of memory. */
static int find_starts(const Encoder *e, Work *w, const ScanText *t, const Call *call, Py_ssize_t stop) {
    if (!w->starts && !(w->starts = PyMem_RawMalloc((size_t)STARTS_SPAN / 8))) return -1;
    Py_ssize_t to = stop - call->at > STARTS_SPAN ? call->at + STARTS_SPAN : stop;
    Py_ssize_t end = (Py_ssize_t)scan_api->starts[e->pattern](t, (size_t)call->at, (size_t)to, w->starts);
    w->starts_none = end == call->at; /* then the scanner's for a while, before the bits are tried again */
    w->starts_from = call->at;
    w->starts_to = !w->starts_none ? end : to - call->at > STARTS_NONE ? call->at + STARTS_NONE : to;
    return 0;
}

/* The ends of the pre-tokens from i on (i in [starts_from, starts_to)), at most `most` of them, into ends: how many.
 * Each ends where the next one starts (the next bit set), the last one of the text at its end; where the bits stop
 * (the span's end, or a word left to the scanner) the scanner goes on. Each bit is taken by clearing the lowest set
 * one, so that going from one pre-token's end to the next is one instruction: a load, mask and count of the bits
 * for each pre-token, one after another, took a fifth of a warm English encode (a cold one: 0.084 -> 0.078 s).
 *   bits 0b100101 from 0 (starts at 0, 2 and 5 of a text of 7): ends 2, 5, then 7 */
static inline int next_starts(const Work *w, const ScanText *t, Py_ssize_t i, Py_ssize_t *ends, int most) {
    if (w->starts_none || i >= w->starts_to) return 0;
    size_t k = (size_t)(i + 1 - w->starts_from), words = (size_t)(w->starts_to - w->starts_from + 63) / 64;
    size_t word = k / 64;
    const uint64_t *starts = w->starts;
    uint64_t bits = word < words ? starts[word] & (~(uint64_t)0 << (k % 64)) : 0;
    int got = 0;
    for (;;) {
        Py_ssize_t at = w->starts_from + (Py_ssize_t)(64 * word); /* bit 0 of this word */
        for (; bits && got < most; bits &= bits - 1) ends[got++] = at + __builtin_ctzll(bits);
        if (got == most || ++word >= words) break;
        bits = starts[word];
    }
    if (got < most && w->starts_to == t->n) ends[got++] = t->n; /* the last one ends with the text */
    return got;
}

/* A pre-token's `from` (scan_ahead) in the text itself: an ASCII pre-token of a text of one byte a character that is
 * not all ASCII (Latin-1: English with an é, a narrowed stretch of German) is its own UTF-8, read in place instead of
 * copied. */
#define IN_TEXT ((size_t)1 << (sizeof(size_t) * 8 - 1))

/* Whether t[i:end) is ASCII, t a text of one byte a character, as far as one look tells: a pre-token of up to 16
 * characters 16 away from the text's end (else 0: it is copied, as any other). */
static inline int ascii_in_place(const ScanText *t, Py_ssize_t i, Py_ssize_t end) {
#if defined(__SSE2__)
    if (end - i > 16 || i + 16 > t->n) return 0;
    __m128i bytes = _mm_loadu_si128((const __m128i *)((const Py_UCS1 *)t->data + i));
    return !((unsigned)_mm_movemask_epi8(bytes) & ((1u << (end - i)) - 1));
#else
    (void)t, (void)i, (void)end;
    return 0;
#endif
}

/* A pre-token's bytes (readable: how many are readable there, n or more) and key, its cache slots prefetched. */
static HOT_PATH void key_pending(Pending *p, const unsigned char *bytes, size_t readable, const Cache *c) {
    p->bytes = bytes;
    p->readable = readable;
    p->h = readable >= 16 ? key_at(bytes, p->n, p->head) : key_of(bytes, p->n, p->head);
    PREFETCH(&c->hot[p->h >> (64 - HOT_BITS)]);
    PREFETCH(&c->slots[p->h & (c->size - 1)]);
}

/* Up to AHEAD pre-tokens of t from call->at (those that start before stop): each one's bytes and key, its slots
 * prefetched; *end_of_last where the last ends, *bytes_of_all their bytes together. How many, or an error. */
static int scan_ahead(const Encoder *e, Work *w, const ScanText *t, Call *call, Py_ssize_t stop, Pending *pending,
                      Py_ssize_t *end_of_last, size_t *bytes_of_all) {
    ScanFunction scan = scan_api->patterns[e->pattern];
    size_t used = 0, in_place = 0; /* the bytes copied to w->utf8; those read in place (IN_TEXT) */
    int count = 0, one_byte = t->kind == PyUnicode_1BYTE_KIND;
    Py_ssize_t i = call->at, ends[AHEAD];
    int known = next_starts(w, t, i, ends, AHEAD); /* (past them, the scanner's) */
    for (; count < AHEAD && i < stop; count++) {
        Py_ssize_t end = count < known ? ends[count] : scan(t, i);
        if (count >= known && end <= i) { /* (the bits' ends are past their starts) */
            call->bad = i;
            return STUCK;
        }
        Pending *p = &pending[count];
        if (call->ascii) {
            p->from = (size_t)i;
            p->n = (size_t)(end - i);
        } else if (one_byte && ascii_in_place(t, i, end)) {
            p->from = (size_t)i | IN_TEXT;
            p->n = (size_t)(end - i);
            in_place += p->n;
        } else {
            if (pool_room((void **)&w->utf8, &w->utf8_room, used, 4 * (size_t)(end - i) + 16, 1) < 0) return NO_MEMORY;
            unsigned char *o = utf8_of(call, t, i, end, w->utf8 + used, &call->bad);
            if (!o) return SURROGATE;
            p->from = used;
            p->n = (size_t)(o - w->utf8) - used;
            used += p->n;
        }
        i = end;
    }
    *bytes_of_all = call->ascii ? (size_t)(i - call->at) : used + in_place;
    if (*bytes_of_all >= UINT32_MAX) /* (else no one of them is that long) */
        for (int k = 0; k < count; k++)
            if (pending[k].n >= UINT32_MAX) return TOO_LONG;
    const Cache *c = &w->stash->cache;
    const unsigned char *text = (const unsigned char *)t->data;
    if (call->ascii) {
        for (int k = 0; k < count; k++)
            key_pending(&pending[k], text + pending[k].from, (size_t)t->n - pending[k].from, c);
    } else {
        for (int k = 0; k < count; k++) {
            Pending *p = &pending[k];
            size_t from = p->from & ~IN_TEXT;
            if (p->from & IN_TEXT)
                key_pending(p, text + from, (size_t)t->n - from, c);
            else
                key_pending(p, w->utf8 + from, used + 16 - from, c);
        }
    }
    *end_of_last = i;
    return count;
}

/* The next place of word after p where a cut may be (bt_cut: only before a character of three or four bytes): past
 * such a character at p, else the next byte. (Stepping past more could only miss a cut: a piece then merged whole,
 * still exact.) */
static inline size_t past_wide(const unsigned char *word, size_t p) {
    return word[p] < 0xe0 ? p + 1 : p + 3 + (word[p] >= 0xf0);
}

/* A pre-token this long or longer (three wide characters) is cut where no token crosses (merge_cut). */
#define CUT_LEAST 9

/* Whether ids (count of them) may be remembered for these bytes: always, but for a pre-token that is a token not
 * made by its own merges (under the limit), which the ranks rule and ignore_merges give whole: the cache's ids of
 * any bytes are then their BPE, which the pieces of merge_cut read. */
static int is_bpe(const Encoder *e, const uint32_t *ids, size_t count, uint32_t limit) {
    return !e->backtrack.ready || count != 1 || bt_allowed(&e->backtrack, ids[0], limit);
}

/* One piece of a cut pre-token (merge_cut): its tokens from the cache, else merged (BPE, no whole-token rule: the
 * piece is part of a word) and remembered unless the whole-token rule would read them otherwise. 0, or -1. */
static int merge_piece(Encoder *e, Work *w, const unsigned char *piece, size_t n, uint64_t h,
                       const uint64_t head[2], uint32_t limit) {
    if (n == 1) return push_id(&w->out, e->single[piece[0]]);
    const Backtrack *bt = &e->backtrack;
    const CacheSlot *seen = n <= CACHE_KEY_MAX ? cache_find(&w->stash->cache, h, head, piece, n) : NULL;
    if (pool_room((void **)&w->out.data, &w->out.room, w->out.n, n, sizeof(uint32_t)) < 0) return -1;
    uint32_t *out = w->out.data + w->out.n;
    if (seen) {
        const uint32_t *ids = slot_ids(&w->stash->cache, seen);
        for (size_t j = 0; j < seen->ids_len; j++) out[j] = ids[j];
        w->out.n += seen->ids_len;
        return 0;
    }
    size_t count, first = w->out.n;
    uint32_t longest = bt_longest(bt, piece, 0, n);
    int found = bt_merge(bt, &w->backtrack, piece, n, limit, longest, out, &count);
    if (found < 0) return -1;
    if (found == 0) {
        w->out.n += count;
    } else if (merge_by_heap(e, w, piece, n, limit, NULL) < 0) {
        return -1;
    }
    int whole_first = e->rule == RULE_RANKS || e->ignore_merges; /* would merge_word give the piece whole? */
    int whole = whole_first && bt_length(bt, longest) == n && (e->ignore_merges || e->ranks[longest] < limit);
    if (whole && !(w->out.n - first == 1 && w->out.data[first] == longest)) return 0;
    return cache_add(&w->stash->cache, h, head, piece, n, w->out.data + first, w->out.n - first);
}

/* merge_word, a long pre-token cut first at the places no token crosses (bt_cut: Chinese clauses, which o200k's
 * pattern leaves whole, at most of their characters), each piece merged apart: the pieces (words) repeat where
 * the clauses do not, and are found in the cache. `readable`: the bytes readable at word (n or more: 16 past a
 * piece's start read its head at once, key_at); h: the word's key. 0, or -1 out of memory; 1: a clause cut and seen
 * for the first time (seen_twice), not to be remembered whole (its pieces are). */
COLD_PATH static int merge_cut(Encoder *e, Work *w, const unsigned char *word, size_t n, uint64_t h, size_t readable,
                               uint32_t limit) {
    const Backtrack *bt = &e->backtrack;
    if (!bt->ready || n < CUT_LEAST) return merge_word(e, w, word, n, limit) < 0 ? -1 : 0;
    Pending pieces[AHEAD];
    size_t from = 0, p = past_wide(word, 0); /* (the first place a cut may be: after the first character) */
    int count = 0;
    while (from < n) {
        for (; count < AHEAD && from < n; count++) { /* up to AHEAD pieces, their cache slots prefetched */
            while (p < n && !bt_cut(bt, word, p, n)) p = past_wide(word, p);
            if (p > n) p = n;
            if (from == 0 && p == n) /* no cut (a token has none) */
                return merge_word(e, w, word, n, limit) < 0 ? -1 : 0;
            Pending *piece = &pieces[count];
            piece->from = from, piece->n = p - from;
            /* a piece of one character of three bytes that is a token (most of a Chinese clause's): that token */
            piece->token = piece->n == 3 ? bt_char(bt, word + from, limit) : BT_NONE;
            if (piece->token == BT_NONE) {
                piece->h = from + 16 <= readable ? key_at(word + from, piece->n, piece->head)
                                                 : key_of(word + from, piece->n, piece->head);
                PREFETCH(&w->stash->cache.hot[piece->h >> (64 - HOT_BITS)]);
                PREFETCH(&w->stash->cache.slots[piece->h & (w->stash->cache.size - 1)]);
            }
            from = p;
            if (p < n) p = past_wide(word, p);
        }
        for (int k = 0; k < count; k++) {
            const Pending *piece = &pieces[k];
            int failed = piece->token != BT_NONE
                             ? push_id(&w->out, piece->token) < 0
                             : merge_piece(e, w, word + piece->from, piece->n, piece->h, piece->head, limit) < 0;
            if (failed) return -1;
        }
        count = 0;
    }
    return n <= CACHE_KEY_MAX && !seen_twice(&w->stash->cache, h); /* (a longer one is never remembered) */
}

/* The pre-tokens of t that start in [call->at, stop), each one's tokens appended to w->out (from the cache, else
 * merged and remembered); call->at moves past them. DONE or an error. */
static int encode_pretokens(Encoder *e, Work *w, const ScanText *t, Call *call, Py_ssize_t stop) {
    Cache *c = &w->stash->cache;
    Pending pending[AHEAD];
    /* (a text of any width: the starts leave to the scanner the words they do not read, _block_starts.h) */
    int blocks = scan_api->starts[e->pattern] != NULL;
    w->starts_to = 0;
    while (call->at < stop) {
        Py_ssize_t end;
        size_t most; /* the most tokens they make: one per byte (the cache holds no more) */
        if (blocks && call->at >= w->starts_to && find_starts(e, w, t, call, stop) < 0) return NO_MEMORY;
        int count = scan_ahead(e, w, t, call, stop, pending, &end, &most);
        if (count < 0) return count;
        most += 1; /* and one past them: a one-byte pre-token found in the cache writes two ids, its count keeps one */
        if (pool_room((void **)&w->out.data, &w->out.room, w->out.n, most, sizeof(uint32_t)) < 0) return NO_MEMORY;
        for (int k = 0; k < count; k++) {
            const Pending *p = &pending[k];
            const unsigned char *bytes = p->bytes;
            const CacheSlot *seen = p->n <= CACHE_KEY_MAX ? cache_find(c, p->h, p->head, bytes, p->n) : NULL;
            if (seen) {
                uint32_t *out = w->out.data + w->out.n;
                if (seen->ids_len <= 2) { /* most: both written, whether one counts or two (room: `most`) */
                    out[0] = seen->ids[0];
                    out[1] = seen->ids[1];
                } else {
                    const uint32_t *ids = slot_ids(c, seen);
                    for (size_t j = 0; j < seen->ids_len; j++) out[j] = ids[j];
                }
                w->out.n += seen->ids_len;
            } else {
                size_t first = w->out.n;
                int seen_once = merge_cut(e, w, bytes, p->n, p->h, p->readable, call->limit);
                if (seen_once < 0) return NO_MEMORY;
                const uint32_t *ids = w->out.data + first;
                if (!seen_once && is_bpe(e, ids, w->out.n - first, call->limit) &&
                    cache_add(c, p->h, p->head, bytes, p->n, ids, w->out.n - first) < 0)
                    return NO_MEMORY;
            }
        }
        call->at = end;
    }
    return DONE;
}

/* ----- stretches of a wide text, encoded as ASCII or as Latin-1 ----- */

/* One character past U+FFFF (an emoji) makes Python store a whole text four bytes a character: then each pre-token is
 * read from wide units and copied to UTF-8 (utf8_of), where an ASCII text's pre-tokens are read in place. So a long
 * stretch of ASCII characters of a wide text is copied a byte a character into w->narrow (a loop the compiler turns
 * into vector instructions) and encoded there as an ASCII text: the stdlib's 31 MB hold 3,269 other characters.
 * Likewise a long stretch of Latin-1 characters (up to U+00FF: German, French, which a ’, a … or an emoji make
 * wide) is encoded as a text of one byte a character (its pre-tokens copied to UTF-8 from bytes: the starts and the
 * copies read a byte a character instead of four; a warm German encode 190 M -> 175 M instructions), up to a long
 * run of ASCII in it, which is encoded as ASCII:
 *
 *   "🐍 = 1\n" + "x = f(y) " * 100 + "é"      a text of kind 4: "🐍 = 1\n" takes the wide path, the next 899
 *                                             characters are narrowed (up to the last space, a safe cut), " é" wide
 *   "’" + "Grüße aus Köln. " * 40             a text of kind 2: "’" wide, the rest narrowed to Latin-1
 *
 * A stretch ends at a safe cut c: a space whose previous character is not white space (text[c - 1] a printable ASCII
 * character, '!' to '~': each is a letter, a digit, punctuation or a symbol), or the end of the text. There the
 * pre-tokens of text[at:] are those of text[at:c] and then those of text[c:], for the scanners marked `cuts` in
 * SCANNERS below (bpe_core/pretokenize/patterns.py's _SAFE_BOUNDARY says the same for all but deepseek_v3):
 *   - no pre-token holds a non-space character and then a space. In each alternative of gpt2, cl100k, o200k, llama3
 *     and qwen2, a space is taken only first (` ?`, the lead [^\r\n\p{L}\p{N}]?) or by \s runs that hold only white
 *     space; the runs of letters, digits, others ([^\s\p{L}\p{N}]), the contractions and the tails [\r\n]* and
 *     [\r\n/]* take none. DeepSeek V3's third Split is alike (` ?[\p{P}\p{S}]+[\r\n]*`, a lead then [\p{L}\p{M}]+,
 *     [!-~ punctuation][A-Za-z]+, \s runs), its digits are runs of \p{N} and no kanji or kana is ASCII; the text it
 *     leaves between two matches is a piece of its own, and one never reaches c: at c - 1 a match starts (a letter
 *     or punctuation), or a digit ends the piece;
 *   - a match that starts before c reads at c exactly what it reads where the text ends: every class of character
 *     that could come next fails on the space as on the end of the text, and the only look-ahead there, \s+(?!\S)
 *     (and DeepSeek's end of a piece), cannot reach c, since c - 1 is not white space; the $ of \s++$ neither;
 *   - a match that starts at c or later reads nothing before it: no pattern has a look-behind.
 * call->at being where a pre-token starts, the stretch scanned alone gives the pre-tokens the whole text gives there,
 * and the rest of the text is scanned on from c as before. A stretch holds STRETCH_LEAST characters or more (shorter
 * ones are not worth the switch) and STRETCH_MOST at most (w->narrow's size), and ends before the batch does (Ctrl-C
 * is checked between batches); the text between stretches takes the wide path. Errors name places in the whole text
 * (the stretch's start added). */
#define STRETCH_LEAST 256
#define STRETCH_MOST ((Py_ssize_t)1 << 16)

/* What each scanner (in _scan_api.h's order) allows: cuts, ASCII stretches cut at a space (above); fffd, a lone
 * surrogate read as U+FFFD (utf8_of): the scanner gives the same ends, as it reads only class bits that the two
 * have alike (neither is a letter, a digit or white space: 0 and [\p{P}\p{S}], which only DeepSeek's reads). */
static const struct {
    int cuts, fffd;
} SCANNERS[] = {{1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 0}}; /* gpt2, cl100k, o200k, llama3, qwen2, deepseek_v3 */
#define SCANNERS_KNOWN ((int)(sizeof(SCANNERS) / sizeof(SCANNERS[0])))

/* The ASCII characters of t from i on (before `to`) copied to out, a byte each, up to the first other one: how many.
 * A block of NARROW_BLOCK units at a time while all are ASCII: their OR, then their copy, two loops without a branch
 * that the compiler turns into vector instructions (a loop that may stop inside is not); the block that holds
 * another character is copied one unit at a time, up to it. */
#define NARROW_BLOCK 64
#define NARROW_LOOP(UNIT)                                                                                             \
    {                                                                                                                 \
        const UNIT *units = (const UNIT *)t->data + i;                                                                \
        size_t n = (size_t)(to - i), k = 0;                                                                           \
        for (; k + NARROW_BLOCK <= n; k += NARROW_BLOCK) {                                                            \
            UNIT any = 0;                                                                                             \
            for (size_t j = 0; j < NARROW_BLOCK; j++) any |= units[k + j];                                            \
            if (any >= 0x80) break;                                                                                   \
            for (size_t j = 0; j < NARROW_BLOCK; j++) out[k + j] = (unsigned char)units[k + j];                       \
        }                                                                                                             \
        for (; k < n && units[k] < 0x80; k++) out[k] = (unsigned char)units[k];                                       \
        return (Py_ssize_t)k;                                                                                         \
    }

#if defined(__SSE2__)
/* Sixteen units of a text of two or four bytes a character from unit i as 16-bit lanes in *a and *b (four-byte units
 * past U+7FFF saturated to 0x7FFF: past Latin-1, as they are, all the same). */
static inline void lanes16(const ScanText *t, Py_ssize_t i, __m128i *a, __m128i *b) {
    if (t->kind == PyUnicode_2BYTE_KIND) {
        const Py_UCS2 *units = (const Py_UCS2 *)t->data + i;
        *a = _mm_loadu_si128((const __m128i *)units);
        *b = _mm_loadu_si128((const __m128i *)(units + 8));
    } else { /* code points (at most 0x10FFFF: positive as signed) to 16 bits */
        const __m128i *p = (const __m128i *)((const Py_UCS4 *)t->data + i);
        *a = _mm_packs_epi32(_mm_loadu_si128(p), _mm_loadu_si128(p + 1));
        *b = _mm_packs_epi32(_mm_loadu_si128(p + 2), _mm_loadu_si128(p + 3));
    }
}

/* Sixteen units of a text of two or four bytes a character from unit i, if none has a bit of `past` (0xff80: all
 * ASCII; 0xff00: all Latin-1): as bytes in *bytes, 1; else 0. */
static inline int bytes16(const ScanText *t, Py_ssize_t i, short past, __m128i *bytes) {
    __m128i a, b;
    lanes16(t, i, &a, &b);
    __m128i over = _mm_and_si128(_mm_or_si128(a, b), _mm_set1_epi16(past));
    if (_mm_movemask_epi8(_mm_cmpeq_epi16(over, _mm_setzero_si128())) != 0xffff) return 0;
    *bytes = _mm_packus_epi16(a, b);
    return 1;
}
#endif

/* narrow_ascii's 16-unit blocks of a text of two or four bytes a character, with SSE2, while all are ASCII: the units
 * packed to bytes and stored (an explicit loop: the compiler's own vectors for NARROW_LOOP took twice the
 * instructions on such a text); how many units were.
 *   16 code points "def f(x): return" of a text of four bytes a character -> its 16 bytes, 16 */
static size_t narrow16(const ScanText *t, Py_ssize_t i, size_t n, unsigned char *out) {
    size_t k = 0;
#if defined(__SSE2__)
    __m128i bytes;
    if (t->kind != PyUnicode_1BYTE_KIND)
        for (; k + 16 <= n && bytes16(t, i + (Py_ssize_t)k, (short)0xff80, &bytes); k += 16)
            _mm_storeu_si128((__m128i *)(out + k), bytes);
#else
    (void)t, (void)i, (void)n, (void)out;
#endif
    return k;
}

static Py_ssize_t narrow_rest(const ScanText *t, Py_ssize_t i, Py_ssize_t to, unsigned char *out) {
    switch (t->kind) {
    case PyUnicode_1BYTE_KIND:
        NARROW_LOOP(Py_UCS1)
    case PyUnicode_2BYTE_KIND:
        NARROW_LOOP(Py_UCS2)
    default:
        NARROW_LOOP(Py_UCS4)
    }
}

static Py_ssize_t narrow_ascii(const ScanText *t, Py_ssize_t i, Py_ssize_t to, unsigned char *out) {
    size_t done = narrow16(t, i, (size_t)(to - i), out);
    return (Py_ssize_t)done + narrow_rest(t, i + (Py_ssize_t)done, to, out + done);
}

/* The Latin-1 characters (up to U+00FF) of a text of two or four bytes a character from i on (n of them at most)
 * copied to out, a byte each, up to the first other one, or up to the end of a run of STRETCH_LEAST ASCII characters
 * after one past ASCII (*run: where that run starts; else SIZE_MAX): how many. */
static size_t narrow_latin1(const ScanText *t, Py_ssize_t i, size_t n, unsigned char *out, size_t *run) {
    size_t k = 0, ascii_from = 0; /* text[i + ascii_from, i + k) is ASCII */
    *run = SIZE_MAX;
#if defined(__SSE2__)
    __m128i bytes;
    for (; k + 16 <= n && bytes16(t, i + (Py_ssize_t)k, (short)0xff00, &bytes); k += 16) {
        _mm_storeu_si128((__m128i *)(out + k), bytes);
        unsigned past = (unsigned)_mm_movemask_epi8(bytes);
        if (past) {
            ascii_from = k + 32 - (size_t)__builtin_clz(past);
        } else if (k + 16 - ascii_from >= STRETCH_LEAST && ascii_from) {
            *run = ascii_from;
            return k + 16;
        }
    }
#endif
    for (; k < n; k++) {
        Py_UCS4 ch = PyUnicode_READ(t->kind, t->data, i + (Py_ssize_t)k);
        if (ch > 0xff) break;
        out[k] = (unsigned char)ch;
        if (ch >= 0x80) {
            ascii_from = k + 1;
        } else if (k + 1 - ascii_from >= STRETCH_LEAST && ascii_from) {
            *run = ascii_from;
            return k + 1;
        }
    }
    return k;
}

/* Where a run of STRETCH_LEAST characters of t[i:to) that can be narrowed starts (the first one), or `to`: ASCII
 * ones in a text of one byte a character, Latin-1 ones (below `limit`) in a wider text. Such a run holds a whole
 * block of STRETCH_BLOCK units (half its length) of any grid, so the text is read a block at a time (their OR, a loop
 * the compiler turns into vector instructions: a Chinese text reads all its characters here) and only a block below
 * the limit is looked around, for its run's start and length. A loop per width of code unit. */
#define STRETCH_BLOCK (STRETCH_LEAST / 2)
#define STRETCH_LOOP(UNIT)                                                                                            \
    {                                                                                                                 \
        const UNIT *units = (const UNIT *)t->data;                                                                    \
        for (Py_ssize_t b = i; b + STRETCH_BLOCK <= to;) {                                                            \
            UNIT any = 0;                                                                                             \
            for (Py_ssize_t j = 0; j < STRETCH_BLOCK; j++) any |= units[b + j];                                       \
            if (any >= limit) {                                                                                       \
                b += STRETCH_BLOCK;                                                                                   \
                continue;                                                                                             \
            }                                                                                                         \
            Py_ssize_t start = b, end = b + STRETCH_BLOCK;                                                            \
            while (start > i && units[start - 1] < limit) start--;                                                    \
            while (end < to && end - start < STRETCH_LEAST && units[end] < limit) end++;                              \
            if (end - start >= STRETCH_LEAST) return start;                                                           \
            b = end; /* a shorter run: the next one starts past it, a grid from there holds its block */              \
        }                                                                                                             \
        return to;                                                                                                    \
    }

static Py_ssize_t next_stretch(const ScanText *t, Py_ssize_t i, Py_ssize_t to) {
    Py_UCS4 limit = t->kind == PyUnicode_1BYTE_KIND ? 0x80 : 0x100;
    switch (t->kind) {
    case PyUnicode_1BYTE_KIND:
        STRETCH_LOOP(Py_UCS1)
    case PyUnicode_2BYTE_KIND:
        STRETCH_LOOP(Py_UCS2)
    default:
        STRETCH_LOOP(Py_UCS4)
    }
}

/* Whether a place between characters `before` and `ch` is a safe cut (above): a space after a printable ASCII
 * character. */
static inline int is_safe_cut(Py_UCS4 before, Py_UCS4 ch) { return ch == ' ' && before - '!' <= (Py_UCS4)('~' - '!'); }

/* The last safe cut of a narrowed stretch (n >= 1 bytes: encode_ordinary asks only of STRETCH_LEAST or more;
 * `ends_text`: the text ends after it): its length then, else the place of its last space after a printable
 * character; 0 if it has none. */
static size_t safe_cut(const unsigned char *stretch, size_t n, int ends_text) {
    if (ends_text) return n;
    for (size_t c = n - 1; c > 0; c--) {
        if (is_safe_cut(stretch[c - 1], stretch[c])) return c;
    }
    return 0;
}

/* Where a narrowed stretch of n bytes is cut: the first safe cut in its ASCII run from `run` on (SIZE_MAX: none), so
 * that the run is encoded as ASCII; else its last (safe_cut). */
static size_t stretch_cut(const unsigned char *stretch, size_t n, size_t run, int ends_text) {
    if (run != SIZE_MAX)
        for (size_t c = run + 1; c < n; c++)
            if (is_safe_cut(stretch[c - 1], stretch[c])) return c;
    return safe_cut(stretch, n, ends_text);
}

/* The pre-tokens of the stretch w->narrow[0:n] (the text's [call->at, call->at + n), a pre-token's start and a safe
 * cut), as those of a text of one byte a character (`ascii`: of an ASCII one); call->at moves past it. DONE or an
 * error (call->bad: a place in the whole text). */
static int encode_narrowed(Encoder *e, Work *w, Call *call, size_t n, int ascii) {
    Call part = {
        .text = {PyUnicode_1BYTE_KIND, w->narrow, (Py_ssize_t)n}, .ascii = ascii, .limit = call->limit, .bad = -1};
    int status = encode_pretokens(e, w, &part.text, &part, part.text.n);
    if (status != DONE) {
        call->bad = call->at + part.bad;
        return status;
    }
    call->at += (Py_ssize_t)n;
    return DONE;
}

/* encode_pretokens over t's pre-tokens that start in [call->at, stop), its long ASCII or Latin-1 stretches narrowed
 * first (above) where the call allows it (call->narrow). DONE or an error. */
static int encode_ordinary(Encoder *e, Work *w, const ScanText *t, Call *call, Py_ssize_t stop) {
    if (!call->narrow) return encode_pretokens(e, w, t, call, stop);
    if (!w->narrow && !(w->narrow = PyMem_RawMalloc((size_t)STRETCH_MOST + 16))) return NO_MEMORY;
    int wide = t->kind != PyUnicode_1BYTE_KIND;
    while (call->at < stop) {
        Py_ssize_t at = call->at, to = stop - at > STRETCH_MOST ? at + STRETCH_MOST : stop;
        size_t n = (size_t)narrow_ascii(t, at, to, w->narrow), run = SIZE_MAX;
        int ascii = 1, status;
        if (n < STRETCH_LEAST && wide) {
            n = narrow_latin1(t, at, (size_t)(to - at), w->narrow, &run);
            ascii = 0;
        }
        size_t cut = n >= STRETCH_LEAST ? stretch_cut(w->narrow, n, run, at + (Py_ssize_t)n == t->n) : 0;
        if (cut) {
            status = encode_narrowed(e, w, call, cut, ascii);
        } else { /* the wide path up to the next stretch (past this one when it has no safe cut) */
            Py_ssize_t until = n >= STRETCH_LEAST ? at + (Py_ssize_t)n : next_stretch(t, at + (Py_ssize_t)n, stop);
            status = encode_pretokens(e, w, t, call, until);
        }
        if (status != DONE) return status;
    }
    return DONE;
}

/* A safe cut of t in (at, before]: a space after a printable ASCII character, where the pre-tokens of t[at:] are
 * those of t[at:c] then those of t[c:] for the scanners marked `cuts` (the argument above STRETCH_LEAST, which reads
 * only t[c - 1] and t[c], whatever comes before them); the last one within CUT_LOOKBACK characters of `before`, or
 * -1 if none (a Chinese text may have none: its special tokens are then looked for on, as before). */
#define CUT_LOOKBACK ((Py_ssize_t)1 << 12)
static Py_ssize_t cut_before(const ScanText *t, Py_ssize_t at, Py_ssize_t before) {
    Py_ssize_t lowest = before - at > CUT_LOOKBACK ? before - CUT_LOOKBACK : at + 1;
    for (Py_ssize_t c = before; c >= lowest; c--) {
        if (c < t->n && is_safe_cut(PyUnicode_READ(t->kind, t->data, c - 1), PyUnicode_READ(t->kind, t->data, c)))
            return c;
    }
    return -1;
}

/* The text's special tokens and pre-tokens that start before stop: a special token is its own (numbered after the
 * encoder's tokens), the ordinary text up to the next one is encoded by encode_ordinary, scanned as if the text
 * ended there (a pre-token never runs into a special token). Runs without the GIL, with its stash's lock. */
static int encode_batch(Encoder *e, Work *w, Call *call, Py_ssize_t stop) {
    Cache *c = &w->stash->cache;
    if (c->limit != call->limit) { /* ids made under another limit (a truncated tokenizer's) are not these */
        if (cache_clear(c) < 0) return NO_MEMORY;
        c->limit = call->limit;
    }
    while (call->at < stop) {
        if (call->special_at < call->at && !find_special(call)) {
            /* no special token in [at, searched): the text up to its last safe cut there is as a whole text */
            Py_ssize_t cut = call->cuts ? cut_before(&call->text, call->at, call->searched) : -1;
            if (cut < 0) return DONE; /* Ctrl-C checked, then the search goes on */
            ScanText ordinary = {call->text.kind, call->text.data, cut};
            /* (no further than the batch: the search may have run far ahead of `at` before it found a cut) */
            int status = encode_ordinary(e, w, &ordinary, call, cut < stop ? cut : stop);
            if (status != DONE) return status;
            continue;
        }
        if (call->at == call->special_at) {
            const Specials *s = call->specials;
            if (push_id(&w->out, e->n_tokens + (uint32_t)call->special) < 0) return NO_MEMORY;
            call->at += s->starts[call->special + 1] - s->starts[call->special];
            call->special_at = -1;
            continue;
        }
        ScanText ordinary = {call->text.kind, call->text.data, call->special_at};
        int status = encode_ordinary(e, w, &ordinary, call, stop < call->special_at ? stop : call->special_at);
        if (status != DONE) return status;
    }
    return DONE;
}

/* The Python error for a failed batch; NULL. */
static PyObject *batch_error(int status, PyObject *text, Py_ssize_t bad) {
    switch (status) {
    case STUCK:
        return PyErr_Format(PyExc_RuntimeError, "no alternative matches at %zd", bad);
    case SURROGATE: {
        PyObject *error = PyObject_CallFunction(PyExc_UnicodeEncodeError, "sOnns", "utf-8", text, bad, bad + 1,
                                                "surrogates not allowed");
        if (error) {
            PyErr_SetObject(PyExc_UnicodeEncodeError, error);
            Py_DECREF(error);
        }
        return NULL;
    }
    case TOO_LONG:
        return PyErr_Format(PyExc_ValueError, "a pre-token of 4 GB or more cannot be merged");
    default:
        return PyErr_NoMemory();
    }
}

/* Makes the pages of a large buffer about to be filled (a list of 15 million ids: 120 MB) ready in one call, where
 * the system can (Linux 5.14 and later): the first write to each page would otherwise stop for its page fault, one
 * per 4 KB. Only advice: where it cannot, the writes fault as before. Buffers under a megabyte are left alone. */
static void prepare_pages(void *buffer, size_t bytes) {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    const uintptr_t page = 4096;
    uintptr_t from = ((uintptr_t)buffer + page - 1) & ~(page - 1), to = ((uintptr_t)buffer + bytes) & ~(page - 1);
    if (to > from + ((uintptr_t)1 << 20)) (void)madvise((void *)from, to - from, MADV_POPULATE_WRITE);
#else
    (void)buffer;
    (void)bytes;
#endif
}

/* With the GIL: one more encode under way, and a stash made for it when there are fewer than encodes (up to
 * STASHES_MOST; out of memory, it shares one). The encode ends with e->callers--. */
static void begin_encode(Encoder *e) {
    e->callers++;
    if (e->callers > e->made && e->made < STASHES_MOST) {
        Stash *s = stash_new(e->rule == RULE_RANKS, 0);
        if (s) {
            e->stashes[e->made] = s;
            __atomic_store_n(&e->made, e->made + 1, __ATOMIC_RELEASE); /* seen whole by threads without the GIL */
        }
    }
}

/* Without the GIL: a stash for a batch, its lock taken: the call's last one if free, else the first free one, else
 * the first (waited for). Two threads encoding at once so each read and write a cache of their own. */
static Stash *take_stash(Encoder *e, Stash *last) {
    if (last && PyThread_acquire_lock(last->lock, NOWAIT_LOCK)) return last;
    int made = __atomic_load_n(&e->made, __ATOMIC_ACQUIRE);
    for (int k = 0; k < made; k++) {
        if (PyThread_acquire_lock(e->stashes[k]->lock, NOWAIT_LOCK)) return e->stashes[k];
    }
    PyThread_acquire_lock(e->stashes[0]->lock, WAIT_LOCK);
    return e->stashes[0];
}

/* Encodes text into w->out (token numbers; special token k is n_tokens + k). 0, or -1 with a Python error. */
static int encode_text(Encoder *e, PyObject *args, Work *w, const Specials **specials) {
    PyObject *text, *given = Py_None;
    Py_ssize_t limit_arg, start = 0, stop = -1;
    if (!PyArg_ParseTuple(args, "Un|Onn", &text, &limit_arg, &given, &start, &stop)) return -1;
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    if (stop == -1) stop = length;
    if (start < 0 || stop < start || stop > length) {
        PyErr_Format(PyExc_ValueError, "start and stop are 0 <= start <= stop <= %zd (the text's length), not %zd, %zd",
                     length, start, stop);
        return -1;
    }
    if (limit_arg < 0) {
        PyErr_Format(PyExc_ValueError, "limit is a number of merges (>= 0), not %zd", limit_arg);
        return -1;
    }
    if (given != Py_None && !PyObject_TypeCheck(given, &SpecialsType)) {
        PyErr_SetString(PyExc_TypeError, "specials is None or made by bpe_core._encode.specials()");
        return -1;
    }
    *specials = given == Py_None ? NULL : (const Specials *)given;
    if (*specials && (uint64_t)e->n_tokens + (uint64_t)(*specials)->count >= NO_TOKEN) {
        PyErr_SetString(PyExc_ValueError, "too many tokens and special tokens (4 billion or more)");
        return -1;
    }
    if (!scan_api->classes_ready()) {
        PyErr_SetString(PyExc_RuntimeError, "the scanner has no character classes yet: bpe_core.scanner._ready()");
        return -1;
    }
    int known = e->pattern < SCANNERS_KNOWN, ascii = PyUnicode_IS_ASCII(text);
    int cuts = known && SCANNERS[e->pattern].cuts;
    Py_ssize_t call_text_n = stop - start; /* a shorter text has no stretch: no buffer for one */
    int kind = PyUnicode_KIND(text); /* text[start:stop], read in place: as that slice is, without copying it */
    Call call = {.text = {kind, (const char *)PyUnicode_DATA(text) + (size_t)start * (size_t)kind, call_text_n},
                 .ascii = ascii,
                 .narrow = !ascii && cuts && call_text_n >= STRETCH_LEAST,
                 .cuts = cuts,
                 .replace_lone = known && SCANNERS[e->pattern].fffd && !(*specials && (*specials)->has_replacement),
                 .specials = *specials,
                 .limit = (size_t)limit_arg >= NO_RANK ? NO_RANK : (uint32_t)limit_arg,
                 .special_at = -1,
                 .special = -1,
                 .bad = -1};
    /* room for a token per two characters (code has 0.49, prose 0.32: grown only past that; the pages are touched
     * only as they fill, and a 1 GB text asks for 2 GB of address space, not 4, which a small machine may refuse) */
    if (pool_room((void **)&w->out.data, &w->out.room, 0, (size_t)call.text.n / 2 + 16, sizeof(uint32_t)) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    int status = DONE, stopped = 0;
    begin_encode(e);
    while (status == DONE && !stopped && call.at < call.text.n) {
        Py_ssize_t stop = call.text.n - call.at > BATCH_CHARS ? call.at + BATCH_CHARS : call.text.n;
        /* the batch's ids: a token per two characters, mostly (as the room; more fault as they come), from where
         * the last batch's stopped (its pages are ready: asking again walks them for nothing) */
        if (w->out.ready_in != w->out.data) w->out.ready = 0, w->out.ready_in = w->out.data;
        size_t from = w->out.n > w->out.ready ? w->out.n : w->out.ready, half = (size_t)(stop - call.at) / 2;
        size_t to = w->out.n + half < w->out.room ? w->out.n + half : w->out.room;
        Py_BEGIN_ALLOW_THREADS
        if (to > from) {
            prepare_pages(w->out.data + from, (to - from) * sizeof(uint32_t));
            w->out.ready = to;
        }
        w->stash = take_stash(e, w->stash);
        status = encode_batch(e, w, &call, stop);
        PyThread_release_lock(w->stash->lock);
        Py_END_ALLOW_THREADS
        stopped = status == DONE && PyErr_CheckSignals() < 0;
    }
    e->callers--;
    if (stopped) return -1;
    if (status != DONE) {
        batch_error(status, text, call.bad < 0 ? call.bad : start + call.bad);
        return -1;
    }
    return 0;
}

/* The id (a Python int) of token number `token`: the encoder's, or past its tokens a special token's. */
static inline PyObject *id_of(const Encoder *e, const Specials *specials, uint32_t token) {
    return token < e->n_tokens ? e->ids[token] : specials->ids[token - e->n_tokens];
}

/* A list of this many ids or more is filled in two passes (fill_counted); a shorter one an id at a time. */
#define COUNTED_LEAST ((size_t)1 << 16)

/* The items of a list, n ids (not yet in the list), in two passes instead of a reference taken per item, which
 * reads and writes each id's object in turn (a miss of the processor's caches where the vocabulary is large): the
 * items written and each token's occurrences counted, without the GIL; then each id's object takes its count of
 * references at once. 0, or -1 out of memory (nothing written). */
static int fill_counted(const Encoder *e, const Specials *specials, const uint32_t *tokens, size_t n,
                        PyObject **items) {
    size_t kinds = (size_t)e->n_tokens + (specials ? (size_t)specials->count : 0);
    uint32_t *counts = PyMem_RawCalloc(kinds, sizeof(uint32_t));
    if (!counts) return -1;
    Py_BEGIN_ALLOW_THREADS
    for (size_t k = 0; k < n; k++) {
        uint32_t token = tokens[k];
        items[k] = id_of(e, specials, token);
        counts[token]++;
    }
    Py_END_ALLOW_THREADS
    for (size_t token = 0; token < kinds; token++) {
        if (!counts[token]) continue;
        PyObject *id = id_of(e, specials, (uint32_t)token);
        Py_SET_REFCNT(id, Py_REFCNT(id) + (Py_ssize_t)counts[token]);
    }
    PyMem_RawFree(counts);
    return 0;
}

/* The items of a list, n ids, a reference taken per item (fill_counted, else one at a time). */
static void fill_ids(const Encoder *e, const Specials *specials, const uint32_t *tokens, size_t n, PyObject **items) {
#if !defined(Py_GIL_DISABLED)
    /* (counts of uint32: a list that long or longer takes its references an item at a time) */
    if (n >= COUNTED_LEAST && n < UINT32_MAX && fill_counted(e, specials, tokens, n, items) == 0) return;
#endif
    for (size_t k = 0; k < n; k++) {
        PyObject *id = id_of(e, specials, tokens[k]);
        Py_INCREF(id);
        items[k] = id;
    }
}

/* A new list of the ids of n tokens. Where the list's layout is known (not the free-threaded build), its array of
 * items is filled first, then given to a list made empty: PyList_New would zero it before (9 MB for a 4 MB Chinese
 * text, written twice). */
static PyObject *ids_list(const Encoder *e, const Specials *specials, const uint32_t *tokens, size_t n) {
    if (n > (size_t)PY_SSIZE_T_MAX / sizeof(PyObject *)) return PyErr_NoMemory();
#if !defined(Py_GIL_DISABLED)
    PyObject *list = PyList_New(0);
    PyObject **items = list && n ? PyMem_Malloc(n * sizeof(PyObject *)) : NULL;
    if (!items) {
        if (list && n) Py_SETREF(list, PyErr_NoMemory());
        return list;
    }
    PyObject_GC_UnTrack(list); /* (out of another thread's gc.get_objects() while the GIL is let go below) */
#else
    PyObject *list = PyList_New((Py_ssize_t)n);
    PyObject **items = list && n ? &PyList_GET_ITEM(list, 0) : NULL;
    if (!items) return list;
#endif
    Py_BEGIN_ALLOW_THREADS
    prepare_pages(items, n * sizeof(PyObject *)); /* the items are ours alone until the list is returned */
    Py_END_ALLOW_THREADS
    fill_ids(e, specials, tokens, n, items);
#if !defined(Py_GIL_DISABLED)
    ((PyListObject *)list)->ob_item = items; /* (the list held none: nothing to free) */
    ((PyListObject *)list)->allocated = (Py_ssize_t)n;
    Py_SET_SIZE(list, (Py_ssize_t)n);
    PyObject_GC_Track(list);
#endif
    return list;
}

/* encode(text: str, limit: int, specials=None) -> list[int]: the ids of text under the first `limit` merges, the
 * special tokens of `specials` (made by specials()) split out first */
static PyObject *encoder_encode(Encoder *e, PyObject *args) {
    Work w;
    memset(&w, 0, sizeof(w));
    const Specials *specials;
    if (encode_text(e, args, &w, &specials) < 0) {
        work_free(&w);
        return NULL;
    }
    PyObject *ids = ids_list(e, specials, w.out.data, w.out.n);
    work_free(&w);
    return ids;
}

/* ----- arrays of ids: an encode without a Python int per token ----- */

/* The ids of an encode as one array of uint32 (format "I"), lent through the buffer protocol, as array.array lends
 * its items: numpy.frombuffer(a, numpy.uint32) and memoryview(a) read them in place. */
typedef struct {
    PyObject_HEAD
    uint32_t *data;
    Py_ssize_t n;
    Py_ssize_t itemsize; /* 4: the stride memoryview reads */
} IdArray;

static void id_array_dealloc(IdArray *a) {
    PyMem_RawFree(a->data);
    PyObject_Free(a);
}

static int id_array_getbuffer(IdArray *a, Py_buffer *view, int flags) {
    view->obj = Py_NewRef((PyObject *)a);
    view->buf = a->data;
    view->len = a->n * a->itemsize;
    view->readonly = 0;
    view->itemsize = a->itemsize;
    view->format = (flags & PyBUF_FORMAT) ? "I" : NULL;
    view->ndim = 1;
    view->shape = (flags & PyBUF_ND) ? &a->n : NULL;
    view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? &a->itemsize : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    return 0;
}

static PyBufferProcs id_array_buffer = {(getbufferproc)id_array_getbuffer, NULL};

static PyTypeObject IdArrayType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "bpe_core._encode.IdArray",
    .tp_basicsize = sizeof(IdArray),
    .tp_dealloc = (destructor)id_array_dealloc,
    .tp_as_buffer = &id_array_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The ids of Encoder.encode_array, uint32, read through the buffer protocol (numpy.frombuffer).",
};

/* An id as a number for an array: itself if it is one from 0 to 4294967295, else NOT_IN_ARRAY. */
#define NOT_IN_ARRAY UINT64_MAX
static uint64_t id_value(PyObject *id) {
    unsigned long long v = PyLong_AsUnsignedLongLong(id);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return NOT_IN_ARRAY;
    }
    return v > UINT32_MAX ? NOT_IN_ARRAY : v;
}

/* The id of each token as id_value gives it (e->values, with e->numbered: every token's id is its number), made
 * once, on the first encode_array; and of each special token (a table of them, ours to free, or NULL if none).
 * 0, or -1 out of memory. */
static int id_values(Encoder *e, const Specials *specials, uint64_t **special_values) {
    if (!e->values) {
        uint64_t *values = PyMem_RawMalloc(sizeof(uint64_t) * ((size_t)e->n_tokens + 1));
        if (!values) return PyErr_NoMemory(), -1;
        int numbered = 1;
        for (uint32_t t = 0; t < e->n_tokens; t++) {
            values[t] = id_value(e->ids[t]);
            numbered &= values[t] == t;
        }
        e->values = values;
        e->numbered = numbered;
    }
    Py_ssize_t count = specials ? specials->count : 0;
    *special_values = NULL;
    if (count && !(*special_values = PyMem_RawMalloc(sizeof(uint64_t) * (size_t)count))) return PyErr_NoMemory(), -1;
    for (Py_ssize_t k = 0; k < count; k++) (*special_values)[k] = id_value(specials->ids[k]);
    return 0;
}

/* Whether one of the 16 token numbers at data is a special token's (numbered from n_tokens on). */
static inline int any_special(const uint32_t *data, uint32_t n_tokens) {
#if defined(__SSE2__)
    /* unsigned comparisons, as signed ones of the numbers with their top bit flipped */
    const __m128i flip = _mm_set1_epi32((int)0x80000000u);
    const __m128i last = _mm_set1_epi32((int)((n_tokens - 1) ^ 0x80000000u));
    __m128i past = _mm_setzero_si128();
    for (int j = 0; j < 16; j += 4) {
        __m128i numbers = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(data + j)), flip);
        past = _mm_or_si128(past, _mm_cmpgt_epi32(numbers, last));
    }
    return _mm_movemask_epi8(past) != 0;
#else
    uint32_t past = 0;
    for (int j = 0; j < 16; j++) past |= data[j] >= n_tokens;
    return past != 0;
#endif
}

/* Each token number of data[0:n] replaced by its id (in place; a token numbered as its id, where all are, left as
 * it is); the first token number whose id is no number for an array, or NO_TOKEN. Needs no GIL. */
static uint32_t ids_in_place(const Encoder *e, uint32_t *data, size_t n, const uint64_t *special_values) {
    for (size_t k = 0; k < n; k++) {
        if (e->numbered && k % 16 == 0 && k + 16 <= n && !any_special(data + k, e->n_tokens)) {
            k += 15; /* only special tokens change: 16 without one passed */
            continue;
        }
        uint32_t token = data[k];
        if (token < e->n_tokens && e->numbered) continue;
        uint64_t id = token < e->n_tokens ? e->values[token] : special_values[token - e->n_tokens];
        if (id == NOT_IN_ARRAY) return token;
        data[k] = (uint32_t)id;
    }
    return NO_TOKEN;
}

/* encode_array(text: str, limit: int, specials=None) -> IdArray: encode's ids as one array of uint32 */
static PyObject *encoder_encode_array(Encoder *e, PyObject *args) {
    Work w;
    memset(&w, 0, sizeof(w));
    const Specials *specials;
    if (encode_text(e, args, &w, &specials) < 0) {
        work_free(&w);
        return NULL;
    }
    uint64_t *special_values = NULL;
    IdArray *a = id_values(e, specials, &special_values) == 0 ? PyObject_New(IdArray, &IdArrayType) : NULL;
    if (!a) {
        PyMem_RawFree(special_values);
        work_free(&w);
        return NULL;
    }
    a->data = NULL;
    uint32_t unfit;
    Py_BEGIN_ALLOW_THREADS
    unfit = ids_in_place(e, w.out.data, w.out.n, special_values);
    Py_END_ALLOW_THREADS
    PyMem_RawFree(special_values);
    if (unfit != NO_TOKEN) {
        PyErr_Format(PyExc_OverflowError, "id %R does not fit an array of ids (numbers from 0 to 4294967295)",
                     id_of(e, specials, unfit));
        Py_DECREF(a);
        work_free(&w);
        return NULL;
    }
    /* the room past the ids given back (the pages never touched cost nothing, but the address space is held) */
    uint32_t *fitted = PyMem_RawRealloc(w.out.data, (w.out.n ? w.out.n : 1) * sizeof(uint32_t));
    a->data = fitted ? fitted : w.out.data;
    a->n = (Py_ssize_t)w.out.n;
    a->itemsize = sizeof(uint32_t);
    w.out.data = NULL;
    work_free(&w);
    return (PyObject *)a;
}

/* merge(word: bytes, limit: int) -> list[int]: the ids BPE makes of one pre-token's bytes (no scan, no cache); a
 * RuntimeError if the backtracking found no sequence (which the rule of _backtrack.h rules out; the tests ask) */
static PyObject *encoder_merge(Encoder *e, PyObject *args) {
    const unsigned char *word;
    Py_ssize_t n, limit_arg;
    if (!PyArg_ParseTuple(args, "y#n", &word, &n, &limit_arg)) return NULL;
    if (limit_arg < 0) return PyErr_Format(PyExc_ValueError, "limit is a number of merges (>= 0), not %zd", limit_arg);
    if (n == 0 || (size_t)n >= UINT32_MAX)
        return PyErr_Format(PyExc_ValueError, "a word of 1 byte to 4 GB, not %zd", n);
    uint32_t limit = (size_t)limit_arg >= NO_RANK ? NO_RANK : (uint32_t)limit_arg;
    Work w;
    memset(&w, 0, sizeof(w));
    int status;
    Py_BEGIN_ALLOW_THREADS
    w.stash = take_stash(e, NULL);
    status = merge_word(e, &w, word, (size_t)n, limit);
    PyThread_release_lock(w.stash->lock);
    Py_END_ALLOW_THREADS
    PyObject *ids;
    if (status < 0)
        ids = PyErr_NoMemory();
    else if (status > 0)
        ids = PyErr_Format(PyExc_RuntimeError, "the backtracking found no sequence for %zd bytes", n);
    else
        ids = PyList_New((Py_ssize_t)w.out.n);
    for (size_t k = 0; ids && k < w.out.n; k++) {
        PyList_SET_ITEM(ids, (Py_ssize_t)k, Py_NewRef(e->ids[w.out.data[k]]));
    }
    work_free(&w);
    return ids;
}

/* ----- making an encoder ----- */

static void encoder_dealloc(Encoder *e) {
    if (e->ids) {
        for (uint32_t t = 0; t < e->n_tokens; t++) Py_XDECREF(e->ids[t]);
    }
    PyMem_Free(e->ids);
    PyMem_RawFree(e->bytes);
    PyMem_RawFree(e->starts);
    PyMem_RawFree(e->ranks);
    PyMem_RawFree(e->token_slots);
    PyMem_RawFree(e->filter);
    PyMem_RawFree(e->pair_slots);
    PyMem_RawFree(e->values);
    bt_free(&e->backtrack);
    for (int k = 0; k < e->made; k++) stash_free(e->stashes[k]);
    PyObject_Free(e);
}

static PyMethodDef encoder_methods[] = {
    {"encode", (PyCFunction)encoder_encode, METH_VARARGS,
     "encode(text, limit, specials=None, start=0, stop=-1) -> list[int]: the ids of text[start:stop] (read in place; "
     "stop -1: the end) under the first `limit` merges, the special tokens of `specials` (made by specials()) split "
     "out first."},
    {"encode_array", (PyCFunction)encoder_encode_array, METH_VARARGS,
     "encode_array(text, limit, specials=None, start=0, stop=-1) -> IdArray: encode's ids as one array of uint32 "
     "(buffer protocol)."},
    {"merge", (PyCFunction)encoder_merge, METH_VARARGS,
     "merge(word, limit) -> list[int]: the ids BPE makes of one pre-token's bytes under the first `limit` merges."},
    {NULL, NULL, 0, NULL},
};

static PyObject *encoder_backtracking(Encoder *e, void *closure) {
    (void)closure;
    return PyBool_FromLong(e->backtrack.ready);
}

static PyObject *encoder_caches(Encoder *e, void *closure) {
    (void)closure;
    return PyLong_FromLong(e->made);
}

static PyGetSetDef encoder_getset[] = {
    {"backtracking", (getter)encoder_backtracking, NULL,
     "Whether a pre-token not seen yet is merged by backtracking (_backtrack.h), not with the heap.", NULL},
    {"caches", (getter)encoder_caches, NULL,
     "How many caches of pre-tokens it has made: one per thread that encoded with it while others did.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject EncoderType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "bpe_core._encode.Encoder",
    .tp_basicsize = sizeof(Encoder),
    .tp_dealloc = (destructor)encoder_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A tokenizer's encoding of ordinary text, compiled: made by bpe_core._encode.encoder().",
    .tp_methods = encoder_methods,
    .tp_getset = encoder_getset,
};

/* A number in [0, most) from a Python int, or -1 with a ValueError naming `what` and where. */
static long long index_of(PyObject *item, long long most, const char *what, Py_ssize_t where) {
    long long value = PyLong_Check(item) ? PyLong_AsLongLong(item) : -1;
    if (value == -1 && PyErr_Occurred()) PyErr_Clear();
    if (value < 0 || value >= most) {
        PyErr_Format(PyExc_ValueError, "%s %zd is not a number from 0 to %lld", what, where, most - 1);
        return -1;
    }
    return value;
}

/* The tokens' bytes and ids. 0, or -1 with an error. */
static int take_tokens(Encoder *e, PyObject *tokens, PyObject *ids) {
    Py_ssize_t n = PyList_GET_SIZE(tokens);
    if (n != PyList_GET_SIZE(ids)) {
        PyErr_Format(PyExc_ValueError, "%zd tokens but %zd ids", n, PyList_GET_SIZE(ids));
        return -1;
    }
    if (n >= (Py_ssize_t)NO_TOKEN) {
        PyErr_SetString(PyExc_ValueError, "too many tokens (4 billion or more)");
        return -1;
    }
    size_t total = 0;
    for (Py_ssize_t t = 0; t < n; t++) {
        PyObject *token = PyList_GET_ITEM(tokens, t);
        if (!PyBytes_Check(token) || PyBytes_GET_SIZE(token) == 0) {
            PyErr_Format(PyExc_ValueError, "token %zd is not a non-empty bytes", t);
            return -1;
        }
        total += (size_t)PyBytes_GET_SIZE(token);
        if (!PyLong_Check(PyList_GET_ITEM(ids, t))) {
            PyErr_Format(PyExc_ValueError, "id %zd is not an int", t);
            return -1;
        }
    }
    if (total >= UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "the tokens hold 4 GB or more");
        return -1;
    }
    e->n_tokens = (uint32_t)n;
    e->bytes = PyMem_RawMalloc(total ? total : 1);
    e->starts = PyMem_RawMalloc(sizeof(uint32_t) * ((size_t)n + 1));
    e->ids = PyMem_Calloc((size_t)n + 1, sizeof(PyObject *));
    if (!e->bytes || !e->starts || !e->ids) {
        PyErr_NoMemory();
        return -1;
    }
    uint32_t at = 0;
    for (uint32_t t = 0; t < (uint32_t)n; t++) {
        PyObject *token = PyList_GET_ITEM(tokens, t);
        e->starts[t] = at;
        memcpy(e->bytes + at, PyBytes_AS_STRING(token), (size_t)PyBytes_GET_SIZE(token));
        at += (uint32_t)PyBytes_GET_SIZE(token);
        e->ids[t] = Py_NewRef(PyList_GET_ITEM(ids, t));
    }
    e->starts[n] = at;
    return 0;
}

/* The bytes table, each token with its rank (ranks rule), and the token of each single byte. It reads only the
 * encoder's own memory, so it runs without the GIL (o200k: 200,000 tokens, tens of milliseconds a window's thread
 * would otherwise wait). 0, or -1 with an error. */
static int index_tokens(Encoder *e) {
    e->token_size = table_size(e->n_tokens);
    for (e->filter_log = 12; ((size_t)1 << e->filter_log) < 64 * (size_t)e->n_tokens;) e->filter_log++;
    uint32_t repeated = NO_TOKEN, other = NO_TOKEN;
    int missing = -1;
    Py_BEGIN_ALLOW_THREADS
    e->token_slots = PyMem_RawCalloc(e->token_size, sizeof(TokenSlot));
    e->filter = PyMem_RawCalloc((size_t)1 << (e->filter_log - 6), sizeof(uint64_t));
    for (uint32_t t = 0; e->token_slots && e->filter && t < e->n_tokens && repeated == NO_TOKEN; t++) {
        if (add_token(e, t, e->ranks ? e->ranks[t] : NO_RANK, &other) < 0) repeated = t;
    }
    for (int b = 0; e->token_slots && e->filter && repeated == NO_TOKEN && missing < 0 && b < 256; b++) {
        unsigned char byte = (unsigned char)b;
        if ((e->single[b] = find_token(e, &byte, 1)) == NO_TOKEN) missing = b;
    }
    Py_END_ALLOW_THREADS
    if (!e->token_slots || !e->filter) {
        PyErr_NoMemory();
        return -1;
    }
    if (repeated != NO_TOKEN) {
        PyErr_Format(PyExc_ValueError, "tokens %u and %u have the same bytes", other, repeated);
        return -1;
    }
    if (missing >= 0) {
        PyErr_Format(PyExc_ValueError, "no token is the byte 0x%02x", missing);
        return -1;
    }
    return 0;
}

/* Ranks rule: each token's rank (-1: none, a single byte), which a merge that makes it has. */
static int take_ranks(Encoder *e, PyObject *ranks) {
    if (PyList_GET_SIZE(ranks) != (Py_ssize_t)e->n_tokens) {
        PyErr_Format(PyExc_ValueError, "%zd ranks for %u tokens", PyList_GET_SIZE(ranks), e->n_tokens);
        return -1;
    }
    if (!(e->ranks = PyMem_RawMalloc(sizeof(uint32_t) * ((size_t)e->n_tokens + 1)))) {
        PyErr_NoMemory();
        return -1;
    }
    for (uint32_t t = 0; t < e->n_tokens; t++) {
        PyObject *item = PyList_GET_ITEM(ranks, t);
        if (PyLong_Check(item) && PyLong_AsLongLong(item) == -1 && !PyErr_Occurred()) {
            e->ranks[t] = NO_RANK;
            continue;
        }
        long long rank = index_of(item, NO_RANK, "rank of token", t);
        if (rank < 0) return -1;
        e->ranks[t] = (uint32_t)rank;
    }
    return 0;
}

/* Pairs rule: merge r is (left, right, merged), tokens by number; a pair listed twice keeps its first rank. */
static int take_merges(Encoder *e, PyObject *merges) {
    Py_ssize_t n = PyList_GET_SIZE(merges);
    if (n >= (Py_ssize_t)NO_RANK) {
        PyErr_SetString(PyExc_ValueError, "too many merges (4 billion or more)");
        return -1;
    }
    e->pair_size = table_size((size_t)n);
    if (!(e->pair_slots = PyMem_RawMalloc(e->pair_size * sizeof(PairSlot)))) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i < e->pair_size; i++) e->pair_slots[i].rank = NO_RANK;
    for (Py_ssize_t r = 0; r < n; r++) {
        PyObject *merge = PyList_GET_ITEM(merges, r);
        if (!PyTuple_Check(merge) || PyTuple_GET_SIZE(merge) != 3) {
            PyErr_Format(PyExc_ValueError, "merge %zd is not a tuple (left, right, merged)", r);
            return -1;
        }
        long long part[3];
        for (int k = 0; k < 3; k++) {
            if ((part[k] = index_of(PyTuple_GET_ITEM(merge, k), e->n_tokens, "a token of merge", r)) < 0) return -1;
        }
        PairSlot *slot = (PairSlot *)find_pair(e, (uint32_t)part[0], (uint32_t)part[1]);
        if (slot->rank == NO_RANK) {
            slot->pair = (uint64_t)part[0] << 32 | (uint64_t)part[1];
            slot->rank = (uint32_t)r;
            slot->merged = (uint32_t)part[2];
        }
    }
    return 0;
}

/* The merge rule's merges for bt_build: ranks, each multi-byte token of a rank; pairs, each pair listed (its first
 * rank). *n of them, unsorted; NULL out of memory. */
static BtEvent *merges_of(const Encoder *e, size_t *n) {
    size_t most = e->rule == RULE_RANKS ? e->n_tokens : e->pair_size;
    BtEvent *merges = PyMem_RawMalloc((most + 1) * sizeof(BtEvent));
    if (!merges) return NULL;
    *n = 0;
    for (size_t i = 0; i < most; i++) {
        if (e->rule == RULE_RANKS && e->ranks[i] != NO_RANK && e->starts[i + 1] - e->starts[i] > 1)
            merges[(*n)++] = (BtEvent){e->ranks[i], BT_NONE, BT_NONE, (uint32_t)i};
        if (e->rule == RULE_PAIRS && e->pair_slots[i].rank != NO_RANK) {
            const PairSlot *slot = &e->pair_slots[i];
            merges[(*n)++] = (BtEvent){slot->rank, (uint32_t)(slot->pair >> 32), (uint32_t)slot->pair, slot->merged};
        }
    }
    return merges;
}

/* The backtracking merge's tables (_backtrack.h), without the GIL (o200k: about 0.15 s). 0, or -1 out of memory. */
static int build_backtrack(Encoder *e) {
    Work w;
    memset(&w, 0, sizeof(w));
    w.stash = e->stashes[0]; /* (the ranks rule's heap uses its memo; no other thread has the encoder yet) */
    void *context[2] = {e, &w};
    int status = -1;
    Py_BEGIN_ALLOW_THREADS
    size_t n = 0;
    BtEvent *merges = merges_of(e, &n), *spare = PyMem_RawMalloc((n + 1) * sizeof(BtEvent));
    if (merges && spare) {
        BtEvent *sorted = bt_sort_merges(merges, spare, n);
        status = bt_build(&e->backtrack, e->bytes, e->starts, e->n_tokens, sorted, n, heap_reference, context);
    }
    PyMem_RawFree(merges);
    PyMem_RawFree(spare);
    Py_END_ALLOW_THREADS
    work_free(&w);
    return status;
}

/* encoder(pattern, tokens, ids, ranks, merges, ignore_merges=False) -> Encoder; see the module's doc */
static PyObject *make_encoder(PyObject *module, PyObject *args) {
    int pattern, ignore_merges = 0;
    PyObject *tokens, *ids, *ranks, *merges;
    if (!PyArg_ParseTuple(args, "iO!O!OO|p", &pattern, &PyList_Type, &tokens, &PyList_Type, &ids, &ranks, &merges,
                          &ignore_merges))
        return NULL;
    if (pattern < 0 || pattern >= scan_api->count)
        return PyErr_Format(PyExc_ValueError, "pattern is a scanner's number (0 to %d), not %d", scan_api->count - 1,
                            pattern);
    if ((ranks == Py_None) == (merges == Py_None) || (ranks != Py_None && !PyList_Check(ranks)) ||
        (merges != Py_None && !PyList_Check(merges))) {
        PyErr_SetString(PyExc_ValueError, "give ranks (a list: the ranks rule) or merges (a list: the pairs rule)");
        return NULL;
    }
    Encoder *e = PyObject_New(Encoder, &EncoderType);
    if (!e) return NULL;
    memset((char *)e + sizeof(PyObject), 0, sizeof(Encoder) - sizeof(PyObject));
    e->pattern = pattern;
    e->rule = ranks != Py_None ? RULE_RANKS : RULE_PAIRS;
    e->ignore_merges = ignore_merges;
    if (take_tokens(e, tokens, ids) < 0 || (ranks != Py_None && take_ranks(e, ranks) < 0) || index_tokens(e) < 0 ||
        (merges != Py_None && take_merges(e, merges) < 0)) {
        Py_DECREF(e);
        return NULL;
    }
    if (!(e->stashes[0] = stash_new(e->rule == RULE_RANKS, 1))) {
        Py_DECREF(e);
        return PyErr_NoMemory();
    }
    e->made = 1;
    if (build_backtrack(e) < 0) {
        Py_DECREF(e);
        return PyErr_NoMemory();
    }
    return (PyObject *)e;
}

/* prepare(buffer, start, stop): the pages of buffer[start:stop] made ready to be written (prepare_pages: a range of
 * a megabyte or less is left alone), without the GIL: the array that threads place their ids into
 * (bpe_core/encoding/id_arrays.py) asks a few megabytes ahead of its copies, one call instead of a fault per 4 KB. */
static PyObject *module_prepare(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    Py_ssize_t start, stop;
    if (!PyArg_ParseTuple(args, "w*nn", &view, &start, &stop)) return NULL;
    if (start < 0 || stop < start || stop > view.len) {
        PyErr_Format(PyExc_ValueError, "0 <= start <= stop <= %zd, not %zd, %zd", view.len, start, stop);
        PyBuffer_Release(&view);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    prepare_pages((char *)view.buf + start, (size_t)(stop - start));
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

static PyMethodDef encode_methods[] = {
    {"prepare", module_prepare, METH_VARARGS,
     "prepare(buffer, start, stop): the pages of buffer[start:stop] made ready to be written, in one call where the "
     "system can (Linux 5.14 and later; over a megabyte); advice only."},
    {"specials", make_specials, METH_VARARGS,
     "specials(tokens: list[str], ids: list[int]) -> Specials: a tokenizer's special tokens, for Encoder.encode."},
    {"encoder", make_encoder, METH_VARARGS,
     "encoder(pattern, tokens, ids, ranks, merges, ignore_merges=False) -> Encoder: ranks (ranks rule) or merges "
     "(pairs rule), the other None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef encode_module = {
    PyModuleDef_HEAD_INIT, "bpe_core._encode", "A tokenizer's encoding of ordinary text, compiled.", -1,
    encode_methods,
};

PyMODINIT_FUNC PyInit__encode(void) {
    scan_api = import_scan_api();
    if (!scan_api) return NULL;
    if (PyType_Ready(&EncoderType) < 0 || PyType_Ready(&SpecialsType) < 0 || PyType_Ready(&IdArrayType) < 0)
        return NULL;
    return PyModule_Create(&encode_module);
}
