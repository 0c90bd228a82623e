/* Internal interface between native/families/convolution.c (plan, checks, drivers, portable helpers) and
 * native/families/convolution_x86.c (AVX-512 / AVX2 helpers: band packing, tile stores, the plane row
 * kernel). The dense engine's microkernels and weight panels are the GEMM engine's indirect products
 * (native/engines/gemm_indirect.h). Not part of the cdef. */
#ifndef PYDML_NATIVE_CONVOLUTION_INTERNAL_H
#define PYDML_NATIVE_CONVOLUTION_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"
#include "gemm_indirect.h"

#define CONV_CB PYDML_IGEMM_CB         /* input channels per block of the packed (dense) input band */
#define CONV_MR_MAX PYDML_IGEMM_MR_MAX /* most output pixels per dense microkernel call */
#define CONV_NR_MAX PYDML_IGEMM_NR_MAX /* most output channels per dense microkernel call */
#define CONV_OC_UNIT 32     /* dense weights are padded to this many output channels per group */
#define CONV_ROW_CHUNK 64   /* output pixels per call of the plane-engine row kernel */
#define CONV_SLACK 64       /* readable floats after a packed band (plane kernels over-read) */
#define CONV_ACC_TILES 32   /* dense tiles whose partial sums a chunked row keeps (chunk_bytes) */
#define CONV_PANEL_PASS_BYTES (256 * 1024) /* dense weight panels one pass over an item's rows reuses */

/* Dense microkernels: the GEMM engine's indirect ones (pydml_igemm_ukernel, gemm_indirect.h), A being
 * the packed band (channel blocks of CONV_CB, in_off / tap the tap table of an output row). */

/* Stores a finished dense tile [mr][ldt] (mr <= 16, nv <= 32 valid columns) to the output:
 * element (t, j) goes to out + (t * ps + j * cs) elements, converted to `type`. */
typedef void (*conv_finish_fn)(const float* tile, uint32_t ldt, uint32_t mr, uint32_t nv, void* out,
                               uint32_t type, int64_t cs, int64_t ps, float* tmp);

/* What a plane-engine kernel call computes: `rows` output rows of one output channel, each
 *   y[r][q] = bias + sum over ic < cin, v < nv, x < nw of
 *       w[ic * ktot + kdh[v] * kw_count + kw[x]] * in[ic * ic_stride + r * in_row_step + roff[v] + woff[x] + q]
 * for q < qw, then the activation, stored at out + (r * out_row_step + q * out_pstride) elements. */
typedef struct conv_rows_args {
    const float* in;
    int64_t ic_stride, in_row_step;
    uint32_t cin, nv, nw, kw_count, ktot, rows, qw;
    const int64_t* roff;
    const uint32_t* kdh;
    const int64_t* woff;
    const uint32_t* kw;
    const float* w;
    float bias;
    void* out;
    uint32_t type;
    int64_t out_row_step, out_pstride;
    const pydml_activation* act; /* NULL: none */
    float* tmp;                  /* CONV_ROW_CHUNK floats */
} conv_rows_args;

/* The kernel may read up to CONV_ROW_CHUNK - 1 floats past the last input element it needs. */
typedef void (*conv_rows_kernel)(const conv_rows_args* a);

/* Converts n floats to data type `type` at dst (element stride `stride`, in elements). */
typedef void (*conv_store_fn)(void* dst, uint32_t type, int64_t stride, const float* src, uint32_t n);

/* Converts n elements of type `type` at src (element stride 1) to floats. */
typedef void (*conv_load_fn)(float* dst, const void* src, uint32_t type, uint32_t n);

/* Packs npix pixels x cnt channels of a channel-strided, pixel-contiguous source (element type
 * `type`, channel stride cs) into dst[pos[p] * CONV_CB + c]. */
typedef void (*conv_transpose_fn)(float* dst, const int64_t* pos, const void* src, uint32_t type,
                                  int64_t cs, uint32_t cnt, uint32_t npix);

