import AccessoryProtocol
import Foundation
import NearbyInteraction
import UWBCore
import UWBDevices
import UWBEmulator
import UWBRanging

/// NearbyInteraction sessions between every two devices of an emulated world (or, around a hub,
/// between the hub and every other device, or between the pairs a predicate names), set up as apps set theirs up: each device has a
/// device service on its emulated radio and one `NISession` per peer;
/// each session's token is archived with `NSKeyedArchiver`, "sent", unarchived by the peer and run
/// in an `NINearbyPeerConfiguration`. A session whose peer times out runs again, as Apple's sample
/// app does. Used by `uwb demo` and the session benchmark.
///
/// A device given a phone (``UWBEmulator/PhoneSpec``) ranges with its accessory through the
/// accessory protocol instead (``EmulatedAccessoryPair``), and the two range with no one else:
/// a radio holds one STS at a time, and the accessory session's static STS is not the peer
/// sessions'.
///
/// The emulation runs on the caller's thread, or on a thread per part of a world split into parts
/// (``run(until:pacing:speed:)``); the sessions' delegates run on a queue of their own, and
/// ``collect()`` takes what they heard in between, in the order a world of one part makes it whatever
/// the split (decision 0030). A phone and its accessory, whose protocol runs in process, must share a
/// part (``sharedParts(of:)``); sessions speak to each other only over the air, so any other
/// device may go to any part.
public final class SessionMesh {
    /// The emulated world.
    public let emulation: Emulation
    /// The names of the devices with sessions, in the world's order: every device but the rogue
    /// ones (``Attacker``).
    public let deviceNames: [String]
    /// The rogue devices' attackers, by device name.
    public let attackers: [String: any Attacker]
    /// The update interval every session runs at: the one asked for, or, if none was,
    /// ``preferredInterval`` where the radios keep it, else the nearest whole millisecond they keep.
    public let interval: Duration
    /// The update intervals every device's radio keeps (`DeviceService.updateIntervals`, the same
    /// for every device of one world, which share a radio configuration).
    public let updateIntervals: ClosedRange<Duration>
    /// The sessions by device and peer name.
    private var sessions: [String: [String: NISession]] = [:]
    /// The phones and accessories ranging through the accessory protocol.
    private var accessoryPairs: [EmulatedAccessoryPair] = []
    /// Each phone with its accessory and each accessory with its phone.
    private var accessoryLinks: Set<[String]> = []
    /// The device services by device name.
    private let services: [String: DeviceService]
    /// The radios of the devices with sessions, by device name: their clocks stamp the reports.
    private let radios: [String: EmulatedRadio]

    private let mailbox = SessionMeshMailbox()
    private let queue = DispatchQueue(label: "uwb.session-mesh")
    private var delegates: [SessionMeshDelegate] = []

    /// The interval when none is asked for and the radios keep it: the device service's preferred
    /// one (100 ms).
    public static let preferredInterval = DeviceService.preferredUpdateInterval

    /// The most devices a full mesh may have: 30, whose 435 pairs share one channel with every
    /// pair ranging about 2.5 times a second and none removed (`Docs/benchmarks.md`, "Many devices
    /// on one channel"). Beyond, the channel's share falls below one update a second per pair and
    /// some pairs go silent long enough to be removed. Around a hub, only the hub's pairs count:
    /// any scenario's devices fit.
    public static let maximumDevices = 30

    /// Sessions between every two devices of `emulation` (with a `hub`, only between the hub and
    /// each other device), each ranging every `interval` (`nil`: see ``interval``). Tokens are
    /// drawn from generators seeded from `tokenSeed`, so a run repeats exactly.
    ///
    /// - Throws: ``SessionMeshError`` for fewer than two devices or, without a hub, more than
    ///   ``maximumDevices``, a hub that is no device of the world, an interval the radios do not keep, a device
    ///   without a radio or a failed token exchange.
    public convenience init(emulation: Emulation, interval: Duration?, tokenSeed: UInt64, hub: String? = nil) throws(SessionMeshError) {
        try self.init(emulation: emulation, interval: interval, tokenSeed: tokenSeed, hub: hub, securesFrames: true)
    }

    /// Sessions between every two devices of `emulation` as ``init(emulation:interval:tokenSeed:hub:)``
    /// makes them, except that each device `phones` names (by its name) ranges with its accessory
    /// through the accessory protocol, and neither of the two with any other device.
    ///
    /// - Throws: ``SessionMeshError`` as ``init(emulation:interval:tokenSeed:hub:)``, or
    ///   ``SessionMeshError/accessory(_:)`` if a phone and its accessory cannot range.
    public convenience init(emulation: Emulation, interval: Duration?, tokenSeed: UInt64, phones: [String: PhoneSpec]) throws(SessionMeshError) {
        try self.init(
            emulation: emulation, interval: interval, tokenSeed: tokenSeed, securesFrames: true, limited: true, phones: phones) { _, _ in true }
    }

