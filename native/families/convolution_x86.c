/* AVX-512 and AVX2 helpers of the convolution around the GEMM engine's indirect microkernels
 * (native/engines/gemm_indirect_x86.c): packing the input band (load, transpose_in, the bf16-pair
 * band), storing finished tiles (finish, store), and the PLANE engine's row kernel (rows), which is
 * no GEMM (one output channel, vectorised along the output row, for depthwise and other
 * convolutions with few output channels per group). See native/families/convolution.c for the
 * layouts. Each function carries its own target attribute; convolution.c installs them for the
 * level the engine chose after checking pydml_active_cpu_features(). */
#include <string.h>

#include "convolution_internal.h"

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>

#include "clamp_x86.h"
#include "lane_masks.h"

#define T512 __attribute__((target("avx512f,avx512bw,avx512vl,fma,f16c")))
#define T256 __attribute__((target("avx2,fma,f16c")))
#define INLINE static inline __attribute__((always_inline))

/* ---- AVX-512 -------------------------------------------------------------------------------- */


INLINE T512 __m256i bf16_round512(__m512 v) { /* the same rounding as pydml_f32_to_bf16 */
    const __m512i x = _mm512_castps_si512(v);
    const __m512i ax = _mm512_and_si512(x, _mm512_set1_epi32(0x7fffffff));
    const __mmask16 nan = _mm512_cmpgt_epi32_mask(ax, _mm512_set1_epi32(0x7f800000));
    __m512i r = _mm512_add_epi32(x, _mm512_set1_epi32(0x7fff));
    r = _mm512_add_epi32(r, _mm512_and_si512(_mm512_srli_epi32(x, 16), _mm512_set1_epi32(1)));
    r = _mm512_srli_epi32(r, 16);
    r = _mm512_mask_mov_epi32(r, nan, _mm512_or_si512(_mm512_srli_epi32(x, 16), _mm512_set1_epi32(0x40)));
    return _mm512_cvtepi32_epi16(r);
}

T512 static void store512(void* dst, uint32_t type, int64_t stride, const float* src, uint32_t n) {
    if (stride != 1) {
        pydml_conv_store_portable(dst, type, stride, src, n);
        return;
    }
    uint32_t i = 0;
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float* d = dst;
        for (; i + 16 <= n; i += 16) _mm512_storeu_ps(d + i, _mm512_loadu_ps(src + i));
        if (i < n) {
            __mmask16 m = (__mmask16)((1u << (n - i)) - 1u);
            _mm512_mask_storeu_ps(d + i, m, _mm512_maskz_loadu_ps(m, src + i));
        }
    } else {
        uint16_t* d = dst;
        const int f16 = type == DML_TENSOR_DATA_TYPE_FLOAT16;
        for (; i < n; i += 16) {
            uint32_t c = n - i < 16 ? n - i : 16;
            __mmask16 m = (__mmask16)((1u << c) - 1u);
            __m512 v = _mm512_maskz_loadu_ps(m, src + i);
            __m256i h = f16 ? _mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC) : bf16_round512(v);
            _mm256_mask_storeu_epi16(d + i, m, h);
        }
    }
}

INLINE T512 __m512 load16_512(const void* src, uint32_t type, __mmask16 m) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) return _mm512_maskz_loadu_ps(m, src);
    __m256i h = _mm256_maskz_loadu_epi16(m, src);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) return _mm512_cvtph_ps(h);
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16));
}

T512 static void load512(float* dst, const void* src, uint32_t type, uint32_t n) {
    const uint32_t es = type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    for (uint32_t i = 0; i < n; i += 16) {
        uint32_t c = n - i < 16 ? n - i : 16;
        __mmask16 m = (__mmask16)((1u << c) - 1u);
        _mm512_mask_storeu_ps(dst + i, m, load16_512((const char*)src + (size_t)i * es, type, m));
    }
}

/* In-register transpose of 16 rows of 16 floats: r[c] becomes column c. */
INLINE T512 void transpose16(__m512 r[16]) {
    __m512 t[16];
    for (int i = 0; i < 8; i++) {
        t[2 * i] = _mm512_unpacklo_ps(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm512_unpackhi_ps(r[2 * i], r[2 * i + 1]);
    }
    __m512 u[16];
    for (int i = 0; i < 4; i++) {
        __m512d x0 = _mm512_castps_pd(t[4 * i]), x1 = _mm512_castps_pd(t[4 * i + 1]);
        __m512d x2 = _mm512_castps_pd(t[4 * i + 2]), x3 = _mm512_castps_pd(t[4 * i + 3]);
        u[4 * i + 0] = _mm512_castpd_ps(_mm512_unpacklo_pd(x0, x2));
        u[4 * i + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(x0, x2));
        u[4 * i + 2] = _mm512_castpd_ps(_mm512_unpacklo_pd(x1, x3));
        u[4 * i + 3] = _mm512_castpd_ps(_mm512_unpackhi_pd(x1, x3));
    }
    /* u[4 i + m], 128-bit lane L = column 4 L + m of rows 4 i .. 4 i + 3 */
    for (int m = 0; m < 4; m++) {
        __m512 x0 = _mm512_shuffle_f32x4(u[m], u[4 + m], 0x44), x1 = _mm512_shuffle_f32x4(u[m], u[4 + m], 0xEE);
        __m512 y0 = _mm512_shuffle_f32x4(u[8 + m], u[12 + m], 0x44);
        __m512 y1 = _mm512_shuffle_f32x4(u[8 + m], u[12 + m], 0xEE);
        r[0 + m] = _mm512_shuffle_f32x4(x0, y0, 0x88);
        r[4 + m] = _mm512_shuffle_f32x4(x0, y0, 0xDD);
        r[8 + m] = _mm512_shuffle_f32x4(x1, y1, 0x88);
        r[12 + m] = _mm512_shuffle_f32x4(x1, y1, 0xDD);
    }
}

T512 static void transpose_in512(float* dst, const int64_t* pos, const void* src, uint32_t type, int64_t cs,
                                 uint32_t cnt, uint32_t npix) {
    const uint32_t es = type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    for (uint32_t p0 = 0; p0 < npix; p0 += 16) {
        const uint32_t np = npix - p0 < 16 ? npix - p0 : 16;
        const __mmask16 m = (__mmask16)((1u << np) - 1u);
        __m512 r[16];
        for (uint32_t c = 0; c < 16; c++)
            r[c] = c < cnt ? load16_512((const char*)src + ((int64_t)c * cs + p0) * es, type, m) : _mm512_setzero_ps();
        transpose16(r);
        for (uint32_t t = 0; t < np; t++) _mm512_store_ps(dst + pos[p0 + t] * CONV_CB, r[t]);
    }
}

INLINE T512 void store16_512(void* dst, uint32_t type, __m512 v, __mmask16 m) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) _mm512_mask_storeu_ps(dst, m, v);
    else if (type == DML_TENSOR_DATA_TYPE_FLOAT16)
        _mm256_mask_storeu_epi16(dst, m, _mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    else _mm256_mask_storeu_epi16(dst, m, bf16_round512(v));
}

INLINE T512 __mmask16 mask16(uint32_t n) { return n >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << n) - 1u); }

T512 static void finish512(const float* tile, uint32_t ldt, uint32_t mr, uint32_t nv, void* out, uint32_t type,
                           int64_t cs, int64_t ps, float* tmp) {
    const int64_t es = type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    char* o = out;
    if (cs == 1) {
        for (uint32_t t = 0; t < mr; t++)
            for (uint32_t jb = 0; jb < nv; jb += 16)
                store16_512(o + (t * ps + jb) * es, type, _mm512_load_ps(tile + t * ldt + jb), mask16(nv - jb));
        return;
    }
    const __mmask16 mt = mask16(mr);
    const int scatter = type == DML_TENSOR_DATA_TYPE_FLOAT32 && ps > 1 && ps < (1 << 26);
    const __m512i idx = _mm512_mullo_epi32(_mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
                                           _mm512_set1_epi32(scatter ? (int)ps : 0));
    for (uint32_t jb = 0; jb < nv; jb += 16) {
        __m512 r[16];
        for (uint32_t t = 0; t < 16; t++) r[t] = t < mr ? _mm512_load_ps(tile + t * ldt + jb) : _mm512_setzero_ps();
        transpose16(r);
        const uint32_t nj = nv - jb < 16 ? nv - jb : 16;
        for (uint32_t j = 0; j < nj; j++) {
            char* dst = o + (jb + j) * cs * es;
            if (ps == 1) {
                store16_512(dst, type, r[j], mt);
            } else if (scatter) {
                _mm512_mask_i32scatter_ps(dst, mt, idx, r[j], 4);
            } else {
                _mm512_storeu_ps(tmp, r[j]);
                pydml_conv_store_portable(dst, type, ps, tmp, mr);
            }
        }
    }
}

/* Plane rows: 64 output pixels in four zmm per step. The (row tap, width tap) pairs are
 * flattened into one table per call when they are few (depthwise 3x3: 9). */
