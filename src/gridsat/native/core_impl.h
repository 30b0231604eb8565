/*
 * The search, compiled once per candidate word width: core.c includes this file with
 * MASK_T (uint16_t or uint32_t) and SFX(name) (a width suffix for every name) defined.
 *
 * A state is N + U words: the candidates of each cell, then the values placed in each
 * unit. The stack holds one state per search depth.
 */
#include "core_base.h"
#include "core_ext.h"

/* core.c defines MASK_T and SFX before each include; these defaults let the file compile
 * on its own (a syntax check) */
#ifndef MASK_T
#define MASK_T uint16_t
#endif
#ifndef SFX
#define SFX(name) name##16
#endif

/* guesses a search makes before it starts probing (see probe) */
#define PROBE_AFTER 8

/* NFIX: the board size fixed at compile time (0: read from the geometry). The 9x9
   instantiation lets the compiler unroll the per-unit loops. */
#ifndef NFIX
#define NFIX 0
#define NFIX_DEFAULTED
#endif
#define NN(g) (NFIX ? NFIX : (g)->n)
/* the 9x9 build, where pairs are normally off, does not track the units changed for them
   (2% of its instructions on top1465); its pairs pass, when asked for, scans every unit */
#define TRACK_PAIRS (NFIX != 9)
#define NCELLS(s) (NFIX ? NFIX * NFIX : (s)->N)

typedef struct {
    const Geo *g;
    int N, U, W;          /* cells, units, words per state */
    MASK_T full;
    MASK_T *stack;        /* (N + 2) states */
    int *nsolved;         /* placed cells per depth */
    int *bcell;           /* branching cell per depth */
    MASK_T *brem;         /* values still to try there */
    int *u0;              /* each cell's first unit */
    int *queue;
    uint64_t dirty[2];    /* units whose candidates changed since their last scan */
    int ldirty;           /* candidates changed since the last locked-candidates pass */
    uint64_t pdirty[2];   /* units changed since the last pairs pass (or the parent's fixpoint) */
    MASK_T *segor, *uonce, *utwice;  /* scratch for that pass */
    int depth, choose, finished, tick;
    int light;            /* propagate singles only (a probe) */
    int pbest;            /* the probed cell whose two values placed the most (-1: none) */
    uint64_t count, limit, nodes;
    uint64_t cap;         /* branches allowed (0: no cap): the run pauses at it */
    int keep;
    uint8_t *sols;        /* keep * N bytes */
    const Ext *ext;       /* extra constraints (core_ext.h), or NULL */
    int edirty;           /* candidates changed since their last pass */
} SFX(Search);

static void SFX(search_free)(SFX(Search) *s) {
    free(s->stack); free(s->nsolved); free(s->bcell); free(s->brem);
    free(s->u0); free(s->queue); free(s->sols);
    free(s->segor); free(s->uonce); free(s->utwice);
    memset(s, 0, sizeof(*s));
}

static int SFX(search_init)(SFX(Search) *s, const Geo *g, int keep) {
    memset(s, 0, sizeof(*s));
    s->g = g;
    s->N = g->ncells;
    s->U = g->nunits;
    s->W = s->N + s->U;
    s->full = (MASK_T)(g->n >= (int)(8 * sizeof(MASK_T)) ? (MASK_T)~(MASK_T)0 : (MASK_T)((1u << g->n) - 1u));
    s->keep = keep;
    size_t depths = (size_t)s->N + 2;
    s->stack = malloc(sizeof(MASK_T) * (size_t)s->W * depths);
    s->nsolved = malloc(sizeof(int) * depths);
    s->bcell = malloc(sizeof(int) * depths);
    s->brem = malloc(sizeof(MASK_T) * depths);
    s->u0 = malloc(sizeof(int) * (size_t)s->N);
    s->queue = malloc(sizeof(int) * (size_t)(2 * s->N + 1));
    s->sols = malloc((size_t)(keep > 0 ? keep : 1) * (size_t)s->N);
    s->segor = malloc(sizeof(MASK_T) * ((size_t)g->maxseg + 1));
    s->uonce = malloc(sizeof(MASK_T) * ((size_t)s->U + 1));
    s->utwice = malloc(sizeof(MASK_T) * ((size_t)s->U + 1));
    if (!s->segor || !s->uonce || !s->utwice || !s->nsolved || !s->bcell || !s->brem || !s->u0 || !s->queue || !s->sols) {
        SFX(search_free)(s);
        return -1;
    }
    for (int c = 0; c < s->N; c++) s->u0[c] = g->cell_units[g->cu_off[c]];
    return 0;
}

