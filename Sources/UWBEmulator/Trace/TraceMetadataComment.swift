import UWBCore

/// The per-frame metadata of a trace: the text of each Enhanced Packet Block's `opt_comment`
/// (draft-ietf-opsawg-pcapng §3.5, option code 1), shown by Wireshark as the packet comment
/// (display filter field `frame.comment`).
///
/// Grammar (RFC 5234 ABNF; `ALPHA`, `DIGIT`, `HEXDIG` from its Appendix B):
///
/// ```
/// comment     = "from=" name " to=" [ reception *( "," reception ) ]
/// reception   = name ":" level "dBm" ":" outcome [ ":" capture ]
/// capture     = "rx=" 1*DIGIT ";fp=" level "dBm" / "failure=" failure
/// failure     = "frame-check" / "phy-header" / "reed-solomon-sync-loss" / "sfd-timeout"
///             / "preamble-timeout" / "leading-edge" / "frame-filter"
/// name        = *( unreserved / pct-encoded )          ; see DeviceNameEscaping
/// unreserved  = ALPHA / DIGIT / "-" / "." / "_" / "~"   ; RFC 3986 §2.3
/// pct-encoded = "%" HEXDIG HEXDIG                      ; one UTF-8 octet, RFC 3986 §2.1
/// level       = <decimal number>                       ; see below
/// outcome     = "received" / "lost" / "collided" / "rejected" / "not-listening"
/// ```
///
/// `level` is the received level in dBm written as Swift's `Double.description` writes it: the
/// shortest decimal that reads back as the same `Double` (`-71.3`, `-80.0`, `1e-05`, and `inf`,
/// `-inf`, `nan` for non-finite levels), so levels survive a round trip exactly. Readers in other
/// languages can parse it with `strtod` or Python's `float`. The receptions appear in the order of
/// ``TraceRecord/receptions``; a frame nobody heard has an empty list (`from=alice to=`).
///
/// The optional `capture` part is written only by a capturing receiver (`uwb capture`,
/// ``CaptureDetail``): `rx=` is the RX timestamp in ticks of the receiver's 40-bit device clock
/// (decimal, 0 ... 2⁴⁰ − 1, about 15.65 ps each) and `fp=` the first-path level in dBm, written as
/// `level` is; or `failure=` names why a reception failed (``ReceiveFailure``), its packet then
/// empty and its level `nan`. A capture does not know who sent a frame, so its `from=` name is
/// empty (the frame's source address says it). Traces without it read as before.
///
/// Example: `from=alice to=bob:-71.3dBm:received,carol:-95.0dBm:lost,dave%20b:-80.1dBm:collided`;
/// from a capture: `from= to=sniffer:-80.1dBm:received:rx=123456789;fp=-83.4dBm`.
enum TraceMetadataComment {
    /// The comment describing `record`'s sender and receptions.
    static func text(for record: TraceRecord) -> String {
        let receptions = record.receptions.map { reception in
            DeviceNameEscaping.escape(reception.receiver) + ":\(reception.level.dBm)dBm:"
                + reception.outcome.rawValue + (reception.capture.map { ":" + text(for: $0) } ?? "")
        }
        return "from=" + DeviceNameEscaping.escape(record.sender) + " to="
            + receptions.joined(separator: ",")
    }

    /// The sender and receptions that `comment` describes.
    ///
    /// - Throws: a sentence saying what is wrong, for ``TraceError/malformedMetadata(offset:reason:)``.
    static func parse(_ comment: String) throws(MalformedMetadata) -> (sender: String, receptions: [TraceReception]) {
        let fromPrefix = "from="
        let toSeparator = " to="
        guard comment.hasPrefix(fromPrefix) else {
            throw MalformedMetadata("it does not start with \(fromPrefix)")
        }
        let afterFrom = comment.dropFirst(fromPrefix.count)
        guard let separator = afterFrom.firstRange(of: toSeparator) else {
            throw MalformedMetadata("it has no\(toSeparator) after the sender")
        }
        let sender = try name(afterFrom[..<separator.lowerBound])
        let list = afterFrom[separator.upperBound...]
        guard !list.isEmpty else {
            return (sender, [])
        }
        var receptions: [TraceReception] = []
        for (index, item) in list.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            receptions.append(try reception(item, index: index))
        }
        return (sender, receptions)
    }

    /// One `reception` item, the `index`th in the list.
    private static func reception(_ item: Substring, index: Int) throws(MalformedMetadata) -> TraceReception {
        let fields = item.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3 || fields.count == 4 else {
            throw MalformedMetadata("reception \(index) has \(fields.count) colon-separated fields instead of 3 "
                + "(receiver:level dBm:outcome) or 4 (and what a capture measured)")
        }
        let unit = "dBm"
        guard fields[1].hasSuffix(unit), let dBm = Double(String(fields[1].dropLast(unit.count))) else {
            throw MalformedMetadata("reception \(index) has level \"\(fields[1])\" instead of a number followed by dBm")
        }
        guard let outcome = ReceptionOutcome(rawValue: String(fields[2])) else {
            let allowed = ReceptionOutcome.allCases.map(\.rawValue).joined(separator: ", ")
            throw MalformedMetadata("reception \(index) has outcome \"\(fields[2])\" instead of one of \(allowed)")
        }
        let capture = try fields.count == 4 ? captureDetail(fields[3], index: index) : nil
        return TraceReception(receiver: try name(fields[0]), level: PowerLevel(dBm: dBm), outcome: outcome, capture: capture)
    }

    /// The `capture` part of a reception.
    private static func text(for capture: CaptureDetail) -> String {
        switch capture {
        case .frame(let timestamp, let firstPathLevel): "rx=\(timestamp.ticks);fp=\(firstPathLevel.dBm)dBm"
        case .failure(let failure): "failure=" + failure.traceWord
        }
    }

    /// The `capture` part of the `index`th reception.
    private static func captureDetail(_ field: Substring, index: Int) throws(MalformedMetadata) -> CaptureDetail {
        let failurePrefix = "failure="
        if field.hasPrefix(failurePrefix) {
            guard let failure = ReceiveFailure(traceWord: field.dropFirst(failurePrefix.count)) else {
                let allowed = ReceiveFailure.allCases.map(\.traceWord).joined(separator: ", ")
                throw MalformedMetadata("reception \(index) has \"\(field)\" instead of failure= one of \(allowed)")
            }
            return .failure(failure)
        }
        let parts = field.split(separator: ";", omittingEmptySubsequences: false)
        let unit = "dBm"
        guard parts.count == 2, parts[0].hasPrefix("rx="), parts[1].hasPrefix("fp="), parts[1].hasSuffix(unit),
              let ticks = UInt64(parts[0].dropFirst(3)), let timestamp = try? DeviceTime(ticks: ticks),
              let dBm = Double(String(parts[1].dropFirst(3).dropLast(unit.count)))
        else {
            throw MalformedMetadata("reception \(index) has \"\(field)\" instead of rx=TICKS;fp=LEVELdBm "
                + "(ticks below 2^40) or failure=WORD")
        }
        return .frame(timestamp: timestamp, firstPathLevel: PowerLevel(dBm: dBm))
    }

    /// The device name that `escaped` encodes.
    private static func name(_ escaped: Substring) throws(MalformedMetadata) -> String {
        do {
            return try DeviceNameEscaping.unescape(escaped)
        } catch {
            throw MalformedMetadata(error.reason)
        }
    }
}
