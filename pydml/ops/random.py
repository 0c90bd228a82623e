"""Random-number generation (DML_OPERATOR_RANDOM_GENERATOR): tensor support and constraints,
transcribed from the newest stored sdk-api page (its commit in ``page=``). The page fixes the
Philox 4x32-10 state layout (6 UINT32: 128-bit counter, then 64-bit key) and the counter
increment (ceil(outputSize / 4)) but not the word order of the counter nor how each Philox
block's four words map onto output elements (native/families/random.c states the choices). Its worked
example's values are not a counter increment at all: read as ASCII they spell "HelloFromSeattle"
turning into "HelloFromSeatown"."""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "RANDOM_GENERATOR",
        kernel="random",
        rules="random",
        page="8f2547f96c61b4c1950a8bcfe2bc98739dc6f3b3",
        introduced="3_0",
        constraints=[
            "same DimensionCount Sizes: InputStateTensor OutputStateTensor",
            "note: fills OutputTensor (any sizes, UINT32) with deterministic pseudo-random, "
            "uniformly distributed bits that depend only on InputStateTensor (pure function, no "
            "global state, not cryptographically secure)",
            "note: Type must be DML_RANDOM_GENERATOR_TYPE_PHILOX_4X32_10 (the only valid value): "
            "Philox 4x32-10 (Salmon et al., Random123, SC11)",
            "note: for PHILOX_4X32_10, InputStateTensor must be UINT32 with sizes {1,1,1,6} "
            "(from 4_0 leading 1s then 6): elements 0-3 hold a 128-bit counter, elements 4-5 "
            "the 64-bit key; the page does not say which element holds the low word",
            "note: a first state typically has counter 0; the key is arbitrary (usually derived "
            "from a user seed); different keys give different sequences",
            "note: OutputStateTensor is optional; if supplied it receives InputStateTensor with "
            "the 128-bit counter incremented by ceil(outputSize / 4), outputSize = element count "
            "of OutputTensor (one Philox block of four 32-bit values per counter step)",
            "note: the page's example ({3,3,20,7219} output -> increment 324,855) shows a result "
            "counter that equals the start value minus 324,855 (arithmetic slip on the page)",
            "note: the page does not specify how the four 32-bit words of each Philox block map "
            "onto output elements",
        ],
        support={
            "4_0": """
                InputStateTensor   input            1-8  UINT32 {[1],[1],[1],[1],[1],[1],[1],6}
                OutputTensor       output           1-8  UINT32 \
                    {[D0],[D1],[D2],[D3],[D4],[D5],[D6],D7}
                OutputStateTensor  optional-output  1-8  UINT32 {[1],[1],[1],[1],[1],[1],[1],6}
            """,
            "3_0": """
                InputStateTensor   input            4  UINT32 {1,1,1,6}
                OutputTensor       output           4  UINT32 {D0,D1,D2,D3}
                OutputStateTensor  optional-output  4  UINT32 {1,1,1,6}
            """,
        },
    ),
]
