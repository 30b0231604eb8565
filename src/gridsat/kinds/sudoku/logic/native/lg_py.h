/*
 * The Python side of the logical solver's C code: a grid read from the Python Grid's two
 * lists, and an int made from little-endian bytes. Shared by logic.c and the headers whose
 * functions Python calls (lg_chains.h, lg_forcing.h).
 */
#ifndef GRIDSAT_LG_PY_H
#define GRIDSAT_LG_PY_H

#ifndef PY_SSIZE_T_CLEAN
#define PY_SSIZE_T_CLEAN
#endif
#include <Python.h>
#include "lg.h"

/* values and candidate masks from two lists of 81 ints (no derived fields); 0 with an
 * exception set when they are not that */
static int lg_read_cells(PyObject *ovalues, PyObject *ocands, LG *g) {
    if (!PyList_Check(ovalues) || !PyList_Check(ocands) || PyList_GET_SIZE(ovalues) != LG_CELLS
        || PyList_GET_SIZE(ocands) != LG_CELLS) {
        PyErr_SetString(PyExc_ValueError, "values and cands must be lists of 81 ints");
        return 0;
    }
    for (int c = 0; c < LG_CELLS; c++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(ovalues, c));
        long m = PyLong_AsLong(PyList_GET_ITEM(ocands, c));
        if ((v == -1 || m == -1) && PyErr_Occurred()) return 0;
        if (v < 0 || v > LG_N || m < 0 || m > LG_FULL) {
            PyErr_Format(PyExc_ValueError, "cell %d: value %ld or candidates %ld out of range", c, v, m);
            return 0;
        }
        g->values[c] = (uint8_t)v;
        g->cands[c] = v ? 0 : (uint16_t)m;
    }
    return 1;
}

/* the grid with its derived fields (lg_prepare) */
static int lg_read_grid(PyObject *ovalues, PyObject *ocands, LG *g) {
    if (!lg_read_cells(ovalues, ocands, g)) return 0;
    lg_prepare(g);
    return 1;
}

/* the non-negative int of n little-endian bytes */
static PyObject *lg_int_from_bytes(const unsigned char *buf, size_t n) {
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(buf, n, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
#else
    return _PyLong_FromByteArray(buf, n, 1, 0);
#endif
}

#endif
