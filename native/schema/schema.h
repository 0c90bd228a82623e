/* The operator schema as C tables (generated into schema_tables.c from include/DirectML.h and
 * the family tables in pydml/ops/ by `python -m pydml.schema.generate`), and the validator's interface.
 *
 * One validator serves C and Python: pydml_validate_operator* (validate.c) walks a desc through
 * these tables, then calls the operator's own rules (rules registered in operator_rules.c). */
#ifndef PYDML_NATIVE_SCHEMA_H
#define PYDML_NATIVE_SCHEMA_H

#include <stddef.h>
#include <stdint.h>
#include "pydml.h"

typedef enum pydml_field_kind {
    PYDML_FIELD_TENSOR = 0,          /* const DML_TENSOR_DESC* */
    PYDML_FIELD_TENSOR_ARRAY = 1,    /* const DML_TENSOR_DESC* with a count field */
    PYDML_FIELD_OPERATOR = 2,        /* const DML_OPERATOR_DESC* (a fused activation) */
    PYDML_FIELD_OPERATOR_ARRAY = 3,  /* const DML_OPERATOR_DESC* with a count field */
    PYDML_FIELD_UINT = 4,
    PYDML_FIELD_UINT64 = 5,
    PYDML_FIELD_INT = 6,
    PYDML_FIELD_FLOAT = 7,
    PYDML_FIELD_BOOL = 8,
    PYDML_FIELD_ENUM = 9,
    PYDML_FIELD_UINT_ARRAY = 10,
    PYDML_FIELD_INT_ARRAY = 11,
    PYDML_FIELD_FLOAT_ARRAY = 12,
    PYDML_FIELD_SIZE_2D = 13,
    PYDML_FIELD_SCALE_BIAS = 14,     /* const DML_SCALE_BIAS* */
    PYDML_FIELD_SCALAR_UNION = 15    /* DML_SCALAR_UNION, typed by a DML_TENSOR_DATA_TYPE field */
} pydml_field_kind;

enum { PYDML_ROLE_ATTRIBUTE = 0, PYDML_ROLE_INPUT = 1, PYDML_ROLE_OUTPUT = 2 };
enum { PYDML_SAME_DATA_TYPE = 1, PYDML_SAME_DIMENSION_COUNT = 2, PYDML_SAME_SIZES = 4 };

typedef struct pydml_enum_info {
    const char* name;                 /* DML_PADDING_MODE */
    uint32_t count;
    const uint32_t* values;
    const char* const* names;         /* enumerator names, parallel to values */
} pydml_enum_info;

typedef struct pydml_field_info {
    const char* name;
    uint16_t offset;
    uint8_t kind;                     /* pydml_field_kind */
    uint8_t role;                     /* PYDML_ROLE_* */
    uint8_t optional;                 /* _Maybenull_ */
    int8_t count_field;               /* index of the field holding the array length, or -1 */
    int8_t type_field;                /* SCALAR_UNION: index of its data type field, or -1 */
    int16_t enum_index;               /* ENUM: index into pydml_enums, or -1 */
} pydml_field_info;

typedef struct pydml_support_row {
    uint8_t field;                    /* index into the operator's fields */
    uint8_t optional;                 /* the page's "Optional input/output" */
    uint16_t dimension_counts;        /* bit d: d dimensions allowed */
    uint16_t data_types;              /* bit t: DML_TENSOR_DATA_TYPE t allowed */
} pydml_support_row;

typedef struct pydml_support_table {
    uint32_t level;                   /* from this DML_FEATURE_LEVEL on */
    uint16_t first, count;            /* rows[first .. first + count) */
} pydml_support_table;

typedef struct pydml_constraint {
    uint8_t properties;               /* PYDML_SAME_* bits */
    uint8_t count;
    uint8_t fields[16];
} pydml_constraint;

