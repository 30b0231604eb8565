/*
 * Forcing chains by propagation (Nishio, dynamic): whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 *
 * lgf_propagate is the Python propagate() of techniques/forcing.py step for step: the same
 * first-in first-out queue of events, the same tests in the same order, so the candidates
 * forced on and off, the contradiction event, the number of events handled and the parents
 * of every derived event are the Python's own. An event is 2k + 1 (candidate k = 9 * cell +
 * digit - 1 true) or 2k (false). py_propagate hands the result to Python.
 */
#ifndef GRIDSAT_LG_FORCING_H
#define GRIDSAT_LG_FORCING_H

#include "lg_py.h"

#define LGF_CANDS (LG_CELLS * LG_N)  /* candidate ids 0..728 */
#define LGF_EVENTS (2 * LGF_CANDS)   /* events 0..1457 */
#define LGF_WORDS ((LGF_CANDS + 63) / 64)
/* every event is queued at most: the start, each off event once, and per off event one
   naked single and one hidden single in each of its three units */
#define LGF_QUEUE (1 + 5 * LGF_CANDS)

typedef struct {
    uint64_t on[LGF_WORDS], off[LGF_WORDS]; /* candidates forced true / false */
    int contra;                             /* the event that met a contradiction, -1 for none */
    int count;                              /* events handled */
    int track;                              /* record the parents below */
    int nset;                               /* events with parents, in order of first record */
    uint16_t set_order[LGF_EVENTS];
    int8_t npar[LGF_EVENTS];                /* number of parents, -1 when none recorded */
    uint16_t par[LGF_EVENTS][8];
} LGF_Prop;

static inline int lgf_test(const uint64_t *a, int k) { return (int)((a[k >> 6] >> (k & 63)) & 1); }
static inline void lgf_set(uint64_t *a, int k) { a[k >> 6] |= (uint64_t)1 << (k & 63); }

static inline void lgf_parent_mark(LGF_Prop *r, int ev) {
    if (r->npar[ev] < 0) r->set_order[r->nset++] = (uint16_t)ev;
    r->npar[ev] = 0;
}

/* Singles propagation of event ev on a copy of g's candidates; dig >= 0: that digit only (0-based). */
static void lgf_propagate(const LG *g, int ev, int dig, int track, LGF_Prop *r) {
    uint16_t C[LG_CELLS];
    lg_cells P[LG_N];
    uint16_t placed[LG_UNITS];
    uint16_t q[LGF_QUEUE];
    int head = 0, tail = 0, contra = -1, count = 0;
    memcpy(C, g->cands, sizeof C);
    memcpy(P, g->dpos, sizeof P);
    memset(placed, 0, sizeof placed);
    memset(r->on, 0, sizeof r->on);
    memset(r->off, 0, sizeof r->off);
    r->track = track;
    r->nset = 0;
    if (track) {
        memset(r->npar, -1, sizeof r->npar);
        lgf_parent_mark(r, ev);
    }
    q[tail++] = (uint16_t)ev;
    while (head < tail) {
        int e = q[head++];
        count++;
        int k = e >> 1, c = k / LG_N, d0 = k % LG_N;
        unsigned b = 1u << d0;
        if (e & 1) {
            if (lgf_test(r->on, k)) continue;
            if (!(C[c] & b)) { contra = e; break; }
            lgf_set(r->on, k);
            for (int i = 0; i < 3; i++) placed[LG_CU[c][i]] |= (uint16_t)b;
            if (dig < 0) {
                unsigned rest = C[c] & ~b;
                while (rest) {
                    int d = lg_ctz(rest);
                    rest &= rest - 1;
                    int kk = c * LG_N + d;
                    if (!lgf_test(r->off, kk)) {
                        lgf_set(r->off, kk);
                        C[c] &= (uint16_t)~(1u << d);
                        P[d] &= ~lg_bit(c);
                        if (track) {
                            lgf_parent_mark(r, 2 * kk);
                            r->par[2 * kk][r->npar[2 * kk]++] = (uint16_t)e;
                        }
                        q[tail++] = (uint16_t)(2 * kk);
                    }
                }
            }
            lg_cells x = LG_PEERS[c] & P[d0];
            if (x) {
                P[d0] &= ~x;
                while (x) {
                    int p = lg_first(x);
                    x &= x - 1;
                    int kk = p * LG_N + d0;
                    C[p] &= (uint16_t)~b;
                    lgf_set(r->off, kk);
                    if (track) {
                        lgf_parent_mark(r, 2 * kk);
                        r->par[2 * kk][r->npar[2 * kk]++] = (uint16_t)e;
                    }
                    q[tail++] = (uint16_t)(2 * kk);
                }
            }
        } else {
            if (e == ev) { /* the start, when it is an off event */
                if (!(C[c] & b)) continue;
                C[c] &= (uint16_t)~b;
                P[d0] &= ~lg_bit(c);
                lgf_set(r->off, k);
            }
            if (lgf_test(r->on, k)) { contra = e; break; }
            unsigned m = C[c];
            if (!m && !g->values[c]) { contra = e; break; }
            if (dig < 0 && m && !(m & (m - 1))) {
                int kk = c * LG_N + lg_ctz(m);
                if (!lgf_test(r->on, kk)) {
                    if (track) {
                        int ev1 = 2 * kk + 1;
                        lgf_parent_mark(r, ev1);
                        unsigned orig = g->cands[c] & ~m;
                        while (orig) {
                            int d = lg_ctz(orig);
                            orig &= orig - 1;
                            r->par[ev1][r->npar[ev1]++] = (uint16_t)(2 * (c * LG_N + d));
                        }
                    }
                    q[tail++] = (uint16_t)(2 * kk + 1);
                }
            }
            if (dig >= 0 && d0 != dig) continue;
            lg_cells pd = P[d0];
            for (int i = 0; i < 3; i++) {
                int ui = LG_CU[c][i];
                if (placed[ui] & b) continue;
                lg_cells y = pd & LG_UMASK[ui];
                if (!y) { contra = e; break; }
                if (!(y & (y - 1))) {
                    int last = lg_first(y), kk = last * LG_N + d0;
                    if (!lgf_test(r->on, kk)) {
                        placed[ui] |= (uint16_t)b;
                        if (track) {
                            int ev1 = 2 * kk + 1;
                            lgf_parent_mark(r, ev1);
                            for (int j = 0; j < LG_N; j++) {
                                int cq = LG_UNIT[ui][j];
                                if ((g->cands[cq] & b) && cq != last)
                                    r->par[ev1][r->npar[ev1]++] = (uint16_t)(2 * (cq * LG_N + d0));
                            }
                        }
                        q[tail++] = (uint16_t)(2 * kk + 1);
                    }
                }
            }
            if (contra >= 0) break;
        }
    }
    r->contra = contra;
    r->count = count;
}

