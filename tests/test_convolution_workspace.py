"""DML_CONVOLUTION's workspace (issue 28): every buffer an execution writes (band scratch per
thread, the bias copy, the packed filter) comes from DirectML's temporary resource
(native/families/convolution.c: temporary_bytes, conv_execute), so the plan is read-only while it
executes and executions of one operator run at the same time; an OWNED_BY_DML filter is packed at
initialize, keyed by the initialization generation.

References: the plain convolution's own bits (an execution without a caller's temporary, the
filter bound at execution) and, for the values, float64 torch (conv2d / conv_transpose2d).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
from ew_harness import same_bits_from_threads, threads
from test_convolution_ops import BWD, conv_desc

import pydml
from pydml import buffer_desc
from pydml.native import ffi, lib

CASES: dict[str, dict[str, Any]] = {  # one per engine path (convolution.c: DENSE, POINTWISE, PLANE)
    "dense3x3": dict(x=[2, 8, 9, 11], w=[40, 8, 3, 3], y=[2, 40, 9, 11], pads=[1, 1]),
    "dense 64": dict(x=[1, 8, 6, 7], w=[64, 8, 3, 3], y=[1, 64, 4, 5]),
    # (below 512 pixels a 1x1 runs on the dense engine: 5 x 7 is "small 1x1")
    "pointwise": dict(x=[1, 20, 16, 33], w=[24, 20, 1, 1], y=[1, 24, 16, 33]),
    "pointwise NHWC": dict(x=[1, 20, 16, 33], w=[24, 20, 1, 1], y=[1, 24, 16, 33], nhwc=True),
    "small 1x1": dict(x=[1, 20, 5, 7], w=[24, 20, 1, 1], y=[1, 24, 5, 7]),
    "depthwise": dict(x=[2, 8, 9, 30], w=[8, 1, 3, 3], y=[2, 8, 7, 28], groups=8),
    "backward": dict(x=[1, 16, 4, 5], w=[16, 8, 3, 3], y=[1, 8, 9, 11], strides=[2, 2], direction=BWD),
}


def conv_stats() -> dict[str, int]:
    """pydml_debug_convolution_stats: executions by where the packed filter came from."""
    cells = [ffi.new("uint64_t*") for _ in range(3)]
    lib.pydml_debug_convolution_stats(*cells)
    return dict(zip(("prepared", "packed", "allocated"), (int(c[0]) for c in cells), strict=True))


def delta(before: dict[str, int]) -> dict[str, int]:
    after = conv_stats()
    return {k: after[k] - before[k] for k in after}


def _setup(name: str, owned: bool, rng: np.random.Generator, dtype: str = "FLOAT32") -> tuple[Any, ...]:
    c = dict(CASES[name])
    x_sizes, w_sizes, y_sizes, nhwc = c.pop("x"), c.pop("w"), c.pop("y"), c.pop("nhwc", False)
    if nhwc:
        n, ci, h, w = x_sizes
        co = y_sizes[1]
        c["strides_of"] = {"x": [h * w * ci, 1, w * ci, ci], "y": [h * w * co, 1, w * co, co]}
    desc = conv_desc(x_sizes, w_sizes, y_sizes, bias=True, dtype=dtype, **c)
    if owned:
        desc = dataclasses.replace(desc, FilterTensor=buffer_desc(dtype, w_sizes, Flags="OWNED_BY_DML"))
    t = np.float32 if dtype == "FLOAT32" else np.float16
    x = rng.standard_normal(x_sizes).astype(t)
    if nhwc:
        x = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
    w = rng.standard_normal(w_sizes).astype(t)
    b = rng.standard_normal([1, y_sizes[1], 1, 1]).astype(t)
    return desc, x, w, b, y_sizes, t


def _out(y_sizes: list[int], t: Any) -> np.ndarray:
    return np.full(int(np.prod(y_sizes)), np.nan, t)  # poisoned; bound as raw memory


def _bits(a: np.ndarray) -> bytes:
    return np.ascontiguousarray(a).tobytes()


@pytest.mark.parametrize("owned", [False, True], ids=["bound filter", "owned filter"])
@pytest.mark.parametrize("name", list(CASES))
def test_garbage_filled_temporary_gives_the_same_bits(name: str, owned: bool, rng: np.random.Generator) -> None:
    """A caller's temporary of exactly the reported size, filled with NaN bytes or other garbage,
    gives the bits of an execution without one, on 1 and 2 threads alike; nothing is allocated;
    the filter comes from initialize's packing (owned) or is packed into the workspace."""
    desc, x, w, b, y_sizes, t = _setup(name, owned, rng)
    inputs = {"InputTensor": x, "BiasTensor": b} if owned else {"InputTensor": x, "FilterTensor": w, "BiasTensor": b}
    results = []
    for count in (1, 2):
        with threads(count):
            op = pydml.Device().create_operator(desc)
            if owned:
                op.initialize({"FilterTensor": w})
            need = op.binding_properties["temporary_bytes"]
            assert need > 0
            plain = _bits(op.execute(inputs, {"OutputTensor": _out(y_sizes, t)})["OutputTensor"])
            for fill in (0xFF, 0xA5):  # NaN bytes; huge / denormal-free garbage
                temporary = np.full(need, fill, np.uint8)
                before = conv_stats()
                got = op.execute(inputs, {"OutputTensor": _out(y_sizes, t)}, temporary=temporary)["OutputTensor"]
                d = delta(before)
                assert d["allocated"] == 0, "the reported size was too small"
                assert d["prepared" if owned else "packed"] == 1 and sum(d.values()) == 1, d
                assert (temporary != fill).any()  # the caller's memory was used
                assert _bits(got) == plain
            results.append(plain)
            with pytest.raises(pydml.PydmlError, match=f"fewer than the {need}"):
                op.execute(inputs, temporary=np.zeros(need - 64, np.uint8))
    assert results[0] == results[1]


