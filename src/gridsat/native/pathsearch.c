/*
 * gridsat._pathsearch: local search for one Hamiltonian path through the givens of a
 * Hidato/Numbrix board (the ``search`` backend). It finds solutions; it proves nothing.
 *
 * The state and the moves are in pathsearch_moves.h, and the first state (every gap routed
 * by a cheapest path, conflicts negotiated with growing costs on contested cells, tightest
 * gaps first) in pathsearch_route.h. This file runs the annealing in slices of work, kicks a
 * stalled state (the gaps around the longest-wrong one routed afresh, the rest kept;
 * restarts from a fresh first state after 1, 1.5, 2.25, ... restart periods remain, off
 * by default), looks for a second solution by a length-preserving move on a found one,
 * and wraps all of it for Python.
 * A slice runs without the GIL; the caller handles signals and the time limit between
 * slices. Everything is driven by one seeded generator and by work counts, never by the
 * clock, so a seed always gives the same answer.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "pathsearch_state.h"
#include "pathsearch_moves.h"
#include "pathsearch_transport.h"
#include "pathsearch_chain.h"
#include "pathsearch_pair.h"
#include "pathsearch_exact.h"
#include "pathsearch_route.h"

typedef struct {
    PS p;
    int ready;                 /* the state is a path (else build a first state) */
    long long work, next_restart, restart_work, k;
    int reroute_every, transport_every, chain_every, kick_gaps, kick_long, pair_every, kick_retries;
    long transport_budget;
    long long kick_every, next_kick, kick_after, improved, best, kicks, kick_tries;
} Run;

/* the kick, when the search stalls: the gap that has been wrong longest and the gaps
   nearest it on the board (breadth first over gaps that touch, as in the error chain), k
   in all, are routed again, in a random order, by cheapest paths (with noise) through
   the cells no other gap uses. They come out short and the moves grow them again, so a
   patch that no exact re-route can change starts over while the rest of the state is
   kept (a restart throws all of it away). 1 when done, 0 when some gap found no route
   (then the state is as it was). With ``along`` (king boards), a gap too long comes before
   any gap too short: the stalls of the 50x50 king boards with 20% givens keep their extra
   cell in one crowded patch while the missing one wanders (on king50x50_d20_s2, seeds
   0-23: 12 runs of 24 solved against 5). */
static int ps_kick(PS *p, int k, double noise, int along, int retries) {
    int g = -1;
    for (int h = 0; h < p->ng; h++) {
        if (p->glen[h] == p->L[h]) continue;
        if (g >= 0 && along && (p->glen[h] > p->L[h]) != (p->glen[g] > p->L[g])) {
            if (p->glen[h] > p->L[h]) g = h;
        } else if (g < 0 || p->since[h] < p->since[g]) g = h;
    }
    if (g < 0) return 0;
    int qh = 0, qt = 0, o = -1;
    p->tstamp++;
    p->gvis[g] = p->tstamp; p->gpar[g] = -1; p->tq[qt++] = g;
    while (qh < qt && qt < k) ch_expand(p, p->tq[qh++], &qt, &o);
    if (qt < k) k = qt;
    int *w = p->tq;
    for (int i = k - 1; i > 0; i--) { int j = ps_below(p, i + 1), v = w[i]; w[i] = w[j]; w[j] = v; }
    int ns = 0;                         /* free the old routes, remembering them */
    for (int j = 0; j < k; j++) {
        int a = p->anc[w[j]], b = p->anc[w[j] + 1], u = p->nxt[a];
        while (u != b) { int nx = p->nxt[u]; p->saved[ns++] = u; off_add(p, u); u = nx; }
        p->saved[ns++] = -1;
        p->nxt[a] = b; p->prv[b] = a;
    }
    int ok = 0, j, *ord = p->order;
    for (j = 0; j < k; j++) ord[j] = w[j];
    for (int attempt = 0; attempt <= retries && !ok; attempt++) {
        if (attempt)                    /* another order: the routes found first walled a gap in */
            for (int i = k - 1; i > 0; i--) { int q = ps_below(p, i + 1), v = ord[i]; ord[i] = ord[q]; ord[q] = v; }
        for (int c = 0; c < p->n; c++) p->occ[c] = p->gap[c] != OFF;
        ok = 1;
        for (j = 0; j < k && ok; j++) {
            p->rl[ord[j]] = 0;
            ok = route_gap(p, ord[j], 0.0, 1, noise);
            if (ok) occupy(p, ord[j], 1);
        }
    }
    int i = 0;
    for (j = 0; j < k; j++) {
        int h = w[j], a = p->anc[h], m = 0;
        if (ok) {
            for (int q = 0; q < p->rl[h]; q++) { int c = p->rt[h][q]; ins_after(p, a, c, h); a = c; }
            m = p->rl[h];
        } else {
            for (; p->saved[i] >= 0; i++, m++) { ins_after(p, a, p->saved[i], h); a = p->saved[i]; }
            i++;
        }
        ps_setlen(p, h, m + 1);
        p->since[h] = p->clock;
    }
    return ok;
}

