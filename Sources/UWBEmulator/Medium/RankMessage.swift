import UWBCore

/// What the ranks of a world split over processes (``RankedWorld``) send each other, as octets: a
/// rank's promise, a frame one of its devices sent, or word that it has finished its run.
///
/// Fields are little-endian; times are picoseconds, levels dBm and offsets parts per million, as
/// binary64 where they are not integers, so that a frame reaches the other rank's devices exactly as
/// it left: bit for bit, as it would reach them in one process.
enum RankMessage {
    /// No chip of the sending rank will put a frame on the air before this instant, in picoseconds, but
    /// in answer to frames it has not carried yet; the instant it waits to run up to (`Int64.max` if it
    /// runs); per rank, how many of that rank's frames it has carried.
    case promise(Int64, need: Int64, carried: [Int])
    /// A frame for the receiving rank to carry to its devices.
    case frame(OutgoingFrame)
    /// The sending rank has run to the end and sends nothing more.
    case done

    private enum Kind: UInt8 {
        case promise = 1, frame, done
    }

    /// The octets of a promise of `picoseconds` from a rank that waits to run up to `need`, having
    /// carried `carried` frames of each rank.
    static func promise(octets picoseconds: Int64, need: Int64, carried: [Int]) -> [UInt8] {
        var writer = RankMessageWriter(kind: Kind.promise.rawValue)
        writer.integer(picoseconds)
        writer.integer(need)
        writer.integer(Int64(carried.count))
        for count in carried {
            writer.integer(Int64(count))
        }
        return writer.octets
    }

    /// The octets that say a rank has finished.
    static let doneOctets = [Kind.done.rawValue]

    /// The octets of `frame`: what a receiver needs of it, without the sending world's objects.
    static func frame(octets frame: OutgoingFrame) -> [UInt8] {
        var writer = RankMessageWriter(kind: Kind.frame.rawValue)
        writer.integer(frame.order.sender)
        writer.integer(Int64(frame.order.count))
        writer.integer(Int64(frame.sender))
        writer.integer(Int64(frame.chip))
        writer.real(frame.source.metres.x)
        writer.real(frame.source.metres.y)
        writer.real(frame.source.metres.z)
        writer.flag(frame.senderStill)
        writer.real(frame.channelLoss)
        writer.integer(Int64(frame.channel.rawValue))
        writer.real(frame.floor)
        writer.flag(frame.tracing)
        let transmission = frame.transmission
        writer.integer(transmission.start.picoseconds)
        writer.integer(transmission.rmarker.picoseconds)
        writer.integer(transmission.end.picoseconds)
        writer.real(transmission.power.dBm)
        writer.real(transmission.clockOffset.partsPerMillion)
        writer.flag(transmission.rangingBit)
        writer.octets(transmission.frame)
        writer.flag(transmission.configuration != nil)
        if let configuration = transmission.configuration {
            writer.integer(Int64(configuration.channel.rawValue))
            writer.integer(Int64(configuration.pulseRepetitionFrequency.rawValue))
            writer.integer(Int64(configuration.preambleLength.rawValue))
            writer.integer(Int64(configuration.preambleCode))
            writer.integer(Int64(configuration.preambleAcquisitionChunk.rawValue))
            writer.octets(Array(configuration.startOfFrameDelimiter.rawValue.utf8))
            writer.integer(Int64(configuration.dataRate.rawValue))
            writer.flag(configuration.secureTimestamps != nil)
            if let sts = configuration.secureTimestamps {
                writer.sequence(mode: sts.mode, length: sts.length, key: sts.key, initializationVector: sts.initializationVector)
            }
        }
        writer.flag(transmission.secureTimestamp != nil)
        if let sts = transmission.secureTimestamp {
            writer.sequence(mode: sts.mode, length: sts.length, key: sts.key, initializationVector: sts.initializationVector)
        }
        return writer.octets
    }

    /// The message `octets` hold, a frame's put together with `medium`'s own devices and ports.
    ///
    /// - Throws: ``EmulationError/rankMessage(_:)`` naming the field that is missing or out of range.
    static func read(_ octets: [UInt8], medium: Medium) throws(EmulationError) -> RankMessage {
        var reader = RankMessageReader(octets)
        let kind = try reader.octet("kind")
        switch Kind(rawValue: kind) {
        case .promise:
            let promise = try reader.integer("promise")
            let need = try reader.integer("need")
            let ranks = try reader.integer("rank count")
            guard (1...Int64(Scenario.maximumDeviceCount)).contains(ranks) else { throw .rankMessage("a promise for \(ranks) ranks") }
            var carried: [Int] = []
            for _ in 0..<ranks {
                carried.append(Int(try reader.integer("carried count")))
            }
            try reader.finish()
            return .promise(promise, need: need, carried: carried)
        case .done:
            try reader.finish()
            return .done
        case .frame:
            let frame = try readFrame(&reader, medium: medium)
            try reader.finish()
            return .frame(frame)
        case nil:
            throw .rankMessage("a message of kind \(kind), which no rank sends")
        }
    }

