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

# The type lists the rows share, named by content; the first three are the provider's
# SupportedTensorDataTypes flags of those names (the docstring's expansions)
FLOAT16_FLOAT = ("FLOAT16", "FLOAT")  # Float16to32
ALL_SCALARS = (  # AllScalars
    "BOOL", "FLOAT16", "FLOAT", "DOUBLE",
    "INT16", "INT32", "INT64", "INT8", "UINT16", "UINT32", "UINT64", "UINT8",
)
FLOATS_AND_INTS_8_TO_32 = (  # NumericDefault
    "FLOAT16", "FLOAT", "INT16", "INT32", "INT8", "UINT16", "UINT32", "UINT8",
)
FLOATS_AND_INTS = (
    "FLOAT16", "FLOAT", "INT16", "INT32", "INT64", "INT8", "UINT16", "UINT32", "UINT64", "UINT8",
)
FLOATS_AND_INTS_32_64 = ("FLOAT16", "FLOAT", "INT32", "INT64", "UINT32", "UINT64")
FLOATS_AND_BYTES = ("FLOAT16", "FLOAT", "INT8", "UINT8")
INTS = ("INT16", "INT32", "INT64", "INT8", "UINT16", "UINT32", "UINT64", "UINT8")
BYTES = ("INT8", "UINT8")
INT32_INT64 = ("INT32", "INT64")
BOOL = ("BOOL",)
INT64 = ("INT64",)

