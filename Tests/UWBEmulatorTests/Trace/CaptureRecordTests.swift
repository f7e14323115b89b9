import Foundation
import Testing
import UWBCore
import UWBEmulator

/// The records `uwb capture` writes: a received frame with its FCS again, RX timestamp and
/// first-path level; a failed reception as an empty packet naming the failure. Both through the
/// trace's writers and back through its reader.
@Suite("Capture records in a pcapng trace")
struct CaptureRecordTests {
    static let frame = ReceivedFrame(
        frame: [0x41, 0x88, 0x07, 0xCA, 0xDE, 0xFF, 0xFF, 0x02, 0x00, 0x10, 0x11],
        timestamp: DeviceTime(wrapping: 0xFF_1234_5678),
        diagnostics: ReceptionDiagnostics(
            receivedLevel: PowerLevel(dBm: -75.25), firstPathLevel: PowerLevel(dBm: -78.5), clockOffset: .zero,
            carrierPhase: .zero, firstPathIndex: 745.5, preambleSymbolsAccumulated: 120))

    @Test("a captured frame reads back with its FCS, time, level, RX timestamp and first-path level")
    func frameRoundTrip() throws {
        let record = TraceRecord(captured: Self.frame, by: "emulator:sniffer", at: .milliseconds(1_500))
        #expect(record.frame == Self.frame.frame + FrameCheckSequence.octets(for: Self.frame.frame))
        let writer = PcapngWriter()
        try writer.append(record)
        let read = try PcapngReader(bytes: writer.bytes).records
        #expect(read == [record])
        #expect(read.first?.receptions.first?.capture == .frame(
            timestamp: Self.frame.timestamp, firstPathLevel: PowerLevel(dBm: -78.5)))
        #expect(read.first?.time == 1_500_000_000_000)
    }

    @Test("a failed reception is an empty packet whose comment names the failure", arguments: ReceiveFailure.allCases)
    func failureRoundTrip(failure: ReceiveFailure) throws {
        let writer = PcapngWriter()
        try writer.append(TraceRecord(failure: failure, by: "usb:FT1", at: .seconds(2)))
        let read = try #require(try PcapngReader(bytes: writer.bytes).records.first)
        #expect(read.frame.isEmpty)
        #expect(read.sender == "")
        let reception = try #require(read.receptions.first)
        #expect(reception.receiver == "usb:FT1")
        #expect(reception.outcome == .lost)
        #expect(reception.level.dBm.isNaN)
        #expect(reception.capture == .failure(failure))
    }

    @Test("the streaming writer names the interface, flushes each record at once, and opens a FIFO as it is")
    func liveFileWriter() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("live.pcapng").path
        let writer = try PcapngFileWriter(path: path, interfaceName: "emulator:sniffer")
        let record = TraceRecord(captured: Self.frame, by: "emulator:sniffer", at: .seconds(1))
        try writer.append(record)
        try writer.flush()
        // Readable while the writer is still open.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try PcapngReader(bytes: bytes).records == [record])
        #expect(String(decoding: bytes, as: UTF8.self).contains("emulator:sniffer"))
        try writer.finish()

        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Thread {
            _ = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile()
        }
        reader.start()
        let fifoWriter = try PcapngFileWriter(path: fifo, interfaceName: "x")
        try fifoWriter.finish()
        let type = try FileManager.default.attributesOfItem(atPath: fifo)[.type] as? FileAttributeType
        #expect(type != .typeRegular)
    }

    @Test("a malformed capture part is refused with a message saying the form")
    func malformedCapture() throws {
        let writer = PcapngWriter()
        try writer.append(TraceRecord(captured: Self.frame, by: "s", at: .seconds(1)))
        var bytes = writer.bytes
        let text = Array("rx=".utf8)
        let index = try #require((0..<(bytes.count - 3)).first { Array(bytes[$0..<($0 + 3)]) == text })
        bytes[index] = UInt8(ascii: "q")
        #expect(throws: TraceError.self) { try PcapngReader(bytes: bytes) }
        do {
            _ = try PcapngReader(bytes: bytes)
        } catch {
            #expect(error.description.contains("rx=TICKS;fp=LEVELdBm"), "\(error)")
        }
    }
}
