import Foundation

/// A field of a board description, whose errors are ``BoardDescriptionError``s.
private typealias Field = JSONField<BoardDescriptionError>

extension BoardDescription {
    /// Decodes and checks a board description from JSON (format in `Hardware/boards/README.md`).
    ///
    /// - Throws: ``BoardDescriptionError`` naming the JSON field path of the first problem:
    ///   invalid JSON, unknown or missing keys, wrong types, and every rule of
    ///   ``init(id:name:summary:usb:spi:chips:)``.
    public init(jsonData: Data) throws(BoardDescriptionError) {
        let root = try Field(parsing: jsonData).object(
            required: [BoardKey.id, BoardKey.name, BoardKey.description, BoardKey.usb, BoardKey.spi, BoardKey.chips])

        let chipFields = try root.field(BoardKey.chips).array()
        guard (1...3).contains(chipFields.count) else { throw .chipCount(chipFields.count) }
        var chips: [BoardChip] = []
        for chipField in chipFields {
            chips.append(try Self.chip(from: chipField, chipCount: chipFields.count))
        }

        try self.init(
            id: root.field(BoardKey.id).string(),
            name: root.field(BoardKey.name).string(),
            summary: root.field(BoardKey.description).string(),
            usb: Self.usb(from: root.field(BoardKey.usb)),
            spi: Self.spi(from: root.field(BoardKey.spi)),
            chips: chips)
    }

    /// Reads, decodes and checks the board description file at `path`, whose `id` must equal
    /// the file name without its extension.
    ///
    /// - Throws: ``BoardDescriptionError/cannotRead(path:reason:)`` if the file cannot be read;
    ///   otherwise ``BoardDescriptionError/inFile(path:error:)`` wrapping the problem found.
    public static func load(from path: String) throws(BoardDescriptionError) -> BoardDescription {
        let data: Data
        do {
            data = try FileReadError.contents(ofFile: path)
        } catch {
            throw .cannotRead(path: path, reason: error.reason)
        }
        do throws(BoardDescriptionError) {
            let board = try BoardDescription(jsonData: data)
            let fileName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            guard board.id == fileName else { throw .idMismatch(id: board.id, fileName: fileName) }
            return board
        } catch {
            throw .inFile(path: path, error: error)
        }
    }

    private static func usb(from field: Field) throws(BoardDescriptionError) -> USBIdentity {
        let object = try field.object(
            required: [BoardKey.vendorID, BoardKey.productID, BoardKey.bridge], optional: [BoardKey.product])
        return USBIdentity(
            vendorID: try usbIdentifier(from: object.field(BoardKey.vendorID)),
            productID: try usbIdentifier(from: object.field(BoardKey.productID)),
            bridge: try object.field(BoardKey.bridge).choice(USBBridge.self),
            product: try object.optionalField(BoardKey.product)?.string())
    }

    /// A 16-bit USB id written as hexadecimal text, with or without a `0x` prefix.
    private static func usbIdentifier(from field: Field) throws(BoardDescriptionError) -> UInt16 {
        let text = try field.string()
        let digits = text.hasPrefix("0x") || text.hasPrefix("0X") ? text.dropFirst(2) : Substring(text)
        guard (1...4).contains(digits.count), digits.allSatisfy(\.isHexDigit), let value = UInt16(digits, radix: 16) else {
            throw .notHexadecimal(field: field.path, text: text)
        }
        return value
    }

    private static func spi(from field: Field) throws(BoardDescriptionError) -> SPISettings {
        let object = try field.object(required: [BoardKey.initialClock, BoardKey.fastClock, BoardKey.mode])
        return SPISettings(
            initialClock: Frequency(hertz: try object.field(BoardKey.initialClock).number()),
            fastClock: Frequency(hertz: try object.field(BoardKey.fastClock).number()),
            mode: try object.field(BoardKey.mode).integer())
    }

    private static func chip(from field: Field, chipCount: Int) throws(BoardDescriptionError) -> BoardChip {
        let object = try field.object(required: [
            BoardKey.chipSelect, BoardKey.model, BoardKey.clock, BoardKey.antenna, BoardKey.wiring, BoardKey.calibration,
        ])
        let chipSelectField = try object.field(BoardKey.chipSelect)
        let index = try chipSelectField.integer()
        let chipSelect: ChipSelect
        do {
            chipSelect = try ChipSelect(index)
        } catch {
            throw .chipSelectOutOfRange(field: chipSelectField.path, index: index, chipCount: chipCount)
        }
        return BoardChip(
            chipSelect: chipSelect,
            model: try object.field(BoardKey.model).choice(ChipModel.self),
            clock: try object.field(BoardKey.clock).string(),
            antennaPositions: try antennaPositions(from: object.field(BoardKey.antenna)),
            wiring: try wiring(from: object.field(BoardKey.wiring)),
            calibration: try calibration(from: object.field(BoardKey.calibration)))
    }

    /// The first port's position and, for chips with two ports, the second's.
    private static func antennaPositions(from field: Field) throws(BoardDescriptionError) -> [Position] {
        let object = try field.object(required: [BoardKey.position], optional: [BoardKey.secondPort])
        let first = try object.field(BoardKey.position).position()
        guard let second = object.optionalField(BoardKey.secondPort) else { return [first] }
        return [first, try second.position()]
    }

    private static func wiring(from field: Field) throws(BoardDescriptionError) -> ChipWiring {
        let object = try field.object(required: [BoardKey.cs, BoardKey.irq, BoardKey.reset])
        return ChipWiring(
            cs: try pin(from: object.field(BoardKey.cs)),
            irq: try pin(from: object.field(BoardKey.irq)),
            reset: try pin(from: object.field(BoardKey.reset)))
    }

    private static func pin(from field: Field) throws(BoardDescriptionError) -> FT232HPin {
        let name = try field.string()
        guard let pin = FT232HPin(rawValue: name) else { throw .unknownPin(field: field.path, name: name) }
        return pin
    }

    private static func calibration(from field: Field) throws(BoardDescriptionError) -> ChipCalibration {
        let object = try field.object(required: [BoardKey.txAntennaDelay, BoardKey.rxAntennaDelay, BoardKey.phaseOffset])
        return ChipCalibration(
            txAntennaDelay: DeviceDuration(ticks: Int64(try object.field(BoardKey.txAntennaDelay).integer())),
            rxAntennaDelay: DeviceDuration(ticks: Int64(try object.field(BoardKey.rxAntennaDelay).integer())),
            phaseOffset: Angle(radians: try object.field(BoardKey.phaseOffset).number()))
    }
}
