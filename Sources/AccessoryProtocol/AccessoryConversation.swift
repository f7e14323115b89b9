/// The accessory's side of the accessory protocol as a state machine without I/O: it takes each
/// message from the phone and says what to send back and what to do with the radio, so any
/// transport (Bluetooth, a socket) and any radio (a FiRa board over UCI, the emulator) can carry it.
///
/// - initialise (0x0A, an iPhone): answer with the accessory's configuration data (0x01);
/// - initialise (0xA5, an Android phone): answer with the Android configuration data (0x01,
///   ``AndroidAccessoryConfigurationData``);
/// - configure and start (0x0B): read the phone's data (``ShareableConfigurationData`` after 0x0A,
///   ``AndroidPhoneConfigurationData`` after 0xA5: the initialise decides, as in NXP's firmware;
///   without one, an iPhone's) and start the FiRa session it sets up (``AccessoryFiRaSession``,
///   accessory side); once the radio says it runs (``radioStarted()``), answer UWB started (0x02);
/// - stop (0x0C): stop the session, then answer UWB stopped (0x03).
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

    /// The kind of phone, as its initialise said.
    public enum Platform: Hashable, Sendable {
        /// An iPhone (0x0A).
        case iPhone
        /// An Android phone (0xA5).
        case android
    }

    /// The accessory's configuration data, sent to an iPhone on initialise.
    public let configuration: AccessoryConfigurationData
    /// The accessory's UWB block in it (its address and role decide the session's).
    public let uwb: AccessoryUWBConfiguration
    /// The configuration data sent to an Android phone on its initialise.
    public let android: AndroidAccessoryConfigurationData
    /// Where the conversation stands.
    public private(set) var state = State.idle
    /// The phone's kind, once it initialised.
    public private(set) var platform: Platform?

    /// A conversation for an accessory that describes itself with `uwb`, preferring `rate`; an
    /// Android phone is told the same address and versions.
    public init(uwb: AccessoryUWBConfiguration, preferredUpdateRate: AccessoryConfigurationData.PreferredUpdateRate = .userInteractive) {
        self.uwb = uwb
        configuration = AccessoryConfigurationData(preferredUpdateRate: preferredUpdateRate, uwbConfiguration: uwb.octets)
        android = AndroidAccessoryConfigurationData(
            macAddress: uwb.macAddress,
            firmwareVersion: (UInt8(truncatingIfNeeded: uwb.middlewareMajorVersion), UInt8(truncatingIfNeeded: uwb.middlewareMinorVersion)),
            middlewareVersion: (UInt8(truncatingIfNeeded: uwb.middlewareMajorVersion), UInt8(truncatingIfNeeded: uwb.middlewareMinorVersion)))
    }

    /// What to do about `message` from the phone.
    ///
    /// - Throws: ``AccessoryProtocolError`` for a phone's data that cannot be read or set up, a
    ///   message only an accessory sends, or configure-and-start while a session runs
    ///   (``AccessoryProtocolError/unexpectedMessage(_:state:)``).
    public mutating func receive(_ message: AccessoryMessage) throws(AccessoryProtocolError) -> Step {
        switch message {
        case .initialize:
            platform = .iPhone
            return .reply([.configurationData(try configuration.encoded())])
        case .initializeAndroid:
            platform = .android
            return .reply([.configurationData(try android.encoded())])
        case .configureAndStart(let octets):
            guard state == .idle else { throw .unexpectedMessage("configure and start", state: "\(state)") }
            let session = platform == .android
                ? try AccessoryFiRaSession(android: AndroidPhoneConfigurationData(octets: octets), side: .accessory, accessoryAddress: uwb.macAddress)
                : try AccessoryFiRaSession(
                    ShareableConfigurationData(octets: octets), side: .accessory, accessoryAddress: uwb.macAddress,
                    accessoryInitiates: uwb.rangingRole == 1)
            state = .starting
            return .start(session)
        case .stop:
            let wasRunning = state != .idle
            state = .idle
            return wasRunning ? .stop(then: [.didStop]) : .reply([.didStop])
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

    /// The radio could not start the session: back to idle, so the phone may try again (the
    /// phone learns of it by the silence of UWB, as from a real accessory).
    public mutating func radioFailed() {
        state = .idle
    }
}
