"""MULTIHEAD_ATTENTION and MULTIHEAD_ATTENTION1 (native/families/attention.c) and their rules
(native/validate/rules_attention.c).

References: a float64 numpy reference written from the page's computation ([add Bias] -> Q K^T *
Scale -> [add RelativePositionBias] -> [add Mask] -> Softmax -> x V, over the past keys/values
followed by the new ones), and torch.nn.functional.scaled_dot_product_attention where the layouts
coincide. Outputs are poisoned (NaN) before execution. Shapes are small; a few cases span several
query and key blocks (96 query rows, 64 keys) so the online softmax, the row-panel path and the
masked-block cut run.

Decisions asserted here (documented in native/families/attention.c): MaskFilterValue is added (not set);
BOOLEAN masks keep non-zero entries; KEY_QUERY_SEQUENCE_LENGTH_START_END masks keys past
keyLength[b]; with PastSequenceLengthsTensor (MULTIHEAD_ATTENTION1) the past/present tensors are
buffers of capacity, the attention is causal (query s sees keys j <= pastLength[b] + s), lengths
are clamped to the buffers, and present rows beyond pastLength[b] + T are left as they were.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import poison, run, tensor

import pydml
from pydml import ValidationError
from pydml.enums import MultiheadAttentionMaskType
from pydml.native import lib

NP = {"FLOAT32": np.float32, "FLOAT16": np.float16}
TOL = {"FLOAT32": 2e-5, "FLOAT16": 4e-3}
MASK = MultiheadAttentionMaskType


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(2024)


def reference(q: np.ndarray, keys: list[np.ndarray], values: list[np.ndarray], *, scale: float,
              rpb: np.ndarray | None = None, masked: np.ndarray | None = None, filt: float = 0.0,
              causal_from: list[int] | None = None) -> np.ndarray:
    """The page's computation in float64. q [B, S, Nq, H]; keys[b] [Nk, L_b, H] and values[b]
    [Nk, L_b, Hv] (past then new, biases already added); rpb/masked [B, Nq, S, >= L_b];
    causal_from[b]: query s sees keys j <= causal_from[b] + s. Returns [B, S, Nq * Hv]."""
    B, S, Nq, _ = q.shape
    Nk = keys[0].shape[0]
    g = Nq // Nk
    Hv = values[0].shape[2]
    out = np.zeros((B, S, Nq, Hv))
    for b in range(B):
        L = keys[b].shape[1]
        kk = np.repeat(keys[b], g, axis=0)          # [Nq, L, H]
        vv = np.repeat(values[b], g, axis=0)
        sc = scale * np.einsum("snh,nlh->nsl", q[b], kk)
        if rpb is not None:
            sc = sc + rpb[b][:, :, :L]
        if masked is not None:
            sc = sc + np.where(masked[b][:, :, :L], filt, 0.0)
        if causal_from is not None:
            vis = np.arange(L)[None, :] <= causal_from[b] + np.arange(S)[:, None]
            sc = np.where(vis[None], sc, -np.inf)
        with np.errstate(invalid="ignore"):
            sc = sc - sc.max(axis=-1, keepdims=True)
            p = np.exp(sc)
            p = p / p.sum(axis=-1, keepdims=True)
        out[b] = np.einsum("nsl,nle->sne", p, vv)
    return out.reshape(B, S, Nq * Hv)


class Case:
    """Random float64 data for one attention problem, and the tensors of each layout."""

    def __init__(self, rng: np.random.Generator, dtype: str, B: int, S: int, T: int, Nq: int, Nk: int,
                 H: int, Hv: int, P: int = 0) -> None:
        self.dtype, self.B, self.S, self.T, self.Nq, self.Nk, self.H, self.Hv, self.P = \
            dtype, B, S, T, Nq, Nk, H, Hv, P
        t = NP[dtype]

        def r(*shape: int) -> np.ndarray:  # values exactly representable in the tensor type
            return rng.standard_normal(shape).astype(t).astype(np.float64)
        self.q, self.k, self.v = r(B, S, Nq, H), r(B, T, Nk, H), r(B, T, Nk, Hv)
        self.pk, self.pv = r(B, Nk, P, H), r(B, Nk, P, Hv)
        self.bias = r(Nq * H + Nk * H + Nk * Hv) * 0.5

    def arr(self, x: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(x.astype(NP[self.dtype]))

    def tensors(self, layout: str) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
        """(desc tensor fields, input arrays) of the query/key/value layout."""
        B, S, T, Nq, Nk, H, Hv, d = self.B, self.S, self.T, self.Nq, self.Nk, self.H, self.Hv, self.dtype
        fields: dict[str, Any] = {}
        arrays: dict[str, np.ndarray] = {}
        if layout in ("separate", "skv", "past_only"):
            fields["QueryTensor"] = tensor(d, [B, S, Nq * H])
            arrays["QueryTensor"] = self.arr(self.q.reshape(B, S, Nq * H))
        if layout == "separate":
            fields["KeyTensor"] = tensor(d, [B, T, Nk * H])
            fields["ValueTensor"] = tensor(d, [B, T, Nk * Hv])
            arrays["KeyTensor"] = self.arr(self.k.reshape(B, T, Nk * H))
            arrays["ValueTensor"] = self.arr(self.v.reshape(B, T, Nk * Hv))
        elif layout == "skv":
            fields["StackedKeyValueTensor"] = tensor(d, [B, T, Nk, 2, H])
            arrays["StackedKeyValueTensor"] = self.arr(np.stack([self.k, self.v], axis=3))
        elif layout == "sqk":
            fields["StackedQueryKeyTensor"] = tensor(d, [B, S, Nq, 2, H])
            fields["ValueTensor"] = tensor(d, [B, T, Nk * Hv])
            arrays["StackedQueryKeyTensor"] = self.arr(np.stack([self.q, self.k], axis=3))
            arrays["ValueTensor"] = self.arr(self.v.reshape(B, T, Nk * Hv))
        elif layout == "sqkv":
            fields["StackedQueryKeyValueTensor"] = tensor(d, [B, S, Nq, 3, H])
            arrays["StackedQueryKeyValueTensor"] = self.arr(np.stack([self.q, self.k, self.v], axis=3))
        if self.P or layout == "past_only":
            fields["PastKeyTensor"] = tensor(d, [B, Nk, self.P, H])
            fields["PastValueTensor"] = tensor(d, [B, Nk, self.P, Hv])
            arrays["PastKeyTensor"] = self.arr(self.pk)
            arrays["PastValueTensor"] = self.arr(self.pv)
        return fields, arrays

    def kv(self, with_bias: bool, new: bool = True) -> tuple[list[np.ndarray], list[np.ndarray]]:
        """Per-batch concatenated keys and values (past then new, new biased)."""
        Nq, Nk, H, Hv = self.Nq, self.Nk, self.H, self.Hv
        bk = self.bias[Nq * H:Nq * H + Nk * H].reshape(Nk, H) if with_bias else 0.0
        bv = self.bias[Nq * H + Nk * H:].reshape(Nk, Hv) if with_bias else 0.0
        keys, values = [], []
        for b in range(self.B):
            kn = (self.k[b] + bk).transpose(1, 0, 2) if new else np.zeros((Nk, 0, H))
            vn = (self.v[b] + bv).transpose(1, 0, 2) if new else np.zeros((Nk, 0, Hv))
            keys.append(np.concatenate([self.pk[b], kn], axis=1))
            values.append(np.concatenate([self.pv[b], vn], axis=1))
        return keys, values

    def query(self, with_bias: bool) -> np.ndarray:
        if not with_bias:
            return self.q
        return self.q + self.bias[:self.Nq * self.H].reshape(self.Nq, self.H)

    def out_desc(self) -> Any:
        return tensor(self.dtype, [self.B, self.S, self.Nq * self.Hv])


def mha(fields: dict[str, Any], *, scale: float, heads: int, mask_type: Any = MASK.NONE,
        filt: float = -10000.0) -> Any:
    return pydml.DML_MULTIHEAD_ATTENTION_OPERATOR_DESC(**fields, Scale=scale, MaskFilterValue=filt, HeadCount=heads,
                                                       MaskType=mask_type)


def mha1(fields: dict[str, Any], *, scale: float, q_heads: int, kv_heads: int, mask_type: Any = MASK.NONE,
         filt: float = -10000.0) -> Any:
    return pydml.DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC(**fields, Scale=scale, MaskFilterValue=filt,
                                                        QueryHeadCount=q_heads, KeyValueHeadCount=kv_heads,
                                                        MaskType=mask_type)


def close(actual: np.ndarray, want: np.ndarray, dtype: str) -> None:
    assert not np.isnan(actual).any()
    np.testing.assert_allclose(actual.astype(np.float64), want, rtol=TOL[dtype], atol=TOL[dtype])


# ---- layouts, bias, past/present -----------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("layout", ["separate", "skv", "sqk", "sqkv"])
@pytest.mark.parametrize("with_bias", [False, True])
def test_layouts_against_the_page_formula(rng: np.random.Generator, dtype: str, layout: str,
                                          with_bias: bool) -> None:
    T = 5 if layout in ("separate", "skv") else 6
    c = Case(rng, dtype, B=2, S=6, T=T, Nq=3, Nk=3, H=8, Hv=8 if layout != "separate" else 5)
    fields, arrays = c.tensors(layout)
    fields["OutputTensor"] = c.out_desc()
    if with_bias:
        fields["BiasTensor"] = tensor(dtype, [1, len(c.bias)])   # leading 1s allowed
        arrays["BiasTensor"] = c.arr(c.bias[None])
    out = run(mha(fields, scale=0.3, heads=3), arrays)["OutputTensor"]
    keys, values = c.kv(with_bias)
    close(out, reference(c.query(with_bias), keys, values, scale=0.3), dtype)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_past_and_present(rng: np.random.Generator, dtype: str) -> None:
    c = Case(rng, dtype, B=2, S=3, T=2, Nq=2, Nk=2, H=4, Hv=6, P=5)
    fields, arrays = c.tensors("separate")
    fields["BiasTensor"] = tensor(dtype, [len(c.bias)])
    arrays["BiasTensor"] = c.arr(c.bias)
    fields["OutputTensor"] = c.out_desc()
    fields["OutputPresentKeyTensor"] = tensor(dtype, [2, 2, 7, 4])
    fields["OutputPresentValueTensor"] = tensor(dtype, [1, 2, 2, 7, 6])   # 5-D, leading 1
    res = run(mha(fields, scale=0.5, heads=2), arrays)
    keys, values = c.kv(True)
    close(res["OutputTensor"], reference(c.query(True), keys, values, scale=0.5), dtype)
    close(res["OutputPresentKeyTensor"], np.stack(keys), dtype)
    close(res["OutputPresentValueTensor"][0], np.stack(values), dtype)


def test_keys_and_values_from_the_past_alone(rng: np.random.Generator) -> None:
    """onnxruntime's MultiHeadAttention binds a 4-D key/value as PastKey/PastValue, no Key/Value."""
    c = Case(rng, "FLOAT32", B=2, S=3, T=0, Nq=2, Nk=2, H=4, Hv=4, P=9)
    fields, arrays = c.tensors("past_only")
    fields["OutputTensor"] = c.out_desc()
    out = run(mha(fields, scale=0.5, heads=2), arrays)["OutputTensor"]
    keys, values = c.kv(False, new=False)
    close(out, reference(c.q, keys, values, scale=0.5), "FLOAT32")


