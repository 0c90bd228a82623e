/* The optimizer kernel family (families.h): ADAM_OPTIMIZER (page: MicrosoftDocs/sdk-api
 * ns-directml-dml_adam_optimizer_operator_desc.md; rules_optimizer.c checks the desc).
 *
 * The page's computation, element by element, with T the training step:
 *   M' = Beta1 * M + (1 - Beta1) * G
 *   V' = Beta2 * V + (1 - Beta2) * G * G
 *   Alpha = sqrt(1 - Beta2^T) / (1 - Beta1^T)
 *   X' = X - LearningRate * Alpha * M' / (sqrt(V') + Epsilon)
 * Outputs X', M', V'. The operator does not increment T (the page). TrainingStepTensor is a UINT32
 * scalar (the field text; pydml/ops/optimizer.py says why the table's FLOAT32/FLOAT16 row is not
 * followed). T = 0 gives Alpha = 0 / 0 = NaN, as the formula does (the page says the step
 * "typically ... starts at 0", yet its bias correction needs T >= 1; tensorflow-directml's ApplyAdam
 * passes T >= 1).
 *
 * Precision: Alpha and LearningRate * Alpha in double once per execution; each element in double
 * (M' and V' unrounded in the X' update, as the page chains them), each output rounded once (FLOAT16:
 * through round-to-odd, so the half conversion is the one correct rounding). The quotient
 * LearningRate * Alpha * M' / D, D = sqrt(V') + Epsilon, is a product by 1 / D from a float
 * reciprocal refined once in double (adam_quotient): relative error below 2^-44 against 2^-53 for
 * the division, far below the float outputs' 2^-24, so X' is the page's value rounded once unless the
 * update cancels X to within about 2^-20 of the update (a parameter crossing zero), where its error
 * stays below 2^-44 of the update. On Intel's 512-bit divider the division was 40 % of a step
 * (Emerald Rapids, 65,536 parameters in L2, one thread by CPU time, two builds side by side: 1.90 ->
 * 1.54-1.70 ns a parameter on the AVX-512 path, 1.90 -> 1.80 on the AVX2 path; 8M parameters past
 * the cache, bound by memory, within the noise: 56-83 against 59-71 % of the copy). Every operation
 * in it is correctly rounded IEEE arithmetic, so every path computes the same bits; D outside
 * [2^-126, 2^126] (where the float reciprocal would lose bits), 0, infinite or NaN takes the
 * division.
 *
 * In place (the page's remarks: each output may alias an eligible input, every input but
 * TrainingStepTensor): every element's four inputs are read before its three outputs are written,
 * and an output element is the memory of the same input element at most (an exact alias, what
 * device.py admits), so an in-place output reads the old values; strided and FLOAT16 rows are read
 * whole into local blocks first. TrainingStepTensor is read before anything is written. Blocks are
 * disjoint, so the threads never touch each other's elements. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define OPT_X86 1
#endif

#include "convert.h"
#include "elementwise.h"
#include "families.h"
#include "normalization_internal.h"
#include "rules.h"
#include "stream_store.h"

/* Elements per block (7 float buffers of it on the stack: 14 KiB). */
#define OPT_BLOCK 512
/* Elements below which one thread runs everything. */
#define OPT_PARALLEL_MIN 32768
/* Output bytes from which the outputs are written with non-temporal stores. */
#define OPT_STREAM_BYTES (32u << 20)

/* the seven element tensors, in the desc's order: X, M, V, G (inputs), X', M', V' (outputs) */
enum { NT = 7 };

typedef struct adam_plan {
    uint32_t dtype;
    uint32_t sizes[4];
    double lr, beta1, beta2, eps;
} adam_plan;

typedef struct adam_k {
    double b1, c1, b2, c2, step, eps; /* Beta1, 1 - Beta1, Beta2, 1 - Beta2, LearningRate * Alpha */
} adam_k;


static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
    const DML_ADAM_OPTIMIZER_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(info, desc, "InputParametersTensor");
    if (x == NULL || x->DimensionCount != 4) return PYDML_STATUS_INVALID_PARAMETER;
    if (x->DataType != DML_TENSOR_DATA_TYPE_FLOAT32 && x->DataType != DML_TENSOR_DATA_TYPE_FLOAT16)
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    adam_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->dtype = x->DataType;
    memcpy(p->sizes, x->Sizes, sizeof p->sizes);
    p->lr = d->LearningRate;
    p->beta1 = d->Beta1;
    p->beta2 = d->Beta2;
    p->eps = d->Epsilon;
    *out = p;
    return PYDML_STATUS_SUCCESS;
}

