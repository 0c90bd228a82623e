"""pydml/native.py's data type tables: every DirectML type and pydml's bfloat16 both ways, with
ml_dtypes imported only when bfloat16 is first needed (ml_dtypes 0.7.0 took 0.5-1.0 s to import
beside numpy 2.4, most of ``import pydml``)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np

from pydml.native import DATA_TYPE_CODES, NUMPY_DTYPES, data_type_of, lib


def test_importing_pydml_and_its_front_ends_leaves_ml_dtypes_unimported() -> None:
    code = textwrap.dedent("""
        import sys
        import numpy as np
        import pydml, pydml.onnx, pydml.frontends, pydml.frontends.dxdispatch
        from pydml.native import NUMPY_DTYPES, DATA_TYPE_CODES, lib
        f32 = int(lib.DML_TENSOR_DATA_TYPE_FLOAT32)
        assert NUMPY_DTYPES[f32] == np.float32 and NUMPY_DTYPES.get(f32) == np.float32
        assert DATA_TYPE_CODES[np.dtype(np.float16)] == int(lib.DML_TENSOR_DATA_TYPE_FLOAT16)
        assert np.dtype("V2") not in DATA_TYPE_CODES and DATA_TYPE_CODES.get(np.dtype("V2")) is None
        assert int(lib.PYDML_DATA_TYPE_BFLOAT16) in NUMPY_DTYPES  # known without being made
        assert "ml_dtypes" not in sys.modules, "imported with pydml"
        bf16 = NUMPY_DTYPES[int(lib.PYDML_DATA_TYPE_BFLOAT16)]  # made when read
        assert "ml_dtypes" in sys.modules and bf16.name == "bfloat16"
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_bfloat16_both_ways_once_made() -> None:
    import ml_dtypes

    bf16 = np.dtype(ml_dtypes.bfloat16)
    code = int(lib.PYDML_DATA_TYPE_BFLOAT16)
    assert data_type_of(ml_dtypes.bfloat16) == code and DATA_TYPE_CODES.get(bf16) == code
    assert NUMPY_DTYPES[code] == bf16 and NUMPY_DTYPES.get(code) == bf16
    # walking the table sees every type, bfloat16 included, and the inverse agrees
    assert len(NUMPY_DTYPES) == len(dict(NUMPY_DTYPES.items())) == 12
    assert all(DATA_TYPE_CODES[v] == k for k, v in NUMPY_DTYPES.items())
    assert NUMPY_DTYPES.get(999) is None and 999 not in NUMPY_DTYPES
