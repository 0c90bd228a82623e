"""Exception hierarchy and the single mapping from ``pydml_status`` to exceptions.

Messages follow one grammar: ``DESC.Field[index]: rule, got value``. Exceptions carry the parts
as attributes (``.desc``, ``.field``, ``.value``) so callers and tests need not parse text.
"""

from __future__ import annotations

from typing import Any


class PydmlError(Exception):
    """Base class of every error pydml raises."""


class BindingError(PydmlError, ValueError):
    """A bound input or output does not fit the operator (missing, unknown, too small, wrong type)."""


class ValidationError(PydmlError, ValueError):
    """A descriptor breaks a DirectML rule.

    Attributes:
        desc: the C struct name (``DML_RESAMPLE_GRAD_OPERATOR_DESC``) or operator name.
        field: the field path inside it (``Scales[1]``, ``InputTensor.Sizes``), or ``""``.
        value: the offending value.
        rule: the rule, in words.
    """

    def __init__(self, desc: str, field: str, rule: str, value: Any = None, *,
                 show_value: bool = True, message: str | None = None):
        self.desc = desc
        self.field = field
        self.rule = rule
        self.value = value
        super().__init__(message or compose(desc, field, rule, value, show_value))


class FeatureLevelError(ValidationError):
    """The operator, data type or dimension count needs a higher feature level than the device's."""

    def __init__(self, desc: str, field: str, rule: str, value: Any = None, *, required: Any = None,
                 show_value: bool = True, message: str | None = None):
        self.required = required
        super().__init__(desc, field, rule, value, show_value=show_value, message=message)


class UnsupportedError(PydmlError, NotImplementedError):
    """Legal per DirectML, but this emulator does not implement it."""


class LimitError(PydmlError, ValueError):
    """A valid desc asks for more work than the device allows (``Device(max_elements=...)``)."""


class NativeError(PydmlError, RuntimeError):
    """A C entry point returned an error status.

    Attributes:
        status: the ``pydml_status`` value.
        function: the C function that returned it.
    """

    def __init__(self, function: str, status: int, message: str):
        self.function = function
        self.status = status
        super().__init__(f"{function}: {message} (pydml_status {status})")


def compose(owner: str, field: str, rule: str, value: Any = None, show_value: bool = True) -> str:
    """The one message grammar: ``OWNER.field: rule, got value``."""
    where = f"{owner}.{field}" if field else owner
    message = f"{where}: {rule}"
    if show_value:
        message += f", got {format_value(value)}"
    return message


class Rendered(str):
    """A value already rendered as text (by the C validator): shown as is, without quotes."""


def format_value(value: Any) -> str:
    """Render a value the way messages show it: enums by name, floats without noise."""
    if isinstance(value, Rendered):
        return str(value)
    name = getattr(value, "c_name", None)
    if isinstance(name, str):
        return name
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    return repr(value) if isinstance(value, str) else str(value)


def check_status(function: str, status: int) -> None:
    """Raise the exception for a non-success ``pydml_status`` (the only place that maps them)."""
    if status == 0:
        return
    from pydml.native import ffi, lib

    message = ffi.string(lib.pydml_status_string(status)).decode()
    if status == lib.PYDML_STATUS_UNSUPPORTED_PARAMETER:
        raise UnsupportedError(f"{function}: {message}")
    raise NativeError(function, status, message)