static inline void SFX(mark)(SFX(Search) *s, int c) {
    const uint64_t *um = s->g->umask + 2 * c;
    s->dirty[0] |= um[0];
    s->dirty[1] |= um[1];
    if (TRACK_PAIRS) {
        s->pdirty[0] |= um[0];
        s->pdirty[1] |= um[1];
    }
    s->ldirty = 1;
    s->edirty = 1;
}

static inline void SFX(clear_dirty)(SFX(Search) *s) {
    s->dirty[0] = s->dirty[1] = 0;
    s->ldirty = 0;
    s->edirty = 0;
}

/* Remove ``drop`` from ``cnt`` cells; -1 on a contradiction, else whether anything changed. */
static inline int SFX(drop)(SFX(Search) *s, MASK_T *st, const int *cells, int cnt, MASK_T drop, int **qt) {
    int changed = 0;
    for (int i = 0; i < cnt; i++) {
        int c = cells[i];
        MASK_T m = st[c];
        if (m & drop) {
            m &= (MASK_T)~drop;
            if (!m) return -1;
            st[c] = m;
            SFX(mark)(s, c);
            if (!(m & (m - 1))) *(*qt)++ = c;
            changed = 1;
        }
    }
    return changed;
}

#include "core_ext_impl.h"

/* Locked candidates: a value that, within one unit, can only go in one of its segments
   leaves the rest of the unit on the segment's other side. For each pair of families, one
   pass ORs each segment's candidates and folds them per unit into "in one segment" and "in
   two or more" masks. Masks gone stale by eliminations earlier in the pass are supersets,
   which keeps every elimination sound. -1 on a contradiction, else whether anything changed. */
static int SFX(locked)(SFX(Search) *s, MASK_T *st, int **qt) {
    const Geo *g = s->g;
    const int n = NN(g);
    const MASK_T *placed = st + NCELLS(s);
    MASK_T *segor = s->segor, *once = s->uonce, *twice = s->utwice;
    int changed = 0;
    for (int p = 0; p < g->npairs; p++) {
        const int s0 = g->pair_off[p], s1 = g->pair_off[p + 1];
        const int *cs = g->cell_seg + (size_t)p * NCELLS(s);
        memset(once, 0, sizeof(MASK_T) * (size_t)s->U);
        memset(twice, 0, sizeof(MASK_T) * (size_t)s->U);
        for (int sg = s0; sg < s1; sg++) {
            MASK_T m = 0;
            for (int i = g->seg_off[sg]; i < g->seg_off[sg + 1]; i++) m |= st[g->seg_cells[i]];
            segor[sg - s0] = m;
            int a = g->seg_a[sg], b = g->seg_b[sg];
            twice[a] |= once[a] & m;
            once[a] |= m;
            twice[b] |= once[b] & m;
            once[b] |= m;
        }
        for (int sg = s0; sg < s1; sg++) {
            if (g->seg_off[sg + 1] - g->seg_off[sg] < 2) continue;
            MASK_T m = segor[sg - s0];
            int a = g->seg_a[sg], b = g->seg_b[sg];
            MASK_T ex_a = (MASK_T)(once[a] & ~twice[a]), ex_b = (MASK_T)(once[b] & ~twice[b]);
            MASK_T free_ = (MASK_T)(m & ~(placed[a] | placed[b]));
            MASK_T others_a = (MASK_T)(once[a] & ~(ex_a & m)), others_b = (MASK_T)(once[b] & ~(ex_b & m));
            MASK_T to_b = (MASK_T)(free_ & ex_a & others_b), to_a = (MASK_T)(free_ & ex_b & others_a);
            if (to_b) {
                const int *uc = g->unit_cells + b * n;
                for (int k = 0; k < n; k++) {
                    if (cs[uc[k]] == sg) continue;
                    int rc = SFX(drop)(s, st, uc + k, 1, to_b, qt);
                    if (rc < 0) return -1;
                    changed |= rc;
                }
            }
            if (to_a) {
                const int *uc = g->unit_cells + a * n;
                for (int k = 0; k < n; k++) {
                    if (cs[uc[k]] == sg) continue;
                    int rc = SFX(drop)(s, st, uc + k, 1, to_a, qt);
                    if (rc < 0) return -1;
                    changed |= rc;
                }
            }
        }
    }
    return changed;
}

