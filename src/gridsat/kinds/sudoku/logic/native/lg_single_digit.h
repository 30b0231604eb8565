/*
 * Single-digit patterns: turbot fish and strong-link chains: whether the Python technique of the same name has a step on this grid. The *_step entries
 * (Python-callable) find the step itself, as the Python technique picks it.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 *
 * Every pattern here lives on one digit, so each test looks at the digit's places only
 * (g->dpos[d]), one digit at a time, as the Python search does. A strong link is a unit
 * holding exactly two places of the digit (rows, columns and boxes; a conjugate pair); a
 * grouped link is a box whose places all lie in one row part and one column part. The
 * Python techniques search for the easiest or first pattern; these tests only ask whether
 * any pattern with at least one elimination exists, over the same links and the same
 * conditions.
 */
#ifndef GRIDSAT_LG_SINGLE_DIGIT_H
#define GRIDSAT_LG_SINGLE_DIGIT_H

#include "lg_py.h"

#define LGS_MAXLINKS 64 /* 27 plain links and at most 2 grouped links per box */

/* The strong links of one digit: unit, and the two ends as cell sets (one cell each for a
 * plain link); plain links first in unit order, cells ascending, as conjugate_pairs lists them. */
typedef struct {
    int n;                        /* number of links */
    int nplain;                   /* the first nplain are plain links */
    uint8_t unit[LGS_MAXLINKS];
    uint8_t cell[LGS_MAXLINKS][2]; /* ends of a plain link */
    lg_cells end[LGS_MAXLINKS][2]; /* ends as cell sets */
} lgs_links;

/* The first unit holding both cells (row, then column, then box), as the Python geometry's
 * common_unit; -1 when none. */
static inline int lgs_common_unit(int a, int b) {
    for (int k = 0; k < 3; k++)
        if (LG_CU[a][k] == LG_CU[b][k]) return LG_CU[a][k];
    return -1;
}

/* Cells that see every cell of a non-empty set. */
static lg_cells lgs_common_peers(lg_cells s) {
    lg_cells common = ~(lg_cells)0;
    while (s) {
        int c = lg_first(s);
        s &= s - 1;
        common &= LG_PEERS[c];
    }
    return common;
}

/* The plain strong links (conjugate pairs) of digit index d into L. */
static void lgs_plain_links(const LG *g, int d, lgs_links *L) {
    int n = 0;
    for (int u = 0; u < LG_UNITS; u++) {
        unsigned p = g->upos[u][d];
        if (lg_pop(p) != 2) continue;
        int a = LG_UNIT[u][lg_ctz(p)];
        int b = LG_UNIT[u][lg_ctz(p & (p - 1))];
        L->unit[n] = (uint8_t)u;
        L->cell[n][0] = (uint8_t)a;
        L->cell[n][1] = (uint8_t)b;
        L->end[n][0] = lg_bit(a);
        L->end[n][1] = lg_bit(b);
        n++;
    }
    L->n = L->nplain = n;
}

/* Empty-rectangle hinges of a box: calls visit(box, inbox, rpart, ccol, ctx) for every row R
 * and column C of the box's places such that every place lies in row R or column C, when the
 * box holds at least min_cells places over two rows and two columns (the Python _box_hinges).
 * rpart is the places in row R, cpart the places in column C. Stops and returns 1 as soon as
 * visit returns 1. */
typedef int (*lgs_hinge_fn)(int box, lg_cells inbox, lg_cells rpart, lg_cells cpart, void *ctx);

static int lgs_box_hinges(lg_cells pos, int min_cells, lgs_hinge_fn visit, void *ctx) {
    for (int b = 18; b < 27; b++) {
        lg_cells inbox = pos & LG_UMASK[b];
        if (lg_popc(inbox) < min_cells) continue;
        unsigned rows = 0, cols = 0;
        lg_cells rowcells[9], colcells[9];
        memset(rowcells, 0, sizeof rowcells);
        memset(colcells, 0, sizeof colcells);
        for (lg_cells s = inbox; s; s &= s - 1) {
            int c = lg_first(s);
            rows |= 1u << (c / 9);
            cols |= 1u << (c % 9);
            rowcells[c / 9] |= lg_bit(c);
            colcells[c % 9] |= lg_bit(c);
        }
        if (lg_pop(rows) == 1 || lg_pop(cols) == 1) continue;
        for (unsigned rs = rows; rs; rs &= rs - 1) {
            int R = lg_ctz(rs);
            for (unsigned cs = cols; cs; cs &= cs - 1) {
                int C = lg_ctz(cs);
                if (inbox & ~(rowcells[R] | colcells[C])) continue;
                if (visit(b, inbox, rowcells[R], colcells[C], ctx)) return 1;
            }
        }
    }
    return 0;
}

