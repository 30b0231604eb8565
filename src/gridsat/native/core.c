/*
 * gridsat._native: a bitset solver for the Sudoku family (classic boxes of any shape,
 * jigsaw regions), written for uniqueness checks.
 *
 * Representation. A board is a set of cells and a table of units (rows, columns,
 * regions); every unit holds n cells that take the values 1..n once each. A search state
 * is one candidate word per cell (bit v-1 set when value v is still possible) plus one
 * word per unit with the values already placed in it. A cell is placed when its word has
 * a single bit that is also in its first unit's placed word; every placement removes the
 * value from the cell's peers (the other cells of its units), so an unplaced cell never
 * holds a placed value. The word is 16 bits wide for boards up to 16x16 and 32 bits wide
 * up to 32x32: the solver is compiled twice from core_impl.h.
 *
 * Propagation: naked singles (a peer left with one candidate is queued and placed) and
 * hidden singles (a value with one place left in a unit, found for all values of a unit
 * at once with the "seen once / seen twice" masks); a unit missing a value is a
 * contradiction. Search: depth-first, branching on an unplaced cell with the fewest
 * candidates, one state copy per level on an explicit stack, so a search can stop after
 * a slice of work and resume: the caller releases the GIL for a slice, then takes it
 * back to let Python handle signals (Ctrl-C) and check the time limit.
 *
 * The classic 9x9 table (rows, columns, 3x3 boxes, pairs off) is detected once, when the
 * geometry is built, and searched by core_band.h instead: the same rules and branching on
 * bitboards (a word per digit and band), so the same answers in the same order. The
 * classic 16x16 table (4x4 boxes) is searched by core_x16.h, bitboards with rules of
 * their own.
 *
 * core_gen.h and core_carve.h add the generators' steps (the random fill, carving, the
 * minimality test), drawing from the caller's random.Random state.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "core.h"

/* ------------------------------------------------------------------ one face over every search (core.h) */
/* A search on ``g`` with the extra constraints ``ext`` (NULL: none). The bitboard solvers know
   no extra constraints: with them, the generic search of the board's width runs. */
static int any_init_ext(AnySearch *a, const Geo *g, const Ext *ext, int keep) {
    a->wide = g->n > 16 ? 1 : (g->band && !ext) ? 3 : (g->x16 && !ext) ? 5 : g->n == 9 ? 2 : g->n == 16 ? 4 : 0;
    int rc = a->wide == 1 ? search_init32(&a->u.s32, g, keep) : a->wide == 3 ? band_init(&a->u.sb, keep)
           : a->wide == 5 ? x16_init(&a->u.x16, keep)
           : a->wide == 4 ? search_initF16(&a->u.f16, g, keep)
           : a->wide == 2 ? search_init9(&a->u.s9, g, keep) : search_init16(&a->u.s16, g, keep);
    if (rc < 0 || !ext) return rc;
    switch (a->wide) {
    case 1: a->u.s32.ext = ext; break;
    case 2: a->u.s9.ext = ext; break;
    case 4: a->u.f16.ext = ext; break;
    default: a->u.s16.ext = ext;
    }
    return rc;
}
static int any_init(AnySearch *a, const Geo *g, int keep) {
    return any_init_ext(a, g, NULL, keep);
}
static void any_free(AnySearch *a) {
    if (a->wide == 1) search_free32(&a->u.s32);
    else if (a->wide == 3) band_free(&a->u.sb);
    else if (a->wide == 5) x16_free(&a->u.x16);
    else if (a->wide == 2) search_free9(&a->u.s9);
    else if (a->wide == 4) search_freeF16(&a->u.f16);
    else search_free16(&a->u.s16);
}
static int any_start_ex(AnySearch *a, const uint8_t *givens, uint64_t limit, int ex_cell, int ex_val) {
    return a->wide == 1 ? search_start_ex32(&a->u.s32, givens, limit, ex_cell, ex_val)
         : a->wide == 3 ? band_start_ex(&a->u.sb, givens, limit, ex_cell, ex_val)
         : a->wide == 5 ? x16_start_ex(&a->u.x16, givens, limit, ex_cell, ex_val)
         : a->wide == 2 ? search_start_ex9(&a->u.s9, givens, limit, ex_cell, ex_val)
         : a->wide == 4 ? search_start_exF16(&a->u.f16, givens, limit, ex_cell, ex_val)
         : search_start_ex16(&a->u.s16, givens, limit, ex_cell, ex_val);
}
static int any_start(AnySearch *a, const uint8_t *givens, uint64_t limit) {
    return any_start_ex(a, givens, limit, -1, 0);
}
static int any_run(AnySearch *a, double deadline, double slice_end) {
    return a->wide == 1 ? search_run32(&a->u.s32, deadline, slice_end)
         : a->wide == 3 ? band_run(&a->u.sb, deadline, slice_end)
         : a->wide == 5 ? x16_run(&a->u.x16, deadline, slice_end)
         : a->wide == 2 ? search_run9(&a->u.s9, deadline, slice_end)
         : a->wide == 4 ? search_runF16(&a->u.f16, deadline, slice_end) : search_run16(&a->u.s16, deadline, slice_end);
}

