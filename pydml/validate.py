"""Validation of operator descs against a feature level: one authority, in C.

Every rule DirectML states is judged by ``native/validate/validate.c`` (``pydml_validate_operator_ex``),
the validator C programs call too, so Python and C give the same verdict and the same field for
every desc. Python adds only what C cannot see, values that have no C representation at all
(``pydml.representable``, checked field by field in C order before the desc is marshalled); see
docs/design.md.
"""

from __future__ import annotations

from typing import Any

from pydml.enums import ENUM_BY_CTYPE, FeatureLevel
from pydml.errors import FeatureLevelError, Rendered, ValidationError
from pydml.marshal import marshal
from pydml.native import ffi, lib
from pydml.registry import CheckContext, OperatorDesc, OperatorSchema
from pydml.representable import check_representable, resolve


def validate(desc: Any, feature_level: FeatureLevel | str | int = FeatureLevel.FL6_4) -> None:
    """Raise ValidationError (or FeatureLevelError) for the first rule ``desc`` breaks.

    ``desc`` is a specific desc dataclass or a ``DML_OPERATOR_DESC``.
    """
    try:
        level = FeatureLevel.parse(feature_level)
    except ValueError:  # as the C validator says it, before it looks at the desc
        raise ValidationError("DML_OPERATOR_DESC", "feature_level", "is not a DML_FEATURE_LEVEL value",
                              feature_level) from None
    schema, inner = resolve(desc)
    check_desc(schema, inner, CheckContext(level), schema.c_name)

def check_desc(schema: OperatorSchema, desc: Any, ctx: CheckContext, name: str) -> None:
    """Check that ``desc`` has a C representation, then run the C validator on it."""
    check_representable(schema, desc, name)
    c = marshal(OperatorDesc(Type=schema.type, Desc=desc))
    diagnostic = ffi.new("pydml_diagnostic*")
    if lib.pydml_validate_operator_ex(c.ptr, int(ctx.feature_level), diagnostic):
        raise_diagnostic(diagnostic)

def raise_diagnostic(d: Any) -> None:
    """Raise the ValidationError (FeatureLevelError) a ``pydml_diagnostic`` describes."""
    desc, field, rule, message = (ffi.string(x).decode()
                                  for x in (d.desc, d.field, d.rule, d.message))
    value: Any = _parse_value(ffi.string(d.value).decode()) if d.has_value else None
    if d.has_value and value is None and message.endswith(", got NULL"):
        message = message.removesuffix("NULL") + "None"  # C's NULL is Python's None
    if d.required_level:
        raise FeatureLevelError(desc, field, rule, value, required=FeatureLevel(d.required_level),
                                show_value=bool(d.has_value), message=message)
    raise ValidationError(desc, field, rule, value, show_value=bool(d.has_value), message=message)

def _parse_value(text: str) -> Any:
    """The C validator's rendering of a value, back as a number or an enum where it is one."""
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    if text in ("None", "NULL"):
        return None
    for enum_cls in ENUM_BY_CTYPE.values():
        for member in enum_cls:
            if getattr(member, "c_name", None) == text:
                return member
    return Rendered(text)
