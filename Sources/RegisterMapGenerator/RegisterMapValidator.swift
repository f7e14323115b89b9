import UWBCore
/// Checks a decoded document against the rules in `Hardware/dw1000/README.md` and the address
/// limits of its chip's ``ChipLayout``, and turns it into ``RegisterDefinition`` values.
struct RegisterMapValidator {
    /// The chip whose limits apply.
    let layout: ChipLayout
    /// Swift names the generated `extension DW1000Register` already uses.
    private static let reservedRegisterNames: Set<String> = [
        "all", "name", "file", "offset", "length", "access", "section", "resetValue", "description",
    ]
    /// Swift names the generated field namespaces already use.
    private static let reservedFieldNames: Set<String> = ["fields"]

    /// The JSON path of each register's Swift name seen so far.
    private var registerPaths: [String: String] = [:]
    /// The JSON path of each register file ID seen so far.
    private var filePaths: [UInt8: String] = [:]

    /// A validator for a document of the chip `layout` describes.
    init(layout: ChipLayout) {
        self.layout = layout
    }

    /// Validates `document` and returns its registers in file and offset order.
    mutating func validate(_ document: RegisterMapDocument) throws(RegisterMapError) -> [RegisterDefinition] {
        try requireText(document.device, at: "device")
        guard document.device == layout.device else {
            throw .wrongDevice(path: "device", device: document.device, expected: layout.device)
        }
        var registers: [RegisterDefinition] = []
        for (index, file) in document.files.enumerated() {
            let path = "files[\(index)]"
            let id = try fileID(file.id, at: "\(path).id")
            let whole = try register(file, file: id, offset: 0, parent: nil, at: path)
            registers.append(whole)
            registers += try subregisters(of: file, id: id, at: path)
        }
        return registers.sorted { lhs, rhs in
            (lhs.file, lhs.offset, lhs.parent == nil ? 0 : 1) < (rhs.file, rhs.offset, rhs.parent == nil ? 0 : 1)
        }
    }

    private mutating func fileID(_ text: String, at path: String) throws(RegisterMapError) -> UInt8 {
        let value = try hexValue(text, at: path)
        guard value <= layout.maxFileID else {
            throw .fileIDOutOfRange(path: path, id: value, maximum: layout.maxFileID)
        }
        let id = UInt8(value)
        if let first = filePaths[id] {
            throw .duplicateFileID(path: path, id: id, firstPath: first)
        }
        filePaths[id] = path
        return id
    }

    private mutating func subregisters(
        of file: DocumentFile,
        id: UInt8,
        at path: String
    ) throws(RegisterMapError) -> [RegisterDefinition] {
        var result: [RegisterDefinition] = []
        var occupied: [(octets: Range<UInt64>, name: String)] = []
        for (index, sub) in (file.subregisters ?? []).enumerated() {
            let subPath = "\(path).subregisters[\(index)]"
            let offset = try hexValue(sub.offset, at: "\(subPath).offset")
            guard offset <= layout.maxOffset else {
                throw .subIndexOutOfRange(path: "\(subPath).offset", offset: offset, maximum: layout.maxOffset)
            }
            let definition = try register(sub, file: id, offset: UInt16(offset), parent: file.name, at: subPath)
            let octets = offset..<(offset + UInt64(definition.length))
            guard octets.upperBound <= UInt64(file.length) else {
                throw .subregisterBeyondFile(path: subPath, end: octets.upperBound, fileLength: file.length)
            }
            if let clash = occupied.first(where: { $0.octets.overlaps(octets) }) {
                throw .overlappingSubregisters(path: subPath, name: sub.name, other: clash.name)
            }
            occupied.append((octets, sub.name))
            result.append(definition)
        }
        return result
    }

    private mutating func register(
        _ entry: some DocumentEntry,
        file: UInt8,
        offset: UInt16,
        parent: String?,
        at path: String
    ) throws(RegisterMapError) -> RegisterDefinition {
        try registerName(entry.name, at: "\(path).name")
        guard entry.length >= 1, UInt64(offset) + UInt64(entry.length) - 1 <= layout.maxLastOctet else {
            throw .invalidLength(path: "\(path).length", length: entry.length, lastOctet: layout.maxLastOctet)
        }
        let access = try accessCode(entry.access, allowed: RegisterAccess.allCases.compactMap { FieldAccess(rawValue: $0.rawValue) }, at: "\(path).access")
        try requireText(entry.section, at: "\(path).section")
        try requireText(entry.description, at: "\(path).description")
        return RegisterDefinition(
            name: entry.name,
            file: file,
            offset: offset,
            parent: parent,
            length: entry.length,
            access: access,
            section: entry.section,
            description: entry.description,
            resetValue: try resetValue(entry.reset, octets: entry.length, at: "\(path).reset"),
            fields: try fields(entry.fields ?? [], octets: entry.length, access: access, at: "\(path).fields")
        )
    }