/* Naked pairs: two cells of a unit with the same two candidates take both values, which
   leave the unit's other cells. -1 on a contradiction, else whether anything changed. */
static int SFX(pairs)(SFX(Search) *s, MASK_T *st, int **qt) {
    const Geo *g = s->g;
    const int n = NN(g);
    int changed = 0, two[MAX_N];
    /* only units changed since the last pass: the others had no pair left to act on then */
    uint64_t todo[2] = {s->pdirty[0], s->pdirty[1]};
    if (!TRACK_PAIRS) {
        todo[0] = s->U >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << s->U) - 1);
        todo[1] = s->U <= 64 ? 0 : s->U >= 128 ? ~(uint64_t)0 : (((uint64_t)1 << (s->U - 64)) - 1);
    }
    s->pdirty[0] = s->pdirty[1] = 0;
    while (todo[0] | todo[1]) {
        int u;
        if (todo[0]) { u = ctz64(todo[0]); todo[0] &= todo[0] - 1; }
        else { u = 64 + ctz64(todo[1]); todo[1] &= todo[1] - 1; }
        const int *cells = g->unit_cells + u * n;
        int k2 = 0;
        for (int k = 0; k < n; k++) {
            unsigned m = st[cells[k]], r = m & (m - 1);
            if (r && !(r & (r - 1))) two[k2++] = k;
        }
        {
            /* hidden pairs: two values with the same two places and nowhere else */
            MASK_T once = 0, twice = 0, thrice = 0;
            for (int k = 0; k < n; k++) {
                MASK_T m = st[cells[k]];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            MASK_T dv = (MASK_T)(twice & ~thrice & ~st[s->N + u]);
            if (dv & (dv - 1)) {
                int pa[MAX_N], pb[MAX_N];
                MASK_T vals[MAX_N];
                int nv = 0;
                while (dv) {
                    MASK_T bit = (MASK_T)(dv & (MASK_T)(0u - dv));
                    dv ^= bit;
                    int k = 0;
                    while (!(st[cells[k]] & bit)) k++;
                    pa[nv] = k++;
                    while (!(st[cells[k]] & bit)) k++;
                    pb[nv] = k;
                    vals[nv++] = bit;
                }
                for (int i = 0; i + 1 < nv; i++)
                    for (int j = i + 1; j < nv; j++) {
                        if (pa[i] != pa[j] || pb[i] != pb[j]) continue;
                        MASK_T keep = (MASK_T)(vals[i] | vals[j]);
                        int rc = SFX(drop)(s, st, cells + pa[i], 1, (MASK_T)~keep, qt);
                        if (rc < 0) return -1;
                        changed |= rc;
                        rc = SFX(drop)(s, st, cells + pb[i], 1, (MASK_T)~keep, qt);
                        if (rc < 0) return -1;
                        changed |= rc;
                    }
            }
        }
        for (int i = 0; i + 1 < k2; i++) {
            MASK_T m = st[cells[two[i]]];
            for (int j = i + 1; j < k2; j++) {
                if (st[cells[two[j]]] != m) continue;
                for (int k = 0; k < n; k++) {
                    if (k == two[i] || k == two[j]) continue;
                    int rc = SFX(drop)(s, st, cells + k, 1, m, qt);
                    if (rc < 0) return -1;
                    changed |= rc;
                }
                break;
            }
        }
    }
    return changed;
}

