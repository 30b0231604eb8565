/*
 * Carving for the generators (see core_gen.h for the random stream): givens removed in
 * shuffled order while the solution stays unique, generators/carve.py's pass and
 * carve_sudoku's local moves in one call, and the minimality test.
 *
 * "Is the solution S still unique without the givens of group O?" is the same question as
 * "does some solution agree with the remaining givens and differ from S inside O?". For one
 * cell that is one search with S's value ruled out of the cell (it mostly fails in the first
 * propagation); for a larger group a count to 2. Two answers come without a search: every
 * cell of O is a naked single of the remaining givens (unique), or a second solution found
 * earlier agrees with S on every remaining given and differs inside O (not unique). Second
 * solutions are kept as the set of cells where they differ from S, a bitset per solution.
 */
#ifndef GRIDSAT_CORE_CARVE_H
#define GRIDSAT_CORE_CARVE_H

#include "core.h"
#include "core_gen.h"

#define MAX_WIT 64

typedef struct {
    const Geo *g;
    AnySearch a;
    const uint8_t *sol;
    uint8_t *cur;        /* the givens' values during a test */
    uint8_t *ingrp;      /* cells of the group under test */
    int N, W;            /* cells, 64-bit words per cell set */
    uint64_t *wit;       /* MAX_WIT cell sets */
    uint64_t *gbits;     /* the given cells as a set */
    uint64_t *peerm;     /* N cell sets: each cell's peers */
    uint64_t *byval;     /* n cell sets: the given cells of each value */
    int nwit, wnext;
    long searches, shortcuts;
} Carver;

static void carver_free(Carver *cv) {
    any_free(&cv->a);
    free(cv->cur); free(cv->ingrp); free(cv->wit); free(cv->gbits); free(cv->peerm); free(cv->byval);
}

static int carver_init(Carver *cv, const Geo *g, const uint8_t *sol) {
    memset(cv, 0, sizeof(*cv));
    cv->g = g;
    cv->sol = sol;
    cv->N = g->ncells;
    cv->W = (g->ncells + 63) / 64;
    if (any_init(&cv->a, g, 2) < 0) return -1;
    cv->cur = calloc((size_t)cv->N, 1);
    cv->ingrp = calloc((size_t)cv->N, 1);
    cv->wit = calloc((size_t)MAX_WIT * cv->W, sizeof(uint64_t));
    cv->gbits = calloc((size_t)cv->W, sizeof(uint64_t));
    cv->peerm = calloc((size_t)cv->N * cv->W, sizeof(uint64_t));
    cv->byval = calloc((size_t)g->n * cv->W, sizeof(uint64_t));
    if (!cv->cur || !cv->ingrp || !cv->wit || !cv->gbits || !cv->peerm || !cv->byval) { carver_free(cv); return -1; }
    for (int c = 0; c < cv->N; c++)
        for (int k = g->peer_off[c]; k < g->peer_off[c + 1]; k++)
            cv->peerm[(size_t)c * cv->W + (g->peers[k] >> 6)] |= (uint64_t)1 << (g->peers[k] & 63);
    return 0;
}

/* load the given set (0/1 per cell) */
static void carver_set(Carver *cv, const uint8_t *given) {
    memset(cv->gbits, 0, sizeof(uint64_t) * (size_t)cv->W);
    memset(cv->byval, 0, sizeof(uint64_t) * (size_t)cv->g->n * cv->W);
    for (int c = 0; c < cv->N; c++) {
        cv->cur[c] = given[c] ? cv->sol[c] : 0;
        if (given[c]) {
            cv->gbits[c >> 6] |= (uint64_t)1 << (c & 63);
            cv->byval[(size_t)(cv->sol[c] - 1) * cv->W + (c >> 6)] |= (uint64_t)1 << (c & 63);
        }
    }
}