T512 static void rows512(const conv_rows_args* a) {
    const int64_t es = a->type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    const int direct = a->act == NULL && a->out_pstride == 1;
    int64_t toff[64];
    uint32_t tw[64];
    const uint32_t nt = a->nv * a->nw;
    const int flat = nt <= 64;
    if (flat)
        for (uint32_t v = 0, t = 0; v < a->nv; v++)
            for (uint32_t x = 0; x < a->nw; x++, t++) {
                toff[t] = a->roff[v] + a->woff[x];
                tw[t] = a->kdh[v] * a->kw_count + a->kw[x];
            }
    uint32_t r = 0;
    /* two rows at a time: eight independent accumulator chains */
    if (flat && direct) {
        for (; r + 2 <= a->rows; r += 2) {
            const float* in = a->in + (int64_t)r * a->in_row_step;
            char* out = (char*)a->out + (int64_t)r * a->out_row_step * es;
            char* out2 = out + a->out_row_step * es;
            for (uint32_t q0 = 0; q0 < a->qw; q0 += CONV_ROW_CHUNK) {
                const uint32_t n = a->qw - q0 < CONV_ROW_CHUNK ? a->qw - q0 : CONV_ROW_CHUNK;
                __m512 a0 = _mm512_set1_ps(a->bias), a1 = a0, a2 = a0, a3 = a0, b0 = a0, b1 = a0, b2 = a0, b3 = a0;
                for (uint32_t ic = 0; ic < a->cin; ic++) {
                    const float* wi = a->w + (size_t)ic * a->ktot;
                    const float* xi = in + (int64_t)ic * a->ic_stride + q0;
                    for (uint32_t t = 0; t < nt; t++) {
                        const __m512 wt = _mm512_set1_ps(wi[tw[t]]);
                        const float* s = xi + toff[t];
                        const float* s2 = s + a->in_row_step;
                        a0 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s), a0);
                        a1 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s + 16), a1);
                        a2 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s + 32), a2);
                        a3 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s + 48), a3);
                        b0 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s2), b0);
                        b1 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s2 + 16), b1);
                        b2 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s2 + 32), b2);
                        b3 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s2 + 48), b3);
                    }
                }
                char* d = out + (int64_t)q0 * es;
                char* d2 = out2 + (int64_t)q0 * es;
                store16_512(d, a->type, a0, mask16(n));
                store16_512(d2, a->type, b0, mask16(n));
                if (n > 16) {
                    store16_512(d + 16 * es, a->type, a1, mask16(n - 16));
                    store16_512(d2 + 16 * es, a->type, b1, mask16(n - 16));
                }
                if (n > 32) {
                    store16_512(d + 32 * es, a->type, a2, mask16(n - 32));
                    store16_512(d2 + 32 * es, a->type, b2, mask16(n - 32));
                }
                if (n > 48) {
                    store16_512(d + 48 * es, a->type, a3, mask16(n - 48));
                    store16_512(d2 + 48 * es, a->type, b3, mask16(n - 48));
                }
            }
        }
    }
    for (; r < a->rows; r++) {
        const float* in = a->in + (int64_t)r * a->in_row_step;
        char* out = (char*)a->out + (int64_t)r * a->out_row_step * es;
        for (uint32_t q0 = 0; q0 < a->qw; q0 += CONV_ROW_CHUNK) {
            const uint32_t n = a->qw - q0 < CONV_ROW_CHUNK ? a->qw - q0 : CONV_ROW_CHUNK;
            __m512 a0 = _mm512_set1_ps(a->bias), a1 = a0, a2 = a0, a3 = a0;
            for (uint32_t ic = 0; ic < a->cin; ic++) {
                const float* wi = a->w + (size_t)ic * a->ktot;
                const float* xi = in + (int64_t)ic * a->ic_stride + q0;
                if (flat) {
                    for (uint32_t t = 0; t < nt; t++) {
                        const __m512 wt = _mm512_set1_ps(wi[tw[t]]);
                        const float* s = xi + toff[t];
                        a0 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s), a0);
                        a1 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s + 16), a1);
                        a2 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s + 32), a2);
                        a3 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s + 48), a3);
                    }
                    continue;
                }
                for (uint32_t v = 0; v < a->nv; v++) {
                    const float* xr = xi + a->roff[v];
                    const float* wr = wi + (size_t)a->kdh[v] * a->kw_count;
                    for (uint32_t x = 0; x < a->nw; x++) {
                        const __m512 wt = _mm512_set1_ps(wr[a->kw[x]]);
                        const float* s = xr + a->woff[x];
                        a0 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s), a0);
                        a1 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s + 16), a1);
                        a2 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s + 32), a2);
                        a3 = _mm512_fmadd_ps(wt, _mm512_loadu_ps(s + 48), a3);
                    }
                }
            }
            if (direct) {
                char* d = out + (int64_t)q0 * es;
                store16_512(d, a->type, a0, mask16(n));
                if (n > 16) store16_512(d + 16 * es, a->type, a1, mask16(n - 16));
                if (n > 32) store16_512(d + 32 * es, a->type, a2, mask16(n - 32));
                if (n > 48) store16_512(d + 48 * es, a->type, a3, mask16(n - 48));
            } else {
                _mm512_storeu_ps(a->tmp, a0);
                _mm512_storeu_ps(a->tmp + 16, a1);
                _mm512_storeu_ps(a->tmp + 32, a2);
                _mm512_storeu_ps(a->tmp + 48, a3);
                if (a->act) pydml_conv_activation(a->act, a->tmp, n);
                store512(out + (int64_t)q0 * a->out_pstride * es, a->type, a->out_pstride, a->tmp, n);
            }
        }
    }
}

/* The folded stem (conv_stem_kernel), as stem256 below with up to 64 pixels (V zmm) per step: each
 * broadcast weight feeds V FMAs, up to 24 accumulator chains for 6 output channels. 64-pixel steps
 * (112 = 64 + 48: no lane wasted) halve the loop overhead and the broadcasts per FMA of 32-pixel ones
 * (each sum's order is unchanged: the same bits). A fused RELU (relu != 0) is applied in the
 * registers before the store, as max(0, v) = v < 0 ? 0 : v, the activation engine's RELU bit for bit
 * (-0 and NaN pass through), instead of a pass over the stored rows. */
INLINE T512 void stem512_body(const float* band, int64_t cstride, uint32_t cin, const int64_t* roff,
                              const uint32_t* tap, uint32_t nv, uint32_t T, const float* panel, uint32_t nr,
                              const float* bias, float* out, int64_t out_cs, uint32_t q0, uint32_t n, const int MR,
                              const int V, int relu) {
    __m512 a[4][6];
    _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
        a[0][t] = _mm512_set1_ps(bias[t] + 0.0f); /* the microkernels' bias + row bias (0) */
        _Pragma("GCC unroll 4") for (int u = 1; u < V; u++) a[u][t] = a[0][t];
    }
    for (uint32_t c0 = 0; c0 < cin; c0 += CONV_CB) {
        const uint32_t cnt = cin - c0 < CONV_CB ? cin - c0 : CONV_CB;
        const float* xb = band + (int64_t)c0 * cstride + q0;
        const float* wb = panel + (size_t)c0 * T * nr;
        for (uint32_t v = 0; v < nv; v++) {
            const float* x = xb + roff[v];
            const float* w = wb + (size_t)tap[v] * cnt * nr;
            for (uint32_t ic = 0; ic < cnt; ic++) {
                __m512 xv[4];
                _Pragma("GCC unroll 4") for (int u = 0; u < V; u++) xv[u] = _mm512_loadu_ps(x + 16 * u);
                x += cstride;
                _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
                    const __m512 b = _mm512_set1_ps(w[t]);
                    _Pragma("GCC unroll 4") for (int u = 0; u < V; u++) a[u][t] = _mm512_fmadd_ps(b, xv[u], a[u][t]);
                }
                w += nr;
            }
        }
    }
    const __m512 zero = _mm512_setzero_ps();
    _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
        float* o = out + t * out_cs + q0;
        _Pragma("GCC unroll 4") for (int u = 0; u < V; u++) {
            /* max(0, v) returns its second operand unless 0 > v: v < 0 ? 0 : v, NaN and -0 kept */
            const __m512 r = relu ? _mm512_max_ps(zero, a[u][t]) : a[u][t];
            const uint32_t lo = 16 * (uint32_t)u;
            if (u < V - 1) _mm512_storeu_ps(o + lo, r);
            else _mm512_mask_storeu_ps(o + lo, mask16(n - lo), r);
        }
    }
}

INLINE T512 void stem512_mr(const float* band, int64_t cstride, uint32_t cin, const int64_t* roff, const uint32_t* tap,
                            uint32_t nv, uint32_t T, const float* panel, uint32_t nr, const float* bias, float* out,
                            int64_t out_cs, uint32_t W, const int MR, int relu) {
    for (uint32_t q0 = 0; q0 < W; q0 += 64) {
        const uint32_t n = W - q0 < 64 ? W - q0 : 64;
        if (n > 48) stem512_body(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, q0, n, MR, 4, relu);
        else if (n > 32) stem512_body(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, q0, n, MR, 3, relu);
        else if (n > 16) stem512_body(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, q0, n, MR, 2, relu);
        else stem512_body(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, q0, n, MR, 1, relu);
    }
}

T512 static void stem512(const float* band, int64_t cstride, uint32_t cin, const int64_t* roff, const uint32_t* tap,
                         uint32_t nv, uint32_t T, const float* panel, uint32_t nr, uint32_t mr, const float* bias,
                         float* out, int64_t out_cs, uint32_t W, int relu) {
    switch (mr) {
    case 1: stem512_mr(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, W, 1, relu); break;
    case 2: stem512_mr(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, W, 2, relu); break;
    case 3: stem512_mr(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, W, 3, relu); break;
    case 4: stem512_mr(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, W, 4, relu); break;
    case 5: stem512_mr(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, W, 5, relu); break;
    default: stem512_mr(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, W, 6, relu); break;
    }
}

/* ---- direct depthwise rows------------------------------------------------- */

