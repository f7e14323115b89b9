import Foundation

/// `value` printed with a fixed number of decimals, independent of the locale.
func formatted(_ value: Double, decimals: Int) -> String {
    String(format: "%.\(decimals)f", locale: nil, value)
}

/// 10 raised to `exponent`.
func pow10(_ exponent: Double) -> Double {
    Foundation.pow(10, exponent)
}
