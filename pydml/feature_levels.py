"""What a device's feature level decides by itself: CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS).

Which level introduced each operator is a fact of its schema entry (``introduced=`` in
pydml/ops/<family>.py; :data:`pydml.registry.INTRODUCED_AT` reads them), checked against the
``#if DML_TARGET_VERSION`` blocks of Microsoft's header by ``tests/test_feature_levels.py``.
"""

from __future__ import annotations

from pydml.enums import FeatureLevel


def max_supported(requested: list[FeatureLevel] | tuple[FeatureLevel, ...],
                  device_level: FeatureLevel) -> FeatureLevel | None:
    """CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS): the highest requested level available."""
    supported = [level for level in requested if level <= device_level]
    return max(supported) if supported else None
