import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which environments document a command reads, in which configuration, under which app id
/// and with which secret: what ``EnvironmentOptions`` give, as plain values.
///
/// Plain values, apart from ArgumentParser's options: the frequent commands parse their line
/// themselves (``DirectCommands``), and making ArgumentParser's option groups costs a start
/// several of the Swift runtime's scans of every conformance record.
struct EnvironmentSelection: Sendable {
    static let pathVariable = "ENVTOOL_ENVIRONMENTS"
    static let defaultPath = "environments/environments.json"
    /// Where a command looks for the document no option or variable names (``discoveredPath()``),
    /// in the words of `--help`, the man page and errors.
    static let discoveryRule =
        "envtool looks for environments.json, then environments/environments.json, in the current folder and then in each folder above it up to the root of its git repository;"
    static let appIDVariable = "ENVTOOL_APP_ID"
    /// The path that means standard input.
    static let standardInput = "-"

    /// `--environments`.
    var environments: String?
    /// `--configuration`.
    var configuration: String?
    /// `--app-id`.
    var appID: String?
    /// The secret options.
    var secrets = SecretValues()

    /// A bad app id is a usage error (64), found before anything is read: it would name a
    /// directory outside the config directory, or one the file system cannot hold.
    func validate() throws {
        if path == Self.standardInput && secrets.readsStandardInput {
            throw ValidationError(
                "--environments - and --passphrase-stdin both read standard input; pass the passphrase with --passphrase-env VARIABLE instead")
        }
        try Self.validate(appID: appID)
    }

    /// Refuses an app id (`--app-id`, else $ENVTOOL_APP_ID) that is not a safe directory name.
    static func validate(appID: String?) throws {
        if let appID {
            do { try LanguagePreferenceStore.validate(appID: appID) } catch { throw ValidationError("--app-id: \(error.message)") }
        } else if let fromEnvironment = environmentValue(appIDVariable), !fromEnvironment.isEmpty {
            do { try LanguagePreferenceStore.validate(appID: fromEnvironment) } catch { throw ValidationError("\(appIDVariable): \(error.message)") }
        }
    }

    var path: String { Self.path(environments) }

    /// The document's path: `environments` (the option), else $ENVTOOL_ENVIRONMENTS, else the
    /// one ``discoveredPath()`` finds, else the default (whose error then says how to name one).
    static func path(_ environments: String?) -> String {
        environments ?? environmentValue(pathVariable).flatMap { $0.isEmpty ? nil : $0 } ?? discovered ?? defaultPath
    }

    /// ``discoveredPath()``, looked for once a process: `path` is asked for several times a
    /// command (the document, its name, its tables' folder), and the walk is a few `stat` calls each.
    private static let discovered = discoveredPath()

    /// The most folders ``discoveredPath()`` climbs: a bound on the walk, far above any real
    /// project's depth.
    static let discoveryDepthLimit = 64

    /// The environments document nearest the current folder: `environments.json` there, then
    /// `environments/environments.json`, then the same two in each folder above, up to the root
    /// of the git repository the current folder is in (the folder holding `.git`). Outside a
    /// repository only the current folder is looked at, so a document in some unrelated folder
    /// above (a home directory, `/tmp`) is never picked up. The path is relative
    /// (`../environments/environments.json`), as a user would type it; `nil` when none exists.
    static func discoveredPath() -> String? {
        if let here = document(in: "") { return here }
        guard let levels = repositoryRootLevels() else { return nil }
        var prefix = ""
        for _ in 0..<levels {
            prefix += "../"
            if let found = document(in: prefix) { return found }
        }
        return nil
    }

    /// `environments.json`, else `environments/environments.json`, in the folder `prefix`
    /// (`""` or `../…`), when it is there and not a folder.
    private static func document(in prefix: String) -> String? {
        for name in ["environments.json", "environments/environments.json"] where pathKind(prefix + name) == .file {
            return prefix + name
        }
        return nil
    }

