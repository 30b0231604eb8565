/*
 * Wings: whether the Python technique of the same name has a step on this grid. The *_step entries
 * (Python-callable) find the step itself, as the Python technique picks it.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 *
 * The tests follow techniques/wings.py: the same pivots, the same wing cells, the same
 * conditions on their digits and the same cells that must see the eliminations. Only the
 * existence of a step is decided, so the order of the search and the rating of the wing
 * (which pick the step Python returns) do not matter here.
 */
#ifndef GRIDSAT_LG_WINGS_H
#define GRIDSAT_LG_WINGS_H

#include "lg_py.h"

/* xy-wing: a bivalue pivot xy with bivalue pincers xz and yz it sees; z goes from the cells
 * (other than the pivot) that see both pincers */
static int lgw_xy_wing(LG *g, lg_cells touch) {
    const uint16_t *C = g->cands;
    for (int p = 0; p < LG_CELLS; p++) {
        unsigned pm = C[p];
        if (popcount32(pm) != 2) continue;
        if (!((lg_bit(p) | LG_PEERS[p]) & touch)) continue;
        int w[20], n = 0;
        for (int i = 0; i < 20; i++) {
            int q = LG_PEER[p][i];
            unsigned m = C[q];
            if (popcount32(m) == 2 && m != pm && (m & pm)) w[n++] = q;
        }
        for (int i = 0; i < n; i++) {
            unsigned ma = C[w[i]];
            for (int j = i + 1; j < n; j++) {
                unsigned mb = C[w[j]];
                if ((ma & pm) == (mb & pm)) continue;
                unsigned z = ma & mb & ~pm;
                if (!z) continue;
                lg_cells e = LG_PEERS[w[i]] & LG_PEERS[w[j]] & g->dpos[lg_ctz(z)] & ~lg_bit(p);
                if (e) return 1;
            }
        }
    }
    return 0;
}

/* xyz-wing: a pivot xyz with bivalue pincers xz and yz it sees; z goes from the cells that
 * see all three */
static int lgw_xyz_wing(LG *g, lg_cells touch) {
    const uint16_t *C = g->cands;
    for (int p = 0; p < LG_CELLS; p++) {
        unsigned pm = C[p];
        if (popcount32(pm) != 3) continue;
        if (!((lg_bit(p) | LG_PEERS[p]) & touch)) continue;
        int w[20], n = 0;
        for (int i = 0; i < 20; i++) {
            int q = LG_PEER[p][i];
            unsigned m = C[q];
            if (popcount32(m) == 2 && !(m & ~pm)) w[n++] = q;
        }
        for (int i = 0; i < n; i++) {
            unsigned ma = C[w[i]];
            for (int j = i + 1; j < n; j++) {
                unsigned mb = C[w[j]];
                if (ma == mb) continue;
                unsigned z = ma & mb;
                lg_cells e = LG_PEERS[p] & LG_PEERS[w[i]] & LG_PEERS[w[j]] & g->dpos[lg_ctz(z)];
                if (e) return 1;
            }
        }
    }
    return 0;
}

/* The xy- and xyz-wings through their memos (lg.h): a wing is its three cells' candidates
 * and the cells that see its z, so a new wing has a changed cell, and only pivots that are
 * or see a changed cell are searched. */
static lg_fail_memo LGW_XY_MEMO, LGW_XYZ_MEMO;

static int lg_xy_wing(LG *g) {
    LG_MEMO_TEST(&LGW_XY_MEMO, g, touch, digits, lgw_xy_wing(g, touch));
}

static int lg_xyz_wing(LG *g) {
    LG_MEMO_TEST(&LGW_XYZ_MEMO, g, touch, digits, lgw_xyz_wing(g, touch));
}

/* w-wing: two bivalue cells xy that do not see each other, and a strong link on x (a unit
 * with exactly two places for x, neither of them one of the two cells) whose ends see one
 * cell each; y goes from the cells seeing both */