/* Whether a pattern exists depends only on the digit's places, and from one step of a path
 * to the next most digits keep theirs: the answers per digit are kept in a small table
 * keyed by (pattern, digit, places), compared in full (so a clash only costs a search). */
#define LGS_MEMO 4096
static struct {
    lg_cells pos;
    uint8_t key;  /* pattern * 16 + digit + 1; 0 for an empty slot */
    uint8_t has;
} lgs_memo[LGS_MEMO];

static inline unsigned lgs_slot(int pattern, int d, lg_cells pos) {
    uint64_t h = (uint64_t)pos * 0x9E3779B97F4A7C15ull ^ (uint64_t)(pos >> 64) * 0xC2B2AE3D27D4EB4Full;
    h ^= (uint64_t)(pattern * 16 + d) * 0x165667B19E3779F9ull;
    return (unsigned)(h >> 52) & (LGS_MEMO - 1);
}

/* The memoised answer of `pattern` for digit index d with places pos: 0 or 1, -1 unknown. */
static inline int lgs_memo_get(int pattern, int d, lg_cells pos, unsigned *slot) {
    *slot = lgs_slot(pattern, d, pos);
    if (lgs_memo[*slot].key == pattern * 16 + d + 1 && lgs_memo[*slot].pos == pos) return lgs_memo[*slot].has;
    return -1;
}

static inline int lgs_memo_put(unsigned slot, int pattern, int d, lg_cells pos, int has) {
    lgs_memo[slot].pos = pos;
    lgs_memo[slot].key = (uint8_t)(pattern * 16 + d + 1);
    lgs_memo[slot].has = (uint8_t)has;
    return has;
}

/* ---- turbot fish: skyscraper, two-string kite, turbot fish, empty rectangle ---- */

/* Two strong links x=y and z=w with y seeing z: a place seeing x and w (not y or z) goes. */
static int lgs_turbot_digit(const lgs_links *L, lg_cells pos) {
    for (int i = 0; i < L->n; i++) {
        int u1 = L->unit[i];
        for (int j = i + 1; j < L->n; j++) {
            int u2 = L->unit[j];
            int a1 = L->cell[i][0], a2 = L->cell[i][1], b1 = L->cell[j][0], b2 = L->cell[j][1];
            if (a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2) continue;
            for (int o1 = 0; o1 < 2; o1++) {
                int x = o1 ? a2 : a1, y = o1 ? a1 : a2;
                for (int o2 = 0; o2 < 2; o2++) {
                    int z = o2 ? b2 : b1, w = o2 ? b1 : b2;
                    int wu = lgs_common_unit(y, z);
                    if (wu < 0 || wu == u1 || wu == u2) continue;
                    if (lg_sees(x, w)) {
                        int cu = lgs_common_unit(x, w);
                        if (cu == u1 || cu == u2) continue;
                    }
                    if (LG_PEERS[x] & LG_PEERS[w] & pos & ~(lg_bit(y) | lg_bit(z))) return 1;
                }
            }
        }
    }
    return 0;
}

typedef struct {
    const lgs_links *L;
    lg_cells pos;
} lgs_er_ctx;

/* One empty-rectangle hinge against every strong link outside the box. */
static int lgs_er_hinge(int box, lg_cells inbox, lg_cells rpart, lg_cells ccol, void *vctx) {
    const lgs_er_ctx *ctx = (const lgs_er_ctx *)vctx;
    const lgs_links *L = ctx->L;
    lg_cells boxm = LG_UMASK[box];
    lg_cells cpart = inbox & ~rpart;
    (void)ccol;
    if (!cpart) return 0;
    lg_cells seen_r = lgs_common_peers(rpart), seen_c = lgs_common_peers(cpart);
    for (int i = 0; i < L->nplain; i++)
        for (int o = 0; o < 2; o++) {
            int a = L->cell[i][o], bb = L->cell[i][o ^ 1];
            if (((boxm >> a) & 1) || ((boxm >> bb) & 1)) continue;
            lg_cells pa = LG_PEERS[a];
            lg_cells base = LG_PEERS[bb] & ctx->pos & ~boxm & ~lg_bit(a);
            if (!(rpart & ~pa) && (base & seen_c)) return 1;
            if (!(cpart & ~pa) && (base & seen_r)) return 1;
        }
    return 0;
}

