/* The GEMM engine's indirect products (gemm_indirect.h): the portable microkernels, the choice of
 * the ISA's microkernels, and the panel packing. The vector microkernels are in
 * gemm_indirect_x86.c. */
#include <string.h>

#include "gemm_engine.h"
#include "gemm_indirect.h"
#include "gemm_indirect_internal.h"

/* ---- portable microkernels: 4 rows x 16 columns ------------------------------------------- */

#define PORT_NR 16
#define CB PYDML_IGEMM_CB
static inline __attribute__((always_inline)) void ukr_portable_body(
    const float* in, int64_t cb_stride, uint32_t cin, const int64_t* in_off, const uint32_t* tap,
    uint32_t nv, uint32_t T, const float* w, const float* bias, const float* rbias, float* tile, const uint32_t MR) {
    float acc[4][PORT_NR];
    for (uint32_t t = 0; t < MR; t++)
        for (uint32_t j = 0; j < PORT_NR; j++) acc[t][j] = bias[j] + rbias[t];
    for (uint32_t c0 = 0; c0 < cin; c0 += CB) {
        uint32_t cnt = cin - c0 < CB ? cin - c0 : CB;
        const float* inb = in + (int64_t)(c0 / CB) * cb_stride;
        const float* wb = w + (size_t)c0 * T * PORT_NR;
        for (uint32_t v = 0; v < nv; v++) {
            const float* x = inb + in_off[v];
            const float* ww = wb + (size_t)tap[v] * cnt * PORT_NR;
            for (uint32_t ic = 0; ic < cnt; ic++, x++, ww += PORT_NR)
                for (uint32_t t = 0; t < MR; t++) {
                    float b = x[t * CB];
                    for (uint32_t j = 0; j < PORT_NR; j++) acc[t][j] += b * ww[j];
                }
        }
    }
    for (uint32_t t = 0; t < MR; t++)
        for (uint32_t j = 0; j < PORT_NR; j++) tile[t * PORT_NR + j] = acc[t][j];
}
#define DEFINE_PORTABLE_UKR(MR)                                                                         \
    static void ukr_portable_##MR(const float* in, int64_t cb_stride, uint32_t cin, const int64_t* in_off, \
                                  const uint32_t* tap, uint32_t nv, uint32_t T, const float* w,         \
                                  const float* bias, const float* rbias, float* tile) {                 \
        ukr_portable_body(in, cb_stride, cin, in_off, tap, nv, T, w, bias, rbias, tile, MR);            \
    }
DEFINE_PORTABLE_UKR(1)
DEFINE_PORTABLE_UKR(2)
DEFINE_PORTABLE_UKR(3)
DEFINE_PORTABLE_UKR(4)

static void isa_portable(pydml_igemm_isa* k) {
    memset(k, 0, sizeof *k);
    k->level = PYDML_IGEMM_PORTABLE;
    k->nr = PORT_NR;
    k->mr_max = 4;
    k->ukr[1] = ukr_portable_1;
    k->ukr[2] = ukr_portable_2;
    k->ukr[3] = ukr_portable_3;
    k->ukr[4] = ukr_portable_4;
}

void pydml_igemm_choose(pydml_igemm_isa* k, int wide16, int want_bf16pairs) {
    const uint32_t f = pydml_active_cpu_features();
    isa_portable(k);
    if (f & PYDML_CPU_AVX512) {
        pydml_igemm_isa v = *k;
        if (pydml_igemm_isa_avx512(&v, wide16 ? 16 : 32)) {
            if (want_bf16pairs && (f & PYDML_CPU_AVX512_BF16)) pydml_igemm_isa_avx512_bf16(&v);
            *k = v;
            return;
        }
    }
    if ((f & PYDML_CPU_AVX2_FMA) && (f & PYDML_CPU_F16C)) {
        pydml_igemm_isa v = *k;
        if (pydml_igemm_isa_avx2(&v)) *k = v;
    }
}

/* ---- packing ------------------------------------------------------------------------------- */

float* pydml_igemm_pack_block(float* d, uint32_t NR, uint32_t nr, uint32_t cnt, const void* b, uint32_t type,
                              int64_t b_rs, int64_t b_cs, int bf16pairs) {
    if (!bf16pairs) {
        pydml_gemm_pack_b_panel(d, NR, nr, cnt, b, type, b_rs, b_cs); /* gemm.c's [k][NR] rows */
        return d + (size_t)cnt * NR;
    }
    /* bf16 pairs: row i of the block goes to the low (even i) or high (odd i) half of dword j of
     * pair row i / 2; a zero high half after an odd count */
    uint16_t* d16 = (uint16_t*)d;
    const uint16_t* s16 = b;
    for (uint32_t i = 0; i < cnt; i++) {
        const uint16_t* si = s16 + (int64_t)i * b_rs;
        uint16_t* o = d16 + (size_t)(i / 2) * NR * 2 + (i & 1);
        for (uint32_t j = 0; j < nr; j++) o[2 * j] = si[(int64_t)j * b_cs];
        for (uint32_t j = nr; j < NR; j++) o[2 * j] = 0;
    }
    if (cnt & 1)
        for (uint32_t j = 0; j < NR; j++) d16[(size_t)(cnt / 2) * NR * 2 + 2 * j + 1] = 0;
    return d + (size_t)cnt * NR;
}
