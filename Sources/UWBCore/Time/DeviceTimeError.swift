/// Why a value could not be turned into a ``DeviceTime``.
public enum DeviceTimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The value does not fit in the 40-bit counter.
    case outOfRange(UInt64)
    /// A register image did not have the 5 octets of a 40-bit timestamp.
    case wrongOctetCount(Int)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .outOfRange(let ticks):
            "device time \(ticks) does not fit in 40 bits (maximum \(DeviceClock.maximumTicks)); use DeviceTime(wrapping:) to reduce it modulo 2^40"
        case .wrongOctetCount(let count):
            "a 40-bit device timestamp needs exactly 5 octets, got \(count); read the whole register (SYS_TIME, RX_STAMP and TX_STAMP are 5 octets)"
        }
    }
}
