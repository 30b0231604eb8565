/*
 * The finite-domain kernel of gridsat._csp: variables with small domains (a 32-bit mask
 * each, bit v: value v), four kinds of constraint records, propagation to a fixpoint and a
 * depth-first search on a variable with the fewest candidates. No Python here (csp.c wraps it).
 *
 * A model is a stream of 32-bit records, each  type, n, cells[n], m, data[m]:
 *
 *   CSP_ALLDIFF  (1): the n cells hold distinct values; data[0] (m = 1) is a mask of values
 *                that must occur among them (hidden singles), 0 for none.
 *   CSP_SETS     (2): the n cells hold distinct values whose set is one of the m masks
 *                (each of n bits): a kakuro run by its sum, a str8ts compartment.
 *   CSP_TABLE    (3): the n cells take one of the m / n tuples of data (values 0..31,
 *                tuple after tuple): support filtering.
 *   CSP_PAIR     (4): pairs of cells a, b (n = 2k: a1, b1, a2, b2, ...); data[x] (m = 32)
 *                is the mask of values b may take when a holds x, for every pair.
 *
 * Inside, every pair of a PAIR record is a constraint of its own. A set table's sure values
 * (those every set still possible holds) leave the other cells of each all-different group
 * that contains all its cells (a str8ts compartment in its row).
 */
#ifndef GRIDSAT_CSP_H
#define GRIDSAT_CSP_H

/* clock_gettime under -std=c99 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { CSP_ALLDIFF = 1, CSP_SETS = 2, CSP_TABLE = 3, CSP_PAIR = 4 };

typedef struct {
    int nvars, ncons;
    uint32_t *dom0;          /* the domains given */
    int32_t *rec;            /* the record stream (a copy) */
    int *ctype, *cn;         /* per constraint: its type and cell count */
    long *ccell, *cdata;     /* per constraint: offsets of its cells and its data in rec */
    long *cm;                /* per constraint: its data length */
    uint32_t *rev;           /* per PAIR record: 32 masks, a's values per value of b */
    int *revof;              /* constraint -> index into rev (in units of 32), -1 */
    int *pstart, *plist;     /* per SETS constraint: the ALLDIFF constraints holding all its cells */
    int *mark;               /* scratch, per variable */
    int stamp;
    int *wstart, *wlist;     /* per variable: the constraints over it */
    uint32_t *D;             /* the current domains */
    int *queue; char *inq; int qhead, qcount;
    int cur;                 /* the constraint being propagated (not queued again by itself) */
    long long props;         /* constraint propagations run (an operation count) */
    long long *vw;           /* per variable: its constraints' failures plus its degree (dom/wdeg branching) */
} Csp;

static inline int csp_pop(uint32_t x) { return __builtin_popcount(x); }
static inline int csp_single(uint32_t x) { return x && !(x & (x - 1)); }

static void csp_free(Csp *c) {
    free(c->dom0); free(c->rec); free(c->ctype); free(c->cn); free(c->ccell); free(c->cdata); free(c->cm);
    free(c->rev); free(c->revof); free(c->pstart); free(c->plist); free(c->mark);
    free(c->wstart); free(c->wlist); free(c->D); free(c->queue); free(c->inq); free(c->vw);
    memset(c, 0, sizeof *c);
}