def test_relative_position_bias_and_strided_query(rng: np.random.Generator) -> None:
    c = Case(rng, "FLOAT32", B=2, S=4, T=3, Nq=2, Nk=2, H=4, Hv=4, P=2)
    fields, arrays = c.tensors("separate")
    # the query as a transposed view: [B, S, N H] with strides of a [N H, S, B] buffer
    buf = np.ascontiguousarray(arrays["QueryTensor"].transpose(2, 1, 0))
    fields["QueryTensor"] = tensor("FLOAT32", [2, 4, 8], [1, 2, 8])
    arrays["QueryTensor"] = buf.ravel()
    rpb = rng.standard_normal((2, 2, 4, 5))
    fields["RelativePositionBiasTensor"] = tensor("FLOAT32", [1, 2, 2, 4, 5])
    arrays["RelativePositionBiasTensor"] = rpb[None].astype(np.float32)
    fields["OutputTensor"] = c.out_desc()
    out = run(mha(fields, scale=0.5, heads=2), arrays)["OutputTensor"]
    keys, values = c.kv(False)
    close(out, reference(c.q, keys, values, scale=0.5, rpb=rpb.astype(np.float32)), "FLOAT32")


# ---- masks ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("filt", [-10000.0, -2.5])
@pytest.mark.parametrize("kind", ["BOOLEAN", "KEY_SEQUENCE_LENGTH", "KEY_SEQUENCE_END_START",
                                  "KEY_QUERY_SEQUENCE_LENGTH_START_END"])
