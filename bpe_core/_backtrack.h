/* bpe_core/_backtrack.h: BPE of a pre-token not seen yet by backtracking over the tokens its bytes begin with,
 * instead of a heap of candidate merges (included by _encode.c, whose merge_word uses it where it is exact).
 *
 *   the bytes "lower", tokens the bytes and lo, low, er, ow, we, wer of ranks 0 to 5: at 0 the longest token is
 *   "low"; at 3 "er", compatible with "low" (BPE of "lower" leaves them apart): [low, er], BPE's answer
 *
 * The rule it rests on (the idea is that of GitHub's rust-gems `bpe` crate; this code and its proof are our own).
 * Call a token *allowed* under a limit if BPE of its own bytes gives it (a single byte always is), and two tokens
 * a, b *compatible* if BPE of a's bytes followed by b's gives [a, b]. Then
 *   BPE(word) is the one sequence of allowed tokens that spells the word and whose neighbours are compatible,
 * for either merge rule, any limit, ranks that tie, pairs listed twice, tokens their own merges never make:
 *   - no merge crosses the edge of a token BPE ends with, so the merges inside a stretch of its tokens are those BPE
 *     makes of that stretch alone, in the same order (the lowest rank, then the leftmost, of the same candidates);
 *     each stretch of BPE(word) is BPE of its bytes: its neighbours are compatible, its tokens allowed;
 *   - if BPE(L + M) ends with the token M and BPE(M + R) begins with it, BPE(L + M + R) is the two joined at M: at
 *     each step the merge taken over L+M+R is the one the run over L+M or over M+R takes (a candidate across an
 *     edge of M lost there to a candidate inside, which is here too); by induction a compatible sequence is BPE's.
 * So at most one compatible sequence ends at a position of a word: a position from which none goes on is dead
 * whatever came before it, and is not tried again (a bit per position keeps the search linear).
 *
 * The steps of the search (bt_merge):
 *   longest   at a position, the longest token the bytes there begin with (a trie of the tokens' bytes);
 *   shorter   if it is not allowed, ends at a dead position or is not compatible with the token before it: the next
 *             shorter token that is a prefix of it, down to the single byte;
 *   back      if none fits, the position is dead: the token before it is taken back, its next shorter one tried.
 *
 * Compatible, without merging (bt_compatible): each token made by merging has a *split*, the two tokens its own
 * BPE joins last, and an *order*, 1 + that merge's rank (0 for a single byte). Where each token's order is above
 * its split's (*monotone*: so within a word BPE takes its merges in rising (rank, position)), the merges BPE makes
 * of a + b are a's and b's own, interleaved, until the two parts touching the edge would merge first. Walking
 * back from (a, b), undoing the later of the two parts' last merges, each pair of touching parts (x, y) is
 * checked once: it merges first if x + y is a token whose split is (x, y), of a rank under the limit, ranked
 * before the merge undone (a merge that made x is at x's start, left of the edge: (x, y) goes first only if of a
 * lower rank; one that made y is right of it: of a rank no higher). Merges that are no token's split never
 * happen (a merge taken makes a token whose own BPE takes it last), so they are not looked at.
 *
 * Exact where every token BPE can make is monotone, which bt_build decides once: it finds each token's split and
 * order, the merges taken in rank order (by this search over the tokens found so far; the heap asked of the few
 * tokens no merge makes that way), then checks every token (OpenAI's files and our trained tokenizers are
 * monotone); elsewhere merge_word keeps the heap. The tables never change after bt_build: read without a lock.
 */
#ifndef BPE_BACKTRACK_H
#define BPE_BACKTRACK_H

#include <stdint.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define BT_NONE UINT32_MAX
/* The bits of the filter in front of the splits' table (256 KB: in the processor's caches). */
#define BT_SEEN_BITS 21
/* The bits of the filter of places inside tokens between two wide characters (128 KB). */
#define BT_CROSSED_BITS 20

/* The last merge of a heap run: the tokens joined and the rank. */
typedef struct {
    uint32_t left, right, rank;
} BtMerge;

/* A merge, for bt_build: its rank, the tokens it joins (left BT_NONE: any two that make the token) and makes. */
typedef struct {
    uint32_t rank, left, right, made;
} BtEvent;

/* BPE of bytes[0:n] by the heap under no limit: *count parts (the token if one) and its last merge; 0 or -1. */
typedef int (*BtReference)(void *context, const unsigned char *bytes, size_t n, size_t *count, uint32_t *token,
                           BtMerge *last);

/* A cell of the trie's double array: a node, or free (check BT_NONE; the root's is too, and it is cell 0). */
typedef struct {
    uint32_t base;  /* its children: the child by byte c is cell base + c, if that cell's check is this cell */
    uint32_t check; /* its parent's cell */
    uint32_t token; /* the token whose bytes end here, or BT_NONE */
} BtCell;

