/*
 * Naked and hidden subsets, direct and plain: whether the Python technique of the same name has a step on this grid. The *_step entries
 * (Python-callable) find the step itself, as the Python technique picks it.
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

#include "lg_py.h"

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
        if (popcount32(uni) != x->k) return 0;
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
        if (popcount32(u2) > x->k) continue;
        if (lgsub_naked_rec(x, j + 1, depth + 1, used | (1u << i), u2)) return 1;
    }
    return 0;
}

static int lgsub_naked(const LG *g, int k, lg_cells touch) {
    for (int u = 0; u < LG_UNITS; u++) {
        if (!(LG_UMASK[u] & touch)) continue;
        lgsub_naked_ctx x;
        x.empties = 0;
        x.nsmall = 0;
        x.k = k;
        for (int i = 0; i < LG_N; i++) {
            unsigned m = g->cands[LG_UNIT[u][i]];
            x.cm[i] = (uint16_t)m;
            if (!m) continue;
            x.empties |= 1u << i;
            if (popcount32(m) <= k) x.small[x.nsmall++] = i;
        }
        if (popcount32(x.empties) <= k || x.nsmall < k) continue;
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
    if (depth == x->k) return popcount32(pm) == x->k && lgsub_hidden_step(x, pm, keep);
    for (int j = from; j <= x->ndigs - (x->k - depth); j++) {
        int d = x->digs[j];
        unsigned p2 = pm | x->pos[d];
        if (popcount32(p2) > x->k) continue;
        if (lgsub_hidden_rec(x, j + 1, depth + 1, p2, keep | (1u << d))) return 1;
    }
    return 0;
}

static int lgsub_hidden(const LG *g, int k, int direct, lg_cells touch) {
    for (int u = 0; u < LG_UNITS; u++) {
        if (!(LG_UMASK[u] & touch)) continue;
        lgsub_hidden_ctx x;
        unsigned empties = 0;
        for (int i = 0; i < LG_N; i++) {
            x.cm[i] = g->cands[LG_UNIT[u][i]];
            if (x.cm[i]) empties |= 1u << i;
        }
        if (popcount32(empties) <= k) continue;
        x.ndigs = 0;
        x.k = k;
        x.direct = direct;
        for (int d = 0; d < LG_N; d++) {
            x.pos[d] = g->upos[u][d];
            int n = popcount32(x.pos[d]);
            if (n >= 2 && n <= k) x.digs[x.ndigs++] = d;
        }
        if (x.ndigs < k) continue;
        if (lgsub_hidden_rec(&x, 0, 0, 0, 0)) return 1;
    }
    return 0;
}

/* Each subset test keeps the last grid it found nothing on (lg.h): a subset and its
 * eliminations lie in one unit, so only the units holding a changed cell are searched. */
static lg_fail_memo LGSUB_MEMO[8];

/* direct hidden pair: a hidden pair whose eliminations leave a hidden single in its unit */
static int lg_direct_hidden_pair(LG *g) {
    LG_MEMO_TEST(&LGSUB_MEMO[0], g, touch, digits, lgsub_hidden(g, 2, 1, touch));
}

/* direct hidden triple: a hidden triple whose eliminations leave a hidden single in its unit */
static int lg_direct_hidden_triple(LG *g) {
    LG_MEMO_TEST(&LGSUB_MEMO[1], g, touch, digits, lgsub_hidden(g, 3, 1, touch));
}

/* naked pair: two cells of a unit holding two digits in all, one of them elsewhere in the unit */
static int lg_naked_pair(LG *g) {
    LG_MEMO_TEST(&LGSUB_MEMO[2], g, touch, digits, lgsub_naked(g, 2, touch));
}

/* hidden pair: two digits confined to two cells of a unit that hold another digit */
static int lg_hidden_pair(LG *g) {
    LG_MEMO_TEST(&LGSUB_MEMO[3], g, touch, digits, lgsub_hidden(g, 2, 0, touch));
}

