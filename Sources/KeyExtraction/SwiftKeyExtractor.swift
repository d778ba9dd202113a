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
    /// What one Swift file uses.
    package typealias Extraction = (usages: [KeyUsage], diagnostics: [Diagnostic], invalid: [Diagnostic], accessorUses: [AccessorUse])

    /// The keys used in the Swift file at `path`.
    ///
    /// - Returns: The usages in source order, the warnings (dynamic keys), and the calls refused
    ///   because their table or namespace cannot name a file (`invalid`); an unreadable file is
    ///   one error diagnostic.
    package static func extract(file path: String) -> Extraction {
        let data: Data
        do throws(UnreadableFile) {
            data = try RegularFile.read(path)
        } catch {
            return Extraction(usages: [], diagnostics: [Diagnostic(error)], invalid: [], accessorUses: [])
        }
        return extract(source: [UInt8](data), file: path)
    }

    /// The keys used in `source` (UTF-8 Swift), reported as being in `file`, and its uses of
    /// the generated `L10n` accessors.
    package static func extract(source: [UInt8], file: String) -> Extraction {
        source.withUnsafeBufferPointer { bytes in
            let tree = Parser.parse(source: bytes)
            let visitor = KeyCallVisitor(file: file, bytes: bytes)
            visitor.walk(tree)
            return Extraction(usages: visitor.usages, diagnostics: visitor.diagnostics, invalid: visitor.invalid, accessorUses: visitor.accessorUses)
        }
    }
}
#endif