    /// How many folders up the repository root is (0: the current folder holds `.git`), or `nil`
    /// outside a repository (none within ``discoveryDepthLimit``, or the file-system root reached).
    private static func repositoryRootLevels() -> Int? {
        var prefix = ""
        for levels in 0..<discoveryDepthLimit {
            if pathKind(prefix + ".git") != nil { return levels }
            let folder = prefix.isEmpty ? "." : prefix
            var here = stat()
            var parent = stat()
            guard stat(folder, &here) == 0, stat(folder + "/..", &parent) == 0 else { return nil }
            // The file-system root is its own parent.
            if here.st_dev == parent.st_dev && here.st_ino == parent.st_ino { return nil }
            prefix += "../"
        }
        return nil
    }

    /// One variable of the process environment: `ProcessInfo.environment` copies every variable
    /// into a dictionary on each call, a cost every start of envtool paid several times.
    static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The document's name in messages: its path, or `<stdin>`.
    var displayPath: String {
        path == Self.standardInput ? "<stdin>" : path
    }

    /// The directory of the document, where its .strings tables are; the current directory for
    /// a document read from standard input, which has none.
    var stringsDirectory: String { Self.stringsDirectory(ofDocumentAt: path) }

    static func stringsDirectory(ofDocumentAt path: String) -> String {
        if path == standardInput { return "." }
        let directory = PathText.deletingLastComponent(path)
        return directory.isEmpty ? "." : directory
    }

    func loadDocument() throws -> EnvironmentsDocument {
        if let streamed = try streamedBytes() {
            return try document(from: streamed)
        }
        // A regular file gets the limit a stream has (a planted 2 GiB .bin took 4.2 GB).
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > InputFile.limit {
            throw InputFile.tooLarge(path)
        }
        do throws(EnvironmentError) {
            return try EnvironmentsDocument(contentsOf: path, identities: secrets.identities(for:))
        } catch {
            guard error.kind == .unreadableFile, environments == nil else { throw error }
            throw EnvironmentError(
                .unreadableFile, file: error.file,
                message: error.message + "; \(Self.discoveryRule) none exists, so pass --environments PATH or set \(Self.pathVariable)")
        }
    }