static void carver_drop(Carver *cv, uint8_t *given, int c) {
    given[c] = 0;
    cv->cur[c] = 0;
    cv->gbits[c >> 6] &= ~((uint64_t)1 << (c & 63));
    cv->byval[(size_t)(cv->sol[c] - 1) * cv->W + (c >> 6)] &= ~((uint64_t)1 << (c & 63));
}

static void carver_add(Carver *cv, uint8_t *given, int c) {
    given[c] = 1;
    cv->cur[c] = cv->sol[c];
    cv->gbits[c >> 6] |= (uint64_t)1 << (c & 63);
    cv->byval[(size_t)(cv->sol[c] - 1) * cv->W + (c >> 6)] |= (uint64_t)1 << (c & 63);
}

/* Whether the givens but ``c`` force S's value at ``c`` as a hidden single: in some unit of
   ``c`` every other cell is given or sees a given of that value (so no solution of the other
   givens differs from S at ``c``). */
static int carver_hidden(const Carver *cv, int c) {
    const Geo *g = cv->g;
    const int W = cv->W;
    uint64_t gv[MAX_N * MAX_N / 64 + 1];
    memcpy(gv, cv->byval + (size_t)(cv->sol[c] - 1) * W, sizeof(uint64_t) * (size_t)W);
    gv[c >> 6] &= ~((uint64_t)1 << (c & 63));
    for (int k = g->cu_off[c]; k < g->cu_off[c + 1]; k++) {
        const int *uc = g->unit_cells + (size_t)g->cell_units[k] * g->n;
        int open = 0;
        for (int i = 0; i < g->n && !open; i++) {
            int d = uc[i];
            if (d == c || cv->cur[d]) continue;
            const uint64_t *pm = cv->peerm + (size_t)d * W;
            uint64_t sees = 0;
            for (int j = 0; j < W; j++) sees |= pm[j] & gv[j];
            open = !sees;
        }
        if (!open) return 1;
    }
    return 0;
}

static void carver_witness(Carver *cv, const uint8_t *other) {
    uint64_t *w = cv->wit + (size_t)cv->wnext * cv->W;
    memset(w, 0, sizeof(uint64_t) * (size_t)cv->W);
    for (int c = 0; c < cv->N; c++)
        if (other[c] != cv->sol[c]) w[c >> 6] |= (uint64_t)1 << (c & 63);
    cv->wnext = (cv->wnext + 1) % MAX_WIT;
    if (cv->nwit < MAX_WIT) cv->nwit++;
}

/* 1: S stays unique without the ``glen`` cells ``grp`` (all given now); 0: it does not;
   -1: an exception (Ctrl-C) is set. */
static int carver_unique_without(Carver *cv, const int *grp, int glen) {
    const Geo *g = cv->g;
    const int W = cv->W;
    int forced = 1;
    for (int i = 0; i < glen; i++) cv->ingrp[grp[i]] = 1;
    for (int i = 0; i < glen && forced; i++) {
        int c = grp[i];
        uint32_t seen = 0;
        for (int k = g->peer_off[c]; k < g->peer_off[c + 1]; k++) {
            int p = g->peers[k];
            if (cv->cur[p] && !cv->ingrp[p]) seen |= 1u << (cv->sol[p] - 1);
        }
        forced = popcount32(seen) == g->n - 1;
    }
    for (int i = 0; i < glen; i++) cv->ingrp[grp[i]] = 0;
    if (!forced && glen == 1) forced = carver_hidden(cv, grp[0]);
    if (forced) { cv->shortcuts++; return 1; }
    /* an earlier second solution that differs from S inside the group only */
    uint64_t gm[MAX_N * MAX_N / 64 + 1];
    memset(gm, 0, sizeof(uint64_t) * (size_t)W);
    for (int i = 0; i < glen; i++) gm[grp[i] >> 6] |= (uint64_t)1 << (grp[i] & 63);
    for (int k = 0; k < cv->nwit; k++) {
        const uint64_t *w = cv->wit + (size_t)k * W;
        int inside = 0, outside = 0;
        for (int j = 0; j < W; j++) {
            inside |= (w[j] & gm[j]) != 0;
            outside |= (w[j] & cv->gbits[j] & ~gm[j]) != 0;
        }
        if (inside && !outside) { cv->shortcuts++; return 0; }
    }
    cv->searches++;
    for (int i = 0; i < glen; i++) cv->cur[grp[i]] = 0;
    int rc;
    if (glen == 1) {
        any_start_ex(&cv->a, cv->cur, 1, grp[0], cv->sol[grp[0]]);
        rc = run_sliced(&cv->a, 0.0, 1);
    } else {
        any_start(&cv->a, cv->cur, 2);
        rc = run_sliced(&cv->a, 0.0, 1);
    }
    for (int i = 0; i < glen; i++) cv->cur[grp[i]] = cv->sol[grp[i]];
    if (rc < 0) return -1;
    uint64_t cnt = ANY(&cv->a, count);
    const uint8_t *sols = ANY(&cv->a, sols);
    if (glen == 1) {
        if (!cnt) return 1;
        carver_witness(cv, sols);
        return 0;
    }
    if (cnt < 2) return 1;
    carver_witness(cv, memcmp(sols, cv->sol, (size_t)cv->N) ? sols : sols + cv->N);
    return 0;
}

