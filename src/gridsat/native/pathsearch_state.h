/*
 * The shared state of the path-cover search of gridsat._pathsearch (plain C, no Python): the
 * search state PS, its constants and the small helpers every move uses. The parts include
 * it: pathsearch_moves.h (state and cheap moves, the joint re-route), pathsearch_route.h
 * (the first state), pathsearch_transport.h, pathsearch_chain.h and pathsearch_pair.h (the
 * long moves, which include pathsearch_moves.h for the moves they build on); pathsearch.c
 * (restarts, the second solution, the Python interface) includes every part. The includes
 * point one way only, and each header compiles on its own. The whole search is one
 * translation unit, so every function stays static.
 *
 * Nodes: the board cells 0..n-1, then two virtual nodes S = n (number 0) and T = n + 1
 * (number N + 1), adjacent to every cell (not to each other). The anchors are S, the
 * given cells by number, T; gap i runs from anchor i to anchor i + 1 and must take
 * L[i] = v(i + 1) - v(i) steps. The state is one path S .. T through every anchor in
 * order (nxt/prv links); a free cell is inside one gap (gap[c] >= 0) or off the path
 * (gap[c] == -1). Cost F = sum |len[i] - L[i]|; F == 0 is a solution.
 */
#ifndef GRIDSAT_PATHSEARCH_STATE_H
#define GRIDSAT_PATHSEARCH_STATE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define OFF (-1)
#define ANCHOR (-2)
#define USED (-3)
#define MAXW 6          /* most gaps in one joint re-route */
#define BUDGET 3000     /* DFS nodes per joint re-route */

typedef struct {
    int n, S, T, rook, N;
    int *ip, *ix, *row, *col;     /* neighbour lists (CSR) and coordinates of the cells */
    int R, C, *grid;              /* (row, col) -> cell, -1 where no cell */
    int na, ng, *anc, *L, *aidx;  /* anchors, gaps, target steps, node -> anchor index or -1 */
    /* state */
    int *nxt, *prv, *gap, *glen, *offl, *offpos, noff;
    long F;
    uint64_t rng;
    double temp, acc[8];
    long long clock, *since;      /* work count now; when each gap last became wrong */
    /* scratch */
    uint64_t *big; int *cand, *lg, *ls, *chosen, *co, *cn, *ci, *saved, *mark, stamp;
    double *dv; int *dstamp, *dpar, dst, *heap; double *hkey;
    int **rt, *rl, *rcap; int *occ; double *hist; int *order;
    int *tvis, *tpar, *tz, *tq, *tch, *gvis, *gpar, tstamp;   /* transport scratch */
    int must2;                    /* a second cell the joint re-route must use (-1: none) */
    /* counters */
    long long moves, reroutes, rr_ok, dfs_nodes, restarts, tr_calls, tr_ok, tr_ops, tr_found, ch_calls, ch_ok, pr_calls, pr_ok;
} PS;

static inline uint64_t ps_rand(PS *p) {  /* xorshift64* */
    p->rng ^= p->rng >> 12; p->rng ^= p->rng << 25; p->rng ^= p->rng >> 27;
    return p->rng * 2685821657736338717ULL;
}
static inline int ps_below(PS *p, int k) { return (int)((ps_rand(p) >> 33) % (uint64_t)k); }
static inline double ps_unit(PS *p) { return (double)(ps_rand(p) >> 11) * (1.0 / 9007199254740992.0); }

static inline int ps_virtual(PS *p, int a) { return a >= p->n; }
static inline int ps_adj(PS *p, int a, int b) {
    if (a >= p->n || b >= p->n) return (a >= p->n) != (b >= p->n);
    for (int k = p->ip[a]; k < p->ip[a + 1]; k++) if (p->ix[k] == b) return 1;
    return 0;
}
/* a lower bound on the steps from a to b (Chebyshev for king boards, Manhattan for rook) */
static inline int ps_dist(PS *p, int a, int b) {
    if (a == b) return 0;
    if (a >= p->n || b >= p->n) return (a >= p->n && b >= p->n) ? 2 : 1;
    int dr = abs(p->row[a] - p->row[b]), dc = abs(p->col[a] - p->col[b]);
    return p->rook ? dr + dc : (dr > dc ? dr : dc);
}
/* can a walk of exactly r steps join a and b (bound and, on rook boards, parity) */
static inline int ps_fits(PS *p, int a, int b, int r) {
    int d = ps_dist(p, a, b);
    if (d > r) return 0;
    if (p->rook && a < p->n && b < p->n && ((r - d) & 1)) return 0;
    return 1;
}
static inline long ps_cost(PS *p, int g, int len) { long d = len - p->L[g]; return d < 0 ? -d : d; }
static inline int ps_egap(PS *p, int a) { return p->gap[a] == ANCHOR ? p->aidx[a] : p->gap[a]; }
static inline void ps_setlen(PS *p, int g, int len) {
    if (p->glen[g] == p->L[g] && len != p->L[g]) p->since[g] = p->clock;
    p->F += ps_cost(p, g, len) - ps_cost(p, g, p->glen[g]); p->glen[g] = len;
}
static inline int ps_accept(PS *p, long delta) {
    if (delta <= 0) return 1;
    if (delta >= 8) return 0;
    return ps_unit(p) < p->acc[delta];
}

#endif /* GRIDSAT_PATHSEARCH_STATE_H */
