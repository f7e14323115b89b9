import simd

/// Whether `a` and `b` differ by at most `tolerance` in every element.
func close<V: SIMD>(_ a: V, _ b: V, within tolerance: Float = 1e-5) -> Bool where V.Scalar == Float {
    simd_length(a - b) <= tolerance * Float(V.scalarCount)
}

/// Whether `a` and `b` differ by at most `tolerance`.
func close(_ a: Float, _ b: Float, within tolerance: Float = 1e-5) -> Bool {
    abs(a - b) <= tolerance
}