/* Lanes [lo, hi) of 16 (clamped), as a mask: the columns c .. c + 15 inside [0, in_w). */
INLINE T512 __mmask16 dw_mask512(int64_t c, int64_t in_w) {
    const int64_t lo = c < 0 ? (-c < 16 ? -c : 16) : 0;
    const int64_t hi = in_w - c < 16 ? (in_w - c > 0 ? in_w - c : 0) : 16;
    if (lo >= hi) return 0;
    return (__mmask16)((((uint32_t)1 << hi) - 1u) & ~(((uint32_t)1 << lo) - 1u));
}

/* 16 columns from c of a row, zeros outside [0, in_w) (those are not read). */
INLINE T512 __m512 dw_load512(const float* row, int64_t c, int64_t in_w) {
    if (c >= 0 && c + 16 <= in_w) return _mm512_loadu_ps(row + c);
    const __mmask16 m = dw_mask512(c, in_w);
    /* masked-off lanes are not accessed; the address is formed in integers (c may be negative) */
    return _mm512_maskz_loadu_ps(m, (const float*)((uintptr_t)row + (uintptr_t)(c * 4)));
}

/* R rows x NV vectors of one chunk starting at column q0; EDGE: the first and last vectors' loads
 * are checked (the caller knows the others read inside the row), ALL: every load is. */
INLINE T512 void dw512_body(const conv_dw_args* a, uint32_t r, int64_t q0, const int NV, const int R, const int ALL) {
    __m512 acc[2][8];
    _Pragma("GCC unroll 2") for (int i = 0; i < R; i++)
        _Pragma("GCC unroll 8") for (int j = 0; j < NV; j++) acc[i][j] = _mm512_set1_ps(a->bias);
    const int64_t in_w = a->in_w;
    for (uint32_t v = 0; v < a->nv; v++) {
        const float* s0 = a->rows[v] + (int64_t)r * a->row_step;
        const float* wv = a->w[v];
        for (uint32_t x = 0; x < a->nw; x++) {
            const __m512 wt = _mm512_set1_ps(wv[x]);
            const int64_t c = q0 + a->coff[x];
            _Pragma("GCC unroll 2") for (int i = 0; i < R; i++) {
                const float* s = s0 + i * a->row_step;
                _Pragma("GCC unroll 8") for (int j = 0; j < NV; j++) {
                    const int64_t cj = c + 16 * j;
                    const __m512 xv = (ALL || j == 0 || j == NV - 1) ? dw_load512(s, cj, in_w) : _mm512_loadu_ps(s + cj);
                    acc[i][j] = _mm512_fmadd_ps(wt, xv, acc[i][j]);
                }
            }
        }
    }
    _Pragma("GCC unroll 2") for (int i = 0; i < R; i++) {
        float* o = a->out + (int64_t)(r + i) * a->out_step + q0;
        _Pragma("GCC unroll 8") for (int j = 0; j < NV; j++) {
            const int64_t n = (int64_t)a->W - q0 - 16 * j;
            _mm512_mask_storeu_ps(o + 16 * j, n >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << n) - 1u), acc[i][j]);
        }
    }
}

#define DW_CASES(BODY, ROW, R)                                              \
    switch (nv) {                                                           \
    case 1: BODY(a, ROW, q0, 1, R, 0); break;                               \
    case 2: BODY(a, ROW, q0, 2, R, 0); break;                               \
    case 3: BODY(a, ROW, q0, 3, R, 0); break;                               \
    case 4: BODY(a, ROW, q0, 4, R, 0); break;                               \
    case 5: BODY(a, ROW, q0, 5, R, 0); break;                               \
    case 6: BODY(a, ROW, q0, 6, R, 0); break;                               \
    default: BODY(a, ROW, q0, 7, R, 0); break;                              \
    }

/* The row chunks of conv_dw_kernel: at most 7 vectors of VL columns, balanced; a chunk whose inner
 * vectors would read outside the row (padding wider than a vector, rows narrower than the taps)
 * goes vector by vector with every load checked. */
#define DW_DRIVER(NAME, BODY, VL, PAIR)                                                                          \
    static void NAME##_rows(const conv_dw_args* a) {                                                      \
        int64_t cmin = 0, cmax = 0;                                                                        \
        for (uint32_t x = 0; x < a->nw; x++) {                                                             \
            if (x == 0 || a->coff[x] < cmin) cmin = a->coff[x];                                            \
            if (x == 0 || a->coff[x] > cmax) cmax = a->coff[x];                                            \
        }                                                                                                  \
        const int64_t nvec = ((int64_t)a->W + VL - 1) / VL, nch = (nvec + 6) / 7;                          \
        for (uint32_t r = 0; r < a->rows_n;) {                                                             \
            const int two = r + 2 <= a->rows_n;                                                           \
            for (int64_t ch = 0, j0 = 0; ch < nch; ch++) {                                                 \
                const int64_t nv = nvec / nch + (ch < nvec % nch ? 1 : 0), q0 = j0 * VL;                    \
                j0 += nv;                                                                                  \
                if (nv > 2 && (q0 + VL + cmin < 0 || q0 + VL * (nv - 1) + cmax > a->in_w)) {               \
                    for (int64_t j = 0; j < nv; j++) {                                                     \
                        BODY(a, r, q0 + VL * j, 1, 1, 1);                                                  \
                        if (two) BODY(a, r + 1, q0 + VL * j, 1, 1, 1);                                     \
                    }                                                                                      \
                } else if (two && nv <= PAIR) {                                                            \
                    DW_CASES(BODY, r, 2)                                                                   \
                } else {                                                                                   \
                    DW_CASES(BODY, r, 1)                                                                   \
                    if (two) DW_CASES(BODY, r + 1, 1)                                                      \
                }                                                                                          \
            }                                                                                              \
            const uint32_t done = two ? 2 : 1;                                                             \
            if (a->act)                                                                                    \
                for (uint32_t i = 0; i < done; i++)                                                        \
                    pydml_conv_activation(a->act, a->out + (int64_t)(r + i) * a->out_step, a->W);          \
            r += done;                                                                                     \
        }                                                                                                  \
    }

T512 DW_DRIVER(dw512_checked, dw512_body, 16, 7)

/* dw512_body with the edge vectors' masks computed once per chunk (as dw256_rows below). */
INLINE T512 void dw512_mbody(const conv_dw_args* a, uint32_t r, int64_t q0, const __mmask16* mL, const __mmask16* mR,
                             const int NV, const int R) {
    __m512 acc[2][8];
    _Pragma("GCC unroll 2") for (int i = 0; i < R; i++)
        _Pragma("GCC unroll 8") for (int j = 0; j < NV; j++) acc[i][j] = _mm512_set1_ps(a->bias);
    for (uint32_t v = 0; v < a->nv; v++) {
        const float* s0 = a->rows[v] + (int64_t)r * a->row_step;
        const float* wv = a->w[v];
        for (uint32_t x = 0; x < a->nw; x++) {
            const __m512 wt = _mm512_set1_ps(wv[x]);
            const int64_t c = q0 + a->coff[x];
            const __mmask16 ml = mL[x], mr = mR[x];
            _Pragma("GCC unroll 2") for (int i = 0; i < R; i++) {
                const float* s = s0 + i * a->row_step;
                _Pragma("GCC unroll 8") for (int j = 0; j < NV; j++) {
                    const int64_t cj = c + 16 * j;
                    const float* at = (const float*)((uintptr_t)s + (uintptr_t)(cj * 4));
                    const __m512 xv = j == 0 ? _mm512_maskz_loadu_ps(ml, at)
                                             : j == NV - 1 ? _mm512_maskz_loadu_ps(mr, at) : _mm512_loadu_ps(s + cj);
                    acc[i][j] = _mm512_fmadd_ps(wt, xv, acc[i][j]);
                }
            }
        }
    }
    _Pragma("GCC unroll 2") for (int i = 0; i < R; i++) {
        float* o = a->out + (int64_t)(r + i) * a->out_step + q0;
        _Pragma("GCC unroll 8") for (int j = 0; j < NV; j++) {
            const int64_t n = (int64_t)a->W - q0 - 16 * j;
            _mm512_mask_storeu_ps(o + 16 * j, n >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << n) - 1u), acc[i][j]);
        }
    }
}

/* Depthwise rows (dw256_rows, dw512_rows) run in chunks of at most 7 vectors of vl floats, the
 * nvec vectors of a row shared out as evenly as the chunks allow: chunk ch's vector count. */
static inline int64_t dw_chunk_vectors(int64_t nvec, int64_t nch, int64_t ch) {
    return nvec / nch + (ch < nvec % nch ? 1 : 0);
}

/* Whether every chunk's inner vectors (all but its first and last) read inside the input row for
 * every width tap, with at most 16 taps (the edge masks' arrays): else the checked rows. */
static int dw_inner_ok(const conv_dw_args* a, int64_t vl) {
    int64_t cmin = 0, cmax = 0;
    for (uint32_t x = 0; x < a->nw; x++) {
        if (x == 0 || a->coff[x] < cmin) cmin = a->coff[x];
        if (x == 0 || a->coff[x] > cmax) cmax = a->coff[x];
    }
    const int64_t nvec = ((int64_t)a->W + vl - 1) / vl, nch = (nvec + 6) / 7;
    if (a->nw > 16) return 0;
    for (int64_t ch = 0, j0 = 0; ch < nch; ch++) {
        const int64_t nv = dw_chunk_vectors(nvec, nch, ch), q0 = j0 * vl;
        j0 += nv;
        if (nv > 2 && (q0 + vl + cmin < 0 || q0 + vl * (nv - 1) + cmax > a->in_w)) return 0;
    }
    return 1;
}

