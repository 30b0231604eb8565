/*
 * The logical solver's grid in C (classic 9x9 only): values, candidate masks and the
 * derived places, with the board's fixed tables. Shared by every technique header.
 *
 * Units are numbered as in the Python geometry: rows 0..8, columns 9..17, boxes 18..26,
 * each unit's cells in row-major order. Digit d (1-based) is bit d-1 of a candidate mask.
 * A cell set is an lg_cells: bit c for cell c (0..80).
 */
#ifndef GRIDSAT_LG_H
#define GRIDSAT_LG_H

#include <stdint.h>
#include <string.h>

#include "../../../../native/bits.h"

#if !defined(__SIZEOF_INT128__)
#error "the logical solver's C filter needs a compiler with 128-bit integers"
#endif

typedef unsigned __int128 lg_cells;

#define LG_N 9
#define LG_CELLS 81
#define LG_UNITS 27
#define LG_FULL 0x1FF

typedef struct {
    uint8_t values[LG_CELLS];    /* placed digit, 0 when empty */
    uint16_t cands[LG_CELLS];    /* candidate mask of an empty cell, 0 for a filled one */
    uint16_t upos[LG_UNITS][LG_N]; /* upos[u][d]: bit i when the unit's i-th cell has digit d+1 */
    lg_cells dpos[LG_N];         /* dpos[d]: the cells with candidate d+1 */
    lg_cells empty;              /* the empty cells */
} LG;

/* board tables, filled once by lg_tables() */
static uint8_t LG_UNIT[LG_UNITS][LG_N];   /* cells of each unit */
static uint8_t LG_PEER[LG_CELLS][20];     /* peers of each cell, ascending */
static uint8_t LG_CU[LG_CELLS][3];        /* row, column and box unit of each cell */
static uint8_t LG_IDX[LG_CELLS][3];       /* index of the cell inside its row, column, box */
static lg_cells LG_PEERS[LG_CELLS];       /* peers as a cell set */
static lg_cells LG_UMASK[LG_UNITS];       /* unit as a cell set */

static inline int lg_ctz(unsigned x) { return __builtin_ctz(x); }
static inline int lg_popc(lg_cells s) {
    return popcount64((uint64_t)s) + popcount64((uint64_t)(s >> 64));
}
static inline int lg_first(lg_cells s) { /* lowest cell of a non-empty set */
    uint64_t lo = (uint64_t)s;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(s >> 64));
}
static inline lg_cells lg_bit(int c) { return (lg_cells)1 << c; }
static inline int lg_sees(int a, int b) { return (int)((LG_PEERS[a] >> b) & 1); }

static void lg_tables(void) {
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int cell = r * 9 + c, b = (r / 3) * 3 + c / 3, i = (r % 3) * 3 + c % 3;
            LG_UNIT[r][c] = (uint8_t)cell;
            LG_UNIT[9 + c][r] = (uint8_t)cell;
            LG_UNIT[18 + b][i] = (uint8_t)cell;
            LG_CU[cell][0] = (uint8_t)r;
            LG_CU[cell][1] = (uint8_t)(9 + c);
            LG_CU[cell][2] = (uint8_t)(18 + b);
            LG_IDX[cell][0] = (uint8_t)c;
            LG_IDX[cell][1] = (uint8_t)r;
            LG_IDX[cell][2] = (uint8_t)i;
        }
    for (int u = 0; u < LG_UNITS; u++) {
        LG_UMASK[u] = 0;
        for (int i = 0; i < 9; i++) LG_UMASK[u] |= lg_bit(LG_UNIT[u][i]);
    }
    for (int cell = 0; cell < LG_CELLS; cell++) {
        lg_cells s = 0;
        for (int k = 0; k < 3; k++) s |= LG_UMASK[LG_CU[cell][k]];
        s &= ~lg_bit(cell);
        LG_PEERS[cell] = s;
        int n = 0;
        for (int p = 0; p < LG_CELLS; p++)
            if ((s >> p) & 1) LG_PEER[cell][n++] = (uint8_t)p;
    }
}

/* Put digit d in cell c of the values and candidate masks, and remove it from the peers'
 * candidates (the derived fields are not updated: lg_prepare). */
static inline void lg_place(uint8_t *V, uint16_t *C, int c, int d) {
    V[c] = (uint8_t)d;
    C[c] = 0;
    uint16_t nb = (uint16_t)~(1u << (d - 1));
    for (int k = 0; k < 20; k++) C[LG_PEER[c][k]] &= nb;
}

/*
 * The grid on which an existence test last found nothing. A test whose patterns depend
 * only on the candidates of their own cells (and whose eliminations can only shrink when
 * candidates go) can then search only the patterns holding a cell changed since, provided
 * the grid only lost candidates since (placements included).
 */
typedef struct {
    int valid;
    uint8_t values[LG_CELLS];
    uint16_t cands[LG_CELLS];
} lg_fail_memo;

/* 1 with *touch the cells changed since the memo's grid (and *digits the digits they lost,
 * when digits is not NULL), when the grid only lost candidates since; 0 when there is no
 * memo or the grid is not a successor of its grid */
static int lg_memo_since(const lg_fail_memo *m, const LG *g, lg_cells *touch, unsigned *digits) {
    if (!m->valid) return 0;
    lg_cells t = 0;
    unsigned lost = 0;
    for (int c = 0; c < LG_CELLS; c++) {
        unsigned now = g->cands[c], was = m->cands[c];
        if ((now & ~was) || (m->values[c] && g->values[c] != m->values[c])) return 0;
        if (now != was) {
            t |= lg_bit(c);
            lost |= was & ~now;
        }
    }
    *touch = t;
    if (digits) *digits = lost;
    return 1;
}

/* Run an existence test through its memo: 0 at once on the memo's grid; else the test on
 * what changed since (touch: cells, digits: digits lost; every cell and digit when the memo
 * does not apply), and the grid kept when the test finds nothing. */
#define LG_ALL_CELLS ((((lg_cells)1) << LG_CELLS) - 1)
#define LG_MEMO_TEST(memo, g, touch, digits, test)                                   \
    do {                                                                             \
        lg_cells touch;                                                              \
        unsigned digits;                                                             \
        if (!lg_memo_since((memo), (g), &touch, &digits)) {                          \
            touch = LG_ALL_CELLS;                                                    \
            digits = LG_FULL;                                                        \
        } else if (!touch) {                                                         \
            return 0;                                                                \
        }                                                                            \
        int lg_found_ = (test);                                                      \
        if (!lg_found_) lg_memo_keep((memo), (g));                                   \
        return lg_found_;                                                            \
    } while (0)

static void lg_memo_keep(lg_fail_memo *m, const LG *g) {
    memcpy(m->values, g->values, sizeof m->values);
    memcpy(m->cands, g->cands, sizeof m->cands);
    m->valid = 1;
}

/* Fill the derived fields from values and cands. */
static void lg_prepare(LG *g) {
    memset(g->upos, 0, sizeof g->upos);
    memset(g->dpos, 0, sizeof g->dpos);
    g->empty = 0;
    for (int c = 0; c < LG_CELLS; c++) {
        if (g->values[c]) continue;
        g->empty |= lg_bit(c);
        unsigned m = g->cands[c];
        while (m) {
            int d = lg_ctz(m);
            m &= m - 1;
            g->dpos[d] |= lg_bit(c);
            for (int k = 0; k < 3; k++) g->upos[LG_CU[c][k]][d] |= (uint16_t)(1u << LG_IDX[c][k]);
        }
    }
}

#endif
