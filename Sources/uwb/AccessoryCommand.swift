import AccessoryBluetooth
import AccessoryProtocol
import ArgumentParser
import Foundation
import NearbyInteraction
import NearbyInteractionDefaultDevice
import Synchronization
import UWBCore
import UWBDevices

/// `uwb accessory`: the device `UWB_DEVICE` names as an accessory of Apple's Nearby Interaction
/// accessory protocol (``NearbyAccessory``), reached by phones over the socket transport (an
/// emulated phone, `uwb phone`) or over Bluetooth LE through BlueZ (a phone).
struct AccessoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accessory",
        abstract: "Make the device UWB_DEVICE names a Nearby Interaction accessory that phones reach over a socket or Bluetooth LE.",
        discussion: """
            Listens on --port of 127.0.0.1 (the accessory protocol's messages, each after its \
            2-octet little-endian length), or with --bluetooth advertises on that BlueZ adapter the \
            accessory samples' GATT data channel and background mode's service (Docs/bluetooth.md), \
            and serves --connections phones one after the other: \
            answers an iPhone's initialise (0x0A) with the accessory's configuration data and an \
            Android phone's (0xA5) with its 18 octets, starts the FiRa session the phone's data sets \
            up, says UWB started, and stops on stop (0x0C) or when the phone disconnects. Prints one \
            JSON line per event: {"listening":PORT} first, then "initialized", "started" (the \
            session id, channel, preamble code and interval), each distance ({"t":…,"distance":…}, t \
            on the device's clock), "stopped" and "refused" (a message it could not take, with why); \
            with --bluetooth the first line is {"advertising":ADAPTER}. \
            The device needs an STS: a DW3000-family radio, or a FiRa UCI device.
            """)

    @Option(parsing: .unconditional, help: "The TCP port on 127.0.0.1 to listen on (0: one the system chooses, printed first).")
    var port: UInt16 = 0

    @Option(help: "Serve phones over Bluetooth LE on this BlueZ adapter (such as hci0) instead of a socket.")
    var bluetooth: String?

    @Option(help: "The name the Bluetooth advertisement carries.")
    var name = "swift-uwb"

    @Option(help: "The accessory's short MAC address, in hexadecimal (default: a random one).")
    var address: String?

    @Option(parsing: .unconditional, help: "How many phones to serve, one after the other, before ending (0: until interrupted).")
    var connections = 1

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard connections >= 0 else { throw ValidationError("give --connections ≥ 0") }
        if let address, UInt16(address.replacingOccurrences(of: "0x", with: ""), radix: 16) == nil {
            throw ValidationError("--address \(address) is not a 16-bit hexadecimal address, such as D711")
        }
    }

    func run() throws {
        logging.start()
        let device = try Self.openDevice()
        let uwb = address.flatMap { UInt16($0.replacingOccurrences(of: "0x", with: ""), radix: 16) }.map(AccessoryUWBConfiguration.generic(macAddress:))
        let accessory = NearbyAccessory(device: device, uwb: uwb)
        let phones = try phones(for: accessory)
        let printing = Task {
            for await event in accessory.events() {
                Self.printLine(Self.line(of: event))
            }
        }
        let connections = connections
        let served = Self.blocking {
            var served = 0
            while connections == 0 || served < connections, let transport = await phones.accept() {
                served += 1
                do {
                    try await accessory.serve(transport)
                } catch {
                    StandardError.line("the phone's link failed: \(error)")
                }
            }
        }
        printing.cancel()
        phones.close()
        if case .failure(let error) = served {
            StandardError.line("Error: \(error)")
            throw ExitCode(1)
        }
    }

    /// Where phones come from: a socket listener or a Bluetooth peripheral, started and announced
    /// on the first line.
    private func phones(for accessory: NearbyAccessory) throws -> PhoneSource {
        if let bluetooth {
            let settings = BlueZAccessorySettings(localName: name, adapter: bluetooth, configurationData: try accessory.configurationData.encoded())
            let peripheral: BlueZAccessoryPeripheral
            switch Self.blocking({ try await BlueZAccessoryPeripheral.start(settings) }) {
            case .success(let started):
                peripheral = started
            case .failure(let error):
                StandardError.line("Error: \(error)")
                throw ExitCode(1)
            }
            Self.printLine(JSONText.object([("advertising", JSONText.string(bluetooth))]))
            return PhoneSource(accept: { await peripheral.accept() }, close: { peripheral.close() })
        }
        let listener: AccessorySocketListener
        do {
            listener = try AccessorySocketListener(port: port)
        } catch {
            StandardError.line("Error: \(error)")
            throw ExitCode(1)
        }
        Self.printLine(JSONText.object([("listening", "\(listener.port)")]))
        return PhoneSource(accept: { await listener.accept() }, close: { listener.close() })
    }

    /// Where the phones come from.
    struct PhoneSource: Sendable {
        /// The next phone's link; nil once there will be none.
        let accept: @Sendable () async -> (any AccessoryTransport)?
        /// Stops taking phones.
        let close: @Sendable () -> Void
    }

    /// The device service of the device `UWB_DEVICE` names; exit 2, saying why, when there is none.
    static func openDevice() throws -> DeviceService {
        do {
            return try DeviceService.open(DeviceChoice.fromEnvironment())
        } catch {
            StandardError.line("Error: no usable device: \(error)")
            throw ExitCode(2)
        }
    }

    /// The JSON line of `event`.
    static func line(of event: NearbyAccessory.Event) -> String {
        switch event {
        case .initialized(let platform):
            JSONText.object([("event", JSONText.string("initialized")), ("platform", JSONText.string("\(platform)"))])
        case .started(let session):
            JSONText.object([
                ("event", JSONText.string("started")), ("session", "\(session.sessionID)"), ("channel", "\(session.channel)"),
                ("preamble", "\(session.preambleCodeIndex)"), ("interval_ms", "\(Int(session.rangingInterval / .milliseconds(1)))"),
            ])
        case .measured(let measurement):
            JSONText.object([
                ("t", JSONText.number(measurement.time.secondsValue, decimals: 6)),
                ("distance", JSONText.number(measurement.distance?.metres, decimals: 4)),
            ])
        case .stopped:
            JSONText.object([("event", JSONText.string("stopped"))])
        case .refused(let error):
            JSONText.object([("event", JSONText.string("refused")), ("reason", JSONText.string("\(error)"))])
        case .failed(let error):
            JSONText.object([("event", JSONText.string("failed")), ("reason", JSONText.string("\(error)"))])
        }
    }

    /// Prints `line` and flushes it, so a program reading the pipe sees it at once.
    static func printLine(_ line: String) {
        print(line)
        fflush(nil)
    }

    /// Runs `work` to its end on the concurrency runtime while this thread waits; what it gave
    /// or threw.
    static func blocking<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) -> Result<Value, any Error> {
        let outcome = Mutex<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<Value, any Error>
            do {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 } ?? .failure(CommandFailure("the work ended without an outcome"))
    }
}