/* turbot fish (4.0-4.2), or else an empty rectangle (4.3) */
static int lgs_turbot_or_er(LG *g, int d) {
    lgs_links L;
    lg_cells pos = g->dpos[d];
    lgs_plain_links(g, d, &L);
    if (L.n >= 2 && lgs_turbot_digit(&L, pos)) return 1;
    lgs_er_ctx ctx = {&L, pos};
    return lgs_box_hinges(pos, 2, lgs_er_hinge, &ctx);
}

static int lg_turbot_fish(LG *g) {
    for (int d = 0; d < LG_N; d++) {
        unsigned slot;
        int has = lgs_memo_get(2, d, g->dpos[d], &slot);
        if (has < 0) has = lgs_memo_put(slot, 2, d, g->dpos[d], lgs_turbot_or_er(g, d));
        if (has) return 1;
    }
    return 0;
}

/* ---- chains of k strong links joined by weak links (X-chains) ---- */

typedef struct {
    const lgs_links *L;
    lg_cells pos;
    int k;
    int x;              /* first cell of the chain */
    int first;          /* its link: the last link has a higher index (a chain read backwards
                           is the same chain, with the same eliminations) */
    lg_cells xseen;     /* places seeing x */
    uint64_t adj[2 * LGS_MAXLINKS]; /* adj[node]: nodes (2*link+end) whose cell sees the node's cell */
} lgs_chain;

/* Extend a plain chain whose last link ends at node `last`; depth links used so far. */
static int lgs_plain_dfs(const lgs_chain *S, int last, int depth, uint64_t used, lg_cells cells) {
    const lgs_links *L = S->L;
    if (depth == S->k) {
        int y = L->cell[last >> 1][last & 1];
        if (lg_sees(S->x, y)) {
            int cu = lgs_common_unit(S->x, y);
            for (uint64_t u = used; u; u &= u - 1)
                if (L->unit[__builtin_ctzll(u)] == cu) return 0;
        }
        return (S->xseen & LG_PEERS[y] & ~cells) != 0;
    }
    if (!(S->xseen & ~cells)) return 0; /* no place could see both ends */
    for (uint64_t m = S->adj[last]; m; m &= m - 1) {
        int nd = __builtin_ctzll(m);
        int li = nd >> 1;
        if (((used >> li) & 1) || (depth == S->k - 1 && li < S->first)) continue;
        int z = L->cell[li][nd & 1], w = L->cell[li][(nd & 1) ^ 1];
        lg_cells zw = lg_bit(z) | lg_bit(w);
        if (cells & zw) continue;
        if (lgs_plain_dfs(S, nd ^ 1, depth + 1, used | (1ull << li), cells | zw)) return 1;
    }
    return 0;
}

/* Whether digit index d has a chain of k plain strong links with an elimination. */
static int lgs_plain_chain(const lgs_links *L, lg_cells pos, int k) {
    if (L->nplain < k) return 0;
    lgs_chain S;
    S.L = L;
    S.pos = pos;
    S.k = k;
    int nn = 2 * L->nplain;
    uint64_t inunit[LG_UNITS]; /* the nodes in each unit */
    memset(inunit, 0, sizeof inunit);
    for (int a = 0; a < nn; a++) {
        int c = L->cell[a >> 1][a & 1];
        for (int t = 0; t < 3; t++) inunit[LG_CU[c][t]] |= 1ull << a;
    }
    for (int a = 0; a < nn; a++) {
        const uint8_t *cu = LG_CU[L->cell[a >> 1][a & 1]];
        uint64_t same = inunit[cu[0]] & inunit[cu[1]]; /* nodes on the same cell */
        S.adj[a] = (inunit[cu[0]] | inunit[cu[1]] | inunit[cu[2]]) & ~same & ~(3ull << (a & ~1));
    }
    for (int a = 0; a < nn; a++) {
        int li = a >> 1;
        S.x = L->cell[li][a & 1];
        S.first = li;
        S.xseen = LG_PEERS[S.x] & pos;
        if (lgs_plain_dfs(&S, a ^ 1, 1, 1ull << li, L->end[li][0] | L->end[li][1])) return 1;
    }
    return 0;
}

