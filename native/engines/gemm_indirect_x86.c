/* AVX-512, AVX512-BF16 and AVX2 microkernels of the GEMM engine's indirect products
 * (gemm_indirect.h describes the product, the indirection and the panels). Each function carries
 * its own target attribute; gemm_indirect.c installs them only after checking
 * pydml_active_cpu_features(). Results equal the portable kernels' up to FMA rounding. */
#include <string.h>

#include "gemm_indirect_internal.h"

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>

#include "clamp_x86.h"

#define T512 __attribute__((target("avx512f,avx512bw,avx512vl,fma,f16c")))
#define T256 __attribute__((target("avx2,fma,f16c")))
#define INLINE static inline __attribute__((always_inline))

/* ---- AVX-512 -------------------------------------------------------------------------------- */

/* The pixel-offset kernels' activation rows (PX): tile row t's 16 channels of a (channel block, tap)
 * copied from x + pix[t] to buf + 16 t, so the FMA loop reads every row at a constant offset from
 * one register, as the plain kernels do (14 pointers would not fit the 15 usable registers). A
 * copy per 16 channels x 28 (or 14) FMAs per row: the load and store ports are otherwise idle. */
INLINE T512 const float* px512_rows(float* buf, const float* x, const int64_t* pix, const int MR) {
    _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) _mm512_store_ps(buf + t * 16, _mm512_load_ps(x + pix[t]));
    return buf;
}

/* Rows t < MR of NR (16 or 32) floats from a0[t] (and a1[t]) to st->out + t * st->ldo, clamped. */
#define ST512_ROWS(st, MR, NR, a0, a1, MODE)                                                           \
    do {                                                                                               \
        const __m512 lo_ = _mm512_set1_ps((st)->lo), hi_ = _mm512_set1_ps((st)->hi);                   \
        _Pragma("GCC unroll 14") for (int t = 0; t < (MR); t++) {                                       \
            float* row_ = (st)->out + (int64_t)t * (st)->ldo;                                          \
            _mm512_storeu_ps(row_, pydml_clamp512(a0[t], (MODE), lo_, hi_));                           \
            if ((NR) == 32) _mm512_storeu_ps(row_ + 16, pydml_clamp512(a1[t], (MODE), lo_, hi_));      \
        }                                                                                              \
    } while (0)

/* The direct store (gemm_indirect.h pydml_igemm_store): the clamp's mode a constant in each case. */
#define ST512_STORE(st, MR, NR, a0, a1)                                                                \
    do {                                                                                               \
        switch ((st)->clamp) {                                                                         \
        case PYDML_IGEMM_CLAMP_RELU: ST512_ROWS(st, MR, NR, a0, a1, PYDML_IGEMM_CLAMP_RELU); break;     \
        case PYDML_IGEMM_CLAMP_CLIP: ST512_ROWS(st, MR, NR, a0, a1, PYDML_IGEMM_CLAMP_CLIP); break;     \
        case PYDML_IGEMM_CLAMP_CLIP1: ST512_ROWS(st, MR, NR, a0, a1, PYDML_IGEMM_CLAMP_CLIP1); break;   \
        default: ST512_ROWS(st, MR, NR, a0, a1, PYDML_IGEMM_CLAMP_NONE); break;                         \
        }                                                                                              \
    } while (0)

/* Indirect microkernel, 32 output channels (two zmm) x MR pixels; bias NULL continues the sum
 * from the tile (pydml_igemm_isa.chunk_bytes); PX: row t's pixel at in + pix[t]. */