/* What the search reads of a token, side by side (within one line of the processor's cache). */
typedef struct {
    uint32_t order;   /* 0 for a byte, 1 + the rank of its last merge, BT_NONE if never made */
    uint32_t left;    /* its split: the two tokens its last merge joins (BT_NONE for a byte or a token never made) */
    uint32_t right;
    uint32_t shorter; /* the longest token that is a proper prefix of it (BT_NONE for a byte) */
    uint32_t length;  /* its bytes' length */
    uint32_t as_left, as_right; /* the lowest order of a token whose split has it on the left, on the right */
} BtToken;

/* A token's split, found by the pair it joins (left BT_NONE: an empty slot), with the token's order. */
typedef struct {
    uint32_t left, right, order;
} BtSplitSlot;

/* A character of three UTF-8 bytes (U+0800 to U+FFFF: most Han characters) that is a token: the token and its order
 * (BT_NONE for a character no token is). */
typedef struct {
    uint32_t token, order;
} BtChar;

typedef struct {
    int ready; /* 0: not monotone (or no tables): merge_word keeps the heap */
    const uint32_t *starts; /* the encoder's: token t is bytes[starts[t] : starts[t + 1]] */
    BtCell *cells;  /* the trie (bt_trie); a leaf's base is 0, and 255 cells at least follow the highest base */
    uint32_t byte_token[256];
    BtToken *tokens;
    BtSplitSlot *splits;
    size_t splits_mask;
    uint64_t *seen; /* a bit per hash of the splits (BT_SEEN_BITS of them): most pairs, no split, are told here */
    uint64_t *crossed; /* a bit per hash of each place inside a token between wide characters (bt_cut) */
    uint64_t partial[1024]; /* a bit per byte before and byte after such a place where the token holds fewer than
                             * three bytes on a side (it starts or ends inside a character): bt_cut's other probes */
    BtChar *chars; /* by code point (bt_char): each character of three bytes that is a token, read without the trie */
} Backtrack;

/* One call's memory: a bit per position of the word (1: still alive). */
typedef struct {
    uint64_t *alive;
    size_t alive_room;
} BtWork;

/* Asks the system to back the inside of a large table about to be filled (its whole 2 MB pages) by huge pages,
 * where it can (Linux's transparent huge pages, when enabled or in `madvise` mode): its random reads then rarely
 * miss the processor's cache of address translations (o200k's trie, token records and splits, 17 MB, are 4,200
 * pages of 4 KB, more than it holds). Only advice: elsewhere the pages stay small. Returns p. */
static void *bt_huge_pages(void *p, size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)1 << 21;
    uintptr_t from = ((uintptr_t)p + huge - 1) & ~(huge - 1), to = ((uintptr_t)p + n) & ~(huge - 1);
    if (p && to > from) (void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
    (void)n;
#endif
    return p;
}

static void bt_free(Backtrack *bt) {
    PyMem_RawFree(bt->cells);
    PyMem_RawFree(bt->tokens);
    PyMem_RawFree(bt->splits);
    PyMem_RawFree(bt->seen);
    PyMem_RawFree(bt->crossed);
    PyMem_RawFree(bt->chars);
    memset(bt, 0, sizeof(*bt));
}

static void bt_work_free(BtWork *bw) {
    PyMem_RawFree(bw->alive);
    memset(bw, 0, sizeof(*bw));
}

/* ----- the trie ----- */

static inline size_t bt_length(const Backtrack *bt, uint32_t t) { return bt->tokens[t].length; }

#if defined(__GNUC__) || defined(__clang__)
#define BT_PREFETCH(address) __builtin_prefetch(address)
#else
#define BT_PREFETCH(address) ((void)(address))
#endif

/* The longest token that word[at:n] begins with (a single byte at least): a step of the walk a byte, each one read
 * of a cell (its check, its token, its base). Each token found on the way is asked of memory (prefetched) while the
 * walk goes on: the search reads the last one's BtToken next. */
static inline uint32_t bt_longest(const Backtrack *bt, const unsigned char *word, size_t at, size_t n) {
    const BtCell *cells = bt->cells;
    uint32_t best = bt->byte_token[word[at]], s = cells[0].base + word[at]; /* (every byte is a token) */
    uint32_t base = cells[s].base;
    for (size_t i = at + 1; i < n; i++) {
        uint32_t t = base + word[i];
        const BtCell *cell = &cells[t];
        if (cell->check != s) break;
        if (cell->token != BT_NONE) BT_PREFETCH(&bt->tokens[best = cell->token]);
        s = t;
        base = cell->base;
    }
    return best;
}

/* Whether token a's bytes sort before or with b's (memcmp order, a prefix first). */
static int bt_sorts_first(const unsigned char *bytes, const uint32_t *starts, uint32_t a, uint32_t b) {
    size_t na = starts[a + 1] - starts[a], nb = starts[b + 1] - starts[b];
    int c = memcmp(bytes + starts[a], bytes + starts[b], na < nb ? na : nb);
    return c < 0 || (c == 0 && na <= nb);
}

