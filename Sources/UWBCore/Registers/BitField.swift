/// A named group of adjacent bits inside a register of at most 64 bits.
///
/// Bit 0 is the least significant bit of the register's little-endian value. Values come only
/// from a chip's generated register map (for example `DW1000Register.SysStatus.rxfcg` of the DW1000 or
/// `DW3000Register.SysStatus.rxfcg`), which the generator validates, so every field has a width
/// of 1–64 bits and ends at or below bit 63.
///
/// Its arithmetic is always inlined: drivers and the emulator work out masks and values millions
/// of times a second, and an out-of-line call costs more than the few instructions it runs.
public struct BitField: Hashable, Sendable {
    /// The User Manual mnemonic, for example `RXFCG`.
    public let name: String
    /// The position of the field's least significant bit.
    public let lowBit: Int
    /// The number of bits in the field.
    public let width: Int
    /// How the host may access the field.
    public let access: FieldAccess
    /// The event that also clears this latched bit without a host write, if any.
    public let clearedBy: AutoClearEvent?

    /// Makes a field from values the register-map generator has already validated.
    ///
    /// Inlinable, so that the compiler builds a register map's fields (lets of literals) when the
    /// program is built, instead of each use checking a lazy global's once-token at run time.
    @inlinable
    package init(name: String, lowBit: Int, width: Int, access: FieldAccess, clearedBy: AutoClearEvent? = nil) {
        self.name = name
        self.lowBit = lowBit
        self.width = width
        self.access = access
        self.clearedBy = clearedBy
    }

    /// The largest value the field can hold: `2^width - 1`.
    @inlinable @inline(__always)
    public var maxValue: UInt64 {
        UInt64.max >> UInt64(64 - width)
    }

    /// The field's bits set and every other bit clear.
    @inlinable @inline(__always)
    public var mask: UInt64 {
        maxValue << UInt64(lowBit)
    }

    /// The field's value in `word`, shifted down so the field's low bit is bit 0.
    @inlinable @inline(__always)
    public func value(in word: UInt64) -> UInt64 {
        (word & mask) >> UInt64(lowBit)
    }

    /// `word` with the field replaced by `value` and every other bit kept.
    ///
    /// - Throws: ``BitFieldError/valueTooWide(field:value:width:)`` when `value` needs more
    ///   bits than the field has.
    public func inserting(_ value: UInt64, into word: UInt64) throws(BitFieldError) -> UInt64 {
        guard value <= maxValue else {
            throw .valueTooWide(field: name, value: value, width: width)
        }
        return (word & ~mask) | (value << UInt64(lowBit))
    }

    /// `value` moved into the field's position, cut to the field's width: for a driver's own
    /// constants, whose widths are known to fit.
    @inlinable @inline(__always)
    package func placing(_ value: UInt64) -> UInt64 {
        (value << UInt64(lowBit)) & mask
    }
}
