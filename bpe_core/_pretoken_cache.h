/* bpe_core/_pretoken_cache.h: the cache of pre-tokens already seen, which makes most of an encode a look-up
 * (included by _encode.c: encode_pretokens asks it for each pre-token, merges the ones it lacks and adds them).
 *
 *   GPT-2, "the" seen for the first time: merged, then added (its UTF-8 bytes the key, [1169] its ids); each later
 *   "the" is found, in the small table or the whole one, and its ids are copied out without a merge
 *
 * A key is a pre-token's UTF-8 bytes, hashed with its first 16 bytes kept beside the hash (key_of); the token table
 * (_encode.c) hashes its tokens' bytes the same way. A slot (CacheSlot, 32 bytes) holds those 16 bytes and up to two
 * ids, so that finding most pre-tokens reads one slot; longer keys and more ids are kept in two pools. Look-ups ask
 * a small table of the last pre-tokens found or added (`hot`, in the processor's caches) before the whole table
 * (open addressing, doubled when half full). The cache is bounded (CACHE_SLOTS_MOST slots, CACHE_BYTES_MOST bytes)
 * and emptied when full, as the Python path's _WordCache is; `once` marks the cut Chinese clauses seen once
 * (merge_cut remembers a clause whole at its second sight). A *stash* is a cache, the ranks rule's memo of merges
 * and the lock that guards both: an encoder has one per thread encoding with it at once (take_stash, in _encode.c).
 * Every function here is given the stash or cache it works on, whose lock its caller holds.
 */
#ifndef BPE_PRETOKEN_CACHE_H
#define BPE_PRETOKEN_CACHE_H

#include <Python.h>
#include <pythread.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "_hash.h"

/* A function kept out of its callers (the hit loop of _encode.c's encode_pretokens stays small: its registers for
 * the hits), and one always written into them (the hit's test: no call). */
#if defined(__GNUC__) || defined(__clang__)
#define COLD_PATH __attribute__((noinline))
#define HOT_PATH inline __attribute__((always_inline))
#else
#define COLD_PATH
#define HOT_PATH inline
#endif

/* Pre-tokens up to this many bytes are kept in the cache (longer ones are rarely seen twice). */
#define CACHE_KEY_MAX 255
/* The cache's slots: it starts small (emptying it stays cheap for a short text) and doubles up to the largest. */
#define CACHE_SLOTS_FIRST (1u << 12)
#define CACHE_SLOTS_MOST (1u << 20)
/* ... and holds at most this many bytes of pre-tokens (and as many ids) before it is emptied. */
#define CACHE_BYTES_MOST ((size_t)48 << 20)
/* The ranks rule's memo of merges by the tokens they join (a slot per hash, the last one found kept). */
#define MEMO_BITS 16
/* The cache's small table in front of the whole one (a slot per hash: 512 KB, in the processor's caches). */
#define HOT_BITS 14
/* The bits of the cache's filter of cut clauses seen once (128 KB). */
#define ONCE_BITS 20
/* How many of its words set are remembered, to be cleared one by one (more: all are cleared). */
#define ONCE_LOG 256
/* How many hot slots written are remembered, to be cleared one by one (by a uint16 index). */
#define HOT_LOG 1024
#if HOT_BITS > 16
#error "the hot slots written are remembered as uint16"
#endif

/* ----- keys ----- */

/* A hash of n bytes, eight at a time (the length goes in first, so "a" and "a\0" differ). */
static inline uint64_t hash_bytes(const unsigned char *p, size_t n) {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)n;
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
        p += 8;
        n -= 8;
    }
    uint64_t w = 0;
    memcpy(&w, p, n);
    return mix64(h ^ w);
}

/* The first 16 bytes of p (n bytes), zero after its end. */
static inline void head_of(const unsigned char *p, size_t n, uint64_t head[2]) {
    unsigned char buffer[16] = {0};
    memcpy(buffer, p, n < 16 ? n : 16);
    memcpy(head, buffer, 16);
}

/* The hash of a key of 16 bytes or fewer from its head and length (key_of and key_at must agree: one formula): its
 * second eight bytes spread by a multiply (zero for most keys, eight bytes or fewer) and one mix of them all. */
static inline uint64_t short_key_hash(const uint64_t head[2], size_t n) {
    return mix64(head[0] ^ head[1] * 0x9e3779b97f4a7c15ull ^ (uint64_t)n << 56);
}

