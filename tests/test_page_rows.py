"""An independent, hand-copied check of pydml's per-operator tensor-support tables.

pydml/ops/<family>.py transcribes each operator's "Tensor support" tables from its documentation page.
This module holds a second transcription, copied by hand from the same pages (never from
pydml/ops), so that a slip in either shows up as a disagreement:

* PAGE_SOURCES: for every one of the 177 operators, the page read: the repository (SDK is
  MicrosoftDocs/sdk-api, ``sdk-api-src/content/directml/ns-directml-dml_<name>_operator_desc.md``;
  WAI is MicrosoftDocs/windows-ai-docs, ``docs/directml/api/...``, for the newer operators that
  sdk-api lacks) and the commit of the newest stored version of the page.
* PAGE_ROWS: rows copied verbatim from those pages, as (level, Tensor, Kind, Supported dimension
  counts, Supported data types). The first row comes from the newest level's table and is its most
  specific row (an index or output tensor where the types narrow); where the page has more than one
  level's table, further rows come from older tables. ``level`` is the table's heading
  ("DML_FEATURE_LEVEL_4_1 and above" -> "4_1"); a page whose single table has no heading (UNTITLED)
  is keyed by the page's "introduced in" level, as pydml keys it. REDUCE's page has one set of level
  tables per reduction-function group; its rows carry the group heading as a sixth element and are
  compared with pydml's "function table" notes.
* NO_TABLE: operators whose page gives no usable table (value None in PAGE_ROWS), with the reason.

Each row is compared with ``registry.schema_of(op).support_at(level)[tensor]``: kind, dimension
counts and the set of data types. An "Array of inputs"/"Array of outputs" kind is pydml's
input/output.

Page quirks met while copying (the rows are copied as the pages have them; pydml agrees):
ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL's page has two Availability sections (1_0 and 3_0) and two
constraint lists; ADAM_OPTIMIZER's table gives TrainingStepTensor FLOAT32/FLOAT16 though its field
text says it must be UINT32; ACTIVATION_RELU_GRAD's field heading says OutputTensor where its table
and constraints say OutputGradientTensor; MULTIHEAD_ATTENTION1's PastSequenceLengthsTensor is
described only as "TBD" and typed FLOAT32/FLOAT16; MAX_POOLING_GRAD's DimensionCount text allows
only 4D while its 4_0 table allows 4 to 5; ELEMENT_WISE_IF's 2_0 table lists FLOAT16 alone (no
FLOAT32) for ATensor, BTensor and OutputTensor; SCATTER_ELEMENTS's page is
ns-directml-dml_scatter_operator_desc.md and REVERSE_SUBSEQUENCES's is
ns-directml-dml_reverse_subsequences_desc.md (no "_operator"); ROI_ALIGN_GRAD's page moved from
windows-ai-docs (aa654162, removed there in 2022) to sdk-api, with the same table.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from pydml import registry
from pydml.enums import FeatureLevel, OperatorType
from pydml.schema.tables import TensorRow, level_value, parse_row

SDK = "MicrosoftDocs/sdk-api"
WAI = "MicrosoftDocs/windows-ai-docs"

#: The page's "Kind" column -> pydml's kind.
KINDS = {
    "Input": "input",
    "Optional input": "optional-input",
    "Output": "output",
    "Optional output": "optional-output",
    "Array of inputs": "input",
    "Array of outputs": "output",
}

#: Operator -> (repository, commit of the newest stored version of its page).
PAGE_SOURCES: dict[str, tuple[str, str]] = {
    "ELEMENT_WISE_IDENTITY": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "ELEMENT_WISE_ABS": (SDK, "b6ccb924f6c44da8f60ab686dd72a10ce8103cf1"),
    "ELEMENT_WISE_ACOS": (SDK, "0f1321925c4cb9c40f136e111a456ebf0024a888"),
    "ELEMENT_WISE_ADD": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "ELEMENT_WISE_ASIN": (SDK, "2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca"),
    "ELEMENT_WISE_ATAN": (SDK, "f88051d5c21ab188c03603f2a873ab6993fb9860"),
    "ELEMENT_WISE_CEIL": (SDK, "290b21b0f5cd4a8b0f053d8d0e391047eca97c06"),
    "ELEMENT_WISE_CLIP": (SDK, "37a8df4aa27b6b0da04946fa62d02bbcf70222e1"),
    "ELEMENT_WISE_COS": (SDK, "0f1321925c4cb9c40f136e111a456ebf0024a888"),
    "ELEMENT_WISE_DIVIDE": (SDK, "f2d501f718b155b467c2570d1466679607776244"),
    "ELEMENT_WISE_EXP": (SDK, "0f1321925c4cb9c40f136e111a456ebf0024a888"),
    "ELEMENT_WISE_FLOOR": (SDK, "290b21b0f5cd4a8b0f053d8d0e391047eca97c06"),
    "ELEMENT_WISE_LOG": (SDK, "0f1321925c4cb9c40f136e111a456ebf0024a888"),
    "ELEMENT_WISE_LOGICAL_AND": (SDK, "f2d501f718b155b467c2570d1466679607776244"),
    "ELEMENT_WISE_LOGICAL_EQUALS": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "ELEMENT_WISE_LOGICAL_GREATER_THAN": (SDK, "b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc"),
    "ELEMENT_WISE_LOGICAL_LESS_THAN": (SDK, "b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc"),
    "ELEMENT_WISE_LOGICAL_NOT": (SDK, "b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc"),
    "ELEMENT_WISE_LOGICAL_OR": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ELEMENT_WISE_LOGICAL_XOR": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ELEMENT_WISE_MAX": (SDK, "dd64e5cb8c7c5cd518f9f0319817476961e0d61d"),
    "ELEMENT_WISE_MEAN": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ELEMENT_WISE_MIN": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "ELEMENT_WISE_MULTIPLY": (SDK, "f2d501f718b155b467c2570d1466679607776244"),
    "ELEMENT_WISE_POW": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "ELEMENT_WISE_CONSTANT_POW": (SDK, "2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca"),
    "ELEMENT_WISE_RECIP": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "ELEMENT_WISE_SIN": (SDK, "2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca"),
    "ELEMENT_WISE_SQRT": (SDK, "2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca"),
    "ELEMENT_WISE_SUBTRACT": (SDK, "b78cd15a8e1d68b4871d5dde044ca62ad9cabaa6"),
    "ELEMENT_WISE_TAN": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "ELEMENT_WISE_THRESHOLD": (SDK, "2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca"),
    "ELEMENT_WISE_QUANTIZE_LINEAR": (SDK, "e0bf7d90dfb4f65c50af4631a27c4f11dde72c0b"),
    "ELEMENT_WISE_DEQUANTIZE_LINEAR": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ACTIVATION_ELU": (SDK, "290b21b0f5cd4a8b0f053d8d0e391047eca97c06"),
    "ACTIVATION_HARDMAX": (SDK, "b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc"),
    "ACTIVATION_HARD_SIGMOID": (SDK, "f4acb9bc5d5d71b896131f8ac2fb7ffbdb9697d7"),
    "ACTIVATION_IDENTITY": (SDK, "0dbacd0650a59e406fd734aea145bf4fc06b06ac"),
    "ACTIVATION_LEAKY_RELU": (SDK, "b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc"),
    "ACTIVATION_LINEAR": (SDK, "0f1321925c4cb9c40f136e111a456ebf0024a888"),
    "ACTIVATION_LOG_SOFTMAX": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "ACTIVATION_PARAMETERIZED_RELU": (SDK, "a28e08e717898c2f4d3cdcf6a830c6027643f6a1"),
    "ACTIVATION_PARAMETRIC_SOFTPLUS": (SDK, "ea9cf3ce19e909a426d6a7615da427641763e64c"),
    "ACTIVATION_RELU": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ACTIVATION_SCALED_ELU": (SDK, "2db4b02040c83285e0885659d7bd2fa159f2da6f"),
    "ACTIVATION_SCALED_TANH": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "ACTIVATION_SIGMOID": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "ACTIVATION_SOFTMAX": (SDK, "b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc"),
    "ACTIVATION_SOFTPLUS": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ACTIVATION_SOFTSIGN": (SDK, "705a7eaab871396f91993022ce1693626c1c5e3f"),
    "ACTIVATION_TANH": (SDK, "dd64e5cb8c7c5cd518f9f0319817476961e0d61d"),
    "ACTIVATION_THRESHOLDED_RELU": (SDK, "b6ccb924f6c44da8f60ab686dd72a10ce8103cf1"),
    "CONVOLUTION": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "GEMM": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "REDUCE": (SDK, "dd64e5cb8c7c5cd518f9f0319817476961e0d61d"),
    "AVERAGE_POOLING": (SDK, "0dbacd0650a59e406fd734aea145bf4fc06b06ac"),
    "LP_POOLING": (SDK, "2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca"),
    "MAX_POOLING": (SDK, "6721cae40a450f7e0a126b8b14fb2519ed185250"),
    "ROI_POOLING": (SDK, "f88051d5c21ab188c03603f2a873ab6993fb9860"),
    "SLICE": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "CAST": (SDK, "879f4fcc329ad88e61cc6383b23d215b3b57fd41"),
    "SPLIT": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "JOIN": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "PADDING": (SDK, "b6ccb924f6c44da8f60ab686dd72a10ce8103cf1"),
    "VALUE_SCALE_2D": (SDK, "0f1321925c4cb9c40f136e111a456ebf0024a888"),
    "UPSAMPLE_2D": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "GATHER": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "SPACE_TO_DEPTH": (SDK, "6721cae40a450f7e0a126b8b14fb2519ed185250"),
    "DEPTH_TO_SPACE": (SDK, "b6ccb924f6c44da8f60ab686dd72a10ce8103cf1"),
    "TILE": (SDK, "b6ccb924f6c44da8f60ab686dd72a10ce8103cf1"),
    "TOP_K": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "BATCH_NORMALIZATION": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "MEAN_VARIANCE_NORMALIZATION": (SDK, "db7dd4d987bcde3ba79c463740688660e96e58b4"),
    "LOCAL_RESPONSE_NORMALIZATION": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "LP_NORMALIZATION": (SDK, "f4acb9bc5d5d71b896131f8ac2fb7ffbdb9697d7"),
    "RNN": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "LSTM": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "GRU": (SDK, "5b9c53c58fb90c51ccbcf38dee7d848f47611160"),
    "ELEMENT_WISE_SIGN": (SDK, "dd64e5cb8c7c5cd518f9f0319817476961e0d61d"),
    "ELEMENT_WISE_IS_NAN": (SDK, "2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca"),
    "ELEMENT_WISE_ERF": (SDK, "2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca"),
    "ELEMENT_WISE_SINH": (SDK, "2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca"),
    "ELEMENT_WISE_COSH": (SDK, "dcb2387531f1ea76e740860172b28bd818188d90"),
    "ELEMENT_WISE_TANH": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "ELEMENT_WISE_ASINH": (SDK, "2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca"),
    "ELEMENT_WISE_ACOSH": (SDK, "dcb2387531f1ea76e740860172b28bd818188d90"),
    "ELEMENT_WISE_ATANH": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "ELEMENT_WISE_IF": (SDK, "f88051d5c21ab188c03603f2a873ab6993fb9860"),
    "ELEMENT_WISE_ADD1": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ACTIVATION_SHRINK": (SDK, "2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593"),
    "MAX_POOLING1": (SDK, "fe15a8b42c2db269a0d8e6c8c89584484c52b848"),
    "MAX_UNPOOLING": (SDK, "dd64e5cb8c7c5cd518f9f0319817476961e0d61d"),
    "DIAGONAL_MATRIX": (SDK, "b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc"),
    "SCATTER_ELEMENTS": (SDK, "f88051d5c21ab188c03603f2a873ab6993fb9860"),
    "ONE_HOT": (SDK, "f88051d5c21ab188c03603f2a873ab6993fb9860"),
    "RESAMPLE": (SDK, "f2d501f718b155b467c2570d1466679607776244"),
    "ELEMENT_WISE_BIT_SHIFT_LEFT": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ELEMENT_WISE_BIT_SHIFT_RIGHT": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ELEMENT_WISE_ROUND": (SDK, "dd64e5cb8c7c5cd518f9f0319817476961e0d61d"),
    "ELEMENT_WISE_IS_INFINITY": (SDK, "2db4b02040c83285e0885659d7bd2fa159f2da6f"),
    "ELEMENT_WISE_MODULUS_TRUNCATE": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ELEMENT_WISE_MODULUS_FLOOR": (SDK, "6dbf627776d09dd4ca70c6fbea39aa2a55104ab8"),
    "FILL_VALUE_CONSTANT": (SDK, "879f4fcc329ad88e61cc6383b23d215b3b57fd41"),
    "FILL_VALUE_SEQUENCE": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "CUMULATIVE_SUMMATION": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "REVERSE_SUBSEQUENCES": (SDK, "dd64e5cb8c7c5cd518f9f0319817476961e0d61d"),
    "GATHER_ELEMENTS": (SDK, "879f4fcc329ad88e61cc6383b23d215b3b57fd41"),
    "GATHER_ND": (SDK, "f9d9bc0314653caff4a32974f104819380adca61"),
    "SCATTER_ND": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "MAX_POOLING2": (SDK, "b6ccb924f6c44da8f60ab686dd72a10ce8103cf1"),
    "SLICE1": (SDK, "13f5245e8d00d97423bc77e5e9a003d85ed1e368"),
    "TOP_K1": (SDK, "f490882383468877b3175c280658e56ed2963640"),
    "DEPTH_TO_SPACE1": (SDK, "b6ccb924f6c44da8f60ab686dd72a10ce8103cf1"),
    "SPACE_TO_DEPTH1": (SDK, "dd64e5cb8c7c5cd518f9f0319817476961e0d61d"),
    "MEAN_VARIANCE_NORMALIZATION1": (SDK, "5b9c53c58fb90c51ccbcf38dee7d848f47611160"),
    "RESAMPLE1": (SDK, "883ac18d4ebcac2f002e4104fda4fb6480b45163"),
    "MATRIX_MULTIPLY_INTEGER": (SDK, "b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc"),
    "QUANTIZED_LINEAR_MATRIX_MULTIPLY": (SDK, "e0bf7d90dfb4f65c50af4631a27c4f11dde72c0b"),
    "CONVOLUTION_INTEGER": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "QUANTIZED_LINEAR_CONVOLUTION": (SDK, "9fb507c17d15d4fed7f107006ab309684b9a6007"),
    "ELEMENT_WISE_BIT_AND": (SDK, "dd64e5cb8c7c5cd518f9f0319817476961e0d61d"),
    "ELEMENT_WISE_BIT_OR": (SDK, "dd64e5cb8c7c5cd518f9f0319817476961e0d61d"),
    "ELEMENT_WISE_BIT_XOR": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "ELEMENT_WISE_BIT_NOT": (SDK, "f88051d5c21ab188c03603f2a873ab6993fb9860"),
    "ELEMENT_WISE_BIT_COUNT": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL": (SDK, "879f4fcc329ad88e61cc6383b23d215b3b57fd41"),
    "ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL": (SDK, "879f4fcc329ad88e61cc6383b23d215b3b57fd41"),
    "ACTIVATION_CELU": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "ACTIVATION_RELU_GRAD": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "AVERAGE_POOLING_GRAD": (SDK, "85467d927648044755a846ab4824b076d49ed95b"),
    "MAX_POOLING_GRAD": (SDK, "85467d927648044755a846ab4824b076d49ed95b"),
    "RANDOM_GENERATOR": (SDK, "8f2547f96c61b4c1950a8bcfe2bc98739dc6f3b3"),
    "NONZERO_COORDINATES": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "RESAMPLE_GRAD": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "SLICE_GRAD": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ADAM_OPTIMIZER": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "ARGMIN": (SDK, "8f2547f96c61b4c1950a8bcfe2bc98739dc6f3b3"),
    "ARGMAX": (SDK, "b6ccb924f6c44da8f60ab686dd72a10ce8103cf1"),
    "ROI_ALIGN": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "GATHER_ND1": (SDK, "9ade0e62b73672c2b4488a78fe4061bccf142590"),
    "ELEMENT_WISE_ATAN_YX": (SDK, "b6ccb924f6c44da8f60ab686dd72a10ce8103cf1"),
    "ELEMENT_WISE_CLIP_GRAD": (SDK, "8691330294ef3c2b5fc3e59e0a7ed6c71f6ae8d1"),
    "ELEMENT_WISE_DIFFERENCE_SQUARE": (SDK, "dd64e5cb8c7c5cd518f9f0319817476961e0d61d"),
    "LOCAL_RESPONSE_NORMALIZATION_GRAD": (SDK, "fe15a8b42c2db269a0d8e6c8c89584484c52b848"),
    "CUMULATIVE_PRODUCT": (SDK, "f2d501f718b155b467c2570d1466679607776244"),
    "BATCH_NORMALIZATION_GRAD": (SDK, "b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc"),
    "ELEMENT_WISE_QUANTIZED_LINEAR_ADD": (SDK, "b6ccb924f6c44da8f60ab686dd72a10ce8103cf1"),
    "DYNAMIC_QUANTIZE_LINEAR": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ROI_ALIGN1": (SDK, "dd64e5cb8c7c5cd518f9f0319817476961e0d61d"),
    "ROI_ALIGN_GRAD": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "BATCH_NORMALIZATION_TRAINING": (SDK, "f88051d5c21ab188c03603f2a873ab6993fb9860"),
    "BATCH_NORMALIZATION_TRAINING_GRAD": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ELEMENT_WISE_CLIP1": (SDK, "f2d501f718b155b467c2570d1466679607776244"),
    "ELEMENT_WISE_CLIP_GRAD1": (SDK, "43d422fa588d26857a533d1ba2d458c7baf34405"),
    "PADDING1": (SDK, "ea42082f77c7abb2f7ec53735e7957bb74ca91bd"),
    "ELEMENT_WISE_NEGATE": (SDK, "ea899bdf0be31c3cc09fd43b39c2722e21fca735"),
    "ACTIVATION_GELU": (WAI, "4bafa1dd5b23f60fc4df184b9ebb87dcd01db9f2"),
    "ACTIVATION_SOFTMAX1": (WAI, "9beae6f045e2918a7ce93f9614450d3bbf7c63ff"),
    "ACTIVATION_LOG_SOFTMAX1": (WAI, "4bafa1dd5b23f60fc4df184b9ebb87dcd01db9f2"),
    "ACTIVATION_HARDMAX1": (WAI, "f9f7981f3296da2b73be47b980b352c2d8f1ca2a"),
    "RESAMPLE2": (WAI, "69cd1af4198cbb289a668b94f8b94acfe2eddef7"),
    "RESAMPLE_GRAD1": (WAI, "fdac5cdc350a3c50c19006ae0b361c661d38040e"),
    "DIAGONAL_MATRIX1": (WAI, "1189b0d4603fe9ff494f11c94e207fd6215b932e"),
    "MULTIHEAD_ATTENTION": (WAI, "81d3d39bd55a935eaff7cdcba979482a32b895f3"),
    "LP_POOLING1": (WAI, "bc08bce31ec80b7c2d5de1cb078edc2d7c6ca6c4"),
    "AVERAGE_POOLING1": (WAI, "0509548e7c79bbdf65428c08d7a73d36f70cf93d"),
    "ACTIVATION_SWISH": (WAI, "6b5ee3310dde06593a44cfaa55acdb71b05e368e"),
    "ACTIVATION_HARD_SWISH": (WAI, "7b9df07a81d5411c54a4ec957b3b4e118f9eff1f"),
    "QUANTIZED_LINEAR_AVERAGE_POOLING": (WAI, "907605caaa64352e6134de21de84a343f58a2fa1"),
    "MATRIX_MULTIPLY_INTEGER_TO_FLOAT": (WAI, "eba47f60bc15ca4520608365c8e2ad7c69eca916"),
    "MEAN_VARIANCE_NORMALIZATION2": (WAI, "f2066003522377da1ec3372e598f312343141bf8"),
    "MULTIHEAD_ATTENTION1": (WAI, "9bde1b294f02a88f92c9cc85c0ba971e1398920e"),
    "QUANTIZE": (WAI, "f2066003522377da1ec3372e598f312343141bf8"),
    "DEQUANTIZE": (WAI, "d44b24e43fdd1a0f4ff810e4dde4552db569988d"),
    "RESAMPLE3": (WAI, "6f457b36611368a3808b60cce9c329ba3d2d9319"),
    "FOLD": (WAI, "dd9cc51247128ffe2c8c3f72e695d4b53b902406"),
    "UNFOLD": (WAI, "6f457b36611368a3808b60cce9c329ba3d2d9319"),}

#: Operators whose page has no usable tensor-support table, and why.
NO_TABLE: dict[str, str] = {
    "FOLD": "the page's single table (InputTensor Input 3 to 8, OutputTensor Output 3 to 8) leaves "
    "'Supported data types' blank",
    "UNFOLD": "the page's single table (InputTensor Input 3 to 8, OutputTensor Output 3 to 8) leaves "
    "'Supported data types' blank",
}

#: Pages whose single table has no level heading: keyed by the page's introduced level.
UNTITLED = frozenset({
    "ACTIVATION_CELU", "ACTIVATION_GELU", "ACTIVATION_HARDMAX1", "ACTIVATION_HARD_SWISH",
    "ACTIVATION_LOG_SOFTMAX1", "ACTIVATION_SOFTMAX1", "ACTIVATION_SWISH", "ADAM_OPTIMIZER",
    "AVERAGE_POOLING", "AVERAGE_POOLING1", "AVERAGE_POOLING_GRAD", "BATCH_NORMALIZATION_GRAD",
    "DEQUANTIZE", "DIAGONAL_MATRIX1", "DYNAMIC_QUANTIZE_LINEAR", "ELEMENT_WISE_ATAN_YX",
    "ELEMENT_WISE_CLIP1", "ELEMENT_WISE_CLIP_GRAD1", "ELEMENT_WISE_DIFFERENCE_SQUARE",
    "ELEMENT_WISE_NEGATE", "ELEMENT_WISE_QUANTIZED_LINEAR_ADD", "GRU",
    "LOCAL_RESPONSE_NORMALIZATION", "LOCAL_RESPONSE_NORMALIZATION_GRAD", "LP_POOLING",
    "LP_POOLING1", "LSTM", "MATRIX_MULTIPLY_INTEGER_TO_FLOAT", "MEAN_VARIANCE_NORMALIZATION",
    "MEAN_VARIANCE_NORMALIZATION2", "MULTIHEAD_ATTENTION", "MULTIHEAD_ATTENTION1", "PADDING1",
    "QUANTIZE", "QUANTIZED_LINEAR_AVERAGE_POOLING", "RESAMPLE3", "RESAMPLE_GRAD1", "RNN",
    "ROI_POOLING", "UPSAMPLE_2D", "VALUE_SCALE_2D",
})

#: Operator -> rows copied from its page: (level, Tensor, Kind, Supported dimension counts,
#: Supported data types[, REDUCE function group]); None when the page has no table (NO_TABLE).
PAGE_ROWS: dict[str, list[tuple[str, ...]] | None] = {
    "ELEMENT_WISE_IDENTITY": [
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("2_1", "InputTensor", "Input", "4 to 5",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_ABS": [
        ("4_1", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8"),
        ("2_1", "InputTensor", "Input", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8"),
    ],
    "ELEMENT_WISE_ACOS": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_ADD": [
        ("5_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("4_1", "BTensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32"),
        ("2_1", "ATensor", "Input", "4 to 5", "FLOAT32, FLOAT16, INT32, UINT32"),
    ],
    "ELEMENT_WISE_ASIN": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_ATAN": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_CEIL": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_CLIP": [
        ("5_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("2_1", "InputTensor", "Input", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("3_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_COS": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_DIVIDE": [
        ("6_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("5_1", "ATensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16, INT32, UINT32"),
    ],
    "ELEMENT_WISE_EXP": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_FLOOR": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_LOG": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_LOGICAL_AND": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "UINT32, UINT8"),
        ("2_0", "BTensor", "Input", "4", "UINT32, UINT8"),
        ("1_0", "OutputTensor", "Output", "4", "UINT32"),
    ],
    "ELEMENT_WISE_LOGICAL_EQUALS": [
        ("4_1", "ATensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("4_1", "OutputTensor", "Output", "1 to 8", "UINT32, UINT8"),
        ("2_0", "ATensor", "Input", "4", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "UINT32"),
    ],
    "ELEMENT_WISE_LOGICAL_GREATER_THAN": [
        ("4_1", "BTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("4_1", "OutputTensor", "Output", "1 to 8", "UINT32, UINT8"),
        ("2_1", "ATensor", "Input", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "OutputTensor", "Output", "4", "UINT32"),
    ],
    "ELEMENT_WISE_LOGICAL_LESS_THAN": [
        ("4_1", "OutputTensor", "Output", "1 to 8", "UINT32, UINT8"),
        ("4_1", "ATensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "BTensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "OutputTensor", "Output", "4", "UINT32"),
    ],
    "ELEMENT_WISE_LOGICAL_NOT": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "UINT32, UINT8"),
        ("2_0", "InputTensor", "Input", "4", "UINT32, UINT8"),
        ("1_0", "OutputTensor", "Output", "4", "UINT32"),
    ],
    "ELEMENT_WISE_LOGICAL_OR": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "UINT32, UINT8"),
        ("2_0", "ATensor", "Input", "4", "UINT32, UINT8"),
        ("1_0", "BTensor", "Input", "4", "UINT32"),
    ],
    "ELEMENT_WISE_LOGICAL_XOR": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "UINT32, UINT8"),
        ("2_0", "OutputTensor", "Output", "4", "UINT32, UINT8"),
        ("1_0", "ATensor", "Input", "4", "UINT32"),
    ],
    "ELEMENT_WISE_MAX": [
        ("5_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "ATensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "BTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_MEAN": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16, INT32, UINT32"),
        ("2_1", "BTensor", "Input", "4", "FLOAT32, FLOAT16, INT32, UINT32"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_MIN": [
        ("5_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("2_1", "ATensor", "Input", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_MULTIPLY": [
        ("5_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("4_1", "ATensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32"),
        ("2_1", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16, INT32, UINT32"),
        ("1_0", "BTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_POW": [
        ("3_0", "ExponentTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("3_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "ExponentTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_CONSTANT_POW": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_RECIP": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_SIN": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_SQRT": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_SUBTRACT": [
        ("5_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("4_1", "BTensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32"),
        ("2_1", "ATensor", "Input", "4", "FLOAT32, FLOAT16, INT32, UINT32"),
    ],
    "ELEMENT_WISE_TAN": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_THRESHOLD": [
        ("3_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "InputTensor", "Input", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_QUANTIZE_LINEAR": [
        ("6_2", "ZeroPointTensor", "Optional input", "1 to 8", "INT8, UINT8"),
        ("6_2", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32"),
        ("6_0", "ZeroPointTensor", "Input", "1 to 8", "INT8, UINT8"),
        ("3_0", "ScaleTensor", "Input", "1 to 8", "FLOAT32"),
        ("1_0", "OutputTensor", "Output", "4", "UINT8"),
    ],
    "ELEMENT_WISE_DEQUANTIZE_LINEAR": [
        ("6_2", "ZeroPointTensor", "Optional input", "1 to 8", "INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("6_2", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("6_0", "ZeroPointTensor", "Input", "1 to 8", "INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32"),
        ("1_0", "InputTensor", "Input", "4", "UINT8"),
    ],
    "ACTIVATION_ELU": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_HARDMAX": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_HARD_SIGMOID": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_IDENTITY": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_LEAKY_RELU": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_LINEAR": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_LOG_SOFTMAX": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_PARAMETERIZED_RELU": [
        ("5_1", "SlopeTensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32, INT16, INT8"),
        ("5_1", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16, INT32, INT16, INT8"),
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "SlopeTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_PARAMETRIC_SOFTPLUS": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_RELU": [
        ("5_1", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16, INT32, INT16, INT8"),
        ("3_0", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_SCALED_ELU": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_SCALED_TANH": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_SIGMOID": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_SOFTMAX": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_SOFTPLUS": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_SOFTSIGN": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_TANH": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_THRESHOLDED_RELU": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "CONVOLUTION": [
        ("4_0", "BiasTensor", "Optional input", "3 to 5", "FLOAT32, FLOAT16"),
        ("4_0", "OutputTensor", "Output", "3 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "FilterTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "GEMM": [
        ("4_0", "CTensor", "Optional input", "2 to 4", "FLOAT32, FLOAT16"),
        ("4_0", "OutputTensor", "Output", "2 to 4", "FLOAT32, FLOAT16"),
        ("1_0", "ATensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    # Per-function tables: "ARGMIN and ARGMAX" (4_1, 3_0, 2_1, 1_0), "AVERAGE, L2, LOG_SUM, and
    # LOG_SUM_EXP" (3_0, 1_0), "L1 and SUM_SQUARE" (5_0, 3_0, 1_0), "MIN and MAX" and "MULTIPLY and
    # SUM" (5_0, 3_0, 2_1, 1_0); the sixth element names the group.
    "REDUCE": [
        ("4_1", "OutputTensor", "Output", "1 to 8", "INT64, INT32, UINT64, UINT32", "ARGMIN ARGMAX"),
        ("2_1", "OutputTensor", "Output", "4", "UINT32", "ARGMIN ARGMAX"),
        ("5_0", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32", "MULTIPLY SUM"),
        ("2_1", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16, INT32, UINT32", "MIN MAX"),
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16", "AVERAGE L2 LOG_SUM LOG_SUM_EXP"),
        ("5_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32", "L1 SUM_SQUARE"),
    ],
    "AVERAGE_POOLING": [
        ("1_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "LP_POOLING": [
        ("1_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "MAX_POOLING": [
        ("5_0", "OutputTensor", "Output", "4 to 5",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16, INT8, UINT8"),
        ("1_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "ROI_POOLING": [
        ("1_0", "ROITensor", "Input", "4", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "SLICE": [
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("2_1", "InputTensor", "Input", "4 to 5",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16, INT32, INT16, UINT32, UINT16"),
    ],
    "CAST": [
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_1", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "OutputTensor", "Output", "4",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16, INT16, INT8, UINT16, UINT8"),
    ],
    "SPLIT": [
        ("4_1", "OutputTensors", "Array of outputs", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "OutputTensors", "Array of outputs", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16, INT32, INT16, UINT32, UINT16"),
    ],
    "JOIN": [
        ("4_1", "InputTensors", "Array of inputs", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "OutputTensor", "Output", "4 to 5",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "InputTensors", "Array of inputs", "4", "FLOAT32, FLOAT16, INT32, INT16, UINT32, UINT16"),
    ],
    "PADDING": [
        ("5_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_1", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "OutputTensor", "Output", "4 to 5",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "VALUE_SCALE_2D": [
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "UPSAMPLE_2D": [
        ("1_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "GATHER": [
        ("4_1", "IndicesTensor", "Input", "1 to 8", "INT64, INT32, UINT64, UINT32"),
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "IndicesTensor", "Input", "1 to 8", "INT64, INT32, UINT64, UINT32"),
        ("2_1", "IndicesTensor", "Input", "4", "UINT32"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "SPACE_TO_DEPTH": [
        ("5_0", "OutputTensor", "Output", "4",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("2_1", "InputTensor", "Input", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "DEPTH_TO_SPACE": [
        ("5_0", "OutputTensor", "Output", "4",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("2_1", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "TILE": [
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_1", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    # The page says TOP_K was introduced in 2_0; it has no table below 2_0.
    "TOP_K": [
        ("5_0", "OutputIndexTensor", "Output", "1 to 8", "UINT64, UINT32"),
        ("5_0", "OutputValueTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_1", "OutputIndexTensor", "Output", "1 to 8", "UINT32"),
        ("2_1", "InputTensor", "Input", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_0", "OutputIndexTensor", "Output", "4", "UINT32"),
    ],
    "BATCH_NORMALIZATION": [
        ("3_1", "VarianceTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
        ("3_1", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "MeanTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "MEAN_VARIANCE_NORMALIZATION": [
        ("1_0", "ScaleTensor", "Optional input", "4", "FLOAT32, FLOAT16"),
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "LOCAL_RESPONSE_NORMALIZATION": [
        ("1_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "LP_NORMALIZATION": [
        ("3_1", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("1_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "RNN": [
        ("1_0", "SequenceLengthsTensor", "Optional input", "4", "UINT32"),
        ("1_0", "OutputSingleTensor", "Optional output", "4", "FLOAT32, FLOAT16"),
    ],
    "LSTM": [
        ("1_0", "SequenceLengthsTensor", "Optional input", "4", "UINT32"),
        ("1_0", "OutputCellSingleTensor", "Optional output", "4", "FLOAT32, FLOAT16"),
        ("1_0", "PeepholeTensor", "Optional input", "4", "FLOAT32, FLOAT16"),
    ],
    "GRU": [
        ("1_0", "SequenceLengthsTensor", "Optional input", "4", "UINT32"),
        ("1_0", "OutputSequenceTensor", "Optional output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_SIGN": [
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_IS_NAN": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "UINT32, UINT8"),
        ("2_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_ERF": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_SINH": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_COSH": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_TANH": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_ASINH": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_ACOSH": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_ATANH": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    # The 2_0 table lists FLOAT16 alone (no FLOAT32) for ATensor, BTensor and OutputTensor.
    "ELEMENT_WISE_IF": [
        ("5_0", "ConditionTensor", "Input", "1 to 8", "UINT8"),
        ("5_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "ATensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_0", "ATensor", "Input", "4", "FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4", "FLOAT16"),
    ],
    "ELEMENT_WISE_ADD1": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "BTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_SHRINK": [
        ("5_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("3_0", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "MAX_POOLING1": [
        ("5_0", "OutputIndicesTensor", "Optional output", "4 to 5", "UINT64, UINT32"),
        ("5_0", "OutputTensor", "Output", "4 to 5",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16, INT8, UINT8"),
        ("2_0", "OutputIndicesTensor", "Optional output", "4 to 5", "UINT32"),
    ],
    "MAX_UNPOOLING": [
        ("5_0", "IndicesTensor", "Input", "4", "UINT64, UINT32"),
        ("5_0", "OutputTensor", "Output", "4",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "IndicesTensor", "Input", "4", "UINT32"),
    ],
    "DIAGONAL_MATRIX": [
        ("5_1", "OutputTensor", "Output", "2 to 4",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("4_0", "OutputTensor", "Output", "2 to 4",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    # Page: ns-directml-dml_scatter_operator_desc.md (DML_SCATTER_OPERATOR_DESC).
    "SCATTER_ELEMENTS": [
        ("4_1", "IndicesTensor", "Input", "1 to 8", "INT64, INT32, UINT64, UINT32"),
        ("4_1", "UpdatesTensor", "Input", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "IndicesTensor", "Input", "4", "UINT32"),
        ("1_0", "UpdatesTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ONE_HOT": [
        ("4_1", "IndicesTensor", "Input", "1 to 8", "INT64, INT32, UINT64, UINT32"),
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "ValuesTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "IndicesTensor", "Input", "4", "UINT32"),
        ("2_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "RESAMPLE": [
        ("6_2", "OutputTensor", "Output", "1 to 4", "FLOAT32, FLOAT16, INT8, UINT8"),
        ("5_1", "InputTensor", "Input", "1 to 4", "FLOAT32, FLOAT16"),
        ("2_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_BIT_SHIFT_LEFT": [
        ("4_1", "OutputTensor", "Output", "1 to 8", "UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "BTensor", "Input", "1 to 8", "UINT32, UINT16, UINT8"),
        ("2_1", "ATensor", "Input", "4", "UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_BIT_SHIFT_RIGHT": [
        ("4_1", "OutputTensor", "Output", "1 to 8", "UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "ATensor", "Input", "1 to 8", "UINT32, UINT16, UINT8"),
        ("2_1", "OutputTensor", "Output", "4", "UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_ROUND": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_1", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_IS_INFINITY": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "UINT8"),
        ("2_1", "OutputTensor", "Output", "4", "UINT8"),
        ("2_1", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_MODULUS_TRUNCATE": [
        ("6_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "BTensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "ATensor", "Input", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_MODULUS_FLOOR": [
        ("6_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "ATensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "FILL_VALUE_CONSTANT": [
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("4_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "FILL_VALUE_SEQUENCE": [
        ("5_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("4_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "CUMULATIVE_SUMMATION": [
        ("5_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32"),
        ("4_0", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32, UINT32"),
        ("2_1", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16, INT32, UINT32"),
    ],
    # Page: ns-directml-dml_reverse_subsequences_desc.md (no "_operator" in the name).
    "REVERSE_SUBSEQUENCES": [
        ("5_0", "SequenceLengthsTensor", "Input", "1 to 8", "UINT64, UINT32"),
        ("5_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("4_0", "SequenceLengthsTensor", "Input", "1 to 8", "UINT32"),
        ("3_0", "InputTensor", "Input", "4 to 5",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "SequenceLengthsTensor", "Input", "4", "UINT32"),
    ],
    "GATHER_ELEMENTS": [
        ("4_1", "IndicesTensor", "Input", "1 to 8", "INT64, INT32, UINT64, UINT32"),
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "IndicesTensor", "Input", "4", "UINT32"),
    ],
    "GATHER_ND": [
        ("4_1", "IndicesTensor", "Input", "1 to 8", "INT64, INT32, UINT64, UINT32"),
        ("4_1", "InputTensor", "Input", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "IndicesTensor", "Input", "4", "UINT32"),
    ],
    "SCATTER_ND": [
        ("4_1", "IndicesTensor", "Input", "1 to 8", "INT64, INT32, UINT64, UINT32"),
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "UpdatesTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "IndicesTensor", "Input", "4", "UINT32"),
    ],
    "MAX_POOLING2": [
        ("5_0", "OutputIndicesTensor", "Optional output", "4 to 5", "UINT64, UINT32"),
        ("5_0", "InputTensor", "Input", "4 to 5",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16, INT8, UINT8"),
        ("2_1", "OutputIndicesTensor", "Optional output", "4 to 5", "UINT32"),
    ],
    "SLICE1": [
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "OutputTensor", "Output", "4 to 5",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "TOP_K1": [
        ("5_0", "OutputIndexTensor", "Output", "1 to 8", "UINT64, UINT32"),
        ("5_0", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_1", "OutputValueTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("2_1", "OutputIndexTensor", "Output", "4", "UINT32"),
    ],
    "DEPTH_TO_SPACE1": [
        ("5_0", "OutputTensor", "Output", "4",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("2_1", "InputTensor", "Input", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "SPACE_TO_DEPTH1": [
        ("5_0", "InputTensor", "Input", "4",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("2_1", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "MEAN_VARIANCE_NORMALIZATION1": [
        ("3_1", "BiasTensor", "Optional input", "1 to 8", "FLOAT32, FLOAT16"),
        ("3_1", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("2_1", "ScaleTensor", "Optional input", "4", "FLOAT32, FLOAT16"),
    ],
    "RESAMPLE1": [
        ("6_2", "OutputTensor", "Output", "1 to 4", "FLOAT32, FLOAT16, INT8, UINT8"),
        ("5_1", "InputTensor", "Input", "1 to 4", "FLOAT32, FLOAT16"),
        ("2_1", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "MATRIX_MULTIPLY_INTEGER": [
        ("5_2", "BZeroPointTensor", "Optional input", "1 to 4", "INT8, UINT8"),
        ("5_2", "OutputTensor", "Output", "2 to 4", "INT32"),
        ("4_0", "BZeroPointTensor", "Optional input", "2 to 4", "INT8, UINT8"),
        ("2_1", "AZeroPointTensor", "Optional input", "4", "INT8, UINT8"),
    ],
    "QUANTIZED_LINEAR_MATRIX_MULTIPLY": [
        ("4_0", "OutputZeroPointTensor", "Optional input", "1 to 4", "INT8, UINT8"),
        ("4_0", "AScaleTensor", "Input", "1 to 4", "FLOAT32"),
        ("4_0", "OutputTensor", "Output", "2 to 4", "INT8, UINT8"),
        ("2_1", "BScaleTensor", "Input", "4", "FLOAT32"),
    ],
    "CONVOLUTION_INTEGER": [
        ("4_0", "OutputTensor", "Output", "3 to 4", "INT32"),
        ("4_0", "FilterZeroPointTensor", "Optional input", "1 to 4", "INT8, UINT8"),
        ("2_1", "InputZeroPointTensor", "Optional input", "4", "INT8, UINT8"),
    ],
    "QUANTIZED_LINEAR_CONVOLUTION": [
        ("5_2", "FilterScaleTensor", "Input", "1 to 4", "FLOAT32"),
        ("5_2", "BiasTensor", "Optional input", "3 to 4", "INT32"),
        ("5_2", "OutputTensor", "Output", "3 to 4", "INT8, UINT8"),
        ("4_0", "FilterScaleTensor", "Input", "3 to 4", "FLOAT32"),
        ("2_1", "OutputZeroPointTensor", "Optional input", "4", "INT8, UINT8"),
    ],
    "ELEMENT_WISE_BIT_AND": [
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "ATensor", "Input", "1 to 8", "UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_BIT_OR": [
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "BTensor", "Input", "1 to 8", "UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_BIT_XOR": [
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "OutputTensor", "Output", "1 to 8", "UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_BIT_NOT": [
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "InputTensor", "Input", "1 to 8", "UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_BIT_COUNT": [
        ("4_1", "OutputTensor", "Output", "1 to 8", "UINT32, UINT8"),
        ("4_1", "InputTensor", "Input", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "InputTensor", "Input", "1 to 8", "UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL": [
        ("4_1", "OutputTensor", "Output", "1 to 8", "UINT32, UINT8"),
        ("4_1", "ATensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "BTensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    # Ambiguous page: two Availability sections ("introduced in DML_FEATURE_LEVEL_1_0", then "..._3_0")
    # and two constraint lists; its tables start at 3_0, as pydml has it.
    "ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL": [
        ("4_1", "OutputTensor", "Output", "1 to 8", "UINT32, UINT8"),
        ("4_1", "BTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "ATensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "ACTIVATION_CELU": [
        ("3_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("3_0", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    # The page's field heading says OutputTensor; its table and constraints say OutputGradientTensor.
    "ACTIVATION_RELU_GRAD": [
        ("5_1", "OutputGradientTensor", "Output", "1 to 8", "FLOAT32, FLOAT16, INT32, INT16, INT8"),
        ("4_0", "InputGradientTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
        ("3_0", "OutputGradientTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "AVERAGE_POOLING_GRAD": [
        ("3_0", "OutputGradientTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("3_0", "InputGradientTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    # The DimensionCount text says only 4D (DimensionCount 2) is valid; the 4_0 table says 4 to 5.
    "MAX_POOLING_GRAD": [
        ("4_0", "OutputGradientTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("4_0", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
        ("3_0", "InputGradientTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "RANDOM_GENERATOR": [
        ("4_0", "OutputStateTensor", "Optional output", "1 to 8", "UINT32"),
        ("4_0", "OutputTensor", "Output", "1 to 8", "UINT32"),
        ("3_0", "InputStateTensor", "Input", "4", "UINT32"),
    ],
    "NONZERO_COORDINATES": [
        ("4_0", "OutputCoordinatesTensor", "Output", "2 to 8", "UINT32"),
        ("4_0", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("3_0", "OutputCountTensor", "Output", "4 to 5", "UINT32"),
    ],
    "RESAMPLE_GRAD": [
        ("5_1", "OutputGradientTensor", "Output", "1 to 4", "FLOAT32, FLOAT16"),
        ("3_0", "InputGradientTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "SLICE_GRAD": [
        ("4_1", "OutputGradientTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_1", "InputGradientTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("3_0", "OutputGradientTensor", "Output", "4 to 5",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    # Contradictory page: the table types TrainingStepTensor FLOAT32, FLOAT16, while the field text
    # says it must be a UINT32 scalar. Copied as the table has it.
    "ADAM_OPTIMIZER": [
        ("3_0", "TrainingStepTensor", "Input", "4", "FLOAT32, FLOAT16"),
        ("3_0", "OutputSecondMomentTensor", "Output", "4", "FLOAT32, FLOAT16"),
    ],
    "ARGMIN": [
        ("4_1", "OutputTensor", "Output", "1 to 8", "INT64, INT32, UINT64, UINT32"),
        ("4_1", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "ARGMAX": [
        ("4_1", "OutputTensor", "Output", "1 to 8", "INT64, INT32, UINT64, UINT32"),
        ("3_0", "OutputTensor", "Output", "1 to 8", "INT64, INT32, UINT64, UINT32"),
        ("3_0", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "ROI_ALIGN": [
        ("5_0", "BatchIndicesTensor", "Input", "1 to 4", "UINT64, UINT32"),
        ("5_0", "ROITensor", "Input", "2 to 4", "FLOAT32, FLOAT16"),
        ("3_0", "BatchIndicesTensor", "Input", "1 to 4", "UINT32"),
    ],
    "GATHER_ND1": [
        ("4_1", "IndicesTensor", "Input", "1 to 8", "INT64, INT32, UINT64, UINT32"),
        ("4_1", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_0", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_ATAN_YX": [
        ("3_1", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("3_1", "BTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_CLIP_GRAD": [
        ("5_0", "OutputGradientTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("3_1", "InputGradientTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_DIFFERENCE_SQUARE": [
        ("3_1", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16, INT32, UINT32"),
        ("3_1", "ATensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32, UINT32"),
    ],
    "LOCAL_RESPONSE_NORMALIZATION_GRAD": [
        ("3_1", "OutputGradientTensor", "Output", "4", "FLOAT32, FLOAT16"),
        ("3_1", "InputTensor", "Input", "4", "FLOAT32, FLOAT16"),
    ],
    "CUMULATIVE_PRODUCT": [
        ("5_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32"),
        ("4_0", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT32, UINT32"),
        ("3_1", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16, INT32, UINT32"),
    ],
    "BATCH_NORMALIZATION_GRAD": [
        ("3_1", "OutputBiasGradientTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("3_1", "MeanTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_QUANTIZED_LINEAR_ADD": [
        ("4_0", "OutputTensor", "Output", "1 to 8", "INT8, UINT8"),
        ("4_0", "BZeroPointTensor", "Optional input", "1 to 8", "INT8, UINT8"),
        ("4_0", "OutputScaleTensor", "Input", "1 to 8", "FLOAT32"),
    ],
    "DYNAMIC_QUANTIZE_LINEAR": [
        ("4_0", "OutputZeroPointTensor", "Output", "1 to 8", "INT8, UINT8"),
        ("4_0", "OutputScaleTensor", "Output", "1 to 8", "FLOAT32"),
        ("4_0", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "ROI_ALIGN1": [
        ("5_0", "BatchIndicesTensor", "Input", "1 to 4", "UINT64, UINT32"),
        ("5_0", "OutputTensor", "Output", "4", "FLOAT32, FLOAT16"),
        ("4_0", "BatchIndicesTensor", "Input", "1 to 4", "UINT32"),
    ],
    # sdk-api's page (ea899bdf) supersedes windows-ai-docs' (aa654162, removed there in 2022); same table.
    "ROI_ALIGN_GRAD": [
        ("4_1", "OutputROIGradientTensor", "Optional output", "2 to 4", "FLOAT32, FLOAT16"),
        ("4_1", "BatchIndicesTensor", "Input", "1 to 4", "UINT32"),
        ("4_1", "InputTensor", "Optional input", "4", "FLOAT32, FLOAT16"),
    ],
    "BATCH_NORMALIZATION_TRAINING": [
        ("4_1", "OutputVarianceTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("4_1", "FusedAddTensor", "Optional input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "BATCH_NORMALIZATION_TRAINING_GRAD": [
        ("4_1", "OutputScaleGradientTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("4_1", "VarianceTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "ELEMENT_WISE_CLIP1": [
        ("5_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("5_0", "InputTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_CLIP_GRAD1": [
        ("5_0", "OutputGradientTensor", "Output", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("5_0", "InputGradientTensor", "Input", "1 to 8",
         "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
    ],
    "PADDING1": [
        ("5_0", "OutputTensor", "Output", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("5_0", "InputTensor", "Input", "1 to 8",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
    ],
    "ELEMENT_WISE_NEGATE": [
        ("5_0", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8"),
        ("5_0", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8"),
    ],
    "ACTIVATION_GELU": [
        ("5_1", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("5_1", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_SOFTMAX1": [
        ("5_1", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("5_1", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_LOG_SOFTMAX1": [
        ("5_1", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("5_1", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_HARDMAX1": [
        ("5_1", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("5_1", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "RESAMPLE2": [
        ("6_2", "OutputTensor", "Output", "1 to 4", "FLOAT32, FLOAT16, INT8, UINT8"),
        ("5_1", "InputTensor", "Input", "1 to 4", "FLOAT32, FLOAT16"),
    ],
    "RESAMPLE_GRAD1": [
        ("5_1", "OutputGradientTensor", "Output", "1 to 4", "FLOAT32, FLOAT16"),
        ("5_1", "InputGradientTensor", "Input", "1 to 4", "FLOAT32, FLOAT16"),
    ],
    "DIAGONAL_MATRIX1": [
        ("5_1", "InputTensor", "Optional input", "2 to 4",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
        ("5_1", "OutputTensor", "Output", "2 to 4",
         "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8"),
    ],
    "MULTIHEAD_ATTENTION": [
        ("6_1", "MaskTensor", "Optional input", "1 to 5", "INT32"),
        ("6_1", "StackedQueryKeyValueTensor", "Optional input", "5", "FLOAT32, FLOAT16"),
        ("6_1", "OutputPresentKeyTensor", "Optional output", "4 to 5", "FLOAT32, FLOAT16"),
        ("6_1", "OutputTensor", "Output", "3 to 5", "FLOAT32, FLOAT16"),
    ],
    "LP_POOLING1": [
        ("6_2", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("6_2", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "AVERAGE_POOLING1": [
        ("6_2", "OutputTensor", "Output", "4 to 5", "FLOAT32, FLOAT16"),
        ("6_2", "InputTensor", "Input", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_SWISH": [
        ("6_2", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("6_2", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "ACTIVATION_HARD_SWISH": [
        ("6_2", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("6_2", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "QUANTIZED_LINEAR_AVERAGE_POOLING": [
        ("6_2", "OutputTensor", "Output", "4 to 5", "INT8, UINT8"),
        ("6_2", "InputScaleTensor", "Input", "1 to 5", "FLOAT32"),
        ("6_2", "OutputZeroPointTensor", "Optional input", "1 to 5", "INT8, UINT8"),
    ],
    "MATRIX_MULTIPLY_INTEGER_TO_FLOAT": [
        ("6_2", "OutputTensor", "Output", "2 to 4", "FLOAT32, FLOAT16"),
        ("6_2", "ATensor", "Input", "2 to 4", "INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("6_2", "BZeroPointTensor", "Optional input", "1 to 4", "INT32, INT16, INT8, UINT32, UINT16, UINT8"),
        ("6_2", "AScaleTensor", "Input", "1 to 4", "FLOAT32, FLOAT16"),
    ],
    "MEAN_VARIANCE_NORMALIZATION2": [
        ("6_3", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
        ("6_3", "ScaleTensor", "Optional input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    # PastSequenceLengthsTensor is described only as "TBD"; the table types it FLOAT32, FLOAT16.
    "MULTIHEAD_ATTENTION1": [
        ("6_3", "PastSequenceLengthsTensor", "Optional input", "1 to 5", "FLOAT32, FLOAT16"),
        ("6_3", "MaskTensor", "Optional input", "1 to 5", "INT32"),
        ("6_3", "OutputPresentValueTensor", "Optional output", "4 to 5", "FLOAT32, FLOAT16"),
    ],
    "QUANTIZE": [
        ("6_3", "OutputTensor", "Output", "1 to 8", "INT8, INT4, UINT8, UINT4"),
        ("6_3", "QuantizationTensors", "Array of inputs", "1 to 8",
         "FLOAT32, FLOAT16, INT8, INT4, UINT8, UINT4"),
        ("6_3", "InputTensor", "Input", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "DEQUANTIZE": [
        ("6_3", "InputTensor", "Input", "1 to 8", "INT8, INT4, UINT8, UINT4"),
        ("6_3", "QuantizationTensors", "Array of inputs", "1 to 8",
         "FLOAT32, FLOAT16, INT8, INT4, UINT8, UINT4"),
        ("6_3", "OutputTensor", "Output", "1 to 8", "FLOAT32, FLOAT16"),
    ],
    "RESAMPLE3": [
        ("6_4", "OutputTensor", "Output", "1 to 4", "FLOAT32, FLOAT16, INT8, UINT8"),
        ("6_4", "InputTensor", "Input", "1 to 4", "FLOAT32, FLOAT16, INT8, UINT8"),
    ],
    "FOLD": None,  # see NO_TABLE
    "UNFOLD": None,  # see NO_TABLE
}


def _counts(text: str) -> tuple[int, ...]:
    """``"1 to 8"`` -> (1, ..., 8); ``"4"`` -> (4,)."""
    low, _, high = text.partition(" to ")
    return tuple(range(int(low), int(high or low) + 1))


def _newest(levels: Iterable[str]) -> str:
    return max(levels, key=level_value)


def _schema(name: str) -> registry.OperatorSchema:
    return registry.schema_of(OperatorType[name])


def _function_table(name: str, group: str, level: str) -> dict[str, TensorRow]:
    """REDUCE: the rows of pydml's "function table <group> <level>" note."""
    prefix = f"function table {group} {level}:"
    notes = [n for n in _schema(name).tables.notes if n.startswith(prefix)]
    assert len(notes) == 1, f"{name}: no single {prefix!r} note"
    rows = (parse_row(text.strip(), prefix) for text in notes[0][len(prefix):].split("|"))
    return {row.tensor: row for row in rows}


