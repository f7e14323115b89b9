import UWBCore

/// The register accesses of one ``DW1000RegisterPort/batch(_:)``: one `transfer([SPITransaction], on:)`,
/// one USB round trip, on a bus whose ``SPIBus/batchingReducesCost``; single transactions, exactly
/// as ``DW1000RegisterPort``'s own methods send them, on any other bus.
///
/// On a bus that does not batch (the emulator's, where an access costs nothing) every access goes
/// out at once, through the port's methods: values read and written as numbers, arrays only where
/// the body asks for octets, and on the emulator's bus straight to the chip's registers
/// (``DW1000RegisterBus``). On a bus that batches the body runs twice: first *listing* (reads
/// return zeros and nothing is sent), then, once the bus has answered the whole batch,
/// *answering* (reads return the answers in order). So a body must
/// make the same accesses whatever it reads, and have no effect beyond its accesses and its
/// result; answering checks each access against the list and fails on a mismatch. A body can
/// read what it may not need when ``readsAhead``: a read more in a batch costs a few octets, a
/// round trip saved is hundreds of microseconds.
struct RegisterBatch {
    /// The transactions of a batch, listed or being answered.
    private struct Listing {
        /// The transactions listed so far, or all of them when answering.
        var transactions: [SPITransaction] = []
        /// What the bus answered to each of `transactions` (empty for a write), or `nil` while listing.
        var answers: [[UInt8]]?
        /// How many accesses have been answered.
        var answered = 0
    }

    /// The port the accesses go to.
    private let port: DW1000RegisterPort
    /// `nil` when the accesses go out one by one, as they are made: nothing more to carry, so
    /// that the bus that does not batch pays next to nothing for the batch.
    private var listing: Listing?

    /// A batch whose accesses go out one by one.
    @inline(__always)
    init(immediateOn port: DW1000RegisterPort) {
        self.port = port
    }

    /// A batch that lists its accesses without sending them.
    init(listingFor port: DW1000RegisterPort) {
        self.port = port
        self.listing = Listing()
    }

    /// A batch that answers its accesses from what the bus answered to `transactions`.
    init(answering transactions: [SPITransaction], with answers: [[UInt8]], for port: DW1000RegisterPort) {
        self.port = port
        self.listing = Listing(transactions: transactions, answers: answers)
    }

    /// The transactions listed so far.
    var transactions: [SPITransaction] { listing?.transactions ?? [] }

    /// Whether the accesses go out together, so that a read the body may not need costs next
    /// to nothing and is worth making to save a round trip.
    @inline(__always)
    var readsAhead: Bool { listing != nil }

    /// Reads `count` octets of `register` from octet `offset` (the whole register by default),
    /// like ``DW1000RegisterPort/read(_:offset:count:)``.
    @inline(__always)
    mutating func read(_ register: DW1000Register, offset: Int = 0, count: Int? = nil) throws(SPIBusError) -> [UInt8] {
        guard readsAhead else { return try port.read(register, offset: offset, count: count) }
        return try answer(register.readTransaction(offset: offset, count: count), of: register)
    }

    /// Reads up to 8 octets of `register` as a little-endian value, like
    /// ``DW1000RegisterPort/readValue(_:offset:count:)``.
    @inline(__always)
    mutating func readValue(_ register: DW1000Register, offset: Int = 0, count: Int? = nil) throws(SPIBusError) -> UInt64 {
        guard readsAhead else { return try port.readValue(register, offset: offset, count: count) }
        return littleEndianValue(try answer(register.readTransaction(offset: offset, count: count), of: register))
    }

    /// Carries out one register write, like ``DW1000RegisterPort/write(_:)``.
    @inline(__always)
    mutating func write(_ write: RegisterWrite) throws(SPIBusError) {
        guard readsAhead else { return try port.write(write) }
        _ = try answer(port.writeTransaction(write), of: write.register)
    }

    /// Writes the low octets of `value` into `register` (the whole register by default), like
    /// ``DW1000RegisterPort/write(_:value:offset:count:)``.
    @inline(__always)
    mutating func write(_ register: DW1000Register, value: UInt64, offset: Int = 0, count: Int? = nil) throws(SPIBusError) {
        guard readsAhead else { return try port.write(register, value: value, offset: offset, count: count) }
        let write = RegisterWrite(register, value: value, offset: offset, count: count)
        _ = try answer(port.writeTransaction(write), of: register)
    }

    /// Fails unless every listed transaction was answered: a body that made fewer accesses the
    /// second time.
    func requireAllAnswered() throws(SPIBusError) {
        guard let listing, listing.answered == listing.transactions.count else { throw Self.bodyChanged }
    }

    /// Lists `transaction` and returns zeros for what it reads, or returns the bus's answer to it.
    private mutating func answer(_ transaction: SPITransaction, of register: DW1000Register) throws(SPIBusError) -> [UInt8] {
        if listing != nil, listing?.answers == nil {
            listing?.transactions.append(transaction)
            return [UInt8](repeating: 0, count: transaction.responseLength)
        }
        guard let current = listing, let answers = current.answers else { throw Self.bodyChanged }
        let index = current.answered
        guard index < current.transactions.count, index < answers.count, current.transactions[index] == transaction else {
            throw Self.bodyChanged
        }
        listing?.answered += 1
        guard answers[index].count == transaction.responseLength else {
            throw register.shortRead(returned: answers[index].count, expected: transaction.responseLength)
        }
        return answers[index]
    }

    /// The error of a body whose accesses depend on what it read.
    private static let bodyChanged = SPIBusError.transferFailed(
        "a batch of register accesses changed once the chip had answered; this is a driver bug, please report it")
}