/* Number of events event t follows from, itself included (the Python _ancestors over the recorded parents). */
static int lgf_ancestors(const LGF_Prop *r, int t) {
    uint64_t seen[(LGF_EVENTS + 63) / 64];
    uint16_t stack[LGF_EVENTS];
    int top = 0, n = 1;
    memset(seen, 0, sizeof seen);
    lgf_set(seen, t);
    stack[top++] = (uint16_t)t;
    while (top) {
        int e = stack[--top];
        for (int j = 0; j < r->npar[e]; j++) {
            int p = r->par[e][j];
            if (!lgf_test(seen, p)) {
                lgf_set(seen, p);
                n++;
                stack[top++] = (uint16_t)p;
            }
        }
    }
    return n;
}

/* The size of a forcing chain from event src (tracked propagation r of src): target -1, the
   contradiction (2 when there is none: both events that clash, with what each follows from);
   otherwise what target follows from, 1 when it was not derived. */
static int lgf_chain_size(const LGF_Prop *r, int target) {
    if (target < 0) {
        int e = r->contra;
        if (e < 0) return 2;
        int n = lgf_ancestors(r, e);
        if (r->npar[e ^ 1] >= 0) n += lgf_ancestors(r, e ^ 1);
        return n;
    }
    return r->npar[target] >= 0 ? lgf_ancestors(r, target) : 1;
}

/* The cells of the grid in the order the Python _candidates takes them: fewest candidates first, then by cell. */
static int lgf_order(const LG *g, uint8_t *cells) {
    int n = 0;
    for (int p = 1; p <= LG_N; p++)
        for (int c = 0; c < LG_CELLS; c++)
            if (g->cands[c] && popcount32(g->cands[c]) == p) cells[n++] = (uint8_t)c;
    return n;
}

/* nishio forcing chain: some candidate whose assumption, propagated through its digit alone, meets a contradiction */
static int lg_nishio(LG *g) {
    LGF_Prop r;
    for (int c = 0; c < LG_CELLS; c++) {
        unsigned m = g->cands[c];
        while (m) {
            int d = lg_ctz(m);
            m &= m - 1;
            lgf_propagate(g, 2 * (c * LG_N + d) + 1, d, 0, &r);
            if (r.contra >= 0) return 1;
        }
    }
    return 0;
}

/* dynamic forcing chain: almost every grid that reaches it has a step, so a test would only cost time */
static int lg_dynamic_chains(LG *g) {
    (void)g;
    return -1;
}

#ifdef Py_PYTHON_H
/* The grid from the Python lists values and cands (81 ints each); 0 with an exception set on bad input. */

static PyObject *lgf_mask(const uint64_t *a) {
    unsigned char buf[LGF_WORDS * 8];
    for (int w = 0; w < LGF_WORDS; w++)
        for (int i = 0; i < 8; i++) buf[8 * w + i] = (unsigned char)(a[w] >> (8 * i));
    return lg_int_from_bytes(buf, sizeof buf);
}