/* Place value ``bit`` in cell ``c`` of state ``st``: queue the peers left with a single
   candidate. 0 on a contradiction. */
static inline int SFX(assign)(SFX(Search) *s, MASK_T *st, int *ns, int c, MASK_T bit, int **qt) {
    const Geo *g = s->g;
    if (!(st[c] & bit)) return 0;
    MASK_T *placed = st + NCELLS(s);
    for (int i = g->cu_off[c]; i < g->cu_off[c + 1]; i++) {
        int u = g->cell_units[i];
        if (placed[u] & bit) return 0;
        placed[u] |= bit;
    }
    st[c] = bit;
    (*ns)++;
    SFX(mark)(s, c);
    const int *p = g->peers + g->peer_off[c], *end = g->peers + g->peer_off[c + 1];
    for (; p < end; p++) {
        MASK_T m = st[*p];
        if (m & bit) {
            m &= (MASK_T)~bit;
            if (!m) return 0;
            st[*p] = m;
            SFX(mark)(s, *p);
            if (!(m & (m - 1))) *(*qt)++ = *p;
        }
    }
    return 1;
}

/* Naked and hidden singles to a fixpoint, starting from the queued cells and the dirty
   units. 0 on a contradiction. The dirty list is empty on return. */
static int SFX(propagate)(SFX(Search) *s, MASK_T *st, int *ns, int *qh, int *qt) {
    const Geo *g = s->g;
    const int N = NCELLS(s), n = NN(g);
    const MASK_T full = s->full;
    MASK_T *placed = st + N;
    for (;;) {
        while (qh < qt) {
            int c = *qh++;
            MASK_T m = st[c];
            if (placed[s->u0[c]] & m) continue;  /* placed already */
            if (!SFX(assign)(s, st, ns, c, m, &qt)) goto fail;
        }
        if (*ns == N) {
            /* every cell placed: the extra constraints check the grid (on singletons their
               propagation is exact) */
            if (s->ext && !s->light) {
                int rc = SFX(ext_propagate)(s, st, &qt);
                if (rc < 0) goto fail;
                if (rc) continue;
            }
            SFX(clear_dirty)(s);
            return 1;
        }
        if (!(s->dirty[0] | s->dirty[1])) {
            if (s->ext && s->edirty && !s->light) {
                s->edirty = 0;
                int rc = SFX(ext_propagate)(s, st, &qt);
                if (rc < 0) goto fail;
                if (rc) continue;
            }
            if (!g->locked || !s->ldirty || s->light) { SFX(clear_dirty)(s); return 1; }
            s->ldirty = 0;
            int rc = SFX(locked)(s, st, &qt);
            if (rc < 0) goto fail;
            if (!rc && g->pairs) rc = SFX(pairs)(s, st, &qt);
            if (rc < 0) goto fail;
            if (!rc) { SFX(clear_dirty)(s); return 1; }
            continue;
        }
        int u;
        if (s->dirty[0]) { u = ctz64(s->dirty[0]); s->dirty[0] &= s->dirty[0] - 1; }
        else { u = 64 + ctz64(s->dirty[1]); s->dirty[1] &= s->dirty[1] - 1; }
        const int *cells = g->unit_cells + u * n;
        MASK_T once = 0, twice = 0;
        for (int k = 0; k < n; k++) {
            MASK_T m = st[cells[k]];
            twice |= once & m;
            once |= m;
        }
        if (once != full) goto fail;
        MASK_T exact = (MASK_T)(once & ~twice & ~placed[u]);
        while (exact) {
            MASK_T bit = (MASK_T)(exact & (MASK_T)(0u - exact));
            exact ^= bit;
            int k = 0;
            while (k < n && !(st[cells[k]] & bit)) k++;
            if (k == n) goto fail;
            if (!SFX(assign)(s, st, ns, cells[k], bit, &qt)) goto fail;
        }
    }
fail:
    SFX(clear_dirty)(s);
    return 0;
}