#define DW_MCASES512(ROW, R)                                                \
    switch (nv) {                                                           \
    case 1: dw512_mbody(a, ROW, q0, mL, mR, 1, R); break;                   \
    case 2: dw512_mbody(a, ROW, q0, mL, mR, 2, R); break;                   \
    case 3: dw512_mbody(a, ROW, q0, mL, mR, 3, R); break;                   \
    case 4: dw512_mbody(a, ROW, q0, mL, mR, 4, R); break;                   \
    case 5: dw512_mbody(a, ROW, q0, mL, mR, 5, R); break;                   \
    case 6: dw512_mbody(a, ROW, q0, mL, mR, 6, R); break;                   \
    default: dw512_mbody(a, ROW, q0, mL, mR, 7, R); break;                  \
    }

T512 static void dw512_rows(const conv_dw_args* a) {
    const int64_t nvec = ((int64_t)a->W + 15) / 16, nch = (nvec + 6) / 7;
    if (!dw_inner_ok(a, 16)) {
        dw512_checked_rows(a);
        return;
    }
    __mmask16 mL[16], mR[16];
    for (int64_t ch = 0, j0 = 0; ch < nch; ch++) {
        const int64_t nv = dw_chunk_vectors(nvec, nch, ch), q0 = j0 * 16;
        j0 += nv;
        for (uint32_t x = 0; x < a->nw; x++) {
            mL[x] = dw_mask512(q0 + a->coff[x], a->in_w);
            mR[x] = dw_mask512(q0 + 16 * (nv - 1) + a->coff[x], a->in_w);
        }
        uint32_t r = 0;
        for (; r + 2 <= a->rows_n; r += 2) DW_MCASES512(r, 2)
        for (; r < a->rows_n; r++) DW_MCASES512(r, 1)
    }
    if (a->act)
        for (uint32_t r = 0; r < a->rows_n; r++) pydml_conv_activation(a->act, a->out + (int64_t)r * a->out_step, a->W);
}

T256 static void dw256_rows(const conv_dw_args* a);

/* ---- direct depthwise rows of width stride 2 (conv_kernels.dw2) ---------------------------- */

/* Output column q reads input column 2 q + coff[x]. 16 outputs from the 32 columns c .. c + 31 (c = 2 q0 +
 * coff[x], zeros outside the row, never loaded): vshufps keeps the even columns of each 128-bit lane
 * pair, in the order [0 1 8 9 | 2 3 10 11 | 4 5 12 13 | 6 7 14 15] of the outputs. Every tap's vector
 * has that order, so each lane's FMA chain is its output's own (bias, then (v, x) in order: the plane
 * engine's sums, the same bits), and one permute per vector at the store puts the outputs back in
 * place: one shuffle per tap instead of a cross-lane permute (the band path first copied every
 * input row's even and odd columns apart, 60 % of its time). */
/* the 16 outputs' columns of one tap from two loads under masks m[0], m[1] (computed per chunk) */
INLINE T512 __m512 dw2_taps512(const float* s, int64_t c, const __mmask16* m) {
    const __m512 lo = _mm512_maskz_loadu_ps(m[0], (const float*)((uintptr_t)s + (uintptr_t)(c * 4)));
    const __m512 hi = _mm512_maskz_loadu_ps(m[1], (const float*)((uintptr_t)s + (uintptr_t)((c + 16) * 4)));
    return _mm512_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0));
}

/* NV vectors of row r from output column q0; m[x][2 j + h]: the mask of tap x's load h of vector j
 * (masked-off lanes are not accessed; the addresses are formed in integers, c may be negative) */
INLINE T512 void dw2_512_body(const conv_dw_args* a, uint32_t r, int64_t q0, const __mmask16 (*m)[8], const int NV) {
    __m512 acc[4];
    _Pragma("GCC unroll 4") for (int j = 0; j < NV; j++) acc[j] = _mm512_set1_ps(a->bias);
    for (uint32_t v = 0; v < a->nv; v++) {
        const float* s = a->rows[v] + (int64_t)r * a->row_step;
        const float* wv = a->w[v];
        for (uint32_t x = 0; x < a->nw; x++) {
            const __m512 wt = _mm512_set1_ps(wv[x]);
            const int64_t c = 2 * q0 + a->coff[x];
            _Pragma("GCC unroll 4") for (int j = 0; j < NV; j++)
                acc[j] = _mm512_fmadd_ps(wt, dw2_taps512(s, c + 32 * j, m[x] + 2 * j), acc[j]);
        }
    }
    const __m512i order = _mm512_setr_epi32(0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15);
    float* o = a->out + (int64_t)r * a->out_step + q0;
    _Pragma("GCC unroll 4") for (int j = 0; j < NV; j++) {
        const int64_t n = (int64_t)a->W - q0 - 16 * j;
        _mm512_mask_storeu_ps(o + 16 * j, n >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << n) - 1u),
                              _mm512_permutexvar_ps(order, acc[j]));
    }
}

/* conv_dw_kernel for a width stride of 2: chunks of at most 4 vectors (balanced) outside, their loads'
 * masks computed once, rows inside; the activation over each finished row */
T512 static void dw2_512_rows(const conv_dw_args* a) {
    const int64_t nvec = ((int64_t)a->W + 15) / 16, nch = (nvec + 3) / 4;
    __mmask16 m[DW2_TAPS][8];
    for (int64_t ch = 0, j0 = 0; ch < nch; ch++) {
        const int64_t nv = nvec / nch + (ch < nvec % nch ? 1 : 0), q0 = j0 * 16;
        j0 += nv;
        for (uint32_t x = 0; x < a->nw; x++)
            for (int64_t k = 0; k < 2 * nv; k++) m[x][k] = dw_mask512(2 * q0 + a->coff[x] + 16 * k, a->in_w);
        for (uint32_t r = 0; r < a->rows_n; r++) switch (nv) {
            case 1: dw2_512_body(a, r, q0, m, 1); break;
            case 2: dw2_512_body(a, r, q0, m, 2); break;
            case 3: dw2_512_body(a, r, q0, m, 3); break;
            default: dw2_512_body(a, r, q0, m, 4); break;
            }
    }
    if (a->act)
        for (uint32_t r = 0; r < a->rows_n; r++) pydml_conv_activation(a->act, a->out + (int64_t)r * a->out_step, a->W);
}

/* Rows whose last vector would be at most half used (56 columns: 4 zmm for 56 values) go through
 * the ymm kernel, which computes the same FMA chains (the same bits) with less waste: Zen 4 runs a
 * zmm FMA as two ymm ones, so the wider vectors only add the unused lanes (1-thread CPU time,
 * 8 x 64 x 56 x 56 3x3, 3 alternating runs: 1.08 -> 1.05 ms). */
T512 static void dw512_pick(const conv_dw_args* a) {
    if (a->W % 16 != 0 && a->W % 16 <= 8) dw256_rows(a);
    else dw512_rows(a);
}

/* d[j] = s[2 j] for j < n (conv_kernels.copy2): 16 outputs from two loads and one permute; the
 * whole vectors while they end before s[2 (n - 1)] (the last float needed: nothing past it is read),
 * the rest masked. GCC leaves the C loop scalar. */
T512 static void copy2_512(float* d, const float* s, uint32_t n) {
    const __m512i idx = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    uint32_t j = 0;
    for (; j + 16 < n; j += 16) { /* reads s[2 j] .. s[2 j + 31], 2 j + 31 < 2 (n - 1) */
        const __m512 lo = _mm512_loadu_ps(s + 2 * (size_t)j);
        const __m512 hi = _mm512_loadu_ps(s + 2 * (size_t)j + 16);
        _mm512_storeu_ps(d + j, _mm512_permutex2var_ps(lo, idx, hi));
    }
    if (j < n) {
        const uint32_t m = n - j, lanes = 2 * m - 1; /* floats s[2 j] .. s[2 (n - 1)] */
        const __m512 lo = _mm512_maskz_loadu_ps(mask16(lanes), s + 2 * (size_t)j);
        const __m512 hi = _mm512_maskz_loadu_ps(mask16(lanes > 16 ? lanes - 16 : 0), s + 2 * (size_t)j + 16);
        _mm512_mask_storeu_ps(d + j, mask16(m), _mm512_permutex2var_ps(lo, idx, hi));
    }
}

/* conv_kernels.split2: 32 columns a step, two masked loads and one permute each way */
T512 static void split2_512(const float* src, int64_t sstep, uint32_t rows, uint32_t n, float* even, float* odd,
                            int64_t dstep) {
    const __m512i ie = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i io = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    for (uint32_t r = 0; r < rows; r++) {
        const float* s = src + (int64_t)r * sstep;
        float* e = even + (int64_t)r * dstep;
        float* o = odd + (int64_t)r * dstep;
        for (uint32_t c = 0; c < n; c += 32) {
            const uint32_t m = n - c < 32 ? n - c : 32;
            const __m512 lo = _mm512_maskz_loadu_ps(mask16(m), s + c);
            const __m512 hi = _mm512_maskz_loadu_ps(mask16(m > 16 ? m - 16 : 0), s + c + 16);
            _mm512_mask_storeu_ps(e + c / 2, mask16((m + 1) / 2), _mm512_permutex2var_ps(lo, ie, hi));
            _mm512_mask_storeu_ps(o + c / 2, mask16(m / 2), _mm512_permutex2var_ps(lo, io, hi));
        }
    }
}

/* ---- flat depthwise planes (conv_dwf_kernel) ---------------------------------------------------- */

/* NV vectors of 16 outputs from vector j0: every tap's load under its lmask (lanes outside the plane
 * not accessed: the address is formed as an integer), its FMA under its fmask */
