/// One attribute of an ``SVGElement``.
public struct SVGAttribute: Hashable, Sendable {
    /// The attribute name, for example `cx`.
    public var name: String
    /// The value, unescaped.
    public var value: String

    /// An attribute with a text value.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// An attribute with a coordinate or length, written with at most two decimals.
    public init(_ name: String, _ number: Double) {
        self.init(name, SVGNumber.text(number))
    }
}