/* ------------------------------------------------------------------ the search loop */
static int run_slice(Run *r, long long work) {
    PS *p = &r->p;
    long long end = r->work + work;
    while (r->work < end) {
        if (!r->ready) {
            p->restarts++;
            r->work += 20LL * p->n + 1000;
            if (!ps_init(p, 0.2 + 0.1 * (double)r->k)) continue;
            r->ready = 1;
            r->next_restart = r->work + (long long)(r->restart_work * pow(1.5, (double)r->k));
            r->next_kick = r->work + r->kick_every;
            r->best = p->F; r->improved = r->work;
        }
        if (p->F == 0) return 1;
        if (r->work >= r->next_restart) { r->ready = 0; r->k++; continue; }
        if (r->kick_every > 0 && r->work >= r->next_kick) {   /* no better F for kick_after: kick */
            r->next_kick = r->work + r->kick_every;
            r->work += p->ng;
            if (r->work - r->improved >= r->kick_after && ++r->kick_tries && ps_kick(p, r->kick_gaps, 1.0, r->kick_long, r->kick_retries)) {
                r->kicks++; r->work += 20LL * p->n; r->best = p->F; r->improved = r->work;
            }
        }
        if (p->F < r->best) { r->best = p->F; r->improved = r->work; }
        uint64_t u = ps_rand(p);
        p->clock = r->work;
        if (r->transport_every > 0 && !p->rook && (int)((u >> 40) & 0xffff) % r->transport_every == 0) {
            r->work += 8 + move_transport(p, r->transport_budget);
            continue;
        }
        if (r->chain_every > 0 && !p->rook && (int)((u >> 44) & 0xffff) % r->chain_every == 0) {
            long long before = p->dfs_nodes;
            r->work += 8 + move_chain(p, 20000);
            r->work += p->dfs_nodes - before;
            continue;
        }
        if ((int)(u & 0xffff) % r->reroute_every == 0) {
            long long before = p->dfs_nodes;
            if (p->noff && (u >> 17) & 1) {
                if (r->pair_every && (int)((u >> 48) & 0xff) % r->pair_every == 0) r->work += move_pair(p) / 4;
                else move_hole(p);
            } else move_reroute(p);
            r->work += 8 + (p->dfs_nodes - before);
        } else {
            r->work++;
            int c;
            if (p->noff && (u >> 20) & 1) c = p->offl[(int)((u >> 24) % (uint64_t)p->noff)];
            else c = (int)((u >> 24) % (uint64_t)p->n);
            if (p->gap[c] == OFF) move_off(p, c);
            else if (p->gap[c] >= 0) move_on(p, c);
        }
    }
    return r->ready && p->F == 0;
}

/* a second solution from a solved state by one length-preserving move (1: found, the
   state now holds it; 0: none of these moves applies) */