static int lg_w_wing(LG *g) {
    const uint16_t *C = g->cands;
    int biv[LG_CELLS], nb = 0;
    for (int c = 0; c < LG_CELLS; c++)
        if (popcount32(C[c]) == 2) biv[nb++] = c;
    /* the strong links of each digit: the two cells of every unit with two places */
    int la[LG_N][LG_UNITS], lb[LG_N][LG_UNITS], nl[LG_N];
    int done[LG_N] = {0};
    for (int i = 0; i < nb; i++) {
        int p = biv[i];
        unsigned m = C[p];
        for (int j = i + 1; j < nb; j++) {
            int q = biv[j];
            if (C[q] != m || lg_sees(p, q)) continue;
            lg_cells common = LG_PEERS[p] & LG_PEERS[q];
            for (unsigned xs = m; xs; xs &= xs - 1) {
                int x = lg_ctz(xs), y = lg_ctz(m & ~(1u << x));
                if (!(common & g->dpos[y])) continue;
                if (!done[x]) {
                    done[x] = 1;
                    nl[x] = 0;
                    for (int u = 0; u < LG_UNITS; u++) {
                        lg_cells s = g->dpos[x] & LG_UMASK[u];
                        if (lg_popc(s) != 2) continue;
                        la[x][nl[x]] = lg_first(s);
                        lb[x][nl[x]] = lg_first(s & (s - 1));
                        nl[x]++;
                    }
                }
                for (int k = 0; k < nl[x]; k++) {
                    int a = la[x][k], b = lb[x][k];
                    if (a == p || a == q || b == p || b == q) continue;
                    if ((lg_sees(a, p) && lg_sees(b, q)) || (lg_sees(b, p) && lg_sees(a, q))) return 1;
                }
            }
        }
    }
    return 0;
}

/*
 * The wxyz- and vwxyz-wings: a pivot p and k-1 of its peers (the wings) holding exactly k
 * digits between them, where exactly one digit z is "loose" (it is in two wings that do not
 * see each other; the pivot sees every wing) and every other digit is confined to cells
 * that see each other; z goes from the cells outside the wing that see every z of the wing.
 * As in Python, a pivot has at most k candidates and a wing is a peer with at most k
 * candidates that gives at most k digits together with the pivot.
 */
typedef struct {
    const LG *g;
    int k;              /* digits of the wing = its cells */
    int r;              /* wings to choose (k - 1) */
    int n;              /* candidate wing cells */
    int cell[20];       /* candidate wing cells */
    unsigned w[20];     /* their candidate masks */
    uint32_t comp[20];  /* comp[i]: the wings j > i that can go with wing i */
    uint16_t loose[20][20]; /* loose[i][j]: the digits of wings i < j when they do not see each other */
    int chosen[4];      /* indices of the wings chosen so far */
    lg_cells touch;     /* only wings holding one of these cells (every cell: all wings) */
    /* the step search (lgw_big_step) rather than the existence test: */
    int step;           /* 1: visit every wing with an elimination, in Python's order */
    int first;          /* stop at the first wing found */
    int p;              /* the pivot */
    int best;           /* whether a wing is kept, and its rating offset, cells, z, eliminations */
    int best_delta;
    int best_cells[5];
    int best_z;
    lg_cells best_elims;
} lgw_big;

/* Whether the cells of the wing (pivot and wings, as a cell set) leave an elimination of
 * the loose digit (mask z): a cell outside the wing with z that sees every z of the wing.
 * Adding cells to the wing can only shrink this set, so it also prunes a partial wing. */
static lg_cells lgw_big_elim_set(const LG *g, lg_cells cells, unsigned z) {
    int d = lg_ctz(z);
    lg_cells common = g->dpos[d] & ~cells;
    lg_cells zc = cells & g->dpos[d];
    while (zc && common) {
        int c = lg_first(zc);
        zc &= zc - 1;
        common &= LG_PEERS[c];
    }
    return common;
}

static int lgw_big_elims(const LG *g, lg_cells cells, unsigned z) {
    return lgw_big_elim_set(g, cells, z) != 0;
}