/* The grouped links of one digit (boxes with an empty rectangle of three places or more),
 * appended after the plain links: for each hinge, the row part against the rest, and the
 * column part against the rest (the Python _group_links). */
static int lgs_group_hinge(int box, lg_cells inbox, lg_cells rpart, lg_cells ccol, void *vctx) {
    lgs_links *L = (lgs_links *)vctx;
    lg_cells parts[2] = {rpart, ccol};
    for (int p = 0; p < 2; p++) {
        lg_cells rest = inbox & ~parts[p];
        if (!rest || L->n >= LGS_MAXLINKS) continue;
        L->unit[L->n] = (uint8_t)box;
        L->end[L->n][0] = parts[p];
        L->end[L->n][1] = rest;
        L->n++;
    }
    return 0;
}

typedef struct {
    int k, n;                /* links, nodes */
    lg_cells pos;
    const lg_cells *node;    /* node i: end i & 1 of link i >> 1 */
    const uint8_t (*cell)[2]; /* cells of the plain links */
    lg_cells seen[2 * LGS_MAXLINKS];
    lg_cells next[2 * LGS_MAXLINKS]; /* as node sets (n <= 128), once `done` has the node */
    lg_cells done;
    int nplain;              /* links below are plain, the others grouped */
    int first;               /* first node of the chain */
} lgs_gchain;

/* The nodes whose every cell sees every cell of node i, on other links. */
static lg_cells lgs_gnext(lgs_gchain *S, int i) {
    if (!((S->done >> i) & 1)) {
        lg_cells m = 0, seen = S->seen[i];
        for (int j = 0; j < 2 * S->nplain; j++)
            if ((seen >> S->cell[j >> 1][j & 1]) & 1) m |= lg_bit(j);
        for (int j = 2 * S->nplain; j < S->n; j++)
            if (!(S->node[j] & ~seen)) m |= lg_bit(j);
        S->next[i] = m & ~(lg_bit(i) | lg_bit(i ^ 1));
        S->done |= lg_bit(i);
    }
    return S->next[i];
}

/* A chain read backwards is the same chain: only chains with a grouped link among their
 * first (k + 1) / 2 links are followed (the other ones have one there when read backwards). */
static int lgs_grouped_dfs(lgs_gchain *S, int last, int len, lg_cells cells, int grouped) {
    if (len == 2 * S->k)
        return grouped && (S->seen[S->first] & S->seen[last] & S->pos & ~cells) != 0;
    int final = len == 2 * S->k - 2;
    int must = len / 2 + 1 == (S->k + 1) / 2; /* the link added now is the last one that may be the first grouped */
    for (lg_cells m = lgs_gnext(S, last); m; m &= m - 1) {
        int j = lg_first(m);
        int isgroup = (j >> 1) >= S->nplain;
        if ((final || must) && !grouped && !isgroup) continue;
        int other = j ^ 1;
        lg_cells X = S->node[j], Y = S->node[other];
        if (cells & (X | Y)) continue;
        if (final && !(S->seen[S->first] & S->seen[other] & S->pos & ~(cells | X | Y))) continue;
        if (lgs_grouped_dfs(S, other, len + 2, cells | X | Y, grouped || isgroup)) return 1;
    }
    return 0;
}

/* Whether digit index d has a chain of k strong links, at least one of them grouped, with an
 * elimination (the Python _gsl_digit). L holds the plain links and gets the grouped ones. */
