/* The pages' own rules for the ELEMENT_WISE math operators (ew_math.c): each "must" of a page that
 * the tables cannot say. Pages: MicrosoftDocs/sdk-api ns-directml-dml_element_wise_*
 * _operator_desc.md (commits in pydml/ops/ew_math.py).
 *
 * Only POW has one. The rest is said by the tables or forbids nothing a desc can state: ROUND's
 * RoundingMode must be one of the three DML_ROUNDING_MODE values (the validator refuses any other
 * enum value); CONSTANT_POW's Exponent may be any FLOAT (the validator refuses NaN in every FLOAT
 * field; a negative base with a non-integral exponent gives NaN, a tensor value, not a desc
 * error); MEAN, MODULUS_*, ATAN_YX state formulas only ("undefined at the origin" is a value);
 * ADD1's "FusedActivation only with FLOAT16/FLOAT32 outputs" is already all its support table
 * allows. */
#include "rules.h"

/* POW, remarks: "Until DML_FEATURE_LEVEL_3_0, ExponentTensor must match the type of InputTensor." */
pydml_status pydml_rule_ew_math_pow(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* ex = pydml_tensor_field(op, desc, "ExponentTensor");
    if (in == NULL || ex == NULL || c->level >= DML_FEATURE_LEVEL_3_0 || in->DataType == ex->DataType)
        return PYDML_STATUS_SUCCESS;
    return pydml_fail_level(c, DML_FEATURE_LEVEL_3_0, "ExponentTensor",
                            "must match InputTensor.DataType DML_TENSOR_DATA_TYPE_%s below %s (the device was "
                            "created at %s), got DML_TENSOR_DATA_TYPE_%s",
                            pydml_data_type_name(in->DataType), pydml_feature_level_name(DML_FEATURE_LEVEL_3_0),
                            pydml_feature_level_name(c->level), pydml_data_type_name(ex->DataType));
}