/* The step search's visit of a whole wing with an elimination (the last wing is index j):
 * keep it when it rates lower than the one kept (Python's `best`); 1 when the search stops
 * here (asked for the first wing, or the easiest rating possible). */
static int lgw_big_visit(lgw_big *s, int j, unsigned z, lg_cells cells) {
    const uint16_t *C = s->g->cands;
    int wing[5], nc = 0;
    wing[nc++] = s->p;
    for (int t = 0; t < s->r - 1; t++) wing[nc++] = s->cell[s->chosen[t]];
    wing[nc++] = s->cell[j];
    int big = 0;
    for (int t = 0; t < nc; t++) {
        int b = popcount32(C[wing[t]]);
        if (b > big) big = b;
    }
    int m = (s->k + 2) / 2;
    int delta = (s->k - m) - (m > big ? m - big : big - m);
    if (!s->best || delta < s->best_delta) {
        s->best = 1;
        s->best_delta = delta;
        memcpy(s->best_cells, wing, sizeof wing);
        s->best_z = lg_ctz(z) + 1;
        s->best_elims = lgw_big_elim_set(s->g, cells, z);
        if (s->first || delta <= 0) return 1;
    }
    return 0;
}

/* Choose the wing after the `depth` already chosen, among `cand`; `u` is the union of the
 * digits so far, `lo` the loose digits, `cells` the wing cells as a set. */
static int lgw_big_rec(lgw_big *s, int depth, uint32_t cand, unsigned u, unsigned lo, lg_cells cells) {
    if (depth >= 4) return 0; /* (never: at most four wings) */
    while (cand) {
        int j = __builtin_ctz(cand);
        cand &= cand - 1;
        unsigned v = u | s->w[j];
        if (popcount32(v) > s->k) continue;
        unsigned l = lo;
        for (int t = 0; t < depth; t++) l |= s->loose[s->chosen[t]][j];
        if (l & (l - 1)) continue;
        lg_cells cj = cells | lg_bit(s->cell[j]);
        if (depth + 1 == s->r) {
            if (!(cj & s->touch)) continue;
            if (popcount32(v) == s->k && l && lgw_big_elims(s->g, cj, l)) {
                if (!s->step || lgw_big_visit(s, j, l, cj)) return 1;
            }
            continue;
        }
        uint32_t next = cand & s->comp[j];
        if (popcount32(next) < s->r - depth - 1) continue;
        if (l && !lgw_big_elims(s->g, cj, l)) continue;
        s->chosen[depth] = j;
        if (lgw_big_rec(s, depth + 1, next, v, l, cj)) return 1;
    }
    return 0;
}

/* The wing search over every pivot in order: the existence test, or (s->step) the step
 * search, which leaves the step in s->best...; 1 when it stopped at a wing. */
static int lgw_big_search(LG *g, lgw_big *sp) {
    const uint16_t *C = g->cands;
    lgw_big s = *sp;
    int k = s.k;
    for (int p = 0; p < LG_CELLS; p++) {
        unsigned pm = C[p];
        if (!pm || popcount32(pm) > k) continue;
        if (!((lg_bit(p) | LG_PEERS[p]) & s.touch)) continue;
        int n = 0;
        for (int i = 0; i < 20; i++) {
            int q = LG_PEER[p][i];
            unsigned m = C[q];
            if (m && popcount32(m | pm) <= k) {
                s.cell[n] = q;
                s.w[n] = m;
                n++;
            }
        }
        if (n < s.r) continue;
        if (!(s.touch & lg_bit(p))) {
            /* a new wing holds a changed cell: here one of the candidate wings */
            int hit = 0;
            for (int i = 0; i < n && !hit; i++) hit = (int)((s.touch >> s.cell[i]) & 1);
            if (!hit) continue;
        }
        s.n = n;
        s.p = p;
        for (int i = 0; i < n; i++) {
            unsigned ui = pm | s.w[i];
            uint32_t ci = 0;
            for (int j = i + 1; j < n; j++) {
                if (popcount32(ui | s.w[j]) > k) continue;
                unsigned lo = 0;
                if (!lg_sees(s.cell[i], s.cell[j])) {
                    lo = s.w[i] & s.w[j];
                    if (lo & (lo - 1)) continue;
                }
                s.loose[i][j] = (uint16_t)lo;
                ci |= 1u << j;
            }
            s.comp[i] = ci;
        }
        for (int i = 0; i < n; i++) {
            if (popcount32(s.comp[i]) < s.r - 1) continue;
            s.chosen[0] = i;
            if (lgw_big_rec(&s, 1, s.comp[i], pm | s.w[i], 0, lg_bit(p) | lg_bit(s.cell[i]))) {
                *sp = s;
                return 1;
            }
        }
    }
    *sp = s;
    return 0;
}

