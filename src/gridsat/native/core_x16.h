/*
 * The classic 16x16 board (rows, columns, 4x4 boxes and nothing else) as bitboards.
 *
 * Representation. The board is four bands of four rows; a band's 64 cells are the bits
 * of one 64-bit word, row-major (bit 16r + c for row r of the band, column c). A state
 * holds one word per digit and band (the cells where the digit is still possible, or
 * placed) and one word per band of the cells not yet placed: 68 words, copied whole per
 * search level. A placed cell keeps only its digit's bit.
 *
 * Propagation works digit by digit on whole bands, as core_band.h does on 9x9. Within a
 * band, a digit's 64 bits fold into 16 segment bits (row r, box k: does the digit appear
 * in those four cells). The digit takes one cell in each row and each box of the band, so
 * the segments it ends up in form a permutation (one per row, one per box); a 65,536-entry
 * table holds, for every segment pattern, the union of the permutations inside it (0 when
 * there is none: a contradiction). That is stronger than the box-line rules (locked
 * candidates), which it contains. The same table serves each stack of four boxes, whose
 * segments are (band, column). Hidden singles come from the same words (rows and boxes in
 * a band word, columns across the four), naked singles from "seen once / seen twice"
 * masks across a band's sixteen digit words. Only the digit-bands changed since their last
 * look are examined again.
 *
 * Search: depth-first on an explicit stack, one state per depth, so it stops after a
 * slice of work and resumes. Every node first probes its two-candidate cells, as the
 * generic solver does on large boards after a few guesses: each value is placed on a
 * scratch state and propagated (without the stack rule, which cost more than it saved
 * there); a value that fails is impossible, and a candidate that neither value left
 * anywhere leaves the node. It branches on the probed cell whose weaker value placed the
 * most cells, else on the first cell with the fewest candidates. On the 20-puzzle 16x16
 * benchmark set: 35 guesses a check (the generic solver: 27), about 0.5 ms a check
 * against the generic solver's 1.1 ms. Probing from the first guess rather than the
 * eighth, and the probes without the stack rule, each saved about a tenth.
 */
#ifndef GRIDSAT_CORE_X16_H
#define GRIDSAT_CORE_X16_H

#include "core_base.h"

#define X16_ROWS 0x0001000100010001ull   /* column 0 of each row of a band */
#define X16_NIB 0x1111111111111111ull    /* the first cell of every segment */

static uint16_t x16_perm[65536];   /* segment pattern -> the union of its permutations */
static uint64_t x16_peer[64];      /* a band cell's row and box, without itself */
static int x16_ready;

/* the 16 segment bits (row r, box k -> bit 4r + k) of a band word */
static inline unsigned x16_fold(uint64_t x) {
    uint64_t y = (x | x >> 1 | x >> 2 | x >> 3) & X16_NIB;
    y = (y | y >> 3) & 0x0303030303030303ull;
    y = (y | y >> 6) & 0x000F000F000F000Full;
    y = (y | y >> 12) & 0x000000FF000000FFull;
    return (unsigned)((y | y >> 24) & 0xFFFFu);
}

/* the band cells of a segment pattern (the inverse of the fold) */
static inline uint64_t x16_spread(unsigned p) {
    uint64_t y = p;
    y = (y | y << 24) & 0x000000FF000000FFull;
    y = (y | y << 12) & 0x000F000F000F000Full;
    y = (y | y << 6) & 0x0303030303030303ull;
    y = (y | y << 3) & X16_NIB;
    return y * 0xFu;
}

static void x16_tables(void) {
    if (x16_ready) return;
    uint16_t perms[24];
    int np = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++) {
                    if (a == b || a == c || a == d || b == c || b == d || c == d) continue;
                    perms[np++] = (uint16_t)(1u << a | 1u << (4 + b) | 1u << (8 + c) | 1u << (12 + d));
                }
    for (unsigned p = 0; p < 65536u; p++) {
        unsigned u = 0;
        for (int k = 0; k < 24; k++)
            if ((p & perms[k]) == perms[k]) u |= perms[k];
        x16_perm[p] = (uint16_t)u;
    }
    for (int i = 0; i < 64; i++) {
        int r = i / 16, c = i % 16;
        uint64_t box = 0;
        for (int rr = 0; rr < 4; rr++) box |= (uint64_t)0xFu << (16 * rr + 4 * (c / 4));
        x16_peer[i] = ((uint64_t)0xFFFFu << (16 * r) | box) & ~((uint64_t)1 << i);
    }
    x16_ready = 1;
}

