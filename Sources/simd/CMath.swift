// Apple's `simd` module brings the C library's math along (its headers include <math.h>, and the module
// re-exports Darwin), so code written for it calls `sin`, `asin`, `atan2`, `sqrt`, `fabs` and the rest with
// only `import simd`. This module does the same with the platform's C library.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#endif
