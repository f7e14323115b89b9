import Foundation
import UWBCore

extension FT232HSPIBus {
    /// Sends `commands` in one bulk OUT transfer and, if they ask for an answer, appends 0x87 and
    /// reads the whole answer back: one USB round trip.
    ///
    /// - Returns: the answer's data octets, status octets stripped.
    func exchange(_ commands: [MPSSECommand]) throws(SPIBusError) -> [UInt8] {
        let expected = commands.reduce(0) { $0 + $1.responseLength }
        guard expected > 0 else {
            try send(commands)
            return []
        }
        try send(commands + [.sendImmediate])
        var payload: [UInt8] = []
        try receive(expected, into: &payload)
        return payload
    }

    /// Sends `commands` in one bulk OUT transfer without waiting for anything.
    func send(_ commands: [MPSSECommand]) throws(SPIBusError) {
        let octets = MPSSECommand.encode(commands)
        guard !octets.isEmpty else { return }
        try link.write(octets, timeout: timeout)
        statistics.bulkWrites += 1
        statistics.bytesWritten += octets.count
    }

    /// Reads IN transfers into `payload` until it holds `count` data octets, skipping the status
    /// octets of every packet and the status-only packets an idle chip sends once per latency
    /// period; completes one round trip.
    ///
    /// - Throws: ``SPIBusError/timedOut(_:)`` if the answer is not complete within ``timeout``
    ///   (what came is left in `payload`), ``SPIBusError/transferFailed(_:)`` if more came than
    ///   was asked for (the MPSSE stream is out of step), or the link's errors.
    func receive(_ count: Int, into payload: inout [UInt8]) throws(SPIBusError) {
        let deadline = ContinuousClock.now + timeout
        let packetSize = link.maxPacketSize
        while payload.count < count {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw .timedOut("the FT232H answered \(payload.count) of \(count) octets within \(timeout)")
            }
            let capacity = FT232HPacketStream.capacity(forPayload: count - payload.count, maxPacketSize: packetSize)
            let transfer = try link.read(capacity: capacity, timeout: remaining)
            let data = FT232HPacketStream.payload(of: transfer, maxPacketSize: packetSize)
            statistics.bulkReads += 1
            statistics.bytesRead += transfer.count
            statistics.payloadBytesRead += data.count
            if data.isEmpty { statistics.statusOnlyReads += 1 }
            payload += data
        }
        statistics.roundTrips += 1
        guard payload.count == count else {
            throw .transferFailed(
                "the FT232H answered \(payload.count) octets where \(count) were expected; the MPSSE command stream is out of step, close the bus and open it again")
        }
    }

    /// Sends one vendor request to interface A.
    func control(_ request: FTDIRequest, value: UInt16) throws(SPIBusError) {
        try link.control(request: request.rawValue, value: value, index: FTDIRequest.interfaceA, timeout: timeout)
        statistics.controlRequests += 1
    }

    /// Blocks the radio loop for `duration`: hardware timing of the USB path (RSTn, IRQ polling).
    func pause(_ duration: Duration) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
    }
}