static int ps_alternative(PS *p) {
    int n = p->n, s0 = ps_below(p, n);
    for (int i = 0; i < n; i++) {
        int y = (s0 + i) % n, g = p->gap[y];
        if (g < 0) continue;
        int a = p->prv[y], b = p->nxt[y], w = b;
        for (int steps = 0; p->gap[w] == g && steps < 64; steps++, w = p->nxt[w])
            if (ps_adj(p, a, w) && ps_adj(p, y, p->nxt[w])) { reverse_seg(p, y, w); return 1; }
        if (!ps_adj(p, a, b)) continue;
        for (int e = p->ip[y]; e < p->ip[y + 1]; e++) {
            int z = p->ix[e];
            if (p->gap[z] == OFF || z == a) continue;
            int q = p->nxt[z];
            if (q >= 0 && q != y && ps_egap(p, z) == g && ps_adj(p, y, q)) { unlink_cell(p, y); ins_after(p, z, y, g); return 1; }
            if (z != b && p->prv[z] >= 0 && ps_virtual(p, p->prv[z]) && ps_egap(p, p->prv[z]) == g) {
                int s = p->prv[z]; unlink_cell(p, y); ins_after(p, s, y, g); return 1;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ memory */
static void run_free(Run *r) {
    if (!r) return;
    PS *p = &r->p;
    if (p->rt) for (int g = 0; g < p->ng; g++) free(p->rt[g]);
    void *bufs[] = {p->ip, p->ix, p->row, p->col, p->grid, p->anc, p->L, p->aidx, p->nxt, p->prv, p->gap, p->glen,
                    p->offl, p->offpos, p->since, p->cand, p->lg, p->ls, p->chosen, p->co, p->cn, p->ci, p->saved, p->mark,
                    p->dv, p->dstamp, p->dpar, p->heap, p->hkey, p->rt, p->rl, p->rcap, p->occ, p->hist, p->order, p->big,
                    p->tvis, p->tpar, p->tz, p->tq, p->tch, p->gvis, p->gpar};
    for (size_t i = 0; i < sizeof(bufs) / sizeof(bufs[0]); i++) free(bufs[i]);
    free(r);
}

static void capsule_free(PyObject *cap) { run_free((Run *)PyCapsule_GetPointer(cap, "gridsat._pathsearch.Run")); }

static Run *get_run(PyObject *cap) { return (Run *)PyCapsule_GetPointer(cap, "gridsat._pathsearch.Run"); }

static int *ints(Py_buffer *b, Py_ssize_t want, const char *what) {
    if (b->len % 4 || (want >= 0 && b->len / 4 != want)) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd int32 values, got %zd bytes", what, want, b->len);
        return NULL;
    }
    return (int *)b->buf;
}

#define ALLOC(x, cnt) do { (x) = calloc((size_t)(cnt) + 1, sizeof(*(x))); if (!(x)) goto nomem; } while (0)

PyDoc_STRVAR(new_doc,
"new(n, indptr, indices, rows, cols, rook, anchor_cells, anchor_values, seed, temperature=0.25,\n"
"    restart_work=10**12, reroute_every=256, transport_every=0, transport_budget=200000,\n"
"    chain_every=2048, kick_every=1000000, kick_after=4000000, kick_gaps=12, kick_long=True,\n"
"    pair_every=0, kick_retries=0) -> state\n\n"
"A search state. Arrays are int32 buffers: the neighbour lists in CSR form (indptr n + 1\n"
"entries), the cells' rows and columns, and the given cells with their numbers in\n"
"increasing order (1 and N may be missing). ``rook``: 1 for Manhattan, 0 for Chebyshev\n"
"distance bounds. ``chain_every``: about one error-chain move (pathsearch_chain.h) per that many\n"
"iterations on king boards (0: none); ``transport_every``: the same for the transport move (king boards only,\n"
"off by default), ``transport_budget`` its search steps. ``kick_every``: every that many work units\n"
"(0: never) the search checks whether its cost has not improved for ``kick_after`` units and if so\n"
"routes the longest-wrong gap and the ``kick_gaps`` - 1 gaps nearest it afresh (the kick); with\n"
"``kick_long`` (king boards only) the longest-wrong gap that is too long, when there is one.\n"
"``pair_every`` (rook boards only; 0: never, the default): one hole move in that many is the\n"
"pairing move (pathsearch_pair.h). ``kick_retries``: more routing orders a kick tries after the\n"
"first walls a gap in (default 0).");

static PyObject *py_new(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"n", "indptr", "indices", "rows", "cols", "rook", "anchor_cells", "anchor_values",
                             "seed", "temperature", "restart_work", "reroute_every", "transport_every",
                             "transport_budget", "chain_every",
                             "kick_every", "kick_after", "kick_gaps", "kick_long", "pair_every", "kick_retries", NULL};
    int n, rook, every = 256, tevery = 0, cevery = 2048, kgaps = 12, klong = 1, pevery = 0, kretries = 0;
    long long kevery = 1000000LL, kafter = 4000000LL;
    long tbudget = 200000;
    unsigned long long seed;
    double temp = 0.25;
    long long rwork = 1000000000000LL;
    Py_buffer bip, bix, brow, bcol, bac, bav;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iy*y*y*y*py*y*K|dLiiliLLipii:new", kwlist, &n, &bip, &bix, &brow, &bcol, &rook,
                                     &bac, &bav, &seed, &temp, &rwork, &every, &tevery, &tbudget, &cevery,
                                     &kevery, &kafter, &kgaps, &klong, &pevery, &kretries))
        return NULL;
    Py_buffer *all[] = {&bip, &bix, &brow, &bcol, &bac, &bav};
    Run *r = NULL;
    PyObject *ret = NULL;
    int *ip, *ix, *rw, *cl, *ac, *av;
    if (n < 1) { PyErr_SetString(PyExc_ValueError, "no cells"); goto out; }
    if (!(ip = ints(&bip, n + 1, "indptr")) || !(ix = ints(&bix, -1, "indices")) || !(rw = ints(&brow, n, "rows"))
        || !(cl = ints(&bcol, n, "cols")) || !(ac = ints(&bac, -1, "anchor_cells")) || !(av = ints(&bav, bac.len / 4, "anchor_values")))
        goto out;
    int m = (int)(bac.len / 4), ne = (int)(bix.len / 4);
    if (ip[0] != 0 || ip[n] != ne) { PyErr_SetString(PyExc_ValueError, "indptr does not match indices"); goto out; }
    for (int i = 0; i < n; i++) if (ip[i + 1] < ip[i] || ip[i + 1] - ip[i] > 8) { PyErr_SetString(PyExc_ValueError, "at most 8 neighbours a cell"); goto out; }
    for (int e = 0; e < ne; e++) if (ix[e] < 0 || ix[e] >= n) { PyErr_SetString(PyExc_ValueError, "neighbour out of range"); goto out; }
    for (int i = 0; i < m; i++)
        if (ac[i] < 0 || ac[i] >= n || av[i] < 1 || av[i] > n || (i && av[i] <= av[i - 1])) {
            PyErr_SetString(PyExc_ValueError, "anchors: cells in range, numbers 1..n increasing"); goto out;
        }
    r = calloc(1, sizeof(Run));
    if (!r) { PyErr_NoMemory(); goto out; }
    PS *p = &r->p;
    int N2 = n + 2, na = m + 2, ng = m + 1;
    p->n = n; p->S = n; p->T = n + 1; p->rook = rook; p->N = n; p->na = na; p->ng = ng;
    ALLOC(p->ip, n + 1); ALLOC(p->ix, ne); ALLOC(p->row, n); ALLOC(p->col, n);
    memcpy(p->ip, ip, sizeof(int) * (size_t)(n + 1)); memcpy(p->ix, ix, sizeof(int) * (size_t)ne);
    memcpy(p->row, rw, sizeof(int) * (size_t)n); memcpy(p->col, cl, sizeof(int) * (size_t)n);
    for (int c = 0; c < n; c++) {
        if (rw[c] < 0 || cl[c] < 0 || rw[c] > 100000 || cl[c] > 100000) { PyErr_SetString(PyExc_ValueError, "coordinates"); goto fail; }
        if (rw[c] >= p->R) p->R = rw[c] + 1;
        if (cl[c] >= p->C) p->C = cl[c] + 1;
    }
    ALLOC(p->grid, (size_t)p->R * p->C);
    for (long i = 0; i < (long)p->R * p->C; i++) p->grid[i] = -1;
    for (int c = 0; c < n; c++) p->grid[rw[c] * p->C + cl[c]] = c;
    ALLOC(p->anc, na); ALLOC(p->L, ng); ALLOC(p->aidx, N2);
    for (int i = 0; i < N2; i++) p->aidx[i] = -1;
    p->anc[0] = p->S; p->aidx[p->S] = 0;
    for (int i = 0; i < m; i++) {
        if (p->aidx[ac[i]] >= 0) { PyErr_SetString(PyExc_ValueError, "a cell given twice"); goto fail; }
        p->anc[i + 1] = ac[i]; p->aidx[ac[i]] = i + 1;
    }
    p->anc[na - 1] = p->T; p->aidx[p->T] = na - 1;
    for (int g = 0; g < ng; g++) p->L[g] = (g == ng - 1 ? n + 1 : av[g]) - (g == 0 ? 0 : av[g - 1]);
    ALLOC(p->nxt, N2); ALLOC(p->prv, N2); ALLOC(p->gap, N2); ALLOC(p->glen, ng); ALLOC(p->since, ng);
    ALLOC(p->offl, N2); ALLOC(p->offpos, N2);
    for (int i = 0; i < N2; i++) { p->nxt[i] = p->prv[i] = -1; p->gap[i] = p->aidx[i] >= 0 ? ANCHOR : OFF; }
    ALLOC(p->cand, 8L * (N2 + ng) + 64); ALLOC(p->big, N2 + ng);
    ALLOC(p->lg, N2 + ng); ALLOC(p->ls, N2 + ng); ALLOC(p->chosen, N2 + ng);
    ALLOC(p->co, N2 + ng); ALLOC(p->cn, N2 + ng); ALLOC(p->ci, N2 + ng); ALLOC(p->saved, N2 + ng); ALLOC(p->mark, N2);
    ALLOC(p->dv, N2); ALLOC(p->dstamp, N2); ALLOC(p->dpar, N2); ALLOC(p->heap, 10L * N2); ALLOC(p->hkey, 10L * N2);
    ALLOC(p->rt, ng); ALLOC(p->rl, ng); ALLOC(p->rcap, ng); ALLOC(p->occ, N2); ALLOC(p->hist, N2); ALLOC(p->order, ng);
    ALLOC(p->tvis, N2); ALLOC(p->tpar, N2); ALLOC(p->tz, N2); ALLOC(p->tq, N2); ALLOC(p->tch, N2); ALLOC(p->gvis, ng); ALLOC(p->gpar, ng);
    p->must2 = -1;
    p->rng = seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL;
    if (!p->rng) p->rng = 1;
    for (int i = 0; i < 4; i++) ps_rand(p);
    p->temp = temp > 1e-6 ? temp : 1e-6;
    for (int d = 0; d < 8; d++) p->acc[d] = exp(-(double)d / p->temp);
    r->restart_work = rwork > 1000 ? rwork : 1000;
    r->reroute_every = every > 0 ? every : 1;
    r->transport_every = tevery > 0 ? tevery : 0;
    r->transport_budget = tbudget > 0 ? tbudget : 1;
    r->chain_every = cevery > 0 ? cevery : 0;
    r->kick_every = kevery > 0 ? kevery : 0;
    r->kick_after = kafter > 0 ? kafter : 0;
    r->kick_gaps = kgaps < 1 ? 1 : kgaps > ng ? ng : kgaps;
    r->pair_every = rook && pevery > 0 ? pevery : 0;
    r->kick_retries = kretries > 0 ? kretries : 0;
    r->kick_long = klong && !rook;  /* measured on king boards; on rook boards it lost runs */
    ret = PyCapsule_New(r, "gridsat._pathsearch.Run", capsule_free);
    if (!ret) goto fail;
    goto out;
nomem:
    PyErr_NoMemory();
fail:
    run_free(r);
out:
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) PyBuffer_Release(all[i]);
    return ret;
}

