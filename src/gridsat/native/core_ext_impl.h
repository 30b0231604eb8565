/*
 * Propagation of the extra constraints (core_ext.h) on a search state, compiled once per
 * word width: core_impl.h includes this file with MASK_T, SFX, SFX(Search) and SFX(drop)
 * defined. A cell with one candidate counts as placed (it may still wait in the queue).
 */
#include "core_ext.h"

#ifndef SFX
/* compiled on its own (a syntax check): a stand-in for the search that includes it */
#define MASK_T uint16_t
#define SFX(name) name##X
typedef struct { const Geo *g; const Ext *ext; } SFX(Search);
static int SFX(drop)(SFX(Search) *s, MASK_T *st, const int *cells, int cnt, MASK_T drop, int **qt) {
    (void)s; (void)qt;
    for (int i = 0; i < cnt; i++) st[cells[i]] &= (MASK_T)~drop;
    return 0;
}
#endif

/* A cage: different digits, adding up to ``total`` (-1: any). -1 on a contradiction, else
   whether a candidate went. */
static int SFX(ext_cage)(SFX(Search) *s, MASK_T *st, const int *p, int len, int **qt) {
    const int total = p[0], k = len - 1;
    const int *cells = p + 1;
    int open[MAX_N];
    int no = 0, sum = 0, changed = 0;
    MASK_T fixed = 0, avail = 0;
    for (int i = 0; i < k; i++) {
        MASK_T m = st[cells[i]];
        if (!(m & (m - 1))) {
            if (fixed & m) return -1;  /* a digit twice */
            fixed |= m;
            sum += ext_lo(m);
        } else {
            open[no++] = cells[i];
            avail |= m;
        }
    }
    if (total >= 0 && sum > total) return -1;
    if (!no) return total >= 0 && sum != total ? -1 : 0;
    avail &= (MASK_T)~fixed;
    if (total < 0) {
        if (popcount32(avail) < no) return -1;
        if (!fixed) return 0;
        for (int i = 0; i < no; i++) {
            int rc = SFX(drop)(s, st, open + i, 1, fixed, qt);
            if (rc < 0) return -1;
            changed |= rc;
        }
        return changed;
    }
    /* the sets of ``no`` distinct digits adding up to the rest, within the open cells' candidates,
       each meeting every open cell: their union may stay, their intersection must appear */
    const int n = s->g->n, smax = n * (n + 1) / 2, rest = total - sum;
    if (rest > smax) return -1;
    const uint16_t *subs = ext_subs[n];
    const int *off = ext_suboff[n] + no * (smax + 1) + rest;
    MASK_T any = 0, every = (MASK_T)~(MASK_T)0;
    for (int j = off[0]; j < off[1]; j++) {
        MASK_T set = (MASK_T)subs[j];
        if (set & (MASK_T)~avail) continue;
        int i = 0;
        while (i < no && (st[open[i]] & set)) i++;
        if (i < no) continue;
        any |= set;
        every &= set;
    }
    if (!any) return -1;
    for (int i = 0; i < no; i++) {
        int rc = SFX(drop)(s, st, open + i, 1, (MASK_T)~any, qt);
        if (rc < 0) return -1;
        changed |= rc;
    }
    /* a digit every set holds, which one open cell alone can take, goes there */
    while (every) {
        MASK_T bit = (MASK_T)(every & (MASK_T)(0u - every));
        every ^= bit;
        int where = -1, seen = 0;
        for (int i = 0; i < no; i++)
            if (st[open[i]] & bit) { where = i; seen++; }
        if (!seen) return -1;
        if (seen == 1 && (st[open[where]] & (MASK_T)~bit)) {
            int rc = SFX(drop)(s, st, open + where, 1, (MASK_T)~bit, qt);
            if (rc < 0) return -1;
            changed = 1;
        }
    }
    return changed;
}

