/*
 * The moves of the path-cover search of gridsat._pathsearch, in plain C (no Python): the
 * state's edits, the cheap moves, the joint re-route and the hole move; the long moves
 * (pathsearch_transport.h, pathsearch_chain.h, pathsearch_pair.h) and the first state
 * (pathsearch_route.h) build on them. pathsearch.c holds the restarts, the second solution
 * and the Python interface. The state, its constants and the shared helpers are declared
 * in pathsearch_state.h.
 */
#ifndef GRIDSAT_PATHSEARCH_MOVES_H
#define GRIDSAT_PATHSEARCH_MOVES_H

#include "pathsearch_state.h"

static void off_add(PS *p, int c) {
    p->offpos[c] = p->noff; p->offl[p->noff++] = c;
    p->gap[c] = OFF; p->prv[c] = p->nxt[c] = -1;
}
static void off_del(PS *p, int c) {
    int i = p->offpos[c], last = p->offl[--p->noff];
    p->offl[i] = last; p->offpos[last] = i; p->offpos[c] = -1;
}
static void ins_after(PS *p, int a, int x, int g) {
    int b = p->nxt[a];
    off_del(p, x);
    p->nxt[a] = x; p->prv[x] = a; p->nxt[x] = b; p->prv[b] = x; p->gap[x] = g;
}
static void unlink_cell(PS *p, int x) {
    int a = p->prv[x], b = p->nxt[x];
    p->nxt[a] = b; p->prv[b] = a;
    off_add(p, x);
}
/* reverse the path segment x .. y (x before y, both inside one gap) */
static void reverse_seg(PS *p, int x, int y) {
    int a = p->prv[x], b = p->nxt[y], u = x;
    while (1) {
        int nx = p->nxt[u];
        p->nxt[u] = p->prv[u]; p->prv[u] = nx;
        if (u == y) break;
        u = nx;
    }
    p->nxt[a] = y; p->prv[y] = a; p->nxt[x] = b; p->prv[b] = x;
}

/* ------------------------------------------------------------------ cheap moves */
typedef struct { int kind, a, b, c; } Opt;   /* one candidate move */

/* take a run of k (1 or 2) free cells of gap g out of the path within 40 steps of `from`,
   avoiding cells x1, x2; 1 when done */
static int remove_near(PS *p, int from, int g, int k, int x1, int x2) {
    int found = -1, seen = 0;
    for (int dir = 0; dir < 2; dir++) {
        int u = from;
        for (int s = 0; s < 40; s++) {
            u = dir ? p->nxt[u] : p->prv[u];
            if (u < 0 || p->gap[u] != g) break;
            int z = k == 1 ? u : p->nxt[u];
            if (u == x1 || u == x2 || z == x1 || z == x2 || p->gap[z] != g) continue;
            if (ps_adj(p, p->prv[u], p->nxt[z])) { seen++; if (ps_below(p, seen) == 0) found = u; }
        }
    }
    if (found < 0) return 0;
    if (k == 2) unlink_cell(p, p->nxt[found]);
    unlink_cell(p, found);
    ps_setlen(p, g, p->glen[g] - k);
    return 1;
}

/* an off-path cell x: insert it (or x and an off-path neighbour) into an edge of the path
   whose ends both touch it, or let it take the place of a free path cell */
