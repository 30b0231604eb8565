/*
 * The classic 9x9 board (rows, columns, 3x3 boxes and nothing else) again, as bitboards.
 *
 * Representation. The board is three bands of three rows; a band's 27 cells are the bits
 * 0..26 of a word, row-major (bit 9r + c for row r of the band, column c). A state holds
 * one such word per digit and band (the cells where the digit is still possible) and one
 * word per band of the cells not yet placed: 30 words, copied whole per search level. A
 * placed cell keeps only its digit's bit, so each digit's words are exactly its candidate
 * cells plus the cells where it is placed.
 *
 * Propagation works digit by digit on whole bands. Within a band, a digit's 27 bits fold
 * into 9 "segment" bits (row r, box k: does the digit appear in those three cells); a
 * 512-entry table holds, for every segment pattern, the fixpoint of the box-line rules on
 * it (a row confined to one box clears the box's other rows; a box confined to one row
 * clears the row's other boxes) or a flag when a row or box has no place left. The same
 * table serves the columns: within a stack of boxes, the segment bits are (band, column)
 * and the roles of rows and boxes go to boxes and columns. Hidden singles fall out of the
 * same words (a row, box or column with one bit left that is not placed yet); naked
 * singles come from counting a cell's candidates across the nine digit words with
 * "seen once / seen twice" masks. Only digit-bands changed since their last look are
 * examined again. These are the generic solver's rules on this board (singles, locked
 * candidates, no pairs), run to the same fixpoint, and the branching rule is the same too
 * (the first cell in row-major order with two candidates, else the first with fewest,
 * values in increasing order), so both find the solutions in the same order.
 *
 * The search keeps one state per depth on an explicit stack, like the generic one, so it
 * stops after a slice of work and resumes where it stopped.
 *
 * The counting order (``counting``, set by the batch's ``order=1``) adds rules and branches
 * of its own, from tdoku's (t-dillon/tdoku) way of looking at a band: a digit's segments in
 * a band form a 3x3 pattern (rows by boxes; in a stack of boxes, bands by columns) and the
 * digit takes one segment in each row and each box of it, one of at most six
 * "configurations". At every node, before branching, the triad rules run on all six bands
 * and stacks at once (band_triad_rules: a segment holds three different digits) and the
 * other rules after them, to a fixpoint; then the search branches on the configurations
 * of one digit in one band or stack (the band or stack with fewest configurations open in
 * all, the digit there with fewest), and only when every digit is fixed everywhere on a
 * cell (among the cells with two candidates, the one whose row, box and column hold the
 * most open cells). On the forum's hardest puzzles this takes 220 branches a check where
 * branching on cells took 310 (570 in the first-cell order). The count is the same, but
 * the solutions come in another order, so it serves where only a unique answer is kept
 * (a puzzle with several is asked again in the usual order).
 */
#ifndef GRIDSAT_CORE_BAND_H
#define GRIDSAT_CORE_BAND_H

#include "core_base.h"

#include "core_band_tables.h"

/* Is the unit table exactly the classic 9x9 one (in any order)? */
static int band_classic(const Geo *g) {
    if (g->n != 9 || g->nunits != 27) return 0;
    /* the 27 classic units as cell masks, computed once (geometry() holds the GIL) */
    static uint64_t classic[27][2];
    static int ready = 0;
    if (!ready) {
        for (int w = 0; w < 27; w++)
            for (int k = 0; k < 9; k++) {
                int c = w < 9 ? 9 * w + k : w < 18 ? 9 * k + (w - 9)
                      : 27 * ((w - 18) / 3) + 3 * ((w - 18) % 3) + 9 * (k / 3) + k % 3;
                classic[w][c >> 6] |= (uint64_t)1 << (c & 63);
            }
        ready = 1;
    }
    uint32_t seen = 0;
    for (int u = 0; u < 27; u++) {
        uint64_t m[2] = {0, 0};
        for (int k = 0; k < 9; k++) {
            int c = g->unit_cells[u * 9 + k];
            m[c >> 6] |= (uint64_t)1 << (c & 63);
        }
        int w = 0;
        while (w < 27 && (classic[w][0] != m[0] || classic[w][1] != m[1])) w++;
        if (w == 27) return 0;  /* a unit that is no row, column or box: not the classic table */
        seen |= 1u << w;
    }
    return seen == BAND_ALL;
}

