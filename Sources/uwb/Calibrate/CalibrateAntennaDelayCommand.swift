import ArgumentParser
import UWBCore

/// `uwb calibrate antenna-delay`: each device's antenna delay error from the distances every pair
/// of three or more devices measures against the true ones (`AntennaDelayEstimate`), on a
/// scenario of the emulator or on radios (USB boards, devices of the emulator service), written
/// to the calibration store the radios load at bring-up.
struct CalibrateAntennaDelayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "antenna-delay",
        abstract: "Estimate each device's antenna delay from every pair's distances, and store it.",
        discussion: """
            Every two devices range with each other; each pair's mean distance is set against the true \
            distance, and a least-squares fit (Decawave APS014's three-node method, over all pairs) gives \
            each device's TX plus RX delay error, which is split evenly between its TX and RX antenna \
            delays. Give at least three devices that stand still, form triangles (none in the direct \
            path of two others) and all range with each other.

            On radios: --device once per radio, as UWB_DEVICE names it (usb:SERIAL, emulator:NAME), and \
            --distance A-B=METRES for every pair, the true distance between the antennas of the A-th \
            and B-th device. The result goes to the calibration store (--store, by default the file \
            UWB_CALIBRATION names, else ~/.config/swift-uwb/calibration.json), which every radio \
            loads when it is opened; then the pairs range again with it to show the error after.

            On the emulator: --scenario FILE, whose devices may have true delays the estimate does \
            not see; the room runs again with the estimate to show the error after, and --store \
            writes the result (keys emulator:NAME, for the emulator service).
            """)

    @OptionGroup var emulator: EmulatorRunOptions

    @Option(name: .customLong("device"), help: "A radio to calibrate, as UWB_DEVICE names it (repeat, at least 3).")
    var devices: [String] = []

    @Option(name: .customLong("distance"), help: "The true distance between the A-th and B-th --device (repeat for every pair).")
    var distances: [PairDistance] = []

    @Option(help: "The calibration store to update (radios: default UWB_CALIBRATION or ~/.config/swift-uwb/calibration.json).")
    var store: String?

    @OptionGroup var radios: RadioRunOptions

    func validate() throws {
        switch (emulator.scenario, devices.isEmpty) {
        case (nil, true): throw ValidationError("give --scenario FILE (emulator) or --device for each radio (at least 3)")
        case (.some, false): throw ValidationError("give --scenario or --device, not both")
        case (.some, true):
            guard distances.isEmpty else { throw ValidationError("--distance is for radios; a scenario knows its distances") }
        case (nil, false):
            guard devices.count >= 3 else {
                throw ValidationError("\(devices.count) --device given: calibrating antenna delays needs at least 3 (two only show the sum of their errors)")
            }
            guard Set(devices).count == devices.count else { throw ValidationError("a --device is named twice; name each radio once") }
            try AntennaDelayOnRadios.checkDistances(distances, devices: devices)
        }
    }

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        if let scenario = emulator.scenario {
            try AntennaDelayOnScenario(path: scenario, seconds: emulator.seconds, settle: emulator.settle, seed: emulator.seed, store: store).run()
        } else {
            try AntennaDelayOnRadios(devices: devices, distances: distances, store: store, samples: radios.count, timeout: radios.deadline).run()
        }
    }
}
