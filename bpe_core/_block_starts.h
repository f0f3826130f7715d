/* bpe_core/_block_starts.h: where the pre-tokens of gpt2, cl100k, o200k, llama3 and qwen2 start in a text, found 64
 * characters at a time (included by _scan.c after its class table, which lends them to _encode.c and _count.c
 * through _scan_api.h).
 *
 * The scanner of _scan.c finds one pre-token at a time: a branch on each one's first character, a loop over its run.
 * The same pre-tokens follow from a few masks of 64 bits, one bit a character (a letter, a digit, white space, the
 * space ' ', the apostrophe), combined with shifts: the starts come out 64 at a time as bits, and a pre-token ends
 * where the next one starts. ASCII characters are classed sixteen at a time by comparisons; in a text of two or four
 * bytes a character (Chinese, Korean), so are CJK ideographs and Hangul syllables, by a range test (LETTER_RANGES:
 * each a letter both upper- and lower-ish, nothing else); the others (é, ß, µ, "，", д) by the class table, one by
 * one. Classing every character of a wide text by the table cost more than the scanner's walk (warm Chinese with
 * GPT-2 0.0316 s by the scanner, 0.0341 s by masks): the range test is what makes the masks pay there.
 *
 *   "it's  a 42!\n"     letters i t s a, digits 4 2, white space at 4 5 8 11, others ' !
 *   starts               0 ("it"), 2 ("'s"), 4 (" "), 5 (" a"), 7 (" 42"), 10 ("!"), 11 ("\n")
 *
 * gpt2's rules are these (cl100k's and its kin's are at cl100k_family_starts, o200k's at o200k_starts), from
 * its pattern '(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s,
 * for a text whose pre-token at `from` starts there (every class below is one of four: a letter, a digit, white
 * space, other):
 *   run       a pre-token starts where the class changes: the runs \p{L}++, \p{N}++, [^\s\p{L}\p{N}]++ and the
 *             white space runs take every character of their class;
 *   last      a run of two or more white space characters followed by a non-space gives its last one back
 *             (\s+(?!\S)): a start at that last one; at the end of the text (\s++$) the run stays whole;
 *   space     a space ' ' followed by a letter, a digit or an other starts the run that follows (` ?`): no start
 *             after it. The space itself starts a pre-token by the rules above (the last of a run, or a run of one);
 *   quote     an apostrophe that starts a pre-token (after a letter, a digit or white space other than ' ': else it
 *             is inside a run of others, or taken by ` ?`) followed by s, d, m, t, ll, ve or re is a contraction:
 *             its letters start nothing, and the character after it starts a pre-token (a letter too: "'still" is
 *             "'s" then "till").
 * Letters, digits and white space in ASCII are [A-Za-z], [0-9] and [\t\n\v\f\r ] in the Unicode of `regex` (and
 * o200k's capitals [A-Z]): _scan.c checks the class table agrees before these rules are used (else the scanner is).
 * The rules read only a character's class (letter, digit, white space, other) and a few ASCII characters, so they
 * hold for any character; o200k's words read cases too, which hold for letters upper-ish, lower-ish or both (É, é,
 * ª), and Latin-1 has no mark (_scan.c checks it). Left to the scanner (each starts function returns where its bits
 * end): a word of 64 characters with more than WIDE_MOST letters classed by the table, or holding a character the
 * rules do not read (a mark under o200k, whose words take \p{M}; a lone surrogate), and, but for gpt2's, a word
 * before one of white space only (a run that long is the scanner's in one step: looking along it for a line break at
 * each word made a megabyte of spaces quadratic).
 * The tests compare the starts with _scan.c's scanners on every text they try (tests/test_block_starts.py).
 */
#ifndef BPE_BLOCK_STARTS_H
#define BPE_BLOCK_STARTS_H

#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The masks of up to 64 characters: bit k for character k. */
typedef struct {
    uint64_t letter, digit, space, blank, quote; /* blank: ' ' (also in space) */
    uint64_t br;                                 /* a line break: \r or \n (also in space) */
    uint64_t upper, slash;                       /* a letter only upper-ish ([A-Z] in ASCII), '/' */
    uint64_t both;                               /* a letter both upper- and lower-ish (中, ʰ) */
    uint64_t by_table;   /* a character classed by the table: past ASCII, but for the letter ranges' (below) */
    int unread;          /* a character the rules do not read is among them: a mark (o200k), a surrogate */
} BlockMasks;

/* The character at i (of any width: the rules read the text's characters only here and in the masks). */
static inline Py_UCS4 block_unit(const ScanText *t, size_t i) { return PyUnicode_READ(t->kind, t->data, i); }

/* The character at i of a text of two or four bytes a character. */
static inline Py_UCS4 wide_unit(const ScanText *t, size_t i) {
    return t->kind == PyUnicode_2BYTE_KIND ? ((const Py_UCS2 *)t->data)[i] : ((const Py_UCS4 *)t->data)[i];
}

