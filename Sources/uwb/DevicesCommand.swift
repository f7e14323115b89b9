import ArgumentParser
import UWBCore
import UWBUSB

/// `uwb devices`: lists the attached USB boards that match a board description, with the chips
/// found on them and the descriptions those chips fit.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List attached USB boards (FT232H bridges matching a file in Hardware/boards) and the chips on them.",
        discussion: """
            A USB device is listed when its vendor and product id match a board description \
            (Hardware/boards/*.json, or the directory in UWB_BOARDS_DIR). Every FT232H with a \
            default EEPROM is 0403:6014, so the command opens each one, resets its chips and reads \
            DEV_ID on every chip-select the descriptions wire (a DW1000 and a DW3000 answer \
            differently), then lists the descriptions whose chips all answered. A board opened \
            without UWB_BOARD runs as the one of those with the fewest chips (the probe cannot see \
            whether chips share a clock); set UWB_BOARD to one id to choose another. This resets the chips of every attached board that is not in use.
            """)

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        let boards: [BoardDescription]
        do {
            boards = try USBBoardDiscovery.catalogBoards()
        } catch {
            throw CommandFailure(error.description)
        }
        let attached: [AttachedBoard]
        do {
            attached = try USBBoardDiscovery.attachedBoards(in: USBContext(), boards: boards, probingChips: true)
        } catch {
            throw CommandFailure(error.description)
        }
        print(Self.report(attached, boards: boards))
    }

    /// The text `uwb devices` prints for `attached`, given the known `boards`.
    static func report(_ attached: [AttachedBoard], boards: [BoardDescription]) -> String {
        guard !attached.isEmpty else {
            let ids = Set(boards.map { $0.usb.description }).sorted().joined(separator: ", ")
            return "No board is attached: no USB device has the id of a board description (\(ids)). "
                + "Plug the board in; `lsusb` should list it."
        }
        var lines = ["\(attached.count) board\(attached.count == 1 ? "" : "s") attached:"]
        for board in attached {
            let device = board.device
            let serial = board.serialNumber ?? (board.openError == nil ? "none" : "unreadable")
            let identity = board.boards.first.map { $0.usb.description } ?? device.usbID
            lines.append(
                "  bus \(device.busNumber) port \(device.portPath.map(String.init).joined(separator: ".")) "
                    + "(\(device.location), address \(device.address))  "
                    + "serial \(serial)  \(identity)")
            lines.append(contentsOf: Self.chipLines(board).map { "    " + $0 })
            if let error = board.openError {
                lines.append(contentsOf: Self.advice(for: error).map { "    " + $0 })
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The chips probed and the descriptions they fit; the descriptions the board could be when
    /// its chips were not probed (it could not be opened).
    private static func chipLines(_ board: AttachedBoard) -> [String] {
        guard let probe = board.probe else {
            return board.boards.map { "could be \($0.id): \($0.name)" }
        }
        let fitting = board.fittingBoards.map { "fits \($0.id): \($0.name)" }
        return probe.chips.map(\.description)
            + (fitting.isEmpty
                ? ["no board description fits these chips: check the wiring (Hardware/wiring/) or describe the board "
                    + "in UWB_BOARDS_DIR (Hardware/boards/README.md)"]
                : fitting)
    }

    private static func advice(for error: USBError) -> [String] {
        guard error.code == .accessDenied else { return ["cannot open it: \(error)"] }
        return ["permission denied opening \(error.operation.replacingPrefix("opening ")).",
                "Install the udev rule \(USBError.udevRulePath) from the repository root:"]
            + USBError.udevInstallCommands.split(separator: "\n").map { "  " + $0 }
            + ["then unplug and replug the board."]
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
