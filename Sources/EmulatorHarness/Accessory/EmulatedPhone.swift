import AccessoryProtocol
import Foundation
import NearbyInteraction
import Synchronization
import UWBCore
import UWBEmulator
import UWBRanging

/// A phone's side of the accessory protocol on a device of this host, for testing accessories
/// without a phone: over any transport (``AccessoryProtocol/AccessoryTransport``), it initialises
/// the accessory, sends the data a phone sends, ranges the FiRa session that data sets up, and
/// stops.
///
/// - ``UWBEmulator/PhonePlatform/iPhone`` runs an iOS-style `NISession` with the accessory's configuration data
///   (``NearbyInteraction/NINearbyAccessoryConfiguration``) and sends the shareable configuration
///   data it generates: channel and preamble code as the device has them, 6 slots of 3600 RSTU,
///   180 ms, a random session id and static STS IV (the published iPhone data,
///   `Docs/reference/accessory-protocol.md` §4).
/// - ``UWBEmulator/PhonePlatform/android`` sends 0xA5, reads the accessory's 18 octets, and sends the 14 an
///   Android phone sends for androidx.core.uwb's CONFIG_UNICAST_DS_TWR (a random session id, the
///   device's channel and preamble code, the accessory as controller where it can be), then
///   ranges the session as the phone (§6).
///
/// `@unchecked Sendable`: the mutable state is behind mutexes.
public final class EmulatedPhone: @unchecked Sendable {
    /// The device the phone ranges on.
    public let device: DeviceService
    /// The phone it plays.
    public let platform: PhonePlatform
    private let measured: AsyncStream<RangingMeasurement>
    private let measuredContinuation: AsyncStream<RangingMeasurement>.Continuation
    /// The NI session of an iPhone, while it runs.
    private let session = Mutex<NISession?>(nil)
    /// The link of an Android phone, while it runs.
    private let link = Mutex<SessionLinkID?>(nil)

    /// A phone of `platform` on `device`.
    public init(device: DeviceService, platform: PhonePlatform) {
        self.device = device
        self.platform = platform
        (measured, measuredContinuation) = AsyncStream.makeStream(of: RangingMeasurement.self, bufferingPolicy: .bufferingNewest(1024))
    }

    /// The phone's measurements of the accessory, from the start on (the oldest beyond 1024 not yet
    /// read are dropped).
    public var measurements: AsyncStream<RangingMeasurement> { measured }

    /// Initialises the accessory at the other end of `transport`, sends it the phone's data and
    /// starts ranging; returns once the accessory said UWB started.
    ///
    /// - Throws: ``AccessoryProtocol/AccessoryTransportError`` if the link fails, ``NearbyInteraction/NIError`` if the
    ///   accessory's data cannot be used or the device cannot range the session, or the accessory answers
    ///   out of turn.
    public func start(over transport: any AccessoryTransport) async throws {
        switch platform {
        case .iPhone: try await startIPhone(over: transport)
        case .android: try await startAndroid(over: transport)
        }
        let answer = try await transport.receive()
        guard answer == .didStart else {
            throw NIError(.sessionFailed, detail: "the accessory answered configure and start with \(answer.map { "\($0)" } ?? "nothing (it disconnected)"), not UWB started")
        }
    }

    /// Sends stop and waits for the accessory's UWB stopped, then stops ranging.
    ///
    /// - Throws: ``AccessoryProtocol/AccessoryTransportError`` if the link fails.
    public func stop(over transport: any AccessoryTransport) async throws {
        try await transport.send(.stop)
        while let message = try await transport.receive(), message != .didStop {}
        end()
    }

    /// Stops ranging without telling the accessory (a phone that walks away).
    public func end() {
        session.withLock { $0 }?.invalidate()
        if let running = link.withLock({ $0 }) {
            device.stopAccessoryLink(running)
        }
        measuredContinuation.finish()
    }

