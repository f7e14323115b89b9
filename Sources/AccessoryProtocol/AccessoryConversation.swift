/// The accessory's side of the accessory protocol as a state machine without I/O: it takes each
/// message from the phone and says what to send back and what to do with the radio, so any
/// transport (Bluetooth, a socket) and any radio (a FiRa board over UCI, the emulator) can carry it.
///
/// - initialise (0x0A): answer with the accessory's configuration data (0x01);
/// - configure and start (0x0B): read the shareable configuration data and start the FiRa session
///   it sets up (``AccessoryFiRaSession``, accessory side); once the radio says it runs
///   (``radioStarted()``), answer UWB started (0x02);
/// - stop (0x0C): stop the session, then answer UWB stopped (0x03).
///
/// Android's initialise (0xA5) asks for a different configuration data (18 octets, its own
/// layout), which is not built: it is refused.
public struct AccessoryConversation: Hashable, Sendable {
    /// What the accessory should do after a message.
    public enum Step: Hashable, Sendable {
        /// Send these messages to the phone.
        case reply([AccessoryMessage])
        /// Configure and start this FiRa session on the radio, then call ``radioStarted()``.
        case start(AccessoryFiRaSession)
        /// Stop the running session, then send these messages.
        case stop(then: [AccessoryMessage])
    }

    /// Where the conversation stands.
    public enum State: Hashable, Sendable {
        /// Waiting for the phone.
        case idle
        /// The session is being started.
        case starting
        /// The session runs.
        case ranging
    }

    /// The accessory's configuration data, sent on initialise.
    public let configuration: AccessoryConfigurationData
    /// The accessory's UWB block in it (its address decides the session's).
    public let uwb: AccessoryUWBConfiguration
    /// Where the conversation stands.
    public private(set) var state = State.idle

    /// A conversation for an accessory that describes itself with `uwb`, preferring `rate`.
    public init(uwb: AccessoryUWBConfiguration, preferredUpdateRate: AccessoryConfigurationData.PreferredUpdateRate = .userInteractive) {
        self.uwb = uwb
        configuration = AccessoryConfigurationData(preferredUpdateRate: preferredUpdateRate, uwbConfiguration: uwb.octets)
    }

    /// What to do about `message` from the phone.
    ///
    /// - Throws: ``AccessoryProtocolError`` for shareable configuration data that cannot be read or
    ///   set up, Android's initialise (``AccessoryProtocolError/notSupported(_:)``), a message only an
    ///   accessory sends or configure-and-start while a session runs
    ///   (``AccessoryProtocolError/unexpectedMessage(_:state:)``).
    public mutating func receive(_ message: AccessoryMessage) throws(AccessoryProtocolError) -> Step {
        switch message {
        case .initialize:
            return .reply([.configurationData(try configuration.encoded())])
        case .configureAndStart(let octets):
            guard state == .idle else { throw .unexpectedMessage("configure and start", state: "\(state)") }
            let session = try AccessoryFiRaSession(ShareableConfigurationData(octets: octets), side: .accessory, accessoryAddress: uwb.macAddress)
            state = .starting
            return .start(session)
        case .stop:
            let wasRunning = state != .idle
            state = .idle
            return wasRunning ? .stop(then: [.didStop]) : .reply([.didStop])
        case .initializeAndroid:
            throw .notSupported("Android's initialise (0xA5), which asks for its own 18-octet configuration data,")
        case .configurationData, .didStart, .didStop:
            throw .unexpectedMessage("a message only an accessory sends", state: "\(state)")
        }
    }

    /// The radio says the session runs: the message to send the phone (UWB started), or nothing if
    /// the phone stopped it meanwhile.
    public mutating func radioStarted() -> [AccessoryMessage] {
        guard state == .starting else { return [] }
        state = .ranging
        return [.didStart]
    }
}