INLINE T512 void uk512_32_body(const float* in, const int64_t* pix, int64_t cb_stride, uint32_t cin,
                               const int64_t* in_off, const uint32_t* tap, uint32_t nv, uint32_t T, const float* w,
                               const float* bias, const float* rbias, float* tile, const pydml_igemm_store* st,
                               const int MR, const int PX, const int ST) {
    __m512 a0[PYDML_IGEMM_MR_MAX], a1[PYDML_IGEMM_MR_MAX];
    __attribute__((aligned(64))) float buf[PX ? PYDML_IGEMM_MR_MAX * 16 : 16];
    if (!ST && bias == NULL) {
        _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) {
            a0[t] = _mm512_load_ps(tile + t * 32);
            a1[t] = _mm512_load_ps(tile + t * 32 + 16);
        }
    } else {
        const __m512 b0 = _mm512_loadu_ps(bias), b1 = _mm512_loadu_ps(bias + 16);
        _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) {
            const __m512 r = _mm512_set1_ps(rbias[t]);
            a0[t] = _mm512_add_ps(b0, r);
            a1[t] = _mm512_add_ps(b1, r);
        }
    }
    for (uint32_t c0 = 0; c0 < cin; c0 += PYDML_IGEMM_CB) {
        const uint32_t cnt = cin - c0 < PYDML_IGEMM_CB ? cin - c0 : PYDML_IGEMM_CB;
        const float* inb = in + (int64_t)(c0 / PYDML_IGEMM_CB) * cb_stride;
        const int64_t bs = ST && st->ldb ? st->ldb : 32; /* B row step: packed, or in place */
        const float* wb = w + (int64_t)c0 * T * bs;
        for (uint32_t v = 0; v < nv; v++) {
            const float* x = PX ? px512_rows(buf, inb + in_off[v], pix, MR) : inb + in_off[v];
            const float* ww = wb + (int64_t)tap[v] * cnt * bs;
            for (uint32_t ic = 0; ic < cnt; ic++) {
                const __m512 w0 = ST ? _mm512_loadu_ps(ww) : _mm512_load_ps(ww);
                const __m512 w1 = ST ? _mm512_loadu_ps(ww + 16) : _mm512_load_ps(ww + 16);
                ww += bs;
                _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) {
                    const __m512 b = _mm512_set1_ps(x[t * PYDML_IGEMM_CB]);
                    a0[t] = _mm512_fmadd_ps(b, w0, a0[t]);
                    a1[t] = _mm512_fmadd_ps(b, w1, a1[t]);
                }
                x++;
            }
        }
    }
    if (ST) {
        ST512_STORE(st, MR, 32, a0, a1);
        return;
    }
    _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) {
        _mm512_store_ps(tile + t * 32, a0[t]);
        _mm512_store_ps(tile + t * 32 + 16, a1[t]);
    }
}

/* Indirect microkernel, 16 output channels (one zmm) x MR pixels (bias NULL, PX: as above). */
INLINE T512 void uk512_16_body(const float* in, const int64_t* pix, int64_t cb_stride, uint32_t cin,
                               const int64_t* in_off, const uint32_t* tap, uint32_t nv, uint32_t T, const float* w,
                               const float* bias, const float* rbias, float* tile, const pydml_igemm_store* st,
                               const int MR, const int PX, const int ST) {
    __m512 a0[PYDML_IGEMM_MR_MAX];
    __attribute__((aligned(64))) float buf[PX ? PYDML_IGEMM_MR_MAX * 16 : 16];
    if (!ST && bias == NULL) {
        _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) a0[t] = _mm512_load_ps(tile + t * 16);
    } else {
        const __m512 b0 = _mm512_loadu_ps(bias);
        _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) a0[t] = _mm512_add_ps(b0, _mm512_set1_ps(rbias[t]));
    }
    for (uint32_t c0 = 0; c0 < cin; c0 += PYDML_IGEMM_CB) {
        const uint32_t cnt = cin - c0 < PYDML_IGEMM_CB ? cin - c0 : PYDML_IGEMM_CB;
        const float* inb = in + (int64_t)(c0 / PYDML_IGEMM_CB) * cb_stride;
        const int64_t bs = ST && st->ldb ? st->ldb : 16;
        const float* wb = w + (int64_t)c0 * T * bs;
        for (uint32_t v = 0; v < nv; v++) {
            const float* x = PX ? px512_rows(buf, inb + in_off[v], pix, MR) : inb + in_off[v];
            const float* ww = wb + (int64_t)tap[v] * cnt * bs;
            for (uint32_t ic = 0; ic < cnt; ic++) {
                const __m512 w0 = ST ? _mm512_loadu_ps(ww) : _mm512_load_ps(ww);
                ww += bs;
                _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++)
                    a0[t] = _mm512_fmadd_ps(_mm512_set1_ps(x[t * PYDML_IGEMM_CB]), w0, a0[t]);
                x++;
            }
        }
    }
    if (ST) {
        ST512_STORE(st, MR, 16, a0, a0);
        return;
    }
    _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) _mm512_store_ps(tile + t * 16, a0[t]);
}