def test_mask_types(rng: np.random.Generator, kind: str, filt: float) -> None:
    B, S, T, N, H = 3, 4, 7, 2, 4
    c = Case(rng, "FLOAT32", B=B, S=S, T=T, Nq=N, Nk=N, H=H, Hv=H)
    fields, arrays = c.tensors("separate")
    fields["OutputTensor"] = c.out_desc()
    j = np.arange(T)
    if kind == "BOOLEAN":
        keep = rng.integers(0, 2, (B, N, S, T)).astype(np.int32)
        keep[..., 0] = 7                                   # any non-zero keeps
        masked = keep == 0
        fields["MaskTensor"] = tensor("INT32", [B, N, S, T])
        arrays["MaskTensor"] = keep
    elif kind == "KEY_SEQUENCE_LENGTH":
        lengths = np.array([7, 3, 1], dtype=np.int32)
        masked = np.broadcast_to((j[None, :] >= lengths[:, None])[:, None, None, :], (B, N, S, T))
        fields["MaskTensor"] = tensor("INT32", [1, B])
        arrays["MaskTensor"] = lengths[None]
    elif kind == "KEY_SEQUENCE_END_START":
        ends, starts = np.array([7, 5, 4], np.int32), np.array([0, 2, 3], np.int32)
        keep = (j[None, :] < ends[:, None]) & (j[None, :] >= starts[:, None])
        masked = np.broadcast_to((~keep)[:, None, None, :], (B, N, S, T))
        fields["MaskTensor"] = tensor("INT32", [1, 2, B])
        arrays["MaskTensor"] = np.stack([ends, starts])[None]
    else:
        lengths = np.array([6, 2, 7], dtype=np.int32)
        packed = np.concatenate([lengths, np.arange(B) * S, [B * S], np.arange(B) * T, [B * T]]).astype(np.int32)
        masked = np.broadcast_to((j[None, :] >= lengths[:, None])[:, None, None, :], (B, N, S, T))
        fields["MaskTensor"] = tensor("INT32", [3 * B + 2])
        arrays["MaskTensor"] = packed
    out = run(mha(fields, scale=0.5, heads=N, mask_type=MASK[kind], filt=filt), arrays)["OutputTensor"]
    keys, values = c.kv(False)
    close(out, reference(c.q, keys, values, scale=0.5, masked=masked, filt=filt), "FLOAT32")


def test_a_row_of_only_minus_infinity_is_nan(rng: np.random.Generator) -> None:
    c = Case(rng, "FLOAT32", B=2, S=2, T=3, Nq=1, Nk=1, H=4, Hv=4)
    fields, arrays = c.tensors("separate")
    fields["OutputTensor"] = c.out_desc()
    fields["MaskTensor"] = tensor("INT32", [1, 2])
    arrays["MaskTensor"] = np.array([[0, 2]], np.int32)
    out = run(mha(fields, scale=1.0, heads=1, mask_type=MASK.KEY_SEQUENCE_LENGTH, filt=-np.inf),
              arrays)["OutputTensor"]
    assert np.isnan(out[0]).all()
    keys, values = c.kv(False)
    close(out[1], reference(c.q, keys, values, scale=1.0, masked=np.broadcast_to(np.arange(3) >= 2, (2, 1, 2, 3)),
                            filt=-1e30)[1], "FLOAT32")


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_several_blocks_with_a_causal_boolean_mask(rng: np.random.Generator, dtype: str, ew_isa: str) -> None:
    """S and T span several 64 x 128 blocks; the lower-triangular mask is broadcast over batch and
    heads with zero strides (as onnxruntime binds its masks), and fully masked blocks are skipped."""
    B, S, N, H = 1, 150, 2, 16
    c = Case(rng, dtype, B=B, S=S, T=S, Nq=N, Nk=N, H=H, Hv=H)
    fields, arrays = c.tensors("separate")
    fields["OutputTensor"] = c.out_desc()
    tril = np.tril(np.ones((S, S), np.int32))
    fields["MaskTensor"] = tensor("INT32", [B, N, S, S], [0, 0, S, 1])
    arrays["MaskTensor"] = tril.ravel()
    out = run(mha(fields, scale=0.25, heads=N, mask_type=MASK.BOOLEAN), arrays)["OutputTensor"]
    keys, values = c.kv(False)
    masked = np.broadcast_to(tril == 0, (B, N, S, S))
    close(out, reference(c.q, keys, values, scale=0.25, masked=masked, filt=-10000.0), dtype)
    t = torch.nn.functional.scaled_dot_product_attention(
        *(torch.from_numpy(x.transpose(0, 2, 1, 3)) for x in (c.q, c.k, c.v)), is_causal=True, scale=0.25)
    close(out, t.transpose(1, 2).reshape(B, S, N * H).numpy(), dtype)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("kind", ["BOOLEAN", "KEY_SEQUENCE_LENGTH", "KEY_SEQUENCE_END_START"])