/* Probing (boards above 9x9, once a search has made PROBE_AFTER guesses): each cell with
   two candidates is tried with each of them on a scratch state, propagating singles only
   (naked and hidden: naked alone left five times the guesses). A value whose propagation
   fails is impossible, so the other is placed in the node's own state; when both
   propagate, a candidate that neither left anywhere is impossible too, and leaves the
   node's state (the two scratch states are the next two slots of the stack). -1 when the
   node is dead, else whether anything changed (the node's state is propagated again).
   It also names the cell to branch on (``pbest``): of the cells whose two values both
   propagated, the one whose weaker value placed the most cells (on the 16x16 set: 31 to
   27 guesses a check, 13.6M to 10.9M instructions, valgrind).
   On the 16x16 benchmark set it cut the guesses of a check from 271 to 31. */
static int SFX(probe)(SFX(Search) *s, MASK_T *st, int *ns_io, MASK_T *scratch) {
    const int N = NCELLS(s), W = s->W;
    MASK_T *a = scratch, *b = scratch + W;
    int changed = 0, best = -1;
    s->pbest = -1;
    for (int c = 0; c < N && *ns_io < N; c++) {
        MASK_T m = st[c];
        unsigned r = (unsigned)m & ((unsigned)m - 1u);
        if (!r || (r & (r - 1u))) continue;  /* placed, or more than two candidates */
        MASK_T lo = (MASK_T)(m & (MASK_T)(0u - m)), hi = (MASK_T)(m ^ lo);
        int ok[2], placed[2] = {0, 0};
        MASK_T *sc[2] = {a, b};
        MASK_T bits[2] = {lo, hi};
        for (int k = 0; k < 2; k++) {
            memcpy(sc[k], st, sizeof(MASK_T) * (size_t)W);
            int ns = *ns_io;
            int *q = s->queue, *qt = q;
            s->pdirty[0] = s->pdirty[1] = 0;
            s->light = 1;
            ok[k] = SFX(assign)(s, sc[k], &ns, c, bits[k], &qt) && SFX(propagate)(s, sc[k], &ns, q, qt);
            s->light = 0;
            placed[k] = ns;
            if (!ok[k]) SFX(clear_dirty)(s);
        }
        if (!ok[0] && !ok[1]) return -1;
        if (ok[0] && ok[1]) {
            int score = (placed[0] < placed[1] ? placed[0] : placed[1]) * 1024 + placed[0] + placed[1];
            if (score > best) { best = score; s->pbest = c; }
        }
        int ns = *ns_io;
        int *q = s->queue, *qt = q;
        s->pdirty[0] = s->pdirty[1] = 0;
        if (!ok[0] || !ok[1]) {
            if (!SFX(assign)(s, st, &ns, c, ok[0] ? lo : hi, &qt)) { SFX(clear_dirty)(s); return -1; }
        } else {
            int any = 0;
            for (int x = 0; x < N; x++) {
                MASK_T keep = (MASK_T)(a[x] | b[x]), drop = (MASK_T)(st[x] & (MASK_T)~keep);
                if (!drop) continue;
                int rc = SFX(drop)(s, st, &x, 1, drop, &qt);
                if (rc < 0) { SFX(clear_dirty)(s); return -1; }
                any = 1;
            }
            if (!any) continue;
        }
        if (!SFX(propagate)(s, st, &ns, q, qt)) return -1;
        *ns_io = ns;
        changed = 1;
    }
    return changed;
}

