import ArgumentParser
import Foundation
import UWBCore

/// `uwb radio`: validates a radio configuration and prints its airtimes.
struct RadioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "radio",
        abstract: "Check a radio configuration and show how long frames take on air.")

    @Option(help: "UWB channel: 1, 2, 3, 4, 5 or 7.")
    var channel = RadioConfig.ranging.channel.number

    @Option(help: "Pulse repetition frequency in MHz: 16 or 64.")
    var prf = RadioConfig.ranging.pulseRepetitionFrequency.rawValue

    @Option(help: "Preamble length in symbols: 64, 128, 256, 512, 1024, 1536, 2048 or 4096.")
    var preambleLength = RadioConfig.ranging.preambleLength.symbols

    @Option(help: "Preamble code (1-24; must belong to the channel and PRF).")
    var preambleCode = RadioConfig.ranging.preambleCode

    @Option(help: "Data rate in kbps: 110, 850 or 6800.")
    var dataRate = RadioConfig.ranging.dataRate.rawValue

    @Flag(help: "Use Decawave's proprietary SFD instead of the IEEE one.")
    var decawaveSFD = false

    @Option(help: "Frame lengths (octets, FCS included) to show airtimes for.")
    var frameLength: [Int] = [12, 24, 127]

    func validate() throws {
        if let length = frameLength.first(where: { !(2...1023).contains($0) }) {
            throw ValidationError("--frame-length \(length): a frame is 2 to 1023 octets including the FCS")
        }
    }

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        let config: RadioConfig
        do {
            config = try RadioConfig(
                channel: try Channel(number: channel),
                pulseRepetitionFrequency: try PulseRepetitionFrequency(megahertz: prf),
                preambleLength: try PreambleLength(symbols: preambleLength),
                preambleCode: preambleCode,
                startOfFrameDelimiter: decawaveSFD ? .decawave : .standard,
                dataRate: try DataRate(kilobitsPerSecond: dataRate))
        } catch {
            throw CommandFailure("\(Self.option(for: error)): \(error.problem)")
        }
        print(config)
        for length in frameLength {
            let airtime = config.airtime(frameLength: length)
            let microseconds = airtime.secondsValue * 1e6
            print("  \(length) octets: " + String(format: "%.1f µs", microseconds))
        }
    }

    /// The option a configuration error is about.
    private static func option(for error: RadioConfigError) -> String {
        switch error {
        case .unsupportedChannel: "--channel"
        case .unsupportedPulseRepetitionFrequency: "--prf"
        case .unsupportedDataRate: "--data-rate"
        case .unsupportedPreambleLength, .preambleLengthNotSupported: "--preamble-length"
        case .unsupportedPreambleAcquisitionChunk, .preambleAcquisitionChunkTooLong: "--preamble-length (its acquisition chunk)"
        case .preambleCodeNotInChannel: "--preamble-code"
        }
    }
}
