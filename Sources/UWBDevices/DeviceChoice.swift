import Foundation
import Logging
import UCI
import UCIClient
import UWBCore
import UWBEmulator
import UWBEmulatorService

/// Which device a process ranges on (a radio, or a UCI device), as the `UWB_DEVICE` environment
/// variable names it.
///
/// | `UWB_DEVICE` | Choice |
/// |---|---|
/// | unset or empty | ``firstAttachedBoard`` |
/// | `emulator:NAME` | ``emulatorDevice(_:)``: device NAME of a running emulator service |
/// | `usb:SERIAL` | ``usbBoard(serial:)``: the attached board with that serial number |
/// | `uci:tcp://HOST:PORT`, `uci:/dev/ttyACM0` | ``uciDevice(_:)``: a UWBS spoken to over UCI |
///
/// A UCI device ranges by itself: sessions run on it (``openUCIDevice(responseTimeout:)``), but it
/// has no registers or frames to give, so ``open(board:calibrationStore:)`` refuses it.
///
/// An app that must not depend on its environment hands its sessions a radio explicitly instead
/// (`DeviceService(radio:)` in the NearbyInteraction module).
public enum DeviceChoice: Hashable, Sendable, CustomStringConvertible {
    /// The first DW1000 board attached over USB.
    case firstAttachedBoard
    /// A device of the emulator service (`uwb emulator serve`), by its name in the scenario.
    case emulatorDevice(String)
    /// The attached USB board with this serial number.
    case usbBoard(serial: String)
    /// A UWB subsystem with UCI firmware, on a serial port or behind a UCI server.
    case uciDevice(UCIEndpoint)

    /// The name of the environment variable: `UWB_DEVICE`.
    public static let environmentVariable = "UWB_DEVICE"
    /// The variable naming the emulator service's socket: `UWB_EMULATOR_SOCKET` (default
    /// `EmulatorService.defaultSocketPath`).
    public static let socketVariable = "UWB_EMULATOR_SOCKET"

    /// Attaches to device `name` of the emulator service at `socketPath` (the default path if nil)
    /// and runs it on a ``ThreadedRadio`` on the service's virtual time, calibrated by its entry
    /// (`emulator:NAME`) in `calibrationStore` if there is one.
    ///
    /// - Throws: ``DeviceChoiceError/emulatorServiceFailed(device:reason:)`` or a bring-up failure.
    public static func openEmulatorDevice(
        _ name: String, socketPath: String?, calibrationStore: String? = nil, logger: Logger = DevicesLogging.logger()
    ) throws(DeviceChoiceError) -> ThreadedRadio {
        let (bus, board) = try EmulatorSocketBus.attach(to: name, at: serviceSocket(socketPath))
        return try ThreadedRadio(
            name: "emulator:" + name, board: board, bus: bus, kind: .emulatorService, clock: ServiceTurns(bus: bus),
            calibrationStore: calibrationStore, logger: logger)
    }

    /// The emulator service's socket: `path` unless it is nil or empty, else the service's default.
    public static func serviceSocket(_ path: String?) -> String {
        path.flatMap { $0.isEmpty ? nil : $0 } ?? EmulatorService.defaultSocketPath
    }

    /// The variable naming the board description of a USB board: `UWB_BOARD`, for example
    /// `ft232h-dw1000-dual`. Every FT232H has the same USB id, so the id cannot tell the boards apart;
    /// when it is unset, the chips read on the board's chip-selects choose the description.
    public static let boardVariable = "UWB_BOARD"

    /// The choice `value` names (the value of `UWB_DEVICE`; nil or empty for none).
    ///
    /// - Throws: ``DeviceChoiceError/unrecognised(_:)`` for anything else than the forms in the
    ///   table above, ``DeviceChoiceError/emptyName(_:)`` for `emulator:`, `usb:` or `uci:` alone,
    ///   or ``DeviceChoiceError/badUCIEndpoint(_:)`` for a UCI endpoint that is not understood.
    public init(environmentValue value: String?) throws(DeviceChoiceError) {
        let text = (value ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            self = .firstAttachedBoard
            return
        }
        if let name = Self.suffix(of: text, after: "emulator:") {
            guard !name.isEmpty else { throw .emptyName(text) }
            self = .emulatorDevice(name)
        } else if let serial = Self.suffix(of: text, after: "usb:") {
            guard !serial.isEmpty else { throw .emptyName(text) }
            self = .usbBoard(serial: serial)
        } else if let endpoint = Self.suffix(of: text, after: "uci:") {
            guard !endpoint.isEmpty else { throw .emptyName(text) }
            do {
                self = .uciDevice(try UCIEndpoint(parsing: endpoint))
            } catch {
                throw .badUCIEndpoint(error)
            }
        } else {
            throw .unrecognised(text)
        }
    }

