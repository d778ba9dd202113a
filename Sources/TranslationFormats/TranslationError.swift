import AppleLocalization
import Diagnostics
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every format's error says: where and what is wrong (``Diagnostics/LocatedError``), and
/// which kind of failure it is, so that a caller chooses an exit code without reading the message.
public protocol TranslationFailure: LocatedError {
    /// What kind of failure it is.
    var kind: TranslationError.Kind { get }
    /// The error `diagnostic` says, of `kind`.
    init(_ diagnostic: Diagnostic, kind: TranslationError.Kind)
}

/// The error of one format of the model: ``GettextError``, ``AndroidResourceError``,
/// ``XLIFFError`` and ``I18NextResourceError`` are its instances, so that a caller can tell a
/// malformed `.po` from a malformed `strings.xml` by type. The Apple formats throw
/// ``AppleLocalization/AppleLocalizationError``, their parsers' own.
public struct TranslationFileError<Format: TranslationFileFormat>: TranslationFailure {
    public let diagnostic: Diagnostic
    public let kind: TranslationError.Kind

    /// The error `diagnostic` says (made an error), of `kind`.
    public init(_ diagnostic: Diagnostic, kind: TranslationError.Kind = .invalidInput) {
        self.diagnostic = diagnostic.with(severity: .error)
        self.kind = kind
    }
}

/// A `.po` or `.pot` file that cannot be read, or a table gettext cannot hold.
public typealias GettextError = TranslationFileError<GettextFormat>
/// An Android `strings.xml` that cannot be read.
public typealias AndroidResourceError = TranslationFileError<AndroidFormat>
/// An XLIFF 1.2 file that cannot be read.
public typealias XLIFFError = TranslationFileError<XLIFFFormat>
/// An i18next resource file that cannot be read.
public typealias I18NextResourceError = TranslationFileError<I18NextJSONFormat>

extension AppleLocalizationError: TranslationFailure {}

/// A failure of the model's work on files: a format's own error (``underlying``), or what the
/// converter, the coverage and the source-language rule cannot do as asked.
public struct TranslationError: TranslationFailure {
    /// The kinds of failure, the same for every format (Apple's tables have them first).
    public typealias Kind = AppleLocalizationError.Kind

    public let diagnostic: Diagnostic
    public let kind: Kind
    /// The error a format threw, when a file is the cause: match it by type
    /// (`error.underlying is GettextError`) to tell the formats apart.
    public let underlying: (any TranslationFailure)?

    /// The error `diagnostic` says (made an error), of `kind`, of no format.
    public init(_ diagnostic: Diagnostic, kind: Kind = .invalidInput) {
        self.diagnostic = diagnostic.with(severity: .error)
        self.kind = kind
        self.underlying = nil
    }

    /// `failure`, a format's error, as the model's.
    public init(_ failure: some TranslationFailure) {
        if let failure = failure as? TranslationError {
            self = failure
            return
        }
        self.diagnostic = failure.diagnostic
        self.kind = failure.kind
        self.underlying = failure
    }
}

extension TranslationFailure {
    /// The error for a file ``Platform/RegularFile`` could not read, located at 1:1.
    init(_ failure: UnreadableFile) {
        self.init(Diagnostic(failure), kind: .unreadable)
    }

    /// The bytes of the regular file at `path`, or this error saying why they cannot be read;
    /// only a regular file is read (``Platform/RegularFile``), so a FIFO among the files of
    /// `--from` is an error, not a wait.
    package static func contents(of path: String) throws(Self) -> Data {
        try RegularFile.read(path, failing: Self.init)
    }
}

extension TranslationFileFormat {
    /// ``read(_:issues:)``, its error as the model's: for a caller that holds the format as
    /// `any TranslationFileFormat`.
    package func readTables(_ file: TranslationSourceFile, issues: inout [ConversionIssue]) throws(TranslationError) -> [TranslationTable] {
        do {
            return try read(file, issues: &issues)
        } catch {
            throw TranslationError(error)
        }
    }

    /// ``write(_:to:singleFile:issues:)``, its error as the model's.
    package func writeTable(
        _ table: TranslationTable, to destination: String, singleFile: Bool, issues: inout [ConversionIssue]
    ) throws(TranslationError) -> [TranslationConverter.Output] {
        do {
            return try write(table, to: destination, singleFile: singleFile, issues: &issues)
        } catch {
            throw TranslationError(error)
        }
    }

    /// The bytes of `file`, or this format's error saying why they cannot be read
    /// (``TranslationFailure/contents(of:)``).
    package func contents(of file: TranslationSourceFile) throws(Failure) -> Data {
        try Failure.contents(of: file.path)
    }

    /// The language of `file`, or this format's usage error saying to pass `--language`.
    package func requiredLanguage(of file: TranslationSourceFile) throws(Failure) -> String {
        guard let language = file.language else {
            throw Failure(Diagnostic(file: file.path, message: "the language of this file is not known from its path; pass --language"), kind: .usage)
        }
        return language
    }
}
