import EnvironmentCrypto

/// The AWS shared configuration and credentials files (`~/.aws/config`, `~/.aws/credentials`):
/// INI sections of `key = value` lines, parsed on bytes.
///
/// As the AWS CLI reads them: `#` and `;` start comment lines, and an inline comment when
/// white space comes before them; section names are trimmed (`[ profile dev ]`); an indented
/// line after `key =` is a sub-property (`kms =` then `  endpoint_url = …`, kept as
/// `kms.endpoint_url`). The value of `aws_secret_access_key` goes straight into ``SecretBytes``
/// and is never a `String`.
package struct SharedConfigFile: Sendable {
    /// One `[name]` section. In the config file a profile's section is `[profile name]` (the
    /// default one `[default]`); in the credentials file it is `[name]`.
    package struct Section: Sendable {
        package let name: String
        /// Values by key (sub-properties as `parent.key`); the last one wins.
        package fileprivate(set) var values: [String: String] = [:]
        /// Secret values (`aws_secret_access_key`) by key.
        package fileprivate(set) var secrets: [String: SecretBytes] = [:]
    }

    /// Why a file is not a shared config file, at which line; never quotes the line (it may hold
    /// a secret).
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let line: Int
        package let reason: String
        package var description: String { "line \(line): \(reason)" }
    }

    /// Keys whose values are secrets.
    package static let secretKeys: Set<String> = ["aws_secret_access_key"]

    /// Sections in file order; a name repeated later adds to (and overrides) the first.
    package private(set) var sections: [Section] = []

    /// The section named `name`, exactly.
    package func section(_ name: String) -> Section? {
        sections.first { $0.name == name }
    }

    /// Parses `bytes`. The caller zeroes its buffer afterwards: the file holds secrets.
    ///
    /// - Throws: ``Failure`` for a line that is not a section, a `key = value`, a sub-property,
    ///   a comment or blank, and for a `key = value` before any section.
    package init(parsing bytes: UnsafeRawBufferPointer) throws(Failure) {
        var index: [String: Int] = [:]
        var current: Int?
        var parent: String?
        var lineNumber = 0
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let line = UnsafeRawBufferPointer(rebasing: bytes[start..<lineEnd])
            start = end + 1

            let indented = line.first.map { $0 == 0x20 || $0 == 0x09 } ?? false
            let (first, last) = Self.trimmed(line, 0, line.count)
            if first == last || line[first] == UInt8(ascii: "#") || line[first] == UInt8(ascii: ";") { continue }
            if line[first] == UInt8(ascii: "[") {
                guard line[last - 1] == UInt8(ascii: "]"), last - first >= 2 else {
                    throw Failure(line: lineNumber, reason: "a section header must end with ']'")
                }
                let (nameStart, nameEnd) = Self.trimmed(line, first + 1, last - 1)
                guard nameStart < nameEnd else { throw Failure(line: lineNumber, reason: "a section header must name its section") }
                let name = Self.text(line, nameStart, nameEnd)
                if let existing = index[name] {
                    current = existing
                } else {
                    index[name] = sections.count
                    current = sections.count
                    sections.append(Section(name: name))
                }
                parent = nil
                continue
            }
            guard let equals = line[first..<last].firstIndex(of: UInt8(ascii: "=")) else {
                throw Failure(line: lineNumber, reason: "expected 'key = value', '[section]' or a comment")
            }
            guard let section = current else {
                throw Failure(line: lineNumber, reason: "a 'key = value' line must come after a '[section]' header")
            }
            let (keyStart, keyEnd) = Self.trimmed(line, first, equals)
            guard keyStart < keyEnd else { throw Failure(line: lineNumber, reason: "the line has no key before '='") }
            var (valueStart, valueEnd) = Self.trimmed(line, equals + 1, last)
            // An inline comment: '#' or ';' after white space.
            var scan = valueStart
            while scan < valueEnd {
                if line[scan] == UInt8(ascii: "#") || line[scan] == UInt8(ascii: ";"), scan > valueStart,
                    line[scan - 1] == 0x20 || line[scan - 1] == 0x09
                {
                    valueEnd = Self.trimmed(line, valueStart, scan).1
                    break
                }
                scan += 1
            }
            let key = Self.text(line, keyStart, keyEnd).lowercased()
            if indented, let parent {
                sections[section].values[parent + "." + key] = Self.text(line, valueStart, valueEnd)
                continue
            }
            parent = valueStart == valueEnd ? key : nil
            if Self.secretKeys.contains(key) {
                let value = UnsafeRawBufferPointer(rebasing: line[valueStart..<valueEnd])
                sections[section].secrets[key] = SecretBytes(count: value.count) { $0.copyMemory(from: value) }
            } else {
                sections[section].values[key] = Self.text(line, valueStart, valueEnd)
            }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func trimmed(_ line: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> (Int, Int) {
        var first = start
        var last = end
        while first < last, isSpace(line[first]) { first += 1 }
        while last > first, isSpace(line[last - 1]) { last -= 1 }
        return (first, last)
    }

    private static func text(_ line: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
    }
}
