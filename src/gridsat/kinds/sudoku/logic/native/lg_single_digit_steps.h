/*
 * The steps of the skyscraper / two-string kite / turbot fish and of the plain chains of
 * strong links, as the Python techniques (techniques/single_digit.py) pick them:
 * turbot_step and strong_links_step, on the links of lg_single_digit.h.
 */
#ifndef GRIDSAT_LG_SINGLE_DIGIT_STEPS_H
#define GRIDSAT_LG_SINGLE_DIGIT_STEPS_H

#include "lg_py.h"
#include "lg_single_digit.h"

/* ---- the turbot fish step, as the Python technique picks it ---- */

typedef struct {
    int rating;    /* tenths: 40 skyscraper, 41 two-string kite, 42 turbot fish */
    int cells[4];  /* x, y, z, w */
    int units[3];  /* the two strong links' units and the weak link's */
    lg_cells elims;
} lgs_turbot;

/* _turbot_digit(): the first pattern of the lowest rating on digit index d; 0 when none. */
static int lgs_turbot_step_digit(const LG *g, int d, lgs_turbot *best) {
    lgs_links L;
    lgs_plain_links(g, d, &L);
    if (L.n < 2) return 0;
    lg_cells pos = g->dpos[d];
    int found = 0;
    for (int i = 0; i < L.n; i++) {
        int u1 = L.unit[i], a1 = L.cell[i][0], a2 = L.cell[i][1], k1 = u1 / LG_N;
        for (int j = i + 1; j < L.n; j++) {
            int u2 = L.unit[j], b1 = L.cell[j][0], b2 = L.cell[j][1], k2 = u2 / LG_N;
            int rating = (k1 == k2 && k1 < 2) ? 40 : ((k1 == 0 && k2 == 1) || (k1 == 1 && k2 == 0)) ? 41 : 42;
            if (found && rating >= best->rating) continue;
            if (a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2) continue;
            for (int h = 0; h < 2; h++) {
                int x = h ? a2 : a1, y = h ? a1 : a2;
                for (int q = 0; q < 2; q++) {
                    int z = q ? b2 : b1, w = q ? b1 : b2;
                    int wu = lgs_common_unit(y, z);
                    if (wu < 0 || wu == u1 || wu == u2) continue;
                    if (lg_sees(x, w)) {
                        int cu = lgs_common_unit(x, w);
                        if (cu == u1 || cu == u2) continue;
                    }
                    lg_cells common = LG_PEERS[x] & LG_PEERS[w] & pos & ~(lg_bit(y) | lg_bit(z));
                    if (!common) continue;
                    if (!found || rating < best->rating) {
                        found = 1;
                        best->rating = rating;
                        best->cells[0] = x;
                        best->cells[1] = y;
                        best->cells[2] = z;
                        best->cells[3] = w;
                        best->units[0] = u1;
                        best->units[1] = u2;
                        best->units[2] = wu;
                        best->elims = common;
                        if (rating == 40) return 1;
                    }
                }
            }
        }
    }
    return found;
}

PyDoc_STRVAR(lgs_turbot_step_doc,
"turbot_step(values, cands)\n--\n\n"
"The two-strong-link step single_digit.turbot_fish picks on a classic 9x9 grid (not the\n"
"empty rectangle): ``(rating10, digit, cells, units, eliminated)`` with the rating in\n"
"tenths (40 skyscraper, 41 two-string kite, 42 turbot fish), the cells x, y, z, w, the\n"
"units of the two strong links and of the weak link, and the cells losing the digit\n"
"(ascending); None when no digit has one.");

static PyObject *lgs_py_turbot_step(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &ov, &oc)) return NULL;
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    lgs_turbot best, r;
    memset(&best, 0, sizeof best);
    memset(&r, 0, sizeof r);
    int have = 0, digit = 0;
    for (int d = 0; d < LG_N; d++) {
        if (!lgs_turbot_step_digit(&g, d, &r)) continue;
        if (!have || r.rating < best.rating) {
            best = r;
            have = 1;
            digit = d + 1;
            if (r.rating == 40) break;
        }
    }
    if (!have) Py_RETURN_NONE;
    int ne = lg_popc(best.elims);
    PyObject *el = PyTuple_New(ne);
    if (!el) return NULL;
    lg_cells e = best.elims;
    for (int t = 0; t < ne; t++) {
        int c = lg_first(e);
        e &= e - 1;
        PyTuple_SET_ITEM(el, t, PyLong_FromLong(c));
    }
    return Py_BuildValue("(ii(iiii)(iii)N)", best.rating, digit, best.cells[0], best.cells[1], best.cells[2],
                         best.cells[3], best.units[0], best.units[1], best.units[2], el);
}

/* ---- the k-strong-link step (plain links), as the Python technique picks it ---- */

typedef struct {
    int k;
    lgs_links L;
    lg_cells holders;
    int nends, ends[2 * LG_UNITS];
    int endidx[LG_CELLS];
    int nby[2 * LG_UNITS], by_link[2 * LG_UNITS][LG_UNITS], by_other[2 * LG_UNITS][LG_UNITS];
    int nnear[2 * LG_UNITS], near[2 * LG_UNITS][2 * LG_UNITS];
    int chain[16], clen, used[8], ulen;
    /* the best chain so far */
    int found, adj, best_chain[16], best_len, best_units[8];
    lg_cells best_elims;
} lgs_slk;

/* the rating's offset in tenths for the used links' unit kinds (_sl_rating) */
static int lgs_sl_adj(const lgs_slk *S) {
    int kinds = 0;
    for (int t = 0; t < S->ulen; t++) kinds |= 1 << (S->L.unit[S->used[t]] / LG_N);
    if (kinds == 1 || kinds == 2) return 0;
    if ((kinds & 4) && (kinds & 3) == 3) return 2;
    return 1;
}