/* The hash of a key (a token's or a pre-token's bytes, n of them) and its head (its first 16 bytes): a key of 16 bytes
 * or fewer is hashed from its head alone, which the look-up needs anyway. */
static inline uint64_t key_of(const unsigned char *p, size_t n, uint64_t head[2]) {
    head_of(p, n, head);
    if (n > 16) return hash_bytes(p, n);
    return short_key_hash(head, n);
}

/* ----- slots, the cache, a stash ----- */

/* A pre-token seen already, in 32 bytes: its first 16 bytes (most pre-tokens are no longer) and its ids when it has
 * one or two (most have), so that a look-up that finds it reads no other memory; its whole bytes are in the keys
 * pool (compared past the 16th, hashed again when the table grows), more ids in the ids pool. */
typedef struct {
    uint64_t head[2];
    uint32_t key_at;
    uint16_t key_len; /* 0: an empty slot */
    uint16_t ids_len;
    uint32_t ids[2];  /* its ids; past two, ids[0] is where they start in the ids pool */
} CacheSlot;


typedef struct {
    CacheSlot *slots;
    size_t size, count;
    unsigned char *keys;
    size_t keys_used, keys_room;
    uint32_t *ids;
    size_t ids_used, ids_room;
    uint32_t limit; /* the merge limit its ids were made under */
    size_t slots_most, bytes_most; /* its bounds: CACHE_SLOTS_MOST and CACHE_BYTES_MOST, or a share (stash_new) */
    CacheSlot hot[1 << HOT_BITS]; /* the last pre-tokens found or added */
    /* The hot slots written since the cache was last emptied (the first HOT_LOG of them; more: all may be): emptying
     * it after a short text (a truncated view's encode, another limit) clears those, not the whole 512 KB. */
    uint16_t hot_written[HOT_LOG];
    size_t hot_writes;
    /* A bit per hash of the clauses merge_cut cut, set at their first sight (most are seen once: 3 in 4 of a Chinese
     * novel's): a clause is remembered whole at its second (seen_twice); its pieces always are. */
    uint64_t once[1 << (ONCE_BITS - 6)];
    uint32_t once_written[ONCE_LOG]; /* its words set since the cache was emptied (the first ONCE_LOG of them) */
    size_t once_writes;
} Cache;

static inline const uint32_t *slot_ids(const Cache *c, const CacheSlot *slot) {
    return slot->ids_len <= 2 ? slot->ids : c->ids + slot->ids[0];
}

/* Ranks rule: what merging two tokens makes, remembered by the pair of tokens: the bytes table is large (o200k: 16 MB)
 * and each look-up there is a miss of the processor's caches; the pairs a text joins repeat (a Han character's
 * bytes, common words), and this small table holds them. */
typedef struct {
    uint64_t pair;   /* left << 32 | right, + 1; 0: an empty slot */
    uint32_t rank;   /* the rank of the token made, NO_RANK if none */
    uint32_t merged; /* the token made */
} MemoSlot;

/* What encoding changes, and the lock that guards it: the cache of pre-tokens and the ranks rule's memo. An encoder
 * has one per thread encoding with it at once (up to STASHES_MOST), so that threads encoding parts of a text each
 * use a core (take_stash); the tables they read never change. */
typedef struct {
    Cache cache;
    MemoSlot *memo;          /* ranks rule: 1 << MEMO_BITS slots */
    PyThread_type_lock lock;
} Stash;

/* ----- finding and adding ----- */

/* n items of `size` bytes, all zero, their pages written now (not calloc's): a page of zeros calloc lends is read
 * first (a look-up) and written later (an addition), and that second fault must flush the page's old mapping from
 * every core running the process, by an interrupt to each: with two threads encoding, 4% of their time. NULL out
 * of memory. */
static void *zeroed(size_t n, size_t size) {
    if (size && n > SIZE_MAX / size) return NULL;
    size_t bytes = n * size;
    void *p = PyMem_RawMalloc(bytes ? bytes : 1);
    if (p) memset(p, 0, bytes);
    return p;
}

static void cache_free(Cache *c) {
    PyMem_RawFree(c->slots);
    PyMem_RawFree(c->keys);
    PyMem_RawFree(c->ids);
    memset(c, 0, sizeof(*c));
}