typedef struct { int ngroups; int *off; int *cells; } Groups;

/* carve.py's carve(): groups in shuffled order, each removed while S stays unique.
   ``given`` is updated in place; returns the givens left, or -1 with an exception set. */
static int carve_pass(Carver *cv, MT *r, const Groups *gr, uint8_t *given, int target) {
    int ng = 0;
    for (int c = 0; c < cv->N; c++) ng += given[c] != 0;
    carver_set(cv, given);
    int *order = malloc(sizeof(int) * (size_t)(gr->ngroups + 1));
    if (!order) { PyErr_NoMemory(); return -1; }
    for (int i = 0; i < gr->ngroups; i++) order[i] = i;
    mt_shuffle(r, order, gr->ngroups);
    for (int i = 0; i < gr->ngroups; i++) {
        if (target >= 0 && ng <= target) break;
        const int *cells = gr->cells + gr->off[order[i]];
        int glen = gr->off[order[i] + 1] - gr->off[order[i]], all = 1;
        for (int k = 0; k < glen; k++) all &= given[cells[k]] != 0;
        if (!all || !glen) continue;
        int rc = carver_unique_without(cv, cells, glen);
        if (rc < 0) { free(order); return -1; }
        if (rc) {
            for (int k = 0; k < glen; k++) carver_drop(cv, given, cells[k]);
            ng -= glen;
        }
    }
    free(order);
    return ng;
}

/* carve_sudoku's local moves: one cell back, the givens tried again in shuffled order,
   then a full pass; kept when not larger. Returns the givens left, or -1. */
static int carve_polish(Carver *cv, MT *r, const Groups *gr, uint8_t *given, int ng, int polish, int above) {
    const int N = cv->N;
    uint8_t *start = malloc((size_t)N), *cur = malloc((size_t)N);
    int *list = malloc(sizeof(int) * (size_t)(N + 1));
    int out = ng;
    if (!start || !cur || !list) { PyErr_NoMemory(); out = -1; goto done; }
    for (int it = 0; it < polish; it++) {
        if (ng < above) break;
        int nl = 0;
        for (int c = 0; c < N; c++) if (!given[c]) list[nl++] = c;
        if (!nl) { PyErr_SetString(PyExc_IndexError, "Cannot choose from an empty sequence"); out = -1; goto done; }
        int back = list[mt_below(r, nl)];
        memcpy(start, given, (size_t)N);
        start[back] = 1;
        nl = 0;
        for (int c = 0; c < N; c++) if (given[c]) list[nl++] = c;
        mt_shuffle(r, list, nl);
        memcpy(cur, start, (size_t)N);
        carver_set(cv, cur);
        int changed = 0;
        for (int i = 0; i < nl; i++) {
            int rc = carver_unique_without(cv, list + i, 1);
            if (rc < 0) { out = -1; goto done; }
            if (rc) { carver_drop(cv, cur, list[i]); changed = 1; }
        }
        if (!changed) continue;
        int left = carve_pass(cv, r, gr, cur, -1);
        if (left < 0) { out = -1; goto done; }
        if (left <= ng) { memcpy(given, cur, (size_t)N); ng = left; }
    }
    out = ng;
done:
    free(start); free(cur); free(list);
    return out;
}

