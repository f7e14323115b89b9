import AccessoryProtocol
import Synchronization
import UWBRanging

/// Makes a device an accessory of Apple's Nearby Interaction accessory protocol: a phone that
/// connects over a transport (Bluetooth LE, or a socket for the emulator) initialises it, hands it
/// the FiRa session to range, and ranges with it. A swift-uwb addition (Apple's framework is the
/// phone's side only).
///
/// ``serve(_:)`` runs the conversation (``AccessoryProtocol/AccessoryConversation``) with one
/// phone: it answers an iPhone's initialise with the accessory's configuration data and an Android
/// phone's with its Android data, starts the session the phone's data sets up (the accessory's
/// side: ``DeviceService/startAccessoryLink(_:measured:failed:)``) and says UWB started, stops it
/// and says UWB stopped. A phone that disconnects stops the session. ``events(bufferingNewest:)``
/// reports what happens, with the distance of every round.
///
/// `@unchecked Sendable`: the streams are behind a mutex, the rest is immutable.
public final class NearbyAccessory: @unchecked Sendable {
    /// What the accessory reports.
    public enum Event: Sendable {
        /// A phone initialised the conversation.
        case initialized(AccessoryConversation.Platform)
        /// The session the phone asked for runs.
        case started(AccessoryFiRaSession)
        /// A round with the phone gave a measurement.
        case measured(RangingMeasurement)
        /// The session stopped (the phone asked, or disconnected).
        case stopped
        /// A message was refused (it is answered with nothing, as accessory firmware does).
        case refused(AccessoryProtocolError)
        /// The device could not start or go on with the session.
        case failed(NIError)
    }

    /// The device the accessory ranges on.
    public let device: DeviceService
    /// The accessory's UWB block: its address and role, as its configuration data tells phones.
    public let uwb: AccessoryUWBConfiguration
    /// The update rate its configuration data prefers.
    public let preferredUpdateRate: AccessoryConfigurationData.PreferredUpdateRate
    private let streams = Mutex<[Int: AsyncStream<Event>.Continuation]>([:])
    private let nextStream = Atomic<Int>(0)

    /// An accessory on `device` describing itself with `uwb`: by default the generic block
    /// (``AccessoryProtocol/AccessoryUWBConfiguration/generic(macAddress:)``) at a random short
    /// address from the device's generator.
    public init(
        device: DeviceService, uwb: AccessoryUWBConfiguration? = nil,
        preferredUpdateRate: AccessoryConfigurationData.PreferredUpdateRate = .userInteractive
    ) {
        self.device = device
        self.preferredUpdateRate = preferredUpdateRate
        self.uwb = uwb ?? .generic(macAddress: device.randomOctets(2).bigEndianValue() | 1)
    }

    /// The configuration data the accessory answers an iPhone's initialise with (what background
    /// mode's GATT characteristic holds).
    public var configurationData: AccessoryConfigurationData {
        AccessoryConversation(uwb: uwb, preferredUpdateRate: preferredUpdateRate).configuration
    }

    /// The accessory's events as an asynchronous sequence, from now on; a consumer that falls
    /// behind loses the oldest beyond `limit`.
    public func events(bufferingNewest limit: Int = 256) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(max(1, limit)))
        let key = nextStream.add(1, ordering: .relaxed).newValue
        streams.withLock { $0[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.streams.withLock { _ = $0.removeValue(forKey: key) }
        }
        return stream
    }

    /// Serves the phone at the other end of `transport` until it disconnects: then any session it
    /// started is stopped and the call returns.
    ///
    /// - Throws: ``AccessoryProtocol/AccessoryTransportError`` if the link broke (the session is stopped too).
    public func serve(_ transport: any AccessoryTransport) async throws(AccessoryTransportError) {
        var conversation = AccessoryConversation(uwb: uwb, preferredUpdateRate: preferredUpdateRate)
        var link: SessionLinkID?
        defer {
            if let link {
                device.stopAccessoryLink(link)
                emit(.stopped)
            }
        }
        while true {
            let message: AccessoryMessage
            do {
                guard let received = try await transport.receive() else { return }
                message = received
            } catch .malformed(let error) {
                emit(.refused(error))
                continue
            }
            let step: AccessoryConversation.Step
            do {
                step = try conversation.receive(message)
            } catch {
                emit(.refused(error))
                continue
            }
            switch step {
            case .reply(let replies):
                if let platform = conversation.platform, message == .initialize || message == .initializeAndroid {
                    emit(.initialized(platform))
                }
                try await send(replies, over: transport)
            case .start(let session):
                switch await device.startAccessoryLink(session, measured: { [weak self] in self?.emit(.measured($0)) }, failed: { [weak self] in self?.emit(.failed($0)) }) {
                case .success(let started):
                    link = started
                    emit(.started(session))
                    try await send(conversation.radioStarted(), over: transport)
                case .failure(let error):
                    conversation.radioFailed()
                    emit(.failed(error))
                }
            case .stop(let replies):
                if let running = link {
                    device.stopAccessoryLink(running)
                    link = nil
                    emit(.stopped)
                }
                try await send(replies, over: transport)
            }
        }
    }

    private func send(_ messages: [AccessoryMessage], over transport: any AccessoryTransport) async throws(AccessoryTransportError) {
        for message in messages {
            try await transport.send(message)
        }
    }

    private func emit(_ event: Event) {
        for continuation in streams.withLock({ Array($0.values) }) {
            continuation.yield(event)
        }
    }
}