/* Empties the cache (its slots shrink back to the first size). 0, or -1 out of memory. */
static int cache_clear(Cache *c) {
    if (c->size != CACHE_SLOTS_FIRST) {
        CacheSlot *slots = zeroed(CACHE_SLOTS_FIRST, sizeof(CacheSlot));
        if (!slots) return -1;
        PyMem_RawFree(c->slots);
        c->slots = slots;
        c->size = CACHE_SLOTS_FIRST;
    } else {
        memset(c->slots, 0, c->size * sizeof(CacheSlot));
    }
    if (c->hot_writes > HOT_LOG) {
        memset(c->hot, 0, sizeof(c->hot));
    } else {
        for (size_t k = 0; k < c->hot_writes; k++) c->hot[c->hot_written[k]].key_len = 0;
    }
    c->hot_writes = 0;
    if (c->once_writes > ONCE_LOG) {
        memset(c->once, 0, sizeof(c->once));
    } else {
        for (size_t k = 0; k < c->once_writes; k++) c->once[c->once_written[k]] = 0;
    }
    c->once_writes = 0;
    c->count = c->keys_used = c->ids_used = 0;
    return 0;
}

/* Whether two keys' heads (their first 16 bytes) are the same: one comparison of the 16 bytes where SSE2 is. */
static inline int same_head(const uint64_t a[2], const uint64_t b[2]) {
#if defined(__SSE2__)
    __m128i x = _mm_loadu_si128((const __m128i *)a), y = _mm_loadu_si128((const __m128i *)b);
    return _mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) == 0xffff;
#else
    return a[0] == b[0] && a[1] == b[1];
#endif
}

/* The pre-token p (n bytes, hash h, first 16 bytes head) in the whole table, or NULL. */
static const CacheSlot *cache_lookup(const Cache *c, uint64_t h, const uint64_t head[2], const unsigned char *p,
                                     size_t n) {
    size_t mask = c->size - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        const CacheSlot *slot = &c->slots[i];
        if (!slot->key_len) return NULL;
        if (slot->key_len == n && slot->head[0] == head[0] && slot->head[1] == head[1] &&
            (n <= 16 || !memcmp(c->keys + slot->key_at + 16, p + 16, n - 16)))
            return slot;
    }
}

/* Writes a pre-token's slot into the small table (remembering where, while few are). */
static inline void hot_put(Cache *c, uint64_t h, const CacheSlot *slot) {
    size_t at = h >> (64 - HOT_BITS);
    c->hot[at] = *slot;
    if (c->hot_writes < HOT_LOG) c->hot_written[c->hot_writes] = (uint16_t)at;
    if (c->hot_writes <= HOT_LOG) c->hot_writes++;
}

/* cache_find past the small table: the whole table (a hit there goes into the small table). */
COLD_PATH static const CacheSlot *cache_find_whole(Cache *c, uint64_t h, const uint64_t head[2],
                                                   const unsigned char *p, size_t n) {
    const CacheSlot *slot = cache_lookup(c, h, head, p, n);
    if (slot) hot_put(c, h, slot);
    return slot;
}

/* The pre-token p in the cache, or NULL: first in the small table of the last ones found (its test written into
 * the caller: warm English 0.0645 -> 0.0620 s), then in the whole table (a hit there goes into the small table). */
static HOT_PATH const CacheSlot *cache_find(Cache *c, uint64_t h, const uint64_t head[2], const unsigned char *p,
                                            size_t n) {
    CacheSlot *hot = &c->hot[h >> (64 - HOT_BITS)];
    if (hot->key_len == n && same_head(hot->head, head) &&
        (n <= 16 || !memcmp(c->keys + hot->key_at + 16, p + 16, n - 16)))
        return hot;
    return cache_find_whole(c, h, head, p, n);
}

static void cache_place(Cache *c, uint64_t h, const CacheSlot *entry) {
    size_t mask = c->size - 1, i = h & mask;
    while (c->slots[i].key_len) i = (i + 1) & mask;
    c->slots[i] = *entry;
}

/* Doubles the slots (when half full). 0, or -1 out of memory. */
static int cache_grow(Cache *c) {
    CacheSlot *old = c->slots;
    size_t old_size = c->size;
    CacheSlot *slots = zeroed(old_size * 2, sizeof(CacheSlot));
    if (!slots) return -1;
    c->slots = slots;
    c->size = old_size * 2;
    for (size_t i = 0; i < old_size; i++) {
        uint64_t head[2];
        if (old[i].key_len) cache_place(c, key_of(c->keys + old[i].key_at, old[i].key_len, head), &old[i]);
    }
    PyMem_RawFree(old);
    return 0;
}

