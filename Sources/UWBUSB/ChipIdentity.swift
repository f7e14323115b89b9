import DW1000Driver
import DW3000Driver
import UWBCore

/// What a chip's DEV_ID says it is: its family and the models with that DEV_ID.
///
/// The values come from the drivers (``DW1000/deviceID``, ``DW3000/models(withDeviceID:)``):
/// 0xDECA0130 is a DW1000; 0xDECA0302 a DW3110 or DW3210, 0xDECA0312 a DW3120 or DW3220
/// (`Docs/reference/dw3000-registers.md` §2.1).
public struct ChipIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The value DEV_ID read.
    public let deviceID: UInt32
    /// The chip's family.
    public let family: ChipFamily
    /// The models that read this DEV_ID (DEV_ID does not tell a DW3110 from a DW3210).
    public let models: [ChipModel]

    /// The identity of a chip whose DEV_ID reads `deviceID`, or `nil` if no supported chip reads it.
    public init?(deviceID: UInt32) {
        if deviceID == DW1000.deviceID {
            family = .dw1000
            models = [.dw1000]
        } else if let models = DW3000.models(withDeviceID: deviceID) {
            family = .dw3000
            self.models = models
        } else {
            return nil
        }
        self.deviceID = deviceID
    }

    /// The family, DEV_ID and models, for example `DW3000 family (DEV_ID 0xDECA0302: DW3110 or DW3210)`.
    public var description: String {
        let value = hexDeviceID(deviceID)
        guard family == .dw3000 else { return "\(family) (DEV_ID \(value))" }
        return "\(family) family (DEV_ID \(value): \(models.map(\.description).joined(separator: " or ")))"
    }
}

/// A DEV_ID value as `0x` and eight upper-case hexadecimal digits, as the manuals write it.
func hexDeviceID(_ value: UInt32) -> String {
    "0x" + hexDigits(UInt64(value), octets: 4, uppercase: true)
}
