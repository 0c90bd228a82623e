/* The GEMM engine's indirect products (XNNPACK's "igemm"): the same register-tile microkernel
 * family as native/engines/gemm.c, with the rows of A addressed through an indirection table, for
 * the convolution (native/families/convolution.c) and, next, other operators whose A is a gather of
 * a packed activation (attention, the recurrent operators). Implemented in gemm_indirect.c
 * (portable microkernels, ISA choice, panel packing) and gemm_indirect_x86.c (AVX-512, AVX2,
 * AVX512-BF16 microkernels).
 *
 * The product. Tile rows t < mr are output pixels, columns j < NR output channels:
 *   tile[t][j] = bias[j] + rbias[t] + sum_k A(t, k) B(k, j),
 * K = cin * T, with the K index running (channel block cb, tap v, channel ic), the channel blocks
 * PYDML_IGEMM_CB (16) channels wide, cnt(cb) = min(16, cin - 16 cb):
 *   k = 16 cb T + tap[v] cnt(cb) + ic
 *   A(t, k) = in[cb * cb_stride + in_off[v] + t * 16 + ic]     (the indirection: in_off, tap)
 *   B(k, j) = w[k * NR + j]                                     (the B panel)
 * The activation `in` is channel-blocked: a pixel holds 16 consecutive floats of its channel block,
 * consecutive tile rows are consecutive pixels (16 floats apart), and a channel block's pixels are
 * cb_stride floats after the previous block's. in_off[v] (v < nv) is where tap v's first pixel is
 * within a block; tap[v] which tap of the panel it is (the taps a call drops, e.g. padding rows,
 * are simply absent from the table: their products are zero).
 *
 * The B panel. NR columns (output channels), K = cin * T rows in the k order above, row k at
 * w + k * NR: exactly gemm.c's panel format ([k][NR] per panel, columns past the valid ones zero),
 * only the meaning of k differs; it is packed with gemm.c's row packing (pydml_gemm_pack_b_panel),
 * block by block (pydml_igemm_pack_block). T counts every tap of the panel; a call may use any
 * subset of them in any order (tap[]). The AVX512-BF16 kernels read a variant: a block's cnt rows
 * are stored as ceil(cnt / 2) rows of NR dwords, each the bf16 pair (B(2i, j), B(2i + 1, j)), a zero
 * half after an odd count, in the same cnt * NR floats; their A is likewise a pixel's 16 floats
 * holding 8 dwords of bf16 channel pairs.
 *
 * Sums run in a fixed order (cb, then v, then ic; one FMA chain per element), so a result never
 * depends on the thread or the tiling. Kernels with chunk_bytes != 0 also continue a sum: bias NULL
 * starts the accumulators from tile's values, so one sum may be computed by several calls over
 * consecutive (channel block, tap) ranges in the same order, bit-identical to one call. */
#ifndef PYDML_NATIVE_GEMM_INDIRECT_H
#define PYDML_NATIVE_GEMM_INDIRECT_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

#define PYDML_IGEMM_CB 16      /* channels per block of the channel-blocked activation */
#define PYDML_IGEMM_MR_MAX 14  /* most tile rows (pixels) per microkernel call */
#define PYDML_IGEMM_NR_MAX 32  /* widest panel (output channels) */

/* tile (mr x NR, 64-byte aligned) as described above, mr fixed per function; w 64-byte aligned. */
typedef void (*pydml_igemm_ukernel)(const float* in, int64_t cb_stride, uint32_t cin, const int64_t* in_off,
                                    const uint32_t* tap, uint32_t nv, uint32_t T, const float* w,
                                    const float* bias, const float* rbias, float* tile);

/* The same product with tile row t's pixel at in + pix[t] instead of in + t * PYDML_IGEMM_CB (so
 * one tile may take pixels of several output rows: the same sums in the same order). */
typedef void (*pydml_igemm_ukernel_px)(const float* in, const int64_t* pix, int64_t cb_stride, uint32_t cin,
                                       const int64_t* in_off, const uint32_t* tap, uint32_t nv, uint32_t T,
                                       const float* w, const float* bias, const float* rbias, float* tile);

