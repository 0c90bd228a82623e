"""MULTIHEAD_ATTENTION / MULTIHEAD_ATTENTION1 (native/families/attention.c) vs PyTorch CPU, in the same run.

    python benchmarks/bench_attention.py [--quick] [--threads 2]

Cases (FLOAT32 and FLOAT16):
  prompt   batch 4, 8 heads, sequence 512, head size 64, without and with a causal mask
           (pydml: MULTIHEAD_ATTENTION, Query/Key/Value [4, 512, 512], the causal mask a BOOLEAN
           [4, 8, 512, 512] lower triangle broadcast with zero strides; torch: SDPA on [4, 8, 512,
           64] views of the same buffers, is_causal=True)
  decode   one query against a 2,048-long key/value cache, 32 heads of 128 (pydml:
           MULTIHEAD_ATTENTION, Query/Key/Value [1, 1, 4096] and PastKey/PastValue [1, 32, 2047,
           128]; torch: SDPA with q [1, 32, 1, 128] and k/v [1, 32, 2048, 128])
Per case it prints torch time / pydml time (> 1: pydml is faster). The machine is shared:
contenders are timed interleaved, best of N each; claims are ratios only. Run it with
PYTHONPATH=<checkout> to measure that checkout's build (it prints where pydml came from).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import torch
from _timing import best_times, header

import pydml
from pydml.enums import MultiheadAttentionMaskType
from pydml.native import lib

NP = {"FLOAT32": np.float32, "FLOAT16": np.float16}
TORCH = {"FLOAT32": torch.float32, "FLOAT16": torch.float16}


def prompt(dtype: str, causal: bool, repeat: int) -> float:
    B, S, N, H = 4, 512, 8, 64
    rng = np.random.default_rng(1)
    q, k, v = (rng.standard_normal((B, S, N * H)).astype(NP[dtype]) for _ in range(3))
    t = pydml.buffer_desc(dtype, [B, S, N * H])
    fields: dict[str, Any] = {"QueryTensor": t, "KeyTensor": t, "ValueTensor": t, "OutputTensor": t}
    inputs: dict[str, Any] = {"QueryTensor": q, "KeyTensor": k, "ValueTensor": v}
    mask_type = MultiheadAttentionMaskType.NONE
    if causal:
        fields["MaskTensor"] = pydml.buffer_desc("INT32", [B, N, S, S], strides=[0, 0, S, 1])
        inputs["MaskTensor"] = np.tril(np.ones((S, S), np.int32)).ravel()
        mask_type = MultiheadAttentionMaskType.BOOLEAN
    desc = pydml.DML_MULTIHEAD_ATTENTION_OPERATOR_DESC(**fields, Scale=H ** -0.5, MaskFilterValue=-10000.0,
                                                       HeadCount=N, MaskType=mask_type)
    op = pydml.Device().create_operator(desc)
    out = np.empty((B, S, N * H), NP[dtype])
    tq, tk, tv = (torch.from_numpy(x).view(B, S, N, H).transpose(1, 2) for x in (q, k, v))
    tq, tk, tv = (x.contiguous() for x in (tq, tk, tv))

    def mine() -> None:
        op.execute(inputs, {"OutputTensor": out})

    def theirs() -> None:
        torch.nn.functional.scaled_dot_product_attention(tq, tk, tv, is_causal=causal)
    a, b = best_times([mine, theirs], repeat)
    return b / a


def decode(dtype: str, repeat: int) -> float:
    N, H, L = 32, 128, 2048
    rng = np.random.default_rng(2)
    q, k, v = (rng.standard_normal((1, 1, N * H)).astype(NP[dtype]) for _ in range(3))
    pk, pv = (rng.standard_normal((1, N, L - 1, H)).astype(NP[dtype]) for _ in range(2))
    t = pydml.buffer_desc(dtype, [1, 1, N * H])
    past = pydml.buffer_desc(dtype, [1, N, L - 1, H])
    desc = pydml.DML_MULTIHEAD_ATTENTION_OPERATOR_DESC(
        QueryTensor=t, KeyTensor=t, ValueTensor=t, PastKeyTensor=past, PastValueTensor=past, OutputTensor=t,
        Scale=H ** -0.5, MaskFilterValue=-10000.0, HeadCount=N, MaskType="NONE")
    op = pydml.Device().create_operator(desc)
    inputs = {"QueryTensor": q, "KeyTensor": k, "ValueTensor": v, "PastKeyTensor": pk, "PastValueTensor": pv}
    out = np.empty((1, 1, N * H), NP[dtype])
    tq = torch.from_numpy(q).view(1, 1, N, H).transpose(1, 2)
    tk = torch.cat([torch.from_numpy(pk), torch.from_numpy(k).view(1, 1, N, H).transpose(1, 2)], dim=2)
    tv = torch.cat([torch.from_numpy(pv), torch.from_numpy(v).view(1, 1, N, H).transpose(1, 2)], dim=2)

    def mine() -> None:
        op.execute(inputs, {"OutputTensor": out})

    def theirs() -> None:
        torch.nn.functional.scaled_dot_product_attention(tq, tk, tv)
    a, b = best_times([mine, theirs], repeat)
    return b / a


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    lib.pydml_set_num_threads(args.threads)
    torch.set_num_threads(args.threads)
    repeat = 3 if args.quick else 7
    dtypes = ["FLOAT32"] if args.quick else ["FLOAT32", "FLOAT16"]
    header(args.threads)
    # a script's folder, not the working directory, heads sys.path: say which build is measured
    print(f"pydml from {pydml.__file__}; torch time / pydml time (> 1: pydml faster); ratios only")
    for dtype in dtypes:
        for causal in (False, True):
            print(f"prompt {dtype:8s} causal={causal!s:5s}  {prompt(dtype, causal, repeat):6.2f}x")
        print(f"decode {dtype:8s}               {decode(dtype, repeat * 3):6.2f}x")


if __name__ == "__main__":
    main()