static PyObject *numbers(Run *r) {
    PS *p = &r->p;
    PyObject *out = PyList_New(p->n);
    if (!out) return NULL;
    for (int c = 0; c < p->n; c++) { Py_INCREF(Py_None); PyList_SET_ITEM(out, c, Py_None); }
    int k = 0;
    for (int u = p->nxt[p->S]; u >= 0 && u != p->T; u = p->nxt[u]) {
        PyObject *v = PyLong_FromLong(++k);
        if (!v) { Py_DECREF(out); return NULL; }
        PyList_SetItem(out, u, v);
    }
    return out;
}

PyDoc_STRVAR(run_doc, "run(state, work) -> bool\n\nSearch for up to ``work`` units (about one cheap move each) "
             "without the GIL; true when the state is a solution.");
static PyObject *py_run(PyObject *self, PyObject *args) {
    PyObject *cap; long long work; int solved;
    if (!PyArg_ParseTuple(args, "OL:run", &cap, &work)) return NULL;
    Run *r = get_run(cap);
    if (!r) return NULL;
    Py_BEGIN_ALLOW_THREADS
    solved = run_slice(r, work);
    Py_END_ALLOW_THREADS
    return PyBool_FromLong(solved);
}

PyDoc_STRVAR(solution_doc, "solution(state) -> list | None\n\nThe numbers per cell when the state is a solution.");
static PyObject *py_solution(PyObject *self, PyObject *args) {
    PyObject *cap;
    if (!PyArg_ParseTuple(args, "O:solution", &cap)) return NULL;
    Run *r = get_run(cap);
    if (!r) return NULL;
    if (!r->ready || r->p.F != 0) Py_RETURN_NONE;
    return numbers(r);
}