    /// The accessory's answer to an initialise: its configuration data's octets.
    private static func configurationData(from transport: any AccessoryTransport) async throws -> [UInt8] {
        guard let answer = try await transport.receive() else {
            throw NIError(.sessionFailed, detail: "the accessory disconnected before answering initialise")
        }
        guard case .configurationData(let octets) = answer else {
            throw NIError(.sessionFailed, detail: "the accessory answered initialise with \(answer), not its configuration data")
        }
        return octets
    }

    private func startIPhone(over transport: any AccessoryTransport) async throws {
        try await transport.send(.initialize)
        let configuration = try NINearbyAccessoryConfiguration(data: Data(try await Self.configurationData(from: transport)))
        let session = NISession(device: device)
        // Its own delegate queue: on the emulator service's lockstep the world waits for each
        // delivery, and a program that blocks its main thread would stall it.
        session.delegateQueue = DispatchQueue(label: "swift-uwb.emulated-phone")
        self.session.withLock { $0 = session }
        var events = session.events(bufferingNewest: 1024).makeAsyncIterator()
        session.run(configuration)
        while let event = await events.next() {
            switch event {
            case .didGenerateShareableConfigurationData(let data, _):
                try await transport.send(.configureAndStart([UInt8](data)))
                let continuation = measuredContinuation
                Task {
                    while let event = await events.next() {
                        if case .didUpdate(_, let measurement) = event { continuation.yield(measurement) }
                    }
                }
                return
            case .didInvalidate(let error):
                throw error
            default:
                continue
            }
        }
        throw NIError(.sessionFailed, detail: "the session ended before it generated shareable configuration data")
    }

    private func startAndroid(over transport: any AccessoryTransport) async throws {
        try await transport.send(.initializeAndroid)
        let accessory = try AndroidAccessoryConfigurationData(octets: try await Self.configurationData(from: transport))
        let data = try Self.androidData(answering: accessory, on: device)
        let session = try AccessoryFiRaSession(android: data, side: .phone, accessoryAddress: accessory.macAddress)
        let continuation = measuredContinuation
        let started = await device.startAccessoryLink(
            session, measured: { continuation.yield($0) }, failed: { _ in continuation.finish() })
        link.withLock { $0 = try? started.get() }
        _ = try started.get()
        try await transport.send(.configureAndStart(try data.encoded()))
    }

    /// The 14 octets an Android phone on `device` answers `accessory`'s data with: a random session
    /// id and short address from the device's generator, the device's channel and preamble code
    /// (on a UCI device the sample apps' 9 and 10), CONFIG_UNICAST_DS_TWR, the accessory as
    /// controller where it supports it.
    ///
    /// - Throws: ``NearbyInteraction/NIError/Code/incompatiblePeerDevice`` for an accessory without
    ///   CONFIG_UNICAST_DS_TWR; ``NearbyInteraction/NIError/Code/unsupportedPlatform`` for a device
    ///   that cannot range accessory sessions.
    public static func androidData(answering accessory: AndroidAccessoryConfigurationData, on device: DeviceService) throws(NIError) -> AndroidPhoneConfigurationData {
        let android = AccessoryProtocolConstants.Android.self
        guard accessory.supportedConfigurationIDs & (1 << UInt32(android.configurationID)) != 0 else {
            throw NIError(.incompatiblePeerDevice, detail: "the accessory does not support CONFIG_UNICAST_DS_TWR (its configuration-id mask is 0x\(String(accessory.supportedConfigurationIDs, radix: 16)))")
        }
        let (channel, preamble) = try device.accessoryChannel(preferring: android.channel, preambleCodeIndex: android.preambleCodeIndex)
        let random = device.randomOctets(6)
        var phoneAddress: UInt16 = random[4..<6].bigEndianValue()
        if phoneAddress == accessory.macAddress { phoneAddress ^= 1 }
        return AndroidPhoneConfigurationData(
            sessionID: max(1, random[0..<4].bigEndianValue()), preambleCodeIndex: preamble, channel: channel, configurationID: android.configurationID,
            accessoryRole: accessory.supportedRoles & 1 != 0 ? .controller : .controlee, phoneAddress: phoneAddress)
    }
}
