/*
 * gridsat.kinds.sudoku.logic._logic: the logical solver's filter in C (classic 9x9).
 *
 * For a grid (values and candidate masks, as the Python Grid holds them) it says which
 * technique of the ladder is the first that has a step, so the Python solver runs only
 * that technique. A technique not written in C answers "unknown" and the Python technique
 * is run. Many techniques also find their step here (the *_step entries: the same step
 * as their Python search, in its order); Python writes the Step and its text from it.
 */
#include "lg_py.h"
#include "lg_registry.h"
#include "lg_chain_steps.h"
#include "lg_single_digit_steps.h"
#include "lg_search.h"

PyDoc_STRVAR(broken_doc,
"broken(values, cands)\n--\n\n"
"True when an empty cell has no candidate left or a unit has no place left for a digit\n"
"(the grid cannot be completed by elimination alone), False otherwise.");

static PyObject *py_broken(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    if (!PyArg_ParseTuple(args, "OO", &ov, &oc)) return NULL;
    LG g;
    if (!lg_read_cells(ov, oc, &g)) return NULL;
    for (int c = 0; c < LG_CELLS; c++)
        if (!g.values[c] && !g.cands[c]) Py_RETURN_TRUE;
    for (int u = 0; u < LG_UNITS; u++) {
        unsigned have = 0;
        for (int i = 0; i < LG_N; i++) {
            int c = LG_UNIT[u][i];
            have |= g.values[c] ? 1u << (g.values[c] - 1) : g.cands[c];
        }
        if (have != LG_FULL) Py_RETURN_TRUE;
    }
    Py_RETURN_FALSE;
}

PyDoc_STRVAR(first_doc,
"first(values, cands, ids, start)\n--\n\n"
"The first position ``i >= start`` of ``ids`` (a bytes of technique ids, 255 for a\n"
"technique the filter does not know) whose technique has a step on the grid, or is not\n"
"known or not written in C; ``len(ids)`` when none has a step.");

static PyObject *py_first(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    const unsigned char *ids;
    Py_ssize_t nids, start;
    if (!PyArg_ParseTuple(args, "OOy#n", &ov, &oc, &ids, &nids, &start)) return NULL;
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    Py_ssize_t i = start < 0 ? 0 : start;
    for (; i < nids; i++) {
        int id = ids[i];
        if (id >= LG_NTECH) break;
        if (LG_TECHNIQUES[id].fn(&g) != 0) break;
    }
    return PyLong_FromSsize_t(i < nids ? i : nids);
}

PyDoc_STRVAR(singles_run_doc,
"singles_run(values, cands, ids, ids_singles_first, rating, limit)\n--\n\n"
"The solver loop's steps while each is a single, in C: on the grid, the first technique of\n"
"the ladder with a step is found as ``first`` finds it (``ids`` while the path's rating is\n"
"below 2.3, ``ids_singles_first`` from then on); while it is a single, its step (as\n"
"``single_step`` finds it) is applied to the two lists in place (after a naked single, rated\n"
"2.3, the ladder is ``ids_singles_first``).\n"
"Stops after ``limit`` steps (-1: no limit). Returns ``(steps, stop)``: ``steps`` the\n"
"singles taken, as ``(kind, cell, digit, unit)``, and ``stop`` the position in the ladder\n"
"in use of the first technique with a step on the final grid (``len`` of it when none),\n"
"or -1 when the limit stopped the run.");

/* the single kind (single_step) of a technique id, -1 for a technique that is not a single */
static int lg_single_kind_of(int id) {
    if (id < 0 || id >= LG_NTECH) return -1;
    lg_fn f = LG_TECHNIQUES[id].fn;
    return f == lg_full_house ? 0 : f == lg_hidden_single_box ? 1 : f == lg_hidden_single_line ? 2
         : f == lg_naked_single ? 3 : -1;
}

