// The C library's fixed-decimal formatting for the uwb command's output (FixedDecimalText): Swift can
// call snprintf only through a va_list, whose array of arguments costs a dynamic cast per number.
#ifndef SWIFT_UWB_CFIXEDDECIMAL_SHIM_H
#define SWIFT_UWB_CFIXEDDECIMAL_SHIM_H
#include <stdio.h>

/// Writes `value` with `decimals` digits after the point into `buffer` of `capacity` bytes, as
/// printf("%.*f") does; returns the length of the whole text (which did not fit if not below `capacity`).
static inline int cfixed_decimal(char *buffer, size_t capacity, int decimals, double value) {
    return snprintf(buffer, capacity, "%.*f", decimals, value);
}
#endif