/* Cap the branches of a started search (0: none); run_sliced then ends with RUN_BUDGET. */
static void any_set_cap(AnySearch *a, uint64_t cap) {
    switch (a->wide) {
    case 1: a->u.s32.cap = cap; break;
    case 2: a->u.s9.cap = cap; break;
    case 3: a->u.sb.cap = cap; break;
    case 4: a->u.f16.cap = cap; break;
    case 5: a->u.x16.cap = cap; break;
    default: a->u.s16.cap = cap;
    }
}

/* ------------------------------------------------------------------ Python glue */
static const char *CAPSULE = "gridsat._native.Geometry";

static void capsule_free(PyObject *cap) {
    geo_free((Geo *)PyCapsule_GetPointer(cap, CAPSULE));
}

static Geo *get_geo(PyObject *cap) {
    return (Geo *)PyCapsule_GetPointer(cap, CAPSULE);
}

static const char *EXT_CAPSULE = "gridsat._native.Extras";

static void ext_capsule_free(PyObject *cap) {
    ext_free((Ext *)PyCapsule_GetPointer(cap, EXT_CAPSULE));
}

PyDoc_STRVAR(extras_doc,
"extras(n, words) -> capsule\n\n"
"Extra constraints for searches on an ``n`` x ``n`` board: ``words`` a bytes-like array of\n"
"native 32-bit integers, records ``type, len, payload[len]``: 1 a cage (``total`` or -1,\n"
"then its cells; a sum needs n <= 16), 2 a step (``a, b, d``: digit(b) >= digit(a) + d),\n"
"3 a linear sum (``rhs``, then ``cell, weight`` pairs: the weighted digits add up to\n"
"``rhs``). A malformed array raises ValueError naming the record.");

static PyObject *py_extras(PyObject *self, PyObject *args) {
    int n;
    Py_buffer buf;
    if (!PyArg_ParseTuple(args, "iy*:extras", &n, &buf)) return NULL;
    if (n < 1 || n > MAX_N || buf.len % 4) {
        if (n < 1 || n > MAX_N) PyErr_Format(PyExc_ValueError, "size %d is outside 1..%d", n, MAX_N);
        else PyErr_Format(PyExc_ValueError, "%zd bytes is not a whole number of 32-bit words", buf.len);
        PyBuffer_Release(&buf);
        return NULL;
    }
    int32_t *words = malloc((size_t)buf.len + 4);
    if (!words) { PyBuffer_Release(&buf); return PyErr_NoMemory(); }
    memcpy(words, buf.buf, (size_t)buf.len);  /* (aligned, whatever the buffer's alignment) */
    char msg[160];
    const char *err;
    Ext *e = ext_compile(n, words, (size_t)buf.len / 4, msg, sizeof msg, &err);
    free(words);
    PyBuffer_Release(&buf);
    if (!e) {
        PyErr_SetString(PyExc_ValueError, err);
        return NULL;
    }
    PyObject *cap = PyCapsule_New(e, EXT_CAPSULE, ext_capsule_free);
    if (!cap) ext_free(e);
    return cap;
}

