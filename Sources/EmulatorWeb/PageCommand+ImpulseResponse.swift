import UWBCore

extension PageCommand.Action {
    /// Whether the action only reads the room: an observer's page may ask for it too.
    var isReadOnly: Bool {
        if case .impulseResponse = self { true } else { false }
    }
}

extension PageCommand {
    /// The `cir` command's action from its fields: a device's and a chip's index, whole numbers from 0.
    static func impulseResponse(from object: JSONObject<PageCommandError>) throws(PageCommandError) -> Action {
        .impulseResponse(device: try index(object.field("device")), chip: try index(object.field("chip")))
    }

    /// `field` as an index: a whole number, 0 or more.
    private static func index(_ field: JSONField<PageCommandError>) throws(PageCommandError) -> Int {
        let value = try field.integer()
        guard value >= 0 else {
            throw PageCommandError(description: "\(field.path): \(value) is negative; devices and chips are numbered from 0")
        }
        return value
    }
}