PyDoc_STRVAR(current_doc, "current(state) -> list | None\n\nThe path as it stands: each cell's position on it "
             "(1, 2, ...), None for a cell off the path; None before a first state exists.");
static PyObject *py_current(PyObject *self, PyObject *args) {
    PyObject *cap;
    if (!PyArg_ParseTuple(args, "O:current", &cap)) return NULL;
    Run *r = get_run(cap);
    if (!r) return NULL;
    if (!r->ready) Py_RETURN_NONE;
    return numbers(r);
}

PyDoc_STRVAR(alternative_doc, "alternative(state) -> list | None\n\nFrom a solved state, a different solution "
             "by one length-preserving move (a reversal or a cell moved inside its gap); the state keeps it.");
static PyObject *py_alternative(PyObject *self, PyObject *args) {
    PyObject *cap;
    if (!PyArg_ParseTuple(args, "O:alternative", &cap)) return NULL;
    Run *r = get_run(cap);
    if (!r) return NULL;
    if (!r->ready || r->p.F != 0 || !ps_alternative(&r->p)) Py_RETURN_NONE;
    return numbers(r);
}

PyDoc_STRVAR(load_doc, "load(state, numbers)\n\nMake the state the solution ``numbers`` (one int per cell, 1..n); "
             "ValueError if it is not one.");