/* Load a model; on a malformed one, NULL is not returned but *err names the fault (c freed). */
static int csp_load(Csp *c, int nvars, const uint32_t *dom, const int32_t *rec, long nrec, const char **err) {
    static char msg[200];
    memset(c, 0, sizeof *c);
    if (nvars < 1 || nvars > (1 << 20)) { snprintf(msg, sizeof msg, "nvars must be 1..%d, got %d", 1 << 20, nvars); *err = msg; return 0; }
    long pos = 0; int ncons = 0, nrecs = 0, npairs = 0; long nwatch = 0;
    while (pos < nrec) {   /* first pass: check the records */
        if (pos + 2 > nrec) { snprintf(msg, sizeof msg, "record %d at word %ld is cut short", ncons, pos); *err = msg; return 0; }
        int t = rec[pos], n = rec[pos + 1];
        if (t < CSP_ALLDIFF || t > CSP_PAIR) { snprintf(msg, sizeof msg, "record %d at word %ld: unknown type %d", ncons, pos, t); *err = msg; return 0; }
        if (n < 1 || n > 4096 || pos + 3 + n > nrec) { snprintf(msg, sizeof msg, "record %d at word %ld: bad cell count %d", ncons, pos, n); *err = msg; return 0; }
        for (int i = 0; i < n; i++) {
            int v = rec[pos + 2 + i];
            if (v < 0 || v >= nvars) { snprintf(msg, sizeof msg, "record %d at word %ld: cell %d is not a variable (0..%d)", ncons, pos, v, nvars - 1); *err = msg; return 0; }
        }
        long m = rec[pos + 2 + n];
        if (m < 0 || pos + 3 + n + m > nrec) { snprintf(msg, sizeof msg, "record %d at word %ld: bad data length %ld", ncons, pos, m); *err = msg; return 0; }
        const int32_t *data = rec + pos + 3 + n;
        if (t == CSP_ALLDIFF && m != 1) { snprintf(msg, sizeof msg, "record %d at word %ld: an all-different record has one data word (the mask that must occur), got %ld", ncons, pos, m); *err = msg; return 0; }
        if (t == CSP_SETS && m < 1) { snprintf(msg, sizeof msg, "record %d at word %ld: a set-table record lists at least one mask", ncons, pos); *err = msg; return 0; }
        if (t == CSP_SETS) for (long i = 0; i < m; i++) if (csp_pop((uint32_t)data[i]) != n) { snprintf(msg, sizeof msg, "record %d at word %ld: mask %ld has %d values for %d cells", ncons, pos, i, csp_pop((uint32_t)data[i]), n); *err = msg; return 0; }
        if (t == CSP_TABLE) {
            if (m % n) { snprintf(msg, sizeof msg, "record %d at word %ld: %ld table values are not whole tuples of %d", ncons, pos, m, n); *err = msg; return 0; }
            for (long i = 0; i < m; i++) if (data[i] < 0 || data[i] > 31) { snprintf(msg, sizeof msg, "record %d at word %ld: table value %d is not 0..31", ncons, pos, data[i]); *err = msg; return 0; }
        }
        if (t == CSP_PAIR) {
            if (n % 2 || m != 32) { snprintf(msg, sizeof msg, "record %d at word %ld: a pair record has pairs of cells and 32 masks, got %d cells and %ld masks", nrecs, pos, n, m); *err = msg; return 0; }
            for (int i = 0; i < n; i += 2) if (rec[pos + 2 + i] == rec[pos + 3 + i]) { snprintf(msg, sizeof msg, "record %d at word %ld: a pair of one cell", nrecs, pos); *err = msg; return 0; }
            npairs++;
            ncons += n / 2 - 1;
        }
        nwatch += n; ncons++; nrecs++; pos += 3 + n + m;
    }
    c->nvars = nvars; c->ncons = ncons;
    c->dom0 = malloc(sizeof(uint32_t) * nvars); c->D = malloc(sizeof(uint32_t) * nvars);
    c->rec = malloc(sizeof(int32_t) * (nrec ? nrec : 1));
    c->ctype = malloc(sizeof(int) * (ncons + 1)); c->cn = malloc(sizeof(int) * (ncons + 1));
    c->ccell = malloc(sizeof(long) * (ncons + 1)); c->cdata = malloc(sizeof(long) * (ncons + 1)); c->cm = malloc(sizeof(long) * (ncons + 1));
    c->pstart = calloc(ncons + 2, sizeof(int)); c->mark = calloc(nvars, sizeof(int));
    c->rev = malloc(sizeof(uint32_t) * 32 * (npairs ? npairs : 1)); c->revof = malloc(sizeof(int) * (ncons + 1));
    c->wstart = calloc(nvars + 1, sizeof(int)); c->wlist = malloc(sizeof(int) * (nwatch ? nwatch : 1));
    c->queue = malloc(sizeof(int) * (ncons + 1)); c->inq = calloc(ncons + 1, 1);
    c->vw = malloc(sizeof(long long) * nvars);
    if (!c->vw || !c->dom0 || !c->D || !c->rec || !c->ctype || !c->cn || !c->ccell || !c->cdata || !c->cm || !c->pstart || !c->mark || !c->rev || !c->revof || !c->wstart || !c->wlist || !c->queue || !c->inq) {
        csp_free(c); *err = "out of memory"; return 0;
    }
    memcpy(c->dom0, dom, sizeof(uint32_t) * nvars);
    if (nrec) memcpy(c->rec, rec, sizeof(int32_t) * nrec);
    pos = 0; npairs = 0;
    int k = 0;
    for (int r = 0; r < nrecs; r++) {
        int t = rec[pos], n = rec[pos + 1]; long m = rec[pos + 2 + n];
        for (int i = 0; i < n; i++) c->wstart[rec[pos + 2 + i] + 1]++;
        if (t == CSP_PAIR) {
            uint32_t *rv = c->rev + 32 * npairs; const int32_t *data = rec + pos + 3 + n;
            memset(rv, 0, 32 * sizeof(uint32_t));
            for (int x = 0; x < 32; x++) for (uint32_t y = (uint32_t)data[x]; y; y &= y - 1) rv[__builtin_ctz(y)] |= 1u << x;
            for (int i = 0; i < n; i += 2, k++) {
                c->ctype[k] = t; c->cn[k] = 2; c->ccell[k] = pos + 2 + i; c->cdata[k] = pos + 3 + n; c->cm[k] = m;
                c->revof[k] = npairs;
            }
            npairs++;
        } else {
            c->ctype[k] = t; c->cn[k] = n; c->ccell[k] = pos + 2; c->cdata[k] = pos + 3 + n; c->cm[k] = m;
            c->revof[k] = -1; k++;
        }
        pos += 3 + n + m;
    }
    for (int v = 0; v < nvars; v++) c->wstart[v + 1] += c->wstart[v];
    for (int v = 0; v < nvars; v++) c->vw[v] = 1 + c->wstart[v + 1] - c->wstart[v];
    int *fill = calloc(nvars, sizeof(int));
    if (!fill) { csp_free(c); *err = "out of memory"; return 0; }
    for (k = 0; k < ncons; k++) {
        const int32_t *cells = c->rec + c->ccell[k];
        for (int i = 0; i < c->cn[k]; i++) { int v = cells[i]; c->wlist[c->wstart[v] + fill[v]++] = k; }
    }
    free(fill);
    /* the all-different groups that hold each set table's cells */
    long np = 0;
    for (int pass = 0; pass < 2; pass++) {
        np = 0;
        for (k = 0; k < ncons; k++) {
            if (pass) c->pstart[k] = (int)np;
            if (c->ctype[k] != CSP_SETS) continue;
            const int32_t *cells = c->rec + c->ccell[k]; int n = c->cn[k];
            c->stamp++;
            for (int i = 0; i < n; i++) c->mark[cells[i]] = c->stamp;
            int v0 = cells[0];
            for (int w = c->wstart[v0]; w < c->wstart[v0 + 1]; w++) {
                int g = c->wlist[w];
                if (g == k || c->ctype[g] != CSP_ALLDIFF || c->cn[g] <= n) continue;
                const int32_t *gc = c->rec + c->ccell[g]; int hits = 0;
                for (int i = 0; i < c->cn[g]; i++) hits += c->mark[gc[i]] == c->stamp;
                if (hits == n) { if (pass) c->plist[np] = g; np++; }
            }
        }
        if (pass) c->pstart[ncons] = (int)np;
        else if (!(c->plist = malloc(sizeof(int) * (np + 1)))) { csp_free(c); *err = "out of memory"; return 0; }
    }
    return 1;
}

