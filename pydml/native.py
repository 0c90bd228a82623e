"""The native binding: cffi's ``ffi``/``lib`` for the compiled extension, and strided tensor views
for the C kernels (``pydml_tensor``), built from numpy arrays or buffers.

A view records the base pointer, sizes, element strides and the byte size of the memory behind it,
so the C side can re-check every access. The view keeps the Python object alive while it exists.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

# libgomp's idle threads spin after every parallel region, by default for 300 000 rounds: measured
# here, the worker burns 3.4-4.4 ms of CPU after each operator (0.1 ms with 10 000), holding a core
# that the caller's next numpy/OpenBLAS/torch call, or another process, needs -- a 1024^3 GEMM
# interleaved with numpy ran 2.5x slower, and the integer products swung 2-26 ms on a loaded
# machine. 10 000 rounds keep back-to-back operators as fast (64K-element ADD 18 us, 64^3 GEMM
# 27 us, unchanged). libgomp reads the variable once, when it is loaded, so it is set before the
# extension is imported; a user's own GOMP_SPINCOUNT or OMP_WAIT_POLICY wins (C programs linking
# libpydml set it themselves; docs/design.md).
if "GOMP_SPINCOUNT" not in os.environ and "OMP_WAIT_POLICY" not in os.environ:
    os.environ["GOMP_SPINCOUNT"] = "10000"

try:
    from pydml._native import ffi as _ffi
    from pydml._native import lib as _lib
except ImportError as exc:  # pragma: no cover - only without a build
    raise ImportError(
        "pydml's C extension (pydml._native) is not built: run `pip install .` "
        "(or `pip install -e .`) in the repository"
    ) from exc

#: The cffi handles of the compiled extension (include/DirectML.h + include/pydml.h).
ffi: Any = _ffi
lib: Any = _lib

#: PYDML_ISA's values, widest first. The C library reads the variable once, when it is loaded
#: (native/engines/common.c), and caps the features its kernels may use: `PYDML_ISA=avx2` runs the AVX2
#: paths on an AVX-512 host, `portable` the portable C ones (issue 25). Set it before importing
#: pydml; pydml_set_cpu_features then narrows within the cap.
ISA_PATHS = ("avx512", "avx2", "portable")

_isa_request = os.environ.get("PYDML_ISA", "")
if _isa_request and _isa_request not in ISA_PATHS:
    import warnings

    warnings.warn(f"PYDML_ISA={_isa_request!r} is not one of {', '.join(ISA_PATHS)}: ignored, "
                  "the kernels use every feature this CPU has", RuntimeWarning, stacklevel=2)


def isa_path(features: int | None = None) -> str:
    """The path the kernels take with these feature bits (default: the active ones): "avx512",
    "avx2" (AVX2, FMA and F16C) or "portable"."""
    f = int(lib.pydml_active_cpu_features()) if features is None else features
    if f & lib.PYDML_CPU_AVX512:
        return "avx512"
    if f & lib.PYDML_CPU_AVX2_FMA and f & lib.PYDML_CPU_F16C:
        return "avx2"
    return "portable"

_BFLOAT16 = int(lib.PYDML_DATA_TYPE_BFLOAT16)


def _load_bfloat16() -> None:
    """ml_dtypes' bfloat16 entered in both tables, on first use. ml_dtypes is imported then, not
    with pydml: version 0.7.0 takes 0.5-1.0 s to import beside numpy 2.4 (0.08 s for 0.6.0; AMD EPYC
    Zen 5, 2026-12-02), four fifths of ``import pydml``, and only bfloat16 data needs it."""
    import ml_dtypes

    dtype = np.dtype(ml_dtypes.bfloat16)
    dict.__setitem__(NUMPY_DTYPES, _BFLOAT16, dtype)
    dict.__setitem__(DATA_TYPE_CODES, dtype, _BFLOAT16)


class _LazyTable(dict[Any, Any]):
    """A table whose ``get`` goes through ``__missing__`` (dict's own ``get`` does not)."""

    def get(self, key: Any, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default


class _DtypesByCode(_LazyTable):
    """NUMPY_DTYPES: the bfloat16 entry made when first read (by key, or by walking the table)."""

    def __missing__(self, key: int) -> np.dtype[Any]:
        if key == _BFLOAT16:
            _load_bfloat16()
            return dict.__getitem__(self, key)
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key == _BFLOAT16


def _walking(name: str) -> Any:
    """dict's method ``name`` with the bfloat16 entry made first (a walk sees every type)."""
    method = getattr(dict, name)

    def walk(self: _DtypesByCode, *args: Any) -> Any:
        if not dict.__contains__(self, _BFLOAT16):
            _load_bfloat16()
        return method(self, *args)

    return walk


for _name in ("__iter__", "__len__", "keys", "values", "items"):
    setattr(_DtypesByCode, _name, _walking(_name))


class _CodesByDtype(_LazyTable):
    """DATA_TYPE_CODES: a bfloat16 dtype (an array of one exists: ml_dtypes is imported) entered
    when first looked up."""

    def __missing__(self, key: Any) -> int:
        if isinstance(key, np.dtype) and key.name == "bfloat16" and key.kind == "V":
            _load_bfloat16()
            if dict.__contains__(self, key):
                return int(dict.__getitem__(self, key))
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return self.get(key) is not None


#: pydml_tensor data type code -> numpy dtype (DirectML codes plus pydml's bfloat16, whose entry
#: is made when first read: _load_bfloat16).
NUMPY_DTYPES: dict[int, np.dtype[Any]] = _DtypesByCode({
    int(lib.DML_TENSOR_DATA_TYPE_FLOAT32): np.dtype(np.float32),
    int(lib.DML_TENSOR_DATA_TYPE_FLOAT16): np.dtype(np.float16),
    int(lib.DML_TENSOR_DATA_TYPE_FLOAT64): np.dtype(np.float64),
    int(lib.DML_TENSOR_DATA_TYPE_UINT32): np.dtype(np.uint32),
    int(lib.DML_TENSOR_DATA_TYPE_INT32): np.dtype(np.int32),
    int(lib.DML_TENSOR_DATA_TYPE_UINT16): np.dtype(np.uint16),
    int(lib.DML_TENSOR_DATA_TYPE_INT16): np.dtype(np.int16),
    int(lib.DML_TENSOR_DATA_TYPE_UINT8): np.dtype(np.uint8),
    int(lib.DML_TENSOR_DATA_TYPE_INT8): np.dtype(np.int8),
    int(lib.DML_TENSOR_DATA_TYPE_UINT64): np.dtype(np.uint64),
    int(lib.DML_TENSOR_DATA_TYPE_INT64): np.dtype(np.int64),
})
#: numpy dtype -> pydml_tensor data type code (the inverse of NUMPY_DTYPES)
DATA_TYPE_CODES: dict[np.dtype[Any], int] = _CodesByDtype(
    {v: k for k, v in dict.items(NUMPY_DTYPES)})


def data_type_of(dtype: Any) -> int:
    """The pydml_tensor data type code of a numpy dtype."""
    try:
        return DATA_TYPE_CODES[np.dtype(dtype)]
    except KeyError:
        raise TypeError(f"no DirectML data type for numpy dtype {np.dtype(dtype)}") from None


@dataclass
class TensorView:
    """A ``pydml_tensor`` plus the objects that keep its memory alive."""

    cdata: Any
    keepalive: tuple[Any, ...]

    @property
    def ptr(self) -> Any:
        """The ``pydml_tensor*`` to pass to C."""
        return self.cdata

    @property
    def span(self) -> tuple[int, int]:
        """(address, byte size) of the memory behind the view."""
        return int(ffi.cast("uintptr_t", self.cdata.data)), int(self.cdata.buffer_bytes)


def _fill(data_type: int, sizes: Sequence[int], strides: Sequence[int], pointer: Any,
          nbytes: int) -> Any:
    if not 1 <= len(sizes) <= lib.PYDML_MAX_DIMS or len(strides) != len(sizes):
        raise ValueError(f"a tensor view needs 1..{lib.PYDML_MAX_DIMS} sizes and as many strides")
    t = ffi.new("pydml_tensor*")
    t.data_type = data_type
    t.dim_count = len(sizes)
    for i, (size, stride) in enumerate(zip(sizes, strides, strict=True)):
        t.sizes[i] = size
        t.strides[i] = stride
    t.data = pointer
    t.buffer_bytes = nbytes
    return t


def view_array(array: np.ndarray[Any, Any], data_type: int | None = None) -> TensorView:
    """View a numpy array with its own shape and strides (strides must be whole elements, >= 0).

    A 0-d array is viewed as shape (1,). The view's byte size is exactly what the array spans.
    """
    if data_type is None:
        data_type = data_type_of(array.dtype)
    if array.ndim == 0:
        array = array.reshape(1)
    itemsize = array.itemsize
    if any(s < 0 or s % itemsize for s in array.strides):
        raise ValueError(f"strides {array.strides} are not non-negative multiples of {itemsize}")
    strides = [s // itemsize for s in array.strides]
    span = sum((n - 1) * s for n, s in zip(array.shape, strides, strict=True)) + 1
    if array.size == 0:
        raise ValueError("a tensor view cannot be empty")
    pointer = ffi.cast("void*", array.ctypes.data)
    return TensorView(_fill(data_type, array.shape, strides, pointer, span * itemsize), (array,))


_TENSOR_BYTES = ffi.sizeof("pydml_tensor")


def packed_template(data_type: int, sizes: Sequence[int]) -> bytes:
    """The bytes of a ``pydml_tensor`` for a packed tensor of ``sizes`` (no memory yet)."""
    return _template(data_type, tuple(sizes), tuple(packed_strides(sizes)))


def strided_template(data_type: int, sizes: Sequence[int], strides: Sequence[int]) -> bytes:
    """The bytes of a ``pydml_tensor`` with element ``strides`` (no memory yet)."""
    return _template(data_type, tuple(sizes), tuple(strides))


@lru_cache(maxsize=4096)
def _template(data_type: int, sizes: tuple[int, ...], strides: tuple[int, ...]) -> bytes:
    # create_operator builds one per binding; models repeat a few shapes many times
    t = _fill(data_type, sizes, strides, ffi.NULL, 0)
    return bytes(ffi.buffer(t, _TENSOR_BYTES))


def view_packed(array: np.ndarray[Any, Any], template: bytes) -> TensorView:
    """A C-contiguous array as the memory of a template's view (the caller checked that the array
    fits it: its shape and dtype for a packed template, its byte size for a strided one)."""
    t = ffi.new("pydml_tensor*")
    ffi.memmove(t, template, _TENSOR_BYTES)
    t.data = ffi.from_buffer(array, require_writable=False)
    t.buffer_bytes = array.nbytes
    return TensorView(t, (array,))


def view_buffer(buffer: Any, data_type: int, sizes: Sequence[int],
                strides: Sequence[int] | None = None, *, offset_bytes: int = 0) -> TensorView:
    """View raw memory (any buffer-protocol object) as a tensor with DirectML sizes and strides.

    ``strides`` None means packed. The C side checks the view against the buffer's byte size.
    """
    raw = np.frombuffer(buffer, dtype=np.uint8) if not isinstance(buffer, np.ndarray) else buffer
    if not raw.flags.c_contiguous:
        raise ValueError("a bound buffer must be contiguous memory")
    nbytes = raw.nbytes - offset_bytes
    if offset_bytes < 0 or nbytes <= 0:
        raise ValueError(f"offset {offset_bytes} lies outside the {raw.nbytes}-byte buffer")
    if strides is None:
        strides = packed_strides(sizes)
    pointer = ffi.cast("char*", raw.ctypes.data) + offset_bytes
    return TensorView(_fill(data_type, sizes, strides, pointer, nbytes), (raw, buffer))


def element_strides(value: np.ndarray[Any, Any]) -> list[float]:
    """An array's strides in elements, for messages (a fraction where a stride is not a multiple of
    the item size)."""
    item = value.itemsize
    return [s // item if s % item == 0 else s / item for s in value.strides]


def strided_view_memory(value: np.ndarray[Any, Any], sizes: Sequence[int],
                        strides: Sequence[int]) -> np.ndarray[Any, Any] | None:
    """The memory a tensor of these Sizes and element strides occupies, when ``value`` is a view of
    exactly that layout (its shape the Sizes, its strides the element strides times its item size
    on every axis longer than 1): the bytes from its first element to the last one the strides
    reach, as a uint8 array over the view's own memory (writable when the view is), to bind in
    place. An NHWC array transposed to NCHW is the memory of an NCHW-sized tensor with NHWC
    strides; np.broadcast_to gives zero strides. None for any other array (negative strides
    included: a tensor's are unsigned)."""
    if value.shape != tuple(sizes) or value.size == 0:
        return None
    item = value.itemsize
    axes = zip(value.strides, strides, sizes, strict=True)
    if any(have != want * item for have, want, size in axes if size > 1):
        return None
    span = 1 + sum((size - 1) * stride for size, stride in zip(sizes, strides, strict=True))
    # every element of the view lies in [first, first + span): the view's own memory
    flat = np.lib.stride_tricks.as_strided(value, shape=(span,), strides=(item,),
                                           writeable=bool(value.flags.writeable))
    return flat.view(np.uint8)


def memory_limit() -> tuple[int, str]:
    """The most bytes this process may hold, and what that limit is: its address-space or data
    limit (``ulimit -v`` / ``-d``) when one is set and lower than physical memory, else physical
    memory. What a file or a graph asks for beyond it is refused before allocating (a Linux
    process that touches more is killed, not told)."""
    try:
        limit = int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
        what = "this machine's memory"
    except (ValueError, OSError, AttributeError):  # not POSIX: still refuse the absurd
        limit, what = 1 << 46, "64 TiB"
    try:
        import resource

        for kind, name in ((resource.RLIMIT_AS, "address-space limit (ulimit -v)"),
                           (resource.RLIMIT_DATA, "data-segment limit (ulimit -d)")):
            soft = resource.getrlimit(kind)[0]
            if soft != resource.RLIM_INFINITY and 0 <= soft < limit:
                limit, what = int(soft), f"this process's {name}"
    except (ImportError, OSError, ValueError):  # not POSIX
        pass
    return limit, what


def packed_strides(sizes: Sequence[int]) -> list[int]:
    """Row-major element strides of a packed tensor."""
    strides = [1] * len(sizes)
    for i in range(len(sizes) - 2, -1, -1):
        strides[i] = strides[i + 1] * sizes[i + 1]
    return strides
