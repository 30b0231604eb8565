/*
 * The lookup tables of the classic 9x9 band solver (core_band.h), filled once by
 * band_tables(): for each of the 512 segment patterns of a digit in a band, its box-line
 * fixpoint, the cells it covers, its lone segments and the configurations it holds; the
 * triad rules' lane masks; each band cell's row, box and column masks. And the search's
 * state and record. core_band.h says what the segments,
 * configurations and lanes are.
 */
#ifndef GRIDSAT_CORE_BAND_TABLES_H
#define GRIDSAT_CORE_BAND_TABLES_H

#include "core_base.h"

#define BAND_ALL 0x7ffffffu
/* the short fixed loops below (9 digits, 3 bands) must be unrolled to run fast; GCC does
   not always do so by itself inside the large propagation function */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
#define BAND_UNROLL _Pragma("GCC unroll 9")
#else
#define BAND_UNROLL
#endif
#define BAND_BAD 0x8000u

static uint16_t band_lc[512];     /* segment pattern -> its box-line fixpoint, or BAND_BAD */
static uint32_t band_seg[512];    /* segment pattern -> the band cells it covers */
static uint32_t band_col[512];    /* column set -> the band cells in those columns */
static uint32_t band_rs[3][512];  /* row r's 9 bits -> its segments (bits 3r..3r+2) and, 16 up, those with one cell */
static uint64_t band_rowt[512];   /* segment pattern -> the cells of its box-line fixpoint (bits 0-26),
                                     that fixpoint's lone segments (bits 32-40) and the fixpoint
                                     (bits 48-56); bit 63 alone when BAND_BAD */
static uint8_t band_ncfg[512];    /* segment pattern -> the configurations it holds (bit j: band_cfg[j]) */
static uint8_t band_ncn[512];     /* segment pattern -> how many configurations it holds */
static uint16_t band_cfg[6];      /* a digit's configurations: one segment in each row and each box */
/* the triad rules' lane masks (band_triad_rules): of six 10-bit lanes, the segments in
   each column of band_lc's 3x3 layout (c0..c2), in each row (r0..r2), all of them */
static uint64_t tri_c0, tri_c1, tri_c2, tri_r0, tri_r1, tri_r2, tri_all;
static uint64_t band_stk[512];    /* a band's columns (9 bits) -> their bits in the stacks' lanes 3..5, as band 0 */
static uint32_t band_peer[27];    /* a band cell's row and box, without itself */
static uint32_t band_cmask[27];   /* a band cell's column */
static int band_ready;