static void move_off(PS *p, int x) {
    Opt o[96]; int k = 0;
    for (int e = p->ip[x]; e < p->ip[x + 1] && k < 90; e++) {
        int y = p->ix[e];
        if (p->gap[y] == OFF) continue;
        int q = p->nxt[y], r = p->prv[y];
        if (q >= 0 && ps_adj(p, x, q)) o[k++] = (Opt){0, y, x, -1};
        if (r >= 0 && ps_virtual(p, r)) o[k++] = (Opt){0, r, x, -1};
        if (p->gap[y] >= 0 && ps_adj(p, x, r) && ps_adj(p, x, q)) o[k++] = (Opt){1, y, x, -1};
        /* a chain y, x, x2, q or r, x2, x, y */
        for (int f = p->ip[x]; f < p->ip[x + 1] && k < 90; f++) {
            int x2 = p->ix[f];
            if (p->gap[x2] != OFF) continue;
            if (q >= 0 && ps_adj(p, x2, q)) o[k++] = (Opt){2, y, x, x2};
            if (r >= 0 && ps_adj(p, x2, r)) o[k++] = (Opt){2, r, x2, x};
        }
    }
    if (!k) return;
    Opt m = o[ps_below(p, k)];
    int g = ps_egap(p, m.a);
    if (m.kind == 1) {                  /* x takes y's place: lengths stay */
        int y = m.a, a = p->prv[y], gy = p->gap[y];
        unlink_cell(p, y); ins_after(p, a, m.b, gy);
        p->moves++;
        return;
    }
    int len = m.kind == 0 ? 1 : 2;
    long d = ps_cost(p, g, p->glen[g] + len) - ps_cost(p, g, p->glen[g]);
    ins_after(p, m.a, m.b, g);
    if (len == 2) ins_after(p, m.b, m.c, g);
    ps_setlen(p, g, p->glen[g] + len);
    /* transport: a gap made too long gives back as many cells elsewhere near the insertion */
    if (d > 0 && remove_near(p, m.b, g, len, m.b, len == 2 ? m.c : m.b)) { p->moves++; return; }
    if (ps_accept(p, d)) { p->moves++; return; }
    unlink_cell(p, m.b);
    if (len == 2) unlink_cell(p, m.c);
    ps_setlen(p, g, p->glen[g] - len);
}

/* a free path cell y: take it (with up to two followers) out, move it elsewhere, or
   reverse a stretch that starts at it (2-opt inside its gap) */
static void move_on(PS *p, int y) {
    int g = p->gap[y], a = p->prv[y], b = p->nxt[y];
    int kind = ps_below(p, 4);
    if (kind == 0) {                    /* shortcut 1-3 free cells */
        int z = y, k = 1, want = 1 + ps_below(p, 3);
        while (k < want && p->gap[p->nxt[z]] == g) { z = p->nxt[z]; k++; }
        if (!ps_adj(p, a, p->nxt[z])) return;
        if (!ps_accept(p, ps_cost(p, g, p->glen[g] - k) - ps_cost(p, g, p->glen[g]))) return;
        for (int i = 0; i < k; i++) { int nx = p->nxt[y]; unlink_cell(p, y); y = nx; }
        ps_setlen(p, g, p->glen[g] - k);
    } else if (kind == 1) {             /* relocate y next to another path neighbour */
        if (!ps_adj(p, a, b)) return;
        Opt o[24]; int k = 0;
        for (int e = p->ip[y]; e < p->ip[y + 1]; e++) {
            int z = p->ix[e];
            if (p->gap[z] == OFF || z == a) continue;
            int q = p->nxt[z];
            if (q >= 0 && q != y && ps_adj(p, y, q)) o[k++] = (Opt){0, z, 0, 0};
            if (z != b && p->prv[z] >= 0 && ps_virtual(p, p->prv[z])) o[k++] = (Opt){0, p->prv[z], 0, 0};
        }
        if (!k) return;
        int z = o[ps_below(p, k)].a, h = ps_egap(p, z);
        long d;
        if (h == g) d = 0;
        else d = ps_cost(p, g, p->glen[g] - 1) - ps_cost(p, g, p->glen[g])
               + ps_cost(p, h, p->glen[h] + 1) - ps_cost(p, h, p->glen[h]);
        if (!ps_accept(p, d)) return;
        unlink_cell(p, y); ins_after(p, z, y, h);
        if (h != g) { ps_setlen(p, g, p->glen[g] - 1); ps_setlen(p, h, p->glen[h] + 1); }
    } else {                            /* 2-opt: reverse y .. w when a touches w and y touches w's successor */
        int w = b, steps = 0, found = -1, seen = 0;
        while (p->gap[w] == g && steps < 24) {
            if (ps_adj(p, a, w) && ps_adj(p, y, p->nxt[w])) { seen++; if (ps_below(p, seen) == 0) found = w; }
            w = p->nxt[w]; steps++;
        }
        if (found < 0) return;
        reverse_seg(p, y, found);
    }
    p->moves++;
}

/* ------------------------------------------------------------------ joint re-route */
static int free_nbrs(PS *p, int w) {
    int s = 0;
    for (int e = p->ip[w]; e < p->ip[w + 1]; e++) s += p->gap[p->ix[e]] == OFF;
    return s;
}

