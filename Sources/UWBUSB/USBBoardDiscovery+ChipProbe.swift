import DW1000Driver
import FT232H
import Logging
import UWBCore

extension USBBoardDiscovery {
    /// `board` with its chips probed (``AttachedBoard/probe``, ``AttachedBoard/fittingBoards``),
    /// as ``attachedBoards(in:boards:probingChips:logger:)`` probes each board: for choosing the
    /// description of one board without resetting the chips of every other attached board.
    /// A board whose serial number could not be read is returned as it is.
    ///
    /// - Throws: ``USBError`` if the bus cannot be enumerated; a board no longer attached is
    ///   probed as one that does not answer (every answer ``ChipAnswer/failed(_:)``).
    public static func probingChips(
        of board: AttachedBoard, in context: USBContext, logger: Logger = USBLogging.logger()
    ) throws(USBError) -> AttachedBoard {
        guard board.openError == nil else { return board }
        let probe: BoardProbe
        if let device = try context.devices().first(where: { $0.descriptor == board.device }) {
            probe = probeChips(of: device, boards: board.boards, logger: logger)
        } else {
            probe = BoardProbe(chips: ChipProbePlan(boards: board.boards).buses.flatMap { $0.probes { _ in .failed("the board is no longer attached") } })
        }
        return AttachedBoard(
            device: board.device, serialNumber: board.serialNumber, openError: board.openError, boards: board.boards, probe: probe)
    }

    /// Opens `device` as an FT232H and reads DEV_ID on every chip-select that `boards` wire
    /// (``ChipProbePlan``): for each bus of the plan, opens the MPSSE at the slowest initial SPI
    /// clock of the descriptions with every known CS high, then per chip pulses RSTn and reads
    /// DEV_ID. A DW1000 and a DW3000 answer the same one-octet read (``DW1000/deviceIDRead``), each
    /// with its own value. Failures are answers (``ChipAnswer/failed(_:)``), never thrown: a board
    /// that cannot be probed is still listed. The interface is released afterwards.
    static func probeChips(of device: USBDevice, boards: [BoardDescription], logger: Logger) -> BoardProbe {
        let plan = ChipProbePlan(boards: boards)
        let link: FT232HUSBLink
        do {
            link = try FT232HUSBLink(device: device, logger: logger)
        } catch {
            return BoardProbe(chips: plan.buses.flatMap { $0.probes { _ in .failed(error.description) } })
        }
        defer { link.close() }
        let chips = plan.buses.flatMap { probe($0, over: link) }.sorted { $0.chipSelect.index < $1.chipSelect.index }
        logger.debug("chips probed", metadata: [
            USBLogging.deviceKey: "\(device.descriptor.location)",
            "usb.chips": "\(chips.map(\.description).joined(separator: "; "))",
        ])
        return BoardProbe(chips: chips)
    }

    /// The chips of one bus of the plan: opens it over `link`, then reads each chip's DEV_ID.
    private static func probe(_ plan: ChipProbePlan.Bus, over link: FT232HUSBLink) -> [ChipProbe] {
        let bus: FT232HSPIBus
        do {
            bus = try FT232HSPIBus(link: link, board: plan.board)
            try bus.open()
        } catch {
            return plan.probes { _ in .failed("\(error)") }
        }
        return plan.probes { chip in readDeviceID(chip.chipSelect, on: bus) }
    }

    /// Pulses the chip's RSTn, then reads its DEV_ID at the initial clock the bus opened with.
    private static func readDeviceID(_ chip: ChipSelect, on bus: FT232HSPIBus) -> ChipAnswer {
        do throws(SPIBusError) {
            try bus.reset(chip)
            let octets = try bus.transfer(DW1000.deviceIDRead, on: chip)
            return ChipAnswer(deviceID: octets.reversed().reduce(0) { $0 << 8 | UInt32($1) })
        } catch {
            return .failed(error.description)
        }
    }
}