static int lgs_grouped_chain(lgs_links *L, lg_cells pos, int k) {
    lgs_box_hinges(pos, 3, lgs_group_hinge, L);
    if (L->n == L->nplain) return 0;
    lgs_gchain S;
    S.k = k;
    S.n = 2 * L->n;
    S.pos = pos;
    S.node = &L->end[0][0];
    S.nplain = L->nplain;
    S.cell = (const uint8_t (*)[2])L->cell;
    S.done = 0;
    for (int i = 0; i < 2 * S.nplain; i++) S.seen[i] = LG_PEERS[L->cell[i >> 1][i & 1]];
    for (int i = 2 * S.nplain; i < S.n; i++) S.seen[i] = lgs_common_peers(S.node[i]);
    for (int i = 0; i < S.n; i++) {
        if (!(S.seen[i] & pos & ~S.node[i ^ 1])) continue;
        if ((S.k + 1) / 2 == 1 && (i >> 1) < S.nplain) continue;
        S.first = i;
        if (lgs_grouped_dfs(&S, i ^ 1, 2, S.node[i] | S.node[i ^ 1], (i >> 1) >= S.nplain)) return 1;
    }
    return 0;
}

/* k strong links on one digit, plain, or with grouped links too when `grouped` (the Python
 * technique tries every digit's plain chains before any grouped one; which comes first does
 * not change whether there is one) */
static int lgs_chain_digit(LG *g, int d, int k, int grouped) {
    lgs_links L;
    lgs_plain_links(g, d, &L);
    if (lgs_plain_chain(&L, g->dpos[d], k)) return 1;
    return grouped && lgs_grouped_chain(&L, g->dpos[d], k);
}

static int lgs_strong_links(LG *g, int k, int grouped) {
    for (int d = 0; d < LG_N; d++) {
        unsigned slot;
        int has = lgs_memo_get(k + 8 * grouped, d, g->dpos[d], &slot);
        if (has < 0) has = lgs_memo_put(slot, k + 8 * grouped, d, g->dpos[d], lgs_chain_digit(g, d, k, grouped));
        if (has) return 1;
    }
    return 0;
}

/* 3 strong links (5.4-5.6), or else grouped 3 strong links (5.7) */
static int lg_three_strong_links(LG *g) {
    return lgs_strong_links(g, 3, 1);
}

/* 4 strong links */
static int lg_four_strong_links(LG *g) {
    return lgs_strong_links(g, 4, 0);
}

/* 5 strong links */
static int lg_five_strong_links(LG *g) {
    return lgs_strong_links(g, 5, 0);
}

/* ---- the turbot fish step, as the Python technique picks it ---- */

typedef struct {
    int rating;    /* tenths: 40 skyscraper, 41 two-string kite, 42 turbot fish */
    int cells[4];  /* x, y, z, w */
    int units[3];  /* the two strong links' units and the weak link's */
    lg_cells elims;
} lgs_turbot;

/* _turbot_digit(): the first pattern of the lowest rating on digit index d; 0 when none. */
static int lgs_turbot_step_digit(const LG *g, int d, lgs_turbot *best) {
    lgs_links L;
    lgs_plain_links(g, d, &L);
    if (L.n < 2) return 0;
    lg_cells pos = g->dpos[d];
    int found = 0;
    for (int i = 0; i < L.n; i++) {
        int u1 = L.unit[i], a1 = L.cell[i][0], a2 = L.cell[i][1], k1 = u1 / LG_N;
        for (int j = i + 1; j < L.n; j++) {
            int u2 = L.unit[j], b1 = L.cell[j][0], b2 = L.cell[j][1], k2 = u2 / LG_N;
            int rating = (k1 == k2 && k1 < 2) ? 40 : ((k1 == 0 && k2 == 1) || (k1 == 1 && k2 == 0)) ? 41 : 42;
            if (found && rating >= best->rating) continue;
            if (a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2) continue;
            for (int h = 0; h < 2; h++) {
                int x = h ? a2 : a1, y = h ? a1 : a2;
                for (int q = 0; q < 2; q++) {
                    int z = q ? b2 : b1, w = q ? b1 : b2;
                    int wu = lgs_common_unit(y, z);
                    if (wu < 0 || wu == u1 || wu == u2) continue;
                    if (lg_sees(x, w)) {
                        int cu = lgs_common_unit(x, w);
                        if (cu == u1 || cu == u2) continue;
                    }
                    lg_cells common = LG_PEERS[x] & LG_PEERS[w] & pos & ~(lg_bit(y) | lg_bit(z));
                    if (!common) continue;
                    if (!found || rating < best->rating) {
                        found = 1;
                        best->rating = rating;
                        best->cells[0] = x;
                        best->cells[1] = y;
                        best->cells[2] = z;
                        best->cells[3] = w;
                        best->units[0] = u1;
                        best->units[1] = u2;
                        best->units[2] = wu;
                        best->elims = common;
                        if (rating == 40) return 1;
                    }
                }
            }
        }
    }
    return found;
}