def test_masked_key_blocks_are_cut_exactly(rng: np.random.Generator, dtype: str, kind: str) -> None:
    """The prompt path (row panels against 16-key panels of packed keys, 64-key blocks): a block's
    keys after the last one any row keeps are left out, or the whole block, only where they add
    exactly 0. Head sizes off the 8/16 lanes (H 12, Hv 20), a bias, masks whose edges fall inside
    and between key blocks; the same bits on 1 and 2 threads."""
    B, S, T, N, H, Hv = 2, 20, 150, 2, 12, 20
    c = Case(rng, dtype, B=B, S=S, T=T, Nq=N, Nk=N, H=H, Hv=Hv)
    fields, arrays = c.tensors("separate")
    fields["OutputTensor"] = c.out_desc()
    fields["BiasTensor"] = tensor(dtype, [len(c.bias)])
    arrays["BiasTensor"] = c.arr(c.bias)
    j = np.arange(T)
    if kind == "BOOLEAN":   # each row keeps a random prefix (a ragged causal-like edge) and one far key
        ends = rng.integers(1, T, (B, N, S, 1))
        keep = (j < ends).astype(np.int32)
        keep[0, 0, 0, 140] = 3
        fields["MaskTensor"] = tensor("INT32", [B, N, S, T])
        arrays["MaskTensor"] = keep
        masked = keep == 0
    elif kind == "KEY_SEQUENCE_LENGTH":
        lengths = np.array([70, 129], np.int32)
        fields["MaskTensor"] = tensor("INT32", [1, B])
        arrays["MaskTensor"] = lengths[None]
        masked = np.broadcast_to((j[None, :] >= lengths[:, None])[:, None, None, :], (B, N, S, T))
    else:
        ends, starts = np.array([100, 64], np.int32), np.array([10, 0], np.int32)
        fields["MaskTensor"] = tensor("INT32", [2, B])
        arrays["MaskTensor"] = np.stack([ends, starts])
        keep = (j[None, :] < ends[:, None]) & (j[None, :] >= starts[:, None])
        masked = np.broadcast_to((~keep)[:, None, None, :], (B, N, S, T))
    desc = mha(fields, scale=0.3, heads=N, mask_type=MASK[kind])
    previous = lib.pydml_set_num_threads(1)
    try:
        one = run(desc, arrays)["OutputTensor"]
        lib.pydml_set_num_threads(2)
        two = run(desc, arrays)["OutputTensor"]
    finally:
        lib.pydml_set_num_threads(previous)
    assert one.tobytes() == two.tobytes()
    keys, values = c.kv(True)
    close(one, reference(c.query(True), keys, values, scale=0.3, masked=masked, filt=-10000.0), dtype)


def test_torch_sdpa_where_the_layouts_coincide(rng: np.random.Generator) -> None:
    B, S, T, N, H = 2, 70, 200, 4, 32
    c = Case(rng, "FLOAT32", B=B, S=S, T=T, Nq=N, Nk=N, H=H, Hv=H)
    fields, arrays = c.tensors("separate")
    fields["OutputTensor"] = c.out_desc()
    out = run(mha(fields, scale=H ** -0.5, heads=N), arrays)["OutputTensor"]
    t = torch.nn.functional.scaled_dot_product_attention(
        *(torch.from_numpy(x.transpose(0, 2, 1, 3)) for x in (c.q, c.k, c.v)))
    close(out, t.transpose(1, 2).reshape(B, S, N * H).numpy(), "FLOAT32")


def test_results_do_not_depend_on_the_thread_count(rng: np.random.Generator) -> None:
    c = Case(rng, "FLOAT32", B=2, S=90, T=140, Nq=4, Nk=2, H=16, Hv=16)
    fields, arrays = c.tensors("separate")
    fields["OutputTensor"] = c.out_desc()
    desc = mha1(fields, scale=0.25, q_heads=4, kv_heads=2)
    previous = lib.pydml_set_num_threads(1)
    try:
        one = run(desc, arrays)["OutputTensor"]
        lib.pydml_set_num_threads(2)
        two = run(desc, arrays)["OutputTensor"]
    finally:
        lib.pydml_set_num_threads(previous)
    assert one.tobytes() == two.tobytes()