#define DEFINE_UK(NAME, BODY, MR)                                                                     \
    static void NAME##_##MR(const float* in, int64_t cb_stride, uint32_t cin, const int64_t* in_off, \
                            const uint32_t* tap, uint32_t nv, uint32_t T, const float* w, const float* bias, \
                            const float* rbias, float* tile) {                                        \
        BODY(in, cb_stride, cin, in_off, tap, nv, T, w, bias, rbias, tile, MR);                       \
    }
#define DEFINE_UK14(NAME, BODY, ATTR)                                                                 \
    ATTR DEFINE_UK(NAME, BODY, 1) ATTR DEFINE_UK(NAME, BODY, 2) ATTR DEFINE_UK(NAME, BODY, 3)         \
    ATTR DEFINE_UK(NAME, BODY, 4) ATTR DEFINE_UK(NAME, BODY, 5) ATTR DEFINE_UK(NAME, BODY, 6)         \
    ATTR DEFINE_UK(NAME, BODY, 7) ATTR DEFINE_UK(NAME, BODY, 8) ATTR DEFINE_UK(NAME, BODY, 9)         \
    ATTR DEFINE_UK(NAME, BODY, 10) ATTR DEFINE_UK(NAME, BODY, 11) ATTR DEFINE_UK(NAME, BODY, 12)      \
    ATTR DEFINE_UK(NAME, BODY, 13) ATTR DEFINE_UK(NAME, BODY, 14)

/* The AVX-512 float kernels of each MR: plain (PX 0) and pixel-offset (PX 1). */
#define DEFINE_UK512(NAME, BODY, MR)                                                                    \
    static T512 void NAME##_##MR(const float* in, int64_t cb_stride, uint32_t cin, const int64_t* in_off,  \
                                 const uint32_t* tap, uint32_t nv, uint32_t T, const float* w,            \
                                 const float* bias, const float* rbias, float* tile) {                    \
        BODY(in, NULL, cb_stride, cin, in_off, tap, nv, T, w, bias, rbias, tile, NULL, MR, 0, 0);            \
    }                                                                                                    \
    static T512 void NAME##px_##MR(const float* in, const int64_t* pix, int64_t cb_stride, uint32_t cin,   \
                                   const int64_t* in_off, const uint32_t* tap, uint32_t nv, uint32_t T,    \
                                   const float* w, const float* bias, const float* rbias, float* tile) {   \
        BODY(in, pix, cb_stride, cin, in_off, tap, nv, T, w, bias, rbias, tile, NULL, MR, 1, 0);             \
    }                                                                                                    \
    static T512 void NAME##st_##MR(const float* in, int64_t cb_stride, uint32_t cin, const int64_t* in_off, \
                                   const uint32_t* tap, uint32_t nv, uint32_t T, const float* w,          \
                                   const float* bias, const float* rbias, const pydml_igemm_store* st) {  \
        BODY(in, NULL, cb_stride, cin, in_off, tap, nv, T, w, bias, rbias, NULL, st, MR, 0, 1);              \
    }
#define DEFINE_UK512_14(NAME, BODY)                                                                      \
    DEFINE_UK512(NAME, BODY, 1) DEFINE_UK512(NAME, BODY, 2) DEFINE_UK512(NAME, BODY, 3)        \
    DEFINE_UK512(NAME, BODY, 4) DEFINE_UK512(NAME, BODY, 5) DEFINE_UK512(NAME, BODY, 6)        \
    DEFINE_UK512(NAME, BODY, 7) DEFINE_UK512(NAME, BODY, 8) DEFINE_UK512(NAME, BODY, 9)        \
    DEFINE_UK512(NAME, BODY, 10) DEFINE_UK512(NAME, BODY, 11) DEFINE_UK512(NAME, BODY, 12)     \
    DEFINE_UK512(NAME, BODY, 13) DEFINE_UK512(NAME, BODY, 14)

DEFINE_UK512_14(uk512_32, uk512_32_body)
DEFINE_UK512_14(uk512_16, uk512_16_body)

