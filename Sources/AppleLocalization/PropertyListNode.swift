/// A value of an XML property list, with the byte offset where its element starts.
///
/// Only what `.stringsdict` files use is modelled; dictionaries keep their keys in file order,
/// each with the offset of its `<key>` element, so diagnostics can point at a key.
struct PropertyListNode: Sendable {
    /// One member of a `<dict>`.
    struct Member: Sendable {
        let key: String
        let keyOffset: Int
        let value: PropertyListNode
    }

    enum Value: Sendable {
        case dictionary([Member])
        case array([PropertyListNode])
        case string(String)
        case integer(Int)
        case real(Double)
        case bool(Bool)
    }

    /// The byte offset of the element's `<`.
    let offset: Int
    let value: Value

    /// The element name, for messages ("expected a <dict>, found a <string>").
    var elementName: String {
        switch value {
        case .dictionary: "<dict>"
        case .array: "<array>"
        case .string: "<string>"
        case .integer: "<integer>"
        case .real: "<real>"
        case .bool(let flag): flag ? "<true/>" : "<false/>"
        }
    }
}
