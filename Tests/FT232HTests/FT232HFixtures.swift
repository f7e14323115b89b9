import DW1000Driver
import FT232H
import FT232HEmulation
import UWBCore
import UWBEmulator
import UWBTestSupport

/// Boards, virtual chips and emulated FT232Hs for the tests.
enum FT232HFixtures {
    /// The repository's shipped board description with this id.
    static func board(_ id: String) throws -> BoardDescription {
        try BoardDescription.load(from: Repository.path("Hardware/boards/\(id).json"))
    }

    /// An emulated FT232H wired to fresh virtual chips as board `id` says, and a bus over it
    /// (not opened), with no settle time after a reset so the tests run fast.
    static func rig(_ id: String = "ft232h-dw1000-single", maxPacketSize: Int = 512) throws -> (link: EmulatedFT232H, bus: FT232HSPIBus) {
        let board = try board(id)
        let link = EmulatedFT232H(board: board, chips: StandaloneChips.make(for: board), maxPacketSize: maxPacketSize)
        let bus = try FT232HSPIBus(link: link, board: board, resetSettleTime: .zero)
        return (link, bus)
    }

    /// ``rig(_:maxPacketSize:)`` with the bus opened.
    static func openRig(_ id: String = "ft232h-dw1000-single", maxPacketSize: Int = 512) throws -> (link: EmulatedFT232H, bus: FT232HSPIBus) {
        let rig = try rig(id, maxPacketSize: maxPacketSize)
        try rig.bus.open()
        return rig
    }

    /// Reading DEV_ID: header 0x00, 4 octets.
    static let readDeviceID = SPITransaction(header: [0x00], body: .read(count: 4))
}