/* Character j, of class c, added to the masks by its class. */
static inline void add_class(BlockMasks *m, unsigned c, unsigned j) {
    unsigned cased = c & (LETTER | UPPERISH | LOWERISH);
    m->letter |= (uint64_t)(c & LETTER) << j;
    m->digit |= (uint64_t)(c >> 1 & 1) << j;
    m->space |= (uint64_t)(c >> 2 & 1) << j;
    m->upper |= (uint64_t)(cased == (LETTER | UPPERISH)) << j;
    m->both |= (uint64_t)(cased == (LETTER | UPPERISH | LOWERISH)) << j;
}

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* What a pattern's rules read besides letters, digits, white space, ' ' and the apostrophe. */
enum { NEEDS_BREAKS = 1, NEEDS_CASES = 2 }; /* br; upper and slash */

/* Ranges of code points that are letters both upper- and lower-ish (Lo) and nothing else, classed in a text of two
 * or four bytes a character by a comparison instead of the table: CJK ideographs, their extension A, Hangul
 * syllables. set_classes() turns each one on (letter_ranges_agree) once the table says so of every code point in it;
 * one that is off is classed by the table. A range is a test on 16-bit lanes, unit - first < count unsigned, made a
 * signed comparison: (unit - first - 0x8000) < count - 0x8000; off, its limit is -0x8000 (nothing is below it). */
typedef struct {
    Py_UCS4 first, last;
} LetterRange;
static const LetterRange LETTER_RANGES[] = {{0x4E00, 0x9FFF}, {0x3400, 0x4DBF}, {0xAC00, 0xD7A3}};
#define LETTER_RANGE_COUNT 3
static int16_t range_bias[LETTER_RANGE_COUNT], range_limit[LETTER_RANGE_COUNT] = {INT16_MIN, INT16_MIN, INT16_MIN};

/* Whether c is in a letter range that is on. */
static inline int in_letter_range(Py_UCS4 c) {
    for (int r = 0; r < LETTER_RANGE_COUNT; r++) {
        if (range_limit[r] != INT16_MIN && c - LETTER_RANGES[r].first <= LETTER_RANGES[r].last - LETTER_RANGES[r].first)
            return 1;
    }
    return 0;
}

/* An ASCII character c (bit `bit`) added to the masks; a wider one to *past (to be classed by the table). */
static inline void add_ascii(BlockMasks *m, Py_UCS4 c, uint64_t bit, uint64_t *past) {
    Py_UCS4 folded = c | 0x20;
    if (c >= 0x80) *past |= bit;
    if (folded >= 'a' && folded <= 'z') m->letter |= bit;
    if (c >= 'A' && c <= 'Z') m->upper |= bit;
    if (c >= '0' && c <= '9') m->digit |= bit;
    if (c == ' ' || (c >= '\t' && c <= '\r')) m->space |= bit;
    if (c == ' ') m->blank |= bit;
    if (c == '\'') m->quote |= bit;
    if (c == '\r' || c == '\n') m->br |= bit;
    if (c == '/') m->slash |= bit;
}

#if defined(__SSE2__)
/* Sixteen bytes v, characters k to k + 15, added to the masks by comparisons (the ASCII ones: a byte past ASCII
 * matches none, and is added to *past). */
static ALWAYS_INLINE void add_sixteen(BlockMasks *m, __m128i v, size_t k, uint64_t *past, int needs) {
    const __m128i low = _mm_set1_epi8(0x20), a = _mm_set1_epi8('a' - 1), z = _mm_set1_epi8('z' + 1);
    const __m128i zero = _mm_set1_epi8('0' - 1), nine = _mm_set1_epi8('9' + 1), blank = _mm_set1_epi8(' ');
    const __m128i tab = _mm_set1_epi8('\t' - 1), cr = _mm_set1_epi8('\r' + 1), quote = _mm_set1_epi8('\'');
    const __m128i return_ = _mm_set1_epi8('\r'), newline = _mm_set1_epi8('\n'), slash = _mm_set1_epi8('/');
    const __m128i big_a = _mm_set1_epi8('A' - 1), big_z = _mm_set1_epi8('Z' + 1);
    __m128i folded = _mm_or_si128(v, low);
    __m128i letter = _mm_and_si128(_mm_cmpgt_epi8(folded, a), _mm_cmplt_epi8(folded, z));
    __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, zero), _mm_cmplt_epi8(v, nine));
    __m128i is_blank = _mm_cmpeq_epi8(v, blank);
    __m128i space = _mm_or_si128(is_blank, _mm_and_si128(_mm_cmpgt_epi8(v, tab), _mm_cmplt_epi8(v, cr)));
    m->letter |= (uint64_t)(uint16_t)_mm_movemask_epi8(letter) << k;
    m->digit |= (uint64_t)(uint16_t)_mm_movemask_epi8(digit) << k;
    m->space |= (uint64_t)(uint16_t)_mm_movemask_epi8(space) << k;
    m->blank |= (uint64_t)(uint16_t)_mm_movemask_epi8(is_blank) << k;
    m->quote |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)) << k;
    *past |= (uint64_t)(uint16_t)_mm_movemask_epi8(v) << k;
    if (needs & NEEDS_BREAKS) {
        __m128i br = _mm_or_si128(_mm_cmpeq_epi8(v, return_), _mm_cmpeq_epi8(v, newline));
        m->br |= (uint64_t)(uint16_t)_mm_movemask_epi8(br) << k;
    }
    if (needs & NEEDS_CASES) {
        __m128i upper = _mm_and_si128(_mm_cmpgt_epi8(v, big_a), _mm_cmplt_epi8(v, big_z));
        m->upper |= (uint64_t)(uint16_t)_mm_movemask_epi8(upper) << k;
        m->slash |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, slash)) << k;
    }
}

