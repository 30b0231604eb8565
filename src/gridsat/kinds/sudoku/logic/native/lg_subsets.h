/*
 * Naked and hidden subsets, direct and plain: whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 *
 * Every unit is scanned (rows, columns, boxes); a unit with k or fewer cells holding
 * candidates has no subset of size k. Cells and places are 9-bit masks over the unit's cells.
 */
#ifndef GRIDSAT_LG_SUBSETS_H
#define GRIDSAT_LG_SUBSETS_H

#include "lg.h"

/* One unit, for the naked subsets. */
typedef struct {
    uint16_t cm[LG_N];   /* candidate mask of the unit's i-th cell (0 when filled) */
    unsigned empties;    /* cells holding candidates */
    int small[LG_N];     /* cells with 1..k candidates, in order */
    int nsmall;
    int k;
} lgsub_naked_ctx;

/* Any k cells among small[from..] that with `used` (their union `uni`) hold k digits in all,
   and some other cell of the unit holds one of them. */
static int lgsub_naked_rec(const lgsub_naked_ctx *x, int from, int depth, unsigned used, unsigned uni) {
    if (depth == x->k) {
        if (lg_pop(uni) != x->k) return 0;
        unsigned rest = x->empties & ~used;
        while (rest) {
            int i = lg_ctz(rest);
            rest &= rest - 1;
            if (x->cm[i] & uni) return 1;
        }
        return 0;
    }
    for (int j = from; j <= x->nsmall - (x->k - depth); j++) {
        int i = x->small[j];
        unsigned u2 = uni | x->cm[i];
        if (lg_pop(u2) > x->k) continue;
        if (lgsub_naked_rec(x, j + 1, depth + 1, used | (1u << i), u2)) return 1;
    }
    return 0;
}

static int lgsub_naked(const LG *g, int k) {
    for (int u = 0; u < LG_UNITS; u++) {
        lgsub_naked_ctx x;
        x.empties = 0;
        x.nsmall = 0;
        x.k = k;
        for (int i = 0; i < LG_N; i++) {
            unsigned m = g->cands[LG_UNIT[u][i]];
            x.cm[i] = (uint16_t)m;
            if (!m) continue;
            x.empties |= 1u << i;
            if (lg_pop(m) <= k) x.small[x.nsmall++] = i;
        }
        if (lg_pop(x.empties) <= k || x.nsmall < k) continue;
        if (lgsub_naked_rec(&x, 0, 0, 0, 0)) return 1;
    }
    return 0;
}

/* One unit, for the hidden subsets. */
typedef struct {
    uint16_t cm[LG_N];   /* candidate mask of the unit's i-th cell */
    uint16_t pos[LG_N];  /* pos[d]: the unit's cells with candidate d+1 */
    int digs[LG_N];      /* digits (0-based) with 2..k places, in order */
    int ndigs;
    int k;
    int direct;
} lgsub_hidden_ctx;

/* Whether k digits confined to the k cells `pm` (the digits `keep`) make a step: some of the
   cells hold another digit; for a direct step, one of those other digits is then left with
   exactly one place in the unit outside the k cells. */
static int lgsub_hidden_step(const lgsub_hidden_ctx *x, unsigned pm, unsigned keep) {
    unsigned removed = 0, cells = pm;
    while (cells) {
        int i = lg_ctz(cells);
        cells &= cells - 1;
        removed |= x->cm[i] & ~keep;
    }
    if (!removed) return 0;
    if (!x->direct) return 1;
    while (removed) {
        int d = lg_ctz(removed);
        removed &= removed - 1;
        unsigned left = x->pos[d] & ~pm;
        if (left && !(left & (left - 1))) return 1;
    }
    return 0;
}

static int lgsub_hidden_rec(const lgsub_hidden_ctx *x, int from, int depth, unsigned pm, unsigned keep) {
    if (depth == x->k) return lg_pop(pm) == x->k && lgsub_hidden_step(x, pm, keep);
    for (int j = from; j <= x->ndigs - (x->k - depth); j++) {
        int d = x->digs[j];
        unsigned p2 = pm | x->pos[d];
        if (lg_pop(p2) > x->k) continue;
        if (lgsub_hidden_rec(x, j + 1, depth + 1, p2, keep | (1u << d))) return 1;
    }
    return 0;
}

static int lgsub_hidden(const LG *g, int k, int direct) {
    for (int u = 0; u < LG_UNITS; u++) {
        lgsub_hidden_ctx x;
        unsigned empties = 0;
        for (int i = 0; i < LG_N; i++) {
            x.cm[i] = g->cands[LG_UNIT[u][i]];
            if (x.cm[i]) empties |= 1u << i;
        }
        if (lg_pop(empties) <= k) continue;
        x.ndigs = 0;
        x.k = k;
        x.direct = direct;
        for (int d = 0; d < LG_N; d++) {
            x.pos[d] = g->upos[u][d];
            int n = lg_pop(x.pos[d]);
            if (n >= 2 && n <= k) x.digs[x.ndigs++] = d;
        }
        if (x.ndigs < k) continue;
        if (lgsub_hidden_rec(&x, 0, 0, 0, 0)) return 1;
    }
    return 0;
}

/* direct hidden pair: a hidden pair whose eliminations leave a hidden single in its unit */
static int lg_direct_hidden_pair(LG *g) {
    return lgsub_hidden(g, 2, 1);
}

/* direct hidden triple: a hidden triple whose eliminations leave a hidden single in its unit */
static int lg_direct_hidden_triple(LG *g) {
    return lgsub_hidden(g, 3, 1);
}

/* naked pair: two cells of a unit holding two digits in all, one of them elsewhere in the unit */
static int lg_naked_pair(LG *g) {
    return lgsub_naked(g, 2);
}

/* hidden pair: two digits confined to two cells of a unit that hold another digit */
static int lg_hidden_pair(LG *g) {
    return lgsub_hidden(g, 2, 0);
}

/* naked triple */
static int lg_naked_triple(LG *g) {
    return lgsub_naked(g, 3);
}

/* hidden triple */
static int lg_hidden_triple(LG *g) {
    return lgsub_hidden(g, 3, 0);
}

/* naked quad */
static int lg_naked_quad(LG *g) {
    return lgsub_naked(g, 4);
}

/* hidden quad */
static int lg_hidden_quad(LG *g) {
    return lgsub_hidden(g, 4, 0);
}

#endif
