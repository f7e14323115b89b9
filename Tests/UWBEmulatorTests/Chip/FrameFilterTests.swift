import DW1000Driver
import Testing
import UWBCore
@testable import UWBEmulator

/// The DW1000's frame filter, rule by rule (UM §5.2.1, §7.2.6), on a receiver with PAN_ID 0xDECA,
/// SHORT_ADDR 0x0002 and EUI 01:23:45:67:89:ab:cd:ef (frames here are written low octet first,
/// as they go on the air, and end with two placeholder FCS octets).
@Suite("Virtual DW1000: frame filtering (UM §5.2)")
struct FrameFilterTests {
    /// PANADR: PAN_ID 0xDECA in bits 31:16, SHORT_ADDR 0x0002 in bits 15:0 (UM §7.2.5).
    static let panadr: UInt64 = 0xDECA_0002
    /// The bench chips' EUI.
    static let eui: UInt64 = 0x0123_4567_89AB_CDEF
    /// SYS_CFG at reset (HIRQ_POL, DIS_DRXB) with FFEN.
    static let enabled: UInt64 = 0x1200 | DW1000Register.SysCfg.ffen.mask

    /// One rule's golden case: the SYS_CFG filter bits, the frame, and the verdict.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bits: [BitField]
        let frame: [UInt8]
        let verdict: FrameFilterVerdict
        var testDescription: String { name }
    }

    static let fcs: [UInt8] = [0, 0]
    /// Frame control 0x8841: data, PAN ID compression, short destination and source, version 0.
    static func data(pan: UInt16 = 0xDECA, to destination: UInt16 = 0x0002) -> [UInt8] {
        [0x41, 0x88, 0x01] + le(pan) + le(destination) + [0x01, 0x00, 0xAA] + fcs
    }

    static func le(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    static let cases: [Case] = [
        Case(name: "data to its short address in its PAN: accepted (FFAD)", bits: [DW1000Register.SysCfg.ffad],
             frame: data(), verdict: .accepted),
        Case(name: "data to the short broadcast address: accepted", bits: [DW1000Register.SysCfg.ffad],
             frame: data(to: 0xFFFF), verdict: .accepted),
        Case(name: "data in the broadcast PAN to its address: accepted", bits: [DW1000Register.SysCfg.ffad],
             frame: data(pan: 0xFFFF), verdict: .accepted),
        Case(name: "data to another short address: rejected after the addresses (9 octets)", bits: [DW1000Register.SysCfg.ffad],
             frame: data(to: 0x0003), verdict: .rejected(afterOctets: 9)),
        Case(name: "data in another PAN: rejected after the addresses", bits: [DW1000Register.SysCfg.ffad],
             frame: data(pan: 0xBEEF), verdict: .rejected(afterOctets: 9)),
        Case(name: "data while only beacons are allowed: rejected after the frame control (2 octets)",
             bits: [DW1000Register.SysCfg.ffab], frame: data(), verdict: .rejected(afterOctets: 2)),
        Case(name: "data with frame version 2: rejected after the frame control", bits: [DW1000Register.SysCfg.ffad],
             frame: [0x41, 0xA8] + Array(data().dropFirst(2)), verdict: .rejected(afterOctets: 2)),
        Case(name: "data with frame version 1 (IEEE 802.15.4-2006): accepted", bits: [DW1000Register.SysCfg.ffad],
             frame: [0x41, 0x98] + Array(data().dropFirst(2)), verdict: .accepted),
        // 0xCC41: data, PAN ID compression, extended destination and source.
        Case(name: "data to its EUI: accepted", bits: [DW1000Register.SysCfg.ffad],
             frame: [0x41, 0xCC, 0x01, 0xCA, 0xDE, 0xEF, 0xCD, 0xAB, 0x89, 0x67, 0x45, 0x23, 0x01]
                + Array(repeating: 0x11, count: 8) + fcs, verdict: .accepted),
        Case(name: "data to another EUI: rejected after the addresses (21 octets)", bits: [DW1000Register.SysCfg.ffad],
             frame: [0x41, 0xCC, 0x01, 0xCA, 0xDE, 0xEE, 0xCD, 0xAB, 0x89, 0x67, 0x45, 0x23, 0x01]
                + Array(repeating: 0x11, count: 8) + fcs, verdict: .rejected(afterOctets: 21)),
        Case(name: "data to the all-ones extended address: rejected, there is no extended broadcast", bits: [DW1000Register.SysCfg.ffad],
             frame: [0x41, 0xCC, 0x01, 0xCA, 0xDE] + Array(repeating: 0xFF, count: 8)
                + Array(repeating: 0x11, count: 8) + fcs, verdict: .rejected(afterOctets: 21)),
        // 0x8000: beacon, short source, no destination: source PAN ID and address follow the sequence number.
        Case(name: "a beacon from its PAN: accepted (FFAB)", bits: [DW1000Register.SysCfg.ffab],
             frame: [0x00, 0x80, 0x05, 0xCA, 0xDE, 0x01, 0x00] + fcs, verdict: .accepted),
        Case(name: "a beacon from the broadcast PAN: accepted", bits: [DW1000Register.SysCfg.ffab],
             frame: [0x00, 0x80, 0x05, 0xFF, 0xFF, 0x01, 0x00] + fcs, verdict: .accepted),
        Case(name: "a beacon from another PAN: rejected after the source address (7 octets)", bits: [DW1000Register.SysCfg.ffab],
             frame: [0x00, 0x80, 0x05, 0xEF, 0xBE, 0x01, 0x00] + fcs, verdict: .rejected(afterOctets: 7)),
        // 0x8001: data with only a short source address.
        Case(name: "data with only a source address, to a plain node: rejected", bits: [DW1000Register.SysCfg.ffad],
             frame: [0x01, 0x80, 0x05, 0xCA, 0xDE, 0x01, 0x00] + fcs, verdict: .rejected(afterOctets: 7)),
        Case(name: "data with only a source address in its PAN, to a coordinator (FFBC): accepted",
             bits: [DW1000Register.SysCfg.ffad, DW1000Register.SysCfg.ffbc],
             frame: [0x01, 0x80, 0x05, 0xCA, 0xDE, 0x01, 0x00] + fcs, verdict: .accepted),
        Case(name: "data with only a source address in another PAN, to a coordinator: rejected",
             bits: [DW1000Register.SysCfg.ffad, DW1000Register.SysCfg.ffbc],
             frame: [0x01, 0x80, 0x05, 0xEF, 0xBE, 0x01, 0x00] + fcs, verdict: .rejected(afterOctets: 7)),
        // 0x0002: acknowledgement, no addresses (IEEE 802.15.4-2006 §7.2.1.9 example 02 00 6A).
        Case(name: "an acknowledgement with FFAA: accepted", bits: [DW1000Register.SysCfg.ffaa],
             frame: [0x02, 0x00, 0x6A] + fcs, verdict: .accepted),
        Case(name: "an acknowledgement without FFAA: rejected after the frame control", bits: [DW1000Register.SysCfg.ffad],
             frame: [0x02, 0x00, 0x6A] + fcs, verdict: .rejected(afterOctets: 2)),
        // 0x8843: MAC command to a short address.
        Case(name: "a MAC command to its address with FFAM: accepted", bits: [DW1000Register.SysCfg.ffam],
             frame: [0x43, 0x88, 0x01, 0xCA, 0xDE, 0x02, 0x00, 0x01, 0x00, 0x04] + fcs, verdict: .accepted),
        // Reserved types: accepted without address rules when allowed.
        Case(name: "type 4 to another address with FFA4: accepted, no address rules", bits: [DW1000Register.SysCfg.ffa4],
             frame: [0x44, 0x88, 0x01, 0xEF, 0xBE, 0x09, 0x00, 0x01, 0x00] + fcs, verdict: .accepted),
        Case(name: "type 5 with FFA5: accepted", bits: [DW1000Register.SysCfg.ffa5],
             frame: [0x45, 0x88, 0x01, 0xEF, 0xBE, 0x09, 0x00, 0x01, 0x00] + fcs, verdict: .accepted),
        Case(name: "type 6 with FFAR: accepted", bits: [DW1000Register.SysCfg.ffar],
             frame: [0x46, 0x88, 0x01, 0xEF, 0xBE, 0x09, 0x00, 0x01, 0x00] + fcs, verdict: .accepted),
        Case(name: "type 4 with only FFA5: rejected after the frame control", bits: [DW1000Register.SysCfg.ffa5],
             frame: [0x44, 0x88, 0x01, 0xEF, 0xBE, 0x09, 0x00, 0x01, 0x00] + fcs, verdict: .rejected(afterOctets: 2)),
        Case(name: "type 4 shorter than the header its frame control announces: rejected when it ends",
             bits: [DW1000Register.SysCfg.ffa4], frame: [0x44, 0x88, 0x01, 0xEF] + fcs, verdict: .rejected(afterOctets: 6)),
        Case(name: "data shorter than its header: rejected when it ends", bits: [DW1000Register.SysCfg.ffad],
             frame: [0x41, 0x88, 0x01, 0xCA, 0xDE, 0x02] + fcs, verdict: .rejected(afterOctets: 8)),
    ]

    /// A bench chip with PANADR, the EUI and SYS_CFG set for a case.
    static func receiver(_ bits: [BitField], ffen: Bool = true) throws -> VirtualDW1000 {
        let chip = ChipBench().addChip()
        try chip.write(.panadr, panadr)
        try chip.write(.sysCfg, bits.reduce(ffen ? enabled : 0x1200) { $0 | $1.mask })
        return chip
    }

    @Test("each rule accepts or rejects exactly as UM §5.2.1 says", arguments: cases)
    func rule(_ golden: Case) throws {
        let chip = try Self.receiver(golden.bits)
        #expect(FrameFilterRules(registers: chip.registers).verdict(for: golden.frame) == golden.verdict)
    }

    @Test("with FFEN clear every frame is accepted, whatever the other bits say", arguments: cases)
    func disabled(_ golden: Case) throws {
        let chip = try Self.receiver(golden.bits, ffen: false)
        #expect(FrameFilterRules(registers: chip.registers).verdict(for: golden.frame) == .accepted)
    }

    /// A transmitter and a receiver with the filter on (FFAD) and LDE loaded; `mask` is the
    /// receiver's SYS_MASK.
    static func filteringPair(mask: UInt64) throws -> (ChipBench, VirtualDW1000, VirtualDW1000) {
        let (bench, transmitter, receiver) = try ReceiveTests.pair()
        try receiver.write(.otpCtrl, DW1000Register.OtpCtrl.ldeload.mask)
        try receiver.write(.panadr, panadr)
        try receiver.write(.sysCfg, try receiver.read(.sysCfg) | DW1000Register.SysCfg.ffen.mask | DW1000Register.SysCfg.ffad.mask)
        try receiver.write(.sysMask, mask)
        return (bench, transmitter, receiver)
    }

    /// Sends `frame` (without FCS) from `transmitter` now.
    static func send(_ frame: [UInt8], from transmitter: VirtualDW1000) throws {
        try transmitter.program(ReceiveTests.config, frameLength: frame.count + 2)
        try transmitter.writeOctets(.txBuffer, frame)
        try transmitter.command(DW1000Register.SysCtrl.txstrt)
    }

    /// A filtering pair (`mask` in the receiver's SYS_MASK, with a frame-wait timeout of
    /// `timeoutUnits` if given) whose receiver, enabled at the returned instant, gets a data frame
    /// for another short address 100 µs later; the bench then runs for `then`.
    static func rejectingRun(
        mask: UInt64, timeoutUnits: UInt64? = nil, then: Duration
    ) throws -> (bench: ChipBench, transmitter: VirtualDW1000, receiver: VirtualDW1000, enabled: SimulationTime) {
        let (bench, transmitter, receiver) = try Self.filteringPair(mask: mask)
        if let timeoutUnits {
            try ReceiveTests.enableFrameWaitTimeout(receiver, units: timeoutUnits)
        }
        let enabled = bench.simulator.now
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(100))
        try Self.send(Array(Self.data(to: 0x0003).dropLast(2)), from: transmitter)
        bench.run(for: then)
        return (bench, transmitter, receiver, enabled)
    }

    @Test("a rejected frame sets AFFREJ with RXPRD, RXSFDD and RXPHD, not RXDFR or RXFCG, when the addresses are in, and the receiver hunts on")
    func rejectedFrame() throws {
        let run = try Self.rejectingRun(mask: DW1000Register.SysStatus.affrej.mask, then: .milliseconds(2))
        // AFFREJ (bit 29) with RXPRD, RXSFDD and RXPHD (0x0B00): no RXDFR, RXFCG, LDEDONE.
        #expect(try run.receiver.status() & 0xFFFF_FF00 == DW1000Register.SysStatus.affrej.mask | 0x0B00)
        #expect(run.receiver.isListening)
        // The filter decides once 9 octets are in: the PHY header and 9 Reed-Solomon coded data
        // octets after the RMARKER (the bench's air has no flight time).
        let rmarker = try #require(run.bench.transmissions.first?.transmission.rmarker)
        let config = ReceiveTests.config
        let expected = rmarker + (config.airtime(frameLength: 9) - config.synchronisationHeaderDuration)
        #expect(run.bench.rejections.map(\.time) == [expected])
        #expect(run.bench.interruptChanges.filter(\.asserted).map(\.time) == [expected])
    }

    @Test("with MAFFREJ clear a rejected frame raises no interrupt")
    func rejectedFrameMasked() throws {
        let run = try Self.rejectingRun(mask: DW1000Register.SysStatus.rxfcg.mask, then: .milliseconds(2))
        #expect(try run.receiver.has(DW1000Register.SysStatus.affrej))
        #expect(run.bench.interruptChanges.isEmpty)
    }

    @Test("after a rejected frame the receiver takes the next frame addressed to it, and the frame-wait timeout keeps counting")
    func huntsOn() throws {
        let run = try Self.rejectingRun(mask: DW1000Register.SysStatus.rxfcg.mask, timeoutUnits: 3_000, then: .milliseconds(1))
        #expect(run.receiver.isListening)
        try Self.send(Array(Self.data().dropLast(2)), from: run.transmitter)
        run.bench.run(for: .milliseconds(1))
        #expect(try run.receiver.has(DW1000Register.SysStatus.rxfcg))
        #expect(try run.receiver.readOctets(.rxBuffer, count: 10) == Array(Self.data().prefix(10)))
        #expect(run.bench.rejections.count == 1)
        // The good frame stopped the timeout (UM §7.2.14 b): no RXRFTO after its 3000 units.
        run.bench.run(for: .milliseconds(3))
        #expect(run.bench.simulator.now - run.enabled > .milliseconds(3.0768))
        #expect(!(try run.receiver.has(DW1000Register.SysStatus.rxrfto)))
    }

    @Test("the frame-wait timeout counts through a rejected frame and fires on time")
    func timeoutThroughRejection() throws {
        let run = try Self.rejectingRun(mask: DW1000Register.SysStatus.rxrfto.mask, timeoutUnits: 1_000, then: .milliseconds(3))
        let fired = try #require(run.bench.interruptChanges.first { $0.asserted }).time
        let expected = Int64((1_000 * ChipTables.frameWaitUnitSeconds * 1e12).rounded())
        #expect(abs((fired - run.enabled).picoseconds - expected) <= 2)
        #expect(try run.receiver.has(DW1000Register.SysStatus.rxrfto))
        #expect(try run.receiver.has(DW1000Register.SysStatus.affrej))
    }
}
