import Foundation
import UWBCore
import UWBEmulator

/// The raw SPI bus of a chosen radio (a USB board, or a device of the emulator service), opened
/// without bringing its chips up: for reading registers of a chip that fails bring-up
/// (`uwb registers --read`). Call ``release()`` when done, so that the board or device is free
/// for the next program.
public struct RadioBus {
    /// The radio's name: `usb:SERIAL` or `emulator:NAME`.
    public let name: String
    /// The board's description: its chips, in chip-select order.
    public let board: BoardDescription
    /// The bus; chip n of ``board`` is `ChipSelect(n)`.
    public let bus: any SPIBus

    /// Lets go of the board or device (``SPIBus/release()``).
    public func release() {
        bus.release()
    }
}

extension DeviceChoice {
    /// Opens the chosen radio's bus without bringing its chips up. A USB board is described by
    /// `board` (a board description id; by default `UWB_BOARD`; if unset, the description its chips
    /// fit, found by resetting them and reading DEV_ID on every chip-select); a
    /// device of the emulator service is found at `socketPath` (by default `UWB_EMULATOR_SOCKET`,
    /// else the service's default path), and while its bus is open the service's world stands
    /// still (the bus holds the device's turn).
    ///
    /// - Throws: ``DeviceChoiceError`` saying why the bus cannot be opened: no board, a missing
    ///   serial number, permission, an emulator service that is not running or refuses the device,
    ///   a UCI device (``DeviceChoiceError/notARadio(_:)``: it has no registers to give).
    public func openBus(
        board: String? = ProcessInfo.processInfo.environment[DeviceChoice.boardVariable],
        socketPath: String? = ProcessInfo.processInfo.environment[DeviceChoice.socketVariable]
    ) throws(DeviceChoiceError) -> RadioBus {
        switch self {
        case .firstAttachedBoard, .usbBoard:
            let serial: String? = if case .usbBoard(let serial) = self { serial } else { nil }
            let opened = try USBRadio.openBus(serial: serial, boardID: board)
            return RadioBus(name: opened.name, board: opened.board, bus: opened.bus)
        case .emulatorDevice(let name):
            let (bus, description) = try EmulatorSocketBus.attach(to: name, at: Self.serviceSocket(socketPath))
            return RadioBus(name: "emulator:" + name, board: description, bus: bus)
        case .uciDevice:
            throw .notARadio(description)
        }
    }
}