static void SFX(record)(SFX(Search) *s, const MASK_T *st) {
    if (s->count < (uint64_t)s->keep) {
        uint8_t *out = s->sols + (size_t)s->count * s->N;
        for (int c = 0; c < s->N; c++) {
            unsigned m = st[c];
            uint8_t v = 1;
            while (!(m & 1u)) { m >>= 1; v++; }
            out[c] = v;
        }
    }
    s->count++;
}

/* Pose a puzzle: givens placed and propagated at depth 0; with ``ex_cell >= 0`` value
   ``ex_val`` is also ruled out of that cell (the generators' "another solution?" test). */
static int SFX(search_start_ex)(SFX(Search) *s, const uint8_t *givens, uint64_t limit, int ex_cell, int ex_val) {
    const int N = s->N;
    MASK_T *st = s->stack;
    for (int c = 0; c < N; c++) st[c] = s->full;
    for (int u = 0; u < s->U; u++) st[N + u] = 0;
    s->count = 0;
    s->nodes = 0;
    s->pbest = -1;
    s->pdirty[0] = s->U >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << s->U) - 1);
    s->pdirty[1] = s->U <= 64 ? 0 : s->U >= 128 ? ~(uint64_t)0 : (((uint64_t)1 << (s->U - 64)) - 1);
    s->limit = limit;
    s->depth = 0;
    s->choose = 1;
    s->finished = -1;
    s->tick = 0;
    s->edirty = 1;  /* the extra constraints' first pass, givens or not */
    int ns = 0;
    int *q = s->queue, *qt = q;
    for (int c = 0; c < N; c++) {
        if (!givens[c]) continue;
        /* a given cell is placed only here (its own entry in the queue is skipped later) */
        if (!SFX(assign)(s, st, &ns, c, (MASK_T)(1u << (givens[c] - 1)), &qt)) {
            s->finished = RUN_DONE;
            return 0;
        }
    }
    if (!(s->full & (s->full - 1)))  /* a 1x1 board: its one value is forced from the start */
        for (int c = 0; c < N; c++)
            if (!givens[c]) *qt++ = c;
    if (ex_cell >= 0 && !givens[ex_cell]) {
        int rc = SFX(drop)(s, st, &ex_cell, 1, (MASK_T)(1u << (ex_val - 1)), &qt);
        if (rc < 0) { SFX(clear_dirty)(s); s->finished = RUN_DONE; return 0; }
    }
    if (!SFX(propagate)(s, st, &ns, q, qt)) { s->finished = RUN_DONE; return 0; }
    s->nsolved[0] = ns;
    return 1;
}

static int SFX(search_start)(SFX(Search) *s, const uint8_t *givens, uint64_t limit) {
    return SFX(search_start_ex)(s, givens, limit, -1, 0);
}

/* Search on from where the last call stopped, until the end, the limit, the deadline
   (0: none) or slice_end (then RUN_PAUSE: call again to go on). */
