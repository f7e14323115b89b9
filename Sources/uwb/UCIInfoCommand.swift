import ArgumentParser
import Foundation
import UCI
import UCIClient
import UWBDevices

/// `uwb uci info`: what a UCI device says about itself, after the bring-up NISessions would do.
struct UCIInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Reset a UCI device and show its versions and capabilities.",
        discussion: """
            Connects to the device (uci:tcp://HOST:PORT for a UCI server such as `uwb uci serve`, \
            uci:/dev/ttyACM0 for a FiRa board with UCI firmware), resets it as NISessions do before \
            they use it, and prints GET_DEVICE_INFO and GET_CAPS_INFO. Resetting ends any session \
            another program runs on the device.
            """)

    @Option(help: "The UCI device, as UWB_DEVICE writes it (default: UWB_DEVICE).")
    var device: String?

    @Option(help: "Seconds to wait for each answer.")
    var timeout = UCIClientConstants.responseTimeout / .seconds(1)

    func validate() throws {
        guard timeout > 0, timeout.isFinite else { throw ValidationError("give --timeout > 0") }
    }

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        let value = device ?? ProcessInfo.processInfo.environment[DeviceChoice.environmentVariable]
        let opened: UCIDevice
        do {
            let choice = try DeviceChoice(environmentValue: value)
            guard case .uciDevice = choice else {
                throw CommandFailure("\(value ?? "(unset)") is not a UCI device: give --device uci:tcp://HOST:PORT or uci:/dev/ttyACM0")
            }
            opened = try choice.openUCIDevice(responseTimeout: .seconds(timeout))
        } catch let error as DeviceChoiceError {
            throw CommandFailure(error.description)
        }
        defer { opened.close() }
        print(Self.describe(opened))
    }

    /// The lines `uwb uci info` prints for `device`.
    static func describe(_ device: UCIDevice) -> String {
        let info = device.info
        let caps = device.capabilities
        let vendor = info.vendorSpecificInfo.allSatisfy { (0x20..<0x7F).contains($0) }
            ? String(decoding: info.vendorSpecificInfo, as: UTF8.self)
            : info.vendorSpecificInfo.map { String(format: "%02x", $0) }.joined()
        let roles = [caps.initiator ? "initiator" : nil, caps.responder ? "responder" : nil].compactMap { $0 }
        let angles = [caps.azimuth ? "azimuth" : nil, caps.elevation ? "elevation" : nil, caps.angleFigureOfMerit ? "figure of merit" : nil]
            .compactMap { $0 }
        return """
            device:    \(device.name)
            UCI:       \(info.uciVersion) (\(device.revision) layouts)
            MAC, PHY:  \(info.macVersion), \(info.phyVersion)
            vendor:    \(vendor.isEmpty ? "none" : vendor)
            roles:     \(roles.isEmpty ? "none" : roles.joined(separator: ", "))
            channels:  \(caps.channels.isEmpty ? "none" : caps.channels.map(String.init).joined(separator: ", "))
            angles:    \(angles.isEmpty ? "none" : angles.joined(separator: ", "))
            addresses: \(caps.extendedAddresses ? "short and extended" : "short")
            """
    }
}
