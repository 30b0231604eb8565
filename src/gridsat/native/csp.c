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

PyDoc_STRVAR(arith_tuples_doc,
"arith_tuples(n, op, target, clash, limit, max_steps)\n"
"--\n\n"
"The tuples of values 1..n (n <= 31), one per cell, whose sum (``op`` 0) or product (``op`` 1)\n"
"is ``target`` (0 <= target < 2**62), where each cell differs from the earlier cells listed\n"
"for it in ``clash`` (one sequence of indices per cell), in lexicographic order.\n\n"
"Returns (status, steps, tuples, flat): status 0 when listed, 1 when the search passed\n"
"``max_steps`` steps, 2 when it found more than ``limit`` tuples (then ``tuples`` and\n"
"``flat`` are None); ``flat`` holds the tuples' values one after another as 32-bit words\n"
"(a TABLE record's data).");

static PyObject *py_arith_tuples(PyObject *self, PyObject *args) {
    int n, op;
    long long target, limit, max_steps;
    PyObject *oclash;
    if (!PyArg_ParseTuple(args, "iiLOLL", &n, &op, &target, &oclash, &limit, &max_steps)) return NULL;
    if (n < 1 || n > 31 || (op != CSP_SUM && op != CSP_PRODUCT) || target < 0 || target >= (1LL << 62)
        || limit < 0 || max_steps < 0) {
        PyErr_SetString(PyExc_ValueError, "arith_tuples: n must be 1..31, op 0 or 1, target 0..2**62-1, "
                        "limit and max_steps not negative");
        return NULL;
    }
    PyObject *cl = PySequence_Fast(oclash, "clash must be a sequence of sequences");
    if (!cl) return NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(cl);
    if (k < 1 || k > 4096) { Py_DECREF(cl); PyErr_SetString(PyExc_ValueError, "arith_tuples: 1..4096 cells"); return NULL; }
    int32_t *cstart = malloc(sizeof(int32_t) * (k + 1));
    int *vals = calloc(k, sizeof(int));
    int32_t *clist = NULL; size_t ccap = 0, cn = 0;
    PyObject *ret = NULL;
    CspArith e;
    memset(&e, 0, sizeof e);
    if (!cstart || !vals) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t i = 0; i < k; i++) {
        cstart[i] = (int32_t)cn;
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(cl, i), "clash must be a sequence of sequences");
        if (!row) goto done;
        Py_ssize_t m = PySequence_Fast_GET_SIZE(row);
        for (Py_ssize_t j = 0; j < m; j++) {
            long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, j));
            if (x == -1 && PyErr_Occurred()) { Py_DECREF(row); goto done; }
            if (x < 0 || x >= i) {
                Py_DECREF(row);
                PyErr_Format(PyExc_ValueError, "arith_tuples: cell %zd clashes with %ld, not an earlier cell", i, x);
                goto done;
            }
            if (cn == ccap) {
                ccap = ccap ? ccap * 2 : 64;
                int32_t *c2 = realloc(clist, sizeof(int32_t) * ccap);
                if (!c2) { Py_DECREF(row); PyErr_NoMemory(); goto done; }
                clist = c2;
            }
            clist[cn++] = (int32_t)x;
        }
        Py_DECREF(row);
    }
    cstart[k] = (int32_t)cn;
    e.k = (int)k; e.n = n; e.op = op; e.cstart = cstart; e.clist = clist ? clist : cstart;
    e.limit = limit; e.max_steps = max_steps; e.vals = vals;
    Py_BEGIN_ALLOW_THREADS
    csp_arith_go(&e, 0, target);
    Py_END_ALLOW_THREADS
    if (e.status == CSP_ARITH_NOMEM) { PyErr_NoMemory(); goto done; }
    if (e.status != CSP_ARITH_OK) {
        ret = Py_BuildValue("iLOO", e.status, e.steps, Py_None, Py_None);
        goto done;
    }
    {
        Py_ssize_t nt = (Py_ssize_t)e.count;
        PyObject *tups = PyTuple_New(nt);
        if (!tups) goto done;
        for (Py_ssize_t t = 0; t < nt; t++) {
            PyObject *tup = PyTuple_New(k);
            if (!tup) { Py_DECREF(tups); goto done; }
            for (Py_ssize_t i = 0; i < k; i++) {
                PyObject *v = PyLong_FromLong(e.out[t * k + i]);
                if (!v) { Py_DECREF(tup); Py_DECREF(tups); goto done; }
                PyTuple_SET_ITEM(tup, i, v);
            }
            PyTuple_SET_ITEM(tups, t, tup);
        }
        PyObject *flat = PyBytes_FromStringAndSize((const char *)e.out, (Py_ssize_t)(sizeof(int32_t) * e.nout));
        if (!flat) { Py_DECREF(tups); goto done; }
        ret = Py_BuildValue("iLNN", 0, e.steps, tups, flat);
    }
done:
    Py_DECREF(cl);
    free(cstart); free(vals); free(clist); free(e.out);
    return ret;
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, solve_doc},
    {"arith_tuples", py_arith_tuples, METH_VARARGS, arith_tuples_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "gridsat._csp",
    "A kind-free finite-domain kernel (the 'csp' backend): all-different groups, set tables, "
    "tuple tables and pair tables, propagated to a fixpoint, depth-first search with counting; "
    "and the tuples of a sum or a product listed.",
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