/* The n tokens sorted by their bytes (a merge sort of `order`, with `spare` as room); the sorted array. */
static uint32_t *bt_sort(const unsigned char *bytes, const uint32_t *starts, uint32_t *order, uint32_t *spare,
                         size_t n) {
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) spare[k++] = bt_sorts_first(bytes, starts, order[i], order[j]) ? order[i++]
                                                                                                   : order[j++];
            while (i < mid) spare[k++] = order[i++];
            while (j < hi) spare[k++] = order[j++];
        }
        uint32_t *swap = order;
        order = spare;
        spare = swap;
    }
    return order;
}

/* The n merges sorted by rank (a stable merge sort, with `spare` as room); the sorted array. */
static BtEvent *bt_sort_merges(BtEvent *merges, BtEvent *spare, size_t n) {
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) spare[k++] = merges[i].rank <= merges[j].rank ? merges[i++] : merges[j++];
            while (i < mid) spare[k++] = merges[i++];
            while (j < hi) spare[k++] = merges[j++];
        }
        BtEvent *swap = merges;
        merges = spare;
        spare = swap;
    }
    return merges;
}

/* The double array being filled: its cells and a bit per cell, 1 if taken (and four words of 0 past room, so that a
 * base's 256 cells are read in four words). */
typedef struct {
    BtCell *cells;
    uint64_t *taken;
    size_t room; /* cells so far; those from room on are free */
    size_t low;  /* every cell below it is taken */
    size_t top;  /* 1 + the highest base given */
} BtPlacing;

/* Room for cell i (and those below it), the new cells free. 0, or -1 out of memory. */
static int bt_room(BtPlacing *p, size_t i) {
    if (i < p->room) return 0;
    size_t room = p->room + p->room / 2 > i + 1 ? p->room + p->room / 2 : i + 1;
    if (room > BT_NONE) room = BT_NONE; /* cells numbered in 32 bits, none of them BT_NONE */
    if (i >= room) return -1;
    BtCell *cells = bt_huge_pages(PyMem_RawRealloc(p->cells, room * sizeof(BtCell)), room * sizeof(BtCell));
    if (cells) p->cells = cells;
    uint64_t *taken = PyMem_RawRealloc(p->taken, ((room >> 6) + 5) * sizeof(uint64_t));
    if (taken) p->taken = taken;
    if (!cells || !taken) return -1;
    for (size_t c = p->room; c < room; c++) p->cells[c] = (BtCell){0, BT_NONE, BT_NONE};
    size_t kept = p->room ? (p->room >> 6) + 1 : 0; /* (the words past the old room's are 0) */
    memset(p->taken + kept, 0, ((room >> 6) + 5 - kept) * sizeof(uint64_t));
    p->room = room;
    return 0;
}

/* The first free cell from f up (f below room + 64: the words read end at the first one past room, all free). */
static size_t bt_free_from(const BtPlacing *p, size_t f) {
    size_t w = f >> 6;
    uint64_t free = ~p->taken[w] & (~(uint64_t)0 << (f & 63));
    while (!free) free = ~p->taken[++w];
    return 64 * w + (size_t)__builtin_ctzll(free);
}

/* Whether the cells base + c are free for each byte c of `bytes` (256 bits): four words of `taken` from base. */
static int bt_fits(const BtPlacing *p, size_t base, const uint64_t bytes[4]) {
    for (size_t j = 0; j < 4; j++) {
        size_t at = base + 64 * j, shift = at & 63;
        uint64_t cells = p->taken[at >> 6] >> shift;
        if (shift) cells |= p->taken[(at >> 6) + 1] << (64 - shift);
        if (cells & bytes[j]) return 0;
    }
    return 1;
}

/* The children of the node at cell `parent`, by the k bytes in `labels` (rising), placed at the first base that
 * fits them: the free cells tried from the lowest up as the cell of labels[0], the others checked (first fit), from
 * `low` for a node of one child, from `top` for a node of several (below it the free cells are holes scattered
 * among taken ones, which the next nodes of one child fill, and which one of several would try one by one: o200k
 * 0.58 million tries instead of 5.0 million, the same 421,884 cells). Their cells are taken, their check set, the
 * parent's base set. 0, or -1 out of memory. */