PyDoc_STRVAR(lgs_turbot_step_doc,
"turbot_step(values, cands)\n--\n\n"
"The two-strong-link step single_digit.turbot_fish picks on a classic 9x9 grid (not the\n"
"empty rectangle): ``(rating10, digit, cells, units, eliminated)`` with the rating in\n"
"tenths (40 skyscraper, 41 two-string kite, 42 turbot fish), the cells x, y, z, w, the\n"
"units of the two strong links and of the weak link, and the cells losing the digit\n"
"(ascending); None when no digit has one.");

static PyObject *lgs_py_turbot_step(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &ov, &oc)) return NULL;
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    lgs_turbot best, r;
    memset(&best, 0, sizeof best);
    memset(&r, 0, sizeof r);
    int have = 0, digit = 0;
    for (int d = 0; d < LG_N; d++) {
        if (!lgs_turbot_step_digit(&g, d, &r)) continue;
        if (!have || r.rating < best.rating) {
            best = r;
            have = 1;
            digit = d + 1;
            if (r.rating == 40) break;
        }
    }
    if (!have) Py_RETURN_NONE;
    int ne = lg_popc(best.elims);
    PyObject *el = PyTuple_New(ne);
    if (!el) return NULL;
    lg_cells e = best.elims;
    for (int t = 0; t < ne; t++) {
        int c = lg_first(e);
        e &= e - 1;
        PyTuple_SET_ITEM(el, t, PyLong_FromLong(c));
    }
    return Py_BuildValue("(ii(iiii)(iii)N)", best.rating, digit, best.cells[0], best.cells[1], best.cells[2],
                         best.cells[3], best.units[0], best.units[1], best.units[2], el);
}

/* ---- the k-strong-link step (plain links), as the Python technique picks it ---- */

typedef struct {
    int k;
    lgs_links L;
    lg_cells holders;
    int nends, ends[2 * LG_UNITS];
    int endidx[LG_CELLS];
    int nby[2 * LG_UNITS], by_link[2 * LG_UNITS][LG_UNITS], by_other[2 * LG_UNITS][LG_UNITS];
    int nnear[2 * LG_UNITS], near[2 * LG_UNITS][2 * LG_UNITS];
    int chain[16], clen, used[8], ulen;
    /* the best chain so far */
    int found, adj, best_chain[16], best_len, best_units[8];
    lg_cells best_elims;
} lgs_slk;

/* the rating's offset in tenths for the used links' unit kinds (_sl_rating) */
static int lgs_sl_adj(const lgs_slk *S) {
    int kinds = 0;
    for (int t = 0; t < S->ulen; t++) kinds |= 1 << (S->L.unit[S->used[t]] / LG_N);
    if (kinds == 1 || kinds == 2) return 0;
    if ((kinds & 4) && (kinds & 3) == 3) return 2;
    return 1;
}

static int lgs_in_chain(const lgs_slk *S, int c) {
    for (int t = 0; t < S->clen; t++)
        if (S->chain[t] == c) return 1;
    return 0;
}

/* the Python dfs(): 1 when the search stops (a chain of the base rating was kept) */
static int lgs_sl_dfs(lgs_slk *S) {
    int y = S->chain[S->clen - 1];
    if (S->ulen == S->k) {
        int x = S->chain[0];
        if (lg_sees(x, y)) {
            int cu = lgs_common_unit(x, y);
            for (int t = 0; t < S->ulen; t++)
                if (S->L.unit[S->used[t]] == cu) return 0;
        }
        lg_cells common = LG_PEERS[x] & LG_PEERS[y] & S->holders;
        for (int t = 0; t < S->clen; t++) common &= ~lg_bit(S->chain[t]);
        if (!common) return 0;
        int adj = lgs_sl_adj(S);
        if (!S->found || adj < S->adj) {
            S->found = 1;
            S->adj = adj;
            memcpy(S->best_chain, S->chain, sizeof(int) * (size_t)S->clen);
            S->best_len = S->clen;
            for (int t = 0; t < S->ulen; t++) S->best_units[t] = S->L.unit[S->used[t]];
            S->best_elims = common;
            return adj == 0;
        }
        return 0;
    }
    int ey = S->endidx[y];
    for (int q = 0; q < S->nnear[ey]; q++) {
        int z = S->ends[S->near[ey][q]];
        if (lgs_in_chain(S, z)) continue;
        int ez = S->endidx[z];
        for (int r = 0; r < S->nby[ez]; r++) {
            int li = S->by_link[ez][r], w = S->by_other[ez][r], skip = 0;
            for (int t = 0; t < S->ulen; t++) skip |= S->used[t] == li;
            if (skip || lgs_in_chain(S, w)) continue;
            S->chain[S->clen++] = z;
            S->chain[S->clen++] = w;
            S->used[S->ulen++] = li;
            int stop = lgs_sl_dfs(S);
            S->clen -= 2;
            S->ulen--;
            if (stop) return 1;
        }
    }
    return 0;
}