/* Eight units from unit k of a text of two or four bytes a character, as 16-bit lanes; a code point past U+FFFF as
 * U+FFFF (a character the table classes, read again from the text): four-byte units less 0x8000 are packed with
 * signed saturation, which keeps [0, U+FFFF] and makes the rest 0x7FFF, then 0x8000 is added back. */
static ALWAYS_INLINE __m128i eight_units(const ScanText *t, size_t k) {
    if (t->kind == PyUnicode_2BYTE_KIND) return _mm_loadu_si128((const __m128i *)((const Py_UCS2 *)t->data + k));
    const __m128i bias = _mm_set1_epi32(0x8000);
    const Py_UCS4 *p = (const Py_UCS4 *)t->data + k;
    __m128i first = _mm_sub_epi32(_mm_loadu_si128((const __m128i *)p), bias);
    __m128i second = _mm_sub_epi32(_mm_loadu_si128((const __m128i *)(p + 4)), bias);
    return _mm_xor_si128(_mm_packs_epi32(first, second), _mm_set1_epi16((short)0x8000));
}

/* Sixteen units in 16-bit lanes (lo: the first eight) as bytes: an ASCII one as itself, any other as 0x80 (past
 * ASCII: unit - (unit - 0x80 saturated at 0) is the smaller of unit and 0x80). */
static ALWAYS_INLINE __m128i ascii_bytes(__m128i lo, __m128i hi) {
    const __m128i past = _mm_set1_epi16(0x80);
    lo = _mm_sub_epi16(lo, _mm_subs_epu16(lo, past));
    hi = _mm_sub_epi16(hi, _mm_subs_epu16(hi, past));
    return _mm_packus_epi16(lo, hi);
}

/* The units of sixteen (16-bit lanes) in the letter ranges that are on: a bit each. */
static ALWAYS_INLINE uint64_t in_letter_ranges(__m128i lo, __m128i hi) {
    __m128i in_lo = _mm_setzero_si128(), in_hi = _mm_setzero_si128();
    for (int r = 0; r < LETTER_RANGE_COUNT; r++) {
        const __m128i bias = _mm_set1_epi16(range_bias[r]), limit = _mm_set1_epi16(range_limit[r]);
        in_lo = _mm_or_si128(in_lo, _mm_cmplt_epi16(_mm_sub_epi16(lo, bias), limit));
        in_hi = _mm_or_si128(in_hi, _mm_cmplt_epi16(_mm_sub_epi16(hi, bias), limit));
    }
    return (uint16_t)_mm_movemask_epi8(_mm_packs_epi16(in_lo, in_hi));
}
#endif

/* The masks of the count characters from `at` (count <= 64) of a text of one byte a character (`wide` 0) or of two
 * or four (`wide` 1): ASCII ones by comparisons, sixteen at a time, the letter ranges' by comparisons (wide), the
 * others by the class table; only those a pattern needs (a constant where this is inlined). The characters past
 * count are taken as white space (so that a run of white space ending the text keeps its last character: the end is
 * no non-space). */