static int bt_place(BtPlacing *p, uint32_t parent, const unsigned char *labels, size_t k) {
    uint64_t bytes[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < k; i++) bytes[labels[i] >> 6] |= (uint64_t)1 << (labels[i] & 63);
    size_t from = k == 1 || p->top < p->low ? p->low : p->top;
    size_t f = bt_free_from(p, from > labels[0] ? from : labels[0]);
    while (k > 1 && !bt_fits(p, f - labels[0], bytes)) f = bt_free_from(p, f + 1);
    size_t base = f - labels[0];
    if (bt_room(p, base + 255) < 0) return -1; /* room for this base + any byte */
    for (size_t i = 0; i < k; i++) {
        size_t c = base + labels[i];
        p->taken[c >> 6] |= (uint64_t)1 << (c & 63);
        p->cells[c].check = parent;
    }
    p->low = bt_free_from(p, p->low);
    p->cells[parent].base = (uint32_t)base;
    if (base + 1 > p->top) p->top = base + 1;
    return 0;
}

/* The trie as a double array (a node's child by byte c is cell base + c of the node's cell, if that cell's check
 * names the node: one read of memory a byte of a walk), and each token's next shorter prefix token, from the tokens
 * sorted by bytes: a node is a prefix shared by the sorted tokens from lo to hi, its children the runs of them with
 * the same next byte; the nodes are placed breadth first, each node's children at the first base that fits them.
 *   the tokens a, b, ab: the root (cell 0) gets base 0, so a (0x61) is cell 0x61 and b cell 0x62, their check 0;
 *   a's one child, by b (0x62), takes the first free cell from 0x62 up, 0x63: a's base is 1, ab's cell 0x63;
 *   the walk of "abc": cell 0 + 0x61 (a), then 1 + 0x62 = 0x63, whose check is 0x61 (ab), then ab's base (0, a
 *   leaf's) + 0x63 = 0x63, whose check is not 0x63: the longest token is ab
 * 0, or -1 out of memory. */
static int bt_trie(Backtrack *bt, const unsigned char *bytes, const uint32_t *sorted, uint32_t n_tokens) {
    size_t nodes = 1; /* the root, and a node per distinct prefix: each token's bytes past those it shares with the
                       * token before it (o200k: 421,661) */
    for (uint32_t i = 0; i < n_tokens; i++) {
        const unsigned char *token = bytes + bt->starts[sorted[i]], *before = token;
        size_t n = bt_length(bt, sorted[i]), m = 0, shared = 0;
        if (i > 0) before = bytes + bt->starts[sorted[i - 1]], m = bt_length(bt, sorted[i - 1]);
        while (shared < n && shared < m && token[shared] == before[shared]) shared++;
        nodes += n - shared;
    }
    uint32_t *lo = PyMem_RawMalloc(nodes * sizeof(uint32_t)), *hi = PyMem_RawMalloc(nodes * sizeof(uint32_t));
    uint32_t *depth = PyMem_RawMalloc(nodes * sizeof(uint32_t)), *above = PyMem_RawMalloc(nodes * sizeof(uint32_t));
    uint32_t *cell = PyMem_RawMalloc(nodes * sizeof(uint32_t)); /* each node's */
    BtPlacing p = {NULL, NULL, 0, 1, 1};
    int status = -1;
    /* room for about as many cells as nodes (o200k: the highest base given is 421,628), grown if need be */
    if (!lo || !hi || !depth || !above || !cell || bt_room(&p, nodes + nodes / 16 + 512) < 0) goto done;
    p.taken[0] |= 1; /* the root */
    size_t count = 1;
    lo[0] = 0, hi[0] = n_tokens, depth[0] = 0, above[0] = BT_NONE, cell[0] = 0;
    for (size_t v = 0; v < count; v++) {
        uint32_t a = lo[v], z = hi[v], d = depth[v], token = BT_NONE;
        if (a < z && bt->starts[sorted[a] + 1] - bt->starts[sorted[a]] == d) { /* the token that is this prefix */
            token = sorted[a++];
            bt->tokens[token].shorter = above[v];
        }
        p.cells[cell[v]].token = token;
        uint32_t inherited = token != BT_NONE ? token : above[v];
        unsigned char labels[256];
        size_t k = 0, first = count;
        while (a < z) { /* the children, a run of tokens each */
            unsigned char c = bytes[bt->starts[sorted[a]] + d];
            uint32_t b = a + 1;
            while (b < z && bytes[bt->starts[sorted[b]] + d] == c) b++;
            labels[k++] = c;
            lo[count] = a, hi[count] = b, depth[count] = d + 1, above[count] = inherited;
            count++;
            a = b;
        }
        if (k == 0) continue; /* a leaf: base 0 */
        if (bt_place(&p, cell[v], labels, k) < 0) goto done;
        for (size_t i = 0; i < k; i++) cell[first + i] = p.cells[cell[v]].base + labels[i];
    }
    bt->cells = p.cells; /* (room for every base + a byte, and a leaf's base is 0: bt_place) */
    p.cells = NULL;
    for (int b = 0; b < 256; b++) bt->byte_token[b] = bt->cells[bt->cells[0].base + b].token; /* every byte's */
    status = 0;
done:
    PyMem_RawFree(lo);
    PyMem_RawFree(hi);
    PyMem_RawFree(depth);
    PyMem_RawFree(above);
    PyMem_RawFree(cell);
    PyMem_RawFree(p.cells);
    PyMem_RawFree(p.taken);
    return status;
}