PyDoc_STRVAR(geometry_doc,
"geometry(n, units, locked=True, pairs=True, band=True) -> capsule\n\n"
"A board for the solver: ``n`` values, ``units`` a sequence of unit cell lists (each of\n"
"``n`` distinct cells numbered ``0..n*n-1``; rows, columns and regions). Every cell must\n"
"lie in at least one unit. ``locked``: propagate locked candidates too (a value confined\n"
"to the cells two units share leaves the rest of the other unit). ``pairs``: naked and\n"
"hidden pairs too, when the other rules stall. ``band``: search the classic 9x9 table\n"
"(rows, columns, 3x3 boxes; locked on, pairs off) with the bitboard solver, which applies\n"
"the same rules and finds the solutions in the same order, only faster; and the classic\n"
"16x16 table (4x4 boxes; locked on, pairs either way) with its own bitboard solver, whose\n"
"rules are its own (the same solutions and counts, perhaps in another order).");

static PyObject *py_geometry(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"n", "units", "locked", "pairs", "band", NULL};
    int n, locked = 1, pairs = 1, band = 1;
    PyObject *units;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iO|ppp:geometry", kwlist, &n, &units, &locked, &pairs, &band))
        return NULL;
    if (n < 1 || n > MAX_N) {
        PyErr_Format(PyExc_ValueError, "size %d is outside 1..%d", n, MAX_N);
        return NULL;
    }
    PyObject *seq = PySequence_Fast(units, "units must be a sequence");
    if (!seq) return NULL;
    Py_ssize_t nu = PySequence_Fast_GET_SIZE(seq);
    if (nu > MAX_UNITS) {
        PyErr_Format(PyExc_ValueError, "%zd units; at most %d are supported", nu, MAX_UNITS);
        Py_DECREF(seq);
        return NULL;
    }
    int ncells = n * n;
    Geo *g = calloc(1, sizeof(Geo));
    int *count = NULL, *stamp = NULL;
    if (!g) { Py_DECREF(seq); return PyErr_NoMemory(); }
    g->n = n; g->ncells = ncells; g->nunits = (int)nu; g->pairs = pairs;
    g->unit_cells = malloc(sizeof(int) * (size_t)(nu * n + 1));
    g->cu_off = calloc((size_t)ncells + 1, sizeof(int));
    count = calloc((size_t)ncells, sizeof(int));
    stamp = malloc(sizeof(int) * (size_t)ncells);
    if (!g->unit_cells || !g->cu_off || !count || !stamp) { PyErr_NoMemory(); goto fail; }
    for (int c = 0; c < ncells; c++) stamp[c] = -1;  /* the last unit that named each cell */
    for (Py_ssize_t u = 0; u < nu; u++) {
        PyObject *cells = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, u), "a unit must be a sequence");
        if (!cells) goto fail;
        if (PySequence_Fast_GET_SIZE(cells) != n) {
            PyErr_Format(PyExc_ValueError, "unit %zd has %zd cells, expected %d", u,
                         PySequence_Fast_GET_SIZE(cells), n);
            Py_DECREF(cells);
            goto fail;
        }
        for (int k = 0; k < n; k++) {
            long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(cells, k));
            if (c == -1 && PyErr_Occurred()) { Py_DECREF(cells); goto fail; }
            if (c < 0 || c >= ncells) {
                PyErr_Format(PyExc_ValueError, "unit %zd names cell %ld, outside 0..%d", u, c, ncells - 1);
                Py_DECREF(cells);
                goto fail;
            }
            if (stamp[c] == (int)u) {
                PyErr_Format(PyExc_ValueError, "unit %zd names cell %ld twice", u, c);
                Py_DECREF(cells);
                goto fail;
            }
            stamp[c] = (int)u;
            g->unit_cells[u * n + k] = (int)c;
            count[c]++;
        }
        Py_DECREF(cells);
    }
    for (int c = 0; c < ncells; c++) {
        if (!count[c]) {
            PyErr_Format(PyExc_ValueError, "cell %d lies in no unit", c);
            goto fail;
        }
        g->cu_off[c + 1] = g->cu_off[c] + count[c];
    }
    g->cell_units = malloc(sizeof(int) * (size_t)(g->cu_off[ncells] + 1));
    g->umask = calloc(2 * (size_t)ncells, sizeof(uint64_t));
    if (!g->cell_units || !g->umask) { PyErr_NoMemory(); goto fail; }
    memset(count, 0, sizeof(int) * (size_t)ncells);
    for (int u = 0; u < (int)nu; u++)
        for (int k = 0; k < n; k++) {
            int c = g->unit_cells[u * n + k];
            g->cell_units[g->cu_off[c] + count[c]++] = u;
            g->umask[2 * c + u / 64] |= (uint64_t)1 << (u % 64);
        }
    /* peers: the other cells of a cell's units, each once */
    g->peer_off = calloc((size_t)ncells + 1, sizeof(int));
    g->peers = malloc(sizeof(int) * (size_t)ncells * (size_t)(g->cu_off[ncells] / ncells + 1) * (size_t)n + sizeof(int));
    if (!g->peer_off || !g->peers) { PyErr_NoMemory(); goto fail; }
    for (int c = 0; c < ncells; c++) stamp[c] = -1;
    int np = 0;
    for (int c = 0; c < ncells; c++) {
        stamp[c] = c;
        for (int i = g->cu_off[c]; i < g->cu_off[c + 1]; i++) {
            const int *uc = g->unit_cells + g->cell_units[i] * n;
            for (int k = 0; k < n; k++)
                if (stamp[uc[k]] != c) { stamp[uc[k]] = c; g->peers[np++] = uc[k]; }
        }
        g->peer_off[c + 1] = np;
    }
    /* families (greedy: a unit joins the first family it does not overlap) and the
       segments of every pair of families that each partition the board */
    {
        int U = (int)nu, nf = 0, nseg = 0;
        int *fam = malloc(sizeof(int) * (size_t)U);
        int *famcells = calloc((size_t)U, sizeof(int));
        int *owner = malloc(sizeof(int) * (size_t)U * (size_t)ncells);  /* family x cell -> unit */
        int *key = malloc(sizeof(int) * (size_t)U * (size_t)U);
        if (!fam || !famcells || !owner || !key) {
            free(fam); free(famcells); free(owner); free(key);
            PyErr_NoMemory();
            goto fail;
        }
        for (int u = 0; u < U; u++) {
            const int *uc = g->unit_cells + u * n;
            int f = 0;
            for (; f < nf; f++) {
                int k = 0;
                while (k < n && owner[(size_t)f * ncells + uc[k]] < 0) k++;
                if (k == n) break;
            }
            if (f == nf) {
                for (int c = 0; c < ncells; c++) owner[(size_t)nf * ncells + c] = -1;
                nf++;
            }
            for (int k = 0; k < n; k++) owner[(size_t)f * ncells + uc[k]] = u;
            fam[u] = f;
            famcells[f] += n;
        }
        int nfull = 0;
        for (int f = 0; f < nf; f++) nfull += famcells[f] == ncells;
        size_t maxpairs = (size_t)nfull * (size_t)(nfull > 0 ? nfull - 1 : 0) / 2 + 1;
        size_t room = maxpairs * (size_t)ncells + 1;  /* segments (and their cells) per pair <= cells */
        g->pair_off = calloc(maxpairs + 1, sizeof(int));
        g->seg_a = malloc(sizeof(int) * room);
        g->seg_b = malloc(sizeof(int) * room);
        g->seg_off = malloc(sizeof(int) * (room + 1));
        g->seg_cells = malloc(sizeof(int) * room);
        g->cell_seg = malloc(sizeof(int) * room);
        if (!g->pair_off || !g->seg_a || !g->seg_b || !g->seg_off || !g->seg_cells || !g->cell_seg) {
            free(fam); free(famcells); free(owner); free(key);
            PyErr_NoMemory();
            goto fail;
        }
        int np = 0, nsc = 0;
        g->pair_off[0] = 0;
        g->seg_off[0] = 0;
        g->maxseg = 0;
        for (int f = 0; f < nf; f++) {
            if (famcells[f] != ncells) continue;
            for (int h = f + 1; h < nf; h++) {
                if (famcells[h] != ncells) continue;
                /* segments of (f, h): one per pair of units that meet */
                for (int i = 0; i < U * U; i++) key[i] = -1;
                int first = nseg, big = 0;
                int *cs = g->cell_seg + (size_t)np * ncells;
                for (int c = 0; c < ncells; c++) {
                    int a = owner[(size_t)f * ncells + c], b = owner[(size_t)h * ncells + c];
                    int *kp = key + a * U + b;
                    if (*kp < 0) { *kp = nseg; g->seg_a[nseg] = a; g->seg_b[nseg] = b; nseg++; }
                    cs[c] = *kp;
                }
                /* the cells of each segment, in order */
                int *size = calloc((size_t)(nseg - first), sizeof(int));
                if (!size) { free(fam); free(famcells); free(owner); free(key); PyErr_NoMemory(); goto fail; }
                for (int c = 0; c < ncells; c++) size[cs[c] - first]++;
                for (int sg = first; sg < nseg; sg++) {
                    g->seg_off[sg + 1] = g->seg_off[sg] + size[sg - first];
                    if (size[sg - first] > 1) big = 1;
                }
                for (int sg = first; sg < nseg; sg++) size[sg - first] = 0;
                for (int c = 0; c < ncells; c++) {
                    int sg = cs[c];
                    g->seg_cells[g->seg_off[sg] + size[sg - first]++] = c;
                }
                free(size);
                if (!big) { nseg = first; continue; }  /* rows x columns: single cells only */
                nsc = g->seg_off[nseg];
                if (nseg - first > g->maxseg) g->maxseg = nseg - first;
                g->pair_off[++np] = nseg;
            }
        }
        (void)nsc;
        free(fam); free(famcells); free(owner); free(key);
        g->npairs = np;
        g->locked = locked && np > 0;
    }
    {
        int classic9 = band_classic(g);
        g->band = band && g->locked && !pairs && classic9;
        g->x16 = band && g->locked && x16_classic(g);
        if (g->x16) x16_tables();
        g->score = n > 9 || (n == 9 && !classic9);
        g->probe = n > 9;
    }
    free(stamp); free(count);
    Py_DECREF(seq);
    PyObject *cap = PyCapsule_New(g, CAPSULE, capsule_free);
    if (!cap) geo_free(g);
    return cap;