static ALWAYS_INLINE BlockMasks masks_needed(const ScanText *t, size_t at, size_t count, int needs, int wide) {
    BlockMasks m = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    uint64_t past = 0, ranged = 0; /* past ASCII; in a letter range */
    size_t k = 0;
#if defined(__SSE2__)
    for (; k + 16 <= count; k += 16) {
        if (!wide) {
            add_sixteen(&m, _mm_loadu_si128((const __m128i *)((const Py_UCS1 *)t->data + at + k)), k, &past, needs);
            continue;
        }
        __m128i lo = eight_units(t, at + k), hi = eight_units(t, at + k + 8);
        add_sixteen(&m, ascii_bytes(lo, hi), k, &past, needs);
        ranged |= in_letter_ranges(lo, hi) << k;
    }
#endif
    for (; k < count; k++) {
        Py_UCS4 c = wide ? wide_unit(t, at + k) : ((const Py_UCS1 *)t->data)[at + k];
        add_ascii(&m, c, (uint64_t)1 << k, &past);
        if (wide && in_letter_range(c)) ranged |= (uint64_t)1 << k;
    }
    m.letter |= ranged, m.both |= ranged;
    m.by_table = past & ~ranged;
    for (uint64_t left = m.by_table; left; left &= left - 1) {
        unsigned j = (unsigned)__builtin_ctzll(left);
        Py_UCS4 c = wide ? wide_unit(t, at + j) : ((const Py_UCS1 *)t->data)[at + j];
        unsigned cls = classes[c];
        /* (Latin-1 holds neither: set_classes checks it has no mark) */
        if (wide && (((needs & NEEDS_CASES) && (cls & (UPPERISH | LOWERISH)) && !(cls & LETTER)) ||
                     (c >= 0xD800 && c <= 0xDFFF)))
            m.unread = 1;
        if (cls & (LETTER | NUMBER | SPACE)) add_class(&m, cls, j); /* (an other, most of them, sets no bit) */
    }
    if (count < 64) m.space |= ~(uint64_t)0 << count;
    return m;
}

/* block_masks with every mask (for _scan.c's check of the class table). */
static inline BlockMasks block_masks(const ScanText *t, size_t at, size_t count) {
    return masks_needed(t, at, count, NEEDS_BREAKS | NEEDS_CASES, t->kind != PyUnicode_1BYTE_KIND);
}

/* A word of 64 characters with more than this many letters classed by the table (é, д, α: no range test's) is left
 * to the scanner: classing each by the table costs more than the scanner's walk over their runs (an é in 50 gains;
 * Russian, 46 Cyrillic letters in 64, would not). Then the encoder leaves the next 4,096 characters to the scanner
 * too, so others classed by the table do not count: Chinese prose holds 10 punctuation marks in 64 characters (one
 * word in 70 more than 16: counting them left part of 104 of the shipped novel's 175 pieces of 4,096 characters to
 * the scanner), its documentation tables lines of box drawing. */
#define WIDE_MOST 16

/* (unread holds only among characters classed by the table; most words of a text have none: no count then, which
 * without the processor's popcnt instruction is a call) */
static inline int left_to_scanner(const BlockMasks *m) {
    return m->by_table && (m->unread || __builtin_popcountll(m->by_table & m->letter) > WIDE_MOST);
}

/* Whether the word of 64 characters from `at` (masks `next`) is white space only, whole in the text: the run there is
 * left to the scanner (its line breaks are not looked for past it). */
static inline int long_white_ahead(const ScanText *t, const BlockMasks *next, size_t at) {
    return at + 64 <= (size_t)t->n && next->space == ~(uint64_t)0;
}

/* The masks of the 64 characters from `at` (fewer at the end of the text; none past it). */
static ALWAYS_INLINE BlockMasks masks_at(const ScanText *t, size_t at, int needs, int wide) {
    size_t n = (size_t)t->n;
    return masks_needed(t, at, at >= n ? 0 : n - at < 64 ? n - at : 64, needs, wide);
}

/* The length of the contraction at i (an apostrophe that starts a pre-token), 0 if none; `folded`: in any case
((?i:...) of cl100k and its kin: the class table's FOLDS_ bits, so ſ too), else in small letters only (gpt2). */
static inline size_t block_contraction(const ScanText *t, size_t i, int folded) {
    size_t n = (size_t)t->n;
    if (i + 1 >= n) return 0;
    Py_UCS4 a = block_unit(t, i + 1), b = i + 2 < n ? block_unit(t, i + 2) : 0;
    if (folded) {
        unsigned x = classes[a], y = i + 2 < n ? classes[b] : 0;
        if (x & (FOLDS_S | FOLDS_D | FOLDS_M | FOLDS_T)) return 2;
        return ((x & FOLDS_L) && (y & FOLDS_L)) || ((x & FOLDS_V) && (y & FOLDS_E)) || ((x & FOLDS_R) && (y & FOLDS_E))
                   ? 3
                   : 0;
    }
    if (a == 's' || a == 'd' || a == 'm' || a == 't') return 2;
    return (a == 'l' && b == 'l') || (a == 'v' && b == 'e') || (a == 'r' && b == 'e') ? 3 : 0;
}

/* quote: the contractions at the apostrophes that start pre-tokens in a word of 64 from base (its starts in
 * *start): their letters start nothing, the character after each does; what falls in the next word goes to
 * *cleared and *set. */