/* ----- the splits ----- */

static inline uint64_t bt_pair_hash(uint32_t left, uint32_t right) {
    uint64_t h = ((uint64_t)left << 32 | right) * 0x9e3779b97f4a7c15ull;
    return h ^ h >> 29;
}

static BtSplitSlot *bt_split_slot(const Backtrack *bt, uint32_t left, uint32_t right) {
    uint64_t h = bt_pair_hash(left, right);
    for (size_t i = (size_t)(h >> 20) & bt->splits_mask;; i = (i + 1) & bt->splits_mask) {
        BtSplitSlot *slot = &bt->splits[i];
        if (slot->left == BT_NONE || (slot->left == left && slot->right == right)) return slot;
    }
}

/* The order of the token whose split is (left, right), or BT_NONE. */
static inline uint32_t bt_order_of(const Backtrack *bt, uint32_t left, uint32_t right) {
    uint64_t bit = bt_pair_hash(left, right) >> (64 - BT_SEEN_BITS);
    if (!(bt->seen[bit >> 6] >> (bit & 63) & 1)) return BT_NONE;
    const BtSplitSlot *slot = bt_split_slot(bt, left, right);
    return slot->left == BT_NONE ? BT_NONE : slot->order;
}

/* ----- the cuts: places of a word no token crosses ----- */

/* A place between two wide characters: byte p starts one of three or four bytes, byte p - 1 is of a character of
 * two or more (where a Chinese clause has its places; the only ones bt_cut looks at). */
static inline int bt_between_wide(const unsigned char *p) { return p[0] >= 0xe0 && p[-1] >= 0x80; }

/* The bit of `crossed` for key: a, b and the a + b bytes (see bt_crossed_bit). */
static inline uint64_t bt_key_bit(uint64_t key) { return (key * 0x9e3779b97f4a7c15ull) >> (64 - BT_CROSSED_BITS); }

/* The bit of `crossed` for the a bytes before place p and the b bytes after it (a, b from 1 to 3): a key of a, b and
 * those bytes, the first in the lowest byte. */
static inline uint64_t bt_crossed_bit(const unsigned char *p, unsigned a, unsigned b) {
    uint64_t key = (uint64_t)a << 52 | (uint64_t)b << 48;
    for (unsigned i = 0; i < a + b; i++) key |= (uint64_t)p[(int)i - (int)a] << (8 * i);
    return bt_key_bit(key);
}

/* The six bytes at q, the first lowest: on a little-endian processor in one copy (two loads). */
static inline uint64_t bt_six(const unsigned char *q) {
#if PY_LITTLE_ENDIAN
    uint32_t four;
    uint16_t two;
    memcpy(&four, q, 4);
    memcpy(&two, q + 4, 2);
    return four | (uint64_t)two << 32;
#else
    uint64_t six = 0;
    for (unsigned i = 0; i < 6; i++) six |= (uint64_t)q[i] << (8 * i);
    return six;
#endif
}

/* bt_crossed_bit(p, a, b) read from `six`, the three bytes before p and the three after it (the first lowest). */
static inline uint64_t bt_six_bit(uint64_t six, unsigned a, unsigned b) {
    uint64_t bytes = six >> (8 * (3 - a)) & (((uint64_t)1 << (8 * (a + b))) - 1);
    return bt_key_bit((uint64_t)a << 52 | (uint64_t)b << 48 | bytes);
}

/* Whether a crossed bit is set. */
static inline int bt_crossed(const Backtrack *bt, uint64_t bit) {
    return (int)(bt->crossed[bit >> 6] >> (bit & 63) & 1);
}

/* Whether `partial` says a token may start or end inside the two characters either side of place p. */
static inline int bt_partial(const Backtrack *bt, const unsigned char *p) {
    unsigned pair = (unsigned)p[-1] << 8 | p[0];
    return (int)(bt->partial[pair >> 6] >> (pair & 63) & 1);
}

/* bt_cut at a place with fewer than three bytes on a side (a clause's first character of two bytes). */
static int bt_cut_near_edge(const Backtrack *bt, const unsigned char *word, size_t p, size_t n) {
    unsigned most_a = p < 3 ? (unsigned)p : 3, most_b = n - p < 3 ? (unsigned)(n - p) : 3;
    if (bt_crossed(bt, bt_crossed_bit(word + p, most_a, most_b))) return 0;
    if (!bt_partial(bt, word + p)) return 1;
    for (unsigned a = 1; a <= most_a; a++) {
        for (unsigned b = 1; b <= most_b; b++) {
            if (bt_crossed(bt, bt_crossed_bit(word + p, a, b))) return 0;
        }
    }
    return 1;
}

