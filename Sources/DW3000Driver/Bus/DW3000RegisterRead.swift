/// One register read of a ``DW3000RegisterPort/read(_:)-([DW3000RegisterRead])`` that reads several
/// in one bus transfer: `length` octets of `register` from octet `offset`.
struct DW3000RegisterRead {
    /// The register read.
    let register: DW3000Register
    /// The first octet read.
    let offset: Int
    /// How many octets are read.
    let length: Int

    /// A read of `count` octets of `register` from `offset` (the rest of the register by default).
    init(_ register: DW3000Register, offset: Int = 0, count: Int? = nil) {
        self.register = register
        self.offset = offset
        length = count ?? register.length - offset
    }
}
