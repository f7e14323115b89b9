import DW1000Driver
import UWBCore

/// The registers of a virtual DW1000 on a ``VirtualBoardBus``, for its driver
/// (``DW1000RegisterBus``): each access is answered as the bus answers the transaction with the
/// same header and body, and fails as the bus fails it, with ``SPIBusError/disconnected(_:)``
/// once the board is unplugged and ``SPIBusError/transferFailed(_:)`` for an access the chip
/// refuses.
final class BoardDW1000Registers: DW1000DirectRegisters {
    /// The board whose attachment every access checks.
    private let board: VirtualBoardBus
    /// The chip.
    private let chip: VirtualDW1000

    /// The registers of `chip` on `board`.
    init(board: VirtualBoardBus, chip: VirtualDW1000) {
        self.board = board
        self.chip = chip
    }

    /// Answers the read through ``VirtualDW1000/answerRead(file:subIndex:count:)``.
    func read(file: UInt8, subIndex: UInt16, count: Int) throws(SPIBusError) -> [UInt8] {
        try answered { () throws(VirtualChipError) in try chip.answerRead(file: file, subIndex: Int(subIndex), count: count) }
    }

    /// Answers the read through ``VirtualDW1000/answerReadValue(file:subIndex:count:)``.
    func readValue(file: UInt8, subIndex: UInt16, count: Int) throws(SPIBusError) -> UInt64 {
        try answered { () throws(VirtualChipError) in try chip.answerReadValue(file: file, subIndex: Int(subIndex), count: count) }
    }

    /// Answers the write through ``VirtualDW1000/answerWrite(file:subIndex:octets:)``.
    func write(file: UInt8, subIndex: UInt16, octets: [UInt8]) throws(SPIBusError) {
        try answered { () throws(VirtualChipError) in try chip.answerWrite(file: file, subIndex: Int(subIndex), octets: octets) }
    }

    /// Answers the write through ``VirtualDW1000/answerWrite(file:subIndex:value:count:)``.
    func write(file: UInt8, subIndex: UInt16, value: UInt64, count: Int) throws(SPIBusError) {
        try answered { () throws(VirtualChipError) in try chip.answerWrite(file: file, subIndex: Int(subIndex), value: value, count: count) }
    }

    /// The chip's answer to an access while the board is attached, its refusal as the bus's.
    @inline(__always)
    private func answered<Answer>(_ access: () throws(VirtualChipError) -> Answer) throws(SPIBusError) -> Answer {
        try board.checkAttached()
        do {
            return try access()
        } catch {
            throw .transferFailed(error.description)
        }
    }
}
