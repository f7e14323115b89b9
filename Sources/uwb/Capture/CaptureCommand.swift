import ArgumentParser
import Foundation
import UWBDevices

/// `uwb capture`: a board or a device of the emulator service receives every frame on the channel
/// and writes it, live, to a pcapng file with its RX timestamp and levels; also Wireshark's extcap
/// interface to the same (Docs/capture.md).
struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Capture every frame a board (or an emulator-service device) hears into a pcapng file, live.",
        discussion: """
            The radio (--device usb:SERIAL or emulator:NAME, default UWB_DEVICE) listens with its \
            frame filter off; each frame is written and flushed as it arrives, with its RX timestamp \
            (40-bit device time) and its RX and first-path levels in the packet comment. Stops after \
            --count frames, --duration seconds on the radio's clock (the emulator service's virtual \
            time, the wall clock on a board), or Ctrl-C/SIGTERM, and says on standard error what it \
            wrote. `uwb capture --install-extcap` lets Wireshark capture through it. See Docs/capture.md.
            """)

    @Option(help: "The radio: usb:SERIAL or emulator:NAME; default UWB_DEVICE (unset: the first attached board).")
    var device: String?

    @Option(help: "The pcapng file to write (replaced), or - for standard output.")
    var output: String?

    @Option(parsing: .unconditional, help: "Stop after this many seconds on the radio's clock (virtual time on the emulator service).")
    var duration: Double?

    @Option(parsing: .unconditional, help: "Stop after this many frames.")
    var count: Int?

    @Flag(help: "Also write each failed reception (CRC, PHY header, SFD timeout…) as an empty packet whose comment names the failure.")
    var writeFailures = false

    @Flag(help: "Install the Wireshark extcap script (into --extcap-directory) and exit.")
    var installExtcap = false

    @Option(help: "Where --install-extcap writes the script; default $XDG_CONFIG_HOME/wireshark/extcap (~/.config/wireshark/extcap).")
    var extcapDirectory: String?

    @Flag(help: "Extcap: list the interfaces (attached boards, and uwb-emulator when a service runs).")
    var extcapInterfaces = false

    @Option(help: "Extcap: the Wireshark version asking (ignored).")
    var extcapVersion: String?

    @Flag(help: "Extcap: print the link type of --extcap-interface.")
    var extcapDlts = false

    @Flag(help: "Extcap: print the options of --extcap-interface.")
    var extcapConfig = false

    @Option(help: "Extcap: the interface (uwb-usb-SERIAL or uwb-emulator).")
    var extcapInterface: String?

    @Flag(help: "Extcap: capture from --extcap-interface into --fifo.")
    var capture = false

    @Option(help: "Extcap: the FIFO Wireshark reads.")
    var fifo: String?

    @Option(help: "Extcap: a capture filter; none is supported, so any is refused.")
    var extcapCaptureFilter: String?

    @Option(help: "Extcap: the emulator service's device for uwb-emulator; default the one UWB_DEVICE names.")
    var emulatorDevice: String?

    /// What this call asks for.
    private enum Mode {
        case install, interfaces, dataLinkTypes, configuration, extcapCapture, capture
    }

    private var mode: Mode {
        if installExtcap { return .install }
        if extcapInterfaces { return .interfaces }
        if extcapDlts { return .dataLinkTypes }
        if extcapConfig { return .configuration }
        if capture { return .extcapCapture }
        return .capture
    }

    func validate() throws {
        let modes = [installExtcap, extcapInterfaces, extcapDlts, extcapConfig, capture].filter { $0 }.count
        guard modes <= 1 else {
            throw ValidationError("give at most one of --install-extcap, --extcap-interfaces, --extcap-dlts, --extcap-config and --capture")
        }
        if let count, count <= 0 {
            throw ValidationError("--count \(count): give a positive number of frames, or leave --count out to capture until --duration or Ctrl-C")
        }
        if let duration, !(duration.isFinite && duration > 0) {
            throw ValidationError("--duration \(duration): give a positive number of seconds, or leave it out to capture until --count or Ctrl-C")
        }
        if let extcapCaptureFilter, !extcapCaptureFilter.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("capture filters are not supported by uwb capture (got \"\(extcapCaptureFilter)\"); leave the filter empty and use a display filter such as wpan.src16 == 0x0001")
        }
        switch mode {
        case .dataLinkTypes, .configuration:
            guard extcapInterface != nil else { throw ValidationError("--extcap-dlts and --extcap-config need --extcap-interface NAME") }
        case .extcapCapture:
            guard extcapInterface != nil, fifo != nil else {
                throw ValidationError("--capture needs --extcap-interface NAME and --fifo PATH (Wireshark gives both)")
            }
        case .capture:
            guard output != nil else {
                throw ValidationError("give --output FILE (or - for standard output) for the pcapng")
            }
        case .install, .interfaces:
            break
        }
    }

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        switch mode {
        case .install:
            let path = try ExtcapInstall.install(into: extcapDirectory ?? ExtcapInstall.defaultDirectory())
            print("installed the Wireshark extcap \(path); restart Wireshark (or run `tshark -D`) to see its interfaces")
        case .interfaces:
            print(ExtcapSentences.interfaces(
                boards: ExtcapSentences.attachedSerials(), emulatorSocket: ExtcapSentences.liveEmulatorSocket()))
        case .dataLinkTypes:
            _ = try ExtcapInterface(name: extcapInterface ?? "")
            print(ExtcapSentences.dataLinkTypes)
        case .configuration:
            let interface = try ExtcapInterface(name: extcapInterface ?? "")
            let defaultDevice = try? interface.choice(device: nil)
            var name: String?
            if case .emulatorDevice(let device)? = defaultDevice { name = device }
            print(ExtcapSentences.configuration(for: interface, defaultDevice: name))
        case .extcapCapture:
            let interface = try ExtcapInterface(name: extcapInterface ?? "")
            try runCapture(with: try interface.choice(device: emulatorDevice), into: fifo ?? "-")
        case .capture:
            let choice: DeviceChoice
            do {
                choice = try DeviceChoice(environmentValue: device ?? ProcessInfo.processInfo.environment[DeviceChoice.environmentVariable])
            } catch {
                throw ValidationError(error.description)
            }
            try runCapture(with: choice, into: output ?? "-")
        }
    }

    /// Captures with `choice` into `path` until --count, --duration or a signal.
    private func runCapture(with choice: DeviceChoice, into path: String) throws {
        try CaptureRun(
            choice: choice, output: CaptureOutput(path: path), duration: duration.map { .seconds($0) }, count: count,
            writesFailures: writeFailures
        ).run()
    }
}