int pydml_igemm_isa_avx512(pydml_igemm_isa* k, uint32_t nr) {
    if (nr != 16 && nr != 32) return 0;
    memset(k, 0, sizeof *k);
    k->level = PYDML_IGEMM_AVX512;
    k->nr = nr;
    k->mr_max = PYDML_IGEMM_MR_MAX;
    if (nr == 32) {
        pydml_igemm_ukernel t[] = {NULL, uk512_32_1, uk512_32_2, uk512_32_3, uk512_32_4, uk512_32_5,
                                   uk512_32_6, uk512_32_7, uk512_32_8, uk512_32_9, uk512_32_10,
                                   uk512_32_11, uk512_32_12, uk512_32_13, uk512_32_14};
        memcpy(k->ukr, t, sizeof t);
        pydml_igemm_ukernel_px px[] = {NULL, uk512_32px_1, uk512_32px_2, uk512_32px_3, uk512_32px_4,
                                       uk512_32px_5, uk512_32px_6, uk512_32px_7, uk512_32px_8, uk512_32px_9,
                                       uk512_32px_10, uk512_32px_11, uk512_32px_12, uk512_32px_13, uk512_32px_14};
        memcpy(k->ukpx, px, sizeof px);
        pydml_igemm_ukernel_st st[] = {NULL, uk512_32st_1, uk512_32st_2, uk512_32st_3, uk512_32st_4,
                                       uk512_32st_5, uk512_32st_6, uk512_32st_7, uk512_32st_8, uk512_32st_9,
                                       uk512_32st_10, uk512_32st_11, uk512_32st_12, uk512_32st_13, uk512_32st_14};
        memcpy(k->ukst, st, sizeof st);
    } else {
        pydml_igemm_ukernel t[] = {NULL, uk512_16_1, uk512_16_2, uk512_16_3, uk512_16_4, uk512_16_5,
                                   uk512_16_6, uk512_16_7, uk512_16_8, uk512_16_9, uk512_16_10,
                                   uk512_16_11, uk512_16_12, uk512_16_13, uk512_16_14};
        memcpy(k->ukr, t, sizeof t);
        pydml_igemm_ukernel_px px[] = {NULL, uk512_16px_1, uk512_16px_2, uk512_16px_3, uk512_16px_4,
                                       uk512_16px_5, uk512_16px_6, uk512_16px_7, uk512_16px_8, uk512_16px_9,
                                       uk512_16px_10, uk512_16px_11, uk512_16px_12, uk512_16px_13, uk512_16px_14};
        memcpy(k->ukpx, px, sizeof px);
        pydml_igemm_ukernel_st st[] = {NULL, uk512_16st_1, uk512_16st_2, uk512_16st_3, uk512_16st_4,
                                       uk512_16st_5, uk512_16st_6, uk512_16st_7, uk512_16st_8, uk512_16st_9,
                                       uk512_16st_10, uk512_16st_11, uk512_16st_12, uk512_16st_13, uk512_16st_14};
        memcpy(k->ukst, st, sizeof st);
    }
    /* Zen 4's L1d is 32 KiB, like Zen 3's: the AVX2 kernels' chunk budget (the convolution chunks
     * only rows narrower than a tile on this path: convolution.c dense_item) */
    k->chunk_bytes = 24 * 1024;
    return 1;
}

/* ---- AVX512-BF16 microkernels (bf16 tensors only) --------------------------------------------- */

#define T512BF __attribute__((target("avx512f,avx512bw,avx512vl,avx512bf16,fma,f16c")))

/* The layout is the float one (same float offsets), but each 16-channel block holds bf16 pairs:
 * a packed pixel's first 8 dwords are channels (2i, 2i + 1) as (low, high) halves, and a weight
 * panel row of a pair is nr dwords holding (w[2i][j], w[2i + 1][j]). An odd channel count has a
 * zero channel (input and weight) appended. vdpbf16ps multiplies the bf16 pairs exactly (8-bit x
 * 8-bit significands fit f32) and adds both products into f32 accumulators, so the sums are bf16
 * products accumulated in f32: the semantics of oneDNN's and PyTorch's bf16 convolutions. Versus
 * the convert-to-f32 path only the summation order differs, and the instruction treats denormal
 * inputs and results as zero (it ignores MXCSR). */