/* naked triple */
static int lg_naked_triple(LG *g) {
    LG_MEMO_TEST(&LGSUB_MEMO[4], g, touch, digits, lgsub_naked(g, 3, touch));
}

/* hidden triple */
static int lg_hidden_triple(LG *g) {
    LG_MEMO_TEST(&LGSUB_MEMO[5], g, touch, digits, lgsub_hidden(g, 3, 0, touch));
}

/* naked quad */
static int lg_naked_quad(LG *g) {
    LG_MEMO_TEST(&LGSUB_MEMO[6], g, touch, digits, lgsub_naked(g, 4, touch));
}

/* hidden quad */
static int lg_hidden_quad(LG *g) {
    LG_MEMO_TEST(&LGSUB_MEMO[7], g, touch, digits, lgsub_hidden(g, 4, 0, touch));
}

/* ---- the subsets' steps, as the Python techniques pick them ---- */

typedef struct {
    int k, n;          /* subset size; items to choose from */
    int item[LG_N];    /* the items (unit indices of cells for naked, digits for hidden) */
    int pick[4];       /* the current combination (indices into item) */
} lgsub_comb;

/* The next combination of k of the n items in lexicographic order (itertools.combinations);
 * 0 when there is none. Start with pick[0] = -1. */
static int lgsub_next(lgsub_comb *cb) {
    int k = cb->k, n = cb->n;
    if (cb->pick[0] < 0) {
        if (n < k) return 0;
        for (int t = 0; t < k; t++) cb->pick[t] = t;
        return 1;
    }
    int t = k - 1;
    while (t >= 0 && cb->pick[t] == n - k + t) t--;
    if (t < 0) return 0;
    cb->pick[t]++;
    for (int q = t + 1; q < k; q++) cb->pick[q] = cb->pick[q - 1] + 1;
    return 1;
}

static PyObject *lgsub_pairs(const int *cells, const int *digits, int n) {
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (int t = 0; t < n; t++) {
        PyObject *x = Py_BuildValue("(ii)", cells[t], digits[t]);
        if (!x) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, t, x);
    }
    return out;
}

static PyObject *lgsub_ints(const int *v, int n) {
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (int t = 0; t < n; t++) {
        PyObject *x = PyLong_FromLong(v[t]);
        if (!x) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, t, x);
    }
    return out;
}

/* _naked_unit over the units in order: (unit, cells, digit mask, eliminations) or None */
static PyObject *lgsub_naked_step(const LG *g, int k) {
    const uint16_t *C = g->cands;
    for (int u = 0; u < LG_UNITS; u++) {
        int empties[LG_N], ne = 0;
        lgsub_comb cb;
        cb.k = k;
        cb.n = 0;
        for (int i = 0; i < LG_N; i++) {
            int c = LG_UNIT[u][i];
            if (!C[c]) continue;
            empties[ne++] = c;
            if (popcount32(C[c]) <= k) cb.item[cb.n++] = c;
        }
        if (ne <= k || cb.n < k) continue;
        cb.pick[0] = -1;
        while (lgsub_next(&cb)) {
            unsigned m = 0;
            for (int t = 0; t < k; t++) m |= C[cb.item[cb.pick[t]]];
            if (popcount32(m) != k) continue;
            int ec[LG_N * LG_N], ed[LG_N * LG_N], nel = 0;
            for (int e = 0; e < ne; e++) {
                int c = empties[e], inside = 0;
                for (int t = 0; t < k; t++) inside |= cb.item[cb.pick[t]] == c;
                if (inside) continue;
                for (unsigned x = C[c] & m; x; x &= x - 1) {
                    ec[nel] = c;
                    ed[nel++] = lg_ctz(x) + 1;
                }
            }
            if (!nel) continue;
            int cells[4];
            for (int t = 0; t < k; t++) cells[t] = cb.item[cb.pick[t]];
            return Py_BuildValue("(iNiN)", u, lgsub_ints(cells, k), (int)m, lgsub_pairs(ec, ed, nel));
        }
    }
    Py_RETURN_NONE;
}