/* The existence test. A wing is its cells' candidates and the cells that see its loose
 * digit: on a grid that only lost candidates since the last grid without a wing, a new wing
 * holds a changed cell, so only those wings are searched. */
static lg_fail_memo LGW_BIG_MEMO[2];

/* a search of the wings of k cells holding one of the cells `touch` (the step search when `step`) */
static lgw_big lgw_big_start(LG *g, int k, lg_cells touch, int step) {
    lgw_big s;
    memset(&s, 0, sizeof s);
    s.g = g;
    s.k = k;
    s.r = k - 1;
    s.touch = touch;
    s.step = step;
    return s;
}

static int lgw_big_wing(LG *g, int k, lg_cells touch) {
    lgw_big s = lgw_big_start(g, k, touch, 0);
    return lgw_big_search(g, &s);
}

/* wxyz-wing: the four-cell wing */
static int lg_wxyz_wing(LG *g) {
    LG_MEMO_TEST(&LGW_BIG_MEMO[0], g, touch, digits, lgw_big_wing(g, 4, touch));
}

/* vwxyz-wing: the five-cell wing */
static int lg_vwxyz_wing(LG *g) {
    LG_MEMO_TEST(&LGW_BIG_MEMO[1], g, touch, digits, lgw_big_wing(g, 5, touch));
}

PyDoc_STRVAR(lgw_big_wing_step_doc,
"big_wing_step(values, cands, k, first)\n--\n\n"
"The step of the wxyz-wing (k = 4) or vwxyz-wing (k = 5) that the Python technique picks\n"
"on a classic 9x9 grid: the first wing, in its order, with the lowest rating (or the first\n"
"wing at all when ``first``), as ``(delta, cells, z, eliminated)``: the rating is the\n"
"technique's base plus ``delta`` tenths, ``cells`` the pivot and its wings, ``z`` the digit\n"
"removed from the cells of the tuple ``eliminated`` (ascending). None when there is none.");

static PyObject *lgw_py_big_wing_step(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    int k, first;
    if (!PyArg_ParseTuple(args, "OOip", &ov, &oc, &k, &first)) return NULL;
    if (k != 4 && k != 5) {
        PyErr_SetString(PyExc_ValueError, "k must be 4 or 5");
        return NULL;
    }
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    lgw_big s = lgw_big_start(&g, k, LG_ALL_CELLS, 1);
    s.first = first;
    lgw_big_search(&g, &s);
    if (!s.best) Py_RETURN_NONE;
    PyObject *cells = PyTuple_New(k);
    if (!cells) return NULL;
    for (int t = 0; t < k; t++) PyTuple_SET_ITEM(cells, t, PyLong_FromLong(s.best_cells[t]));
    int ne = lg_popc(s.best_elims);
    PyObject *el = PyTuple_New(ne);
    if (!el) { Py_DECREF(cells); return NULL; }
    lg_cells e = s.best_elims;
    for (int t = 0; t < ne; t++) {
        int c = lg_first(e);
        e &= e - 1;
        PyTuple_SET_ITEM(el, t, PyLong_FromLong(c));
    }
    return Py_BuildValue("(iNiN)", s.best_delta, cells, s.best_z, el);
}

#endif