static int read_groups(PyObject *obj, int N, Groups *gr) {
    PyObject *seq = PySequence_Fast(obj, "groups must be a sequence of cell sequences");
    if (!seq) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(seq), total = 0;
    gr->ngroups = (int)k;
    gr->off = malloc(sizeof(int) * (size_t)(k + 1));
    gr->cells = NULL;
    if (!gr->off) { Py_DECREF(seq); PyErr_NoMemory(); return -1; }
    gr->off[0] = 0;
    for (Py_ssize_t i = 0; i < k; i++) {
        Py_ssize_t len = PyObject_Length(PySequence_Fast_GET_ITEM(seq, i));
        if (len < 0 || len > MAX_N) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "a group holds at most %d cells", MAX_N);
            Py_DECREF(seq);
            return -1;
        }
        total += len;
        gr->off[i + 1] = (int)total;
    }
    gr->cells = malloc(sizeof(int) * (size_t)(total + 1));
    if (!gr->cells) { Py_DECREF(seq); PyErr_NoMemory(); return -1; }
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *one = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, i), "a group must be a sequence");
        if (!one) { Py_DECREF(seq); return -1; }
        for (int j = gr->off[i]; j < gr->off[i + 1]; j++) {
            long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(one, j - gr->off[i]));
            if (c < 0 || c >= N) {
                if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "cell %ld is outside 0..%d", c, N - 1);
                Py_DECREF(one); Py_DECREF(seq);
                return -1;
            }
            gr->cells[j] = (int)c;
        }
        Py_DECREF(one);
    }
    Py_DECREF(seq);
    return 0;
}

/* the solution as bytes of values 1..n that fill every unit */
static int read_solution(const Geo *g, const Py_buffer *b) {
    if (read_givens(g, b->buf, b->len, g->ncells) < 0) return -1;
    const uint8_t *s = b->buf;
    uint32_t full = g->n >= 32 ? 0xffffffffu : (1u << g->n) - 1u;
    for (int u = 0; u < g->nunits; u++) {
        uint32_t m = 0;
        for (int k = 0; k < g->n; k++) {
            int v = s[g->unit_cells[u * g->n + k]];
            if (v) m |= 1u << (v - 1);
        }
        if (m != full) { PyErr_SetString(PyExc_ValueError, "solution is not a complete grid of this board"); return -1; }
    }
    return 0;
}

/* every unit of ``g`` holds each value of 1..n once in ``s`` */
static int fills_units(const Geo *g, const uint8_t *s) {
    uint32_t full = g->n >= 32 ? 0xffffffffu : (1u << g->n) - 1u;
    for (int u = 0; u < g->nunits; u++) {
        uint32_t m = 0;
        for (int k = 0; k < g->n; k++) {
            int v = s[g->unit_cells[u * g->n + k]];
            if (v < 1 || v > g->n) return 0;
            m |= 1u << (v - 1);
        }
        if (m != full) return 0;
    }
    return 1;
}

/* The second solutions that swap two values on four cells of S (two rows by two columns,
   the swap keeping every unit whole: S's rectangles), kept as witnesses before carving. */
