/*
 * The classic 9x9 band solver's propagation and search (core_band.h says what they do),
 * compiled twice by core_band.h: BFN(name) gives every name a suffix, BAND_TARGET the
 * instruction set of that build (empty: the build's own flags) and BAND_SIMD whether it
 * takes the AVX2 forms. The portable build is plain C; the AVX2 one runs only where the
 * machine has AVX2 (core_band.h asks at run time), so the build flags stay portable.
 *
 * The AVX2 build differs in one function: the triad rules (band_triad_rules) run on four
 * digits at a time, a digit's six band and stack patterns in each 64-bit lane, their
 * counts over the digits kept per lane and then folded across the lanes; the rest is the
 * same C compiled for AVX2, BMI and POPCNT. A vector form of the placement (the cell's bit
 * cleared from the band's nine digit words in four masked vector operations, the dirty set
 * read off a movemask) ran fewer instructions but no faster: a vector load of a state
 * just written word by word waits for the stores to land, so it is not kept.
 */
#include "core_base.h"

#include "core_band_choose.h"

/* core_band.h defines these before each include; the defaults let the file compile on its
   own (a syntax check) */
#ifndef BFN
#define BFN(name) name##_port
#define BAND_TARGET
#define BAND_SIMD 0
#define BFN_DEFAULTED
#endif

#if BAND_SIMD
#include <immintrin.h>
#endif

/* Place digit v in band b's cell i. 0 on a contradiction (v no longer possible there). */
static inline BAND_TARGET int BFN(band_place)(BState *st, uint32_t *dp, int b, int i, int v) {
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
    int b1 = (0x021 >> (4 * b)) & 3, b2 = (0x102 >> (4 * b)) & 3;  /* the other bands, without a branch */
    x = st->d[v][b1];
    dirty |= (uint32_t)((x & col) != 0) << (3 * v + b1);
    st->d[v][b1] = x & ~col;
    x = st->d[v][b2];
    dirty |= (uint32_t)((x & col) != 0) << (3 * v + b2);
    st->d[v][b2] = x & ~col;
    *dp |= dirty;
    return 1;
}

/* One digit-band (j = 3v + b, its index in the state's flat words): box-line rules, then
   hidden singles in its rows and boxes. Branch-free up to the singles found (mispredicted
   branches cost more than the few operations); the word is read by j itself, so its load
   does not wait for the division into v and b. */
static inline BAND_TARGET int BFN(band_rows)(BState *st, uint32_t *dp, int j) {
    uint32_t x = (&st->d[0][0])[j];
    uint32_t ps = band_rs[0][x & 0x1ffu] | band_rs[1][(x >> 9) & 0x1ffu] | band_rs[2][x >> 18];
    uint64_t e = band_rowt[ps & 0x1ffu];
    if (e >> 63) return 0;
    x &= (uint32_t)e;
    (&st->d[0][0])[j] = x;
    (&st->seg[0][0])[j] = (uint16_t)(e >> 48);
    /* a row or box with one cell left: its only segment, holding one cell */
    int v = j / 3, b = j - 3 * v;
    for (uint32_t one = x & band_seg[(uint32_t)(e >> 32) & (ps >> 16)] & st->uns[b]; one; one &= one - 1)
        if (!BFN(band_place)(st, dp, b, ctz64(one), v)) return 0;
    return 1;
}

/* One digit across the bands: hidden singles in columns (and a column without the digit). */
static inline BAND_TARGET int BFN(band_cols)(BState *st, uint32_t *dp, int v) {
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
        int b = (int)((~o[0] >> col & 1u) * (1u + (~o[1] >> col & 1u)));  /* its band, without a branch */
        if (!BFN(band_place)(st, dp, b, ctz64(x[b] & band_col[1u << col]), v)) return 0;
    }
    return 1;
}

