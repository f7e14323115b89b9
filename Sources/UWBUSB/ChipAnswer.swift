import UWBCore

/// What one chip-select answered when the probe read DEV_ID there.
public enum ChipAnswer: Hashable, Sendable, CustomStringConvertible {
    /// A supported chip answered.
    case chip(ChipIdentity)
    /// MISO read all zeros or all ones: nothing drives it on this chip-select (no chip, no power,
    /// or a CS or MISO wire missing).
    case silent(deviceID: UInt32)
    /// Something answered, but not a DEV_ID of a supported chip.
    case unrecognised(deviceID: UInt32)
    /// The read did not happen: the FT232H could not be opened or the transfer failed; the reason.
    case failed(String)

    /// The answer for a DEV_ID that read `deviceID`.
    public init(deviceID: UInt32) {
        if let identity = ChipIdentity(deviceID: deviceID) {
            self = .chip(identity)
        } else if deviceID == 0 || deviceID == .max {
            self = .silent(deviceID: deviceID)
        } else {
            self = .unrecognised(deviceID: deviceID)
        }
    }

    /// The chip that answered, if a supported one did.
    public var identity: ChipIdentity? {
        if case .chip(let identity) = self { identity } else { nil }
    }

    /// What the answer means, and for a wrong one what to check.
    public var description: String {
        switch self {
        case .chip(let identity):
            identity.description
        case .silent(let value):
            "no chip answers (DEV_ID reads \(hexDeviceID(value))); if one should be here, check its power, "
                + "RSTn, its CS pin and the MISO wire"
        case .unrecognised(let value):
            "an unknown answer (DEV_ID reads \(hexDeviceID(value)), not a DW1000's or a DW3000's); check the wiring, "
                + "the ground and that the chip is strapped for SPI mode 0"
        case .failed(let reason):
            "not read: \(reason)"
        }
    }
}
