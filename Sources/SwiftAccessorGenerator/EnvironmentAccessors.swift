import Diagnostics

/// Emits the environment type: one stored property per variable, filled and checked once by a
/// throwing initializer from a `Configuration`.
///
/// A variable missing from the document is a compile error in the app (the property is absent).
/// A document read at run time that differs from the one generated from (a `.bin` made from
/// another version) cannot crash the app: the initializer throws `EnvironmentError` naming the
/// variable, the configuration and the fix, before any property is read.
struct EnvironmentAccessors {
    let typeName: String
    let access: AccessLevel
    let source: String
    let members: [VariableType.Member]
    /// The document's path and bytes, to locate a collision.
    let file: String
    let bytes: [UInt8]
    private(set) var diagnostics: [Diagnostic] = []

    init(typeName: String, access: AccessLevel, source: String, members: [VariableType.Member], file: String, bytes: [UInt8]) {
        self.typeName = typeName
        self.access = access
        self.source = source
        self.members = members
        self.file = file
        self.bytes = bytes
    }

    mutating func write(to writer: inout SwiftSourceWriter) {
        let modifier = access.modifier
        writer.documentation([
            "The variables of `\(source)`, typed: one property per variable, its type inferred across every configuration.",
            "",
            "Made by `try \(typeName)(environment)` (or from a `Configuration`), which reads and checks every variable",
            "once; the properties then never fail.",
        ])
        writeType(typeName, members: members, isRoot: true, to: &writer, modifier: modifier)
    }

    private mutating func writeType(
        _ name: String, members: [VariableType.Member], isRoot: Bool,
        to writer: inout SwiftSourceWriter, modifier: SwiftCode
    ) {
        let names = uniqueNames(for: members)
        writer.block("\(modifier)struct \(name: name): Sendable") { writer in
            for (member, names) in zip(members, names) {
                writer.documentation(["`\(member.path)`" + note(for: member)])
                writer.line("\(modifier)let \(name: names.property): \(swiftType(member, typeName: names.type))")
            }
            if !members.isEmpty { writer.line() }
            writer.documentation([
                "Reads every variable from `configuration`.",
                "",
                "- Throws: `EnvironmentError` when the configuration lacks a variable or holds another type than the",
                "  document this type was generated from (regenerate it, or fix the document it was read from).",
            ])
            writer.block("\(isRoot ? modifier : SwiftCode())init(_ configuration: EnvironmentKit.Configuration) throws(EnvironmentKit.EnvironmentError)") {
                writer in
                for (member, names) in zip(members, names) {
                    let read = readExpression(member.type, path: member.path, typeName: names.type)
                    if member.isOptional {
                        writer.block("switch configuration[\(literal: member.path)]") { writer in
                            writer.line("case nil, .null?: self.\(name: names.property) = nil")
                            writer.line("default: self.\(name: names.property) = \(read)")
                        }
                    } else {
                        writer.line("self.\(name: names.property) = \(read)")
                    }
                }
            }
            if isRoot {
                writer.line()
                writer.documentation([
                    "Reads every variable of the environment's current configuration.",
                    "",
                    "- Throws: `EnvironmentError`, as the initializer from a `Configuration`.",
                ])
                writer.block("\(modifier)init(_ environment: EnvironmentKit.AppEnvironment) throws(EnvironmentKit.EnvironmentError)") { writer in
                    writer.line("try self.init(environment.current)")
                }
            }
            for (member, names) in zip(members, names) {
                if case .object(let children) = member.type {
                    writer.line()
                    writer.documentation(["The members of `\(member.path)`."])
                    writeType(names.type, members: children, isRoot: false, to: &writer, modifier: modifier)
                }
            }
            if isRoot { writeSupport(to: &writer) }
        }
    }

    /// Property and nested-type names for the members of one type; two keys that escape to the
    /// same name are an error that names both (the first keeps the name).
    private mutating func uniqueNames(for members: [VariableType.Member]) -> [(property: String, type: String)] {
        var properties: [String: String] = [:]
        for member in members {
            let property = propertyName(member.key)
            if let other = properties[property] {
                diagnostics.append(
                    TypeInference.diagnostic(
                        .error, file: file, bytes: bytes, at: member.keys, in: member.configurations.first ?? "",
                        "the variables \(Diagnostic.quoted(other)) and \(Diagnostic.quoted(member.key)) both become the Swift name \(property); rename one of them"
                    ))
            } else {
                properties[property] = member.key
            }
        }
        // Nested types must differ from each other, from the properties (`let Api: Api` would be
        // ambiguous) and from the enclosing type.
        var taken = Set(properties.keys).union([typeName])
        return members.map { member in
            let property = propertyName(member.key)
            guard case .object = member.type else { return (property, "") }
            var type = SwiftIdentifier.typeName(member.key)
            while taken.contains(type) { type += "_" }
            taken.insert(type)
            return (property, type)
        }
    }