@pytest.mark.parametrize("with_bias", [False, True])
def test_prompt_products_on_the_gemm_engine_tiles(rng: np.random.Generator, ew_isa: str, with_bias: bool) -> None:
    """The prompt path's Q K^T and P V run on the GEMM engine's microkernels (gemm_engine.h
    pydml_sgemm_ukernels: 4 x 8 portable, 6 x 16 AVX2, 14 x 32 AVX-512) over its packed key and
    value panels, on each ISA path this CPU has: head sizes off every panel width (H 12: a partial
    8 x 8 transpose; Hv 20: a partial value panel), 96 rows of two query heads (row panels with a
    partial last one on AVX-512), a key panel spanning the past and the new keys (read in place
    without a bias, converted with one), the same bits on 1 and 2 threads."""
    c = Case(rng, "FLOAT32", B=2, S=50, T=37, Nq=2, Nk=1, H=12, Hv=20, P=44)
    fields, arrays = c.tensors("separate")
    fields["OutputTensor"] = c.out_desc()
    if with_bias:
        fields["BiasTensor"] = tensor("FLOAT32", [len(c.bias)])
        arrays["BiasTensor"] = c.arr(c.bias)
    desc = mha1(fields, scale=0.3, q_heads=2, kv_heads=1)
    previous = lib.pydml_set_num_threads(1)
    try:
        one = run(desc, arrays)["OutputTensor"]
        lib.pydml_set_num_threads(2)
        two = run(desc, arrays)["OutputTensor"]
    finally:
        lib.pydml_set_num_threads(previous)
    assert one.tobytes() == two.tobytes()
    keys, values = c.kv(with_bias)
    close(one, reference(c.query(with_bias), keys, values, scale=0.3), "FLOAT32")

@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_the_same_bits_on_every_isa_path(rng: np.random.Generator, dtype: str) -> None:
    """The AVX-512 path's softmax is 16 lanes wide (att_softmax_avx512) yet sums each row's weights
    in the AVX2 order; the products are the engine's tiles, whose sums run in one order on every
    path. Prompts over one and several 128-key blocks with tails of 8 and fewer keys, a past, a NaN
    query and decoding: the AVX-512 and AVX2 paths give the same bits (on a CPU without AVX-512 both
    run the AVX2 one; the portable C sums the weights one by one, so its bits differ)."""
    avx2 = int(lib.PYDML_CPU_AVX2_FMA | lib.PYDML_CPU_F16C)
    for S, T, P, nan in ((50, 37, 44, False), (150, 150, 0, True), (20, 201, 0, False), (1, 3, 140, False)):
        c = Case(rng, dtype, B=2, S=S, T=T, Nq=4, Nk=2, H=24, Hv=20, P=P)
        fields, arrays = c.tensors("separate")
        fields["OutputTensor"] = c.out_desc()
        if nan:
            arrays["QueryTensor"] = arrays["QueryTensor"].copy()
            arrays["QueryTensor"].ravel()[5] = np.nan
        desc = mha1(fields, scale=0.3, q_heads=4, kv_heads=2)
        outs = []
        for features in (0xFFFFFFFF, avx2):
            lib.pydml_set_cpu_features(features)
            try:
                outs.append(run(desc, arrays)["OutputTensor"])
            finally:
                lib.pydml_set_cpu_features(0xFFFFFFFF)
        assert outs[0].tobytes() == outs[1].tobytes(), (S, T, P)


# ---- MULTIHEAD_ATTENTION1: grouped-query attention and past sequence lengths -----------------------

@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("heads", [(4, 2), (6, 1), (3, 3)])
def test_grouped_query_attention(rng: np.random.Generator, dtype: str, heads: tuple[int, int]) -> None:
    Nq, Nk = heads
    c = Case(rng, dtype, B=2, S=5, T=9, Nq=Nq, Nk=Nk, H=8, Hv=4, P=3)
    fields, arrays = c.tensors("separate")
    fields["BiasTensor"] = tensor(dtype, [len(c.bias)])
    arrays["BiasTensor"] = c.arr(c.bias)
    fields["OutputTensor"] = c.out_desc()
    fields["OutputPresentKeyTensor"] = tensor(dtype, [2, Nk, 12, 8])
    res = run(mha1(fields, scale=0.4, q_heads=Nq, kv_heads=Nk), arrays)
    keys, values = c.kv(True)
    close(res["OutputTensor"], reference(c.query(True), keys, values, scale=0.4), dtype)
    close(res["OutputPresentKeyTensor"], np.stack(keys), dtype)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_grouped_decoding_reads_the_cache_in_place(rng: np.random.Generator, dtype: str) -> None:
    """Two positions of 8 query heads on one key/value head (16 rows of a decoding block, more
    than a row panel) against a past spanning several 64-key blocks."""
    c = Case(rng, dtype, B=2, S=2, T=2, Nq=8, Nk=1, H=12, Hv=8, P=140)
    fields, arrays = c.tensors("separate")
    fields["OutputTensor"] = c.out_desc()
    out = run(mha1(fields, scale=0.3, q_heads=8, kv_heads=1), arrays)["OutputTensor"]
    keys, values = c.kv(False)
    close(out, reference(c.q, keys, values, scale=0.3), dtype)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("row_pad", [0, 3])
