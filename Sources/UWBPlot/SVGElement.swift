/// One element of an SVG document with its attributes (in the order given), children and text,
/// written as XML with every name and value escaped.
public struct SVGElement: Hashable, Sendable {
    /// The element name, for example `circle`.
    public var name: String
    /// The attributes in order, as name and unescaped value.
    public var attributes: [SVGAttribute]
    /// The child elements.
    public var children: [SVGElement]
    /// Character data before the children (unescaped), for `text` and `title` elements.
    public var text: String

    /// An element named `name`.
    public init(_ name: String, _ attributes: [SVGAttribute] = [], text: String = "", children: [SVGElement] = []) {
        self.name = name
        self.attributes = attributes
        self.text = text
        self.children = children
    }

    /// The element as XML, children indented by two spaces per level.
    public func xml(indent: Int = 0) -> String {
        let padding = String(repeating: " ", count: indent)
        let attributeText = attributes.map { " \($0.name)=\"\(SVGEscaping.escape($0.value))\"" }.joined()
        if children.isEmpty && text.isEmpty {
            return "\(padding)<\(name)\(attributeText)/>\n"
        }
        if children.isEmpty {
            return "\(padding)<\(name)\(attributeText)>\(SVGEscaping.escape(text))</\(name)>\n"
        }
        var xml = "\(padding)<\(name)\(attributeText)>\(SVGEscaping.escape(text))\n"
        for child in children {
            xml += child.xml(indent: indent + 2)
        }
        return xml + "\(padding)</\(name)>\n"
    }

    /// A whole SVG document with this element as its root: the XML declaration, then the element.
    public var document: String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + xml()
    }
}