static PyObject *lgf_parents(const LGF_Prop *r) {
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    for (int i = 0; i < r->nset; i++) {
        int ev = r->set_order[i], np = r->npar[ev];
        PyObject *t = PyTuple_New(np), *key = NULL;
        if (!t) goto fail;
        for (int j = 0; j < np; j++) {
            PyObject *x = PyLong_FromLong(r->par[ev][j]);
            if (!x) { Py_DECREF(t); goto fail; }
            PyTuple_SET_ITEM(t, j, x);
        }
        key = PyLong_FromLong(ev);
        if (!key || PyDict_SetItem(d, key, t) < 0) { Py_XDECREF(key); Py_DECREF(t); goto fail; }
        Py_DECREF(key);
        Py_DECREF(t);
    }
    return d;
fail:
    Py_DECREF(d);
    return NULL;
}

PyDoc_STRVAR(lgf_propagate_doc,
"propagate(values, cands, ev, digit_only, track)\n--\n\n"
"Singles propagation of event ``ev`` on a classic 9x9 grid, as the Python\n"
"``forcing.propagate``: ``(on, off, contra, count, parents)``, with ``contra`` None when\n"
"there is no contradiction and ``parents`` None unless ``track``.");

static PyObject *lgf_py_propagate(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    int ev, digit_only, track;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOipp", &ov, &oc, &ev, &digit_only, &track)) return NULL;
    if (ev < 0 || ev >= LGF_EVENTS) {
        PyErr_Format(PyExc_ValueError, "no event %d", ev);
        return NULL;
    }
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    LGF_Prop *r = PyMem_Malloc(sizeof *r);
    if (!r) return PyErr_NoMemory();
    lgf_propagate(&g, ev, digit_only ? (ev >> 1) % LG_N : -1, track, r);
    PyObject *on = lgf_mask(r->on), *off = lgf_mask(r->off), *parents = NULL, *out = NULL;
    if (on && off) {
        if (track) parents = lgf_parents(r);
        else { parents = Py_None; Py_INCREF(parents); }
    }
    if (parents) {
        if (r->contra >= 0) out = Py_BuildValue("(NNiiN)", on, off, r->contra, r->count, parents);
        else out = Py_BuildValue("(NNOiN)", on, off, Py_None, r->count, parents);
        on = off = NULL;
    }
    Py_XDECREF(on);
    Py_XDECREF(off);
    PyMem_Free(r);
    return out;
}

PyDoc_STRVAR(lgf_nishio_doc,
"nishio(values, cands, limit)\n--\n\n"
"The candidate ids ``9 * cell + digit - 1`` whose assumption, propagated through its digit\n"
"alone, meets a contradiction, in the order the Python ``nishio`` tries them (fewest\n"
"candidates first, then by cell and digit): the first ``limit`` of them, as a tuple.");

static PyObject *lgf_py_nishio(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    int limit;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOi", &ov, &oc, &limit)) return NULL;
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    LGF_Prop *r = PyMem_Malloc(sizeof *r);
    if (!r) return PyErr_NoMemory();
    uint8_t cells[LG_CELLS];
    int ncells = lgf_order(&g, cells), nfound = 0;
    uint16_t found[LGF_CANDS];
    for (int i = 0; i < ncells && nfound < limit; i++) {
        int c = cells[i];
        unsigned m = g.cands[c];
        while (m && nfound < limit) {
            int d = lg_ctz(m);
            m &= m - 1;
            lgf_propagate(&g, 2 * (c * LG_N + d) + 1, d, 0, r);
            if (r->contra >= 0) found[nfound++] = (uint16_t)(c * LG_N + d);
        }
    }
    PyMem_Free(r);
    PyObject *out = PyTuple_New(nfound);
    if (!out) return NULL;
    for (int i = 0; i < nfound; i++) {
        PyObject *x = PyLong_FromLong(found[i]);
        if (!x) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, i, x);
    }
    return out;
}

PyDoc_STRVAR(lgf_chain_size_doc,
"chain_size(values, cands, src, digit_only, target)\n--\n\n"
"The number of nodes of a forcing chain from event ``src`` (its propagation tracked as\n"
"``propagate`` does): with ``target`` -1, the events both sides of the contradiction follow\n"
"from (2 when there is none); otherwise the events ``target`` follows from, itself included\n"
"(1 when it was not derived).");

static PyObject *lgf_py_chain_size(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    int src, digit_only, target;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOipi", &ov, &oc, &src, &digit_only, &target)) return NULL;
    if (src < 0 || src >= LGF_EVENTS || target < -1 || target >= LGF_EVENTS) {
        PyErr_Format(PyExc_ValueError, "no event %d or %d", src, target);
        return NULL;
    }
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    LGF_Prop *r = PyMem_Malloc(sizeof *r);
    if (!r) return PyErr_NoMemory();
    lgf_propagate(&g, src, digit_only ? (src >> 1) % LG_N : -1, 1, r);
    int n = lgf_chain_size(r, target);
    PyMem_Free(r);
    return PyLong_FromLong(n);
}
#endif

#endif