/* _sl_digit(): the easiest chain of k plain strong links on digit index d into S; 0 when none */
static int lgs_sl_step_digit(const LG *g, int d, int k, lgs_slk *S) {
    S->k = k;
    S->found = 0;
    lgs_plain_links(g, d, &S->L);
    if (S->L.n < k) return 0;
    S->holders = g->dpos[d];
    S->nends = 0;
    for (int i = 0; i < S->L.n; i++)
        for (int h = 0; h < 2; h++) {
            int c = S->L.cell[i][h];
            int found = 0;
            for (int e = 0; e < S->nends; e++) found |= S->ends[e] == c;
            if (!found) {
                S->endidx[c] = S->nends;
                S->nby[S->nends] = 0;
                S->ends[S->nends++] = c;
            }
            int e = S->endidx[c];
            S->by_link[e][S->nby[e]] = i;
            S->by_other[e][S->nby[e]++] = S->L.cell[i][1 - h];
        }
    for (int e = 0; e < S->nends; e++) {
        int y = S->ends[e], nn = 0;
        for (int f = 0; f < S->nends; f++)
            if (f != e && lg_sees(y, S->ends[f])) S->near[e][nn++] = f;
        S->nnear[e] = nn;
    }
    for (int i = 0; i < S->L.n; i++)
        for (int h = 0; h < 2; h++) {
            S->chain[0] = S->L.cell[i][h];
            S->chain[1] = S->L.cell[i][1 - h];
            S->clen = 2;
            S->used[0] = i;
            S->ulen = 1;
            if (lgs_sl_dfs(S)) return 1;
        }
    return S->found;
}

PyDoc_STRVAR(lgs_strong_links_step_doc,
"strong_links_step(values, cands, k)\n--\n\n"
"The chain of k plain strong links single_digit.strong_links picks on a classic 9x9 grid:\n"
"``(digit, chain cells, link units, eliminated cells)``; None when no digit has one.");

static PyObject *lgs_py_strong_links_step(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    int k;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOi", &ov, &oc, &k)) return NULL;
    if (k < 2 || k > 8) {
        PyErr_Format(PyExc_ValueError, "no chain of %d strong links", k);
        return NULL;
    }
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    static lgs_slk S, B;
    int have = 0, digit = 0;
    for (int d = 0; d < LG_N; d++) {
        if (!lgs_sl_step_digit(&g, d, k, &S)) continue;
        if (!have || S.adj < B.adj) {
            B = S;
            have = 1;
            digit = d + 1;
            if (S.adj == 0) break;
        }
    }
    if (!have) Py_RETURN_NONE;
    PyObject *chain = PyTuple_New(B.best_len), *units = PyTuple_New(k), *el = PyTuple_New(lg_popc(B.best_elims));
    if (!chain || !units || !el) {
        Py_XDECREF(chain);
        Py_XDECREF(units);
        Py_XDECREF(el);
        return NULL;
    }
    for (int t = 0; t < B.best_len; t++) PyTuple_SET_ITEM(chain, t, PyLong_FromLong(B.best_chain[t]));
    for (int t = 0; t < k; t++) PyTuple_SET_ITEM(units, t, PyLong_FromLong(B.best_units[t]));
    lg_cells e = B.best_elims;
    for (Py_ssize_t t = 0; e; e &= e - 1, t++) PyTuple_SET_ITEM(el, t, PyLong_FromLong(lg_first(e)));
    return Py_BuildValue("(iNNN)", digit, chain, units, el);
}

#endif
