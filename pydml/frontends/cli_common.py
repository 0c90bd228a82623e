"""What the ``pydml`` commands share: the feature-level option, one-line errors, JSON output, parsing
and validating one dispatchable, and the options DxDispatch has only for GPUs."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from pydml.enums import FeatureLevel
from pydml.errors import ValidationError
from pydml.frontends.dxdispatch import (
    Dispatchable,
    ModelError,
    ModelErrorGroup,
    c_name_of,
    one_node_graph_desc,
    parse_dispatchable,
)

DEFAULT_LEVEL = FeatureLevel.FL6_4


class CliError(Exception):
    """An error that ends the command with ``code``."""

    def __init__(self, message: str, code: int):
        self.code = code
        super().__init__(message)


def _level(text: str | None) -> FeatureLevel:
    if text is None:
        return DEFAULT_LEVEL
    try:
        return FeatureLevel.parse(text)
    except ValueError:
        known = ", ".join(level.short_name for level in FeatureLevel)
        raise CliError(f"--feature-level: '{text}' is not a feature level ({known})", 2) from None


def _code(error: ModelError) -> int:
    return 2 if error.unsupported else 1


def _emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


# ---------------------------------------------------------------------------------------------
# run


def _dml_level(text: str) -> FeatureLevel:
    """DxDispatch's --dml_feature_level spelling: "5.1" (a trailing "f" as in its "6.2f")."""
    spelled = text.strip().removesuffix("f").replace(".", "_")
    try:
        return FeatureLevel.parse(spelled)
    except ValueError:
        known = ", ".join(level.short_name.replace("_", ".") for level in FeatureLevel)
        raise CliError(f"--dml_feature_level: '{text}' is not a feature level ({known})", 2) from None


def _fail(message: str, code: int, as_json: bool, path: Path, level: FeatureLevel) -> int:
    if as_json:
        _emit_json({"model": str(path), "featureLevel": level.c_name, "ok": False,
                    "exitCode": code, "error": message})
    else:
        sys.stderr.write(f"pydml run: {message}\n")
    return code


# ---------------------------------------------------------------------------------------------
# validate


def _dispatchables_of(root: Any, path: Path) -> dict[str, Any]:
    """A model's dispatchables, or a bare ``{type, desc}`` file as one dispatchable ``desc``."""
    if isinstance(root, dict) and isinstance(root.get("dispatchables"), dict):
        return dict(root["dispatchables"])
    if isinstance(root, dict) and ("type" in root or "Type" in root):
        return {path.stem: root}
    raise ModelError(str(path), "neither a DxDispatch model (no 'dispatchables' object) nor a "
                     "{\"type\", \"desc\"} operator desc", unsupported=True)


def check_dispatchable(name: str, obj: Any, level: FeatureLevel, base: Path | None = None
                       ) -> tuple[Any, list[dict[str, Any]]]:
    """Parse and validate one dispatchable: (parsed or None, problems). A dmlSerializedGraph's
    sourcePath is resolved against ``base``; it is validated as CompileGraph validates it."""
    from pydml.frontends import dml_serialized_graph
    from pydml.validate import validate

    problems: list[dict[str, Any]] = []
    try:
        d = parse_dispatchable(name, obj, base)
    except ModelErrorGroup as group:
        for e in group.errors:
            problems.append({"message": str(e), "where": e.where, "rule": e.problem,
                             "unsupported": e.unsupported})
        return None, problems
    except ModelError as e:
        return None, [{"message": str(e), "where": e.where, "rule": e.problem,
                       "unsupported": e.unsupported}]
    try:
        if isinstance(d, Dispatchable):
            validate(d.desc, level)
        else:
            dml_serialized_graph.check(d, level)
    except ValidationError as e:
        problems.append({"message": f"{name}: {e}", "where": f"{name}: {e.desc}"
                         + (f".{e.field}" if e.field else ""), "rule": e.rule,
                         "value": _jsonable(e.value), "unsupported": False})
    return d, problems


def _jsonable(value: Any) -> Any:
    from pydml.errors import format_value

    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if np.isfinite(value) else str(value)
    return format_value(value)


def _kind(d: Any) -> str:
    """A dispatchable's kind: its operator's C name, or dmlSerializedGraph."""
    return c_name_of(d.schema) if isinstance(d, Dispatchable) else "dmlSerializedGraph"


def explain_graph(name: str, d: Any) -> list[str]:
    """A graph dispatchable node by node (DmlCompileGraph's one-node graph or a serialized graph)."""
    from pydml.frontends import dml_serialized_graph
    from pydml.frontends.graph_explain import describe

    if isinstance(d, Dispatchable):
        return [f"{name}: DmlCompileGraph: {c_name_of(d.schema)} as a one-node DML_GRAPH_DESC, "
                "graph inputs and outputs named by bind point",
                *describe(one_node_graph_desc(d.desc))]
    return dml_serialized_graph.explain_lines(name, d)


#: DxDispatch options that drive a GPU (CommandLineArgs.cpp): accepted so that scripts written for
#: DxDispatch run unchanged, each answered with one line. (flags, takes a value)
GPU_ONLY_OPTIONS: tuple[tuple[tuple[str, ...], bool], ...] = (
    (("-a", "--adapter"), True), (("-s", "--show_adapters"), False), (("-d", "--debug"), False),
    (("-q", "--queue_type"), True), (("-S", "--show_dependencies"), False),
    (("--disable_custom_heaps",), False), (("--clear_shader_caches",), False),
    (("--disable_gpu_timeout",), False), (("--enable_dred",), False),
    (("--disable_background_processing",), False), (("--set_stable_power_state",), False),
    (("--disable_agility_sdk",), False), (("--print_hlsl_disassembly",), False),
    (("--post_dispatch_barriers",), True), (("--xbox_allow_precompile",), False),
    (("-c", "--pix_capture_type"), True), (("-o", "--pix_capture_name"), True),
    (("--present_separator",), False), (("--max_gpu_time_measurements",), True),
    (("-f", "--onnx_free_dim_name_override"), True), (("-F", "--onnx_free_dim_denotation_override"), True),
    (("-e", "--onnx_session_config_entry"), True), (("-b", "--binding_shape"), True),
    (("-l", "--onnx_graph_optimization_level"), True), (("-L", "--onnx_logging_level"), True),
    (("-p", "--print_onnx_bindings"), False), (("-x", "--enable_ort_extensions"), False),
    (("--enable_onnx_profiling",), False),
)
