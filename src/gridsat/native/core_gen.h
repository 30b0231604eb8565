/*
 * Generator support for gridsat._native, included by core.c after the searches.
 *
 * The Python generators draw every random choice from one random.Random (a Mersenne
 * Twister). To keep their output a function of the seed alone, whichever engine runs them,
 * the steps done here draw from the same stream the same way: the caller passes
 * rng.getstate()'s word tuple in, gets the advanced one back for rng.setstate(), and
 * getrandbits/_randbelow/shuffle/choice are reproduced exactly (random.py of CPython 3.10
 * to 3.13; gridsat.generators.native_gen checks it once per process before using them).
 *
 *  - fill: the randomised depth-first fill of generators/fill.py (_dfs_fill after
 *    _diagonal_boxes, with its node budget and restarts) for classic boards;
 *  - carve: generators/carve.py's removal pass (and carve_sudoku's local moves): groups of
 *    cells in shuffled order, each removed when no other solution agrees with the remaining
 *    givens. That test is one search of the C core with the removed cell's solution value
 *    ruled out (a count to 2 for a larger group); a naked single among the remaining givens,
 *    or an earlier second solution that still fits, answers it without a search. Only the
 *    answers steer the removal, so the result is the one the SAT oracle gives.
 */
#ifndef GRIDSAT_CORE_GEN_H
#define GRIDSAT_CORE_GEN_H

#include "core.h"

#define MT_N 624
#define MT_M 397

typedef struct { uint32_t mt[MT_N]; int index; } MT;

static uint32_t mt_next(MT *r) {
    uint32_t y;
    static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
    if (r->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (r->mt[kk] & 0x80000000u) | (r->mt[kk + 1] & 0x7fffffffu);
            r->mt[kk] = r->mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1u];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (r->mt[kk] & 0x80000000u) | (r->mt[kk + 1] & 0x7fffffffu);
            r->mt[kk] = r->mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1u];
        }
        y = (r->mt[MT_N - 1] & 0x80000000u) | (r->mt[0] & 0x7fffffffu);
        r->mt[MT_N - 1] = r->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1u];
        r->index = 0;
    }
    y = r->mt[r->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
}

/* random.Random._randbelow_with_getrandbits(n), n in 1..2**31 */
static int mt_below(MT *r, int n) {
    int k = 0;
    while ((n >> k) && k < 32) k++;   /* n.bit_length() */
    uint32_t v;
    do v = mt_next(r) >> (32 - k); while (v >= (uint32_t)n);
    return (int)v;
}

/* random.Random.shuffle */
static void mt_shuffle(MT *r, int *x, int len) {
    for (int i = len - 1; i >= 1; i--) {
        int j = mt_below(r, i + 1);
        int t = x[i]; x[i] = x[j]; x[j] = t;
    }
}

/* random.Random(seed) for an int seed: init_by_array over the 32-bit words of abs(seed)
   (random_seed of CPython's _randommodule.c, from the Mersenne Twister reference code) */
static void mt_seed(MT *r, long long seed) {
    unsigned long long u = seed < 0 ? 0ull - (unsigned long long)seed : (unsigned long long)seed;
    uint32_t key[2] = {(uint32_t)(u & 0xffffffffu), (uint32_t)(u >> 32)};
    int klen = key[1] ? 2 : 1;
    uint32_t *mt = r->mt;
    mt[0] = 19650218u;
    for (int i = 1; i < MT_N; i++) mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    int i = 1, j = 0;
    for (int k = MT_N > klen ? MT_N : klen; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++; j++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
        if (j >= klen) j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
    }
    mt[0] = 0x80000000u;
    r->index = MT_N;
}

static int mt_from_py(MT *r, PyObject *state) {
    PyObject *seq = PySequence_Fast(state, "state must be rng.getstate()[1]");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != MT_N + 1) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "state must hold 625 words");
        return -1;
    }
    for (int i = 0; i <= MT_N; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == (unsigned long)-1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        if (i < MT_N) r->mt[i] = (uint32_t)v; else r->index = (int)v;
    }
    Py_DECREF(seq);
    if (r->index < 0 || r->index > MT_N) {
        PyErr_SetString(PyExc_ValueError, "bad state index");
        return -1;
    }
    return 0;
}