    /// The member name of `key`, with a trailing `_` when it is spelled as the generated type,
    /// which the nested types refer to by name.
    private func propertyName(_ key: String) -> String {
        let name = SwiftIdentifier.member(key)
        return name == typeName ? name + "_" : name
    }

    private func note(for member: VariableType.Member) -> String {
        member.isOptional ? "; `nil` where it is missing or null (it has a value in \(TypeInference.list(member.configurations)))." : "."
    }

    private func swiftType(_ member: VariableType.Member, typeName: String) -> SwiftCode {
        let type = swiftType(member.type, typeName: typeName)
        return member.isOptional ? "\(type)?" : type
    }

    private func swiftType(_ type: VariableType, typeName: String) -> SwiftCode {
        switch type {
        case .bool: return "Swift.Bool"
        case .int: return "Swift.Int"
        case .double: return "Swift.Double"
        case .string: return "Swift.String"
        case .url: return "Foundation.URL"
        case .json: return "EnvironmentKit.JSONValue"
        case .array(let element): return "[\(swiftType(element, typeName: typeName))]"
        case .object: return "\(name: typeName)"
        }
    }

    private func readExpression(_ type: VariableType, path: String, typeName: String) -> SwiftCode {
        let literal: SwiftCode = "\(literal: path)"
        switch type {
        case .bool: return "try configuration.bool(\(literal))"
        case .int: return "try configuration.int(\(literal))"
        case .double: return "try configuration.double(\(literal))"
        case .string: return "try configuration.string(\(literal))"
        case .url: return "try configuration.url(\(literal))"
        case .json: return "try configuration.value(\(literal))"
        case .object: return "try \(name: typeName)(configuration)"
        case .array(let element):
            let convert: SwiftCode
            switch element {
            case .bool: convert = "{ if case .bool(let value) = $0 { value } else { nil } }"
            case .string: convert = "{ if case .string(let value) = $0 { value } else { nil } }"
            // Members of Environments, which EnvironmentKit re-exports: generated code sees them
            // under MemberImportVisibility without importing JSONParsing.
            case .int: convert = "{ $0.configurationInteger }"
            case .double: convert = "{ $0.configurationDouble }"
            default: convert = "{ $0 }"
            }
            return "try \(name: self.typeName).array(configuration, \(literal), \(swiftType(element, typeName: typeName)).self, \(convert))"
        }
    }

    private func writeSupport(to writer: inout SwiftSourceWriter) {
        writer.line()
        writer.documentation(["The array at `path` with each element converted, or an error naming the element that is not an `expected`."])
        writer.block(
            "fileprivate static func array<Element>(_ configuration: EnvironmentKit.Configuration, _ path: Swift.String, _ expected: Element.Type, _ convert: (EnvironmentKit.JSONValue) -> Element?) throws(EnvironmentKit.EnvironmentError) -> [Element]"
        ) { writer in
            writer.line("let value = try configuration.value(path)")
            writer.block("guard case .array(let elements) = value else") { writer in
                writer.line(
                    "throw EnvironmentKit.EnvironmentError(.typeMismatch, file: configuration.source, jsonPath: \"configurations.\\(configuration.name).\\(path)\", message: \"the variable \\\"\\(path)\\\" is \\(value.typeName), not an array as in the document \\(Self.self) was generated from\")"
                )
            }
            writer.line("var result: [Element] = []")
            writer.line("result.reserveCapacity(elements.count)")
            writer.block("for (index, element) in elements.enumerated()") { writer in
                writer.block("guard let converted = convert(element) else") { writer in
                    writer.line(
                        "throw EnvironmentKit.EnvironmentError(.typeMismatch, file: configuration.source, jsonPath: \"configurations.\\(configuration.name).\\(path)[\\(index)]\", message: \"the element is \\(element.typeName), not the \\(Element.self) of the document \\(Self.self) was generated from\")"
                    )
                }
                writer.line("result.append(converted)")
            }
            writer.line("return result")
        }
    }
}