static inline void block_contractions(const ScanText *t, size_t base, uint64_t quotes, int folded, uint64_t *start,
                                      uint64_t *cleared, uint64_t *set) {
    for (uint64_t q = quotes; q; q &= q - 1) {
        unsigned k = (unsigned)__builtin_ctzll(q);
        size_t length = block_contraction(t, base + k, folded);
        for (unsigned j = k + 1; length && j <= k + length; j++) {
            uint64_t bit = (uint64_t)1 << (j & 63);
            if (j < k + length) {
                if (j < 64) *start &= ~bit; else *cleared |= bit;
            } else {
                if (j < 64) *start |= bit; else *set |= bit;
            }
        }
    }
}

/* The bits of the last word of a span of n characters (n - 64 * (its words - 1) of them; all 64 when n is a
 * multiple): those past its end cleared. */
static inline uint64_t up_to(uint64_t bits, size_t n) { return n % 64 ? bits & (((uint64_t)1 << (n % 64)) - 1) : bits; }

/* A starts function for a text of one byte a character and for the wider ones, each with its own copy of the rules
 * (the `wide` argument, last, a constant where the function is inlined): no test of the width in the narrow ones'
 * loops. */
#define BY_WIDTH(starts_of, ...)                                                                                      \
    (t->kind == PyUnicode_1BYTE_KIND ? starts_of(__VA_ARGS__, 0) : starts_of(__VA_ARGS__, 1))

/* Sets in `bits` (bit k for character from + k; (to - from + 63) / 64 words, zero past to) the starts of gpt2's
 * pre-tokens in t[from:to] (t->n >= to > from), where a pre-token starts at `from`; where its bits end: `to`, or the
 * start of the first word of 64 left to the scanner (left_to_scanner). The characters past `to` are read as far as
 * the rules look (two for a contraction, the run of white space). */
static ALWAYS_INLINE size_t gpt2_starts_of(const ScanText *t, size_t from, size_t to, uint64_t *bits, int wide) {
    size_t words = (to - from + 63) / 64;
    BlockMasks next = masks_at(t, from, 0, wide);
    uint64_t before_letter = 0, before_digit = 0, before_space = 0, before_blank = 0; /* character from + k - 1 */
    uint64_t cleared = 0, set = 0; /* a contraction's effect on the word after its own */
    for (size_t w = 0; w < words; w++) {
        BlockMasks m = next;
        size_t at = from + 64 * (w + 1);
        if (left_to_scanner(&m)) return at - 64;
        next = masks_at(t, at, 0, wide);
        uint64_t letter = m.letter, digit = m.digit, space = m.space;
        uint64_t other = ~(letter | digit | space);
        uint64_t prev_letter = letter << 1 | before_letter, prev_digit = digit << 1 | before_digit;
        uint64_t prev_space = space << 1 | before_space, prev_blank = m.blank << 1 | before_blank;
        uint64_t prev_other = ~(prev_letter | prev_digit | prev_space);
        uint64_t next_space = space >> 1 | next.space << 63;
        /* run: the class changes */
        uint64_t start = (letter & ~prev_letter) | (digit & ~prev_digit) | (space & ~prev_space) |
                         (other & ~prev_other);
        start |= space & prev_space & ~next_space;   /* last: a run of white space gives back its last one */
        start &= ~(prev_blank & ~space);             /* space: ' ' joins the run after it */
        if (w == 0) start |= 1;                      /* a pre-token starts at from */
        start = (start & ~cleared) | set;
        cleared = set = 0;
        block_contractions(t, from + 64 * w, start & m.quote, 0, &start, &cleared, &set);
        before_letter = letter >> 63, before_digit = digit >> 63;
        before_space = space >> 63, before_blank = m.blank >> 63;
        bits[w] = w == words - 1 ? up_to(start, to - from) : start;
    }
    return to;
}

static size_t gpt2_starts(const ScanText *t, size_t from, size_t to, uint64_t *bits) {
    return BY_WIDTH(gpt2_starts_of, t, from, to, bits);
}

/* ----- cl100k, llama3 and qwen2 ----- */

/* Within each run of `run` bits: the bits of `seed` (some of the run's) carried towards higher bits (fill_up) or
 * lower bits (fill_down) along the run. Up, by an addition: a seed's carry runs through the run's bits above it,
 * clearing them, and stops past the run's end; so the bits that changed, with the seeds (a seed above another in a
 * run adds back its 1), are the run's from its first seed on. Down, in six steps of doubling reach (a carry goes up
 * only). fill_up had those steps too: the addition is 5 instructions for their 18 (a warm German encode with o200k:
 * 165 M -> 162 M instructions).
 *   run 0b0111100, seed 0b0101000: run + seed 0b1100100, changed 0b1011000, with the seeds 0b1111000 -> 0b0111000 */
static inline uint64_t fill_up(uint64_t seed, uint64_t run) { return (((run + seed) ^ run) | seed) & run; }

static inline uint64_t fill_down(uint64_t seed, uint64_t run) {
    for (unsigned reach = 1; reach < 64; reach *= 2) {
        seed |= run & (seed >> reach);
        run &= run >> reach;
    }
    return seed;
}

