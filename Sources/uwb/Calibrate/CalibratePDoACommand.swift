import ArgumentParser
import UWBCore

/// `uwb calibrate pdoa`: the carrier phase offsets between the chips of a two- or three-chip
/// board, or the phase offset between the two antenna ports of a DW3220 board, from a peer at a
/// known angle (radios) or along a known path (a scenario of the emulator), written to the
/// calibration store.
struct CalibratePDoACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdoa",
        abstract: "Find the phase offsets between a multi-chip board's chips, or a DW3220's two antenna ports, and store them.",
        discussion: """
            The device ranges with a peer; each measurement gives the phase difference of every \
            chip to the first (on a DW3220 board, of the second antenna port to the first, which the \
            chip measures itself), which is the peer's true direction plus an unknown offset. \
            The circular mean over the first half of the measurements gives the offsets; the second \
            half shows the angle of arrival's error within ±60° before and after.

            On radios: --device and --peer as UWB_DEVICE names them (usb:SERIAL, emulator:NAME), the \
            peer standing still at --angle degrees (positive to the device's right, at its height, \
            in front of it). The offsets go to the calibration store (--store, by default the file \
            UWB_CALIBRATION names, else ~/.config/swift-uwb/calibration.json); a DW3220's port offset \
            is stored as its chip's phaseOffset. DW1000 chips without \
            SYNC take a new offset at every power-up: calibrate after each bring-up (see \
            Docs/guides/calibration.md).

            On the emulator: --scenario FILE and --device NAME; the peers (--peer, by default every \
            other device) may move, and the scenario may hide the chips' offsets (a DW3220's: its \
            port offset) from the estimate or draw new ones at each reset (phaseAtReset).
            """)

    @OptionGroup var emulator: EmulatorRunOptions

    @Option(help: "The device to calibrate: a scenario's device name, or a radio as UWB_DEVICE names it.")
    var device: String

    @Option(help: "The peer (radios: required; emulator: repeat to choose, default every other device).")
    var peer: [String] = []

    @Option(parsing: .unconditional, help: "Radios: the peer's true horizontal angle in degrees, positive to the right (−90 … 90).")
    var angle: Double?

    @Option(help: "The calibration store to update (radios: default UWB_CALIBRATION or ~/.config/swift-uwb/calibration.json).")
    var store: String?

    @Option(help: "Write every sample as JSON lines to this file, for `uwb plot pdoa`.")
    var samples: String?

    @OptionGroup var radios: RadioRunOptions

    func validate() throws {
        if emulator.scenario != nil {
            guard angle == nil else { throw ValidationError("--angle is for radios; a scenario knows its directions") }
        } else {
            guard peer.count == 1 else { throw ValidationError("give one --peer on radios (or --scenario FILE for the emulator)") }
            guard peer[0] != device else { throw ValidationError("--peer must be another radio than --device") }
            guard let angle else { throw ValidationError("give --angle: the peer's true horizontal angle in degrees, −90 … 90") }
            guard angle.isFinite, abs(angle) < 90 else { throw ValidationError("--angle \(angle): give −90 … 90 degrees (the peer in front of the device)") }
        }
    }

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        if let scenario = emulator.scenario {
            try PDoAOnScenario(
                path: scenario, device: device, peers: peer.isEmpty ? nil : peer, seconds: emulator.seconds, settle: emulator.settle,
                seed: emulator.seed, store: store, samplesFile: samples
            ).run()
        } else if let angle, let peer = peer.first {
            try PDoAOnRadios(
                device: device, peer: peer, angle: .degrees(angle), count: radios.count, timeout: radios.deadline, store: store,
                samplesFile: samples
            ).run()
        }
    }
}
