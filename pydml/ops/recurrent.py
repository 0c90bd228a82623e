"""Recurrent-network operators (RNN, LSTM, GRU): the tensor-support tables of their pages.

The tables are transcribed from the newest stored version of each operator's sdk-api page (the
commit is in ``page=``). Each page has one untitled table (keyed by the introduced level, 1_0):
every tensor is 4D, FLOAT32/FLOAT16, except SequenceLengthsTensor (UINT32). Surprises: RNN's page
calls RecurrenceTensor "an optional tensor" in its field text while its table and the header make
it a required input; the pages state no DimensionCount constraint (all tensors are 4D anyway); the
gate equations are images on the newest pages, text on the RNN and LSTM pages' first (2018)
version (023cd99e), which has typos (LSTM's o_t peeks at C_{t-1} on a line after C_t is computed,
and writes h(ct) for h(C_t)).

The sizes in the notes below are checked by native/validate/rules_recurrent.c (hidden_size is
RecurrenceTensor.Sizes[3], the one size that is hidden_size alone; ActivationDescCount must be the
per-direction count times num_directions). native/families/recurrent.c executes the three operators; its
header gives the equations and each decision the pages leave open, with its evidence: gate orders
and layouts as ONNX's (onnxruntime's DML provider, DmlOperatorRecurrentNeuralNetwork.cpp, hands
ONNX's tensors to these descs unchanged), LSTM's output-gate peephole on the new cell C_t, GRU's
absent bias 0, sequence lengths as ONNX's sequence_lens (outputs past a length 0, lengths above
seq_length clamped), FLOAT16 computed in float and rounded once on store.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "RNN",
        kernel="recurrent",
        rules="recurrent",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="1_0",
        constraints=[
            "same DataType: BiasTensor HiddenInitTensor InputTensor OutputSequenceTensor "
            "OutputSingleTensor RecurrenceTensor WeightTensor",
            "note: InputTensor Sizes {1, seq_length, batch_size, input_size} (X, seq_length "
            "mapped to the loop index t)",
            "note: num_directions is 2 for DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL, else 1 "
            "(FORWARD or BACKWARD)",
            "note: HiddenInitTensor (optional, default 0) Sizes {1, num_directions, batch_size, "
            "hidden_size}; used for the first loop index only",
            "note: SequenceLengthsTensor (optional) Sizes {1, 1, 1, batch_size}: an independent "
            "seq_length per batch element; absent -> every sequence has length seq_length",
            "note: OutputSequenceTensor (optional) Sizes {seq_length, num_directions, batch_size, "
            "hidden_size}: all intermediate H_t",
            "note: OutputSingleTensor (optional) Sizes {1, num_directions, batch_size, "
            "hidden_size}: the final H_t",
            "note: the input tensors (not the outputs) don't support DML_TENSOR_FLAG_OWNED_BY_DML",
            "note: ActivationDescCount is the element count of ActivationDescs",
            "note: WeightTensor Sizes {1, num_directions, hidden_size, input_size} (W_i, then "
            "W_Bi if bidirectional)",
            "note: RecurrenceTensor Sizes {1, num_directions, hidden_size, hidden_size}; page's "
            "field text calls it 'an optional tensor', its table and the header make it required",
            "note: BiasTensor (optional, default 0) Sizes {1, 1, num_directions, 2 * hidden_size} "
            "(W_bi, R_bi per direction)",
            "note: ActivationDescs holds one activation f() per direction: 1 for FORWARD or "
            "BACKWARD, 2 for BIDIRECTIONAL",
        ],
        support={
            "1_0": """
                InputTensor            input            4  FLOAT32 FLOAT16
                WeightTensor           input            4  FLOAT32 FLOAT16
                RecurrenceTensor       input            4  FLOAT32 FLOAT16
                BiasTensor             optional-input   4  FLOAT32 FLOAT16
                HiddenInitTensor       optional-input   4  FLOAT32 FLOAT16
                SequenceLengthsTensor  optional-input   4  UINT32
                OutputSequenceTensor   optional-output  4  FLOAT32 FLOAT16
                OutputSingleTensor     optional-output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "LSTM",
        kernel="recurrent",
        rules="recurrent",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="1_0",
        constraints=[
            "same DataType: BiasTensor CellMemInitTensor HiddenInitTensor InputTensor "
            "OutputCellSingleTensor OutputSequenceTensor OutputSingleTensor PeepholeTensor "
            "RecurrenceTensor WeightTensor",
            "note: InputTensor Sizes {1, seq_length, batch_size, input_size} (X, seq_length "
            "mapped to the loop index t)",
            "note: num_directions is 2 for DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL, else 1 "
            "(FORWARD or BACKWARD)",
            "note: HiddenInitTensor (optional, default 0) Sizes {1, num_directions, batch_size, "
            "hidden_size}; used for the first loop index only",
            "note: SequenceLengthsTensor (optional) Sizes {1, 1, 1, batch_size}: an independent "
            "seq_length per batch element; absent -> every sequence has length seq_length",
            "note: OutputSequenceTensor (optional) Sizes {seq_length, num_directions, batch_size, "
            "hidden_size}: all intermediate H_t",
            "note: OutputSingleTensor (optional) Sizes {1, num_directions, batch_size, "
            "hidden_size}: the final H_t",
            "note: the input tensors (not the outputs) don't support DML_TENSOR_FLAG_OWNED_BY_DML",
            "note: ActivationDescCount is the element count of ActivationDescs",
            "note: WeightTensor Sizes {1, num_directions, 4 * hidden_size, input_size} (W_[iofc], "
            "then W_B[iofc] if bidirectional)",
            "note: RecurrenceTensor Sizes {1, num_directions, 4 * hidden_size, hidden_size}",
            "note: BiasTensor (optional, default 0) Sizes {1, 1, num_directions, 8 * hidden_size}",
            "note: CellMemInitTensor (optional, default 0) Sizes {1, num_directions, batch_size, "
            "hidden_size}; used for the first loop index only",
            "note: PeepholeTensor (optional, default 0) Sizes {1, 1, num_directions, 3 * "
            "hidden_size} (P_[iof])",
            "note: OutputCellSingleTensor (optional) Sizes {1, num_directions, batch_size, "
            "hidden_size}: the last C_t",
            "note: ActivationDescs must hold 3 activations (f, g, h) for FORWARD or BACKWARD, 6 "
            "for BIDIRECTIONAL (forward f, g, h then backward f, g, h)",
            "note: with UseClipThreshold TRUE, activation inputs are clipped to [-ClipThreshold, "
            "+ClipThreshold]; CoupleInputForget TRUE couples the input and forget gates",
        ],
        support={
            "1_0": """
                InputTensor             input            4  FLOAT32 FLOAT16
                WeightTensor            input            4  FLOAT32 FLOAT16
                RecurrenceTensor        input            4  FLOAT32 FLOAT16
                BiasTensor              optional-input   4  FLOAT32 FLOAT16
                HiddenInitTensor        optional-input   4  FLOAT32 FLOAT16
                CellMemInitTensor       optional-input   4  FLOAT32 FLOAT16
                SequenceLengthsTensor   optional-input   4  UINT32
                PeepholeTensor          optional-input   4  FLOAT32 FLOAT16
                OutputSequenceTensor    optional-output  4  FLOAT32 FLOAT16
                OutputSingleTensor      optional-output  4  FLOAT32 FLOAT16
                OutputCellSingleTensor  optional-output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "GRU",
        kernel="recurrent",
        rules="recurrent",
        page="5b9c53c58fb90c51ccbcf38dee7d848f47611160",
        introduced="1_0",
        constraints=[
            "same DataType: BiasTensor HiddenInitTensor InputTensor OutputSequenceTensor "
            "OutputSingleTensor RecurrenceTensor WeightTensor",
            "note: InputTensor Sizes {1, seq_length, batch_size, input_size} (X, seq_length "
            "mapped to the loop index t)",
            "note: num_directions is 2 for DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL, else 1 "
            "(FORWARD or BACKWARD)",
            "note: HiddenInitTensor (optional, default 0) Sizes {1, num_directions, batch_size, "
            "hidden_size}; used for the first loop index only",
            "note: SequenceLengthsTensor (optional) Sizes {1, 1, 1, batch_size}: an independent "
            "seq_length per batch element; absent -> every sequence has length seq_length",
            "note: OutputSequenceTensor (optional) Sizes {seq_length, num_directions, batch_size, "
            "hidden_size}: all intermediate H_t",
            "note: OutputSingleTensor (optional) Sizes {1, num_directions, batch_size, "
            "hidden_size}: the final H_t",
            "note: the input tensors (not the outputs) don't support DML_TENSOR_FLAG_OWNED_BY_DML",
            "note: ActivationDescCount is the element count of ActivationDescs",
            "note: WeightTensor Sizes {1, num_directions, 3 * hidden_size, input_size} (W_[zrh], "
            "then W_B[zrh] if bidirectional)",
            "note: RecurrenceTensor Sizes {1, num_directions, 3 * hidden_size, hidden_size}",
            "note: BiasTensor (optional) Sizes {1, 1, num_directions, 6 * hidden_size} (the page "
            "gives no default; RNN and LSTM say 0)",
            "note: ActivationDescs must hold 2 activations (f, g) for FORWARD or BACKWARD, 4 for "
            "BIDIRECTIONAL (forward f, g then backward f, g)",
            "note: LinearBeforeReset TRUE applies the hidden gate's linear transformation before "
            "multiplying by the reset gate's output",
        ],
        support={
            "1_0": """
                InputTensor            input            4  FLOAT32 FLOAT16
                WeightTensor           input            4  FLOAT32 FLOAT16
                RecurrenceTensor       input            4  FLOAT32 FLOAT16
                BiasTensor             optional-input   4  FLOAT32 FLOAT16
                HiddenInitTensor       optional-input   4  FLOAT32 FLOAT16
                SequenceLengthsTensor  optional-input   4  UINT32
                OutputSequenceTensor   optional-output  4  FLOAT32 FLOAT16
                OutputSingleTensor     optional-output  4  FLOAT32 FLOAT16
            """,
        },
    ),
]