/* The groups of `digits` (3, or 1) a run of digits is cut into from its start: the bits where one starts. `phase`:
 * the place in its run of the character before bit 0 (mod 3; -1 if it is no digit), and on return that of bit 63. */
static inline uint64_t digit_groups(uint64_t digit, int digits, int *phase) {
    if (digits == 1) {
        *phase = digit >> 63 ? 0 : -1;
        return digit;
    }
    uint64_t groups = digit & ~(digit << 1 | (*phase >= 0));
    if (*phase >= 0 && (digit & 1)) { /* the run goes on from the word before: its next group at 2 - phase */
        unsigned first = (unsigned)(2 - *phase);
        uint64_t through = ((uint64_t)2 << first) - 1;
        if ((digit & through) == through) groups |= (uint64_t)1 << first;
    }
    for (;;) { /* each group's next, three on, where the three characters between are digits */
        uint64_t more = (groups << 3) & digit & (digit << 1) & (digit << 2) & ~groups;
        if (!more) break;
        groups |= more;
    }
    *phase = digit >> 63 ? (int)(__builtin_clzll(groups)) : -1; /* 63 - the highest group's bit */
    return groups;
}

/* Whether the white space from i on (up to the first other character, or the end) holds a line break. */
static inline int break_in_run(const ScanText *t, size_t i) {
    for (; i < (size_t)t->n && (classes[block_unit(t, i)] & SPACE); i++) {
        Py_UCS4 c = block_unit(t, i);
        if (c == '\r' || c == '\n') return 1;
    }
    return 0;
}

/* breaks: the white space of word m with a line break ahead of it in its run, the next word's run looked into (its
 * masks `next`, its first character at `at`). */
static inline uint64_t breaks_ahead(const ScanText *t, const BlockMasks *m, const BlockMasks *next, size_t at) {
    uint64_t seed = m->br;
    if (m->space >> 63) {
        unsigned run = next->space == ~(uint64_t)0 ? 64 : (unsigned)__builtin_ctzll(~next->space);
        int ahead = run == 64 ? break_in_run(t, at) : (next->br & (((uint64_t)1 << run) - 1)) != 0;
        if (ahead) seed |= (uint64_t)1 << 63;
    }
    return fill_down(seed, m->space);
}

/* The starts of the pre-tokens of cl100k ('(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+
 * | ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s) and of llama3 and qwen2 (the same but for \s++$, and
 * qwen2's single digits), as gpt2_starts. `digits`: the most a pre-token holds (3, or 1); `whole_end`:
 * cl100k's \s++$ (white space that ends the text is one pre-token). The rules (lead: a character neither a line
 * break, a letter nor a digit; other: neither white space, a letter nor a digit; a start ahead of each):
 *   letters   a run of letters starts a pre-token but where the lead before it starts one: the lead takes it;
 *   digits    a run of digits starts one every `digits` digits from its start;
 *   others    an other starts one but after an other (the run) or after a space ' ' (` ?`, which always starts);
 *   tail      line breaks right after an other go with it ([\r\n]*+): they start nothing, and the white space
 *             after them starts anew;
 *   breaks    in white space, the character after the run's last line break starts one (\s*[\r\n]), but where
 *             the run ends the text under \s++$; the last one of a run before a non-space starts one (\s+(?!\S))
 *             unless it is a line break (taken by \s*[\r\n]);
 *   quote     contractions, in either case, as gpt2's. */