static inline void csp_push(Csp *c, int k) {
    if (c->inq[k]) return;
    c->inq[k] = 1; c->queue[(c->qhead + c->qcount++) % c->ncons] = k;
}

/* narrow variable v to nd (a subset of its domain); 0 when it empties */
static inline int csp_set(Csp *c, int v, uint32_t nd) {
    if (nd == c->D[v]) return 1;
    c->D[v] = nd;
    if (!nd) return 0;
    for (int i = c->wstart[v]; i < c->wstart[v + 1]; i++) if (c->wlist[i] != c->cur) csp_push(c, c->wlist[i]);
    return 1;
}

/* distinct values over cells; values in `must` must occur. 0: no solution */
static int csp_distinct(Csp *c, const int32_t *cells, int n, uint32_t must) {
    uint32_t *D = c->D;
    for (;;) {
        uint32_t seen = 0, uni = 0, once = 0, twice = 0;
        int more = 0;
        for (int i = 0; i < n; i++) {
            uint32_t d = D[cells[i]];
            if (csp_single(d)) { if (seen & d) return 0; seen |= d; }
            twice |= once & d; once |= d; uni |= d;
        }
        if (csp_pop(uni) < n || (must & ~uni)) return 0;
        for (int i = 0; i < n; i++) {
            uint32_t d = D[cells[i]];
            if (!csp_single(d) && (d & seen)) {
                uint32_t nd = d & ~seen;
                if (!csp_set(c, cells[i], nd)) return 0;
                if (csp_single(nd)) more = 1;
            }
        }
        uint32_t hidden = must & once & ~twice & ~seen;
        while (hidden) {
            uint32_t b = hidden & -hidden; hidden &= hidden - 1;
            for (int i = 0; i < n; i++) if (D[cells[i]] & b) {
                if (D[cells[i]] != b) { if (csp_single(D[cells[i]])) return 0; csp_set(c, cells[i], b); more = 1; }
                break;
            }
        }
        if (!more) return 1;
    }
}