static void band_tables(void) {
    if (band_ready) return;
    uint16_t lone_of[512];  /* segment pattern -> the segments alone in their row or box (for band_rowt) */
    for (int p = 0; p < 512; p++) {
        uint32_t a = (uint32_t)p, seg = 0, col = 0;
        uint8_t r3 = 0;
        for (;;) {
            int bad = 0, changed = 0;
            for (int t = 0; t < 3; t++) {
                if (!((a >> (3 * t)) & 7u)) bad = 1;
                if (!(a & (0x49u << t))) bad = 1;
            }
            if (bad) { a = BAND_BAD; break; }
            for (int t = 0; t < 3; t++) {
                uint32_t tri = (a >> (3 * t)) & 7u;          /* one row: its boxes */
                if (!(tri & (tri - 1)))
                    for (int t2 = 0; t2 < 3; t2++)
                        if (t2 != t && (a & (tri << (3 * t2)))) { a &= ~(tri << (3 * t2)); changed = 1; }
                uint32_t str = a & (0x49u << t);              /* one box: its rows */
                if (!(str & (str - 1))) {
                    uint32_t keep = str, row = 7u << (3 * (ctz64(str) / 3));
                    if (a & row & ~keep) { a &= ~(row & ~keep); changed = 1; }
                }
            }
            if (!changed) break;
        }
        band_lc[p] = (uint16_t)a;
        for (int j = 0; j < 9; j++) {
            if (p >> j & 1) {
                seg |= 7u << (9 * (j / 3) + 3 * (j % 3));
                col |= (1u | 1u << 9 | 1u << 18) << j;
                r3 |= (uint8_t)(1u << (j / 3));
            }
        }
        band_seg[p] = seg;
        band_col[p] = col;
        uint32_t one = 0, lone = 0;
        for (int k = 0; k < 3; k++) {
            unsigned t = (unsigned)(p >> (3 * k)) & 7u;
            if (t && !(t & (t - 1))) one |= 1u << k;
        }
        for (int j = 0; j < 9; j++) {
            unsigned row = (unsigned)p & (7u << (3 * (j / 3))), box = (unsigned)p & (0x49u << (j % 3));
            if ((p >> j & 1) && (!(row & (row - 1)) || !(box & (box - 1)))) lone |= 1u << j;
        }
        lone_of[p] = (uint16_t)lone;
        for (int r = 0; r < 3; r++) band_rs[r][p] = (uint32_t)r3 << (3 * r) | one << (16 + 3 * r);
    }
    for (int p = 0; p < 512; p++) {
        unsigned a = band_lc[p];
        band_rowt[p] = (a & BAND_BAD) ? (uint64_t)1 << 63
                     : (uint64_t)band_seg[a] | (uint64_t)lone_of[a] << 32 | (uint64_t)a << 48;
    }
    static const uint8_t perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int j = 0; j < 6; j++)
        band_cfg[j] = (uint16_t)(1u << perm[j][0] | 1u << (3 + perm[j][1]) | 1u << (6 + perm[j][2]));
    for (int p = 0; p < 512; p++) {
        unsigned m = 0;
        for (int j = 0; j < 6; j++) if (!(band_cfg[j] & ~p)) m |= 1u << j;
        band_ncfg[p] = (uint8_t)m;
        band_ncn[p] = (uint8_t)popcount32(m);
    }
    for (int j = 0; j < 6; j++) {
        unsigned o = 10u * (unsigned)j;
        tri_c0 |= (uint64_t)0x49u << o;
        tri_c1 |= (uint64_t)0x92u << o;
        tri_c2 |= (uint64_t)0x124u << o;
        tri_r0 |= (uint64_t)0x7u << o;
        tri_r1 |= (uint64_t)0x38u << o;
        tri_r2 |= (uint64_t)0x1c0u << o;
    }
    tri_all = tri_r0 | tri_r1 | tri_r2;
    for (int p = 0; p < 512; p++) {
        uint64_t w = 0;
        for (int c = 0; c < 9; c++)
            if (p >> c & 1) w |= (uint64_t)1 << (30 + 10 * (c / 3) + c % 3);
        band_stk[p] = w;
    }
    for (int i = 0; i < 27; i++) {
        int r = i / 9, c = i % 9;
        uint32_t box = 0;
        for (int rr = 0; rr < 3; rr++) box |= 7u << (9 * rr + 3 * (c / 3));
        band_peer[i] = ((0x1ffu << (9 * r)) | box) & ~(1u << i);
        band_cmask[i] = 0x40201u << c;
    }
    band_ready = 1;
}

typedef struct {
    uint32_t d[9][3];   /* digit, band -> candidate (or placed) cells */
    uint32_t uns[3];    /* band -> cells not placed */
    uint16_t seg[9][3]; /* digit, band -> its segment pattern, as the last look of the rows left it:
                           exact at the propagation's fixpoint, where every digit-band that changed
                           has been looked at again (band_node reads it there) */
} BState;

/* a search's depths: a branch places a cell (81) or fixes a digit's configuration in a
   band or a stack (54) */
#define BAND_DEPTH 136

typedef struct {
    BState *stack;       /* BAND_DEPTH states */
    uint8_t bcell[BAND_DEPTH];  /* the branching cell (below 81) or 128 + configuration item */
    uint16_t brem[BAND_DEPTH];  /* digits (or configurations) still to try at each depth */
    int depth, choose, finished, tick;
    uint64_t count, limit, nodes;
    uint64_t cap;        /* branches allowed (0: no cap): the run pauses at it */
    int keep;
    int counting;        /* the counting order: band_node's rules and branches (else the generic solver's) */
    uint8_t *sols;       /* keep * 81 bytes */
} BandSearch;

#endif /* GRIDSAT_CORE_BAND_TABLES_H */
