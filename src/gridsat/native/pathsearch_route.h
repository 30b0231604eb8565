/*
 * The first state of gridsat._pathsearch's local search (pathsearch.c): every gap routed
 * by a cheapest path through free cells, conflicts negotiated with growing costs on
 * contested cells, tightest gaps first. route_gap also serves the kick.
 */
#ifndef GRIDSAT_PATHSEARCH_ROUTE_H
#define GRIDSAT_PATHSEARCH_ROUTE_H

#include "pathsearch_state.h"
#include "pathsearch_moves.h"

static void hpush(PS *p, int *hn, double key, int v) {
    int i = (*hn)++;
    while (i > 0) { int up = (i - 1) / 2; if (p->hkey[up] <= key) break; p->hkey[i] = p->hkey[up]; p->heap[i] = p->heap[up]; i = up; }
    p->hkey[i] = key; p->heap[i] = v;
}
static int hpop(PS *p, int *hn, double *key) {
    int top = p->heap[0]; *key = p->hkey[0];
    double k = p->hkey[--(*hn)]; int v = p->heap[*hn], i = 0;
    while (1) {
        int c = 2 * i + 1;
        if (c >= *hn) break;
        if (c + 1 < *hn && p->hkey[c + 1] < p->hkey[c]) c++;
        if (p->hkey[c] >= k) break;
        p->hkey[i] = p->hkey[c]; p->heap[i] = p->heap[c]; i = c;
    }
    if (*hn > 0) { p->hkey[i] = k; p->heap[i] = v; }
    return top;
}
static double cell_cost(PS *p, int c, double pf, double noise) {
    return (1.0 + p->hist[c]) * (1.0 + pf * p->occ[c]) + noise * ps_unit(p);
}

/* cheapest route of gap g through free cells (strict: only cells no route uses yet) */
static int route_gap(PS *p, int g, double pf, int strict, double noise) {
    int a = p->anc[g], b = p->anc[g + 1], hn = 0;
    p->rl[g] = 0;
    if (ps_adj(p, a, b)) return 1;
    p->dst++;
    if (ps_virtual(p, a)) {
        for (int c = 0; c < p->n; c++) {
            if (p->aidx[c] >= 0 || (strict && p->occ[c])) continue;
            double k = cell_cost(p, c, pf, noise);
            p->dstamp[c] = p->dst; p->dv[c] = k; p->dpar[c] = a; hpush(p, &hn, k, c);
        }
    } else {
        for (int e = p->ip[a]; e < p->ip[a + 1]; e++) {
            int c = p->ix[e];
            if (p->aidx[c] >= 0 || (strict && p->occ[c])) continue;
            double k = cell_cost(p, c, pf, noise);
            p->dstamp[c] = p->dst; p->dv[c] = k; p->dpar[c] = a; hpush(p, &hn, k, c);
        }
    }
    while (hn > 0) {
        double k;
        int u = hpop(p, &hn, &k);
        if (k > p->dv[u]) continue;
        if (ps_adj(p, u, b)) {
            int m = 0;
            for (int v = u; v != a; v = p->dpar[v]) m++;
            if (m > p->rcap[g]) {
                int *nr = realloc(p->rt[g], sizeof(int) * (size_t)m * 2);
                if (!nr) return 0;
                p->rt[g] = nr; p->rcap[g] = m * 2;
            }
            p->rl[g] = m;
            for (int v = u; v != a; v = p->dpar[v]) p->rt[g][--m] = v;
            return 1;
        }
        for (int e = p->ip[u]; e < p->ip[u + 1]; e++) {
            int w = p->ix[e];
            if (p->aidx[w] >= 0 || (strict && p->occ[w])) continue;
            double nk = k + cell_cost(p, w, pf, noise);
            if (p->dstamp[w] != p->dst || nk < p->dv[w]) {
                p->dstamp[w] = p->dst; p->dv[w] = nk; p->dpar[w] = u; hpush(p, &hn, nk, w);
            }
        }
    }
    return 0;
}

static void occupy(PS *p, int g, int d) { for (int i = 0; i < p->rl[g]; i++) p->occ[p->rt[g][i]] += d; }

/* a first state: 1 on success, 0 when some gap found no route (try again later) */
static int ps_init(PS *p, double noise) {
    int n = p->n, ng = p->ng;
    for (int c = 0; c < n; c++) { p->occ[c] = 0; p->hist[c] = 0.0; }
    long long *key = (long long *)p->big;  /* order gaps by slack, random ties */
    for (int g = 0; g < ng; g++) {
        long slack = p->L[g] - ps_dist(p, p->anc[g], p->anc[g + 1]);
        if (slack < 0) slack = 0;
        if (ps_virtual(p, p->anc[g]) || ps_virtual(p, p->anc[g + 1])) slack += n;
        key[g] = (slack << 40) | ((long long)ps_below(p, 1 << 20) << 20) | g;
        p->rl[g] = 0;
    }
    for (int i = 1; i < ng; i++) { long long v = key[i]; int j = i; while (j > 0 && key[j - 1] > v) { key[j] = key[j - 1]; j--; } key[j] = v; }
    for (int i = 0; i < ng; i++) p->order[i] = (int)(key[i] & 0xfffff);
    double pf = 0.5;
    int over = 1;
    for (int it = 0; it < 40 && over; it++) {
        for (int i = 0; i < ng; i++) {
            int g = p->order[i];
            occupy(p, g, -1);
            if (!route_gap(p, g, pf, 0, noise)) return 0;
            occupy(p, g, 1);
        }
        over = 0;
        for (int c = 0; c < n; c++) if (p->occ[c] > 1) { over = 1; p->hist[c] += 0.5; }
        pf *= 1.5;
    }
    if (over) {  /* keep what fits: the others take only untouched cells */
        for (int c = 0; c < n; c++) p->occ[c] = 0;
        for (int i = 0; i < ng; i++) {
            int g = p->order[i];
            if (!route_gap(p, g, 0.0, 1, noise)) return 0;
            occupy(p, g, 1);
        }
    }
    p->noff = 0; p->F = 0;
    for (int c = 0; c < n; c++) { p->offpos[c] = -1; if (p->aidx[c] < 0) off_add(p, c); }
    for (int g = 0; g < ng; g++) {
        int a = p->anc[g];
        for (int i = 0; i < p->rl[g]; i++) { int c = p->rt[g][i]; p->nxt[a] = p->anc[g + 1]; p->prv[p->anc[g + 1]] = a; ins_after(p, a, c, g); a = c; }
        p->nxt[a] = p->anc[g + 1]; p->prv[p->anc[g + 1]] = a;
        p->glen[g] = p->rl[g] + 1; p->since[g] = p->clock;
        p->F += ps_cost(p, g, p->glen[g]);
    }
    return 1;
}

#endif /* GRIDSAT_PATHSEARCH_ROUTE_H */
