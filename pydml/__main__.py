"""``python -m pydml``: the command line (pydml.frontends.cli), or the DirectML doc example."""

from __future__ import annotations

import sys


def doc_example() -> int:
    """Run the DML_RESAMPLE_GRAD example of Microsoft's docs and print input and output."""
    import numpy as np

    from pydml import Device, FeatureLevel, InterpolationMode, buffer_desc
    from pydml.descs import ResampleGradOperatorDesc

    device = Device(feature_level=FeatureLevel.FL3_0)
    # Nearest neighbour, 1.5x in width and 0.5x in height (the doc's scales). The page states no
    # offsets; RESAMPLE_GRAD rounds half up, and (0.5, 0) reproduces the documented result.
    desc = ResampleGradOperatorDesc(
        InputGradientTensor=buffer_desc("FLOAT32", [1, 1, 1, 3]),
        OutputGradientTensor=buffer_desc("FLOAT32", [1, 1, 2, 2]),
        InterpolationMode=InterpolationMode.NEAREST_NEIGHBOR,
        Scales=[1, 1, 0.5, 1.5],
        InputPixelOffsets=[0.5, 0.5, 0.5, 0.5],
        OutputPixelOffsets=[0, 0, 0, 0],
    )
    op = device.create_operator(desc)
    gradient = np.array([4, 5, 6], dtype=np.float32).reshape(1, 1, 1, 3)
    result = op.execute({"InputGradientTensor": gradient})["OutputGradientTensor"]
    print("DML_OPERATOR_RESAMPLE_GRAD (DirectML documentation example)")
    print("InputGradientTensor  {1,1,1,3}:", gradient.reshape(-1).tolist())
    print("OutputGradientTensor {1,1,2,2}:", result.reshape(2, 2).tolist())
    return 0


def main() -> int:
    """Entry point."""
    if len(sys.argv) <= 1:
        return doc_example()
    from pydml.frontends.cli import main as cli_main

    return int(cli_main(sys.argv[1:]))


if __name__ == "__main__":
    sys.exit(main())
