/*
 * Singles and intersections: whether the Python technique of the same name has a step on this grid. The *_step entries
 * (Python-callable) find the step itself, as the Python technique picks it.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 */
#ifndef GRIDSAT_LG_SINGLES_H
#define GRIDSAT_LG_SINGLES_H

#include "lg_py.h"

/* The single of kind `kind` (0 full house, 1 hidden single in a box, 2 hidden single in a
 * row or column, 3 naked single) the Python technique picks: the first unit in order (the
 * first cell for a naked single) and in it the lowest digit. 1 with its cell, digit and unit
 * (-1 for a naked single); both the existence tests and the step entry use it. */
static int lg_single_step(const LG *g, int kind, int *cell, int *digit, int *unit) {
    if (kind == 3) {
        for (int c = 0; c < LG_CELLS; c++) {
            unsigned m = g->cands[c];
            if (m && !(m & (m - 1))) {
                *cell = c;
                *digit = lg_ctz(m) + 1;
                *unit = -1;
                return 1;
            }
        }
        return 0;
    }
    int from = kind == 1 ? 2 * LG_N : 0, to = kind == 1 ? 3 * LG_N : kind == 2 ? 2 * LG_N : LG_UNITS;
    for (int u = from; u < to; u++) {
        if (kind == 0) { /* the unit's one empty cell, with one candidate */
            lg_cells e = g->empty & LG_UMASK[u];
            if (!e || (e & (e - 1))) continue;
            unsigned m = g->cands[lg_first(e)];
            if (!m || (m & (m - 1))) continue;
            *cell = lg_first(e);
            *digit = lg_ctz(m) + 1;
            *unit = u;
            return 1;
        }
        for (int d = 0; d < LG_N; d++) { /* the lowest digit with one place in the unit */
            unsigned p = g->upos[u][d];
            if (p && !(p & (p - 1))) {
                *cell = LG_UNIT[u][lg_ctz(p)];
                *digit = d + 1;
                *unit = u;
                return 1;
            }
        }
    }
    return 0;
}

static int lg_single_kind(LG *g, int kind) {
    int cell, digit, unit;
    return lg_single_step(g, kind, &cell, &digit, &unit);
}

/* full house: a unit with one empty cell, and that cell has one candidate */
static int lg_full_house(LG *g) {
    return lg_single_kind(g, 0);
}

/* hidden single (box): a digit with one place left in a box */
static int lg_hidden_single_box(LG *g) {
    return lg_single_kind(g, 1);
}

/* hidden single (line): a digit with one place left in a row or column */
static int lg_hidden_single_line(LG *g) {
    return lg_single_kind(g, 2);
}

/*
 * Locked candidates over every box x line intersection (boxes in order, then the box's three
 * rows and three columns). For digit d with places p inside the intersection: pointing when d
 * has no place in the rest of the box and some place in the rest of the line (those go),
 * claiming the other way round. With `direct`, the step counts only when, without the
 * eliminated places, d has exactly one place left in one of the two other units of the base's
 * kind crossing the cover unit (the other boxes along the line for pointing, the other lines
 * of the same kind through the box for claiming).
 *
 * The digits of each intersection come from 9-bit masks: seg[0][r][j] is the union of the
 * candidates of row r in the j-th box of its band, seg[1][c][j] that of column c in the j-th box
 * of its stack; the rest of the box and the rest of the line are unions of the other two
 * segments. Only the digits found are checked cell by cell for the direct form.
 */
static int lgsin_direct_hit(const LG *g, int b, int row, int line, int d, int pointing) {
    lg_cells p = g->dpos[d];
    lg_cells bm = LG_UMASK[18 + b], lm = LG_UMASK[line];
    for (int j = 0; j < 3; j++) {
        lg_cells left;
        if (pointing) {
            /* the boxes along the line: j-th box of the band or of the stack */
            int b2 = row ? (b / 3) * 3 + j : (b % 3) + 3 * j;
            if (b2 == b) continue;
            left = p & LG_UMASK[18 + b2] & ~lm;
        } else {
            /* the lines of the same kind through the box */
            int l2 = row ? (b / 3) * 3 + j : 9 + (b % 3) * 3 + j;
            if (l2 == line) continue;
            left = p & LG_UMASK[l2] & ~bm;
        }
        if (left && !(left & (left - 1))) return 1;
    }
    return 0;
}

static int lgsin_locked(const LG *g, int pointing, int direct) {
    unsigned seg[2][9][3];
    for (int r = 0; r < 9; r++)
        for (int j = 0; j < 3; j++) {
            const uint16_t *cr = g->cands + r * 9 + 3 * j;
            seg[0][r][j] = cr[0] | cr[1] | cr[2];
            const uint16_t *cc = g->cands + r + 27 * j;
            seg[1][r][j] = cc[0] | cc[9] | cc[18];
        }
    for (int b = 0; b < 9; b++) {
        int band = b / 3, stack = b % 3;
        for (int k = 0; k < 6; k++) {
            int row = k < 3;
            /* the line through the box, its index along the line's boxes, the box's other two lines */
            int t = row ? band * 3 + k : stack * 3 + (k - 3);
            int pos = row ? stack : band, base3 = row ? band * 3 : stack * 3;
            const unsigned (*sg)[3] = seg[row ? 0 : 1];
            unsigned inside = sg[t][pos];
            if (!inside) continue;
            unsigned rest_line = 0, rest_box = 0;
            for (int j = 0; j < 3; j++) {
                if (j != pos) rest_line |= sg[t][j];
                if (base3 + j != t) rest_box |= sg[base3 + j][pos];
            }
            unsigned ds = pointing ? inside & ~rest_box & rest_line : inside & ~rest_line & rest_box;
            if (!ds) continue;
            if (!direct) return 1;
            int line = row ? t : 9 + t;
            for (; ds; ds &= ds - 1)
                if (lgsin_direct_hit(g, b, row, line, lg_ctz(ds), pointing)) return 1;
        }
    }
    return 0;
}