INLINE T512 void dwf512_body(const conv_dwf_args* a, uint32_t j0, const int NV) {
    __m512 acc[8];
    _Pragma("GCC unroll 8") for (int j = 0; j < NV; j++) acc[j] = _mm512_set1_ps(a->bias);
    for (uint32_t t = 0; t < a->taps; t++) {
        const __m512 wt = _mm512_set1_ps(a->w[t]);
        const uintptr_t at = a->at[t] + 64u * (uintptr_t)j0;
        const uint16_t* lm = a->lmask + (size_t)t * a->nvec + j0;
        const uint16_t* fm = a->fmask + (size_t)t * a->nvec + j0;
        _Pragma("GCC unroll 8") for (int j = 0; j < NV; j++) {
            const __m512 x = _mm512_maskz_loadu_ps((__mmask16)lm[j], (const float*)(at + 64u * (uintptr_t)j));
            acc[j] = _mm512_mask3_fmadd_ps(wt, x, acc[j], (__mmask16)fm[j]);
        }
    }
    const __m512 lo = _mm512_set1_ps(a->lo), hi = _mm512_set1_ps(a->hi);
    _Pragma("GCC unroll 8") for (int j = 0; j < NV; j++) {
        const uint32_t o = 16 * (j0 + (uint32_t)j);
        _mm512_mask_storeu_ps(a->out + o, mask16(a->n - o), pydml_clamp512(acc[j], a->clamp, lo, hi));
    }
}

/* A flat run's count vectors in chunks of at most 8 (BODY(a, first, NV) with NV a constant) */
#define DWF_CHUNKS(BODY, a, count)                                                                  \
    for (uint32_t j0_ = 0; j0_ < (count); j0_ += 8) switch ((count) - j0_ < 8 ? (count) - j0_ : 8) { \
        case 1: BODY(a, j0_, 1); break;                                                             \
        case 2: BODY(a, j0_, 2); break;                                                             \
        case 3: BODY(a, j0_, 3); break;                                                             \
        case 4: BODY(a, j0_, 4); break;                                                             \
        case 5: BODY(a, j0_, 5); break;                                                             \
        case 6: BODY(a, j0_, 6); break;                                                             \
        case 7: BODY(a, j0_, 7); break;                                                             \
        default: BODY(a, j0_, 8); break;                                                            \
        }

T512 static void dwf512(const conv_dwf_args* a) { DWF_CHUNKS(dwf512_body, a, a->nvec) }

int pydml_conv_helpers_avx512(conv_kernels* k) {
    pydml_conv_helpers_portable(k);
    k->copy2 = copy2_512;
    k->finish = finish512;
    k->rows = rows512;
    k->store = store512;
    k->load = load512;
    k->transpose_in = transpose_in512;
    k->dw = dw512_pick;
    k->dw2 = dw2_512_rows;
    k->dwf = dwf512;
    k->split2 = split2_512;
    k->dwf_max = DWF_MAX_PIXELS;
    k->stem = stem512;
    return 1;
}

/* ---- bf16-pair packing (the AVX512-BF16 microkernels' layout, native/engines/gemm_indirect.h) ---- */

/* dst[j] = lo[j] | hi[j] << 16 (bf16 bits) for j < n, 0 for n <= j < nr; hi NULL: zeros. */
T512 static void pair_row512(float* dst, const uint16_t* lo, const uint16_t* hi, uint32_t n, uint32_t nr) {
    int32_t* d = (int32_t*)dst;
    for (uint32_t j = 0; j < nr; j += 16) {
        const __mmask16 m = n > j ? mask16(n - j) : 0;
        const __m512i l = _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, lo + j));
        const __m512i h = hi ? _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, hi + j)) : _mm512_setzero_si512();
        _mm512_storeu_si512(d + j, _mm512_or_si512(l, _mm512_slli_epi32(h, 16)));
    }
}

/* The bf16-pair band layout from a pixel-contiguous bf16 source (channel stride cs): pixel p's
 * dwords 0..7 at dst + pos[p] * CONV_CB hold channels (2i, 2i + 1), a zero after an odd count. */
T512 static void transpose_pairs512(float* dst, const int64_t* pos, const void* src, uint32_t type, int64_t cs,
                                    uint32_t cnt, uint32_t npix) {
    (void)type;
    const uint16_t* s = src;
    for (uint32_t p0 = 0; p0 < npix; p0 += 16) {
        const uint32_t np = npix - p0 < 16 ? npix - p0 : 16;
        const __mmask16 m = (__mmask16)((1u << np) - 1u);
        __m512 r[16];
        for (uint32_t i = 0; i < 16; i++) {
            const uint32_t c = 2 * i;
            if (c >= cnt) {
                r[i] = _mm512_setzero_ps();
                continue;
            }
            const __m512i lo = _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, s + (int64_t)c * cs + p0));
            const uint16_t* sh = s + (int64_t)(c + 1) * cs + p0;
            const __m512i hi = c + 1 < cnt ? _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, sh)) : _mm512_setzero_si512();
            r[i] = _mm512_castsi512_ps(_mm512_or_si512(lo, _mm512_slli_epi32(hi, 16)));
        }
        transpose16(r);
        for (uint32_t t = 0; t < np; t++) _mm256_store_ps(dst + pos[p0 + t] * CONV_CB, _mm512_castps512_ps256(r[t]));
    }
}

int pydml_conv_helpers_bf16pairs(conv_kernels* k) {
    k->transpose_pairs = transpose_pairs512;
    k->pair_row = pair_row512;
    return 1;
}

/* ---- AVX2 ----------------------------------------------------------------------------------- */


T256 static void store256(void* dst, uint32_t type, int64_t stride, const float* src, uint32_t n) {
    if (stride != 1 || type == PYDML_DATA_TYPE_BFLOAT16) {
        pydml_conv_store_portable(dst, type, stride, src, n);
        return;
    }
    uint32_t i = 0;
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float* d = dst;
        for (; i + 8 <= n; i += 8) _mm256_storeu_ps(d + i, _mm256_loadu_ps(src + i));
        for (; i < n; i++) d[i] = src[i];
    } else {
        uint16_t* d = dst;
        for (; i + 8 <= n; i += 8)
            _mm_storeu_si128((__m128i*)(d + i),
                             _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
        for (; i < n; i++) d[i] = pydml_f32_to_f16(src[i]);
    }
}

T256 static void load256(float* dst, const void* src, uint32_t type, uint32_t n) {
    if (type != DML_TENSOR_DATA_TYPE_FLOAT16) {
        pydml_conv_load_portable(dst, src, type, n);
        return;
    }
    const uint16_t* s = src;
    uint32_t i = 0;
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(s + i))));
    for (; i < n; i++) dst[i] = pydml_f16_to_f32(s[i]);
}

/* In-register transpose of 8 rows of 8 floats: r[c] becomes column c (unpacks within 128-bit
 * lanes, then one lane exchange per pair; no gathers, which are slow on Zen). */
INLINE T256 void transpose8(__m256 r[8]) {
    __m256 t[8], u[8];
    for (int i = 0; i < 4; i++) {
        t[2 * i] = _mm256_unpacklo_ps(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_ps(r[2 * i], r[2 * i + 1]);
    }
    for (int i = 0; i < 2; i++) {
        u[4 * i + 0] = _mm256_shuffle_ps(t[4 * i], t[4 * i + 2], 0x44);
        u[4 * i + 1] = _mm256_shuffle_ps(t[4 * i], t[4 * i + 2], 0xEE);
        u[4 * i + 2] = _mm256_shuffle_ps(t[4 * i + 1], t[4 * i + 3], 0x44);
        u[4 * i + 3] = _mm256_shuffle_ps(t[4 * i + 1], t[4 * i + 3], 0xEE);
    }
    for (int m = 0; m < 4; m++) {
        r[m] = _mm256_permute2f128_ps(u[m], u[4 + m], 0x20);
        r[4 + m] = _mm256_permute2f128_ps(u[m], u[4 + m], 0x31);
    }
}

/* The first n (< 8) floats of v to d, without a masked store (vmaskmovps stores are slow on AMD). */
INLINE T256 void store_part8(float* d, __m256 v, uint32_t n) {
    __m128 x = _mm256_castps256_ps128(v);
    if (n >= 4) {
        _mm_storeu_ps(d, x);
        x = _mm256_extractf128_ps(v, 1);
        d += 4;
        n -= 4;
    }
    if (n >= 2) {
        _mm_storel_pi((__m64*)d, x);
        x = _mm_movehl_ps(x, x);
        d += 2;
        n -= 2;
    }
    if (n) _mm_store_ss(d, x);
}

/* 8 elements of type `type` (FLOAT32 / FLOAT16) from src, zero past n (< 8: read only n). */
INLINE T256 __m256 load8_256(const char* src, uint32_t type, uint32_t n) {
    if (n >= 8) {
        if (type == DML_TENSOR_DATA_TYPE_FLOAT32) return _mm256_loadu_ps((const float*)src);
        return _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)src));
    }
    float tmp[8] = {0};
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        for (uint32_t i = 0; i < n; i++) tmp[i] = ((const float*)src)[i];
    } else {
        for (uint32_t i = 0; i < n; i++) tmp[i] = pydml_f16_to_f32(((const uint16_t*)src)[i]);
    }
    return _mm256_loadu_ps(tmp);
}

