import AccessoryProtocol
import Foundation
import NearbyInteraction
import Synchronization
import UWBCore
import UWBEmulator
import UWBRanging

/// A phone and an accessory on emulated DWM3000 radios, on virtual time: the phone an iOS-style
/// `NISession` with the accessory's configuration data, the accessory the conversation of
/// AccessoryProtocol starting the accessory's side of the session the phone's shareable data sets
/// up. The Bluetooth exchange takes no time here (on a phone it takes a few connection intervals).
final class AccessoryPair {
    /// What the phone's session reported, on its delegate queue.
    final class PhoneLog: NISessionDelegate, @unchecked Sendable {
        let queue = DispatchQueue(label: "accessory-benchmark.phone")
        private(set) var shareable: Data?
        private(set) var distances: [(time: Duration, metres: Double)] = []

        func session(_ session: NISession, didGenerateShareableConfigurationData shareableConfigurationData: Data, for object: NINearbyObject) {
            shareable = shareableConfigurationData
        }

        func session(_ session: NISession, didMeasure measurement: RangingMeasurement, of nearbyObject: NINearbyObject) {
            if let distance = nearbyObject.distance {
                distances.append((measurement.time, Double(distance)))
            }
        }
    }

    let emulation: Emulation
    let phone = PhoneLog()
    let session: NISession
    /// The accessory's distances, as its link reports them on the loop.
    final class AccessoryLog: Sendable {
        let distances = Mutex<[Double]>([])
    }

    /// The accessory's side.
    let accessory = AccessoryLog()
    /// The accessory's device service, which its link lives in.
    let accessoryService: DeviceService
    /// When the phone's session was run, on the virtual clock: right after initialise is answered.
    let initialized: Duration

    /// A pair `metres` apart on channel 9 in a `channel` world seeded with `seed`, the phone's
    /// session run and the accessory started at the instant the shareable data is generated.
    ///
    /// - Throws: ``BenchmarkError`` if the boards, the emulation or the protocol fail.
    init(metres: Double, channel kind: ChannelModelKind, seed: UInt64, boards: String) throws {
        let board = try BoardDescription.load(from: boards + "/ft232h-dwm3000-single.json")
        let configuration = try RadioConfig.ranging.on(.nine)
        emulation = Emulation(seed: seed, channelModel: try ChannelModel(kind: kind, channel: .nine))
        try emulation.add(DeviceSetup(
            name: "phone", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 1, z: 0))), configuration: configuration))
        try emulation.add(DeviceSetup(
            name: "accessory", board: board, trajectory: .standing(at: Position(metres: Vector3(x: metres, y: 1, z: 0))),
            orientation: Orientation(yaw: .degrees(180)), configuration: configuration))
        let phoneService = DeviceService(radio: try emulation.radio("phone"), settings: DeviceServiceSettings(tokenSeed: seed))
        accessoryService = DeviceService(radio: try emulation.radio("accessory"), settings: DeviceServiceSettings(tokenSeed: seed &+ 1_000_000))
        session = NISession(device: phoneService)
        session.delegateQueue = phone.queue
        session.delegate = phone

        var conversation = AccessoryConversation(uwb: AccessoryUWBConfiguration(
            manufacturerID: 0, modelID: 0, middlewareMajorVersion: 1, middlewareMinorVersion: 0, rangingRole: 1, macAddress: 0xACC0))
        guard case .reply(let replies) = try conversation.receive(.initialize), case .configurationData(let octets)? = replies.first else {
            throw BenchmarkError.unexpected("the accessory did not answer initialise with its configuration data")
        }
        initialized = emulation.simulator.now - .zero
        session.run(try NINearbyAccessoryConfiguration(data: Data(octets)))
        // The shareable data is generated at the run's instant; a microsecond lets the loop deliver it.
        emulation.run(until: emulation.simulator.now + .microseconds(1))
        guard let shareable = phone.queue.sync(execute: { phone.shareable }),
              case .start(let fira) = try conversation.receive(.configureAndStart([UInt8](shareable)))
        else {
            throw BenchmarkError.unexpected("the phone's session generated no shareable data the accessory could start")
        }
        let log = accessory
        accessoryService.startAccessoryLink(
            fira, measured: { measurement in log.distances.withLock { $0.append(measurement.distance?.metres ?? .nan) } },
            failed: { _ in }, started: { _ in })
    }

    /// Runs virtual time on by `duration`.
    func run(for duration: Duration) {
        emulation.run(until: emulation.simulator.now + duration)
    }

    /// The phone's distances so far.
    var phoneDistances: [(time: Duration, metres: Double)] { phone.queue.sync { phone.distances } }
}