/* direct pointing: a pointing whose eliminations leave a hidden single in another box along the line */
static int lg_direct_pointing(LG *g) {
    return lgsin_locked(g, 1, 1);
}

/* direct claiming: a claiming whose eliminations leave a hidden single in a parallel line through the box */
static int lg_direct_claiming(LG *g) {
    return lgsin_locked(g, 0, 1);
}

/* naked single: a cell with one candidate */
static int lg_naked_single(LG *g) {
    return lg_single_kind(g, 3);
}

/* pointing: a digit of a box confined to one line, with a place in the rest of the line */
static int lg_pointing(LG *g) {
    return lgsin_locked(g, 1, 0);
}

/* claiming: a digit of a line confined to one box, with a place in the rest of the box */
static int lg_claiming(LG *g) {
    return lgsin_locked(g, 0, 0);
}

PyDoc_STRVAR(lg_single_step_doc,
"single_step(values, cands, kind)\n--\n\n"
"The single the Python technique picks on a classic 9x9 grid: ``kind`` 0 full house, 1\n"
"hidden single in a box, 2 hidden single in a row or column, 3 naked single. Returns\n"
"``(cell, digit, unit)`` (unit -1 for a naked single), or None.");

static PyObject *lg_py_single_step(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    int kind;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOi", &ov, &oc, &kind)) return NULL;
    if (kind < 0 || kind > 3) {
        PyErr_Format(PyExc_ValueError, "no single kind %d", kind);
        return NULL;
    }
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    int cell, digit, unit;
    if (!lg_single_step(&g, kind, &cell, &digit, &unit)) Py_RETURN_NONE;
    return Py_BuildValue("(iii)", cell, digit, unit);
}

static PyObject *lgsin_cells(lg_cells s) {
    PyObject *out = PyList_New(lg_popc(s));
    if (!out) return NULL;
    for (Py_ssize_t t = 0; s; s &= s - 1, t++) {
        PyObject *x = PyLong_FromLong(lg_first(s));
        if (!x) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, t, x);
    }
    return out;
}

PyDoc_STRVAR(lgsin_locked_step_doc,
"locked_step(values, cands, pointing, direct)\n--\n\n"
"The locked candidates step the Python technique picks on a classic 9x9 grid (pointing or\n"
"claiming, direct or not): ``(digit, base unit, cover unit, cells, eliminated cells, hit)``\n"
"with the cell lists ascending and ``hit`` the direct step's hidden single ``(cell, unit)``\n"
"(None when not direct). None when there is no step.");

static PyObject *lgsin_py_locked_step(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    int pointing, direct;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOpp", &ov, &oc, &pointing, &direct)) return NULL;
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    for (int b = 0; b < 9; b++) {
        lg_cells bm = LG_UMASK[18 + b];
        for (int k = 0; k < 6; k++) {
            int row = k < 3;
            int line = row ? (b / 3) * 3 + k : 9 + (b % 3) * 3 + (k - 3);
            lg_cells lm = LG_UMASK[line];
            lg_cells common = bm & lm;
            lg_cells base = pointing ? bm & ~common : lm & ~common;
            lg_cells cover = pointing ? lm & ~common : bm & ~common;
            for (int d = 0; d < LG_N; d++) {
                lg_cells p = g.dpos[d];
                if (!(p & common) || (p & base) || !(p & cover)) continue;
                int bu = pointing ? 18 + b : line, cu = pointing ? line : 18 + b;
                if (!direct)
                    return Py_BuildValue("(iiiNNO)", d + 1, bu, cu, lgsin_cells(p & common), lgsin_cells(p & cover),
                                         Py_None);
                for (int j = 0; j < 3; j++) {
                    lg_cells left;
                    int u2;
                    if (pointing) {
                        int b2 = row ? (b / 3) * 3 + j : (b % 3) + 3 * j;
                        if (b2 == b) continue;
                        u2 = 18 + b2;
                        left = p & LG_UMASK[u2] & ~lm;
                    } else {
                        u2 = row ? (b / 3) * 3 + j : 9 + (b % 3) * 3 + j;
                        if (u2 == line) continue;
                        left = p & LG_UMASK[u2] & ~bm;
                    }
                    if (left && !(left & (left - 1)))
                        return Py_BuildValue("(iiiNN(ii))", d + 1, bu, cu, lgsin_cells(p & common),
                                             lgsin_cells(p & cover), lg_first(left), u2);
                }
            }
        }
    }
    Py_RETURN_NONE;
}

#endif