/* A step: digit(b) >= digit(a) + d. ``up``: narrow b from a's lowest digit, else a from b's highest. */
static inline int SFX(ext_less)(SFX(Search) *s, MASK_T *st, const int *p, int up, int **qt) {
    const int a = p[0], b = p[1], d = p[2], n = s->g->n;
    if (up) {
        MASK_T keep = (MASK_T)ext_range(ext_lo(st[a]) + d, n, n);
        if (st[b] & (MASK_T)~keep) return SFX(drop)(s, st, &p[1], 1, (MASK_T)~keep, qt);
    } else {
        MASK_T keep = (MASK_T)ext_range(1, ext_hi(st[b]) - d, n);
        if (st[a] & (MASK_T)~keep) return SFX(drop)(s, st, &p[0], 1, (MASK_T)~keep, qt);
    }
    return 0;
}

/* A linear sum: each term's bounds from the others' (bounds from the pass's start stay
   sound as the terms narrow: they are only looser). */
static int SFX(ext_linear)(SFX(Search) *s, MASK_T *st, const int *p, int len, int **qt) {
    const int64_t rhs = p[0];
    const int n = s->g->n;
    int64_t lo = 0, hi = 0;
    for (int i = 1; i < len; i += 2) {
        MASK_T m = st[p[i]];
        int64_t w = p[i + 1], a = w * ext_lo(m), b = w * ext_hi(m);
        lo += a < b ? a : b;
        hi += a < b ? b : a;
    }
    if (lo > rhs || hi < rhs) return -1;
    if (lo == hi) return 0;
    int changed = 0;
    for (int i = 1; i < len; i += 2) {
        MASK_T m = st[p[i]];
        int64_t w = p[i + 1], a = w * ext_lo(m), b = w * ext_hi(m);
        int64_t tlo = a < b ? a : b, thi = a < b ? b : a;
        /* w * x lies in [rhs - (hi - thi), rhs - (lo - tlo)] */
        int64_t wlo = rhs - (hi - thi), whi = rhs - (lo - tlo);
        int64_t xlo, xhi;
        if (w > 0) { xlo = ext_ceil(wlo, w); xhi = ext_floor(whi, w); }
        else { xlo = ext_ceil(whi, w); xhi = ext_floor(wlo, w); }
        if (xlo <= ext_lo(m) && xhi >= ext_hi(m)) continue;
        MASK_T keep = (MASK_T)ext_range(xlo < 1 ? 1 : xlo > n ? n + 1 : (int)xlo, xhi > n ? n : xhi < 0 ? 0 : (int)xhi, n);
        int rc = SFX(drop)(s, st, &p[i], 1, (MASK_T)~keep, qt);
        if (rc < 0) return -1;
        changed |= rc;
    }
    return changed;
}

/* A pair: digit(a) = u allows digit(b) in m[u - 1] only. Each cell keeps the digits with a
   partner in the other. */
static int SFX(ext_pair)(SFX(Search) *s, MASK_T *st, const int *p, int **qt) {
    const int a = p[0], b = p[1];
    const int *m = p + 2;
    MASK_T ma = st[a], keep_a = 0, keep_b = 0, mb = st[b];
    for (MASK_T w = ma; w; w &= (MASK_T)(w - 1)) {
        int u = ctz64(w);
        MASK_T allowed = (MASK_T)(uint32_t)m[u] & mb;
        if (allowed) {
            keep_a |= (MASK_T)(w & (MASK_T)(0u - w));
            keep_b |= allowed;
        }
    }
    if (!keep_a) return -1;
    int changed = 0, rc;
    if (ma & (MASK_T)~keep_a) {
        rc = SFX(drop)(s, st, &p[0], 1, (MASK_T)~keep_a, qt);
        if (rc < 0) return -1;
        changed |= rc;
    }
    if (mb & (MASK_T)~keep_b) {
        rc = SFX(drop)(s, st, &p[1], 1, (MASK_T)~keep_b, qt);
        if (rc < 0) return -1;
        changed |= rc;
    }
    return changed;
}

/* A sum of cells whose digits may repeat (EXT_SUM): the sums each prefix of the cells can
   make and the sums each suffix needs before it (bit s for s, 0..63); a cell keeps a digit
   when one of its prefix's sums plus the digit is a sum its suffix needs (every digit a
   choice of the others completes, as they may repeat), once the bounds leave a cell too
   little room for all its digits. -1 on a
   contradiction, else whether a candidate went. */
