/*
 * Wings: whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 *
 * The tests follow techniques/wings.py: the same pivots, the same wing cells, the same
 * conditions on their digits and the same cells that must see the eliminations. Only the
 * existence of a step is decided, so the order of the search and the rating of the wing
 * (which pick the step Python returns) do not matter here.
 */
#ifndef GRIDSAT_LG_WINGS_H
#define GRIDSAT_LG_WINGS_H

#include "lg.h"

/* xy-wing: a bivalue pivot xy with bivalue pincers xz and yz it sees; z goes from the cells
 * (other than the pivot) that see both pincers */
static int lg_xy_wing(LG *g) {
    const uint16_t *C = g->cands;
    for (int p = 0; p < LG_CELLS; p++) {
        unsigned pm = C[p];
        if (lg_pop(pm) != 2) continue;
        int w[20], n = 0;
        for (int i = 0; i < 20; i++) {
            int q = LG_PEER[p][i];
            unsigned m = C[q];
            if (lg_pop(m) == 2 && m != pm && (m & pm)) w[n++] = q;
        }
        for (int i = 0; i < n; i++) {
            unsigned ma = C[w[i]];
            for (int j = i + 1; j < n; j++) {
                unsigned mb = C[w[j]];
                if ((ma & pm) == (mb & pm)) continue;
                unsigned z = ma & mb & ~pm;
                if (!z) continue;
                lg_cells e = LG_PEERS[w[i]] & LG_PEERS[w[j]] & g->dpos[lg_ctz(z)] & ~lg_bit(p);
                if (e) return 1;
            }
        }
    }
    return 0;
}

/* xyz-wing: a pivot xyz with bivalue pincers xz and yz it sees; z goes from the cells that
 * see all three */
static int lg_xyz_wing(LG *g) {
    const uint16_t *C = g->cands;
    for (int p = 0; p < LG_CELLS; p++) {
        unsigned pm = C[p];
        if (lg_pop(pm) != 3) continue;
        int w[20], n = 0;
        for (int i = 0; i < 20; i++) {
            int q = LG_PEER[p][i];
            unsigned m = C[q];
            if (lg_pop(m) == 2 && !(m & ~pm)) w[n++] = q;
        }
        for (int i = 0; i < n; i++) {
            unsigned ma = C[w[i]];
            for (int j = i + 1; j < n; j++) {
                unsigned mb = C[w[j]];
                if (ma == mb) continue;
                unsigned z = ma & mb;
                lg_cells e = LG_PEERS[p] & LG_PEERS[w[i]] & LG_PEERS[w[j]] & g->dpos[lg_ctz(z)];
                if (e) return 1;
            }
        }
    }
    return 0;
}

/* w-wing: two bivalue cells xy that do not see each other, and a strong link on x (a unit
 * with exactly two places for x, neither of them one of the two cells) whose ends see one
 * cell each; y goes from the cells seeing both */
static int lg_w_wing(LG *g) {
    const uint16_t *C = g->cands;
    int biv[LG_CELLS], nb = 0;
    for (int c = 0; c < LG_CELLS; c++)
        if (lg_pop(C[c]) == 2) biv[nb++] = c;
    /* the strong links of each digit: the two cells of every unit with two places */
    int la[LG_N][LG_UNITS], lb[LG_N][LG_UNITS], nl[LG_N];
    int done[LG_N] = {0};
    for (int i = 0; i < nb; i++) {
        int p = biv[i];
        unsigned m = C[p];
        for (int j = i + 1; j < nb; j++) {
            int q = biv[j];
            if (C[q] != m || lg_sees(p, q)) continue;
            lg_cells common = LG_PEERS[p] & LG_PEERS[q];
            for (unsigned xs = m; xs; xs &= xs - 1) {
                int x = lg_ctz(xs), y = lg_ctz(m & ~(1u << x));
                if (!(common & g->dpos[y])) continue;
                if (!done[x]) {
                    done[x] = 1;
                    nl[x] = 0;
                    for (int u = 0; u < LG_UNITS; u++) {
                        lg_cells s = g->dpos[x] & LG_UMASK[u];
                        if (lg_popc(s) != 2) continue;
                        la[x][nl[x]] = lg_first(s);
                        lb[x][nl[x]] = lg_first(s & (s - 1));
                        nl[x]++;
                    }
                }
                for (int k = 0; k < nl[x]; k++) {
                    int a = la[x][k], b = lb[x][k];
                    if (a == p || a == q || b == p || b == q) continue;
                    if ((lg_sees(a, p) && lg_sees(b, q)) || (lg_sees(b, p) && lg_sees(a, q))) return 1;
                }
            }
        }
    }
    return 0;
}