/* Band packing from a pixel-contiguous source (NCHW): 8 x 8 blocks transposed in registers. */
T256 static void transpose_in256(float* dst, const int64_t* pos, const void* src, uint32_t type, int64_t cs,
                                 uint32_t cnt, uint32_t npix) {
    if (type == PYDML_DATA_TYPE_BFLOAT16) {
        const uint16_t* s = src;
        for (uint32_t p = 0; p < npix; p++) {
            float* d = dst + pos[p] * CONV_CB;
            for (uint32_t c = 0; c < cnt; c++) d[c] = pydml_bf16_to_f32(s[(int64_t)c * cs + p]);
        }
        return;
    }
    const uint32_t es = type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    for (uint32_t p0 = 0; p0 < npix; p0 += 8) {
        const uint32_t np = npix - p0 < 8 ? npix - p0 : 8;
        if (np < 8 && type == DML_TENSOR_DATA_TYPE_FLOAT32) {
            /* a row's last pixels (all of a 7-pixel row): masked loads, not a scalar copy through a
             * stack buffer (its wide reload misses store forwarding) */
            const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)np), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
            for (uint32_t c0 = 0; c0 < CONV_CB; c0 += 8) {
                __m256 r[8];
                for (uint32_t c = 0; c < 8; c++)
                    r[c] = c0 + c < cnt ? _mm256_maskload_ps((const float*)src + (int64_t)(c0 + c) * cs + p0, m)
                                        : _mm256_setzero_ps();
                transpose8(r);
                for (uint32_t t = 0; t < np; t++) _mm256_storeu_ps(dst + pos[p0 + t] * CONV_CB + c0, r[t]);
            }
            continue;
        }
        for (uint32_t c0 = 0; c0 < CONV_CB; c0 += 8) {
            __m256 r[8];
            for (uint32_t c = 0; c < 8; c++) {
                /* the channel rows are planes apart, too many streams for the hardware prefetcher:
                 * ask for the line 4 groups ahead */
                if (c0 + c < cnt) _mm_prefetch((const char*)src + ((int64_t)(c0 + c) * cs + p0 + 32) * es, _MM_HINT_T0);
                r[c] = c0 + c < cnt ? load8_256((const char*)src + ((int64_t)(c0 + c) * cs + p0) * es, type, np)
                                    : _mm256_setzero_ps();
            }
            transpose8(r);
            for (uint32_t t = 0; t < np; t++) _mm256_storeu_ps(dst + pos[p0 + t] * CONV_CB + c0, r[t]);
        }
    }
}

/* A finished dense tile [mr][ldt] to the output (see conv_finish_fn); NCHW outputs through 8 x 8
 * transposes, so each output channel gets a contiguous run of pixels. */
T256 static void finish256(const float* tile, uint32_t ldt, uint32_t mr, uint32_t nv, void* out, uint32_t type,
                           int64_t cs, int64_t ps, float* tmp) {
    const int64_t es = type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    char* o = out;
    if (cs == 1 && type == DML_TENSOR_DATA_TYPE_FLOAT32) { /* the pointwise GEMM's rows: copied here, not
                                                             * a store256 call per 16-float row */
        for (uint32_t t = 0; t < mr; t++) {
            float* d = (float*)o + t * ps;
            const float* s = tile + t * ldt;
            uint32_t j = 0;
            for (; j + 8 <= nv; j += 8) _mm256_storeu_ps(d + j, _mm256_loadu_ps(s + j));
            if (j < nv) store_part8(d + j, _mm256_loadu_ps(s + j), nv - j);
        }
        return;
    }
    if (cs == 1) {
        for (uint32_t t = 0; t < mr; t++) store256(o + t * ps * es, type, 1, tile + t * ldt, nv);
        return;
    }
    const int direct = type == DML_TENSOR_DATA_TYPE_FLOAT32 && ps == 1;
    for (uint32_t t0 = 0; t0 < mr; t0 += 8) {
        const uint32_t nt = mr - t0 < 8 ? mr - t0 : 8;
        for (uint32_t jb = 0; jb < nv; jb += 8) {
            __m256 r[8];
            for (uint32_t t = 0; t < 8; t++)
                r[t] = t < nt ? _mm256_loadu_ps(tile + (t0 + t) * ldt + jb) : _mm256_setzero_ps();
            transpose8(r);
            const uint32_t nj = nv - jb < 8 ? nv - jb : 8;
            for (uint32_t j = 0; j < nj; j++) {
                char* dst = o + ((jb + j) * cs + t0 * ps) * es;
                if (direct) {
                    if (nt == 8) _mm256_storeu_ps((float*)dst, r[j]);
                    else store_part8((float*)dst, r[j], nt);
                } else {
                    _mm256_storeu_ps(tmp, r[j]);
                    store256(dst, type, ps, tmp, nt);
                }
            }
        }
    }
}

T256 static void rows256(const conv_rows_args* a) {
    const int64_t es = a->type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    for (uint32_t r = 0; r < a->rows; r++) {
        const float* in = a->in + (int64_t)r * a->in_row_step;
        char* out = (char*)a->out + (int64_t)r * a->out_row_step * es;
        for (uint32_t q0 = 0; q0 < a->qw; q0 += CONV_ROW_CHUNK) {
            const uint32_t n = a->qw - q0 < CONV_ROW_CHUNK ? a->qw - q0 : CONV_ROW_CHUNK;
            __m256 acc[8];
            for (int i = 0; i < 8; i++) acc[i] = _mm256_set1_ps(a->bias);
            for (uint32_t ic = 0; ic < a->cin; ic++) {
                const float* wi = a->w + (size_t)ic * a->ktot;
                const float* xi = in + (int64_t)ic * a->ic_stride + q0;
                for (uint32_t v = 0; v < a->nv; v++) {
                    const float* xr = xi + a->roff[v];
                    const float* wr = wi + (size_t)a->kdh[v] * a->kw_count;
                    for (uint32_t x = 0; x < a->nw; x++) {
                        const __m256 wt = _mm256_set1_ps(wr[a->kw[x]]);
                        const float* s = xr + a->woff[x];
                        _Pragma("GCC unroll 8") for (int i = 0; i < 8; i++)
                            acc[i] = _mm256_fmadd_ps(wt, _mm256_loadu_ps(s + 8 * i), acc[i]);
                    }
                }
            }
            for (int i = 0; i < 8; i++) _mm256_storeu_ps(a->tmp + 8 * i, acc[i]);
            if (a->act) pydml_conv_activation(a->act, a->tmp, n);
            store256(out + (int64_t)q0 * a->out_pstride * es, a->type, a->out_pstride, a->tmp, n);
        }
    }
}

/* The folded stem (conv_stem_kernel): 16 pixels (two ymm) x MR output channels (broadcast weights)
 * per step, 2 loads + MR broadcasts per 2 MR FMAs, stored straight to the NCHW output rows: no tile
 * transpose, no partial sums kept between weight chunks (the stem's 21 folded channels x 7 taps of
 * weights for 6 channels are 3.5 KiB). */
INLINE T256 void stem256_body(const float* band, int64_t cstride, uint32_t cin, const int64_t* roff,
                              const uint32_t* tap, uint32_t nv, uint32_t T, const float* panel, uint32_t nr,
                              const float* bias, float* out, int64_t out_cs, uint32_t W, const int MR, int relu) {
    for (uint32_t q0 = 0; q0 < W; q0 += 16) {
        __m256 a0[6], a1[6];
        _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
            a0[t] = _mm256_set1_ps(bias[t] + 0.0f); /* the microkernels' bias + row bias (0) */
            a1[t] = a0[t];
        }
        for (uint32_t c0 = 0; c0 < cin; c0 += CONV_CB) {
            const uint32_t cnt = cin - c0 < CONV_CB ? cin - c0 : CONV_CB;
            const float* xb = band + (int64_t)c0 * cstride + q0;
            const float* wb = panel + (size_t)c0 * T * nr;
            for (uint32_t v = 0; v < nv; v++) {
                const float* x = xb + roff[v];
                const float* w = wb + (size_t)tap[v] * cnt * nr;
                for (uint32_t ic = 0; ic < cnt; ic++) {
                    const __m256 x0 = _mm256_loadu_ps(x), x1 = _mm256_loadu_ps(x + 8);
                    x += cstride;
                    _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
                        const __m256 b = _mm256_broadcast_ss(w + t);
                        a0[t] = _mm256_fmadd_ps(b, x0, a0[t]);
                        a1[t] = _mm256_fmadd_ps(b, x1, a1[t]);
                    }
                    w += nr;
                }
            }
        }
        const uint32_t n = W - q0 < 16 ? W - q0 : 16;
        const __m256 zero = _mm256_setzero_ps();
        _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
            if (relu) { /* max(0, v): v < 0 ? 0 : v, as stem512_body */
                a0[t] = _mm256_max_ps(zero, a0[t]);
                a1[t] = _mm256_max_ps(zero, a1[t]);
            }
            float* o = out + t * out_cs + q0;
            if (n == 16) {
                _mm256_storeu_ps(o, a0[t]);
                _mm256_storeu_ps(o + 8, a1[t]);
            } else if (n > 8) {
                _mm256_storeu_ps(o, a0[t]);
                store_part8(o + 8, a1[t], n - 8);
            } else if (n == 8) {
                _mm256_storeu_ps(o, a0[t]);
            } else {
                store_part8(o, a0[t], n);
            }
        }
    }
}

T256 static void stem256(const float* band, int64_t cstride, uint32_t cin, const int64_t* roff, const uint32_t* tap,
                         uint32_t nv, uint32_t T, const float* panel, uint32_t nr, uint32_t mr, const float* bias,
                         float* out, int64_t out_cs, uint32_t W, int relu) {
    switch (mr) {
    case 1: stem256_body(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, W, 1, relu); break;
    case 2: stem256_body(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, W, 2, relu); break;
    case 3: stem256_body(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, W, 3, relu); break;
    case 4: stem256_body(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, W, 4, relu); break;
    case 5: stem256_body(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, W, 5, relu); break;
    default: stem256_body(band, cstride, cin, roff, tap, nv, T, panel, nr, bias, out, out_cs, W, 6, relu); break;
    }
}

