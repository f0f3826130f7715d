/* bpe_core/_hash.h: the bit mixer the compiled modules hash their keys with (murmur3's 64-bit finalizer: every bit
 * of the input moves about half the bits of the output), one definition for _encode.c and _count.c.
 *
 *   mix64(h ^ word) after each eight bytes of a key, then a table's slot is the result's low bits
 */
#ifndef BPE_HASH_H
#define BPE_HASH_H

#include <stdint.h>

static inline uint64_t mix64(uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

#endif