fail:
    free(stamp); free(count);
    geo_free(g);
    Py_DECREF(seq);
    return NULL;
}

/* givens from a bytes-like object: one byte per cell, 0 = empty */
static int read_givens(const Geo *g, const uint8_t *buf, Py_ssize_t len, Py_ssize_t expect) {
    if (len != expect) {
        PyErr_Format(PyExc_ValueError, "expected %zd bytes of givens, got %zd", expect, len);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++)
        if (buf[i] > g->n) {
            PyErr_Format(PyExc_ValueError, "value %d at byte %zd is outside 0..%d", buf[i], i, g->n);
            return -1;
        }
    return 0;
}

/* Run a started search to its end in slices: the first (~2 ms) with the GIL held, the
   rest without it, checking for signals between slices. Returns the RUN_ code (RUN_BUDGET:
   the search's node cap was reached), or -1 with a Python exception set. */
static int run_sliced(AnySearch *a, double deadline, int release) {
    double first = now_s() + 0.002;
    int rc = any_run(a, deadline, first);
    while (rc == RUN_PAUSE) {
        if (ANY(a, cap) && ANY(a, nodes) >= ANY(a, cap)) return RUN_BUDGET;
        if (PyErr_CheckSignals()) return -1;
        double slice_end = now_s() + 0.05;
        if (release) {
            Py_BEGIN_ALLOW_THREADS
            rc = any_run(a, deadline, slice_end);
            Py_END_ALLOW_THREADS
        } else {
            rc = any_run(a, deadline, slice_end);
        }
    }
    return rc;
}

