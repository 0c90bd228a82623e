"""Operators compiled by the C API (``pydml_operator_create``), run on tensor views.

Every operator the C side executes without a Python plan (the element-wise engine's ELEMENT_WISE_*
and ACTIVATION_* types, ...) runs through here, so Python and C callers execute the same compiled
operator: the desc is marshalled to directml.h bytes once, at create_operator.
"""

from __future__ import annotations

from typing import Any

from pydml.enums import ExecutionFlags, FeatureLevel
from pydml.errors import PydmlError, UnsupportedError
from pydml.native import TensorView, ffi, lib


def executes(operator_type: int) -> bool:
    """The C API compiles this DML_OPERATOR_TYPE."""
    return bool(lib.pydml_operator_type_executes(operator_type))


class NativeOperatorKernel:
    """A ``pydml_operator``; ``run`` binds views by binding name (C field order; ``Field[i]`` for arrays)."""

    def __init__(self, desc: Any, flags: ExecutionFlags):
        from pydml.marshal import to_c
        from pydml.registry import Role, schema_of

        schema = schema_of(desc)
        self.c_name = schema.c_name
        # the C API's binding order: tensor fields in struct order, a tensor array element by element
        bindings: list[tuple[str, Role]] = []
        for f in schema.tensor_fields:
            value = getattr(desc, f.name)
            if isinstance(value, (list, tuple)):
                bindings += [(f"{f.name}[{i}]", f.role) for i in range(len(value))]
            else:
                bindings.append((f.name, f.role))
        self.inputs = [name for name, role in bindings if role is Role.INPUT_TENSOR]
        self.outputs = [name for name, role in bindings if role is Role.OUTPUT_TENSOR]
        #: exact overlap of an output with an input (same memory, same strides) is allowed: each
        #: output element depends only on the same element of the inputs.
        self.in_place = bool(lib.pydml_operator_type_in_place(int(schema.type)))
        cdesc = to_c(desc)
        handle = ffi.new("pydml_operator**")
        message = ffi.new("char[1024]")
        # Python validated at the device's level; support only widens, so the newest level
        # compiles the same desc.
        status = lib.pydml_operator_create(cdesc.ptr, int(FeatureLevel.FL6_4), int(flags), handle,
                                           message, 1024)
        text = ffi.string(message).decode()
        if status == lib.PYDML_STATUS_UNSUPPORTED_PARAMETER:
            raise UnsupportedError(text or f"{self.c_name}: pydml has no kernel for this desc")
        if status:
            raise PydmlError(text or f"{self.c_name}: pydml_operator_create failed ({status})")
        self._op = ffi.gc(handle[0], lib.pydml_operator_destroy)

    @property
    def handle(self) -> Any:
        """The ``pydml_operator*`` (a graph node's Operator, include/pydml.h)."""
        return self._op

    def run(self, views: dict[str, TensorView]) -> None:
        """Execute once on bound views (absent optional tensors are simply not in ``views``)."""
        ins = ffi.new("const pydml_tensor*[]", max(1, len(self.inputs)))
        for i, name in enumerate(self.inputs):
            ins[i] = views[name].ptr if name in views else ffi.NULL
        outs = ffi.new("const pydml_tensor*[]", max(1, len(self.outputs)))
        for i, name in enumerate(self.outputs):
            outs[i] = views[name].ptr if name in views else ffi.NULL
        message = ffi.new("char[512]")
        status = lib.pydml_operator_execute_views(self._op, ins, len(self.inputs), outs,
                                                  len(self.outputs), message, 512)
        if status:
            raise PydmlError(ffi.string(message).decode() or f"{self.c_name}: execution failed")