/* Whether no token crosses place p of word[0:n] (0 < p < n), at a place between wide characters: then no merge
 * crosses it either (each makes a token), and BPE of the word is BPE of word[:p] then of word[p:] (the merges on
 * each side are those BPE makes of it alone, in the same order: no candidate across p ever competes). A token that
 * crosses p holds the min(3, its bytes before p) bytes before it and the min(3, after) after it, whose bit bt_build
 * set: so a clear bit for every a and b says no token crosses (a set one may be another's: no cut, still exact).
 * Three bytes a side (the most asked) are read once; their bit first, then `partial` says whether any other can be
 * set.
 *   o200k, the bytes of a clause "...我们的...": cut between 们 and 的 if no token holds the two */
static inline int bt_cut(const Backtrack *bt, const unsigned char *word, size_t p, size_t n) {
    if (!bt_between_wide(word + p)) return 0;
    if (p < 3 || n - p < 3) return bt_cut_near_edge(bt, word, p, n);
    uint64_t six = bt_six(word + p - 3);
    if (bt_crossed(bt, bt_six_bit(six, 3, 3))) return 0;
    if (!bt_partial(bt, word + p)) return 1; /* no token starts or ends inside these: no other bit to ask */
    for (unsigned a = 1; a <= 3; a++) {
        for (unsigned b = 1; b <= 3; b++) {
            if (bt_crossed(bt, bt_six_bit(six, a, b))) return 0;
        }
    }
    return 1;
}

/* Sets the bits bt_cut asks of each place between wide characters inside each token. */
static void bt_crossings(Backtrack *bt, const unsigned char *bytes, uint32_t n_tokens) {
    for (uint32_t t = 0; t < n_tokens; t++) {
        const unsigned char *token = bytes + bt->starts[t];
        size_t n = bt_length(bt, t);
        for (size_t q = 1; q < n; q++) {
            if (!bt_between_wide(token + q)) continue;
            unsigned a = q < 3 ? (unsigned)q : 3, b = n - q < 3 ? (unsigned)(n - q) : 3;
            uint64_t bit = bt_crossed_bit(token + q, a, b);
            bt->crossed[bit >> 6] |= (uint64_t)1 << (bit & 63);
            unsigned pair = (unsigned)token[q - 1] << 8 | token[q];
            if (a < 3 || b < 3) bt->partial[pair >> 6] |= (uint64_t)1 << (pair & 63);
        }
    }
}

/* ----- the search ----- */

/* Whether a token is allowed under the limit: made by its own merges, the last of a rank under the limit. */
static inline int bt_allowed(const Backtrack *bt, uint32_t t, uint32_t limit) {
    return bt->tokens[t].order != BT_NONE && bt->tokens[t].order <= limit;
}

/* BPE of a word of three bytes that is one character (a first byte from 0xe0 to 0xef, then two continuation bytes:
 * else BT_NONE), when the character is an allowed token: that token (BPE of an allowed token's own bytes gives it, by
 * definition), read from one table of 64 K characters (512 KB) by code point instead of the trie's three cells and
 * the token's record; else BT_NONE (the search decides).
 *   o200k, "的" (E7 9A 84): its token, allowed under any limit past its merge's rank */
static inline uint32_t bt_char(const Backtrack *bt, const unsigned char *word, uint32_t limit) {
    uint32_t three = (uint32_t)word[0] | (uint32_t)word[1] << 8 | (uint32_t)word[2] << 16;
    if ((three & 0xc0c0f0) != 0x8080e0) return BT_NONE;
    const BtChar *c = &bt->chars[(three & 0x0f) << 12 | (three >> 8 & 0x3f) << 6 | (three >> 16 & 0x3f)];
    return c->order <= limit ? c->token : BT_NONE; /* (a character no token is: BT_NONE either way) */
}

/* Fills bt->chars from the trie (the token whose bytes are each character, as bt_longest finds it) and the orders. */
static int bt_chars(Backtrack *bt) {
    bt->chars = PyMem_RawMalloc(((size_t)1 << 16) * sizeof(BtChar));
    if (!bt->chars) return -1;
    for (uint32_t cp = 0; cp < (1u << 16); cp++) {
        unsigned char utf8[3] = {(unsigned char)(0xe0 | cp >> 12), (unsigned char)(0x80 | (cp >> 6 & 0x3f)),
                                 (unsigned char)(0x80 | (cp & 0x3f))};
        uint32_t t = cp >= 0x800 ? bt_longest(bt, utf8, 0, 3) : BT_NONE; /* (below: no character of three bytes) */
        int whole = t != BT_NONE && bt_length(bt, t) == 3 && bt->tokens[t].order != BT_NONE;
        bt->chars[cp] = whole ? (BtChar){t, bt->tokens[t].order} : (BtChar){BT_NONE, BT_NONE};
    }
    return 0;
}