static ALWAYS_INLINE size_t cl100k_family_starts(const ScanText *t, size_t from, size_t to, uint64_t *bits,
                                                 int digits, int whole_end, int wide) {
    /* the final run of white space starts at tail, looked for 128 characters back at most: a longer one is never
     * reached (long_white_ahead) */
    size_t words = (to - from + 63) / 64, n = (size_t)t->n, tail = n, floor = n > 128 ? n - 128 : 0;
    while (whole_end && tail > from && tail > floor && (classes[block_unit(t, tail - 1)] & SPACE)) tail--;
    BlockMasks next = masks_at(t, from, NEEDS_BREAKS, wide);
    /* the character before from is taken as white space (no letter, digit, break or other to join) */
    uint64_t before_letter = 0, before_digit = 0, before_space = 1, before_br = 0, before_blank = 0;
    uint64_t before_tail = 0, before_start = 0;
    int phase = -1;
    uint64_t cleared = 0, set = 0;
    for (size_t w = 0; w < words; w++) {
        BlockMasks m = next;
        size_t base = from + 64 * w, at = base + 64;
        if (left_to_scanner(&m)) return base;
        next = masks_at(t, at, NEEDS_BREAKS, wide);
        if (long_white_ahead(t, &next, at)) return base;
        uint64_t letter = m.letter, digit = m.digit, space = m.space, br = m.br;
        uint64_t other = ~(letter | digit | space);
        uint64_t prev_letter = letter << 1 | before_letter, prev_digit = digit << 1 | before_digit;
        uint64_t prev_space = space << 1 | before_space, prev_br = br << 1 | before_br;
        uint64_t prev_blank = m.blank << 1 | before_blank;
        uint64_t prev_other = ~(prev_letter | prev_digit | prev_space);
        uint64_t prev_lead = prev_other | (prev_space & ~prev_br);
        uint64_t next_space = space >> 1 | next.space << 63;
        /* tail: the line breaks that follow an other, through the run of them */
        uint64_t tailed = fill_up(br & (prev_other | before_tail), br);
        uint64_t prev_tailed = tailed << 1 | before_tail;
        uint64_t break_ahead_bits = breaks_ahead(t, &m, &next, at);
        uint64_t start = other & ~(prev_other | prev_blank);                    /* others */
        start |= digit_groups(digit, digits, &phase);                            /* digits */
        start |= space & ~tailed & (~prev_space | prev_tailed);                  /* white space starting anew */
        uint64_t after_breaks = space & prev_br & ~br & ~break_ahead_bits;       /* breaks */
        if (whole_end && tail < base + 64)
            after_breaks &= tail <= base ? 0 : ((uint64_t)1 << (tail - base)) - 1;
        start |= after_breaks | (space & prev_space & ~br & ~next_space);
        if (w == 0) start |= 1;
        uint64_t prev_start = start << 1 | before_start;
        start |= letter & ~prev_letter & ~(prev_lead & prev_start);              /* letters */
        start = (start & ~cleared) | set;
        cleared = set = 0;
        block_contractions(t, base, start & m.quote, 1, &start, &cleared, &set);
        before_letter = letter >> 63, before_digit = digit >> 63, before_space = space >> 63;
        before_br = br >> 63, before_blank = m.blank >> 63, before_tail = tailed >> 63, before_start = start >> 63;
        bits[w] = w == words - 1 ? up_to(start, to - from) : start;
    }
    return to;
}

static size_t cl100k_starts(const ScanText *t, size_t from, size_t to, uint64_t *bits) {
    return BY_WIDTH(cl100k_family_starts, t, from, to, bits, 3, 1);
}

static size_t llama3_starts(const ScanText *t, size_t from, size_t to, uint64_t *bits) {
    return BY_WIDTH(cl100k_family_starts, t, from, to, bits, 3, 0);
}

static size_t qwen2_starts(const ScanText *t, size_t from, size_t to, uint64_t *bits) {
    return BY_WIDTH(cl100k_family_starts, t, from, to, bits, 1, 0);
}

/* ----- o200k ----- */

/* Whether the capitals (letters only upper-ish) from i on end where no letter follows (or the text ends). A mark
 * after them (upper- and lower-ish, no letter: o200k's words take it) goes on with the word, as a letter would. */
static int capitals_end_letters(const ScanText *t, size_t i) {
    unsigned c = 0;
    for (; i < (size_t)t->n; i++) {
        c = classes[block_unit(t, i)];
        if (!(c & LETTER) || (c & (UPPERISH | LOWERISH)) != UPPERISH) break;
    }
    return i == (size_t)t->n || !(c & (LETTER | UPPERISH | LOWERISH));
}

/* The starts of o200k's pre-tokens ([^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+
 * (?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*
 * (?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+), as
 * gpt2_starts. A word is a run of capitals then a run of small letters (either may be empty; é small, É capital): so
 * cl100k_family_starts's rules hold (its leads, digits, white space, without \s++$), but for these:
 *   case      a capital after a small letter starts a word ("camelCase": "camel", "Case"; "HTMLParser" is one);
 *   tail      the tail of others is [\r\n/]*: line breaks, then slashes and line breaks; an other after a slash of
 *             the tail starts anew;
 *   suffix    a contraction right after a word's last letter (not after another contraction's) is the word's:
 *             "don't", "DON'T" are one pre-token each; elsewhere an apostrophe is an other (a lead). */