    /// A mesh as ``init(emulation:interval:tokenSeed:hub:)`` makes it, whose sessions secure their
    /// frames or not (`DeviceServiceSettings.securesFrames`, for this package's attack tests and
    /// security benchmarks).
    package convenience init(
        emulation: Emulation, interval: Duration?, tokenSeed: UInt64, hub: String?, securesFrames: Bool
    ) throws(SessionMeshError) {
        let honest = emulation.devices.filter { !($0.radio.handler is any Attacker) }.map(\.name)
        if let hub, !honest.contains(hub) {
            throw .unknownHub(hub, devices: honest)
        }
        try self.init(
            emulation: emulation, interval: interval, tokenSeed: tokenSeed, securesFrames: securesFrames,
            limited: hub == nil) { device, peer in hub == nil || device == hub || peer == hub }
    }

    /// Sessions between the devices of `emulation` that `pairs` says range with each other (it is
    /// asked both ways and must answer alike), each ranging every `interval`: the tags and anchors of
    /// a site positioned by two-way ranging, say.
    ///
    /// - Throws: ``SessionMeshError`` as ``init(emulation:interval:tokenSeed:hub:)``, but with no
    ///   limit on the devices.
    public convenience init(
        emulation: Emulation, interval: Duration?, tokenSeed: UInt64, pairs: @escaping (String, String) -> Bool
    ) throws(SessionMeshError) {
        try self.init(emulation: emulation, interval: interval, tokenSeed: tokenSeed, securesFrames: true, limited: false, pairs: pairs)
    }

    /// A mesh of the `pairs` of `emulation`'s devices, the `phones` ranging with their accessories
    /// through the accessory protocol; with `limited`, at most ``maximumDevices`` of them.
    private init(
        emulation: Emulation, interval: Duration?, tokenSeed: UInt64, securesFrames: Bool, limited: Bool,
        phones: [String: PhoneSpec] = [:], pairs: @escaping (String, String) -> Bool
    ) throws(SessionMeshError) {
        self.emulation = emulation
        let attackers = Dictionary(uniqueKeysWithValues: emulation.devices.compactMap { device in
            (device.radio.handler as? any Attacker).map { (device.name, $0) }
        })
        self.attackers = attackers
        deviceNames = emulation.devices.map(\.name).filter { attackers[$0] == nil }
        guard deviceNames.count >= 2 else { throw .notEnoughDevices(deviceNames.count) }
        guard !limited || deviceNames.count <= Self.maximumDevices else { throw .tooManyDevices(deviceNames.count) }
        var services: [String: DeviceService] = [:]
        var radios: [String: EmulatedRadio] = [:]
        for (index, name) in deviceNames.enumerated() {
            var settings = DeviceServiceSettings(
                maximumSessions: max(8, deviceNames.count - 1), tokenSeed: tokenSeed &* 7919 &+ UInt64(index))
            settings.securesFrames = securesFrames
            do {
                let radio = try emulation.radio(name)
                radios[name] = radio
                services[name] = DeviceService(radio: radio, settings: settings)
            } catch {
                throw .emulation(error.description)
            }
        }
        self.services = services
        self.radios = radios
        let lowest = services.values.map(\.updateIntervals.lowerBound).max() ?? Self.preferredInterval
        let highest = services.values.map(\.updateIntervals.upperBound).min() ?? Self.preferredInterval
        guard lowest <= highest else {
            throw .intervalOutOfRange(interval ?? Self.preferredInterval, lowest: lowest, highest: highest)
        }
        updateIntervals = lowest...highest
        let chosen = interval ?? Self.nearestWholeMillisecond(to: Self.preferredInterval, in: updateIntervals)
        guard updateIntervals.contains(chosen) else {
            throw .intervalOutOfRange(chosen, lowest: lowest, highest: highest)
        }
        self.interval = chosen
        let accessories = Set(phones.values.map(\.accessory))
        func ranges(_ device: String, _ peer: String) -> Bool {
            device != peer && pairs(device, peer) && phones[device] == nil && phones[peer] == nil && !accessories.contains(device)
                && !accessories.contains(peer)
        }
        for device in deviceNames {
            guard let service = services[device] else { continue }
            for peer in deviceNames where ranges(device, peer) {
                sessions[device, default: [:]][peer] = NISession(device: service)
            }
        }
        for device in deviceNames {
            for peer in deviceNames where ranges(device, peer) {
                guard let session = sessions[device]?[peer], let peerSession = sessions[peer]?[device], let radio = radios[device] else { continue }
                let token: NIDiscoveryToken
                do {
                    token = try TokenSwap.sent(peerSession)
                } catch {
                    throw .tokenExchange(error.description)
                }
                let configuration = NINearbyPeerConfiguration(peerToken: token)
                configuration.updateInterval = chosen
                let delegate = SessionMeshDelegate(
                    device: device, peer: peer, mailbox: mailbox, configuration: configuration, clock: Self.clock(of: radio))
                session.delegateQueue = queue
                session.delegate = delegate
                session.run(configuration)
                delegates.append(delegate)
            }
        }
        for (index, (phone, spec)) in phones.sorted(by: { $0.key < $1.key }).enumerated() {
            try startAccessoryPair(phone: phone, spec: spec, address: UInt16(0xAC00 + index))
        }
    }