/* Whether BPE of x's bytes then y's gives [x, y] (both allowed): the pairs of touching parts, from the last back,
 * each asked whether it merges before the merge that ends it (see the opening comment). */
static int bt_compatible(const Backtrack *bt, uint32_t x, uint32_t y, uint32_t limit) {
    uint64_t before = UINT64_MAX; /* a merge across the edge of order o goes first if o < before */
    for (;;) {
        const BtToken *left = &bt->tokens[x], *right = &bt->tokens[y];
        uint32_t ox = left->order, oy = right->order;
        if (left->as_left < before && right->as_right < before) { /* else no token made of (x, y) is early enough */
            uint32_t joined = bt_order_of(bt, x, y); /* the order of the token x + y whose split is (x, y) */
            if (joined != BT_NONE && joined <= limit && joined < before) return 0;
        }
        if (ox == 0 && oy == 0) return 1;
        if (ox > oy) { /* x was made last, at its start: (its right part, y) went first only if of a lower rank */
            before = ox;
            x = bt->tokens[x].right;
        } else { /* y was made last, at the edge: (x, its left part) went first if of a rank no higher */
            before = (uint64_t)oy + 1;
            y = bt->tokens[y].left;
        }
    }
}

/* Position i of the word: alive (1) or dead (0). */
static inline int bt_alive(const BtWork *bw, size_t i) { return (int)(bw->alive[i >> 6] >> (i & 63) & 1); }

/* BPE of word[0:n] (n >= 1) under `limit` into out (room for n tokens), trying `first` first (BT_NONE: the longest
 * token the word begins with; bt_orders knows it): *count tokens. 0, -1 out of memory, or 1
 * if no sequence fits (never, by the rule above: the caller then merges with the heap). */
static int bt_merge(const Backtrack *bt, BtWork *bw, const unsigned char *word, size_t n, uint32_t limit,
                    uint32_t first, uint32_t *out, size_t *count) {
    size_t words = n / 64 + 1;
    if (words > bw->alive_room) {
        uint64_t *alive = PyMem_RawRealloc(bw->alive, words * sizeof(uint64_t));
        if (!alive) return -1;
        bw->alive = alive;
        bw->alive_room = words;
    }
    memset(bw->alive, 0xff, words * sizeof(uint64_t));
    size_t at = 0, k = 0;
    uint32_t token = first != BT_NONE ? first : bt_longest(bt, word, 0, n);
    while (at < n) {
        size_t end = at + bt_length(bt, token);
        int fits = bt_alive(bw, end) && bt_allowed(bt, token, limit);
        if (fits && (k == 0 || bt_compatible(bt, out[k - 1], token, limit))) {
            out[k++] = token; /* longest: it fits, go on from its end */
            at = end;
            if (at < n) token = bt_longest(bt, word, at, n);
        } else if (bt->tokens[token].shorter != BT_NONE) {
            token = bt->tokens[token].shorter; /* shorter */
        } else {
            if (k == 0) return 1;
            bw->alive[at >> 6] &= ~((uint64_t)1 << (at & 63)); /* back: nothing goes on from here */
            token = out[--k];
            at -= bt_length(bt, token);
        }
    }
    *count = k;
    return 0;
}


/* Makes token t of its split (left, right) by a merge of this rank. */
static void bt_made(Backtrack *bt, uint32_t t, uint32_t left, uint32_t right, uint32_t rank) {
    bt->tokens[t].left = left;
    bt->tokens[t].right = right;
    bt->tokens[t].order = rank + 1;
    if (rank + 1 < bt->tokens[left].as_left) bt->tokens[left].as_left = rank + 1;
    if (rank + 1 < bt->tokens[right].as_right) bt->tokens[right].as_right = rank + 1;
    BtSplitSlot *slot = bt_split_slot(bt, left, right);
    slot->left = left;
    slot->right = right;
    slot->order = rank + 1;
    uint64_t bit = bt_pair_hash(left, right) >> (64 - BT_SEEN_BITS);
    bt->seen[bit >> 6] |= (uint64_t)1 << (bit & 63);
}

/* Each token's split and order, the merges taken in rank order (`merges`: each (rank, left, right, made); left
 * BT_NONE for the ranks rule, whose merge joins any two parts that make the token). Where the tokens made so far are
 * monotone, BPE of a token's bytes under its merge's rank is exact by backtracking: if it gives [left, right], the
 * next merge makes the token, after all its parts (its split and order are found). A token no merge gives so is
 * asked of the heap (`reference`, BPE under no limit): never made, or made but not monotone. 1 if every token made
 * is monotone, 0 if not, -1 out of memory. */