    private static func readFrame(_ reader: inout RankMessageReader, medium: Medium) throws(EmulationError) -> OutgoingFrame {
        let order = TransmissionOrder(sender: UInt64(bitPattern: try reader.integer("sender key")), count: Int(try reader.integer("count")))
        let sender = Int(try reader.integer("sender"))
        guard medium.nodes.indices.contains(sender) else {
            throw .rankMessage("a frame from device \(sender) of a world of \(medium.nodes.count) devices")
        }
        let chip = Int(try reader.integer("chip"))
        let source = Position(metres: Vector3(x: try reader.real("x"), y: try reader.real("y"), z: try reader.real("z")))
        let senderStill = try reader.flag("still")
        let channelLoss = try reader.real("channel loss")
        let channel = try reader.value("channel", Channel.init(rawValue:))
        let floor = try reader.real("floor")
        let tracing = try reader.flag("tracing")
        let start = SimulationTime(picoseconds: try reader.integer("start"))
        let rmarker = SimulationTime(picoseconds: try reader.integer("RMARKER"))
        let end = SimulationTime(picoseconds: try reader.integer("end"))
        let power = PowerLevel(dBm: try reader.real("power"))
        let clockOffset = ClockOffset(partsPerMillion: try reader.real("clock offset"))
        let rangingBit = try reader.flag("ranging bit")
        let octets = try reader.octets("frame")
        let configuration = try reader.flag("configuration") ? try readConfiguration(&reader) : nil
        let secureTimestamp = try reader.flag("STS") ? try readSequence(&reader) : nil
        let transmission = Transmission(
            frame: octets, configuration: configuration, start: start, rmarker: rmarker, end: end, power: power,
            clockOffset: clockOffset, rangingBit: rangingBit,
            secureTimestamp: secureTimestamp.map {
                TransmittedSecureTimestamp(mode: $0.mode, length: $0.length, key: $0.key, initializationVector: $0.initializationVector)
            })
        return OutgoingFrame(
            transmission: transmission, order: order, sender: sender, chip: chip, source: source, senderStill: senderStill,
            channelLoss: channelLoss, channel: channel, floor: floor, tracing: tracing, nodes: medium.nodes, ports: medium.ports,
            medium: medium)
    }

    private static func readConfiguration(_ reader: inout RankMessageReader) throws(EmulationError) -> RadioConfig {
        let channel = try reader.value("configured channel", Channel.init(rawValue:))
        let frequency = try reader.value("PRF", PulseRepetitionFrequency.init(rawValue:))
        let length = try reader.value("preamble length", PreambleLength.init(rawValue:))
        let code = Int(try reader.integer("preamble code"))
        let chunk = try reader.value("PAC", PreambleAcquisitionChunk.init(rawValue:))
        let delimiter = try reader.text("SFD", StartOfFrameDelimiter.init(rawValue:))
        let rate = try reader.value("data rate", DataRate.init(rawValue:))
        let sts = try reader.flag("STS configuration") ? try readSequence(&reader) : nil
        do {
            return try RadioConfig(
                channel: channel, pulseRepetitionFrequency: frequency, preambleLength: length, preambleCode: code,
                preambleAcquisitionChunk: chunk, startOfFrameDelimiter: delimiter, dataRate: rate, secureTimestamps: sts)
        } catch {
            throw .rankMessage("a radio configuration the chips refuse: \(error)")
        }
    }

    private static func readSequence(_ reader: inout RankMessageReader) throws(EmulationError) -> SecureTimestampConfiguration {
        let mode = try reader.text("STS mode", SecureTimestampMode.init(rawValue:))
        let length = try reader.value("STS length", SecureTimestampLength.init(rawValue:))
        let key = try reader.octets("STS key")
        let vector = try reader.octets("STS IV")
        do {
            return SecureTimestampConfiguration(
                mode: mode, length: length, key: try SecureTimestampSecret(octets: key, field: "key"),
                initializationVector: try SecureTimestampSecret(octets: vector, field: "IV"))
        } catch {
            throw .rankMessage("an STS secret: \(error)")
        }
    }
}

extension RankMessageWriter {
    /// An STS: its mode, length, key and IV.
    mutating func sequence(
        mode: SecureTimestampMode, length: SecureTimestampLength, key: SecureTimestampSecret, initializationVector: SecureTimestampSecret
    ) {
        octets(Array(mode.rawValue.utf8))
        integer(Int64(length.rawValue))
        octets(key.octets)
        octets(initializationVector.octets)
    }
}