def test_decoding_over_a_cache_of_padded_rows(rng: np.random.Generator, dtype: str, row_pad: int,
                                             ew_isa: str) -> None:
    """One query position against a past of 150 keys (blocks of 64 spanning past and new keys),
    the new keys biased: FLOAT16 blocks are converted straight from the cache (adjacent rows in one
    run, padded rows one by one), FLOAT32 ones read in place or row by row."""
    c = Case(rng, dtype, B=2, S=1, T=2, Nq=4, Nk=2, H=16, Hv=8, P=150)
    fields, arrays = c.tensors("separate")
    fields["BiasTensor"] = tensor(dtype, [len(c.bias)])
    arrays["BiasTensor"] = c.arr(c.bias)
    for name, x in (("PastKeyTensor", c.pk), ("PastValueTensor", c.pv)):
        B, N, P, D = x.shape
        buf = np.full((B, N, P, D + row_pad), np.nan)   # padding never read
        buf[..., :D] = x
        fields[name] = tensor(dtype, [B, N, P, D], [N * P * (D + row_pad), P * (D + row_pad), D + row_pad, 1])
        arrays[name] = c.arr(buf).ravel()
    fields["OutputTensor"] = c.out_desc()
    out = run(mha1(fields, scale=0.25, q_heads=4, kv_heads=2), arrays)["OutputTensor"]
    keys, values = c.kv(True)
    close(out, reference(c.query(True), keys, values, scale=0.25), dtype)