static PyObject *py_singles_run(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    const unsigned char *ids[2];
    Py_ssize_t nids[2];
    double rating;
    long limit;
    if (!PyArg_ParseTuple(args, "OOy#y#dl", &ov, &oc, &ids[0], &nids[0], &ids[1], &nids[1], &rating, &limit)) return NULL;
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    uint8_t v0[LG_CELLS];
    uint16_t c0[LG_CELLS];
    memcpy(v0, g.values, sizeof v0);
    memcpy(c0, g.cands, sizeof c0);
    PyObject *steps = PyList_New(0);
    if (!steps) return NULL;
    Py_ssize_t stop = -1;
    /* the ladder in use: singles first once the path's rating reaches a naked single's 2.3,
     * which of the singles only a naked single does */
    int which = rating < 2.3 ? 0 : 1;
    for (long taken = 0;; taken++) {
        if (limit >= 0 && taken >= limit) { stop = -1; break; }
        const unsigned char *lad = ids[which];
        Py_ssize_t n = nids[which], i = 0;
        for (; i < n; i++) {
            int id = lad[i];
            if (id >= LG_NTECH || LG_TECHNIQUES[id].fn(&g) != 0) break;
        }
        stop = i;
        int kind = i < n ? lg_single_kind_of(lad[i]) : -1;
        int cell, digit, unit;
        if (kind < 0 || !lg_single_step(&g, kind, &cell, &digit, &unit)) break;
        PyObject *t = Py_BuildValue("(iiii)", kind, cell, digit, unit);
        if (!t || PyList_Append(steps, t) < 0) { Py_XDECREF(t); Py_DECREF(steps); return NULL; }
        Py_DECREF(t);
        lg_place(g.values, g.cands, cell, digit);
        lg_prepare(&g);
        if (kind == 3) which = 1;
    }
    for (int c = 0; c < LG_CELLS; c++) {
        if (g.values[c] != v0[c]) {
            PyObject *x = PyLong_FromLong(g.values[c]);
            if (!x || PyList_SetItem(ov, c, x) < 0) { Py_DECREF(steps); return NULL; }
        }
        if (g.cands[c] != c0[c]) {
            PyObject *x = PyLong_FromLong(g.cands[c]);
            if (!x || PyList_SetItem(oc, c, x) < 0) { Py_DECREF(steps); return NULL; }
        }
    }
    return Py_BuildValue("(Nn)", steps, stop);
}

PyDoc_STRVAR(positions_doc,
"positions(cands)\n--\n\n"
"``pos[d]``: the cell mask (bit c for cell c) of the cells whose candidate mask in\n"
"``cands`` (a list of 81 ints) has digit d, for d = 1..9, as a list of 10 ints (index 0\n"
"is 0).");

static PyObject *py_positions(PyObject *self, PyObject *ocands) {
    if (!PyList_Check(ocands) || PyList_GET_SIZE(ocands) != LG_CELLS) {
        PyErr_SetString(PyExc_ValueError, "cands must be a list of 81 ints");
        return NULL;
    }
    uint64_t lo[LG_N + 1] = {0}, hi[LG_N + 1] = {0};
    for (int c = 0; c < LG_CELLS; c++) {
        long m = PyLong_AsLong(PyList_GET_ITEM(ocands, c));
        if (m == -1 && PyErr_Occurred()) return NULL;
        if (m < 0 || m > LG_FULL) {
            PyErr_Format(PyExc_ValueError, "cell %d: candidates %ld out of range", c, m);
            return NULL;
        }
        while (m) {
            int d = lg_ctz((unsigned)m) + 1;
            m &= m - 1;
            if (c < 64) lo[d] |= (uint64_t)1 << c;
            else hi[d] |= (uint64_t)1 << (c - 64);
        }
    }
    PyObject *out = PyList_New(LG_N + 1);
    if (!out) return NULL;
    for (int d = 0; d <= LG_N; d++) {
        unsigned char b[16];
        for (int k = 0; k < 8; k++) {
            b[k] = (unsigned char)(lo[d] >> (8 * k));
            b[8 + k] = (unsigned char)(hi[d] >> (8 * k));
        }
        PyObject *x = lg_int_from_bytes(b, sizeof b);
        if (!x) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, d, x);
    }
    return out;
}