/*
 * The wxyz- and vwxyz-wings: a pivot p and k-1 of its peers (the wings) holding exactly k
 * digits between them, where exactly one digit z is "loose" (it is in two wings that do not
 * see each other; the pivot sees every wing) and every other digit is confined to cells
 * that see each other; z goes from the cells outside the wing that see every z of the wing.
 * As in Python, a pivot has at most k candidates and a wing is a peer with at most k
 * candidates that gives at most k digits together with the pivot.
 */
typedef struct {
    const LG *g;
    int k;              /* digits of the wing = its cells */
    int r;              /* wings to choose (k - 1) */
    int n;              /* candidate wing cells */
    int cell[20];       /* candidate wing cells */
    unsigned w[20];     /* their candidate masks */
    uint32_t comp[20];  /* comp[i]: the wings j > i that can go with wing i */
    uint16_t loose[20][20]; /* loose[i][j]: the digits of wings i < j when they do not see each other */
    int chosen[4];      /* indices of the wings chosen so far */
} lgw_big;

/* Whether the cells of the wing (pivot and wings, as a cell set) leave an elimination of
 * the loose digit (mask z): a cell outside the wing with z that sees every z of the wing.
 * Adding cells to the wing can only shrink this set, so it also prunes a partial wing. */
static int lgw_big_elims(const LG *g, lg_cells cells, unsigned z) {
    int d = lg_ctz(z);
    lg_cells common = g->dpos[d] & ~cells;
    lg_cells zc = cells & g->dpos[d];
    while (zc && common) {
        int c = lg_first(zc);
        zc &= zc - 1;
        common &= LG_PEERS[c];
    }
    return common != 0;
}

/* Choose the wing after the `depth` already chosen, among `cand`; `u` is the union of the
 * digits so far, `lo` the loose digits, `cells` the wing cells as a set. */
static int lgw_big_rec(lgw_big *s, int depth, uint32_t cand, unsigned u, unsigned lo, lg_cells cells) {
    while (cand) {
        int j = __builtin_ctz(cand);
        cand &= cand - 1;
        unsigned v = u | s->w[j];
        if (lg_pop(v) > s->k) continue;
        unsigned l = lo;
        for (int t = 0; t < depth; t++) l |= s->loose[s->chosen[t]][j];
        if (l & (l - 1)) continue;
        lg_cells cj = cells | lg_bit(s->cell[j]);
        if (depth + 1 == s->r) {
            if (lg_pop(v) == s->k && l && lgw_big_elims(s->g, cj, l)) return 1;
            continue;
        }
        uint32_t next = cand & s->comp[j];
        if (lg_pop(next) < s->r - depth - 1) continue;
        if (l && !lgw_big_elims(s->g, cj, l)) continue;
        s->chosen[depth] = j;
        if (lgw_big_rec(s, depth + 1, next, v, l, cj)) return 1;
    }
    return 0;
}

static int lgw_big_wing(LG *g, int k) {
    const uint16_t *C = g->cands;
    lgw_big s;
    s.g = g;
    s.k = k;
    s.r = k - 1;
    for (int p = 0; p < LG_CELLS; p++) {
        unsigned pm = C[p];
        if (!pm || lg_pop(pm) > k) continue;
        int n = 0;
        for (int i = 0; i < 20; i++) {
            int q = LG_PEER[p][i];
            unsigned m = C[q];
            if (m && lg_pop(m | pm) <= k) {
                s.cell[n] = q;
                s.w[n] = m;
                n++;
            }
        }
        if (n < s.r) continue;
        s.n = n;
        for (int i = 0; i < n; i++) {
            unsigned ui = pm | s.w[i];
            uint32_t ci = 0;
            for (int j = i + 1; j < n; j++) {
                if (lg_pop(ui | s.w[j]) > k) continue;
                unsigned lo = 0;
                if (!lg_sees(s.cell[i], s.cell[j])) {
                    lo = s.w[i] & s.w[j];
                    if (lo & (lo - 1)) continue;
                }
                s.loose[i][j] = (uint16_t)lo;
                ci |= 1u << j;
            }
            s.comp[i] = ci;
        }
        for (int i = 0; i < n; i++) {
            if (lg_pop(s.comp[i]) < s.r - 1) continue;
            s.chosen[0] = i;
            if (lgw_big_rec(&s, 1, s.comp[i], pm | s.w[i], 0, lg_bit(p) | lg_bit(s.cell[i]))) return 1;
        }
    }
    return 0;
}

/* wxyz-wing: the four-cell wing */
static int lg_wxyz_wing(LG *g) {
    return lgw_big_wing(g, 4);
}

/* vwxyz-wing: the five-cell wing */
static int lg_vwxyz_wing(LG *g) {
    return lgw_big_wing(g, 5);
}

#endif
