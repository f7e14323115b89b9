/// An electrical conductivity, in siemens per metre.
public struct SiemensPerMetre: Hashable, Sendable, CustomStringConvertible {
    /// The conductivity in S/m.
    public var value: Double

    /// A conductivity of `value` S/m.
    public init(_ value: Double) {
        self.value = value
    }

    /// `0.05 S/m`.
    public var description: String { "\(value) S/m" }
}