/* _hidden_unit over the units in order: (unit, digits, cells, eliminations, hit) with hit
 * the direct step's single (cell, digit) or None; None when there is no step */
static PyObject *lgsub_hidden_step_py(const LG *g, int k, int direct) {
    const uint16_t *C = g->cands;
    for (int u = 0; u < LG_UNITS; u++) {
        int nempty = 0;
        for (int i = 0; i < LG_N; i++) nempty += C[LG_UNIT[u][i]] != 0;
        if (nempty <= k) continue;
        lgsub_comb cb;
        cb.k = k;
        cb.n = 0;
        for (int d = 0; d < LG_N; d++) {
            int pc = popcount32(g->upos[u][d]);
            if (pc >= 2 && pc <= k) cb.item[cb.n++] = d + 1;
        }
        if (cb.n < k) continue;
        cb.pick[0] = -1;
        while (lgsub_next(&cb)) {
            unsigned pm = 0, keep = 0;
            for (int t = 0; t < k; t++) {
                int d = cb.item[cb.pick[t]];
                pm |= g->upos[u][d - 1];
                keep |= 1u << (d - 1);
            }
            if (popcount32(pm) != k) continue;
            int cells[4], nc = 0, ec[LG_N * 4], ed[LG_N * 4], nel = 0;
            unsigned removed = 0;
            for (int i = 0; i < LG_N; i++)
                if (pm >> i & 1) {
                    int c = LG_UNIT[u][i];
                    cells[nc++] = c;
                    for (unsigned x = C[c] & ~keep; x; x &= x - 1) {
                        ec[nel] = c;
                        ed[nel++] = lg_ctz(x) + 1;
                        removed |= x & -x;
                    }
                }
            if (!nel) continue;
            int digits[4];
            for (int t = 0; t < k; t++) digits[t] = cb.item[cb.pick[t]];
            if (direct) {
                int hc = -1, hd = 0;
                for (unsigned x = removed; x && hc < 0; x &= x - 1) {
                    int d = lg_ctz(x);
                    unsigned left = g->upos[u][d] & ~pm;
                    if (left && !(left & (left - 1))) {
                        hc = LG_UNIT[u][lg_ctz(left)];
                        hd = d + 1;
                    }
                }
                if (hc < 0) continue;
                return Py_BuildValue("(iNNN(ii))", u, lgsub_ints(digits, k), lgsub_ints(cells, k),
                                     lgsub_pairs(ec, ed, nel), hc, hd);
            }
            return Py_BuildValue("(iNNNO)", u, lgsub_ints(digits, k), lgsub_ints(cells, k),
                                 lgsub_pairs(ec, ed, nel), Py_None);
        }
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(lgsub_subset_step_doc,
"subset_step(values, cands, k, hidden, direct)\n--\n\n"
"The naked or hidden subset of size k (2-4) the Python technique picks on a classic 9x9\n"
"grid. Naked: ``(unit, cells, digit mask, eliminations)``; hidden: ``(unit, digits, cells,\n"
"eliminations, hit)``, ``hit`` the direct step's hidden single ``(cell, digit)`` (None for\n"
"a plain hidden subset). Eliminations are ``(cell, digit)`` pairs in the Python order.\n"
"None when there is no step.");

static PyObject *lgsub_py_subset_step(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    int k, hidden, direct;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOipp", &ov, &oc, &k, &hidden, &direct)) return NULL;
    if (k < 2 || k > 4) {
        PyErr_Format(PyExc_ValueError, "no subset of size %d", k);
        return NULL;
    }
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    return hidden ? lgsub_hidden_step_py(&g, k, direct) : lgsub_naked_step(&g, k);
}

#endif