INLINE T512BF void ukbf_32_body(const float* in, int64_t cb_stride, uint32_t cin, const int64_t* in_off,
                                const uint32_t* tap, uint32_t nv, uint32_t T, const float* w, const float* bias,
                                const float* rbias, float* tile, const int MR) {
    __m512 a0[PYDML_IGEMM_MR_MAX], a1[PYDML_IGEMM_MR_MAX];
    const __m512 b0 = _mm512_loadu_ps(bias), b1 = _mm512_loadu_ps(bias + 16);
    _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) {
        const __m512 r = _mm512_set1_ps(rbias[t]);
        a0[t] = _mm512_add_ps(b0, r);
        a1[t] = _mm512_add_ps(b1, r);
    }
    for (uint32_t c0 = 0; c0 < cin; c0 += PYDML_IGEMM_CB) {
        const uint32_t cnt = cin - c0 < PYDML_IGEMM_CB ? cin - c0 : PYDML_IGEMM_CB, npair = (cnt + 1) / 2;
        const float* inb = in + (int64_t)(c0 / PYDML_IGEMM_CB) * cb_stride;
        const float* wb = w + (size_t)c0 * T * 32;
        for (uint32_t v = 0; v < nv; v++) {
            const int32_t* x = (const int32_t*)(inb + in_off[v]);
            const float* ww = wb + (size_t)tap[v] * cnt * 32;
            for (uint32_t ip = 0; ip < npair; ip++) {
                const __m512bh w0 = (__m512bh)_mm512_load_si512(ww), w1 = (__m512bh)_mm512_load_si512(ww + 16);
                ww += 32;
                _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) {
                    const __m512bh b = (__m512bh)_mm512_set1_epi32(x[t * PYDML_IGEMM_CB]);
                    a0[t] = _mm512_dpbf16_ps(a0[t], b, w0);
                    a1[t] = _mm512_dpbf16_ps(a1[t], b, w1);
                }
                x++;
            }
        }
    }
    _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) {
        _mm512_store_ps(tile + t * 32, a0[t]);
        _mm512_store_ps(tile + t * 32 + 16, a1[t]);
    }
}

INLINE T512BF void ukbf_16_body(const float* in, int64_t cb_stride, uint32_t cin, const int64_t* in_off,
                                const uint32_t* tap, uint32_t nv, uint32_t T, const float* w, const float* bias,
                                const float* rbias, float* tile, const int MR) {
    __m512 a0[PYDML_IGEMM_MR_MAX];
    const __m512 b0 = _mm512_loadu_ps(bias);
    _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) a0[t] = _mm512_add_ps(b0, _mm512_set1_ps(rbias[t]));
    for (uint32_t c0 = 0; c0 < cin; c0 += PYDML_IGEMM_CB) {
        const uint32_t cnt = cin - c0 < PYDML_IGEMM_CB ? cin - c0 : PYDML_IGEMM_CB, npair = (cnt + 1) / 2;
        const float* inb = in + (int64_t)(c0 / PYDML_IGEMM_CB) * cb_stride;
        const float* wb = w + (size_t)c0 * T * 16;
        for (uint32_t v = 0; v < nv; v++) {
            const int32_t* x = (const int32_t*)(inb + in_off[v]);
            const float* ww = wb + (size_t)tap[v] * cnt * 16;
            for (uint32_t ip = 0; ip < npair; ip++) {
                const __m512bh w0 = (__m512bh)_mm512_load_si512(ww);
                ww += 16;
                _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++)
                    a0[t] = _mm512_dpbf16_ps(a0[t], (__m512bh)_mm512_set1_epi32(x[t * PYDML_IGEMM_CB]), w0);
                x++;
            }
        }
    }
    _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) _mm512_store_ps(tile + t * 16, a0[t]);
}

DEFINE_UK14(ukbf_32, ukbf_32_body, T512BF)
DEFINE_UK14(ukbf_16, ukbf_16_body, T512BF)

int pydml_igemm_isa_avx512_bf16(pydml_igemm_isa* k) {
    if (k->level != PYDML_IGEMM_AVX512 || k->mr_max != PYDML_IGEMM_MR_MAX || (k->nr != 16 && k->nr != 32)) return 0;
    if (k->nr == 32) {
        pydml_igemm_ukernel t[] = {NULL, ukbf_32_1, ukbf_32_2, ukbf_32_3, ukbf_32_4, ukbf_32_5,
                                   ukbf_32_6, ukbf_32_7, ukbf_32_8, ukbf_32_9, ukbf_32_10,
                                   ukbf_32_11, ukbf_32_12, ukbf_32_13, ukbf_32_14};
        memcpy(k->ukr, t, sizeof t);
    } else {
        pydml_igemm_ukernel t[] = {NULL, ukbf_16_1, ukbf_16_2, ukbf_16_3, ukbf_16_4, ukbf_16_5,
                                   ukbf_16_6, ukbf_16_7, ukbf_16_8, ukbf_16_9, ukbf_16_10,
                                   ukbf_16_11, ukbf_16_12, ukbf_16_13, ukbf_16_14};
        memcpy(k->ukr, t, sizeof t);
    }
    k->bf16pairs = 1;
    /* the bf16-pair kernels start every sum from the bias (no continuation, no pixel offsets) */
    k->chunk_bytes = 0;
    memset(k->ukpx, 0, sizeof k->ukpx);
    memset(k->ukst, 0, sizeof k->ukst);
    return 1;
}