static PyObject *py_load(PyObject *self, PyObject *args) {
    PyObject *cap, *seq;
    if (!PyArg_ParseTuple(args, "OO:load", &cap, &seq)) return NULL;
    Run *r = get_run(cap);
    if (!r) return NULL;
    PS *p = &r->p;
    PyObject *fast = PySequence_Fast(seq, "numbers must be a sequence");
    if (!fast) return NULL;
    int n = p->n, *at = p->mark;
    if (PySequence_Fast_GET_SIZE(fast) != n) { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "one number per cell"); return NULL; }
    for (int i = 0; i <= n + 1; i++) at[i] = -1;
    for (int c = 0; c < n; c++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, c));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return NULL; }
        if (v < 1 || v > n || at[v] >= 0) { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "not a numbering 1..n"); return NULL; }
        at[v] = c;
    }
    Py_DECREF(fast);
    at[0] = p->S; at[n + 1] = p->T;
    for (int v = 1; v <= n; v++) {
        if (v < n && !ps_adj(p, at[v], at[v + 1])) { PyErr_SetString(PyExc_ValueError, "consecutive numbers not adjacent"); return NULL; }
        int a = p->aidx[at[v]];
        if (a >= 0 && a != 0 && a != p->na - 1) {
            int want = 0; for (int g = 0; g < a; g++) want += p->L[g];
            if (want != v) { PyErr_SetString(PyExc_ValueError, "a given number moved"); return NULL; }
        }
    }
    int g = 0;
    p->noff = 0; p->F = 0;
    for (int v = 0; v <= n + 1; v++) {
        int u = at[v];
        p->prv[u] = v ? at[v - 1] : -1; p->nxt[u] = v <= n ? at[v + 1] : -1;
        if (u < n) p->offpos[u] = -1;
        if (p->aidx[u] >= 0) g = p->aidx[u]; else p->gap[u] = g;
    }
    for (g = 0; g < p->ng; g++) {
        int len = 0;
        for (int u = p->anc[g]; u != p->anc[g + 1]; u = p->nxt[u]) len++;
        p->glen[g] = len; p->since[g] = p->clock; p->F += ps_cost(p, g, len);
    }
    r->ready = 1; r->next_restart = r->work + r->restart_work;
    r->next_kick = r->work + r->kick_every; r->best = p->F; r->improved = r->work;
    Py_RETURN_NONE;
}