static void destroy(void* plan) { free(plan); }

static pydml_status check_view(const pydml_tensor* v, uint32_t type, const uint32_t* sizes) {
    if (v == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != type || v->dim_count != 4) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < 4; d++)
        if (v->sizes[d] != sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* ---- row kernels ---- */

/* s / d for d in [2^-126, 2^126]: r0 = 1 / d in float (d rounded to float and the quotient rounded:
 * relative error below 2^-22.4), one Newton step r1 = r0 + r0 (1 - d r0) in double (its error the
 * square of r0's, below 2^-44.8, plus the steps' roundings), then s r1; elsewhere (and for NaN)
 * the division itself */
static inline double adam_quotient(double s, double d) {
    if (!(d >= 0x1p-126 && d <= 0x1p126)) return s / d;
    const double r0 = (double)(1.0f / (float)d);
    return s * fma(r0, fma(-d, r0, 1.0), r0);
}

static inline void adam_one(double x, double m, double v, double g, const adam_k* k, double* xo, double* mo,
                            double* vo) {
    const double m1 = fma(k->b1, m, k->c1 * g);
    const double v1 = fma(k->b2, v, (k->c2 * g) * g);
    *mo = m1;
    *vo = v1;
    *xo = x - adam_quotient(k->step * m1, sqrt(v1) + k->eps);
}

/* No restrict: an output may be its input's memory (in place); each element's inputs are read
 * before its outputs are written, and an element's outputs touch no other element's inputs. */
/* mode 1: FLOAT16 outputs (rounded to odd); 0: FLOAT32 outputs, rounded to float */
static void adam_row_c(const float* x, const float* m, const float* v, const float* g, float* xo, float* mo,
                       float* vo, size_t n, const adam_k* k, int mode) {
    for (size_t i = 0; i < n; i++) {
        double a, b, c;
        adam_one(x[i], m[i], v[i], g[i], k, &a, &b, &c);
        if (mode == 1) {
            xo[i] = pydml_f64_to_f32_odd(a);
            mo[i] = pydml_f64_to_f32_odd(b);
            vo[i] = pydml_f64_to_f32_odd(c);
        } else {
            xo[i] = (float)a;
            mo[i] = (float)b;
            vo[i] = (float)c;
        }
    }
}

#ifdef OPT_X86
/* adam_quotient on 4 and 8 lanes: the same operations per lane; lanes outside the reciprocal's
 * range take the division (computed only when a step has such a lane) */
EW_T256 static inline __m256d opt_quotient256(__m256d s, __m256d d) {
    const __m256d r0 = _mm256_cvtps_pd(_mm_div_ps(_mm_set1_ps(1.0f), _mm256_cvtpd_ps(d)));
    const __m256d q = _mm256_mul_pd(s, _mm256_fmadd_pd(r0, _mm256_fnmadd_pd(d, r0, _mm256_set1_pd(1.0)), r0));
    const __m256d ok = _mm256_and_pd(_mm256_cmp_pd(d, _mm256_set1_pd(0x1p-126), _CMP_GE_OQ),
                                     _mm256_cmp_pd(d, _mm256_set1_pd(0x1p126), _CMP_LE_OQ));
    if (_mm256_movemask_pd(ok) == 0xf) return q;
    return _mm256_blendv_pd(_mm256_div_pd(s, d), q, ok);
}
EW_T512 static inline __m512d opt_quotient512(__m512d s, __m512d d) {
    const __m512d r0 = _mm512_cvtps_pd(_mm256_div_ps(_mm256_set1_ps(1.0f), _mm512_cvtpd_ps(d)));
    const __m512d q = _mm512_mul_pd(s, _mm512_fmadd_pd(r0, _mm512_fnmadd_pd(d, r0, _mm512_set1_pd(1.0)), r0));
    const __mmask8 ok = _mm512_cmp_pd_mask(d, _mm512_set1_pd(0x1p-126), _CMP_GE_OQ) &
                        _mm512_cmp_pd_mask(d, _mm512_set1_pd(0x1p126), _CMP_LE_OQ);
    if (ok == 0xff) return q;
    return _mm512_mask_blend_pd(ok, _mm512_div_pd(s, d), q);
}

/* The same expressions four (AVX2) or eight (AVX-512) doubles at a time (fma where adam_one calls
 * fma; every operation is per lane and correctly rounded), so the paths agree bit for bit.
 * AVX2: two vectors per step, the square root and the quotient (opt_quotient256) of one overlapping
 * the other's.
 * AVX-512: one vector of eight, half the instructions for the same work, which lets more of the
 * loads stay in flight (in place, Zen 4, one thread by CPU time: 81-116 % of the copy bandwidth
 * against 55-84 % with the AVX2 body).
 *
 * Two forms of a step: streamed (outputs past the cache, non-temporal 16-byte stores as they are
 * computed: numpy's large arrays start 16 bytes past a page, so 32-byte stores would rarely be
 * aligned) and ordinary (in place, or outputs that stay in the cache). The ordinary form loads the
 * whole step before it stores anything, writes 32 bytes per store (half the stores of the 16-byte
 * form) and prefetches its four inputs OPT_PF_DIST bytes ahead: in place the loads otherwise wait
 * behind the stores of the previous elements, and a line is only requested when the division
 * chain lets its load issue. Measured in place on the Zen 4 host (C microbenchmark, one thread by
 * CPU time, the arrays placed as numpy places consecutive 32 MiB arrays): AVX2 11-17 -> 17-22 GB/s,
 * AVX-512 16-21 -> 18-24 GB/s; the streamed form lost 10-15 % with the same prefetches (the
 * non-temporal stores already keep the memory busy), so it has none. */
#define OPT_PF_DIST 2048
#define OPT_PF(i)                                                                                            \
    do {                                                                                                     \
        if (((i) & 15u) == 0) { /* one line of each input per 16 elements; a hint, never a fault */         \
            _mm_prefetch((const char*)((uintptr_t)(x + (i)) + OPT_PF_DIST), _MM_HINT_T0);                    \
            _mm_prefetch((const char*)((uintptr_t)(m + (i)) + OPT_PF_DIST), _MM_HINT_T0);                    \
            _mm_prefetch((const char*)((uintptr_t)(v + (i)) + OPT_PF_DIST), _MM_HINT_T0);                    \
            _mm_prefetch((const char*)((uintptr_t)(g + (i)) + OPT_PF_DIST), _MM_HINT_T0);                    \
        }                                                                                                    \
    } while (0)
/* elements i + 4j .. i + 4j + 3: M', V' (m##j, v##j) and X' (x##j) in double */
#define OPT_STEP256(j)                                                                                       \
    const __m256d gd##j = _mm256_cvtps_pd(_mm_loadu_ps(g + i + 4 * j));                                      \
    const __m256d m##j = _mm256_fmadd_pd(b1, _mm256_cvtps_pd(_mm_loadu_ps(m + i + 4 * j)), _mm256_mul_pd(c1, gd##j)); \
    const __m256d v##j =                                                                                     \
        _mm256_fmadd_pd(b2, _mm256_cvtps_pd(_mm_loadu_ps(v + i + 4 * j)), _mm256_mul_pd(_mm256_mul_pd(c2, gd##j), gd##j)); \
    const __m256d x##j = _mm256_sub_pd(_mm256_cvtps_pd(_mm_loadu_ps(x + i + 4 * j)),                         \
                                       opt_quotient256(_mm256_mul_pd(st, m##j), _mm256_add_pd(_mm256_sqrt_pd(v##j), ep)));
#define OPT_CONST256                                                                                         \
    const __m256d b1 = _mm256_set1_pd(k->b1), c1 = _mm256_set1_pd(k->c1), b2 = _mm256_set1_pd(k->b2);       \
    const __m256d c2 = _mm256_set1_pd(k->c2), st = _mm256_set1_pd(k->step), ep = _mm256_set1_pd(k->eps);
#define OPT_PAIR256(a, b) _mm256_set_m128(_mm256_cvtpd_ps(b), _mm256_cvtpd_ps(a))
#define OPT_STEP512                                                                                          \
    const __m512d gd = _mm512_cvtps_pd(_mm256_loadu_ps(g + i));                                              \
    const __m512d m1 = _mm512_fmadd_pd(b1, _mm512_cvtps_pd(_mm256_loadu_ps(m + i)), _mm512_mul_pd(c1, gd));  \
    const __m512d v1 = _mm512_fmadd_pd(b2, _mm512_cvtps_pd(_mm256_loadu_ps(v + i)),                          \
                                       _mm512_mul_pd(_mm512_mul_pd(c2, gd), gd));                            \
    const __m512d x1 = _mm512_sub_pd(_mm512_cvtps_pd(_mm256_loadu_ps(x + i)),                                \
                                     opt_quotient512(_mm512_mul_pd(st, m1), _mm512_add_pd(_mm512_sqrt_pd(v1), ep)));
#define OPT_CONST512                                                                                         \
    const __m512d b1 = _mm512_set1_pd(k->b1), c1 = _mm512_set1_pd(k->c1), b2 = _mm512_set1_pd(k->b2);       \
    const __m512d c2 = _mm512_set1_pd(k->c2), st = _mm512_set1_pd(k->step), ep = _mm512_set1_pd(k->eps);
/* the eight results of one 512-bit step, as two streamed 16-byte stores */
#define OPT_NT2(p, v)                                                                                        \
    do {                                                                                                     \
        const __m256 f_ = _mm512_cvtpd_ps(v);                                                                \
        _mm_stream_ps((p), _mm256_castps256_ps128(f_));                                                      \
        _mm_stream_ps((p) + 4, _mm256_extractf128_ps(f_, 1));                                                \
    } while (0)

/* FLOAT32 outputs past the cache, streamed as they are computed. The three outputs are 16-byte
 * aligned at the same element (the caller checks their addresses agree mod 16): the elements before
 * it and the last n mod 8 take ordinary stores; the caller fences. */
static size_t opt_head(const float* xo, size_t n) {
    size_t h = 0;
    while (h < n && ((uintptr_t)(xo + h) & 15u) != 0) h++;
    return h;
}

/* Each ISA's two rows of FLOAT32 outputs: adam_row_<isa> (ordinary stores) and adam_row_nt_<isa>
 * (streamed stores past the aligned head); FLOAT16 outputs (rounded to odd) take adam_row_c. No restrict (in place): a step
 * reads all its inputs before it writes, and writes only its own elements. */
EW_T256 static void adam_row_avx2(const float* x, const float* m, const float* v, const float* g, float* xo,
                                  float* mo, float* vo, size_t n, const adam_k* k) {
    size_t i = 0;
    OPT_CONST256
    for (; i + 8 <= n; i += 8) {
        OPT_PF(i);
        OPT_STEP256(0)
        OPT_STEP256(1)
        _mm256_storeu_ps(xo + i, OPT_PAIR256(x0, x1));
        _mm256_storeu_ps(mo + i, OPT_PAIR256(m0, m1));
        _mm256_storeu_ps(vo + i, OPT_PAIR256(v0, v1));
    }
    adam_row_c(x + i, m + i, v + i, g + i, xo + i, mo + i, vo + i, n - i, k, 0);
}

EW_T256 static void adam_row_nt_avx2(const float* x, const float* m, const float* v, const float* g, float* xo,
                                     float* mo, float* vo, size_t n, const adam_k* k) {
    size_t i = opt_head(xo, n);
    adam_row_c(x, m, v, g, xo, mo, vo, i, k, 0);
    OPT_CONST256
    for (; i + 8 <= n; i += 8) {
        OPT_STEP256(0)
        _mm_stream_ps(xo + i, _mm256_cvtpd_ps(x0));
        _mm_stream_ps(mo + i, _mm256_cvtpd_ps(m0));
        _mm_stream_ps(vo + i, _mm256_cvtpd_ps(v0));
        OPT_STEP256(1)
        _mm_stream_ps(xo + i + 4, _mm256_cvtpd_ps(x1));
        _mm_stream_ps(mo + i + 4, _mm256_cvtpd_ps(m1));
        _mm_stream_ps(vo + i + 4, _mm256_cvtpd_ps(v1));
    }
    adam_row_c(x + i, m + i, v + i, g + i, xo + i, mo + i, vo + i, n - i, k, 0);
}

EW_T512 static void adam_row_avx512(const float* x, const float* m, const float* v, const float* g, float* xo,
                                    float* mo, float* vo, size_t n, const adam_k* k) {
    size_t i = 0;
    OPT_CONST512
    for (; i + 8 <= n; i += 8) {
        OPT_PF(i);
        OPT_STEP512
        _mm256_storeu_ps(xo + i, _mm512_cvtpd_ps(x1));
        _mm256_storeu_ps(mo + i, _mm512_cvtpd_ps(m1));
        _mm256_storeu_ps(vo + i, _mm512_cvtpd_ps(v1));
    }
    adam_row_c(x + i, m + i, v + i, g + i, xo + i, mo + i, vo + i, n - i, k, 0);
}

EW_T512 static void adam_row_nt_avx512(const float* x, const float* m, const float* v, const float* g, float* xo,
                                       float* mo, float* vo, size_t n, const adam_k* k) {
    size_t i = opt_head(xo, n);
    adam_row_c(x, m, v, g, xo, mo, vo, i, k, 0);
    OPT_CONST512
    for (; i + 8 <= n; i += 8) {
        OPT_STEP512
        OPT_NT2(xo + i, x1);
        OPT_NT2(mo + i, m1);
        OPT_NT2(vo + i, v1);
    }
    adam_row_c(x + i, m + i, v + i, g + i, xo + i, mo + i, vo + i, n - i, k, 0);
}
#undef OPT_NT2
#undef OPT_CONST512
#undef OPT_STEP512
#undef OPT_PAIR256
#undef OPT_CONST256
#undef OPT_STEP256
#undef OPT_PF
#undef OPT_PF_DIST
#endif

/* a row of FLOAT32 outputs */
typedef void (*adam_row_fn)(const float*, const float*, const float*, const float*, float*, float*, float*,
                            size_t, const adam_k*);

static void adam_row_f32(const float* x, const float* m, const float* v, const float* g, float* xo, float* mo,
                         float* vo, size_t n, const adam_k* k) {
    adam_row_c(x, m, v, g, xo, mo, vo, n, k, 0);
}
typedef void (*adam_nt_fn)(const float*, const float*, const float*, const float*, float*, float*, float*, size_t,
                           const adam_k*);

/* ---- execute ---- */

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    (void)ws; /* the family asks for no temporary resource (no temporary_bytes) */
    const adam_plan* p = plan;
    if (p == NULL || inputs == NULL || outputs == NULL || input_count != 5 || output_count != 3)
        return PYDML_STATUS_INVALID_PARAMETER;
    const pydml_tensor* t[NT] = {inputs[0], inputs[1], inputs[2], inputs[3], outputs[0], outputs[1], outputs[2]};
    pydml_status s;
    for (int i = 0; i < NT; i++)
        if ((s = check_view(t[i], p->dtype, p->sizes))) return s;
    static const uint32_t one[4] = {1, 1, 1, 1};
    if ((s = check_view(inputs[4], DML_TENSOR_DATA_TYPE_UINT32, one))) return s;
    /* read before any output is written (the step is not an eligible alias, but costs nothing) */
    const uint32_t T = *(const uint32_t*)inputs[4]->data;
    adam_k k;
    k.b1 = p->beta1;
    k.c1 = 1.0 - p->beta1;
    k.b2 = p->beta2;
    k.c2 = 1.0 - p->beta2;
    k.eps = p->eps;
    k.step = p->lr * (sqrt(1.0 - pow(p->beta2, (double)T)) / (1.0 - pow(p->beta1, (double)T)));

    /* dimensions walked together by the seven tensors: size-1 ones dropped, neighbours merged */
    uint64_t size[4], st[NT][4];
    uint32_t nd = 0;
    for (uint32_t d = 0; d < 4; d++) {
        if (p->sizes[d] == 1) continue;
        int merge = nd > 0;
        for (int i = 0; i < NT && merge; i++) merge = st[i][nd - 1] == t[i]->strides[d] * p->sizes[d];
        if (merge) {
            size[nd - 1] *= p->sizes[d];
            for (int i = 0; i < NT; i++) st[i][nd - 1] = t[i]->strides[d];
        } else {
            size[nd] = p->sizes[d];
            for (int i = 0; i < NT; i++) st[i][nd] = t[i]->strides[d];
            nd++;
        }
    }
    if (nd == 0) {
        size[0] = 1;
        for (int i = 0; i < NT; i++) st[i][0] = 1;
        nd = 1;
    }
    const uint32_t last = nd - 1;
    const uint64_t W = size[last];
    uint64_t rows = 1;
    for (uint32_t d = 0; d < last; d++) rows *= size[d];
    const uint64_t per_row = (W + OPT_BLOCK - 1) / OPT_BLOCK, items = rows * per_row;
    const int odd = p->dtype == DML_TENSOR_DATA_TYPE_FLOAT16;
    /* FLOAT32 rows of unit stride are read and written where they are; others go through blocks */
    int direct = !odd;
    for (int i = 0; i < NT; i++) direct = direct && (st[i][last] == 1 || W == 1);
    /* outputs past the last-level cache are streamed to memory (pydml_stream_copy_f32); smaller ones
     * stay in the cache for the next operator, and in-place ones are already there (streaming a
     * line just read costs more than writing it back: measured 2x slower) */
    int stream = rows * W * 3 * sizeof(float) >= OPT_STREAM_BYTES;
    for (int i = 4; i < NT; i++)
        for (int j = 0; j < 4; j++) stream = stream && t[i]->data != t[j]->data;
#ifdef OPT_X86
    const int isa = pydml_ew_isa();
    const adam_row_fn row = isa == EW_ISA_AVX512 ? adam_row_avx512 : isa == EW_ISA_AVX2 ? adam_row_avx2 : adam_row_f32;
    const adam_nt_fn row_nt = isa == EW_ISA_AVX512 ? adam_row_nt_avx512 : isa == EW_ISA_AVX2 ? adam_row_nt_avx2 : NULL;
#else
    const adam_row_fn row = adam_row_f32;
    const adam_nt_fn row_nt = NULL;
#endif
#ifdef _OPENMP
#pragma omp parallel if (rows * W >= OPT_PARALLEL_MIN && items > 1)
#endif
    {
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
    for (int64_t it = 0; it < (int64_t)items; it++) {
        float buf[NT][OPT_BLOCK];
        const uint64_t r = (uint64_t)it / per_row, j0 = ((uint64_t)it % per_row) * OPT_BLOCK;
        const size_t w = (size_t)(W - j0 < OPT_BLOCK ? W - j0 : OPT_BLOCK);
        uint64_t off[NT];
        for (int i = 0; i < NT; i++) off[i] = j0 * st[i][last];
        uint64_t o = r;
        for (uint32_t d = last; d-- > 0;) {
            const uint64_t c = o % size[d];
            o /= size[d];
            for (int i = 0; i < NT; i++) off[i] += c * st[i][d];
        }
        if (direct) {
            float* f[NT];
            for (int i = 0; i < NT; i++) f[i] = (float*)t[i]->data + off[i];
            /* Streamed as computed when the three outputs share their 16-byte alignment (numpy's
             * large arrays all start 16 bytes past a page), else computed into L1 and each output
             * streamed from there in one burst. On the Zen 4 host (one thread by CPU time, loaded
             * machine) streaming as computed was the faster: 90-131 % of the copy bandwidth against
             * 66-97 % buffered (C microbenchmark), and the AVX2 body 92-121 % against 76-94 %. An
             * earlier measurement on the AVX2 host (Zen 3, 2 threads, wall clock on a shared
             * machine) had found the opposite, 12-20 GB/s as computed against 19-26 GB/s from the
             * buffer: to be measured again there. */
            if (stream && row_nt && (((uintptr_t)f[4] ^ (uintptr_t)f[5]) & 15u) == 0 &&
                (((uintptr_t)f[4] ^ (uintptr_t)f[6]) & 15u) == 0) {
                row_nt(f[0], f[1], f[2], f[3], f[4], f[5], f[6], w, &k);
                continue;
            }
            if (stream) {
                row(f[0], f[1], f[2], f[3], buf[4], buf[5], buf[6], w, &k);
                for (int i = 4; i < NT; i++) pydml_stream_copy_f32(f[i], buf[i], w);
                continue;
            }
            row(f[0], f[1], f[2], f[3], f[4], f[5], f[6], w, &k);
            continue;
        }
        for (int i = 0; i < 4; i++) pydml_norm_load_row(p->dtype, t[i]->data, off[i], st[i][last], w, buf[i]);
        if (odd)
            adam_row_c(buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], buf[6], w, &k, 1);
        else
            row(buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], buf[6], w, &k);
        for (int i = 4; i < NT; i++) pydml_norm_store_row(p->dtype, buf[i], w, t[i]->data, off[i], st[i][last]);
    }
    if (stream) pydml_stream_fence(); /* the thread's streamed stores ordered before the region ends, once */
    }
    return PYDML_STATUS_SUCCESS;
}

/* in place: every output element depends only on the same element of the inputs */
const pydml_kernel_family pydml_family_optimizer = {"optimizer", create, destroy, execute, 1, NULL, NULL, NULL};