typedef struct pydml_operator_info {
    uint32_t type;                    /* DML_OPERATOR_TYPE */
    const char* op_name;              /* "DML_OPERATOR_GEMM" */
    const char* desc_name;            /* "DML_GEMM_OPERATOR_DESC" */
    uint32_t introduced;              /* DML_FEATURE_LEVEL */
    uint32_t fusable_from;            /* 0: cannot be a FusedActivation */
    uint16_t field_count, table_count, constraint_count;
    const pydml_field_info* fields;
    const pydml_support_table* tables;
    const pydml_support_row* rows;
    const pydml_constraint* constraints;
    const uint32_t* fusable_hosts;    /* NULL: fuses into every operator with a FusedActivation;
                                         else the only hosts, DML_OPERATOR_TYPEs ending in 0 */
} pydml_operator_info;

extern const pydml_operator_info pydml_operator_infos[];
extern const uint32_t pydml_operator_info_count;
extern const pydml_enum_info pydml_enums[];
extern const uint32_t pydml_enum_count;
extern const uint32_t pydml_feature_levels[];
extern const uint32_t pydml_feature_level_count;

const pydml_operator_info* pydml_find_operator_info(uint32_t type);
const char* pydml_feature_level_name(uint32_t level);
const char* pydml_data_type_name(uint32_t data_type);   /* "FLOAT32", "?" when unknown */
/* A number as Python's repr shows it (shortest round-trip digits, "2.0", "1e-12", "nan"). */
const char* pydml_format_real(char* buf, size_t size, double value, int is_float32);
/* "[1, 2, 3]" */
const char* pydml_format_sizes(char* buf, size_t size, const uint32_t* values, uint32_t count);

/* ---- validation context, shared by validate.c and the operators' own rules ---- */

typedef struct pydml_check {
    pydml_diagnostic* diagnostic;     /* never NULL */
    const char* desc;                 /* the struct named by messages */
    char desc_buffer[96];             /* storage when desc is a nested path */
    uint32_t level;
    int fused;                        /* validating a FusedActivation: tensors must be NULL */
    const DML_BUFFER_TENSOR_DESC* host_output; /* fused: the host operator's OutputTensor (or NULL) */
} pydml_check;

/* Records the first broken rule: "desc.field: rule" (rule may end in ", got value"). Returns
 * PYDML_STATUS_INVALID_PARAMETER. */
pydml_status pydml_fail(pydml_check* c, const char* field, const char* rule_format, ...)
    __attribute__((format(printf, 3, 4)));
/* As pydml_fail, for a rule a later feature level lifts. */
pydml_status pydml_fail_level(pydml_check* c, uint32_t required, const char* field,
                              const char* rule_format, ...) __attribute__((format(printf, 4, 5)));

/* The buffer desc behind a tensor field of a desc, NULL when absent (after structure checks). */
const DML_BUFFER_TENSOR_DESC* pydml_tensor_field(const pydml_operator_info* op, const void* desc,
                                                 const char* field);

/* A tensor-array field (JOIN's InputTensors, SPLIT's OutputTensors): its element count (0 when the
 * field is absent or not an array) and element `index` (NULL past the end). */
uint32_t pydml_tensor_array_count(const pydml_operator_info* op, const void* desc, const char* field);
const DML_BUFFER_TENSOR_DESC* pydml_tensor_array_element(const pydml_operator_info* op, const void* desc,
                                                         const char* field, uint32_t index);

/* The bound the validator knows for a count field (validate.c's count_rules): 2 when a partner field
 * bounds it (a tensor's dimension count, QuantizationType, Direction), 1 when only
 * PYDML_MAX_LIST_LENGTH does (JOIN's InputCount, SPLIT's OutputCount: their arrays' only length),
 * 0 when it has no rule. Every count of every operator has one (the fuzzer checks it), so no
 * array is read past its bound. */
int pydml_count_has_rule(uint32_t type, const char* count_field);

/* An operator's own rules; run after every table-driven check has passed. */
typedef pydml_status (*pydml_rule_fn)(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_rule_fn pydml_find_rules(uint32_t type);

/* Validates one DML_OPERATOR_DESC (fused: as a FusedActivation). */
pydml_status pydml_check_operator(pydml_check* c, const DML_OPERATOR_DESC* desc);

#endif /* PYDML_NATIVE_SCHEMA_H */