typedef struct {
    uint32_t d[9][3];   /* digit, band -> candidate (or placed) cells */
    uint32_t uns[3];    /* band -> cells not placed */
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

static void band_free(BandSearch *s) {
    free(s->stack); free(s->sols);
    memset(s, 0, sizeof(*s));
}

static int band_init(BandSearch *s, int keep) {
    memset(s, 0, sizeof(*s));
    band_tables();
    s->keep = keep;
    s->stack = malloc(sizeof(BState) * BAND_DEPTH);
    s->sols = malloc((size_t)(keep > 0 ? keep : 1) * 81);
    if (!s->stack || !s->sols) { band_free(s); return -1; }
    return 0;
}

/* Place digit v in band b's cell i. 0 on a contradiction (v no longer possible there). */
static inline int band_place(BState *st, uint32_t *dp, int b, int i, int v) {
    uint32_t bit = 1u << i, x = st->d[v][b];
    if (!(x & bit)) return 0;
    if (!(st->uns[b] & bit)) return 1;      /* placed already (with v: its only bit) */
    st->uns[b] &= ~bit;
    uint64_t had = 0;                       /* bit i + 3w: digit w had the cell */
    BAND_UNROLL
    for (int w = 0; w < 9; w++) {           /* the cell leaves every digit's word... */
        uint32_t y = st->d[w][b];
        had |= (uint64_t)(y & bit) << (3 * w);
        st->d[w][b] = y & ~bit;
    }
    uint32_t nx = x & ~band_peer[i];        /* ...but v's, where its row and box lose v */
    st->d[v][b] = nx;
    uint32_t dirty = ((uint32_t)(had >> i) & ~(1u << (3 * v))) << b;
    dirty |= (uint32_t)(nx != x) << (3 * v + b);
    uint32_t col = band_cmask[i];
    int b1 = b == 2 ? 0 : b + 1, b2 = b == 0 ? 2 : b - 1;
    x = st->d[v][b1];
    dirty |= (uint32_t)((x & col) != 0) << (3 * v + b1);
    st->d[v][b1] = x & ~col;
    x = st->d[v][b2];
    dirty |= (uint32_t)((x & col) != 0) << (3 * v + b2);
    st->d[v][b2] = x & ~col;
    *dp |= dirty;
    return 1;
}

/* One digit-band: box-line rules, then hidden singles in its rows and boxes. Branch-free
   up to the singles found (mispredicted branches cost more than the few operations). */
static inline int band_rows(BState *st, uint32_t *dp, int v, int b) {
    uint32_t x = st->d[v][b];
    uint32_t ps = band_rs[0][x & 0x1ffu] | band_rs[1][(x >> 9) & 0x1ffu] | band_rs[2][x >> 18];
    unsigned a = band_lc[ps & 0x1ffu];
    if (a & BAND_BAD) return 0;
    x &= band_seg[a];
    st->d[v][b] = x;
    /* a row or box with one cell left: its only segment, holding one cell */
    for (uint32_t one = x & band_seg[band_lone[a] & (ps >> 16)] & st->uns[b]; one; one &= one - 1)
        if (!band_place(st, dp, b, ctz64(one), v)) return 0;
    return 1;
}

/* One digit across the bands: hidden singles in columns (and a column without the digit). */
static inline int band_cols(BState *st, uint32_t *dp, int v) {
    uint32_t x[3], o[3], t[3], pc = 0, open = 0;
    BAND_UNROLL
    for (int b = 0; b < 3; b++) {
        x[b] = st->d[v][b];
        uint32_t r0 = x[b] & 0x1ffu, r1 = (x[b] >> 9) & 0x1ffu, r2 = x[b] >> 18, y = x[b] & ~st->uns[b];
        o[b] = r0 | r1 | r2;
        t[b] = (r0 & r1) | (r2 & (r0 | r1));
        pc |= y | y >> 9 | y >> 18;   /* columns where v is placed */
        open |= x[b] & st->uns[b];
    }
    uint32_t once = o[0] | o[1] | o[2];
    if (once != 0x1ffu) return 0;
    if (!open) return 1;
    uint32_t twice = t[0] | t[1] | t[2] | (o[0] & o[1]) | (o[2] & (o[0] | o[1]));
    for (uint32_t single = once & ~twice & ~pc; single; single &= single - 1) {
        int col = ctz64(single);
        int b = (o[0] >> col & 1u) ? 0 : (o[1] >> col & 1u) ? 1 : 2;
        if (!band_place(st, dp, b, ctz64(x[b] & band_col[1u << col]), v)) return 0;
    }
    return 1;
}

/* One digit: the box-column rules in each stack of boxes (run when the cheaper rules stall). */
static inline int band_stacks(BState *st, uint32_t *dp, int v) {
    uint32_t x[3], c[3], g[3] = {0, 0, 0};
    unsigned bad = 0;
    BAND_UNROLL
    for (int b = 0; b < 3; b++) {
        x[b] = st->d[v][b];
        c[b] = (x[b] | x[b] >> 9 | x[b] >> 18) & 0x1ffu;
    }
    BAND_UNROLL
    for (int k = 0; k < 3; k++) {
        unsigned q = ((c[0] >> (3 * k)) & 7u) | ((c[1] >> (3 * k)) & 7u) << 3 | ((c[2] >> (3 * k)) & 7u) << 6;
        unsigned a = band_lc[q], gone = q & ~a;
        bad |= a;
        BAND_UNROLL
        for (int b = 0; b < 3; b++) g[b] |= ((gone >> (3 * b)) & 7u) << (3 * k);
    }
    if (bad & BAND_BAD) return 0;
    BAND_UNROLL
    for (int b = 0; b < 3; b++) {
        *dp |= (uint32_t)(g[b] != 0) << (3 * v + b);
        st->d[v][b] = x[b] & ~band_col[g[b]];
    }
    return 1;
}

/* The triad rules, on the segment patterns (band_lc's layout) of every band and every stack
   at once: pattern j of a digit sits in bits 10j..10j+8 of one 64-bit word. A segment (a
   triad: three cells of one row and one box; in a stack, of one column and one box) holds
   three different digits. So a triad open to only three digits holds each of them, which
   leave the other segments of its row and its box (a naked triad), and a triad where three
   digits must go (each alone there in its row or in its box) holds no other digit (a
   hidden triad). Fewer than three digits, more than three that must go there, or a digit
   that must go to two triads of one row or box, is a contradiction (0). */
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

static inline int band_triad_rules(uint64_t y[9]) {
    uint64_t a1 = 0, a2 = 0, a3 = 0, a4 = 0, m1 = 0, m2 = 0, m3 = 0, m4 = 0, lone[9];
    BAND_UNROLL
    for (int v = 0; v < 9; v++) {
        uint64_t x = y[v], l = x & ~(tri_row_others(x) & tri_box_others(x));
        lone[v] = l;
        a4 |= a3 & x; a3 |= a2 & x; a2 |= a1 & x; a1 |= x;
        m4 |= m3 & l; m3 |= m2 & l; m2 |= m1 & l; m1 |= l;
    }
    if ((~a3 & tri_all) | m4) return 0;
    uint64_t ex = a3 & ~a4, bad = 0;
    BAND_UNROLL
    for (int v = 0; v < 9; v++) {
        uint64_t x = y[v], e = x & ex;
        bad |= e & (tri_row_others(e) | tri_box_others(e));
        y[v] = x & ~(tri_spread(e) & ~e) & ~(m3 & ~lone[v]);
    }
    return !bad;
}

/* Singles and box-line rules to a fixpoint, starting from the digit-bands in ``dirty``
   (bit 3v + b: changed since their last look). 0 on a contradiction. */
static int band_propagate(BState *st, uint32_t dirty) {
    uint32_t lc = 0;  /* digits changed since their last box-column look (bit 3v) */
    uint32_t *dp = &dirty;
    for (;;) {
        while (dirty) {
            uint32_t dd = dirty;
            dirty = 0;
            for (uint32_t m = dd; m; m &= m - 1) {
                int j = ctz64(m);
                if (!band_rows(st, dp, j / 3, j % 3)) goto fail;
            }
            dd |= dirty;
            lc |= dd;
            /* naked singles (and cells left with no candidate) in the bands that changed */
            BAND_UNROLL
            for (int b = 0; b < 3; b++) {
                uint32_t once = 0, twice = 0, uns = st->uns[b];
                if (!(dd & (0111111111u << b)) || !uns) continue;
                BAND_UNROLL
                for (int v = 0; v < 9; v++) {
                    uint32_t y = st->d[v][b];
                    twice |= once & y;
                    once |= y;
                }
                if (uns & ~once) goto fail;
                for (uint32_t single = uns & ~twice; single; single &= single - 1) {
                    int i = ctz64(single), v = 0;
                    BAND_UNROLL
                    for (int w = 1; w < 9; w++) v |= (int)((st->d[w][b] >> i) & 1u) * w;
                    if (!band_place(st, dp, b, i, v)) goto fail;
                }
            }
        }
        if (!lc) return 1;
        for (uint32_t m = (lc | lc >> 1 | lc >> 2) & 0111111111u; m; m &= m - 1)
            if (!band_cols(st, dp, ctz64(m) / 3)) goto fail;
        if (dirty) continue;
        for (uint32_t m = (lc | lc >> 1 | lc >> 2) & 0111111111u; m; m &= m - 1)
            if (!band_stacks(st, dp, ctz64(m) / 3)) goto fail;
        lc = 0;
        if (!dirty) return 1;
    }
fail:
    return 0;
}

/* Pose a puzzle (as search_start_ex: ``ex_val`` ruled out of ``ex_cell`` when >= 0). */
static int band_start_ex(BandSearch *s, const uint8_t *givens, uint64_t limit, int ex_cell, int ex_val) {
    BState *st = s->stack;
    for (int v = 0; v < 9; v++) st->d[v][0] = st->d[v][1] = st->d[v][2] = BAND_ALL;
    st->uns[0] = st->uns[1] = st->uns[2] = BAND_ALL;
    s->count = s->nodes = 0;
    s->limit = limit;
    s->depth = 0;
    s->choose = 1;
    s->finished = -1;
    s->tick = 0;
    uint32_t dirty = 0;
    for (int c = 0; c < 81; c++)
        if (givens[c] && !band_place(st, &dirty, c / 27, c % 27, givens[c] - 1)) { s->finished = RUN_DONE; return 0; }
    if (ex_cell >= 0 && !givens[ex_cell]) st->d[ex_val - 1][ex_cell / 27] &= ~(1u << (ex_cell % 27));
    if (!band_propagate(st, BAND_ALL)) { s->finished = RUN_DONE; return 0; }
    return 1;
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

/* The counting order's node: the triad rules (band_triad_rules) on every band and stack,
   with the other rules after them, to a fixpoint; then the branch, on a digit's
   configuration. For digit v in band b (item 3v + b) or in stack k (item 27 + 3v + k) the
   segment patterns hold the configurations still open (band_ncfg). The configurations of
   one item are exclusive and cover every solution: each solution puts the digit in one
   segment of each row (column) and of each box of the band (stack). As tdoku does, the
   band or stack with the fewest open configurations in all is taken, and in it the digit
   with fewest, two or more. Returns the item (its configurations in ``cfgs``), -1 when
   every digit is fixed everywhere (a cell branch then, or a solution), -2 when the node
   is dead. */
static int band_node(BState *st, unsigned *cfgs) {
    for (;;) {
        if (!(st->uns[0] | st->uns[1] | st->uns[2])) return -1;
        uint64_t y0[9], y[9];
        BAND_UNROLL
        for (int v = 0; v < 9; v++) {
            uint64_t w = 0;
            BAND_UNROLL
            for (int b = 0; b < 3; b++) {
                uint32_t x = st->d[v][b];
                w |= (uint64_t)((band_rs[0][x & 0x1ffu] | band_rs[1][(x >> 9) & 0x1ffu] | band_rs[2][x >> 18]) & 0x1ffu) << (10 * b);
                w |= band_stk[(x | x >> 9 | x >> 18) & 0x1ffu] << (3 * b);
            }
            y0[v] = y[v] = w;
        }
        if (!band_triad_rules(y)) return -2;
        uint32_t dirty = 0;
        BAND_UNROLL
        for (int v = 0; v < 9; v++) {
            uint64_t gone = y0[v] & ~y[v];
            if (!gone) continue;
            BAND_UNROLL
            for (int b = 0; b < 3; b++) {
                uint32_t keep = band_seg[(y[v] >> (10 * b)) & 0x1ffu];
                uint32_t cols = 0;
                BAND_UNROLL
                for (int k = 0; k < 3; k++) cols |= (uint32_t)((gone >> (30 + 10 * k + 3 * b)) & 7u) << (3 * k);
                uint32_t x = st->d[v][b], nx = x & keep & ~band_col[cols];
                dirty |= (uint32_t)(nx != x) << (3 * v + b);
                st->d[v][b] = nx;
            }
        }
        if (dirty) {
            if (!band_propagate(st, dirty)) return -2;
            continue;
        }
        int bb = -1, bt = 1000;
        for (int j = 0; j < 6; j++) {
            int t = 0;
            BAND_UNROLL
            for (int v = 0; v < 9; v++) t += band_ncn[(y[v] >> (10 * j)) & 0x1ffu];
            if (t > 9 && t < bt) { bt = t; bb = j; }
        }
        if (bb < 0) return -1;
        int best = -1, fewest = 7;
        for (int v = 0; v < 9; v++) {
            int n = band_ncn[(y[v] >> (10 * bb)) & 0x1ffu];
            if (n != 1 && n < fewest) { fewest = n; best = v; }
        }
        if (fewest < 2) return -2;  /* a digit with no configuration left (no solution) */
        *cfgs = band_ncfg[(y[best] >> (10 * bb)) & 0x1ffu];
        return bb < 3 ? 3 * best + bb : 27 + 3 * best + (bb - 3);
    }
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

/* As search_run: on until the end, the limit, the deadline or slice_end (RUN_PAUSE). */
static int band_run(BandSearch *s, double deadline, double slice_end) {
    if (s->finished >= 0) return s->finished;
    if (deadline > 0 && now_s() >= deadline) return s->finished = RUN_TIMEOUT;
    for (;;) {
        int d = s->depth;
        BState *st = s->stack + d;
        if (s->choose) {
            s->choose = 0;
            int item = -1;
            unsigned cfgs = 0;
            if (s->counting) {
                item = band_node(st, &cfgs);
                if (item == -2) {
                    if (--s->depth < 0) return s->finished = RUN_DONE;
                    continue;
                }
            }
            if (!(st->uns[0] | st->uns[1] | st->uns[2])) {
                band_record(s, st);
                if (s->limit && s->count >= s->limit) return s->finished = RUN_LIMIT;
                if (--s->depth < 0) return s->finished = RUN_DONE;
                continue;
            }
            if (item >= 0) {
                s->bcell[d] = (uint8_t)(128 + item);
                s->brem[d] = (uint16_t)cfgs;
                goto chosen;
            }
            int c = band_choose(st, s->counting);
            unsigned rem = 0;
            if (c >= 0)
                for (int v = 0; v < 9; v++) rem |= (st->d[v][c / 27] >> (c % 27) & 1u) << v;
            s->bcell[d] = (uint8_t)(c < 0 ? 0 : c);
            s->brem[d] = (uint16_t)rem;
        }
    chosen:
        if (!s->brem[d]) {
            if (--s->depth < 0) return s->finished = RUN_DONE;
            continue;
        }
        if (s->cap && s->nodes >= s->cap) return RUN_PAUSE;  /* the node budget: run_sliced stops */
        int clock = clock_check(&s->tick, deadline, slice_end);
        if (clock == RUN_TIMEOUT) return s->finished = RUN_TIMEOUT;
        if (clock == RUN_PAUSE) return RUN_PAUSE;
        unsigned rem = s->brem[d];
        int v = ctz64(rem);
        s->brem[d] = (uint16_t)(rem & (rem - 1));
        int c = s->bcell[d];
        s->nodes++;
        BState *nx = st + 1;
        *nx = *st;
        uint32_t dirty = 0;
        if (c >= 128) {
            band_fix_cfg(nx, &dirty, c - 128, v);
            if (band_propagate(nx, dirty)) {
                s->depth = d + 1;
                s->choose = 1;
            }
        } else if (band_place(nx, &dirty, c / 27, c % 27, v) && band_propagate(nx, dirty)) {
            s->depth = d + 1;
            s->choose = 1;
        }
    }
}

#endif /* GRIDSAT_CORE_BAND_H */