PyDoc_STRVAR(has_doc,
"has(id, values, cands)\n--\n\n"
"1 when technique ``id`` has a step on the grid, 0 when it has none, -1 when it is not\n"
"written in C.");

static PyObject *py_has(PyObject *self, PyObject *args) {
    PyObject *ov, *oc;
    int id;
    if (!PyArg_ParseTuple(args, "iOO", &id, &ov, &oc)) return NULL;
    if (id < 0 || id >= LG_NTECH) {
        PyErr_Format(PyExc_ValueError, "no technique %d", id);
        return NULL;
    }
    LG g;
    if (!lg_read_grid(ov, oc, &g)) return NULL;
    return PyLong_FromLong(LG_TECHNIQUES[id].fn(&g));
}

PyDoc_STRVAR(techniques_doc,
"techniques()\n--\n\n"
"The names of the techniques the filter knows, in id order, each with whether it is\n"
"written in C (as (name, written) pairs).");

static PyObject *py_techniques(PyObject *self, PyObject *noargs) {
    LG g;
    memset(&g, 0, sizeof g);
    for (int c = 0; c < LG_CELLS; c++) g.values[c] = (uint8_t)(1 + (c % 9 + 3 * (c / 9) + (c / 27)) % 9);
    lg_prepare(&g);
    PyObject *out = PyTuple_New(LG_NTECH);
    if (!out) return NULL;
    for (int i = 0; i < LG_NTECH; i++) {
        /* a technique not written yet answers -1 on any grid; a solved grid has no step */
        PyObject *t = Py_BuildValue("(sO)", LG_TECHNIQUES[i].name,
                                    LG_TECHNIQUES[i].fn(&g) >= 0 ? Py_True : Py_False);
        if (!t) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, i, t);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"first", py_first, METH_VARARGS, first_doc},
    {"has", py_has, METH_VARARGS, has_doc},
    {"broken", py_broken, METH_VARARGS, broken_doc},
    {"positions", py_positions, METH_O, positions_doc},
    {"techniques", py_techniques, METH_NOARGS, techniques_doc},
    {"propagate", lgf_py_propagate, METH_VARARGS, lgf_propagate_doc},
    {"nishio", lgf_py_nishio, METH_VARARGS, lgf_nishio_doc},
    {"chain_size", lgf_py_chain_size, METH_VARARGS, lgf_chain_size_doc},
    {"chain_graph", lgc_py_chain_graph, METH_VARARGS, lgc_chain_graph_doc},
    {"chain_bfs", lgc_py_chain_bfs, METH_VARARGS, lgc_chain_bfs_doc},
    {"big_wing_step", lgw_py_big_wing_step, METH_VARARGS, lgw_big_wing_step_doc},
    {"forcing_step", lgc_py_forcing_step, METH_VARARGS, lgc_forcing_step_doc},
    {"multiple_step", lgc_py_multiple_step, METH_VARARGS, lgc_multiple_step_doc},
    {"turbot_step", lgs_py_turbot_step, METH_VARARGS, lgs_turbot_step_doc},
    {"single_step", lg_py_single_step, METH_VARARGS, lg_single_step_doc},
    {"subset_step", lgsub_py_subset_step, METH_VARARGS, lgsub_subset_step_doc},
    {"locked_step", lgsin_py_locked_step, METH_VARARGS, lgsin_locked_step_doc},
    {"strong_links_step", lgs_py_strong_links_step, METH_VARARGS, lgs_strong_links_step_doc},
    {"search", lgx_py_search, METH_VARARGS, lgx_search_doc},
    {"singles_run", py_singles_run, METH_VARARGS, singles_run_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "gridsat.kinds.sudoku.logic._logic",
    "The logical solver's filter in C (classic 9x9): which technique of the ladder has a step, and the steps of many.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__logic(void) {
    lg_tables();
    return PyModule_Create(&moduledef);
}