static int csp_sets(Csp *c, int k, const int32_t *cells, int n, const int32_t *masks, long m) {
    uint32_t *D = c->D;
    for (;;) {
        if (!csp_distinct(c, cells, n, 0)) return 0;
        uint32_t fixed = 0, uni = 0;
        for (int i = 0; i < n; i++) { uint32_t d = D[cells[i]]; uni |= d; if (csp_single(d)) fixed |= d; }
        uint32_t allow = 0, inter = ~0u;
        for (long j = 0; j < m; j++) {
            uint32_t s = (uint32_t)masks[j];
            if ((fixed & ~s) || (s & ~uni)) continue;
            int ok = 1;
            for (int i = 0; i < n; i++) if (!(D[cells[i]] & s)) { ok = 0; break; }
            if (!ok) continue;
            allow |= s; inter &= s;
        }
        if (!allow) return 0;
        int changed = 0;
        for (int i = 0; i < n; i++) {
            uint32_t d = D[cells[i]];
            if (d & ~allow) { if (!csp_set(c, cells[i], d & allow)) return 0; changed = 1; }
        }
        if (c->pstart[k + 1] > c->pstart[k] && inter) {   /* sure values leave the groups around */
            c->stamp++;
            for (int i = 0; i < n; i++) c->mark[cells[i]] = c->stamp;
            for (int p = c->pstart[k]; p < c->pstart[k + 1]; p++) {
                int g = c->plist[p], gn = c->cn[g];
                const int32_t *gc = c->rec + c->ccell[g];
                for (int i = 0; i < gn; i++) {
                    if (c->mark[gc[i]] == c->stamp || !(D[gc[i]] & inter)) continue;
                    if (!csp_set(c, gc[i], D[gc[i]] & ~inter)) return 0;
                }
            }
        }
        uint32_t before = 0;
        for (int i = 0; i < n; i++) before += csp_single(D[cells[i]]);
        if (!csp_distinct(c, cells, n, inter)) return 0;
        uint32_t after = 0;
        for (int i = 0; i < n; i++) after += csp_single(D[cells[i]]);
        if (!changed && after == before) return 1;
    }
}

static int csp_table(Csp *c, const int32_t *cells, int n, const int32_t *tup, long m) {
    uint32_t sup[64] = {0};
    uint32_t *D = c->D;
    long nt = m / n;
    if (n > 64) return 1;   /* (larger tables are not filtered: the verifier and search decide) */
    for (long t = 0; t < nt; t++) {
        const int32_t *x = tup + t * n;
        int ok = 1;
        for (int i = 0; i < n; i++) if (!(D[cells[i]] >> x[i] & 1u)) { ok = 0; break; }
        if (ok) for (int i = 0; i < n; i++) sup[i] |= 1u << x[i];
    }
    for (int i = 0; i < n; i++) if (!csp_set(c, cells[i], D[cells[i]] & sup[i])) return 0;
    return 1;
}

static int csp_pair(Csp *c, const int32_t *cells, const int32_t *tab, const uint32_t *rev) {
    int a = cells[0], b = cells[1];
    uint32_t da = c->D[a], db = c->D[b], sb = 0, sa = 0;
    for (uint32_t x = da; x; x &= x - 1) sb |= (uint32_t)tab[__builtin_ctz(x)];
    if (!csp_set(c, b, db & sb)) return 0;
    db = c->D[b];
    for (uint32_t y = db; y; y &= y - 1) sa |= rev[__builtin_ctz(y)];
    return csp_set(c, a, da & sa);
}

