"""``pydml explain``: what a resample, convolution or graph dispatchable computes, in the terms of
PyTorch, ONNX and oneDNN (the resample conventions are ``resample_modes``'s)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

from pydml.frontends.cli_common import (
    _dispatchables_of,
    _level,
    check_dispatchable,
    explain_graph,
)
from pydml.frontends.dxdispatch import (
    Dispatchable,
    ModelError,
    load_file,
)
from pydml.frontends.resample_modes import CEIL, CONVENTIONS, FLOOR, HALF_UP, Convention, nearest_index

_RESAMPLE_TYPES = ("RESAMPLE", "RESAMPLE1", "RESAMPLE2", "RESAMPLE3", "RESAMPLE_GRAD",
                   "RESAMPLE_GRAD1", "UPSAMPLE_2D")


EXAMPLES = 4  # output elements shown per axis


def _num(v: float) -> str:
    return f"{v:.6g}"


def _sizes(value: Any) -> tuple[int, ...]:
    from pydml.representable import buffer_of

    return tuple(buffer_of(value).Sizes)


def _resample_params(schema: Any, desc: Any) -> dict[str, Any]:
    """Forward-op terms: input/output sizes, scales, offsets, mode, rounding, gradient."""
    from pydml.enums import AxisDirection, InterpolationMode

    name = schema.type.name
    gradient = name.startswith("RESAMPLE_GRAD")
    if gradient:
        fin, fout = _sizes(desc.OutputGradientTensor), _sizes(desc.InputGradientTensor)
    else:
        fin, fout = _sizes(desc.InputTensor), _sizes(desc.OutputTensor)
    rank = len(fin)
    if name == "UPSAMPLE_2D":
        scales = (1.0,) * (rank - 2) + (float(desc.ScaleSize.Height), float(desc.ScaleSize.Width))
    else:
        scales = tuple(float(v) for v in desc.Scales)
    a = tuple(float(v) for v in (getattr(desc, "InputPixelOffsets", None) or (0.5,) * rank))
    b = tuple(float(v) for v in (getattr(desc, "OutputPixelOffsets", None) or (-0.5,) * rank))
    direction = getattr(desc, "RoundingDirection", None)
    if direction is None:
        rounding = HALF_UP
    else:
        rounding = FLOOR if AxisDirection.parse(direction) == AxisDirection.DECREASING else CEIL
    mode = InterpolationMode.parse(desc.InterpolationMode)
    return {"gradient": gradient, "in": fin, "out": fout, "s": scales, "a": a, "b": b,
            "rounding": rounding, "linear": mode == InterpolationMode.LINEAR,
            # Antialiasing acts only for LINEAR and when some 1/scale > 2 (RESAMPLE3 docs).
            "antialiased": bool(getattr(desc, "Antialiased", False))
            and mode == InterpolationMode.LINEAR and any(1 / v > 2 for v in scales)}


def _dml_affine(p: dict[str, Any], d: int) -> tuple[str, float, float]:
    """Axis d as kind(slope * o + intercept), rounding folded into the intercept."""
    s, a, b = p["s"][d], p["a"][d], p["b"][d]
    c = -b / s - a
    if p["linear"]:
        return "linear", 1 / s, c
    if p["rounding"] == HALF_UP:
        return "floor", 1 / s, c + 0.5
    return ("floor" if p["rounding"] == FLOOR else "ceil"), 1 / s, c


def _indices(kind: str, slope: float, intercept: float, n_in: int, n_out: int
             ) -> np.ndarray[Any, Any]:
    x = slope * np.arange(n_out, dtype=np.float64) + intercept
    if kind == "linear":
        return np.clip(x, 0, n_in - 1)
    i = np.floor(x + 1e-9) if kind == "floor" else np.ceil(x - 1e-9)
    return np.clip(i, 0, n_in - 1)


def _axis_matches(p: dict[str, Any], d: int) -> tuple[list[Convention], list[Convention]]:
    """(conventions with the same formula, conventions equal on these sizes only)."""
    n_in, n_out = p["in"][d], p["out"][d]
    kind, slope, intercept = _dml_affine(p, d)
    mine = _indices(kind, slope, intercept, n_in, n_out)
    formula, sizes = [], []
    for conv in CONVENTIONS:
        if (conv.kind == "linear") != (kind == "linear"):
            continue
        cs, ci = conv.slope(n_in, n_out), conv.intercept(n_in, n_out)
        if conv.kind == kind and abs(cs - slope) <= 1e-6 * max(1.0, abs(slope)) \
                and abs(ci - intercept) <= 1e-6:
            formula.append(conv)
        elif np.allclose(_indices(conv.kind, cs, ci, n_in, n_out), mine, atol=1e-5):
            sizes.append(conv)
    return formula, sizes


def _identity_axis(p: dict[str, Any], d: int) -> bool:
    n = p["in"][d]
    if p["out"][d] != n:
        return False
    o = np.arange(n, dtype=np.float64)
    x = (o - p["b"][d]) / p["s"][d] - p["a"][d]
    if p["linear"]:
        return bool(np.allclose(np.clip(x, 0, n - 1), o, atol=1e-6))
    return bool(np.array_equal(nearest_index(x, p["rounding"], n), o.astype(np.int64)))


def explain_resample(name: str, schema: Any, desc: Any) -> list[str]:
    p = _resample_params(schema, desc)
    mode = "LINEAR" if p["linear"] else f"NEAREST_NEIGHBOR, rounding {p['rounding']}"
    lines = [f"{name}: {schema.type.c_name} ({mode}"
             + (", antialiased" if p["antialiased"] else "") + ")"]
    if p["gradient"]:
        lines.append(f"  gradient of the forward resample {list(p['in'])} -> {list(p['out'])}: "
                     "OutputGradient[i] = sum over forward outputs o of weight(o -> i) * "
                     "InputGradient[o]")
    else:
        lines.append(f"  input {list(p['in'])} -> output {list(p['out'])}")
    lines.append("  per axis, output index o reads input coordinate x = (o - b) / s - a")
    if p["antialiased"]:
        lines.append("  antialiased: where 1/s > 2 the linear filter is stretched by 1/s (more "
                     "taps than shown; pydml follows ONNX Resize-18 antialias, DirectML does not "
                     "document the normalisation)")
    matches: list[tuple[list[Convention], list[Convention]]] = []
    moving: list[int] = []
    for d in range(len(p["in"])):
        s, a, b = p["s"][d], p["a"][d], p["b"][d]
        n_in, n_out = p["in"][d], p["out"][d]
        head = (f"  axis {d}: {n_in} -> {n_out}, s = {_num(s)}, a = {_num(a)}, b = {_num(b)}: "
                f"x = (o {'+' if b < 0 else '-'} {_num(abs(b))}) / {_num(s)} "
                f"{'+' if a < 0 else '-'} {_num(abs(a))}")
        if _identity_axis(p, d):
            lines.append(head + "  (identity)")
            matches.append(([], []))
            continue
        moving.append(d)
        lines.append(head)
        for o in range(min(EXAMPLES, n_out)):
            x = (o - b) / s - a
            if p["linear"]:
                x0 = int(np.floor(x))
                f = x - x0
                taps = [(min(max(x0, 0), n_in - 1), 1 - f), (min(max(x0 + 1, 0), n_in - 1), f)]
                merged: dict[int, float] = {}
                for i, w in taps:
                    merged[i] = merged.get(i, 0.0) + w
                text = ", ".join(f"in[{i}] * {_num(w)}" for i, w in merged.items() if w)
            else:
                i = int(nearest_index(np.array([x]), p["rounding"], n_in)[0])
                text = f"in[{i}]"
            lines.append(f"    o = {o}: x = {_num(x)} -> {text}")
        if n_out > EXAMPLES:
            lines.append(f"    ... ({n_out} outputs)")
        formula, sizes = _axis_matches(p, d)
        matches.append((formula, sizes))
        names = [c.name for c in formula] + [f"{c.name} (on these sizes only)" for c in sizes]
        lines.append(f"    matches: {', '.join(names) or 'no standard convention'}")
    lines += _resample_equivalents(p, matches, moving)
    return lines


def _resample_equivalents(p: dict[str, Any],
                          matches: list[tuple[list[Convention], list[Convention]]],
                          moving: list[int]) -> list[str]:
    rank = len(p["in"])
    if not moving:
        return ["  equivalent: a copy (every axis is the identity)"]

    def common(use_sizes: bool) -> list[Convention]:
        pools = [m[0] + (m[1] if use_sizes else []) for m in (matches[d] for d in moving)]
        names = set.intersection(*({c.name for c in pool} for pool in pools))
        return [c for c in CONVENTIONS if c.name in names]

    exact, loose = common(False), common(True)
    spatial = rank - 2
    lin = {1: "linear", 2: "bilinear", 3: "trilinear"}.get(spatial, "linear")
    nc_moving = any(d < 2 for d in moving)
    lines = []

    def pick(attr: str) -> tuple[Convention | None, str]:
        for pool, note in ((exact, ""), (loose, " (equal on these sizes only)")):
            for c in pool:
                if getattr(c, attr):
                    return c, note
        return None, ""

    torch, note = pick("torch")
    aa_torch = torch is not None and torch.name == "half_pixel" and spatial == 2
    if torch is not None and 1 <= spatial <= 3 and not nc_moving and (
            aa_torch or not p["antialiased"]):
        size = tuple(p["out"][2:])
        extra = ", antialias=True" if p["antialiased"] else ""
        call = (f"torch.nn.functional.interpolate(x, size={size}, "
                f"{(torch.torch or '').format(lin=lin)}{extra})")
        if p["gradient"]:
            call = f"the gradient of {call} with respect to x (x.grad after y.backward(dy))"
        lines.append(f"  PyTorch: {call}{note}")
    else:
        lines.append("  PyTorch: none" + ("; N and C must not be resampled" if nc_moving else ""))
    onnx, note = pick("onnx")
    if onnx is not None:
        attrs = (onnx.onnx or "") + (", antialias=1" if p["antialiased"] else "")
        if p["gradient"]:
            lines.append(f"  ONNX: no gradient operator; the forward is Resize({attrs}){note}")
        else:
            lines.append(f"  ONNX Resize: {attrs}, sizes={list(p['out'])}{note}")
    else:
        lines.append("  ONNX Resize: none")
    dnnl, note = pick("onednn")
    if dnnl is not None and not nc_moving and not p["antialiased"]:
        kind = "backward" if p["gradient"] else "forward"
        lines.append(f"  oneDNN: resampling {kind}, {(dnnl.onednn or '').format(lin=lin)}{note}")
    else:
        lines.append("  oneDNN: none")
    return lines


_TORCH_ACTIVATIONS = {
    "ACTIVATION_RELU": "torch.relu({y})",
    "ACTIVATION_SIGMOID": "torch.sigmoid({y})",
    "ACTIVATION_TANH": "torch.tanh({y})",
    "ACTIVATION_IDENTITY": "{y}",
    "ACTIVATION_GELU": "torch.nn.functional.gelu({y})",
    "ACTIVATION_SOFTSIGN": "torch.nn.functional.softsign({y})",
    "ACTIVATION_LEAKY_RELU": "torch.nn.functional.leaky_relu({y}, {Alpha})",
    "ACTIVATION_ELU": "torch.nn.functional.elu({y}, {Alpha})",
    "ACTIVATION_CELU": "torch.nn.functional.celu({y}, {Alpha})",
    "ACTIVATION_LINEAR": "{Alpha} * {y} + {Beta}",
}


def explain_convolution(name: str, schema: Any, desc: Any) -> list[str]:
    from pydml.enums import ConvolutionDirection, ConvolutionMode
    from pydml.representable import resolve

    x, w, y = _sizes(desc.InputTensor), _sizes(desc.FilterTensor), _sizes(desc.OutputTensor)
    direction = ConvolutionDirection.parse(desc.Direction)
    mode = ConvolutionMode.parse(desc.Mode)
    backward = direction == ConvolutionDirection.BACKWARD
    spatial = len(x) - 2
    g = desc.GroupCount
    lines = [f"{name}: {schema.type.c_name} ({mode.c_name}, {direction.c_name}, "
             f"GroupCount {g})",
             f"  input {list(x)}, filter {list(w)}, output {list(y)}"]
    if backward:
        lines.append("  per spatial axis: out = (in - 1) * stride + (k - 1) * dilation + 1 "
                     "+ OutputPadding - start - end")
    else:
        lines.append("  per spatial axis: out = 1 + floor((in + start + end - ((k - 1) * "
                     "dilation + 1)) / stride) + OutputPadding")
    pads = []
    for i in range(spatial):
        n, k = x[2 + i], w[2 + i]
        s, dl = desc.Strides[i], desc.Dilations[i]
        a, e, op = desc.StartPadding[i], desc.EndPadding[i], desc.OutputPadding[i]
        extent = (k - 1) * dl + 1
        if backward:
            out = (n - 1) * s + extent + op - a - e
            text = f"({n} - 1) * {s} + ({k} - 1) * {dl} + 1 + {op} - {a} - {e} = {out}"
        else:
            out = 1 + (n + a + e - extent) // s + op
            text = f"1 + floor(({n} + {a} + {e} - {extent}) / {s}) + {op} = {out}"
        lines.append(f"  axis {2 + i}: {text}")
        pads.append((a, e, op, s, dl))
    fn = f"conv_transpose{spatial}d" if backward else f"conv{spatial}d"
    weight = "w"
    if mode == ConvolutionMode.CONVOLUTION:
        weight = f"w.flip({', '.join(str(2 + i) for i in range(spatial))})"
    args = [f"x, {weight}"]
    if desc.BiasTensor is not None:
        args.append("bias=b.reshape(-1)")
    args.append(f"stride={tuple(desc.Strides)}")
    notes = []
    if all(a == e for a, e, *_ in pads):
        args.append(f"padding={tuple(a for a, *_ in pads)}")
        if backward:
            args.append(f"output_padding={tuple(op for _, _, op, *_ in pads)}")
        elif any(op for _, _, op, *_ in pads):
            notes.append("FORWARD OutputPadding has no PyTorch argument: pad the result's end "
                         "with zeros (before the bias)")
    elif backward and all(0 <= op - (e - a) < max(s, dl) and e >= a
                          for a, e, op, s, dl in pads):
        args.append(f"padding={tuple(a for a, *_ in pads)}")
        args.append(f"output_padding={tuple(op - (e - a) for a, e, op, *_ in pads)}")
    elif not backward:
        flat = [v for a, e, *_ in reversed(pads) for v in (a, e)]
        args[0] = f"torch.nn.functional.pad(x, {tuple(flat)}), {weight}"
        args.append("padding=0")
    else:
        notes.append("asymmetric padding: compute with padding=0 and crop StartPadding from the "
                     "start and EndPadding from the end of each spatial axis")
    args.append(f"dilation={tuple(desc.Dilations)}")
    args.append(f"groups={g}")
    call = f"torch.nn.functional.{fn}({', '.join(args)})"
    if desc.FusedActivation is not None:
        act_schema, act = resolve(desc.FusedActivation)
        act_type: Any = act_schema.type
        template = _TORCH_ACTIVATIONS.get(act_type.name)
        if template is None:
            notes.append(f"then apply {act_type.c_name}")
        else:
            params = {f: _num(float(getattr(act, f))) for f in ("Alpha", "Beta")
                      if hasattr(act, f)}
            call = template.format(y=call, **params)
    lines.append(f"  PyTorch: {call}")
    if backward:
        lines.append(f"  (filter layout {{C_in, C_out / groups, k...}} = PyTorch's conv_transpose "
                     f"weight; BACKWARD is the gradient of conv{spatial}d with respect to its "
                     "input)")
    lines += [f"  note: {n}" for n in notes]
    return lines


def explain(name: str, schema: Any, desc: Any) -> list[str]:
    """Human-readable explanation lines for one validated desc."""
    if schema.type.name in _RESAMPLE_TYPES:
        return explain_resample(name, schema, desc)
    if schema.type.name == "CONVOLUTION":
        return explain_convolution(name, schema, desc)
    return [f"{name}: {schema.type.c_name}: no explanation (explain covers the resample family "
            "and DML_CONVOLUTION)"]


def cmd_explain(args: argparse.Namespace) -> int:
    level = _level(args.feature_level)
    path = Path(args.file)
    try:
        items = _dispatchables_of(load_file(path), path)
    except ModelError as e:
        sys.stderr.write(f"pydml explain: {e}\n")
        return 2
    code = 0
    for name, obj in items.items():
        d, problems = check_dispatchable(name, obj, level, path.parent)
        if problems:
            for p in problems:
                sys.stderr.write(f"pydml explain: {p['message']}\n")
                code = max(code, 2 if p["unsupported"] else 1)
            continue
        if not isinstance(d, Dispatchable) or d.compile_type == "DmlCompileGraph":
            print("\n".join(explain_graph(name, d)))
        if isinstance(d, Dispatchable):
            print("\n".join(explain(name, d.schema, d.desc)))
        print()
    return code


# ---------------------------------------------------------------------------------------------
