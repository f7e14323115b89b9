import ArgumentParser

/// `uwb calibrate`: estimate a board's calibration from measurements.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Estimate calibration values from measurements.",
        subcommands: [CalibrateAntennaDelayCommand.self, CalibratePDoACommand.self])
}