/* Is the unit table exactly the classic 16x16 one with 4x4 boxes (in any order)? */
static int x16_classic(const Geo *g) {
    if (g->n != 16 || g->nunits != 48) return 0;
    uint64_t seen = 0;
    for (int u = 0; u < 48; u++) {
        uint64_t m[4] = {0, 0, 0, 0};
        for (int k = 0; k < 16; k++) {
            int c = g->unit_cells[u * 16 + k];
            m[c >> 6] |= (uint64_t)1 << (c & 63);
        }
        int w = -1;
        for (int b = 0; b < 4 && w < 0; b++) {
            if (m[b] != 0 && (m[0] | m[1] | m[2] | m[3]) == m[b]) {   /* within one band */
                for (int r = 0; r < 4; r++)
                    if (m[b] == (uint64_t)0xFFFFu << (16 * r)) w = 4 * b + r;
                for (int k = 0; k < 4; k++)
                    if (m[b] == (uint64_t)0x000F000F000F000Full << (4 * k)) w = 32 + 4 * b + k;
            }
        }
        if (w < 0 && m[0] == m[1] && m[1] == m[2] && m[2] == m[3])
            for (int c = 0; c < 16; c++)
                if (m[0] == X16_ROWS << c) w = 16 + c;
        if (w < 0) return 0;
        seen |= (uint64_t)1 << w;
    }
    return seen == (((uint64_t)1 << 48) - 1);
}

typedef struct {
    uint64_t d[16][4];   /* digit, band -> candidate (or placed) cells */
    uint64_t uns[4];     /* band -> cells not placed */
} XState;

typedef struct {
    XState *stack;       /* 257 states, then two scratch states for probing */
    uint16_t bcell[258];
    uint16_t brem[258];  /* digits still to try at each depth */
    int depth, choose, finished, tick, pbest;
    uint64_t count, limit, nodes;
    uint64_t cap;        /* branches allowed (0: no cap): the run pauses at it */
    int keep;
    uint8_t *sols;       /* keep * 256 bytes */
} X16Search;

static void x16_free(X16Search *s) {
    free(s->stack); free(s->sols);
    memset(s, 0, sizeof(*s));
}

static int x16_init(X16Search *s, int keep) {
    memset(s, 0, sizeof(*s));
    x16_tables();
    s->keep = keep;
    s->stack = malloc(sizeof(XState) * 260);
    s->sols = malloc((size_t)(keep > 0 ? keep : 1) * 256);
    if (!s->stack || !s->sols) { x16_free(s); return -1; }
    return 0;
}

/* Place digit v in band b's cell i; ``dirty`` gains bit 4w + b' for every digit-band
   changed. 0 on a contradiction (v no longer possible there). */
static inline int x16_place(XState *st, uint64_t *dp, int b, int i, int v) {
    uint64_t bit = (uint64_t)1 << i, x = st->d[v][b];
    if (!(x & bit)) return 0;
    if (!(st->uns[b] & bit)) return 1;      /* placed already (with v: its only bit) */
    st->uns[b] &= ~bit;
    unsigned had = 0;                       /* bit w: digit w had the cell */
    for (int w = 0; w < 16; w++) {          /* the cell leaves every digit's word... */
        uint64_t y = st->d[w][b];
        had |= (unsigned)((y >> i) & 1u) << w;
        st->d[w][b] = y & ~bit;
    }
    uint64_t nx = x & ~x16_peer[i];         /* ...but v's, where its row and box lose v */
    st->d[v][b] = nx;
    uint64_t dirty = (x16_spread(had & ~(1u << v)) & X16_NIB) << b;
    dirty |= (uint64_t)(nx != x) << (4 * v + b);
    uint64_t col = X16_ROWS << (i & 15);
    for (int o = 1; o < 4; o++) {           /* and v leaves the column in the other bands */
        int b2 = (b + o) & 3;
        uint64_t y = st->d[v][b2];
        dirty |= (uint64_t)((y & col) != 0) << (4 * v + b2);
        st->d[v][b2] = y & ~col;
    }
    *dp |= dirty;
    return 1;
}

/* One digit-band: its segments cut to the permutations they hold, then hidden singles in
   its rows and boxes. */
