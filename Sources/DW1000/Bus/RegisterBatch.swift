import UWBCore

/// The register accesses of one ``RegisterPort/batch(_:)``: one `transfer([SPITransaction], on:)`,
/// one USB round trip, on a bus whose ``SPIBus/batchingReducesCost``; single transactions, exactly
/// as ``RegisterPort``'s own methods send them, on any other bus.
///
/// On a bus that does not batch (the emulator's, where a transaction costs nothing) every access
/// goes out at once: reads of values through `transferReadingValue`, writes of values through
/// `transferWritingValue`, arrays only where the body asks for octets. On a bus that batches the
/// body runs twice: first *listing* (reads return zeros and nothing is sent), then, once the bus
/// has answered the whole batch, *answering* (reads return the answers in order). So a body must
/// make the same accesses whatever it reads, and have no effect beyond its accesses and its
/// result; answering checks each access against the list and fails on a mismatch. A body can
/// read what it may not need when ``readsAhead``: a read more in a batch costs a few octets, a
/// round trip saved is hundreds of microseconds.
struct RegisterBatch {
    /// How the accesses are carried out.
    private enum Stage {
        /// One by one, as they are made.
        case immediate
        /// Collected into ``RegisterBatch/transactions``.
        case listing
        /// Answered from the bus's answers to the listed transactions.
        case answering
    }

    /// The port the accesses go to.
    private let port: RegisterPort
    private let stage: Stage
    /// The transactions listed so far, or all of them when answering.
    private(set) var transactions: [SPITransaction] = []
    /// What the bus answered to each of ``transactions`` (empty for a write).
    private var answers: [[UInt8]] = []
    /// How many accesses have been answered.
    private var answered = 0

    /// A batch whose accesses go out one by one.
    init(immediateOn port: RegisterPort) {
        self.port = port
        self.stage = .immediate
    }

    /// A batch that lists its accesses without sending them.
    init(listingFor port: RegisterPort) {
        self.port = port
        self.stage = .listing
    }

    /// A batch that answers its accesses from what the bus answered to `transactions`.
    init(answering transactions: [SPITransaction], with answers: [[UInt8]], for port: RegisterPort) {
        self.port = port
        self.stage = .answering
        self.transactions = transactions
        self.answers = answers
    }

    /// Whether the accesses go out together, so that a read the body may not need costs next
    /// to nothing and is worth making to save a round trip.
    var readsAhead: Bool {
        switch stage {
        case .immediate: false
        case .listing, .answering: true
        }
    }

    /// Reads `count` octets of `register` from octet `offset` (the whole register by default),
    /// like ``RegisterPort/read(_:offset:count:)``.
    mutating func read(_ register: Register, offset: Int = 0, count: Int? = nil) throws(SPIBusError) -> [UInt8] {
        guard readsAhead else { return try port.read(register, offset: offset, count: count) }
        return try answer(port.readTransaction(register, offset: offset, count: count), of: register)
    }

    /// Reads up to 8 octets of `register` as a little-endian value, like
    /// ``RegisterPort/readValue(_:offset:count:)``.
    mutating func readValue(_ register: Register, offset: Int = 0, count: Int? = nil) throws(SPIBusError) -> UInt64 {
        guard readsAhead else { return try port.readValue(register, offset: offset, count: count) }
        return littleEndianValue(try answer(port.readTransaction(register, offset: offset, count: count), of: register))
    }

    /// Carries out one register write, like ``RegisterPort/write(_:)``.
    mutating func write(_ write: RegisterWrite) throws(SPIBusError) {
        guard readsAhead else { return try port.write(write) }
        _ = try answer(port.writeTransaction(write), of: write.register)
    }

    /// Writes the low octets of `value` into `register` (the whole register by default), like
    /// ``RegisterPort/write(_:value:offset:count:)``.
    mutating func write(_ register: Register, value: UInt64, offset: Int = 0, count: Int? = nil) throws(SPIBusError) {
        guard readsAhead else { return try port.write(register, value: value, offset: offset, count: count) }
        let write = RegisterWrite(register, value: value, offset: offset, count: count)
        _ = try answer(port.writeTransaction(write), of: register)
    }

    /// Fails unless every listed transaction was answered: a body that made fewer accesses the
    /// second time.
    func requireAllAnswered() throws(SPIBusError) {
        guard answered == transactions.count else { throw Self.bodyChanged }
    }

    /// Lists `transaction` and returns zeros for what it reads, or returns the bus's answer to it.
    private mutating func answer(_ transaction: SPITransaction, of register: Register) throws(SPIBusError) -> [UInt8] {
        if case .listing = stage {
            transactions.append(transaction)
            return [UInt8](repeating: 0, count: transaction.responseLength)
        }
        guard answered < transactions.count, answered < answers.count, transactions[answered] == transaction else {
            throw Self.bodyChanged
        }
        let octets = answers[answered]
        answered += 1
        try port.checkRead(of: register, returned: octets.count, expected: transaction.responseLength)
        return octets
    }

    /// The error of a body whose accesses depend on what it read.
    private static let bodyChanged = SPIBusError.transferFailed(
        "a batch of register accesses changed once the chip had answered; this is a driver bug, please report it")
}