static void carver_rectangles(Carver *cv) {
    const Geo *g = cv->g;
    const int n = g->n;
    const uint8_t *S = cv->sol;
    uint8_t t[MAX_N * MAX_N];
    if (g->ncells != n * n || g->ncells > MAX_N * MAX_N) return;
    for (int r1 = 0; r1 < n; r1++)
        for (int r2 = r1 + 1; r2 < n; r2++)
            for (int c1 = 0; c1 < n; c1++)
                for (int c2 = c1 + 1; c2 < n; c2++) {
                    int p = r1 * n + c1, q = r1 * n + c2, u = r2 * n + c1, v = r2 * n + c2;
                    if (S[p] != S[v] || S[q] != S[u]) continue;
                    memcpy(t, S, (size_t)g->ncells);
                    t[p] = S[q]; t[q] = S[p]; t[u] = S[v]; t[v] = S[u];
                    if (fills_units(g, t)) carver_witness(cv, t);
                }
}

PyDoc_STRVAR(carve_doc,
"carve(geometry, solution, groups, state, target=-1, polish=0, polish_above=0, start=None)\n"
"-> (given, state, searches, shortcuts)\n\n"
"generators.carve's removal pass over ``groups`` (cell tuples, shuffled from the random\n"
"state ``rng.getstate()[1]``) from the givens ``start`` (bytes, 1 per given cell; default\n"
"all), stopping at ``target`` givens (negative: none), then ``polish`` local moves while\n"
"at least ``polish_above`` givens remain. ``given``: bytes, 1 per given cell; ``state``: the\n"
"advanced random state; ``searches`` and ``shortcuts``: the uniqueness tests run as a\n"
"search and answered without one.");

static PyObject *py_carve(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"geometry", "solution", "groups", "state", "target", "polish", "polish_above",
                             "start", NULL};
    PyObject *cap, *groups, *state, *startobj = Py_None;
    Py_buffer sb;
    int target = -1, polish = 0, above = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oy*OO|iiiO:carve", kwlist, &cap, &sb, &groups, &state,
                                     &target, &polish, &above, &startobj))
        return NULL;
    Geo *g = get_geo(cap);
    PyObject *ret = NULL;
    Groups gr = {0, NULL, NULL};
    Carver cv;
    int have = 0;
    MT r;
    uint8_t *given = NULL;
    if (!g || read_solution(g, &sb) < 0 || mt_from_py(&r, state) < 0 || read_groups(groups, g->ncells, &gr) < 0)
        goto done;
    given = malloc((size_t)g->ncells);
    if (!given) { PyErr_NoMemory(); goto done; }
    if (startobj == Py_None) memset(given, 1, (size_t)g->ncells);
    else {
        Py_buffer st;
        if (PyObject_GetBuffer(startobj, &st, PyBUF_SIMPLE) < 0) goto done;
        int bad = st.len != g->ncells;
        if (!bad) memcpy(given, st.buf, (size_t)g->ncells);
        PyBuffer_Release(&st);
        if (bad) { PyErr_SetString(PyExc_ValueError, "start must hold one byte per cell"); goto done; }
    }
    if (carver_init(&cv, g, sb.buf) < 0) { PyErr_NoMemory(); goto done; }
    have = 1;
    carver_rectangles(&cv);
    int ng = carve_pass(&cv, &r, &gr, given, target);
    if (ng >= 0 && polish > 0) ng = carve_polish(&cv, &r, &gr, given, ng, polish, above);
    if (ng < 0) goto done;
    PyObject *st = mt_to_py(&r);
    if (!st) goto done;
    ret = Py_BuildValue("(y#Nll)", (const char *)given, (Py_ssize_t)g->ncells, st, cv.searches, cv.shortcuts);
done:
    if (have) carver_free(&cv);
    free(gr.off); free(gr.cells); free(given);
    PyBuffer_Release(&sb);
    return ret;
}

PyDoc_STRVAR(minimal_doc,
"minimal(geometry, solution, given) -> bool\n\n"
"Whether no single given (``given``: bytes, 1 per given cell) can go while ``solution``\n"
"stays the only one (the givens are assumed to have that unique solution).");

