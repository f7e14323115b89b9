import Foundation
import Testing
import UWBCore
import UWBEmulator

/// Checks that Wireshark's command-line dissector reads the writer's files as IEEE 802.15.4:
/// timestamps, sequence numbers, FCS checks and comments. Skipped (and reported as skipped) when
/// tshark is not installed; on Debian/Ubuntu install it with
/// `DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tshark`.
@Suite("pcapng writer: tshark dissection")
struct TsharkTests {
    static let tsharkPath = "/usr/bin/tshark"

    /// One output line of tshark's `-T fields` for the fields the test asks for.
    struct Row: Equatable {
        /// `frame.time_epoch` in nanoseconds.
        var nanoseconds: Int64?
        var sequenceNumber: String
        var comment: String
        var fcsValid: String
    }

    @Test(
        "tshark dissects the frames, their times and comments",
        .enabled(if: FileManager.default.isExecutableFile(atPath: tsharkPath), "tshark is not installed at /usr/bin/tshark")
    )
    func dissection() throws {
        let good = try TraceSamples.dataFrame(sequenceNumber: 42)
        var corrupted = try TraceSamples.dataFrame(sequenceNumber: 43)
        corrupted[corrupted.count - 1] ^= 0xFF
        let writer = PcapngWriter()
        // Appended out of order; 2.5 ns rounds up to 3 ns.
        try writer.append(TraceRecord(time: 1_500_000_002_500, frame: corrupted, sender: "bob", receptions: [
            TraceSamples.reception("alice", -95, .collided),
        ]))
        try writer.append(TraceRecord(time: 1_000, frame: good, sender: "alice", receptions: [
            TraceSamples.reception("bob", -71.3, .received),
            TraceSamples.reception("carol, jr", -101.5, .lost),
        ]))

        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("swift-uwb-tshark-\(UUID().uuidString).pcapng").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try writer.write(to: path)

        let output = try Self.tshark(["-r", path, "-T", "fields", "-E", "separator=|",
                                      "-e", "frame.time_epoch", "-e", "wpan.seq_no", "-e", "frame.comment",
                                      "-e", "wpan.fcs_ok"])
        let rows = output.split(separator: "\n").map { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            return Row(nanoseconds: fields.first.flatMap(Self.nanoseconds),
                       sequenceNumber: fields.count > 1 ? fields[1] : "",
                       comment: fields.count > 2 ? fields[2] : "",
                       fcsValid: fields.count > 3 ? fields[3] : "")
        }
        #expect(rows == [
            Row(nanoseconds: 1, sequenceNumber: "42",
                comment: "from=alice to=bob:-71.3dBm:received,carol%2C%20jr:-101.5dBm:lost", fcsValid: "1"),
            Row(nanoseconds: 1_500_000_003, sequenceNumber: "43",
                comment: "from=bob to=alice:-95.0dBm:collided", fcsValid: "0"),
        ])
    }

    /// The secured FINAL of `Docs/ranging-protocol.md` ("Secured frames"), without its FCS.
    static let securedFinal: [UInt8] = [
        0x49, 0x98, 0x02, 0xCA, 0xDE, 0x02, 0x00, 0x01, 0x00, 0x0A, 0x07, 0x00, 0x00, 0x00, 0x01,
        0x02, 0x63, 0x00, 0xEF, 0xBE, 0xAD, 0xDE, 0x02, 0x01, 0x89, 0x67, 0x45, 0x23, 0x01,
        0x00, 0x00, 0x00, 0x00, 0x80, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x43, 0x82, 0x26, 0x1E, 0x28, 0x5C, 0xAA, 0x64,
    ]

    @Test(
        "tshark dissects a secured ranging frame's auxiliary security header: MIC-64, key index 1, frame counter 7",
        .enabled(if: FileManager.default.isExecutableFile(atPath: tsharkPath), "tshark is not installed at /usr/bin/tshark")
    )
    func securedFrame() throws {
        let writer = PcapngWriter()
        let frame = try MACFrame(decoding: Self.securedFinal, fcs: .absent).encoded()
        try writer.append(TraceRecord(time: 1_000, frame: frame, sender: "alice", receptions: []))
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("swift-uwb-tshark-\(UUID().uuidString).pcapng").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try writer.write(to: path)
        let output = try Self.tshark(["-r", path, "-T", "fields", "-E", "separator=|",
                                      "-e", "wpan.security", "-e", "wpan.version", "-e", "wpan.aux_sec.sec_level",
                                      "-e", "wpan.aux_sec.key_id_mode", "-e", "wpan.aux_sec.frame_counter",
                                      "-e", "wpan.aux_sec.key_index", "-e", "wpan.fcs_ok"])
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "1|1|0x02|0x01|7|0x01|1", "\(output)")
    }

    /// tshark's standard output for `arguments`; its standard error (for example the warning about
    /// running as root) is discarded.
    static func tshark(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tsharkPath)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    /// A `frame.time_epoch` text such as `1.500000003` in nanoseconds, read digit by digit so no
    /// floating-point rounding is involved.
    static func nanoseconds(_ text: String) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let seconds = parts.first.flatMap({ Int64($0) }) else { return nil }
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        guard fraction.count <= 9, let digits = Int64(fraction.padding(toLength: 9, withPad: "0", startingAt: 0))
        else { return nil }
        return seconds * 1_000_000_000 + digits
    }
}
