/*
 * The parts of the classic 9x9 band solver (core_band.h) that its two builds share (the
 * portable one and the AVX2 one of core_band_search.h): the triad rules' bit moves, a
 * solution's record, the branching cell, a configuration fixed.
 */
#ifndef GRIDSAT_CORE_BAND_CHOOSE_H
#define GRIDSAT_CORE_BAND_CHOOSE_H

#include "core_base.h"

#include "core_band_tables.h"

/* the positions with a bit of ``e`` elsewhere in their row (the 3-bit groups) */
static inline uint64_t tri_row_others(uint64_t e) {
    return (((e >> 1) | (e >> 2)) & tri_c0) | (((e << 1) | (e >> 1)) & tri_c1) | (((e << 1) | (e << 2)) & tri_c2);
}

/* the positions with a bit of ``e`` elsewhere in their box (bits 3 apart) */
static inline uint64_t tri_box_others(uint64_t e) {
    return (((e >> 3) | (e >> 6)) & tri_r0) | (((e << 3) | (e >> 3)) & tri_r1) | (((e << 3) | (e << 6)) & tri_r2);
}

/* every bit in the row or the box of a bit of ``e`` */
static inline uint64_t tri_spread(uint64_t e) {
    uint64_t r = e | ((e >> 1) & (tri_c0 | tri_c1)) | ((e >> 2) & tri_c0) | ((e << 1) & (tri_c1 | tri_c2)) | ((e << 2) & tri_c2);
    uint64_t b = e | ((e >> 3) & (tri_r0 | tri_r1)) | ((e >> 6) & tri_r0) | ((e << 3) & (tri_r1 | tri_r2)) | ((e << 6) & tri_r2);
    return r | b;
}

static void band_record(BandSearch *s, const BState *st) {
    if (s->count < (uint64_t)s->keep) {
        uint8_t *out = s->sols + (size_t)s->count * 81;
        for (int v = 0; v < 9; v++)
            for (int b = 0; b < 3; b++)
                for (uint32_t m = st->d[v][b]; m; m &= m - 1) out[27 * b + ctz64(m)] = (uint8_t)(v + 1);
    }
    s->count++;
}

/* Of the cells with two candidates (``two``: a mask per band), the one with the most open
   cells among its peers (its row, box and column; the box's column cells count twice), the
   first such in row-major order; -1 when there is none. A placement there reaches the most
   open cells, so the rules have the most to work on. */
static int band_busiest(const BState *st, const uint32_t two[3]) {
    int best = -1, most = -1;
    for (int b = 0; b < 3; b++)
        for (uint32_t m = two[b]; m; m &= m - 1) {
            int i = ctz64(m);
            uint32_t col = band_cmask[i];
            int open = popcount32(st->uns[b] & band_peer[i]) + popcount32(st->uns[0] & col)
                     + popcount32(st->uns[1] & col) + popcount32(st->uns[2] & col);
            if (open > most) { most = open; best = 27 * b + i; }
        }
    return best;
}

/* The branching cell: the first unplaced one with two candidates (``busiest``: the one of
   band_busiest), else the first with fewest. */
static int band_choose(const BState *st, int busiest) {
    uint32_t cnt[3][4], twos[3];
    BAND_UNROLL
    for (int b = 0; b < 3; b++) {
        uint32_t once = 0, twice = 0, thrice = 0;
        BAND_UNROLL
        for (int v = 0; v < 9; v++) {
            uint32_t y = st->d[v][b];
            thrice |= twice & y;
            twice |= once & y;
            once |= y;
        }
        uint32_t two = st->uns[b] & twice & ~thrice;
        if (two && !busiest) return 27 * b + ctz64(two);
        twos[b] = two;
    }
    if (busiest && (twos[0] | twos[1] | twos[2])) return band_busiest(st, twos);
    BAND_UNROLL
    for (int b = 0; b < 3; b++) {
        uint32_t c0 = 0, c1 = 0, c2 = 0, c3 = 0;
        BAND_UNROLL
        for (int v = 0; v < 9; v++) {  /* a 4-bit counter per cell */
            uint32_t y = st->d[v][b], k1 = c0 & y, k2, k3;
            c0 ^= y;
            k2 = c1 & k1; c1 ^= k1;
            k3 = c2 & k2; c2 ^= k2;
            c3 |= k3;
        }
        cnt[b][0] = c0; cnt[b][1] = c1; cnt[b][2] = c2; cnt[b][3] = c3;
    }
    for (unsigned k = 3; k <= 9; k++)
        for (int b = 0; b < 3; b++) {
            uint32_t m = st->uns[b];
            for (int j = 0; j < 4; j++) m &= (k >> j & 1u) ? cnt[b][j] : ~cnt[b][j];
            if (m) return 27 * b + ctz64(m);
        }
    return -1;
}

/* Fix configuration ``j`` of ``item`` (see band_node): the digit leaves the other
   segments. */
static inline void band_fix_cfg(BState *st, uint32_t *dp, int item, int j) {
    unsigned cfg = band_cfg[j];
    if (item < 27) {
        int v = item / 3, b = item % 3;
        st->d[v][b] &= band_seg[cfg];
        *dp |= 1u << item;
        return;
    }
    int v = (item - 27) / 3, k = (item - 27) % 3;
    for (int b = 0; b < 3; b++) {
        uint32_t gone = (~(cfg >> (3 * b)) & 7u) << (3 * k);
        st->d[v][b] &= ~band_col[gone];
        *dp |= 1u << (3 * v + b);
    }
}

#endif /* GRIDSAT_CORE_BAND_CHOOSE_H */
