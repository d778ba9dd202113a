#if Extract
import Diagnostics
import Foundation
import Platform
import SwiftParser
import SwiftSyntax

/// Finds the localization keys a Swift source uses, with swift-syntax's parser: no regular
/// expressions, so comments, strings that only look like calls, raw strings, multiline strings
/// and escapes are read as the compiler reads them.
///
/// Only a plain string literal is a key. A key built at run time — an interpolated string, a
/// variable, a concatenation — is reported as a warning at its position, never guessed.
/// Built only with the `Extract` trait, which brings in swift-syntax.
package enum SwiftKeyExtractor {
    /// The keys used in the Swift file at `path`.
    ///
    /// - Returns: The usages in source order and the warnings (dynamic keys); an unreadable file
    ///   is one error diagnostic.
    package static func extract(file path: String) -> (usages: [KeyUsage], diagnostics: [Diagnostic], accessorUses: [AccessorUse]) {
        let data: Data
        do throws(UnreadableFile) {
            data = try RegularFile.read(path)
        } catch {
            return ([], [Diagnostic(error)], [])
        }
        return extract(source: [UInt8](data), file: path)
    }

    /// The keys used in `source` (UTF-8 Swift), reported as being in `file`, and its uses of
    /// the generated `L10n` accessors.
    package static func extract(source: [UInt8], file: String) -> (usages: [KeyUsage], diagnostics: [Diagnostic], accessorUses: [AccessorUse]) {
        source.withUnsafeBufferPointer { bytes in
            let tree = Parser.parse(source: bytes)
            let visitor = KeyCallVisitor(file: file, bytes: bytes)
            visitor.walk(tree)
            return (visitor.usages, visitor.diagnostics, visitor.accessorUses)
        }
    }
}
#endif