/* The (count, complete, timed_out, solutions, nodes) tuple of a search that ended with ``rc``. */
static PyObject *solve_result(AnySearch *a, Geo *g, int keep, int rc) {
    uint64_t count = ANY(a, count);
    int nsol = count < (uint64_t)keep ? (int)count : keep;
    PyObject *sols = PyList_New(nsol);
    if (!sols) return NULL;
    for (int i = 0; i < nsol; i++) {
        PyObject *b = PyBytes_FromStringAndSize((const char *)ANY(a, sols) + (size_t)i * g->ncells, g->ncells);
        if (!b) { Py_DECREF(sols); return NULL; }
        PyList_SET_ITEM(sols, i, b);
    }
    return Py_BuildValue("(KOONK)", (unsigned long long)count, rc == RUN_DONE ? Py_True : Py_False,
                         rc == RUN_TIMEOUT ? Py_True : Py_False, sols, (unsigned long long)ANY(a, nodes));
}

PyDoc_STRVAR(solve_doc,
"solve(geometry, givens, limit=2, keep=2, time_limit=-1.0, max_nodes=0, extras=None, order=0)\n"
"      -> (count, complete, timed_out, solutions, nodes)\n\n"
"Enumerate solutions of one puzzle up to ``limit`` (0: all). ``givens``: one byte per cell\n"
"(0 empty). ``solutions``: the first ``keep`` as bytes. ``complete``: the search space was\n"
"exhausted (the count is exact); ``timed_out``: ``time_limit`` seconds (negative: none)\n"
"passed first. ``max_nodes``: stop after that many branches (0: no cap); a search stopped\n"
"so is neither complete nor timed out, and ``nodes`` equals ``max_nodes``. Ctrl-C raises\n"
"KeyboardInterrupt with the same tuple, for what was found so far, as its ``partial``\n"
"attribute. ``extras``: a capsule of :func:`extras` for the same board size, whose\n"
"constraints hold too. ``order=1``: the classic 9x9 search (without extras) branches in its\n"
"counting order, as :func:`batch`'s.");

