import AccessoryProtocol
import EmulatorHarness
import Foundation
import NearbyInteraction
import Synchronization
import UWBCore
import UWBEmulator

/// An emulated iPhone and a Linux accessory on DWM3000 radios `metres` apart on channel 9, ranging
/// through the accessory protocol on virtual time (``EmulatorHarness/EmulatedAccessoryPair``: the
/// Bluetooth exchange takes no time here; on a phone it takes a few connection intervals), with
/// what each side measured.
final class AccessoryPair {
    /// Each side's distances with their time on the radio's clock, as the pair reports them.
    final class Log: Sendable {
        let distances = Mutex<[EmulatedAccessoryPair.Side: [(time: Duration, metres: Double)]]>([:])
    }

    let emulation: Emulation
    let log = Log()
    /// When the phone initialised the accessory, on the virtual clock.
    let initialized: Duration
    private let pair: EmulatedAccessoryPair

    /// A pair in a `channel` world seeded with `seed`, started at once.
    ///
    /// - Throws: if the boards, the emulation or the protocol fail.
    init(metres: Double, channel kind: ChannelModelKind, seed: UInt64, boards: String) throws {
        let board = try BoardDescription.load(from: boards + "/ft232h-dwm3000-single.json")
        let configuration = try RadioConfig.ranging.on(.nine)
        emulation = Emulation(seed: seed, channelModel: try ChannelModel(kind: kind, channel: .nine))
        try emulation.add(DeviceSetup(
            name: "phone", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 1, z: 0))), configuration: configuration))
        try emulation.add(DeviceSetup(
            name: "accessory", board: board, trajectory: .standing(at: Position(metres: Vector3(x: metres, y: 1, z: 0))),
            orientation: Orientation(yaw: .degrees(180)), configuration: configuration))
        let log = log
        initialized = emulation.simulator.now - .zero
        pair = try EmulatedAccessoryPair(
            phone: DeviceService(radio: try emulation.radio("phone"), settings: DeviceServiceSettings(tokenSeed: seed)),
            accessory: DeviceService(radio: try emulation.radio("accessory"), settings: DeviceServiceSettings(tokenSeed: seed &+ 1_000_000)),
            platform: .iPhone,
            uwb: .generic(macAddress: 0xACC0),
            queue: DispatchQueue(label: "accessory-benchmark")) { event in
            guard case .measured(let side, let object, let measurement) = event, let distance = object.distance else { return }
            log.distances.withLock { $0[side, default: []].append((measurement.time, Double(distance))) }
        }
    }

    /// Runs virtual time on by `duration`.
    func run(for duration: Duration) {
        emulation.run(until: emulation.simulator.now + duration)
    }

    /// `side`'s distances so far.
    func distances(of side: EmulatedAccessoryPair.Side) -> [(time: Duration, metres: Double)] {
        log.distances.withLock { $0[side] ?? [] }
    }
}
