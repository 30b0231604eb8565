/*
 * The steps of the forcing chains and multiple forcing chains, as the Python techniques
 * (techniques/chains.py) pick them: forcing_step and multiple_step, on the graphs of
 * lg_chains.h.
 */
#ifndef GRIDSAT_LG_CHAIN_STEPS_H
#define GRIDSAT_LG_CHAIN_STEPS_H

#include "lg_chains.h"

/* ---- the steps of the forcing chains and multiple forcing chains, as Python picks them ---- */

#define LGC_MEASURE 12 /* chains.MAX_MEASURE */

/* SE's length bonus of a chain of `complexity` nodes, in tenths (chains.length_bonus) */
static int lgc_bonus(int complexity) {
    int added = 0, ceil = 4, odd = 0, length = complexity - 2;
    while (length > ceil) {
        added++;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

/* Breadth-first search over the local events from `src`, successors in link order ("on":
 * the peers' "off" events ascending, then the cell's; "off": the strong links): with
 * dst >= 0 the shortest chain into path (its length returned, 0 when none); with dst < 0
 * the distance of every event into dist (-1 when not reached). */
static int lgc_bfs(const LGC *G, int src, int dst, int *path, int *dist) {
    static int parent[2 * LGC_MAXN], queue[2 * LGC_MAXN];
    int ne = 2 * G->n;
    for (int v = 0; v < ne; v++) parent[v] = -2;
    if (dist)
        for (int v = 0; v < ne; v++) dist[v] = -1;
    int head = 0, tail = 0, found = 0;
    parent[src] = -1;
    if (dist) dist[src] = 0;
    queue[tail++] = src;
    while (head < tail && !found) {
        int v = queue[head++], i = v >> 1;
        if (v & 1) {
            for (int h = 0; h < 2 && !found; h++) {
                const uint64_t *set = h ? G->cell[i] : G->peer[i];
                for (int w = 0; w < G->nw && !found; w++)
                    for (uint64_t x = set[w]; x; x &= x - 1) {
                        int t = 2 * (w * 64 + __builtin_ctzll(x));
                        if (parent[t] != -2) continue;
                        parent[t] = v;
                        if (dist) dist[t] = dist[v] + 1;
                        queue[tail++] = t;
                        if (t == dst) { found = 1; break; }
                    }
            }
        } else {
            for (int s = 0; s < G->ns[i]; s++) {
                int t = 2 * G->st[i][s] + 1;
                if (parent[t] != -2) continue;
                parent[t] = v;
                if (dist) dist[t] = dist[v] + 1;
                queue[tail++] = t;
                if (t == dst) { found = 1; break; }
            }
        }
    }
    if (dst < 0 || !found) return 0;
    int len = 0;
    for (int v = dst; v != -1; v = parent[v]) len++;
    for (int v = dst, q = len - 1; v != -1; v = parent[v], q--) path[q] = v;
    return len;
}

/* the digits with at least two units where they have exactly two places (chains._linked_digits) */
static unsigned lgc_linked_digits(const LG *g) {
    int count[LG_N] = {0};
    for (int u = 0; u < LG_UNITS; u++)
        for (int d = 0; d < LG_N; d++)
            if (popcount32(g->upos[u][d]) == 2) count[d]++;
    unsigned out = 0;
    for (int d = 0; d < LG_N; d++)
        if (count[d] >= 2) out |= 1u << d;
    return out;
}

typedef struct {
    int found, rating, mode, len, on, node;
    int path[2 * LGC_MAXN];
} lgc_chain_step;

/* forcing_chain(): x-chains (each linked digit's graph), y-chains, xy-chains; the shortest
 * by rating unless `first` (xy-chains only, the first chain). */
static void lgc_forcing_step(const LG *g, int first, lgc_chain_step *out) {
    static const int base[3] = {66, 66, 70};
    static int path[2 * LGC_MAXN];
    const LGC *G = NULL;
    out->found = 0;
    for (int mode = first ? 2 : 0; mode < 3; mode++) {
        if (out->found && out->rating <= base[mode]) break;
        unsigned digits = mode == 0 ? lgc_linked_digits(g) : 1;
        int measured = 0;
        for (; digits; digits &= digits - 1) {
            if (mode == 0) G = lgc_get(g, 1, 0, lg_ctz(digits) + 1, 0);
            else G = lgc_get(g, mode == 2, 1, 0, 0);
            for (int i = 0; i < G->n; i++) {
                for (int h = 0; h < 2; h++) {
                    int on = h == 0;
                    if (!lgc_reaches_self(G, i, on)) continue;
                    int src = on ? 2 * i + 1 : 2 * i, dst = on ? 2 * i : 2 * i + 1;
                    int len = lgc_bfs(G, src, dst, path, NULL);
                    if (!len) continue;
                    int rating = base[mode] + lgc_bonus(len);
                    if (!out->found || rating < out->rating) {
                        out->found = 1;
                        out->rating = rating;
                        out->mode = mode;
                        out->len = len;
                        out->on = on;
                        out->node = G->node[i];
                        for (int q = 0; q < len; q++) out->path[q] = 2 * G->node[path[q] >> 1] + (path[q] & 1);
                        if (first) return;
                    }
                    measured++;
                    if (measured >= LGC_MEASURE * 4) break;
                }
            }
        }
    }
}

PyDoc_STRVAR(lgc_forcing_step_doc,
"forcing_step(values, cands, first)\n--\n\n"
"The step chains.forcing_chain picks on a classic 9x9 grid, as ``(mode, path, on, candidate)``:\n"
"``mode`` 0, 1, 2 for an x-, y- or xy-chain, ``path`` its events (numbered over the grid),\n"
"``on`` whether it starts from the candidate ``candidate`` (cell * 9 + digit - 1) being\n"
"true (it is then removed) rather than false (it is then placed). None when there is none.");

static PyObject *lgc_py_forcing_step(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    int first;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOp", &ov, &oc, &first)) return NULL;
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    static lgc_chain_step st;
    lgc_forcing_step(&g, first, &st);
    if (!st.found) Py_RETURN_NONE;
    PyObject *path = PyList_New(st.len);
    if (!path) return NULL;
    for (int q = 0; q < st.len; q++) {
        PyObject *x = PyLong_FromLong(st.path[q]);
        if (!x) { Py_DECREF(path); return NULL; }
        PyList_SET_ITEM(path, q, x);
    }
    return Py_BuildValue("(iNOi)", st.mode, path, st.on ? Py_True : Py_False, st.node);
}

typedef struct {
    int kind, a, b, v, nsrc;
    int src[LG_N];
} lgc_found;

/* append the events of (on, off) ascending, while fewer than LGC_MEASURE are found */
static void lgc_add(lgc_found *found, int *nf, int kind, int a, int b, const int *src, int nsrc,
                    const uint64_t *on, const uint64_t *off, int nw) {
    for (int w = 0; w < nw && *nf < LGC_MEASURE; w++) {
        uint64_t o = on[w], f = off[w];
        while ((o | f) && *nf < LGC_MEASURE) {
            /* the lowest event: node j's "off" (2j) comes before its "on" (2j + 1) */
            int jo = o ? __builtin_ctzll(o) : 64, jf = f ? __builtin_ctzll(f) : 64;
            int v;
            if (jf <= jo) {
                v = 2 * (w * 64 + jf);
                f &= f - 1;
            } else {
                v = 2 * (w * 64 + jo) + 1;
                o &= o - 1;
            }
            lgc_found *x = &found[(*nf)++];
            x->kind = kind;
            x->a = a;
            x->b = b;
            x->v = v;
            x->nsrc = nsrc;
            memcpy(x->src, src, sizeof(int) * (size_t)nsrc);
        }
    }
}

/* the "on" and "off" nodes that every source (an "on" event each) implies; 1 when any */
static int lgc_implied_by_all(const LGC *G, const int *src, int ns, uint64_t *on, uint64_t *off) {
    int any = 0;
    for (int w = 0; w < G->nw; w++) {
        uint64_t x = ~(uint64_t)0, y = ~(uint64_t)0;
        for (int s = 0; s < ns; s++) {
            x &= G->reach[src[s] >> 1][w];
            y &= G->offs[src[s] >> 1][w];
        }
        on[w] = x;
        off[w] = y;
        any |= (x | y) != 0;
    }
    return any;
}

/* _static_multiple(): double implications, then cell and region forcing chains, at most
 * LGC_MEASURE conclusions measured; the easiest kept. Returns 1 with kind (0 double, 1 cell,
 * 2 region), a and b (the cell; or the digit and the unit), the event and its node count. */
static int lgc_multiple_step(const LG *g, int first, int *kind, int *a, int *b, int *ev, int *cx) {
    static lgc_found found[LGC_MEASURE];
    static int dist[2 * LGC_MAXN];
    const LGC *G = lgc_get(g, 1, 1, 0, 1);
    int n = G->n, nw = G->nw, nf = 0;
    uint64_t on[LGC_NW], off[LGC_NW];
    int src[LG_N];
    for (int i = 0; i < n; i++) {
        if (!G->ns[i]) continue;
        lgc_off_reach(G, i, on, off);
        int any = 0;
        for (int w = 0; w < nw; w++) {
            on[w] &= G->reach[i][w];
            off[w] &= G->offs[i][w];
            if (w == i >> 6) {
                on[w] &= ~((uint64_t)1 << (i & 63));
                off[w] &= ~((uint64_t)1 << (i & 63));
            }
            any |= (on[w] | off[w]) != 0;
        }
        if (any) {
            src[0] = 2 * i + 1;
            src[1] = 2 * i;
            lgc_add(found, &nf, 0, G->node[i] / LG_N, 0, src, 2, on, off, nw);
            if (first) break;
        }
    }
    if (!nf || !first)
        for (int c = 0; c < LG_CELLS; c++) {
            unsigned m = g->cands[c];
            if (popcount32(m) < 3) continue;
            int ns = 0;
            for (; m; m &= m - 1) src[ns++] = 2 * G->idx[c * LG_N + lg_ctz(m)] + 1;
            if (lgc_implied_by_all(G, src, ns, on, off)) {
                lgc_add(found, &nf, 1, c, 0, src, ns, on, off, nw);
                if (first) break;
            }
        }
    if (!nf || !first)
        for (int u = 0; u < LG_UNITS; u++) {
            for (int d = 0; d < LG_N; d++) {
                unsigned p = g->upos[u][d];
                if (popcount32(p) < 3) continue;
                int ns = 0;
                for (; p; p &= p - 1) src[ns++] = 2 * G->idx[LG_UNIT[u][lg_ctz(p)] * LG_N + d] + 1;
                if (lgc_implied_by_all(G, src, ns, on, off)) lgc_add(found, &nf, 2, d + 1, u, src, ns, on, off, nw);
            }
            if (nf && first) break;
        }
    int best = -1, best_rating = 0, best_cx = 0, best_ev = 0;
    int cached_src = -1;
    for (int f = 0; f < nf; f++) {
        lgc_found *x = &found[f];
        int e = 2 * G->node[x->v >> 1] + (x->v & 1);
        int k = e >> 1, c = k / LG_N, d = k % LG_N;
        if (e & 1 ? g->values[c] != 0 : !(g->cands[c] >> d & 1)) continue; /* conclusion() is None */
        int total = 0;
        for (int s = 0; s < x->nsrc; s++) {
            if (x->src[s] != cached_src) {
                lgc_bfs(G, x->src[s], -1, NULL, dist);
                cached_src = x->src[s];
            }
            total += (dist[x->v] > 0 ? dist[x->v] : 0) + 1;
        }
        int rating = lgc_bonus(total);
        if (best < 0 || rating < best_rating) {
            best = f;
            best_rating = rating;
            best_cx = total;
            best_ev = e;
        }
    }
    if (best < 0) return 0;
    *kind = found[best].kind;
    *a = found[best].a;
    *b = found[best].b;
    *ev = best_ev;
    *cx = best_cx;
    return 1;
}

PyDoc_STRVAR(lgc_multiple_step_doc,
"multiple_step(values, cands, first)\n--\n\n"
"The step chains.multiple_chains picks on a classic 9x9 grid, as ``(kind, a, b, event,\n"
"nodes)``: ``kind`` 0 (double forcing chain: ``a`` the cell), 1 (cell forcing chain: ``a``\n"
"the cell) or 2 (region forcing chain: digit ``a`` in unit ``b``), the event concluded\n"
"(2 * candidate + 1 when true, 2 * candidate when false) and the chains' node count.\n"
"None when there is none.");

static PyObject *lgc_py_multiple_step(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    int first;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOp", &ov, &oc, &first)) return NULL;
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    int kind, a, b, ev, cx;
    if (!lgc_multiple_step(&g, first, &kind, &a, &b, &ev, &cx)) Py_RETURN_NONE;
    return Py_BuildValue("(iiiii)", kind, a, b, ev, cx);
}

#endif