static PyObject *py_solve(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"geometry", "givens", "limit", "keep", "time_limit", "max_nodes", "extras", "order", NULL};
    PyObject *cap, *extras = Py_None;
    int order = 0;
    Py_buffer buf;
    unsigned long long limit = 2;
    int keep = 2;
    double time_limit = -1.0;
    unsigned long long max_nodes = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oy*|KidKOi:solve", kwlist, &cap, &buf, &limit, &keep, &time_limit,
                                     &max_nodes, &extras, &order))
        return NULL;
    double t0 = now_s();
    Geo *g = get_geo(cap);
    PyObject *ret = NULL;
    if (!g) { PyBuffer_Release(&buf); return NULL; }
    const Ext *ext = NULL;
    if (extras != Py_None) {
        ext = (const Ext *)PyCapsule_GetPointer(extras, EXT_CAPSULE);
        if (!ext) { PyBuffer_Release(&buf); return NULL; }
        if (ext->n != g->n) {
            PyErr_Format(PyExc_ValueError, "extras for a %dx%d board on a %dx%d geometry", ext->n, ext->n, g->n, g->n);
            PyBuffer_Release(&buf);
            return NULL;
        }
    }
    if (read_givens(g, buf.buf, buf.len, g->ncells) < 0) { PyBuffer_Release(&buf); return NULL; }
    if (keep < 0) keep = 0;
    AnySearch a;
    if (any_init_ext(&a, g, ext, keep) < 0) { PyBuffer_Release(&buf); return PyErr_NoMemory(); }
    if (a.wide == 3) a.u.sb.counting = order == 1;
    double deadline = time_limit < 0 ? 0.0 : t0 + time_limit;
    int rc;
    if (time_limit >= 0 && time_limit == 0.0) rc = RUN_TIMEOUT;
    else {
        any_start(&a, buf.buf, limit);
        any_set_cap(&a, (uint64_t)max_nodes);
        rc = run_sliced(&a, deadline, 1);
    }
    PyBuffer_Release(&buf);
    if (rc < 0) {
        /* Ctrl-C between two slices: the KeyboardInterrupt carries what was found so far as
           its ``partial`` attribute (the same tuple as a return, complete and timed_out false) */
        if (PyErr_ExceptionMatches(PyExc_KeyboardInterrupt)) {
            PyObject *t, *v, *tb;
            PyErr_Fetch(&t, &v, &tb);
            PyErr_NormalizeException(&t, &v, &tb);
            PyObject *part = solve_result(&a, g, keep, RUN_PAUSE);
            if (part && v) PyObject_SetAttrString(v, "partial", part);
            Py_XDECREF(part);
            PyErr_Clear();
            PyErr_Restore(t, v, tb);
        }
        goto done;
    }
    ret = solve_result(&a, g, keep, rc);
