import ArgumentParser
import UWBCore

/// `uwb calibrate pdoa`: the carrier phase offsets between the chips of a two- or three-chip
/// board, from a peer at a known angle (radios) or along a known path (a scenario of the
/// emulator), written to the calibration store.
struct CalibratePDoACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdoa",
        abstract: "Find the phase offsets between a multi-chip board's chips, and store them.",
        discussion: """
            The device ranges with a peer; each measurement gives the phase difference of every \
            chip to the first, which is the peer's true direction plus the chip's unknown offset. \
            The circular mean over the first half of the measurements gives the offsets; the second \
            half shows the angle of arrival's error within ±60° before and after.

            On radios: --device and --peer as UWB_DEVICE names them (usb:SERIAL, emulator:NAME), the \
            peer standing still at --angle degrees (positive to the device's right, at its height, \
            in front of it). The offsets go to the calibration store (--store, by default the file \
            UWB_CALIBRATION names, else ~/.config/swift-uwb/calibration.json). DW1000 chips without \
            SYNC take a new offset at every power-up: calibrate after each bring-up (see \
            Docs/guides/calibration.md).

            On the emulator: --scenario FILE and --device NAME; the peers (--peer, by default every \
            other device) may move, and the scenario may hide the chips' offsets from the estimate \
            or draw new ones at each reset (phaseAtReset).
            """)

    @Option(help: "The scenario file (JSON) to calibrate on the emulator; see Docs/scenarios.md.")
    var scenario: String?

    @Option(help: "The device to calibrate: a scenario's device name, or a radio as UWB_DEVICE names it.")
    var device: String

    @Option(help: "The peer (radios: required; emulator: repeat to choose, default every other device).")
    var peer: [String] = []

    @Option(help: "Radios: the peer's true horizontal angle in degrees, positive to the right (−90 … 90).")
    var angle: Double?

    @Option(help: "The calibration store to update (radios: default UWB_CALIBRATION or ~/.config/swift-uwb/calibration.json).")
    var store: String?

    @Option(help: "Write every sample as JSON lines to this file, for `uwb plot pdoa`.")
    var samples: String?

    @Option(help: "Emulator: simulated seconds of ranging.")
    var seconds = 40.0

    @Option(help: "Emulator: simulated seconds before the measurements count.")
    var settle = 0.5

    @Option(help: "Emulator: random seed; overrides the scenario's.")
    var seed: UInt64?

    @Option(help: "Radios: measurements to collect (half to estimate, half to check).")
    var count = 200

    @Option(help: "Radios: seconds to wait for the measurements before giving up on a silent radio.")
    var timeout = 60.0

    func validate() throws {
        if scenario != nil {
            guard seconds.isFinite, settle.isFinite, settle >= 0, seconds > settle + 1, seconds <= 3600 else {
                throw ValidationError(
                    "--seconds \(seconds) with --settle \(settle): give --seconds up to 3600, at least a second more than --settle (0 or more)")
            }
            guard angle == nil else { throw ValidationError("--angle is for radios; a scenario knows its directions") }
        } else {
            guard peer.count == 1 else { throw ValidationError("give one --peer on radios (or --scenario FILE for the emulator)") }
            guard peer[0] != device else { throw ValidationError("--peer must be another radio than --device") }
            guard let angle else { throw ValidationError("give --angle: the peer's true horizontal angle in degrees, −90 … 90") }
            guard angle.isFinite, abs(angle) < 90 else { throw ValidationError("--angle \(angle): give −90 … 90 degrees (the peer in front of the device)") }
            guard (10...100_000).contains(count) else { throw ValidationError("--count \(count): give 10 to 100000") }
            guard timeout.isFinite, timeout > 0, timeout <= 86_400 else { throw ValidationError("--timeout \(timeout): give 0 to 86400 seconds") }
        }
    }

    func run() throws {
        if let scenario {
            try PDoAOnScenario(
                path: scenario, device: device, peers: peer.isEmpty ? nil : peer, seconds: seconds, settle: settle, seed: seed,
                store: store, samplesFile: samples
            ).run()
        } else if let angle, let peer = peer.first {
            try PDoAOnRadios(
                device: device, peer: peer, angle: .degrees(angle), count: count, timeout: .seconds(timeout), store: store,
                samplesFile: samples
            ).run()
        }
    }
}