_ROWS = [(name, row) for name, rows in PAGE_ROWS.items() for row in rows or ()]
_WITH_TABLE = [name for name, rows in PAGE_ROWS.items() if rows is not None]

# Data types pydml accepts beyond a page's row, by decision (each stated in the operator's notes):
# MULTIHEAD_ATTENTION1's PastSequenceLengthsTensor holds lengths, and onnxruntime's
# GroupQueryAttention binds them as INT32.
ADDED_TYPES: dict[tuple[str, str], set[str]] = {
    ("MULTIHEAD_ATTENTION1", "PastSequenceLengthsTensor"): {"INT32"},
}
#: Rows whose types pydml takes from the page's field text instead of its table (the evidence is in
#: the schema module's docstring): ADAM's step is "a scalar ... of UINT32" in the field text, and
#: tensorflow-directml binds a UINT32 step for FLOAT32 and FLOAT16 parameters alike.
REPLACED_TYPES: dict[tuple[str, str], set[str]] = {
    ("ADAM_OPTIMIZER", "TrainingStepTensor"): {"UINT32"},
}


def test_covers_every_operator() -> None:
    names = {schema.type.name for schema in registry.all_schemas()}
    assert len(names) == 177
    assert set(PAGE_ROWS) == names
    assert set(PAGE_SOURCES) == names
    assert {name for name, rows in PAGE_ROWS.items() if rows is None} == set(NO_TABLE)
    assert set(_WITH_TABLE) >= UNTITLED
    assert all(PAGE_ROWS[name] for name in _WITH_TABLE)
    assert len(_ROWS) >= len(_WITH_TABLE)


