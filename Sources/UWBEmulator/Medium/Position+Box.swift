import UWBCore

extension Position {
    /// Whether the position lies in the axis-aligned box from `minimum` to `maximum`, its faces included.
    func lies(between minimum: Position, and maximum: Position) -> Bool {
        let point = metres
        return point.x >= minimum.metres.x && point.x <= maximum.metres.x && point.y >= minimum.metres.y
            && point.y <= maximum.metres.y && point.z >= minimum.metres.z && point.z <= maximum.metres.z
    }
}