    /// The groups of `scenario`'s devices that a mesh over its world keeps in one part of the world
    /// (``UWBEmulator/ScenarioPartition``'s `keepingTogether`): each phone with its accessory, whose
    /// accessory protocol runs in process (device indices into the scenario's devices).
    public static func sharedParts(of scenario: Scenario) -> [[Int]] {
        let index = Dictionary(scenario.devices.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        return scenario.devices.enumerated().compactMap { place, device in
            device.phone.flatMap { phone in index[phone.accessory].map { [place, $0] } }
        }
    }

    /// The most parts a mesh over `scenario`'s world can be split into: one per device, counting each
    /// phone with its accessory as one (``sharedParts(of:)``).
    public static func maximumParts(of scenario: Scenario) -> Int {
        ScenarioPartition.maximumParts(of: scenario, keepingTogether: sharedParts(of: scenario))
    }

    /// Starts `phone` ranging with the accessory `spec` names, the accessory at short address `address`.
    private func startAccessoryPair(phone: String, spec: PhoneSpec, address: UInt16) throws(SessionMeshError) {
        guard let phoneService = services[phone], let accessoryService = services[spec.accessory],
              let phoneRadio = radios[phone], let accessoryRadio = radios[spec.accessory]
        else {
            throw .accessory("\(phone) or its accessory \(spec.accessory) is no device with sessions of this world")
        }
        let mailbox = mailbox
        let names: [EmulatedAccessoryPair.Side: (device: String, peer: String)] = [.phone: (phone, spec.accessory), .accessory: (spec.accessory, phone)]
        let clocks: [EmulatedAccessoryPair.Side: @Sendable () -> SimulationTime] = [
            .phone: Self.clock(of: phoneRadio), .accessory: Self.clock(of: accessoryRadio),
        ]
        let uwb = AccessoryUWBConfiguration.generic(macAddress: address)
        do {
            accessoryPairs.append(try EmulatedAccessoryPair(
                phone: phoneService, accessory: accessoryService, platform: spec.platform, uwb: uwb, queue: queue) { event in
                let (side, meshEvent): (EmulatedAccessoryPair.Side, SessionMeshEvent) = switch event {
                case .started(let side): (side, .started)
                case .measured(let side, let object, let measurement): (side, .measured(object, measurement))
                case .failed(let side, let error): (side, .invalidated(error))
                }
                guard let names = names[side], let clock = clocks[side] else { return }
                mailbox.post(SessionMeshReport(device: names.device, peer: names.peer, time: clock(), event: meshEvent))
            })
        } catch {
            throw .accessory("\(phone) cannot range with its accessory \(spec.accessory): \(error)")
        }
        accessoryLinks.formUnion([[phone, spec.accessory], [spec.accessory, phone]])
    }

    /// Whether `device` ranges with `peer` in this mesh (through a session, or the accessory protocol).
    public func ranges(_ device: String, with peer: String) -> Bool {
        sessions[device]?[peer] != nil || accessoryLinks.contains([device, peer])
    }

    /// `preferred` if `range` contains it, else the whole millisecond in `range` nearest to it (or
    /// the nearer bound, if `range` holds no whole millisecond).
    private static func nearestWholeMillisecond(to preferred: Duration, in range: ClosedRange<Duration>) -> Duration {
        guard !range.contains(preferred) else { return preferred }
        let bound = preferred < range.lowerBound ? range.lowerBound : range.upperBound
        let milliseconds = bound.secondsValue * 1000
        let whole = Duration.milliseconds(preferred < range.lowerBound ? milliseconds.rounded(.up) : milliseconds.rounded(.down))
        return range.contains(whole) ? whole : bound
    }

    /// The frames `device` dropped unused so far, by reason (``DeviceService/rejectedFrames``);
    /// empty for a device without sessions.
    public func rejectedFrames(of device: String) -> [FrameRejection: Int] {
        services[device]?.rejectedFrames ?? [:]
    }

    /// The session of `device` with `peer`, if both exist.
    public func session(of device: String, with peer: String) -> NISession? {
        sessions[device]?[peer]
    }

    /// Runs the world until `end`: paced at `speed` virtual seconds per wall second, or as fast as
    /// it can when `speed` is 0.
    public func run(until end: SimulationTime, pacing: Pacing, speed: Double) {
        if speed > 0 {
            emulation.run(until: end, pacing: pacing, rate: speed)
        } else {
            emulation.run(until: end)
        }
    }

    /// Everything the sessions reported since the last call, in the order a world of one part makes
    /// it (``PartOrder``): by time, then by device, each device's reports in the order it made them.
    public func collect() -> [SessionMeshReport] {
        queue.sync {}
        return PartOrder.ordered(mailbox.take(), time: \.time, device: \.device)
    }

    /// The virtual time of `radio`'s part, read by its sessions' delegates while its loop waits for
    /// them.
    private static func clock(of radio: EmulatedRadio) -> @Sendable () -> SimulationTime {
        { .zero + radio.now }
    }
}
