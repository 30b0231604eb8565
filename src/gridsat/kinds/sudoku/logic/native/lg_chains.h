/*
 * Static forcing chains (x-, y-, xy-chains; cell and region forcing chains): whether the
 * Python technique of the same name has a step on this grid, the static implication
 * graph itself (chain_graph) for the Python techniques (the steps of both techniques:
 * lg_chain_steps.h).
 *
 * Each lg_ function returns 1 when the technique finds a step, 0 when it finds none, and -1
 * when it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 *
 * The graph is the one of implications.py (StaticGraph): node i is a candidate (cells
 * ascending, digits ascending), event 2i+1 "node i true", 2i "node i false". "On" leads to
 * the "off" of the node's conflicts: the peers with its digit and (Y links) the other
 * candidates of its cell; "off" leads to the "on" of its strong links: the other digit of a
 * bivalue cell (Y links), the other place of a digit with two places in one of the cell's
 * row, column and box (X links), in that order. The closure is taken over the "on" nodes:
 * on(i) -> on(j) when a conflict k of i has a strong link to j.
 */
#ifndef GRIDSAT_LG_CHAINS_H
#define GRIDSAT_LG_CHAINS_H

#include "lg_py.h"

#define LGC_MAXN (LG_CELLS * LG_N)
#define LGC_NW ((LGC_MAXN + 63) / 64) /* words of a node set */

typedef struct {
    int n, nw;                        /* nodes, words in use */
    uint16_t node[LGC_MAXN];          /* candidate id (cell * 9 + digit - 1) of each node */
    int16_t idx[LGC_MAXN];            /* node of each candidate id, -1 when not a node */
    uint8_t ns[LGC_MAXN];             /* strong links of each node's "off" event */
    uint16_t st[LGC_MAXN][4];         /* their target nodes, in link order */
    uint64_t peer[LGC_MAXN][LGC_NW];  /* peers with the digit (nodes) */
    uint64_t cell[LGC_MAXN][LGC_NW];  /* other nodes of the cell (Y links only) */
    uint64_t reach[LGC_MAXN][LGC_NW]; /* "on" nodes reached from on(i) in one step or more */
    uint64_t offs[LGC_MAXN][LGC_NW];  /* nodes whose "off" event on(i) reaches */
} LGC;

/* one graph at a time: the extension runs under the interpreter lock */
static LGC lgc_graph;

static inline int lgc_has(const uint64_t *s, int i) { return (int)((s[i >> 6] >> (i & 63)) & 1); }
static inline void lgc_set(uint64_t *s, int i) { s[i >> 6] |= (uint64_t)1 << (i & 63); }

/* The "off" sets: the nodes whose "off" event on(i) reaches (its conflicts and those of
 * every "on" node it reaches). */
static void lgc_offs(LGC *G) {
    int n = G->n, nw = G->nw;
    for (int i = 0; i < n; i++) {
        uint64_t *o = G->offs[i];
        for (int w = 0; w < nw; w++) o[w] = G->peer[i][w] | G->cell[i][w];
        const uint64_t *r = G->reach[i];
        for (int w = 0; w < nw; w++)
            for (uint64_t x = r[w]; x; x &= x - 1) {
                int j = w * 64 + __builtin_ctzll(x);
                for (int v = 0; v < nw; v++) o[v] |= G->peer[j][v] | G->cell[j][v];
            }
    }
}

/* The transitive closure of the one-step rows in G->reach (on(i) -> on(j)), in place:
 * strongly connected components (Tarjan, iterative), each component's reach the union of
 * its members' successors and of what those reach, in the order the components complete
 * (every successor's component first). */