def test_grouped_query_attention_against_torch(rng: np.random.Generator) -> None:
    B, S, Nq, Nk, H = 2, 33, 8, 2, 16
    c = Case(rng, "FLOAT32", B=B, S=S, T=S, Nq=Nq, Nk=Nk, H=H, Hv=H)
    fields, arrays = c.tensors("separate")
    fields["OutputTensor"] = c.out_desc()
    out = run(mha1(fields, scale=0.25, q_heads=Nq, kv_heads=Nk), arrays)["OutputTensor"]
    q, k, v = (torch.from_numpy(x.transpose(0, 2, 1, 3)) for x in (c.q, c.k, c.v))
    k, v = (x.repeat_interleave(Nq // Nk, dim=1) for x in (k, v))
    t = torch.nn.functional.scaled_dot_product_attention(q, k, v, scale=0.25)
    close(out, t.transpose(1, 2).reshape(B, S, Nq * H).numpy(), "FLOAT32")


def _gqa_fields(c: Case, capacity: int, *, past_key: bool, lengths_type: str = "INT32") -> dict[str, Any]:
    d = c.dtype
    fields: dict[str, Any] = {
        "QueryTensor": tensor(d, [c.B, c.S, c.Nq * c.H]),
        "KeyTensor": tensor(d, [c.B, c.T, c.Nk * c.H]),
        "ValueTensor": tensor(d, [c.B, c.T, c.Nk * c.Hv]),
        "PastSequenceLengthsTensor": tensor(lengths_type, [c.B]),
        "OutputTensor": c.out_desc(),
        "OutputPresentKeyTensor": tensor(d, [c.B, c.Nk, capacity, c.H]),
        "OutputPresentValueTensor": tensor(d, [c.B, c.Nk, capacity, c.Hv]),
    }
    if past_key:
        fields["PastKeyTensor"] = tensor(d, [c.B, c.Nk, c.P, c.H])
        fields["PastValueTensor"] = tensor(d, [c.B, c.Nk, c.P, c.Hv])
    return fields


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_decode_step_with_a_shared_cache(rng: np.random.Generator, dtype: str) -> None:
    """onnxruntime's GroupQueryAttention (later versions): no PastKey, the present buffers are the
    cache; one new token per batch is written at its past length and attends to everything before."""
    C = 10
    c = Case(rng, dtype, B=3, S=1, T=1, Nq=4, Nk=2, H=8, Hv=8, P=C)
    lengths = np.array([0, 4, 9], np.int32)
    fields = _gqa_fields(c, C, past_key=False)
    cache_k, cache_v = c.arr(c.pk), c.arr(c.pv)          # rows >= length are stale
    out_k, out_v = cache_k.copy(), cache_v.copy()
    arrays = {"QueryTensor": c.arr(c.q.reshape(3, 1, 32)), "KeyTensor": c.arr(c.k.reshape(3, 1, 16)),
              "ValueTensor": c.arr(c.v.reshape(3, 1, 16)), "PastSequenceLengthsTensor": lengths}
    res = run(mha1(fields, scale=0.3, q_heads=4, kv_heads=2), arrays,
              outputs={"OutputPresentKeyTensor": out_k, "OutputPresentValueTensor": out_v,
                       "OutputTensor": poison(np.dtype(NP[dtype]), [3, 1, 32])})
    keys = [np.concatenate([c.pk[b][:, :n], c.k[b].transpose(1, 0, 2)], axis=1) for b, n in enumerate(lengths)]
    values = [np.concatenate([c.pv[b][:, :n], c.v[b].transpose(1, 0, 2)], axis=1) for b, n in enumerate(lengths)]
    close(res["OutputTensor"], reference(c.q, keys, values, scale=0.3), dtype)
    for b, n in enumerate(lengths):
        want_k, want_v = cache_k[b].copy(), cache_v[b].copy()
        want_k[:, n], want_v[:, n] = c.arr(c.k[b, 0]), c.arr(c.v[b, 0])
        assert out_k[b].tobytes() == want_k.tobytes() and out_v[b].tobytes() == want_v.tobytes()


def test_prompt_with_past_lengths_is_causal(rng: np.random.Generator) -> None:
    """A prompt (past lengths 0): query s sees keys 0..s; the same as torch's is_causal."""
    c = Case(rng, "FLOAT32", B=2, S=70, T=70, Nq=2, Nk=1, H=8, Hv=8, P=0)
    C = 80
    fields = _gqa_fields(c, C, past_key=False)
    arrays = {"QueryTensor": c.arr(c.q.reshape(2, 70, 16)), "KeyTensor": c.arr(c.k.reshape(2, 70, 8)),
              "ValueTensor": c.arr(c.v.reshape(2, 70, 8)), "PastSequenceLengthsTensor": np.zeros(2, np.int32)}
    res = run(mha1(fields, scale=0.3, q_heads=2, kv_heads=1, filt=0.0), arrays)
    q, k, v = (torch.from_numpy(x.transpose(0, 2, 1, 3)) for x in (c.q, c.k, c.v))
    t = torch.nn.functional.scaled_dot_product_attention(q, k.repeat(1, 2, 1, 1), v.repeat(1, 2, 1, 1),
                                                         is_causal=True, scale=0.3)
    close(res["OutputTensor"], t.transpose(1, 2).reshape(2, 70, 16).numpy(), "FLOAT32")
    close(res["OutputPresentKeyTensor"][:, :, :70], c.k.transpose(0, 2, 1, 3), "FLOAT32")
    assert np.isnan(res["OutputPresentKeyTensor"][:, :, 70:]).all()   # rows past the lengths: not written


@pytest.mark.parametrize("lengths_type", ["INT32", "FLOAT32"])
def test_past_lengths_with_past_key_tensors_and_clamping(rng: np.random.Generator, lengths_type: str) -> None:
    """PastKey/PastValue of capacity P (onnxruntime's first GroupQueryAttention); lengths beyond the
    capacity (or negative) are clamped to it and never reach outside a buffer."""
    P, C, S = 6, 9, 2
    c = Case(rng, "FLOAT32", B=3, S=S, T=S, Nq=2, Nk=2, H=4, Hv=4, P=P)
    fields = _gqa_fields(c, C, past_key=True, lengths_type=lengths_type)
    given = np.array([3, 1000, -5])
    lengths = np.array([3, min(P, C - S), 0])
    arrays = {"QueryTensor": c.arr(c.q.reshape(3, S, 8)), "KeyTensor": c.arr(c.k.reshape(3, S, 8)),
              "ValueTensor": c.arr(c.v.reshape(3, S, 8)), "PastKeyTensor": c.arr(c.pk),
              "PastValueTensor": c.arr(c.pv),
              "PastSequenceLengthsTensor": given.astype(np.int32 if lengths_type == "INT32" else np.float32)}
    res = run(mha1(fields, scale=0.5, q_heads=2, kv_heads=2), arrays)
    keys = [np.concatenate([c.pk[b][:, :n], c.k[b].transpose(1, 0, 2)], axis=1) for b, n in enumerate(lengths)]
    values = [np.concatenate([c.pv[b][:, :n], c.v[b].transpose(1, 0, 2)], axis=1) for b, n in enumerate(lengths)]
    close(res["OutputTensor"], reference(c.q, keys, values, scale=0.5, causal_from=list(lengths)), "FLOAT32")
    for b, n in enumerate(lengths):
        close(res["OutputPresentKeyTensor"][b][:, :n + S], keys[b], "FLOAT32")
        assert np.isnan(res["OutputPresentValueTensor"][b][:, n + S:]).all()


# ---- validation ----------------------------------------------------------------------------------

def _valid_fields() -> dict[str, Any]:
    return {"QueryTensor": tensor("FLOAT32", [2, 3, 8]), "KeyTensor": tensor("FLOAT32", [2, 5, 8]),
            "ValueTensor": tensor("FLOAT32", [2, 5, 8]), "OutputTensor": tensor("FLOAT32", [2, 3, 8])}


def _refused(fields: dict[str, Any], match: str, **kw: Any) -> None:
    kw.setdefault("heads", 2)
    with pytest.raises(ValidationError, match=match):
        pydml.validate(mha(fields, scale=1.0, **kw))


def test_the_valid_base_case_validates() -> None:
    pydml.validate(mha(_valid_fields(), scale=1.0, heads=2))


def test_head_count_must_divide_the_hidden_size() -> None:
    _refused(_valid_fields(), r"DML_MULTIHEAD_ATTENTION_OPERATOR_DESC\.QueryTensor\.Sizes\[2\]: must be a multiple "
             r"of HeadCount \(3\).*got 8", heads=3)
    _refused(_valid_fields(), r"HeadCount: must be at least 1", heads=0)
    f = _valid_fields()
    with pytest.raises(ValidationError, match=r"QueryHeadCount: must be a multiple of KeyValueHeadCount \(3\)"):
        pydml.validate(mha1(f, scale=1.0, q_heads=4, kv_heads=3))


def test_query_key_value_layouts_are_exclusive_and_required() -> None:
    f = _valid_fields()
    f["StackedQueryKeyTensor"] = tensor("FLOAT32", [2, 3, 2, 2, 4])
    _refused(f, r"\.StackedQueryKeyTensor: must be null when QueryTensor is given \(the page: they are mutually "
             r"exclusive\)")
    f = _valid_fields()
    f["StackedKeyValueTensor"] = tensor("FLOAT32", [2, 5, 2, 2, 4])
    _refused(f, r"\.StackedKeyValueTensor: must be null when KeyTensor is given")
    f = _valid_fields()
    del f["QueryTensor"]
    _refused(f, r"\.QueryTensor: is required when neither StackedQueryKeyTensor nor StackedQueryKeyValueTensor")
    f = _valid_fields()
    del f["KeyTensor"]
    del f["ValueTensor"]
    _refused(f, r"\.KeyTensor: is required when no StackedQueryKeyTensor.*or PastKeyTensor gives the keys")
    f = _valid_fields()
    del f["ValueTensor"]
    _refused(f, r"\.ValueTensor: is required when no StackedKeyValueTensor")


def test_key_and_value_sequence_lengths_must_agree() -> None:
    f = _valid_fields()
    f["ValueTensor"] = tensor("FLOAT32", [2, 4, 8])
    _refused(f, r"\.ValueTensor\.Sizes\[1\]: must be 5 \(keyValueSequenceLength, the key's: keys and values pair "
             r"up\), got 4")
    f = _valid_fields()
    f["KeyTensor"] = tensor("FLOAT32", [2, 5, 6])
    _refused(f, r"\.KeyTensor\.Sizes\[2\]: must be 8 \(hiddenSize, the query's\), got 6")
    f = _valid_fields()
    f["QueryTensor"] = tensor("FLOAT32", [2, 1, 3, 8])
    _refused(f, r"\.QueryTensor\.Sizes\[0\]: must be 1 \(a leading dimension")


@pytest.mark.parametrize("kind,sizes,match", [
    ("BOOLEAN", [2, 2, 3, 4], r"MaskTensor\.Sizes\[3\]: must be 5 \(the key positions\), got 4"),
    ("BOOLEAN", [2, 15], r"MaskTensor\.DimensionCount: must be 4 or 5"),
    ("KEY_SEQUENCE_LENGTH", [2], r"MaskTensor\.DimensionCount: must be 2 to 5"),
    ("KEY_SEQUENCE_LENGTH", [2, 2], r"MaskTensor\.Sizes\[0\]: must be 1 \(MaskType "
                                    r"DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_LENGTH\), got 2"),
    ("KEY_SEQUENCE_END_START", [1, 2], r"MaskTensor\.Sizes\[0\]: must be 2"),
    ("KEY_QUERY_SEQUENCE_LENGTH_START_END", [6], r"MaskTensor\.Sizes\[0\]: must be 8 \(batchSize \* 3 \+ 2"),
])
def test_mask_shapes_per_mask_type(kind: str, sizes: list[int], match: str) -> None:
    f = _valid_fields()
    f["MaskTensor"] = tensor("INT32", sizes)
    _refused(f, match, mask_type=MASK[kind])


def test_mask_tensor_and_mask_type_go_together() -> None:
    f = _valid_fields()
    f["MaskTensor"] = tensor("INT32", [1, 2])
    _refused(f, r"MaskTensor: must be null when MaskType is DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE")
    _refused(_valid_fields(), r"MaskTensor: is required when MaskType is "
             r"DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_LENGTH", mask_type=MASK.KEY_SEQUENCE_LENGTH)


def test_past_present_bias_and_output_shapes() -> None:
    f = _valid_fields()
    f["PastKeyTensor"] = tensor("FLOAT32", [2, 2, 4, 4])
    _refused(f, r"PastValueTensor: is required when PastKeyTensor is given")
    f["PastValueTensor"] = tensor("FLOAT32", [2, 2, 3, 4])
    _refused(f, r"PastValueTensor\.Sizes\[2\]: must be 4 \(pastSequenceLength")
    f["PastValueTensor"] = tensor("FLOAT32", [2, 2, 4, 4])
    f["OutputPresentKeyTensor"] = tensor("FLOAT32", [2, 2, 5, 4])
    _refused(f, r"OutputPresentKeyTensor\.Sizes\[2\]: must be 9 \(pastSequenceLength \+ keyValueSequenceLength\)")
    f = _valid_fields()
    f["BiasTensor"] = tensor("FLOAT32", [16])
    _refused(f, r"BiasTensor\.Sizes\[0\]: must be 24 \(hiddenSize \+ hiddenSize \+ valueHiddenSize")
    f = _valid_fields()
    f["OutputTensor"] = tensor("FLOAT32", [2, 3, 6])
    _refused(f, r"OutputTensor\.Sizes\[2\]: must be 8")
    f = _valid_fields()
    f["RelativePositionBiasTensor"] = tensor("FLOAT32", [2, 2, 3, 4])
    _refused(f, r"RelativePositionBiasTensor\.Sizes\[3\]: must be 5")


def test_past_sequence_lengths_rules() -> None:
    f = _valid_fields()
    f["PastSequenceLengthsTensor"] = tensor("FLOAT16", [2])
    with pytest.raises(ValidationError, match=r"PastSequenceLengthsTensor\.DataType: must be FLOAT32 \(the page's "
                                              r"same-DataType constraint, for its float types\) or INT32, got FLOAT16"):
        pydml.validate(mha1(f, scale=1.0, q_heads=2, kv_heads=2))
    f["PastSequenceLengthsTensor"] = tensor("INT32", [3])
    with pytest.raises(ValidationError, match=r"PastSequenceLengthsTensor\.Sizes\[0\]: must be 2 \(batchSize"):
        pydml.validate(mha1(f, scale=1.0, q_heads=2, kv_heads=2))
    f["PastSequenceLengthsTensor"] = tensor("INT32", [2])
    with pytest.raises(ValidationError, match=r"KeyTensor: must have the query's sequence length 3"):
        pydml.validate(mha1(f, scale=1.0, q_heads=2, kv_heads=2))
    f["PastSequenceLengthsTensor"] = tensor("UINT8", [2])
    with pytest.raises(ValidationError, match=r"PastSequenceLengthsTensor"):
        pydml.validate(mha1(f, scale=1.0, q_heads=2, kv_heads=2))


def test_bad_views_never_crash() -> None:
    """A bound buffer smaller than the desc says is refused before any kernel runs."""
    desc = mha(_valid_fields(), scale=1.0, heads=2)
    op = pydml.Device().create_operator(desc)
    small = np.zeros(4, np.float32)
    with pytest.raises(pydml.PydmlError):
        op.execute({"QueryTensor": small, "KeyTensor": np.zeros((2, 5, 8), np.float32),
                    "ValueTensor": np.zeros((2, 5, 8), np.float32)})


@pytest.fixture(autouse=True)
def _restore_threads() -> Iterator[None]:
    yield
