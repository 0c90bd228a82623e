/* The DML_RESAMPLE_GRAD example of Microsoft's documentation, written as a DirectML user writes it,
 * validated and executed through pydml's C API.
 *
 *   cc $(pydml --cflags) examples/c/resample_grad_doc.c $(pydml --libs) -o resample_grad_doc
 *   ./resample_grad_doc
 */
#include <stdio.h>
#include <string.h>

#include <DirectML.h>
#include <pydml.h>

int main(void) {
    /* Forward op: nearest neighbour, 0.5x in height and 1.5x in width: {1,1,2,2} -> {1,1,1,3}. */
    UINT input_gradient_sizes[4] = {1, 1, 1, 3};
    UINT output_gradient_sizes[4] = {1, 1, 2, 2};
    DML_BUFFER_TENSOR_DESC input_gradient_buffer = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4,
                                                    input_gradient_sizes, NULL, 12, 0};
    DML_BUFFER_TENSOR_DESC output_gradient_buffer = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4,
                                                     output_gradient_sizes, NULL, 16, 0};
    DML_TENSOR_DESC input_gradient = {DML_TENSOR_TYPE_BUFFER, &input_gradient_buffer};
    DML_TENSOR_DESC output_gradient = {DML_TENSOR_TYPE_BUFFER, &output_gradient_buffer};

    FLOAT scales[4] = {1.0f, 1.0f, 0.5f, 1.5f};
    FLOAT input_pixel_offsets[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    FLOAT output_pixel_offsets[4] = {0.0f, 0.0f, 0.0f, 0.0f};

    DML_RESAMPLE_GRAD_OPERATOR_DESC resample_grad = {0};
    resample_grad.InputGradientTensor = &input_gradient;
    resample_grad.OutputGradientTensor = &output_gradient;
    resample_grad.InterpolationMode = DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR;
    resample_grad.DimensionCount = 4;
    resample_grad.Scales = scales;
    resample_grad.InputPixelOffsets = input_pixel_offsets;
    resample_grad.OutputPixelOffsets = output_pixel_offsets;
    DML_OPERATOR_DESC desc = {DML_OPERATOR_RESAMPLE_GRAD, &resample_grad};

    char message[256];
    pydml_operator* op = NULL;
    pydml_status status = pydml_operator_create(&desc, DML_FEATURE_LEVEL_3_0, DML_EXECUTION_FLAG_NONE, &op,
                                                message, sizeof message);
    if (status != PYDML_STATUS_SUCCESS) {
        fprintf(stderr, "create failed (%s): %s\n", pydml_status_string(status), message);
        return 1;
    }
    float gradient[3] = {4, 5, 6};
    float result[4] = {-1, -1, -1, -1};
    pydml_buffer inputs[1] = {{gradient, sizeof gradient}};
    pydml_buffer outputs[1] = {{result, sizeof result}};
    status = pydml_operator_execute(op, inputs, 1, outputs, 1, message, sizeof message);
    pydml_operator_destroy(op);
    if (status != PYDML_STATUS_SUCCESS) {
        fprintf(stderr, "execute failed (%s): %s\n", pydml_status_string(status), message);
        return 1;
    }
    printf("OutputGradientTensor: [[%g, %g], [%g, %g]]\n", result[0], result[1], result[2], result[3]);
    const float expected[4] = {9, 6, 0, 0};
    if (memcmp(result, expected, sizeof expected) != 0) {
        fprintf(stderr, "expected [[9, 6], [0, 0]]\n");
        return 1;
    }

    /* A bad desc is rejected with a message naming the field. */
    scales[1] = -2.0f;
    status = pydml_validate_operator(&desc, DML_FEATURE_LEVEL_3_0, message, sizeof message);
    printf("with Scales[1] = -2: %s\n", message);
    return status == PYDML_STATUS_INVALID_PARAMETER ? 0 : 1;
}