/* ---- direct depthwise rows (conv_dw_kernel; as the AVX-512 ones above) ------------------------- */

/* 8 columns from c of a row, zeros outside [0, in_w) (those are not read: vmaskmovps). */
INLINE T256 __m256 dw_load256(const float* row, int64_t c, int64_t in_w) {
    if (c >= 0 && c + 8 <= in_w) return _mm256_loadu_ps(row + c);
    const int64_t lo = c < 0 ? (-c < 8 ? -c : 8) : 0;
    const int64_t hi = in_w - c < 8 ? (in_w - c > 0 ? in_w - c : 0) : 8;
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i m = _mm256_and_si256(_mm256_cmpgt_epi32(lane, _mm256_set1_epi32((int)lo - 1)),
                                       _mm256_cmpgt_epi32(_mm256_set1_epi32((int)hi), lane));
    return _mm256_maskload_ps((const float*)((uintptr_t)row + (uintptr_t)(c * 4)), m);
}

/* Pairs of rows only while their accumulators leave the weight and a load a register of the 16:
 * 2 x 7 spilled (8 x 64 x 56 x 56 3x3, 1-thread CPU time, 3 alternating runs: 1.04 -> 1.00 ms). */
#define DW256_PAIR 5
INLINE T256 void dw256_body(const conv_dw_args* a, uint32_t r, int64_t q0, const int NV, const int R, const int ALL) {
    __m256 acc[2][7];
    _Pragma("GCC unroll 2") for (int i = 0; i < R; i++)
        _Pragma("GCC unroll 7") for (int j = 0; j < NV; j++) acc[i][j] = _mm256_set1_ps(a->bias);
    const int64_t in_w = a->in_w;
    for (uint32_t v = 0; v < a->nv; v++) {
        const float* s0 = a->rows[v] + (int64_t)r * a->row_step;
        const float* wv = a->w[v];
        for (uint32_t x = 0; x < a->nw; x++) {
            const __m256 wt = _mm256_broadcast_ss(wv + x);
            const int64_t c = q0 + a->coff[x];
            _Pragma("GCC unroll 2") for (int i = 0; i < R; i++) {
                const float* s = s0 + i * a->row_step;
                _Pragma("GCC unroll 7") for (int j = 0; j < NV; j++) {
                    const int64_t cj = c + 8 * j;
                    const __m256 xv = (ALL || j == 0 || j == NV - 1) ? dw_load256(s, cj, in_w) : _mm256_loadu_ps(s + cj);
                    acc[i][j] = _mm256_fmadd_ps(wt, xv, acc[i][j]);
                }
            }
        }
    }
    _Pragma("GCC unroll 2") for (int i = 0; i < R; i++) {
        float* o = a->out + (int64_t)(r + i) * a->out_step + q0;
        _Pragma("GCC unroll 7") for (int j = 0; j < NV; j++) {
            const int64_t n = (int64_t)a->W - q0 - 8 * j;
            if (n >= 8) _mm256_storeu_ps(o + 8 * j, acc[i][j]);
            else store_part8(o + 8 * j, acc[i][j], (uint32_t)n);
        }
    }
}

T256 DW_DRIVER(dw256_checked, dw256_body, 8, DW256_PAIR)

/* Columns c .. c + 7 inside [0, in_w), as a vmaskmovps mask. */
INLINE T256 __m256i dw_mask256(int64_t c, int64_t in_w) {
    const int64_t lo = c < 0 ? (-c < 8 ? -c : 8) : 0;
    const int64_t hi = in_w - c < 8 ? (in_w - c > 0 ? in_w - c : 0) : 8;
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    return _mm256_and_si256(_mm256_cmpgt_epi32(lane, _mm256_set1_epi32((int)lo - 1)),
                            _mm256_cmpgt_epi32(_mm256_set1_epi32((int)hi), lane));
}

/* dw256_body with the edge vectors' masks computed once per chunk (mL[x] for the first vector,
 * mR[x] for the last; NV 1: mL only, both edges): no branch or mask arithmetic per load. */
INLINE T256 void dw256_mbody(const conv_dw_args* a, uint32_t r, int64_t q0, const __m256i* mL, const __m256i* mR,
                             const int NV, const int R) {
    __m256 acc[2][7];
    _Pragma("GCC unroll 2") for (int i = 0; i < R; i++)
        _Pragma("GCC unroll 7") for (int j = 0; j < NV; j++) acc[i][j] = _mm256_set1_ps(a->bias);
    for (uint32_t v = 0; v < a->nv; v++) {
        const float* s0 = a->rows[v] + (int64_t)r * a->row_step;
        const float* wv = a->w[v];
        for (uint32_t x = 0; x < a->nw; x++) {
            const __m256 wt = _mm256_broadcast_ss(wv + x);
            const int64_t c = q0 + a->coff[x];
            const __m256i ml = mL[x], mr = mR[x];
            _Pragma("GCC unroll 2") for (int i = 0; i < R; i++) {
                const float* s = s0 + i * a->row_step;
                _Pragma("GCC unroll 7") for (int j = 0; j < NV; j++) {
                    const int64_t cj = c + 8 * j;
                    const float* at = (const float*)((uintptr_t)s + (uintptr_t)(cj * 4));
                    const __m256 xv = j == 0 ? _mm256_maskload_ps(at, ml)
                                             : j == NV - 1 ? _mm256_maskload_ps(at, mr) : _mm256_loadu_ps(s + cj);
                    acc[i][j] = _mm256_fmadd_ps(wt, xv, acc[i][j]);
                }
            }
        }
    }
    _Pragma("GCC unroll 2") for (int i = 0; i < R; i++) {
        float* o = a->out + (int64_t)(r + i) * a->out_step + q0;
        _Pragma("GCC unroll 7") for (int j = 0; j < NV; j++) {
            const int64_t n = (int64_t)a->W - q0 - 8 * j;
            if (n >= 8) _mm256_storeu_ps(o + 8 * j, acc[i][j]);
            else store_part8(o + 8 * j, acc[i][j], (uint32_t)n);
        }
    }
}

#define DW_MCASES(ROW, R)                                                   \
    switch (nv) {                                                           \
    case 1: dw256_mbody(a, ROW, q0, mL, mR, 1, R); break;                   \
    case 2: dw256_mbody(a, ROW, q0, mL, mR, 2, R); break;                   \
    case 3: dw256_mbody(a, ROW, q0, mL, mR, 3, R); break;                   \
    case 4: dw256_mbody(a, ROW, q0, mL, mR, 4, R); break;                   \
    case 5: dw256_mbody(a, ROW, q0, mL, mR, 5, R); break;                   \
    case 6: dw256_mbody(a, ROW, q0, mL, mR, 6, R); break;                   \
    default: dw256_mbody(a, ROW, q0, mL, mR, 7, R); break;                  \
    }

/* conv_dw_kernel: chunks outside (their edge masks computed once), rows inside, the activation
 * over each finished row; more than 16 width taps, or chunks whose inner vectors would read outside
 * the row, take dw256_checked_rows. */
T256 static void dw256_rows(const conv_dw_args* a) {
    const int64_t nvec = ((int64_t)a->W + 7) / 8, nch = (nvec + 6) / 7;
    if (!dw_inner_ok(a, 8)) {
        dw256_checked_rows(a);
        return;
    }
    __m256i mL[16], mR[16];
    for (int64_t ch = 0, j0 = 0; ch < nch; ch++) {
        const int64_t nv = dw_chunk_vectors(nvec, nch, ch), q0 = j0 * 8;
        j0 += nv;
        for (uint32_t x = 0; x < a->nw; x++) {
            mL[x] = dw_mask256(q0 + a->coff[x], a->in_w);
            mR[x] = dw_mask256(q0 + 8 * (nv - 1) + a->coff[x], a->in_w);
        }
        uint32_t r = 0;
        if (nv <= DW256_PAIR)
            for (; r + 2 <= a->rows_n; r += 2) DW_MCASES(r, 2)
        for (; r < a->rows_n; r++) DW_MCASES(r, 1)
    }
    if (a->act)
        for (uint32_t r = 0; r < a->rows_n; r++) pydml_conv_activation(a->act, a->out + (int64_t)r * a->out_step, a->W);
}

/* dw2_512_body's 8-column form (conv_kernels.dw2 on AVX2): vshufps leaves the outputs in the order
 * [0 1 4 5 | 2 3 6 7], which one vpermpd per vector restores at the store (the same bits). */
INLINE T256 __m256 dw2_taps256(const float* s, int64_t c, const __m256i* m) {
    const __m256 lo = _mm256_maskload_ps((const float*)((uintptr_t)s + (uintptr_t)(c * 4)), m[0]);
    const __m256 hi = _mm256_maskload_ps((const float*)((uintptr_t)s + (uintptr_t)((c + 8) * 4)), m[1]);
    return _mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0));
}

