import UWBCore
import UWBRanging

/// How much of the air ranging rounds take: frame airtimes, the round of one initiator with k
/// responders (``GroupRoundSchedule``), and from it the most rounds and pair measurements one
/// channel carries per second. The two-party limit (a round with one responder) is the channel's
/// airtime limit the mesh figures are compared with.
struct AirtimeBudget {
    /// The timing the rounds follow.
    let timing: RangingTiming

    /// The responder counts the table shows.
    static let groupSizes = [1, 2, 4, 8, RangingFrameFormat.maximumGroupSize]

    /// How long a round of `responders` holds the air.
    func roundAirtime(responders: Int) -> Duration {
        GroupRoundSchedule(responders: responders, timing: timing).airtime(configuration: timing.configuration)
    }

    /// The most pair measurements per second one channel carries with rounds of `responders`
    /// (each measurement is both sides' update of one pair).
    func measurementLimit(responders: Int) -> Double {
        Double(responders) / roundAirtime(responders: responders).secondsValue
    }

    /// The channel's airtime limit: two-party rounds back to back, per second.
    var twoPartyLimit: Double { measurementLimit(responders: 1) }

    /// The most pair measurements per second with full group rounds.
    var groupLimit: Double { measurementLimit(responders: RangingFrameFormat.maximumGroupSize) }

    /// The frames' airtimes as a markdown table.
    var framesMarkdown: String {
        var table = MarkdownTable(["frame (secured)", "octets on the air (with FCS)", "airtime (µs)"])
        let frames: [(String, Int)] = [
            ("POLL, RESPONSE, GOODBYE", RangingMessageType.poll.frameLength(secured: true)),
            ("FINAL", RangingMessageType.final.frameLength(secured: true)),
            ("REPORT", RangingMessageType.report.frameLength(secured: true)),
            ("group POLL, 1 / \(RangingFrameFormat.maximumGroupSize) responders", RangingMessageType.groupPoll.frameLength(secured: true)),
            ("", RangingMessageType.groupPoll.frameLength(secured: true, responders: RangingFrameFormat.maximumGroupSize)),
            ("group FINAL, 1 / \(RangingFrameFormat.maximumGroupSize) responders", RangingMessageType.groupFinal.frameLength(secured: true)),
            ("", RangingMessageType.groupFinal.frameLength(secured: true, responders: RangingFrameFormat.maximumGroupSize)),
        ]
        for (name, length) in frames {
            table.append([name, "\(length)", Formatting.fixed(timing.configuration.airtime(frameLength: length).secondsValue * 1e6, 1)])
        }
        return table.markdown
    }

    /// The rounds' airtimes and limits as a markdown table.
    var roundsMarkdown: String {
        var table = MarkdownTable([
            "responders per round", "round airtime (ms)", "rounds/s", "pair measurements/s", "× the two-party limit",
        ])
        for size in Self.groupSizes {
            let airtime = roundAirtime(responders: size).secondsValue
            table.append([
                "\(size)", Formatting.fixed(airtime * 1000, 3), Formatting.fixed(1 / airtime, 0),
                Formatting.fixed(measurementLimit(responders: size), 0), Formatting.fixed(measurementLimit(responders: size) / twoPartyLimit, 2),
            ])
        }
        return table.markdown
    }
}