static PyObject *py_minimal(PyObject *self, PyObject *args) {
    PyObject *cap;
    Py_buffer sb, gb;
    if (!PyArg_ParseTuple(args, "Oy*y*:minimal", &cap, &sb, &gb)) return NULL;
    Geo *g = get_geo(cap);
    PyObject *ret = NULL;
    Carver cv;
    if (!g || read_solution(g, &sb) < 0) goto done;
    if (gb.len != g->ncells) { PyErr_SetString(PyExc_ValueError, "given must hold one byte per cell"); goto done; }
    if (carver_init(&cv, g, sb.buf) < 0) { PyErr_NoMemory(); goto done; }
    carver_set(&cv, gb.buf);
    int minimal = 1;
    for (int c = 0; c < g->ncells && minimal; c++) {
        if (!((const uint8_t *)gb.buf)[c]) continue;
        int rc = carver_unique_without(&cv, &c, 1);
        if (rc < 0) { minimal = -1; break; }
        if (rc) minimal = 0;
    }
    carver_free(&cv);
    if (minimal >= 0) ret = PyBool_FromLong(minimal);
done:
    PyBuffer_Release(&sb); PyBuffer_Release(&gb);
    return ret;
}

PyDoc_STRVAR(seed_state_doc,
"seed_state(seed) -> state\n\n"
"``random.Random(seed).getstate()[1]`` for an int seed with ``abs(seed) < 2**63`` (for the\n"
"check that this core seeds like the running Python).");

static PyObject *py_seed_state(PyObject *self, PyObject *args) {
    long long seed;
    if (!PyArg_ParseTuple(args, "L:seed_state", &seed)) return NULL;
    MT r;
    mt_seed(&r, seed);
    return mt_to_py(&r);
}

PyDoc_STRVAR(generate_doc,
"generate(geometry, first, count, box_rows, box_cols, budget, tries, polish, polish_above)\n"
"-> (puzzles, solutions, status, seconds)\n\n"
"The classic generator's plain route for seeds ``first .. first + count - 1``, each from\n"
"``random.Random(seed)``: random_grid's fill (``budget`` nodes, ``tries`` restarts), the\n"
"carving pass over single cells in shuffled order, ``polish`` local moves while at least\n"
"``polish_above`` givens remain, then a fresh count to 2 from the givens alone, whose one\n"
"solution must be the grid, a grid that fills every unit. ``puzzles`` and ``solutions``:\n"
"bytes, ``count`` boards of one byte per cell (0 empty); ``status``: bytes, per seed 1 made,\n"
"0 the fill ran out of budget on every try (the caller takes the seed's other route), 2 the\n"
"re-check failed; ``seconds``: bytes of ``count`` native doubles, each puzzle's time.");

