"""GEMM: the tensor-support tables of its documentation page (MicrosoftDocs/sdk-api, the commit in
``page=``). Its kernel is the GEMM engine (native/engines/gemm.c), its own rules
native/validate/rules_gemm.c, its tests tests/test_gemm.py, its benchmark benchmarks/bench_gemm.py.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "GEMM",
        kernel="gemm",
        rules="gemm",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount: ATensor BTensor CTensor OutputTensor",
            "same Sizes: CTensor OutputTensor",
            "note: Output = FusedActivation(Alpha * TransA(A) x TransB(B) + Beta * C); performs "
            "BatchCount * ChannelCount independent {M,K} x {K,N} = {M,N} multiplications",
            "note: ATensor Sizes are {BatchCount, ChannelCount, M, K} when TransA is "
            "DML_MATRIX_TRANSFORM_NONE, {BatchCount, ChannelCount, K, M} when TransA is "
            "DML_MATRIX_TRANSFORM_TRANSPOSE",
            "note: BTensor Sizes are {BatchCount, ChannelCount, K, N} when TransB is NONE, "
            "{BatchCount, ChannelCount, N, K} when TransB is TRANSPOSE",
            "note: CTensor (optional; values default to 0 when absent) and OutputTensor Sizes are "
            "{BatchCount, ChannelCount, M, N}",
            "note: Beta is ignored when CTensor is not provided",
            "note: TransA/TransB are DML_MATRIX_TRANSFORM_NONE or DML_MATRIX_TRANSFORM_TRANSPOSE",
            "note: FusedActivation is optional (may be null); applied after the GEMM",
            "note: from 4_0 the leading BatchCount and ChannelCount dimensions are optional (2 to "
            "4 dimensions); at 1_0 all tensors are 4D",
        ],
        support={
            "4_0": (
                "ATensor input 2-4 FLOAT32 FLOAT16 {[BatchCount],[ChannelCount],M,K}\n"
                "BTensor input 2-4 FLOAT32 FLOAT16 {[BatchCount],[ChannelCount],K,N}\n"
                "CTensor optional-input 2-4 FLOAT32 FLOAT16 {[BatchCount],[ChannelCount],M,N}\n"
                "OutputTensor output 2-4 FLOAT32 FLOAT16 {[BatchCount],[ChannelCount],M,N}\n"
            ),
            "1_0": """
                ATensor       input           4  FLOAT32 FLOAT16  {BatchCount,ChannelCount,M,K}
                BTensor       input           4  FLOAT32 FLOAT16  {BatchCount,ChannelCount,K,N}
                CTensor       optional-input  4  FLOAT32 FLOAT16  {BatchCount,ChannelCount,M,N}
                OutputTensor  output          4  FLOAT32 FLOAT16  {BatchCount,ChannelCount,M,N}
            """,
        },
    ),
]