static inline int x16_rows(XState *st, uint64_t *dp, int v, int b) {
    uint64_t x = st->d[v][b];
    unsigned p = x16_fold(x), a = x16_perm[p];
    if (!a) return 0;
    if (a != p) {
        x &= x16_spread(a);
        st->d[v][b] = x;
    }
    uint64_t one = 0;
    for (int r = 0; r < 4; r++) {
        uint64_t m = x & ((uint64_t)0xFFFFu << (16 * r));
        if (!(m & (m - 1))) one |= m;
        m = x & ((uint64_t)0x000F000F000F000Full << (4 * r));
        if (!(m & (m - 1))) one |= m;
    }
    for (one &= st->uns[b]; one; one &= one - 1)
        if (!x16_place(st, dp, b, ctz64(one), v)) return 0;
    return 1;
}

/* One digit across the bands: hidden singles in columns (and a column without the digit). */
static inline int x16_cols(XState *st, uint64_t *dp, int v) {
    unsigned once = 0, twice = 0, pc = 0;
    uint64_t open = 0;
    for (int b = 0; b < 4; b++) {
        uint64_t x = st->d[v][b], y = x & ~st->uns[b];
        for (int r = 0; r < 64; r += 16) {
            unsigned m = (unsigned)(x >> r) & 0xFFFFu;
            twice |= once & m;
            once |= m;
        }
        pc |= (unsigned)((y | y >> 16 | y >> 32 | y >> 48) & 0xFFFFu);   /* columns where v is placed */
        open |= x & st->uns[b];
    }
    if (once != 0xFFFFu) return 0;
    if (!open) return 1;
    for (unsigned single = once & ~twice & ~pc; single; single &= single - 1) {
        int col = ctz64(single);
        uint64_t cm = X16_ROWS << col;
        int b = 0;
        while (b < 3 && !(st->d[v][b] & cm)) b++;
        uint64_t m = st->d[v][b] & cm;
        if (!m) return 0;
        if (!x16_place(st, dp, b, ctz64(m), v)) return 0;
    }
    return 1;
}

/* One digit: each stack of boxes, its (band, column) segments cut to their permutations. */
static inline int x16_stacks(XState *st, uint64_t *dp, int v) {
    unsigned c[4], gone[4] = {0, 0, 0, 0};
    for (int b = 0; b < 4; b++) {
        uint64_t x = st->d[v][b];
        c[b] = (unsigned)((x | x >> 16 | x >> 32 | x >> 48) & 0xFFFFu);
    }
    for (int k = 0; k < 4; k++) {
        unsigned q = 0;
        for (int b = 0; b < 4; b++) q |= ((c[b] >> (4 * k)) & 0xFu) << (4 * b);
        unsigned a = x16_perm[q];
        if (!a) return 0;
        unsigned lost = q & ~a;
        for (int b = 0; b < 4; b++) gone[b] |= ((lost >> (4 * b)) & 0xFu) << (4 * k);
    }
    for (int b = 0; b < 4; b++)
        if (gone[b]) {
            *dp |= (uint64_t)1 << (4 * v + b);
            st->d[v][b] &= ~((uint64_t)gone[b] * X16_ROWS);
        }
    return 1;
}

/* Singles and the permutation rules to a fixpoint, from the digit-bands in ``dirty``
   (bit 4v + b: changed since their last look); the stacks' rule only when ``full``. 0 on
   a contradiction. */
static int x16_propagate(XState *st, uint64_t dirty, int full) {
    uint64_t lc = 0;  /* digit-bands changed since their digit's last column look */
    uint64_t *dp = &dirty;
    for (;;) {
        while (dirty) {
            uint64_t dd = dirty;
            dirty = 0;
            for (uint64_t m = dd; m; m &= m - 1) {
                int j = ctz64(m);
                if (!x16_rows(st, dp, j >> 2, j & 3)) return 0;
            }
            dd |= dirty;
            lc |= dd;
            /* naked singles (and cells left with no candidate) in the bands that changed */
            for (int b = 0; b < 4; b++) {
                uint64_t once = 0, twice = 0, uns = st->uns[b];
                if (!(dd & (X16_NIB << b)) || !uns) continue;
                for (int v = 0; v < 16; v++) {
                    uint64_t y = st->d[v][b];
                    twice |= once & y;
                    once |= y;
                }
                if (uns & ~once) return 0;
                for (uint64_t single = uns & ~twice; single; single &= single - 1) {
                    int i = ctz64(single), v = 0;
                    while (!((st->d[v][b] >> i) & 1u)) v++;
                    if (!x16_place(st, dp, b, i, v)) return 0;
                }
            }
        }
        if (!lc) return 1;
        uint64_t digits = (lc | lc >> 1 | lc >> 2 | lc >> 3) & X16_NIB;
        for (uint64_t m = digits; m; m &= m - 1)
            if (!x16_cols(st, dp, ctz64(m) >> 2)) return 0;
        if (dirty) continue;
        if (!full) return 1;
        for (uint64_t m = digits; m; m &= m - 1)
            if (!x16_stacks(st, dp, ctz64(m) >> 2)) return 0;
        lc = 0;
        if (!dirty) return 1;
    }
}