static PyObject *py_generate(PyObject *self, PyObject *args) {
    PyObject *cap;
    long long first;
    int count, br, bc, tries, polish, above;
    long budget;
    if (!PyArg_ParseTuple(args, "OLiiiliii:generate", &cap, &first, &count, &br, &bc, &budget, &tries, &polish,
                          &above))
        return NULL;
    Geo *g = get_geo(cap);
    if (!g) return NULL;
    if (g->n > 30 || g->n > MAX_N || br < 1 || bc < 1 || br * bc != g->n || count < 0)
        return PyErr_Format(PyExc_ValueError, "generate takes classic boards with r x c boxes, count >= 0");
    if (first > (1LL << 62) || first < -(1LL << 62) || first + count > (1LL << 62))
        return PyErr_Format(PyExc_ValueError, "seeds must stay below 2**62 in size");
    const int N = g->ncells;
    MT r;
    Fill f = {g, &r, 0, budget, NULL, NULL, NULL};
    Groups gr = {N, NULL, NULL};
    Carver cv;
    int have = 0;
    PyObject *puz = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)count * N);
    PyObject *sol = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)count * N);
    PyObject *stat = PyBytes_FromStringAndSize(NULL, count);
    PyObject *secs = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)count * (Py_ssize_t)sizeof(double));
    uint8_t *pre = malloc((size_t)N), *grid = malloc((size_t)N), *given = malloc((size_t)N);
    f.cand = malloc(sizeof(uint32_t) * (size_t)(N + 1) * N);
    f.vals = malloc((size_t)(N + 1) * N);
    f.empty = malloc(sizeof(int) * (size_t)(N + 1) * N);
    gr.off = malloc(sizeof(int) * (size_t)(N + 1));
    gr.cells = malloc(sizeof(int) * (size_t)(N + 1));
    PyObject *ret = NULL;
    if (!puz || !sol || !stat || !secs) goto done;
    if (!pre || !grid || !given || !f.cand || !f.vals || !f.empty || !gr.off || !gr.cells) {
        PyErr_NoMemory();
        goto done;
    }
    for (int c = 0; c <= N; c++) { gr.off[c] = c; gr.cells[c] = c; }  /* symmetry "none": single cells */
    if (carver_init(&cv, g, grid) < 0) { PyErr_NoMemory(); goto done; }
    have = 1;
    uint8_t *P = (uint8_t *)PyBytes_AS_STRING(puz), *S = (uint8_t *)PyBytes_AS_STRING(sol);
    uint8_t *st = (uint8_t *)PyBytes_AS_STRING(stat);
    char *tm = PyBytes_AS_STRING(secs);
    memset(P, 0, (size_t)count * N);
    memset(S, 0, (size_t)count * N);
    for (int i = 0; i < count; i++) {
        double t0 = now_s(), dt;
        uint8_t *p = P + (size_t)i * N, *s = S + (size_t)i * N;
        if (PyErr_CheckSignals()) goto done;
        mt_seed(&r, first + i);
        st[i] = 0;
        if (fill_classic(&f, br, bc, tries, pre, grid) == FILL_OK) {
            cv.nwit = cv.wnext = 0;  /* second solutions of another grid say nothing here */
            carver_rectangles(&cv);
            memset(given, 1, (size_t)N);
            int ng = carve_pass(&cv, &r, &gr, given, -1);
            if (ng >= 0 && polish > 0) ng = carve_polish(&cv, &r, &gr, given, ng, polish, above);
            if (ng < 0) goto done;
            for (int c = 0; c < N; c++) p[c] = given[c] ? grid[c] : 0;
            memcpy(s, grid, (size_t)N);
            /* the re-check: a fresh count to 2 from the givens alone */
            any_start(&cv.a, p, 2);
            int rc = run_sliced(&cv.a, 0.0, 1);
            if (rc < 0) goto done;
            st[i] = rc == RUN_DONE && ANY(&cv.a, count) == 1 && !memcmp(ANY(&cv.a, sols), grid, (size_t)N)
                    && fills_units(g, grid) ? 1 : 2;
        }
        dt = now_s() - t0;
        memcpy(tm + (size_t)i * sizeof(double), &dt, sizeof(double));
    }
    ret = Py_BuildValue("(OOOO)", puz, sol, stat, secs);
done:
    if (have) carver_free(&cv);
    Py_XDECREF(puz); Py_XDECREF(sol); Py_XDECREF(stat); Py_XDECREF(secs);
    free(pre); free(grid); free(given); free(f.cand); free(f.vals); free(f.empty); free(gr.off); free(gr.cells);
    return ret;
}

#define GEN_METHODS \
    {"fill", (PyCFunction)py_fill, METH_VARARGS, fill_doc}, \
    {"shuffle", (PyCFunction)py_shuffle, METH_VARARGS, shuffle_doc}, \
    {"carve", (PyCFunction)(void (*)(void))py_carve, METH_VARARGS | METH_KEYWORDS, carve_doc}, \
    {"minimal", (PyCFunction)py_minimal, METH_VARARGS, minimal_doc}, \
    {"seed_state", (PyCFunction)py_seed_state, METH_VARARGS, seed_state_doc}, \
    {"generate", (PyCFunction)py_generate, METH_VARARGS, generate_doc},

#endif /* GRIDSAT_CORE_CARVE_H */