static void sort_keys(uint64_t *k, int n) {
    for (int i = 1; i < n; i++) { uint64_t v = k[i]; int j = i; while (j > 0 && k[j - 1] > v) { k[j] = k[j - 1]; j--; } k[j] = v; }
}

/* candidates for DFS level d into p->cand at co[d]; returns how many */
static int dfs_gen(PS *p, int d, const int *ga, const int *gb, const int *gt) {
    int j = p->lg[d], s = p->ls[d], prev = s == 1 ? ga[j] : p->chosen[d - 1], b = gb[j], r = gt[j] - s;
    int *out = p->cand + p->co[d], k = 0;
    uint64_t keys[64];
    if (ps_virtual(p, prev)) {          /* the free start: the 32 best cells of the board */
        uint64_t *big = p->big;
        int m = 0;
        for (int w = 0; w < p->n; w++) {
            if (p->gap[w] != OFF || !ps_fits(p, w, b, r)) continue;
            if (r == 1 && !ps_adj(p, w, b)) continue;
            int f = free_nbrs(p, w);
            if (r > 1 && f == 0) continue;
            big[m++] = ((uint64_t)f << 52) | ((ps_rand(p) >> 44) << 32) | (uint64_t)w;
        }
        int take = m < 32 ? m : 32;
        for (int i = 0; i < take; i++) {  /* partial selection of the smallest keys */
            int best = i;
            for (int t = i + 1; t < m; t++) if (big[t] < big[best]) best = t;
            uint64_t v = big[i]; big[i] = big[best]; big[best] = v;
            keys[i] = big[i];
        }
        for (int i = 0; i < take; i++) out[i] = (int)(keys[i] & 0xffffffffu);
        return take;
    }
    for (int e = p->ip[prev]; e < p->ip[prev + 1]; e++) {
        int w = p->ix[e];
        if (p->gap[w] != OFF || !ps_fits(p, w, b, r)) continue;
        if (r == 1 && !ps_adj(p, w, b)) continue;
        int f = free_nbrs(p, w);
        if (r > 1 && f == 0) continue;
        keys[k++] = ((uint64_t)f << 52) | ((ps_rand(p) >> 44) << 32) | (uint64_t)w;
    }
    sort_keys(keys, k);
    for (int i = 0; i < k; i++) out[i] = (int)(keys[i] & 0xffffffffu);
    return k;
}

/* every gap j from `from` on can still leave its start anchor */
static int dfs_open(PS *p, int from, int k, const int *ga, const int *gb, const int *gt) {
    for (int j = from; j < k; j++) {
        if (gt[j] == 1 || ps_virtual(p, ga[j])) continue;
        int ok = 0;
        for (int e = p->ip[ga[j]]; e < p->ip[ga[j] + 1] && !ok; e++) {
            int w = p->ix[e];
            ok = p->gap[w] == OFF && ps_fits(p, w, gb[j], gt[j] - 1);
        }
        if (!ok) return 0;
    }
    return 1;
}

/* route gaps (ga[j] -> gb[j] in exactly gt[j] steps) through off-path cells, using the cell
   `must` and p->must2 where these are not -1; on success the chosen cells are marked USED in p->chosen (level order) and 1 is returned */
static int dfs(PS *p, int k, const int *ga, const int *gb, const int *gt, long budget, int must) {
    int D = 0;
    for (int j = 0; j < k; j++) {
        if (!ps_fits(p, ga[j], gb[j], gt[j])) return 0;
        if (gt[j] == 1 && !ps_adj(p, ga[j], gb[j])) return 0;
        for (int s = 1; s < gt[j]; s++) { p->lg[D] = j; p->ls[D] = s; D++; }
    }
    if (D == 0) return 1;
    if (!dfs_open(p, 0, k, ga, gb, gt)) return 0;
    long nodes = 1;
    int d = 0;
    p->co[0] = 0; p->chosen[0] = -1; p->ci[0] = 0;
    p->cn[0] = dfs_gen(p, 0, ga, gb, gt);
    while (d >= 0) {
        if (p->chosen[d] >= 0) { p->gap[p->chosen[d]] = OFF; p->chosen[d] = -1; }
        if (p->ci[d] >= p->cn[d]) { d--; continue; }
        int w = p->cand[p->co[d] + p->ci[d]++];
        p->chosen[d] = w; p->gap[w] = USED;
        if (d == D - 1) {
            if ((must < 0 || p->gap[must] == USED) && (p->must2 < 0 || p->gap[p->must2] == USED)) { p->dfs_nodes += nodes; return 1; }
            if (++nodes > budget) break;
            continue;
        }
        if (++nodes > budget) break;
        int e = d + 1;
        p->co[e] = p->co[d] + p->cn[d];
        p->chosen[e] = -1; p->ci[e] = 0; d = e;
        if (p->ls[e] == 1 && !dfs_open(p, p->lg[e], k, ga, gb, gt)) { p->cn[e] = 0; continue; }
        p->cn[e] = dfs_gen(p, e, ga, gb, gt);
    }
    for (; d >= 0; d--) if (p->chosen[d] >= 0) { p->gap[p->chosen[d]] = OFF; p->chosen[d] = -1; }
    p->dfs_nodes += nodes;
    return 0;
}

