/* bpe_core/_ascii_starts.h: where gpt2's pre-tokens start in ASCII text, found 64 characters at a time (included by
 * _scan.c, which lends it to _encode.c through _scan_api.h).
 *
 * The scanner of _scan.c finds one pre-token at a time: a branch on each one's first character, a loop over its run.
 * Over ASCII text the same pre-tokens follow from a few masks of 64 bits, one bit a character (a letter, a digit,
 * white space, the space ' ', the apostrophe), combined with shifts: the starts come out 64 at a time as bits, and a
 * pre-token ends where the next one starts.
 *
 *   "it's  a 42!\n"     letters i t s a, digits 4 2, white space at 4 5 8 11, others ' !
 *   starts               0 ("it"), 2 ("'s"), 4 (" "), 5 (" a"), 7 (" 42"), 10 ("!"), 11 ("\n")
 *
 * The rules, from gpt2's pattern '(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s,
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
 * Letters, digits and white space in ASCII are [A-Za-z], [0-9] and [\t\n\v\f\r ] in the Unicode of `regex`;
 * ascii_starts_ready() checks the class table agrees before these rules are used (else the scanner is used).
 * The tests compare the starts with _scan.c's gpt2 on every text they try (tests/test_ascii_starts.py).
 */
#ifndef BPE_ASCII_STARTS_H
#define BPE_ASCII_STARTS_H

#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The five masks of up to 64 characters: bit k for character k. */
typedef struct {
    uint64_t letter, digit, space, blank, quote; /* blank: ' ' (also in space) */
} AsciiMasks;

/* The masks of s[0:count] (count <= 64); the characters past count are taken as white space (so that a run of white
 * space ending the text keeps its last character: the end is no non-space). */
static inline AsciiMasks ascii_masks(const unsigned char *s, size_t count) {
    AsciiMasks m = {0, 0, 0, 0, 0};
    size_t k = 0;
#if defined(__SSE2__)
    const __m128i low = _mm_set1_epi8(0x20), a = _mm_set1_epi8('a' - 1), z = _mm_set1_epi8('z' + 1);
    const __m128i zero = _mm_set1_epi8('0' - 1), nine = _mm_set1_epi8('9' + 1), blank = _mm_set1_epi8(' ');
    const __m128i tab = _mm_set1_epi8('\t' - 1), cr = _mm_set1_epi8('\r' + 1), quote = _mm_set1_epi8('\'');
    for (; k + 16 <= count; k += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(s + k)), folded = _mm_or_si128(v, low);
        __m128i letter = _mm_and_si128(_mm_cmpgt_epi8(folded, a), _mm_cmplt_epi8(folded, z));
        __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, zero), _mm_cmplt_epi8(v, nine));
        __m128i is_blank = _mm_cmpeq_epi8(v, blank);
        __m128i space = _mm_or_si128(is_blank, _mm_and_si128(_mm_cmpgt_epi8(v, tab), _mm_cmplt_epi8(v, cr)));
        m.letter |= (uint64_t)(uint16_t)_mm_movemask_epi8(letter) << k;
        m.digit |= (uint64_t)(uint16_t)_mm_movemask_epi8(digit) << k;
        m.space |= (uint64_t)(uint16_t)_mm_movemask_epi8(space) << k;
        m.blank |= (uint64_t)(uint16_t)_mm_movemask_epi8(is_blank) << k;
        m.quote |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)) << k;
    }
#endif
    for (; k < count; k++) {
        unsigned char c = s[k], folded = c | 0x20;
        uint64_t bit = (uint64_t)1 << k;
        if (folded >= 'a' && folded <= 'z') m.letter |= bit;
        if (c >= '0' && c <= '9') m.digit |= bit;
        if (c == ' ' || (c >= '\t' && c <= '\r')) m.space |= bit;
        if (c == ' ') m.blank |= bit;
        if (c == '\'') m.quote |= bit;
    }
    if (count < 64) m.space |= ~(uint64_t)0 << count;
    return m;
}

/* The length of the contraction at s[i] (an apostrophe that starts a pre-token), 0 if none; s has n characters. */
static inline size_t ascii_contraction(const unsigned char *s, size_t i, size_t n) {
    if (i + 1 >= n) return 0;
    unsigned char a = s[i + 1];
    if (a == 's' || a == 'd' || a == 'm' || a == 't') return 2;
    if (i + 2 >= n) return 0;
    unsigned char b = s[i + 2];
    return (a == 'l' && b == 'l') || (a == 'v' && b == 'e') || (a == 'r' && b == 'e') ? 3 : 0;
}

/* Sets in `bits` (bit k for character from + k; (to - from + 63) / 64 words, zero past to) the starts of gpt2's
 * pre-tokens in s[from:to], s being an ASCII text of n characters (n >= to > from) where a pre-token starts at
 * `from`. The characters past `to` are read as far as the rules look (two for a contraction, one for white space). */
static void gpt2_ascii_starts(const unsigned char *s, size_t from, size_t to, size_t n, uint64_t *bits) {
    size_t words = (to - from + 63) / 64;
    AsciiMasks next = ascii_masks(s + from, n - from < 64 ? n - from : 64);
    uint64_t before_letter = 0, before_digit = 0, before_space = 0, before_blank = 0; /* character from + k - 1 */
    uint64_t cleared = 0, set = 0; /* a contraction's effect on the word after its own */
    for (size_t w = 0; w < words; w++) {
        AsciiMasks m = next;
        size_t at = from + 64 * (w + 1);
        next = ascii_masks(s + at, at >= n ? 0 : n - at < 64 ? n - at : 64);
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
        /* quote: contractions, where an apostrophe starts a pre-token */
        for (uint64_t q = start & m.quote; q; q &= q - 1) {
            unsigned k = (unsigned)__builtin_ctzll(q);
            size_t length = ascii_contraction(s, from + 64 * w + k, n);
            if (!length) continue;
            for (unsigned j = k + 1; j <= k + length; j++) { /* its letters start nothing; the next character does */
                uint64_t bit = (uint64_t)1 << (j & 63);
                if (j < k + length) {
                    if (j < 64) start &= ~bit; else cleared |= bit;
                } else {
                    if (j < 64) start |= bit; else set |= bit;
                }
            }
        }
        before_letter = letter >> 63, before_digit = digit >> 63;
        before_space = space >> 63, before_blank = m.blank >> 63;
        if (w == words - 1 && (to - from) % 64) start &= ((uint64_t)1 << ((to - from) % 64)) - 1;
        bits[w] = start;
    }
}

#endif
