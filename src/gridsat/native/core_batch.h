/*
 * The batch entry point of the core: many puzzles of one geometry in one call, without the
 * GIL (included by core.c, after the searches and their helpers).
 */
#ifndef GRIDSAT_CORE_BATCH_H
#define GRIDSAT_CORE_BATCH_H

#include "core.h"

/* A new list of the ``k`` numbers of ``xs`` (NULL with an exception set). */
static PyObject *u64_list(const uint64_t *xs, Py_ssize_t k) {
    PyObject *list = PyList_New(k);
    if (!list) return NULL;
    for (Py_ssize_t j = 0; j < k; j++) {
        PyObject *v = PyLong_FromUnsignedLongLong(xs[j]);
        if (!v) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, j, v);
    }
    return list;
}

PyDoc_STRVAR(batch_doc,
"batch(geometry, givens, limit=2, time_limit=-1.0, keep=1, each=False, detail=False, max_nodes=0,\n"
"      columns=False, order=0) -> (counts, flags, solutions, nodes[, nodes_each, seconds])\n\n"
"Run many puzzles of one geometry in one call. ``givens``: ``k * n * n`` bytes, puzzle after\n"
"puzzle. ``counts``: a list of ``k`` counts up to ``limit``; ``flags``: ``k`` bytes, 1 when\n"
"the count is exact, 2 when the time limit stopped that puzzle, 0 when ``limit`` did, 3 when\n"
"``max_nodes`` branches (0: no cap) did;\n"
"``solutions``: ``k * keep * n * n`` bytes, the first ``keep`` solutions of each puzzle\n"
"(zeros where there are fewer). ``time_limit`` is for the whole batch, or for each puzzle\n"
"when ``each``. ``detail`` adds each puzzle's node count (a list) and its seconds (the bytes\n"
"of ``k`` C doubles). ``columns`` gives every per-puzzle answer as an array instead of a list:\n"
"``counts`` as ``k`` bytes (capped at 255) and, with ``detail``, the node counts as the bytes of\n"
"``k`` C uint64. ``order=1``: the classic 9x9 search branches in its counting order (the same\n"
"counts; solutions of a puzzle with several may come in another order). The GIL is released\n"
"while the batch runs.");

static PyObject *py_batch(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"geometry", "givens", "limit", "time_limit", "keep", "each", "detail", "max_nodes", "columns", "order", NULL};
    PyObject *cap;
    Py_buffer buf;
    unsigned long long limit = 2;
    double time_limit = -1.0;
    int keep = 1, each = 0, detail = 0, columns = 0, order = 0;
    unsigned long long max_nodes = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oy*|KdippKpi:batch", kwlist, &cap, &buf, &limit, &time_limit,
                                     &keep, &each, &detail, &max_nodes, &columns, &order))
        return NULL;
    double t0 = now_s();
    Geo *g = get_geo(cap);
    if (!g) { PyBuffer_Release(&buf); return NULL; }
    Py_ssize_t N = g->ncells;
    if (buf.len % N) {
        PyErr_Format(PyExc_ValueError, "%zd bytes is not a whole number of %zd-cell puzzles", buf.len, N);
        PyBuffer_Release(&buf);
        return NULL;
    }
    if (keep < 1) keep = 1;
    if (keep > 64) keep = 64;
    Py_ssize_t k = buf.len / N;
    if (read_givens(g, buf.buf, buf.len, buf.len) < 0) { PyBuffer_Release(&buf); return NULL; }
    uint64_t *cnts = malloc(sizeof(uint64_t) * (size_t)(k + 1));
    uint64_t *nds = malloc(sizeof(uint64_t) * (size_t)(k + 1));
    PyObject *flags = PyBytes_FromStringAndSize(NULL, k);
    PyObject *sols = PyBytes_FromStringAndSize(NULL, k * N * keep);
    PyObject *secs = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)sizeof(double) * k);
    PyObject *counts = NULL, *nlist = NULL, *ret = NULL;
    AnySearch a;
    int have = 0;
    if (!cnts || !nds) { PyErr_NoMemory(); goto done; }
    if (!flags || !sols || !secs) goto done;
    if (any_init(&a, g, keep) < 0) { PyErr_NoMemory(); goto done; }
    have = 1;
    if (a.wide == 3) a.u.sb.counting = order == 1;
    memset(PyBytes_AS_STRING(sols), 0, (size_t)(k * N * keep));
    uint8_t *fl = (uint8_t *)PyBytes_AS_STRING(flags);
    uint8_t *so = (uint8_t *)PyBytes_AS_STRING(sols);
    double *sec = (double *)PyBytes_AS_STRING(secs);
    const uint8_t *in = buf.buf;
    double deadline = time_limit < 0 ? 0.0 : t0 + time_limit;
    double started = 0.0;
    unsigned long long nodes = 0;
    Py_ssize_t i = 0;
    int expired = time_limit == 0.0, resume = 0;
    while (i < k) {
        /* a slice of about 50 ms without the GIL, then a check for signals */
        Py_BEGIN_ALLOW_THREADS
        double t = now_s(), slice_end = t + 0.05;
        for (; i < k; i++) {
            int rc = RUN_TIMEOUT;
            if (!resume) {
                started = t;
                if (each && time_limit > 0) deadline = t + time_limit;
            }
            if (!expired) {
                if (!resume) {
                    any_start(&a, in + i * N, limit);
                    any_set_cap(&a, (uint64_t)max_nodes);
                }
                resume = 0;
                rc = any_run(&a, deadline, slice_end);
                if (rc == RUN_PAUSE && max_nodes && ANY(&a, nodes) >= max_nodes) rc = RUN_BUDGET;
                if (rc == RUN_PAUSE) { resume = 1; break; }
                if (rc == RUN_TIMEOUT && !each) expired = 1;
                uint64_t c = ANY(&a, count);
                nds[i] = ANY(&a, nodes);
                nodes += nds[i];
                cnts[i] = c;
                if (c) memcpy(so + i * N * keep, ANY(&a, sols), (size_t)(N * (c < (uint64_t)keep ? (Py_ssize_t)c : keep)));
            } else {
                cnts[i] = 0;
                nds[i] = 0;
            }
            t = now_s();  /* this puzzle's end, the next one's start */
            sec[i] = t - started;
            fl[i] = rc == RUN_DONE ? 1 : rc == RUN_TIMEOUT ? 2 : rc == RUN_BUDGET ? 3 : 0;
            if ((i & 63) == 63 && t >= slice_end) { i++; break; }
        }
        Py_END_ALLOW_THREADS
        if (PyErr_CheckSignals()) goto done;
    }
    if (columns) {
        counts = PyBytes_FromStringAndSize(NULL, k);
        if (!counts) goto done;
        uint8_t *cb = (uint8_t *)PyBytes_AS_STRING(counts);
        for (Py_ssize_t j = 0; j < k; j++) cb[j] = (uint8_t)(cnts[j] > 255 ? 255 : cnts[j]);
    } else {
        counts = u64_list(cnts, k);
    }
    if (!counts) goto done;
    if (detail) {
        nlist = columns ? PyBytes_FromStringAndSize((const char *)nds, (Py_ssize_t)sizeof(uint64_t) * k)
                        : u64_list(nds, k);
        if (!nlist) goto done;
        ret = Py_BuildValue("(OOOKOO)", counts, flags, sols, nodes, nlist, secs);
    } else {
        ret = Py_BuildValue("(OOOK)", counts, flags, sols, nodes);
    }