#: op -> [(REG_INFO's opset number, line in OperatorRegistration.cpp, {type label: ONNX type names})]
REGISTRATIONS: dict[str, list[tuple[int, int, dict[str, tuple[str, ...]]]]] = {
    "Abs": [
        (7, 890, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT64", "INT8")}),
        (13, 891, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT64", "INT8")}),
    ],
    "Acos": [
        (7, 929, {"T": FLOAT16_FLOAT}),
    ],
    "Acosh": [
        (9, 951, {"T": FLOAT16_FLOAT}),
    ],
    "Add": [
        (7, 900, {"T": FLOATS_AND_INTS}),
        (13, 901, {"T": FLOATS_AND_INTS}),
        (14, 902, {"T": FLOATS_AND_INTS}),
    ],
    "Affine": [
        (7, 932, {"T": FLOAT16_FLOAT}),
    ],
    "And": [
        (7, 1030, {"T": BOOL}),
    ],
    "ArgMax": [
        (7, 1001, {"T": FLOATS_AND_INTS}),
        (11, 1002, {"T": FLOATS_AND_INTS}),
        (12, 1003, {"T": FLOATS_AND_INTS}),
        (13, 1004, {"T": FLOATS_AND_INTS}),
    ],
    "ArgMin": [
        (7, 1005, {"T": FLOATS_AND_INTS}),
        (11, 1006, {"T": FLOATS_AND_INTS}),
        (12, 1007, {"T": FLOATS_AND_INTS}),
        (13, 1008, {"T": FLOATS_AND_INTS}),
    ],
    "Asin": [
        (7, 930, {"T": FLOAT16_FLOAT}),
    ],
    "Asinh": [
        (9, 950, {"T": FLOAT16_FLOAT}),
    ],
    "Atan": [
        (7, 931, {"T": FLOAT16_FLOAT}),
    ],
    "Atanh": [
        (9, 952, {"T": FLOAT16_FLOAT}),
    ],
    "AveragePool": [
        (7, 751, {"T": FLOAT16_FLOAT}),
        (10, 752, {"T": FLOAT16_FLOAT}),
        (11, 753, {"T": FLOAT16_FLOAT}),
        (19, 754, {"T": FLOAT16_FLOAT}),
    ],
    "BatchNormalization": [
        (7, 771, {"T": FLOAT16_FLOAT}),
        (9, 772, {"T": FLOAT16_FLOAT}),
        (14, 773, {"T": FLOAT16_FLOAT}),
        (15, 774, {"T": FLOAT16_FLOAT}),
    ],
    "BitShift": [
        (11, 1146, {"T": ("UINT16", "UINT32", "UINT64", "UINT8")}),
    ],
    "BitwiseAnd": [
        (18, 1033, {"T": INTS}),
    ],
    "BitwiseNot": [
        (18, 1036, {"T": INTS}),
    ],
    "BitwiseOr": [
        (18, 1034, {"T": INTS}),
    ],
    "BitwiseXor": [
        (18, 1035, {"T": INTS}),
    ],
    "Cast": [
        (7, 1090, {"T1": ALL_SCALARS, "T2": ALL_SCALARS}),
        (9, 1091, {"T1": ALL_SCALARS, "T2": ALL_SCALARS}),
        (13, 1092, {"T1": ALL_SCALARS, "T2": ALL_SCALARS}),
        (19, 1093, {"T1": ALL_SCALARS, "T2": ALL_SCALARS}),
        (21, 1094, {"T1": ALL_SCALARS, "T2": ALL_SCALARS}),
    ],
    "CastLike": [
        (15, 1095, {"T1": ALL_SCALARS, "T2": ALL_SCALARS}),
        (19, 1096, {"T1": ALL_SCALARS, "T2": ALL_SCALARS}),
        (21, 1097, {"T1": ALL_SCALARS, "T2": ALL_SCALARS}),
    ],
    "Ceil": [
        (7, 892, {"T": FLOAT16_FLOAT}),
        (13, 893, {"T": FLOAT16_FLOAT}),
    ],
    "Celu": [
        (12, 1069, {"T": FLOAT16_FLOAT}),
    ],
    "Clip": [
        (7, 896, {"T": FLOAT16_FLOAT}),
        (11, 897, {"T": FLOAT16_FLOAT}),
        (12, 898, {"T": FLOATS_AND_INTS}),
        (13, 899, {"T": FLOATS_AND_INTS}),
    ],
    "Col2Im": [
        (18, 848, {"T": ALL_SCALARS}),
    ],
    "Concat": [
        (7, 798, {"T": ALL_SCALARS}),
        (11, 799, {"T": ALL_SCALARS}),
        (13, 800, {"T": ALL_SCALARS}),
    ],
    "ConcatFromSequence": [
        (11, 801, {"T": ALL_SCALARS}),
    ],
    "ConstantOfShape": [
        (9, 825, {"T1": INT64, "T2": ALL_SCALARS}),
        (21, 826, {"T1": INT64, "T2": ALL_SCALARS}),
    ],
    "Conv": [
        (7, 746, {"T": FLOAT16_FLOAT}),
        (11, 747, {"T": FLOAT16_FLOAT}),
    ],
    "ConvInteger": [
        (10, 1164, {"T1": BYTES, "T2": BYTES, "T3": ("INT32",)}),
    ],
    "ConvTranspose": [
        (7, 749, {"T": FLOAT16_FLOAT}),
        (11, 750, {"T": FLOAT16_FLOAT}),
    ],
    "Cos": [
        (7, 926, {"T": FLOAT16_FLOAT}),
    ],
    "Cosh": [
        (9, 949, {"T": FLOAT16_FLOAT}),
    ],
    "Crop": [
        (7, 1039, {"T": FLOAT16_FLOAT}),
    ],
    "CumSum": [
        (11, 1149, {"T": FLOATS_AND_INTS_32_64}),
        (14, 1150, {"T": FLOATS_AND_INTS_32_64}),
    ],
    "DepthToSpace": [
        (7, 818, {"T": ALL_SCALARS}),
        (11, 819, {"T": ALL_SCALARS}),
        (13, 820, {"T": ALL_SCALARS}),
    ],
    "DequantizeLinear": [
        (10, 937, {"T": ("INT32", "INT8", "UINT8")}),
        (13, 938, {"T": ("INT32", "INT8", "UINT8")}),
        (19, 939, {"T1": ("INT32", "INT8", "UINT8"), "T2": FLOAT16_FLOAT}),
        (21, 940, {"T1": ("INT4", "INT8", "UINT4", "UINT8"), "T2": FLOAT16_FLOAT}),
    ],
    "Div": [
        (7, 909, {"T": FLOATS_AND_INTS}),
        (13, 910, {"T": FLOATS_AND_INTS}),
        (14, 911, {"T": FLOATS_AND_INTS}),
    ],
    "Dropout": [
        (7, 1083, {"T": FLOAT16_FLOAT}),
    ],
    "DynamicQuantizeLinear": [
        (11, 1165, {"T1": ("FLOAT",), "T2": BYTES}),
    ],
    "Einsum": [
        (12, 960, {"T": FLOAT16_FLOAT}),
    ],
    "Elu": [
        (7, 1068, {"T": FLOAT16_FLOAT}),
    ],
    "Equal": [
        (7, 1025, {"T": FLOAT16_FLOAT, "T1": BOOL}),
        (11, 1026, {"T": FLOATS_AND_INTS, "T1": BOOL}),
        (13, 1027, {"T": FLOATS_AND_INTS, "T1": BOOL}),
        (19, 1028, {"T": FLOATS_AND_INTS, "T1": BOOL}),
    ],
    "Erf": [
        (9, 953, {"T": FLOAT16_FLOAT}),
        (13, 954, {"T": FLOAT16_FLOAT}),
    ],
    "Exp": [
        (7, 886, {"T": FLOAT16_FLOAT}),
        (13, 887, {"T": FLOAT16_FLOAT}),
    ],
    "Expand": [
        (8, 823, {"T": ALL_SCALARS}),
        (13, 824, {"T": ALL_SCALARS}),
    ],
    "EyeLike": [
        (9, 844, {"T1": ALL_SCALARS, "T2": ALL_SCALARS}),
    ],
    "Flatten": [
        (7, 858, {"T": ALL_SCALARS}),
        (9, 859, {"T": ALL_SCALARS}),
        (11, 860, {"T": ALL_SCALARS}),
        (13, 861, {"T": ALL_SCALARS}),
        (21, 862, {"T": ALL_SCALARS}),
    ],
    "Floor": [
        (7, 894, {"T": FLOAT16_FLOAT}),
        (13, 895, {"T": FLOAT16_FLOAT}),
    ],
    "GRU": [
        (7, 784, {"T": FLOAT16_FLOAT}),
        (14, 785, {"T": FLOAT16_FLOAT}),
    ],
    "Gather": [
        (7, 827, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
        (11, 828, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
        (13, 829, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
    ],
    "GatherElements": [
        (11, 830, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
        (13, 831, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
    ],
    "GatherND": [
        (11, 832, {"T": ALL_SCALARS}),
        (12, 833, {"T": ALL_SCALARS}),
        (13, 834, {"T": ALL_SCALARS}),
    ],
    "Gemm": [
        (7, 1009, {"T": FLOAT16_FLOAT}),
        (9, 1010, {"T": FLOAT16_FLOAT}),
        (11, 1011, {"T": FLOAT16_FLOAT}),
        (13, 1012, {"T": FLOAT16_FLOAT}),
    ],
    "GlobalAveragePool": [
        (7, 755, {"T": FLOAT16_FLOAT}),
    ],
    "GlobalLpPool": [
        (7, 766, {"T": FLOAT16_FLOAT}),
    ],
    "GlobalMaxPool": [
        (7, 762, {"T": FLOAT16_FLOAT}),
    ],
    "Greater": [
        (7, 1015, {"T": FLOAT16_FLOAT, "T1": BOOL}),
        (9, 1016, {"T": FLOATS_AND_INTS, "T1": BOOL}),
        (13, 1017, {"T": FLOATS_AND_INTS, "T1": BOOL}),
    ],
    "GreaterOrEqual": [
        (12, 1021, {"T": FLOATS_AND_INTS, "T1": BOOL}),
        (16, 1022, {"T": FLOATS_AND_INTS, "T1": BOOL}),
    ],
    "GroupNorm": [
        (21, 1175, {"T": FLOAT16_FLOAT, "M": FLOAT16_FLOAT}),
    ],
    "HardSigmoid": [
        (7, 1054, {"T": FLOAT16_FLOAT}),
    ],
    "Hardmax": [
        (7, 1077, {"T": FLOAT16_FLOAT}),
        (11, 1078, {"T": FLOAT16_FLOAT}),
        (13, 1079, {"T": FLOAT16_FLOAT}),
    ],
    "Identity": [
        (7, 852, {"T": ALL_SCALARS}),
        (13, 853, {"T": ALL_SCALARS}),
        (14, 854, {"V": ALL_SCALARS}),
        (16, 855, {"V": ALL_SCALARS}),
        (19, 856, {"V": ALL_SCALARS}),
        (21, 857, {"V": ALL_SCALARS}),
    ],
    "ImageScaler": [
        (7, 1040, {"T": FLOAT16_FLOAT}),
    ],
    "InstanceNormalization": [
        (7, 770, {"T": FLOAT16_FLOAT}),
    ],
    "IsInf": [
        (10, 1142, {"T1": ("FLOAT",), "T2": BOOL}),
        (20, 1143, {"T1": ("FLOAT",), "T2": BOOL}),
    ],
    "IsNaN": [
        (9, 945, {"T1": FLOAT16_FLOAT, "T2": BOOL}),
        (13, 946, {"T1": FLOAT16_FLOAT, "T2": BOOL}),
        (20, 947, {"T1": FLOAT16_FLOAT, "T2": BOOL}),
    ],
    "LRN": [
        (7, 776, {"T": FLOAT16_FLOAT}),
        (13, 777, {"T": FLOAT16_FLOAT}),
    ],
    "LSTM": [
        (7, 786, {"T": FLOAT16_FLOAT}),
        (14, 787, {"T": FLOAT16_FLOAT}),
    ],
    "LayerNormalization": [
        (7, 1166, {"T": FLOAT16_FLOAT, "U": FLOAT16_FLOAT, "V": FLOAT16_FLOAT}),
        (17, 775, {"T": FLOAT16_FLOAT, "U": ("FLOAT",)}),
    ],
    "LeakyRelu": [
        (7, 1061, {"T": FLOAT16_FLOAT}),
        (16, 1062, {"T": FLOAT16_FLOAT}),
    ],
    "Less": [
        (7, 1018, {"T": FLOAT16_FLOAT, "T1": BOOL}),
        (9, 1019, {"T": FLOATS_AND_INTS, "T1": BOOL}),
        (13, 1020, {"T": FLOATS_AND_INTS, "T1": BOOL}),
    ],
    "LessOrEqual": [
        (12, 1023, {"T": FLOATS_AND_INTS, "T1": BOOL}),
        (16, 1024, {"T": FLOATS_AND_INTS, "T1": BOOL}),
    ],
    "Log": [
        (7, 888, {"T": FLOAT16_FLOAT}),
        (13, 889, {"T": FLOAT16_FLOAT}),
    ],
    "LogSoftmax": [
        (7, 1074, {"T": FLOAT16_FLOAT}),
        (11, 1075, {"T": FLOAT16_FLOAT}),
        (13, 1076, {"T": FLOAT16_FLOAT}),
    ],
    "LpNormalization": [
        (7, 781, {"T": FLOAT16_FLOAT}),
    ],
    "LpPool": [
        (7, 763, {"T": FLOAT16_FLOAT}),
        (11, 764, {"T": FLOAT16_FLOAT}),
        (18, 765, {"T": FLOAT16_FLOAT}),
    ],
    "MatMul": [
        (7, 1087, {"T": FLOAT16_FLOAT}),
        (9, 1088, {"T": FLOAT16_FLOAT}),
        (13, 1089, {"T": FLOAT16_FLOAT}),
    ],
    "MatMulInteger": [
        (10, 1162, {"T1": BYTES, "T2": BYTES, "T3": ("INT32",)}),
    ],
    "Max": [
        (7, 918, {"T": FLOAT16_FLOAT}),
        (8, 919, {"T": FLOAT16_FLOAT}),
        (12, 920, {"T": FLOATS_AND_INTS}),
        (13, 921, {"T": FLOATS_AND_INTS}),
    ],
    "MaxPool": [
        (7, 756, {"T": FLOAT16_FLOAT}),
        (8, 757, {"T": FLOATS_AND_BYTES, "I": INT64}),
        (10, 758, {"T": FLOATS_AND_BYTES, "I": INT64}),
        (11, 759, {"T": FLOATS_AND_BYTES, "I": INT64}),
        (12, 760, {"T": FLOATS_AND_BYTES, "I": INT64}),
    ],
    "MaxRoiPool": [
        (7, 767, {"T": FLOAT16_FLOAT}),
    ],
    "MaxUnpool": [
        (9, 1153, {"T1": FLOAT16_FLOAT, "T2": INT64}),
        (11, 1154, {"T1": FLOAT16_FLOAT, "T2": INT64}),
    ],
    "Mean": [
        (7, 915, {"T": FLOAT16_FLOAT}),
        (8, 916, {"T": FLOAT16_FLOAT}),
        (13, 917, {"T": FLOAT16_FLOAT}),
    ],
    "MeanVarianceNormalization": [
        (7, 778, {"T": FLOAT16_FLOAT}),
        (9, 779, {"T": FLOAT16_FLOAT}),
        (13, 780, {"T": FLOAT16_FLOAT}),
    ],
    "MemcpyFromHost": [
        (7, 1098, {"T": ("*",)}),
    ],
    "MemcpyToHost": [
        (7, 1099, {"T": ("*",)}),
    ],
    "Min": [
        (7, 922, {"T": FLOAT16_FLOAT}),
        (8, 923, {"T": FLOAT16_FLOAT}),
        (12, 924, {"T": FLOATS_AND_INTS}),
        (13, 925, {"T": FLOATS_AND_INTS}),
    ],
    "Mod": [
        (10, 1144, {"T": FLOATS_AND_INTS_8_TO_32}),
        (13, 1145, {"T": FLOATS_AND_INTS_8_TO_32}),
    ],
    "Mul": [
        (7, 906, {"T": FLOATS_AND_INTS}),
        (13, 907, {"T": FLOATS_AND_INTS}),
        (14, 908, {"T": FLOATS_AND_INTS}),
    ],
    "Neg": [
        (7, 1013, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT64", "INT8")}),
        (13, 1014, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT64", "INT8")}),
    ],
    "NonZero": [
        (9, 1114, {"T": ("BOOL", "FLOAT16", "FLOAT", "INT16", "INT32", "INT8", "UINT16", "UINT32", "UINT8")}),
        (13, 1115, {
            "T": ("BOOL", "FLOAT16", "FLOAT", "INT16", "INT32", "INT8", "UINT16", "UINT32", "UINT8"),
        }),
    ],
    "Not": [
        (7, 1029, {"T": BOOL}),
    ],
    "OneHot": [
        (9, 1103, {"T1": ("INT32", "INT64", "UINT32", "UINT64"), "T2": ALL_SCALARS, "T3": ALL_SCALARS}),
        (11, 1104, {"T1": ("INT32", "INT64", "UINT32", "UINT64"), "T2": ALL_SCALARS, "T3": ALL_SCALARS}),
    ],
    "Or": [
        (7, 1031, {"T": BOOL}),
    ],
    "PRelu": [
        (7, 1063, {"T": FLOAT16_FLOAT}),
        (9, 1064, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT8")}),
        (16, 1065, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT8")}),
    ],
    "Pad": [
        (7, 806, {"T": ALL_SCALARS}),
        (11, 807, {"T": ALL_SCALARS}),
        (13, 808, {"T": ALL_SCALARS}),
        (18, 809, {"T": ALL_SCALARS}),
        (19, 813, {"T": ALL_SCALARS}),
        (21, 810, {"T": ALL_SCALARS}),
    ],
    "ParametricSoftplus": [
        (7, 1082, {"T": FLOAT16_FLOAT}),
    ],
    "Pow": [
        (7, 882, {"T": FLOAT16_FLOAT}),
        (12, 883, {"T": ("FLOAT16", "FLOAT", "INT32"), "T1": FLOATS_AND_INTS_8_TO_32}),
        (13, 884, {"T": ("FLOAT16", "FLOAT", "INT32"), "T1": FLOATS_AND_INTS_8_TO_32}),
        (15, 885, {"T": ("FLOAT16", "FLOAT", "INT32"), "T1": FLOATS_AND_INTS_8_TO_32}),
    ],
    "QLinearConv": [
        (10, 1159, {"T1": BYTES, "T2": BYTES, "T3": BYTES, "T4": ("INT32",)}),
    ],
    "QLinearMatMul": [
        (10, 1160, {"T1": BYTES, "T2": BYTES, "T3": BYTES}),
        (21, 1161, {"T1": BYTES, "T2": BYTES, "T3": BYTES}),
    ],
    "QuantizeLinear": [
        (10, 933, {"T1": ("FLOAT", "INT32"), "T2": BYTES}),
        (13, 934, {"T1": ("FLOAT", "INT32"), "T2": BYTES}),
        (19, 935, {"T1": ("FLOAT16", "FLOAT", "INT32"), "T2": BYTES}),
        (21, 936, {"T1": FLOAT16_FLOAT, "T2": ("INT4", "INT8", "UINT4", "UINT8")}),
    ],
    "RNN": [
        (7, 782, {"T": FLOAT16_FLOAT}),
        (14, 783, {"T": FLOAT16_FLOAT}),
    ],
    "Range": [
        (11, 1151, {"T": ("FLOAT", "INT16", "INT32", "INT64")}),
    ],
    "Reciprocal": [
        (7, 880, {"T": FLOAT16_FLOAT}),
        (13, 881, {"T": FLOAT16_FLOAT}),
    ],
    "ReduceL1": [
        (7, 981, {"T": FLOATS_AND_INTS_32_64}),
        (11, 982, {"T": FLOATS_AND_INTS_32_64}),
        (13, 983, {"T": FLOATS_AND_INTS_32_64}),
        (18, 984, {"T": FLOATS_AND_INTS_32_64}),
    ],
    "ReduceL2": [
        (7, 985, {"T": FLOAT16_FLOAT}),
        (11, 986, {"T": FLOAT16_FLOAT}),
        (13, 987, {"T": FLOAT16_FLOAT}),
        (18, 988, {"T": FLOATS_AND_INTS_32_64}),
    ],
    "ReduceLogSum": [
        (7, 969, {"T": FLOAT16_FLOAT}),
        (11, 970, {"T": FLOAT16_FLOAT}),
        (13, 971, {"T": FLOAT16_FLOAT}),
        (18, 972, {"T": FLOATS_AND_INTS_32_64}),
    ],
    "ReduceLogSumExp": [
        (7, 973, {"T": FLOAT16_FLOAT}),
        (11, 974, {"T": FLOAT16_FLOAT}),
        (13, 975, {"T": FLOAT16_FLOAT}),
        (18, 976, {"T": FLOATS_AND_INTS_32_64}),
    ],
    "ReduceMax": [
        (7, 989, {"T": FLOAT16_FLOAT}),
        (11, 990, {"T": FLOAT16_FLOAT}),
        (12, 991, {"T": FLOATS_AND_INTS}),
        (13, 992, {"T": FLOATS_AND_INTS}),
        (18, 993, {"T": FLOATS_AND_INTS_32_64}),
        (20, 994, {"T": ALL_SCALARS}),
    ],
    "ReduceMean": [
        (7, 961, {"T": FLOAT16_FLOAT}),
        (11, 962, {"T": FLOAT16_FLOAT}),
        (13, 963, {"T": FLOAT16_FLOAT}),
        (18, 964, {"T": FLOATS_AND_INTS_32_64}),
    ],
    "ReduceMin": [
        (7, 995, {"T": FLOAT16_FLOAT}),
        (11, 996, {"T": FLOAT16_FLOAT}),
        (12, 997, {"T": FLOATS_AND_INTS}),
        (13, 998, {"T": FLOATS_AND_INTS}),
        (18, 999, {"T": FLOATS_AND_INTS_32_64}),
        (20, 1000, {"T": ALL_SCALARS}),
    ],
    "ReduceProd": [
        (7, 965, {"T": FLOATS_AND_INTS_32_64}),
        (11, 966, {"T": FLOATS_AND_INTS_32_64}),
        (13, 967, {"T": FLOATS_AND_INTS_32_64}),
        (18, 968, {"T": FLOATS_AND_INTS_32_64}),
    ],
    "ReduceSum": [
        (7, 957, {"T": FLOATS_AND_INTS_32_64}),
        (11, 958, {"T": FLOATS_AND_INTS_32_64}),
        (13, 959, {"T": FLOATS_AND_INTS_32_64}),
    ],
    "ReduceSumSquare": [
        (7, 977, {"T": FLOATS_AND_INTS_32_64}),
        (11, 978, {"T": FLOATS_AND_INTS_32_64}),
        (13, 979, {"T": FLOATS_AND_INTS_32_64}),
        (18, 980, {"T": FLOATS_AND_INTS_32_64}),
    ],
    "Relu": [
        (7, 1058, {"T": FLOAT16_FLOAT}),
        (13, 1059, {"T": FLOAT16_FLOAT}),
        (14, 1060, {"T": ("FLOAT16", "FLOAT", "INT16", "INT32", "INT8")}),
    ],
    "Reshape": [
        (7, 871, {"T": ALL_SCALARS}),
        (13, 872, {"T": ALL_SCALARS}),
        (14, 873, {"T": ALL_SCALARS}),
        (19, 874, {"T": ALL_SCALARS}),
        (21, 875, {"T": ALL_SCALARS}),
    ],
    "Resize": [
        (10, 1044, {"T": FLOAT16_FLOAT}),
        (11, 1045, {"T1": FLOATS_AND_BYTES, "T2": FLOAT16_FLOAT}),
        (13, 1046, {"T1": FLOATS_AND_BYTES, "T2": FLOAT16_FLOAT}),
        (18, 1048, {"T1": FLOATS_AND_BYTES, "T2": FLOAT16_FLOAT}),
        (19, 1049, {"T1": FLOATS_AND_BYTES, "T2": FLOAT16_FLOAT}),
    ],
    "ReverseSequence": [
        (10, 1148, {"T": ALL_SCALARS}),
    ],
    "RoiAlign": [
        (10, 768, {"T1": FLOAT16_FLOAT, "T2": INT32_INT64}),
        (16, 769, {"T1": FLOAT16_FLOAT, "T2": INT32_INT64}),
    ],
    "Round": [
        (11, 1147, {"T": FLOAT16_FLOAT}),
    ],
    "ScaledTanh": [
        (7, 1057, {"T": FLOAT16_FLOAT}),
    ],
    "Scatter": [
        (9, 835, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
        (11, 836, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
        (13, 837, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
    ],
    "ScatterElements": [
        (11, 838, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
        (13, 839, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
        (16, 840, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
    ],
    "ScatterND": [
        (11, 841, {"T": ALL_SCALARS}),
        (13, 842, {"T": ALL_SCALARS}),
        (16, 843, {"T": ALL_SCALARS}),
    ],
    "Selu": [
        (7, 1070, {"T": FLOAT16_FLOAT}),
    ],
    "Shrink": [
        (9, 1084, {"T": FLOATS_AND_INTS_8_TO_32}),
    ],
    "Sigmoid": [
        (7, 1052, {"T": FLOAT16_FLOAT}),
        (13, 1053, {"T": FLOAT16_FLOAT}),
    ],
    "Sign": [
        (9, 943, {"T": FLOATS_AND_INTS}),
        (13, 944, {"T": FLOATS_AND_INTS}),
    ],
    "SimplifiedLayerNormalization": [
        (7, 1167, {"T": FLOAT16_FLOAT, "U": FLOAT16_FLOAT, "V": FLOAT16_FLOAT}),
    ],
    "Sin": [
        (7, 927, {"T": FLOAT16_FLOAT}),
    ],
    "Sinh": [
        (9, 948, {"T": FLOAT16_FLOAT}),
    ],
    "Slice": [
        (7, 802, {"T": ALL_SCALARS}),
        (10, 803, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
        (11, 804, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
        (13, 805, {"T": ALL_SCALARS, "Tind": INT32_INT64}),
    ],
    "Softmax": [
        (7, 1071, {"T": FLOAT16_FLOAT}),
        (11, 1072, {"T": FLOAT16_FLOAT}),
        (13, 1073, {"T": FLOAT16_FLOAT}),
    ],
    "Softplus": [
        (7, 1081, {"T": FLOAT16_FLOAT}),
    ],
    "Softsign": [
        (7, 1080, {"T": FLOAT16_FLOAT}),
    ],
    "SpaceToDepth": [
        (7, 816, {"T": ALL_SCALARS}),
        (13, 817, {"T": ALL_SCALARS}),
    ],
    "Split": [
        (7, 791, {"T": ALL_SCALARS}),
        (11, 792, {"T": ALL_SCALARS}),
        (13, 793, {"T": ALL_SCALARS}),
        (18, 794, {"T": ALL_SCALARS}),
    ],
    "Sqrt": [
        (7, 878, {"T": FLOAT16_FLOAT}),
        (13, 879, {"T": FLOAT16_FLOAT}),
    ],
    "Squeeze": [
        (7, 863, {"T": ALL_SCALARS}),
        (11, 864, {"T": ALL_SCALARS}),
        (13, 865, {"T": ALL_SCALARS}),
        (21, 866, {"T": ALL_SCALARS}),
    ],
    "Sub": [
        (7, 903, {"T": FLOATS_AND_INTS}),
        (13, 904, {"T": FLOATS_AND_INTS}),
        (14, 905, {"T": FLOATS_AND_INTS}),
    ],
    "Sum": [
        (7, 912, {"T": FLOAT16_FLOAT}),
        (8, 913, {"T": FLOAT16_FLOAT}),
        (13, 914, {"T": FLOAT16_FLOAT}),
    ],
    "Tan": [
        (7, 928, {"T": FLOAT16_FLOAT}),
    ],
    "Tanh": [
        (7, 1055, {"T": FLOAT16_FLOAT}),
        (13, 1056, {"T": FLOAT16_FLOAT}),
    ],
    "ThresholdedRelu": [
        (7, 1066, {"T": FLOAT16_FLOAT}),
        (10, 1067, {"T": FLOAT16_FLOAT}),
    ],
    "Tile": [
        (7, 821, {"T": ALL_SCALARS}),
        (13, 822, {"T": ALL_SCALARS}),
    ],
    "TopK": [
        (7, 1100, {"T": FLOATS_AND_INTS, "I": INT64}),
        (10, 1101, {"T": FLOATS_AND_INTS, "I": INT64}),
        (11, 1102, {"T": FLOATS_AND_INTS, "I": INT64}),
    ],
    "Transpose": [
        (7, 795, {"T": ALL_SCALARS}),
        (13, 796, {"T": ALL_SCALARS}),
        (21, 797, {"T": ALL_SCALARS}),
    ],
    "Trilu": [
        (14, 845, {"T": ALL_SCALARS}),
    ],
    "Unsqueeze": [
        (7, 867, {"T": ALL_SCALARS}),
        (11, 868, {"T": ALL_SCALARS}),
        (13, 869, {"T": ALL_SCALARS}),
        (21, 870, {"T": ALL_SCALARS}),
    ],
    "Upsample": [
        (7, 1041, {"T": FLOAT16_FLOAT}),
        (9, 1042, {"T": FLOAT16_FLOAT}),
        (10, 1043, {"T": FLOAT16_FLOAT}),
    ],
    "Where": [
        (9, 955, {"B": BOOL, "T": ALL_SCALARS}),
        (16, 956, {"B": BOOL, "T": ALL_SCALARS}),
    ],
    "Xor": [
        (7, 1032, {"T": BOOL}),
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