static void lgc_closure(LGC *G) {
    static int index[LGC_MAXN], low[LGC_MAXN], comp[LGC_MAXN], stack[LGC_MAXN], call[LGC_MAXN];
    static int members[LGC_MAXN];
    static uint8_t onstack[LGC_MAXN];
    static uint64_t cr[LGC_MAXN][LGC_NW]; /* reach of each component */
    static uint64_t todo[LGC_MAXN][LGC_NW]; /* successors of each node on the call stack not yet walked */
    int n = G->n, nw = G->nw, counter = 0, sp = 0, ncomp = 0;
    for (int v = 0; v < n; v++) index[v] = -1;
    for (int root = 0; root < n; root++) {
        if (index[root] >= 0) continue;
        int depth = 0;
        call[depth++] = root;
        index[root] = low[root] = counter++;
        stack[sp++] = root;
        onstack[root] = 1;
        memcpy(todo[0], G->reach[root], sizeof(uint64_t) * (size_t)nw);
        while (depth) {
            int v = call[depth - 1];
            uint64_t *t = todo[depth - 1];
            int w = -1;
            for (int k = 0; k < nw; k++)
                if (t[k]) {
                    w = k * 64 + __builtin_ctzll(t[k]);
                    t[k] &= t[k] - 1;
                    break;
                }
            if (w >= 0) {
                if (index[w] < 0) {
                    index[w] = low[w] = counter++;
                    stack[sp++] = w;
                    onstack[w] = 1;
                    memcpy(todo[depth], G->reach[w], sizeof(uint64_t) * (size_t)nw);
                    call[depth++] = w;
                } else if (onstack[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            depth--;
            if (depth && low[v] < low[call[depth - 1]]) low[call[depth - 1]] = low[v];
            if (low[v] != index[v]) continue;
            int nm = 0, c = ncomp++;
            for (;;) {
                int x = stack[--sp];
                onstack[x] = 0;
                comp[x] = c;
                members[nm++] = x;
                if (x == v) break;
            }
            uint64_t *r = cr[c];
            memset(r, 0, sizeof(uint64_t) * (size_t)nw);
            for (int q = 0; q < nm; q++) {
                const uint64_t *row = G->reach[members[q]];
                for (int k = 0; k < nw; k++) {
                    r[k] |= row[k];
                    for (uint64_t x = row[k]; x; x &= x - 1) {
                        int y = k * 64 + __builtin_ctzll(x);
                        if (comp[y] != c) /* a component already complete */
                            for (int z = 0; z < nw; z++) r[z] |= cr[comp[y]][z];
                    }
                }
            }
        }
    }
    for (int i = 0; i < n; i++) memcpy(G->reach[i], cr[comp[i]], sizeof(uint64_t) * (size_t)nw);
}

/* Build the graph of the grid with X and/or Y links (only digit `digit` when 1..9) and
 * its closure; `full` also computes the "off" sets (offs). */
static void lgc_build(const LG *g, LGC *G, int xlinks, int ylinks, int digit, int full) {
    int n = 0;
    for (int c = 0; c < LG_CELLS; c++) {
        unsigned m = g->cands[c];
        for (int d = 0; d < LG_N; d++) {
            int k = c * LG_N + d;
            G->idx[k] = -1;
            if ((m >> d & 1) && (digit == 0 || digit == d + 1)) {
                G->idx[k] = (int16_t)n;
                G->node[n++] = (uint16_t)k;
            }
        }
    }
    int nw = (n + 63) / 64;
    G->n = n;
    G->nw = nw;
    for (int i = 0; i < n; i++) {
        int c = G->node[i] / LG_N, d = G->node[i] % LG_N;
        uint64_t *pe = G->peer[i], *ce = G->cell[i];
        memset(pe, 0, sizeof(uint64_t) * (size_t)nw);
        memset(ce, 0, sizeof(uint64_t) * (size_t)nw);
        for (int p = 0; p < 20; p++) {
            int j = G->idx[LG_PEER[c][p] * LG_N + d];
            if (j >= 0) lgc_set(pe, j);
        }
        unsigned m = g->cands[c];
        int ns = 0;
        if (ylinks) {
            for (unsigned x = m & ~(1u << d); x; x &= x - 1) {
                int j = G->idx[c * LG_N + lg_ctz(x)];
                if (j >= 0) lgc_set(ce, j);
            }
            if (popcount32(m) == 2) {
                int j = G->idx[c * LG_N + lg_ctz(m & ~(1u << d))];
                if (j >= 0) G->st[i][ns++] = (uint16_t)j;
            }
        }
        if (xlinks)
            for (int k = 0; k < 3; k++) {
                lg_cells z = g->dpos[d] & LG_UMASK[LG_CU[c][k]] & ~lg_bit(c);
                if (z && !(z & (z - 1))) {
                    int j = G->idx[lg_first(z) * LG_N + d];
                    if (j >= 0) G->st[i][ns++] = (uint16_t)j;
                }
            }
        G->ns[i] = (uint8_t)ns;
    }
    /* one step: on(i) -> on(t) for a conflict k of i and a strong link k -> t */
    for (int i = 0; i < n; i++) {
        uint64_t *r = G->reach[i];
        memset(r, 0, sizeof(uint64_t) * (size_t)nw);
        for (int w = 0; w < nw; w++)
            for (uint64_t x = G->peer[i][w] | G->cell[i][w]; x; x &= x - 1) {
                int k = w * 64 + __builtin_ctzll(x);
                for (int s = 0; s < G->ns[k]; s++) lgc_set(r, G->st[k][s]);
            }
    }
    lgc_closure(G);
    if (full) lgc_offs(G);
}

/* The XY graph of every digit, kept for the grid it was built on: the forcing chain and
 * multiple forcing chain tests and steps all start from it on the same grid. */
static LGC lgc_xy;
static struct {
    int valid, full;
    uint16_t cands[LG_CELLS];
} lgc_xy_key;

/* The graph of the grid (as lgc_build), from the kept XY graph when it is the one asked for. */
static const LGC *lgc_get(const LG *g, int xlinks, int ylinks, int digit, int full) {
    if (!(xlinks && ylinks && digit == 0)) {
        lgc_build(g, &lgc_graph, xlinks, ylinks, digit, full);
        return &lgc_graph;
    }
    if (lgc_xy_key.valid && !memcmp(lgc_xy_key.cands, g->cands, sizeof lgc_xy_key.cands)) {
        if (full && !lgc_xy_key.full) {
            lgc_offs(&lgc_xy);
            lgc_xy_key.full = 1;
        }
        return &lgc_xy;
    }
    lgc_xy_key.valid = 0;
    lgc_build(g, &lgc_xy, 1, 1, 0, full);
    memcpy(lgc_xy_key.cands, g->cands, sizeof lgc_xy_key.cands);
    lgc_xy_key.full = full;
    lgc_xy_key.valid = 1;
    return &lgc_xy;
}

/* The "on" and "off" node sets that off(i) reaches: its strong links' targets and theirs. */
static void lgc_off_reach(const LGC *G, int i, uint64_t *on, uint64_t *off) {
    memset(on, 0, sizeof(uint64_t) * (size_t)G->nw);
    memset(off, 0, sizeof(uint64_t) * (size_t)G->nw);
    for (int s = 0; s < G->ns[i]; s++) {
        int t = G->st[i][s];
        lgc_set(on, t);
        for (int w = 0; w < G->nw; w++) {
            on[w] |= G->reach[t][w];
            off[w] |= G->offs[t][w];
        }
    }
}

/* forcing chain: on the XY graph (its x- and y-chains are chains of the XY graph too), a
 * candidate whose "on" implies its "off" (on(i) reaches a conflict of i) or whose "off"
 * implies its "on" (a strong link target of i reaches on(i)) */
/* whether on(i) reaches off(i) (from_on: an "on" node it reaches conflicts with i) or off(i)
 * reaches on(i) (a strong link target of i reaches on(i)) */
static int lgc_reaches_self(const LGC *G, int i, int from_on) {
    if (from_on) {
        for (int w = 0; w < G->nw; w++)
            if (G->reach[i][w] & (G->peer[i][w] | G->cell[i][w])) return 1;
        return 0;
    }
    for (int s = 0; s < G->ns[i]; s++)
        if (lgc_has(G->reach[G->st[i][s]], i)) return 1;
    return 0;
}

static int lgc_contradiction(const LGC *G, int i) {
    return lgc_reaches_self(G, i, 1) || lgc_reaches_self(G, i, 0);
}

static int lg_forcing_chain(LG *g) {
    const LGC *G = lgc_get(g, 1, 1, 0, 0);
    for (int i = 0; i < G->n; i++)
        if (lgc_contradiction(G, i)) return 1;
    return 0;
}

/* whether the events that every source (an "on" node each) implies have one in common */
static int lgc_common(const LGC *G, const int *src, int nsrc) {
    for (int w = 0; w < G->nw; w++) {
        uint64_t a = ~(uint64_t)0, b = ~(uint64_t)0;
        for (int s = 0; s < nsrc; s++) {
            a &= G->reach[src[s]][w];
            b &= G->offs[src[s]][w];
        }
        if (a | b) return 1;
    }
    return 0;
}

/* multiple forcing chain: on the XY graph, an event implied by both "on" and "off" of a
 * candidate (other than those two), by every candidate of a cell with three or more, or by
 * every place of a digit with three or more places in a unit */
static int lg_multiple_chains(LG *g) {
    const LGC *G = lgc_get(g, 1, 1, 0, 1);
    int n = G->n, nw = G->nw;
    uint64_t on[LGC_NW], off[LGC_NW];
    for (int i = 0; i < n; i++) {
        if (!G->ns[i]) continue;
        lgc_off_reach(G, i, on, off);
        uint64_t any = 0;
        for (int w = 0; w < nw; w++) {
            uint64_t a = on[w] & G->reach[i][w], b = off[w] & G->offs[i][w];
            if (w == i >> 6) {
                a &= ~((uint64_t)1 << (i & 63));
                b &= ~((uint64_t)1 << (i & 63));
            }
            any |= a | b;
        }
        if (any) return 1;
    }
    int src[LG_N];
    for (int c = 0; c < LG_CELLS; c++) {
        unsigned m = g->cands[c];
        if (popcount32(m) < 3) continue;
        int ns = 0;
        for (; m; m &= m - 1) src[ns++] = G->idx[c * LG_N + lg_ctz(m)];
        if (lgc_common(G, src, ns)) return 1;
    }
    for (int u = 0; u < LG_UNITS; u++)
        for (int d = 0; d < LG_N; d++) {
            unsigned p = g->upos[u][d];
            if (popcount32(p) < 3) continue;
            int ns = 0;
            for (; p; p &= p - 1) src[ns++] = G->idx[LG_UNIT[u][lg_ctz(p)] * LG_N + d];
            if (lgc_common(G, src, ns)) return 1;
        }
    return 0;
}

/* ---- chain_graph() and chain_bfs(): the graph for the Python techniques ---- */

/* a Python int from event bits: node set `on` on the odd bits, `off` on the even bits */
static PyObject *lgc_events(const uint64_t *on, const uint64_t *off, int nw) {
    unsigned char buf[LGC_NW * 16];
    int nb = 0;
    for (int w = 0; w < nw; w++)
        for (int h = 0; h < 2; h++) {
            uint64_t a = on ? (uint32_t)(on[w] >> (32 * h)) : 0, b = off ? (uint32_t)(off[w] >> (32 * h)) : 0;
            /* spread 32 bits to the even bits of 64 */
            a = (a | (a << 16)) & 0x0000FFFF0000FFFFULL;
            a = (a | (a << 8)) & 0x00FF00FF00FF00FFULL;
            a = (a | (a << 4)) & 0x0F0F0F0F0F0F0F0FULL;
            a = (a | (a << 2)) & 0x3333333333333333ULL;
            a = (a | (a << 1)) & 0x5555555555555555ULL;
            b = (b | (b << 16)) & 0x0000FFFF0000FFFFULL;
            b = (b | (b << 8)) & 0x00FF00FF00FF00FFULL;
            b = (b | (b << 4)) & 0x0F0F0F0F0F0F0F0FULL;
            b = (b | (b << 2)) & 0x3333333333333333ULL;
            b = (b | (b << 1)) & 0x5555555555555555ULL;
            uint64_t e = (a << 1) | b;
            for (int k = 0; k < 8; k++) buf[nb++] = (unsigned char)(e >> (8 * k));
        }
    return lg_int_from_bytes(buf, (size_t)nb);
}


/* The successor lists of every local event in link order, as a bytes of native uint16:
 * 2N, then 2N + 1 offsets into the list, then the lists ("on": the peers' "off" events
 * ascending, then the cell's; "off": the strong links). */
static PyObject *lgc_adjacency(const LGC *G) {
    int n = G->n, ne = 2 * n, total = 0;
    for (int i = 0; i < n; i++) {
        for (int w = 0; w < G->nw; w++)
            total += popcount64(G->peer[i][w]) + popcount64(G->cell[i][w]);
        total += G->ns[i];
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(sizeof(uint16_t) * (size_t)(2 + ne + total)));
    if (!out) return NULL;
    uint16_t *a = (uint16_t *)PyBytes_AS_STRING(out), *off = a + 1, *succ = a + 2 + ne;
    int k = 0;
    a[0] = (uint16_t)ne;
    for (int i = 0; i < n; i++) {
        off[2 * i] = (uint16_t)k; /* off(i): its strong links */
        for (int s = 0; s < G->ns[i]; s++) succ[k++] = (uint16_t)(2 * G->st[i][s] + 1);
        off[2 * i + 1] = (uint16_t)k; /* on(i): the peers' off events, then the cell's */
        for (int h = 0; h < 2; h++) {
            const uint64_t *set = h ? G->cell[i] : G->peer[i];
            for (int w = 0; w < G->nw; w++)
                for (uint64_t x = set[w]; x; x &= x - 1) succ[k++] = (uint16_t)(2 * (w * 64 + __builtin_ctzll(x)));
        }
    }
    off[ne] = (uint16_t)k;
    return out;
}

PyDoc_STRVAR(lgc_chain_graph_doc,
"chain_graph(values, cands, xlinks, ylinks, digit)\n--\n\n"
"The static implication graph of a classic 9x9 grid, as implications.StaticGraph builds it:\n"
"``(nodes, peer_ev, cell_ev, strong, reach, adjacency, contradictions)`` (``digit`` 0 for\n"
"every digit; ``adjacency`` is the successor lists for chain_bfs; ``contradictions`` the\n"
"nodes whose \"on\" implies their \"off\" or whose \"off\" implies their \"on\", ascending).");

static PyObject *lgc_py_chain_graph(PyObject *self, PyObject *args) {
    PyObject *ov, *oc, *out = NULL, *nodes = NULL, *peer = NULL, *cell = NULL, *strong = NULL, *reach = NULL;
    int xl, yl, digit;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOppi", &ov, &oc, &xl, &yl, &digit)) return NULL;
    if (digit < 0 || digit > LG_N) {
        PyErr_Format(PyExc_ValueError, "no digit %d", digit);
        return NULL;
    }
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    const LGC *G = lgc_get(&g, xl, yl, digit, 1);
    int n = G->n, nw = G->nw;
    uint64_t on[LGC_NW], off[LGC_NW];
    if (!(nodes = PyList_New(n)) || !(peer = PyList_New(n)) || !(cell = PyList_New(n))
        || !(strong = PyList_New(n)) || !(reach = PyList_New(2 * n)))
        goto fail;
    for (int i = 0; i < n; i++) {
        PyObject *x;
        if (!(x = PyLong_FromLong(G->node[i]))) goto fail;
        PyList_SET_ITEM(nodes, i, x);
        if (!(x = lgc_events(NULL, G->peer[i], nw))) goto fail;
        PyList_SET_ITEM(peer, i, x);
        if (!(x = lgc_events(NULL, G->cell[i], nw))) goto fail;
        PyList_SET_ITEM(cell, i, x);
        if (!(x = PyList_New(G->ns[i]))) goto fail;
        PyList_SET_ITEM(strong, i, x);
        for (int s = 0; s < G->ns[i]; s++) {
            PyObject *y = PyLong_FromLong(2 * G->st[i][s] + 1);
            if (!y) goto fail;
            PyList_SET_ITEM(x, s, y);
        }
        if (!(x = lgc_events(G->reach[i], G->offs[i], nw))) goto fail;
        PyList_SET_ITEM(reach, 2 * i + 1, x);
        lgc_off_reach(G, i, on, off);
        if (!(x = lgc_events(on, off, nw))) goto fail;
        PyList_SET_ITEM(reach, 2 * i, x);
    }
    PyObject *adj = lgc_adjacency(G), *contra = adj ? PyList_New(0) : NULL;
    if (!contra) {
        Py_XDECREF(adj);
        goto fail;
    }
    for (int i = 0; i < n; i++)
        if (lgc_contradiction(G, i)) {
            PyObject *x = PyLong_FromLong(i);
            if (!x || PyList_Append(contra, x) < 0) {
                Py_XDECREF(x);
                Py_DECREF(adj);
                Py_DECREF(contra);
                goto fail;
            }
            Py_DECREF(x);
        }
    out = PyTuple_Pack(7, nodes, peer, cell, strong, reach, adj, contra);
    Py_DECREF(adj);
    Py_DECREF(contra);
fail:
    Py_XDECREF(nodes);
    Py_XDECREF(peer);
    Py_XDECREF(cell);
    Py_XDECREF(strong);
    Py_XDECREF(reach);
    return out;
}

PyDoc_STRVAR(lgc_chain_bfs_doc,
"chain_bfs(adjacency, src, dst)\n--\n\n"
"Breadth-first search from local event ``src`` over chain_graph's adjacency, successors in\n"
"link order: the shortest chain to ``dst`` as a list of events (None when there is none),\n"
"or with ``dst`` < 0 the distance of every event reached, as a dict in discovery order.");

static PyObject *lgc_py_chain_bfs(PyObject *self, PyObject *args) {
    const char *buf;
    Py_ssize_t len;
    int src, dst;
    (void)self;
    if (!PyArg_ParseTuple(args, "y#ii", &buf, &len, &src, &dst)) return NULL;
    const uint16_t *a = (const uint16_t *)buf;
    int ne = len >= 2 ? a[0] : -1;
    if (ne < 0 || len < (Py_ssize_t)(sizeof(uint16_t) * (size_t)(2 + ne))
        || len != (Py_ssize_t)(sizeof(uint16_t) * (size_t)(2 + ne + a[1 + ne]))) {
        PyErr_SetString(PyExc_ValueError, "not an adjacency of chain_graph");
        return NULL;
    }
    if (src < 0 || src >= ne || dst >= ne) {
        PyErr_Format(PyExc_ValueError, "event %d or %d out of range", src, dst);
        return NULL;
    }
    const uint16_t *off = a + 1, *succ = a + 2 + ne;
    int parent[2 * LGC_MAXN], queue[2 * LGC_MAXN], dist[2 * LGC_MAXN];
    for (int v = 0; v < ne; v++) parent[v] = -2;
    int head = 0, tail = 0, found = dst == src;
    parent[src] = -1;
    dist[src] = 0;
    queue[tail++] = src;
    while (head < tail && !found) {
        int v = queue[head++];
        for (int k = off[v]; k < off[v + 1]; k++) {
            int w = succ[k];
            if (w >= ne) {
                PyErr_SetString(PyExc_ValueError, "not an adjacency of chain_graph");
                return NULL;
            }
            if (parent[w] != -2) continue;
            parent[w] = v;
            dist[w] = dist[v] + 1;
            queue[tail++] = w;
            if (w == dst) {
                found = 1;
                break;
            }
        }
    }
    if (dst < 0) {
        PyObject *out = PyDict_New();
        if (!out) return NULL;
        for (int q = 0; q < tail; q++) {
            PyObject *k = PyLong_FromLong(queue[q]), *d = PyLong_FromLong(dist[queue[q]]);
            int bad = !k || !d || PyDict_SetItem(out, k, d) < 0;
            Py_XDECREF(k);
            Py_XDECREF(d);
            if (bad) {
                Py_DECREF(out);
                return NULL;
            }
        }
        return out;
    }
    if (!found) Py_RETURN_NONE;
    int len_path = 0;
    for (int v = dst; v != -1; v = parent[v]) len_path++;
    PyObject *out = PyList_New(len_path);
    if (!out) return NULL;
    for (int v = dst, q = len_path - 1; v != -1; v = parent[v], q--) {
        PyObject *x = PyLong_FromLong(v);
        if (!x) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, q, x);
    }
    return out;
}

#endif