INLINE T256 void dw2_256_body(const conv_dw_args* a, uint32_t r, int64_t q0, const __m256i (*m)[8], const int NV) {
    __m256 acc[4];
    _Pragma("GCC unroll 4") for (int j = 0; j < NV; j++) acc[j] = _mm256_set1_ps(a->bias);
    for (uint32_t v = 0; v < a->nv; v++) {
        const float* s = a->rows[v] + (int64_t)r * a->row_step;
        const float* wv = a->w[v];
        for (uint32_t x = 0; x < a->nw; x++) {
            const __m256 wt = _mm256_broadcast_ss(wv + x);
            const int64_t c = 2 * q0 + a->coff[x];
            _Pragma("GCC unroll 4") for (int j = 0; j < NV; j++)
                acc[j] = _mm256_fmadd_ps(wt, dw2_taps256(s, c + 16 * j, m[x] + 2 * j), acc[j]);
        }
    }
    float* o = a->out + (int64_t)r * a->out_step + q0;
    _Pragma("GCC unroll 4") for (int j = 0; j < NV; j++) {
        const __m256 v = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(acc[j]), _MM_SHUFFLE(3, 1, 2, 0)));
        const int64_t n = (int64_t)a->W - q0 - 8 * j;
        if (n >= 8) _mm256_storeu_ps(o + 8 * j, v);
        else store_part8(o + 8 * j, v, (uint32_t)n);
    }
}

/* conv_dw_kernel for a width stride of 2 on AVX2 (as dw2_512_rows, chunks of at most 4 vectors) */
T256 static void dw2_256_rows(const conv_dw_args* a) {
    const int64_t nvec = ((int64_t)a->W + 7) / 8, nch = (nvec + 3) / 4;
    __m256i m[DW2_TAPS][8];
    for (int64_t ch = 0, j0 = 0; ch < nch; ch++) {
        const int64_t nv = nvec / nch + (ch < nvec % nch ? 1 : 0), q0 = j0 * 8;
        j0 += nv;
        for (uint32_t x = 0; x < a->nw; x++)
            for (int64_t k = 0; k < 2 * nv; k++) m[x][k] = dw_mask256(2 * q0 + a->coff[x] + 8 * k, a->in_w);
        for (uint32_t r = 0; r < a->rows_n; r++) switch (nv) {
            case 1: dw2_256_body(a, r, q0, m, 1); break;
            case 2: dw2_256_body(a, r, q0, m, 2); break;
            case 3: dw2_256_body(a, r, q0, m, 3); break;
            default: dw2_256_body(a, r, q0, m, 4); break;
            }
    }
    if (a->act)
        for (uint32_t r = 0; r < a->rows_n; r++) pydml_conv_activation(a->act, a->out + (int64_t)r * a->out_step, a->W);
}

/* d[j] = s[2 j] for j < n (conv_kernels.copy2, as copy2_512): 8 outputs per two loads while they end
 * before s[2 (n - 1)]; the last few by the scalar loop. */
T256 static void copy2_256(float* d, const float* s, uint32_t n) {
    uint32_t j = 0;
    for (; j + 8 < n; j += 8) { /* reads s[2 j] .. s[2 j + 15], 2 j + 15 < 2 (n - 1) */
        const __m256 a = _mm256_loadu_ps(s + 2 * (size_t)j);
        const __m256 b = _mm256_loadu_ps(s + 2 * (size_t)j + 8);
        /* [a0 a2 b0 b2 | a4 a6 b4 b6] -> [a0 a2 a4 a6 b0 b2 b4 b6] */
        const __m256 e = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
        _mm256_storeu_ps(d + j, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(e), _MM_SHUFFLE(3, 1, 2, 0))));
    }
    for (; j < n; j++) d[j] = s[2 * (size_t)j];
}

/* conv_kernels.split2 on AVX2: 16 columns a step (vshufps, then the 64-bit pairs in order) */
T256 static void split2_256(const float* src, int64_t sstep, uint32_t rows, uint32_t n, float* even, float* odd,
                            int64_t dstep) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (uint32_t r = 0; r < rows; r++) {
        const float* s = src + (int64_t)r * sstep;
        float* e = even + (int64_t)r * dstep;
        float* o = odd + (int64_t)r * dstep;
        for (uint32_t c = 0; c < n; c += 16) {
            const int m = (int)(n - c < 16 ? n - c : 16);
            const __m256 lo = _mm256_maskload_ps(s + c, _mm256_cmpgt_epi32(_mm256_set1_epi32(m), lane));
            const __m256 hi = _mm256_maskload_ps(s + c + 8, _mm256_cmpgt_epi32(_mm256_set1_epi32(m - 8), lane));
            const __m256 ev = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(lo, hi, 0x88)), 0xD8));
            const __m256 od = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(lo, hi, 0xDD)), 0xD8));
            _mm256_maskstore_ps(e + c / 2, _mm256_cmpgt_epi32(_mm256_set1_epi32((m + 1) / 2), lane), ev);
            _mm256_maskstore_ps(o + c / 2, _mm256_cmpgt_epi32(_mm256_set1_epi32(m / 2), lane), od);
        }
    }
}

/* conv_dwf_kernel on AVX2: vectors of 8 outputs, each a byte of the plan's 16-bit masks expanded to
 * lanes (lane_masks.h; vmaskmovps loads nothing under a clear lane); the FMA under fmask as a blend */

INLINE T256 void dwf256_body(const conv_dwf_args* a, uint32_t v0, const int NV) {
    __m256 acc[8];
    _Pragma("GCC unroll 8") for (int j = 0; j < NV; j++) acc[j] = _mm256_set1_ps(a->bias);
    for (uint32_t t = 0; t < a->taps; t++) {
        const __m256 wt = _mm256_set1_ps(a->w[t]);
        const uintptr_t at = a->at[t] + 32u * (uintptr_t)v0;
        const uint16_t* lm = a->lmask + (size_t)t * a->nvec;
        const uint16_t* fm = a->fmask + (size_t)t * a->nvec;
        _Pragma("GCC unroll 8") for (int j = 0; j < NV; j++) {
            const uint32_t v = v0 + (uint32_t)j;
            const __m256 x = _mm256_maskload_ps((const float*)(at + 32u * (uintptr_t)j), pydml_lanes8(pydml_mask_byte(lm, v)));
            acc[j] = _mm256_blendv_ps(acc[j], _mm256_fmadd_ps(wt, x, acc[j]),
                                      _mm256_castsi256_ps(pydml_lanes8(pydml_mask_byte(fm, v))));
        }
    }
    const __m256 lo = _mm256_set1_ps(a->lo), hi = _mm256_set1_ps(a->hi);
    _Pragma("GCC unroll 8") for (int j = 0; j < NV; j++) {
        const uint32_t o = 8 * (v0 + (uint32_t)j), left = a->n - o;
        const __m256 r = pydml_clamp256(acc[j], a->clamp, lo, hi);
        if (left >= 8) _mm256_storeu_ps(a->out + o, r);
        else _mm256_maskstore_ps(a->out + o, pydml_lanes8((1u << left) - 1u), r);
    }
}

T256 static void dwf256(const conv_dwf_args* a) {
    const uint32_t nv8 = (a->n + 7) / 8;
    DWF_CHUNKS(dwf256_body, a, nv8)
}

int pydml_conv_helpers_avx2(conv_kernels* k) {
    pydml_conv_helpers_portable(k);
    k->copy2 = copy2_256;
    k->stem = stem256;
    k->dw = dw256_rows;
    k->dw2 = dw2_256_rows;
    k->dwf = dwf256;
    k->split2 = split2_256;
    k->dwf_max = 1024;
    k->rows = rows256;
    k->finish = finish256;
    k->transpose_in = transpose_in256;
    k->store = store256;
    k->load = load256;
    return 1;
}

/* ---- fused clamps in place (pydml_conv_activation) ------------------------------------------ */

T512 static void clamp_rows512(float* v, size_t n, uint32_t mode, float lo, float hi) {
    const __m512 l = _mm512_set1_ps(lo), h = _mm512_set1_ps(hi);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) _mm512_storeu_ps(v + i, pydml_clamp512(_mm512_loadu_ps(v + i), mode, l, h));
    if (i < n) {
        const __mmask16 m = mask16((uint32_t)(n - i));
        _mm512_mask_storeu_ps(v + i, m, pydml_clamp512(_mm512_maskz_loadu_ps(m, v + i), mode, l, h));
    }
}

T256 static void clamp_rows256(float* v, size_t n, uint32_t mode, float lo, float hi) {
    const __m256 l = _mm256_set1_ps(lo), h = _mm256_set1_ps(hi);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(v + i, pydml_clamp256(_mm256_loadu_ps(v + i), mode, l, h));
    for (; i < n; i++) { /* the same formula on one lane */
        const __m256 r = pydml_clamp256(_mm256_set1_ps(v[i]), mode, l, h);
        v[i] = _mm256_cvtss_f32(r);
    }
}

int pydml_conv_clamp(float* v, size_t n, uint32_t mode, float lo, float hi) {
    const uint32_t f = pydml_active_cpu_features();
    if (f & PYDML_CPU_AVX512) clamp_rows512(v, n, mode, lo, hi);
    else if ((f & PYDML_CPU_AVX2_FMA) && (f & PYDML_CPU_F16C)) clamp_rows256(v, n, mode, lo, hi);
    else return 0;
    return 1;
}

#else /* not x86-64 GCC/Clang */

int pydml_conv_clamp(float* v, size_t n, uint32_t mode, float lo, float hi) {
    (void)v;
    (void)n;
    (void)mode;
    (void)lo;
    (void)hi;
    return 0;
}

int pydml_conv_helpers_avx512(conv_kernels* k) {
    (void)k;
    return 0;
}
int pydml_conv_helpers_avx2(conv_kernels* k) {
    (void)k;
    return 0;
}
int pydml_conv_helpers_bf16pairs(conv_kernels* k) {
    (void)k;
    return 0;
}

#endif