static int SFX(ext_sum)(SFX(Search) *s, MASK_T *st, const int *p, int len, int **qt) {
    const int total = p[0], k = len - 1;
    const int *cells = p + 1;
    uint64_t fwd[EXT_SUM_CELLS + 1], need[EXT_SUM_CELLS + 1];
    /* while the bounds leave every cell's digits room on both sides, the sets of sums are
       left for later (they would seldom take a digit: 126,123 branches against 101,707 on
       the collection's littlekiller-9a, in a third less time); a cell of a placed line has
       no room, so a full grid is always checked */
    {
        int lo = 0, hi = 0;
        for (int i = 0; i < k; i++) {
            MASK_T m = st[cells[i]];
            lo += ext_lo(m);
            hi += ext_hi(m);
        }
        if (lo > total || hi < total) return -1;
        const int room = s->g->n - 1;
        if (total - lo >= room && hi - total >= room) return 0;
    }
    const uint64_t top = total >= 63 ? ~(uint64_t)0 : (((uint64_t)1 << (total + 1)) - 1);
    fwd[0] = 1;
    for (int i = 0; i < k; i++) {
        uint64_t f = fwd[i], r = 0;
        for (MASK_T w = st[cells[i]]; w; w &= (MASK_T)(w - 1)) r |= f << (ctz64(w) + 1);
        fwd[i + 1] = r & top;
    }
    if (!(fwd[k] >> total & 1u)) return -1;
    need[k] = (uint64_t)1 << total;
    for (int i = k - 1; i > 0; i--) {
        uint64_t g = need[i + 1], r = 0;
        for (MASK_T w = st[cells[i]]; w; w &= (MASK_T)(w - 1)) r |= g >> (ctz64(w) + 1);
        need[i] = r & fwd[i];
    }
    int changed = 0;
    for (int i = 0; i < k; i++) {
        MASK_T m = st[cells[i]], keep = 0;
        const uint64_t f = fwd[i], g = need[i + 1];
        for (MASK_T w = m; w; w &= (MASK_T)(w - 1))
            if ((f << (ctz64(w) + 1)) & g) keep |= (MASK_T)(w & (MASK_T)(0u - w));
        if (m & (MASK_T)~keep) {
            int rc = SFX(drop)(s, st, cells + i, 1, (MASK_T)~keep, qt);
            if (rc < 0) return -1;
            changed |= rc;
        }
    }
    return changed;
}

/* One pass over every extra constraint (the steps again backwards, so that a chain's upper
   bounds travel down it in one pass). -1 on a contradiction, else whether anything changed. */
static int SFX(ext_propagate)(SFX(Search) *s, MASK_T *st, int **qt) {
    const Ext *e = s->ext;
    int changed = 0;
    for (int c = 0; c < e->ncons; c++) {
        const int *p = e->data + e->off[c];
        int rc;
        switch (e->type[c]) {
        case EXT_CAGE: rc = SFX(ext_cage)(s, st, p, e->len[c], qt); break;
        case EXT_LESS: rc = SFX(ext_less)(s, st, p, 1, qt); break;
        case EXT_MASK:
            rc = (st[p[0]] & (MASK_T)~(MASK_T)(uint32_t)p[1]) ? SFX(drop)(s, st, &p[0], 1, (MASK_T)~(MASK_T)(uint32_t)p[1], qt) : 0;
            break;
        case EXT_PAIR: rc = SFX(ext_pair)(s, st, p, qt); break;
        case EXT_SUM: rc = SFX(ext_sum)(s, st, p, e->len[c], qt); break;
        default: rc = SFX(ext_linear)(s, st, p, e->len[c], qt); break;
        }
        if (rc < 0) return -1;
        changed |= rc;
    }
    for (int c = e->ncons - 1; c >= 0; c--) {
        if (e->type[c] != EXT_LESS) continue;
        int rc = SFX(ext_less)(s, st, e->data + e->off[c], 0, qt);
        if (rc < 0) return -1;
        changed |= rc;
    }
    return changed;
}