done:
    any_free(&a);
    return ret;
}

#include "core_batch.h"
#include "verify9.h"

static PyObject *py_uses_band(PyObject *self, PyObject *cap) {
    Geo *g = get_geo(cap);
    return g ? PyBool_FromLong(g->band) : NULL;
}

static PyObject *py_uses_x16(PyObject *self, PyObject *cap) {
    Geo *g = get_geo(cap);
    return g ? PyBool_FromLong(g->x16) : NULL;
}

static PyObject *py_band_avx2(PyObject *self, PyObject *args) {
    int want = -1;
    if (!PyArg_ParseTuple(args, "|i:band_avx2", &want)) return NULL;
    return PyBool_FromLong(band_use_avx2(want < 0 ? -1 : want != 0));
}

#include "core_gen.h"
#include "core_carve.h"

static PyMethodDef methods[] = {
    {"geometry", (PyCFunction)(void (*)(void))py_geometry, METH_VARARGS | METH_KEYWORDS, geometry_doc},
    {"solve", (PyCFunction)(void (*)(void))py_solve, METH_VARARGS | METH_KEYWORDS, solve_doc},
    {"extras", py_extras, METH_VARARGS, extras_doc},
    {"batch", (PyCFunction)(void (*)(void))py_batch, METH_VARARGS | METH_KEYWORDS, batch_doc},
    {"verify_block", py_verify_block, METH_VARARGS, verify_block_doc},
    {"pack", py_pack, METH_VARARGS, pack_doc},
    {"uses_band", py_uses_band, METH_O, "uses_band(geometry) -> whether searches on it take the classic 9x9 bitboard solver"},
    {"uses_x16", py_uses_x16, METH_O, "uses_x16(geometry) -> whether searches on it take the classic 16x16 bitboard solver"},
    {"band_avx2", py_band_avx2, METH_VARARGS,
     "band_avx2([on]) -> whether the classic 9x9 bitboard solver takes its AVX2 build (chosen at run time\n"
     "where the machine has AVX2); ``on`` False turns it off, True back on. Both builds give the same answers."},
    GEN_METHODS
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "gridsat._native",
    "Bitset DPLL solver for the Sudoku family (naked and hidden singles, fewest-candidates branching).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__native(void) {
    PyObject *m = PyModule_Create(&moduledef);
    if (m && PyModule_AddIntConstant(m, "MAX_N", MAX_N) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