    /// The choice the process environment names.
    ///
    /// - Throws: ``DeviceChoiceError`` if `UWB_DEVICE` is set to something not understood.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(DeviceChoiceError) -> DeviceChoice {
        try DeviceChoice(environmentValue: environment[environmentVariable])
    }

    /// Opens the chosen radio. A USB board is opened through libusb, brought up on its own loop
    /// thread (``ThreadedRadio``) and described by `board` (a board description id; by default
    /// the `UWB_BOARD` environment variable; if unset, the description the board's chips fit, found
    /// by resetting each chip and reading its DEV_ID, the one with the fewest chips if several fit).
    /// The board is brought up
    /// with its entry in `calibrationStore` (by default the file `UWB_CALIBRATION` names, else
    /// `~/.config/swift-uwb/calibration.json`; see `CalibrationStore`); a store that cannot be used
    /// is logged at `warning` and the board runs with its description's calibration.
    ///
    /// It logs to `logger` (``DevicesLogging``) which radio it opens and why at `info`, and why
    /// it could not at `warning`; the radio logs to it too.
    ///
    /// - Throws: ``DeviceChoiceError`` saying why the radio cannot be used: no board, a missing
    ///   serial number, permission, a bring-up failure, an emulator service that is not running or
    ///   refuses the device, or a UCI device (``DeviceChoiceError/notARadio(_:)``).
    public func open(
        board: String? = ProcessInfo.processInfo.environment[DeviceChoice.boardVariable],
        calibrationStore: String? = CalibrationStore.defaultPath(),
        logger: Logger = DevicesLogging.logger()
    ) throws(DeviceChoiceError) -> ThreadedRadio {
        logger.info("opening \(reason)")
        do throws(DeviceChoiceError) {
            return switch self {
            case .firstAttachedBoard:
                try USBRadio.open(serial: nil, boardID: board, calibrationStore: calibrationStore, logger: logger)
            case .usbBoard(let serial):
                try USBRadio.open(serial: serial, boardID: board, calibrationStore: calibrationStore, logger: logger)
            case .emulatorDevice(let name):
                try Self.openEmulatorDevice(
                    name, socketPath: ProcessInfo.processInfo.environment[Self.socketVariable], calibrationStore: calibrationStore,
                    logger: logger)
            case .uciDevice: throw DeviceChoiceError.notARadio(description)
            }
        } catch {
            logger.warning("cannot open the radio", metadata: [LogMetadataKey.device: "\(description)", LogMetadataKey.error: "\(error)"])
            throw error
        }
    }

    /// Which radio this choice opens, and why, for the log.
    var reason: String {
        switch self {
        case .firstAttachedBoard: "the first attached USB board (\(Self.environmentVariable) is not set)"
        case .emulatorDevice(let name): "device \(name) of the emulator service (\(Self.environmentVariable)=\(description))"
        case .usbBoard(let serial): "the USB board with serial number \(serial) (\(Self.environmentVariable)=\(description))"
        case .uciDevice(let endpoint): "the UCI device at \(endpoint) (\(Self.environmentVariable)=\(description))"
        }
    }

    /// The `UWB_DEVICE` value for this choice (empty for the first attached board).
    public var description: String {
        switch self {
        case .firstAttachedBoard: ""
        case .emulatorDevice(let name): "emulator:" + name
        case .usbBoard(let serial): "usb:" + serial
        case .uciDevice(let endpoint): "uci:\(endpoint)"
        }
    }

    /// The variable naming a pcapng file for a UCI device's traffic: `UWB_UCI_TRACE` (every UCI
    /// packet both ways, as `uwb uci serve --trace` writes them; `Docs/uci.md`, "Traces").
    public static let uciTraceVariable = "UWB_UCI_TRACE"

    /// Connects to the chosen UCI device and brings it up
    /// (``UCIDevice/open(_:responseTimeout:trace:)``), recording its traffic in the pcapng file
    /// `tracePath` if one is given (by default the file `UWB_UCI_TRACE` names).
    ///
    /// - Throws: ``DeviceChoiceError/uciDeviceFailed(_:)`` if it cannot be reached or brought up,
    ///   ``DeviceChoiceError/uciTraceFailed(_:)`` if the trace file cannot be written, or
    ///   ``DeviceChoiceError/unrecognised(_:)`` if this choice is not a UCI device.
    public func openUCIDevice(
        responseTimeout: Duration = UCIClientConstants.responseTimeout,
        tracePath: String? = ProcessInfo.processInfo.environment[DeviceChoice.uciTraceVariable]
    ) throws(DeviceChoiceError) -> UCIDevice {
        guard case .uciDevice(let endpoint) = self else { throw .unrecognised(description) }
        let trace: UCITraceWriter?
        do {
            trace = try tracePath.flatMap { $0.isEmpty ? nil : $0 }.map { path throws(UCITraceError) in try UCITraceWriter(path: path) }
        } catch {
            throw .uciTraceFailed(error)
        }
        do {
            return try UCIDevice.open(endpoint, responseTimeout: responseTimeout, trace: trace)
        } catch {
            throw .uciDeviceFailed(error)
        }
    }

    private static func suffix(of text: String, after prefix: String) -> String? {
        text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : nil
    }
}