/* propagate the queued constraints to a fixpoint; 0 on a wipe-out (the queue is emptied) */
static int csp_propagate(Csp *c) {
    while (c->qcount) {
        int k = c->queue[c->qhead];
        c->qhead = (c->qhead + 1) % c->ncons; c->qcount--; c->inq[k] = 0;
        int n = c->cn[k]; const int32_t *cells = c->rec + c->ccell[k], *data = c->rec + c->cdata[k];
        long m = c->cm[k];
        int ok;
        c->cur = k; c->props++;
        switch (c->ctype[k]) {
        case CSP_ALLDIFF: ok = csp_distinct(c, cells, n, (uint32_t)data[0]); break;
        case CSP_SETS: ok = csp_sets(c, k, cells, n, data, m); break;
        case CSP_TABLE: ok = csp_table(c, cells, n, data, m); break;
        default: ok = csp_pair(c, cells, data, c->rev + 32 * c->revof[k]); break;
        }
        c->cur = -1;
        if (!ok) {   /* the failing constraint weighs more in the branching from now on */
            for (int i = 0; i < n; i++) c->vw[cells[i]]++;
            while (c->qcount) { c->inq[c->queue[c->qhead]] = 0; c->qhead = (c->qhead + 1) % c->ncons; c->qcount--; }
            return 0;
        }
    }
    return 1;
}

static double csp_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct {
    long long count, nodes;
    int complete, timed_out, interrupted;
    int kept;
} CspResult;

/* Count solutions up to `limit` (0: all), keeping the first `keep` (as the values of `outmap`:
 * a variable's value, or -(constant + 1) for a constant) in `sols` (keep * nout ints).
 * Stops after `max_nodes` branches (0: none) or at `deadline` (csp_now() seconds; <= 0: none). */
/* `poll` (when given) is called with `ctx` about every 50 ms of search; a non-zero answer stops
 * the search with `res->interrupted` set (the caller's way to answer Ctrl-C). */
static int csp_search(Csp *c, long long limit, int keep, long long max_nodes, double deadline,
                      const int32_t *outmap, int nout, int32_t **sols, int *scap, CspResult *res,
                      int (*poll)(void *), void *ctx) {
    int nv = c->nvars;
    size_t cap = 64;
    uint32_t *snap = malloc(sizeof(uint32_t) * nv * cap);
    int *var = malloc(sizeof(int) * cap); uint32_t *left = malloc(sizeof(uint32_t) * cap);
    memset(res, 0, sizeof *res);
    if (!snap || !var || !left) { free(snap); free(var); free(left); return 0; }
    memcpy(c->D, c->dom0, sizeof(uint32_t) * nv);
    c->qhead = c->qcount = 0; c->cur = -1;
    int ok = 1;
    for (int v = 0; v < nv; v++) if (!c->D[v]) ok = 0;
    for (int k = 0; k < c->ncons; k++) csp_push(c, k);
    ok = ok && csp_propagate(c);
    size_t depth = 0;
    double next_poll = poll ? csp_now() + 0.05 : 0;
    for (;;) {
        if (ok) {
            int best = -1, bp = 33;   /* fewest values per weight of failures (dom/wdeg) */
            long long bw = 1;
            for (int v = 0; v < nv; v++) {
                int p = csp_pop(c->D[v]);
                if (p > 1 && (long long)p * bw < (long long)bp * c->vw[v]) { bp = p; bw = c->vw[v]; best = v; }
            }
            if (best < 0) {   /* a solution */
                if (res->kept < keep && res->kept == *scap) {   /* (the kept solutions' room grows as they come) */
                    int more = *scap * 2 + 2 < keep ? *scap * 2 + 2 : keep;
                    int32_t *s2 = realloc(*sols, sizeof(int32_t) * ((size_t)more * nout + 1));
                    if (!s2) { free(snap); free(var); free(left); return 0; }
                    *sols = s2; *scap = more;
                }
                if (res->kept < keep) {
                    int32_t *s = *sols + (size_t)res->kept * nout;
                    for (int i = 0; i < nout; i++) s[i] = outmap[i] >= 0 ? __builtin_ctz(c->D[outmap[i]]) : -outmap[i] - 1;
                    res->kept++;
                }
                res->count++;
                if (limit > 0 && res->count >= limit) break;
            } else {
                if (depth == cap) {
                    cap *= 2;
                    uint32_t *s2 = realloc(snap, sizeof(uint32_t) * nv * cap);
                    int *v2 = realloc(var, sizeof(int) * cap); uint32_t *l2 = realloc(left, sizeof(uint32_t) * cap);
                    if (s2) snap = s2;
                    if (v2) var = v2;
                    if (l2) left = l2;
                    if (!s2 || !v2 || !l2) { free(snap); free(var); free(left); return 0; }
                }
                memcpy(snap + depth * nv, c->D, sizeof(uint32_t) * nv);
                var[depth] = best; left[depth] = c->D[best];
                depth++;
            }
        }
        /* the next value at the deepest open choice */
        while (depth > 0 && !left[depth - 1]) depth--;
        if (depth == 0) { res->complete = 1; break; }
        if (max_nodes > 0 && res->nodes >= max_nodes) break;
        if ((res->nodes & 255) == 0 && (deadline > 0 || poll)) {
            double t = csp_now();
            if (deadline > 0 && t > deadline) { res->timed_out = 1; break; }
            if (poll && t >= next_poll) {
                if (poll(ctx)) { res->interrupted = 1; break; }
                next_poll = csp_now() + 0.05;
            }
        }
        res->nodes++;
        uint32_t b = left[depth - 1] & -left[depth - 1];
        left[depth - 1] &= ~b;
        memcpy(c->D, snap + (depth - 1) * nv, sizeof(uint32_t) * nv);
        int v = var[depth - 1];
        c->D[v] = b;
        for (int i = c->wstart[v]; i < c->wstart[v + 1]; i++) csp_push(c, c->wlist[i]);
        ok = csp_propagate(c);
    }
    free(snap); free(var); free(left);
    return 1;
}

