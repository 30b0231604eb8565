/*
 * The verifier of classic 9x9 answers, in C: is a grid a correct solution of its puzzle?
 *
 * It is written apart from the searches on purpose and shares nothing with them (no table,
 * no helper, no header of the core but Python's): it reads the answer as plain bytes and
 * checks it from the rules alone, so a fault in the solvers cannot hide itself here. A grid
 * passes when every cell holds a value 1..9, every given is kept, and each of the 27 units
 * (9 rows, 9 columns, 9 boxes of 3x3) holds the nine values once each. Units are counted
 * with a 9-bit mask per unit: a unit of nine cells with values in 1..9 holds each value
 * once exactly when the union of its values is all nine.
 *
 * ``verify_block`` is the batch face: many puzzles laid end to end, their answers beside
 * them, one flag per puzzle. The batch runs without the GIL.
 */
#ifndef GRIDSAT_VERIFY9_H
#define GRIDSAT_VERIFY9_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* 1 when ``grid`` (81 values, row by row) is a correct classic 9x9 grid keeping every
   nonzero value of ``givens``; 0 otherwise. */
static int verify9_grid(const uint8_t *givens, const uint8_t *grid) {
    uint16_t row[9], col[9], box[9];
    memset(row, 0, sizeof row);
    memset(col, 0, sizeof col);
    memset(box, 0, sizeof box);
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            int i = 9 * r + c;
            unsigned v = grid[i];
            if (v < 1 || v > 9) return 0;
            if (givens[i] && givens[i] != v) return 0;
            uint16_t bit = (uint16_t)(1u << (v - 1));
            row[r] |= bit;
            col[c] |= bit;
            box[3 * (r / 3) + c / 3] |= bit;
        }
    }
    uint16_t all = 0x1ff;
    for (int u = 0; u < 9; u++) all &= row[u] & col[u] & box[u];
    return all == 0x1ff;
}

PyDoc_STRVAR(verify_block_doc,
"verify_block(givens, answers, counts, keep) -> bytes\n\n"
"The C verifier of classic 9x9 answers (written apart from the searches). ``givens``: k puzzles\n"
"of 81 bytes (0 empty) end to end; ``answers``: ``keep`` grids of 81 bytes per puzzle, laid out\n"
"alike; ``counts``: k bytes, how many of each puzzle's grids to check (at most ``keep``).\n"
"Returns k bytes: 1 when every checked grid of the puzzle is a correct solution keeping its\n"
"givens and no two of them are equal, else 0.");

static PyObject *py_verify_block(PyObject *self, PyObject *args) {
    Py_buffer gv, an, ct;
    int keep;
    if (!PyArg_ParseTuple(args, "y*y*y*i:verify_block", &gv, &an, &ct, &keep)) return NULL;
    PyObject *out = NULL;
    Py_ssize_t k = ct.len;
    if (keep < 1 || gv.len != k * 81 || an.len != k * 81 * (Py_ssize_t)keep) {
        PyErr_SetString(PyExc_ValueError, "verify_block: givens, answers and counts do not describe the same puzzles");
        goto done;
    }
    out = PyBytes_FromStringAndSize(NULL, k);
    if (!out) goto done;
    uint8_t *ok = (uint8_t *)PyBytes_AS_STRING(out);
    const uint8_t *g = gv.buf, *a = an.buf, *c = ct.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < k; i++) {
        int m = c[i] < keep ? c[i] : keep, good = 1;
        const uint8_t *first = a + i * 81 * keep;
        for (int j = 0; j < m && good; j++) {
            good = verify9_grid(g + i * 81, first + 81 * j);
            for (int e = 0; e < j && good; e++)
                if (!memcmp(first + 81 * e, first + 81 * j, 81)) good = 0;
        }
        ok[i] = (uint8_t)good;
    }
    Py_END_ALLOW_THREADS
done:
    PyBuffer_Release(&gv);
    PyBuffer_Release(&an);
    PyBuffer_Release(&ct);
    return out;
}

#endif /* GRIDSAT_VERIFY9_H */
