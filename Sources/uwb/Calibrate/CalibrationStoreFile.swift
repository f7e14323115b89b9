import UWBCore

/// The calibration store file as `uwb calibrate` reads and updates it.
enum CalibrationStoreFile {
    /// The store at `path`, or a failure saying why it cannot be used.
    static func load(_ path: String) throws(CommandFailure) -> CalibrationStore {
        do {
            return try CalibrationStore.load(from: path)
        } catch {
            throw CommandFailure("\(error); nothing was calibrated")
        }
    }

    /// Replaces the entries of the store at `path` that `entries` has (keeping the others) and
    /// writes it back.
    static func update(_ path: String, with entries: [String: StoredCalibration]) throws(CommandFailure) {
        var store = try load(path)
        store.entries.merge(entries) { _, new in new }
        do {
            try store.save(to: path)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// The store path to use: `path` if given, else the environment's (``CalibrationStore/defaultPath(environment:)``).
    static func path(_ path: String?) throws(CommandFailure) -> String {
        guard let chosen = path ?? CalibrationStore.defaultPath() else {
            throw CommandFailure("no calibration store: neither UWB_CALIBRATION nor HOME is set; give --store FILE")
        }
        return chosen
    }
}