done:
    if (have) any_free(&a);
    free(cnts);
    free(nds);
    PyBuffer_Release(&buf);
    Py_XDECREF(counts); Py_XDECREF(nlist); Py_XDECREF(flags); Py_XDECREF(sols); Py_XDECREF(secs);
    return ret;
}

PyDoc_STRVAR(pack_doc,
"pack(puzzles, cells) -> bytes\n\n"
"The givens of many puzzles end to end, one byte a cell, as :func:`batch` takes them:\n"
"``puzzles`` is a sequence of puzzles, each a tuple or list of ``cells`` whole numbers\n"
"0-255 or ``cells`` bytes. The same bytes as ``b\"\".join(bytes(p) for p in puzzles)``, without\n"
"a Python object a puzzle.");

static PyObject *py_pack(PyObject *self, PyObject *args) {
    PyObject *seq;
    Py_ssize_t cells;
    if (!PyArg_ParseTuple(args, "On:pack", &seq, &cells)) return NULL;
    if (cells < 0) { PyErr_SetString(PyExc_ValueError, "cells must be >= 0"); return NULL; }
    PyObject *fast = PySequence_Fast(seq, "pack takes a sequence of puzzles");
    if (!fast) return NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
    PyObject *out = PyBytes_FromStringAndSize(NULL, k * cells);
    if (!out) { Py_DECREF(fast); return NULL; }
    uint8_t *o = (uint8_t *)PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < k; i++, o += cells) {
        PyObject *p = PySequence_Fast_GET_ITEM(fast, i);
        if (PyBytes_Check(p)) {
            if (PyBytes_GET_SIZE(p) != cells) goto wrong_size;
            memcpy(o, PyBytes_AS_STRING(p), (size_t)cells);
            continue;
        }
        if (!PyTuple_Check(p) && !PyList_Check(p)) {
            PyErr_Format(PyExc_TypeError, "puzzle %zd is a %.100s, not a tuple, list or bytes", i, Py_TYPE(p)->tp_name);
            goto fail;
        }
        if (PySequence_Fast_GET_SIZE(p) != cells) goto wrong_size;
        PyObject **items = PySequence_Fast_ITEMS(p);
        for (Py_ssize_t j = 0; j < cells; j++) {
            long v = PyLong_AsLong(items[j]);
            if (v == -1 && PyErr_Occurred()) goto fail;
            if (v < 0 || v > 255) {
                PyErr_Format(PyExc_ValueError, "puzzle %zd, cell %zd: %ld is not a byte", i, j, v);
                goto fail;
            }
            o[j] = (uint8_t)v;
        }
        continue;
    wrong_size:
        PyErr_Format(PyExc_ValueError, "puzzle %zd has %zd cells, not %zd", i, PySequence_Size(p), cells);
        goto fail;
    }
    Py_DECREF(fast);
    return out;
fail:
    Py_DECREF(fast);
    Py_DECREF(out);
    return NULL;
}

#endif /* GRIDSAT_CORE_BATCH_H */