static int bt_orders(Backtrack *bt, const unsigned char *bytes, uint32_t n_tokens, const BtEvent *merges,
                     size_t n_merges, BtReference reference, void *context) {
    size_t most = 1;
    for (uint32_t t = 0; t < n_tokens; t++) {
        size_t n = bt_length(bt, t);
        bt->tokens[t].left = bt->tokens[t].right = BT_NONE;
        bt->tokens[t].as_left = bt->tokens[t].as_right = BT_NONE;
        bt->tokens[t].order = n == 1 ? 0 : BT_NONE;
        if (n > most) most = n;
    }
    BtWork bw = {NULL, 0};
    uint32_t *parts = PyMem_RawMalloc(most * sizeof(uint32_t));
    int status = parts ? 1 : -1;
    for (size_t m = 0; status == 1 && m < n_merges; m++) {
        const BtEvent *merge = &merges[m];
        size_t count;
        if (bt->tokens[merge->made].order != BT_NONE) continue; /* made by an earlier merge */
        if (merge->rank >= UINT32_MAX - 1) break; /* no order (rank + 1) for it: left to the heap below */
        const unsigned char *word = bytes + bt->starts[merge->made];
        uint32_t shorter = bt->tokens[merge->made].shorter;
        int found = bt_merge(bt, &bw, word, bt_length(bt, merge->made), merge->rank, shorter, parts, &count);
        if (found < 0) status = -1;
        if (found != 0 || count != 2) continue;
        if (merge->left == BT_NONE || (parts[0] == merge->left && parts[1] == merge->right))
            bt_made(bt, merge->made, parts[0], parts[1], merge->rank);
    }
    for (uint32_t t = 0; status == 1 && t < n_tokens; t++) {
        size_t count;
        uint32_t token;
        BtMerge last = {BT_NONE, BT_NONE, 0};
        if (bt->tokens[t].order != BT_NONE) continue;
        if (reference(context, bytes + bt->starts[t], bt_length(bt, t), &count, &token, &last) < 0)
            status = -1;
        else if (count == 1 && token == t && last.rank >= UINT32_MAX - 1) status = 0;
        else if (count == 1 && token == t) bt_made(bt, t, last.left, last.right, last.rank);
    }
    for (uint32_t t = 0; status == 1 && t < n_tokens; t++) {
        const BtToken *token = &bt->tokens[t];
        if (token->left != BT_NONE &&
            (bt->tokens[token->left].order >= token->order || bt->tokens[token->right].order >= token->order))
            status = 0;
    }
    bt_work_free(&bw);
    PyMem_RawFree(parts);
    return status;
}

/* The tables for the vocabulary (token t is bytes[starts[t] : starts[t + 1]], every single byte a token; `merges`
 * as bt_orders takes them), if it is monotone: bt->ready says so. Reads no Python object (runs without the GIL).
 * 0, or -1 out of memory. */
static int bt_build(Backtrack *bt, const unsigned char *bytes, const uint32_t *starts, uint32_t n_tokens,
                    const BtEvent *merges, size_t n_merges, BtReference reference, void *context) {
    memset(bt, 0, sizeof(*bt));
    bt->starts = starts;
    size_t size = 16;
    while (size < 2 * (size_t)n_tokens) size <<= 1;
    bt->tokens = bt_huge_pages(PyMem_RawMalloc(((size_t)n_tokens + 1) * sizeof(BtToken)),
                               ((size_t)n_tokens + 1) * sizeof(BtToken));
    bt->splits = bt_huge_pages(PyMem_RawMalloc(size * sizeof(BtSplitSlot)), size * sizeof(BtSplitSlot));
    bt->seen = PyMem_RawCalloc((size_t)1 << (BT_SEEN_BITS - 6), sizeof(uint64_t));
    bt->crossed = PyMem_RawCalloc((size_t)1 << (BT_CROSSED_BITS - 6), sizeof(uint64_t));
    uint32_t *order = PyMem_RawMalloc(((size_t)n_tokens + 1) * sizeof(uint32_t));
    uint32_t *spare = PyMem_RawMalloc(((size_t)n_tokens + 1) * sizeof(uint32_t));
    int status = -1;
    if (bt->tokens && bt->splits && bt->seen && bt->crossed && order && spare) {
        bt->splits_mask = size - 1;
        for (size_t i = 0; i < size; i++) bt->splits[i].left = BT_NONE;
        for (uint32_t t = 0; t < n_tokens; t++) {
            order[t] = t;
            bt->tokens[t].length = starts[t + 1] - starts[t];
        }
        status = bt_trie(bt, bytes, bt_sort(bytes, starts, order, spare, n_tokens), n_tokens);
        if (status == 0) bt_crossings(bt, bytes, n_tokens);
    }
    PyMem_RawFree(order);
    PyMem_RawFree(spare);
    if (status == 0) {
        int monotone = bt_orders(bt, bytes, n_tokens, merges, n_merges, reference, context);
        status = monotone < 0 || (monotone == 1 && bt_chars(bt) < 0) ? -1 : 0;
        bt->ready = monotone == 1 && status == 0;
    }
    return status;
}

#endif
