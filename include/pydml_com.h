/*
 * pydml_com.h — pydml's one addition to DirectML's COM API (libdirectml.so, docs/com.md).
 *
 * Every failure of libdirectml.so (an HRESULT, or a removed device for methods without one) comes
 * with a message: pydml's validation text for a bad desc ("DML_GEMM_OPERATOR_DESC.BTensor.Sizes[2]:
 * must be 3 ..., got 4"), or what was wrong with a call. DirectML programs read messages from the
 * D3D12 device's ID3D12InfoQueue (QueryInterface on the ID3D12Device), as with DirectML's debug
 * layer; this function reads the latest one directly.
 */
#ifndef PYDML_COM_H
#define PYDML_COM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The last message of the device that `object` (any interface pointer libdirectml.so handed out:
 * a device, an operator, a binding table, a resource...) belongs to; with object NULL, the calling
 * thread's last failed DMLCreateDevice / DMLCreateDevice1. Copies what fits into buffer (always
 * NUL-terminated when size > 0) and returns the message's full length.
 */
size_t pydml_com_last_message(const void* object, char* buffer, size_t size);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PYDML_COM_H */
