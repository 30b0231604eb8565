/*
 * gridsat._csp: a kind-free finite-domain kernel (the ``csp`` backend). The model is given
 * as arrays (domains, a stream of constraint records, an output map; the layout is in
 * csp.h); the search runs without the GIL, to a node budget and a deadline.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "csp.h"

PyDoc_STRVAR(solve_doc,
"solve(domains, records, outmap, limit, keep, max_nodes, time_limit)\n"
"--\n\n"
"Count the solutions of a model up to ``limit`` (0: all).\n\n"
"``domains``: one uint32 mask per variable (bit v: value v); ``records``: int32 constraint\n"
"records (type, n, cells, m, data); ``outmap``: int32 per output position, a variable or\n"
"-(constant + 1). ``keep``: solutions returned; ``max_nodes``: branches before giving up\n"
"(0: no cap); ``time_limit``: seconds (negative: none).\n\n"
"Returns (count, complete, timed_out, solutions, nodes, propagations). Raises ValueError\n"
"on a malformed model.");

static int get_buf(PyObject *o, Py_buffer *b, const char *what) {
    if (PyObject_GetBuffer(o, b, PyBUF_SIMPLE) < 0) return 0;
    if (b->len % 4) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes is not a whole number of 32-bit words", what, b->len);
        PyBuffer_Release(b);
        return 0;
    }
    return 1;
}

/* Called from the search (without the GIL) about every 50 ms: take the GIL back, let Python
 * run its signal handlers (Ctrl-C), and release it again. Non-zero: an exception is set. */
static int poll_signals(void *ctx) {
    PyThreadState **ts = ctx;
    PyEval_RestoreThread(*ts);
    int r = PyErr_CheckSignals();
    *ts = PyEval_SaveThread();
    return r != 0;
}

static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *odom, *orec, *omap;
    long long limit, max_nodes;
    int keep;
    double time_limit;
    if (!PyArg_ParseTuple(args, "OOOLiLd", &odom, &orec, &omap, &limit, &keep, &max_nodes, &time_limit)) return NULL;
    if (limit < 0 || keep < 0 || max_nodes < 0) {
        PyErr_SetString(PyExc_ValueError, "limit, keep and max_nodes must not be negative");
        return NULL;
    }
    Py_buffer bd, br, bm;
    if (!get_buf(odom, &bd, "domains")) return NULL;
    if (!get_buf(orec, &br, "records")) { PyBuffer_Release(&bd); return NULL; }
    if (!get_buf(omap, &bm, "outmap")) { PyBuffer_Release(&bd); PyBuffer_Release(&br); return NULL; }
    int nvars = (int)(bd.len / 4), nout = (int)(bm.len / 4);
    const int32_t *outmap = bm.buf;
    PyObject *ret = NULL;
    Csp c;
    const char *err = NULL;
    for (int i = 0; i < nout; i++) {
        if (outmap[i] >= nvars || outmap[i] < -1000000) {
            PyErr_Format(PyExc_ValueError, "outmap[%d] = %d is neither a variable (0..%d) nor a constant", i, outmap[i], nvars - 1);
            goto done;
        }
    }
    if (!csp_load(&c, nvars, bd.buf, br.buf, (long)(br.len / 4), &err)) {
        PyErr_Format(PyExc_ValueError, "malformed model: %s", err);
        goto done;
    }
    {
        int scap = keep < 2 ? keep : 2;
        int32_t *sols = malloc(sizeof(int32_t) * ((size_t)scap * nout + 1));
        CspResult res;
        int fine = 0;
        if (sols) {
            double deadline = time_limit >= 0 ? csp_now() + time_limit : 0;
            PyThreadState *ts = PyEval_SaveThread();
            fine = csp_search(&c, limit, keep, max_nodes, deadline, outmap, nout, &sols, &scap, &res,
                              poll_signals, &ts);
            PyEval_RestoreThread(ts);
        }
        if (!fine) {
            PyErr_NoMemory();
        } else if (res.interrupted) {
            /* the signal's exception (KeyboardInterrupt) is set by PyErr_CheckSignals */
        } else {
            PyObject *lst = PyList_New(res.kept);
            for (int k = 0; lst && k < res.kept; k++) {
                PyObject *t = PyTuple_New(nout);
                if (!t) { Py_CLEAR(lst); break; }
                for (int i = 0; i < nout; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(sols[(size_t)k * nout + i]));
                PyList_SET_ITEM(lst, k, t);
            }
            if (lst) ret = Py_BuildValue("LOONLL", res.count, res.complete ? Py_True : Py_False,
                                         res.timed_out ? Py_True : Py_False, lst, res.nodes, c.props);
        }
        free(sols);
        csp_free(&c);
    }
done:
    PyBuffer_Release(&bd); PyBuffer_Release(&br); PyBuffer_Release(&bm);
    return ret;
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, solve_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "gridsat._csp",
    "A kind-free finite-domain kernel (the 'csp' backend): all-different groups, set tables, "
    "tuple tables and pair tables, propagated to a fixpoint, depth-first search with counting.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__csp(void) {
    PyObject *m = PyModule_Create(&moduledef);
    if (m && (PyModule_AddIntConstant(m, "ALLDIFF", CSP_ALLDIFF) < 0 || PyModule_AddIntConstant(m, "SETS", CSP_SETS) < 0
              || PyModule_AddIntConstant(m, "TABLE", CSP_TABLE) < 0 || PyModule_AddIntConstant(m, "PAIR", CSP_PAIR) < 0)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
