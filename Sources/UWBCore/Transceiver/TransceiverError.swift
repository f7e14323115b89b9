/// Why a transceiver operation failed.
public enum TransceiverError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bus to the radio failed.
    case bus(SPIBusError)
    /// A delayed transmission was scheduled for a time that had already passed.
    case lateTransmission(scheduled: DeviceTime)
    /// A delayed reception was scheduled for a time that had already passed.
    case lateReception(scheduled: DeviceTime)
    /// The frame, with its 2-octet FCS, is longer than the radio accepts.
    case frameTooLong(length: Int, maximum: Int)
    /// The requested timeout or delay is longer than the radio can count.
    case durationOutOfRange(DeviceDuration, maximum: DeviceDuration, what: String)
    /// The operation needs ``Transceiver/configure(_:)`` first.
    case notConfigured
    /// The radio reported something the driver cannot interpret; the text says what.
    case hardwareFault(String)
    /// The configuration asks for something this radio does not have (channel 9 or an STS on a
    /// DW1000, 110 kbps on a DW3000); the text says what and what to use instead.
    case unsupportedConfiguration(String)
    /// A channel impulse response was asked for, but the radio has received no good frame since
    /// it was configured (or brought up), so its accumulator holds nothing to read.
    case noReceptionToRead
    /// The radio has no such accumulator, or it holds nothing in the configuration in force; the
    /// text says why and which to read instead.
    case accumulatorUnavailable(ImpulseResponseAccumulator, reason: String)
    /// The sample range asked for is empty or reaches outside the accumulator's `valid` taps.
    case samplesOutsideAccumulator(requested: Range<Int>, valid: Range<Int>, accumulator: ImpulseResponseAccumulator)

    /// Whether the radio is gone or unusable (a bus error, a hardware fault, a lost configuration),
    /// rather than one operation having failed (a late start, an oversize frame or duration).
    public var meansRadioLost: Bool {
        switch self {
        case .bus, .hardwareFault, .notConfigured: true
        case .lateTransmission, .lateReception, .frameTooLong, .durationOutOfRange, .unsupportedConfiguration,
            .noReceptionToRead, .accumulatorUnavailable, .samplesOutsideAccumulator:
            false
        }
    }

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .bus(let error):
            "radio bus: \(error)"
        case .lateTransmission(let time):
            "the delayed transmission at \(time) was late: that time had already passed; schedule it further ahead (a longer reply delay)"
        case .lateReception(let time):
            "the delayed receiver start at \(time) was late: that time had already passed; schedule it further ahead"
        case .frameTooLong(let length, let maximum):
            "a \(length)-octet frame (with FCS) is longer than the radio's maximum of \(maximum) octets; shorten the payload"
        case .durationOutOfRange(let value, let maximum, let what):
            "\(what) of \(value) is longer than the radio can count (maximum \(maximum)); use a shorter one, or none and turn the radio off yourself"
        case .notConfigured:
            "the radio is not configured; call configure(_:) first"
        case .hardwareFault(let detail):
            "the radio reported a fault: \(detail)"
        case .unsupportedConfiguration(let detail):
            "this radio cannot use that configuration: \(detail)"
        case .noReceptionToRead:
            "no frame has been received since the radio was configured, so its accumulator holds no channel impulse response; receive a frame first, then read its CIR"
        case .accumulatorUnavailable(let accumulator, let reason):
            "the \(accumulator) accumulator cannot be read: \(reason)"
        case .samplesOutsideAccumulator(let requested, let valid, let accumulator):
            "samples \(requested.lowerBound)..<\(requested.upperBound) are not within the \(accumulator) accumulator, whose samples are "
                + "\(valid.lowerBound)..<\(valid.upperBound) in this configuration; ask for a non-empty range within it, or nil for all of it"
        }
    }
}