/* Pose a puzzle (as search_start_ex: ``ex_val`` ruled out of ``ex_cell`` when >= 0). */
static int x16_start_ex(X16Search *s, const uint8_t *givens, uint64_t limit, int ex_cell, int ex_val) {
    XState *st = s->stack;
    for (int b = 0; b < 4; b++) {
        for (int v = 0; v < 16; v++) st->d[v][b] = ~(uint64_t)0;
        st->uns[b] = ~(uint64_t)0;
    }
    s->count = s->nodes = 0;
    s->limit = limit;
    s->depth = 0;
    s->choose = 1;
    s->finished = -1;
    s->tick = 0;
    s->pbest = -1;
    uint64_t dirty = 0;
    for (int c = 0; c < 256; c++)
        if (givens[c] && !x16_place(st, &dirty, c >> 6, c & 63, givens[c] - 1)) { s->finished = RUN_DONE; return 0; }
    if (ex_cell >= 0 && !givens[ex_cell]) st->d[ex_val - 1][ex_cell >> 6] &= ~((uint64_t)1 << (ex_cell & 63));
    if (!x16_propagate(st, ~(uint64_t)0, 1)) { s->finished = RUN_DONE; return 0; }
    return 1;
}

static void x16_record(X16Search *s, const XState *st) {
    if (s->count < (uint64_t)s->keep) {
        uint8_t *out = s->sols + (size_t)s->count * 256;
        for (int v = 0; v < 16; v++)
            for (int b = 0; b < 4; b++)
                for (uint64_t m = st->d[v][b]; m; m &= m - 1) out[64 * b + ctz64(m)] = (uint8_t)(v + 1);
    }
    s->count++;
}

/* a cell's candidates, bit v for digit v */
static inline unsigned x16_cands(const XState *st, int b, int i) {
    unsigned m = 0;
    for (int v = 0; v < 16; v++) m |= (unsigned)((st->d[v][b] >> i) & 1u) << v;
    return m;
}

/* whether a candidate set holds exactly two digits */
static inline int x16_two(unsigned m) {
    unsigned r = m & (m - 1);
    return r && !(r & (r - 1));
}

/* the unplaced cells of band b with exactly two candidates */
static inline uint64_t x16_bivalue(const XState *st, int b) {
    uint64_t once = 0, twice = 0, thrice = 0;
    for (int v = 0; v < 16; v++) {
        uint64_t y = st->d[v][b];
        thrice |= twice & y;
        twice |= once & y;
        once |= y;
    }
    return st->uns[b] & twice & ~thrice;
}

static inline int x16_unplaced(const XState *st) {
    return popcount64(st->uns[0]) + popcount64(st->uns[1]) + popcount64(st->uns[2]) + popcount64(st->uns[3]);
}

/* Probe the two-candidate cells of ``st`` (see the header). -1 when the node is dead, else
   whether anything changed; sets ``pbest``. */
