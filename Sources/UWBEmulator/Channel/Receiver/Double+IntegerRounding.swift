/// Roundings to an integer worked out from an integer truncation, which is exact for every value
/// within `Int`'s range: `rounded(_:)` calls the C library on the x86-64 baseline, and a reception
/// rounds for every path of its channel and every tap it writes. Like `Int(rounded(_:))`, they trap
/// on a value that is not finite.
extension Double {
    /// The least integer not below the value: `Int(rounded(.up))`.
    @inline(__always)
    var integerCeiling: Int {
        let whole = Int(self)
        return Double(whole) < self ? whole + 1 : whole
    }

    /// The greatest integer not above the value: `Int(rounded(.down))`.
    @inline(__always)
    var integerFloor: Int {
        let whole = Int(self)
        return Double(whole) > self ? whole - 1 : whole
    }

    /// The value rounded to the nearest integer, halves away from zero as `rounded()` rounds them, then
    /// held within `bounds`: how an accumulator tap's part becomes its register's integer. Unlike the
    /// others it takes any value: it holds the value within one of the bounds first, and NaN gives the
    /// upper bound, as `min` and `max` of a rounded NaN do.
    @inline(__always)
    func roundedInteger(within bounds: ClosedRange<Int>) -> Int {
        let held = Swift.max(Double(bounds.lowerBound - 1), Swift.min(Double(bounds.upperBound + 1), self))
        let whole = Int(held)
        let fraction = held - Double(whole)
        let rounded = fraction >= 0.5 ? whole + 1 : (fraction <= -0.5 ? whole - 1 : whole)
        return Swift.max(bounds.lowerBound, Swift.min(bounds.upperBound, rounded))
    }
}