    /// The bytes of the document when it comes from a stream (standard input, a pipe or FIFO such
    /// as `<(cat environments.json)`, a character device), read to the end with `read(2)`:
    /// Foundation's `Data(contentsOf:)` fails on them. `nil` for regular files, which the library
    /// reads itself, and for paths that do not exist, so its error names them as always.
    private func streamedBytes() throws -> Data? {
        if path == Self.standardInput { return try Self.readToEnd(STDIN_FILENO, name: displayPath) }
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        guard type != S_IFREG && type != S_IFDIR else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw EnvironmentError(.unreadableFile, file: path, message: "cannot read the file: \(String(cString: strerror(errno)).lowercased())")
        }
        defer { close(descriptor) }
        return try Self.readToEnd(descriptor, name: path)
    }

    /// All of standard input, for commands that take `-` as a file.
    static func standardInputBytes() throws -> Data {
        try readToEnd(STDIN_FILENO, name: "<stdin>")
    }

    private static func readToEnd(_ descriptor: Int32, name: String) throws -> Data {
        // One byte past the limit tells a stream that is too long.
        let (data, error) = Platform.readToEnd(descriptor, limit: InputFile.limit + 1)
        if let error {
            throw EnvironmentError(.unreadableFile, file: name, message: "cannot read the file: \(error.reason.lowercased())")
        }
        guard data.count <= InputFile.limit else { throw InputFile.tooLarge(name) }
        return data
    }

    /// The document in `data`: JSON, or an environments.bin decrypted with the secret options.
    private func document(from data: Data) throws(EnvironmentError) -> EnvironmentsDocument {
        guard EnvironmentsBin.isEncrypted(data) else {
            return try EnvironmentsDocument(data: data, source: displayPath)
        }
        let plaintext: SecretBytes
        do throws(CryptoError) {
            // open parses the header once and asks for the secret its key mode needs.
            plaintext = try EnvironmentsBin.open(data, identities: secrets.identities(for:)).plaintext
        } catch {
            throw EnvironmentError(crypto: error, file: displayPath)
        }
        return try EnvironmentsDocument(secretBytes: plaintext, source: displayPath + " (decrypted)")
    }

    /// The environment of the document. Warnings about the language at start (a corrupt
    /// preferences file) are printed when a command first needs the language, so commands that
    /// only read variables never print them.
    func loadEnvironment() throws -> AppEnvironment {
        let document = try loadDocument()
        return try Self.environment(
            of: document, configuration: Self.configuration(configuration, of: document), appID: appID,
            stringsDirectory: stringsDirectory)
    }

    /// The configuration the CLI reads: `explicit` (`--configuration`), else `$ENVTOOL_CONFIGURATION`
    /// (left to the library, `nil` here), else the document's first configuration.
    ///
    /// Not the library's build default (`Debug` in a debug build, `Release` in a release build): an
    /// app reads its own build's configuration, but a command's answer must not depend on how
    /// envtool itself was built, so a debug and an installed envtool read the same values.
    static func configuration(_ explicit: String?, of document: EnvironmentsDocument) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        if let named = environmentValue(BuildConfiguration.environmentVariable), !named.isEmpty { return nil }
        return document.configurationNames.first
    }

    /// The configuration of `document` a command reads (``configuration(_:of:)``), with
    /// `$ENVTOOL_CONFIGURATION` read as the library reads it: every command that reads or
    /// changes variables finds the same one.
    static func currentConfiguration(_ explicit: String?, of document: EnvironmentsDocument) throws(EnvironmentError) -> Configuration {
        try document.currentConfiguration(explicit: configuration(explicit, of: document), environment: AppEnvironment.Options.processVariables())
    }

    /// The current configuration alone, for the commands that only read variables (`get`,
    /// `print`, `run`): the language and translation parts of an environment are not made. An
    /// app id given to the command is still checked, as every command that takes one checks it.
    func loadConfiguration() throws -> Configuration {
        let document = try loadDocument()
        let options = AppEnvironment.Options(configurationName: configuration, appID: appID)
        try LanguagePreferenceStore.validate(appID: options.appID(for: document))
        return try Self.currentConfiguration(configuration, of: document)
    }

    /// The environment of `document` (see ``loadEnvironment()``).
    static func environment(
        of document: EnvironmentsDocument, configuration: String?, appID: String?,
        stringsDirectory: String
    ) throws -> AppEnvironment {
        var options = AppEnvironment.Options(
            configurationName: configuration, appID: appID,
            stringsDirectory: stringsDirectory)
        options.startupWarningHandler = { Console.error($0.formatted(severity: "warning")) }
        return try AppEnvironment(document: document, options: options)
    }
}

/// The options every command that reads an environments document shares (ArgumentParser's
/// front of ``EnvironmentSelection``).
struct EnvironmentOptions: ParsableArguments {
    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "The environments document.",
            discussion:
                "Default: $ENVTOOL_ENVIRONMENTS, else environments.json, else environments/environments.json, in the current folder or the nearest folder above it within its git repository. '-' reads the document (JSON or .bin) from standard input; its .strings tables and locales are then looked for in the current directory.",
            valueName: "path"), completion: .file(extensions: ["json", "bin"]))
    var environments: String?

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "The build configuration (default: $ENVTOOL_CONFIGURATION, else the document's first configuration).",
            valueName: "name"), completion: DocumentCompletions.configurations)
    var configuration: String?

    @Option(
        name: .customLong("app-id"),
        help: ArgumentHelp(
            "Names the saved language choice (default: $ENVTOOL_APP_ID, else the document's app_id, else 'default').",
            valueName: "id"))
    var appID: String?

    @OptionGroup(title: "Secret (for an encrypted environments.bin)")
    var secrets: SecretOptions

    /// What the options say.
    var selection: EnvironmentSelection {
        EnvironmentSelection(environments: environments, configuration: configuration, appID: appID, secrets: secrets.values)
    }

    /// A bad app id is a usage error (64); see ``EnvironmentSelection/validate()``.
    func validate() throws {
        try selection.validate()
    }
}
