/// One complex sample (tap) of a channel impulse response, in the chip's own integer units.
///
/// The scale is the chip's: a DW1000 stores 16-bit parts, a DW3000 19-bit ones (sign and 18 bits),
/// and the value grows with the number of symbols accumulated. Compare samples of one reading
/// with each other; to compare readings, divide by ``ChannelImpulseResponse/accumulatedSymbols``.
public struct ImpulseResponseSample: Hashable, Sendable {
    /// The real (in-phase) part.
    public var real: Int32

    /// The imaginary (quadrature) part.
    public var imaginary: Int32

    /// A sample with the given parts.
    public init(real: Int32, imaginary: Int32) {
        self.real = real
        self.imaginary = imaginary
    }

    /// The sample's magnitude, √(real² + imaginary²), in the same units.
    public var magnitude: Double {
        let real = Double(real)
        let imaginary = Double(imaginary)
        return (real * real + imaginary * imaginary).squareRoot()
    }
}
