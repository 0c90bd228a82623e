"""DxDispatch model files: parsing, binding and the ``print`` text (formats.md §1).

A model is ``{"resources": {...}, "dispatchables": {...}, "commands": [...]}``. Operator descs are
parsed by walking the registry's FieldSpecs (no per-operator code): the field's C type decides the
JSON form (tensor desc, nested operator desc, enum, flags, scalar, array, DML_SIZE_2D,
DML_SCALE_BIAS), the FieldSpec's ``optional`` decides whether it may be omitted.

Errors are ``ModelError`` with the place in the file:
``rgrad: DML_RESAMPLE_GRAD_OPERATOR_DESC.Scales[2]: must be a number, got 'x'``,
``resource 'dy': initialValues[3]: ...``, ``commands[0] (dispatch 'rgrad'): ...``.
Unlike DxDispatch, unknown keys inside a desc or tensor desc are errors (they are typos there).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from pydml.enums import CEnum, CFlag, ExecutionFlags, OperatorType, TensorDataType, TensorType
from pydml.errors import PydmlError, UnsupportedError, format_value
from pydml.native import NUMPY_DTYPES, memory_limit
from pydml.registry import (
    ARRAY_TYPES,
    FieldSpec,
    FieldType,
    OperatorDesc,
    OperatorSchema,
    Role,
    schema_of,
)
from pydml.tensor import BufferTensorDesc, TensorDesc

if TYPE_CHECKING:
    from pydml.frontends.dml_serialized_graph import SerializedGraphDispatchable
    from pydml.frontends.dxdispatch_onnx import OnnxDispatchable


class ModelError(PydmlError, ValueError):
    """A model file is unreadable or breaks the DxDispatch format.

    Attributes:
        where: the place in the file (``rgrad: DML_RESAMPLE_GRAD_OPERATOR_DESC.Scales[2]``).
        problem: what is wrong.
        unsupported: True when the input is legal DxDispatch but pydml cannot handle it.
    """

    def __init__(self, where: str, problem: str, *, unsupported: bool = False):
        self.where = where
        self.problem = problem
        self.unsupported = unsupported
        super().__init__(f"{where}: {problem}" if where else problem)


def _got(value: Any) -> str:
    if isinstance(value, (dict, list)):
        text = json.dumps(value)
        return text if len(text) <= 40 else text[:37] + "..."
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return format_value(value)


# --------------------------------------------------------------------------------------------
# JSON with comments and trailing commas (rapidjson's kParseCommentsFlag | kParseTrailingCommasFlag)

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|//[^\n]*|/\*.*?\*/|,(?=\s*(?://[^\n]*\s*|/\*.*?\*/\s*)*[\]}])',
                     re.DOTALL)


def _strip(text: str) -> str:
    def keep(match: re.Match[str]) -> str:
        token = match.group(0)
        if token.startswith('"'):
            return token
        if token.startswith("/*"):
            return re.sub(r"[^\n]", " ", token)  # keep line numbers
        return " " * len(token) if token.startswith("//") else " "

    return _TOKENS.sub(keep, text)


def loads(text: str, source: str = "model") -> Any:
    """Parse DxDispatch JSON: comments and trailing commas are allowed."""
    try:
        return json.loads(_strip(text))
    except json.JSONDecodeError as e:
        raise ModelError(source, f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}",
                         unsupported=True) from None
    except RecursionError:
        raise ModelError(source, "not a usable model: JSON nested too deeply", unsupported=True) from None


def load_file(path: str | Path) -> Any:
    """Read and parse a JSON file (ModelError with ``unsupported=True`` when unreadable)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ModelError(str(path), f"cannot read the file ({e.__class__.__name__}: "
                         f"{getattr(e, 'strerror', None) or e})", unsupported=True) from None
    return loads(text, str(path))


# --------------------------------------------------------------------------------------------
# Scalars

_FLOAT_WORDS = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}


def parse_float(value: Any, where: str) -> float:
    """A JSON number, or "nan" / "inf" / "-inf" (case-insensitive)."""
    if isinstance(value, bool):
        raise ModelError(where, f"must be a number, got {_got(value)}")
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str) and value.strip().lower() in _FLOAT_WORDS:
        return _FLOAT_WORDS[value.strip().lower()]
    raise ModelError(where, f"must be a number (or \"nan\", \"inf\", \"-inf\"), got {_got(value)}")


def parse_int(value: Any, where: str, low: int, high: int) -> int:
    """A JSON integer in [low, high] (``2.0`` and booleans are rejected, as in DxDispatch)."""
    if isinstance(value, bool) or not isinstance(value, int):
        kind = "an unsigned integer" if low == 0 else "an integer"
        raise ModelError(where, f"must be {kind}, got {_got(value)}")
    if not low <= value <= high:
        raise ModelError(where, f"must be in [{low}, {high}], got {value}")
    return value


UINT32 = (0, 2**32 - 1)
INT32 = (-(2**31), 2**31 - 1)
UINT64 = (0, 2**64 - 1)
INT64 = (-(2**63), 2**63 - 1)


def parse_enum(enum_cls: type[CEnum] | type[CFlag], value: Any, where: str) -> Any:
    """An enum or flags value: the full C name or the suffix; flags also take an array."""
    ctype = enum_cls.c_type() if issubclass(enum_cls, CEnum) else \
        {"TensorFlags": "DML_TENSOR_FLAGS", "ExecutionFlags": "DML_EXECUTION_FLAGS"}.get(
            enum_cls.__name__, enum_cls.__name__)
    if issubclass(enum_cls, CFlag) and isinstance(value, list):
        result = enum_cls(0)
        for i, item in enumerate(value):
            result |= parse_enum(enum_cls, item, f"{where}[{i}]")
        return result
    if not isinstance(value, str):
        raise ModelError(where, f"must be a string naming a {ctype} value, got {_got(value)}")
    if issubclass(enum_cls, CFlag) and value in ("NONE", ctype.removesuffix("S") + "_NONE"):
        return enum_cls(0)  # CFlag.parse misses the zero member (IntFlag iteration skips it)
    try:
        return enum_cls.parse(value)
    except ValueError:
        pass
    if isinstance(value, str) and value.strip() != value:
        raise ModelError(where, f"'{value}' is not a recognized value for {ctype}")
    names = [m.c_name for m in enum_cls] if len(enum_cls) <= 6 else []
    hint = f" (one of {', '.join(names)}, or the part after the prefix)" if names else ""
    raise ModelError(where, f"'{value}' is not a recognized value for {ctype}{hint}")


