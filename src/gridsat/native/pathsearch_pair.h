/*
 * The hole pairing move of gridsat._pathsearch (rook boards). A rook path alternates
 * colours, so a gap takes or gives cells only two at a time, one of each colour, and a
 * re-route that keeps every length moves an off-path cell (a hole) only to a cell of its
 * own colour. The stalls of the rook boards hold single holes scattered over the board:
 * no short gap can take one alone, and the hole move walks each of them at random. This
 * move takes a hole x and the nearest hole x2 of the other colour, and re-routes the gaps
 * met on a random monotone grid walk from x to x2 (at most MAXW gaps, each keeping its
 * length) so that they use both x and x2. The two cells they leave out instead are again
 * one of each colour, inside the region of those gaps, so the two holes come closer; a
 * pair that touches a short gap is taken up by the cheap moves or a re-route.
 */
#ifndef GRIDSAT_PATHSEARCH_PAIR_H
#define GRIDSAT_PATHSEARCH_PAIR_H

#include "pathsearch_state.h"
#include "pathsearch_moves.h"

/* one pairing move; returns the cells looked at (the work besides the re-route's search) */
static long move_pair(PS *p) {
    if (p->noff < 2) return 0;
    int x = p->offl[ps_below(p, p->noff)], x2 = -1, bd = 1 << 30;
    long ops = p->noff;
    int cx = (p->row[x] + p->col[x]) & 1;
    for (int i = 0; i < p->noff; i++) {
        int z = p->offl[i];
        if (((p->row[z] + p->col[z]) & 1) == cx) continue;
        int d = ps_dist(p, x, z);
        if (d < bd) { bd = d; x2 = z; }
    }
    if (x2 < 0 || bd < 2) return ops;
    p->pr_calls++;
    int w[MAXW], t[MAXW], k = 0;
    int r = p->row[x], c = p->col[x], r2 = p->row[x2], c2 = p->col[x2];
    while (r != r2 || c != c2) {
        int dr = r2 - r, dc = c2 - c;
        if (dc == 0 || (dr != 0 && ps_below(p, abs(dr) + abs(dc)) < abs(dr))) r += dr > 0 ? 1 : -1;
        else c += dc > 0 ? 1 : -1;
        int u = p->grid[r * p->C + c];
        ops++;
        if (u < 0 || p->gap[u] == OFF) continue;
        int hi = ps_egap(p, u), lo = p->gap[u] == ANCHOR ? hi - 1 : hi;
        for (int h = lo; h <= hi; h++) {
            if (h < 0 || h >= p->ng) continue;
            int dup = 0;
            for (int j = 0; j < k; j++) dup |= w[j] == h;
            if (dup) continue;
            if (k == MAXW) return ops;      /* too far apart for one re-route */
            w[k] = h; t[k] = p->glen[h]; k++;
        }
    }
    if (!k) return ops;
    p->must2 = x2;
    if (reroute_gaps(p, k, w, t, x)) p->pr_ok++;
    p->must2 = -1;
    return ops;
}

#endif /* GRIDSAT_PATHSEARCH_PAIR_H */
