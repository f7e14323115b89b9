import AccessoryProtocol
import ArgumentParser
import Foundation
import NearbyInteraction
import NearbyInteractionDefaultDevice
import Synchronization
import UWBCore
import UWBDevices

/// `uwb accessory`: the device `UWB_DEVICE` names as an accessory of Apple's Nearby Interaction
/// accessory protocol (``NearbyAccessory``), reached by phones over the socket transport: an
/// emulated phone (`uwb phone`), or a bridge from a phone's Bluetooth link.
struct AccessoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accessory",
        abstract: "Make the device UWB_DEVICE names a Nearby Interaction accessory that phones reach over a socket.",
        discussion: """
            Listens on --port of 127.0.0.1 (the accessory protocol's messages, each after its \
            2-octet little-endian length) and serves --connections phones one after the other: \
            answers an iPhone's initialise (0x0A) with the accessory's configuration data and an \
            Android phone's (0xA5) with its 18 octets, starts the FiRa session the phone's data sets \
            up, says UWB started, and stops on stop (0x0C) or when the phone disconnects. Prints one \
            JSON line per event: {"listening":PORT} first, then "initialized", "started" (the \
            session id, channel, preamble code and interval), each distance ({"t":…,"distance":…}, t \
            on the device's clock), "stopped" and "refused" (a message it could not take, with why). \
            The device needs an STS: a DW3000-family radio, or a FiRa UCI device.
            """)

    @Option(parsing: .unconditional, help: "The TCP port on 127.0.0.1 to listen on (0: one the system chooses, printed first).")
    var port: UInt16 = 0

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
        let device: DeviceService
        do {
            device = try DeviceService.open(DeviceChoice.fromEnvironment())
        } catch {
            StandardError.line("Error: no usable device: \(error)")
            throw ExitCode(2)
        }
        let uwb = address.flatMap { UInt16($0.replacingOccurrences(of: "0x", with: ""), radix: 16) }.map {
            AccessoryUWBConfiguration(manufacturerID: 0, modelID: 0, middlewareMajorVersion: 1, middlewareMinorVersion: 0, rangingRole: 1, macAddress: $0)
        }
        let accessory = NearbyAccessory(device: device, uwb: uwb)
        let listener: AccessorySocketListener
        do {
            listener = try AccessorySocketListener(port: port)
        } catch {
            StandardError.line("Error: \(error)")
            throw ExitCode(1)
        }
        Self.printLine(JSONText.object([("listening", "\(listener.port)")]))
        let printing = Task {
            for await event in accessory.events() {
                Self.printLine(Self.line(of: event))
            }
        }
        let connections = connections
        let failure = Self.blocking {
            var served = 0
            while connections == 0 || served < connections, let transport = await listener.accept() {
                served += 1
                do {
                    try await accessory.serve(transport)
                } catch {
                    StandardError.line("the phone's link failed: \(error)")
                }
            }
        }
        printing.cancel()
        if let failure {
            StandardError.line("Error: \(failure)")
            throw ExitCode(1)
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

    /// Runs `work` to its end on the concurrency runtime while this thread waits; the error it
    /// threw, if any.
    static func blocking(_ work: @escaping @Sendable () async throws -> Void) -> (any Error)? {
        let outcome = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await work()
            } catch {
                outcome.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 }
    }
}
