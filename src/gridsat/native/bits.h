/*
 * Bit counts and the lowest set bit, shared by every C extension of the package (the native
 * core, the path search and the logical solver's filter).
 *
 * The counts are written out (SWAR) rather than __builtin_popcount: without -mpopcnt, which
 * a portable build cannot assume, that builtin is a library call on x86-64, one per word.
 */
#ifndef GRIDSAT_BITS_H
#define GRIDSAT_BITS_H

#include <stdint.h>

/* bits set in a 32-bit word */
static inline int popcount32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* bits set in a 64-bit word */
static inline int popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* the lowest set bit of a non-zero word */
static inline int ctz64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int k = 0;
    while (!(x & 1u)) { x >>= 1; k++; }
    return k;
#endif
}

#endif /* GRIDSAT_BITS_H */
