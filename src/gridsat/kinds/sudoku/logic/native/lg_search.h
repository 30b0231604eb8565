/*
 * Backtracking search with singles propagation on the classic 9x9 grid: the search behind
 * the search-effort figures (logic/search.py, _search and _singles), move for move. The
 * singles run to a fixpoint in the Python code's order (naked singles over the cells, then
 * hidden singles unit by unit); the search branches on the first empty cell with fewest
 * candidates (stopping at the first with two) and tries its digits in increasing order.
 */
#ifndef GRIDSAT_LG_SEARCH_H
#define GRIDSAT_LG_SEARCH_H

#include "lg_py.h"

typedef struct {
    int deepest;
    long long guesses;
    int depth;                  /* guesses on the current path */
    uint8_t way[LG_CELLS][3];   /* (cell, digit, choices) on the current path */
    uint8_t solution[LG_CELLS];
} LGSearch;

/* naked and hidden singles to a fixpoint; 0 on a contradiction */
static int lgx_singles(uint8_t *V, uint16_t *C) {
    for (;;) {
        int progress = 0;
        for (int c = 0; c < LG_CELLS; c++) {
            if (V[c]) continue;
            unsigned m = C[c];
            if (!m) return 0;
            if (!(m & (m - 1))) {
                lg_place(V, C, c, lg_ctz(m) + 1);
                progress = 1;
            }
        }
        for (int u = 0; u < LG_UNITS; u++) {
            unsigned once = 0, twice = 0, placed = 0;
            for (int i = 0; i < LG_N; i++) {
                int c = LG_UNIT[u][i];
                if (V[c]) placed |= 1u << (V[c] - 1);
                else {
                    unsigned m = C[c];
                    twice |= once & m;
                    once |= m;
                }
            }
            if ((once | placed) != LG_FULL) return 0;
            unsigned hs = once & ~twice & ~placed;
            while (hs) {
                unsigned b = hs & (0u - hs);
                hs &= hs - 1;
                int found = 0;
                for (int i = 0; i < LG_N; i++) {
                    int c = LG_UNIT[u][i];
                    if (C[c] & b) {
                        lg_place(V, C, c, lg_ctz(b) + 1);
                        progress = 1;
                        found = 1;
                        break;
                    }
                }
                if (!found) return 0;
            }
        }
        if (!progress) return 1;
    }
}

/* 1 when a solution is found (in s->solution, its guesses in s->way[0..depth)); the grid
 * V, C is the caller's copy and is changed */
static int lgx_search(uint8_t *V, uint16_t *C, int level, LGSearch *s) {
    if (!lgx_singles(V, C)) return 0;
    if (level > s->deepest) s->deepest = level;
    int best = -1, bc = 99;
    for (int c = 0; c < LG_CELLS; c++) {
        if (V[c]) continue;
        int k = popcount32(C[c]);
        if (k < bc) {
            bc = k;
            best = c;
            if (k == 2) break;
        }
    }
    if (best < 0) {
        memcpy(s->solution, V, sizeof s->solution);
        return 1;
    }
    unsigned m = C[best];
    while (m) {
        int d = lg_ctz(m) + 1;
        m &= m - 1;
        uint8_t V2[LG_CELLS];
        uint16_t C2[LG_CELLS];
        memcpy(V2, V, sizeof V2);
        memcpy(C2, C, sizeof C2);
        lg_place(V2, C2, best, d);
        s->guesses++;
        s->way[s->depth][0] = (uint8_t)best;
        s->way[s->depth][1] = (uint8_t)d;
        s->way[s->depth][2] = (uint8_t)bc;
        s->depth++;
        if (lgx_search(V2, C2, level + 1, s)) return 1;
        s->depth--;
    }
    return 0;
}

PyDoc_STRVAR(lgx_search_doc,
"search(values, cands)\n--\n\n"
"The backtracking search of the search-effort figures on a classic 9x9 grid (the same\n"
"search as logic/search.py's, move for move): ``(solution, deepest, guesses, way)`` with\n"
"``solution`` the 81 values (None when there is none) and ``way`` the guesses on the\n"
"solution's path as ``(cell, digit, choices)``.");

static PyObject *lgx_py_search(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    if (!PyArg_ParseTuple(args, "OO", &ov, &oc)) return NULL;
    LG g;
    if (!lg_read_cells(ov, oc, &g)) return NULL;
    LGSearch s;
    s.deepest = 0;
    s.guesses = 0;
    s.depth = 0;
    int found = lgx_search(g.values, g.cands, 0, &s);
    PyObject *sol, *way;
    if (found) {
        sol = PyList_New(LG_CELLS);
        if (!sol) return NULL;
        for (int c = 0; c < LG_CELLS; c++) PyList_SET_ITEM(sol, c, PyLong_FromLong(s.solution[c]));
        way = PyList_New(s.depth);
        if (!way) { Py_DECREF(sol); return NULL; }
        for (int i = 0; i < s.depth; i++)
            PyList_SET_ITEM(way, i, Py_BuildValue("(iii)", s.way[i][0], s.way[i][1], s.way[i][2]));
    } else {
        sol = Py_None;
        Py_INCREF(sol);
        way = PyList_New(0);
        if (!way) { Py_DECREF(sol); return NULL; }
    }
    return Py_BuildValue("(NiLN)", sol, s.deepest, s.guesses, way);
}

#endif
