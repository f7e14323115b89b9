import ArgumentParser
import Foundation
import UWBEmulator

/// `uwb emulator serve`: hosts a scenario's room in real time and lets apps attach to its free
/// devices over a Unix socket (`UWB_DEVICE=emulator:NAME`), until Ctrl-C.
struct EmulatorServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Host a scenario's room for apps in other processes (UWB_DEVICE=emulator:NAME).",
        discussion: """
            Devices with a `transmit` script in the scenario are driven by it; the others are free: \
            one app at a time may attach to each, and its own DW1000 driver drives the virtual chips \
            over the socket. An app that exits frees its device. Ctrl-C stops the service. Wire format \
            and usage: Docs/emulator-service.md.
            """)

    @Option(help: "The scenario file (JSON); see Docs/scenarios.md.")
    var scenario: String

    @Option(help: "The socket path; default $XDG_RUNTIME_DIR/swift-uwb-emulator.sock or /tmp/swift-uwb-emulator.sock. Apps find it through UWB_EMULATOR_SOCKET.")
    var socket: String?

    @Option(help: "Random seed; overrides the scenario's.")
    var seed: UInt64?

    func run() throws {
        let loaded: Scenario
        let emulation: Emulation
        do {
            loaded = try Scenario.load(from: scenario)
            emulation = try Emulation(scenario: loaded, seed: seed)
        } catch let error as ScenarioError {
            throw ValidationError(error.description)
        } catch let error as EmulationError {
            throw ValidationError(error.description)
        }
        let free = loaded.devices.filter { $0.transmit == nil }.map(\.name)
        guard !free.isEmpty else {
            throw ValidationError("every device of \(scenario) has a transmit script, so none is free for apps; remove the script of the devices apps should drive")
        }
        let service: EmulatorService
        do {
            service = try EmulatorService(emulation: emulation, free: free, socketPath: socket ?? EmulatorService.defaultSocketPath)
        } catch {
            throw ValidationError(error.description)
        }
        let interruption = Interruption()
        service.start()
        print("serving \(free.joined(separator: ", ")) at \(service.socketPath); apps use UWB_DEVICE=emulator:NAME"
              + (socket == nil ? "" : " with UWB_EMULATOR_SOCKET=\(service.socketPath)") + "; Ctrl-C stops")
        fflush(nil)
        while !interruption.wasInterrupted {
            Thread.sleep(forTimeInterval: 0.1)
        }
        service.stop()
        print("stopped")
    }
}
