import AccessoryBluetooth
import AccessoryProtocol
import ArgumentParser
import EmulatorHarness
import Foundation
import NearbyInteraction
import UWBCore
import UWBEmulator

/// `uwb phone`: an emulated phone (``EmulatedPhone``) on the device `UWB_DEVICE` names, ranging
/// with an accessory reached over the socket transport (`uwb accessory`, or an accessory's own
/// firmware behind a socket, tested without a phone) or over Bluetooth LE through BlueZ.
struct PhoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phone",
        abstract: "Play an iPhone's or an Android phone's side of the accessory protocol against an accessory on a socket or Bluetooth LE.",
        discussion: """
            Connects to --connect on 127.0.0.1, or with --bluetooth to the accessory of that \
            address on the BlueZ --adapter (BlueZ must know it: scan or pair it with bluetoothctl \
            first; Docs/bluetooth.md), initialises the accessory as the --platform would \
            (iphone: 0x0A, an NISession with its configuration data, the shareable configuration \
            data the session generates; android: 0xA5, its 18 octets, the 14 an Android phone \
            sends), ranges on the device UWB_DEVICE names and prints one JSON line per distance \
            ({"t":…,"distance":…}, t on the device's clock), then sends stop and ends after \
            --updates distances (exit 0). Exit 1 when the accessory refuses, disconnects, or does \
            not start or gives too few distances within --timeout wall seconds; exit 2 when no device is usable.
            """)

    @Option(parsing: .unconditional, help: "The TCP port on 127.0.0.1 the accessory listens on.")
    var connect: UInt16?

    @Option(help: "Reach the accessory of this Bluetooth address (AA:BB:CC:DD:EE:FF) over Bluetooth LE instead of a socket.")
    var bluetooth: String?

    @Option(help: "The BlueZ adapter for --bluetooth.")
    var adapter = "hci0"

    @Option(help: "The phone to play: iphone or android.")
    var platform: PhonePlatform = .iPhone

    @Option(parsing: .unconditional, help: "How many distances to print before stopping.")
    var updates = 10

    @Option(parsing: .unconditional, help: "Wall seconds to wait for the accessory to start and for the distances (a deadline for a dead accessory).")
    var timeout = 60.0

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard updates > 0, timeout > 0 else { throw ValidationError("give --updates > 0 and --timeout > 0") }
        guard (connect == nil) != (bluetooth == nil) else { throw ValidationError("give either --connect PORT or --bluetooth ADDRESS") }
    }

    func run() throws {
        logging.start()
        let device = try AccessoryCommand.openDevice()
        let phone = EmulatedPhone(device: device, platform: platform)
        let (port, bluetooth, adapter, updates, timeout) = (connect, bluetooth, adapter, updates, timeout)
        let outcome = AccessoryCommand.blocking {
            let transport: any AccessoryTransport =
                if let bluetooth {
                    try await BlueZAccessoryCentral.connect(to: bluetooth, adapter: adapter)
                } else {
                    try AccessorySocketTransport.connect(port: port ?? 0)
                }
            let deadline = Task { () -> Bool in
                guard (try? await Task.sleep(for: .seconds(timeout))) != nil else { return false }
                phone.end()
                // A silent accessory (over Bluetooth nothing else tells): its receive returns nil.
                transport.close()
                return true
            }
            do {
                try await phone.start(over: transport)
            } catch {
                deadline.cancel()
                if await deadline.value { throw NIError(.sessionFailed, detail: "the accessory did not start ranging within \(timeout) s") }
                throw error
            }
            var count = 0
            for await measurement in phone.measurements where measurement.distance != nil {
                AccessoryCommand.printLine(JSONText.object([
                    ("t", JSONText.number(measurement.time.secondsValue, decimals: 6)),
                    ("distance", JSONText.number(measurement.distance?.metres, decimals: 4)),
                ]))
                count += 1
                if count == updates { break }
            }
            deadline.cancel()
            guard count == updates else {
                throw NIError(.sessionFailed, detail: "only \(count) of \(updates) distances within \(timeout) s")
            }
            try await phone.stop(over: transport)
            transport.close()
        }
        if case .failure(let error) = outcome {
            StandardError.line("Error: \(error)")
            throw ExitCode(1)
        }
    }
}

extension PhonePlatform: ExpressibleByArgument {}