/* One digit: the box-column rules in each stack of boxes (run when the cheaper rules stall). */
static inline BAND_TARGET int BFN(band_stacks)(BState *st, uint32_t *dp, int v) {
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
#if BAND_SIMD
/* The same rules on four digits at a time: a digit's word in each 64-bit lane (digits 0-3,
   4-7 and 8 with three empty lanes), the counts over the digits kept per lane and then
   folded across the lanes. */
#define TRI_V(c) _mm256_set1_epi64x((long long)(c))
#define TRI_SR(e, k) _mm256_srli_epi64(e, k)
#define TRI_SL(e, k) _mm256_slli_epi64(e, k)

static inline BAND_TARGET __m256i tri_row_others_v(__m256i e) {
    return _mm256_or_si256(_mm256_or_si256(
        _mm256_and_si256(_mm256_or_si256(TRI_SR(e, 1), TRI_SR(e, 2)), TRI_V(tri_c0)),
        _mm256_and_si256(_mm256_or_si256(TRI_SL(e, 1), TRI_SR(e, 1)), TRI_V(tri_c1))),
        _mm256_and_si256(_mm256_or_si256(TRI_SL(e, 1), TRI_SL(e, 2)), TRI_V(tri_c2)));
}

static inline BAND_TARGET __m256i tri_box_others_v(__m256i e) {
    return _mm256_or_si256(_mm256_or_si256(
        _mm256_and_si256(_mm256_or_si256(TRI_SR(e, 3), TRI_SR(e, 6)), TRI_V(tri_r0)),
        _mm256_and_si256(_mm256_or_si256(TRI_SL(e, 3), TRI_SR(e, 3)), TRI_V(tri_r1))),
        _mm256_and_si256(_mm256_or_si256(TRI_SL(e, 3), TRI_SL(e, 6)), TRI_V(tri_r2)));
}

/* c[k]: the positions where at least k + 1 digits have a bit; ``x`` counted in */
static inline BAND_TARGET void tri_count_v(__m256i c[4], __m256i x) {
    c[3] = _mm256_or_si256(c[3], _mm256_and_si256(c[2], x));
    c[2] = _mm256_or_si256(c[2], _mm256_and_si256(c[1], x));
    c[1] = _mm256_or_si256(c[1], _mm256_and_si256(c[0], x));
    c[0] = _mm256_or_si256(c[0], x);
}

/* two such counts added (saturated at four): c and its lanes in the order ``q`` */
static inline BAND_TARGET void tri_fold_v(__m256i c[4], __m256i q[4]) {
    __m256i p0 = c[0], p1 = c[1], p2 = c[2], p3 = c[3];
    c[0] = _mm256_or_si256(p0, q[0]);
    c[1] = _mm256_or_si256(_mm256_or_si256(p1, q[1]), _mm256_and_si256(p0, q[0]));
    c[2] = _mm256_or_si256(_mm256_or_si256(p2, q[2]), _mm256_or_si256(_mm256_and_si256(p1, q[0]), _mm256_and_si256(p0, q[1])));
    c[3] = _mm256_or_si256(_mm256_or_si256(_mm256_or_si256(p3, q[3]), _mm256_and_si256(p2, q[0])),
                           _mm256_or_si256(_mm256_and_si256(p1, q[1]), _mm256_and_si256(p0, q[2])));
}

/* the counts over all lanes, in every lane */
static inline BAND_TARGET void tri_fold_lanes_v(__m256i c[4]) {
    __m256i q[4];
    for (int k = 0; k < 4; k++) q[k] = _mm256_permute2x128_si256(c[k], c[k], 1);
    tri_fold_v(c, q);
    for (int k = 0; k < 4; k++) q[k] = _mm256_shuffle_epi32(c[k], 0x4e);
    tri_fold_v(c, q);
}

static inline BAND_TARGET int BFN(band_triad_rules)(uint64_t y[9]) {
    uint64_t y8[4] = {y[8], 0, 0, 0};
    __m256i x[3], l[3], a[4], m[4];
    x[0] = _mm256_loadu_si256((const __m256i *)y);
    x[1] = _mm256_loadu_si256((const __m256i *)(y + 4));
    x[2] = _mm256_loadu_si256((const __m256i *)y8);
    for (int k = 0; k < 4; k++) a[k] = m[k] = _mm256_setzero_si256();
    for (int j = 0; j < 3; j++) {
        l[j] = _mm256_andnot_si256(_mm256_and_si256(tri_row_others_v(x[j]), tri_box_others_v(x[j])), x[j]);
        tri_count_v(a, x[j]);
        tri_count_v(m, l[j]);
    }
    tri_fold_lanes_v(a);
    tri_fold_lanes_v(m);
    if (!_mm256_testz_si256(_mm256_or_si256(_mm256_andnot_si256(a[2], TRI_V(tri_all)), m[3]), _mm256_set1_epi64x(-1)))
        return 0;
    __m256i ex = _mm256_andnot_si256(a[3], a[2]), bad = _mm256_setzero_si256();
    for (int j = 0; j < 3; j++) {
        __m256i e = _mm256_and_si256(x[j], ex);
        __m256i ro = tri_row_others_v(e), bo = tri_box_others_v(e);
        bad = _mm256_or_si256(bad, _mm256_and_si256(e, _mm256_or_si256(ro, bo)));
        /* tri_spread(e) without e: the others of the row and of the box, spread */
        __m256i sr = _mm256_or_si256(_mm256_or_si256(
            _mm256_and_si256(TRI_SR(e, 1), TRI_V(tri_c0 | tri_c1)), _mm256_and_si256(TRI_SR(e, 2), TRI_V(tri_c0))),
            _mm256_or_si256(_mm256_and_si256(TRI_SL(e, 1), TRI_V(tri_c1 | tri_c2)), _mm256_and_si256(TRI_SL(e, 2), TRI_V(tri_c2))));
        __m256i sb = _mm256_or_si256(_mm256_or_si256(
            _mm256_and_si256(TRI_SR(e, 3), TRI_V(tri_r0 | tri_r1)), _mm256_and_si256(TRI_SR(e, 6), TRI_V(tri_r0))),
            _mm256_or_si256(_mm256_and_si256(TRI_SL(e, 3), TRI_V(tri_r1 | tri_r2)), _mm256_and_si256(TRI_SL(e, 6), TRI_V(tri_r2))));
        __m256i gone = _mm256_or_si256(_mm256_andnot_si256(e, _mm256_or_si256(sr, sb)), _mm256_andnot_si256(l[j], m[2]));
        x[j] = _mm256_andnot_si256(gone, x[j]);
    }
    _mm256_storeu_si256((__m256i *)y, x[0]);
    _mm256_storeu_si256((__m256i *)(y + 4), x[1]);
    _mm256_storeu_si256((__m256i *)y8, x[2]);
    y[8] = y8[0];
    return _mm256_testz_si256(bad, bad);
}
#undef TRI_V
#undef TRI_SR
#undef TRI_SL
#else
static inline BAND_TARGET int BFN(band_triad_rules)(uint64_t y[9]) {
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
#endif

/* Singles and box-line rules to a fixpoint, starting from the digit-bands in ``dirty``
   (bit 3v + b: changed since their last look). 0 on a contradiction. */
static BAND_TARGET int BFN(band_propagate)(BState *st, uint32_t dirty) {
    uint32_t lc = 0;  /* digits changed since their last box-column look (bit 3v) */
    uint32_t *dp = &dirty;
    for (;;) {
        while (dirty) {
            uint32_t dd = dirty;
            dirty = 0;
            for (uint32_t m = dd; m; m &= m - 1) {
                int j = ctz64(m);
                if (!BFN(band_rows)(st, dp, j)) goto fail;
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
                    int i = ctz64(single);
                    int v = 0;
                    BAND_UNROLL
                    for (int w = 1; w < 9; w++) v |= (int)((st->d[w][b] >> i) & 1u) * w;
                    if (!BFN(band_place)(st, dp, b, i, v)) goto fail;
                }
            }
        }
        if (!lc) return 1;
        for (uint32_t m = (lc | lc >> 1 | lc >> 2) & 0111111111u; m; m &= m - 1)
            if (!BFN(band_cols)(st, dp, ctz64(m) / 3)) goto fail;
        if (dirty) continue;
        for (uint32_t m = (lc | lc >> 1 | lc >> 2) & 0111111111u; m; m &= m - 1)
            if (!BFN(band_stacks)(st, dp, ctz64(m) / 3)) goto fail;
        lc = 0;
        if (!dirty) return 1;
    }
fail:
    return 0;
}

/* Pose a puzzle (as search_start_ex: ``ex_val`` ruled out of ``ex_cell`` when >= 0). */
static BAND_TARGET int BFN(band_start_ex)(BandSearch *s, const uint8_t *givens, uint64_t limit, int ex_cell, int ex_val) {
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
        if (givens[c] && !BFN(band_place)(st, &dirty, c / 27, c % 27, givens[c] - 1)) { s->finished = RUN_DONE; return 0; }
    if (ex_cell >= 0 && !givens[ex_cell]) st->d[ex_val - 1][ex_cell / 27] &= ~(1u << (ex_cell % 27));
    if (!BFN(band_propagate)(st, BAND_ALL)) { s->finished = RUN_DONE; return 0; }
    return 1;
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
static BAND_TARGET int BFN(band_node)(BState *st, unsigned *cfgs) {
    for (;;) {
        if (!(st->uns[0] | st->uns[1] | st->uns[2])) return -1;
        uint64_t y0[9], y[9];
        BAND_UNROLL
        for (int v = 0; v < 9; v++) {
            uint64_t w = 0;
            BAND_UNROLL
            for (int b = 0; b < 3; b++) {
                uint32_t x = st->d[v][b];
                w |= (uint64_t)st->seg[v][b] << (10 * b);
                w |= band_stk[(x | x >> 9 | x >> 18) & 0x1ffu] << (3 * b);
            }
            y0[v] = y[v] = w;
        }
        if (!BFN(band_triad_rules)(y)) return -2;
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
            if (!BFN(band_propagate)(st, dirty)) return -2;
            continue;
        }
        /* the minima as keys (count, then index) so that the first of the fewest wins, and
           without branches (which the counts make unpredictable) */
        unsigned kb = ~0u;
        for (int j = 0; j < 6; j++) {
            unsigned t = 0;
            BAND_UNROLL
            for (int v = 0; v < 9; v++) t += band_ncn[(y[v] >> (10 * j)) & 0x1ffu];
            unsigned k = (t > 9 ? t : 0xffu) << 3 | (unsigned)j;
            kb = k < kb ? k : kb;
        }
        if (kb >> 3 == 0xffu) return -1;
        int bb = (int)(kb & 7u);
        unsigned kv = ~0u;
        BAND_UNROLL
        for (int v = 0; v < 9; v++) {
            unsigned n = band_ncn[(y[v] >> (10 * bb)) & 0x1ffu];
            unsigned k = (n == 1 ? 0xffu : n) << 4 | (unsigned)v;
            kv = k < kv ? k : kv;
        }
        int best = (int)(kv & 15u);
        if (kv >> 4 < 2) return -2;  /* a digit with no configuration left (no solution) */
        *cfgs = band_ncfg[(y[best] >> (10 * bb)) & 0x1ffu];
        return bb < 3 ? 3 * best + bb : 27 + 3 * best + (bb - 3);
    }
}

/* As search_run: on until the end, the limit, the deadline or slice_end (RUN_PAUSE). */
static BAND_TARGET int BFN(band_run)(BandSearch *s, double deadline, double slice_end) {
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
                item = BFN(band_node)(st, &cfgs);
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
        /* the last branch of a depth takes its state over (nothing is left to come back to) */
        int nd = s->brem[d] ? d + 1 : d;
        BState *nx = s->stack + nd;
        if (nd != d) *nx = *st;
        uint32_t dirty = 0;
        if (c >= 128) {
            band_fix_cfg(nx, &dirty, c - 128, v);
            if (BFN(band_propagate)(nx, dirty)) {
                s->depth = nd;
                s->choose = 1;
            }
        } else if (BFN(band_place)(nx, &dirty, c / 27, c % 27, v) && BFN(band_propagate)(nx, dirty)) {
            s->depth = nd;
            s->choose = 1;
        }
    }
}

#ifdef BFN_DEFAULTED
#undef BFN
#undef BAND_TARGET
#undef BAND_SIMD
#undef BFN_DEFAULTED
#endif