static ALWAYS_INLINE size_t o200k_starts_of(const ScanText *t, size_t from, size_t to, uint64_t *bits, int wide) {
    size_t words = (to - from + 63) / 64;
    BlockMasks next = masks_at(t, from, NEEDS_BREAKS | NEEDS_CASES, wide);
    uint64_t before_letter = 0, before_digit = 0, before_space = 1, before_br = 0, before_blank = 0;
    uint64_t before_tail = 0, before_start = 0, before_small_in_run = 0, before_lowerish = 0;
    size_t suffix_end = SIZE_MAX; /* where the last contraction taken as a suffix ended (SIZE_MAX: none yet) */
    int phase = -1;
    uint64_t cleared = 0, set = 0;
    for (size_t w = 0; w < words; w++) {
        BlockMasks m = next;
        size_t base = from + 64 * w, at = base + 64;
        if (left_to_scanner(&m)) return base;
        next = masks_at(t, at, NEEDS_BREAKS | NEEDS_CASES, wide);
        /* (the word before one with a mark too: its last letters' cases read the next word's first ones) */
        if (next.unread || long_white_ahead(t, &next, at)) return base;
        uint64_t letter = m.letter, digit = m.digit, space = m.space, br = m.br, upper = m.upper;
        uint64_t small = letter & ~upper & ~m.both, lowerish = small | m.both;
        uint64_t other = ~(letter | digit | space);
        uint64_t prev_letter = letter << 1 | before_letter, prev_digit = digit << 1 | before_digit;
        uint64_t prev_space = space << 1 | before_space, prev_br = br << 1 | before_br;
        uint64_t prev_blank = m.blank << 1 | before_blank, prev_lowerish = lowerish << 1 | before_lowerish;
        uint64_t prev_other = ~(prev_letter | prev_digit | prev_space);
        uint64_t prev_lead = prev_other | (prev_space & ~prev_br);
        uint64_t next_space = space >> 1 | next.space << 63;
        /* tail: the line breaks after an other, then line breaks and slashes */
        uint64_t tailed = fill_up((br & prev_other) | ((br | m.slash) & before_tail), br | m.slash);
        uint64_t prev_tailed = tailed << 1 | before_tail;
        uint64_t break_ahead_bits = breaks_ahead(t, &m, &next, at);
        uint64_t start = other & ~tailed & ~((prev_other & ~prev_tailed) | prev_blank); /* others */
        start |= digit_groups(digit, 3, &phase);                                         /* digits */
        start |= space & ~tailed & (~prev_space | prev_tailed);
        start |= space & prev_br & ~br & ~break_ahead_bits;
        start |= space & prev_space & ~br & ~next_space;
        if (w == 0) start |= 1;
        uint64_t prev_start = start << 1 | before_start;
        start |= letter & ~prev_letter & ~(prev_lead & prev_start); /* letters */
        /* suffix: an apostrophe after a word's letter, in order (one after a suffix is no suffix): it and the
         * letters start nothing (off), the character after does (on); what falls in the next word is carried */
        uint64_t off = cleared, on = set;
        cleared = set = 0;
        for (uint64_t q = m.quote & prev_letter; q; q &= q - 1) {
            unsigned k = (unsigned)__builtin_ctzll(q);
            size_t i = base + k, length = i == suffix_end ? 0 : block_contraction(t, i, 1);
            if (!length) continue;
            suffix_end = i + length;
            for (unsigned j = k; j <= k + length; j++) {
                uint64_t bit = (uint64_t)1 << (j & 63);
                if (j < k + length) {
                    if (j < 64) off |= bit; else cleared |= bit;
                } else {
                    if (j < 64) on |= bit; else set |= bit;
                }
            }
        }
        /* case: a capital after lower-ish letters holding a small one (the word's capitals and both-cased letters,
         * then its lower-ish ones), and the capitals ending a run of letters after a both-cased one (the word gives
         * them back: "文RS" is "文", "RS"); a suffix's letters are no word's */
        small &= ~off, lowerish &= ~off;
        prev_lowerish = lowerish << 1 | before_lowerish;
        /* small_in_run: the lower-ish letters after a small one in their run of lower-ish letters */
        uint64_t small_in_run = fill_up(small | (lowerish & before_small_in_run), lowerish);
        start |= upper & (small_in_run << 1 | before_small_in_run);
        /* last_capitals: the capitals that end a run of letters (no letter after them), found from its last one */
        uint64_t next_letter = letter >> 1 | next.letter << 63, last_capitals = upper & ~next_letter;
        if ((upper >> 63) && (next.letter & 1) && (next.upper & 1)) { /* capitals on into the next word */
            unsigned run = next.upper == ~(uint64_t)0 ? 64 : (unsigned)__builtin_ctzll(~next.upper);
            if (run < 64 ? !(next.letter >> run & 1) : capitals_end_letters(t, at + 64))
                last_capitals |= (uint64_t)1 << 63;
        }
        start |= upper & prev_lowerish & fill_down(last_capitals, upper);
        start = (start & ~off) | on;
        before_letter = letter >> 63, before_digit = digit >> 63, before_space = space >> 63;
        before_br = br >> 63, before_blank = m.blank >> 63, before_tail = tailed >> 63, before_start = start >> 63;
        before_small_in_run = small_in_run >> 63, before_lowerish = lowerish >> 63;
        bits[w] = w == words - 1 ? up_to(start, to - from) : start;
    }
    return to;
}

static size_t o200k_starts(const ScanText *t, size_t from, size_t to, uint64_t *bits) {
    return BY_WIDTH(o200k_starts_of, t, from, to, bits);
}

#endif