# --------------------------------------------------------------------------------------------
# Operator descs, driven by the registry's FieldSpecs

_TENSOR_KEYS = ("Type", "DataType", "Flags", "DimensionCount", "Sizes", "Strides",
                "TotalTensorSizeInBytes", "GuaranteedBaseOffsetAlignment")
_BUFFER_KEYS = _TENSOR_KEYS[1:]
_DISPATCHABLE_KEYS = ("type", "Type", "desc", "Desc", "executionFlags", "dmlCompileType",
                      "bindings")


class _Errors:
    """Collects field errors so one desc reports every bad field, not only the first."""

    def __init__(self) -> None:
        self.items: list[ModelError] = []

    def run(self, fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except ModelError as e:
            self.items.append(e)
            return None


def _uint_array(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ModelError(where, f"must be an array of unsigned integers, got {_got(value)}")
    return tuple(parse_int(v, f"{where}[{i}]", *UINT32) for i, v in enumerate(value))


def _unknown_keys(obj: dict[str, Any], allowed: tuple[str, ...] | list[str], where: str,
                  what: str) -> None:
    for key in obj:
        if key not in allowed and not key.startswith("$"):
            close = [a for a in allowed if a.lower() == key.lower()]
            hint = f" (did you mean '{close[0]}'?)" if close else \
                f" ({what} has: {', '.join(allowed)})"
            raise ModelError(f"{where}.{key}" if where else key, f"unknown field{hint}")


def parse_buffer_tensor_desc(obj: Any, where: str) -> BufferTensorDesc:
    """DML_BUFFER_TENSOR_DESC fields with DxDispatch's defaults (formats.md §1.4)."""
    if not isinstance(obj, dict):
        raise ModelError(where, f"must be an object (a tensor desc), got {_got(obj)}")
    _unknown_keys(obj, _BUFFER_KEYS if "Type" not in obj else _TENSOR_KEYS, where,
                  "DML_BUFFER_TENSOR_DESC")
    for key in ("DataType", "Sizes"):
        if key not in obj:
            raise ModelError(f"{where}.{key}", "is required")
    data_type = parse_enum(TensorDataType, obj["DataType"], f"{where}.DataType")
    sizes = _uint_array(obj["Sizes"], f"{where}.Sizes")
    dimension_count = None
    if "DimensionCount" in obj:
        dimension_count = parse_int(obj["DimensionCount"], f"{where}.DimensionCount", *UINT32)
    flags: Any = parse_enum(_tensor_flags(), obj["Flags"], f"{where}.Flags") \
        if "Flags" in obj else 0
    strides = None
    if obj.get("Strides") is not None:
        strides = _uint_array(obj["Strides"], f"{where}.Strides") or None
    total = None
    if "TotalTensorSizeInBytes" in obj:
        total = parse_int(obj["TotalTensorSizeInBytes"], f"{where}.TotalTensorSizeInBytes",
                          *UINT64) or None
    align = 0
    if "GuaranteedBaseOffsetAlignment" in obj:
        align = parse_int(obj["GuaranteedBaseOffsetAlignment"],
                          f"{where}.GuaranteedBaseOffsetAlignment", *UINT32)
    return BufferTensorDesc(DataType=data_type, Flags=flags, DimensionCount=dimension_count,
                            Sizes=sizes, Strides=strides, TotalTensorSizeInBytes=total,
                            GuaranteedBaseOffsetAlignment=align)


def _tensor_flags() -> type[CFlag]:
    from pydml.enums import TensorFlags

    return TensorFlags


def parse_tensor_desc(obj: Any, where: str) -> TensorDesc:
    """Short form ``{DataType, Sizes, ...}`` or long form ``{Type, Desc: {...}}``."""
    if not isinstance(obj, dict):
        raise ModelError(where, f"must be an object (a tensor desc), got {_got(obj)}")
    tensor_type = TensorType.BUFFER
    if "Type" in obj:
        tensor_type = parse_enum(TensorType, obj["Type"], f"{where}.Type")
        if tensor_type != TensorType.BUFFER:
            raise ModelError(f"{where}.Type", f"must be DML_TENSOR_TYPE_BUFFER, got "
                             f"{tensor_type.c_name}")
    if "Desc" in obj:
        _unknown_keys(obj, ("Type", "Desc"), where, "DML_TENSOR_DESC (long form)")
        return TensorDesc(Type=tensor_type, Desc=parse_buffer_tensor_desc(obj["Desc"],
                                                                          f"{where}.Desc"))
    return TensorDesc(Type=tensor_type, Desc=parse_buffer_tensor_desc(obj, where))


def _struct(spec: FieldSpec, value: Any, where: str) -> Any:
    if spec.type is FieldType.SIZE_2D:
        from pydml.structs import Size2D

        if not isinstance(value, dict):
            raise ModelError(where, "must be an object {\"Width\", \"Height\"}, got "
                             + _got(value))
        _unknown_keys(value, ("Width", "Height"), where, "DML_SIZE_2D")
        parts = {}
        for key in ("Width", "Height"):
            if key not in value:
                raise ModelError(f"{where}.{key}", "is required")
            parts[key] = parse_int(value[key], f"{where}.{key}", *UINT32)
        return Size2D(**parts)
    from pydml.structs import ScaleBias

    if not isinstance(value, dict):
        raise ModelError(where, f"must be an object {{\"Scale\", \"Bias\"}}, got {_got(value)}")
    _unknown_keys(value, ("Scale", "Bias"), where, "DML_SCALE_BIAS")
    scale_bias: dict[str, float] = {}
    for key in ("Scale", "Bias"):
        if key not in value:
            raise ModelError(f"{where}.{key}", "is required")
        scale_bias[key] = parse_float(value[key], f"{where}.{key}")
    return ScaleBias(**scale_bias)


def _field_value(spec: FieldSpec, value: Any, where: str) -> Any:
    t = spec.type
    if t is FieldType.TENSOR_DESC:
        return parse_tensor_desc(value, where)
    if t is FieldType.OPERATOR_DESC:
        return parse_nested_desc(value, where)
    if t in (FieldType.ENUM, FieldType.FLAGS):
        assert spec.enum is not None
        return parse_enum(spec.enum, value, where)
    if t is FieldType.FLOAT:
        return parse_float(value, where)
    if t is FieldType.BOOL:
        if not isinstance(value, bool):
            raise ModelError(where, f"must be true or false, got {_got(value)}")
        return value
    if t is FieldType.UINT:
        return parse_int(value, where, *UINT32)
    if t is FieldType.UINT64:
        return parse_int(value, where, *UINT64)
    if t is FieldType.INT:
        return parse_int(value, where, *INT32)
    if t in ARRAY_TYPES:
        if not isinstance(value, list):
            raise ModelError(where, f"must be an array, got {_got(value)}")
        if t is FieldType.FLOAT_ARRAY:
            return tuple(parse_float(v, f"{where}[{i}]") for i, v in enumerate(value))
        bounds = UINT32 if t is FieldType.UINT_ARRAY else INT32
        return tuple(parse_int(v, f"{where}[{i}]", *bounds) for i, v in enumerate(value))
    if t in (FieldType.SIZE_2D, FieldType.SCALE_BIAS):
        return _struct(spec, value, where)
    if t is FieldType.TENSOR_DESC_ARRAY:
        if not isinstance(value, list):
            raise ModelError(where, f"must be an array of tensor descs, got {_got(value)}")
        return tuple(parse_tensor_desc(v, f"{where}[{i}]") for i, v in enumerate(value))
    if t is FieldType.OPERATOR_DESC_ARRAY:
        if not isinstance(value, list):
            raise ModelError(where, f"must be an array of operator descs, got {_got(value)}")
        return tuple(parse_nested_desc(v, f"{where}[{i}]") for i, v in enumerate(value))
    if t is FieldType.SCALAR_UNION:
        return _scalar_union(value, where)
    raise ModelError(where, f"fields of type {t.value} are not supported", unsupported=True)


def _scalar_union(value: Any, where: str) -> Any:
    """A DML_SCALAR_UNION: a number (typed by the desc's data type field) or one named member."""
    from pydml.structs import SCALAR_MEMBERS, ScalarUnion

    if isinstance(value, bool) or not isinstance(value, (int, float, dict)):
        raise ModelError(where, f"must be a number or an object with one DML_SCALAR_UNION member, "
                         f"got {_got(value)}")
    if not isinstance(value, dict):
        return value
    _unknown_keys(value, tuple(SCALAR_MEMBERS), where, "DML_SCALAR_UNION")
    if len(value) != 1:
        raise ModelError(where, f"must set exactly one member, got {len(value)}")
    key, member = next(iter(value.items()))
    kind, _ = SCALAR_MEMBERS[key]
    parsed = parse_float(member, f"{where}.{key}") if kind == "float" else \
        parse_int(member, f"{where}.{key}", *(INT64 if kind == "int" else UINT64))
    fields: dict[str, Any] = {key: parsed}
    return ScalarUnion(**fields)


def c_name_of(schema: OperatorSchema) -> str:
    return str(getattr(schema.type, "c_name"))  # noqa: B009  (OperatorType is a functional enum)


def parse_operator_type(value: Any, where: str) -> OperatorSchema:
    """DML_OPERATOR_TYPE name (full or suffix) -> its schema.

    Unknown names are ModelErrors; real DirectML operators whose desc struct pydml does not know
    are ModelErrors with ``unsupported=True``.
    """
    operator_type: Any = OperatorType  # a functional enum: mypy sees an instance
    op: Any = parse_enum(operator_type, value, where)
    try:
        return schema_of(op)
    except UnsupportedError:
        raise ModelError(where, f"{op.c_name}: pydml does not know this operator's desc struct "
                         "(see `pydml list`)", unsupported=True) from None


def parse_desc_fields(schema: OperatorSchema, obj: dict[str, Any], where: str, *,
                      fused: bool = False, ignore: tuple[str, ...] = ()) -> Any:
    """Build ``schema.desc_class`` from a JSON object of C field names.

    Every field the header does not mark optional is required (count fields included, as in
    DxDispatch). In fused mode (FusedActivation), InputTensor/OutputTensor are not read. Raises
    the first error; ``ModelErrorGroup`` when several fields are bad.
    """
    prefix = where if fused else (f"{where}: {schema.c_name}" if where else schema.c_name)
    skipped = {s.name for s in schema.tensor_fields} if fused else set()
    allowed = [s.name for s in schema.fields if s.name not in skipped]
    errors = _Errors()
    for key in obj:
        if key in ignore or key.startswith("$") or key in skipped:
            continue
        if key not in allowed:
            errors.run(_unknown_keys, {key: None}, allowed, prefix, schema.c_name)
    values: dict[str, Any] = {}
    for spec in schema.fields:
        if spec.name in skipped:
            continue
        path = f"{prefix}.{spec.name}"
        if spec.name not in obj or obj[spec.name] is None:
            if not spec.optional:
                errors.items.append(ModelError(path, "is required"))
            continue
        values[spec.name] = errors.run(_field_value, spec, obj[spec.name], path)
    if errors.items:
        raise ModelErrorGroup(errors.items)
    desc_class: Any = schema.desc_class
    return desc_class(**values)


class ModelErrorGroup(ModelError):
    """Several ModelErrors of one desc (``errors``); its message is the first one's."""

    def __init__(self, errors: list[ModelError]):
        self.errors = errors
        first = errors[0]
        super().__init__(first.where, first.problem,
                         unsupported=any(e.unsupported for e in errors))


def parse_nested_desc(obj: Any, where: str) -> OperatorDesc:
    """A fused operator desc: ``{Type, <fields>}`` (short) or ``{Type, Desc: {...}}`` (long)."""
    if not isinstance(obj, dict):
        raise ModelError(where, f"must be an object {{\"Type\": ...}}, got {_got(obj)}")
    if "Type" not in obj:
        raise ModelError(f"{where}.Type", "is required")
    schema = parse_operator_type(obj["Type"], f"{where}.Type")
    if "Desc" in obj:
        _unknown_keys(obj, ("Type", "Desc"), where, "DML_OPERATOR_DESC (long form)")
        if not isinstance(obj["Desc"], dict):
            raise ModelError(f"{where}.Desc", f"must be an object, got {_got(obj['Desc'])}")
        inner = parse_desc_fields(schema, obj["Desc"], f"{where}.Desc", fused=True)
    else:
        inner = parse_desc_fields(schema, obj, where, fused=True, ignore=("Type",))
    return OperatorDesc(Type=schema.type, Desc=inner)


# --------------------------------------------------------------------------------------------
# Model structure


@dataclass
class Resource:
    """One buffer: its bytes (zero padded) and how many initial elements ``print`` shows."""

    name: str
    data_type: TensorDataType
    data: np.ndarray[Any, Any]  # uint8, sizeInBytes long
    initial_bytes: int
    explicit_size: bool = False
    #: ``"initialValues": "deferred"``: no memory until an ONNX dispatchable's output becomes it
    #: (DxDispatch's DeferredBinding): then its data type, bytes and extent are the output's
    deferred: bool = False

    @property
    def element_size(self) -> int:
        return NUMPY_DTYPES[int(self.data_type)].itemsize

    @property
    def dtype(self) -> np.dtype[Any]:
        return NUMPY_DTYPES[int(self.data_type)]

    def initial_values(self) -> np.ndarray[Any, Any]:
        """What ``print`` shows: the initial values' extent, read as initialValuesDataType."""
        n = self.initial_bytes // self.element_size
        return self.data[: n * self.element_size].view(self.dtype)

    def as_array(self) -> np.ndarray[Any, Any]:
        """What ``--output`` writes: the initial extent (whole buffer for an explicit size)."""
        if self.explicit_size:
            n = self.data.nbytes // self.element_size
            return self.data[: n * self.element_size].view(self.dtype).copy()
        return self.initial_values().copy()


@dataclass
class Dispatchable:
    """A DirectML-operator dispatchable."""

    name: str
    schema: OperatorSchema
    desc: Any
    flags: ExecutionFlags
    init_bindings: dict[str, Any] = field(default_factory=dict)  # raw JSON, resolved at run time
    compile_type: str = "DmlCompileOp"  # or "DmlCompileGraph": the operator as a one-node graph


@dataclass
class Binding:
    """A resolved bind point: resource, byte offset."""

    resource: str
    byte_offset: int
    where: str


@dataclass
class Command:
    """dispatch / print / writeFile."""

    index: int
    kind: str  # "dispatch" | "print" | "writeFile"
    dispatchable: str = ""
    bindings: dict[str, Binding] = field(default_factory=dict)
    resource: str = ""
    verbose: bool = False
    target_path: str = ""
    dimensions: tuple[int, ...] | None = None
    json_text: str = ""  # the command as the model wrote it (--print_commands)


@dataclass
class Model:
    """A parsed model."""

    path: Path | None
    resources: dict[str, Resource]
    dispatchables: dict[str, Dispatchable | SerializedGraphDispatchable | OnnxDispatchable]
    commands: list[Command]


def _require_object(root: Any, key: str, where: str) -> dict[str, Any]:
    value = root.get(key) if isinstance(root, dict) else None
    if not isinstance(value, dict):
        raise ModelError(where, f"expected an object named '{key}'", unsupported=True)
    return value


# -- resources --------------------------------------------------------------------------------


def _float16_truncate(values: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """double -> float (nearest) -> half rounding toward zero (half.hpp round_indeterminate)."""
    with np.errstate(all="ignore"):
        f = np.asarray(values, dtype=np.float64).astype(np.float32)
        h = f.astype(np.float16)
    hf = h.astype(np.float32)
    finite = np.isfinite(f)
    too_big = finite & (np.abs(f) >= 65536.0)
    step = finite & ~too_big & (np.abs(hf) > np.abs(f))
    h = np.where(step, np.nextafter(h, np.float16(0)), h).astype(np.float16)
    h = np.where(too_big, np.copysign(np.float16(np.inf), f).astype(np.float16), h)
    return h.astype(np.float16)


def _is_float(dt: TensorDataType) -> bool:
    return dt in (TensorDataType.FLOAT32, TensorDataType.FLOAT16, TensorDataType.FLOAT64)


def _element(value: Any, dt: TensorDataType, where: str) -> float | int:
    if _is_float(dt):
        return parse_float(value, where)
    info = np.iinfo(NUMPY_DTYPES[int(dt)])
    return parse_int(value, where, int(info.min), int(info.max))


def _convert(values: list[float | int], dt: TensorDataType) -> np.ndarray[Any, Any]:
    with np.errstate(all="ignore"):  # out-of-range floats become inf, as a C cast does
        if dt == TensorDataType.FLOAT16:
            return _float16_truncate(np.array(values, dtype=np.float64))
        return np.array(values, dtype=NUMPY_DTYPES[int(dt)])


def _sequence(count: int, start: float | int, delta: float | int,
              dt: TensorDataType) -> np.ndarray[Any, Any]:
    """Repeated addition in the element type (formats.md §1.2)."""
    dtype = NUMPY_DTYPES[int(dt)]
    if dt == TensorDataType.FLOAT16:
        d = np.float32(_float16_truncate(np.array([delta]))[0])
        out = np.empty(count, dtype=np.float16)
        v = _float16_truncate(np.array([start]))[0]
        for i in range(count):  # truncating conversion at every step; FLOAT16 sequences are short
            out[i] = v
            v = _float16_truncate(np.array([np.float32(v) + d]))[0]
        return out
    with np.errstate(all="ignore"):
        if _is_float(dt):
            steps = np.full(count, dtype.type(delta), dtype=dtype)
            steps[0] = dtype.type(start)
            return np.add.accumulate(steps, dtype=dtype)
        wide = np.dtype(np.uint64 if dtype.kind == "u" else np.int64)  # integer += wraps
        index = np.arange(count, dtype=wide)
        result: np.ndarray[Any, Any] = (wide.type(start)
                                        + wide.type(delta) * index).astype(dtype)
        return result


# (by DirectML's types: walking NUMPY_DTYPES would import ml_dtypes for pydml's bfloat16 entry)
_NPY_TYPES = {NUMPY_DTYPES[int(m)].str.lstrip("<>|="): m for m in TensorDataType if int(m) in NUMPY_DTYPES}


def _npy(path: Path, where: str, declared: TensorDataType | None) -> tuple[np.ndarray[Any, Any],
                                                                           TensorDataType]:
    try:
        with path.open("rb") as f:
            version = np.lib.format.read_magic(f)
            if version[0] >= 4:
                raise ModelError(where, f"{path.name}: NPY version {version} is not supported")
            reader = np.lib.format.read_array_header_1_0 if version == (1, 0) else \
                np.lib.format.read_array_header_2_0
            _, fortran, dtype = reader(f)
    except (OSError, ValueError) as e:
        raise ModelError(where, f"cannot read {path}: {e}") from None
    if fortran:
        raise ModelError(where, f"{path.name}: fortran_order arrays are not supported")
    dt: TensorDataType
    if dtype == np.dtype(bool):
        dt = TensorDataType.UINT8
    else:
        found = _NPY_TYPES.get(np.dtype(dtype).newbyteorder("<").str.lstrip("<>|="))
        if found is None or np.dtype(dtype).byteorder == ">":
            raise ModelError(where, f"{path.name}: dtype {dtype} has no DML_TENSOR_DATA_TYPE")
        dt = found
    if declared is not None and declared != dt:
        raise ModelError(where, f"{path.name} holds {np.dtype(dtype)} ({dt.c_name}), but "
                         f"initialValuesDataType is {declared.c_name}")
    try:
        array = np.load(path, allow_pickle=False)
    except (OSError, ValueError) as e:
        raise ModelError(where, f"cannot read {path}: {e}") from None
    return np.ascontiguousarray(array).reshape(-1).view(np.uint8).copy(), dt


def _check_memory(nbytes: int, where: str) -> None:
    """Refuse, before allocating, a resource larger than the memory the process may have."""
    limit, what = memory_limit()
    if nbytes > limit:
        raise ModelError(where, f"the resource needs {nbytes} bytes, more than {what} "
                         f"({limit} bytes)")


def _allocating(make: Any, nbytes: int, where: str) -> Any:
    """``make()``, with a MemoryError (an allocation the limits let through but the system
    refused) reported as one line naming the resource, the bytes and the limit."""
    try:
        return make()
    except MemoryError:
        limit, what = memory_limit()
        raise ModelError(where, f"cannot allocate the {nbytes} bytes the resource needs "
                         f"({what}: {limit} bytes)") from None


def parse_resource(name: str, obj: Any, base: Path | None) -> Resource:
    """One member of ``resources``."""
    where = f"resource '{name}'"
    if not isinstance(obj, dict):
        raise ModelError(where, f"must be an object, got {_got(obj)}")
    _unknown_keys(obj, ("initialValuesDataType", "initialValues", "sizeInBytes",
                        "initialValuesOffsetInBytes", "resampleSize", "resampleMode"),
                  where, "a resource")
    declared: TensorDataType | None = None
    if "initialValuesDataType" in obj:
        declared = parse_enum(TensorDataType, obj["initialValuesDataType"],
                              f"{where}: initialValuesDataType")
    if "initialValues" not in obj:
        raise ModelError(f"{where}: initialValues", "is required")
    init = obj["initialValues"]
    iw = f"{where}: initialValues"
    if init == "deferred":  # JsonParsers.cpp: no initialValuesDataType needed, no memory yet
        dt_deferred = declared if declared is not None and int(declared) in NUMPY_DTYPES \
            else TensorDataType.FLOAT32
        return Resource(name, dt_deferred, np.zeros(0, dtype=np.uint8), 0, deferred=True)
    is_file = isinstance(init, dict) and "value" not in init and "valueStart" not in init \
        and "sourcePath" in init
    if declared is None and not is_file:
        raise ModelError(f"{where}: initialValuesDataType", "is required")
    if declared == TensorDataType.UNKNOWN or (isinstance(init, list) and init
                                              and isinstance(init[0], dict)):
        raise ModelError(iw, "list initializers (UNKNOWN type) are for HLSL dispatchables, "
                         "which pydml does not run", unsupported=True)
    if declared is not None and int(declared) not in NUMPY_DTYPES:
        raise ModelError(f"{where}: initialValuesDataType",
                         f"{declared.c_name} buffers are not supported", unsupported=True)
    if isinstance(init, str):
        raise ModelError(iw, f"must be an array, an object or \"deferred\", got {_got(init)}")
    dt: TensorDataType
    if isinstance(init, list):
        if not init:
            raise ModelError(iw, "must not be empty")
        assert declared is not None
        values = [_element(v, declared, f"{iw}[{i}]") for i, v in enumerate(init)]
        raw = _convert(values, declared).view(np.uint8)
        dt = declared
    elif isinstance(init, dict):
        if "value" in init:
            assert declared is not None
            _unknown_keys(init, ("valueCount", "value"), iw, "a constant initializer")
            if "valueCount" not in init:
                raise ModelError(f"{iw}.valueCount", "is required")
            count = parse_int(init["valueCount"], f"{iw}.valueCount", *UINT32)
            if count == 0:
                raise ModelError(f"{iw}.valueCount", "must be > 0, got 0")
            v = _element(init["value"], declared, f"{iw}.value")
            need = count * NUMPY_DTYPES[int(declared)].itemsize
            _check_memory(need, f"{iw}.valueCount")
            raw = _allocating(lambda: np.repeat(_convert([v], declared), count).view(np.uint8), need,
                              f"{iw}.valueCount")
            dt = declared
        elif "valueStart" in init:
            assert declared is not None
            _unknown_keys(init, ("valueCount", "valueStart", "valueDelta"), iw,
                          "a sequence initializer")
            for key in ("valueCount", "valueStart", "valueDelta"):
                if key not in init:
                    raise ModelError(f"{iw}.{key}", "is required")
            count = parse_int(init["valueCount"], f"{iw}.valueCount", *UINT32)
            if count == 0:
                raise ModelError(f"{iw}.valueCount", "must be > 0, got 0")
            start = _element(init["valueStart"], declared, f"{iw}.valueStart")
            delta = _element(init["valueDelta"], declared, f"{iw}.valueDelta")
            need = count * NUMPY_DTYPES[int(declared)].itemsize
            _check_memory(need, f"{iw}.valueCount")
            raw = _allocating(lambda: _sequence(count, start, delta, declared).view(np.uint8), need,
                              f"{iw}.valueCount")
            dt = declared
        elif "sourcePath" in init:
            _unknown_keys(init, ("sourcePath",), iw, "a file initializer")
            source = init["sourcePath"]
            if not isinstance(source, str):
                raise ModelError(f"{iw}.sourcePath", f"must be a string, got {_got(source)}")
            path = Path(source)
            if not path.is_absolute() and base is not None and (base / path).exists():
                path = base / path
            if not path.exists():
                raise ModelError(f"{iw}.sourcePath", f"file '{source}' not found (relative to "
                                 f"{base or '.'} or the current directory)")
            if not path.is_file():
                raise ModelError(f"{iw}.sourcePath", f"'{source}' is not a file")
            suffix = path.suffix.lower()
            if suffix == ".npy":
                raw, dt = _npy(path, f"{iw}.sourcePath", declared)
            elif suffix in (".png", ".jpg", ".jpeg"):
                raise ModelError(f"{iw}.sourcePath", "image initializers are not supported",
                                 unsupported=True)
            else:
                if declared is None:
                    raise ModelError(f"{where}: initialValuesDataType",
                                     f"is required for raw file '{source}'")
                try:
                    raw = np.fromfile(path, dtype=np.uint8)
                except OSError as e:
                    raise ModelError(f"{iw}.sourcePath", f"cannot read '{source}': "
                                     f"{e.strerror or e}") from None
                dt = declared
                if raw.nbytes == 0 or raw.nbytes % NUMPY_DTYPES[int(dt)].itemsize:
                    raise ModelError(f"{iw}.sourcePath", f"{path.name} has {raw.nbytes} bytes, "
                                     f"not a positive multiple of the {dt.name} element size")
        else:
            raise ModelError(iw, "unknown generator type (expected 'value', 'valueStart' or "
                             "'sourcePath')")
    else:
        raise ModelError(iw, f"must be an array or an object, got {_got(init)}")
    nbytes = int(raw.nbytes)
    offset = 0
    if "initialValuesOffsetInBytes" in obj:
        offset = parse_int(obj["initialValuesOffsetInBytes"],
                           f"{where}: initialValuesOffsetInBytes", *UINT64)
    explicit = "sizeInBytes" in obj
    if explicit:
        size = parse_int(obj["sizeInBytes"], f"{where}: sizeInBytes", *UINT64)
        if size < nbytes + offset:
            raise ModelError(f"{where}: sizeInBytes",
                             f"The buffer size ({size} bytes) is too small for the initialValues "
                             f"({nbytes} bytes) at offset {offset} bytes.")
    else:
        size = (nbytes + offset + 3) // 4 * 4
    size_where = f"{where}: {'sizeInBytes' if explicit else 'initialValuesOffsetInBytes'}"
    _check_memory(size, size_where)
    data = _allocating(lambda: np.zeros(size, dtype=np.uint8), size, size_where)
    data[:nbytes] = raw  # DxDispatch uploads to byte 0 whatever initialValuesOffsetInBytes says
    return Resource(name, dt, data, nbytes, explicit)


# -- dispatchables ----------------------------------------------------------------------------


def dispatchable_type(obj: Any, where: str) -> Any:
    """The ``Type``/``type`` member (``Type`` first, as DxDispatch)."""
    if not isinstance(obj, dict):
        raise ModelError(where, f"must be an object, got {_got(obj)}")
    if "Type" in obj:
        return obj["Type"]
    if "type" in obj:
        return obj["type"]
    raise ModelError(f"{where}.type", "is required")


#: Dispatchable types other than DirectML operators ("dmlSerializedGraph"): the lowercased type ->
#: its parser ``(name, obj, base) -> dispatchable``. The modules that read them sit above this
#: reader and register here when imported (pydml/frontends/__init__.py imports them), so the
#: reader never imports them (tests/test_layers.py).
DISPATCHABLE_KINDS: dict[str, Callable[[str, Any, Path | None], Any]] = {}


def parse_dispatchable(name: str, obj: Any, base: Path | None = None
                       ) -> Dispatchable | SerializedGraphDispatchable | OnnxDispatchable:
    """One member of ``dispatchables``: a DirectML operator (Dispatchable) or a serialized graph
    (dml_serialized_graph.SerializedGraphDispatchable, its sourcePath resolved against ``base``)
    or an ONNX model (dxdispatch_onnx.OnnxDispatchable, run by pydml.onnx)."""
    type_value = dispatchable_type(obj, name)
    kind = DISPATCHABLE_KINDS.get(type_value.lower()) if isinstance(type_value, str) else None
    if kind is not None:
        return kind(name, obj, base)  # type: ignore[no-any-return]
    if isinstance(type_value, str) and type_value.lower() == "hlsl":
        raise ModelError(f"{name}: type", f"'{type_value}' dispatchables are not supported; "
                         "pydml runs DirectML operators", unsupported=True)
    schema = parse_operator_type(type_value, f"{name}: type")
    flags = ExecutionFlags.NONE
    if "executionFlags" in obj:
        flags = parse_enum(ExecutionFlags, obj["executionFlags"], f"{name}: executionFlags")
    if "dmlCompileType" in obj and obj["dmlCompileType"] not in ("DmlCompileOp",
                                                                 "DmlCompileGraph"):
        raise ModelError(f"{name}: dmlCompileType", "must be \"DmlCompileOp\" or "
                         f"\"DmlCompileGraph\", got {_got(obj['dmlCompileType'])}")
    desc_obj = obj.get("Desc", obj.get("desc"))
    if "Desc" in obj or "desc" in obj:
        if not isinstance(desc_obj, dict):
            raise ModelError(f"{name}: {schema.c_name}", f"desc must be an object, got "
                             f"{_got(desc_obj)}")
        desc = parse_desc_fields(schema, desc_obj, name)
    else:
        desc = parse_desc_fields(schema, obj, name, ignore=_DISPATCHABLE_KEYS)
    init_bindings = obj.get("bindings", {})
    if not isinstance(init_bindings, dict):
        raise ModelError(f"{name}: bindings", f"must be an object, got {_got(init_bindings)}")
    return Dispatchable(name, schema, desc, flags, init_bindings,
                        obj.get("dmlCompileType", "DmlCompileOp"))


class OneNodeGraph:
    """``"dmlCompileType": "DmlCompileGraph"``: the operator compiled as a one-node graph, as
    DxDispatch's DmlDispatchable does it (microsoft/DirectML DxDispatch/src/dxdispatch/
    DmlDispatchable.cpp): each tensor present in the desc is one graph input or output, in the
    desc's binding order, named by its bind point. Binds like a compiled operator (``initialize``
    and ``execute`` by bind point) so the runner treats both alike."""

    def __init__(self, device: Any, desc: Any, flags: ExecutionFlags):
        self.graph = device.compile_graph(one_node_graph_desc(desc), flags)

    def initialize(self, inputs: dict[str, Any]) -> None:
        """Bind the OWNED_BY_DML inputs by bind point."""
        self.graph.initialize(inputs)

    def execute(self, inputs: dict[str, Any], outputs: dict[str, Any] | None = None) -> list[Any]:
        """One graph execution; inputs and outputs by bind point."""
        result: list[Any] = self.graph.execute(inputs, outputs)
        return result


def one_node_graph_desc(desc: Any) -> Any:
    """The DML_GRAPH_DESC of OneNodeGraph (also what ``pydml explain`` shows for it)."""
    from pydml.graph_descs import (
        DML_GRAPH_DESC,
        DML_INPUT_GRAPH_EDGE_DESC,
        DML_OPERATOR_GRAPH_NODE_DESC,
        DML_OUTPUT_GRAPH_EDGE_DESC,
    )
    from pydml.registry import schema_of

    schema = schema_of(desc)
    inputs: list[Any] = []
    outputs: list[Any] = []
    index = {Role.INPUT_TENSOR: 0, Role.OUTPUT_TENSOR: 0}  # binding index among inputs / outputs
    for spec in schema.tensor_fields:
        value = getattr(desc, spec.name)
        is_array = isinstance(value, (list, tuple))
        for k, element in enumerate(value if is_array else [value]):
            name = f"{spec.name}[{k}]" if is_array else spec.name
            binding = index[spec.role]
            index[spec.role] += 1
            if element is None:
                continue
            if spec.role is Role.INPUT_TENSOR:
                inputs.append(DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=len(inputs), ToNodeIndex=0,
                                                        ToNodeInputIndex=binding, Name=name))
            else:
                outputs.append(DML_OUTPUT_GRAPH_EDGE_DESC(FromNodeIndex=0, FromNodeOutputIndex=binding,
                                                          GraphOutputIndex=len(outputs), Name=name))
    return DML_GRAPH_DESC(
        Nodes=[DML_OPERATOR_GRAPH_NODE_DESC(Operator=desc, Name=schema.c_name)], InputEdges=inputs,
        OutputEdges=outputs)


def compile_dispatchable(device: Any, d: Dispatchable | SerializedGraphDispatchable | OnnxDispatchable
                         ) -> Any:
    """The compiled form of a dispatchable: an operator, or a one-node graph (DmlCompileGraph)."""
    if not isinstance(d, Dispatchable):  # a dmlSerializedGraph
        return d.compile(device)
    if d.compile_type == "DmlCompileGraph":
        return OneNodeGraph(device, d.desc, d.flags)
    return device.create_operator(d.desc, d.flags)


# -- commands ---------------------------------------------------------------------------------


def _binding_entries(value: Any, where: str) -> list[tuple[str, int | None, int | None]]:
    items = value if isinstance(value, list) else [value]
    out: list[tuple[str, int | None, int | None]] = []
    for i, item in enumerate(items):
        w = f"{where}[{i}]" if isinstance(value, list) else where
        if isinstance(item, str):
            out.append((item, None, None))
        elif isinstance(item, dict):
            _unknown_keys(item, ("name", "elementOffset", "elementCount", "elementSizeInBytes",
                                 "elementStride", "format", "counter", "counterOffsetBytes",
                                 "shape"), w, "a binding")
            if not isinstance(item.get("name"), str):
                raise ModelError(f"{w}.name", "is required (a resource name)")
            offset = parse_int(item.get("elementOffset", 0), f"{w}.elementOffset", *UINT64)
            size = None
            if "elementSizeInBytes" in item:
                size = parse_int(item["elementSizeInBytes"], f"{w}.elementSizeInBytes", *UINT32)
            out.append((item["name"], offset, size))
        else:
            raise ModelError(w, "must be a resource name, a binding object or an array of "
                             f"them, got {_got(item)}")
    return out


def _bind_one(w: str, point: str, resource: str, element_offset: int | None, element_size: int | None,
              t: Any, resources: dict[str, Resource], init: bool) -> Binding:
    """One resource bound to one tensor (a tensor field or one element of a tensor array)."""
    from pydml.enums import TensorFlags

    if resource not in resources:
        raise ModelError(w, f"resource '{resource}' does not exist in the model")
    res = resources[resource]
    if res.deferred:
        raise ModelError(w, f"resource '{resource}' is deferred: only an ONNX dispatchable's output "
                         "can be bound to it")
    offset = (element_offset or 0) * (element_size or res.element_size)
    align = max(16, t.GuaranteedBaseOffsetAlignment or 0)
    if offset % align:
        raise ModelError(w, f"byte offset {offset} of resource '{resource}' must be a "
                         f"multiple of {align} (DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT"
                         f"{' / GuaranteedBaseOffsetAlignment' if align > 16 else ''})")
    available = res.data.nbytes - offset
    if available < t.total_size_in_bytes:
        at = f" from byte {offset}" if offset else ""
        raise ModelError(w, f"resource '{resource}' has {max(available, 0)} bytes{at}, less "
                         f"than {point}.TotalTensorSizeInBytes ({t.total_size_in_bytes})")
    owned = bool(TensorFlags.parse(t.Flags) & TensorFlags.OWNED_BY_DML)
    if owned and not init:
        raise ModelError(w, f"{point} has DML_TENSOR_FLAG_OWNED_BY_DML: bind it in the "
                         "dispatchable's 'bindings', not at dispatch")
    if init and not owned:
        raise ModelError(w, f"only tensors with DML_TENSOR_FLAG_OWNED_BY_DML are bound at "
                         f"initialization; {point} has none")
    return Binding(resource, offset, w)


def resolve_bindings(raw: dict[str, Any], where: str, schema: OperatorSchema, desc: Any,
                     resources: dict[str, Resource], *, init: bool = False) -> dict[str, Binding]:
    """Bind points -> resources with byte offsets; checks names, counts and sizes."""
    from pydml.enums import TensorFlags
    from pydml.representable import buffer_of

    tensor_fields = {s.name: s for s in schema.tensor_fields}
    out: dict[str, Binding] = {}
    for point, value in raw.items():
        w = f"{where}.{point}"
        if point not in tensor_fields:
            raise ModelError(w, f"'{point}' is not a bind point of {c_name_of(schema)} (bind "
                             f"points: {', '.join(tensor_fields)})")
        tensor = getattr(desc, point)
        if tensor is None:
            raise ModelError(w, f"{schema.c_name}.{point} is omitted from the desc, so nothing "
                             "may be bound to it")
        entries = _binding_entries(value, w)
        elements = list(tensor) if isinstance(tensor, (list, tuple)) else [tensor]
        if len(entries) != len(elements):
            raise ModelError(w, f"Bind point '{point}' requires {len(elements)} resources, but "
                             f"{len(entries)} were bound.")
        pairs = zip(entries, elements, strict=True)
        for i, ((resource, element_offset, element_size), element) in enumerate(pairs):
            name = f"{point}[{i}]" if isinstance(tensor, (list, tuple)) else point
            out[name] = _bind_one(w if len(elements) == 1 else f"{w}[{i}]", name, resource,
                                  element_offset, element_size, buffer_of(element), resources, init)
    for spec in schema.tensor_fields:
        t = getattr(desc, spec.name)
        if t is None or spec.name in out or f"{spec.name}[0]" in out:
            continue
        first = t[0] if isinstance(t, (list, tuple)) else t
        if first is None:
            continue
        owned = bool(TensorFlags.parse(buffer_of(first).Flags) & TensorFlags.OWNED_BY_DML)
        if owned == init and spec.role in (Role.INPUT_TENSOR, Role.OUTPUT_TENSOR):
            raise ModelError(f"{where}.{spec.name}", f"{schema.c_name}.{spec.name} is not bound "
                             f"(missing binding)")
    return out


def parse_command(index: int, obj: Any, model: Model) -> Command:
    """One element of ``commands`` (names are checked against the model)."""
    where = f"commands[{index}]"
    if not isinstance(obj, dict):
        raise ModelError(where, f"must be an object, got {_got(obj)}")
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise ModelError(f"{where}.type", "is required (dispatch, print or writeFile)")
    kind_l = kind.lower()
    if kind_l == "dispatch":
        name = obj.get("dispatchable")
        if not isinstance(name, str):
            raise ModelError(f"{where}.dispatchable", "is required (a dispatchable name)")
        where = f"{where} (dispatch '{name}')"
        if name not in model.dispatchables:
            raise ModelError(where, f"Command attempts to dispatch '{name}', which does not "
                             "exist in the model")
        raw = obj.get("bindings")
        if not isinstance(raw, dict):
            raise ModelError(f"{where}.bindings", "expected an object field named 'bindings'")
        d = model.dispatchables[name]
        if not isinstance(d, Dispatchable):  # a dmlSerializedGraph: bind points are tensor names
            return Command(index, "dispatch", dispatchable=name,
                           bindings=d.resolve_bindings(raw, f"{where}: bindings", model.resources))
        bindings = resolve_bindings(raw, f"{where}: bindings", d.schema, d.desc, model.resources)
        return Command(index, "dispatch", dispatchable=name, bindings=bindings)
    if kind_l in ("print", "writefile"):
        resource = obj.get("resource")
        if not isinstance(resource, str):
            raise ModelError(f"{where}.resource", "is required (a resource name)")
        if resource not in model.resources:
            verb = "print" if kind_l == "print" else "write"
            raise ModelError(where, f"Command attempts to {verb} resource '{resource}', which "
                             "does not exist in the model")
        if kind_l == "print":
            verbose = obj.get("verbose", False)
            if not isinstance(verbose, bool):
                raise ModelError(f"{where}.verbose", f"must be true or false, got {_got(verbose)}")
            return Command(index, "print", resource=resource, verbose=verbose)
        target = obj.get("targetPath")
        if not isinstance(target, str) or not target:
            raise ModelError(f"{where}.targetPath", "is required (a file path)")
        dims = None
        if obj.get("dimensions") is not None:
            dims = _uint_array(obj["dimensions"], f"{where}.dimensions") or None
        return Command(index, "writeFile", resource=resource, target_path=target, dimensions=dims)
    raise ModelError(f"{where}.type", f"Unrecognized command '{kind}' (dispatch, print or "
                     "writeFile)")


def parse_model(root: Any, path: Path | None = None, *, input_base: Path | None = None) -> Model:
    """Parse a whole model (resources, dispatchables, commands) and check every reference.

    File initializers are read relative to ``input_base`` (DxDispatch's --input_path), else to
    the model's folder, else to the current directory."""
    source = str(path) if path else "model"
    if not isinstance(root, dict):
        raise ModelError(source, "the model must be a JSON object", unsupported=True)
    resources_obj = _require_object(root, "resources", source)
    dispatchables_obj = _require_object(root, "dispatchables", source)
    commands_obj = root.get("commands")
    if not isinstance(commands_obj, list):
        raise ModelError(source, "expected an array field named 'commands'", unsupported=True)
    base = input_base if input_base is not None else path.parent if path else None
    resources = {n: parse_resource(n, o, base) for n, o in resources_obj.items()}
    dispatchables = {n: parse_dispatchable(n, o, base) for n, o in dispatchables_obj.items()}
    model = Model(path, resources, dispatchables, [])
    model.commands = [parse_command(i, c, model) for i, c in enumerate(commands_obj)]
    for command, raw in zip(model.commands, commands_obj, strict=True):
        command.json_text = json.dumps(raw)
    return model


# --------------------------------------------------------------------------------------------
# print (formats.md §1.6)


def format_element(value: Any, data_type: TensorDataType) -> str:
    """One value as C++ ostream prints it (``%g`` for floats; INT8/UINT8 as a raw character)."""
    if _is_float(data_type):
        v = float(value)
        if math.isnan(v):
            return "-nan" if math.copysign(1.0, v) < 0 else "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return f"{v:g}"
    if data_type in (TensorDataType.INT8, TensorDataType.UINT8):
        return chr(int(value) & 0xFF)
    return str(int(value))


def print_text(resource: Resource, verbose: bool = False) -> str:
    """The exact text DxDispatch's ``print`` writes (with the trailing newline(s))."""
    values = resource.initial_values()
    dt = resource.data_type
    if not verbose:
        return f"Resource '{resource.name}': " + ", ".join(format_element(v, dt)
                                                          for v in values) + "\n"
    n = len(values)
    width = math.floor(math.log10(n)) + 1 if n > 0 else 1
    hex_width = 2 * resource.element_size
    raw = values.view(np.dtype(f"<u{resource.element_size}"))
    lines = [f"Resource '{resource.name}':"]
    for i, (v, bits) in enumerate(zip(values, raw, strict=True)):
        lines.append(f"[{i:>{width}}] {format_element(v, dt)} (0x{int(bits):>{hex_width}X})")
    return "\n".join(lines) + "\n\n"


def print_bytes(resource: Resource, verbose: bool = False) -> bytes:
    """``print_text`` as the bytes DxDispatch writes: INT8/UINT8 values are raw bytes."""
    text = print_text(resource, verbose)
    head = f"Resource '{resource.name}':"
    return head.encode() + text[len(head):].encode("latin-1")


def json_values(values: np.ndarray[Any, Any]) -> list[Any]:
    """Values for JSON output: floats with nan/inf as strings."""
    out: list[Any] = []
    for v in values.tolist():
        if isinstance(v, float) and not math.isfinite(v):
            out.append("nan" if math.isnan(v) else ("inf" if v > 0 else "-inf"))
        else:
            out.append(v)
    return out
