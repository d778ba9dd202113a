/// Checks the names given for the generated types.
package enum SwiftTypeName {
    /// Whether `name` can name a generated type as it is: ASCII letters, digits and `_`, not
    /// starting with a digit, and not a keyword or a type the generated code refers to.
    package static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        guard name.unicodeScalars.allSatisfy({ $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }) else { return false }
        return name != "_" && !SwiftIdentifier.keywords.contains(name) && !SwiftIdentifier.memberReserved.contains(name)
            && !SwiftIdentifier.shadowedTypes.contains(name) && name != L10nNamespace.runtimeName
    }
}
