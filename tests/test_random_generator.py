"""RANDOM_GENERATOR (native/families/random.c) and its own rules (native/validate/rules_random.c).

References: an independent Philox 4x32-10 written in numpy from the algorithm the page links
(Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC11: 10 rounds of two 32x32->64
multiplies by 0xD2511F53 / 0xCD9E8D57, key bumped by the Weyl constants 0x9E3779B9 / 0xBB67AE85),
vectorised over blocks; and the published known-answer vectors of Random123
(DEShawResearch/random123, tests/kat_vectors, the three "philox4x32 10" lines: counter and key all
zeros, all 0xffffffff, and the pi digits 243f6a88 85a308d3 13198a2e 03707344 / a4093822 299f31d0).

Decisions the page leaves open, asserted here (and commented in random.c): state element i is
Random123's ctr.v[i] (i < 4) / key.v[i - 4], the counter little-endian (element 0 least
significant); block k = philox(counter + k, key) fills output elements 4k .. 4k+3 in row-major
order; OutputStateTensor = counter + ceil(outputSize / 4) (mod 2^128), key unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from ew_harness import poison, run, tensor

import pydml
from pydml import ValidationError
from pydml.registry import schema_of

#: Random123 tests/kat_vectors, philox4x32 10: (counter words, key words, expected output words)
KAT = [
    (
        [0x00000000, 0x00000000, 0x00000000, 0x00000000],
        [0x00000000, 0x00000000],
        [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8],
    ),
    (
        [0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF],
        [0xFFFFFFFF, 0xFFFFFFFF],
        [0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD],
    ),
    (
        [0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344],
        [0xA4093822, 0x299F31D0],
        [0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1],
    ),
]


def philox_numpy(counters: np.ndarray, key: Sequence[int]) -> np.ndarray:
    """Philox 4x32-10 of each row of ``counters`` ([n, 4] uint32) under ``key`` (2 words)."""
    mask = np.uint64(0xFFFFFFFF)
    x = [counters[:, i].astype(np.uint64) for i in range(4)]
    k0, k1 = np.uint64(key[0]), np.uint64(key[1])
    for r in range(10):
        if r:
            k0 = (k0 + np.uint64(0x9E3779B9)) & mask
            k1 = (k1 + np.uint64(0xBB67AE85)) & mask
        p0 = np.uint64(0xD2511F53) * x[0]
        p1 = np.uint64(0xCD9E8D57) * x[2]
        x = [
            ((p1 >> np.uint64(32)) ^ x[1] ^ k0) & mask,
            p1 & mask,
            ((p0 >> np.uint64(32)) ^ x[3] ^ k1) & mask,
            p0 & mask,
        ]
    return np.stack(x, axis=1).astype(np.uint32)


def counter_int(words: Sequence[int]) -> int:
    return sum(int(w) << (32 * i) for i, w in enumerate(words))


def counter_words(value: int) -> list[int]:
    value %= 1 << 128
    return [(value >> (32 * i)) & 0xFFFFFFFF for i in range(4)]


def reference(state: Sequence[int], count: int) -> tuple[np.ndarray, list[int]]:
    """The outputs (row-major) and the next state of one execution."""
    blocks = (count + 3) // 4
    base = counter_int(state[:4])
    ctrs = np.array([counter_words(base + k) for k in range(blocks)], np.uint32).reshape(blocks, 4)
    out = philox_numpy(ctrs, state[4:6]).reshape(-1)[:count]
    return out, counter_words(base + blocks) + list(state[4:6])


def rng_desc(
    out_sizes: Sequence[int],
    state_sizes: Sequence[int] = (1, 1, 1, 6),
    with_state: bool = True,
    out_strides: Sequence[int] | None = None,
    state_strides: Sequence[int] | None = None,
) -> Any:
    return pydml.DML_RANDOM_GENERATOR_OPERATOR_DESC(
        InputStateTensor=tensor("UINT32", state_sizes, state_strides),
        OutputTensor=tensor("UINT32", out_sizes, out_strides),
        OutputStateTensor=tensor("UINT32", state_sizes) if with_state else None,
        Type="PHILOX_4X32_10",
    )


def state_array(words: Sequence[int], sizes: Sequence[int] = (1, 1, 1, 6)) -> np.ndarray:
    return np.array(words, np.uint32).reshape(tuple(sizes))


@pytest.mark.parametrize("ctr, key, want", KAT)
def test_known_answer_vectors(ctr: list[int], key: list[int], want: list[int]) -> None:
    np.testing.assert_array_equal(
        philox_numpy(np.array([ctr], np.uint32), key)[0], want
    )  # the reference itself
    got = run(rng_desc([1, 1, 1, 4]), {"InputStateTensor": state_array(ctr + key)})
    np.testing.assert_array_equal(got["OutputTensor"].ravel(), np.array(want, np.uint32))
    np.testing.assert_array_equal(got["OutputStateTensor"].ravel(), counter_words(counter_int(ctr) + 1) + key)


@pytest.mark.parametrize("count", [1, 3, 4, 5, 7, 64, 1001])
def test_against_numpy_philox(count: int, rng: np.random.Generator) -> None:
    state = [int(v) for v in rng.integers(0, 2**32, size=6, dtype=np.uint64)]
    got = run(rng_desc([1, 1, 1, count]), {"InputStateTensor": state_array(state)})
    want, nxt = reference(state, count)
    np.testing.assert_array_equal(got["OutputTensor"].ravel(), want)
    np.testing.assert_array_equal(got["OutputStateTensor"].ravel(), np.array(nxt, np.uint32))


def test_counter_carries_and_wraps() -> None:
    for ctr in (
        [0xFFFFFFFE, 0xFFFFFFFF, 0, 0],
        [0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF],
        [0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0x7FFFFFFF],
    ):
        state = [*ctr, 4660, 43981]
        got = run(rng_desc([1, 1, 3, 5]), {"InputStateTensor": state_array(state)})  # 15 values: 4 blocks
        want, nxt = reference(state, 15)
        np.testing.assert_array_equal(got["OutputTensor"].ravel(), want)
        np.testing.assert_array_equal(got["OutputStateTensor"].ravel(), np.array(nxt, np.uint32))
        assert counter_int(nxt[:4]) == (counter_int(ctr) + 4) % (1 << 128)


def test_output_state_continues_the_stream(rng: np.random.Generator) -> None:
    state = [0, 0, 0, 0, 42, 7]
    first = run(rng_desc([1, 1, 2, 8]), {"InputStateTensor": state_array(state)})
    second = run(rng_desc([1, 1, 2, 8]), {"InputStateTensor": first["OutputStateTensor"]})
    whole = run(rng_desc([1, 1, 4, 8]), {"InputStateTensor": state_array(state)})
    np.testing.assert_array_equal(
        np.concatenate([first["OutputTensor"].ravel(), second["OutputTensor"].ravel()]),
        whole["OutputTensor"].ravel(),
    )
    # different keys, different sequences; a pure function of the state
    other = run(rng_desc([1, 1, 2, 8]), {"InputStateTensor": state_array([0, 0, 0, 0, 43, 7])})
    assert not np.array_equal(other["OutputTensor"], first["OutputTensor"])
    again = run(rng_desc([1, 1, 2, 8]), {"InputStateTensor": state_array(state)})
    np.testing.assert_array_equal(again["OutputTensor"], first["OutputTensor"])


def test_page_example_increment() -> None:
    """The page: counter 0x48656c6c'6f46726f'6d536561'74746c65 and OutputTensor {3,3,20,7219} increment
    the counter by 324,855. The page prints the result 0x48656c6c'6f46726f'6d536561'746f776e, which is
    not start + 324,855 (its words spell "HelloFromSeattle" -> "HelloFromSeatown" in ASCII): the rule,
    not the printed value, is asserted."""
    start = 0x48656C6C_6F46726F_6D536561_74746C65
    state = [*counter_words(start), 5, 6]
    got = run(rng_desc([3, 3, 20, 7219]), {"InputStateTensor": state_array(state)})
    assert counter_int(got["OutputStateTensor"].ravel()[:4]) == start + 324_855
    assert counter_int(got["OutputStateTensor"].ravel()[:4]) != 0x48656C6C_6F46726F_6D536561_746F776E
    want, _ = reference(state, 3 * 3 * 20 * 7219)  # the threaded path, every block checked
    np.testing.assert_array_equal(got["OutputTensor"].ravel(), want)


def test_any_dimension_count_strides_and_no_output_state(rng: np.random.Generator) -> None:
    state = [int(v) for v in rng.integers(0, 2**32, size=6, dtype=np.uint64)]
    want, nxt = reference(state, 2 * 3 * 5)
    # FL4_0 shapes: a 1-D state, a 3-D output
    got = run(rng_desc([2, 3, 5], state_sizes=[6]), {"InputStateTensor": np.array(state, np.uint32)})
    np.testing.assert_array_equal(got["OutputTensor"].ravel(), want)
    np.testing.assert_array_equal(got["OutputStateTensor"], np.array(nxt, np.uint32))
    # a strided state (every second word) and a strided output (gaps stay poisoned)
    raw_state = np.zeros(12, np.uint32)
    raw_state[::2] = state
    out = poison(np.dtype(np.uint32), (2 * 3 * 10,))
    run(
        rng_desc([2, 3, 5], state_sizes=[1, 6], state_strides=[12, 2], out_strides=[30, 10, 2]),
        {"InputStateTensor": raw_state},
        outputs={"OutputTensor": out},
    )
    np.testing.assert_array_equal(out[::2], want)
    assert (out[1::2] == 0xFFFFFFFF).all()
    # without OutputStateTensor
    got = run(rng_desc([2, 3, 5], with_state=False), {"InputStateTensor": state_array(state)})
    assert list(got) == ["OutputTensor"]
    np.testing.assert_array_equal(got["OutputTensor"].ravel(), want)
    # a transposed (column-major) output view of the same stream
    got = run(
        rng_desc([5, 6], out_strides=[1, 5], state_sizes=[1, 6]),
        {"InputStateTensor": np.array([state], np.uint32)},
    )
    np.testing.assert_array_equal(got["OutputTensor"].ravel(), want)


def expect(desc: Any, field: str, rule: str) -> None:
    name = schema_of(desc).c_name
    for check in (pydml.validate, pydml.Device().create_operator):
        with pytest.raises(ValidationError) as info:
            check(desc)
        assert info.value.field == field
        assert str(info.value) == f"{name}.{field}: {rule}"


def test_rules_state_sizes() -> None:
    rule = (
        "must be {} (a PHILOX_4X32_10 state is {{1, ..., 1, 6}}: a 128-bit counter and a 64-bit key), got {}"
    )
    expect(rng_desc([4], state_sizes=[5], with_state=False), "InputStateTensor.Sizes[0]", rule.format(6, 5))
    expect(
        rng_desc([1, 1, 1, 4], state_sizes=[1, 1, 1, 8], with_state=False),
        "InputStateTensor.Sizes[3]",
        rule.format(6, 8),
    )
    expect(
        rng_desc([1, 1, 1, 4], state_sizes=[1, 2, 1, 6], with_state=False),
        "InputStateTensor.Sizes[1]",
        rule.format(1, 2),
    )
    expect(
        rng_desc([1, 1, 1, 4], state_sizes=[6, 1], with_state=False),
        "InputStateTensor.Sizes[0]",
        rule.format(1, 6),
    )


def test_rules_level_shapes() -> None:
    """FL3_0 tables: 4-D tensors only (the 1-D state needs 4_0)."""
    pydml.validate(rng_desc([1, 1, 1, 4]), feature_level="3_0")
    with pytest.raises(ValidationError) as info:
        pydml.validate(rng_desc([4], state_sizes=[6]), feature_level="3_0")
    assert "4_0" in str(info.value)


def test_type_must_be_philox() -> None:
    """Only DML_RANDOM_GENERATOR_TYPE_PHILOX_4X32_10 exists: the enum table rejects anything else on Type
    (rules_random.c repeats the check for C callers that skip the table, unreachable past it)."""
    d = pydml.DML_RANDOM_GENERATOR_OPERATOR_DESC(
        InputStateTensor=tensor("UINT32", [1, 1, 1, 6]),
        OutputTensor=tensor("UINT32", [1, 1, 1, 4]),
        OutputStateTensor=None,
        Type=1,
    )
    with pytest.raises(ValidationError) as info:
        pydml.validate(d)
    assert info.value.field == "Type"
    assert str(info.value) == (
        "DML_RANDOM_GENERATOR_OPERATOR_DESC.Type: is not a valid DML_RANDOM_GENERATOR_TYPE value, got 1"
    )