/* The folded stem's row kernel (convolution.c stem_item; FLOAT32 FORWARD with the width taps folded
 * into the channels): mr (<= 6) output channels j0 .. j0 + mr - 1 of a dense panel (nr wide, the GEMM
 * engine's indirect layout: row k = 16 cb T + tap cnt(cb) + ic at panel + k * nr) over W pixels of one
 * output row, from a planar band (channel c, tap v, pixel q at band + c * cstride + roff[v] + q, read
 * up to a multiple of 16 pixels):
 *   out[t * out_cs + q] = (bias[t] + 0) + sum over cb, v, ic (in this order, one FMA chain each)
 * the same sums in the same order as the dense microkernels, so the same bits; relu != 0: then
 * v < 0 ? 0 : v (the fused RELU, applied before the store). */
typedef void (*conv_stem_kernel)(const float* band, int64_t cstride, uint32_t cin, const int64_t* roff,
                                 const uint32_t* tap, uint32_t nv, uint32_t T, const float* panel, uint32_t nr,
                                 uint32_t mr, const float* bias, float* out, int64_t out_cs, uint32_t W,
                                 int relu);

/* The direct depthwise kernel (convolution.c dw_item; FLOAT32 FORWARD, one input channel per group,
 * width stride S of 1 (dw) or 2 (dw2), rows of stride 1 in and out): `rows` output rows of one output
 * channel, row r
 *   out[r * out_step + q] = bias + sum over v < nv, x < nw of w[v][x] * in(v, r, S q + coff[x])
 * for q < W, with in(v, r, c) = rows[v][r * row_step + c] for 0 <= c < in_w and 0 outside (the
 * padding: read as zeros, never loaded), each sum one FMA chain in the order (v, x): the plane row
 * kernels' sums over a zero-padded band, so the same bits. Then the activation (act NULL: none). */
typedef struct conv_dw_args {
    const float* const* rows; /* [nv] the first output row's input rows */
    const float* const* w;    /* [nv] weight rows, nw floats each (in coff's order) */
    const int64_t* coff;      /* [nw] column offsets kw * dilation - start */
    uint32_t nv, nw, W, rows_n;
    int64_t in_w, row_step, out_step;
    float bias;
    float* out;
    const pydml_activation* act;
} conv_dw_args;

typedef void (*conv_dw_kernel)(const conv_dw_args* a);

/* The flat depthwise kernel (convolution.c dwf_item; FLOAT32 FORWARD, one input channel per group,
 * strides 1 or 2, planes of at most DWF_MAX_PIXELS outputs; convolution.c dwf_plan says which): one
 * output plane of n = H_out x W floats as one flat run. Output o (0 <= o < n) reads the float at
 * at[t] + 4 o for each tap t (the input plane, or the phase plane of a stride 2); the plan's 16-bit
 * masks say, per tap and 16-output vector j, which lanes load (lmask: the tap's input row and column inside the plane, else 0.0, never loaded) and
 * which accumulate (fmask: the tap's input row inside the plane):
 *   out[o] = bias, then for t < taps in order: out[o] = fma(w[t], x, out[o]) where fmask allows
 * then a clamp activation (clamp_x86.h) when the caller sets one (it applies any other over runs of
 * planes). The taps are dw_item's (height taps outer, width inner; a row
 * outside the plane skipped, a column outside read as zero): each output's FMA chain is the row
 * kernels', so the same bits. Small planes (MobileNet's 7 x 7 and 14 x 14) ran their 7- and 14-wide
 * rows through the row kernels one call per row block and channel: 2-4 GFLOP/s. Each ISA's kernel
 * takes planes up to its own size (conv_kernels.dwf_max): on AVX-512 every size measured was faster
 * flat (3 x 3, 2 threads, one image: 7 x 7 2.7 -> 13 GFLOP/s, 14 x 14 6 -> 25, 28 x 28 22 -> 55,
 * 56 x 56 41 -> 60-71, 112 x 112 39-67 -> 68); on AVX2, whose masks are expanded from bits, up to
 * 32 x 32 (40 x 40 even, 56 x 56 and 112 x 112 slower: 43 -> 36, 53 -> 36). */