    private mutating func registerName(_ name: String, at path: String) throws(RegisterMapError) {
        let swiftName = try swiftName(name, reserved: Self.reservedRegisterNames, at: path)
        if let first = registerPaths[swiftName] {
            throw .duplicateName(path: path, name: name, firstPath: first)
        }
        registerPaths[swiftName] = path
    }

    private func fields(
        _ entries: [DocumentField],
        octets: Int,
        access: FieldAccess,
        at path: String
    ) throws(RegisterMapError) -> [FieldDefinition] {
        var result: [FieldDefinition] = []
        var namePaths: [String: String] = [:]
        for (index, entry) in entries.enumerated() {
            let fieldPath = "\(path)[\(index)]"
            let swiftName = try swiftName(entry.name, reserved: Self.reservedFieldNames, at: "\(fieldPath).name")
            if let first = namePaths[swiftName] {
                throw .duplicateName(path: "\(fieldPath).name", name: entry.name, firstPath: first)
            }
            namePaths[swiftName] = "\(fieldPath).name"
            let field = try field(entry, octets: octets, access: access, at: fieldPath)
            if let clash = result.first(where: { ($0.lowBit...$0.highBit).overlaps(field.lowBit...field.highBit) }) {
                throw .overlappingFields(path: "\(fieldPath).bits", field: field.name, other: clash.name)
            }
            result.append(field)
        }
        return result.sorted { $0.lowBit < $1.lowBit }
    }

    private func field(
        _ entry: DocumentField,
        octets: Int,
        access: FieldAccess,
        at path: String
    ) throws(RegisterMapError) -> FieldDefinition {
        guard entry.bits.count == 2, entry.bits[0] >= 0, entry.bits[0] <= entry.bits[1] else {
            throw .invalidBitRange(path: "\(path).bits", bits: entry.bits)
        }
        let (low, high) = (entry.bits[0], entry.bits[1])
        guard high < octets * 8 else {
            throw .fieldBeyondRegister(path: "\(path).bits", bit: high, octets: octets)
        }
        guard high < 64 else {
            throw .fieldBeyondWord(path: "\(path).bits", bit: high)
        }
        try requireText(entry.description, at: "\(path).description")
        var fieldAccess = access
        if let code = entry.access {
            fieldAccess = try accessCode(code, allowed: FieldAccess.allCases, at: "\(path).access")
        }
        var clearedBy: ClearEvent?
        if let text = entry.clearedBy {
            clearedBy = try clearEvent(text, at: "\(path).clearedBy")
        }
        return FieldDefinition(
            name: entry.name,
            lowBit: low,
            highBit: high,
            access: fieldAccess,
            description: entry.description,
            clearedBy: clearedBy
        )
    }

    private func swiftName(_ name: String, reserved: Set<String>, at path: String) throws(RegisterMapError) -> String {
        guard SwiftName.isValidMnemonic(name) else {
            throw .invalidName(path: path, name: name)
        }
        let swiftName = SwiftName.bare(SwiftName.lowerCamel(name))
        guard !reserved.contains(swiftName) else {
            throw .reservedName(path: path, name: name)
        }
        return swiftName
    }

    private func resetValue(_ text: String?, octets: Int, at path: String) throws(RegisterMapError) -> UInt64? {
        guard let text else {
            return nil
        }
        let value = try hexValue(text, at: path)
        guard octets <= 8, octets == 8 || value >> UInt64(octets * 8) == 0 else {
            throw .resetTooWide(path: path, octets: octets)
        }
        return value
    }

    private func accessCode(_ text: String, allowed: [FieldAccess], at path: String) throws(RegisterMapError) -> FieldAccess {
        guard let code = FieldAccess(rawValue: text), allowed.contains(code) else {
            throw .invalidValue(path: path, value: text, allowed: allowed.map(\.rawValue))
        }
        return code
    }

    private func clearEvent(_ text: String, at path: String) throws(RegisterMapError) -> ClearEvent {
        guard let event = ClearEvent(rawValue: text) else {
            throw .invalidValue(path: path, value: text, allowed: ClearEvent.allCases.map(\.rawValue))
        }
        return event
    }

    private func hexValue(_ text: String, at path: String) throws(RegisterMapError) -> UInt64 {
        guard let value = parseHex(text) else {
            throw .invalidHex(path: path, text: text)
        }
        return value
    }

    private func requireText(_ text: String, at path: String) throws(RegisterMapError) {
        guard !text.allSatisfy(\.isWhitespace) else {
            throw .emptyText(path: path)
        }
    }
}
