import AccessoryProtocol
import Foundation
import NearbyInteraction
import Synchronization
import UWBEmulator
import UWBRanging

/// A phone and an accessory of one emulated world ranging through the accessory protocol, the
/// conversation carried in this process (no transport, taking no virtual time) so that a run
/// repeats exactly: `uwb demo`'s phones and accessories (``SessionMesh``) and the accessory benchmark.
///
/// The accessory's side is AccessoryProtocol's conversation starting the session the phone's data
/// sets up on the accessory's device. The phone's: for an iPhone an iOS-style `NISession` run with
/// the accessory's configuration data, whose shareable data reaches the accessory at the instant it
/// is generated; for an Android phone the 14 octets ``EmulatedPhone/androidData(answering:on:)``
/// gives, the phone's side ranged on its device. Every measurement of either side is reported
/// with the nearby object it shows, on the loop of the side's device or the session's delegate
/// queue: a receiver that keeps them must take that into account.
///
/// `@unchecked Sendable`: the conversation is used once on the caller's thread and then only on
/// the phone's delegate queue.
public final class EmulatedAccessoryPair: @unchecked Sendable {
    /// A side of the pair.
    public enum Side: Hashable, Sendable {
        /// The phone.
        case phone
        /// The accessory.
        case accessory
    }

    /// What a side reports.
    public enum Event: Sendable {
        /// The side runs its session.
        case started(Side)
        /// The side measured the other.
        case measured(Side, NINearbyObject, RangingMeasurement)
        /// The side could not start or go on.
        case failed(Side, NIError)
    }

    /// The phone played.
    public let platform: PhonePlatform
    /// The phone's device service.
    public let phone: DeviceService
    /// The accessory's device service.
    public let accessory: DeviceService
    private let report: @Sendable (Event) -> Void
    /// The accessory's conversation.
    private var conversation: AccessoryConversation
    /// The iPhone's session and its delegate, while the pair lives.
    private var session: NISession?
    private var delegate: PhoneDelegate?

    /// A pair ranging at once: the accessory on `accessory`, described by `uwb`, and a phone of
    /// `platform` on `phone`, whose delegate calls run on `queue`; `report` hears every event.
    ///
    /// - Throws: ``NearbyInteraction/NIError`` if the accessory's data cannot be used or the
    ///   devices cannot range accessory sessions (a radio without an STS).
    public init(
        phone: DeviceService, accessory: DeviceService, platform: PhonePlatform, uwb: AccessoryUWBConfiguration, queue: DispatchQueue,
        report: @escaping @Sendable (Event) -> Void
    ) throws {
        self.phone = phone
        self.accessory = accessory
        self.platform = platform
        self.report = report
        conversation = AccessoryConversation(uwb: uwb)
        switch platform {
        case .iPhone: try startIPhone(queue: queue)
        case .android: try startAndroid()
        }
    }

    /// The phone's session, for an iPhone.
    public var phoneSession: NISession? { session }

    /// The accessory's configuration data in answer to `initialise`.
    private func configurationData(answering initialise: AccessoryMessage) throws -> [UInt8] {
        guard case .reply(let replies) = try conversation.receive(initialise), case .configurationData(let octets)? = replies.first else {
            throw NIError(.sessionFailed, detail: "the accessory did not answer \(initialise) with its configuration data")
        }
        return octets
    }

    /// Starts the accessory's side of the session `data` sets up.
    private func startAccessory(with data: [UInt8], phoneToken: NIDiscoveryToken) throws {
        guard case .start(let session) = try conversation.receive(.configureAndStart(data)) else {
            throw NIError(.sessionFailed, detail: "the accessory did not start a session from the phone's data")
        }
        start(session, on: accessory, side: .accessory, peer: phoneToken)
    }

    /// Starts `session` on `device` as `side`, reporting its measurements of `peer`.
    private func start(_ session: AccessoryFiRaSession, on device: DeviceService, side: Side, peer: NIDiscoveryToken) {
        let report = report
        let capabilities = device.capabilities
        device.startAccessoryLink(
            session,
            measured: { report(.measured(side, NINearbyObject(measurement: $0, peer: peer, capabilities: capabilities), $0)) },
            failed: { report(.failed(side, $0)) },
            started: { result in
                switch result {
                case .success: report(.started(side))
                case .failure(let error): report(.failed(side, error))
                }
            })
    }

    private func startIPhone(queue: DispatchQueue) throws {
        let configuration = try NINearbyAccessoryConfiguration(data: Data(try configurationData(answering: .initialize)))
        let session = NISession(device: phone)
        guard let token = session.discoveryToken else { throw NIError(.unsupportedPlatform) }
        let delegate = PhoneDelegate(report: report) { [weak self] data in
            do {
                try self?.startAccessory(with: [UInt8](data), phoneToken: token)
            } catch {
                self?.report(.failed(.accessory, error as? NIError ?? NIError(.sessionFailed, detail: "\(error)")))
            }
        }
        session.delegateQueue = queue
        session.delegate = delegate
        self.session = session
        self.delegate = delegate
        session.run(configuration)
    }

    private func startAndroid() throws {
        let octets = try configurationData(answering: .initializeAndroid)
        let answer = try AndroidAccessoryConfigurationData(octets: octets)
        let data = try EmulatedPhone.androidData(answering: answer, on: phone)
        let phoneToken = NIDiscoveryToken.naming(try data.encoded(), shortAddress: data.phoneAddress, capabilities: phone.capabilities)
        let accessoryToken = NIDiscoveryToken.naming(octets, shortAddress: answer.macAddress, capabilities: NINearbyAccessoryConfiguration.accessoryCapabilities)
        try startAccessory(with: try data.encoded(), phoneToken: phoneToken)
        start(try AccessoryFiRaSession(android: data, side: .phone, accessoryAddress: answer.macAddress), on: phone, side: .phone, peer: accessoryToken)
    }

    /// The iPhone session's delegate: it hands the shareable data to the accessory the moment it is
    /// generated and reports the phone's side.
    private final class PhoneDelegate: NISessionDelegate, @unchecked Sendable {
        let report: @Sendable (Event) -> Void
        let shareable: (Data) -> Void

        init(report: @escaping @Sendable (Event) -> Void, shareable: @escaping (Data) -> Void) {
            self.report = report
            self.shareable = shareable
        }

        func session(_ session: NISession, didGenerateShareableConfigurationData data: Data, for object: NINearbyObject) {
            shareable(data)
        }

        func sessionDidStartRunning(_ session: NISession) {
            report(.started(.phone))
        }

        func session(_ session: NISession, didMeasure measurement: RangingMeasurement, of nearbyObject: NINearbyObject) {
            report(.measured(.phone, nearbyObject, measurement))
        }

        func session(_ session: NISession, didInvalidateWith error: any Error) {
            report(.failed(.phone, error as? NIError ?? NIError(.sessionFailed)))
        }
    }
}