/* ---- AVX2 ----------------------------------------------------------------------------------- */

/* Rows t < MR of 16 floats from a0[t], a1[t] to st->out + t * st->ldo, clamped. */
#define ST256_ROWS(st, MR, a0, a1, MODE)                                                               \
    do {                                                                                               \
        const __m256 lo_ = _mm256_set1_ps((st)->lo), hi_ = _mm256_set1_ps((st)->hi);                   \
        _Pragma("GCC unroll 6") for (int t = 0; t < (MR); t++) {                                        \
            float* row_ = (st)->out + (int64_t)t * (st)->ldo;                                          \
            _mm256_storeu_ps(row_, pydml_clamp256(a0[t], (MODE), lo_, hi_));                           \
            _mm256_storeu_ps(row_ + 8, pydml_clamp256(a1[t], (MODE), lo_, hi_));                       \
        }                                                                                              \
    } while (0)

/* Indirect microkernel, 16 output channels (two ymm) x MR (<= 6) pixels. */
INLINE T256 void uk256_16_body(const float* in, const int64_t* pix, int64_t cb_stride, uint32_t cin,
                               const int64_t* in_off, const uint32_t* tap, uint32_t nv, uint32_t T, const float* w,
                               const float* bias, const float* rbias, float* tile, const pydml_igemm_store* st,
                               const int MR, const int PX, const int ST) {
    __m256 a0[6], a1[6];
    int64_t po[6]; /* tile row t's pixel: t * 16 floats after `in`, or pix[t] (the _px kernels) */
    _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) po[t] = PX ? pix[t] : (int64_t)t * PYDML_IGEMM_CB;
    if (!ST && bias == NULL) { /* continue a sum (pydml_igemm_isa.chunk_bytes) */
        _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
            a0[t] = _mm256_load_ps(tile + t * 16);
            a1[t] = _mm256_load_ps(tile + t * 16 + 8);
        }
    } else {
        const __m256 b0 = _mm256_loadu_ps(bias), b1 = _mm256_loadu_ps(bias + 8);
        _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
            const __m256 r = _mm256_set1_ps(rbias[t]);
            a0[t] = _mm256_add_ps(b0, r);
            a1[t] = _mm256_add_ps(b1, r);
        }
    }
    for (uint32_t c0 = 0; c0 < cin; c0 += PYDML_IGEMM_CB) {
        const uint32_t cnt = cin - c0 < PYDML_IGEMM_CB ? cin - c0 : PYDML_IGEMM_CB;
        const float* inb = in + (int64_t)(c0 / PYDML_IGEMM_CB) * cb_stride;
        const int64_t bs = ST && st->ldb ? st->ldb : 16;
        const float* wb = w + (int64_t)c0 * T * bs;
        for (uint32_t v = 0; v < nv; v++) {
            const float* x = inb + in_off[v];
            const float* ww = wb + (int64_t)tap[v] * cnt * bs;
            const float* xp[6]; /* each row's pixel: constant offsets ic from a register */
            _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) xp[t] = x + po[t];
            if (cnt == PYDML_IGEMM_CB) { /* the common full block: unrolled, constant offsets */
                _Pragma("GCC unroll 16") for (uint32_t ic = 0; ic < PYDML_IGEMM_CB; ic++) {
                    const __m256 w0 = _mm256_loadu_ps(ww + ic * bs), w1 = _mm256_loadu_ps(ww + ic * bs + 8);
                    _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
                        const __m256 b = _mm256_broadcast_ss(xp[t] + ic);
                        a0[t] = _mm256_fmadd_ps(b, w0, a0[t]);
                        a1[t] = _mm256_fmadd_ps(b, w1, a1[t]);
                    }
                }
                continue;
            }
            for (uint32_t ic = 0; ic < cnt; ic++) {
                const __m256 w0 = _mm256_loadu_ps(ww), w1 = _mm256_loadu_ps(ww + 8);
                ww += bs;
                _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
                    const __m256 b = _mm256_broadcast_ss(xp[t] + ic);
                    a0[t] = _mm256_fmadd_ps(b, w0, a0[t]);
                    a1[t] = _mm256_fmadd_ps(b, w1, a1[t]);
                }
            }
        }
    }
    if (ST) {
        switch (st->clamp) {
        case PYDML_IGEMM_CLAMP_RELU: ST256_ROWS(st, MR, a0, a1, PYDML_IGEMM_CLAMP_RELU); break;
        case PYDML_IGEMM_CLAMP_CLIP: ST256_ROWS(st, MR, a0, a1, PYDML_IGEMM_CLAMP_CLIP); break;
        case PYDML_IGEMM_CLAMP_CLIP1: ST256_ROWS(st, MR, a0, a1, PYDML_IGEMM_CLAMP_CLIP1); break;
        default: ST256_ROWS(st, MR, a0, a1, PYDML_IGEMM_CLAMP_NONE); break;
        }
        return;
    }
    _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
        _mm256_store_ps(tile + t * 16, a0[t]);
        _mm256_store_ps(tile + t * 16 + 8, a1[t]);
    }
}
#define DEFINE_UK256(MR)                                                                                \
    static T256 void uk256_16_##MR(const float* in, int64_t cb_stride, uint32_t cin, const int64_t* in_off,    \
                                   const uint32_t* tap, uint32_t nv, uint32_t T, const float* w,             \
                                   const float* bias, const float* rbias, float* tile) {                     \
        uk256_16_body(in, NULL, cb_stride, cin, in_off, tap, nv, T, w, bias, rbias, tile, NULL, MR, 0, 0);      \
    }                                                                                                       \
    static T256 void uk256_16px_##MR(const float* in, const int64_t* pix, int64_t cb_stride, uint32_t cin,    \
                                     const int64_t* in_off, const uint32_t* tap, uint32_t nv, uint32_t T,    \
                                     const float* w, const float* bias, const float* rbias, float* tile) {   \
        uk256_16_body(in, pix, cb_stride, cin, in_off, tap, nv, T, w, bias, rbias, tile, NULL, MR, 1, 0);       \
    }                                                                                                       \
    static T256 void uk256_16st_##MR(const float* in, int64_t cb_stride, uint32_t cin, const int64_t* in_off, \
                                     const uint32_t* tap, uint32_t nv, uint32_t T, const float* w,           \
                                     const float* bias, const float* rbias, const pydml_igemm_store* st) {   \
        uk256_16_body(in, NULL, cb_stride, cin, in_off, tap, nv, T, w, bias, rbias, NULL, st, MR, 0, 1);        \
    }