def test_values_against_torch(rng: np.random.Generator) -> None:
    """The workspace path's values: conv2d with bias (float64 torch), dense and pointwise."""
    torch = pytest.importorskip("torch")
    for name in ("dense3x3", "pointwise"):
        desc, x, w, b, y_sizes, t = _setup(name, True, rng)
        op = pydml.Device().create_operator(desc)
        op.initialize({"FilterTensor": w})
        temporary = np.full(op.binding_properties["temporary_bytes"], 0xFF, np.uint8)
        got = op.execute({"InputTensor": x, "BiasTensor": b}, temporary=temporary)["OutputTensor"]
        pad = 1 if name == "dense3x3" else 0
        ref = torch.nn.functional.conv2d(torch.from_numpy(x.astype(np.float64)), torch.from_numpy(w.astype(np.float64)),
                                         torch.from_numpy(b.reshape(-1).astype(np.float64)), padding=pad).numpy()
        np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-5)


def test_float16_and_isa_change_pack_into_the_workspace(ew_isa: str, rng: np.random.Generator) -> None:
    """An owned filter prepared for one ISA, executed on the portable path: the bits of the bound
    filter on that path. The packing is kept where its layout is the same (the pointwise one, and
    16-wide dense panels: AVX2 and portable alike); AVX-512's 32-wide panels are packed into the
    workspace for that execution instead (the plan is not changed: back on AVX-512, the prepared
    packing again)."""
    from ew_harness import ISA_PATHS

    for name in ("dense 64", "pointwise"):
        desc, x, w, b, y_sizes, t = _setup(name, True, rng, "FLOAT16")
        plain_desc = dataclasses.replace(desc, FilterTensor=buffer_desc("FLOAT16", list(w.shape)))
        owned = pydml.Device().create_operator(desc)
        plain = pydml.Device().create_operator(plain_desc)
        owned.initialize({"FilterTensor": w})
        need = owned.binding_properties["temporary_bytes"]
        try:
            for isa in ("portable", ew_isa):
                lib.pydml_set_cpu_features(ISA_PATHS[isa])
                want = plain.execute({"InputTensor": x, "FilterTensor": w, "BiasTensor": b})["OutputTensor"]
                before = conv_stats()
                got = owned.execute({"InputTensor": x, "BiasTensor": b},
                                    temporary=np.full(need, 0xFF, np.uint8))["OutputTensor"]
                repacked = isa != ew_isa and ew_isa == "avx512" and name == "dense 64"
                source = "packed" if repacked else "prepared"
                assert delta(before) == {"prepared": 0, "packed": 0, "allocated": 0} | {source: 1}
                assert _bits(got) == _bits(want)
        finally:
            lib.pydml_set_cpu_features(ISA_PATHS[ew_isa])


def test_owned_filter_reinitialized_gives_the_new_result(rng: np.random.Generator) -> None:
    """Preparations follow the initialization generation: new weights (often at the same address)
    give the new result, each from initialize's packing."""
    desc, x, _, b, y_sizes, t = _setup("dense3x3", True, rng)
    plain = pydml.Device().create_operator(dataclasses.replace(desc, FilterTensor=buffer_desc("FLOAT32", [40, 8, 3, 3])))
    op = pydml.Device().create_operator(desc)
    for _ in range(3):
        w = rng.standard_normal([40, 8, 3, 3]).astype(np.float32)
        op.initialize({"FilterTensor": w})
        before = conv_stats()
        got = op.execute({"InputTensor": x, "BiasTensor": b})["OutputTensor"]
        assert delta(before)["prepared"] == 1
        want = plain.execute({"InputTensor": x, "FilterTensor": w, "BiasTensor": b})["OutputTensor"]
        assert _bits(got) == _bits(want)


def test_executed_from_three_threads_while_reinitialized(rng: np.random.Generator) -> None:
    """temporary_bytes > 0: the C API runs executions of one convolution at once (its shared lock);
    a fourth thread re-initializes the OWNED_BY_DML filter (same weights) meanwhile, which waits for
    them; every result has the bits of one execution."""
    desc, x, w, b, _, _ = _setup("dense3x3", True, rng)
    op = pydml.Device().create_operator(desc)
    assert op.binding_properties["temporary_bytes"] > 0
    op.initialize({"FilterTensor": w})
    inputs = {"InputTensor": x, "BiasTensor": b}
    expected = _bits(op.execute(inputs)["OutputTensor"])
    same_bits_from_threads(lambda: _bits(op.execute(inputs)["OutputTensor"]), expected, repeats=15,
                           meanwhile=lambda: op.initialize({"FilterTensor": w}), meanwhile_repeats=8)