/* ---------------------------------------------------------------- arithmetic tuples
 * The k-tuples of values 1..n (n <= 31) whose sum (op CSP_SUM) or product (op CSP_PRODUCT)
 * is `target`, where cell i differs from each earlier cell of its clash list (clist[cstart[i]
 * .. cstart[i + 1]]): a table's tuples listed without Python. Depth first, smallest value
 * first (tuples in lexicographic order); a sum prunes by what the cells left can still add,
 * a product by divisibility; the last cell takes its value without a branch. Every call of
 * the search and every value tried for the last cell is a step. */
enum { CSP_SUM = 0, CSP_PRODUCT = 1 };
enum { CSP_ARITH_OK = 0, CSP_ARITH_STEPS = 1, CSP_ARITH_LIMIT = 2, CSP_ARITH_NOMEM = 3 };

typedef struct {
    int k, n, op;
    const int32_t *cstart, *clist;
    long long limit, max_steps, steps, count;
    int *vals;
    int32_t *out; size_t nout, cap;
    int status;
} CspArith;

static int csp_arith_emit(CspArith *e) {
    if (e->nout + (size_t)e->k > e->cap) {
        size_t cap = e->cap ? e->cap * 2 : 256;
        while (cap < e->nout + (size_t)e->k) cap *= 2;
        int32_t *o = realloc(e->out, sizeof(int32_t) * cap);
        if (!o) { e->status = CSP_ARITH_NOMEM; return 0; }
        e->out = o; e->cap = cap;
    }
    for (int i = 0; i < e->k; i++) e->out[e->nout++] = e->vals[i];
    if (++e->count > e->limit) { e->status = CSP_ARITH_LIMIT; return 0; }
    return 1;
}

/* 0: stopped (e->status says why) */
static int csp_arith_go(CspArith *e, int i, long long rest) {
    if (++e->steps > e->max_steps) { e->status = CSP_ARITH_STEPS; return 0; }
    if (i == e->k) {
        if ((e->op == CSP_SUM && rest == 0) || (e->op == CSP_PRODUCT && rest == 1)) return csp_arith_emit(e);
        return 1;
    }
    int left = e->k - i - 1, n = e->n;
    uint32_t used = 0;
    for (int32_t j = e->cstart[i]; j < e->cstart[i + 1]; j++) used |= 1u << e->vals[e->clist[j]];
    if (!left) {   /* the last cell */
        for (int v = 1; v <= n; v++) {
            if (used >> v & 1u) continue;
            if (e->op == CSP_SUM ? v != rest : rest % v != 0) continue;
            if (++e->steps > e->max_steps) { e->status = CSP_ARITH_STEPS; return 0; }
            if (e->op == CSP_SUM || rest == v) {
                e->vals[i] = v;
                if (!csp_arith_emit(e)) return 0;
            }
        }
        e->vals[i] = 0;
        return 1;
    }
    for (int v = 1; v <= n; v++) {
        if (used >> v & 1u) continue;
        long long r;
        if (e->op == CSP_SUM) {
            r = rest - v;
            if (r < left || r > (long long)left * n) continue;
        } else {
            if (rest % v) continue;
            r = rest / v;
        }
        e->vals[i] = v;
        if (!csp_arith_go(e, i + 1, r)) return 0;
    }
    e->vals[i] = 0;
    return 1;
}

#endif