/* free gaps w[0..k-1] and re-route them with targets t; keep the result by the annealing
   rule, else put the old routes back. Returns 1 when the state changed. */
static int reroute_gaps(PS *p, int k, int *w, int *t, int must) {
    int ga[MAXW], gb[MAXW], gt[MAXW], ord[MAXW];
    long before = 0, after = 0;
    for (int j = 0; j < k; j++) ord[j] = j;
    for (int i = 1; i < k; i++) {       /* tightest first */
        int v = ord[i], j = i;
        int sv = t[v] - ps_dist(p, p->anc[w[v]], p->anc[w[v] + 1]);
        while (j > 0 && t[ord[j - 1]] - ps_dist(p, p->anc[w[ord[j - 1]]], p->anc[w[ord[j - 1]] + 1]) > sv) { ord[j] = ord[j - 1]; j--; }
        ord[j] = v;
    }
    for (int j = 0; j < k; j++) {
        int g = w[ord[j]];
        ga[j] = p->anc[g]; gb[j] = p->anc[g + 1]; gt[j] = t[ord[j]];
        before += ps_cost(p, g, p->glen[g]); after += ps_cost(p, g, gt[j]);
    }
    if (!ps_accept(p, after - before)) return 0;
    /* free the old routes, remembering them */
    int ns = 0;
    for (int j = 0; j < k; j++) {
        int u = p->nxt[ga[j]];
        while (u != gb[j]) { int nx = p->nxt[u]; p->saved[ns++] = u; u = nx; }
        p->saved[ns++] = -1;
        u = p->nxt[ga[j]];
        while (u != gb[j]) { int nx = p->nxt[u]; off_add(p, u); u = nx; }
        p->nxt[ga[j]] = gb[j]; p->prv[gb[j]] = ga[j];
    }
    p->reroutes++;
    int ok = dfs(p, k, ga, gb, gt, BUDGET, must);
    int d = 0, i = 0;
    for (int j = 0; j < k; j++) {
        int g = w[ord[j]], a = ga[j];
        if (ok) {
            for (int s = 1; s < gt[j]; s++, d++) { int c = p->chosen[d]; p->gap[c] = OFF; p->chosen[d] = -1; ins_after(p, a, c, g); a = c; }
            ps_setlen(p, g, gt[j]);
        } else {
            for (; p->saved[i] >= 0; i++) { ins_after(p, a, p->saved[i], g); a = p->saved[i]; }
        }
        i += ok ? 0 : 1;
    }
    p->rr_ok += ok;
    return ok;
}

