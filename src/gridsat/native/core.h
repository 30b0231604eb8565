/*
 * The shared declarations of the C core gridsat._native: the geometry and helpers
 * (core_base.h), every search (core_impl.h compiled four times, core_band.h, core_x16.h),
 * AnySearch, the one face over them, and the functions core.c defines for the Python-facing
 * parts. core.c, core_batch.h, core_gen.h and core_carve.h include it; each compiles on its
 * own. The core is one translation unit (core.c includes the rest), so every function
 * stays static.
 */
#ifndef GRIDSAT_CORE_H
#define GRIDSAT_CORE_H

#ifndef PY_SSIZE_T_CLEAN
#define PY_SSIZE_T_CLEAN
#endif
#include <Python.h>

#include "core_base.h"

#define MASK_T uint16_t
#define SFX(name) name##16
#include "core_impl.h"
#undef MASK_T
#undef SFX

#define MASK_T uint32_t
#define SFX(name) name##32
#include "core_impl.h"
#undef MASK_T
#undef SFX

/* 9x9 boards (classic or jigsaw) again with the size fixed at compile time */
#define MASK_T uint16_t
#define SFX(name) name##9
#define NFIX 9
#include "core_impl.h"
#undef MASK_T
#undef SFX
#undef NFIX

/* 16x16 boards (classic or jigsaw) with the size fixed at compile time */
#define MASK_T uint16_t
#define SFX(name) name##F16
#define NFIX 16
#include "core_impl.h"
#undef MASK_T
#undef SFX
#undef NFIX

/* the classic 9x9 board as bitboards (the geometry's ``band`` flag) */
#include "core_band.h"
/* the classic 16x16 board as bitboards (the geometry's ``x16`` flag) */
#include "core_x16.h"

/* One search of any kind behind one face. */
typedef struct {
    int wide;  /* 0: 16-bit words, 1: 32-bit words, 2: 9x9, 3: classic 9x9 bitboards, 4: 16x16,
                  5: classic 16x16 bitboards */
    union { Search16 s16; Search32 s32; Search9 s9; BandSearch sb; SearchF16 f16; X16Search x16; } u;
} AnySearch;

#define ANY(a, field) ((a)->wide == 1 ? (a)->u.s32.field : (a)->wide == 3 ? (a)->u.sb.field \
                       : (a)->wide == 5 ? (a)->u.x16.field \
                       : (a)->wide == 2 ? (a)->u.s9.field : (a)->wide == 4 ? (a)->u.f16.field \
                       : (a)->u.s16.field)

/* defined in core.c */
static int any_init(AnySearch *a, const Geo *g, int keep);
static void any_free(AnySearch *a);
static int any_start_ex(AnySearch *a, const uint8_t *givens, uint64_t limit, int ex_cell, int ex_val);
static int any_start(AnySearch *a, const uint8_t *givens, uint64_t limit);
static int any_run(AnySearch *a, double deadline, double slice_end);
static void any_set_cap(AnySearch *a, uint64_t cap);
static Geo *get_geo(PyObject *cap);
static int read_givens(const Geo *g, const uint8_t *buf, Py_ssize_t len, Py_ssize_t expect);
static int run_sliced(AnySearch *a, double deadline, int release);

#endif /* GRIDSAT_CORE_H */