#define DWF_MAX_PIXELS 16384
#define DWF_MAX_TAPS 64
typedef struct conv_dwf_args {
    const uintptr_t* at;    /* [taps] the address output 0 reads for each tap (as an integer: it may
                             * lie outside the plane, where no lane loads) */
    float* out;
    const float* w;         /* [taps] */
    const uint16_t* lmask;  /* [taps][nvec] */
    const uint16_t* fmask;  /* [taps][nvec] */
    uint32_t taps, nvec, n; /* nvec = ceil(n / 16) */
    float bias;
    uint32_t clamp;         /* the fused activation applied before the store (PYDML_IGEMM_CLAMP_*) */
    float lo, hi;
} conv_dwf_args;

typedef void (*conv_dwf_kernel)(const conv_dwf_args* a);

/* the most width taps conv_kernels.dw2 takes (its per-chunk load masks) */
#define DW2_TAPS 16

typedef struct conv_kernels {
    /* the dense engine's microkernels, tile sizes and chunking (native/engines/gemm_indirect.h) */
    pydml_igemm_isa ig;
    conv_finish_fn finish;
    conv_rows_kernel rows;
    conv_store_fn store;
    conv_load_fn load;
    conv_transpose_fn transpose_in;
    conv_transpose_fn transpose_pairs; /* bf16 sources into the bf16-pair band (BF16 path only) */
    /* BF16 path only: dst dword j = lo[j] | hi[j] << 16 for j < n, 0 up to nr (hi NULL: zero) */
    void (*pair_row)(float* dst, const uint16_t* lo, const uint16_t* hi, uint32_t n, uint32_t nr);
    conv_stem_kernel stem; /* NULL: the folded stem runs through the dense microkernels */
    void (*copy2)(float* d, const float* s, uint32_t n); /* d[j] = s[2 j], j < n (reads nothing past s[2n - 2]) */
    conv_dw_kernel dw;     /* NULL: depthwise through the plane engine's band */
    conv_dw_kernel dw2;    /* the same for a width stride of 2 (input column 2 q + coff[x]), at most
                            * DW2_TAPS width taps */
    conv_dwf_kernel dwf;   /* NULL: small depthwise planes through dw */
    /* rows r < rows of src (r * sstep) split into their even and odd columns: even[r * dstep + c] =
     * row[2 c] (c < ceil(n / 2)), odd[r * dstep + c] = row[2 c + 1] (c < n / 2); reads n floats a row
     * (dwf_item's phase planes); NULL with dwf */
    void (*split2)(const float* src, int64_t sstep, uint32_t rows, uint32_t n, float* even, float* odd,
                   int64_t dstep);
    uint32_t dwf_max;      /* the most outputs a plane dwf takes */
} conv_kernels;

/* The fused activation, in place (convolution.c). */
void pydml_conv_activation(const pydml_activation* act, float* v, size_t n);

/* A clamp (PYDML_IGEMM_CLAMP_*, clamp_x86.h) over v[0..n) on this CPU's vector path: 0 when there
 * is none (convolution_x86.c). */
int pydml_conv_clamp(float* v, size_t n, uint32_t mode, float lo, float hi);

/* Portable helpers (convolution.c); they leave k->ig alone. */
void pydml_conv_helpers_portable(conv_kernels* k);
void pydml_conv_store_portable(void* dst, uint32_t type, int64_t stride, const float* src, uint32_t n);
void pydml_conv_load_portable(float* dst, const void* src, uint32_t type, uint32_t n);

/* Vector helpers (convolution_x86.c) for the engine's PYDML_IGEMM_AVX512 / _AVX2 level; 0 when this build
 * has no such path. pydml_conv_helpers_bf16pairs adds the bf16-pair band packing (transpose_pairs,
 * pair_row) when the engine chose the AVX512-BF16 kernels (k->ig.bf16pairs). */
int pydml_conv_helpers_avx512(conv_kernels* k);
int pydml_conv_helpers_avx2(conv_kernels* k);
int pydml_conv_helpers_bf16pairs(conv_kernels* k);

#endif /* PYDML_NATIVE_CONVOLUTION_INTERNAL_H */