/* The pointwise convolution's direct store (convolution.c pointwise_item, FLOAT32 outputs): the
 * tile's rows written to out + t * ldo (NR floats each) instead of to the tile, after the fused
 * activation when it is a clamp, each form written as the element-wise engine's kernel reads
 * (native/families/ew_activation.c RELU `a < 0 ? 0 : a`; ew_quantize.c CLIP `min(Max, max(Min,
 * a))` and CLIP1 `max(Min, min(a, Max))`, each min/max `x < m ? x : m`): the same bits, NaN and
 * signed zeros included. The tile and a pass of the activation over it and another copying it into
 * the output's rows were 17 % of a 24 -> 144-channel 1x1 on 56 x 56 (one thread, perf). */
enum {
    PYDML_IGEMM_CLAMP_NONE = 0,
    PYDML_IGEMM_CLAMP_RELU = 1,
    PYDML_IGEMM_CLAMP_CLIP = 2,  /* max(v, lo) then min(., hi) */
    PYDML_IGEMM_CLAMP_CLIP1 = 3  /* min(v, hi) then max(., lo) */
};
typedef struct pydml_igemm_store {
    float* out;
    int64_t ldo;     /* floats from one row of the tile's destination to the next */
    uint32_t clamp;  /* PYDML_IGEMM_CLAMP_* */
    float lo, hi;
    int64_t ldb;     /* 0: the B panel packed ([k][NR]); else B(k, j) = w[k * ldb + j] (T = 1, read in place) */
} pydml_igemm_store;

/* The product of pydml_igemm_ukernel (bias != NULL: a fresh sum) stored through `st`. */
typedef void (*pydml_igemm_ukernel_st)(const float* in, int64_t cb_stride, uint32_t cin, const int64_t* in_off,
                                       const uint32_t* tap, uint32_t nv, uint32_t T, const float* w,
                                       const float* bias, const float* rbias, const pydml_igemm_store* st);

/* The vector path the microkernels were chosen for. */
enum { PYDML_IGEMM_PORTABLE = 0, PYDML_IGEMM_AVX2 = 1, PYDML_IGEMM_AVX512 = 2 };

typedef struct pydml_igemm_isa {
    uint32_t level;       /* PYDML_IGEMM_PORTABLE / _AVX2 / _AVX512 */
    uint32_t nr, mr_max;  /* panel width, most rows per call */
    /* Nonzero: the kernels take bias == NULL ("continue the sum from tile"), and a caller should
     * split its calls so the weights one call reads are at most chunk_bytes (they then stay in L1
     * while a row of tiles reuses them). 0: one call per tile. */
    uint32_t chunk_bytes;
    int bf16pairs;        /* the kernels read bf16 pairs (pydml_igemm_choose's want_bf16pairs) */
    pydml_igemm_ukernel ukr[PYDML_IGEMM_MR_MAX + 1]; /* by mr, [0] unused */
    pydml_igemm_ukernel_px ukpx[PYDML_IGEMM_MR_MAX + 1]; /* the pixel-offset kernels (AVX2, AVX-512), else NULL */
    pydml_igemm_ukernel_st ukst[PYDML_IGEMM_MR_MAX + 1]; /* the direct-store kernels (AVX2, AVX-512 float), else NULL */
} pydml_igemm_isa;

/* Chooses the microkernels for pydml_active_cpu_features(): AVX-512 (14 rows x nr, nr = 32 or,
 * when wide16 is set, 16; continuing sums and pixel-offset kernels), else AVX2 with FMA and F16C
 * (6 x 16, the same), else portable C (4 x 16). With
 * want_bf16pairs set and AVX512-BF16 present, the AVX-512 kernels are the bf16-pair ones
 * (vdpbf16ps: bf16 products summed in f32; denormals flushed) and k->bf16pairs is set. */
void pydml_igemm_choose(pydml_igemm_isa* k, int wide16, int want_bf16pairs);

/* Packs one (channel block, tap) block of a B panel: cnt (<= 16) rows, row i being
 *   B(i, j) = b[i * b_rs + j * b_cs] for j < nr, zero for nr <= j < NR
 * (elements of `type`: FLOAT32, FLOAT16 or BFLOAT16, converted to float; bf16pairs: the raw bf16
 * pair layout above). Writes cnt * NR floats at d (the block's rows of the panel) and returns the
 * end. */
float* pydml_igemm_pack_block(float* d, uint32_t NR, uint32_t nr, uint32_t cnt, const void* b, uint32_t type,
                              int64_t b_rs, int64_t b_cs, int bf16pairs);

#endif /* PYDML_NATIVE_GEMM_INDIRECT_H */
