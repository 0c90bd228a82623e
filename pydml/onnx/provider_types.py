"""The DirectML provider's registered type constraints for ai.onnx ops: which tensor types the
provider's kernel for each op and since-version takes (onnxruntime's
onnxruntime/core/providers/dml/DmlExecutionProvider/src/Operators/OperatorRegistration.cpp, its
operatorRegistrationInformationTable: REG_INFO(version, op, typeNameList..., supportedTypeList...)).
A node whose types fall outside its row is one onnxruntime does not place on the DirectML provider
(it runs on the CPU provider): pydml lowers such nodes where DirectML's operators have the types,
and says so when it cannot (``unregistered_types``).

Generated from the file at the ShirasawaSama/onnxruntime fork's snapshot c4780e6 (2026-02-19; the
file's last change there is upstream commit 12dfe28, "Register groupnorm for opset 21", #22830),
with each type list's SupportedTensorDataTypes flags expanded (Float16to32 = FLOAT16 | FLOAT,
NumericDefault = 8- to 32-bit integers | FLOAT16 | FLOAT, AllScalars includes DOUBLE ...).
DFT, STFT and GridSample register through their own factories and have no row here.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from pydml.onnx import _deps

#: op -> [(REG_INFO's opset number, line in OperatorRegistration.cpp, {type label: ONNX type names})]
REGISTRATIONS: dict[str, list[tuple[int, int, dict[str, tuple[str, ...]]]]] = {
    "Abs": [
        (7, 890, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT64", "INT8")}),
        (13, 891, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT64", "INT8")}),
    ],
    "Acos": [
        (7, 929, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Acosh": [
        (9, 951, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Add": [
        (
            7,
            900,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            901,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            14,
            902,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Affine": [
        (7, 932, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "And": [
        (7, 1030, {"T": ("BOOL",)}),
    ],
    "ArgMax": [
        (
            7,
            1001,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            11,
            1002,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            12,
            1003,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            1004,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "ArgMin": [
        (
            7,
            1005,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            11,
            1006,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            12,
            1007,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            1008,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Asin": [
        (7, 930, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Asinh": [
        (9, 950, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Atan": [
        (7, 931, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Atanh": [
        (9, 952, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "AveragePool": [
        (7, 751, {"T": ("FLOAT16", "FLOAT")}),
        (10, 752, {"T": ("FLOAT16", "FLOAT")}),
        (11, 753, {"T": ("FLOAT16", "FLOAT")}),
        (19, 754, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "BatchNormalization": [
        (7, 771, {"T": ("FLOAT16", "FLOAT")}),
        (9, 772, {"T": ("FLOAT16", "FLOAT")}),
        (14, 773, {"T": ("FLOAT16", "FLOAT")}),
        (15, 774, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "BitShift": [
        (11, 1146, {"T": ("UINT16", "UINT32", "UINT64", "UINT8")}),
    ],
    "BitwiseAnd": [
        (18, 1033, {"T": ("INT16", "INT32", "INT64", "INT8", "UINT16", "UINT32", "UINT64", "UINT8")}),
    ],
    "BitwiseNot": [
        (18, 1036, {"T": ("INT16", "INT32", "INT64", "INT8", "UINT16", "UINT32", "UINT64", "UINT8")}),
    ],
    "BitwiseOr": [
        (18, 1034, {"T": ("INT16", "INT32", "INT64", "INT8", "UINT16", "UINT32", "UINT64", "UINT8")}),
    ],
    "BitwiseXor": [
        (18, 1035, {"T": ("INT16", "INT32", "INT64", "INT8", "UINT16", "UINT32", "UINT64", "UINT8")}),
    ],
    "Cast": [
        (
            7,
            1090,
            {
                "T1": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
        (
            9,
            1091,
            {
                "T1": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
        (
            13,
            1092,
            {
                "T1": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
        (
            19,
            1093,
            {
                "T1": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
        (
            21,
            1094,
            {
                "T1": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
    ],
    "CastLike": [
        (
            15,
            1095,
            {
                "T1": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
        (
            19,
            1096,
            {
                "T1": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
        (
            21,
            1097,
            {
                "T1": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
    ],
    "Ceil": [
        (7, 892, {"T": ("FLOAT16", "FLOAT")}),
        (13, 893, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Celu": [
        (12, 1069, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Clip": [
        (7, 896, {"T": ("FLOAT16", "FLOAT")}),
        (11, 897, {"T": ("FLOAT16", "FLOAT")}),
        (
            12,
            898,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            899,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Col2Im": [
        (
            18,
            848,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Concat": [
        (
            7,
            798,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            11,
            799,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            800,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "ConcatFromSequence": [
        (
            11,
            801,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "ConstantOfShape": [
        (
            9,
            825,
            {
                "T1": ("INT64",),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
        (
            21,
            826,
            {
                "T1": ("INT64",),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
    ],
    "Conv": [
        (7, 746, {"T": ("FLOAT16", "FLOAT")}),
        (11, 747, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "ConvInteger": [
        (10, 1164, {"T1": ("INT8", "UINT8"), "T2": ("INT8", "UINT8"), "T3": ("INT32",)}),
    ],
    "ConvTranspose": [
        (7, 749, {"T": ("FLOAT16", "FLOAT")}),
        (11, 750, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Cos": [
        (7, 926, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Cosh": [
        (9, 949, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Crop": [
        (7, 1039, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "CumSum": [
        (11, 1149, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (14, 1150, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
    ],
    "DepthToSpace": [
        (
            7,
            818,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            11,
            819,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            820,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "DequantizeLinear": [
        (10, 937, {"T": ("INT32", "INT8", "UINT8")}),
        (13, 938, {"T": ("INT32", "INT8", "UINT8")}),
        (19, 939, {"T1": ("INT32", "INT8", "UINT8"), "T2": ("FLOAT16", "FLOAT")}),
        (21, 940, {"T1": ("INT4", "INT8", "UINT4", "UINT8"), "T2": ("FLOAT16", "FLOAT")}),
    ],
    "Div": [
        (
            7,
            909,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            910,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            14,
            911,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Dropout": [
        (7, 1083, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "DynamicQuantizeLinear": [
        (11, 1165, {"T1": ("FLOAT",), "T2": ("INT8", "UINT8")}),
    ],
    "Einsum": [
        (12, 960, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Elu": [
        (7, 1068, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Equal": [
        (7, 1025, {"T": ("FLOAT16", "FLOAT"), "T1": ("BOOL",)}),
        (
            11,
            1026,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T1": ("BOOL",),
            },
        ),
        (
            13,
            1027,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T1": ("BOOL",),
            },
        ),
        (
            19,
            1028,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T1": ("BOOL",),
            },
        ),
    ],
    "Erf": [
        (9, 953, {"T": ("FLOAT16", "FLOAT")}),
        (13, 954, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Exp": [
        (7, 886, {"T": ("FLOAT16", "FLOAT")}),
        (13, 887, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Expand": [
        (
            8,
            823,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            824,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "EyeLike": [
        (
            9,
            844,
            {
                "T1": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
    ],
    "Flatten": [
        (
            7,
            858,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            9,
            859,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            11,
            860,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            861,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            21,
            862,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Floor": [
        (7, 894, {"T": ("FLOAT16", "FLOAT")}),
        (13, 895, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "GRU": [
        (7, 784, {"T": ("FLOAT16", "FLOAT")}),
        (14, 785, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Gather": [
        (
            7,
            827,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
        (
            11,
            828,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
        (
            13,
            829,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
    ],
    "GatherElements": [
        (
            11,
            830,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
        (
            13,
            831,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
    ],
    "GatherND": [
        (
            11,
            832,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            12,
            833,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            834,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Gemm": [
        (7, 1009, {"T": ("FLOAT16", "FLOAT")}),
        (9, 1010, {"T": ("FLOAT16", "FLOAT")}),
        (11, 1011, {"T": ("FLOAT16", "FLOAT")}),
        (13, 1012, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "GlobalAveragePool": [
        (7, 755, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "GlobalLpPool": [
        (7, 766, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "GlobalMaxPool": [
        (7, 762, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Greater": [
        (7, 1015, {"T": ("FLOAT16", "FLOAT"), "T1": ("BOOL",)}),
        (
            9,
            1016,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T1": ("BOOL",),
            },
        ),
        (
            13,
            1017,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T1": ("BOOL",),
            },
        ),
    ],
    "GreaterOrEqual": [
        (
            12,
            1021,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T1": ("BOOL",),
            },
        ),
        (
            16,
            1022,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T1": ("BOOL",),
            },
        ),
    ],
    "GroupNorm": [
        (21, 1175, {"T": ("FLOAT16", "FLOAT"), "M": ("FLOAT16", "FLOAT")}),
    ],
    "HardSigmoid": [
        (7, 1054, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Hardmax": [
        (7, 1077, {"T": ("FLOAT16", "FLOAT")}),
        (11, 1078, {"T": ("FLOAT16", "FLOAT")}),
        (13, 1079, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Identity": [
        (
            7,
            852,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            853,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            14,
            854,
            {
                "V": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            16,
            855,
            {
                "V": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            19,
            856,
            {
                "V": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            21,
            857,
            {
                "V": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "ImageScaler": [
        (7, 1040, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "InstanceNormalization": [
        (7, 770, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "IsInf": [
        (10, 1142, {"T1": ("FLOAT",), "T2": ("BOOL",)}),
        (20, 1143, {"T1": ("FLOAT",), "T2": ("BOOL",)}),
    ],
    "IsNaN": [
        (9, 945, {"T1": ("FLOAT16", "FLOAT"), "T2": ("BOOL",)}),
        (13, 946, {"T1": ("FLOAT16", "FLOAT"), "T2": ("BOOL",)}),
        (20, 947, {"T1": ("FLOAT16", "FLOAT"), "T2": ("BOOL",)}),
    ],
    "LRN": [
        (7, 776, {"T": ("FLOAT16", "FLOAT")}),
        (13, 777, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "LSTM": [
        (7, 786, {"T": ("FLOAT16", "FLOAT")}),
        (14, 787, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "LayerNormalization": [
        (7, 1166, {"T": ("FLOAT16", "FLOAT"), "U": ("FLOAT16", "FLOAT"), "V": ("FLOAT16", "FLOAT")}),
        (17, 775, {"T": ("FLOAT16", "FLOAT"), "U": ("FLOAT",)}),
    ],
    "LeakyRelu": [
        (7, 1061, {"T": ("FLOAT16", "FLOAT")}),
        (16, 1062, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Less": [
        (7, 1018, {"T": ("FLOAT16", "FLOAT"), "T1": ("BOOL",)}),
        (
            9,
            1019,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T1": ("BOOL",),
            },
        ),
        (
            13,
            1020,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T1": ("BOOL",),
            },
        ),
    ],
    "LessOrEqual": [
        (
            12,
            1023,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T1": ("BOOL",),
            },
        ),
        (
            16,
            1024,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T1": ("BOOL",),
            },
        ),
    ],
    "Log": [
        (7, 888, {"T": ("FLOAT16", "FLOAT")}),
        (13, 889, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "LogSoftmax": [
        (7, 1074, {"T": ("FLOAT16", "FLOAT")}),
        (11, 1075, {"T": ("FLOAT16", "FLOAT")}),
        (13, 1076, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "LpNormalization": [
        (7, 781, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "LpPool": [
        (7, 763, {"T": ("FLOAT16", "FLOAT")}),
        (11, 764, {"T": ("FLOAT16", "FLOAT")}),
        (18, 765, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "MatMul": [
        (7, 1087, {"T": ("FLOAT16", "FLOAT")}),
        (9, 1088, {"T": ("FLOAT16", "FLOAT")}),
        (13, 1089, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "MatMulInteger": [
        (10, 1162, {"T1": ("INT8", "UINT8"), "T2": ("INT8", "UINT8"), "T3": ("INT32",)}),
    ],
    "Max": [
        (7, 918, {"T": ("FLOAT16", "FLOAT")}),
        (8, 919, {"T": ("FLOAT16", "FLOAT")}),
        (
            12,
            920,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            921,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "MaxPool": [
        (7, 756, {"T": ("FLOAT16", "FLOAT")}),
        (8, 757, {"T": ("FLOAT16", "FLOAT", "INT8", "UINT8"), "I": ("INT64",)}),
        (10, 758, {"T": ("FLOAT16", "FLOAT", "INT8", "UINT8"), "I": ("INT64",)}),
        (11, 759, {"T": ("FLOAT16", "FLOAT", "INT8", "UINT8"), "I": ("INT64",)}),
        (12, 760, {"T": ("FLOAT16", "FLOAT", "INT8", "UINT8"), "I": ("INT64",)}),
    ],
    "MaxRoiPool": [
        (7, 767, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "MaxUnpool": [
        (9, 1153, {"T1": ("FLOAT16", "FLOAT"), "T2": ("INT64",)}),
        (11, 1154, {"T1": ("FLOAT16", "FLOAT"), "T2": ("INT64",)}),
    ],
    "Mean": [
        (7, 915, {"T": ("FLOAT16", "FLOAT")}),
        (8, 916, {"T": ("FLOAT16", "FLOAT")}),
        (13, 917, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "MeanVarianceNormalization": [
        (7, 778, {"T": ("FLOAT16", "FLOAT")}),
        (9, 779, {"T": ("FLOAT16", "FLOAT")}),
        (13, 780, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "MemcpyFromHost": [
        (7, 1098, {"T": ("*",)}),
    ],
    "MemcpyToHost": [
        (7, 1099, {"T": ("*",)}),
    ],
    "Min": [
        (7, 922, {"T": ("FLOAT16", "FLOAT")}),
        (8, 923, {"T": ("FLOAT16", "FLOAT")}),
        (
            12,
            924,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            925,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Mod": [
        (10, 1144, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT8", "UINT16", "UINT32", "UINT8")}),
        (13, 1145, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT8", "UINT16", "UINT32", "UINT8")}),
    ],
    "Mul": [
        (
            7,
            906,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            907,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            14,
            908,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Neg": [
        (7, 1013, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT64", "INT8")}),
        (13, 1014, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT64", "INT8")}),
    ],
    "NonZero": [
        (9, 1114, {"T": ("BOOL", "FLOAT16", "FLOAT", "INT16", "INT32", "INT8", "UINT16", "UINT32", "UINT8")}),
        (
            13,
            1115,
            {"T": ("BOOL", "FLOAT16", "FLOAT", "INT16", "INT32", "INT8", "UINT16", "UINT32", "UINT8")},
        ),
    ],
    "Not": [
        (7, 1029, {"T": ("BOOL",)}),
    ],
    "OneHot": [
        (
            9,
            1103,
            {
                "T1": ("INT32", "INT64", "UINT32", "UINT64"),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T3": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
        (
            11,
            1104,
            {
                "T1": ("INT32", "INT64", "UINT32", "UINT64"),
                "T2": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "T3": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
    ],
    "Or": [
        (7, 1031, {"T": ("BOOL",)}),
    ],
    "PRelu": [
        (7, 1063, {"T": ("FLOAT16", "FLOAT")}),
        (9, 1064, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT8")}),
        (16, 1065, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT8")}),
    ],
    "Pad": [
        (
            7,
            806,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            11,
            807,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            808,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            18,
            809,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            19,
            813,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            21,
            810,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "ParametricSoftplus": [
        (7, 1082, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Pow": [
        (7, 882, {"T": ("FLOAT16", "FLOAT")}),
        (
            12,
            883,
            {
                "T": ("FLOAT16", "FLOAT", "INT32"),
                "T1": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT8", "UINT16", "UINT32", "UINT8"),
            },
        ),
        (
            13,
            884,
            {
                "T": ("FLOAT16", "FLOAT", "INT32"),
                "T1": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT8", "UINT16", "UINT32", "UINT8"),
            },
        ),
        (
            15,
            885,
            {
                "T": ("FLOAT16", "FLOAT", "INT32"),
                "T1": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT8", "UINT16", "UINT32", "UINT8"),
            },
        ),
    ],
    "QLinearConv": [
        (
            10,
            1159,
            {"T1": ("INT8", "UINT8"), "T2": ("INT8", "UINT8"), "T3": ("INT8", "UINT8"), "T4": ("INT32",)},
        ),
    ],
    "QLinearMatMul": [
        (10, 1160, {"T1": ("INT8", "UINT8"), "T2": ("INT8", "UINT8"), "T3": ("INT8", "UINT8")}),
        (21, 1161, {"T1": ("INT8", "UINT8"), "T2": ("INT8", "UINT8"), "T3": ("INT8", "UINT8")}),
    ],
    "QuantizeLinear": [
        (10, 933, {"T1": ("FLOAT", "INT32"), "T2": ("INT8", "UINT8")}),
        (13, 934, {"T1": ("FLOAT", "INT32"), "T2": ("INT8", "UINT8")}),
        (19, 935, {"T1": ("FLOAT16", "FLOAT", "INT32"), "T2": ("INT8", "UINT8")}),
        (21, 936, {"T1": ("FLOAT16", "FLOAT"), "T2": ("INT4", "INT8", "UINT4", "UINT8")}),
    ],
    "RNN": [
        (7, 782, {"T": ("FLOAT16", "FLOAT")}),
        (14, 783, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Range": [
        (11, 1151, {"T": ("FLOAT", "INT16", "INT32", "INT64")}),
    ],
    "Reciprocal": [
        (7, 880, {"T": ("FLOAT16", "FLOAT")}),
        (13, 881, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "ReduceL1": [
        (7, 981, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (11, 982, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (13, 983, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (18, 984, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
    ],
    "ReduceL2": [
        (7, 985, {"T": ("FLOAT16", "FLOAT")}),
        (11, 986, {"T": ("FLOAT16", "FLOAT")}),
        (13, 987, {"T": ("FLOAT16", "FLOAT")}),
        (18, 988, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
    ],
    "ReduceLogSum": [
        (7, 969, {"T": ("FLOAT16", "FLOAT")}),
        (11, 970, {"T": ("FLOAT16", "FLOAT")}),
        (13, 971, {"T": ("FLOAT16", "FLOAT")}),
        (18, 972, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
    ],
    "ReduceLogSumExp": [
        (7, 973, {"T": ("FLOAT16", "FLOAT")}),
        (11, 974, {"T": ("FLOAT16", "FLOAT")}),
        (13, 975, {"T": ("FLOAT16", "FLOAT")}),
        (18, 976, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
    ],
    "ReduceMax": [
        (7, 989, {"T": ("FLOAT16", "FLOAT")}),
        (11, 990, {"T": ("FLOAT16", "FLOAT")}),
        (
            12,
            991,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            992,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (18, 993, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (
            20,
            994,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "ReduceMean": [
        (7, 961, {"T": ("FLOAT16", "FLOAT")}),
        (11, 962, {"T": ("FLOAT16", "FLOAT")}),
        (13, 963, {"T": ("FLOAT16", "FLOAT")}),
        (18, 964, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
    ],
    "ReduceMin": [
        (7, 995, {"T": ("FLOAT16", "FLOAT")}),
        (11, 996, {"T": ("FLOAT16", "FLOAT")}),
        (
            12,
            997,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            998,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (18, 999, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (
            20,
            1000,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "ReduceProd": [
        (7, 965, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (11, 966, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (13, 967, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (18, 968, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
    ],
    "ReduceSum": [
        (7, 957, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (11, 958, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (13, 959, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
    ],
    "ReduceSumSquare": [
        (7, 977, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (11, 978, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (13, 979, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
        (18, 980, {"T": ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")}),
    ],
    "Relu": [
        (7, 1058, {"T": ("FLOAT16", "FLOAT")}),
        (13, 1059, {"T": ("FLOAT16", "FLOAT")}),
        (14, 1060, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT8")}),
    ],
    "Reshape": [
        (
            7,
            871,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            872,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            14,
            873,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            19,
            874,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            21,
            875,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Resize": [
        (10, 1044, {"T": ("FLOAT16", "FLOAT")}),
        (11, 1045, {"T1": ("FLOAT16", "FLOAT", "INT8", "UINT8"), "T2": ("FLOAT16", "FLOAT")}),
        (13, 1046, {"T1": ("FLOAT16", "FLOAT", "INT8", "UINT8"), "T2": ("FLOAT16", "FLOAT")}),
        (18, 1048, {"T1": ("FLOAT16", "FLOAT", "INT8", "UINT8"), "T2": ("FLOAT16", "FLOAT")}),
        (19, 1049, {"T1": ("FLOAT16", "FLOAT", "INT8", "UINT8"), "T2": ("FLOAT16", "FLOAT")}),
    ],
    "ReverseSequence": [
        (
            10,
            1148,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "RoiAlign": [
        (10, 768, {"T1": ("FLOAT16", "FLOAT"), "T2": ("INT32", "INT64")}),
        (16, 769, {"T1": ("FLOAT16", "FLOAT"), "T2": ("INT32", "INT64")}),
    ],
    "Round": [
        (11, 1147, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "ScaledTanh": [
        (7, 1057, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Scatter": [
        (
            9,
            835,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
        (
            11,
            836,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
        (
            13,
            837,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
    ],
    "ScatterElements": [
        (
            11,
            838,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
        (
            13,
            839,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
        (
            16,
            840,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
    ],
    "ScatterND": [
        (
            11,
            841,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            842,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            16,
            843,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Selu": [
        (7, 1070, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Shrink": [
        (9, 1084, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT8", "UINT16", "UINT32", "UINT8")}),
    ],
    "Sigmoid": [
        (7, 1052, {"T": ("FLOAT16", "FLOAT")}),
        (13, 1053, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Sign": [
        (
            9,
            943,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            944,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "SimplifiedLayerNormalization": [
        (7, 1167, {"T": ("FLOAT16", "FLOAT"), "U": ("FLOAT16", "FLOAT"), "V": ("FLOAT16", "FLOAT")}),
    ],
    "Sin": [
        (7, 927, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Sinh": [
        (9, 948, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Slice": [
        (
            7,
            802,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            10,
            803,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
        (
            11,
            804,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
        (
            13,
            805,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "Tind": ("INT32", "INT64"),
            },
        ),
    ],
    "Softmax": [
        (7, 1071, {"T": ("FLOAT16", "FLOAT")}),
        (11, 1072, {"T": ("FLOAT16", "FLOAT")}),
        (13, 1073, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Softplus": [
        (7, 1081, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Softsign": [
        (7, 1080, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "SpaceToDepth": [
        (
            7,
            816,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            817,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Split": [
        (
            7,
            791,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            11,
            792,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            793,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            18,
            794,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Sqrt": [
        (7, 878, {"T": ("FLOAT16", "FLOAT")}),
        (13, 879, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Squeeze": [
        (
            7,
            863,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            11,
            864,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            865,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            21,
            866,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Sub": [
        (
            7,
            903,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            904,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            14,
            905,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Sum": [
        (7, 912, {"T": ("FLOAT16", "FLOAT")}),
        (8, 913, {"T": ("FLOAT16", "FLOAT")}),
        (13, 914, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Tan": [
        (7, 928, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Tanh": [
        (7, 1055, {"T": ("FLOAT16", "FLOAT")}),
        (13, 1056, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "ThresholdedRelu": [
        (7, 1066, {"T": ("FLOAT16", "FLOAT")}),
        (10, 1067, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Tile": [
        (
            7,
            821,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            822,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "TopK": [
        (
            7,
            1100,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "I": ("INT64",),
            },
        ),
        (
            10,
            1101,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "I": ("INT64",),
            },
        ),
        (
            11,
            1102,
            {
                "T": (
                    "FLOAT16",
                    "FLOAT",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
                "I": ("INT64",),
            },
        ),
    ],
    "Transpose": [
        (
            7,
            795,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            796,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            21,
            797,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Trilu": [
        (
            14,
            845,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Unsqueeze": [
        (
            7,
            867,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            11,
            868,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            13,
            869,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
        (
            21,
            870,
            {
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                )
            },
        ),
    ],
    "Upsample": [
        (7, 1041, {"T": ("FLOAT16", "FLOAT")}),
        (9, 1042, {"T": ("FLOAT16", "FLOAT")}),
        (10, 1043, {"T": ("FLOAT16", "FLOAT")}),
    ],
    "Where": [
        (
            9,
            955,
            {
                "B": ("BOOL",),
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
        (
            16,
            956,
            {
                "B": ("BOOL",),
                "T": (
                    "BOOL",
                    "FLOAT16",
                    "FLOAT",
                    "DOUBLE",
                    "INT16",
                    "INT32",
                    "INT64",
                    "INT8",
                    "UINT16",
                    "UINT32",
                    "UINT64",
                    "UINT8",
                ),
            },
        ),
    ],
    "Xor": [
        (7, 1032, {"T": ("BOOL",)}),
    ],
}


@functools.cache
def _since(op: str, opset: int) -> int:
    """The since-version a row registers: REG_INFO(N, op, ...) names the op's version in opset N
    (``OnnxOperatorSetN::sc_sinceVer_op``), which is older than N when the op did not change at N
    (REG_INFO(7, Not) registers Not-1)."""
    try:
        return int(_deps.onnx().defs.get_schema(op, opset, "").since_version)
    except Exception:  # an op the onnx package no longer has at that opset: the opset itself
        return opset


def registration(op: str, since_version: int) -> tuple[int, int, dict[str, tuple[str, ...]]] | None:
    """The provider's row for ``op`` whose since-version is the latest at or below the node's
    schema since-version (pydml maps newer versions onto the latest row), with that since-version
    first, or None."""
    rows = [(_since(op, row[0]), row[1], row[2]) for row in REGISTRATIONS.get(op, [])]
    rows = sorted((row for row in rows if row[0] <= since_version), key=lambda row: (row[0], row[1]))
    return rows[-1] if rows else None


def registers_version(op: str, since_version: int) -> bool:
    """Whether the provider has a row for exactly this since-version of ``op``. onnxruntime's
    kernel lookup (core/framework/kernel_registry.cc, VerifyVersion) matches a kernel registered
    with a start version only (AbiCustomRegistry.cpp: ``SinceVersion(minimumOperatorSetVersion)``)
    to nodes of exactly that since-version; pydml takes newer versions on the latest row's lowering
    where they only widen types or add attributes it honours (docs/onnx.md)."""
    return any(_since(op, row[0]) == since_version for row in REGISTRATIONS.get(op, []))


def unregistered_types(
    op: str, opset: int, input_types: Sequence[str | None], output_types: Sequence[str | None]
) -> str | None:
    """Why the provider does not register ai.onnx ``op`` (at model ``opset``) for the node's
    tensor types (ONNX type names by input and output position, None where unknown or absent), or
    None when it does (or has no row for the op to judge by). The types are bound to the row's type
    labels through the node's own schema, as onnxruntime's kernel lookup binds a kernel's type
    constraints (so a label that changed meaning in a newer version, QuantizeLinear-23's T2 is the
    scale where QuantizeLinear-21's is the output, is judged as onnxruntime would judge it)."""
    schema = _deps.onnx().defs.get_schema(op, opset, "")
    row = registration(op, int(schema.since_version))
    if row is None:
        return None
    version, line, constraints = row
    bound: dict[str, set[str]] = {}
    for formals, types in ((schema.inputs, input_types), (schema.outputs, output_types)):
        for i, name in enumerate(types):
            if name is None or not formals:
                continue
            if i >= len(formals) and not _variadic(formals[-1]):
                continue
            bound.setdefault(formals[min(i, len(formals) - 1)].type_str, set()).add(name)
    for label, seen in sorted(bound.items()):
        allowed = constraints.get(label)
        if allowed is None or "*" in allowed:
            continue
        missing = sorted(seen - set(allowed))
        if missing:
            newer = "" if version == schema.since_version else f" (the node is {op}-{schema.since_version})"
            return (
                f"the DirectML provider registers {op}-{version}{newer} with {label} in "
                f"{'/'.join(allowed)} only, not {'/'.join(missing)} "
                f"(OperatorRegistration.cpp line {line}): onnxruntime runs it on its CPU provider"
            )
    return None


def _variadic(formal: Any) -> bool:
    return bool(formal.option == _deps.onnx().defs.OpSchema.FormalParameterOption.Variadic)
