import FT232H
import Logging
import UWBCore
import UWBUSB

/// Opens an attached USB board as a ``ThreadedRadio``: the board's FT232H through libusb, its
/// MPSSE as the SPI bus, the driver of its chips' family on top (``BoardDrivers``).
enum USBRadio {
    /// The board description preferred when `UWB_BOARD` names none and the chip probe finds it
    /// among several that fit (``ProbedBoardChoice/preferred(among:)``): it uses chip 0 only.
    static let defaultBoardID = "ft232h-dw1000-single"

    /// The attached board with `serial` (any attached board if nil), as board description
    /// `boardID` says (if nil, the one its chips fit: ``ProbedBoardChoice``), calibrated by its
    /// entry in `calibrationStore`.
    ///
    /// - Throws: ``DeviceChoiceError`` naming what is missing or failed and what to do.
    static func open(
        serial: String?, boardID: String?, calibrationStore: String?, searchPaths: [String] = BoardCatalog.defaultSearchPaths,
        logger: Logger = DevicesLogging.logger()
    ) throws(DeviceChoiceError) -> ThreadedRadio {
        let opened = try openBus(serial: serial, boardID: boardID, searchPaths: searchPaths, logger: logger)
        var logger = logger
        logger[metadataKey: LogMetadataKey.boardSerial] = "\(opened.serial ?? "none")"
        return try ThreadedRadio(
            name: opened.name, board: opened.board, bus: opened.bus, kind: .usb, calibrationStore: calibrationStore, logger: logger)
    }

    /// The SPI bus of the attached board with `serial` (any attached board if nil), as board
    /// description `boardID` says, opened and synced but with its chips not brought up; with the
    /// board's name (`usb:SERIAL`), serial number (nil if it has none) and description. Without
    /// `boardID` the board's chips are probed (reset and DEV_ID read on every chip-select) and it
    /// runs as the description they fit (``ProbedBoardChoice``), logged to `logger`.
    ///
    /// - Throws: ``DeviceChoiceError`` naming what is missing or failed and what to do.
    static func openBus(
        serial: String?, boardID: String?, searchPaths: [String] = BoardCatalog.defaultSearchPaths,
        logger: Logger = DevicesLogging.logger()
    ) throws(DeviceChoiceError) -> (name: String, serial: String?, board: BoardDescription, bus: FT232HSPIBus) {
        let context: USBContext
        let attached: [AttachedBoard]
        do {
            context = try USBContext()
            attached = try USBBoardDiscovery.attachedBoards(
                in: context, boards: (try? USBBoardDiscovery.catalogBoards(searchPaths: searchPaths)) ?? [])
        } catch {
            throw .usbOpenFailed(device: "the USB bus", reason: error.description)
        }
        let candidates = serial.map { wanted in attached.filter { $0.serialNumber == wanted } } ?? attached
        guard let chosen = candidates.first else {
            guard let serial else { throw .noBoardAttached }
            throw .noSuchUSBBoard(serial: serial, available: attached.compactMap(\.serialNumber))
        }
        let name = "usb:" + (chosen.serialNumber ?? chosen.device.location)
        if let problem = chosen.openError {
            throw DeviceChoiceError(opening: name, failedWith: problem)
        }
        let board: BoardDescription
        if let boardID, !boardID.isEmpty {
            guard let named = chosen.boards.first(where: { $0.id == boardID }) else {
                throw .unknownBoard(boardID, available: chosen.boardIDs)
            }
            board = named
        } else {
            let probed: AttachedBoard
            do {
                probed = try USBBoardDiscovery.probingChips(of: chosen, in: context, logger: logger)
            } catch {
                throw .usbOpenFailed(device: name, reason: error.description)
            }
            board = try ProbedBoardChoice.board(of: probed, name: name, logger: logger)
        }
        let bus: FT232HSPIBus
        do {
            guard let device = try context.devices().first(where: { $0.descriptor == chosen.device }) else {
                throw DeviceChoiceError.noSuchUSBBoard(serial: serial ?? chosen.device.location, available: [])
            }
            bus = try FT232HSPIBus(link: try FT232HUSBLink(device: device), board: board)
            try bus.open()
        } catch let error as DeviceChoiceError {
            throw error
        } catch {
            throw .usbOpenFailed(device: name, reason: "\(error)")
        }
        return (name, chosen.serialNumber, board, bus)
    }
}
