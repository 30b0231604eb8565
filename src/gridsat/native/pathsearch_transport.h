/*
 * The transport move of gridsat._pathsearch (king boards): a breadth-first chain that
 * carries an off-path cell (a hole) to a gap that is too short. Each link is length
 * preserving: the hole x either takes the place of a free path cell y whose path
 * neighbours both touch x (swap), or is inserted into an edge of a gap A whose ends both
 * touch it while A gives back another removable cell y (the hole is now y). The chain ends
 * when the hole can be inserted into a gap shorter than its target (F - 1). Sources: every
 * off-path cell, and the removable cells of gaps that are too long (taking one out is
 * F - 1 too). The search runs on the state as it stands; the links are checked again as
 * they are applied, and a link that no longer fits ends the chain (every link applied
 * leaves a valid path with no higher cost).
 */
#ifndef GRIDSAT_PATHSEARCH_TRANSPORT_H
#define GRIDSAT_PATHSEARCH_TRANSPORT_H

#include "pathsearch_state.h"
#include "pathsearch_moves.h"

#define TR_SRC (-1)
#define TR_LONG (-2)
#define TR_SWAP (-3)

static inline void tr_push(PS *p, int y, int par, int how, int *qt) {
    p->tvis[y] = p->tstamp; p->tpar[y] = par; p->tz[y] = how; p->tq[(*qt)++] = y;
}

/* is y removable once x has been inserted after u */
static inline int tr_removable(PS *p, int y, int x, int u) {
    int a = p->prv[y], b = p->nxt[y];
    if (y == p->nxt[u]) a = x;
    if (y == u) b = x;
    return ps_adj(p, a, b);
}

/* apply the chain ending at hole `goal` (inserted after u0 into a short gap); 1 when the
   whole chain went through */
static int tr_apply(PS *p, int goal, int u0) {
    int len = 0, *ch = p->tch;
    for (int y = goal; y >= 0; y = p->tpar[y]) ch[len++] = y;
    int s = ch[len - 1];
    if (p->tz[s] == TR_LONG) {
        int g = p->gap[s];
        if (g < 0 || p->glen[g] <= p->L[g] || !ps_adj(p, p->prv[s], p->nxt[s])) return 0;
        unlink_cell(p, s);
        ps_setlen(p, g, p->glen[g] - 1);
    } else if (p->gap[s] != OFF) return 0;
    for (int i = len - 2; i >= 0; i--) {
        int y = ch[i], x = ch[i + 1], g = p->gap[y];
        if (p->gap[x] != OFF || g < 0) return 0;
        if (p->tz[y] == TR_SWAP) {
            int a = p->prv[y];
            if (!ps_adj(p, x, a) || !ps_adj(p, x, p->nxt[y])) return 0;
            unlink_cell(p, y); ins_after(p, a, x, g);
        } else {
            int u = p->tz[y];
            if (p->gap[u] == OFF || ps_egap(p, u) != g || !ps_adj(p, x, u) || !ps_adj(p, x, p->nxt[u])) return 0;
            ins_after(p, u, x, g);
            if (!ps_adj(p, p->prv[y], p->nxt[y])) { unlink_cell(p, x); return 0; }
            unlink_cell(p, y);
        }
    }
    int g;
    if (p->gap[goal] != OFF || p->gap[u0] == OFF || p->nxt[u0] < 0) return 0;
    g = ps_egap(p, u0);
    if (p->glen[g] >= p->L[g] || !ps_adj(p, goal, u0) || !ps_adj(p, goal, p->nxt[u0])) return 0;
    ins_after(p, u0, goal, g);
    ps_setlen(p, g, p->glen[g] + 1);
    return 1;
}

/* one transport: returns the work spent (about one unit per neighbour looked at / 4) */
static long move_transport(PS *p, long budget) {
    p->tr_calls++;
    p->tstamp++;
    int qh = 0, qt = 0, goal = -1, gu = -1;
    long ops = 0;
    if (p->noff) {
        int s0 = ps_below(p, p->noff);
        for (int i = 0; i < p->noff; i++) tr_push(p, p->offl[(s0 + i) % p->noff], -1, TR_SRC, &qt);
    }
    for (int g = 0; g < p->ng; g++) {
        if (p->glen[g] <= p->L[g]) continue;
        for (int y = p->nxt[p->anc[g]]; y != p->anc[g + 1]; y = p->nxt[y], ops++)
            if (p->tvis[y] != p->tstamp && ps_adj(p, p->prv[y], p->nxt[y])) tr_push(p, y, -1, TR_LONG, &qt);
    }
    while (qh < qt && goal < 0 && ops < budget) {
        int x = p->tq[qh++], deg = p->ip[x + 1] - p->ip[x];
        if (!deg) continue;
        int e0 = ps_below(p, deg);
        for (int i = 0; i < deg && goal < 0; i++) {
            int z = p->ix[p->ip[x] + (e0 + i) % deg];
            ops++;
            if (p->gap[z] == OFF || z == x) continue;
            for (int side = 0; side < 2; side++) {
                int u = side ? p->prv[z] : z;
                if (u < 0 || (side && !ps_virtual(p, u))) continue;
                int v = p->nxt[u];
                if (v < 0 || v == x || u == x || !ps_adj(p, x, v) || !ps_adj(p, x, u)) continue;
                int A = ps_egap(p, u);
                if (p->glen[A] < p->L[A]) { goal = x; gu = u; break; }
                if (p->gvis[A] == p->tstamp) continue;
                p->gvis[A] = p->tstamp;
                for (int y = p->nxt[p->anc[A]]; y != p->anc[A + 1]; y = p->nxt[y], ops++)
                    if (p->tvis[y] != p->tstamp && tr_removable(p, y, x, u)) tr_push(p, y, x, u, &qt);
            }
            if (goal >= 0) break;
            int y = p->nxt[z];
            if (y >= 0 && y != x && p->gap[y] >= 0 && p->tvis[y] != p->tstamp && ps_adj(p, x, p->nxt[y]))
                tr_push(p, y, x, TR_SWAP, &qt);
        }
    }
    p->tr_ops += ops;
    if (goal >= 0) p->tr_found++;
    if (goal >= 0 && tr_apply(p, goal, gu)) p->tr_ok++;
    return ops / 4;
}

#endif /* GRIDSAT_PATHSEARCH_TRANSPORT_H */
