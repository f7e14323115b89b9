/// A message of the data channel accessory samples run beside Apple's accessory protocol: an
/// identifier octet, then the payload. Apple specifies only the two data structures; the
/// identifiers are the convention of Apple's sample accessory app, which Qorvo's, NXP's and
/// Truesense's firmware follow (`Docs/reference/accessory-protocol.md` §1).
public enum AccessoryMessage: Hashable, Sendable {
    /// Accessory → phone (0x01): its configuration data (``AccessoryConfigurationData``).
    case configurationData([UInt8])
    /// Accessory → phone (0x02): ranging started.
    case didStart
    /// Accessory → phone (0x03): ranging stopped.
    case didStop
    /// Phone → accessory (0x0A): an iPhone asks for the configuration data.
    case initialize
    /// Phone → accessory (0x0B): the phone's shareable configuration data
    /// (``ShareableConfigurationData``); configure and start.
    case configureAndStart([UInt8])
    /// Phone → accessory (0x0C): stop.
    case stop
    /// Phone → accessory (0xA5): an Android phone asks for the configuration data.
    case initializeAndroid

    /// The longest message either side sends: initialise's answer, 1 + 16 + 255 octets (identifier,
    /// the configuration data's fixed part, the longest UWB configuration its length octet allows).
    public static let maximumLength = 1 + 16 + 255

    /// The identifier octets.
    enum Identifier: UInt8 {
        case configurationData = 0x01
        case didStart = 0x02
        case didStop = 0x03
        case initialize = 0x0A
        case configureAndStart = 0x0B
        case stop = 0x0C
        case initializeAndroid = 0xA5
    }

    /// The message `octets` hold.
    ///
    /// - Throws: ``AccessoryProtocolError/unknownMessage(_:)`` for an identifier no side sends,
    ///   ``AccessoryProtocolError/truncated(structure:needed:present:)`` for no octets,
    ///   ``AccessoryProtocolError/overlong(structure:expected:present:)`` for a payload after a
    ///   message that has none.
    public init(octets: [UInt8]) throws(AccessoryProtocolError) {
        guard let first = octets.first else { throw .truncated(structure: "accessory message", needed: 1, present: 0) }
        guard let identifier = Identifier(rawValue: first) else { throw .unknownMessage(first) }
        let payload = Array(octets.dropFirst())
        switch identifier {
        case .configurationData: self = .configurationData(payload)
        case .configureAndStart: self = .configureAndStart(payload)
        case .didStart, .didStop, .initialize, .stop, .initializeAndroid:
            guard payload.isEmpty else { throw .overlong(structure: "accessory message \(identifier)", expected: 1, present: octets.count) }
            self = switch identifier {
            case .didStart: .didStart
            case .didStop: .didStop
            case .initialize: .initialize
            case .stop: .stop
            default: .initializeAndroid
            }
        }
    }

    /// The octets: identifier, then payload.
    public var octets: [UInt8] {
        switch self {
        case .configurationData(let payload): [Identifier.configurationData.rawValue] + payload
        case .didStart: [Identifier.didStart.rawValue]
        case .didStop: [Identifier.didStop.rawValue]
        case .initialize: [Identifier.initialize.rawValue]
        case .configureAndStart(let payload): [Identifier.configureAndStart.rawValue] + payload
        case .stop: [Identifier.stop.rawValue]
        case .initializeAndroid: [Identifier.initializeAndroid.rawValue]
        }
    }
}