DEFINE_UK256(1)
DEFINE_UK256(2)
DEFINE_UK256(3)
DEFINE_UK256(4)
DEFINE_UK256(5)
DEFINE_UK256(6)

int pydml_igemm_isa_avx2(pydml_igemm_isa* k) {
    memset(k, 0, sizeof *k);
    k->level = PYDML_IGEMM_AVX2;
    k->nr = 16;
    k->mr_max = 6;
    k->chunk_bytes = 24 * 1024; /* 3/4 of Zen 3's 32 KiB L1d; the activation lines and tiles share the rest */
    pydml_igemm_ukernel t[] = {NULL, uk256_16_1, uk256_16_2, uk256_16_3, uk256_16_4, uk256_16_5, uk256_16_6};
    memcpy(k->ukr, t, sizeof t);
    pydml_igemm_ukernel_px px[] = {NULL, uk256_16px_1, uk256_16px_2, uk256_16px_3,
                                   uk256_16px_4, uk256_16px_5, uk256_16px_6};
    memcpy(k->ukpx, px, sizeof px);
    pydml_igemm_ukernel_st st[] = {NULL, uk256_16st_1, uk256_16st_2, uk256_16st_3,
                                   uk256_16st_4, uk256_16st_5, uk256_16st_6};
    memcpy(k->ukst, st, sizeof st);
    return 1;
}

#else /* not x86-64 GCC/Clang */

int pydml_igemm_isa_avx512(pydml_igemm_isa* k, uint32_t nr) {
    (void)k;
    (void)nr;
    return 0;
}
int pydml_igemm_isa_avx512_bf16(pydml_igemm_isa* k) {
    (void)k;
    return 0;
}
int pydml_igemm_isa_avx2(pydml_igemm_isa* k) {
    (void)k;
    return 0;
}

#endif