static PyObject *mt_to_py(const MT *r) {
    PyObject *t = PyTuple_New(MT_N + 1);
    if (!t) return NULL;
    for (int i = 0; i <= MT_N; i++) {
        PyObject *v = PyLong_FromUnsignedLong(i < MT_N ? r->mt[i] : (unsigned long)r->index);
        if (!v) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

PyDoc_STRVAR(shuffle_doc,
"shuffle(state, k) -> (order, state)\n\n"
"``random.Random.shuffle`` of ``list(range(k))`` from ``rng.getstate()[1]``: the order and\n"
"the advanced state (for the check that this core draws like the running Python).");

static PyObject *py_shuffle(PyObject *self, PyObject *args) {
    PyObject *state;
    int k;
    if (!PyArg_ParseTuple(args, "Oi:shuffle", &state, &k)) return NULL;
    MT r;
    if (k < 0 || mt_from_py(&r, state) < 0) return k < 0 ? PyErr_Format(PyExc_ValueError, "k < 0") : NULL;
    int *x = malloc(sizeof(int) * (size_t)(k + 1));
    if (!x) return PyErr_NoMemory();
    for (int i = 0; i < k; i++) x[i] = i;
    mt_shuffle(&r, x, k);
    PyObject *lst = PyList_New(k);
    for (int i = 0; lst && i < k; i++) PyList_SET_ITEM(lst, i, PyLong_FromLong(x[i]));
    free(x);
    PyObject *st = lst ? mt_to_py(&r) : NULL;
    if (!st) { Py_XDECREF(lst); return NULL; }
    return Py_BuildValue("(NN)", lst, st);
}

/* ------------------------------------------------------------------ fill */
typedef struct {
    const Geo *g;
    MT *r;
    long nodes, budget;
    uint32_t *cand;   /* (N + 1) * N: one copy per depth */
    uint8_t *vals;    /* (N + 1) * N */
    int *empty;       /* (N + 1) * N */
} Fill;

enum { FILL_NONE = 0, FILL_OK = 1, FILL_BUDGET = 2 };

/* _dfs_fill's rec at depth d: candidates and values of that depth, ``ne`` empty cells */
static int fill_rec(Fill *f, int d, int ne, uint8_t *out) {
    const Geo *g = f->g;
    const int N = g->ncells;
    uint32_t *cand = f->cand + (size_t)d * N;
    uint8_t *vals = f->vals + (size_t)d * N;
    int *empty = f->empty + (size_t)d * N;
    int best = -1, bc = g->n + 2, bi = -1;
    for (int i = 0; i < ne; i++) {
        int k = popcount32(cand[empty[i]]);
        if (k < bc) { best = empty[i]; bc = k; bi = i; if (k <= 1) break; }
    }
    if (best < 0) { memcpy(out, vals, (size_t)N); return FILL_OK; }
    if (bc == 0) return FILL_NONE;
    int opts[MAX_N], no = 0;
    for (int v = 1; v <= g->n; v++) if (cand[best] >> v & 1u) opts[no++] = v;
    if (no > 1) mt_shuffle(f->r, opts, no);
    uint32_t *nc = cand + N;
    uint8_t *nv = vals + N;
    int *rest = empty + N;
    for (int i = 0, j = 0; i < ne; i++) if (i != bi) rest[j++] = empty[i];
    for (int o = 0; o < no; o++) {
        int v = opts[o];
        if (++f->nodes > f->budget) return FILL_BUDGET;
        uint32_t b = ~(1u << v);
        memcpy(nc, cand, sizeof(uint32_t) * (size_t)N);
        memcpy(nv, vals, (size_t)N);
        nv[best] = (uint8_t)v;
        int ok = 1;
        for (int i = g->peer_off[best]; i < g->peer_off[best + 1]; i++) {
            int p = g->peers[i];
            if (nv[p]) continue;
            uint32_t x = nc[p] & b;
            if (!x) { ok = 0; break; }
            nc[p] = x;
        }
        if (ok) {
            int rc = fill_rec(f, d + 1, ne - 1, out);
            if (rc != FILL_NONE) return rc;
        }
    }
    return FILL_NONE;
}

/* _dfs_fill from ``pre`` (NULL: empty) */
static int fill_from(Fill *f, const uint8_t *pre, uint8_t *out) {
    const Geo *g = f->g;
    const int N = g->ncells;
    uint32_t full = ((1u << g->n) - 1u) << 1;
    f->nodes = 0;
    for (int c = 0; c < N; c++) { f->cand[c] = full; f->vals[c] = 0; }
    if (pre)
        for (int c = 0; c < N; c++) {
            int v = pre[c];
            if (!v) continue;
            if (!(f->cand[c] >> v & 1u)) return FILL_NONE;
            f->vals[c] = (uint8_t)v;
            f->cand[c] = 1u << v;
            for (int i = g->peer_off[c]; i < g->peer_off[c + 1]; i++) f->cand[g->peers[i]] &= ~(1u << v);
        }
    int ne = 0;
    for (int c = 0; c < N; c++) if (!f->vals[c]) f->empty[ne++] = c;
    return fill_rec(f, 0, ne, out);
}

/* random_grid's route for a classic board: random permutations in the diagonal boxes, then
   the depth-first fill from them (from the empty board if they have no completion), ``tries``
   times while the node budget runs out. ``pre``: scratch, N bytes. */
static int fill_classic(Fill *f, int br, int bc, int tries, uint8_t *pre, uint8_t *out) {
    const Geo *g = f->g;
    const int N = g->ncells;
    int found = FILL_BUDGET;
    for (int t = 0; t < tries && found == FILL_BUDGET; t++) {
        memset(pre, 0, (size_t)N);
        int nb = g->n / br < g->n / bc ? g->n / br : g->n / bc, vals[MAX_N];
        for (int k = 0; k < nb; k++) {
            for (int v = 0; v < g->n; v++) vals[v] = v + 1;
            mt_shuffle(f->r, vals, g->n);
            int i = 0;
            for (int a = 0; a < br; a++)
                for (int b = 0; b < bc; b++) pre[(k * br + a) * g->n + k * bc + b] = (uint8_t)vals[i++];
        }
        found = fill_from(f, pre, out);
        if (found == FILL_NONE) found = fill_from(f, NULL, out);
    }
    return found;
}

PyDoc_STRVAR(fill_doc,
"fill(geometry, state, box_rows, box_cols, budget, tries) -> (grid, state)\n\n"
"generators.fill.random_grid's depth-first route for a classic board (no start grid):\n"
"random permutations in the diagonal boxes, then the randomised fill with ``budget``\n"
"nodes, ``tries`` times. ``grid``: bytes, or None when every try ran out of budget (the\n"
"caller goes on with the SAT route from the returned state).");

static PyObject *py_fill(PyObject *self, PyObject *args) {
    PyObject *cap, *state;
    int br, bc, tries;
    long budget;
    if (!PyArg_ParseTuple(args, "OOiili:fill", &cap, &state, &br, &bc, &budget, &tries)) return NULL;
    Geo *g = get_geo(cap);
    if (!g) return NULL;
    if (g->n > 30 || br < 1 || bc < 1) return PyErr_Format(PyExc_ValueError, "fill takes boards up to 30x30 with boxes");
    MT r;
    if (mt_from_py(&r, state) < 0) return NULL;
    const int N = g->ncells;
    Fill f = {g, &r, 0, budget, NULL, NULL, NULL};
    f.cand = malloc(sizeof(uint32_t) * (size_t)(N + 1) * N);
    f.vals = malloc((size_t)(N + 1) * N);
    f.empty = malloc(sizeof(int) * (size_t)(N + 1) * N);
    uint8_t *pre = calloc((size_t)N, 1), *out = malloc((size_t)N);
    PyObject *ret = NULL;
    if (!f.cand || !f.vals || !f.empty || !pre || !out) { PyErr_NoMemory(); goto done; }
    int found = fill_classic(&f, br, bc, tries, pre, out);
    PyObject *st = mt_to_py(&r);
    if (!st) goto done;
    if (found == FILL_OK) ret = Py_BuildValue("(y#N)", (const char *)out, (Py_ssize_t)N, st);
    else if (found == FILL_NONE) ret = Py_BuildValue("(sN)", "none", st);
    else ret = Py_BuildValue("(ON)", Py_None, st);
done:
    free(f.cand); free(f.vals); free(f.empty); free(pre); free(out);
    return ret;
}

#endif /* GRIDSAT_CORE_GEN_H */
