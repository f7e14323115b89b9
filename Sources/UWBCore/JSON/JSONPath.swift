/// Builds the field paths that JSON errors name, for example `chips[1].antenna.position`.
///
/// The top level is the empty path; members are joined with `.` and array elements get `[index]`.
public enum JSONPath {
    /// `key` inside the object at `parent`, for example `usb.vendorId`; just `key` when `parent`
    /// is the top level.
    public static func member(_ key: String, of parent: String) -> String {
        parent.isEmpty ? key : "\(parent).\(key)"
    }

    /// Element `index` of the array at `parent`, for example `chips[1]`.
    public static func element(_ index: Int, of parent: String) -> String {
        "\(parent)[\(index)]"
    }
}
