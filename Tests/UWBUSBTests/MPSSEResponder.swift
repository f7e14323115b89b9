import FT232H
import FT232HEmulation
import UWBCore
import UWBEmulator

/// The FT232H's MPSSE engine behind the umockdev device: an ``EmulatedFT232H`` byte model driving
/// virtual DW1000 chips answers the vendor requests and bulk traffic that reach the device through
/// the real libusb. Its answers come back as whole IN packets, status octets included.
///
/// `@unchecked Sendable`: umockdev calls it on its worker thread, one call at a time, and the test
/// thread reads the model only after the traffic has stopped.
final class MPSSEResponder: EmulatedUSBResponder, @unchecked Sendable {
    /// The byte model.
    let model: EmulatedFT232H

    /// A responder for `board`, wired to standalone virtual chips.
    init(board: BoardDescription) {
        model = EmulatedFT232H(board: board, chips: StandaloneChips.make(for: board))
    }

    /// A responder for `board`, wired to the chips behind `chipBus` (chips in a room running on
    /// its own thread, through a `SimulationThreadBus`).
    init(board: BoardDescription, chipBus: any SPIBus) {
        model = EmulatedFT232H(board: board, chipBus: chipBus)
    }

    func control(_ request: ReceivedControlRequest, data: UnsafeMutablePointer<UInt8>?, length: Int) -> Int32 {
        do {
            guard request.requestType & 0x80 != 0 else {
                try model.control(request: request.request, value: request.value, index: request.index, timeout: .zero)
                return 0
            }
            let answer = try model.controlIn(
                request: request.request, value: request.value, index: request.index, length: length, timeout: .zero)
            guard let data else { return 0 }
            for (offset, octet) in answer.enumerated() {
                data[offset] = octet
            }
            return Int32(answer.count)
        } catch {
            return -1
        }
    }

    func bulkOut(_ octets: [UInt8]) -> [UInt8] {
        do {
            try model.write(octets, timeout: .zero)
            var reply: [UInt8] = []
            while true {
                let packet = try model.read(capacity: model.maxPacketSize, timeout: .zero)
                guard packet.count > FT232HPacketStream.statusLength else { return reply }
                reply += packet
            }
        } catch {
            return []
        }
    }
}