/* Makes room for `more` items of `item` bytes in a pool; 0, or -1 out of memory. */
static int pool_room(void **pool, size_t *room, size_t used, size_t more, size_t item) {
    if (used + more <= *room) return 0;
    size_t want = *room ? *room : 4096;
    while (want < used + more) want *= 2;
    void *grown = PyMem_RawRealloc(*pool, want * item);
    if (!grown) return -1;
    *pool = grown;
    *room = want;
    return 0;
}

/* Whether a cut clause of hash h was seen before (since the cache was last emptied): its bit, set if it was not.
 * A bit another clause set says yes: that clause is remembered at its first sight, as every one was before. */
static inline int seen_twice(Cache *c, uint64_t h) {
    size_t bit = (size_t)(h >> 24) & (((size_t)1 << ONCE_BITS) - 1);
    uint64_t mask = (uint64_t)1 << (bit & 63), was = c->once[bit >> 6] & mask;
    if (was) return 1;
    if (c->once_writes < ONCE_LOG) c->once_written[c->once_writes] = (uint32_t)(bit >> 6);
    if (c->once_writes <= ONCE_LOG) c->once_writes++;
    c->once[bit >> 6] |= mask;
    return 0;
}

/* Remembers the ids of pre-token p (emptying the cache first when it is full). 0, or -1 out of memory. */
static int cache_add(Cache *c, uint64_t h, const uint64_t head[2], const unsigned char *p, size_t n,
                     const uint32_t *ids, size_t count) {
    if (n > CACHE_KEY_MAX || count > n) return 0;
    if (c->keys_used + n > c->bytes_most || c->ids_used + count > c->bytes_most) {
        if (cache_clear(c) < 0) return -1;
    }
    if (2 * (c->count + 1) > c->size) {
        if (c->size >= c->slots_most) {
            if (cache_clear(c) < 0) return -1;
        } else if (cache_grow(c) < 0) {
            return -1;
        }
    }
    if (pool_room((void **)&c->keys, &c->keys_room, c->keys_used, n, 1) < 0 ||
        (count > 2 && pool_room((void **)&c->ids, &c->ids_room, c->ids_used, count, sizeof(uint32_t)) < 0))
        return -1;
    CacheSlot entry = {{0, 0}, (uint32_t)c->keys_used, (uint16_t)n, (uint16_t)count, {0, 0}};
    memcpy(entry.head, head, sizeof(entry.head));
    memcpy(c->keys + c->keys_used, p, n);
    c->keys_used += n;
    if (count <= 2) {
        memcpy(entry.ids, ids, count * sizeof(uint32_t));
    } else {
        entry.ids[0] = (uint32_t)c->ids_used;
        memcpy(c->ids + c->ids_used, ids, count * sizeof(uint32_t));
        c->ids_used += count;
    }
    c->count++;
    cache_place(c, h, &entry);
    hot_put(c, h, &entry);
    return 0;
}

/* ----- stashes: a cache and memo per thread encoding at once ----- */

static void stash_free(Stash *s) {
    if (!s) return;
    cache_free(&s->cache);
    PyMem_RawFree(s->memo);
    if (s->lock) PyThread_free_lock(s->lock);
    PyMem_RawFree(s);
}

/* The share of the cache's bounds a stash made for another thread gets (the first gets them whole): words that never
 * repeat fill every cache, and sixteen threads' caches would hold 1.3 GB; this way, under 400 MB. */
#define STASH_SHARE 4

/* A new stash: an empty cache (its bounds whole for the encoder's first, a share for the others), a memo for the
 * ranks rule (ranks: 1), its lock. NULL out of memory. */
static Stash *stash_new(int ranks, int first) {
    Stash *s = zeroed(1, sizeof(Stash));
    if (!s) return NULL;
    s->cache.slots = zeroed(CACHE_SLOTS_FIRST, sizeof(CacheSlot));
    s->cache.size = CACHE_SLOTS_FIRST;
    s->cache.limit = UINT32_MAX; /* (NO_RANK: no limit yet) */
    s->cache.slots_most = first ? CACHE_SLOTS_MOST : CACHE_SLOTS_MOST / STASH_SHARE;
    s->cache.bytes_most = first ? CACHE_BYTES_MOST : CACHE_BYTES_MOST / STASH_SHARE;
    s->memo = ranks ? zeroed((size_t)1 << MEMO_BITS, sizeof(MemoSlot)) : NULL;
    s->lock = PyThread_allocate_lock();
    if (!s->cache.slots || (ranks && !s->memo) || !s->lock) {
        stash_free(s);
        return NULL;
    }
    return s;
}

#endif