static int x16_probe(X16Search *s, XState *st, XState *scratch) {
    int changed = 0, best = -1;
    s->pbest = -1;
    for (int b = 0; b < 4; b++) {
        for (uint64_t two = x16_bivalue(st, b); two; two &= two - 1) {
            int i = ctz64(two);
            if (!(st->uns[b] >> i & 1u)) continue;
            unsigned m = x16_cands(st, b, i);
            if (!x16_two(m)) continue;  /* no longer two */
            int vals[2] = {ctz64(m), ctz64(m & (m - 1))}, ok[2], left[2];
            for (int k = 0; k < 2; k++) {
                scratch[k] = *st;
                uint64_t dirty = 0;
                ok[k] = x16_place(&scratch[k], &dirty, b, i, vals[k]) && x16_propagate(&scratch[k], dirty, 0);
                left[k] = ok[k] ? x16_unplaced(&scratch[k]) : 0;
            }
            if (!ok[0] && !ok[1]) return -1;
            uint64_t dirty = 0;
            if (!ok[0] || !ok[1]) {
                if (!x16_place(st, &dirty, b, i, vals[ok[0] ? 0 : 1])) return -1;
            } else {
                int worst = left[0] > left[1] ? left[0] : left[1];
                int score = (256 - worst) * 1024 + 512 - left[0] - left[1];
                if (score > best) { best = score; s->pbest = 64 * b + i; }
                for (int v = 0; v < 16; v++)
                    for (int b2 = 0; b2 < 4; b2++) {
                        uint64_t keep = scratch[0].d[v][b2] | scratch[1].d[v][b2], y = st->d[v][b2];
                        if (y & ~keep) {
                            st->d[v][b2] = y & keep;
                            dirty |= (uint64_t)1 << (4 * v + b2);
                        }
                    }
                if (!dirty) continue;
            }
            if (!x16_propagate(st, dirty, 1)) return -1;
            changed = 1;
        }
    }
    return changed;
}

/* The branching cell: the probes' pick when it still has two candidates, else the first
   unplaced cell with two, else the first with fewest. -1 when none is left. */
static int x16_choose(X16Search *s, const XState *st) {
    if (s->pbest >= 0) {
        int c = s->pbest;
        s->pbest = -1;
        unsigned m = x16_cands(st, c >> 6, c & 63);
        if ((st->uns[c >> 6] >> (c & 63) & 1u) && x16_two(m))
            return c;
    }
    uint64_t cnt[4][5];
    for (int b = 0; b < 4; b++) {
        uint64_t two = x16_bivalue(st, b);
        if (two) return 64 * b + ctz64(two);
        uint64_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0;
        for (int v = 0; v < 16; v++) {  /* a 5-bit counter per cell */
            uint64_t y = st->d[v][b], k1 = c0 & y, k2, k3, k4;
            c0 ^= y;
            k2 = c1 & k1; c1 ^= k1;
            k3 = c2 & k2; c2 ^= k2;
            k4 = c3 & k3; c3 ^= k3;
            c4 |= k4;
        }
        cnt[b][0] = c0; cnt[b][1] = c1; cnt[b][2] = c2; cnt[b][3] = c3; cnt[b][4] = c4;
    }
    for (unsigned k = 3; k <= 16; k++)
        for (int b = 0; b < 4; b++) {
            uint64_t m = st->uns[b];
            for (int j = 0; j < 5; j++) m &= (k >> j & 1u) ? cnt[b][j] : ~cnt[b][j];
            if (m) return 64 * b + ctz64(m);
        }
    return -1;
}

/* As search_run: on until the end, the limit, the deadline or slice_end (RUN_PAUSE). */
static int x16_run(X16Search *s, double deadline, double slice_end) {
    if (s->finished >= 0) return s->finished;
    if (deadline > 0 && now_s() >= deadline) return s->finished = RUN_TIMEOUT;
    for (;;) {
        int d = s->depth;
        XState *st = s->stack + d;
        if (s->choose) {
            s->choose = 0;
            if (!(st->uns[0] | st->uns[1] | st->uns[2] | st->uns[3])) {
                x16_record(s, st);
                if (s->limit && s->count >= s->limit) return s->finished = RUN_LIMIT;
                if (--s->depth < 0) return s->finished = RUN_DONE;
                continue;
            }
            /* (the two scratch states lie past the deepest level) */
            int rc = x16_probe(s, st, s->stack + 258);
            if (rc < 0) {
                if (--s->depth < 0) return s->finished = RUN_DONE;
                continue;
            }
            if (!(st->uns[0] | st->uns[1] | st->uns[2] | st->uns[3])) { s->choose = 1; continue; }
            int c = x16_choose(s, st);
            s->bcell[d] = (uint16_t)(c < 0 ? 0 : c);
            s->brem[d] = (uint16_t)(c < 0 ? 0 : x16_cands(st, c >> 6, c & 63));
        }
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
        XState *nx = st + 1;
        *nx = *st;
        uint64_t dirty = 0;
        if (x16_place(nx, &dirty, c >> 6, c & 63, v) && x16_propagate(nx, dirty, 1)) {
            s->depth = d + 1;
            s->choose = 1;
        }
    }
}

#endif /* GRIDSAT_CORE_X16_H */
