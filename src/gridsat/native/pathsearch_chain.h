/*
 * The error chain move of gridsat._pathsearch: a gap g of wrong length hands one unit of
 * its error, by one joint re-route, along a chain of gaps that touch each other on the
 * board towards the nearest place that can absorb it: a gap whose error has the other
 * sign, or (for a gap too short) an off-path cell, which the re-route must then use.
 * Gaps are neighbours when a cell of one (its anchors included) touches a cell of the
 * other; the chain is found breadth first. When the absorber is more than MAXW gaps away,
 * the last gap of the first MAXW takes the unit over (the error moves towards it at no
 * cost), so repeated moves carry errors across the board instead of letting them wander
 * along the path order.
 */
#ifndef GRIDSAT_PATHSEARCH_CHAIN_H
#define GRIDSAT_PATHSEARCH_CHAIN_H

#include "pathsearch_state.h"
#include "pathsearch_moves.h"


/* visit the gaps touching gap a (board neighbours of its cells and anchors); push the new
   ones; an off-path cell next to a is reported in *off. Returns the cells looked at. */
static long ch_expand(PS *p, int a, int *qt, int *off) {
    long ops = 0;
    int u = p->anc[a];
    while (1) {
        if (!ps_virtual(p, u)) {
            int deg = p->ip[u + 1] - p->ip[u], e0 = deg ? ps_below(p, deg) : 0;
            for (int i = 0; i < deg; i++) {
                int z = p->ix[p->ip[u] + (e0 + i) % deg], b = p->gap[z];
                ops++;
                if (b == OFF) { if (*off < 0) *off = z; continue; }
                int lo = b, hi = b;
                if (b == ANCHOR) { hi = p->aidx[z]; lo = hi - 1; }
                for (int h = lo; h <= hi; h++) {
                    if (h < 0 || h >= p->ng || p->gvis[h] == p->tstamp) continue;
                    p->gvis[h] = p->tstamp; p->gpar[h] = a; p->tq[(*qt)++] = h;
                }
            }
        }
        if (u == p->anc[a + 1]) break;
        u = p->nxt[u];
    }
    return ops;
}

/* one error chain move; returns the work spent on the breadth-first search */
static long move_chain(PS *p, long budget) {
    int g = -1, seen = 0, s0 = ps_below(p, p->ng);
    for (int i = 0; i < p->ng; i++) {
        int h = (s0 + i) % p->ng;
        if (p->glen[h] != p->L[h]) { g = h; if (++seen >= 2) break; }
    }
    if (g < 0) return 0;
    p->ch_calls++;
    int s = p->glen[g] > p->L[g] ? 1 : -1;     /* +1: g gives a cell away, -1: g takes one */
    p->tstamp++;
    int qh = 0, qt = 0, target = -1, off = -1;
    long ops = 0;
    p->gvis[g] = p->tstamp; p->gpar[g] = -1; p->tq[qt++] = g;
    if (ps_below(p, 2)) {                   /* a cluster: g and the gaps nearest it, all exact */
        int want = 2 + ps_below(p, MAXW - 1), o = -1, w[MAXW], t[MAXW];
        while (qh < qt && qt < want) ops += ch_expand(p, p->tq[qh++], &qt, &o);
        int k = qt < want ? qt : want;
        for (int j = 0; j < k; j++) { w[j] = p->tq[j]; t[j] = p->L[w[j]]; }
        if (reroute_gaps(p, k, w, t, -1)) p->ch_ok++;
        return ops / 4;
    }
    while (qh < qt && ops < budget) {
        int a = p->tq[qh++], o = -1;
        if (a != g) {
            int e = p->glen[a] - p->L[a];
            if (e && (e > 0) != (s > 0)) { target = a; break; }
        }
        ops += ch_expand(p, a, &qt, &o);
        if (s < 0 && o >= 0) { target = a; off = o; break; }
    }
    if (target < 0) return ops / 4;
    int *chain = p->tch, len = 0;           /* tch holds n + 2 >= ng entries */
    for (int a = target; a >= 0; a = p->gpar[a]) chain[len++] = a;
    /* chain[len - 1] == g ... chain[0] == target; keep the first MAXW from g */
    int w[MAXW], t[MAXW], k = 0, must = -1;
    for (int i = len - 1; i >= 0 && k < MAXW; i--) { w[k] = chain[i]; t[k] = p->glen[chain[i]]; k++; }
    t[0] -= s;
    if (k == len && off >= 0 && w[k - 1] == target && k > 0) must = off;
    if (k == len && off >= 0) {
        if (k == 1) t[0] = p->glen[g] + 1;   /* g itself takes the off-path cell */
    } else {
        t[k - 1] += s;                       /* the absorber or the last gap of the chain */
        if (k == 1) return ops / 4;
    }
    if (t[k - 1] < 1 || !ps_fits(p, p->anc[w[k - 1]], p->anc[w[k - 1] + 1], t[k - 1])) return ops / 4;
    if (reroute_gaps(p, k, w, t, must)) p->ch_ok++;
    return ops / 4;
}

#endif /* GRIDSAT_PATHSEARCH_CHAIN_H */