static int SFX(search_run)(SFX(Search) *s, double deadline, double slice_end) {
    if (s->finished >= 0) return s->finished;
    if (deadline > 0 && now_s() >= deadline) return s->finished = RUN_TIMEOUT;
    const int N = NCELLS(s), W = s->W;
    for (;;) {
        int d = s->depth;
        MASK_T *st = s->stack + (size_t)d * W;
        if (s->choose) {
            s->choose = 0;
            if (s->nsolved[d] == N) {
                SFX(record)(s, st);
                if (s->limit && s->count >= s->limit) return s->finished = RUN_LIMIT;
                if (--s->depth < 0) return s->finished = RUN_DONE;
                continue;
            }
            /* (an easy board is done in a few guesses, where probing costs more than it saves) */
            if (NN(s->g) > 9 && s->g->probe && s->nodes >= PROBE_AFTER) {
                int rc = SFX(probe)(s, st, &s->nsolved[d], st + W);
                if (rc < 0) {  /* no value fits some cell: nothing below this node */
                    if (--s->depth < 0) return s->finished = RUN_DONE;
                    continue;
                }
                if (s->nsolved[d] == N) { s->choose = 1; continue; }
            }
            /* branch on an unplaced cell with the fewest candidates */
            int best = 99, bc = -1;
            /* above 9x9 and on 9x9 jigsaw maps, ties go to the cell with the most unplaced
               peers sharing a candidate with it (16x16 set: 775 -> 271 nodes a check; 100
               jigsaw layouts: 8,964 -> 4,907 nodes, a quarter less time); on the classic 9x9
               table the scan costs more than it saves */
            if (NN(s->g) > 9 || s->g->score) {
                int bscore = -1;
                const Geo *g = s->g;
                for (int c = 0; c < N; c++) {
                    unsigned m = st[c];
                    if (!(m & (m - 1))) continue;
                    int pc = popcount32(m);
                    if (pc < best) best = pc;
                }
                for (int c = 0; c < N; c++) {
                    unsigned m = st[c];
                    if (!(m & (m - 1)) || popcount32(m) != best) continue;
                    int sc = 0;
                    for (int i = g->peer_off[c]; i < g->peer_off[c + 1]; i++) {
                        unsigned pm = st[g->peers[i]];
                        if (pm & (pm - 1)) sc += (pm & m) != 0;
                    }
                    if (sc > bscore) { bc = c; bscore = sc; }
                }
            } else
            for (int c = 0; c < N; c++) {
                unsigned m = st[c], r = m & (m - 1);
                if (!r) continue;                 /* placed */
                if (!(r & (r - 1))) { bc = c; break; }  /* two candidates: cannot do better */
                int pc = popcount32(m);
                if (pc < best) { best = pc; bc = c; }
            }
            if (s->pbest >= 0) {  /* the probes' pick: the two-candidate cell whose values placed most */
                MASK_T m = st[s->pbest];
                unsigned r = (unsigned)m & ((unsigned)m - 1u);
                if (r && !(r & (r - 1u))) bc = s->pbest;
                s->pbest = -1;
            }
            s->bcell[d] = bc;
            s->brem[d] = st[bc];
        }
        if (!s->brem[d]) {
            if (--s->depth < 0) return s->finished = RUN_DONE;
            continue;
        }
        if (s->cap && s->nodes >= s->cap) return RUN_PAUSE;  /* the node budget: run_sliced stops */
        int clock = clock_check(&s->tick, deadline, slice_end);
        if (clock == RUN_TIMEOUT) return s->finished = RUN_TIMEOUT;
        if (clock == RUN_PAUSE) return RUN_PAUSE;
        MASK_T rem = s->brem[d];
        MASK_T bit = (MASK_T)(rem & (MASK_T)(0u - rem));
        s->brem[d] = (MASK_T)(rem ^ bit);
        int cell = s->bcell[d];
        s->nodes++;
        MASK_T *nx = st + W;
        memcpy(nx, st, sizeof(MASK_T) * (size_t)W);
        int ns = s->nsolved[d];
        int *q = s->queue, *qt = q;
        s->pdirty[0] = s->pdirty[1] = 0;  /* the parent's state is at the pairs fixpoint */
        if (!SFX(assign)(s, nx, &ns, cell, bit, &qt)) {
            SFX(clear_dirty)(s);
        } else if (SFX(propagate)(s, nx, &ns, q, qt)) {
            s->nsolved[d + 1] = ns;
            s->depth = d + 1;
            s->choose = 1;
        }
    }
}

#undef NN
#undef NCELLS
#undef TRACK_PAIRS
#ifdef NFIX_DEFAULTED
#undef NFIX
#undef NFIX_DEFAULTED
#endif