/* the joint re-route move around a random gap of wrong length */
static void move_reroute(PS *p) {
    int g = -1, seen = 0;
    int s0 = ps_below(p, p->ng);
    for (int i = 0; i < p->ng; i++) {
        int h = (s0 + i) % p->ng;
        if (p->glen[h] != p->L[h]) { g = h; if (++seen >= 4) break; }
    }
    if (g < 0) return;
    int w[MAXW], t[MAXW], k = 0, mode = ps_below(p, 4);
    int want = 1 + ps_below(p, MAXW);
    if (mode == 3 && !ps_virtual(p, p->anc[g]) && !ps_virtual(p, p->anc[g + 1])) {
        /* the gaps holding cells that gap g could reach within its length budget */
        int a = p->anc[g], b = p->anc[g + 1], Lg = p->L[g];
        w[k++] = g;
        int r0 = (p->row[a] < p->row[b] ? p->row[a] : p->row[b]) - Lg, r1 = (p->row[a] > p->row[b] ? p->row[a] : p->row[b]) + Lg;
        int c0 = (p->col[a] < p->col[b] ? p->col[a] : p->col[b]) - Lg, c1 = (p->col[a] > p->col[b] ? p->col[a] : p->col[b]) + Lg;
        if (r0 < 0) r0 = 0;
        if (c0 < 0) c0 = 0;
        if (r1 >= p->R) r1 = p->R - 1;
        if (c1 >= p->C) c1 = p->C - 1;
        int tries = 0;
        while (k < want && tries++ < 40) {
            int rr = r0 + ps_below(p, r1 - r0 + 1), cc = c0 + ps_below(p, c1 - c0 + 1);
            int c = p->grid[rr * p->C + cc];
            if (c < 0 || p->gap[c] < 0 || ps_dist(p, a, c) + ps_dist(p, c, b) > Lg) continue;
            int h = p->gap[c], dup = 0;
            for (int j = 0; j < k; j++) dup |= w[j] == h;
            if (!dup) w[k++] = h;
        }
        for (int j = 0; j < k; j++) t[j] = p->L[w[j]];
    } else {
        int lo = g - ps_below(p, want);
        if (lo < 0) lo = 0;
        int hi = lo + want - 1;
        if (hi >= p->ng) hi = p->ng - 1;
        if (hi < g) hi = g;
        for (int h = lo; h <= hi; h++) { w[k] = h; t[k] = p->L[h]; k++; }
        int gi = g - lo, e = p->glen[g] - p->L[g];
        if (mode == 1 && (e > 1 || e < -1)) {           /* correct part of the error */
            int part = 1 + ps_below(p, (e < 0 ? -e : e) - 1);
            t[gi] = p->glen[g] + (e < 0 ? part : -part);
        } else if (mode == 2 && k > 1) {                /* hand the error to a neighbour gap */
            int hj = gi == 0 ? 1 : gi == k - 1 ? gi - 1 : (ps_below(p, 2) ? gi + 1 : gi - 1);
            if (e < 0 && p->noff && gi > 0 && gi < k - 1 && ps_below(p, 4)) {
                /* a deficit goes towards the nearest off-path cell */
                int lo_a = p->anc[w[gi - 1]], hi_b = p->anc[w[gi + 1] + 1], dl = 1 << 30, dh = 1 << 30;
                for (int i = 0; i < p->noff && i < 64; i++) {
                    int x = p->offl[i], u = ps_dist(p, lo_a, x), v = ps_dist(p, hi_b, x);
                    if (u < dl) dl = u;
                    if (v < dh) dh = v;
                }
                hj = dl < dh ? gi - 1 : dh < dl ? gi + 1 : hj;
            }
            int h = w[hj], nt = p->glen[h] + e;
            if (nt >= 1 && ps_fits(p, p->anc[h], p->anc[h + 1], nt)) t[hj] = nt;
        }
    }
    reroute_gaps(p, k, w, t, -1);
}

/* the hole move: re-route the gaps passing near an off-path cell x, made to use x; the
   gaps keep their lengths (the hole moves to wherever a cell is left over) or, for gaps
   of wrong length, take their targets */
static void move_hole(PS *p) {
    int x = p->offl[ps_below(p, p->noff)], w[MAXW], t[MAXW], k = 0, want = 1 + ps_below(p, MAXW);
    int exact = ps_below(p, 2), rad = 1 + ps_below(p, 2);
    for (int tries = 0; tries < 30 && k < want; tries++) {
        int rr = p->row[x] - rad + ps_below(p, 2 * rad + 1), cc = p->col[x] - rad + ps_below(p, 2 * rad + 1);
        if (rr < 0 || cc < 0 || rr >= p->R || cc >= p->C) continue;
        int c = p->grid[rr * p->C + cc];
        if (c < 0 || p->gap[c] < 0) continue;
        int h = p->gap[c], dup = 0;
        for (int j = 0; j < k; j++) dup |= w[j] == h;
        if (dup) continue;
        w[k] = h; t[k] = exact ? p->L[h] : p->glen[h]; k++;
    }
    if (!k) return;
    reroute_gaps(p, k, w, t, exact ? -1 : x);
}

#endif /* GRIDSAT_PATHSEARCH_MOVES_H */