PyDoc_STRVAR(stats_doc, "stats(state) -> dict\n\nCounters: moves, reroutes, reroutes_kept, dfs_nodes, restarts, "
             "work, cost (the current F), off_path.");
static PyObject *py_stats(PyObject *self, PyObject *args) {
    PyObject *cap;
    if (!PyArg_ParseTuple(args, "O:stats", &cap)) return NULL;
    Run *r = get_run(cap);
    if (!r) return NULL;
    PS *p = &r->p;
    return Py_BuildValue("{sLsLsLsLsLsLsLsLsLsLsLsLsLsLsLsLslsi}", "moves", p->moves, "reroutes", p->reroutes, "reroutes_kept", p->rr_ok,
                         "dfs_nodes", p->dfs_nodes, "restarts", p->restarts, "transports", p->tr_calls,
                         "transports_kept", p->tr_ok, "transports_found", p->tr_found, "transport_steps", p->tr_ops, "chains", p->ch_calls, "chains_kept", p->ch_ok,
                         "kicks", r->kicks, "kick_tries", r->kick_tries, "pairs", p->pr_calls, "pairs_kept", p->pr_ok, "work", r->work,
                         "cost", r->ready ? p->F : -1L, "off_path", r->ready ? p->noff : -1);
}

PyDoc_STRVAR(exact_doc,
"exact(n, indptr, indices, rows, cols, rook, anchor_cells, anchor_values, limit, keep, budget) -> (count, complete, nodes, solutions)\n\n"
"The exact depth-first search (pathsearch_exact.h): counts the numberings up to ``limit`` within\n"
"``budget`` nodes, without the GIL. ``complete``: the count is exact (the budget was not spent\n"
"before the limit or the end); ``solutions``: the first ``keep`` as lists of numbers per cell.");
static PyObject *py_exact(PyObject *self, PyObject *args) {
    int n, rook, limit, keep, m, ne, err = 0;
    long long budget;
    Py_buffer bip, bix, brow, bcol, bac, bav;
    if (!PyArg_ParseTuple(args, "iy*y*y*y*py*y*iiL:exact", &n, &bip, &bix, &brow, &bcol, &rook, &bac, &bav, &limit, &keep, &budget))
        return NULL;
    Py_buffer *all[] = {&bip, &bix, &brow, &bcol, &bac, &bav};
    PyObject *ret = NULL;
    int *ip, *ix, *rw, *cl, *ac, *av;
    EX e;
    memset(&e, 0, sizeof(e));
    if (n < 1 || n > EX_MAX_CELLS) { PyErr_Format(PyExc_ValueError, "exact: 1 to %d cells", EX_MAX_CELLS); goto out; }
    if (limit < 1 || keep < 0 || keep > 64 || budget < 1) { PyErr_SetString(PyExc_ValueError, "exact: limit >= 1, keep 0..64, budget >= 1"); goto out; }
    if (!(ip = ints(&bip, n + 1, "indptr")) || !(ix = ints(&bix, -1, "indices")) || !(rw = ints(&brow, n, "rows"))
        || !(cl = ints(&bcol, n, "cols")) || !(ac = ints(&bac, -1, "anchor_cells")) || !(av = ints(&bav, bac.len / 4, "anchor_values")))
        goto out;
    m = (int)(bac.len / 4); ne = (int)(bix.len / 4);
    for (int c = 0; c < n; c++) if (rw[c] < 0 || cl[c] < 0 || rw[c] > 100000 || cl[c] > 100000) { PyErr_SetString(PyExc_ValueError, "coordinates"); goto out; }
    if (ip[0] != 0 || ip[n] != ne) { PyErr_SetString(PyExc_ValueError, "indptr does not match indices"); goto out; }
    for (int i = 0; i < n; i++) if (ip[i + 1] < ip[i] || ip[i + 1] - ip[i] > 8) { PyErr_SetString(PyExc_ValueError, "at most 8 neighbours a cell"); goto out; }
    for (int k = 0; k < ne; k++) if (ix[k] < 0 || ix[k] >= n) { PyErr_SetString(PyExc_ValueError, "neighbour out of range"); goto out; }
    for (int i = 0; i < m; i++) {
        if (ac[i] < 0 || ac[i] >= n || av[i] < 1 || av[i] > n || (i && av[i] <= av[i - 1])) {
            PyErr_SetString(PyExc_ValueError, "anchors: cells in range, numbers 1..n increasing"); goto out;
        }
        for (int j = 0; j < i; j++) if (ac[j] == ac[i]) { PyErr_SetString(PyExc_ValueError, "a cell given twice"); goto out; }
    }
    Py_BEGIN_ALLOW_THREADS
    err = ex_run(&e, n, ip, ix, rw, cl, rook, m, ac, av, limit, keep, budget);
    Py_END_ALLOW_THREADS
    if (err) { PyErr_NoMemory(); goto out; }
    int kept = e.count < e.keep ? e.count : e.keep;
    PyObject *sols = PyList_New(kept);
    if (!sols) goto out;
    for (int s = 0; s < kept; s++) {
        PyObject *row = PyList_New(n);
        if (!row) { Py_DECREF(sols); goto out; }
        for (int c = 0; c < n; c++) PyList_SET_ITEM(row, c, PyLong_FromLong(e.sols[(size_t)s * n + c]));
        PyList_SET_ITEM(sols, s, row);
    }
    ret = Py_BuildValue("(iOLN)", e.count, e.stop == 2 ? Py_False : Py_True, e.nodes, sols);
out:
    ex_free(&e);
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) PyBuffer_Release(all[i]);
    return ret;
}

static PyMethodDef methods[] = {
    {"new", (PyCFunction)(void (*)(void))py_new, METH_VARARGS | METH_KEYWORDS, new_doc},
    {"run", py_run, METH_VARARGS, run_doc},
    {"solution", py_solution, METH_VARARGS, solution_doc},
    {"current", py_current, METH_VARARGS, current_doc},
    {"alternative", py_alternative, METH_VARARGS, alternative_doc},
    {"load", py_load, METH_VARARGS, load_doc},
    {"stats", py_stats, METH_VARARGS, stats_doc},
    {"exact", py_exact, METH_VARARGS, exact_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "gridsat._pathsearch",
    "Local search for Hidato/Numbrix paths (the 'search' backend): finds solutions, proves nothing.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__pathsearch(void) { return PyModule_Create(&moduledef); }