static int lgs_in_chain(const lgs_slk *S, int c) {
    for (int t = 0; t < S->clen; t++)
        if (S->chain[t] == c) return 1;
    return 0;
}

/* the Python dfs(): 1 when the search stops (a chain of the base rating was kept) */
static int lgs_sl_dfs(lgs_slk *S) {
    int y = S->chain[S->clen - 1];
    if (S->ulen == S->k) {
        int x = S->chain[0];
        if (lg_sees(x, y)) {
            int cu = lgs_common_unit(x, y);
            for (int t = 0; t < S->ulen; t++)
                if (S->L.unit[S->used[t]] == cu) return 0;
        }
        lg_cells common = LG_PEERS[x] & LG_PEERS[y] & S->holders;
        for (int t = 0; t < S->clen; t++) common &= ~lg_bit(S->chain[t]);
        if (!common) return 0;
        int adj = lgs_sl_adj(S);
        if (!S->found || adj < S->adj) {
            S->found = 1;
            S->adj = adj;
            memcpy(S->best_chain, S->chain, sizeof(int) * (size_t)S->clen);
            S->best_len = S->clen;
            for (int t = 0; t < S->ulen; t++) S->best_units[t] = S->L.unit[S->used[t]];
            S->best_elims = common;
            return adj == 0;
        }
        return 0;
    }
    int ey = S->endidx[y];
    for (int q = 0; q < S->nnear[ey]; q++) {
        int z = S->ends[S->near[ey][q]];
        if (lgs_in_chain(S, z)) continue;
        int ez = S->endidx[z];
        for (int r = 0; r < S->nby[ez]; r++) {
            int li = S->by_link[ez][r], w = S->by_other[ez][r], skip = 0;
            for (int t = 0; t < S->ulen; t++) skip |= S->used[t] == li;
            if (skip || lgs_in_chain(S, w)) continue;
            S->chain[S->clen++] = z;
            S->chain[S->clen++] = w;
            S->used[S->ulen++] = li;
            int stop = lgs_sl_dfs(S);
            S->clen -= 2;
            S->ulen--;
            if (stop) return 1;
        }
    }
    return 0;
}

/* _sl_digit(): the easiest chain of k plain strong links on digit index d into S; 0 when none */
static int lgs_sl_step_digit(const LG *g, int d, int k, lgs_slk *S) {
    S->k = k;
    S->found = 0;
    lgs_plain_links(g, d, &S->L);
    if (S->L.n < k) return 0;
    S->holders = g->dpos[d];
    S->nends = 0;
    for (int i = 0; i < S->L.n; i++)
        for (int h = 0; h < 2; h++) {
            int c = S->L.cell[i][h];
            int found = 0;
            for (int e = 0; e < S->nends; e++) found |= S->ends[e] == c;
            if (!found) {
                S->endidx[c] = S->nends;
                S->nby[S->nends] = 0;
                S->ends[S->nends++] = c;
            }
            int e = S->endidx[c];
            S->by_link[e][S->nby[e]] = i;
            S->by_other[e][S->nby[e]++] = S->L.cell[i][1 - h];
        }
    for (int e = 0; e < S->nends; e++) {
        int y = S->ends[e], nn = 0;
        for (int f = 0; f < S->nends; f++)
            if (f != e && lg_sees(y, S->ends[f])) S->near[e][nn++] = f;
        S->nnear[e] = nn;
    }
    for (int i = 0; i < S->L.n; i++)
        for (int h = 0; h < 2; h++) {
            S->chain[0] = S->L.cell[i][h];
            S->chain[1] = S->L.cell[i][1 - h];
            S->clen = 2;
            S->used[0] = i;
            S->ulen = 1;
            if (lgs_sl_dfs(S)) return 1;
        }
    return S->found;
}

PyDoc_STRVAR(lgs_strong_links_step_doc,
"strong_links_step(values, cands, k)\n--\n\n"
"The chain of k plain strong links single_digit.strong_links picks on a classic 9x9 grid:\n"
"``(digit, chain cells, link units, eliminated cells)``; None when no digit has one.");

static PyObject *lgs_py_strong_links_step(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    int k;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOi", &ov, &oc, &k)) return NULL;
    if (k < 2 || k > 8) {
        PyErr_Format(PyExc_ValueError, "no chain of %d strong links", k);
        return NULL;
    }
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    static lgs_slk S, B;
    int have = 0, digit = 0;
    for (int d = 0; d < LG_N; d++) {
        if (!lgs_sl_step_digit(&g, d, k, &S)) continue;
        if (!have || S.adj < B.adj) {
            B = S;
            have = 1;
            digit = d + 1;
            if (S.adj == 0) break;
        }
    }
    if (!have) Py_RETURN_NONE;
    PyObject *chain = PyTuple_New(B.best_len), *units = PyTuple_New(k), *el = PyTuple_New(lg_popc(B.best_elims));
    if (!chain || !units || !el) {
        Py_XDECREF(chain);
        Py_XDECREF(units);
        Py_XDECREF(el);
        return NULL;
    }
    for (int t = 0; t < B.best_len; t++) PyTuple_SET_ITEM(chain, t, PyLong_FromLong(B.best_chain[t]));
    for (int t = 0; t < k; t++) PyTuple_SET_ITEM(units, t, PyLong_FromLong(B.best_units[t]));
    lg_cells e = B.best_elims;
    for (Py_ssize_t t = 0; e; e &= e - 1, t++) PyTuple_SET_ITEM(el, t, PyLong_FromLong(lg_first(e)));
    return Py_BuildValue("(iNNN)", digit, chain, units, el);
}

#endif