@pytest.mark.parametrize("name", sorted(PAGE_SOURCES))
def test_same_page_version(name: str) -> None:
    """pydml/ops was transcribed from the page version this module was copied from."""
    assert _schema(name).tables.page == PAGE_SOURCES[name][1]


@pytest.mark.parametrize(("name", "row"), _ROWS, ids=[f"{n}-{r[0]}-{r[1]}" for n, r in _ROWS])
def test_page_row(name: str, row: tuple[str, ...]) -> None:
    level, tensor, kind, counts, types, *group = row
    if group:
        table = _function_table(name, group[0], level)
    else:
        assert level in _schema(name).tables.support, f"{name}: pydml has no {level} table"
        table = _schema(name).support_at(FeatureLevel.parse(level)) or {}
    assert tensor in table, f"{name} {level}: pydml has no {tensor} row"
    mine = table[tensor]
    assert mine.kind == KINDS[kind]
    assert mine.dimension_counts == _counts(counts)
    expected = REPLACED_TYPES.get((name, tensor), set(types.split(", ")))
    assert set(mine.data_types) == expected | ADDED_TYPES.get((name, tensor), set())


@pytest.mark.parametrize("name", sorted(NO_TABLE))
def test_no_table(name: str) -> None:
    """The page gives dimension counts but no data types: pydml's table keeps the page's counts
    and says, in a note, that its data types are a decision and on what evidence."""
    schema = _schema(name)
    table = schema.support_at(FeatureLevel.FL6_4)
    assert table is not None and set(table) == {"InputTensor", "OutputTensor"}
    assert all(row.dimension_counts == (3, 4, 5, 6, 7, 8) for row in table.values())
    assert any(note.startswith("support decided, not transcribed") and "onnxruntime" in note
               for note in schema.tables.notes)


@pytest.mark.parametrize("name", sorted(set(_WITH_TABLE) - {"REDUCE"}))
def test_levels(name: str) -> None:
    """The first copied row is from pydml's newest table; older tables were sampled too."""
    rows = PAGE_ROWS[name]
    assert rows
    support = _schema(name).tables.support
    assert rows[0][0] == _newest(support)
    if name in UNTITLED:
        assert list(support) == [_schema(name).tables.introduced] == [rows[0][0]]
    if len(support) > 1:
        assert len({row[0] for row in rows}) > 1, f"{name}: no row from an older table"


def test_reduce_function_groups() -> None:
    """REDUCE's rows sample several function groups, and each group table feeds pydml's union."""
    rows = PAGE_ROWS["REDUCE"]
    assert rows
    assert len({row[5] for row in rows}) >= 4
    union = _schema("REDUCE")
    for level, tensor, _kind, _counts_text, types, _group in rows:
        in_force = union.support_at(FeatureLevel.parse(level)) or {}
        assert set(types.split(", ")) <= set(in_force[tensor].data_types)
